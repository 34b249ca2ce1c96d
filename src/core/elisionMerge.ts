import { diffArrays } from 'diff';
import { lineDistance } from './text/lineDistance';
import { collapseWhitespace } from './text/normalize';
import { indentWidth, leadingWhitespace } from './text/indentation';
import { firstAtLeast } from './sortedSearch';

export type ElisionMerge = { readonly ok: true; readonly lines: string[] } | { readonly ok: false; readonly message: string };

/** Where one run of the block's real lines lands in the original: it replaces `[from, to)`. */
interface Region {
  readonly from: number;
  readonly to: number;
  readonly lines: readonly string[];
}

/**
 * Fills the elision markers of a whole-file or snippet block from the original file.
 *
 * The block is cut at its markers into segments of real lines. Each segment is placed by anchors:
 * its first line that occurs exactly once in the rest of the file (whitespace aside, and with some
 * real text: a `}` anchors nothing), and its last such line after that. The segment replaces the
 * original lines from its head anchor to its tail anchor, widened over the lines right next to the
 * anchors that the segment repeats; every original line outside the segments' regions is kept.
 * So an elision stands for exactly the lines between two placed segments, and a segment the
 * reply starts mid-file without a marker still leaves the lines before it alone.
 *
 * Refuses (never guesses) when a segment has no unique anchor, or the segments would land out of
 * order. Inside a region, lines the segment keeps are written as the file has them.
 */
export function mergeElisions(original: readonly string[], block: readonly string[], isElision: (line: string) => boolean): ElisionMerge {
  const segments: string[][] = [[]];
  // Where each segment starts in the block: the lines before it (its context) are read by placeAtBlockEnd.
  const starts = [0];
  block.forEach((line, i) => {
    if (!isElision(line)) segments[segments.length - 1].push(line);
    else {
      segments.push([]);
      starts.push(i + 1);
    }
  });
  const keys = anchorIndex(original);
  const regions: Region[] = [];
  let cursor = 0;
  for (let s = 0; s < segments.length; s++) {
    const segment = segments[s];
    if (segment.every((line) => line.trim() === '')) continue;
    const isLast = s === segments.length - 1;
    let region = placeSegment(segment, original, keys, cursor);
    if (typeof region === 'string') region = placeByOpener(segment, original, keys, cursor) ?? region;
    if (typeof region === 'string') region = placeAtBoundary(segment, original, cursor, s === 0, isLast) ?? placeClosers(segment, original, cursor) ?? region;
    if (typeof region === 'string') region = placeAtBlockEnd(segment, block.slice(0, starts[s]), isElision, original, keys, cursor, isLast) ?? region;
    if (typeof region === 'string' && isLast) region = placeAtFileEnd(segment, block.slice(0, starts[s]), isElision, original, cursor) ?? region;
    if (typeof region === 'string') return { ok: false, message: region };
    regions.push(region);
    cursor = region.to;
  }
  if (regions.length === 0) return { ok: false, message: 'the block holds nothing but elisions' };
  const out: string[] = [];
  let position = 0;
  for (const region of regions) {
    out.push(...original.slice(position, region.from));
    out.push(...mergeRegion(original.slice(region.from, region.to), region.lines));
    position = region.to;
  }
  out.push(...original.slice(position));
  return { ok: true, lines: out };
}

/**
 * Places a segment with no anchor of its own at the file's start (the block's first segment, with
 * no elision before it) or end (its last, with none after), when its lines are exactly the file's
 * first or last lines there (a closing `);` and `}`).
 */
function placeAtBoundary(segment: readonly string[], original: readonly string[], cursor: number, isFirst: boolean, isLast: boolean): Region | undefined {
  const real = segment.filter((line) => line.trim() !== '');
  const lines = original.map((line, i) => ({ line, i })).filter(({ line }) => line.trim() !== '');
  const same = (a: readonly string[], b: readonly { line: string }[]) => a.length === b.length && a.every((line, k) => line.trim() === b[k].line.trim());
  if (isLast && real.length <= lines.length) {
    const tail = lines.slice(lines.length - real.length);
    if (same(real, tail) && tail[0].i >= cursor) return { from: tail[0].i, to: tail[tail.length - 1].i + 1, lines: real };
  }
  if (isFirst && cursor === 0 && real.length <= lines.length) {
    const headLines = lines.slice(0, real.length);
    if (same(real, headLines)) return { from: headLines[0].i, to: headLines[headLines.length - 1].i + 1, lines: real };
  }
  return undefined;
}

