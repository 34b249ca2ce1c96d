import type { FileIndex, Normalisation } from './fileIndex';
import { normaliseLine } from './fileIndex';
import type { SearchScope } from './matcher';

/**
 * Start lines (0-based, ascending) where every needle line equals the file line under `kind`.
 * Candidates come from the index's lines sharing the hash of the needle's rarest non-empty line
 * (the exact table for `exact`, the skeleton table for the other normalisations), so the cost is
 * about (occurrences of that line) × (needle length), never file length × needle length. When
 * even the rarest line is everywhere (a block of `}` lines against a file of them) and checking
 * its candidates would cost more than a few passes over the file, the file's lines are grouped
 * into classes and the needle is found by Knuth–Morris–Pratt over them: linear in the file
 * whatever the needle. A needle whose lines are all empty under `kind` matches nowhere: blank
 * text places nothing.
 */
export function findNormalisedRuns(index: FileIndex, needleLines: readonly string[], kind: Normalisation, scope: SearchScope): number[] {
  // Normalised as the pivot search goes: it stops at the first line the file does not have.
  const wanted: string[] = [];
  const exact = kind === 'exact';
  let pivot = -1;
  let pivotCount = Infinity;
  for (let i = 0; i < needleLines.length; i++) {
    wanted.push(normaliseLine(needleLines[i], kind));
    if (wanted[i] === '' || wanted[i].trim() === '') continue;
    const count = exact ? index.countExact(needleLines[i]) : index.countLike(needleLines[i]);
    if (count === 0) return [];
    if (count < pivotCount) {
      pivot = i;
      pivotCount = count;
    }
  }
  if (pivot === -1) return [];
  // Line comparisons allowed before the linear search takes over.
  let budget = 4 * index.lineCount + 10_000;
  const starts: number[] = [];
  const positions = exact ? index.linesExact(needleLines[pivot]) : index.linesLike(needleLines[pivot]);
  for (const position of positions) {
    const start = position - pivot;
    if (start < scope.from || start + wanted.length > scope.to) continue;
    let equal = true;
    for (let i = 0; i < wanted.length; i++) {
      budget--;
      if (exact ? !index.lineIs(start + i, wanted[i]) : index.lineUnder(kind, start + i) !== wanted[i]) {
        equal = false;
        break;
      }
    }
    if (budget < 0) return runsByClasses(index, wanted, kind, scope);
    if (equal) starts.push(start);
  }
  return starts;
}

/** `findNormalisedRuns` by the file's line classes: every start, in time linear in the file. */
function runsByClasses(index: FileIndex, wanted: readonly string[], kind: Normalisation, scope: SearchScope): number[] {
  const { ids, idOf } = index.classesUnder(kind);
  const pattern = new Int32Array(wanted.length);
  for (let i = 0; i < wanted.length; i++) {
    const id = idOf.get(wanted[i]);
    if (id === undefined) return [];
    pattern[i] = id;
  }
  return occurrences(ids, scope.from, scope.to, pattern);
}

/**
 * Every start `s` (ascending, overlapping ones included) with `from <= s` and
 * `s + pattern.length <= to` where `text[s + k] === pattern[k]` for every k: Knuth–Morris–Pratt,
 * O(to − from + pattern length).
 */
export function occurrences(text: ArrayLike<number>, from: number, to: number, pattern: ArrayLike<number>): number[] {
  const m = pattern.length;
  const found: number[] = [];
  if (m === 0 || to - from < m) return found;
  const failure = borderTable(pattern);
  for (let i = from, matched = 0; i < to; i++) {
    while (matched > 0 && text[i] !== pattern[matched]) matched = failure[matched - 1];
    if (text[i] === pattern[matched]) matched++;
    if (matched === m) {
      found.push(i - m + 1);
      matched = failure[m - 1];
    }
  }
  return found;
}

/**
 * Knuth–Morris–Pratt's failure table: `table[k]` is the length of the longest proper border of
 * `pattern[0..k]` (a prefix that is also a suffix of it).
 */
export function borderTable(pattern: ArrayLike<number>): Int32Array {
  const table = new Int32Array(pattern.length);
  for (let k = 1, border = 0; k < pattern.length; k++) {
    while (border > 0 && pattern[k] !== pattern[border]) border = table[border - 1];
    if (pattern[k] === pattern[border]) border++;
    table[k] = border;
  }
  return table;
}
