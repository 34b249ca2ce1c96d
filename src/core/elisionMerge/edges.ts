/**
 * The lines at a placed segment's edges: its first and last lines that are not part of the
 * widened, anchored part. They may be the file's lines right beside it or a few lines further
 * out (context, the lines between edited), or they may repeat lines the file has further out
 * (a guess that `placeFromHead` refuses), or they are new.
 */
import { closedTagName, hasText, indentOf, isBareTag, isBlockEnd, isCommentLine, sameHead, sameTail } from './lines';

/** Line keys for `linesAbove` and `linesBelow`: whitespace at both ends aside, or at the end only (indentation compared). */
const trimmed = (line: string) => line.trim();
const trimmedEnd = (line: string) => line.trimEnd();

/** How many of `lines`' first lines (as many as match) are the file's lines right above line `at` (not above `cursor`), compared as `key` makes them. */
export function linesAbove(lines: readonly string[], original: readonly string[], cursor: number, at: number, key = trimmedEnd): number {
  for (let j = Math.min(lines.length, at - cursor); j >= 1; j--) {
    let k = 0;
    while (k < j && key(lines[k]) === key(original[at - j + k])) k++;
    if (k === j) return j;
  }
  return 0;
}

/** How many of `lines`' last lines (as many as match) are the file's lines from line `at` on, compared as `key` makes them. */
export function linesBelow(lines: readonly string[], original: readonly string[], at: number, key = trimmedEnd): number {
  for (let j = Math.min(lines.length, original.length - at); j >= 1; j--) {
    let k = 0;
    while (k < j && key(lines[lines.length - j + k]) === key(original[at + k])) k++;
    if (k === j) return j;
  }
  return 0;
}

/**
 * True when written line `a` can be a rewrite of file line `b`: both start with the same two words
 * (`const decoded = decodeReply(…)` given new arguments), or assign the same target (`reply = fs.…`
 * becoming `reply = decoded.text`), or end with the same two words (a renamed `const written =
 * result.written.map(rel)`, an import given one more name `… from './fileText'`).
 */
function rewrites(a: string, b: string): boolean {
  if (sameHead(a, b)) return true;
  const assigned = (line: string) => /^(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$.]*)\s*=(?!=)/.exec(line)?.[1];
  const target = assigned(a);
  if (target !== undefined && target === assigned(b)) return true;
  return sameTail(a, b);
}

/**
 * True when context lines found across a gap place nothing. Above the new lines: bare opening
 * tags alone (`<repository>`; blank lines aside), as every element of a kind opens alike (a new
 * `<repository>` took the pom's only one for its context, and that repository's body, "edited" by
 * the new one's, was written over). Below the new lines (`written`, the segment's lines before
 * them): lines that end a block (`end`, `}`, `</repository>`) that a written line at their depth
 * opens: the new lines are a block whole, and its end is its own, not the file's next block's (a
 * new `defimpl … for: Float do … end` after the Integer one, Phoenix's param.ex, took the next
 * impl's `end`, and the BitString impl between was written over). A `}` above new lines is the
 * end of the block before them, context as good as any (a doc comment rewritten between it and
 * the next function).
 */
function placesNothing(context: readonly string[], written?: readonly string[]): boolean {
  const lines = context.filter((line) => line.trim() !== '');
  if (lines.length === 0) return false;
  if (written === undefined) return lines.every((line) => isBareTag(line) && closedTagName(line) === undefined);
  if (!lines.every(isBlockEnd)) return false;
  const depth = indentOf(lines[0]);
  return written.some((line) => line.trim() !== '' && indentOf(line) === depth && !isBlockEnd(line) && !isCommentLine(line));
}

/** How many file lines may stand between context and the anchored part, each edited by a new line. */
const MAX_EDITED_GAP = 8;
/** How far above the anchored part `repeatedAcrossGap` looks for a snippet's first lines, inside what the marker before them keeps. */
const MAX_KEPT_GAP = 400;

/**
 * How many of the segment's leading `lines` are the file's lines right above `from` (the widened
 * part), as many as match; the region then starts there. The context may also stand a few lines
 * higher (`/**`, then a changed first doc line, then the anchor), but only when each line between
 * is edited by one of the segment's new lines, in order (`edited`): a gap read as lines left out
 * deleted code in a real commit, where the anchors had been matched a little off (a `continue; }`
 * taken for another). `acrossGapOnly`: only the context a few lines higher is looked for.
 */
