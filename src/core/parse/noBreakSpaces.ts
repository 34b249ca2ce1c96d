/**
 * No-break spaces a rendered page put in place of spaces. A reply copied out of a chat's web page
 * (or a mail, a wiki, a PDF) often has its runs of spaces as `&nbsp;` characters: indentation all
 * U+00A0, or alternating with spaces. No programmer indents with them (Python rejects them, and a
 * compiler that accepts them makes the code unreadable), yet read as written they matched the file
 * by the whitespace rungs and were then written into it: `····` of the file's indentation followed
 * by four no-break spaces, a file that no longer ran.
 *
 * Only a reply that shows it was copied so is read this way: one whose indentation, on some line,
 * holds a no-break space (after a diff's `+`, `-` or ` `, or a JSON string's `\n`, too). There, a no-break space is taken for
 * a space where it stands at a line's start or end or next to another blank (space, tab, no-break
 * space): that is the copied run. One standing alone between two visible characters is kept, as
 * text means it (`10 000`, French `Attention !`); and a reply without that sign is left as it is:
 * a file's own no-break space next to a space (an AUTHORS line's `Stefan Bauckmeier  <…>`) is its
 * text, which a diff adding that line must keep.
 */
const COPIED_NO_BREAK_SPACE = /(?<=^|[ \t\u00a0])\u00a0|\u00a0(?=[ \t\u00a0]|$)/gm;
/** A line's indentation holding one: at its start (after a diff's prefix), or after a JSON string's `\\n`. */
const INDENTED_BY_NO_BREAK_SPACE = /^[-+ ]?[ \t]*\u00a0|\\n[ \t]*\u00a0/m;

/** The text (one line or many, LF-separated) with its copied no-break spaces as spaces; the same string when it holds none or shows no sign of a page copy. */
export function withCopiedNoBreakSpacesAsSpaces(text: string): string {
  return text.indexOf('\u00a0') === -1 || !INDENTED_BY_NO_BREAK_SPACE.test(text) ? text : text.replace(COPIED_NO_BREAK_SPACE, ' ');
}

/** `withCopiedNoBreakSpacesAsSpaces` for text given as lines, changed in place (the sign is looked for among these lines). */
export function copiedNoBreakSpacesAsSpacesInPlace(lines: string[]): void {
  if (!lines.some((line) => line.includes('\u00a0') && INDENTED_BY_NO_BREAK_SPACE.test(line))) return;
  for (let i = 0; i < lines.length; i++) if (lines[i].includes('\u00a0')) lines[i] = lines[i].replace(COPIED_NO_BREAK_SPACE, ' ');
}
