import * as fs from 'node:fs';
import * as path from 'node:path';
import { suffixLocator } from './findBySuffix';
import { renderDiff } from './renderDiff';
import { parseReply, planReply, referencedPaths, receiptToMarkdown, type FileChange, type PathRefusal, type PlanResult } from '../core/index';

const usage = `Usage: apply-ai-edit apply [REPLY_FILE|-] [--root DIR] [--file HINT_PATH] [--write] [--json]

Reads a model's reply (SEARCH/REPLACE blocks, unified diffs, *** Begin Patch, whole files,
JSON tool calls, elided snippets), locates every edit in the files under --root, and prints
the proposed change as a unified diff (or the receipt with --json). Nothing is written
without --write, and with --write nothing is written unless every edit was placed.

Exit status: 0 all edits applied (or already were), 1 an edit failed (nothing written),
2 usage error or a reply with no edits.`;

interface CliArgs {
  replyFile: string;
  root: string;
  hint?: string;
  write: boolean;
  json: boolean;
}

/** Parses argv; returns a message for usage errors. */
function parseArgs(argv: string[]): CliArgs | string {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') return usage;
  if (command !== 'apply') return `unknown command ${command ?? '(none)'}\n\n${usage}`;
  const args: CliArgs = { replyFile: '-', root: process.cwd(), write: false, json: false };
  let positional = 0;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--write') args.write = true;
    else if (arg === '--json') args.json = true;
    else if (arg === '--root' || arg === '--file') {
      const value = rest[++i];
      if (value === undefined) return `${arg} needs a value\n\n${usage}`;
      if (arg === '--root') args.root = path.resolve(value);
      else args.hint = value;
    } else if (arg.startsWith('--')) return `unknown option ${arg}\n\n${usage}`;
    else if (positional++ === 0) args.replyFile = arg;
    else return `unexpected argument ${arg}\n\n${usage}`;
  }
  return args;
}

/**
 * Reads a workspace file for the planner. Refuses (as "missing") anything whose real path leaves
 * the root through a symlink, so the core's string-level path check cannot be bypassed.
 */
function fileReader(root: string): (relative: string) => string | undefined {
  const realRoot = fs.realpathSync(root);
  return (relative) => {
    const absolute = path.join(root, relative);
    let real: string;
    try {
      real = fs.realpathSync(absolute);
    } catch {
      return undefined;
    }
    if (real !== realRoot && !real.startsWith(realRoot + path.sep)) return undefined; // refused by refusePath first
    if (!fs.statSync(real).isFile()) return undefined;
    return fs.readFileSync(real, 'utf8');
  };
}

/** Why `relative` leaves the root on disk (through a symlink, itself or a parent folder), or undefined. */
function escapesRoot(root: string, relative: string): string | undefined {
  const realRoot = fs.realpathSync(root);
  let probe = path.join(root, relative);
  while (!fs.existsSync(probe) && probe !== path.dirname(probe)) probe = path.dirname(probe);
  const real = fs.realpathSync(probe);
  return real === realRoot || real.startsWith(realRoot + path.sep) ? undefined : `${relative} leads outside --root through a symbolic link`;
}

/** Checks that `relative` (and its parent folders) stay inside the root on disk. */
function assertInside(root: string, relative: string): void {
  const escape = escapesRoot(root, relative);
  if (escape) throw new Error(escape);
}

/**
 * Writes every change, or none: originals are kept in memory and restored if any write fails.
 */
function writeChanges(root: string, changes: readonly FileChange[]): void {
  const undo: (() => void)[] = [];
  try {
    for (const change of changes) {
      const source = path.join(root, change.path);
      assertInside(root, change.path);
      if (change.to) assertInside(root, change.to);
      const target = change.to ? path.join(root, change.to) : source;
      const before = fs.existsSync(source) ? fs.readFileSync(source) : undefined;
      if (change.action === 'delete') {
        fs.rmSync(source);
        undo.push(() => before && fs.writeFileSync(source, before));
        continue;
      }
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, change.newText ?? '', 'utf8');
      if (change.action === 'move' && target !== source) {
        fs.rmSync(source);
        undo.push(() => {
          fs.rmSync(target, { force: true });
          if (before) fs.writeFileSync(source, before);
        });
      } else {
        undo.push(() => (before ? fs.writeFileSync(source, before) : fs.rmSync(source, { force: true })));
      }
    }
  } catch (error) {
    for (const restore of undo.reverse()) restore();
    throw error;
  }
}

function main(argv: string[]): number {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    (args === usage ? process.stdout : process.stderr).write(args + '\n');
    return args === usage ? 0 : 2;
  }
  if (!fs.existsSync(args.root) || !fs.statSync(args.root).isDirectory()) {
    process.stderr.write(`--root ${args.root} is not a folder\n`);
    return 2;
  }
  let reply: string;
  try {
    reply = args.replyFile === '-' ? fs.readFileSync(0, 'utf8') : fs.readFileSync(args.replyFile, 'utf8');
  } catch (error) {
    process.stderr.write(`cannot read the reply: ${(error as Error).message}\n`);
    return 2;
  }
  const root = args.root;
  // The disk does not change while a reply is planned: each path is checked once, however many
  // blocks name it (a reply of 30,000 blocks spent most of its time in realpath calls).
  const refusals = new Map<string, PathRefusal | undefined>();
  const refusePath = (relative: string) => {
    if (!refusals.has(relative)) refusals.set(relative, escapesRoot(root, relative));
    return refusals.get(relative);
  };
  const options = { hintPath: args.hint, root, refusePath, locateMissing: suffixLocator(root) };
  const read = fileReader(args.root);
  // Read every referenced file up front so a symlink escape fails before anything is planned.
  const cache = new Map<string, string | undefined>();
  let result: PlanResult;
  try {
    const started = performance.now();
    const parsed = parseReply(reply);
    const parseMs = Math.round((performance.now() - started) * 100) / 100;
    for (const relative of referencedPaths(parsed, options)) cache.set(relative, read(relative));
    const planned = planReply(parsed, (relative) => (cache.has(relative) ? cache.get(relative) : read(relative)), options);
    const { locateMs } = planned.receipt.timing;
    result = { ...planned, receipt: { ...planned.receipt, timing: { parseMs, locateMs, totalMs: Math.round((parseMs + locateMs) * 100) / 100 } } };
  } catch (error) {
    process.stderr.write(`refused: ${(error as Error).message}\n`);
    return 1;
  }
  const { receipt, changes } = result;
  const noEdits = receipt.errors.length > 0 && receipt.errors.every((e) => e.code === 'NO_EDITS_FOUND');
  if (args.json) process.stdout.write(JSON.stringify(receipt, null, 2) + '\n');
  else {
    process.stdout.write(renderDiff(changes));
    process.stderr.write(receiptToMarkdown(receipt) + '\n');
  }
  if (noEdits) return 2;
  if (!receipt.ok) return 1;
  if (args.write) {
    try {
      writeChanges(args.root, changes);
    } catch (error) {
      process.stderr.write(`write failed, every file restored: ${(error as Error).message}\n`);
      return 1;
    }
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
