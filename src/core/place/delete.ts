import type { FileState, Transaction } from './transaction';

/** Deletes the file; deleting a file that does not exist is already applied. */
export function placeDelete(tx: Transaction, state: FileState, block: number): void {
  if (!state.exists) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'delete', score: 1, startLine: 0, endLine: 0, warnings: [`${state.path} does not exist`] });
    return;
  }
  state.exists = false;
  state.deleted = true;
  state.placedEdits.clear();
  state.pending = [];
  tx.record(state, { block, status: 'applied', strategy: 'delete', score: 1, startLine: 1, endLine: state.file?.lines.length ?? 0 });
}
