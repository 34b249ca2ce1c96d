import { distance } from 'fastest-levenshtein';

/** Longest middle part (after the common prefix and suffix) compared exactly. */
const exactLimit = 2000;

/**
 * The Levenshtein distance between two lines, in time linear in their length beyond a bound.
 * The common prefix and suffix are stripped first (which leaves the distance unchanged); when
 * what remains of both is at most 2,000 characters the distance is exact (fastest-levenshtein),
 * otherwise it returns the longer remainder, an upper bound: two long lines that differ a lot are
 * simply scored as different, instead of costing seconds (a 200,000-character line did).
 */
export function lineDistance(a: string, b: string): number {
  if (a === b) return 0;
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA === 0 || restB === 0) return Math.max(restA, restB);
  if (restA > exactLimit || restB > exactLimit) return Math.max(restA, restB);
  return distance(a.slice(start, endA), b.slice(start, endB));
}
