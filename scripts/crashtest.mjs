#!/usr/bin/env node
// `npm run crashtest`: the CLI's write path against an unlucky machine, on real files in the system
// temp folder (removed at the end). Three campaigns over one multi-file reply of large files (it
// modifies 17 files of about 1 MB, creates one in new folders, deletes one and moves one):
//   1. SIGKILL at random instants of the write (at least --kills times, default 200): after each,
//      once the CLI's watchdog is done, every file must be byte for byte wholly old or wholly new,
//      and no temporary file (.apply-ai-edit-*), no journal and no new empty folder may be left;
//   2. an injected write failure (APPLY_AI_EDIT_TEST_FAIL_STEP) at every step of the write:
//      every byte, mode and folder must be as before, and the CLI must say so;
//   3. when running as root, a real full disk: the workspace on a small tmpfs, at sizes from
//      "no room for one new copy" to "room for all": a write either completes whole or leaves
//      every byte as before.
// Prints its counts; exits 1 on any violation.
//
//   npm run crashtest -- [--kills N] [--seed N] [--files N] [--file-kb N]
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(repo, 'dist', 'cli.js');
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const wantedKills = option('--kills', 200);
const seed = option('--seed', 1);
const fileCount = option('--files', 20);
const fileKb = option('--file-kb', 1024);
if (!fs.existsSync(cli)) {
  console.error('no dist/cli.js: run npm run build first');
  process.exit(2);
}

