import { indentWidth, isBlank, leadingWhitespace, renderIndent, type IndentUnit } from '../text/indentation';
import { heredocWord } from '../elisionMerge/lines';

/**
 * Where a line the reply adds goes in a flattened reply (see `MovingFrame.flattened`), from the
 * lines written around it: `indent` when the file's structure says it, or `unclear` with why.
 */
export type FlatPlacement = { readonly indent: string } | { readonly unclear: true };

/** The written line just before an added line, and the file's next line after it (their indentation as written). */
export interface FlatNeighbours {
  /** The line written just above (a file line, or a line the reply writes), when there is one. */
  readonly previous?: { readonly line: string; readonly added: boolean };
  /** The next line the file keeps or the reply writes at a known depth (as it will stand); none past the file's end. */
  readonly next?: string;
  /**
   * The nearest line above `previous` that stands shallower than it (the line its run hangs
   * from), when every non-blank line between the two stands exactly at `previous`'s indentation.
   */
  readonly runHead?: string;
}

/**
 * The depth of a line a flattened reply adds (its old and new texts lost every indentation, so
 * the reply says nothing of how deep an added line goes): read from the lines around it.
 * - Between a line and a deeper one, it is the start of what the deeper one is in (the body of
 *   `if row.key == key:` when `return row` follows): the deeper line's indentation.
 * - After a line that opens a block (`:`, `{`, `(`, `[`), one unit deeper: after an opener the
 *   reply itself adds (a new `if x:` and its body), or before the closer of an empty block.
 * - Between two lines at one depth, at that depth; before a closing line (`}`, `)`, `]`, `end`),
 *   one unit deeper than the closer (inside the block it closes).
 * - After a block's last line with a shallower line next, it could belong to the block or to any
 *   block around it (a `break` after an `if` body's `return`): unclear, never guessed (written at
 *   the line above's depth, an `if` body gained a line meant for the loop, or lost its body).
 *   Unless that block is a string's text (a heredoc's body) all at one depth and the shallower
 *   line ends the string: then at the text's depth, as the reply writes it with its lines.
 */
export function flatPlacement(around: FlatNeighbours, unit: IndentUnit, tabSize: number): FlatPlacement {
  const { previous, next } = around;
  // Past the file's last line the margin follows.
  const nextIndent = next === undefined ? '' : leadingWhitespace(next);
  if (previous === undefined) return { indent: nextIndent };
  const previousIndent = leadingWhitespace(previous.line);
  const width = (indent: string) => indentWidth(indent, tabSize);
  const step = renderIndent(unit.kind === 'tabs' ? tabSize : unit.size, unit, tabSize);
  if (width(nextIndent) > width(previousIndent)) return { indent: nextIndent };
  if (opensBlock(previous.line)) {
    // A file line ending in `:` with no deeper line after it may be a comment or prose (`Example:`),
    // not an opener: only the reply's own opener, or an empty block's closer, says so.
    const emptyBlock = width(nextIndent) === width(previousIndent) && closesBlock(next);
    return previous.added || emptyBlock ? { indent: previousIndent + step } : { unclear: true };
  }
  if (width(nextIndent) === width(previousIndent)) return { indent: previousIndent };
  if (closesBlock(next)) return { indent: nextIndent + step };
  // The run above is a string's text (a heredoc's body, a triple-quoted string) and the next line
  // ends that string: there is no block around the run for the line to belong to, only the text,
  // whose lines the reply writes at one column with the added one. (A `<<-END` body at four
  // spaces, quoted flush left with a fourth line added before `END`: the line continues the list.)
  if (around.runHead !== undefined && endsStringOpenedBy(around.runHead, next)) return { indent: previousIndent };
  return { unclear: true };
}

/**
 * True when `head` opens a multi-line string that line `next` ends: a heredoc (`<<END`,
 * `<<-'EOF'`, Ruby's `<<~SQL`) whose word is `next`'s whole text, or a text block (`"""`, `'''`,
 * a backtick) left open at `head`'s end that `next` starts by closing. Only the delimiters are
 * read: what the string holds is text, so its indentation nests nothing.
 */
export function endsStringOpenedBy(head: string, next: string | undefined): boolean {
  if (next === undefined) return false;
  const closing = next.trim();
  const heredoc = heredocWord(head);
  if (heredoc !== undefined) return closing === heredoc;
  const textBlock = /("""|'''|`)$/.exec(head.trimEnd());
  if (textBlock === null) return false;
  const delimiter = textBlock[1];
  // The head leaves the string open only where the delimiter occurs on it an odd number of times.
  return (head.split(delimiter).length - 1) % 2 === 1 && closing.startsWith(delimiter);
}

/** True for a line whose code ends by opening a block or a bracket (`:`, `{`, `(`, `[`), comments aside. */
export function opensBlock(line: string): boolean {
  const text = line.trim();
  if (text === '' || /^(#|\/\/|\/\*|\*|--|;)/.test(text)) return false;
  return /[:{([]$/.test(text);
}

/** True for a line that starts by closing a block (`}`, `)`, `]`, `end`, a closing tag). */
export function closesBlock(line: string | undefined): boolean {
  return line !== undefined && /^\s*([}\])]|end\b|<\/)/.test(line);
}

/**
 * True when the reply is flattened: every search line aligned with the file (two at least) and
 * every non-blank replacement line stand at one indentation, while the file's aligned lines
 * stand at more than one. (opencode's LineTrimmed fixtures: `if (true) {` / `return false;` / `}`
 * for an indented block.)
 */
export function isFlattened(aligned: readonly { reply: string; file: string }[], replacement: readonly string[]): boolean {
  if (aligned.length < 2) return false;
  const reply = aligned[0].reply;
  if (!aligned.every((pair) => pair.reply === reply)) return false;
  if (aligned.every((pair) => pair.file === aligned[0].file)) return false;
  return replacement.every((line) => isBlank(line) || leadingWhitespace(line) === reply);
}
