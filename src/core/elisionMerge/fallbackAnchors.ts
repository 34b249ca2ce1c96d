/**
 * Placing a segment none of whose lines anchors it (occurs once in the rest of the file, whitespace
 * aside): by the one block opener its edited first line resembles, by a line that occurs once at
 * its own indentation, by a short line standing between the very lines the file has around it, or,
 * after a marker written under a block's opener, by its first line, once in that block's body.
 * Each hands the head it found to `placeFromHead`, checks and all.
 */
import { collapseWhitespace } from '../text/normalize';
import { leadingWhitespace } from '../text/indentation';
import { type AnchorIndex, anchorCount, anchorKey, placeFromHead, sameEnclosingBlock } from './anchors';
import { type Region, blockEnd, correspond, definitionName, firstNonBlank, hasText, indentOf, isCloser, isOpener } from './lines';

/**
 * Places a segment whose first line edits a block opener (`def breakdown(…, exempt)` for `def
 * breakdown(…)`) at the one opener of the file it resembles, when the usual anchors cannot: its
 * unique lines are new code that happens to exist in another function, or it has none. The
 * edited signature is the clearest sign of where the model meant the segment to go; it is used
 * only when exactly one opener after `cursor` resembles it and a later line of the segment is a
 * line of that opener's body. A definition edits only a definition of its own name
 * (`definitionName`): a file's opener that defines another name is never the one.
 */
export function placeByOpener(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, openEnd = false): Region | undefined {
  const head = firstNonBlank(segment);
  if (head === -1) return undefined;
  const line = segment[head].trim();
  if (!isOpener(line)) return undefined;
  // A definition's opener edits only the definition of its own name: `pub fn committer_time(…) {`
  // written after a marker reads like `pub fn author_time(…) {` by edit distance, but it is a new
  // method beside that one (a counterpart, a wrapper that calls it), and placed on it the old
  // method was rewritten into the new one and lost. Modifiers may drift (`definitionName`).
  const name = definitionName(line);
  let headAt = -1;
  for (let i = cursor; i < original.length; i++) {
    if (!isOpener(original[i].trim()) || !correspond(line, original[i])) continue;
    const existing = definitionName(original[i]);
    if (name !== undefined && existing !== undefined && existing !== name) continue;
    if (headAt !== -1) return undefined;
    headAt = i;
  }
  if (headAt === -1) return undefined;
  const region = placeFromHead(segment, original, keys, cursor, head, headAt, openEnd);
  if (typeof region === 'string') return undefined;
  // The segment must also go on like the body under that opener: at least one of its later lines
  // is one of the region's own. A new overload (`total(a, b)` beside `total(a)`) resembles the
  // existing signature just as much, and placing it there would replace the old one.
  const body = new Set(original.slice(headAt + 1, region.to).map(anchorKey).filter((key) => key !== ''));
  const continues = segment.slice(head + 1).some((line) => body.has(anchorKey(line)));
  return continues ? region : undefined;
}

/**
 * Places a segment none of whose lines occurs once in the rest of the file whitespace aside, by a
 * line that occurs there once as written, indentation included: a POM's `<build>` stands at column
 * 2 for the project and at column 6 in two profiles, and a snippet that quotes `  <build>`,
 * `    <plugins>`, a marker and a new plugin means the project's. Only when the indentation says
 * so surely:
 * - the line is indented (a snippet quoted at the margin may have been moved out of any depth);
 * - the reply writes every line of the block the file has at a depth the file has it at
 *   (`writtenAtFileDepths`): the snippet keeps the file's indentation rather than its own;
 * - the line stands in the same blocks as the file's (`sameEnclosingBlock`).
 * The first such line is the head anchor; the rest is `placeFromHead`'s, checks and all.
 * Undefined otherwise.
 */
export function placeAtOwnIndentation(segment: readonly string[], block: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex, cursor: number, openEnd: boolean): Region | undefined {
  if (anchorCount(segment, original, keys, cursor) > 0 || !writtenAtFileDepths(block, isElision, original, keys)) return undefined;
  for (let k = 0; k < segment.length; k++) {
    const line = segment[k];
    if (!hasText(line) || indentOf(line) === 0) continue;
    const positions = keys.positions.get(anchorKey(line)) ?? [];
    const exact = positions.filter((at) => at >= cursor && original[at].trimEnd() === line.trimEnd());
    if (exact.length !== 1 || !sameEnclosingBlock(segment, k, original, exact[0])) continue;
    const region = placeFromHead(segment, original, keys, cursor, k, exact[0], openEnd);
    return typeof region === 'string' ? undefined : region;
  }
  return undefined;
}

/**
 * Places a segment none of whose lines anchors, by a short line too plain for `anchorKey` (no run
 * of three word characters: a notebook cell's `"x[i]"`, `i += 1`) that occurs once at or after
 * `cursor`, whitespace aside, between the very lines the segment has around it: its nearest lines
 * with anything on them above and below are the file's, whitespace aside. A short line alone may
 * be new code that happens to repeat one of the file's, which is why such lines anchor nothing;
 * with the file's lines on both sides of it, it is the file's. The rest is `placeFromHead`'s,
 * checks and all. Undefined otherwise.
 */
