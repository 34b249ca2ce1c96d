import type { EditOp, ReplaceOp, RewriteFileOp } from '../ir';
import { ladder, locate } from '../locate/ladder';
import { resolvePath } from '../paths';
import type { PathRefusal } from '../pipeline';
import { bareNameTarget } from './bareNewFile';
import { toNeedle } from './opText';
import { rewritesWhole } from './rewrite';
import { toLines } from '../text/fileText';
import type { Transaction } from './transaction';

/** The workspace file an op edits, or the failure already recorded for it. */
export type TargetFile = { readonly ok: true; readonly path: string } | { readonly ok: false };

/**
 * Chooses the workspace-relative file an op is for, and records a failure when there is none:
 * - a diff naming its file twice without a rename: the name that exists (see `NamedPaths`);
 * - a block naming no file: the host's hint path, unless the reply names other files, then the
 *   one file in play whose text holds the block's search text (see `pathlessTarget`);
 * - an absolute path from the model's machine, outside the root, for an edit of an existing
 *   file: the workspace file its tail names (see `foreignTail`);
 * - a path that does not exist, for such an edit: the one file whose path ends with it (the
 *   host's `locateMissing`);
 * - a bare file name that does not exist, for a whole file that is the hint file written again:
 *   the hint file (see `hintFileRewritten`); for a new file, the hint path when it has that name
 *   and does not exist, or the one folder whose files import it by a relative path, `AMBIGUOUS`
 *   when files of several folders do (see `bareNameTarget`);
 * - a path that does not exist, for a whole file: the one workspace file ending with it that the
 *   block is written again (see `rewrittenFileEndingWith`), `AMBIGUOUS` when several are; never
 *   for a whole file the reply calls new (see `declaredNewPath`);
 * - a path that exists, for a whole file that shares little with it and is another file of that
 *   name written again: `AMBIGUOUS` (see `sameNamedFileRewritten`).
 * Paths outside the root, or refused by the host, fail with `OUTSIDE_WORKSPACE` (or the host's code);
 * paths inside a version-control folder with `PROTECTED_PATH`.
 * Every substitution leaves a note on the op's records.
 */
export function targetFileOf(tx: Transaction, op: EditOp): TargetFile {
  const block = op.source.block;
  let rawPath = op.kind === 'move' ? op.from : (namedPathFor(tx, op) ?? (op.kind === 'replace' && op.pathInherited ? undefined : op.path));
  if (rawPath === undefined) {
    const pathless = pathlessTarget(tx, op, op.kind === 'replace' && op.pathInherited ? op.path : undefined);
    if (pathless.kind === 'refused') {
      tx.fail('NO_TARGET_FILE', block, null, pathless.message, op);
      return { ok: false };
    }
    rawPath = pathless.path;
  }
  let resolved = resolvePath(rawPath, tx.options.root);
  if (!resolved.ok) {
    const tail = editsExistingFile(op) ? foreignTail(tx, rawPath) : op.kind === 'rewrite' ? foreignRewriteTail(tx, rawPath, op) : undefined;
    // A path inside the repository's own metadata (`.git/`) is refused as it is named: no mapping
    // of a foreign prefix may lead into it either.
    const proven = tail === undefined && resolved.code !== 'PROTECTED_PATH' ? underProvenRoot(tx, rawPath) : undefined;
    if (tail !== undefined && resolved.code !== 'PROTECTED_PATH') tx.note(block, `the reply names ${rawPath}, outside the workspace; ${tail} is the workspace file at its end`);
    else if (proven !== undefined) tx.note(block, `the reply names ${rawPath}, outside the workspace; ${proven.path} is that path under ${proven.root}, which another path of the reply shows stands for the workspace`);
    else {
      tx.fail(resolved.code ?? 'OUTSIDE_WORKSPACE', block, rawPath, resolved.message, op);
      return { ok: false };
    }
    resolved = { ok: true, path: tail ?? proven!.path };
  }
  const refusal = tx.options.refusePath?.(resolved.path) ?? (op.kind === 'move' ? refusedTarget(tx, op.to) : undefined);
  if (refusal) {
    const { code, message } = typeof refusal === 'string' ? { code: 'OUTSIDE_WORKSPACE' as const, message: refusal } : refusal;
    tx.fail(code, block, resolved.path, message, op);
    return { ok: false };
  }
  const chosen = existingPathFor(tx, resolved.path, op);
  if (typeof chosen !== 'string') {
    tx.fail('AMBIGUOUS', block, resolved.path, chosen.ambiguous, op, { nextStep: chosen.nextStep ?? 'Several workspace files fit the name the block gives: send it again under the whole path of the file it is for, from the workspace root.' });
    return { ok: false };
  }
  if (chosen !== resolved.path) tx.takePathTo(resolved.path, chosen);
  return { ok: true, path: chosen };
}

