/** The block an apply_patch `@@` anchor line opens, and what it holds. */
import { indentWidth, leadingWhitespace } from '../text/indentation';
import type { FileIndex } from './fileIndex';
import { scoreWindow } from './fuzzy';
import { type LineMatch, type Needle, straightMatch } from './matcher';

/**
 * The end (exclusive) of the block an anchor line opens: up to and including the next line with
 * text at the anchor's indentation or shallower (a `}` closing it, or the next `def`), or the end of
 * the file. Linear in the block.
 */
export function anchorBlockEnd(index: FileIndex, anchor: number): number {
  const depth = indentWidth(leadingWhitespace(index.line(anchor)), 4);
  for (let i = anchor + 1; i < index.lineCount; i++) {
    const line = index.line(i);
    const text = line.trim();
    if (text === '' || indentWidth(leadingWhitespace(line), 4) > depth) continue;
    // A closing bracket that opens the body goes on with it: the end of a header written over
    // several lines (`> {` after a class's type parameters, `) -> int:`), or `} else {`.
    if (/^[)\]>}]/.test(text) && /[{:]$/.test(text)) continue;
    return i + 1;
  }
  return index.lineCount;
}

/**
 * The place in the block file line `anchorLine` opens (`anchorBlockEnd`) where a near version of
 * the needle stands: a window of its length, at least half of its lines with text the needle's
 * word for word, every other one an edit of its needle line (`scoreWindow`'s stale-quote bound),
 * and alike overall by at least `NEAR_VERSION_SCORE`; the best such window. Undefined when none
 * does, or when the block is longer than `MAX_BLOCK_LINES` (not read).
 *
 * Why: a chunk anchored `@@ class SignupForm(forms.Form):` whose lines stood word for word in
 * LoginForm's `clean_username` right above (`return username.strip()`), and all but that line in
 * SignupForm's own (`return username.strip().lower()`), was written into LoginForm: a sign-up
 * check that then refused logins. The model may have named the wrong class, or quoted its own
 * class's method from memory, and neither the lines nor the anchor says which; the fuzzy rung
 * drops a window whose differing line the chunk quotes from elsewhere, so only this sees it.
 */
export function nearVersionInBlock(index: FileIndex, needle: Needle, anchorLine: number): LineMatch | undefined {
  if (needle.elisions.size > 0) return undefined;
  const end = anchorBlockEnd(index, anchorLine);
  if (end - anchorLine > MAX_BLOCK_LINES) return undefined;
  const withText = needle.lines.filter((line) => line.trim() !== '').length;
  let best: LineMatch | undefined;
  for (let start = anchorLine + 1; start + needle.lines.length <= end; start++) {
    const scored = scoreWindow(index, needle, start);
    if (scored.score < NEAR_VERSION_SCORE || scored.unlike !== undefined || 2 * scored.exactLines < withText) continue;
    if (best === undefined || scored.score > best.score) best = straightMatch(start, needle.lines.length, scored.score, 'fuzzy');
  }
  return best;
}

/** How alike (`scoreWindow`) lines in an anchor's block must be to a chunk's to be a version of them. */
const NEAR_VERSION_SCORE = 0.75;

/** Past this many lines, an anchor's block is not read for a near version of a chunk (each window costs a line distance per chunk line). */
const MAX_BLOCK_LINES = 5000;