/**
 * Places a segment made only of closing lines (`}` after an elision that stands for the rest of a
 * body) at the first place after `cursor` where the file has those same lines, indentation
 * included: in indented code that is where the enclosing block ends.
 */
function placeClosers(segment: readonly string[], original: readonly string[], cursor: number): Region | undefined {
  const real = segment.filter((line) => line.trim() !== '');
  if (real.length === 0 || !real.every(isCloser)) return undefined;
  for (let j = cursor; j + real.length <= original.length; j++) {
    if (real.every((line, k) => original[j + k].trimEnd() === line.trimEnd())) return { from: j, to: j + real.length, lines: real };
  }
  return undefined;
}

/**
 * Places a segment of new lines at the end of the block its context opens, the way a model adds a
 * method to a class: `class Calculator {`, an elision for its body, the new method, and the
 * class's closing `}`. The segment has no anchor of its own (it is new code), so where it goes is
 * read from the structure the reply shows around it:
 * - the line before the elision that precedes the segment, going up past deeper lines, is a block
 *   opener at the segment's closing line's indentation (or, with no closing line, less indented
 *   than the segment: Python's `class A:`), and the elision is indented deeper than it, so it stands
 *   for the opener's body;
 * - that opener occurs exactly once in the file, before everything placed so far;
 * - in the file, the opener's block ends (by indentation) with the same closing line, after the
 *   lines already placed; without a closing line, the segment must be the block's last one (no
 *   elision after it), and goes after the block's last non-blank line.
 * The lines right before the file's closing line that the segment repeats (trim-equal, neither an
 * opener nor a closer: `return this;` after a new `this.log();`) are taken as those lines, not
 * written twice. Declines (undefined) whenever any of this does not hold, or a new line looks like
 * an edit of an opener elsewhere in the file.
 */
function placeAtBlockEnd(
  segment: readonly string[],
  before: readonly string[],
  isElision: (line: string) => boolean,
  original: readonly string[],
  keys: AnchorIndex,
  cursor: number,
  isLast: boolean,
): Region | undefined {
  const width = (line: string) => indentWidth(leadingWhitespace(line), 4);
  const firstReal = segment.findIndex((line) => line.trim() !== '');
  const lastReal = lastNonBlank(segment);
  if (firstReal === -1) return undefined;
  const closer = isCloser(segment[lastReal]) ? lastReal : -1;
  // Everything but a trailing run of closers must be more than closers: a segment of closers alone is placeClosers' case.
  if (closer !== -1 && segment.slice(firstReal, lastReal).every((line) => line.trim() === '' || isCloser(line))) return undefined;
  if (closer === -1 && !isLast) return undefined;
  // The elision right before the segment, then the opener above it.
  let k = before.length - 1;
  while (k >= 0 && before[k].trim() === '') k--;
  if (k < 0 || !isElision(before[k])) return undefined;
  const elisionWidth = width(before[k]);
  const level = closer !== -1 ? width(segment[closer]) : width(segment[firstReal]);
  let opener = -1;
  for (k--; k >= 0; k--) {
    const line = before[k];
    if (line.trim() === '' || isElision(line)) continue;
    const lineWidth = width(line);
    if (closer !== -1 ? lineWidth > level : lineWidth >= level) continue;
    if (isOpener(line.trim()) && (closer === -1 || lineWidth === level)) opener = k;
    break;
  }
  if (opener === -1 || elisionWidth <= width(before[opener])) return undefined;
  const positions = keys.positions.get(anchorKey(before[opener]));
  if (!positions || positions.length !== 1 || positions[0] >= cursor) return undefined;
  const openerAt = positions[0];
  const openerWidth = width(original[openerAt]);
  let end = openerAt + 1;
  while (end < original.length && (original[end].trim() === '' || width(original[end]) > openerWidth)) end++;
  let from: number;
  let to: number;
  let lines: readonly string[];
  if (closer !== -1) {
    if (end === original.length || end < cursor || original[end].trim() !== segment[closer].trim() || width(original[end]) !== openerWidth) return undefined;
    from = end;
    to = end + 1;
    let last = closer;
    // The segment's last lines before its closer may be the block's own last lines, repeated.
    while (last - 1 >= firstReal && from - 1 >= cursor) {
      const a = segment[last - 1].trim();
      if (a === '' || a !== original[from - 1].trim() || isOpener(a) || isCloser(a)) break;
      last--;
      from--;
    }
    lines = segment.slice(0, lastReal + 1);
  } else {
    let after = end;
    while (after > openerAt + 1 && original[after - 1].trim() === '') after--;
    if (after < cursor) return undefined;
    from = after;
    to = after;
    lines = segment.slice(0, lastReal + 1);
  }
  for (const line of lines) {
    if (resemblingOpener(line, original, from, to) !== -1) return undefined;
  }
  // The blank line that separates the new code from the block's last lines is there already.
  if (from > 0 && original[from - 1].trim() === '') lines = lines.slice(firstReal);
  return { from, to, lines };
}