/** True when `op` can only change a file that exists (a non-empty search, a snippet, an insert). */
export function editsExistingFile(op: EditOp): boolean {
  return (op.kind === 'replace' && op.search !== '') || (op.kind === 'rewrite' && op.partial) || op.kind === 'insert' || op.kind === 'replaceLines';
}

/** True when the workspace-relative `path` names a file that exists now (in this reply's plan). */
function exists(tx: Transaction, path: string): boolean {
  const known = tx.known(path);
  return known ? known.exists : tx.readFile(path) !== undefined;
}

/**
 * For a block that names no file: the hint path (or the file `inherited` from the block before it,
 * when it holds the search text) when the reply names no other file; otherwise, for a search
 * text, the one file in play (the files the reply names, the hint, the host's open files) whose
 * text holds it (rungs 1-6, never fuzzy), or a refusal listing them. Aider's `<source>` fences and
 * models quoting several files leave blocks like that.
 */
function pathlessTarget(tx: Transaction, op: EditOp, inherited: string | undefined): { kind: 'path'; path: string } | { kind: 'refused'; message: string } {
  const { inPlay, others } = filesInPlay(tx);
  if (inherited !== undefined) {
    const resolved = resolvePath(inherited, tx.options.root);
    if (op.kind !== 'replace' || !resolved.ok || holdsSearch(tx, resolved.path, op)) return { kind: 'path', path: inherited };
    // Another file in play alone holds it: that one; else the inherited file (NO_MATCH there).
    const holding = inPlay.filter((path) => path !== resolved.path && holdsSearch(tx, path, op));
    if (holding.length !== 1) return { kind: 'path', path: inherited };
    tx.note(op.source.block, `the block names no file and the one before it was for ${inherited}, which does not hold its search text; ${holding[0]} alone of the files in play does`);
    return { kind: 'path', path: holding[0] };
  }
  const { hintPath } = tx.options;
  if (others.length === 0 || op.kind !== 'replace' || op.search === '') {
    if (hintPath !== undefined) return { kind: 'path', path: hintPath };
    return { kind: 'refused', message: 'the block names no file and no target file was given' };
  }
  const holding = inPlay.filter((path) => holdsSearch(tx, path, op));
  if (holding.length === 1) {
    tx.note(op.source.block, `the block names no file; its search text is in ${holding[0]} alone of the files in play`);
    return { kind: 'path', path: holding[0] };
  }
  const list = inPlay.join(', ');
  return {
    kind: 'refused',
    message: holding.length === 0
      ? `the block names no file, and its search text is in none of the files in play (${list})`
      : `the block names no file, and its search text is in ${holding.length} of the files in play (${holding.join(', ')})`,
  };
}

/**
 * The files in play for a block naming no file: those the reply names, the hint path, the host's
 * open files (resolved, once each); and `others`, the named ones that are not the hint.
 */
function filesInPlay(tx: Transaction): { inPlay: string[]; others: string[] } {
  const resolvedAll = (raws: readonly string[]) => raws.flatMap((raw) => {
    const resolved = resolvePath(raw, tx.options.root);
    return resolved.ok ? [resolved.path] : [];
  });
  const named = resolvedAll(tx.namedPaths);
  const hint = tx.options.hintPath === undefined ? [] : resolvedAll([tx.options.hintPath]);
  const inPlay = [...new Set([...named, ...hint, ...resolvedAll(tx.options.openFiles ?? [])])];
  return { inPlay, others: named.filter((path) => !hint.includes(path)) };
}

/** True when the file's current text holds the op's search text under rungs 1-6 (no fuzzy guess). */
function holdsSearch(tx: Transaction, path: string, op: ReplaceOp): boolean {
  const state = tx.lookup(path);
  if (!state?.exists || !state.file) return false;
  const found = locate(tx.indexOf(state), toNeedle(op.search, op.source), { expectedCount: 'all', fuzzyThreshold: 1, rungs: ladder.slice(0, 6) });
  return found.kind === 'found';
}

