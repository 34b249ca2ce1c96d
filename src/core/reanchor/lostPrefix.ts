import type { Needle, LineMatch } from '../locate/matcher';
import { isBlank, leadingWhitespace } from '../text/indentation';
import type { FileLines } from '../text/fileText';
import { kindsDescribe } from './steps';

/**
 * A diff hunk or patch chunk whose context lines lost the space that prefixes them, with that
 * space given back: the search text and replacement as the model meant them. Undefined when the
 * hunk's lines do not show it.
 *
 * Models retyping a diff drop the context prefix as they drop it on blank lines; an indented
 * context line then reads as a context line one column shallower than the file's. Re-anchoring
 * would take that column for a re-indent of the whole hunk and push every added line one column
 * deeper, though added lines keep their `+` and so their indentation. Read so only when the hunk
 * shows it throughout: every indented context line is its file line less one leading space, every
 * context line at column 0 in the file is quoted at column 0 (the parser took it whole), and every
 * removed line, which keeps its `-`, stands at the file's indentation. A model that re-indents a
 * hunk shifts its removed lines too, and by a unit, not one column; one that copies a context line
 * copies its indentation.
 */
export function withContextPrefixes(lineKinds: string | undefined, needle: Needle, replacement: readonly string[], match: LineMatch, file: FileLines): { needle: Needle; replacement: string[] } | undefined {
  if (lineKinds === undefined || needle.elisions.size > 0 || !kindsDescribe(lineKinds, needle, replacement)) return undefined;
  /** The search lines (by number) quoted one column shallower than the file's. */
  const shallower = new Set<number>();
  let n = 0;
  for (const kind of lineKinds) {
    if (kind === '+') continue;
    const line = needle.lines[n];
    const place = match.alignment[n];
    n++;
    if (isBlank(line)) continue;
    if (typeof place !== 'number') return undefined;
    const quoted = leadingWhitespace(line);
    const own = leadingWhitespace(file.line(place));
    if (quoted === own && (kind === '-' || own === '')) continue;
    if (kind === ' ' && own === ' ' + quoted) {
      shallower.add(n - 1);
      continue;
    }
    return undefined;
  }
  if (shallower.size === 0) return undefined;
  const restoredNeedle: string[] = [];
  const restoredReplacement: string[] = [];
  n = 0;
  let r = 0;
  for (const kind of lineKinds) {
    if (kind === ' ') {
      // A context line is the same text on both sides: both get the space back.
      const restore = shallower.has(n) ? ' ' : '';
      restoredNeedle.push(restore + needle.lines[n++]);
      restoredReplacement.push(restore + replacement[r++]);
    } else if (kind === '-') restoredNeedle.push(needle.lines[n++]);
    else restoredReplacement.push(replacement[r++]);
  }
  return { needle: { lines: restoredNeedle, elisions: needle.elisions }, replacement: restoredReplacement };
}
