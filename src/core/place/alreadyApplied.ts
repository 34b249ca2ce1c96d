import type { FileIndex } from '../locate/fileIndex';
import { ladder, locate } from '../locate/ladder';
import type { LineMatch, Needle } from '../locate/matcher';

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
