/**
 * Where a placed segment's widened part ends: once `placeFromHead` has widened a segment from its
 * anchors over the lines it shares with the file, these read its edges again: a closer that ends
 * new code rather than the file's block, context lines that stand right above or below the region,
 * a block comment the segment rewrites whole, an edited edge line whose twin stands nearby.
 */
import { copyAnnotatesLineAbove } from './annotations';
import { contextAbove, contextBelow, linesAbove, linesBelow } from './edges';
import { closedTagName, firstNonBlank, hasText, indentOf, isCloser, isOpener, lastNonBlank, opensTag } from './lines';

/** How far up `closerOfNewBlock` looks for the line a closer closes. */
const MAX_NEW_BLOCK_LINES = 400;

/**
 * True when both lines leave their block the same way (`return`, `raise`, `throw`, `break`,
 * `continue`) at the same depth (the segment's line `shift` columns shallower than the file's,
 * as quoted): written at the file's line's place, the segment's line replaces it (`return
 * default` for `return None`, above `# ... rest unchanged`). Read as a new line, it stood right
 * above the old one, which then could never run.
 */
export function sameExit(written: string, existing: string, shift: number): boolean {
  const word = exitWord(written);
  return word !== undefined && word === exitWord(existing) && indentOf(written) + shift === indentOf(existing);
}

/**
 * A message when the segment's first line with text was taken for an edit of the file's line at
 * the region's top (`first` at file line `from`: not the same text, a `return result` for the
 * file's `return c`), while the file has that very line, at the same depth, a few lines further up
 * (not above `cursor`); or the same at its last line and the region's bottom (`last`, up to `to`).
 * The snippet's line may then be the file's line it equals, its context, and the lines between
 * (a function the commit deleted, CPython's unittest/util.py) deleted, or an edit of the nearer
 * line with those lines kept. Which one is a guess: read as the edit, a function's `return c` was
 * rewritten into another's `return result`. An annotation's copy over another definition above
 * is no such line (`copyAnnotatesLineAbove`). Undefined otherwise.
 */
export function editedEdgeStandsNearby(segment: readonly string[], original: readonly string[], cursor: number, first: number, from: number, last: number, to: number, shift: number): string | undefined {
  const sameLine = (k: number, i: number) => original[i].trim() === segment[k].trim() && indentOf(original[i]) === indentOf(segment[k]) + shift;
  const describe = (k: number, edited: number, found: number) =>
    `the line "${segment[k].trim().slice(0, 40)}" the part ${k === first ? 'starts' : 'ends'} with edits line ${edited + 1} ("${original[edited].trim().slice(0, 40)}"), but the file has that very line at line ${found + 1}, and the snippet leaves out the lines between: whether it edits line ${edited + 1} or is line ${found + 1}, the lines between deleted, is a guess`;
  if (first === firstNonBlank(segment) && from < original.length && segment[first].trim() !== original[from].trim()) {
    // A copy of an annotation over a line above the region is not the snippet's: read so, the line
    // it annotates would go (`copyAnnotatesLineAbove`).
    for (let i = from - 1; i >= Math.max(cursor, from - NEARBY_LINES); i--) if (sameLine(first, i) && !copyAnnotatesLineAbove(segment, first, original, i, from)) return describe(first, from, i);
  }
  if (last === lastNonBlank(segment) && to > 0 && segment[last].trim() !== original[to - 1].trim()) {
    for (let i = to; i < Math.min(original.length, to + NEARBY_LINES); i++) if (sameLine(last, i)) return describe(last, to - 1, i);
  }
  return undefined;
}

/** How far from the region `editedEdgeStandsNearby` looks for the line a snippet's edge line edits. */
const NEARBY_LINES = 40;

/** The word a line that leaves its block starts with (`return`, `raise`, `throw`, `break`, `continue`), if any. */
export function exitWord(line: string): string | undefined {
  return /^\s*(return|raise|throw|break|continue)\b/.exec(line)?.[1];
}

