import { indentWidth, isBlank, leadingWhitespace } from '../text/indentation';
import type { FileIndex } from './fileIndex';
import { findNormalisedRuns, occurrences } from './lineSearch';
import { straightMatch, type LineMatch, type Matcher, type Needle } from './matcher';

/**
 * Rung 3: equal after removing one uniform indentation offset. Every non-blank line must carry the
 * same content (trailing whitespace aside) and be shifted by the same number of columns, tabs
 * counted as the file's indent size, so a block quoted flush-left or with tabs for spaces still
 * keeps its shape. Blank lines match blank lines.
 */
export const indentationMatcher: Matcher = {
  id: 'indentation',
  find(index, needle, scope) {
    if (needle.elisions.size > 0) return [];
    const unit = index.indentUnit;
    const tabSize = unit?.kind === 'spaces' ? unit.size : 4;
    const starts = findNormalisedRuns(index, needle.lines, 'trim', scope);
    const uniform = uniformStarts(index, needle, starts, tabSize);
    const matches: LineMatch[] = [];
    for (const start of uniform) matches.push(straightMatch(start, needle.lines.length, 0.98, 'indentation'));
    return matches;
  },
};

/**
 * The starts (of lines equal to the needle's, leading and trailing whitespace aside) where every
 * non-blank line is shifted by the same number of columns. Checked start by start; when that
 * would cost more than a few passes over the file (thousands of starts of a long needle), by
 * matching the differences between consecutive non-blank lines' widths, which is the same test.
 */
function uniformStarts(index: FileIndex, needle: Needle, starts: readonly number[], tabSize: number): number[] {
  const nonBlank: number[] = [];
  needle.lines.forEach((line, i) => !isBlank(line) && nonBlank.push(i));
  if (starts.length * nonBlank.length > 4 * index.lineCount + 10_000) return uniformByWidths(index, needle, starts, tabSize, nonBlank);
  const uniform: number[] = [];
  for (const start of starts) {
    let offset: number | undefined;
    let same = true;
    for (let k = 0; k < nonBlank.length && same; k++) {
      const i = nonBlank[k];
      const shift = indentWidth(leadingWhitespace(index.line(start + i)), tabSize) - indentWidth(leadingWhitespace(needle.lines[i]), tabSize);
      if (offset === undefined) offset = shift;
      else if (shift !== offset) same = false;
    }
    if (same) uniform.push(start);
  }
  return uniform;
}

/**
 * `uniformStarts` in time linear in the file. Each start comes from `findNormalisedRuns(..., 'trim')`,
 * so its window has blank lines exactly where the needle has them, and the needle's non-blank
 * lines meet consecutive non-blank lines of the file: the shift is uniform exactly when the width
 * differences between consecutive non-blank lines are the same in the file as in the needle.
 */
function uniformByWidths(index: FileIndex, needle: Needle, starts: readonly number[], tabSize: number, nonBlank: readonly number[]): number[] {
  if (nonBlank.length < 2) return [...starts];
  const widths = index.indentWidths(tabSize);
  // The file's non-blank lines, the rank of each among them, and the width steps between them.
  const lines: number[] = [];
  const rank = new Int32Array(widths.length);
  for (let j = 0; j < widths.length; j++) {
    rank[j] = lines.length;
    if (widths[j] !== -1) lines.push(j);
  }
  const steps = new Int32Array(Math.max(0, lines.length - 1));
  for (let t = 0; t + 1 < lines.length; t++) steps[t] = widths[lines[t + 1]] - widths[lines[t]];
  const wanted = new Int32Array(nonBlank.length - 1);
  const needleWidth = (i: number) => indentWidth(leadingWhitespace(needle.lines[i]), tabSize);
  for (let k = 0; k + 1 < nonBlank.length; k++) wanted[k] = needleWidth(nonBlank[k + 1]) - needleWidth(nonBlank[k]);
  const fits = new Uint8Array(lines.length);
  for (const t of occurrences(steps, 0, steps.length, wanted)) fits[t] = 1;
  return starts.filter((start) => fits[rank[start + nonBlank[0]]] === 1);
}