/**
 * For an absolute path outside the root (`/home/ana/proj/src/app.py`, `C:/Users/ana/proj/src/app.py`,
 * `~/proj/src/app.py`), written on the model's machine: its longest tail that names an existing
 * workspace file (`src/app.py`), or undefined.
 */
function foreignTail(tx: Transaction, raw: string): string | undefined {
  for (const tail of absolutePathTails(raw)) {
    const resolved = resolvePath(tail, tx.options.root);
    if (resolved.ok && exists(tx, resolved.path)) return resolved.path;
  }
  return undefined;
}

/**
 * For an absolute path outside the root that names no workspace file (a new file, a file deleted):
 * the path below the folder another path of the same reply shows to stand for the workspace, when
 * one does. Agents in a container name every file from its checkout (`/testbed/...` for SWE-bench,
 * `/workspace/...` for OpenHands): a reply that edits `/testbed/src/marshmallow/fields.py`, the
 * workspace's `src/marshmallow/fields.py`, and creates `/testbed/reproduce.py` means the
 * workspace's `reproduce.py`. The folder is proven only by a path whose tail (see `foreignTail`)
 * is an existing workspace file; a path under no such folder, or under two that read it
 * differently, stays outside (undefined), and so does one that leaves the root once mapped.
 */
function underProvenRoot(tx: Transaction, raw: string): { root: string; path: string } | undefined {
  const path = raw.trim().replace(/\\/g, '/');
  const readings = new Map<string, string>();
  for (const other of new Set(tx.namedPaths)) {
    if (other === raw || resolvePath(other, tx.options.root).ok) continue;
    const tail = foreignTail(tx, other);
    const written = other.trim().replace(/\\/g, '/');
    if (tail === undefined || !written.endsWith('/' + tail)) continue;
    const root = written.slice(0, written.length - tail.length);
    if (!path.startsWith(root)) continue;
    const resolved = resolvePath(path.slice(root.length), tx.options.root);
    if (resolved.ok) readings.set(resolved.path, root);
  }
  if (readings.size !== 1) return undefined;
  const [[mapped, root]] = readings;
  return { root: root.replace(/\/$/, ''), path: mapped };
}

/**
 * For a whole file written under an absolute path from the model's machine (Claude Code's `Write`
 * sends `C:\\src\\demo\\Main.pas`): the workspace file at the path's end, when the text is that
 * file written again (its first line and most of its lines, `rewritesWhole`). A file that only
 * shares the name is never overwritten: such a text may be meant for a new file elsewhere.
 */
function foreignRewriteTail(tx: Transaction, raw: string, op: RewriteFileOp): string | undefined {
  const tail = foreignTail(tx, raw);
  const state = tail === undefined ? undefined : tx.lookup(tail);
  if (!state?.exists || !state.file) return undefined;
  return rewritesWhole(state.file.lines, toLines(op.content)) ? tail : undefined;
}

/**
 * The tails of an absolute path, longest first, without its first segment (`/home/ana/src/a.py`:
 * `ana/src/a.py`, `src/a.py`, `a.py`); none for a relative path.
 */
export function absolutePathTails(raw: string): string[] {
  const path = raw.trim().replace(/\\/g, '/');
  if (!/^(?:\/|~\/|[A-Za-z]:\/)/.test(path)) return [];
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '~' && !/^[A-Za-z]:$/.test(segment));
  const tails: string[] = [];
  for (let from = 1; from < segments.length; from++) tails.push(segments.slice(from).join('/'));
  return tails;
}

/**
 * `path`, or when `path` does not exist and `op` can only edit an existing file: `path` without
 * a git `a/`/`b/` prefix when that file exists, else the one workspace file it is the end of (see
 * `PlanOptions.locateMissing`), else the one file of its name holding the search text; for a whole file, the workspace file it is written again. The op's
 * records say which file it took. `ambiguous` (the reason, and the next step when it is not the
 * usual one) when a whole file's name fits several files, or a new file's bare name several folders.
 */
