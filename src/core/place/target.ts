import type { EditOp, RewriteFileOp } from '../ir';
import { resolvePath } from '../paths';
import type { PathRefusal } from '../pipeline';
import { toLines } from '../text/fileText';
import { placeCreate } from './create';
import { placeDelete } from './delete';
import { placeInsert } from './insert';
import { placeMove } from './move';
import { placeReplace } from './replace';
import { placeRewrite } from './rewrite';
import type { Transaction } from './transaction';

/**
 * Places one op: finds the file it is for (its path, else the host's hint path), refuses paths
 * outside the root or refused by the host, loads the file's state, and hands the op to the
 * placement of its kind.
 */
export function placeOp(tx: Transaction, op: EditOp): void {
  const block = op.source.block;
  const rawPath = op.kind === 'move' ? op.from : (namedPathFor(tx, op) ?? op.path ?? tx.options.hintPath);
  if (rawPath === undefined) {
    tx.fail('NO_TARGET_FILE', block, null, 'the block names no file and no target file was given', op);
    return;
  }
  const resolved = resolvePath(rawPath, tx.options.root);
  if (!resolved.ok) {
    tx.fail('OUTSIDE_WORKSPACE', block, rawPath, resolved.message, op);
    return;
  }
  const refusal = tx.options.refusePath?.(resolved.path) ?? (op.kind === 'move' ? refusedTarget(tx, op.to) : undefined);
  if (refusal) {
    const { code, message } = typeof refusal === 'string' ? { code: 'OUTSIDE_WORKSPACE' as const, message: refusal } : refusal;
    tx.fail(code, block, resolved.path, message, op);
    return;
  }
  const state = tx.stateFor(existingPathFor(tx, resolved.path, op), op);
  if (!state) return;
  switch (op.kind) {
    case 'replace':
      return placeReplace(tx, state, op);
    case 'insert':
      return placeInsert(tx, state, op.afterLine, toLines(op.text), op);
    case 'create':
      return placeCreate(tx, state, op.content, op);
    case 'rewrite':
      return placeRewrite(tx, state, withOwnLabel(state.file?.lines, op), op.partial, op);
    case 'delete':
      return placeDelete(tx, state, block);
    case 'move':
      return placeMove(tx, state, op.to, op);
  }
}

/**
 * `path`, or the one workspace file it is the end of when `path` does not exist and `op` can only
 * edit an existing file (see `PlanOptions.locateMissing`). The op's records say which file it took.
 */
function existingPathFor(tx: Transaction, path: string, op: EditOp): string {
  if (!editsExistingFile(op) || !tx.options.locateMissing || tx.isMoveDestination(path)) return path;
  const known = tx.loaded(path);
  if (known ? known.exists || known.created : tx.readFile(path) !== undefined) return path;
  const found = tx.options.locateMissing(path);
  if (found === undefined || found === path) return path;
  const resolved = resolvePath(found, tx.options.root);
  if (!resolved.ok || tx.options.refusePath?.(resolved.path)) return path;
  tx.note(op.source.block, `the reply names ${path}, which does not exist; ${resolved.path} is the only file whose path ends with it`);
  return resolved.path;
}

/**
 * For an op whose reply names its file twice (see `NamedPaths`): the first name that exists, else
 * the host's hint path; undefined when the op has one name. The op's records say which was taken.
 */
function namedPathFor(tx: Transaction, op: EditOp): string | undefined {
  if ((op.kind !== 'replace' && op.kind !== 'insert') || !op.namedPaths || op.namedPaths.length < 2) return undefined;
  const exists = (raw: string) => {
    const resolved = resolvePath(raw, tx.options.root);
    if (!resolved.ok) return false;
    const known = tx.known(resolved.path);
    return known ? known.exists : tx.readFile(resolved.path) !== undefined;
  };
  const existing = op.namedPaths.filter(exists);
  const chosen = existing[0] ?? tx.options.hintPath;
  if (chosen !== undefined && chosen !== op.path) {
    const why = existing.length === 0 ? 'neither exists, so the target file' : existing.length === 1 ? 'the one that exists' : 'the name the diff was made from';
    tx.note(op.source.block, `the diff names ${op.namedPaths.join(' and ')} without a rename line; ${chosen} is edited (${why})`);
  }
  return chosen;
}

/** The host's refusal of a move's destination, if any. */
function refusedTarget(tx: Transaction, rawTo: string): PathRefusal | undefined {
  const resolved = resolvePath(rawTo, tx.options.root);
  return resolved.ok ? tx.options.refusePath?.(resolved.path) : undefined;
}

/**
 * A rewrite's content with its label line put back when the file's own text has that line among
 * its first lines: a file that starts with `// components/Panel.tsx` keeps it.
 */
function withOwnLabel(fileLines: readonly string[] | undefined, op: RewriteFileOp): string {
  if (op.label === undefined || fileLines === undefined) return op.content;
  const label = op.label.trim();
  const head = fileLines.filter((line) => line.trim() !== '').slice(0, 5);
  return head.some((line) => line.trim() === label) ? `${op.label}\n${op.content}` : op.content;
}

/** True when `op` can only change a file that exists (a non-empty search, a snippet, an insert). */
export function editsExistingFile(op: EditOp): boolean {
  return (op.kind === 'replace' && op.search !== '') || (op.kind === 'rewrite' && op.partial) || op.kind === 'insert';
}