/**
 * Places the block's last segment, new top-level code after a top-level elision (`# ... existing
 * code ...` then `def c():`), at the end of the file: the elision stands for the rest of the file
 * and the new code follows it. Only when the new code continues the file's last top-level
 * statement in kind (both start with the same word: `def` after `def`, `export` after `export`),
 * so that a function is never appended after a closing statement such as `module.exports = …` or
 * `if __name__ == "__main__":`, where the model may well have meant it to go above. Declines
 * (undefined) otherwise, and when a new line looks like an edit of an opener in the file.
 */
function placeAtFileEnd(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], cursor: number): Region | undefined {
  const firstReal = segment.findIndex((line) => line.trim() !== '');
  if (firstReal === -1 || leadingWhitespace(segment[firstReal]) !== '') return undefined;
  let k = before.length - 1;
  while (k >= 0 && before[k].trim() === '') k--;
  if (k < 0 || !isElision(before[k]) || leadingWhitespace(before[k]) !== '') return undefined;
  let end = original.length;
  while (end > 0 && original[end - 1].trim() === '') end--;
  if (end < cursor || end === 0) return undefined;
  let lastTop = end - 1;
  while (lastTop >= 0 && (original[lastTop].trim() === '' || leadingWhitespace(original[lastTop]) !== '' || isCloser(original[lastTop]))) lastTop--;
  // A decorated definition starts at its first decorator (`@app.get("/")` over `def read_root():`).
  while (lastTop > 0 && original[lastTop - 1].startsWith('@')) lastTop--;
  const firstWord = (line: string) => /^[@A-Za-z_$]+/.exec(line.trim())?.[0];
  const word = firstWord(segment[firstReal]);
  if (lastTop < cursor || word === undefined || firstWord(original[lastTop]) !== word) return undefined;
  const lines = segment.slice(0, lastNonBlank(segment) + 1);
  for (const line of lines) {
    if (resemblingOpener(line, original, end, end) !== -1) return undefined;
  }
  return { from: end, to: end, lines };
}

/** Where each anchor key occurs in the original (ascending line numbers). */
interface AnchorIndex {
  readonly positions: ReadonlyMap<string, readonly number[]>;
}

/** The only line at or after `from` with this anchor key; -1 when there is none, -2 when there are several. */
function uniqueAfter(keys: AnchorIndex, key: string, from: number): number {
  // The line's positions come from an index built once per merge: scanning the file for every
  // candidate line was quadratic (a 17,000-line block against a 30,000-line file took seconds).
  const positions = keys.positions.get(key);
  if (!positions) return -1;
  const low = firstAtLeast(positions, from);
  const remaining = positions.length - low;
  return remaining === 0 ? -1 : remaining > 1 ? -2 : positions[low];
}

function anchorIndex(original: readonly string[]): AnchorIndex {
  const positions = new Map<string, number[]>();
  original.forEach((line, i) => {
    const key = anchorKey(line);
    if (key === '') return;
    const list = positions.get(key);
    if (list) list.push(i);
    else positions.set(key, [i]);
  });
  return { positions };
}

