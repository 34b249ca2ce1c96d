import { isBlank } from '../text/indentation';
import { hasText } from '../text/normalize';
import type { FileIndex } from './fileIndex';
import { normaliseLine } from './fileIndex';
import type { Alignment, LineMatch, Matcher, Needle, SearchScope } from './matcher';

/** Needles need this many lines with text: fewer say too little about where they stand. */
const MIN_TEXT_LINES = 2;
/**
 * A needle that leaves out a line of code needs this many lines with text (`hasText`: a word of
 * three characters; a `}` or `});` says nothing of which code it closes), every line of it matched,
 * in order, around the one line it skipped.
 */
const MIN_TEXT_LINES_PAST_CODE = 4;
/** Past this many places for the search text's rarest line, the rung gives up (a refusal, never a stall). */
const MAX_CANDIDATES = 256;

/**
 * Rung 7: lines the search text left out, or blank lines it has that the file has not. Models
 * drop the blank line between two methods from a quote, write one blank line where a Python file
 * has two between its functions, add one, or retype code without a comment line it had, or
 * without one line of it. Every line of the search text with text must match, in order and under
 * the loosest line-for-line rung's normalisation (`fold`), the file's lines from one place on,
 * with nothing but blank lines and comment lines (`//` or `#` comments alone on their line)
 * between them in the file, and at most one line of code in all when the search text has four
 * lines with text or more (a shorter one says too little to skip code by); the search text's
 * blank lines at its start and end must stand there in the file too. A place where
 * every run between two lines is as many blank lines as the search text has is the earlier
 * rungs' (found by them, or refused by them for a reason of their own).
 *
 * Each search line with text is aligned with its file line; a blank search line with the file's
 * line at its position in the run while there is one, else with nothing. `place/leftOutRuns.ts`
 * then gives the edit the file's lines of each run before it is written.
 */
export const leftOutLinesMatcher: Matcher = {
  id: 'leftOutLines',
  find(index: FileIndex, needle: Needle, scope: SearchScope): LineMatch[] {
    if (needle.elisions.size > 0) return [];
    const text: number[] = [];
    needle.lines.forEach((line, i) => {
      if (!isBlank(line)) text.push(i);
    });
    if (text.length < MIN_TEXT_LINES) return [];
    // The rarest line with text: every place is found from its occurrences. Counted before any
    // line is folded: a line the file lacks ends the rung, and folding a 200,000-line search first
    // was a fifth of refusing it.
    let pivot = 0;
    let pivotCount = Infinity;
    for (let k = 0; k < text.length; k++) {
      const count = index.countLike(needle.lines[text[k]]);
      if (count === 0) return [];
      if (count < pivotCount) {
        pivot = k;
        pivotCount = count;
      }
    }
    if (pivotCount > MAX_CANDIDATES) return [];
    const wanted = text.map((i) => normaliseLine(needle.lines[i], 'fold'));
    const leading = text[0];
    const trailing = needle.lines.length - 1 - text[text.length - 1];
    const matches: LineMatch[] = [];
    // Lines walked over, across every candidate: past this the rung gives up (a file of nothing
    // but comments would otherwise be walked once per candidate).
    const budget = { left: 4 * index.lineCount + 10_000 };
    const passableCodeLines = wanted.filter(hasText).length >= MIN_TEXT_LINES_PAST_CODE ? 1 : 0;
    for (const position of index.linesLike(needle.lines[text[pivot]])) {
      if (index.lineUnder('fold', position) !== wanted[pivot]) continue;
      const places = placesAround(index, wanted, pivot, position, scope, budget, passableCodeLines);
      if (budget.left < 0) return [];
      if (!places) continue;
      const start = places[0] - leading;
      const end = places[places.length - 1] + 1 + trailing;
      if (start < scope.from || end > scope.to) continue;
      if (!allBlank(index, start, places[0]) || !allBlank(index, places[places.length - 1] + 1, end)) continue;
      // Every run as many blank lines as the search text's: a straight match, the earlier rungs' to make.
      if (places.every((place, k) => k === 0 || (place - places[k - 1] === text[k] - text[k - 1] && allBlank(index, places[k - 1] + 1, place)))) continue;
      matches.push({ start, end, score: 0.95, strategy: 'leftOutLines', alignment: alignmentOf(needle, text, places, start, end) });
    }
    return matches;
  },
};

