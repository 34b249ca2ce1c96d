import type { ReplaceOp } from '../ir';
import { TextPlan, type TextEdit } from '../plan';
import { sliceOf } from '../text/editedText';
import type { Candidate } from '../receipt';
import type { FileState, Transaction } from './transaction';

/**
 * The places where the earlier edits of this reply, still pending on the state's base, make
 * `search` stand on the file as they leave it: an occurrence that overlaps the text an edit
 * writes, or spans the place an edit removed text from (a join). Each comes with the block of the
 * edit that made it. An occurrence that touches no edit stood in the base already, so such places
 * all lie within `search.length` of an edit: each run of edits closer together than that is
 * applied to its stretch of the text alone and searched there (an edited base is read through
 * `sliceOf`, never built whole). CRLF stretches are read as LF (the search is LF), reaching twice
 * as far.
 */
export function placesWrittenByPending(state: FileState, search: string): { readonly block: number }[] {
  const file = state.file;
  if (!file || search === '' || state.pending.length === 0) return [];
  // Which block wrote each edit: wanted only once a stretch is built, which most searches never need.
  let blockOf: Map<TextEdit, number> | undefined;
  const blockWriting = (edit: TextEdit): number => {
    if (!blockOf) {
      blockOf = new Map();
      for (const record of state.records) for (const written of record.edits) blockOf.set(written, record.block);
    }
    return blockOf.get(edit) ?? 0;
  };
  const asLf = (text: string) => (file.hasCrlf ? text.replace(/\r\n/g, '\n') : text);
  const reach = file.hasCrlf ? 2 * search.length : search.length;
  const { edits } = new TextPlan(state.pending);
  const found: { block: number }[] = [];
  for (let i = 0; i < edits.length; ) {
    let j = i + 1;
    while (j < edits.length && edits[j].start - edits[j - 1].end < reach) j++;
    if (!file.hasCrlf && j === i + 1 && !canTouch(file, edits[i], search)) {
      i = j;
      continue;
    }
    let stretch = '';
    const spans: { from: number; to: number; block: number }[] = [];
    let at = Math.max(0, edits[i].start - reach);
    for (let k = i; k < j; k++) {
      stretch += asLf(sliceOf(file, at, edits[k].start));
      const from = stretch.length;
      stretch += asLf(edits[k].text);
      spans.push({ from, to: stretch.length, block: blockWriting(edits[k]) });
      at = edits[k].end;
    }
    stretch += asLf(sliceOf(file, at, edits[j - 1].end + reach));
    for (let p = stretch.indexOf(search); p !== -1; p = stretch.indexOf(search, p + 1)) {
      // Overlapping a written text, or (an empty one) strictly spanning the place it stands at.
      const span = spans.find((s) => p < s.to && s.from < p + search.length && (s.to > s.from || p < s.from));
      if (span) found.push({ block: span.block });
    }
    i = j;
  }
  return found;
}

/**
 * False only when `search` cannot stand touching what `edit`, alone in its stretch of an LF file,
 * writes. An occurrence that overlaps the written text either lies inside it, or holds the
 * written text's first character and the one before it, or its last and the one after it; over
 * an empty written text it holds the two characters the removal joins. So only the places in
 * `search` where such a pair of characters stands are tried, each compared character by
 * character outward, stopping at the first difference. Without this test every edit of a long
 * tool call built and searched the stretch around each edit before it (quadratic in the edits);
 * the stretch is now built only where an occurrence may stand.
 */
export function canTouch(file: NonNullable<FileState['file']>, edit: TextEdit, search: string): boolean {
  const written = edit.text;
  if (written.length >= search.length && written.includes(search)) return true;
  const around: Around = {
    before: sliceOf(file, Math.max(0, edit.start - search.length), edit.start),
    written,
    after: sliceOf(file, edit.end, edit.end + search.length),
  };
  const writtenStart = around.before.length;
  return crosses(around, search, writtenStart) || (written.length > 0 && crosses(around, search, writtenStart + written.length));
}

/** The text around one edit: what stands before it, what it writes, what stands after it. */
interface Around {
  readonly before: string;
  readonly written: string;
  readonly after: string;
}

/** The character code at `at` in the text around an edit (`before + written + after`, never joined). */
function codeAround(around: Around, at: number): number {
  const { before, written, after } = around;
  if (at < before.length) return before.charCodeAt(at);
  return at < before.length + written.length ? written.charCodeAt(at - before.length) : after.charCodeAt(at - before.length - written.length);
}