/** The comparison key of a line for anchoring: whitespace-insensitive; empty for lines too plain to anchor. */
function anchorKey(line: string): string {
  return /[A-Za-z0-9_]{3}/.test(line) ? collapseWhitespace(line) : '';
}

/**
 * Finds the original lines a segment replaces, searching from `cursor`, and the segment's lines to
 * write there; or a message saying why it cannot be placed. Blank lines at the segment's edges
 * that do not line up with the file's belong to the elision next to them and are dropped.
 */
function placeSegment(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number): Region | string {
  const unique = (key: string, from: number): number => uniqueAfter(keys, key, from);
  let head = -1;
  let headAt = -1;
  for (let k = 0; k < segment.length && head === -1; k++) {
    const key = anchorKey(segment[k]);
    if (key === '') continue;
    const at = unique(key, cursor);
    if (at >= 0 && sameEnclosingBlock(segment, k, original, at)) {
      head = k;
      headAt = at;
    }
  }
  if (head === -1) {
    const sample = segment.find((line) => line.trim() !== '') ?? '';
    return `the lines around "${sample.trim().slice(0, 60)}" have no line that occurs exactly once in the file, so where they go between the elisions is a guess`;
  }
  return placeFromHead(segment, original, keys, cursor, head, headAt);
}

/**
 * False when segment line `k` and file line `at` (the same text) stand in different blocks: the
 * nearest less indented line above each (its block's opener, within the segment) neither is the
 * same nor an edit of the other (`const ambiguous = receipt({` over `ok: false,` in new code, the
 * file's only `ok: false,` under `const failed = receipt({`). Such a line is new code that happens
 * to repeat a line of the file, not a place to anchor on; taking it replaced the other block's
 * lines. True when the segment shows no enclosing line.
 */
function sameEnclosingBlock(segment: readonly string[], k: number, original: readonly string[], at: number): boolean {
  const width = (line: string) => indentWidth(leadingWhitespace(line), 4);
  const enclosing = (lines: readonly string[], i: number): string | undefined => {
    const own = width(lines[i]);
    for (let j = i - 1; j >= 0; j--) if (lines[j].trim() !== '' && width(lines[j]) < own) return lines[j];
    return undefined;
  };
  const written = enclosing(segment, k);
  if (written === undefined) return true;
  const existing = enclosing(original, at);
  return existing !== undefined && correspond(written, existing);
}

/**
 * Places a segment whose first line edits a block opener (`def breakdown(…, exempt)` for `def
 * breakdown(…)`) at the one opener of the file it resembles, when the usual anchors cannot: its
 * unique lines are new code that happens to exist in another function, or it has none. The
 * edited signature is the clearest sign of where the model meant the segment to go; it is used
 * only when exactly one opener after `cursor` resembles it and a later line of the segment is a
 * line of that opener's body.
 */
function placeByOpener(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number): Region | undefined {
  const head = segment.findIndex((line) => line.trim() !== '');
  if (head === -1) return undefined;
  const line = segment[head].trim();
  if (!isOpener(line)) return undefined;
  let headAt = -1;
  for (let i = cursor; i < original.length; i++) {
    if (!isOpener(original[i].trim()) || !correspond(line, original[i])) continue;
    if (headAt !== -1) return undefined;
    headAt = i;
  }
  if (headAt === -1) return undefined;
  const region = placeFromHead(segment, original, keys, cursor, head, headAt);
  if (typeof region === 'string') return undefined;
  // The segment must also go on like the body under that opener: at least one of its later lines
  // is one of the region's own. A new overload (`total(a, b)` beside `total(a)`) resembles the
  // existing signature just as much, and placing it there would replace the old one.
  const body = new Set(original.slice(headAt + 1, region.to).map(anchorKey).filter((key) => key !== ''));
  const continues = segment.slice(head + 1).some((line) => body.has(anchorKey(line)));
  return continues ? region : undefined;
}

