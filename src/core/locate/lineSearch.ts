import type { FileIndex, Normalisation } from './fileIndex';
import { normaliseLine } from './fileIndex';
import type { SearchScope } from './matcher';

/**
 * Start lines (0-based, ascending) where every needle line equals the file line under `kind`.
 * Candidates come from the index's lines sharing the hash of the needle's rarest non-empty line
 * (the exact table for `exact`, the skeleton table for the other normalisations), so the cost is
 * about (occurrences of that line) × (needle length), never file length × needle length. A needle
 * whose lines are all empty under `kind` matches nowhere: blank text places nothing.
 */
export function findNormalisedRuns(index: FileIndex, needleLines: readonly string[], kind: Normalisation, scope: SearchScope): number[] {
  const wanted = needleLines.map((line) => normaliseLine(line, kind));
  const exact = kind === 'exact';
  let pivot = -1;
  let pivotCount = Infinity;
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i] === '' || wanted[i].trim() === '') continue;
    const count = exact ? index.countExact(needleLines[i]) : index.countLike(needleLines[i]);
    if (count === 0) return [];
    if (count < pivotCount) {
      pivot = i;
      pivotCount = count;
    }
  }
  if (pivot === -1) return [];
  const starts: number[] = [];
  const positions = exact ? index.linesExact(needleLines[pivot]) : index.linesLike(needleLines[pivot]);
  for (const position of positions) {
    const start = position - pivot;
    if (start < scope.from || start + wanted.length > scope.to) continue;
    let equal = true;
    for (let i = 0; i < wanted.length; i++) {
      if (exact ? !index.lineIs(start + i, wanted[i]) : index.lineUnder(kind, start + i) !== wanted[i]) {
        equal = false;
        break;
      }
    }
    if (equal) starts.push(start);
  }
  return starts;
}
