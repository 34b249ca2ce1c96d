/**
 * `npm run fuzz`: thousands of random and mutated replies against real files. Each case runs in a
 * worker (so a hang is caught and the case saved) and every 20th also through the real CLI with
 * --write on a sandbox copy, whose bytes are compared before and after. Exits 1 on any violation:
 * an exception, a case over 1 s, a byte changed by a reply the CLI did not accept, anything
 * proposed or written outside the root, a wrong result for an unmutated reply.
 *
 *   npm run fuzz -- [--seed N] [--cases N] [--cli-every N] [--case I] [--replay FILE]
 *
 * Failing cases are saved to bench/results/fuzz-failures/ as JSON; `--replay FILE` runs one again
 * and prints everything about it.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { repoRoot } from './common';
import { fuzzRoot, makeCase, outsideDir, sandboxBase, type FuzzCase } from './fuzzCases';
import { buildDiskTraits, checkDiskCase, diskCliArgs } from './fuzzDisk';
import type { WorkerRequest, WorkerResult } from './fuzzWorker';

interface Options {
  seed: number;
  cases: number;
  cliEvery: number;
  only?: number;
  replay?: string;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { seed: 1, cases: 10_000, cliEvery: 20 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--seed') options.seed = Number(value());
    else if (arg === '--cases') options.cases = Number(value());
    else if (arg === '--cli-every') options.cliEvery = Number(value());
    else if (arg === '--case') options.only = Number(value());
    else if (arg === '--replay') options.replay = value();
    else throw new Error(`unknown option ${arg}`);
  }
  return options;
}

/** Wall-clock limit for one case's engine run (parse + plan); the stream parse has its own. */
const limitMs = 1000;
/** A case that has not answered after this long is a hang. */
const hangMs = 30_000;
const failuresDir = path.join(repoRoot, 'bench', 'results', 'fuzz-failures');
const cliPath = path.join(__dirname, 'cli.js');

const options = parseOptions(process.argv.slice(2));

/**
 * The streaming parser promises about 2× one parse; a stream over 1 s and over 3× the one-shot
 * parse of the same text breaks that promise (under 1 s it is noise on a busy machine).
 */
function slowStream(result: WorkerResult): boolean {
  return result.streamMs > limitMs && result.streamMs > 3 * result.parseMs;
}
const say = (line = '') => process.stdout.write(line + '\n');

/** Runs cases in one worker, restarting it after a hang. */
class Engine {
  private worker: Worker | undefined;

  private start(): Worker {
    if (!this.worker) this.worker = new Worker(path.join(__dirname, 'fuzzWorker.js'), { execArgv: ['--enable-source-maps'] });
    return this.worker;
  }

  run(request: WorkerRequest): Promise<WorkerResult | 'hang'> {
    const worker = this.start();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        cleanup();
        void worker.terminate();
        this.worker = undefined;
        resolve('hang');
      }, hangMs);
      const onMessage = (result: WorkerResult) => {
        cleanup();
        resolve(result);
      };
      const onError = (error: Error) => {
        cleanup();
        this.worker = undefined;
        resolve({ index: -1, ms: 0, parseMs: 0, streamMs: 0, errorCodes: [], changes: [], violations: [`crash: the worker died: ${error.stack ?? error.message}`] });
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
  }
}

type Snapshot = Map<string, string>;

/** Every file (as bytes, base64), symlink and folder under `dir`. */
function snapshot(dir: string): Snapshot {
  const out: Snapshot = new Map();
  const visit = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      const rel = path.relative(dir, full);
      if (entry.isSymbolicLink()) out.set(rel, `link:${fs.readlinkSync(full)}`);
      else if (entry.isDirectory()) {
        out.set(rel + '/', 'dir');
        visit(full);
      } else if (!entry.isFile()) out.set(rel, 'special'); // a FIFO would block a read
      else out.set(rel, `file:${fs.readFileSync(full).toString('base64')}`);
    }
  };
  if (fs.existsSync(dir)) visit(dir);
  return out;
}

function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [p, v] of before) if (after.get(p) !== v) out.push(after.has(p) ? `changed ${p}` : `removed ${p}`);
  for (const p of after.keys()) if (!before.has(p)) out.push(`added ${p}`);
  return out;
}

