import { indentWidth, isBlank, leadingWhitespace } from '../text/indentation';
import { findNormalisedRuns } from './lineSearch';
import { straightAlignment, type Matcher } from './matcher';

/**
 * Rung 3: equal after removing one uniform indentation offset. Every non-blank line must carry the
 * same content (trailing whitespace aside) and be shifted by the same number of columns, tabs
 * counted as the file's indent size, so a block quoted flush-left or with tabs for spaces still
 * keeps its shape. Blank lines match blank lines.
 */
export const indentationMatcher: Matcher = {
  id: 'indentation',
  find(index, needle, scope) {
    if (needle.elisions.size > 0) return [];
    const unit = index.indentUnit;
    const tabSize = unit?.kind === 'spaces' ? unit.size : 4;
    const starts = findNormalisedRuns(index, needle.lines, 'trim', scope);
    const matches = [];
    for (const start of starts) {
      let offset: number | undefined;
      let uniform = true;
      for (let i = 0; i < needle.lines.length && uniform; i++) {
        const wanted = needle.lines[i];
        if (isBlank(wanted)) continue;
        const shift =
          indentWidth(leadingWhitespace(index.line(start + i)), tabSize) - indentWidth(leadingWhitespace(wanted), tabSize);
        if (offset === undefined) offset = shift;
        else if (shift !== offset) uniform = false;
      }
      if (uniform) {
        matches.push({
          start,
          end: start + needle.lines.length,
          score: 0.98,
          strategy: 'indentation' as const,
          alignment: straightAlignment(start, needle.lines.length),
        });
      }
    }
    return matches;
  },
};
