/**
 * Writing a reply's files as one transaction. Each file is written to a temporary file in its own
 * folder, flushed to disk, given the original's mode (and owner, when running as root), and only
 * then renamed over the original: a file is at every instant wholly old or wholly new. No rename
 * happens before every temporary file is written; each original is kept (a hard link, so its
 * bytes, mode and owner stay exactly) until the last rename, so a failure at any step puts every
 * file back (see `recover` in journal.ts, which the watchdog also runs if the process is killed).
 * Right before each rename the file is compared with what the plan was made from: a file that
 * moved on aborts the whole write with `OUT_OF_DATE`.
 *
 * A hard link to a replaced file keeps the old bytes: the rename gives the name a new file.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { step } from './faults';
import { describeRecovery, recover, type Journal, type Recovery } from './journal';
import { changedSince, type Snapshot } from './snapshot';

/** Give `target` the content `bytes`. `expect` is the file the plan was made from, or 'absent' for a new file. */
export interface WriteStep {
  readonly kind: 'write';
  /** The path as the reply named it, for messages. */
  readonly display: string;
  /** Absolute path without links. */
  readonly target: string;
  readonly bytes: Buffer;
  readonly expect: Snapshot | 'absent';
  /** Mode and owner for the new file (the original's, or the moved file's); default: a new file's. */
  readonly keep?: { readonly mode: number; readonly uid: number; readonly gid: number };
  /** The reply's mode change: the execute bits set (or cleared) on that mode (see `withExecutable`). */
  readonly executable?: boolean;
  /** Why the path no longer leads to `target` (a folder swapped for a link since planning), if it does not. */
  readonly recheck: () => string | undefined;
}

/** Remove `target`, which must still be the file of `expect`. */
export interface RemoveStep {
  readonly kind: 'remove';
  readonly display: string;
  readonly target: string;
  readonly expect: Snapshot;
  readonly recheck: () => string | undefined;
}

export type DiskStep = WriteStep | RemoveStep;

/** A write that did not happen, and what is on disk now. */
export class WriteError extends Error {
  constructor(
    readonly code: 'OUT_OF_DATE' | 'WRITE_FAILED',
    readonly path: string | undefined,
    readonly reason: string,
    readonly recovery: Recovery,
  ) {
    super(`${reason}; ${describeRecovery(recovery)}`);
    this.name = 'WriteError';
  }
}

/** The file changed since it was planned: the whole write stops. */
class OutOfDate extends Error {
  constructor(
    readonly display: string,
    reason: string,
  ) {
    super(`${display} ${reason} after the plan was made`);
  }
}

const runningAsRoot = process.getuid?.() === 0;

/**
 * Runs `steps` as one transaction, recording each step in `journal` before taking it. Returns
 * when every file has its new content; throws a `WriteError` (after putting every file back)
 * otherwise. Temporary files are named `.apply-ai-edit-<run>-<n>.tmp` and kept originals
 * `.apply-ai-edit-<run>-<n>.orig`, next to their files.
 */
export function runTransaction(steps: readonly DiskStep[], journal: Journal): void {
  const run = `${process.pid.toString(36)}${Math.floor(Math.random() * 0xffff).toString(36)}`;
  let counter = 0;
  const sibling = (file: string, suffix: string) => path.join(path.dirname(file), `.apply-ai-edit-${run}-${++counter}.${suffix}`);
  const temps = new Map<DiskStep, string>();
  const backups = new Map<DiskStep, string>();
  try {
    // Prepare: every new content on disk next to its file before anything is renamed.
    for (const change of steps) {
      if (change.kind !== 'write') continue;
      makeFolders(path.dirname(change.target), journal);
      const temp = sibling(change.target, 'tmp');
      journal.add({ t: 'temp', path: temp });
      const identity = writeTemporary(temp, change.bytes, change.keep, change.executable);
      journal.add({ t: 'tempIno', path: temp, ...identity });
      temps.set(change, temp);
      if (change.expect !== 'absent') {
        const backup = sibling(change.target, 'orig');
        journal.add({ t: 'backup', path: backup, of: change.target });
        keepOriginal(change.target, backup, change.expect);
        backups.set(change, backup);
      }
    }
    // Commit: check each file is still the planned one, then rename (or remove) it.
    for (const change of steps) {
      const moved = change.recheck();
      if (moved) throw new OutOfDate(change.display, moved);
      if (change.kind === 'remove') {
        const why = changedSince(change.target, change.expect);
        if (why) throw new OutOfDate(change.display, why);
        const backup = sibling(change.target, 'orig');
        journal.add({ t: 'backup', path: backup, of: change.target });
        journal.add({ t: 'remove', target: change.target, backup, display: change.display });
        step(`remove ${change.display}`);
        fs.renameSync(change.target, backup);
        untouchedSince(backup, change.expect, change.display);
      } else if (change.expect === 'absent') {
        const temp = temps.get(change)!;
        journal.add({ t: 'create', temp, target: change.target, display: change.display });
        step(`create ${change.display}`);
        createExclusively(temp, change.target, change.display);
      } else {
        const why = changedSince(change.target, change.expect);
        if (why) throw new OutOfDate(change.display, why);
        const temp = temps.get(change)!;
        const backup = backups.get(change)!;
        journal.add({ t: 'replace', temp, target: change.target, backup, display: change.display });
        step(`rename over ${change.display}`);
        fs.renameSync(temp, change.target);
        // An append in place between the check and the rename went into the kept original.
        untouchedSince(backup, change.expect, change.display);
      }
    }
    const folders = new Set(steps.map((change) => path.dirname(change.target)));
    for (const folder of folders) {
      step(`flush the folder ${folder}`);
      syncFolder(folder);
    }
  } catch (error) {
    const recovery = recover(journal.entries);
    journal.add({ t: 'end' });
    if (error instanceof OutOfDate) throw new WriteError('OUT_OF_DATE', error.display, error.message, recovery);
    const code = (error as NodeJS.ErrnoException).code;
    throw new WriteError('WRITE_FAILED', undefined, `a write failed (${code ? `${code}: ` : ''}${(error as Error).message})`, recovery);
  }
  journal.add({ t: 'commit' });
  const leftovers = recover(journal.entries);
  journal.add({ t: 'end' });
  if (leftovers.problems.length) process.stderr.write(`apply-ai-edit: written, but ${leftovers.problems.join('; ')}\n`);
}

