/**
 * The write's journal and its one way back. Every step of a write is recorded here *before* it is
 * taken, so whoever reads the journal (the CLI itself after a failed step, or the watchdog after
 * the CLI was killed) can tell from the journal and the disk what was done, and undo it:
 * `recover` puts every original back, removes every file and folder the write created and every
 * temporary file, and reports exactly that. After the `commit` record nothing is undone: the
 * write is complete and only its leftovers (temporaries, kept originals) are removed.
 */
import * as fs from 'node:fs';

export type JournalEntry =
  /** About to create this folder. */
  | { readonly t: 'mkdir'; readonly path: string }
  /** About to create this temporary file. */
  | { readonly t: 'temp'; readonly path: string }
  /** The temporary file exists and is this inode (so it can be recognised after a rename). */
  | { readonly t: 'tempIno'; readonly path: string; readonly dev: number; readonly ino: number }
  /** About to keep the original `of` under the name `path` (a hard link, a copy, or `of` renamed there). */
  | { readonly t: 'backup'; readonly path: string; readonly of: string }
  /** About to rename `temp` over `target` (whose original is kept at `backup`). */
  | { readonly t: 'replace'; readonly temp: string; readonly target: string; readonly backup: string; readonly display: string }
  /** About to give `temp` the new name `target` (a new file). */
  | { readonly t: 'create'; readonly temp: string; readonly target: string; readonly display: string }
  /** About to remove `target` by renaming it to `backup` (kept until the write is done). */
  | { readonly t: 'remove'; readonly target: string; readonly backup: string; readonly display: string }
  /** Every file has its new content: from here on the write is done. */
  | { readonly t: 'commit' }
  /** Nothing is left to do or undo. */
  | { readonly t: 'end' };

/** What `recover` did, in the reply's paths. */
export interface Recovery {
  /** The write had committed: files keep their new content, only leftovers were removed. */
  readonly committed: boolean;
  /** Files whose original content was put back. */
  readonly restored: string[];
  /** Files the write had created, removed again. */
  readonly removed: string[];
  /** What could not be undone, each saying where the bytes are. Empty when every byte is as it was. */
  readonly problems: string[];
}

/** An append-only journal: in memory, and in a file when a watchdog is to read it. */
export class Journal {
  readonly entries: JournalEntry[] = [];

  private constructor(private fd: number | undefined) {}

  /** A journal also written to `file` (created; it must not exist), one JSON record a line. */
  static toFile(file: string): Journal {
    return new Journal(fs.openSync(file, 'wx', 0o600));
  }

  static inMemory(): Journal {
    return new Journal(undefined);
  }

  /** Records `entry`; once this returns, a reader of the file sees it (the page cache is shared). */
  add(entry: JournalEntry): void {
    this.entries.push(entry);
    if (this.fd !== undefined) fs.writeSync(this.fd, JSON.stringify(entry) + '\n');
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }
}

/** The entries of a journal file; a last line cut short by a kill is left out. */
export function readJournal(file: string): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line === '') continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch {
      break;
    }
  }
  return entries;
}

/**
 * Brings the disk back to a consistent state after the journal's last step, whatever happened
 * after it was recorded: before `commit`, every file the write replaced, created or removed is
 * as it was before the write (each rename taken back, or found not to have happened) and the
 * folders it created are removed when empty; after `commit`, the new files stay. Either way no
 * temporary file or kept original is left. Never throws: what it cannot do is in `problems`.
 */
export function recover(entries: readonly JournalEntry[]): Recovery {
  const committed = entries.some((e) => e.t === 'commit');
  const restored: string[] = [];
  const removed: string[] = [];
  const problems: string[] = [];
  const temps = new Map<string, { dev: number; ino: number }>();
  for (const entry of entries) if (entry.t === 'tempIno') temps.set(entry.path, { dev: entry.dev, ino: entry.ino });
  /** Kept originals that must stay because they are the only copy of someone's bytes. */
  const keep = new Set<string>();
  const isOurs = (target: string, temp: string) => {
    const identity = temps.get(temp);
    const stat = lstatOrUndefined(target);
    return identity !== undefined && stat !== undefined && stat.dev === identity.dev && stat.ino === identity.ino;
  };
  if (!committed) {
    for (const entry of [...entries].reverse()) {
      try {
        if (entry.t === 'replace' && isOurs(entry.target, entry.temp)) {
          if (lstatOrUndefined(entry.backup)) {
            fs.renameSync(entry.backup, entry.target);
            restored.push(entry.display);
          } else problems.push(`${entry.display} has its new content and its original was not found`);
        } else if (entry.t === 'create' && isOurs(entry.target, entry.temp)) {
          fs.unlinkSync(entry.target);
          removed.push(entry.display);
        } else if (entry.t === 'remove' && lstatOrUndefined(entry.backup)) {
          // The removal renamed the file to its backup name: the backup exists only if it happened.
          if (!lstatOrUndefined(entry.target)) {
            fs.renameSync(entry.backup, entry.target);
            restored.push(entry.display);
          } else {
            keep.add(entry.backup);
            problems.push(`${entry.display} was removed and another file now has its name; its original is kept at ${entry.backup}`);
          }
        }
      } catch (error) {
        const where = 'backup' in entry ? `; its original is kept at ${entry.backup}` : '';
        if ('backup' in entry) keep.add(entry.backup);
        problems.push(`${'display' in entry ? entry.display : ''} could not be put back (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})${where}`);
      }
    }
  }
  for (const entry of entries) {
    const leftover = entry.t === 'temp' ? entry.path : entry.t === 'backup' && !keep.has(entry.path) ? entry.path : undefined;
    if (leftover === undefined) continue;
    try {
      fs.unlinkSync(leftover);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') problems.push(`the temporary file ${leftover} could not be removed (${code})`);
    }
  }
  if (!committed) {
    for (const entry of [...entries].reverse()) {
      if (entry.t !== 'mkdir') continue;
      try {
        fs.rmdirSync(entry.path);
      } catch {
        // Gone already, or not empty: someone else put a file there, which stays.
      }
    }
  }
  return { committed, restored, removed, problems };
}

/** One line saying what `recover` left on disk. */
export function describeRecovery(recovery: Recovery): string {
  if (recovery.committed) {
    return recovery.problems.length ? `every file has its new content, but ${recovery.problems.join('; ')}` : 'every file has its new content';
  }
  const undone = [
    recovery.restored.length ? `put back ${recovery.restored.join(', ')}` : '',
    recovery.removed.length ? `removed the new ${recovery.removed.length === 1 ? 'file' : 'files'} ${recovery.removed.join(', ')}` : '',
  ].filter(Boolean);
  const done = undone.length ? ` (${undone.join('; ')})` : '';
  if (recovery.problems.length === 0) return `every file is as it was before${done}`;
  return `NOT every file could be restored${done}: ${recovery.problems.join('; ')}`;
}

function lstatOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}
