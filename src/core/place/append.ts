import type { ReplaceOp } from '../ir';
import { lineEdit } from '../plan';
import { lfView, toLines } from '../text/fileText';
import type { FileState, Transaction } from './transaction';

/**
 * Aider's empty SEARCH on a file with content: the replacement goes at the end of the file,
 * unless the file already ends with it (then it is already applied).
 */
export function placeAppend(tx: Transaction, state: FileState, op: ReplaceOp): void {
  const block = op.source.block;
  const file = state.file!;
  if (op.replacement.trim() !== '' && lfView(file).trimEnd().endsWith(op.replacement.trimEnd())) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'append', score: 1, startLine: file.lines.length, endLine: file.lines.length, warnings: ['the appended text is already at the end of the file'] });
    return;
  }
  const lines = toLines(op.replacement);
  tx.record(state, {
    block, status: 'applied', strategy: 'append', score: 1, startLine: file.lines.length + 1, endLine: file.lines.length + lines.length,
    edits: [lineEdit(file, file.lines.length, file.lines.length, lines)],
  });
}