/** mulberry32: the random instants can be replayed from the seed. */
function rng(state) {
  return () => {
    let t = (state = (state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(seed);
const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-crashtest-'));
const mounts = [];
const cleanUp = () => {
  for (const mount of mounts.splice(0)) spawnSync('umount', [mount]);
  fs.rmSync(sandbox, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

// --- The workspace and the reply ------------------------------------------------------------------

const names = Array.from({ length: fileCount }, (_, i) => `src/module${String(i).padStart(2, '0')}.ts`);
const lineCount = Math.ceil((fileKb * 1024) / 80);
const files = new Map();
for (const [i, name] of names.entries()) {
  const lines = [`// module ${i}`];
  for (let n = 1; n < lineCount; n++) lines.push(`export const value${n} = ${n * (i + 1)}; // ${'padding '.repeat(7)}`);
  files.set(name, Buffer.from(lines.join('\n') + '\n'));
}
const modes = new Map(names.map((name, i) => [name, i % 5 === 0 ? 0o755 : 0o644]));
const deleted = names[fileCount - 2];
const moved = names[fileCount - 1];
const movedTo = 'lib/moved/module.ts';
const created = 'generated/deep/new.ts';
const modified = names.slice(0, fileCount - 2);
const reply = [
  ...modified.map((name, i) => `${name}\n\`\`\`ts\n<<<<<<< SEARCH\n// module ${i}\n=======\n// module ${i}, edited by the crash test\n>>>>>>> REPLACE\n\`\`\`\n`),
  '*** Begin Patch',
  `*** Add File: ${created}`,
  '+export const made = true;',
  `*** Delete File: ${deleted}`,
  `*** Update File: ${moved}`,
  `*** Move to: ${movedTo}`,
  '@@',
  `-// module ${fileCount - 1}`,
  `+// module ${fileCount - 1}, moved`,
  '*** End Patch',
  '',
].join('\n');

/** The expected new content of every path the reply touches (null: the path must not exist). */
const newContent = new Map();
for (const [i, name] of modified.entries()) newContent.set(name, Buffer.from(files.get(name).toString().replace(`// module ${i}\n`, `// module ${i}, edited by the crash test\n`)));
newContent.set(created, Buffer.from('export const made = true;\n'));
newContent.set(deleted, null);
newContent.set(moved, null);
newContent.set(movedTo, Buffer.from(files.get(moved).toString().replace(`// module ${fileCount - 1}\n`, `// module ${fileCount - 1}, moved\n`)));

function makeWorkspace(ws) {
  fs.rmSync(ws, { recursive: true, force: true });
  for (const [name, bytes] of files) {
    fs.mkdirSync(path.dirname(path.join(ws, name)), { recursive: true });
    fs.writeFileSync(path.join(ws, name), bytes, { mode: modes.get(name) });
    fs.chmodSync(path.join(ws, name), modes.get(name));
  }
}

/** Every entry under `dir`: files by content and mode. */
function picture(dir) {
  const out = new Map();
  const visit = (current) => {
    for (const name of fs.readdirSync(current).sort()) {
      const full = path.join(current, name);
      const rel = path.relative(dir, full).split(path.sep).join('/');
      const stat = fs.lstatSync(full);
      if (stat.isDirectory()) {
        out.set(rel + '/', 'folder');
        visit(full);
      } else out.set(rel, `${(stat.mode & 0o7777).toString(8)} ${fs.readFileSync(full).toString('base64')}`);
    }
  };
  visit(dir);
  return out;
}

function sameBytes(file, bytes) {
  if (bytes === null) return !fs.existsSync(file);
  return fs.existsSync(file) && fs.readFileSync(file).equals(bytes);
}

/**
 * Checks a workspace after a crash: each path wholly old or wholly new, nothing else there.
 * Returns { state: 'old' | 'new' | 'mixed', violations: [] }.
 */
function checkAfterCrash(ws, pid) {
  const violations = [];
  let old = 0;
  let fresh = 0;
  const paths = new Set([...files.keys(), ...newContent.keys()]);
  for (const name of paths) {
    const full = path.join(ws, name);
    const before = files.has(name) ? files.get(name) : null;
    const after = newContent.has(name) ? newContent.get(name) : before;
    const isOld = sameBytes(full, before);
    const isNew = sameBytes(full, after);
    if (isOld && isNew) continue;
    if (isOld) old++;
    else if (isNew) fresh++;
    else violations.push(`${name} is neither wholly old nor wholly new (${fs.existsSync(full) ? `${fs.statSync(full).size} bytes` : 'missing'})`);
  }
  const known = new Set([...paths].flatMap((name) => [name, ...ancestors(name)]));
  for (const entry of picture(ws).keys()) {
    const bare = entry.replace(/\/$/, '');
    if (!known.has(bare)) violations.push(`left behind: ${entry}`);
  }
  // Folders the write made exist only with their new file.
  if (!fs.existsSync(path.join(ws, created)) && fs.existsSync(path.join(ws, 'generated'))) violations.push('left behind: the empty folder generated/');
  if (!fs.existsSync(path.join(ws, movedTo)) && fs.existsSync(path.join(ws, 'lib'))) violations.push('left behind: the empty folder lib/');
  for (const [name, mode] of modes) if (fs.existsSync(path.join(ws, name)) && (fs.statSync(path.join(ws, name)).mode & 0o7777) !== mode) violations.push(`${name} lost its mode`);
  if (fs.existsSync(path.join(ws, movedTo)) && (fs.statSync(path.join(ws, movedTo)).mode & 0o7777) !== modes.get(moved)) violations.push('the moved file lost its mode');
  const journals = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`apply-ai-edit-journal-${pid}-`));
  if (journals.length) violations.push(`journal left in the temp folder: ${journals.join(', ')}`);
  return { state: old && fresh ? 'mixed' : fresh ? 'new' : 'old', violations };
}

function ancestors(name) {
  const out = [];
  for (let dir = path.posix.dirname(name); dir !== '.'; dir = path.posix.dirname(dir)) out.push(dir);
  return out;
}

/** Runs the CLI; resolves after it and its watchdog are done (the watchdog holds stderr). */
function run(ws, env = {}, killAfter) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [cli, 'apply', '-', '--root', ws, '--write', '--json'], { env: { ...process.env, APPLY_AI_EDIT_TEST_ANNOUNCE: '1', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    let writingAt;
    let writtenAt;
    let killedAt;
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      if (writingAt === undefined && stderr.includes('apply-ai-edit: writing')) {
        writingAt = Date.now();
        if (killAfter !== undefined) {
          setTimeout(() => {
            killedAt = Date.now();
            child.kill('SIGKILL');
          }, killAfter);
        }
      }
      if (writtenAt === undefined && /written in \d+ steps/.test(stderr)) writtenAt = Date.now();
    });
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stdin.end(reply);
    let signal;
    let status;
    child.on('exit', (code, sig) => {
      status = code;
      signal = sig;
    });
    child.on('close', () => resolve({ pid: child.pid, status, signal, stdout, stderr, writingAt, writtenAt, killedAt, ms: Date.now() - started }));
  });
}

const say = (line = '') => process.stdout.write(line + '\n');
let violations = 0;
const report = (what, list) => {
  for (const v of list.slice(0, 5)) say(`  VIOLATION (${what}): ${v}`);
  violations += list.length;
};

async function killCampaign() {
  const ws = path.join(sandbox, 'kill', 'ws');
  // The write's duration, the longest of three clean runs: kills then fall over the whole of it.
  let writeMs = 5;
  let steps = 0;
  for (let i = 0; i < 3; i++) {
    makeWorkspace(ws);
    const clean = await run(ws);
    if (clean.status !== 0) throw new Error(`the reply does not apply: ${clean.stderr}`);
    steps = Number(/written in (\d+) steps/.exec(clean.stderr)[1]);
    writeMs = Math.max(writeMs, clean.writtenAt - clean.writingAt);
  }
  say(`SIGKILL at random instants: the write takes ${steps} steps, about ${writeMs} ms; killing at 0-${Math.round(writeMs * 1.1)} ms after it begins`);
  const counts = { runs: 0, kills: 0, finishedFirst: 0, old: 0, new: 0, mixed: 0, restoredMessages: 0, afterRenames: 0 };
  while (counts.kills < wantedKills) {
    makeWorkspace(ws);
    const delay = Math.floor(random() * writeMs * 1.1);
    const result = await run(ws, {}, delay);
    counts.runs++;
    if (result.signal !== 'SIGKILL') {
      counts.finishedFirst++;
      continue;
    }
    counts.kills++;
    const { state, violations: found } = checkAfterCrash(ws, result.pid);
    counts[state]++;
    if (/the process ended in the middle of writing; every file is as it was before/.test(result.stderr)) counts.restoredMessages++;
    if (/the process ended in the middle of writing; every file is as it was before \(put back/.test(result.stderr)) counts.afterRenames++;
    report(`kill ${counts.kills} at ${delay} ms`, found);
    if (counts.kills % 50 === 0) say(`  ${counts.kills} kills...`);
  }
  say(`  ${counts.kills} kills during the write (${counts.runs} runs; ${counts.finishedFirst} finished before the kill)`);
  say(`  after each: ${counts.old} with every file wholly old (${counts.restoredMessages} of them undone by the watchdog, which said so; ${counts.afterRenames} killed after files had been renamed, and put back), ${counts.new} with every file wholly new, ${counts.mixed} mixed`);
  return counts;
}

async function failureCampaign() {
  const ws = path.join(sandbox, 'fail', 'ws');
  makeWorkspace(ws);
  const before = picture(ws);
  const clean = await run(ws);
  const steps = Number(/written in (\d+) steps/.exec(clean.stderr)[1]);
  let restored = 0;
  for (let step = 1; step <= steps; step++) {
    makeWorkspace(ws);
    const result = await run(ws, { APPLY_AI_EDIT_TEST_FAIL_STEP: String(step) });
    const found = [];
    if (result.status !== 1) found.push(`exit ${result.status}`);
    const after = picture(ws);
    for (const [key, value] of before) if (after.get(key) !== value) found.push(after.has(key) ? `changed ${key}` : `missing ${key}`);
    for (const key of after.keys()) if (!before.has(key)) found.push(`added ${key}`);
    if (found.length === 0) restored++;
    report(`failure at step ${step}`, found);
  }
  say(`Injected write failure at each of the ${steps} steps: every byte, mode and folder restored in ${restored} of ${steps}`);
  return { steps, restored };
}

async function fullDiskCampaign() {
  if (process.getuid?.() !== 0) {
    say('Full disk (tmpfs): skipped, not running as root (the injected failures above cover every step)');
    return undefined;
  }
  const total = [...files.values()].reduce((sum, bytes) => sum + bytes.length, 0);
  const sizes = Array.from({ length: 10 }, (_, i) => Math.ceil((total + (i + 0.5) * (total / 9)) / 4096) * 4096 + 256 * 1024);
  const counts = { runs: 0, refused: 0, written: 0 };
  for (const size of sizes) {
    const mount = path.join(sandbox, `tmpfs-${size}`);
    fs.mkdirSync(mount);
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mount]).status !== 0) {
      say('Full disk (tmpfs): skipped, mount -t tmpfs is not allowed here');
      return undefined;
    }
    mounts.push(mount);
    const ws = path.join(mount, 'ws');
    makeWorkspace(ws);
    const before = picture(ws);
    const result = await run(ws);
    counts.runs++;
    const found = [];
    if (result.status === 0) {
      counts.written++;
      found.push(...checkAfterCrash(ws, result.pid).violations);
      if (checkAfterCrash(ws, result.pid).state !== 'new') found.push('exit 0 but not every file is new');
    } else {
      counts.refused++;
      if (!/"WRITE_FAILED"[\s\S]*ENOSPC/.test(result.stdout)) found.push(`exit ${result.status} without a WRITE_FAILED (ENOSPC) receipt: ${result.stdout.slice(0, 300)}`);
      const after = picture(ws);
      for (const [key, value] of before) if (after.get(key) !== value) found.push(after.has(key) ? `changed ${key}` : `missing ${key}`);
      for (const key of after.keys()) if (!before.has(key)) found.push(`added ${key}`);
    }
    report(`tmpfs of ${Math.round(size / 1024)} KB`, found);
    spawnSync('umount', [mount]);
    mounts.splice(mounts.indexOf(mount), 1);
  }
  say(`Full disk (tmpfs of ${Math.round(sizes[0] / 1024 / 1024)}-${Math.round(sizes[sizes.length - 1] / 1024 / 1024)} MB for ${Math.round(total / 1024 / 1024)} MB of files): ${counts.refused} writes refused with every byte as before, ${counts.written} written whole`);
  return counts;
}

const startedAt = Date.now();
say(`crashtest (seed ${seed}): ${fileCount} files of ${fileKb} KB; the reply modifies ${modified.length}, creates ${created}, deletes one and moves one into new folders`);
try {
  await killCampaign();
  await failureCampaign();
  await fullDiskCampaign();
} finally {
  cleanUp();
}
say(`${violations === 0 ? 'PASS' : 'FAIL'}: ${violations} violations (${Math.round((Date.now() - startedAt) / 1000)} s)`);
process.exit(violations === 0 ? 0 : 1);