/** The rest of `placeSegment`: from the head anchor (segment line `head` at file line `headAt`), the tail anchor, widening and checks. */
function placeFromHead(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, head: number, headAt: number): Region | string {
  const unique = (key: string, from: number): number => uniqueAfter(keys, key, from);
  let tail = head;
  let tailAt = headAt;
  for (let k = segment.length - 1; k > head; k--) {
    const key = anchorKey(segment[k]);
    if (key === '') continue;
    const at = unique(key, headAt + 1);
    if (at >= 0) {
      tail = k;
      tailAt = at;
      break;
    }
  }
  // Widen over the lines next to the anchors that the segment repeats or edits (a closing brace,
  // a blank line, a changed statement): lines that resemble the file's line at that place. A line
  // that resembles nothing there is new, and the widening stops.
  // An edited line (not equal) is taken for the file's only when the lines beyond it are the
  // file's lines beyond, up to one with some text (a `});` or a blank line ends every block alike),
  // or the segment or the file ends first: a resembling line with other lines beyond it is new
  // code beside similar code (a new test above an older one), not an edit.
  const edits = (a: string, b: string) => a.trim() === b.trim() || correspond(a, b);
  const sure = (k: number, i: number, step: number): boolean => {
    if (segment[k].trim() === original[i].trim()) return true;
    for (let kk = k + step, ii = i + step; ; kk += step, ii += step) {
      if (kk < 0 || kk >= segment.length || ii < cursor || ii >= original.length) return true;
      if (segment[kk].trim() !== original[ii].trim()) return false;
      if (anchorKey(segment[kk]) !== '') return true;
    }
  };
  let first = head;
  let from = headAt;
  while (first > 0 && from > cursor && edits(segment[first - 1], original[from - 1]) && sure(first - 1, from - 1, -1)) {
    first--;
    from--;
  }
  let last = tail;
  let to = tailAt + 1;
  while (last + 1 < segment.length && to < original.length && edits(segment[last + 1], original[to]) && sure(last + 1, to, 1)) {
    last++;
    to++;
  }
  // A segment that ends by closing the block its head opened (`}` at the head's indentation)
  // replaces the original block up to the original's closing line, so a changed last statement
  // does not leave the old one behind.
  const lastReal = lastNonBlank(segment);
  if (lastReal > last && isCloser(segment[lastReal])) {
    const width = indentWidth(leadingWhitespace(segment[lastReal]), 4) - indentWidth(leadingWhitespace(segment[head]), 4) + indentWidth(leadingWhitespace(original[headAt]), 4);
    for (let j = to; j < original.length; j++) {
      const line = original[j];
      if (line.trim() === '') continue;
      const lineWidth = indentWidth(leadingWhitespace(line), 4);
      if (line.trim() === segment[lastReal].trim() && lineWidth === width) {
        to = j + 1;
        last = lastReal;
        break;
      }
      if (lineWidth < width) break;
    }
  }
  // Lines beyond the widened part are new lines, except blank ones at the very edges.
  let start = 0;
  while (start < first && segment[start].trim() === '') start++;
  let end = segment.length;
  while (end > last + 1 && segment[end - 1].trim() === '') end--;
  // Context the segment repeats a little away from the anchors: `ctx, ctx, new lines, anchor`.
  // Its first lines stand in the file right above the widened part, its last lines right below:
  // they are those lines, not new ones. Without this, the context was written a second time.
  let newFrom = start;
  let newTo = end;
  const lead = contextAbove(segment.slice(start, first), original, cursor, from);
  if (lead) {
    from = lead.from;
    newFrom = start + lead.lines;
  }
  const trail = contextBelow(segment.slice(last + 1, end), original, to);
  if (trail) {
    to = trail.to;
    newTo = end - trail.lines;
  }
  // A new line that opens a block and resembles a block opener elsewhere in the file (`def
  // breakdown(…)` placed inside `compute_tax` because a later line matched there) means the
  // anchors disagree about where the segment goes: refuse rather than guess.
  for (const k of [...range(newFrom, first), ...range(last + 1, newTo)]) {
    const twin = resemblingOpener(segment[k], original, from, to);
    if (twin !== -1) {
      return `the line "${segment[k].trim().slice(0, 60)}" looks like an edit of line ${twin + 1}, but the rest of its lines match elsewhere in the file`;
    }
    // The same inside the region: a new opener that edits one of the region's openers it is not
    // aligned with (`function total(…, exempt)` written above a line of `subtotal`, while the old
    // `function total(…)` lies further down) would merge two functions into one.
    const inner = editedOpenerWithin(segment[k], original, from, to);
    if (inner !== -1) {
      return `the line "${segment[k].trim().slice(0, 60)}" looks like an edit of line ${inner + 1}, but the lines around it match from line ${from + 1}`;
    }
  }
  return { from, to, lines: segment.slice(start, end) };
}

