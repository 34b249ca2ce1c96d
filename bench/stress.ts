/**
 * The bench's stress rows: inputs built to make work grow with blocks × lines (found while
 * attacking the CLI, issue 11). Each run of a row is a child process of its own, so that its
 * peak resident memory (the child's `maxRSS`, everything it ever held: inputs, engine, garbage)
 * is measured honestly and no run pays for another's heap.
 *
 * The parent calls `runStressRow(id, runs)`; each child is the bench bundle started with
 * `--stress ID`, which builds the input, times the work once and prints one JSON line.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runReply, type PlanResult, type ReadFile } from '../src/core/index';
import { typescriptLines } from './common';
import { applyExpected, LineKeys, manyExactEdits, misquoted, nearMissEdits, replyFor, searchReplaceBlock, type GeneratedEdit } from './edits';

/** What a stress row reports. */
export interface StressResult {
  readonly id: string;
  readonly name: string;
  /** Median wall time of the work (parse + plan, or the whole CLI process), in ms. */
  readonly ms: number;
  readonly runs: number;
  /** Peak resident memory of the child process, in MB (the largest over its runs). */
  readonly peakMB: number;
  /** Resident memory once the input was built, before any timed work, in MB. */
  readonly inputMB: number;
  readonly outcome: string;
  readonly error?: string;
}

interface StressCase {
  readonly id: string;
  readonly name: string;
  /** Builds the input and returns the work to time (which returns its outcome) . */
  readonly prepare: () => () => string;
}

const target = 'src/compiler/big.js';

/** 100,000 lines of `    }`: every line equal to every other, whitespace aside. */
const braceFile = () => '    }\n'.repeat(100_000);

/** The compiler's code, as the bench's placement rows use it. */
const codeLines = (size: number) => typescriptLines().slice(20_000, 20_000 + size);

function planOutcome(result: PlanResult, expected?: string): string {
  const { receipt } = result;
  const codes = new Map<string, number>();
  for (const error of receipt.errors) codes.set(error.code, (codes.get(error.code) ?? 0) + 1);
  const edits = receipt.files.flatMap((f) => f.edits);
  const applied = edits.filter((e) => e.status === 'applied').length;
  const refused = [...codes].map(([code, n]) => `${n} ${code}`).join(', ');
  const right = expected === undefined ? '' : result.changes[0]?.newText === expected ? ', file as expected' : receipt.ok ? ', FILE DIFFERS' : '';
  return `${receipt.ok ? 'ok' : 'refused'}: ${applied} applied${refused ? `, ${refused}` : ''}${right}`;
}

function sameFile(text: string): ReadFile {
  return (p) => (p === target ? text : undefined);
}

/** A reply of `edits` on the file, planned and checked against the expected text. */
function editsCase(lines: readonly string[], edits: readonly GeneratedEdit[]): () => () => string {
  return () => {
    const text = lines.join('\n') + '\n';
    const reply = replyFor(target, edits);
    const expected = applyExpected(lines, edits).join('\n') + '\n';
    return () => planOutcome(runReply(reply, sameFile(text)), expected);
  };
}

function exactBlocksCase(count: number): StressCase {
  return {
    id: `exact-${count}`,
    name: `${count.toLocaleString('en-US')} exact blocks on one 100,000-line file`,
    prepare: () => {
      const lines = codeLines(100_000);
      return editsCase(lines, manyExactEdits(lines, count))();
    },
  };
}

