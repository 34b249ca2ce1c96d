import type { ReplaceLinesOp } from '../ir';
import { lineEdit } from '../plan';
import { lineSimilarity } from '../text/lineDistance';
import { toLines } from '../text/fileText';
import type { FileState, Transaction } from './transaction';

const NEXT_STEP = 'View the file again and re-send the edit with its current line numbers, or send it as a SEARCH/REPLACE block quoting the lines it replaces.';

/** How alike (0-1) one old line and one new line must be at best when they share no line. */
const RESEMBLANCE = 0.5;

/**
 * Replaces a range of lines given by number alone (SWE-agent's `edit 12:15`), counted on the file
 * as the reply's earlier edits left it (the agent ran each command on the last one's result).
 * Nothing of the old lines is quoted, so the range is checked against the new text: it must lie in
 * the file, and its lines must resemble the new ones (one line with text in common, or one pair at
 * least half alike, or nothing but blank lines to replace); otherwise the numbers are not this
 * file's as it is, and the edit is refused (`NO_MATCH`) rather than written over other code. A
 * range that already reads as the new text is already applied.
 */
export function placeReplaceLines(tx: Transaction, state: FileState, op: ReplaceLinesOp): void {
  const block = op.source.block;
  if (!state.exists) {
    tx.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist`, op, {}, state);
    return;
  }
  if (state.pending.length > 0) tx.commit(state);
  const file = state.file!;
  const { firstLine, lastLine } = op;
  if (firstLine < 1 || lastLine < firstLine || lastLine > file.lineCount) {
    tx.fail('NO_MATCH', block, state.path, `the edit replaces lines ${firstLine}-${lastLine}, but ${state.path} has ${file.lineCount} lines`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  const old = file.lines.slice(firstLine - 1, lastLine);
  const written = toLines(op.text);
  if (old.length === written.length && old.every((line, i) => line === written[i])) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'lineNumbers', score: 1, startLine: firstLine, endLine: lastLine, warnings: ['the lines already read like this'] });
    return;
  }
  if (!resembles(old, written)) {
    const shown = old.find((line) => line.trim() !== '')?.trim() ?? '';
    tx.fail('NO_MATCH', block, state.path, `lines ${firstLine}-${lastLine} of ${state.path} ("${shown.slice(0, 80)}"…) have nothing in common with the new text: the line numbers are not this file's as it is now, so the edit is not written over them`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  tx.record(state, { block, status: 'applied', strategy: 'lineNumbers', score: 1, startLine: firstLine, endLine: lastLine, edits: [lineEdit(file, firstLine - 1, lastLine, written)] });
}

/** True when the old lines are all blank, share a line with text with the new ones, or one old and one new line are at least `RESEMBLANCE` alike. */
function resembles(old: readonly string[], written: readonly string[]): boolean {
  const oldText = old.map((line) => line.trim()).filter((line) => line !== '');
  if (oldText.length === 0) return true;
  const newText = new Set(written.map((line) => line.trim()).filter((line) => line !== ''));
  if (oldText.some((line) => newText.has(line))) return true;
  // Bounded: a few lines each way are enough to tell a rewritten line from another place.
  const someNew = [...newText].slice(0, 20);
  for (const a of oldText.slice(0, 20)) for (const b of someNew) if (lineSimilarity(a, b) >= RESEMBLANCE) return true;
  return false;
}
