import type { FileIndex } from '../locate/fileIndex';
import { ladder, locate } from '../locate/ladder';
import type { LineMatch, Needle } from '../locate/matcher';
import { diffArrays } from 'diff';
import { isEditOf } from '../elisionMerge/lines';

/**
 * Every place the needle's text already stands in the file under the first `rungs` rungs of the
 * ladder (no fuzzy guessing): the already-applied checks. A blank needle stands nowhere.
 */
export function wherePresent(index: FileIndex, needle: Needle, rungs: number): LineMatch[] {
  if (needle.lines.every((line) => line.trim() === '')) return [];
  const found = locate(index, needle, { expectedCount: 'all', fuzzyThreshold: 1, rungs: ladder.slice(0, rungs) });
  return found.kind === 'found' ? found.matches : [];
}

/** True when the file holds the whole replacement around `match`, with the search text inside it. */
export function containsAppliedReplacement(index: FileIndex, needle: Needle, replacement: string[], match: LineMatch): boolean {
  const n = needle.lines.length;
  if (replacement.length <= n || match.strategy === 'fuzzy' || match.strategy === 'elision') return false;
  const norm = (line: string) => line.trim();
  const wanted = needle.lines.map(norm);
  for (let k = 0; k + n <= replacement.length; k++) {
    if (!wanted.every((line, i) => norm(replacement[k + i]) === line)) continue;
    const start = match.start - k;
    if (start < 0 || start + replacement.length > index.lineCount) continue;
    if (replacement.every((line, i) => norm(index.line(start + i)) === norm(line))) return true;
  }
  return false;
}

/**
 * The places among `places` (where the replacement stands) at which the edit can have been
 * applied, judged by the lines it deletes at its edges: a replacement that drops the search
 * text's first or last lines (`x = 1` / `y = 2` made `x = 1`) stands in the file whether or not
 * they were deleted, so where the line next to it is still one of them, or an edit of one
 * (`y = 3`, the file changed since the model read it), the edit is not applied there. Lines
 * deleted or changed between the replacement's own lines prove nothing either way (the
 * replacement standing whole shows them gone), and neither do blank lines.
 */
export function appliedPlaces(index: FileIndex, searchLines: readonly string[], replacementLines: readonly string[], places: readonly LineMatch[]): LineMatch[] {
  const { before, after } = deletedAtEdges(searchLines, replacementLines);
  if (before === undefined && after === undefined) return [...places];
  return places.filter((place) => {
    if (before !== undefined) {
      const above = nonBlankLine(index, place.start - 1, -1);
      if (above !== undefined && resembles(before, above)) return false;
    }
    if (after !== undefined) {
      const below = nonBlankLine(index, place.end, 1);
      if (below !== undefined && resembles(after, below)) return false;
    }
    return true;
  });
}

/**
 * The search text's last non-blank line removed before the replacement's first line, and its
 * first non-blank line removed after the replacement's last line (removed, not changed: no
 * added lines next to them in the line diff), each undefined when there is none.
 */
function deletedAtEdges(searchLines: readonly string[], replacementLines: readonly string[]): { before?: string; after?: string } {
  if (replacementLines.length === 0 || replacementLines.length >= searchLines.length) return {};
  // Bounded: an edit that only deletes lines at its edges is a few steps of the diff; past that
  // (a long search text against a short replacement) it is not that kind of edit.
  const parts = diffArrays(searchLines.map((line) => line.trim()), replacementLines.map((line) => line.trim()), { maxEditLength: MAX_EDGE_STEPS });
  if (parts === undefined || parts.length === 0) return {};
  const first = parts[0];
  const last = parts[parts.length - 1];
  const nonBlank = (lines: readonly string[]) => lines.filter((line) => line !== '');
  const before = first.removed && !parts[1]?.added ? nonBlank(first.value).pop() : undefined;
  const after = last.removed && !parts[parts.length - 2]?.added ? nonBlank(last.value)[0] : undefined;
  return { before, after };
}

/** How many removed and added lines the diff behind `deletedAtEdges` may find before it gives up. */
const MAX_EDGE_STEPS = 64;

/** The first non-blank line from `i` on in direction `step` (-1 up, 1 down), or undefined at the file's edge. */
function nonBlankLine(index: FileIndex, i: number, step: 1 | -1): string | undefined {
  for (let k = i; k >= 0 && k < index.lineCount; k += step) if (index.line(k).trim() !== '') return index.line(k);
  return undefined;
}

/**
 * True when the file line is the deleted line or an edit of it (`isEditOf`: `y = 3` for `y = 2`):
 * `correspond`'s test, but short lines count too, since a short assignment is as much a line an
 * edit deletes as a long one; a line of punctuation only is an edit of nothing.
 */
function resembles(deleted: string, line: string): boolean {
  const a = deleted.trim();
  const b = line.trim();
  return a === b || (/[A-Za-z0-9_]/.test(a) && isEditOf(a, b));
}
