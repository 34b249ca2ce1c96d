import type { ReplaceOp } from '../ir';
import type { FileIndex } from '../locate/fileIndex';
import { isBlank, leadingWhitespace } from '../text/indentation';
import type { FileState, Transaction } from './transaction';

/** Per file, per block: whether that block's diff printed the file's tabs as spaces (see `tabsPrintedAsSpaces`). */
const seen = new WeakMap<FileState, Map<number, boolean>>();

/**
 * True when the diff section `op` belongs to (its block's replace ops for the same path, as
 * written) quotes a line the file indents with tabs alone, indented with spaces alone, its text
 * otherwise the file's, and the file has no line spelled as the quote is. Only meaningful for a
 * diff that reads as a tool's (`ReplaceOp.source.verbatim`: git's `index` line), which is taken to
 * give every line as the file is to have it, new lines' indentation included.
 *
 * git copies the file's bytes: a context or removed line whose tabs became spaces shows that the
 * diff passed through something that printed it (a rendered view, a chat page), and its added
 * lines went through the same, so they are respelled with the file's tabs like any model's. This
 * holds for every hunk of the section, also one whose own context stands at column 0 and blank
 * lines and so shows nothing (jQuery's `rtrimCSS` added at the top level: four hunks with indented
 * context were written with tabs, the fifth with the spaces the page printed).
 *
 * Answered once per file and block; stops at the first such line.
 */
export function tabsPrintedAsSpaces(tx: Transaction, state: FileState, op: ReplaceOp, index: FileIndex): boolean {
  let byBlock = seen.get(state);
  if (!byBlock) seen.set(state, (byBlock = new Map()));
  const known = byBlock.get(op.source.block);
  if (known !== undefined) return known;
  const section = tx.replaceOpsBeside(op).ops.filter((other) => other.source.block === op.source.block && other.source.verbatim);
  const answer = section.some((other) => other.search.split('\n').some((line) => printedWithSpaces(line, index)));
  byBlock.set(op.source.block, answer);
  return answer;
}

/** True when `line` is indented with spaces alone, the file has it (its text) indented with tabs alone, and not as `line` spells it. */
function printedWithSpaces(line: string, index: FileIndex): boolean {
  const quoted = line.replace(/\r$/, '');
  const indent = leadingWhitespace(quoted);
  if (indent === '' || isBlank(quoted) || indent.includes('\t')) return false;
  const text = quoted.slice(indent.length).trimEnd();
  let tabbed = false;
  for (const at of index.linesLike(quoted)) {
    const own = index.line(at);
    if (own.trimEnd() === quoted.trimEnd()) return false;
    const ownIndent = leadingWhitespace(own);
    if (ownIndent !== '' && !ownIndent.includes(' ') && own.slice(ownIndent.length).trimEnd() === text) tabbed = true;
  }
  return tabbed;
}