function existingPathFor(tx: Transaction, path: string, op: EditOp): string | { readonly ambiguous: string; readonly nextStep?: string } {
  // A diff section's mode change comes after its hunks and names the file as they do: where they
  // were taken (a path written from a folder above the workspace), it goes with them.
  const withHunks = op.kind === 'mode' && !exists(tx, path) ? tx.pathTakenFor(path) : undefined;
  if (withHunks !== undefined) {
    tx.note(op.source.block, `the reply names ${path}, which does not exist; its mode change goes to ${withHunks}, where the diff's edits of it were taken`);
    return withHunks;
  }
  if (tx.isMoveDestination(path) || (!editsExistingFile(op) && op.kind !== 'rewrite' && op.kind !== 'create')) return path;
  const known = tx.loaded(path);
  if (known ? known.exists || known.created : tx.readFile(path) !== undefined) {
    const ambiguous = op.kind === 'rewrite' && !op.partial && !known?.created ? sameNamedFileRewritten(tx, path, op) : undefined;
    return ambiguous === undefined ? path : { ambiguous };
  }
  const corrected = withoutMistakenPrefix(path);
  if (corrected !== undefined && !tx.options.refusePath?.(corrected) && exists(tx, corrected)) {
    tx.note(op.source.block, `the reply names ${path}, which does not exist; ${corrected} is that path without the ${path.slice(0, path.length - corrected.length - 1)}/ put before it`);
    return corrected;
  }
  if (!editsExistingFile(op)) {
    const bare = op.kind === 'create' || op.kind === 'rewrite' ? bareNameTarget(tx, path, op) : undefined;
    if (bare !== undefined && 'ambiguous' in bare) return bare;
    if (bare !== undefined) {
      tx.note(op.source.block, bare.note);
      return bare.path;
    }
    if (op.kind === 'rewrite' && op.declaredNew) return declaredNewPath(tx, path, op);
    const hinted = op.kind === 'rewrite' ? hintFileRewritten(tx, path, op) : undefined;
    if (hinted !== undefined) {
      tx.note(op.source.block, `the reply names ${path}, which does not exist; the block is the target file ${hinted} written again (same first line, most of its lines)`);
      return hinted;
    }
    return op.kind === 'rewrite' && !op.partial ? rewrittenFileEndingWith(tx, path, op) : path;
  }
  // Formats whose paths keep a leading `a/` or `b/` (a tool call's argument, an apply_patch
  // header: a real folder there) still get a git diff's prefix copied in: the file without it.
  const unprefixed = /^[ab]\/./.test(path) ? path.slice(2) : undefined;
  if (unprefixed !== undefined && !tx.options.refusePath?.(unprefixed) && exists(tx, unprefixed)) {
    tx.note(op.source.block, `the reply names ${path}, which does not exist; ${unprefixed} is that path without a git diff's ${path.slice(0, 2)} prefix`);
    return unprefixed;
  }
  const found = tx.options.locateMissing?.(path);
  const candidates = (found === undefined ? [] : typeof found === 'string' ? [found] : found).flatMap((candidate) => {
    const resolved = resolvePath(candidate, tx.options.root);
    return resolved.ok && resolved.path !== path && !tx.options.refusePath?.(resolved.path) ? [resolved.path] : [];
  });
  if (candidates.length === 1) {
    tx.note(op.source.block, `the reply names ${path}, which does not exist; ${candidates[0]} is the only file whose path ends with it`);
    return candidates[0];
  }
  if (candidates.length === 0) {
    // No file ends with the whole path: one at the end of it may, written from a folder above.
    const tail = existingTail(tx, path, op);
    if (tail !== undefined) {
      tx.note(op.source.block, `the reply names ${path}, which does not exist; ${tail} is the file at its end that holds the search text (the path is written from a folder above the workspace)`);
      return tail;
    }
    return sameNamedFileHolding(tx, path, op) ?? path;
  }
  // Several files end with the name (`utils.py` in two packages): the edit's own text tells them
  // apart when only one holds it, as for a block naming no file.
  const listed = `${candidates.length} files end with it (${candidates.slice(0, MAX_LISTED).join(', ')}${candidates.length > MAX_LISTED ? ', …' : ''})`;
  const holding = op.kind === 'replace' && op.search.trim() !== '' ? candidates.filter((candidate) => holdsSearch(tx, candidate, op)) : [];
  if (holding.length === 1) {
    tx.note(op.source.block, `the reply names ${path}, which does not exist; ${listed}, and only ${holding[0]} holds the search text`);
    return holding[0];
  }
  tx.note(op.source.block, `the reply names ${path}, which does not exist; ${listed}, and ${holding.length === 0 ? 'none' : 'more than one'} of them holds the search text: name the file by its whole path`);
  return path;
}

