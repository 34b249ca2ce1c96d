import type { LineMatch, Needle } from '../locate/matcher';
import type { FileLines } from '../text/fileText';
import { isBlank } from '../text/indentation';
import { trimEnd } from '../text/normalize';

/** Search lines with trailing blanks, at least, before a copy counts as padded. */
const MIN_PADDED_LINES = 2;

/**
 * The replacement's lines without trailing blanks when the reply is a padded copy: text copied out
 * of a terminal comes with every line filled out with spaces to the window's width. The sign is
 * the search text: at least half of its lines with text (two or more) end in blanks that the file's
 * lines it was matched with do not have (the match needed a rung that ignores them). Those blanks
 * are the copy's, and so are the ones after the new lines: written as they came, every new line
 * would end in a run of spaces. Otherwise the replacement as it is (a line's trailing blanks may be
 * meant: a Markdown line break).
 */
export function withoutCopyPadding(needle: Needle, match: LineMatch, file: FileLines, replacement: readonly string[]): readonly string[] {
  const lines = needle.lines;
  // Only a line-for-line match says which file line each search line stands for.
  if (match.strategy === 'exact' || match.end - match.start !== lines.length) return replacement;
  let withText = 0;
  let padded = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (isBlank(line)) continue;
    withText++;
    const last = line.charCodeAt(line.length - 1);
    if (last !== 32 && last !== 9) continue;
    const fileLine = file.line(match.start + i);
    const fileLast = fileLine.charCodeAt(fileLine.length - 1);
    // A blank the file has too is the file's own: not a padded copy.
    if (fileLast === 32 || fileLast === 9) return replacement;
    padded++;
  }
  if (padded < MIN_PADDED_LINES || padded * 2 < withText) return replacement;
  return replacement.map(trimEnd);
}
