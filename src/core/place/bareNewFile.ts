import type { EditOp } from '../ir';
import { resolvePath } from '../paths';
import type { Transaction } from './transaction';

/** Where a whole file named by its bare name goes, and the note that says why. */
export interface BareNameTarget {
  readonly path: string;
  readonly note: string;
}

/** Why a whole file named by its bare name has no one folder to go to, and what the user can do. */
export interface BareNameAmbiguity {
  readonly ambiguous: string;
  readonly nextStep: string;
}

/**
 * For a whole file the reply names by a bare file name (`// physics.ts` as its first line, a
 * `physics.ts` line above it) that does not exist at the workspace root: the folder the reply
 * or the target file says it is in, or undefined (created at the root, as written).
 * - the target file (`--file`, the active editor) has that name and does not exist: it is the
 *   file meant. The user named it; the model named it by its name alone;
 * - a relative import of it (`from './physics'`, `from .physics import`) stands in the target
 *   file, or in the text the reply writes into another file, all in one folder other than the
 *   root: it goes there, where the import finds it. "Move the formulas into `physics.ts`" beside
 *   an `App.tsx` in `frontend/src` that imports `./physics` created `physics.ts` at the root,
 *   where nothing imports it from, and the app did not build.
 * - such imports stand in files of two folders or more: `ambiguous`. Each folder's import finds
 *   the file only beside it, so wherever it goes (the root too) the others break: two pages in
 *   `app/scanner` and `app/qr` both importing `./format` had `format.ts` created at the root, and
 *   neither built. Which folder is meant (or whether each needs its own copy) is the user's call.
 * Nothing else moves a bare name: `requirements.txt` or `config.py` beside edits of a file in
 * a subfolder is as often the project's own, at the root, as the subfolder's.
 */
export function bareNameTarget(tx: Transaction, path: string, op: EditOp): BareNameTarget | BareNameAmbiguity | undefined {
  if (path.includes('/')) return undefined;
  const hint = tx.options.hintPath === undefined ? undefined : resolvePath(tx.options.hintPath, tx.options.root);
  if (hint?.ok && hint.path.endsWith('/' + path) && !tx.options.refusePath?.(hint.path) && !tx.lookup(hint.path)?.exists) {
    return { path: hint.path, note: `the reply names ${path}, which does not exist; the target file ${hint.path} has that name and does not exist either: it is created there` };
  }
  const importers = new Set<string>();
  const consider = (file: string, text: string) => {
    if (importsRelatively(text, path)) importers.add(file.slice(0, file.lastIndexOf('/') + 1));
  };
  if (hint?.ok) {
    const state = tx.lookup(hint.path);
    if (state?.exists && state.file) consider(hint.path, state.file.lines.join('\n'));
  }
  for (const other of tx.replyOps) {
    if (other === op || other.kind === 'move' || other.kind === 'delete' || other.kind === 'mode' || other.path === undefined) continue;
    const written = other.kind === 'replace' ? other.replacement : other.kind === 'insert' || other.kind === 'replaceLines' ? other.text : other.content;
    const resolved = resolvePath(other.path, tx.options.root);
    if (resolved.ok) consider(resolved.path, written);
  }
  if (importers.size > 1) {
    const folders = [...importers].map((folder) => (folder === '' ? 'the root' : folder.slice(0, -1))).sort();
    return {
      ambiguous: `the reply names ${path} by its bare name, which does not exist at the root, and files in ${folders.length} folders (${folders.join(', ')}) import it by a relative path: created in any one of them, the others' imports find nothing`,
      nextStep: `Name the new file by its whole path from the workspace root (say, ${folders.find((folder) => folder !== 'the root') ?? folders[0]}/${path}), and make the other folders import it from there.`,
    };
  }
  if (importers.size !== 1) return undefined;
  const [folder] = importers;
  if (folder === '') return undefined;
  const target = folder + path;
  if (tx.options.refusePath?.(target) || tx.lookup(target)?.exists) return undefined;
  return { path: target, note: `the reply names ${path}, which does not exist at the root; ${folder.slice(0, -1)} holds the file that imports it by a relative path, so it is created there, as ${target}` };
}

/**
 * True when `text` imports the file `name` from its own folder: a string `'./physics'`,
 * `"./physics.js"` or `'./physics.ts'` (JavaScript, TypeScript, CSS `@import`) for `physics.ts`,
 * or, for a Python file, `from .physics import` or `from . import physics`.
 */
export function importsRelatively(text: string, name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const stem = name.slice(0, dot).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(['"\`])\\./${stem}(?:\\.[A-Za-z0-9]{1,5})?\\1`).test(text)) return true;
  if (name.slice(dot + 1) !== 'py') return false;
  return new RegExp(`^[ \\t]*from[ \\t]+\\.${stem}[ \\t]+import\\b|^[ \\t]*from[ \\t]+\\.[ \\t]+import[ \\t]+(?:[\\w, \\t]+,[ \\t]*)?${stem}\\b`, 'm').test(text);
}
