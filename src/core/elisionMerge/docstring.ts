/** A marker that stands for a definition's docstring: `# ... existing docstring ...` or `"""..."""` right under a `def`. */
import { leadingWhitespace } from '../text/indentation';
import { anchorKey } from './anchors';
import { lastNonBlank, sameDefinition } from './lines';

/**
 * The file's docstring lines that the marker written after `segment` stands for, when the marker
 * names a docstring (`# ... existing docstring ...`, or a docstring of dots alone: `"""..."""`),
 * the segment ends with a header line (`def on_changed(self, func):`, `class Config:`) that the
 * file has as the last line with text above `cursor` (the segment just placed there, the header
 * as it is or with the same name), written at the file's indentation, and the file's next line is
 * a triple-quoted string opening there; undefined otherwise (the marker is then read as any other).
 *
 * Why: a model re-printing a method's body leaves its long docstring out this way, and the marker
 * says which lines it stands for, exactly the docstring and no more. Read as a plain elision, the
 * new body after it had no anchor and no end: a RangeSlider.on_changed rewritten so was refused,
 * though the class line above placed the method and the same snippet with the docstring written
 * out applied. The docstring's lines, written in the marker's place, make the snippet that one.
 * A plain `... existing code ...` under a header says nothing so narrow (the whole body, or its
 * first part, may be meant) and is not read so.
 */
export function elidedDocstring(segment: readonly string[], marker: string, original: readonly string[], cursor: number): string[] | undefined {
  if (!namesDocstring(marker)) return undefined;
  const last = lastNonBlank(segment);
  if (last === -1 || !/:\s*$/.test(segment[last]) || !/^\s*(?:(?:async\s+)?def|class)\s/.test(segment[last])) return undefined;
  let headerAt = cursor - 1;
  while (headerAt >= 0 && original[headerAt].trim() === '') headerAt--;
  if (headerAt < 0 || headerAt + 1 !== cursor) return undefined;
  const header = original[headerAt];
  if (anchorKey(header) !== anchorKey(segment[last]) && !sameDefinition(header, segment[last])) return undefined;
  if (leadingWhitespace(header) !== leadingWhitespace(segment[last])) return undefined;
  const end = docstringEnd(original, cursor);
  return end === undefined ? undefined : original.slice(cursor, end);
}

/** True for a marker that says it stands for a docstring: the word, or a triple-quoted string of dots alone. */
function namesDocstring(marker: string): boolean {
  return /\bdocstrings?\b/i.test(marker) || /^[rRuU]?("""|''')\s*(?:\.{3,}|…)\s*\1$/.test(marker.trim());
}

/** The line after the triple-quoted string that opens at line `at`, or undefined when none opens there or it never closes. */
function docstringEnd(lines: readonly string[], at: number): number | undefined {
  const opens = /^\s*[rRuU]{0,2}("""|''')/.exec(lines[at] ?? '');
  if (!opens) return undefined;
  const quote = opens[1];
  if (lines[at].slice(opens[0].length).includes(quote)) return at + 1;
  for (let j = at + 1; j < lines.length; j++) if (lines[j].includes(quote)) return j + 1;
  return undefined;
}
