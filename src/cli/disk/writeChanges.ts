/**
 * From the engine's proposed files to bytes on disk. Each new text is encoded as its file was read
 * (a byte the edit did not change comes out as it was, or nothing is written), turned into the
 * transaction's steps, and written as one transaction watched by the watchdog (see
 * transaction.ts and watchdog.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FileChange } from '../../core/index';
import { encodeText } from './encoding';
import { announceWrite, announceWritten } from './faults';
import { Journal, type Recovery } from './journal';
import { runTransaction, WriteError, type DiskStep, type WriteStep } from './transaction';
import { startWatchdog } from './watchdog';
import type { DiskWorkspace, Inspection } from './workspace';

/** What the write did, file by file, in the reply's paths. */
export interface Written {
  readonly path: string;
  readonly action: FileChange['action'];
  readonly to?: string;
  /** The file's encoding when it is not UTF-8 (kept). */
  readonly encoding?: string;
  /** The executable bit the write gave the file, when the reply changed its mode. */
  readonly executable?: boolean;
}

/** A write refused before any step was taken (nothing on disk changed). */
export class Unwritable extends Error {
  constructor(
    readonly code: 'UNSUPPORTED_ENCODING' | 'NOT_A_FILE' | 'OUT_OF_DATE',
    readonly path: string,
    message: string,
    /** What to do, when the code's usual next step does not fit (see `nextStepFor`). */
    readonly nextStep?: string,
  ) {
    super(message);
  }
}

export { WriteError, type Recovery };

/**
 * Writes every change or none. `watchdogScript` is the CLI's entry file (see watchdog.ts); without
 * it no watchdog is started (in-process tests), and a killed process leaves temporary files.
 * Throws `Unwritable` (nothing done) or `WriteError` (every file put back, or said which not).
 */
export function writeChanges(workspace: DiskWorkspace, changes: readonly FileChange[], watchdogScript?: string): Written[] {
  const moves = changes.filter((change) => change.action === 'move' && change.to !== undefined && change.to !== change.path);
  const reply = {
    freed: new Set([...changes.filter((change) => change.action === 'delete'), ...moves].map((change) => change.path)),
    written: new Set([...changes.filter((change) => change.action === 'create'), ...moves].map((change) => (change.action === 'move' ? change.to! : change.path))),
  };
  const steps = changes.flatMap((change) => stepsFor(workspace, change, reply));
  if (steps.length === 0) return [];
  const journalFile = path.join(os.tmpdir(), `apply-ai-edit-journal-${process.pid}-${Date.now().toString(36)}.jsonl`);
  // The watchdog first: if this process dies before the journal exists, there is nothing to undo.
  const watched = watchdogScript !== undefined && startWatchdog(journalFile, watchdogScript);
  const journal = watched ? Journal.toFile(journalFile) : Journal.inMemory();
  try {
    announceWrite();
    runTransaction(steps, journal);
    announceWritten();
  } finally {
    journal.close();
    // Done or undone: nothing is left for the watchdog, which finds no journal and exits.
    if (watched) fs.rmSync(journalFile, { force: true });
  }
  return changes.map((change) => {
    const found = workspace.inspect(change.path);
    const encoding = found.kind === 'file' && found.decoded.encoding !== 'utf-8' ? (typeof found.decoded.encoding === 'string' ? found.decoded.encoding : found.decoded.encoding.name) : undefined;
    return { path: change.path, action: change.action, ...(change.to ? { to: change.to } : {}), ...(encoding ? { encoding } : {}), ...(change.executable !== undefined ? { executable: change.executable } : {}) };
  });
}

/**
 * The disk steps of one proposed file. A path the reply frees (deletes, or moves away) and writes
 * again (a move onto it, a new file there) is one step: the write replaces the file, and no
 * separate removal comes first.
 */
