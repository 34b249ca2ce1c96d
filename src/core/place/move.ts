import type { EditOp } from '../ir';
import { resolvePath } from '../paths';
import type { FileState, Transaction } from './transaction';

/**
 * Renames the file to `rawTo`. The destination must resolve inside the root and must not exist
 * (unless this reply deletes it); later ops naming the destination edit the moved file.
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
  if (resolved.path !== state.path && tx.readFile(resolved.path) !== undefined && !tx.loaded(resolved.path)?.deleted) {
    tx.fail('FILE_EXISTS', block, resolved.path, `cannot move ${state.path} to ${resolved.path}: it already exists`, op, {}, state);
    return;
  }
  state.movedTo = resolved.path;
  tx.alias(resolved.path, state);
  tx.record(state, { block, status: 'applied', strategy: 'move', score: 1, startLine: 0, endLine: 0 });
}