/** Whether `search` stands across `boundary` (an index into the text around the edit). */
function crosses(around: Around, search: string, boundary: number): boolean {
  const length = around.before.length + around.written.length + around.after.length;
  if (boundary <= 0 || boundary >= length) return false;
  const pair = String.fromCharCode(codeAround(around, boundary - 1), codeAround(around, boundary));
  for (let i = search.indexOf(pair); i !== -1; i = search.indexOf(pair, i + 1)) if (standsWith(around, length, search, i + 1, boundary)) return true;
  return false;
}

/** Whether `search` stands in the text around the edit (`length` long) with its character `i` at `boundary`. */
function standsWith(around: Around, length: number, search: string, i: number, boundary: number): boolean {
  const start = boundary - i;
  if (start < 0 || start + search.length > length) return false;
  for (let k = 0; k < search.length; k++) if (search.charCodeAt(k) !== codeAround(around, start + k)) return false;
  return true;
}

/**
 * True when replacing the old text at any one of its places on the file as the pending edits
 * leave it gives the same file (the old text in a run it repeats, the new text keeping the run
 * so: a blank line added to a run of blank lines): then which place is meant changes nothing.
 * Builds that text whole; called only once the old text is known to stand there more than once.
 */
function sameFileAtEveryPlace(state: FileState, op: ReplaceOp): boolean {
  const file = state.file!;
  const built = new TextPlan(state.pending).apply(file.raw);
  const text = file.hasCrlf ? built.replace(/\r\n/g, '\n') : built;
  const length = op.search.length;
  let previous = text.indexOf(op.search);
  for (let next = text.indexOf(op.search, previous + 1); next !== -1; previous = next, next = text.indexOf(op.search, next + 1)) {
    // The two results differ only between `previous` and `next + length`.
    if (op.replacement + text.slice(previous + length, next + length) !== text.slice(previous, next) + op.replacement) return false;
  }
  return true;
}

/**
 * Refuses, as `AMBIGUOUS`, an edit of a tool that applies each edit to the file the edits before
 * it left (`ReplaceOp.sequential`: Zed's old_text/new_text, Claude Code's Edit and MultiEdit)
 * whose old text stands as many times as it should in the file as it was (`baseLines`, its
 * 1-based lines there), and more times once the reply's earlier edits, still pending, are
 * applied: they wrote it again. Read against the file as it was, the edit has one place; read
 * as the tool reads it, several, one of them text the reply itself just wrote (Zed's dependent
 * edits: `def` → `DEF`, then `DEF` → `DeF`, on a file that already had a `DEF`). Which one the
 * model meant is a guess either way, and the tool itself would refuse it. Not refused when every
 * place gives the same file. Returns true when it refused.
 */
export function refusedAsWrittenAgain(tx: Transaction, state: FileState, op: ReplaceOp, baseLines: readonly number[]): boolean {
  if (!op.sequential || op.expectedCount === 'all' || state.pending.length === 0) return false;
  const written = placesWrittenByPending(state, op.search);
  if (written.length === 0 || sameFileAtEveryPlace(state, op)) return false;
  const blocks = [...new Set(written.map((place) => place.block))].sort((a, b) => a - b);
  const file = state.file!;
  const earlier = state.records.filter((record) => blocks.includes(record.block) && record.status === 'applied' && record.edits.length > 0);
  const candidates: Candidate[] = [
    ...baseLines.map((line) => ({ startLine: line, endLine: line, score: 1, text: file.line(line - 1) })),
    ...earlier.map((record) => ({ startLine: record.startLine, endLine: record.endLine, score: 1, text: writtenLine(state, record.edits[0], record.startLine) })),
  ].slice(0, 10);
  const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
  const asWas = `the old text stands ${times(baseLines.length)} in ${state.path} as it was (line ${baseLines.join(', ')})`;
  const again = `and ${written.length === 1 ? 'once more' : `${written.length} more times`} in the text block${blocks.length === 1 ? '' : 's'} ${blocks.join(', ')} of this reply wrote${earlier.length > 0 ? ` (at line ${earlier.map((record) => record.startLine).join(', ')})` : ''}`;
  tx.fail('AMBIGUOUS', op.source.block, state.path, `${asWas}, ${again}: the tool this edit is written for applies each edit to the file the edits before it left, where the old text stands ${times(baseLines.length + written.length)}, so which one is meant is unclear`, op, { candidates, nextStep: 'Re-send the edit with more of the lines around the place it is meant for in its old text, so that it names one place in the file as the earlier edits leave it.' }, state);
  return true;
}

/** Line `line` (1-based, of the base) as `edit`, which starts on it, rewrites it: its first line. */
function writtenLine(state: FileState, edit: TextEdit, line: number): string {
  const file = state.file!;
  const lineStart = line - 1 < file.lineCount ? file.offset(line - 1) : edit.start;
  const head = edit.start >= lineStart ? sliceOf(file, lineStart, edit.start) : '';
  return (head + edit.text).split(/\r?\n/)[0];
}