/** The exits that leave a function, not only a loop. */
export const FUNCTION_EXITS = new Set(['return', 'raise', 'throw']);

/**
 * The lowest closing line (`}`, `});`) of the part widened upward (segment lines `first` up to the
 * head anchor) whose block the segment opens above that part: the segment line it closes (the
 * nearest line above it, not deeper, that opens a block) lies above `first`, so the widening did
 * not find that opener as the file's line there. Such a closer ends new code (a function added
 * under the marker, above the one shown), not the file's block above: taken as the file's `}`
 * of the function before, the new function was written inside that one, its last line left
 * unclosed. -1 when no closer is so.
 */
export function closerOfNewBlock(segment: readonly string[], first: number, head: number): number {
  for (let k = head - 1; k >= first; k--) {
    // A closing tag ends an element as `}` ends a block: a new `<plugin>` … `</plugin>` written
    // above a POM's `</plugins>` had its `</plugin>` taken for the file's plugin before.
    const tag = closedTagName(segment[k]);
    if ((!isCloser(segment[k]) && tag === undefined) || segment[k].trim() === 'end') continue;
    const width = indentOf(segment[k]);
    // Bounded: a closer of a block longer than a function is not what this looks for, and deep
    // nesting in a huge block must not make the walk quadratic.
    const stop = Math.max(-1, k - MAX_NEW_BLOCK_LINES);
    let opener = k - 1;
    while (opener > stop && (segment[opener].trim() === '' || indentOf(segment[opener]) > width)) opener--;
    const opens = opener > stop && (tag === undefined ? isOpener(segment[opener].trim()) : opensTag(segment[opener], tag));
    if (opens && opener < first) return k;
  }
  return -1;
}

/**
 * The segment's lines above its widened part (segment line `first` at file line `from`, widened
 * up from the head anchor at `head`) read as a snippet's are: its first lines are the file's lines
 * right above the region. When they are not, the widening is undone over lines it took because
 * they equal the file's, as far as makes the most of the segment's first lines stand, indentation
 * and all, right above where the region then starts: those lines were new code repeating the
 * file's. (A new test written above an older one ends with the same `assert…; }); });` lines as
 * the test above the anchor: widened over them, the new test's head went inside the older test,
 * and the snippet's leading `});` context became new code.) Unchanged when the segment has
 * nothing above, its first lines already stand right there or a few lines higher with the lines
 * between edited by its new lines (`contextAbove`: the widened lines are then the file's, and
 * the new lines an edit between), or no shallower widening lets them.
 */
export function contextReadingAbove(segment: readonly string[], original: readonly string[], cursor: number, head: number, first: number, from: number): { first: number; from: number } {
  let start = 0;
  while (start < first && segment[start].trim() === '') start++;
  // Already so (`contextAbove` finds them right there, or past lines the new ones edit): nothing to change.
  if (start === first || contextAbove(segment.slice(start, first), original, cursor, from) !== undefined) return { first, from };
  let best = { first, from, lead: 0 };
  for (let u = first + 1; u <= head; u++) {
    const at = from + (u - first);
    // Only lines taken because they are the file's lines: an edited line stays an edit.
    if (segment[u - 1].trim() !== original[at - 1].trim()) break;
    const lead = linesAbove(segment.slice(start, u), original, cursor, at);
    if (lead > best.lead) best = { first: u, from: at, lead };
  }
  return { first: best.first, from: best.from };
}

/**
 * Where the region starts when the segment rewrites a block comment above its widened part
 * (segment line `first` at file line `from`): the segment's lines above `first` open a comment
 * (`/*`, `/**`) that is still open at `first`, while file line `from` lies inside a comment the
 * file opened further up. The two comments end at the same line, so the segment's replaces the
 * file's, from its opening line: placing the new opening line inside the old comment kept the old
 * comment's first lines above the new one (a doc comment written twice, the first left open).
 * `from` unchanged otherwise.
 */
