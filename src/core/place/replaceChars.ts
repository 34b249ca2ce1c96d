import type { ReplaceOp } from '../ir';
import { charEdit } from '../plan';
import { lfView } from '../text/fileText';
import { countNewlines, overlapsAny, type FileState, type Transaction } from './transaction';

/**
 * Tool-call semantics (old_string may be part of a line): exact occurrences in the LF view.
 * Returns false when the text does not occur, so the line ladder gets its turn.
 */
export function placeReplaceChars(tx: Transaction, state: FileState, op: ReplaceOp): boolean {
  const block = op.source.block;
  const file = state.file!;
  const view = lfView(file);
  const occurrences: number[] = [];
  for (let at = view.indexOf(op.search); at !== -1; at = view.indexOf(op.search, at + Math.max(1, op.search.length))) {
    occurrences.push(at);
    if (occurrences.length > 1000) break;
  }
  if (occurrences.length === 0) {
    if (state.pending.length > 0) {
      tx.commit(state);
      return placeReplaceChars(tx, state, op);
    }
    return false;
  }
  // Line numbers of the occurrences, counted incrementally (they come in ascending order).
  let countedTo = 0;
  let countedLines = 0;
  const lineOf = (offset: number) => {
    if (offset < countedTo) return countNewlines(view, offset);
    for (let at = view.indexOf('\n', countedTo); at !== -1 && at < offset; at = view.indexOf('\n', at + 1)) countedLines++;
    countedTo = offset;
    return countedLines;
  };
  // An insertion-style edit (new text = before + old text + after) whose new text already
  // surrounds every occurrence was applied before: applying it again would duplicate lines.
  const around = op.replacement.indexOf(op.search);
  if (around !== -1 && op.replacement.length > op.search.length) {
    const surrounded = (at: number) => view.startsWith(op.replacement, at - around);
    if (occurrences.every(surrounded)) {
      const line = lineOf(occurrences[0]);
      tx.record(state, { block, status: 'alreadyApplied', strategy: 'exact', score: 1, startLine: line + 1, endLine: line + 1, warnings: ['the new text is already in the file'] });
      return true;
    }
  }
  const wanted = op.expectedCount;
  const fits = wanted === 'all' || occurrences.length === wanted;
  if (!fits) {
    const candidates = occurrences.slice(0, 10).map((at) => {
      const line = lineOf(at);
      return { startLine: line + 1, endLine: line + 1 + countNewlines(op.search, op.search.length), score: 1, text: file.lines[line] };
    });
    tx.fail('AMBIGUOUS', block, state.path, `the old text occurs ${occurrences.length} times in ${state.path}${wanted === 1 ? '' : `, expected ${wanted}`}`, op, { candidates }, state);
    return true;
  }
  const edits = occurrences.map((at) => charEdit(file, at, at + op.search.length, op.replacement));
  if (overlapsAny(edits, state.pending)) {
    tx.commit(state);
    return placeReplaceChars(tx, state, op);
  }
  const first = lineOf(occurrences[0]);
  const last = lineOf(occurrences[occurrences.length - 1] + op.search.length);
  tx.record(state, { block, status: 'applied', strategy: 'exact', score: 1, startLine: first + 1, endLine: last + 1, edits });
  return true;
}
