/**
 * The files under `--root` as the engine may see them. Every path the reply names is resolved
 * through each symbolic link (dangling ones too) before planning, then read once, strictly:
 * - a path whose real target leaves the root is refused (`OUTSIDE_WORKSPACE`);
 * - only regular files are read: a folder, pipe, socket or device is refused (`NOT_A_FILE`), and a
 *   name the file system cannot hold (`NAME_TOO_LONG`), before anything is opened;
 * - the size is checked with `fstat` before reading (`TOO_LARGE`); binary files are refused;
 * - bytes are decoded strictly (encoding.ts): a file that is not UTF-8, UTF-16 with a BOM or the
 *   `--encoding` the user named is refused (`UNSUPPORTED_ENCODING`), never decoded lossily;
 * - two paths that are one file on disk (a link and its target) are refused (`SAME_FILE`): planned
 *   apart, the second write would undo the first.
 * What was read is kept (bytes, encoding, snapshot) for the write to compare against.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EditOp, ErrorCode, FileMode, ParsedReply, PathRefusal } from '../../core/index';
import { nonRegularKind, realPathInRoot, type RealPathProblem } from '../../node/realPath';
import { decodeBytes, type Decoded } from './encoding';
import { readRegularFile, type Snapshot } from './snapshot';

export type Inspection =
  | {
      readonly kind: 'file';
      readonly path: string;
      /** Absolute path without links. */
      readonly real: string;
      readonly realRelative: string;
      /** The path itself is a symbolic link (its target is what is read and written). */
      readonly isLink: boolean;
      readonly decoded: Decoded;
      readonly bytes: Buffer;
      readonly snapshot: Snapshot;
    }
  | { readonly kind: 'missing'; readonly path: string; readonly real: string; readonly realRelative: string; readonly isLink: boolean }
  | { readonly kind: 'refused'; readonly path: string; readonly code: ErrorCode; readonly message: string };

export interface WorkspaceOptions {
  /** Files larger than this are refused without being read. */
  readonly maxBytes: number;
  /** The encoding of files that are not UTF-8 (`--encoding`); without it they are refused. */
  readonly encoding?: string;
}

const codeFor: Record<RealPathProblem, ErrorCode> = {
  outside: 'OUTSIDE_WORKSPACE',
  protected: 'PROTECTED_PATH',
  notAFolder: 'NOT_A_FILE',
  nameTooLong: 'NAME_TOO_LONG',
  loop: 'NOT_A_FILE',
  unreadable: 'NOT_A_FILE',
};

export class DiskWorkspace {
  /** The root with every link resolved: what paths are confined to. */
  readonly realRoot: string;
  private readonly seen = new Map<string, Inspection>();

  /** `root` must be an existing folder (checked by the caller). */
  constructor(
    readonly root: string,
    private readonly options: WorkspaceOptions,
  ) {
    this.realRoot = fs.realpathSync(root);
  }

  /** What `relative` (a path the engine resolved) is on disk; read at most once per run. */
  inspect(relative: string): Inspection {
    let found = this.seen.get(relative);
    if (!found) {
      found = this.look(relative);
      this.seen.set(relative, found);
    }
    return found;
  }

  /** `PlanOptions.refusePath`: the refusal of a path, with its code. */
  readonly refusePath = (relative: string): PathRefusal | undefined => {
    const found = this.inspect(relative);
    return found.kind === 'refused' ? { code: found.code, message: found.message } : undefined;
  };

  /** The engine's `ReadFile`: a file's decoded text, undefined when nothing is there (or it is refused). */
  readonly readFile = (relative: string): string | undefined => {
    const found = this.inspect(relative);
    return found.kind === 'file' ? found.decoded.text : undefined;
  };

  /**
   * `PlanOptions.modeOf`: whether the file is executable (its owner's execute bit, as git reads a
   * mode: 100755 or 100644) and whether the path itself is a symbolic link (a dangling one
   * included). Undefined where nothing is there, and on Windows, whose file systems keep no
   * execute bit (see `modeNotes`).
   */
  readonly modeOf = (relative: string): FileMode | undefined => {
    if (process.platform === 'win32') return undefined;
    const found = this.inspect(relative);
    if (found.kind === 'file') return { executable: (found.snapshot.mode & 0o100) !== 0, link: found.isLink };
    if (found.kind === 'missing' && found.isLink) return { executable: false, link: true };
    return undefined;
  };