/**
 * For a whole file written under a bare file name that does not exist at the root (`Full
 * \`base.html\`:` above it): the host's hint path (the file the user has open) when its name is
 * that name and the block is that file written again (`rewritesWhole`: its first line and most of
 * its lines). A model names the file it was shown by its name alone; created at the root beside
 * the real one, the edit was lost. A text that only shares the name is still created where the
 * reply says: it may be a new file, and the hint file is never overwritten by other content.
 */
function hintFileRewritten(tx: Transaction, path: string, op: RewriteFileOp): string | undefined {
  if (op.partial || path.includes('/') || tx.options.hintPath === undefined) return undefined;
  const hint = resolvePath(tx.options.hintPath, tx.options.root);
  if (!hint.ok || hint.path === path || !hint.path.endsWith('/' + path) || tx.options.refusePath?.(hint.path)) return undefined;
  const state = tx.lookup(hint.path);
  if (!state?.exists || !state.file) return undefined;
  return rewritesWhole(state.file.lines, toLines(op.content)) ? hint.path : undefined;
}

/**
 * For a whole file under a path that does not exist (`ollama/__init__.py`, `src/button.tsx`, a
 * bare `layout.tsx`, `Button.tsx` for `button.tsx`): the workspace file ending with that path (see
 * `PlanOptions.locateMissing`) that the block is written again (`rewritesWhole`: its first line
 * and most of its lines), when exactly one is; `ambiguous`, naming them, when several are; else
 * `path`, created as new (with a note when files end with it). Models name a file by the tail of
 * its path they were shown, or from the package they think in; created as new, the edit was lost
 * beside the real file and a stray one (a new top-level Python package, a second Next.js layout)
 * appeared. Content that only shares the name stays a new file: it may be one.
 */
function rewrittenFileEndingWith(tx: Transaction, path: string, op: RewriteFileOp): string | { readonly ambiguous: string } {
  const candidates = filesEndingWith(tx, path);
  if (candidates.length === 0) return path;
  const rewritten = rewrittenAmong(tx, candidates, toLines(op.content));
  const listed = listOf(candidates);
  if (rewritten.length === 1) {
    tx.note(op.source.block, `the reply names ${path}, which does not exist; ${listed.text} ${listed.count === 1 ? 'ends' : 'end'} with it, and the block is ${rewritten[0]} written again (same first line, most of its lines)`);
    return rewritten[0];
  }
  if (rewritten.length > 1) {
    return { ambiguous: `the reply names ${path}, which does not exist, for a whole file; ${rewritten.length} files end with it and the block is each of them written again (${listOf(rewritten).text}): name the file by its whole path` };
  }
  tx.note(op.source.block, `the reply names ${path}, which does not exist; ${listed.text} ${listed.count === 1 ? 'ends' : 'end'} with it, but the block is none of them written again, so it is created as a new file`);
  return path;
}

/**
 * For a whole file the reply calls new (`RewriteFileOp.declaredNew`) under a path that does not
 * exist: that path, with a note naming the files that end with it, which are left alone. "Copy
 * Starlette's middleware into your own `middleware` package" gives a near copy of the vendored
 * `vendor/starlette/middleware/httpsredirect.py` under `### middleware/httpsredirect.py (new
 * file)`: read as that file written again, the library's own file was overwritten. A new file
 * copied from another is what such a reply asks for; the reply's word, not the likeness, decides.
 */
function declaredNewPath(tx: Transaction, path: string, op: RewriteFileOp): string {
  const candidates = filesEndingWith(tx, path);
  if (candidates.length > 0) {
    const listed = listOf(candidates);
    tx.note(op.source.block, `the reply names ${path} as a new file; ${listed.text} ${listed.count === 1 ? 'ends' : 'end'} with that path but ${listed.count === 1 ? 'is' : 'are'} left as ${listed.count === 1 ? 'it is' : 'they are'}`);
  }
  return path;
}

/**
 * For a whole file under a path that exists: why it is ambiguous, when the block shares little
 * with that file (under half of its lines with a letter or digit) while it is another workspace
 * file of the same name written again (`rewritesWhole`). "In the web app … Updated
 * `package.json`:" above the web app's manifest replaced the monorepo's root `package.json` with
 * it; the prose, not the path, said which file. Undefined (the file at the path) otherwise.
 */