/** Builds the sandbox: the workspace at fuzzRoot, a sentinel folder outside it, the symlink if asked. */
function buildSandbox(fuzzCase: FuzzCase): void {
  fs.rmSync(sandboxBase, { recursive: true, force: true });
  fs.mkdirSync(fuzzCase.root, { recursive: true });
  fs.mkdirSync(outsideDir, { recursive: true });
  fs.writeFileSync(path.join(outsideDir, 'sentinel.txt'), 'outside the root: never written\n');
  fs.writeFileSync(path.join(outsideDir, 'passwd'), 'root:x:0:0::/root:/bin/sh\n');
  for (const [rel, text] of Object.entries(fuzzCase.files)) {
    const full = path.join(fuzzCase.root, rel);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text, 'utf8');
  }
  if (fuzzCase.symlink) fs.symlinkSync(outsideDir, path.join(fuzzCase.root, 'link'));
  buildDiskTraits(fuzzCase);
}

/**
 * Runs the real CLI with --write on a sandbox copy and checks the bytes: untouched unless it exits
 * 0; on 0, exactly the in-process plan's new texts; never anything outside the root.
 */
function checkCli(fuzzCase: FuzzCase, inProcess: WorkerResult): string[] {
  const violations: string[] = [];
  if (fuzzCase.root !== fuzzRoot) return [`cli: the case's root ${fuzzCase.root} is not this machine's sandbox; skipped`];
  buildSandbox(fuzzCase);
  const replyFile = path.join(path.dirname(sandboxBase), `apply-ai-edit-fuzz-reply-${process.pid}.txt`);
  fs.writeFileSync(replyFile, fuzzCase.reply, 'utf8');
  const before = snapshot(sandboxBase);
  const args = [cliPath, 'apply', replyFile, '--root', fuzzCase.root, '--write', '--json', ...(fuzzCase.hint ? ['--file', fuzzCase.hint] : []), ...diskCliArgs(fuzzCase)];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: hangMs, maxBuffer: 256 << 20 });
  fs.rmSync(replyFile, { force: true });
  const after = snapshot(sandboxBase);
  const changed = differences(before, after);
  if (run.status === null) return [`cli: killed (${run.signal ?? run.error?.message}), a hang or crash`];
  if (/\n\s+at .+:\d+:\d+\)?\n/.test(run.stderr ?? '') && !/^refused:/m.test(run.stderr)) violations.push(`crash: the CLI printed a stack trace: ${run.stderr.slice(0, 600)}`);
  if (![0, 1, 2].includes(run.status)) violations.push(`cli: exit status ${run.status}`);
  const outside = changed.filter((c) => !c.split(' ')[1].startsWith(path.relative(sandboxBase, fuzzCase.root)));
  if (outside.length) violations.push(`outside-root: the CLI changed ${outside.join(', ')}`);
  if (run.status !== 0 && changed.length) violations.push(`wrote-on-failure: exit ${run.status} but ${changed.slice(0, 10).join(', ')}`);
  if (fuzzCase.disk) return [...violations, ...checkDiskCase(fuzzCase, inProcess, run.status, run.stdout, before, after, path.relative(sandboxBase, fuzzCase.root))];
  if (run.status === 0) {
    let receiptOk: boolean | undefined;
    try {
      receiptOk = JSON.parse(run.stdout).ok;
    } catch {
      violations.push('cli: exit 0 without a JSON receipt');
    }
    if (receiptOk === false) violations.push('cli: exit 0 with a receipt that is not ok');
    // The disk must hold exactly what the in-process plan proposed (same engine, same files).
    if (inProcess.ok) {
      const expected = new Map(before);
      const rootRel = path.relative(sandboxBase, fuzzCase.root);
      for (const change of inProcess.changes) {
        const at = path.join(rootRel, change.path);
        if (change.action === 'delete') expected.delete(at);
        else if (change.action === 'move' && change.to) {
          expected.delete(at);
          expected.set(path.join(rootRel, change.to), `file:${Buffer.from(change.newText ?? '', 'utf8').toString('base64')}`);
        } else expected.set(at, `file:${Buffer.from(change.newText ?? '', 'utf8').toString('base64')}`);
      }
      const fileEntries = (s: Snapshot) => new Map([...s].filter(([k]) => !k.endsWith('/')));
      const mismatch = differences(fileEntries(expected), fileEntries(after));
      if (mismatch.length) violations.push(`disk-mismatch: after --write the files differ from the plan: ${mismatch.slice(0, 10).join(', ')}`);
    }
  }
  // Same engine, same files: the CLI must decide as the in-process run did (a symlink case reads differently on disk).
  const expectedStatus = inProcess.ok ? 0 : inProcess.errorCodes.length > 0 && inProcess.errorCodes.every((c) => c === 'NO_EDITS_FOUND') ? 2 : 1;
  if (!fuzzCase.symlink && inProcess.ok !== undefined && run.status !== expectedStatus) {
    violations.push(`cli: exit ${run.status} but the in-process receipt says ${inProcess.ok ? 'ok' : inProcess.errorCodes.join(',')} (expected exit ${expectedStatus})`);
  }
  return violations;
}

