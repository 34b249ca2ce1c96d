/**
 * Binary search over an ascending list of numbers (line starts, range starts, positions of a
 * line): the index of the first value at or above `value`, or the list's length when none is.
 * Several modules keep such lists to answer "which come before this offset" in O(log n).
 */
export function firstAtLeast(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