function sameNamedFileRewritten(tx: Transaction, path: string, op: RewriteFileOp): string | undefined {
  const state = tx.lookup(path);
  if (!state?.exists || !state.file) return undefined;
  const written = toLines(op.content);
  const share = sharedWordLines(state.file.lines, written);
  if (share.total === 0 || share.held * 2 >= share.total) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const rewritten = rewrittenAmong(tx, filesEndingWith(tx, name).filter((candidate) => candidate !== path), written);
  if (rewritten.length === 0) return undefined;
  return `the block is a whole ${path}, but it holds only ${share.held} of that file's ${share.total} lines, and it is ${listOf(rewritten).text} written again: name the file by its whole path`;
}

/** The existing files among `candidates` that `written` is written again (`rewritesWhole`: the same first line, most of its lines). */
function rewrittenAmong(tx: Transaction, candidates: readonly string[], written: readonly string[]): string[] {
  return candidates.filter((candidate) => {
    const state = tx.lookup(candidate);
    return state?.exists === true && state.file !== undefined && rewritesWhole(state.file.lines, written);
  });
}

/** The workspace files other than `path` whose paths end with it (the host's `locateMissing`), resolved and not refused. */
function filesEndingWith(tx: Transaction, path: string): string[] {
  const found = tx.options.locateMissing?.(path);
  return (found === undefined ? [] : typeof found === 'string' ? [found] : found).flatMap((candidate) => {
    const resolved = resolvePath(candidate, tx.options.root);
    return resolved.ok && resolved.path !== path && !tx.options.refusePath?.(resolved.path) ? [resolved.path] : [];
  });
}

/**
 * How many of the file's distinct lines that hold a letter or digit (trimmed) the block holds, of
 * how many: lines of braces and brackets alone are in every JSON manifest and say nothing of which.
 */
function sharedWordLines(fileLines: readonly string[], blockLines: readonly string[]): { held: number; total: number } {
  const worded = (lines: readonly string[]) => new Set(lines.map((line) => line.trim()).filter((line) => /[\p{L}\p{N}]/u.test(line)));
  const file = worded(fileLines);
  const block = worded(blockLines);
  let held = 0;
  for (const line of file) if (block.has(line)) held++;
  return { held, total: file.size };
}

/** Up to `MAX_LISTED` paths joined for a message, `…` after them when there are more. */
function listOf(paths: readonly string[]): { text: string; count: number } {
  return { text: `${paths.slice(0, MAX_LISTED).join(', ')}${paths.length > MAX_LISTED ? ', …' : ''}`, count: paths.length };
}

/**
 * A path with folders put before it by mistake, without them: the placeholder `path/to/` copied
 * from a prompt's example (`path/to/src/app.py`), or its own leading folders written twice
 * (`subdir/subdir/app.py`, `web/app/web/app/main.py`: the folder the model thought it stood in,
 * put before a path already relative to the root). Undefined for any other path. The caller
 * takes it only when the path as written does not exist and the shorter one does, so a file
 * really meant for a new folder of that shape (which would not leave the shorter path existing)
 * is still written where the reply says, and one that is not is not created beside the real one.
 */
export function withoutMistakenPrefix(path: string): string | undefined {
  const placeholder = /^path\/to\/(?=.)/i.exec(path);
  if (placeholder) return path.slice(placeholder[0].length);
  const segments = path.split('/');
  for (let size = 1; size * 2 < segments.length; size++) {
    let repeated = true;
    for (let k = 0; k < size && repeated; k++) repeated = segments[k] === segments[size + k];
    if (repeated) return segments.slice(size).join('/');
  }
  return undefined;
}

/**
 * For a search-and-replace edit of a path that does not exist: the longest tail of the path
 * (leading folders dropped, `app/src/db.ts` → `src/db.ts`) that names a workspace file holding the
 * search text, when there is one. Models write paths from the repository's root or under its name
 * while the workspace is a folder inside it (a package of a monorepo): what the path says below
 * that folder is right. The search text must be in the file, so a file that merely shares the
 * path's end is never edited.
 */