export function contextAbove(lines: readonly string[], original: readonly string[], cursor: number, from: number, acrossGapOnly = false): { from: number; lines: number } | undefined {
  const near = acrossGapOnly ? 0 : linesAbove(lines, original, cursor, from, trimmed);
  if (near > 0) return { from: from - near, lines: near };
  for (let gap = 1; gap <= MAX_EDITED_GAP && from - gap - 1 >= cursor; gap++) {
    for (let j = Math.min(lines.length - gap, from - gap - cursor); j >= 1; j--) {
      const at = from - gap - j;
      // Across a gap, indentation must agree too: a test's `});` is not a call's `  });`.
      if (!lines.slice(0, j).every((line, k) => line.trimEnd() === original[at + k].trimEnd()) || placesNothing(lines.slice(0, j))) continue;
      if (!edited(original.slice(from - gap, from), lines.slice(j))) continue;
      return { from: at, lines: j };
    }
  }
  return undefined;
}

/** The mirror of {@link contextAbove}: how many of the segment's trailing `lines` are the file's lines right below `to` (or a few lines lower, the lines between edited), and the region's new end. */
export function contextBelow(lines: readonly string[], original: readonly string[], to: number): { to: number; lines: number } | undefined {
  const near = linesBelow(lines, original, to, trimmed);
  if (near > 0) return { to: to + near, lines: near };
  for (let gap = 1; gap <= MAX_EDITED_GAP && to + gap < original.length; gap++) {
    for (let j = Math.min(lines.length - gap, original.length - to - gap); j >= 1; j--) {
      if (!lines.slice(lines.length - j).every((line, k) => line.trimEnd() === original[to + gap + k].trimEnd()) || placesNothing(lines.slice(lines.length - j), lines.slice(0, lines.length - j))) continue;
      if (!edited(original.slice(to, to + gap), lines.slice(0, lines.length - j))) continue;
      return { to: to + gap + j, lines: j };
    }
  }
  return undefined;
}

/**
 * Where the file has the segment's last lines further down in the block the region ends in, when
 * they are new lines (`lines`: the segment's lines after the anchored part) and the last opens
 * something (`> & {`, `/**`, a `{` alone, `if ok:`; with the lines without text above it):
 * undefined otherwise. A snippet ending so, right before a marker, hands the rest of that opened
 * type, block or comment to the marker, so the lines are the file's ones (the lines between
 * deleted), not new ones; without text, or standing in the file more than once, they anchor
 * nothing, so they were written as new, above the file's lines between, the marker keeping those
 * and the file's openers too (a union type rewritten into named members, its old members kept
 * under the new ones, the balance of brackets held because the new `/**` hid the old `{`; CPython's
 * filecmp.py's `if ok:` under lines the commit deleted).
 * Looked for down to where the file leaves the lines' depth, at most 400 lines.
 */
