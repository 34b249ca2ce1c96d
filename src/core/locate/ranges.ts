import { firstAtLeast } from '../sortedSearch';

/** A half-open range `[start, end)` of lines or offsets. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** Below this many ranges a plain scan is as fast as anything and needs no index. */
const SCAN_LIMIT = 32;
/** How many ranges may wait unsorted before they are merged into the sorted part. */
const TAIL_LIMIT = 64;

/**
 * Answers "does `[start, end)` overlap any range of this list?" for a list that only grows (the
 * planner's pending edits and taken lines: pushed to, or replaced by a new array, never edited in
 * place). The answer is exactly that of scanning the list, `ranges.some((r) => start < r.end &&
 * r.start < end)`, in O(log n) amortised instead of O(n): a reply of 20,000 edits of one file
 * checked each against all the others cost seconds.
 *
 * Ranges are kept sorted by start with the running maximum of their ends; new ones wait in a
 * short unsorted tail until merged.
 */
class RangeIndex {
  private starts: number[] = [];
  private maxEnds: number[] = [];
  private ends: number[] = [];
  private tail: Range[] = [];
  /** How many ranges of the list have been taken in, and the last of them (to notice a list that changed). */
  private seen = 0;
  private last: Range | undefined;

  /** Takes in the ranges pushed to `list` since the last call; false when the list changed otherwise. */
  sync(list: readonly Range[]): boolean {
    if (list.length < this.seen || (this.seen > 0 && list[this.seen - 1] !== this.last)) return false;
    for (let i = this.seen; i < list.length; i++) this.tail.push(list[i]);
    this.seen = list.length;
    this.last = list[list.length - 1];
    // The tail may grow with the square root of the list: merges cost O(n) each, scans of the tail O(tail).
    if (this.tail.length > TAIL_LIMIT && this.tail.length * this.tail.length > this.starts.length) this.merge();
    return true;
  }

  overlaps(start: number, end: number): boolean {
    // Among the sorted ranges starting before `end`, one overlaps when the largest end passes `start`.
    const low = firstAtLeast(this.starts, end);
    if (low > 0 && this.maxEnds[low - 1] > start) return true;
    for (const range of this.tail) if (start < range.end && range.start < end) return true;
    return false;
  }

  private merge(): void {
    const tail = [...this.tail].sort((a, b) => a.start - b.start);
    const count = this.starts.length;
    if (count === 0 || tail[0].start >= this.starts[count - 1]) {
      // Ranges that come in order (a diff's hunks, a reply's blocks) are appended.
      let max = count === 0 ? -Infinity : this.maxEnds[count - 1];
      for (const range of tail) {
        this.starts.push(range.start);
        this.ends.push(range.end);
        this.maxEnds.push((max = Math.max(max, range.end)));
      }
      this.tail = [];
      return;
    }
    const starts: number[] = [];
    const ends: number[] = [];
    let i = 0;
    let j = 0;
    while (i < this.starts.length || j < tail.length) {
      if (j === tail.length || (i < this.starts.length && this.starts[i] <= tail[j].start)) {
        starts.push(this.starts[i]);
        ends.push(this.ends[i++]);
      } else {
        starts.push(tail[j].start);
        ends.push(tail[j++].end);
      }
    }
    const maxEnds: number[] = new Array(ends.length);
    let max = -Infinity;
    for (let k = 0; k < ends.length; k++) maxEnds[k] = max = Math.max(max, ends[k]);
    this.starts = starts;
    this.ends = ends;
    this.maxEnds = maxEnds;
    this.tail = [];
  }
}

const indexes = new WeakMap<readonly Range[], RangeIndex>();

/** True when `[start, end)` overlaps a range of `list` (a list that only grows; see `RangeIndex`). */
export function overlapsRange(list: readonly Range[], start: number, end: number): boolean {
  if (list.length <= SCAN_LIMIT) return list.some((range) => start < range.end && range.start < end);
  let index = indexes.get(list);
  if (!index || !index.sync(list)) {
    index = new RangeIndex();
    index.sync(list);
    indexes.set(list, index);
  }
  return index.overlaps(start, end);
}