/** How many file lines may stand between context and the anchored part, each edited by a new line. */
const MAX_EDITED_GAP = 8;

/**
 * How many of the segment's leading `lines` are the file's lines right above `from` (the widened
 * part), as many as match; the region then starts there. The context may also stand a few lines
 * higher (`/**`, then a changed first doc line, then the anchor), but only when each line between
 * is edited by one of the segment's new lines, in order (`edited`): a gap read as lines left out
 * deleted code in a real commit, where the anchors had been matched a little off (a `continue; }`
 * taken for another).
 */
function contextAbove(lines: readonly string[], original: readonly string[], cursor: number, from: number): { from: number; lines: number } | undefined {
  for (let gap = 0; gap <= MAX_EDITED_GAP && from - gap - 1 >= cursor; gap++) {
    for (let j = Math.min(lines.length - (gap > 0 ? gap : 0), from - gap - cursor); j >= 1; j--) {
      const at = from - gap - j;
      // Across a gap, indentation must agree too: a test's `});` is not a call's `  });`.
      const same = (line: string, k: number) => (gap > 0 ? line.trimEnd() === original[at + k].trimEnd() : line.trim() === original[at + k].trim());
      if (!lines.slice(0, j).every(same)) continue;
      if (gap > 0 && !edited(original.slice(from - gap, from), lines.slice(j))) continue;
      return { from: at, lines: j };
    }
  }
  return undefined;
}

/** The mirror of {@link contextAbove}: how many of the segment's trailing `lines` are the file's lines right below `to` (or a few lines lower, the lines between edited), and the region's new end. */
function contextBelow(lines: readonly string[], original: readonly string[], to: number): { to: number; lines: number } | undefined {
  for (let gap = 0; gap <= MAX_EDITED_GAP && to + gap < original.length; gap++) {
    for (let j = Math.min(lines.length - (gap > 0 ? gap : 0), original.length - to - gap); j >= 1; j--) {
      const tail = lines.slice(lines.length - j);
      const same = (line: string, k: number) => (gap > 0 ? line.trimEnd() === original[to + gap + k].trimEnd() : line.trim() === original[to + gap + k].trim());
      if (!tail.every(same)) continue;
      if (gap > 0 && !edited(original.slice(to, to + gap), lines.slice(0, lines.length - j))) continue;
      return { to: to + gap + j, lines: j };
    }
  }
  return undefined;
}

/**
 * True when every one of `replaced` (file lines) is edited by one of `written`, in order: each
 * starts with the same two words as a later written line than the one before (both with some
 * text). Looser than `correspond`'s 60%: the lines are already pinned between exact context and
 * an anchor, and a rewritten statement (`const decoded = decodeReply(…)` with new arguments)
 * keeps its first words more surely than its characters.
 */
function edited(replaced: readonly string[], written: readonly string[]): boolean {
  const hasText = (line: string) => /[A-Za-z0-9_]{3}/.test(line);
  const edits = (a: string, b: string) => a.trim() === b.trim() || (hasText(a) && hasText(b) && sameHead(a.trim(), b.trim()));
  let w = 0;
  for (const line of replaced) {
    while (w < written.length && !(line.trim() !== '' && edits(written[w], line))) w++;
    if (w === written.length) return false;
    w++;
  }
  return true;
}

/**
 * True when a block line stands for the file line at the same place: equal (whitespace aside), or
 * an edit of it (at least 60% similar, both with some text). Blank lines correspond only to blank.
 */