export function openersStandBelow(lines: readonly string[], original: readonly string[], to: number, shift: number): { at: number; lines: readonly string[] } | undefined {
  const last = lines.length - 1;
  if (last < 0 || !/(?:[{([:]|\/\*\*?)$/.test(lines[last].trim())) return undefined;
  let start = last;
  while (start > 0 && lines[start - 1].trim() !== '' && !hasText(lines[start - 1])) start--;
  const tail = lines.slice(start);
  const width = indentOf(tail[0]) + shift;
  const limit = Math.min(original.length - tail.length, to + 400);
  for (let at = to; at <= limit; at++) {
    if (original[at].trim() !== '' && indentOf(original[at]) < width) return undefined;
    if (tail.every((line, k) => line.trim() === original[at + k].trim() && indentOf(line) + shift === indentOf(original[at + k]))) return at > to ? { at, lines: tail } : undefined;
  }
  return undefined;
}

/**
 * Where the file has the first of the segment's new lines below the anchored part (`lines`, from
 * file line `to` on) once further down in the block the region ends in, at the same depth, when
 * that line opens a block (ends with `{`, `:` or `(`); undefined otherwise. The snippet then
 * writes that block right below the part it shows, where the file has other lines: it is new code
 * that repeats the file's opener (a second loop, a new guard), or the file's own block with an
 * elision left out above it (a func header, then its rewritten `if !ok {` block, the marker
 * between them dropped) or the lines between deleted. Read as new, the block went in above the
 * file's lines, or over the body's first block when their closers matched: a guess either way.
 * Looked for down to where the file leaves the line's depth, at most 400 lines.
 */
export function openerStandsFurtherDown(lines: readonly string[], original: readonly string[], to: number, shift: number): number | undefined {
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1 || !/\w/.test(lines[first]) || !/[{:(]$/.test(lines[first].trim())) return undefined;
  const width = indentOf(lines[first]) + shift;
  const limit = Math.min(original.length, to + 400);
  let found: number | undefined;
  for (let at = to; at < limit; at++) {
    if (original[at].trim() === '') continue;
    if (indentOf(original[at]) < width) break;
    if (original[at].trim() !== lines[first].trim() || indentOf(original[at]) !== width) continue;
    if (found !== undefined || at === to) return undefined;
    found = at;
  }
  return found;
}

/**
 * Whether the segment's `lines` next to the anchored part (above it when `step` is -1: its first
 * lines, the part starting at `edge`; below it when 1: its last lines, the part ending at
 * `edge`) are the file's lines further out, indentation equal: the gap in lines and the first
 * such line not blank, or undefined. A part with text is looked for `MAX_EDITED_GAP` lines out,
 * above up the whole span the marker before it keeps (at most `MAX_KEPT_GAP` lines): the marker
 * may end at the file's copy of those lines, the lines between deleted, or they may be new; read
 * as new, a comment the file had once already was written a second time, at the end of a method
 * the commit deleted (CPython's fileinput.py). A part of lines without text (`"""`, `)`, `]`)
 * is looked for `MAX_EDITED_GAP` lines out, across lines with text only: read as new, such a
 * line closed or opened a second time what the file's copy of it does (a docstring's `"""`
 * written again under its rewritten sentence, CPython's threading.py; above the imports a commit
 * deleted, linecache.py), but across another closer or opener (the end of the doc comment and
 * method above a rewritten one) it is the next block's, not this one's. A copy one of whose lines
 * is not the file's line there (`notTheLine(k, at)`: line k of `lines` at file line `at`) is no
 * copy.
 */
export function repeatedAcrossGap(lines: readonly string[], original: readonly string[], cursor: number, edge: number, step: -1 | 1, notTheLine: (k: number, at: number) => boolean = () => false): { gap: number; line: string; side: string } | undefined {
  const notBlank = (line: string) => line.trim() !== '';
  if (!lines.some(notBlank)) return undefined;
  // The part of j lines is lines[first(j), first(j) + j), growing away from the anchored part: it
  // holds a line with text once j reaches `textFrom`, one not blank once j reaches `notBlankFrom`
  // (found once here, not once per gap: the search above may take 400 gaps).
  const n = lines.length;
  const first = (j: number) => (step === -1 ? 0 : n - j);
  const sizeReaching = (test: (line: string) => boolean) => {
    for (let j = 1; j <= n; j++) if (test(lines[step === -1 ? j - 1 : n - j])) return j;
    return Infinity;
  };
  // A bare tag (`<plugin>`) says no more than a bracket does: a new element written above a POM's
  // `</plugins>` starts with the `<plugin>` every plugin above starts with.
  const saysSomething = (line: string) => hasText(line) && !isBareTag(line);
  const textFrom = sizeReaching(saysSomething);
  const notBlankFrom = sizeReaching(notBlank);
  const reach = step === -1 ? Math.min(MAX_KEPT_GAP, edge - cursor) : MAX_EDITED_GAP;
  for (let gap = 1; gap <= reach; gap++) {
    for (let j = n; j >= 1; j--) {
      const withText = j >= textFrom;
      if (!withText && (gap > MAX_EDITED_GAP || j < notBlankFrom)) continue;
      if (withText && step === 1 && gap > MAX_EDITED_GAP) continue;
      const at = step === -1 ? edge - gap - j : edge + gap;
      if (at < cursor || at + j > original.length) continue;
      let k = 0;
      while (k < j && lines[first(j) + k].trimEnd() === original[at + k].trimEnd() && !notTheLine(first(j) + k, at + k)) k++;
      if (k < j) continue;
      const between = step === -1 ? original.slice(at + j, edge) : original.slice(edge, at);
      if (!withText && !between.every((line) => !notBlank(line) || saysSomething(line))) continue;
      return { gap, line: lines.slice(first(j), first(j) + j).find(notBlank)!, side: step === -1 ? 'above' : 'below' };
    }
  }
  return undefined;
}

/**
 * True when every one of `replaced` (file lines) is edited by one of `written`, in order: each
 * keeps what names the line in a later written line than the one before (`rewrites`). Looser
 * than `correspond`'s 60%: the lines are already pinned between exact context and an anchor, and
 * a rewritten statement (`const decoded = decodeReply(…)` with new arguments) keeps its first
 * words, its target or its source more surely than its characters. A comment line rewritten
 * (`rewrittenComment`) edits the file's comment line.
 */
function edited(replaced: readonly string[], written: readonly string[]): boolean {
  const edits = (a: string, b: string) => a.trim() === b.trim() || (hasText(a) && hasText(b) && (rewrites(a.trim(), b.trim()) || rewrittenComment(a, b)));
  let w = 0;
  for (const line of replaced) {
    while (w < written.length && !(line.trim() !== '' && edits(written[w], line))) w++;
    if (w === written.length) return false;
    w++;
  }
  return true;
}

/**
 * True when written line `a` and file line `b` are both comment lines at the same indentation: in
 * the few lines `edited` reads, pinned between context and an anchor, a comment the snippet
 * shows where the file has another is that comment rewritten (a `# see <url>` pointing at a new
 * page, CPython's html/__init__.py), not one more comment above the old one.
 */
function rewrittenComment(a: string, b: string): boolean {
  return isCommentLine(a) && isCommentLine(b) && indentOf(a) === indentOf(b);
}