export const stressCases: readonly StressCase[] = [
  {
    id: 'brace-search',
    name: 'one SEARCH of 3,000 lines of `  }` on 100,000 lines of `    }`',
    prepare: () => {
      const text = braceFile();
      const reply = searchReplaceBlock(target, Array(3000).fill('  }'), Array(3000).fill('  };'));
      return () => planOutcome(runReply(reply, sameFile(text)));
    },
  },
  {
    id: 'brace-blocks',
    name: '3,000 one-line blocks `  }`, each ambiguous, on the same file',
    prepare: () => {
      const text = braceFile();
      const blocks: string[] = [];
      for (let i = 0; i < 3000; i++) blocks.push(searchReplaceBlock(target, ['  }'], [`  } // ${i}`]));
      const reply = blocks.join('\n');
      return () => planOutcome(runReply(reply, sameFile(text)));
    },
  },
  exactBlocksCase(1_000),
  exactBlocksCase(5_000),
  exactBlocksCase(20_000),
  {
    id: 'near-miss-blocks',
    name: '1,000 near-miss blocks on a 20,000-line file',
    prepare: () => {
      const lines = codeLines(20_000);
      const text = lines.join('\n') + '\n';
      const reply = replyFor(target, nearMissEdits(lines, 1000));
      return () => planOutcome(runReply(reply, sameFile(text)));
    },
  },
  {
    id: 'near-miss-9mb',
    name: 'one 9 MB near-miss SEARCH (the whole 200,000-line file, every 1,000th line misquoted)',
    prepare: () => {
      const lines = typescriptLines();
      if (lines[lines.length - 1] === '') lines.pop();
      const text = lines.join('\n') + '\n';
      const search = lines.map((line, i) => (i % 1000 === 500 ? misquoted(line) : line));
      const reply = searchReplaceBlock(target, search, ['// the whole file, rewritten']);
      return () => planOutcome(runReply(reply, sameFile(text)));
    },
  },
];

/**
 * The CLI rows: a 10 MB reply on the 200,000-line file, through `cli.js` with its diff printed:
 * a thousand blocks of a hundred lines each (a reply of the size the issue measured), and as many
 * blocks of one to six lines as fill 10 MB (33,000: the engine's per-block cost, end to end).
 */
export const cliCases = [
  { id: 'cli-10mb', name: 'a 10 MB reply (1,000 blocks of 100 lines) through the CLI, its diff printed', blockLines: 100 },
  { id: 'cli-10mb-small', name: 'a 10 MB reply (33,000 blocks of 1-6 lines) through the CLI, its diff printed', blockLines: 0 },
] as const;

/** Runs one stress case in this process (the child) and prints its result as one JSON line. */
export function runStressChild(id: string, runs: number): void {
  const found = stressCases.find((c) => c.id === id);
  if (!found) throw new Error(`no stress case ${id}`);
  const work = found.prepare();
  // Collected once, so the input's own garbage is not counted; the runs then go back to back.
  (globalThis as { gc?: () => void }).gc?.();
  const inputMB = process.memoryUsage().rss / 1e6;
  const times: number[] = [];
  let outcome = '';
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    outcome = work();
    times.push(performance.now() - started);
  }
  const peakMB = (process.resourceUsage().maxRSS * 1024) / 1e6;
  const result: StressResult = { id, name: found.name, ms: median(times), runs, peakMB, inputMB, outcome };
  process.stdout.write(JSON.stringify(result) + '\n');
}

/**
 * Runs a stress case in a child process (the bench bundle with `--stress ID`), or the CLI row.
 * A child that fails or runs out of `timeoutMs` yields a result with `error`.
 */
export function runStressRow(id: string, runs: number, benchBundle: string, timeoutMs = 600_000): StressResult {
  const cli = cliCases.find((c) => c.id === id);
  if (cli) return runCliRow(cli, runs, path.join(path.dirname(benchBundle), 'cli.js'), timeoutMs);
  const name = stressCases.find((c) => c.id === id)?.name ?? id;
  // One child per run: each run's peak is that of a process that did the work once.
  const results: StressResult[] = [];
  for (let run = 0; run < runs; run++) {
    const child = spawnSync(process.execPath, ['--expose-gc', '--enable-source-maps', benchBundle, '--stress', id, '--stress-runs', '1'], {
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 1 << 26,
    });
    const line = child.stdout?.split('\n').find((l) => l.startsWith('{'));
    if (child.status !== 0 || !line) {
      const why = child.error ? child.error.message : `exit ${child.status ?? child.signal}: ${(child.stderr ?? '').slice(0, 300)}`;
      return { id, name, ms: NaN, runs, peakMB: NaN, inputMB: NaN, outcome: '', error: why };
    }
    results.push(JSON.parse(line) as StressResult);
  }
  return {
    ...results[0],
    ms: median(results.map((r) => r.ms)),
    runs,
    peakMB: Math.max(...results.map((r) => r.peakMB)),
    inputMB: Math.max(...results.map((r) => r.inputMB)),
  };
}

