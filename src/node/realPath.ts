/**
 * Where a workspace path really leads on disk, for both hosts (the CLI and the extension): shared
 * because the rule must be one rule. Node's `realpath` cannot answer for a path that does not exist
 * yet, and answering from "the deepest existing ancestor" skips a dangling symbolic link, the hole a
 * cloned repository can ship (`evil.txt -> /home/me/.bashrc`, target absent until we create it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { protectedPathMessage, versionControlFolderIn } from '../core/paths';

/** Longest file name (one path segment) in bytes that Linux and macOS file systems hold. */
const nameMaxBytes = 255;
/** Longest path in bytes the kernel accepts (Linux PATH_MAX, terminating NUL included). */
const pathMaxBytes = 4096;
/** As many links as Linux follows before ELOOP. */
const maxLinks = 40;

/** Why a path cannot be used, in the words of the error codes the hosts report. */
export type RealPathProblem = 'outside' | 'protected' | 'notAFolder' | 'nameTooLong' | 'loop' | 'unreadable';

export type RealPath =
  | {
      readonly ok: true;
      /** The absolute path every link resolves to (for a path that does not exist: where it would be created). */
      readonly real: string;
      /** `real` relative to the real root, with `/`. */
      readonly realRelative: string;
      /** The entry at `real` (never a link), or undefined when nothing is there. */
      readonly stat: fs.Stats | undefined;
      /** True when the path's own last segment is a symbolic link. */
      readonly isLink: boolean;
      /** True when a link was followed anywhere on the way. */
      readonly throughLink: boolean;
      /** True when a link on the way points at something that does not exist (writing creates its target). */
      readonly dangling: boolean;
    }
  | { readonly ok: false; readonly problem: RealPathProblem; readonly message: string };

/**
 * Resolves `relative` (workspace-relative, `/`-separated, already free of `..` above the root)
 * under `realRoot` (a path without links, from `fs.realpathSync`) one segment at a time with
 * `lstat` and `readlink`, following every link, dangling ones included, as the kernel would when
 * the path is opened or created. Guarantees: `ok` only when the final target lies strictly inside
 * `realRoot`; a segment that is a file where a folder is needed, a name longer than the file
 * system holds, a link loop and an unreadable folder are refused, never guessed around.
 */
export function realPathInRoot(realRoot: string, relative: string): RealPath {
  const pending = relative.split('/');
  /** How many of the pending segments are the path's own (link targets are put in front of them). */
  let own = pending.length;
  let current = realRoot;
  let missing = false;
  let dangling = false;
  let links = 0;
  while (pending.length > 0) {
    const fromLink = pending.length > own;
    const segment = pending.shift()!;
    if (!fromLink) own--;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      current = path.dirname(current);
      continue;
    }
    if (Buffer.byteLength(segment) > nameMaxBytes) {
      return refuse('nameTooLong', `${relative}: the name "${shorten(segment)}" is ${Buffer.byteLength(segment)} bytes long; the file system holds at most ${nameMaxBytes}`);
    }
    const next = path.join(current, segment);
    if (Buffer.byteLength(next) >= pathMaxBytes) {
      return refuse('nameTooLong', `${shorten(relative)} would be a path of ${Buffer.byteLength(next)}+ bytes; the file system holds at most ${pathMaxBytes - 1}`);
    }
    if (missing) {
      current = next;
      continue;
    }
    let entry: fs.Stats;
    try {
      entry = fs.lstatSync(next);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        missing = true;
        dangling = fromLink;
        current = next;
        continue;
      }
      if (code === 'ENOTDIR') return refuse('notAFolder', `${relative}: ${shorten(current)} is a file, not a folder`);
      if (code === 'ENAMETOOLONG') return refuse('nameTooLong', `${shorten(relative)}: the file system cannot hold a name this long`);
      return refuse('unreadable', `${relative}: ${shorten(next)} cannot be read (${code ?? (error as Error).message})`);
    }
    if (entry.isSymbolicLink()) {
      if (++links > maxLinks) return refuse('loop', `${relative}: more than ${maxLinks} symbolic links (a loop?)`);
      let target: string;
      try {
        target = fs.readlinkSync(next);
      } catch (error) {
        return refuse('unreadable', `${relative}: the link ${shorten(next)} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      }
      pending.unshift(...target.split(/[\\/]/));
      if (path.isAbsolute(target)) current = path.parse(target).root;
      continue;
    }
    if (pending.some((s) => s !== '' && s !== '.') && !entry.isDirectory()) {
      return refuse('notAFolder', `${relative}: ${shorten(path.relative(realRoot, next) || next)} is a file, not a folder`);
    }
    current = next;
  }
  const inside = path.relative(realRoot, current);
  if (inside === '' || inside === '..' || inside.startsWith('..' + path.sep) || path.isAbsolute(inside)) {
    return refuse('outside', `${relative} leads outside the root through a symbolic link (to ${current})`);
  }
  // A link inside the root may lead into `.git` (`hooks -> .git/hooks`): the path the engine
  // allowed by its name is refused by where it leads.
  const realRelative = inside.split(path.sep).join('/');
  const metadata = versionControlFolderIn(realRelative);
  if (metadata !== undefined) return refuse('protected', `${protectedPathMessage(relative, metadata)} (it leads to ${realRelative})`);
  let stat: fs.Stats | undefined;
  if (!missing) {
    try {
      stat = fs.lstatSync(current);
    } catch {
      stat = undefined; // removed between the walk and now: it is missing
    }
  }
  let isLink = false;
  try {
    // lstat follows the folders' links, not the last segment's: is the name itself a link?
    isLink = fs.lstatSync(path.join(realRoot, relative)).isSymbolicLink();
  } catch {
    isLink = false;
  }
  return { ok: true, real: current, realRelative, stat, isLink, throughLink: links > 0, dangling };
}

/** The kind of a non-regular entry, in words ("a folder", "a named pipe (FIFO)"), or undefined for a regular file. */
export function nonRegularKind(stat: fs.Stats): string | undefined {
  if (stat.isFile()) return undefined;
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return 'not a regular file';
}

function refuse(problem: RealPathProblem, message: string): RealPath {
  return { ok: false, problem, message };
}

/** A long name cut for messages (a 300-character name once is enough). */
function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 40)}…${text.slice(-30)}` : text;
}
