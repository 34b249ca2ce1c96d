import type { DeleteFileOp } from '../ir';
import type { FileState, Transaction } from './transaction';

/**
 * Deletes the file; deleting a file that does not exist is already applied. A diff says what the
 * file holds (its removed lines, `expectedText`): a file that holds something else (lines the diff
 * does not remove, or other ones) changed since the diff was made, or is another file, and is
 * refused (`OUT_OF_DATE`) rather than deleted with what the diff never showed. Trailing whitespace
 * and line endings aside, as GNU patch and git compare; an empty file is deleted whatever the diff says.
 */
export function placeDelete(tx: Transaction, state: FileState, op: DeleteFileOp): void {
  const block = op.source.block;
  if (!state.exists) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'delete', score: 1, startLine: 0, endLine: 0, warnings: [`${state.path} does not exist`] });
    return;
  }
  // An empty file loses nothing, whatever the diff says it held.
  if (op.expectedText !== undefined && (state.file?.lineCount ?? 0) > 0) {
    // Earlier edits of the reply to the file come first: a diff may edit a file, then delete it.
    tx.commit(state);
    const differs = differenceFromExpected(state.file?.lines ?? [], op.expectedText);
    if (differs !== undefined) {
      tx.fail('OUT_OF_DATE', block, state.path, `the diff deletes ${state.path} as holding ${differs}: it changed since the diff was made, or the diff is for another file, so it is not deleted (that would lose what the diff never showed)`, op, {}, state);
      return;
    }
  }
  state.exists = false;
  state.deleted = true;
  state.placedEdits.clear();
  state.pending = [];
  tx.record(state, { block, status: 'applied', strategy: 'delete', score: 1, startLine: 1, endLine: state.file?.lines.length ?? 0 });
}

/** Where the file's lines differ from the text the diff removes, in words; undefined when they agree. */
function differenceFromExpected(fileLines: readonly string[], expected: string): string | undefined {
  const wanted = expected === '' ? [] : (expected.endsWith('\n') ? expected.slice(0, -1) : expected).split('\n');
  const count = (n: number) => `${n} line${n === 1 ? '' : 's'}`;
  for (let i = 0; i < Math.min(wanted.length, fileLines.length); i++) {
    // A BOM on the first line is the file's encoding, not its text.
    const own = (i === 0 ? fileLines[i].replace(/^\uFEFF/, '') : fileLines[i]).trimEnd();
    if (own !== wanted[i].trimEnd()) return `${count(wanted.length)}, but its line ${i + 1} is ${JSON.stringify(fileLines[i].trim().slice(0, 80))} where the diff removes ${JSON.stringify(wanted[i].trim().slice(0, 80))}`;
  }
  if (fileLines.length > wanted.length) return `${count(wanted.length)}, but it has ${count(fileLines.length)} (line ${wanted.length + 1}: ${JSON.stringify(fileLines[wanted.length].trim().slice(0, 80))})`;
  if (fileLines.length < wanted.length) return `${count(wanted.length)}, but it has only ${count(fileLines.length)}`;
  return undefined;
}