/**
 * The CLI on a 10 MB reply in a real folder: the wall time of the whole process (start-up,
 * reading, parsing, planning, the diff printed to a pipe), and its peak RSS reported by a
 * preloaded hook on exit.
 */
function runCliRow(row: (typeof cliCases)[number], runs: number, cli: string, timeoutMs: number): StressResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-bench-'));
  try {
    const lines = typescriptLines();
    if (lines[lines.length - 1] === '') lines.pop();
    fs.mkdirSync(path.join(dir, 'root', path.dirname(target)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'root', target), lines.join('\n') + '\n');
    // As many exact blocks as make 10 MB of reply.
    const blocksOf = (count: number) => (row.blockLines > 0 ? longEdits(lines, count, row.blockLines) : manyExactEdits(lines, count));
    let count = row.blockLines > 0 ? 500 : 20_000;
    let reply = replyFor(target, blocksOf(count));
    count = Math.floor((count * 10e6) / reply.length);
    const edits = blocksOf(count);
    reply = replyFor(target, edits);
    fs.writeFileSync(path.join(dir, 'reply.md'), reply);
    const hook = path.join(dir, 'rss-hook.js');
    fs.writeFileSync(hook, "process.on('exit', () => require('fs').writeSync(3, JSON.stringify({ maxRSS: process.resourceUsage().maxRSS })));\n");
    const times: number[] = [];
    let peak = 0;
    let outcome = '';
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const child = spawnSync(process.execPath, ['-r', hook, cli, 'apply', path.join(dir, 'reply.md'), '--root', path.join(dir, 'root')], {
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        timeout: timeoutMs,
        maxBuffer: 1 << 30,
      });
      times.push(performance.now() - started);
      const rss = JSON.parse(child.output[3]?.toString() || '{"maxRSS":0}') as { maxRSS: number };
      peak = Math.max(peak, (rss.maxRSS * 1024) / 1e6);
      const diffLines = child.stdout ? child.stdout.toString().split('\n').length : 0;
      outcome = child.status === 0 ? `exit 0, ${edits.length.toLocaleString('en-US')} blocks in ${(reply.length / 1e6).toFixed(1)} MB, ${diffLines.toLocaleString('en-US')} diff lines printed` : `exit ${child.status ?? child.signal} ${child.error?.message ?? ''}`;
    }
    return { id: row.id, name: row.name, ms: median(times), runs, peakMB: peak, inputMB: NaN, outcome };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Up to `count` blocks of `size` lines, one per equal slice of the file (the first that occurs
 * once in it, whitespace aside), each with one line changed in its middle.
 */
function longEdits(lines: readonly string[], count: number, size: number): GeneratedEdit[] {
  const keys = new LineKeys(lines);
  const slice = Math.floor(lines.length / count);
  const edits: GeneratedEdit[] = [];
  for (let n = 0; n < count; n++) {
    let start = n * slice;
    while (start + size <= (n + 1) * slice && keys.occurrences(start, start + size) !== 1) start++;
    if (start + size > Math.min(lines.length, (n + 1) * slice)) continue;
    const search = lines.slice(start, start + size);
    const expected = search.map((line, i) => (i === size >> 1 ? `${line} // edited ${n}` : line));
    edits.push({ index: n, kind: 'exact', start, end: start + size, search, replace: expected, expected });
  }
  return edits;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