function saveFailure(fuzzCase: FuzzCase | undefined, seed: number, index: number, violations: string[]): string {
  fs.mkdirSync(failuresDir, { recursive: true });
  const file = path.join(failuresDir, `seed${seed}-case${index}.json`);
  const body = fuzzCase ?? makeCase(seed, index);
  fs.writeFileSync(file, JSON.stringify({ violations, case: body }, null, 1) + '\n');
  return path.relative(repoRoot, file);
}

async function main(): Promise<number> {
  const engine = new Engine();
  try {
    if (options.replay) return await replay(engine, options.replay);
    if (options.only !== undefined) return await replay(engine, undefined, makeCase(options.seed, options.only));
    return await campaign(engine);
  } finally {
    await engine.stop();
  }
}

async function replay(engine: Engine, file: string | undefined, given?: FuzzCase): Promise<number> {
  const saved = file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { case: FuzzCase; violations?: string[] }) : undefined;
  const fuzzCase = given ?? saved!.case;
  say(`Case ${fuzzCase.index} of seed ${fuzzCase.seed}: ${fuzzCase.recipe.join('; ')}`);
  if (saved?.violations) say(`Saved with: ${saved.violations.join('\n  ')}`);
  const result = await engine.run({ fuzzCase, wantCase: true });
  if (result === 'hang') {
    say(`HANG: no answer within ${hangMs} ms`);
    return 1;
  }
  say(`engine: ${result.ms.toFixed(1)} ms (stream ${result.streamMs.toFixed(1)} ms), ok=${result.ok}, errors=${result.errorCodes.join(',') || 'none'}, changes=${result.changes.map((c) => `${c.action} ${c.path}${c.to ? ' → ' + c.to : ''}`).join(', ') || 'none'}`);
  const violations = [...result.violations];
  if (result.ms > limitMs) violations.push(`slow: ${result.ms.toFixed(0)} ms`);
  if (fs.existsSync(cliPath)) violations.push(...checkCli(fuzzCase, result));
  for (const v of violations) say(`VIOLATION ${v}`);
  say(violations.length ? `${violations.length} violation(s)` : 'no violations');
  return violations.length ? 1 : 0;
}

