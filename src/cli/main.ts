/**
 * `apply-ai-edit`: the engine on files on disk. The data flow, one module each:
 * arguments (args.ts) → the reply → the files it names, resolved and read safely
 * (disk/workspace.ts) → the engine's plan → the write, one transaction (disk/writeChanges.ts)
 * → what happened, as JSON or plain text (render.ts), the diff written as it is made (output.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tty from 'node:tty';
import { nextStepFor, parseReply, planReply, referencedPaths, type ErrorCode, type FileChange, type PlanOptions, type Receipt } from '../core/index';
import { parseCliArgs, type ApplyArgs } from './args';
import { decodeReply } from './disk/encoding';
import { runWatchdog } from './disk/watchdog';
import { DiskWorkspace, hintWithRealRoot, withRealRoot } from './disk/workspace';
import { encodingRefusal, Unwritable, WriteError, writeChanges } from './disk/writeChanges';
import { suffixLocator } from './findBySuffix';
import { writeOutSync } from './output';
import { paintFor, renderDiff, renderReceipt, type Outcome } from './render';

function main(argv: string[]): number | undefined {
  const args = parseCliArgs(argv, process.cwd());
  switch (args.command) {
    case 'watchdog':
      runWatchdog(args.journal);
      return undefined;
    case 'help':
      process.stdout.write(args.text + '\n');
      return 0;
    case 'version':
      process.stdout.write(`apply-ai-edit ${version()}\n`);
      return 0;
    case 'usageError':
      process.stderr.write(`apply-ai-edit: ${args.message}\nRun apply-ai-edit --help for the options.\n`);
      return 2;
    case 'apply':
      return apply(args);
  }
}

function apply(args: ApplyArgs): number {
  if (!isFolder(args.root)) {
    process.stderr.write(`apply-ai-edit: --root ${args.root} is not a folder\n`);
    return 2;
  }
  let reply: string;
  try {
    if (args.replyFile === '-' && process.stdin.isTTY) {
      process.stderr.write('apply-ai-edit: no reply given: name its file, or pipe it in (apply-ai-edit apply - < reply.md)\nRun apply-ai-edit --help for the options.\n');
      return 2;
    }
    const decoded = decodeReply(args.replyFile === '-' ? readStdin() : fs.readFileSync(args.replyFile));
    if (!decoded.ok) {
      process.stderr.write(`apply-ai-edit: ${decoded.reason}\n`);
      return 2;
    }
    reply = decoded.text;
  } catch (error) {
    process.stderr.write(`apply-ai-edit: cannot read the reply: ${(error as Error).message}\n`);
    return 2;
  }

  const workspace = new DiskWorkspace(args.root, { maxBytes: args.maxBytes, encoding: args.encoding });
  const started = performance.now();
  const parsed = withRealRoot(parseReply(reply), args.root, workspace.realRoot);
  const parsedAt = performance.now();
  const options: PlanOptions = {
    hintPath: hintWithRealRoot(args.hint, args.root, workspace.realRoot),
    root: workspace.realRoot,
    refusePath: workspace.refusePath,
    modeOf: workspace.modeOf,
    locateMissing: suffixLocator(workspace.realRoot),
  };
  // Every file the reply names is resolved and read before planning; two names of one file are refused.
  workspace.refuseAliases(referencedPaths(parsed, options));
  const result = planReply(parsed, workspace.readFile, options);
  const finished = performance.now();
  let receipt: Receipt = withNotes({ ...result.receipt, timing: { parseMs: round(parsedAt - started), locateMs: round(finished - parsedAt), totalMs: round(finished - started) } }, modeNotes(result.changes));
  const noEdits = receipt.errors.length > 0 && receipt.errors.every((e) => e.code === 'NO_EDITS_FOUND');

  let outcome: Outcome = receipt.ok ? { kind: 'dryRun' } : { kind: 'failed' };
  if (receipt.ok && args.write) {
    try {
      outcome = { kind: 'written', files: writeChanges(workspace, result.changes, process.argv[1]) };
    } catch (error) {
      if (!(error instanceof WriteError) && !(error instanceof Unwritable)) throw error;
      receipt = withError(receipt, error.code, error.path ?? null, error.message, error instanceof Unwritable ? error.nextStep : undefined);
      outcome = { kind: 'failed' };
    }
  } else if (receipt.ok) {
    // A new text the file's encoding cannot hold is refused by the write: the dry run says so.
    const refusal = encodingRefusal(workspace, result.changes);
    if (refusal !== undefined) {
      receipt = withError(receipt, refusal.code, refusal.path, refusal.message, refusal.nextStep);
      outcome = { kind: 'failed' };
    }
  }

  if (args.json) process.stdout.write(JSON.stringify(receipt, null, 2) + '\n');
  else {
    // The diff is the change: printed only when it is (or would be) written.
    // Written piece by piece as it is made, each waiting for the reader: a big reply's diff is
    // never held whole. (`process.stdout` is not touched: on a pipe it would queue the pieces.)
    if (receipt.ok) for (const chunk of renderDiff(result.changes, paintFor({ isTTY: tty.isatty(1) }))) writeOutSync(chunk);
    process.stderr.write(renderReceipt(receipt, outcome, args.root, paintFor(process.stderr)) + '\n');
  }
  if (noEdits) return 2;
  return receipt.ok ? 0 : 1;
}

/**
 * All of stdin. `readFileSync(0)` throws EAGAIN when stdin is a pipe left non-blocking by the
 * process that made it (seen under load with Node's spawnSync); this waits for data instead.
 */
function readStdin(): Buffer {
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(1 << 16);
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let read: number;
    try {
      read = fs.readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(nap, 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      throw error;
    }
    if (read === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, read)));
  }
  return Buffer.concat(chunks);
}

/**
 * What the receipt must say of the reply's mode changes this platform cannot make: Windows file
 * systems keep no execute bit (Node's chmod sets only the read-only flag there), so a mode change
 * is written as the text alone, and said so, never silently.
 */
function modeNotes(changes: readonly FileChange[]): string[] {
  if (process.platform !== 'win32') return [];
  return changes.filter((change) => change.executable !== undefined).map((change) => `the reply ${change.executable ? 'makes' : 'clears'} the executable mode of ${change.to ?? change.path}, which Windows file systems do not keep: it is not set`);
}

function withNotes(receipt: Receipt, notes: readonly string[]): Receipt {
  return notes.length === 0 ? receipt : { ...receipt, notes: [...(receipt.notes ?? []), ...notes] };
}

/** The receipt with one more failure (a write that did not happen), no longer ok. */
function withError(receipt: Receipt, code: ErrorCode, path: string | null, message: string, nextStep?: string): Receipt {
  return { ...receipt, ok: false, errors: [...receipt.errors, { code, block: 0, path, message, candidates: [], nextStep: nextStep ?? nextStepFor(code) }] };
}

function isFolder(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** The version in the package.json this script ships with (dist/cli.js sits one folder below it). */
function version(): string {
  for (let dir = __dirname, i = 0; i < 4; i++, dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'apply-ai-edit' && manifest.version) return manifest.version;
    } catch {
      // not here; one folder up
    }
  }
  return 'unknown';
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

const status = main(process.argv.slice(2));
if (status !== undefined) process.exitCode = status;
