import * as path from 'node:path';

export type ResolvedPath =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly message: string; readonly code?: 'PROTECTED_PATH' };

/**
 * Resolves a path as a reply wrote it to a workspace-relative POSIX path, or refuses it.
 * Accepts `./x`, Windows backslashes, and absolute paths that lie inside `root`; refuses anything
 * that climbs out (`../../etc/passwd`), other absolute paths, drive letters outside the root,
 * NUL characters and empty paths, and (`PROTECTED_PATH`) anything inside a version-control
 * folder (see `versionControlFolderIn`). Pure string work: symlinks are the host's to check.
 */
export function resolvePath(raw: string, root?: string): ResolvedPath {
  // The ops of a reply mostly name one file, each asking again: the last answer is kept.
  if (raw === last.raw && root === last.root) return last.resolved;
  const resolved = resolveAfresh(raw, root);
  last = { raw, root, resolved };
  return resolved;
}

let last: { readonly raw: string | undefined; readonly root: string | undefined; readonly resolved: ResolvedPath } = { raw: undefined, root: undefined, resolved: { ok: false, message: '' } };

function resolveAfresh(raw: string, root: string | undefined): ResolvedPath {
  let candidate = raw.trim().replace(/\\/g, '/');
  if (candidate === '' || candidate.includes('\u0000')) return { ok: false, message: `"${raw}" is not a usable path` };
  const posixRoot = root === undefined ? undefined : withoutTrailingSlashes(root.replace(/\\/g, '/'));
  const isAbsolute = candidate.startsWith('/') || /^[A-Za-z]:\//.test(candidate);
  if (isAbsolute) {
    const sameRoot = (a: string, b: string) => (/^[A-Za-z]:/.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b);
    if (posixRoot && (sameRoot(candidate, posixRoot) || sameRoot(candidate.slice(0, posixRoot.length + 1), posixRoot + '/'))) {
      candidate = candidate.slice(posixRoot.length + 1);
    } else {
      return { ok: false, message: `"${raw}" is an absolute path outside the workspace` };
    }
  }
  const normalised = path.posix.normalize(candidate);
  if (normalised === '..' || normalised.startsWith('../') || normalised.startsWith('/')) {
    return { ok: false, message: `"${raw}" points outside the workspace` };
  }
  if (normalised === '.' || normalised === '') return { ok: false, message: `"${raw}" names the workspace folder, not a file` };
  const metadata = versionControlFolderIn(normalised);
  if (metadata !== undefined) return { ok: false, code: 'PROTECTED_PATH', message: protectedPathMessage(raw, metadata) };
  return { ok: true, path: withoutTrailingSlashes(normalised) };
}

/** The version-control folders whose files no edit may touch. */
const VERSION_CONTROL_FOLDERS = new Set(['.git', '.hg', '.svn']);

/**
 * The version-control folder (or a worktree's `.git` file) a `/`-separated relative path lies in
 * or names, as written in it (`.git` for `.git/hooks/pre-commit`), or undefined. Such a folder
 * holds the repository's own config, hooks and history, not workspace code: a reply's
 * `*** Add File: .git/hooks/pre-commit` or `--- a/.git/config` would run code on the next commit
 * or change where the repository fetches from. Segments compare without case and without the
 * trailing dots and spaces Windows drops, as the file systems that ignore them open `.GIT/config`.
 */
export function versionControlFolderIn(relative: string): string | undefined {
  return relative.split('/').find((segment) => VERSION_CONTROL_FOLDERS.has(withoutTrailingDotsAndSpaces(segment).toLowerCase()));
}

/** Drops trailing dots and spaces with a loop (`/[. ]+$/` backtracks quadratically on long runs). */
function withoutTrailingDotsAndSpaces(segment: string): string {
  let end = segment.length;
  while (end > 0 && (segment.charCodeAt(end - 1) === 46 || segment.charCodeAt(end - 1) === 32)) end--;
  return segment.slice(0, end);
}

/** Why a path inside a version-control folder is refused, naming the folder. */
export function protectedPathMessage(raw: string, folder: string): string {
  return `"${raw}" is inside ${folder}, the repository's version-control metadata, not a workspace file: edits never touch it`;
}

/** Drops trailing slashes with a loop: `/\/+$/` backtracks quadratically on long runs of slashes. */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 1 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end);
}

/**
 * How many workspace files ending with a missing path a host offers (`PlanOptions.locateMissing`):
 * past that, the name says too little to choose by content, and each would be read to choose.
 * Both hosts stop there, so a choice never depends on which 20 a search happened to list first.
 */
export const MAX_PATH_CANDIDATES = 20;

/** True when workspace-relative `file` is `wanted` or ends with it at a folder boundary (`src/utils/calc.py` for `utils/calc.py`). */
export function endsWithPath(file: string, wanted: string): boolean {
  return file === wanted || file.endsWith('/' + wanted);
}
