/**
 * Running the built CLI (dist/cli.js) on real temporary folders, for the CLI's tests: build it when
 * stale, make and always remove temp folders, and take byte-for-byte pictures of a folder (every
 * file's bytes and mode, every link's target, every folder and special file) to compare.
 *
 * `APPLY_AI_EDIT_CLI=/path/to/cli.js` runs the tests against another build (an older one, to see
 * a test fail before its fix).
 */
import * as assert from 'node:assert/strict';
import { execSync, spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { projectRoot } from './fixtures.test';

const root = projectRoot();
export const cliPath = process.env.APPLY_AI_EDIT_CLI ?? path.join(root, 'dist', 'cli.js');

/** Builds dist/cli.js when it is missing or older than the sources it bundles. */
export function ensureBuilt(): void {
  if (process.env.APPLY_AI_EDIT_CLI) return;
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  for (const dir of ['src/core', 'src/cli', 'src/node']) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  if (!fs.existsSync(cliPath) || newest > fs.statSync(cliPath).mtimeMs) execSync('npm run build', { cwd: root, stdio: 'ignore' });
  assert.ok(fs.existsSync(cliPath), 'dist/cli.js was not built');
}

/** Temp folders made by a suite; `removeAll` in an `after`/`afterEach` hook. */
export class TempFolders {
  private readonly made: string[] = [];

  make(prefix: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `apply-ai-edit-${prefix}-`));
    this.made.push(dir);
    return dir;
  }

  removeAll(): void {
    for (const dir of this.made.splice(0)) {
      // A test may leave a folder without write permission, or a mount: make it removable first.
      spawnSync('chmod', ['-R', 'u+rwx', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

export interface RunOptions {
  readonly input?: string;
  readonly env?: Record<string, string>;
  readonly cwd?: string;
}

/** Runs the CLI to the end (its watchdog included: it holds stderr until it is done). */
export function runCli(args: readonly string[], options: RunOptions = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [cliPath, ...args], {
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
  });
}

/** Runs the CLI in the background; `lines` resolves each stderr line that matches, `done` at the end. */
export function startCli(args: readonly string[], options: RunOptions = {}) {
  const child = spawn(process.execPath, [cliPath, ...args], { env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const waiter of waiters.splice(0)) {
      if (waiter.pattern.test(stderr)) waiter.resolve();
      else waiters.push(waiter);
    }
  });
  child.stdin.end(options.input ?? '');
  const done = new Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    // 'close' waits for every holder of the pipes: the watchdog too.
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
  return {
    child,
    done,
    /** Resolves when stderr has matched `pattern`. */
    waitFor: (pattern: RegExp) => new Promise<void>((resolve) => (pattern.test(stderr) ? resolve() : waiters.push({ pattern, resolve }))),
  };
}

/** Every entry under `dir`: files as `file <mode> <base64>`, links, folders, other kinds by name. */
export function picture(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (current: string) => {
    for (const name of fs.readdirSync(current).sort()) {
      const full = path.join(current, name);
      const rel = path.relative(dir, full).split(path.sep).join('/');
      const stat = fs.lstatSync(full);
      if (stat.isSymbolicLink()) out.set(rel, `link ${fs.readlinkSync(full)}`);
      else if (stat.isDirectory()) {
        out.set(rel + '/', 'folder');
        visit(full);
      } else if (stat.isFile()) out.set(rel, `file ${(stat.mode & 0o7777).toString(8)} ${fs.readFileSync(full).toString('base64')}`);
      else out.set(rel, 'special');
    }
  };
  visit(dir);
  return out;
}

/** Asserts two pictures are equal, naming the first entries that differ. */
export function assertSamePicture(actual: Map<string, string>, expected: Map<string, string>, what: string): void {
  const differences: string[] = [];
  for (const [key, value] of expected) if (actual.get(key) !== value) differences.push(actual.has(key) ? `changed ${key}` : `missing ${key}`);
  for (const key of actual.keys()) if (!expected.has(key)) differences.push(`added ${key}`);
  assert.deepEqual(differences, [], `${what}: ${differences.slice(0, 8).join(', ')}`);
}

/** Writes files (text or bytes) under `dir`, making folders. */
export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
}

/** A SEARCH/REPLACE block for `file`. */
export function searchReplace(file: string, search: string, replace: string): string {
  return `${file}\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
}

/** The JSON receipt a run printed. */
export function receiptOf(run: { stdout: string }): { ok: boolean; errors: { code: string; path: string | null; message: string; nextStep: string }[]; files: { path: string; action: string }[] } {
  return JSON.parse(run.stdout);
}

/** The project's package.json. */
export function projectRootPackage(): { name: string; version: string; bin: Record<string, string> } {
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
}