  /**
   * Refuses every path of `paths` that is one file on disk with another of them (a symlink and
   * its target, a path through a linked folder, hard links): `SAME_FILE`, naming both.
   */
  refuseAliases(paths: readonly string[]): void {
    const byFile = new Map<string, string[]>();
    for (const relative of new Set(paths)) {
      const found = this.inspect(relative);
      if (found.kind === 'refused') continue;
      const key = found.kind === 'file' ? `inode ${found.snapshot.dev}:${found.snapshot.ino}` : `path ${found.real}`;
      byFile.set(key, [...(byFile.get(key) ?? []), relative]);
    }
    for (const names of byFile.values()) {
      if (names.length < 2) continue;
      const real = this.inspect(names[0]);
      const where = real.kind === 'refused' ? '' : ` (${real.realRelative})`;
      for (const name of names) {
        const others = names.filter((other) => other !== name).join(' and ');
        this.seen.set(name, { kind: 'refused', path: name, code: 'SAME_FILE', message: `${name} and ${others} are one file on disk${where}: their edits would be written twice, the last undoing the first` });
      }
    }
  }

  /** Resolves `relative` again and says why it no longer leads to `real`, if it does not. */
  recheck(relative: string, real: string): string | undefined {
    const now = realPathInRoot(this.realRoot, relative);
    if (!now.ok) return `can no longer be written (${now.message})`;
    return now.real === real ? undefined : `now leads to ${now.real} instead of ${real}`;
  }

  private look(relative: string): Inspection {
    const refused = (code: ErrorCode, message: string): Inspection => ({ kind: 'refused', path: relative, code, message });
    const resolved = realPathInRoot(this.realRoot, relative);
    if (!resolved.ok) return refused(codeFor[resolved.problem], resolved.message);
    const { real, realRelative, isLink } = resolved;
    if (!resolved.stat) return { kind: 'missing', path: relative, real, realRelative, isLink };
    const kind = nonRegularKind(resolved.stat);
    if (kind) return refused('NOT_A_FILE', `${relative} is ${kind}, not a file`);
    const read = readRegularFile(real, this.options.maxBytes);
    if (!read.ok) {
      if (read.code === 'FILE_NOT_FOUND') return { kind: 'missing', path: relative, real, realRelative, isLink };
      return refused(read.code, `${relative} ${read.reason}`);
    }
    const decoded = decodeBytes(read.bytes, this.options.encoding);
    if (!decoded.ok) return refused(decoded.code, `${relative} ${decoded.reason}`);
    return { kind: 'file', path: relative, real, realRelative, isLink, decoded: decoded.decoded, bytes: read.bytes, snapshot: read.snapshot };
  }
}

/**
 * The reply with absolute paths written through `--root` as given (a symbolic link to the
 * project, say) rewritten to the real root the engine is handed, so absolute paths under either
 * spelling of the root are inside it. Paths elsewhere are left for the engine to refuse.
 */
export function withRealRoot(parsed: ParsedReply, givenRoot: string, realRoot: string): ParsedReply {
  if (givenRoot === realRoot) return parsed;
  const map = <T extends string | undefined>(raw: T): T => {
    if (raw === undefined) return raw;
    const slashed = raw.trim().replace(/\\/g, '/');
    const given = givenRoot.split(path.sep).join('/');
    return (slashed === given || slashed.startsWith(given + '/') ? realRoot.split(path.sep).join('/') + slashed.slice(given.length) : raw) as T;
  };
  return {
    ...parsed,
    ops: parsed.ops.map((op) => (op.kind === 'move' ? { ...op, from: map(op.from), to: map(op.to) } : ({ ...op, path: map(op.path) } as EditOp))),
  };
}

/** `--file` given through the root's other spelling, mapped like the reply's paths. */
export function hintWithRealRoot(hint: string | undefined, givenRoot: string, realRoot: string): string | undefined {
  if (hint === undefined || !path.isAbsolute(hint)) return hint;
  const relative = path.relative(givenRoot, hint);
  return relative.startsWith('..') || path.isAbsolute(relative) ? hint : path.join(realRoot, relative);
}
