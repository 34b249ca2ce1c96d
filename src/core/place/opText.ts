import type { EditFormat, EditSource } from '../ir';
import type { Needle } from '../locate/matcher';
import { isBareDotsLine, isElisionLine } from '../parse/elision';
import { wrappingFence } from '../parse/fences';
import { toLines, withEol } from '../text/fileText';

/**
 * True for the formats whose every line is prefixed and copied from a file, git's way: unified
 * diffs and apply_patch. Their blocks list changes in file order, their new files are spelled out
 * verbatim, and only dotted comments in them are elisions (see `isElisionIn`).
 */
export function isLinePrefixed(format: EditFormat | undefined): boolean {
  return format === 'unified-diff' || format === 'apply-patch';
}

/**
 * Whether `line` stands for omitted code in an op from `source`. A diff a tool wrote (`verbatim`:
 * git's `index` line) has no elisions at all. In other diffs and in apply_patch every line is
 * prefixed and copied from a file, so there only a comment with dots in it
 * (`// ... existing code ...`) counts: a bare `...` is code (a Python stub's body), and a comment
 * in words alone (`// the rest stays as is`) is the file's text, as git writes it; but in a block
 * that wrote `...` where no line of the file stands (`dotsElide`), its bare `...` lines are elisions.
 */
export function isElisionIn(source: Pick<EditSource, 'format' | 'verbatim' | 'dotsElide'>, line: string): boolean {
  if (source.verbatim || !isElisionLine(line)) return false;
  if (!isLinePrefixed(source.format)) return true;
  if (isBareDotsLine(line)) return source.dotsElide === true;
  return line.includes('...') || line.includes('\u2026');
}

/** An op's search text as the ladder reads it: its lines, and which of them are elisions. */
export function toNeedle(search: string, source: Pick<EditSource, 'format' | 'verbatim' | 'dotsElide'>): Needle {
  const lines = toLines(search);
  return { lines, elisions: elisionsIn(source, lines) };
}

/** Which of `lines` are elision markers; most texts have none, and share one empty set. */
export function elisionsIn(source: Pick<EditSource, 'format' | 'verbatim' | 'dotsElide'>, lines: readonly string[]): ReadonlySet<number> {
  let elisions: Set<number> | undefined;
  for (let i = 0; i < lines.length; i++) if (isElisionIn(source, lines[i])) (elisions ??= new Set()).add(i);
  return elisions ?? NO_ELISIONS;
}

const NO_ELISIONS: ReadonlySet<number> = new Set();

/** `\n`-terminated `content` with the endings a create op states: one for all lines, or one per line. */
export function withEols(content: string, eol: '\r\n' | readonly ('\n' | '\r\n')[]): string {
  if (typeof eol === 'string') return withEol(content, eol);
  let line = 0;
  return content.replace(/\n/g, () => eol[line++] ?? '\n');
}

/** The text without a BOM and with LF endings: how the reply's texts compare with a file's. */
export function normaliseEol(text: string): string {
  return text.replace(/^\ufeff/, '').replace(/\r\n/g, '\n');
}

/**
 * The text inside a Markdown fence that wraps all of `text` (its first line opens a ``` or ~~~
 * fence, its last non-blank line closes it, and no line between closes it earlier), without a
 * final newline; undefined when the text is not so wrapped. A tool call's parameter sometimes
 * arrives fenced as it would be in a chat message.
 */
export function fencedContent(text: string): string | undefined {
  return wrappingFence(text)?.content;
}
