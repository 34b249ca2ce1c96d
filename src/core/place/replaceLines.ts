import type { ReplaceLinesOp } from '../ir';
import { lineEdit } from '../plan';
import { lineSimilarity } from '../text/lineDistance';
import { toLines } from '../text/fileText';
import { placeCreate } from './create';
import { isElisionIn } from './opText';
import { overlapsAny, type FileState, type Transaction } from './transaction';

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
 *
 * A new text that ends with the lines right after the range, or starts with those right before it
 * (see `repeatedOutside`), was counted one line short: GPT-4's `edit 287:295` on pydicom's
 * numpy_handler.py rewrote the `raise AttributeError(` call through its closing `)`, which is line
 * 296, and written as numbered the `)` stood twice (SWE-agent's own lint refused it three times).
 * As for a range counted on the original file, the one shift that puts both edge lines at the
 * range's edges moves it, and so does one line's shift when the text repeats that one line and its
 * other edge line rewrites the line there (see `shortByRepeat`); otherwise the edit is refused,
 * naming the line it would repeat.
 */
export function placeReplaceLines(tx: Transaction, state: FileState, op: ReplaceLinesOp): void {
  const block = op.source.block;
  if (!state.exists) {
    // A range from line 1 for a file that is not there: CopilotChat's block for a new file.
    if (op.countedOnOriginal && op.firstLine === 1) return placeCreate(tx, state, op.text, op);
    tx.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist`, op, {}, state);
    return;
  }
  if (op.countedOnOriginal) return placeOriginalRange(tx, state, op);
  if (state.pending.length > 0) tx.commit(state);
  const file = state.file!;
  let { firstLine, lastLine } = op;
  if (firstLine < 1 || lastLine < firstLine || lastLine > file.lineCount) {
    tx.fail('NO_MATCH', block, state.path, `the edit replaces lines ${firstLine}-${lastLine}, but ${state.path} has ${file.lineCount} lines`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  const written = toLines(op.text);
  const warnings: string[] = [];
  const repeated = repeatedOutside(file.lines, firstLine, lastLine, written);
  if (repeated !== undefined) {
    const shift = rangeShift(file.lines, firstLine, lastLine, written, repeated);
    if (shift === undefined) {
      tx.fail('NO_MATCH', block, state.path, repeatMessage(state.path, file.lines, firstLine, lastLine, written, repeated), op, { nextStep: RANGE_STEP }, state);
      return;
    }
    firstLine += shift;
    lastLine += shift;
    warnings.push(shiftNote(op, file.lines, firstLine, lastLine, written));
  }
  const old = file.lines.slice(firstLine - 1, lastLine);
  if (old.length === written.length && old.every((line, i) => line === written[i])) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'lineNumbers', score: 1, startLine: firstLine, endLine: lastLine, warnings: [...warnings, 'the lines already read like this'] });
    return;
  }
  if (!resembles(old, written)) {
    const shown = old.find((line) => line.trim() !== '')?.trim() ?? '';
    tx.fail('NO_MATCH', block, state.path, `lines ${firstLine}-${lastLine} of ${state.path} ("${shown.slice(0, 80)}"…) have nothing in common with the new text: the line numbers are not this file's as it is now, so the edit is not written over them`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  tx.record(state, { block, status: 'applied', strategy: 'lineNumbers', score: 1, startLine: firstLine, endLine: lastLine, warnings, edits: [lineEdit(file, firstLine - 1, lastLine, written)] });
}

const RANGE_STEP = 'View the lines around the range again and re-send the edit with the range of exactly the lines its text replaces.';

/**
 * Why a range whose new text repeats the lines just outside it is refused: the line that would
 * stand twice, by number and text, and the range that would take it in, when the text's other edge
 * line is the range's edge line or a version of it. Otherwise widening would have the text replace
 * a line it does not rewrite (the `) -> None:` before an `if` the text changes), so none is named.
 */
function repeatMessage(path: string, lines: readonly string[], firstLine: number, lastLine: number, written: readonly string[], { side, count }: Repeat): string {
  const [from, to] = side === 'after' ? [lastLine + 1, lastLine + count] : [firstLine - count, firstLine - 1];
  const shown = lines.slice(from - 1, to).find((line) => line.trim() !== '')?.trim().slice(0, 80) ?? '';
  const which = count === 1 ? `line ${from}` : `lines ${from}-${to}`;
  const repeat = `the new text ${side === 'after' ? 'ends' : 'starts'} with ${which} of ${path} (\`${shown}\`), right ${side} lines ${firstLine}-${lastLine}: written over them, ${count === 1 ? 'that line' : 'those lines'} would stand twice`;
  const [edge, kept] = side === 'after' ? [written[0], firstLine] : [written[written.length - 1], lastLine];
  const keptLine = lines[kept - 1];
  if (!sameLine(edge, keptLine) && !(edge?.trim() && keptLine?.trim() && lineSimilarity(edge.trim(), keptLine.trim()) >= RESEMBLANCE)) {
    return `${repeat}, and its ${side === 'after' ? 'first' : 'last'} line is neither line ${kept} nor a version of it: the numbers do not say which lines it replaces`;
  }
  const widened = side === 'after' ? `${firstLine}:${to}` : `${from}:${lastLine}`;
  return `${repeat}. If the text rewrites ${which} too, the range is ${widened}; otherwise it is not where the text goes`;
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

/**
 * Replaces a range counted on the file as the reply found it (CopilotChat's `start_line=`
 * `end_line=` fence, avante's `Replace lines: N-M`), with the checks of `placeReplaceLines` and
 * two more, because such numbers go stale (the user edited the file after it was shown, or the
 * model miscounted):
 * - the new text's edge lines sitting together elsewhere, as many lines apart as the range's
 *   edges, while neither is at the range's own edges, or the new text repeating the lines right
 *   outside the range (which the range's own edges are not): the numbers are off. When exactly one
 *   shift puts both edge lines at the range's edges, the range is moved by it (a diff hunk's
 *   offset, told in a warning); otherwise the edit is refused, never written over the wrong lines.
 * - an elision line ("... existing code ...") the range does not hold: what it stands for is not
 *   known, so the edit is refused (the formats ask for every line of the range).
 * The ranges of one reply all count the original lines, so their edits join the file's pending
 * ones without a commit; a range overlapping another edit of the reply is `OVERLAPPING_EDITS`.
 */
function placeOriginalRange(tx: Transaction, state: FileState, op: ReplaceLinesOp): void {
  const block = op.source.block;
  const file = state.file!;
  if (file.raw !== state.original) {
    tx.fail('NO_MATCH', block, state.path, `the edit gives lines ${op.firstLine}-${op.lastLine} of ${state.path} as it was, but an earlier edit of this reply already changed the file in turn, so those numbers no longer say which lines`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  if (op.firstLine < 1 || op.lastLine < op.firstLine || op.lastLine > file.lineCount) {
    tx.fail('NO_MATCH', block, state.path, `the edit replaces lines ${op.firstLine}-${op.lastLine}, but ${state.path} has ${file.lineCount} lines`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  const written = toLines(op.text);
  let firstLine = op.firstLine;
  let lastLine = op.lastLine;
  const warnings: string[] = [];
  const repeated = repeatedOutside(file.lines, firstLine, lastLine, written);
  const shift = repeated !== undefined || !edgeInPlace(file.lines, firstLine, lastLine, written) ? (onlyShift(file.lines, firstLine, lastLine, written) ?? undefined) : undefined;
  if (shift !== undefined) {
    firstLine += shift;
    lastLine += shift;
    warnings.push(shiftNote(op, file.lines, firstLine, lastLine, written));
  } else if (repeated !== undefined) {
    tx.fail('NO_MATCH', block, state.path, `the new text ${repeated.side === 'after' ? 'ends' : 'starts'} with the lines ${state.path} has right ${repeated.side} lines ${firstLine}-${lastLine}: written over them it would repeat those lines, so the numbers are not where the text goes`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  const old = file.lines.slice(firstLine - 1, lastLine);
  if (old.length === written.length && old.every((line, i) => line === written[i])) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'lineNumbers', score: 1, startLine: firstLine, endLine: lastLine, warnings: [...warnings, 'the lines already read like this'] });
    return;
  }
  const oldLines = new Set(old);
  const elision = written.find((line) => isElisionIn(op.source, line) && !oldLines.has(line));
  if (elision !== undefined) {
    tx.fail('ELISION_UNRESOLVED', block, state.path, `the edit replaces lines ${firstLine}-${lastLine} of ${state.path}, but its text leaves code out ("${elision.trim().slice(0, 80)}"), and what that stands for is not known`, op, {}, state);
    return;
  }
  if (!resembles(old, written)) {
    const shown = old.find((line) => line.trim() !== '')?.trim() ?? '';
    tx.fail('NO_MATCH', block, state.path, `lines ${firstLine}-${lastLine} of ${state.path} ("${shown.slice(0, 80)}"…) have nothing in common with the new text, so nothing shows the numbers still say which lines it replaces (the file may have changed since they were counted): the edit is not written over them`, op, { nextStep: NEXT_STEP }, state);
    return;
  }
  const edit = lineEdit(file, firstLine - 1, lastLine, written);
  if (state.pending.some((other) => other.start === edit.start && other.end === edit.end && other.text === edit.text)) {
    // The same range with the same text again (a model repeating its block): nothing to add.
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'lineNumbers', score: 1, startLine: firstLine, endLine: lastLine, warnings: [...warnings, 'an earlier block of the reply makes this same change'] });
    return;
  }
  if (overlapsAny([edit], state.pending)) {
    tx.fail('OVERLAPPING_EDITS', block, state.path, `this edit changes lines ${firstLine}-${lastLine}, which an earlier edit of the reply already changed in ${state.path}`, op, {}, state);
    return;
  }
  tx.record(state, { block, status: 'applied', strategy: 'lineNumbers', score: 1, startLine: firstLine, endLine: lastLine, warnings, edits: [edit] });
}

/** Lines equal but for trailing whitespace, and not blank: an edge line that says where text stands. */
function sameLine(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.trim() !== '' && a.trimEnd() === b.trimEnd();
}

/** True when the new text's first or last line is the file's at the range's own first or last line. */
function edgeInPlace(lines: readonly string[], firstLine: number, lastLine: number, written: readonly string[]): boolean {
  return written.length > 0 && (sameLine(written[0], lines[firstLine - 1]) || sameLine(written[written.length - 1], lines[lastLine - 1]));
}

/** Lines a range's new text repeats from right `after` or right `before` the range, and how many. */
interface Repeat {
  readonly side: 'after' | 'before';
  readonly count: number;
}

/** Past this many lines a repeat at the range's edge is not looked for: a few tell a shifted range. */
const MAX_REPEAT = 20;

/**
 * Whether the new text ends with lines the file has right after the range (`after`), or starts
 * with lines it has right before it (`before`), and how many, those lines not blank alone and the
 * range's own last (first) lines not the same: written over the range, the text would stand twice.
 */
function repeatedOutside(lines: readonly string[], firstLine: number, lastLine: number, written: readonly string[]): Repeat | undefined {
  const old = lines.slice(firstLine - 1, lastLine);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((line, i) => line.trimEnd() === b[i].trimEnd());
  const bound = Math.min(written.length, MAX_REPEAT);
  for (let k = 1; k <= bound; k++) {
    const tail = written.slice(written.length - k);
    if (lastLine + k <= lines.length && tail.some((line) => line.trim() !== '') && same(tail, lines.slice(lastLine, lastLine + k)) && !same(tail, old.slice(Math.max(0, old.length - k)))) return { side: 'after', count: k };
    const head = written.slice(0, k);
    if (firstLine - 1 - k >= 0 && head.some((line) => line.trim() !== '') && same(head, lines.slice(firstLine - 1 - k, firstLine - 1)) && !same(head, old.slice(0, k))) return { side: 'before', count: k };
  }
  return undefined;
}

/** What the warning of a moved range says: where the text's edge lines stand, or which one it rewrites. */
function shiftNote(op: ReplaceLinesOp, lines: readonly string[], firstLine: number, lastLine: number, written: readonly string[]): string {
  const given = `the edit gives lines ${op.firstLine}-${op.lastLine}, but`;
  const taken = `taken as lines ${firstLine}-${lastLine}`;
  if (!sameLine(written[0], lines[firstLine - 1])) return `${given} its last line stands at ${lastLine} and its first rewrites line ${firstLine}: ${taken}`;
  if (!sameLine(written[written.length - 1], lines[lastLine - 1])) return `${given} its first line stands at ${firstLine} and its last rewrites line ${lastLine}: ${taken}`;
  return `${given} its first and last lines stand at ${firstLine} and ${lastLine}: ${taken}`;
}

/**
 * The shift that moves a range counted on the file as it is to where its new text goes: the one
 * that puts both its edge lines in place (`onlyShift`), else, for a text that repeats the one line
 * outside the range, the one that takes that line in (`shortByRepeat`); undefined when neither
 * says, or several shifts fit. (A range counted on the original file is stale when off: there a
 * rewritten edge line does not say where the text goes, and only `onlyShift` moves it.)
 */
function rangeShift(lines: readonly string[], firstLine: number, lastLine: number, written: readonly string[], repeated: Repeat | undefined): number | undefined {
  const found = onlyShift(lines, firstLine, lastLine, written);
  if (found !== undefined) return found ?? undefined;
  return repeated?.count === 1 ? shortByRepeat(lines, firstLine, lastLine, written, repeated) : undefined;
}

/**
 * The one shift (not 0) that puts the new text's first and last lines at the range's first and
 * last lines, with no repeat outside the range there either; undefined when no shift does, null
 * when several do (the place is then not known, and no other reading is to be tried).
 */
function onlyShift(lines: readonly string[], firstLine: number, lastLine: number, written: readonly string[]): number | null | undefined {
  if (written.length === 0) return undefined;
  const first = written[0];
  const last = written[written.length - 1];
  const span = lastLine - firstLine;
  let found: number | undefined;
  for (let at = 1; at + span <= lines.length; at++) {
    if (at === firstLine || !sameLine(first, lines[at - 1]) || !sameLine(last, lines[at + span - 1])) continue;
    if (repeatedOutside(lines, at, at + span, written) !== undefined) continue;
    if (found !== undefined) return null;
    found = at - firstLine;
  }
  return found;
}

/**
 * The shift of a range counted one line short, its text ending with the line right after it (or
 * starting with the line right before it), when the text's other edge line is a rewrite of a line
 * rather than a copy: SWE-agent's `edit 16:17` on starlette's trustedhost.py, whose text turns
 * line 17's `if allowed_hosts is None:` into `if not allowed_hosts:` and ends with line 18 as it
 * is. No shift puts both edge lines in place (one of them is changed), but moved by that line the
 * repeated line is the range's own edge, and the other edge line is a version of the file's line
 * there: at least `RESEMBLANCE` alike, and more alike than to the line at the range's given edge,
 * which the shift leaves as it is (widened instead, the range would have the `if` replace line
 * 16's `) -> None:`). Undefined when the other edge says nothing so, or the moved range repeats
 * lines outside it as well.
 */
function shortByRepeat(lines: readonly string[], firstLine: number, lastLine: number, written: readonly string[], { side }: Repeat): number | undefined {
  const shift = side === 'after' ? 1 : -1;
  const [edge, given, moved] = side === 'after' ? [written[0], lines[firstLine - 1], lines[firstLine + shift - 1]] : [written[written.length - 1], lines[lastLine - 1], lines[lastLine + shift - 1]];
  if (edge === undefined || given === undefined || moved === undefined || edge.trim() === '' || moved.trim() === '') return undefined;
  const toMoved = lineSimilarity(edge.trim(), moved.trim());
  if (toMoved < RESEMBLANCE || toMoved <= lineSimilarity(edge.trim(), given.trim())) return undefined;
  if (repeatedOutside(lines, firstLine + shift, lastLine + shift, written) !== undefined) return undefined;
  return shift;
}