/**
 * The file lines of the needle's lines with text, given that the `pivot`-th stands at `position`:
 * each next (previous) one is the next (previous) file line equal to it under `fold`, with only
 * blank and comment lines passed over on the way, and up to `codeLines` other lines in all.
 * Undefined when another line comes first.
 */
function placesAround(index: FileIndex, wanted: readonly string[], pivot: number, position: number, scope: SearchScope, budget: { left: number }, codeLines: number): number[] | undefined {
  const places = new Array<number>(wanted.length);
  places[pivot] = position;
  let codeLeft = codeLines;
  /** True when line f is the one wanted; false when it is another that may be passed over; undefined when neither. */
  const reads = (f: number, k: number) => {
    budget.left--;
    if (index.lineUnder('fold', f) === wanted[k]) return true;
    if (mayBeLeftOut(index.line(f))) return false;
    // (A line passed over stands between two wanted lines: the walk stops at each one it finds.)
    if (codeLeft === 0) return undefined;
    codeLeft--;
    return false;
  };
  for (let k = pivot - 1, f = position - 1; k >= 0; k--, f--) {
    let found: boolean | undefined = false;
    while (f >= scope.from && budget.left >= 0 && (found = reads(f, k)) === false) f--;
    if (found !== true) return undefined;
    places[k] = f;
  }
  for (let k = pivot + 1, f = position + 1; k < wanted.length; k++, f++) {
    let found: boolean | undefined = false;
    while (f < scope.to && budget.left >= 0 && (found = reads(f, k)) === false) f++;
    if (found !== true) return undefined;
    places[k] = f;
  }
  return places;
}

/**
 * A file line a search text may leave out: a blank line, or a comment alone on its line (`//`, or
 * `#` followed by a space or nothing: `#include` and `#define` are code).
 */
export function mayBeLeftOut(line: string): boolean {
  return isBlank(line) || /^[ \t]*(?:\/\/|#(?:[ \t]|$))/.test(line);
}

/** True when file lines [from, to) are all blank. */
function allBlank(index: FileIndex, from: number, to: number): boolean {
  for (let f = from; f < to; f++) if (!isBlank(index.line(f))) return false;
  return true;
}

/**
 * Each needle line's file line: its lines with text at `places`; its blank lines, run by run, the
 * file's lines of the same run in order while there are some, else none.
 */
function alignmentOf(needle: Needle, text: readonly number[], places: readonly number[], start: number, end: number): Alignment[] {
  const alignment: Alignment[] = new Array(needle.lines.length);
  text.forEach((i, k) => (alignment[i] = places[k]));
  // Runs before the first line with text, between two, and after the last.
  const runs: { needleFrom: number; needleTo: number; fileFrom: number; fileTo: number }[] = [{ needleFrom: 0, needleTo: text[0], fileFrom: start, fileTo: places[0] }];
  for (let k = 1; k < text.length; k++) runs.push({ needleFrom: text[k - 1] + 1, needleTo: text[k], fileFrom: places[k - 1] + 1, fileTo: places[k] });
  runs.push({ needleFrom: text[text.length - 1] + 1, needleTo: needle.lines.length, fileFrom: places[places.length - 1] + 1, fileTo: end });
  for (const run of runs) {
    for (let i = run.needleFrom; i < run.needleTo; i++) {
      const f = run.fileFrom + (i - run.needleFrom);
      alignment[i] = f < run.fileTo ? f : undefined;
    }
  }
  return alignment;
}