export function placeByShortLine(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, openEnd: boolean): Region | undefined {
  if (anchorCount(segment, original, keys, cursor) > 0) return undefined;
  const short = (line: string) => /\w/.test(line) && !hasText(line) && !isCloser(line);
  const near = (lines: readonly string[], at: number, step: 1 | -1) => {
    let i = at + step;
    while (i >= 0 && i < lines.length && lines[i].trim() === '') i += step;
    return i >= 0 && i < lines.length ? collapseWhitespace(lines[i]) : undefined;
  };
  const wanted = new Set(segment.filter(short).map(collapseWhitespace));
  if (wanted.size === 0) return undefined;
  // One pass over the file: where each of the segment's short lines stands (-2 for more than once).
  const only = new Map<string, number>();
  for (let i = cursor; i < original.length; i++) {
    if (!short(original[i])) continue;
    const key = collapseWhitespace(original[i]);
    if (wanted.has(key)) only.set(key, only.has(key) ? -2 : i);
  }
  for (let k = 0; k < segment.length; k++) {
    const at = short(segment[k]) ? (only.get(collapseWhitespace(segment[k])) ?? -1) : -1;
    if (at < 0) continue;
    const [above, below] = [near(segment, k, -1), near(segment, k, 1)];
    if (above === undefined || below === undefined || above !== near(original, at, -1) || below !== near(original, at, 1)) continue;
    if (!sameEnclosingBlock(segment, k, original, at)) continue;
    const region = placeFromHead(segment, original, keys, cursor, k, at, openEnd);
    return typeof region === 'string' ? undefined : region;
  }
  return undefined;
}

/**
 * Places a segment that follows a marker written right after a block's opener (the part before
 * ends with the file's line `cursor - 1`, which opens a block: a func header), by its first line
 * with a word on it, when that line occurs exactly once in the block's body (whitespace aside), the
 * segment has no line that anchors it in the file, and every line of it, at the depth that line
 * gives it, stands inside the body. Cursor's commonest snippet is `func … {`, a marker, the
 * changed lines, a marker, `}`: those lines often start with a line too plain to anchor anywhere
 * (`if !ok {`) or one every function has (`if err != nil {`), while the marker after the header
 * says the lines are in that function's body, where the line stands once. The rest is
 * `placeFromHead`'s, its tail anchors looked for in the body only, checks and all; the region
 * must end inside the body or with its closer. Undefined otherwise.
 *
 * Closers the segment starts with (`})`, then `if err != nil {`) close blocks the marker left
 * out: they are the file's lines right above the first line with a word, and that line is placed
 * where the body has it under those very lines, once. A Go `main` with two `if err != nil {`
 * blocks, the second right under the `})` of a `filepath.Walk` closure, was refused for a snippet
 * that showed that `})` to say which block it changed.
 */
export function placeInOpenedBody(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, openEnd: boolean): Region | undefined {
  if (cursor === 0 || cursor >= original.length) return undefined;
  const opener = original[cursor - 1].trim();
  if (!/\w/.test(opener) || !/[{:(]$/.test(opener)) return undefined;
  const start = firstNonBlank(segment);
  if (start === -1 || anchorCount(segment, original, keys, cursor) > 0) return undefined;
  let head = start;
  while (head < segment.length && (segment[head].trim() === '' || isCloser(segment[head]))) head++;
  if (head === segment.length || !/\w/.test(segment[head])) return undefined;
  const end = blockEnd(original, cursor - 1);
  const key = collapseWhitespace(segment[head]);
  // The closers above the head, as the segment writes them, stand right above the line in the file.
  const closersAbove = (i: number) => i - (head - start) >= cursor && segment.slice(start, head).every((line, n) => line.trim() === original[i - (head - start) + n].trim());
  let at = -1;
  for (let i = cursor; i < end; i++) {
    if (collapseWhitespace(original[i]) !== key || !closersAbove(i)) continue;
    if (at !== -1) return undefined;
    at = i;
  }
  if (at === -1 || !sameEnclosingBlock(segment, head, original, at)) return undefined;
  const shift = indentOf(original[at]) - indentOf(segment[head]);
  const width = indentOf(original[cursor - 1]);
  if (!segment.every((line) => line.trim() === '' || indentOf(line) + shift > width || (isCloser(line) && indentOf(line) + shift === width))) return undefined;
  const region = placeFromHead(segment, original, keys, cursor, head, at, openEnd, end);
  // The closers are the file's own: taken for new lines, they would be written a second time.
  return typeof region === 'string' || region.to > end + 1 || region.from > at - (head - start) ? undefined : region;
}

/**
 * True when every line of the block with some text that the file has (whitespace aside) stands in
 * the file at the very indentation the block gives it somewhere, and the block has such lines.
 */
function writtenAtFileDepths(block: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex): boolean {
  let known = 0;
  for (const line of block) {
    if (!hasText(line) || isElision(line)) continue;
    const positions = keys.positions.get(anchorKey(line));
    if (positions === undefined) continue;
    if (!positions.some((at) => leadingWhitespace(original[at]) === leadingWhitespace(line))) return false;
    known++;
  }
  return known > 0;
}
