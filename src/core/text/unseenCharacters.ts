import { collapseWhitespace, trimEnd } from './normalize';
import { leadingWhitespace } from './indentation';
import { lineSimilarity } from './lineDistance';

/**
 * Characters a model cannot be said to mean to change when its text lacks them: spaces that read
 * as a plain space (no-break, en, em, thin, hair, narrow no-break, ideographic) and zero-width
 * characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM). A model or a chat page writes them as a plain
 * space or drops them; a file keeps them on purpose (French typography puts a no-break space
 * before `:`; a pasted ZWSP stays where the user left it). Trailing whitespace is of the same kind:
 * models and editors strip it, a Markdown file ends a line with two spaces for a hard line break.
 */
const UNSEEN_SPACES = /[\u00a0\u2002\u2003\u2009\u200a\u202f\u3000]/g;
const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\ufeff]/g;

const HAS_UNSEEN = /[\u00a0\u2002\u2003\u2009\u200a\u202f\u3000\u200b\u200c\u200d\u2060\ufeff]/;

function isUnseenSpace(c: string): boolean {
  return c === '\u00a0' || c === '\u2002' || c === '\u2003' || c === '\u2009' || c === '\u200a' || c === '\u202f' || c === '\u3000';
}

function isZeroWidth(c: string): boolean {
  return c === '\u200b' || c === '\u200c' || c === '\u200d' || c === '\u2060' || c === '\ufeff';
}

/** The line as the eye reads it: unseen spaces as plain ones, zero-width characters gone, whitespace collapsed (`collapseWhitespace`). */
export function asSeen(line: string): string {
  return collapseWhitespace(line.replace(UNSEEN_SPACES, ' ').replace(ZERO_WIDTH, ''));
}

/** The line as a reply would give it: unseen spaces as plain ones, zero-width characters and trailing whitespace gone (indentation kept). */
export function seenForm(line: string): string {
  return trimEnd(line.replace(UNSEEN_SPACES, ' ').replace(ZERO_WIDTH, ''));
}

/** One unseen character of the file's line, at a position of the quoted line: in place of its plain space, or before its character. */
interface Unseen {
  readonly at: number;
  readonly char: string;
  readonly kind: 'replaces' | 'before';
}

/**
 * True for a file whose lines' trailing whitespace is content: Markdown (two trailing spaces are a
 * hard line break) and patches (an empty context line is one space). Elsewhere it is noise that
 * editors strip and commits clean up: CPython's history holds whole files written again without a
 * line's trailing spaces on purpose (codeop.py, asyncio/transports.py), which keeping the file's
 * would have undone. Only in these files is trailing whitespace the reply lacks put back.
 */
export function keepsTrailingWhitespace(path: string | undefined): boolean {
  return path !== undefined && /\.(?:md|markdown|mdx|mdown|mkd|patch|diff)$/i.test(path);
}

/** How alike (`lineSimilarity`) a new line must be to the line it replaces to be a version of it. */
const VERSION_SIMILARITY = 0.5;

/**
 * The file's unseen characters on a line the reply rewrites, carried over to its new version.
 * `quoted` is the reply's old version of the line (its search text), `written` its new one; the
 * file's line must read as `quoted` but for unseen characters (`UNSEEN_SPACES`, `ZERO_WIDTH`) and
 * trailing whitespace, once the indentation of each is set aside, and `written` must be a version
 * of `quoted` (half alike at least); otherwise `written` is returned as it is. Each unseen
 * character the change leaves alone (it stands in the run `quoted` and `written` share at their
 * start, or in the one at their end) is put back at its place in `written`; one inside the change,
 * or at its edge, goes with the change. With `keepTail` (a file whose trailing whitespace is
 * content: `keepsTrailingWhitespace`), the file's trailing whitespace is put back when neither
 * `quoted` nor `written` has any: the model could not see it, so it did not mean to remove it (a
 * Markdown line's two-space hard break, without which the next line runs into this one).
 */
export function withFileUnseen(fileLine: string, quoted: string, written: string, keepTail = true): string {
  // Most lines hold no unseen character and (or, where it is not kept) no trailing whitespace.
  if (!HAS_UNSEEN.test(fileLine) && (!keepTail || trimEnd(fileLine) === fileLine)) return written;
  const fileIndent = leadingWhitespace(fileLine);
  const fileBody = trimEnd(fileLine.slice(fileIndent.length));
  const tail = keepTail ? fileLine.slice(fileIndent.length + fileBody.length) : '';
  const quotedBody = quoted.slice(leadingWhitespace(quoted).length);
  const writtenIndent = leadingWhitespace(written);
  const writtenBody = written.slice(writtenIndent.length);
  if (quotedBody === '' || writtenBody === '' || trimEnd(quotedBody) !== quotedBody || trimEnd(writtenBody) !== writtenBody) return written;
  const unseen = unseenAgainst(fileBody, quotedBody);
  if (unseen === undefined || (unseen.length === 0 && tail === '')) return written;
  if (lineSimilarity(quotedBody, writtenBody) < VERSION_SIMILARITY) return written;
  const prefix = commonPrefix(quotedBody, writtenBody);
  // The shared end run stops where the shared start run ends: a character is in one of them.
  const suffix = Math.min(commonSuffix(quotedBody, writtenBody), quotedBody.length - prefix, writtenBody.length - prefix);
  const suffixFrom = quotedBody.length - suffix;
  const shift = writtenBody.length - quotedBody.length;
  let body = writtenBody;
  // From the end of the line, so the places of those still to put back do not move.
  for (const { at, char, kind } of [...unseen].reverse()) {
    if (kind === 'replaces') {
      if (at >= prefix && at < suffixFrom) continue;
      const to = at < prefix ? at : at + shift;
      body = body.slice(0, to) + char + body.slice(to + 1);
    } else {
      // Both neighbours kept, on the same side of the change (`at` 0 or the end: its one neighbour).
      const to = at < prefix ? at : at > suffixFrom ? at + shift : undefined;
      if (to !== undefined) body = body.slice(0, to) + char + body.slice(to);
    }
  }
  return writtenIndent + body + tail;
}

/**
 * The file's unseen characters against the quoted text, by position in it; undefined when the two
 * differ in anything else (the line is not the quoted one with those characters lost).
 */
function unseenAgainst(file: string, quoted: string): Unseen[] | undefined {
  const found: Unseen[] = [];
  let j = 0;
  for (let i = 0; i < file.length; i++) {
    const c = file[i];
    if (j < quoted.length && c === quoted[j]) j++;
    else if (j < quoted.length && quoted[j] === ' ' && isUnseenSpace(c)) found.push({ at: j++, char: c, kind: 'replaces' });
    else if (isZeroWidth(c)) found.push({ at: j, char: c, kind: 'before' });
    else return undefined;
  }
  return j === quoted.length ? found : undefined;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