export function commentRewrittenFrom(segment: readonly string[], original: readonly string[], cursor: number, first: number, from: number): number {
  const opens = (line: string) => line.trimStart().startsWith('/*') && !line.includes('*/');
  let open = false;
  for (let k = 0; k < first; k++) {
    if (opens(segment[k])) open = true;
    else if (segment[k].includes('*/')) open = false;
  }
  if (!open) return from;
  for (let i = from - 1; i >= cursor && i >= from - MAX_COMMENT_LINES; i--) {
    if (original[i].includes('*/')) return from;
    if (opens(original[i])) return i;
  }
  return from;
}

/** How far up `commentRewrittenFrom` looks for the opening line of the comment the region starts in. */
const MAX_COMMENT_LINES = 200;

/**
 * True when the segment's leading `lines` (the first of them not blank) stand in the file below
 * its head anchor (file line `headAt`), among the lines the region replaces (up to `to`): a run of
 * two or more of them, one with some text, equal to the file's lines there, indentation compared.
 * A single line, or lines without text (`}`), prove nothing.
 */
export function leadingLinesBelowAnchor(lines: readonly string[], original: readonly string[], headAt: number, to: number): boolean {
  for (let p = headAt + 1; p < to; p++) {
    let j = 0;
    while (j < lines.length && p + j < to && lines[j].trimEnd() === original[p + j].trimEnd()) j++;
    if (j >= 2 && lines.slice(0, j).some(hasText)) return true;
  }
  return false;
}

/**
 * The mirror of {@link contextReadingAbove} below the widened part (segment line `last`, file lines
 * up to `to`), down to the tail anchor. A snippet ending `})`, `.then(() => {` under a rewritten
 * `return` of a promise chain's step has those lines right under the file's `return` it edits
 * (`contextBelow`): read as a new step above the file's instead, the old step stayed under the
 * new one (@tanstack/query-core's retryer).
 */
export function contextReadingBelow(segment: readonly string[], original: readonly string[], tail: number, last: number, to: number): { last: number; to: number } {
  let end = segment.length;
  while (end > last + 1 && segment[end - 1].trim() === '') end--;
  if (end === last + 1 || contextBelow(segment.slice(last + 1, end), original, to) !== undefined) return { last, to };
  let best = { last, to, trail: 0 };
  for (let v = last - 1; v >= tail; v--) {
    const at = to - (last - v);
    if (segment[v + 1].trim() !== original[at].trim()) break;
    const trail = linesBelow(segment.slice(v + 1, end), original, at);
    if (trail > best.trail) best = { last: v, to: at, trail };
  }
  return { last: best.last, to: best.to };
}

/**
 * A block comment the segment writes whole, its `/*` among the lines matched from the region's
 * start and its `*\/` after the widened part, stands for the whole comment of the file that starts
 * there: the region then reaches that comment's `*\/`. Otherwise a rewritten doc comment (same
 * first lines, new paragraph) was placed as new lines inside the old one, whose paragraph and
 * `*\/` stayed behind it. The new ends (last segment line, region end), or undefined.
 */
export function throughComment(segment: readonly string[], original: readonly string[], first: number, from: number, last: number, to: number): { last: number; to: number } | undefined {
  const closes = (line: string) => line.includes('*/');
  for (let c = first, at = from; c <= last && at < to; c++, at++) {
    if (segment[c].trim() !== original[at].trim()) return undefined;
    if (!segment[c].trim().startsWith('/*') || closes(segment[c])) continue;
    let writtenEnd = c + 1;
    while (writtenEnd < segment.length && !closes(segment[writtenEnd])) writtenEnd++;
    let fileEnd = at + 1;
    while (fileEnd < original.length && !closes(original[fileEnd])) fileEnd++;
    if (writtenEnd < segment.length && writtenEnd > last && fileEnd < original.length && fileEnd >= to) return { last: writtenEnd, to: fileEnd + 1 };
    return undefined;
  }
  return undefined;
}