async function campaign(engine: Engine): Promise<number> {
  say(`Fuzzing: seed ${options.seed}, ${options.cases} cases, the CLI with --write on every ${options.cliEvery}th (sandbox ${sandboxBase})`);
  say(`Reproduce: npm run fuzz -- --seed ${options.seed} --cases ${options.cases}`);
  const counts = { cases: 0, crashes: 0, slow: 0, hangs: 0, wroteOnFailure: 0, outsideRoot: 0, wrongWrites: 0, other: 0, cliRuns: 0, cliWrites: 0, cliRefusals: 0, diskCases: 0 };
  const outcomes = { ok: 0, refused: 0, noEdits: 0 };
  const pristine = { correct: 0, wrong: 0, refused: 0 };
  const codes = new Map<string, number>();
  let slowest = { ms: 0, index: -1 };
  let slowestStream = { ms: 0, index: -1 };
  const saved: string[] = [];
  const startedAt = Date.now();
  for (let index = 0; index < options.cases; index++) {
    const wantCli = options.cliEvery > 0 && index % options.cliEvery === 0;
    let result = await engine.run({ seed: options.seed, index, wantCase: wantCli });
    counts.cases++;
    const violations: string[] = [];
    if (result === 'hang') {
      counts.hangs++;
      violations.push(`hang: no answer within ${hangMs} ms`);
      const file = saveFailure(undefined, options.seed, index, violations);
      saved.push(file);
      say(`case ${index}: ${violations[0]} → ${file}`);
      continue;
    }
    // A slow case is timed again (best of three) before it counts: the machine may be busy.
    for (let retry = 0; retry < 2 && (result.ms > limitMs || slowStream(result)); retry++) {
      const again = await engine.run({ fuzzCase: result.fuzzCase ?? makeCase(options.seed, index), wantCase: true });
      if (again === 'hang') break;
      result = { ...again, ms: Math.min(result.ms, again.ms), streamMs: Math.min(result.streamMs, again.streamMs), parseMs: Math.min(result.parseMs, again.parseMs) };
    }
    violations.push(...result.violations);
    if (result.ms > limitMs) violations.push(`slow: parse+plan took ${result.ms.toFixed(0)} ms (best of 3)`);
    if (slowStream(result)) violations.push(`slow: the streaming parse took ${result.streamMs.toFixed(0)} ms, ${(result.streamMs / result.parseMs).toFixed(1)}× the one-shot parse (best of 3)`);
    if (result.ms > slowest.ms) slowest = { ms: result.ms, index };
    if (result.streamMs > slowestStream.ms) slowestStream = { ms: result.streamMs, index };
    if (result.ok) outcomes.ok++;
    else if (result.errorCodes.every((c) => c === 'NO_EDITS_FOUND')) outcomes.noEdits++;
    else outcomes.refused++;
    for (const code of new Set(result.errorCodes)) codes.set(code, (codes.get(code) ?? 0) + 1);
    if (result.pristine) pristine[result.pristine]++;
    if ((wantCli || result.fuzzCase?.disk) && result.fuzzCase && fs.existsSync(cliPath)) {
      counts.cliRuns++;
      if (result.fuzzCase.disk) counts.diskCases++;
      if (result.ok) counts.cliWrites++;
      else counts.cliRefusals++;
      violations.push(...checkCli(result.fuzzCase, result));
    }
    if (violations.length) {
      for (const v of violations) {
        if (v.startsWith('crash')) counts.crashes++;
        else if (v.startsWith('slow')) counts.slow++;
        else if (v.startsWith('wrote-on-failure')) counts.wroteOnFailure++;
        else if (v.startsWith('outside-root')) counts.outsideRoot++;
        else if (v.startsWith('wrong')) counts.wrongWrites++;
        else counts.other++;
      }
      const file = saveFailure(result.fuzzCase, options.seed, index, violations);
      saved.push(file);
      say(`case ${index}: ${violations[0].split('\n')[0].slice(0, 300)}${violations.length > 1 ? ` (+${violations.length - 1} more)` : ''} → ${file}`);
    }
    if ((index + 1) % 1000 === 0) say(`  ${index + 1} cases, ${((Date.now() - startedAt) / 1000).toFixed(0)} s, ${saved.length} failing`);
  }
  fs.rmSync(sandboxBase, { recursive: true, force: true });
  const total = counts.crashes + counts.slow + counts.hangs + counts.wroteOnFailure + counts.outsideRoot + counts.wrongWrites + counts.other;
  say();
  say(`Seed ${options.seed}: ${counts.cases} cases in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  say(`  engine outcomes: ${outcomes.ok} ok, ${outcomes.refused} refused, ${outcomes.noEdits} no edits found`);
  say(`  error codes (cases): ${[...codes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ')}`);
  say(`  unmutated replies with a known result: ${pristine.correct} correct, ${pristine.wrong} wrong, ${pristine.refused} refused`);
  say(`  CLI --write runs: ${counts.cliRuns} (${counts.cliWrites} wrote, ${counts.cliRefusals} refused or no edits; ${counts.diskCases} with encodings, links or special files on disk)`);
  say(`  slowest parse+plan ${slowest.ms.toFixed(0)} ms (case ${slowest.index}), slowest stream parse ${slowestStream.ms.toFixed(0)} ms (case ${slowestStream.index})`);
  say(`  crashes ${counts.crashes}, runs over ${limitMs} ms ${counts.slow}, hangs ${counts.hangs}, bytes changed by a refused reply ${counts.wroteOnFailure}, outside the root ${counts.outsideRoot}, wrong writes ${counts.wrongWrites}, other ${counts.other}`);
  if (saved.length) say(`  ${saved.length} failing case(s) saved; replay one with: npm run fuzz -- --replay ${saved[0]}`);
  say(total === 0 ? 'PASS: no violations' : `FAIL: ${total} violation(s)`);
  fs.mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, 'bench', 'results', 'fuzz-latest.json'), JSON.stringify({ date: new Date().toISOString(), seed: options.seed, counts, outcomes, pristine, codes: Object.fromEntries(codes), slowest, slowestStream, saved }, null, 2) + '\n');
  return total === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