function stepsFor(workspace: DiskWorkspace, change: FileChange, reply: { readonly freed: ReadonlySet<string>; readonly written: ReadonlySet<string> }): DiskStep[] {
  const source = workspace.inspect(change.path);
  if (source.kind === 'refused') throw new Unwritable('NOT_A_FILE', change.path, source.message); // the engine refused it too
  const recheck = (relative: string, real: string) => () => workspace.recheck(relative, real);
  // The mode change of the reply (see `FileChange.executable`), never made through a link: it
  // would change the file the link points to (the engine refused it already; this holds if not).
  const executable = change.executable !== undefined ? { executable: change.executable } : {};
  const noModeThroughLink = (path: string, isLink: boolean) => {
    if (change.executable !== undefined && isLink) throw new Unwritable('NOT_A_FILE', path, `${path} is a symbolic link: its mode is not changed through it`);
  };
  /** A write of `bytes` to `path`: a new file, or the replacement of one the reply frees. */
  const writeTo = (path: string, bytes: Buffer, keep?: WriteStep['keep']): DiskStep => {
    const target = workspace.inspect(path);
    if (target.kind !== 'refused') noModeThroughLink(path, target.isLink);
    if (target.kind === 'missing') return { kind: 'write', display: path, target: target.real, bytes, expect: 'absent', keep, ...executable, recheck: recheck(path, target.real) };
    if (target.kind === 'file' && reply.freed.has(path) && !target.isLink) return { kind: 'write', display: path, target: target.real, bytes, expect: target.snapshot, keep, ...executable, recheck: recheck(path, target.real) };
    throw new Unwritable('OUT_OF_DATE', path, `${path} ${target.kind === 'refused' ? `cannot be written: ${target.message}` : 'exists'}`);
  };
  if (change.action === 'create') return [writeTo(change.path, newBytesOf(change, source)!)];
  if (source.kind !== 'file') throw new Unwritable('OUT_OF_DATE', change.path, `${change.path} no longer exists`);
  const keep = { mode: source.snapshot.mode, uid: source.snapshot.uid, gid: source.snapshot.gid };
  const remove = (): DiskStep[] => {
    // Removing or moving a link would act on the link, not on the file the plan read.
    if (source.isLink) throw new Unwritable('NOT_A_FILE', change.path, `${change.path} is a symbolic link; only regular files are moved or deleted`);
    if (reply.written.has(change.path)) return []; // written again by the reply: that write replaces it
    return [{ kind: 'remove', display: change.path, target: source.real, expect: source.snapshot, recheck: recheck(change.path, source.real) }];
  };
  if (change.action === 'delete') return remove();
  const bytes = newBytesOf(change, source)!;
  // The moved file keeps its encoding and its mode (an executable stays executable).
  if (change.action === 'move' && change.to !== undefined && change.to !== change.path) return [writeTo(change.to, bytes, keep), ...remove()];
  noModeThroughLink(change.path, source.isLink);
  return [{ kind: 'write', display: change.path, target: source.real, bytes, expect: source.snapshot, keep, ...executable, recheck: recheck(change.path, source.real) }];
}

/**
 * The bytes of a change's new text: a created file in UTF-8, an existing one in its own encoding,
 * its unchanged head and tail as the very bytes read (`encodeText`); undefined when there is no
 * file to encode against. Throws `Unwritable` when the text cannot be written so.
 */
function newBytesOf(change: FileChange, source: Inspection): Buffer | undefined {
  if (change.action === 'create') return encoded(change.path, change.newText ?? '', 'utf-8');
  if (source.kind !== 'file') return undefined;
  return encoded(change.path, change.newText ?? '', source.decoded.encoding, { text: source.decoded.text, bytes: source.bytes });
}

function encoded(display: string, text: string, encoding: Parameters<typeof encodeText>[1], original?: Parameters<typeof encodeText>[2]): Buffer {
  const result = encodeText(text, encoding, original);
  if (!result.ok) throw new Unwritable('UNSUPPORTED_ENCODING', display, `${display}: ${result.reason}`, result.nextStep);
  return result.bytes;
}

/**
 * The refusal `writeChanges` would meet encoding the new texts, each in its file's encoding (a
 * character the encoding has no byte for: an arrow added to a latin1 file), found without writing
 * anything; undefined when every text encodes. A dry run asks, so that it does not promise an
 * edit that `--write` then refuses.
 */
export function encodingRefusal(workspace: DiskWorkspace, changes: readonly FileChange[]): Unwritable | undefined {
  for (const change of changes) {
    if (change.action === 'delete' || change.newText === undefined) continue;
    try {
      newBytesOf(change, workspace.inspect(change.path));
    } catch (error) {
      if (error instanceof Unwritable) return error;
      throw error;
    }
  }
  return undefined;
}
