import { closesFence, closesOuterFence, firstNonBlankChar, type FenceOpener, parseFenceOpener } from './fences';
import { diffFenceClose, isDiffFence } from './diffFence';
import { REPLACE_MARKER, SEARCH_MARKER } from './markers';
import { trimsToEmpty } from '../text/indentation';

/** A line that starts with a SEARCH (or REPLACE) marker: it opens (or closes) an unfenced block. */
const STARTS_SEARCH = new RegExp(`^${SEARCH_MARKER}`);
const STARTS_REPLACE = new RegExp(`^${REPLACE_MARKER}`);

/**
 * Moves closed fenced blocks that are indented as a whole (a fence inside a numbered list item,
 * ` 1. Update it:` then `   ```python` ... `   ````) back to the margin, in place: every parser
 * then reads their content as it would at column 0 (SEARCH/REPLACE markers must start there, diff
 * lines start with their `+`/`-`/space). Only when every non-blank line of the fence carries at
 * least the opener's indentation in spaces; line numbers do not change. Returns true when a line
 * changed. Linear: each line is looked at a bounded number of times.
 */
export function outdentListFences(lines: string[]): boolean {
  let changed = false;
  // Inside an unfenced SEARCH/REPLACE block the lines are a file's own text (a README's indented
  // fences): never touched.
  let insideBlock = false;
  // Nor inside the hunks of a bare diff: ` ```` there is a context line of a Markdown file.
  let insideHunk = false;
  let nestingBalances = true;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('@@')) insideHunk = true;
    else if (insideHunk && line !== '' && !/^[ +\-\\]/.test(line)) insideHunk = false;
    if (insideHunk) continue;
    const first = firstNonBlankChar(line);
    if (first === '<' || first === '-' || first === '>' || first === '+') {
      if (STARTS_SEARCH.test(line)) insideBlock = true;
      else if (STARTS_REPLACE.test(line)) insideBlock = false;
    }
    if (first !== '`' && first !== '~') continue;
    const open = parseFenceOpener(line);
    if (open === undefined) continue;
    const indent = leadingSpaces(line);
    const diff = isDiffFence(open);
    // A diff's fence finds its closer below (`diffFenceClose`): its quoted fences are context lines.
    const nestedClose = diff || !nestingBalances ? undefined : outerFenceCloser(lines, i, open);
    // Once a fence's nesting never balances, the reply's later fences close at their first closer:
    // searched to the reply's end again for each fence, a reply of such fences took quadratic time.
    if (!diff && nestedClose === undefined) nestingBalances = false;
    let close = nestedClose ?? firstCloser(lines, i, open);
    let uniform = indent > 0 && !insideBlock;
    for (let k = i + 1; k < close; k++) {
      const inner = lines[k];
      if (uniform && !trimsToEmpty(inner) && leadingSpaces(inner) < indent) uniform = false;
      // The markers inside count too: a line of the block's own text may close this fence early
      // (a `\t````` in a doc comment), and the lines after it are still the block's.
      if (STARTS_SEARCH.test(inner)) insideBlock = true;
      else if (STARTS_REPLACE.test(inner)) insideBlock = false;
    }
    if (close >= lines.length) break; // unclosed: left as it is (a reply still streaming)
    // A diff of a Markdown file quotes its fences as context lines: the diff's own closer, not
    // the first of them, ends it, or the diff's later lines would be read as prose (and their
    // quoted fences moved to the margin).
    if (diff) close = diffFenceClose(lines, i, close, open).close;
    if (uniform && leadingSpaces(lines[close]) >= indent) {
      for (let k = i; k <= close; k++) lines[k] = lines[k].slice(Math.min(indent, leadingSpaces(lines[k])));
      changed = true;
    }
    // A fence's content is never searched for further fences.
    i = close;
  }
  return changed;
}

/** The first line below `openIndex` that closes the fence `open`; `lines.length` when none does. */
function firstCloser(lines: readonly string[], openIndex: number, open: FenceOpener): number {
  let close = openIndex + 1;
  while (close < lines.length && !closesFence(lines[close], open)) close++;
  return close;
}

/**
 * The line that closes the fence `open`, with the fences nested in it read as `findFencedBlocks`
 * reads them: a README re-printed in a ```` ```markdown ```` fence holds its own ```` ```bash ````
 * blocks, indented in a numbered list. Closed at the first inner closer, the outer fence let the
 * next inner block be read as a list fence of the reply and moved to the margin, out of its list
 * item, in the text written to the file. Undefined when the nesting never balances (an inner
 * opener without its closer): the caller then takes the first closer, as before.
 */
function outerFenceCloser(lines: readonly string[], openIndex: number, open: FenceOpener): number | undefined {
  const nested: number[] = [];
  for (let k = openIndex + 1; k < lines.length; k++) if (closesOuterFence(lines[k], open, nested)) return k;
  return undefined;
}

function leadingSpaces(line: string): number {
  let n = 0;
  while (n < line.length && line.charCodeAt(n) === 32) n++;
  return n;
}
