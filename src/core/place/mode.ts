import type { ModeOp } from '../ir';
import type { FileState, Transaction } from './transaction';

/** git's name of the mode: what the receipt says the file is given. */
function gitMode(executable: boolean): string {
  return executable ? '100755' : '100644';
}

/**
 * Places a mode change (see `ModeOp`) on the file as the reply's earlier ops left it: a created
 * file, a moved one, an edited one. The core reads no disk: the host says what the file's mode is
 * (`PlanOptions.modeOf`). Guarantees:
 * - a file that does not exist (or that the reply deletes) fails with `FILE_NOT_FOUND`;
 * - a symbolic link fails with `NOT_A_FILE`, never changed: a mode set through it would change the
 *   file it points to, which the diff does not name (git gives a link a mode of its own, 120000);
 * - a file already so (executable or not, as the host says; a file this reply creates is not) is
 *   `alreadyApplied`; otherwise the file's state carries the mode and its change says so
 *   (`FileChange.executable`), for the host to set the executable bits when it writes. A host that
 *   cannot tell the mode gets the change whatever the file is now.
 */
export function placeMode(tx: Transaction, state: FileState, op: ModeOp): void {
  const block = op.source.block;
  const wanted = gitMode(op.executable);
  if (!state.exists || state.deleted) {
    tx.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist, so it cannot be given the mode ${wanted}`, op, {}, state);
    return;
  }
  const onDisk = tx.options.modeOf?.(state.path);
  if (onDisk?.link) {
    tx.fail('NOT_A_FILE', block, state.path, `${state.path} is a symbolic link: the mode ${wanted} the diff gives it would be set on the file it points to, so it is not applied`, op, {}, state);
    return;
  }
  // A file this reply creates is created as any new file is (not executable); a moved one keeps its mode.
  const now = state.executable ?? (state.original === undefined ? false : onDisk?.executable);
  if (now === op.executable) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'mode', score: 1, startLine: 0, endLine: 0, warnings: [`${state.path} already has the mode ${wanted} (${op.executable ? 'executable' : 'not executable'})`] });
    return;
  }
  state.executable = op.executable;
  tx.record(state, { block, status: 'applied', strategy: 'mode', score: 1, startLine: 0, endLine: 0, warnings: [`${op.executable ? 'made executable' : 'no longer executable'} (mode ${wanted})`] });
}
