import type { FileIndex, Normalisation } from './fileIndex';
import { normaliseLine } from './fileIndex';
import type { SearchScope } from './matcher';

/**
 * Start lines (0-based, ascending) where every needle line equals the file line under `kind`.
 * Candidates come from the index's lines sharing the hash of one needle line (the exact table for
 * `exact`, the skeleton table for the other normalisations): the rarest non-empty line, or under
 * the other normalisations one with few places (`likePivot`), so the cost is about (occurrences of
 * that line) × (needle length), never file length × needle length. When even the rarest line is
 * everywhere (a block of `}` lines against a file of them) and checking its candidates would cost
 * more than a few passes over the file, the file's lines are grouped into classes and the needle
 * is found by Knuth–Morris–Pratt over them: linear in the file whatever the needle. A needle whose
 * lines are all empty under `kind` matches nowhere: blank text places nothing.
 */
export function findNormalisedRuns(index: FileIndex, needleLines: readonly string[], kind: Normalisation, scope: SearchScope): number[] {
  const wanted: string[] = [];
  const exact = kind === 'exact';
  const pivot = exact ? exactPivot(index, needleLines, wanted) : likePivot(index, needleLines, kind, wanted);
  if (pivot === -1) return [];
  let allowed = budget(index);
  const starts: number[] = [];
  const positions = exact ? index.linesExact(needleLines[pivot]) : index.linesLike(needleLines[pivot]);
  for (const position of positions) {
    const start = position - pivot;
    if (start < scope.from || start + wanted.length > scope.to) continue;
    let equal = true;
    for (let i = 0; i < wanted.length; i++) {
      allowed--;
      if (exact ? !index.lineIs(start + i, wanted[i]) : index.lineUnder(kind, start + i) !== wanted[i]) {
        equal = false;
        break;
      }
    }
    if (allowed < 0) return runsByClasses(index, wanted, kind, scope);
    if (equal) starts.push(start);
  }
  return starts;
}

/**
 * The needle line to search an exact needle by: its rarest non-empty line (the first of the
 * rarest), or -1 when a line is nowhere in the file or every line is empty. Fills `wanted` with
 * the needle's lines as they are, up to the first line the file does not have.
 */
function exactPivot(index: FileIndex, needleLines: readonly string[], wanted: string[]): number {
  let pivot = -1;
  let pivotCount = Infinity;
  for (let i = 0; i < needleLines.length; i++) {
    wanted.push(needleLines[i]);
    if (wanted[i] === '' || wanted[i].trim() === '') continue;
    const count = index.countExact(needleLines[i]);
    if (count === 0) return -1;
    if (count < pivotCount) {
      pivot = i;
      pivotCount = count;
    }
  }
  return pivot;
}

/**
 * A pivot with at most this many candidate places is kept without counting the needle's other
 * lines exactly: checking a few places costs less than splitting their skeleton groups.
 */
const FEW_PLACES = 16;

/**
 * The needle line to search a needle under `kind` (not `exact`) by, or -1 when every line is
 * empty under `kind` or a line is nowhere in the file. Fills `wanted` with the needle's lines
 * under `kind`.
 *
 * Counting a line exactly (`countLike`) splits its group of the skeleton table, a full hash of
 * every line in the group; counting every line of every drifted needle that way was most of the
 * hashing a reply did. So lines are taken in order of a cheap upper bound (`countLikeAtMost`), and
 * once a line has at most `FEW_PLACES` like lines, lines whose bound is not below its count are
 * not counted. Otherwise every line is counted, and the pivot is the rarest line (the first of
 * those), as it always was. Either way the starts found are the same: every candidate is checked
 * line by line, and a line left uncounted that is nowhere in the file fails every candidate. The
 * few places a kept pivot adds stay within the search's budget (`budget`), so the linear search
 * takes over exactly when it did.
 */
function likePivot(index: FileIndex, needleLines: readonly string[], kind: Normalisation, wanted: string[]): number {
  const lines: number[] = [];
  const bounds: number[] = [];
  for (let i = 0; i < needleLines.length; i++) {
    wanted.push(normaliseLine(needleLines[i], kind));
    if (wanted[i] === '' || wanted[i].trim() === '') continue;
    const bound = index.countLikeAtMost(needleLines[i]);
    if (bound === 0) return -1;
    lines.push(i);
    bounds.push(bound);
  }
  const order = lines.map((_, k) => k).sort((a, b) => bounds[a] - bounds[b] || lines[a] - lines[b]);
  const few = Math.min(FEW_PLACES, Math.floor((budget(index) - 1) / Math.max(1, needleLines.length)));
  let pivot = -1;
  let pivotCount = Infinity;
  for (const k of order) {
    if (pivotCount <= few && bounds[k] >= pivotCount) continue;
    const i = lines[k];
    const count = index.countLike(needleLines[i]);
    if (count === 0) return -1;
    if (count < pivotCount || (count === pivotCount && i < pivot)) {
      pivot = i;
      pivotCount = count;
    }
  }
  return pivot;
}

/** Line comparisons a search may make before the linear search takes over. */
function budget(index: FileIndex): number {
  return 4 * index.lineCount + 10_000;
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
