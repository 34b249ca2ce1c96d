/**
 * Reading a file once, safely, and remembering exactly what was read. The snapshot (identity,
 * size, modification time, SHA-256 of the bytes) is what a later write compares against, so an
 * append or save by someone else between planning and writing is seen, never written over.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { nonRegularKind } from '../../node/realPath';

/** What a file was when the plan was made from it. */
export interface Snapshot {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  /** Permission bits and owner, which a rewrite of the file keeps. */
  readonly mode: number;
  readonly uid: number;
  readonly gid: number;
  readonly sha256: string;
}

export type ReadOutcome =
  | { readonly ok: true; readonly bytes: Buffer; readonly snapshot: Snapshot }
  | { readonly ok: false; readonly code: 'NOT_A_FILE' | 'TOO_LARGE' | 'OUT_OF_DATE' | 'FILE_NOT_FOUND'; readonly reason: string };

// Never block on a pipe or follow a link swapped in after the path was resolved.
const readFlags = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/**
 * Reads the regular file at `real` (a path without links) if it holds at most `maxBytes` bytes.
 * Guarantees: the size is checked with `fstat` before a byte is read (a 1.2 GB file costs one
 * system call); a folder, pipe, socket or device is refused, not opened for reading; the bytes
 * returned are exactly those the snapshot describes (a file that changes while it is read is
 * read again, twice at most).
 */
export function readRegularFile(real: string, maxBytes: number): ReadOutcome {
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(real, readFlags);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { ok: false, code: 'FILE_NOT_FOUND', reason: 'was removed while it was being read' };
      if (code === 'ELOOP') return { ok: false, code: 'OUT_OF_DATE', reason: 'became a symbolic link while it was being read' };
      if (code === 'ENXIO') return { ok: false, code: 'NOT_A_FILE', reason: 'is a socket or a pipe, not a regular file' };
      throw error;
    }
    try {
      const before = fs.fstatSync(fd);
      const kind = nonRegularKind(before);
      if (kind) return { ok: false, code: 'NOT_A_FILE', reason: `is ${kind}, not a regular file` };
      if (before.size > maxBytes) return { ok: false, code: 'TOO_LARGE', reason: `is ${formatBytes(before.size)}, over the limit of ${formatBytes(maxBytes)} (--max-file-size)` };
      const bytes = readAll(fd, before.size, maxBytes);
      if (bytes === undefined) return { ok: false, code: 'TOO_LARGE', reason: `grew over the limit of ${formatBytes(maxBytes)} while it was being read` };
      const after = fs.fstatSync(fd);
      if (after.size !== bytes.length || after.mtimeMs !== before.mtimeMs) continue;
      return { ok: true, bytes, snapshot: { dev: after.dev, ino: after.ino, size: after.size, mtimeMs: after.mtimeMs, mode: after.mode & 0o7777, uid: after.uid, gid: after.gid, sha256: sha256(bytes) } };
    } finally {
      fs.closeSync(fd);
    }
  }
  return { ok: false, code: 'OUT_OF_DATE', reason: 'kept changing while it was being read' };
}

/**
 * Why the file at `file` is no longer the file of `snapshot` (another identity, size, time or
 * content), or undefined when it still is.
 */
export function changedSince(file: string, snapshot: Snapshot): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'was removed' : `cannot be checked (${(error as NodeJS.ErrnoException).code})`;
  }
  if (!stat.isFile()) return 'is no longer a regular file';
  if (stat.dev !== snapshot.dev || stat.ino !== snapshot.ino) return 'was replaced by another file';
  if (stat.size !== snapshot.size) return `changed size (${snapshot.size} → ${stat.size} bytes)`;
  if (stat.mtimeMs !== snapshot.mtimeMs) return 'was modified';
  const bytes = fs.readFileSync(file);
  if (sha256(bytes) !== snapshot.sha256) return 'has other content';
  return undefined;
}

function readAll(fd: number, expected: number, maxBytes: number): Buffer | undefined {
  const chunks: Buffer[] = [];
  let total = 0;
  let chunk = Buffer.allocUnsafe(Math.max(1, Math.min(expected + 1, 1 << 20)));
  for (;;) {
    const read = fs.readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) break;
    total += read;
    if (total > maxBytes) return undefined;
    chunks.push(Buffer.from(chunk.subarray(0, read)));
    if (read === chunk.length) chunk = Buffer.allocUnsafe(Math.min(chunk.length * 2, 1 << 24));
  }
  return Buffer.concat(chunks, total);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.ceil(n / 1024)} KB`;
}
