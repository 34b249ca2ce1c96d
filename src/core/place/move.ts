import type { EditOp } from '../ir';
import { resolvePath } from '../paths';
import type { FileState, Transaction } from './transaction';

/**
 * Renames the file to `rawTo`. The destination must resolve inside the root and must not exist
 * (unless this reply deletes it, or, for a git rename, moves it away: see `freedByRename`); later
 * ops naming the destination edit the moved file.
 */
export function placeMove(tx: Transaction, state: FileState, rawTo: string, op: EditOp): void {
  const block = op.source.block;
  const resolved = resolvePath(rawTo, tx.options.root);
  if (!resolved.ok) {
    tx.fail(resolved.code ?? 'OUTSIDE_WORKSPACE', block, rawTo, resolved.message, op, {}, state);
    return;
  }
  if (!state.exists) {
    tx.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist, so it cannot be moved`, op, {}, state);
    return;
  }
  if (resolved.path !== state.path && tx.readFile(resolved.path) !== undefined && !tx.loaded(resolved.path)?.deleted && !freedByRename(tx, op, resolved.path)) {
    tx.fail('FILE_EXISTS', block, resolved.path, `cannot move ${state.path} to ${resolved.path}: it already exists`, op, {}, state);
    return;
  }
  state.movedTo = resolved.path;
  tx.alias(resolved.path, state);
  tx.record(state, { block, status: 'applied', strategy: 'move', score: 1, startLine: 0, endLine: 0 });
}

/**
 * True when `op` is a git rename onto `path`, a file that another rename of the reply moves away,
 * and nothing else of the reply names `path`: `git apply` makes a diff's renames at once, so a
 * diff that swaps two files (GNU patch's criss-cross test: `rename from g` / `rename to f`, then
 * `rename from f` / `rename to g`) or renames along a chain frees each destination before it
 * fills it. Only renames may name it: an edit of `path` would be of the file leaving it or of the
 * one arriving, a guess (git reads a rename section's hunks on the file leaving, any other
 * section's on the file arriving), so such a reply is refused as before. Nor may two renames
 * fill it.
 */
function freedByRename(tx: Transaction, op: EditOp, path: string): boolean {
  if (op.kind !== 'move' || !op.simultaneous || tx.isMoveDestination(path)) return false;
  const names = (raw: string | undefined) => {
    if (raw === undefined) return false;
    const resolved = resolvePath(raw, tx.options.root);
    return resolved.ok && resolved.path === path;
  };
  let movedAway = false;
  for (const other of tx.replyOps) {
    if (other === op) continue;
    if (other.kind !== 'move') {
      // A block naming no file is for the host's file.
      if (names(other.path ?? tx.options.hintPath) || ('namedPaths' in other && other.namedPaths?.some(names))) return false;
      continue;
    }
    if (!other.simultaneous && (names(other.from) || names(other.to))) return false;
    if (names(other.to)) return false;
    if (names(other.from)) movedAway = true;
  }
  return movedAway;
}