/** Creates the missing folders above `folder`, shallowest first, each recorded before it is made. */
function makeFolders(folder: string, journal: Journal): void {
  const missing: string[] = [];
  for (let at = folder; !exists(at); at = path.dirname(at)) {
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const dir of missing) {
    journal.add({ t: 'mkdir', path: dir });
    step(`create the folder ${dir}`);
    try {
      fs.mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * `mode` with its owner, group and other execute bits following git's mode, the other bits kept
 * (as `git apply` changes only whether a file is executable): made executable, each class that
 * may read the file may execute it (644 becomes 755, a private 600 becomes 700, and a new file's
 * umask is kept so); made not executable, no class may.
 */
export function withExecutable(mode: number, executable: boolean): number {
  return executable ? mode | ((mode & 0o444) >> 2) : mode & ~0o111;
}

/** Writes and flushes a new file that must not exist yet; returns its identity. */
function writeTemporary(temp: string, bytes: Buffer, keep: WriteStep['keep'], executable?: boolean): { dev: number; ino: number } {
  step(`create ${temp}`);
  // 0o666 as any new file (the umask applies); an existing file's mode is set before a byte is written.
  const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o666);
  try {
    if (keep && runningAsRoot) {
      step(`set the owner of ${temp}`);
      fs.fchownSync(fd, keep.uid, keep.gid);
    }
    // The reply's mode change on the mode the file keeps (or a new file's, the umask applied).
    const mode = executable === undefined ? keep?.mode : withExecutable((keep?.mode ?? fs.fstatSync(fd).mode) & 0o7777, executable);
    if (mode !== undefined) {
      step(`set the mode of ${temp}`);
      fs.fchmodSync(fd, mode);
    }
    step(`write ${temp}`);
    for (let written = 0; written < bytes.length; ) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    step(`flush ${temp}`);
    fs.fsyncSync(fd);
    const stat = fs.fstatSync(fd);
    return { dev: stat.dev, ino: stat.ino };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Keeps the original under `backup`: a hard link (the very inode: bytes, mode, owner), or, where
 * the file system has no hard links, a flushed copy with the same mode and owner.
 */
function keepOriginal(target: string, backup: string, expect: Snapshot): void {
  step(`keep the original of ${target}`);
  try {
    fs.linkSync(target, backup);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EMLINK') throw error;
  }
  writeTemporary(backup, fs.readFileSync(target), { mode: expect.mode, uid: expect.uid, gid: expect.gid });
}

/** Gives the new file its name only if nothing has that name yet (a file created meanwhile is never overwritten). */
function createExclusively(temp: string, target: string, display: string): void {
  try {
    fs.linkSync(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new OutOfDate(display, 'was created by someone else');
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    // No hard links on this file system: check, then rename (a narrower guarantee).
    if (exists(target)) throw new OutOfDate(display, 'was created by someone else');
    fs.renameSync(temp, target);
    return;
  }
  fs.unlinkSync(temp);
}

/** Throws OUT_OF_DATE when the kept original was written to after the check (size or time moved). */
function untouchedSince(kept: string, expect: Snapshot, display: string): void {
  const stat = fs.lstatSync(kept);
  if (stat.ino === expect.ino && (stat.size !== expect.size || stat.mtimeMs !== expect.mtimeMs)) throw new OutOfDate(display, 'was written to by another program');
}

/** Flushes a folder's entries (the renames) to disk; file systems that cannot are left alone. */
function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(folder, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems (and all of Windows) refuse fsync on a folder; the renames still happened.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