export function correspond(written: string, existing: string): boolean {
  const a = written.trim();
  const b = existing.trim();
  if (a === b) return true;
  if (a === '' || b === '' || !/[A-Za-z0-9_]{3}/.test(a)) return false;
  return sameHead(a, b) && 1 - lineDistance(a, b) / Math.max(a.length, b.length) >= 0.6;
}

/** The first two words of a line: an edit keeps them (`def breakdown` never edits `def compute_tax`). */
function head(line: string): string {
  return (line.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []).slice(0, 2).join(' ');
}

function sameHead(a: string, b: string): boolean {
  return head(a) === head(b);
}

/** The index of a block-opening line outside `[from, to)` that `line` (also a block opener) looks like an edit of; -1 if none. */
function resemblingOpener(line: string, original: readonly string[], from: number, to: number): number {
  const a = line.trim();
  if (!isOpener(a)) return -1;
  for (let i = 0; i < original.length; i++) {
    if (i >= from && i < to) continue;
    const b = original[i].trim();
    if (b !== a && isOpener(b) && correspond(a, b)) return i;
  }
  return -1;
}

/** The index of an opener in `[from, to)` that `line` (an opener not in the file as such) edits; -1 if none. */
function editedOpenerWithin(line: string, original: readonly string[], from: number, to: number): number {
  const a = line.trim();
  if (!isOpener(a)) return -1;
  for (let i = from; i < to; i++) {
    const b = original[i].trim();
    if (b === a) return -1;
  }
  for (let i = from; i < to; i++) {
    const b = original[i].trim();
    if (isOpener(b) && correspond(a, b)) return i;
  }
  return -1;
}

/** A trimmed line that opens a block (ends with `{`, `:` or `(`) and has some real text. */
function isOpener(trimmed: string): boolean {
  return /[{:(]$/.test(trimmed) && /[A-Za-z0-9_]{3}/.test(trimmed);
}

/** A line that only closes a block: `}`, `};`, `})`, `end`, `]`, `)`… */
function isCloser(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === 'end' || /^[}\]);,]+$/.test(trimmed);
}

function lastNonBlank(lines: readonly string[]): number {
  let i = lines.length - 1;
  while (i >= 0 && lines[i].trim() === '') i--;
  return i;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}

/** The segment's lines, with the lines it shares with the region written as the file has them. */
function mergeRegion(region: readonly string[], segment: readonly string[]): string[] {
  const parts = diffArrays(region as string[], segment as string[], { comparator: (a: string, b: string) => a.trimEnd() === b.trimEnd() } as never) as unknown as {
    value: string[];
    added?: boolean;
    removed?: boolean;
  }[];
  const out: string[] = [];
  let origin = 0;
  for (const part of parts) {
    if (part.removed) origin += part.value.length;
    else if (part.added) out.push(...part.value);
    else {
      out.push(...region.slice(origin, origin + part.value.length));
      origin += part.value.length;
    }
  }
  return out;
}

/**
 * True when a block given as a whole file looks like a part of it instead: the block has under 60%
 * of the file's lines and, for a file of 20 lines or more, does not both start and end as the file
 * does; for a smaller file (6 to 19 lines), where a real rewrite may well end differently, it starts
 * with a line the file has further down. ("Here's the updated method" under the file's path would
 * otherwise delete the rest.)
 */
export function looksLikeFragment(original: readonly string[], block: readonly string[]): boolean {
  if (original.length < 6 || block.length >= original.length * 0.6) return false;
  const first = (lines: readonly string[]) => lines.find((line) => line.trim() !== '')?.trim();
  const last = (lines: readonly string[]) => lines[lastNonBlank(lines)]?.trim();
  const head = first(block);
  if (original.length < 20) {
    const top = original.findIndex((line) => line.trim() !== '');
    return head !== undefined && head !== first(original) && original.some((line, i) => i > top && line.trim() === head);
  }
  return !(head === first(original) && last(block) === last(original));
}

/** Places a fragment of a file (a block with implied elisions before and after it) into the original. */
export function mergeFragment(original: readonly string[], block: readonly string[]): ElisionMerge {
  const implied = '\u0000implied elision';
  return mergeElisions(original, [implied, ...block, implied], (line) => line === implied);
}