function existingTail(tx: Transaction, path: string, op: EditOp): string | undefined {
  if (op.kind !== 'replace' || op.search.trim() === '') return undefined;
  const segments = path.split('/');
  // A few folders at most (a repository's name, `packages/api`): each tail costs the host a look
  // at the disk, and a path of 2,000 folders (the fuzzer's) took the CLI 30 s.
  for (let from = 1; from < segments.length && from <= MAX_DROPPED_FOLDERS; from++) {
    const resolved = resolvePath(segments.slice(from).join('/'), tx.options.root);
    if (!resolved.ok || tx.options.refusePath?.(resolved.path) || !exists(tx, resolved.path)) continue;
    if (holdsSearch(tx, resolved.path, op)) return resolved.path;
  }
  return undefined;
}

/**
 * For a search-and-replace edit of a path that does not exist and that no file's path ends with
 * (`cmd/main.go` for `cmd/server/main.go`, `apps/web/components/button.tsx` for the UI package's
 * `button.tsx`): the one workspace file of the same name that holds the search text (rungs 1-6,
 * never fuzzy), with a note. The model quoted that file and misremembered its folders; the name and
 * the text it quoted agree on it. Several or none of them holding it: undefined, and the refusal
 * names them.
 */
function sameNamedFileHolding(tx: Transaction, path: string, op: EditOp): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (op.kind !== 'replace' || op.search.trim() === '' || name === path) return undefined;
  const sameNamed = filesEndingWith(tx, name);
  if (sameNamed.length === 0) return undefined;
  const holding = sameNamed.filter((candidate) => holdsSearch(tx, candidate, op));
  const listed = listOf(sameNamed).text;
  if (holding.length === 1) {
    tx.note(op.source.block, `the reply names ${path}, which does not exist, nor does a file ending with it; of the files named ${name} (${listed}), only ${holding[0]} holds the search text`);
    return holding[0];
  }
  tx.note(op.source.block, `the reply names ${path}, which does not exist, nor does a file ending with it; ${holding.length === 0 ? 'none' : 'more than one'} of the files named ${name} (${listed}) holds the search text: name the file by its whole path`);
  return undefined;
}

/** How many leading folders `existingTail` drops at most. */
const MAX_DROPPED_FOLDERS = 4;

/** How many of the files a missing path could name are listed in a note. */
const MAX_LISTED = 5;

/**
 * For an op whose reply names its file twice (see `NamedPaths`): the name that exists; of two that
 * exist, the shorter (fewer folders, then a shorter name), as GNU patch and git apply choose
 * (`diff -u f.orig f` patches `f`, not its backup); of none, the host's hint path, or for a hunk
 * that creates the file (`@@ -0,0 @@`) the shorter name again. Undefined when the op has one name
 * (or none is chosen). The op's records say which was taken.
 */
function namedPathFor(tx: Transaction, op: EditOp): string | undefined {
  if ((op.kind !== 'replace' && op.kind !== 'insert') || !op.namedPaths || op.namedPaths.length < 2) return undefined;
  const existing = op.namedPaths.filter((raw) => {
    const resolved = resolvePath(raw, tx.options.root);
    return resolved.ok && exists(tx, resolved.path);
  });
  const creates = op.kind === 'insert' && op.fromEmpty === true;
  const chosen = existing.length > 0 ? shortestName(existing) : (tx.options.hintPath ?? (creates ? shortestName(op.namedPaths) : undefined));
  if (chosen !== undefined && chosen !== op.path) {
    const why = existing.length === 0 ? (tx.options.hintPath !== undefined ? 'neither exists, so the target file' : 'neither exists: the shorter name, as GNU patch and git apply create it') : existing.length === 1 ? 'the one that exists' : 'both exist: the shorter name, as GNU patch and git apply choose';
    tx.note(op.source.block, `the diff names ${op.namedPaths.join(' and ')} without a rename line; ${chosen} is edited (${why})`);
  }
  return chosen;
}

/** Of several names, the one with the fewest folders, then the shortest file name, then the shortest path (the first of equals). */
function shortestName(names: readonly string[]): string {
  const folders = (name: string) => name.split('/').length;
  const base = (name: string) => name.length - name.lastIndexOf('/') - 1;
  const shorter = (a: string, b: string) => folders(a) - folders(b) || base(a) - base(b) || a.length - b.length;
  return names.reduce((best, name) => (shorter(name, best) < 0 ? name : best));
}

/** The host's refusal of a move's destination, if any. */
function refusedTarget(tx: Transaction, rawTo: string): PathRefusal | undefined {
  const resolved = resolvePath(rawTo, tx.options.root);
  return resolved.ok ? tx.options.refusePath?.(resolved.path) : undefined;
}
