/**
 * Placing a block's first segment at the file's top, where a snippet of new lines and then a
 * marker for the rest of the file means it: lines only a file's first lines may be (a shebang, a
 * directive prologue, Python's `from __future__` imports) at the very top, other new code under
 * the file's imports.
 */
import { leadingWhitespace } from '../text/indentation';
import { type Region, firstNonBlank, hasText, isCommentLine, resemblingOpener } from './lines';
import { headerOf, isImport } from './wholeOrPart';

/**
 * Places the block's first segment, when every line of it with text is one that only a file's
 * first lines may be (`isFileHeadLine`: `#!/usr/bin/env python3`, `"use client";`, `from
 * __future__ import annotations`, a coding comment) and the file has none of them, at the file's
 * top: below a shebang the file has (a segment with a shebang of its own declines there), and
 * for a `__future__` import below the module's docstring, which must stay the module's first
 * statement. Such lines mean nothing anywhere else: under the imports, where `placeAtFileHead`
 * puts other new code, `"use client"` is an expression that makes no Client Component, a
 * shebang a comment, and a `__future__` import a SyntaxError. Undefined otherwise.
 */
export function placeFileHeadLines(segment: readonly string[], original: readonly string[], cursor: number): Region | undefined {
  const first = firstNonBlank(segment);
  if (cursor !== 0 || first === -1) return undefined;
  const lines = segment.slice(first);
  const text = lines.filter((line) => line.trim() !== '');
  if (!text.every(isFileHeadLine)) return undefined;
  const fileHas = new Set(original.map((line) => line.trim()));
  if (text.some((line) => fileHas.has(line.trim()))) return undefined;
  let at = 0;
  if (original[0]?.startsWith('#!')) {
    if (text.some((line) => line.startsWith('#!'))) return undefined;
    at = 1;
  }
  if (text.some((line) => FUTURE_IMPORT.test(line))) at = afterModuleDocstring(original, at);
  return { from: at, to: at, lines };
}

/**
 * The file's lines to read the block against without, when the block starts with a line only a
 * file's first lines may be (`isFileHeadLine`) that the file has once, below code, where it means
 * nothing, and the block's next line with text is one the file has once above it: the snippet
 * moves that line to the top. Returned are its line and, when blank lines stand on both sides of
 * it, the one below, so the gap it leaves is one blank line. Undefined otherwise.
 *
 * Why: `"use client"` written below a Next.js page's imports is a plain expression and the page
 * no Client Component, and the fix a model sends is the directive, the first import and a marker
 * for the rest. Read against the file as it is, the directive (found below the import) and the
 * import (found above it) stood in the opposite order and the snippet was refused; read as new
 * code, the directive would have stood twice. Without the misplaced copy, the block is the one
 * that adds the directive at the top (a `__future__` import below other code, a SyntaxError, is
 * fixed the same way).
 */
export function misplacedHeadLine(block: readonly string[], isElision: (line: string) => boolean, original: readonly string[]): number[] | undefined {
  const first = firstNonBlank(block);
  if (first === -1 || isElision(block[first]) || !isFileHeadLine(block[first])) return undefined;
  const headLine = block[first].trimEnd();
  const at = original.findIndex((line) => line.trimEnd() === headLine);
  if (at === -1 || original.findIndex((line, i) => i > at && line.trimEnd() === headLine) !== -1) return undefined;
  const codeAbove = original.slice(afterModuleDocstring(original, 0), at).some((line) => hasText(line) && !isCommentLine(line) && !isFileHeadLine(line));
  if (!codeAbove) return undefined;
  const next = block.findIndex((line, i) => i > first && line.trim() !== '');
  if (next === -1 || isElision(block[next])) return undefined;
  const shown = original.map((line, i) => ({ line, i })).filter(({ line }) => line.trim() === block[next].trim());
  if (shown.length !== 1 || shown[0].i >= at) return undefined;
  const blankAround = (i: number) => i >= 0 && i < original.length && original[i].trim() === '';
  return blankAround(at - 1) && blankAround(at + 1) ? [at, at + 1] : [at];
}

/** A line only a file's first lines may be: a shebang, a directive (`'use strict';`), a `__future__` import, a coding comment. */
function isFileHeadLine(line: string): boolean {
  return line.startsWith('#!') || DIRECTIVE.test(line) || FUTURE_IMPORT.test(line) || CODING_COMMENT.test(line);
}

const DIRECTIVE = /^['"]use [\w ]+['"];?\s*$/;
const FUTURE_IMPORT = /^from\s+__future__\s+import\b/;
const CODING_COMMENT = /^#.*coding[:=]\s*[-\w.]+/;

/**
 * The line after a Python module docstring that opens the file at or after line `from` (comment
 * and blank lines before it aside), or `from` when there is none.
 */
function afterModuleDocstring(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && (lines[i].trim() === '' || isCommentLine(lines[i]))) i++;
  const opens = /^[rRuU]?("""|''')/.exec(lines[i] ?? '');
  if (!opens) return from;
  const quote = opens[1];
  if (lines[i].slice(opens[0].length).includes(quote)) return i + 1;
  for (let j = i + 1; j < lines.length; j++) if (lines[j].includes(quote)) return j + 1;
  return from;
}

/**
 * Places the block's first segment, new top-level code with no elision above it and one below
 * (`MATERIALS = {…}`, then `# ... existing code ...`), at the file's top, the elision standing for
 * the rest of the file: under the file's imports, where the first line with text after them
 * stands. New code above a file's imports is not what such a snippet means (Cursor's own apply put
 * the dictionary under them), and in Python code there that uses an imported name fails. Only when
 * the file starts with a header of imports (`headerOf`: comments, a docstring, directives and
 * imports, no list left open), code follows it, and the segment is new code at the margin: no
 * line with text the file has, no import (an import goes among the others, which is another
 * placement), and no line that looks like an edit of an opener in the file. Declines (undefined)
 * otherwise.
 */
export function placeAtFileHead(segment: readonly string[], original: readonly string[], cursor: number): Region | undefined {
  const firstReal = firstNonBlank(segment);
  if (cursor !== 0 || firstReal === -1) return undefined;
  const firstCode = segment.findIndex((line, i) => i >= firstReal && line.trim() !== '' && !isCommentLine(line));
  if (firstCode === -1 || leadingWhitespace(segment[firstCode]) !== '') return undefined;
  const lines = segment.slice(firstReal);
  const fileHas = new Set(original.map((line) => line.trim()));
  if (lines.some((line) => hasText(line) && (fileHas.has(line.trim()) || isImport(line)))) return undefined;
  const { afterImports } = headerOf(original);
  if (afterImports === 0 || !bracketsClosed(original.slice(0, afterImports))) return undefined;
  let at = afterImports;
  while (at < original.length && original[at].trim() === '') at++;
  if (at === original.length) return undefined;
  for (const line of lines) {
    if (resemblingOpener(line, original, at, at) !== -1) return undefined;
  }
  return { from: at, to: at, lines };
}

/** True when the lines, comment lines aside, close every bracket they open (no import list left open at their end). */
function bracketsClosed(lines: readonly string[]): boolean {
  let depth = 0;
  for (const line of lines) {
    if (isCommentLine(line)) continue;
    for (const c of line) depth += '([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0;
  }
  return depth === 0;
}
