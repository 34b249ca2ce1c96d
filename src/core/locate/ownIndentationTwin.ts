import type { Strategy } from '../receipt';
import { indentWidth, isBlank, leadingWhitespace } from '../text/indentation';
import { hasText } from '../text/normalize';
import { normaliseLine, type FileIndex, type Normalisation } from './fileIndex';
import { scoreWindow } from './fuzzy';
import { straightAlignment, type LineMatch, type Needle, type SearchScope } from './matcher';
import { overlapsRange } from './ranges';

/**
 * The rungs that may find a search text at another indentation than its own, each with the
 * normalisation it compares lines under (rungs 1-2 keep the indentation; the elision, left-out
 * and fuzzy rungs do not pair lines one for one, and weigh their candidates by other means).
 */
const RELAXED: Partial<Record<Strategy, Normalisation>> = { indentation: 'trim', innerWhitespace: 'collapse', unicode: 'fold' };

/** A search text with fewer non-blank lines is not weighed so: one or two lines say too little (the fuzzy rung's own floor). */
const MIN_LINES = 3;
/** Lines of the twin equal to the search text's that must have text (`hasText`): a twin of `}` and blank lines is no twin. */
const MIN_EQUAL_TEXT_LINES = 2;
/** When the rarer of the search text's two rarest lines stands more often than this, no twin is looked for (generated code, a file of repeats). */
const MAX_PLACES = 256;

/** A near twin of a match: its window, as a fuzzy match, and the search text's line it differs in. */
export interface OwnIndentationTwin {
  readonly match: LineMatch;
  readonly differs: number;
}

/**
 * The near twins, at the search text's own indentation, of a place a whitespace-relaxed rung found
 * it at another indentation (`match`, the rung's one match). A twin is a window of the search
 * text's length, in `scope`, apart from `match` and from the `taken` lines, where
 * - every non-blank line of the search text stands at its own indentation (the same width, tabs
 *   counted as the file's indent size), blank lines facing blank lines;
 * - every line but exactly one is equal to the search text's under the rung's normalisation, at
 *   least `MIN_EQUAL_TEXT_LINES` of them lines with text.
 * Empty when `match` is at the search text's own indentation, when the rung is not one of
 * `RELAXED`, or when the search text is too short or its lines too common to tell (`MIN_LINES`,
 * `MAX_PLACES`). Each twin comes as a fuzzy match (scored as the fuzzy rung scores a window) with
 * the line it differs in, in file order.
 *
 * Why: the indentation of a quoted block is evidence of where it was quoted from, as much as its
 * words. A model that re-types a block and misquotes one line of it can make it, indentation aside,
 * the words of another block of the file: lodash's `equalObjects` cyclic check quoted with
 * `if (stacked) {` for `if (stacked && stack.get(other)) {` is word for word the check in
 * `equalByTag`'s `setTag` case, four spaces deeper, and the edit was re-indented and written there,
 * into a function the change never touched, while `equalObjects`, at the block's very depth and
 * differing in that one line, kept its bug. One place matches the words, the other the indentation
 * and all the words but a line: which one is meant is a guess, and the edit is refused with both.
 */
export function twinsAtOwnIndentation(index: FileIndex, needle: Needle, match: LineMatch, scope: SearchScope, taken: readonly { readonly start: number; readonly end: number }[] = []): OwnIndentationTwin[] {
  const kind = RELAXED[match.strategy];
  if (kind === undefined || needle.elisions.size > 0) return [];
  const n = needle.lines.length;
  if (match.end - match.start !== n) return [];
  const nonBlank: number[] = [];
  needle.lines.forEach((line, k) => !isBlank(line) && nonBlank.push(k));
  if (nonBlank.length < MIN_LINES) return [];
  const unit = index.indentUnit;
  const tabSize = unit?.kind === 'spaces' ? unit.size : 4;
  const width = (line: string) => indentWidth(leadingWhitespace(line), tabSize);
  const widths = needle.lines.map(width);
  if (nonBlank.every((k) => width(index.line(match.start + k)) === widths[k])) return [];
  // A twin differs from the search text in one line: of any two of its lines, one stands at its
  // place in the twin. The two rarest lines with text give every candidate start.
  const rarest = nonBlank
    .filter((k) => hasText(needle.lines[k]))
    .map((k) => ({ k, count: index.countLike(needle.lines[k]) }))
    .sort((a, b) => a.count - b.count || a.k - b.k)
    .slice(0, 2);
  if (rarest.length < 2 || rarest[1].count > MAX_PLACES) return [];
  const wanted = needle.lines.map((line) => normaliseLine(line, kind));
  const starts = new Set<number>();
  for (const { k } of rarest) for (const position of index.linesLike(needle.lines[k])) starts.add(position - k);
  const twins: OwnIndentationTwin[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    if (start < scope.from || start + n > scope.to || Math.abs(start - match.start) < n) continue;
    if (taken.length > 0 && overlapsRange(taken, start, start + n)) continue;
    const differing = differingLine(index, needle, wanted, widths, kind, tabSize, start);
    if (differing === undefined) continue;
    const scored = scoreWindow(index, needle, start);
    const twin: LineMatch = {
      start,
      end: start + n,
      score: Math.round(scored.score * 1000) / 1000,
      strategy: 'fuzzy',
      alignment: straightAlignment(start, n),
      warnings: [`fuzzy match: file line ${start + differing + 1} differs from the edit's "${needle.lines[differing].trim().slice(0, 80)}"`],
    };
    twins.push({ match: twin, differs: differing });
  }
  return twins;
}

/**
 * The one line of the search text the window at `start` differs in, when the window is a twin
 * (see `twinsAtOwnIndentation`); undefined otherwise.
 */
function differingLine(index: FileIndex, needle: Needle, wanted: readonly string[], widths: readonly number[], kind: Normalisation, tabSize: number, start: number): number | undefined {
  let differing: number | undefined;
  let equalText = 0;
  for (let k = 0; k < needle.lines.length; k++) {
    const line = index.line(start + k);
    const blank = isBlank(needle.lines[k]);
    if (blank !== isBlank(line)) return undefined;
    if (blank) continue;
    if (indentWidth(leadingWhitespace(line), tabSize) !== widths[k]) return undefined;
    if (index.lineUnder(kind, start + k) === wanted[k]) {
      if (hasText(needle.lines[k])) equalText++;
      continue;
    }
    if (differing !== undefined) return undefined;
    differing = k;
  }
  return differing !== undefined && equalText >= MIN_EQUAL_TEXT_LINES ? differing : undefined;
}
