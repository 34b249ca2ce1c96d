import type { Strategy } from '../receipt';
import type { Normalisation } from './fileIndex';
import { findNormalisedRuns } from './lineSearch';
import { straightMatch, type Matcher } from './matcher';

/**
 * Builds a rung that matches a needle line for line when each line is equal under `kind`.
 * Needles with elision markers are left to the elision rung: the marker is not text to find.
 */
export function normalisedMatcher(id: Strategy, kind: Normalisation, score: number): Matcher {
  return {
    id,
    find(index, needle, scope) {
      if (needle.elisions.size > 0) return [];
      return findNormalisedRuns(index, needle.lines, kind, scope).map((start) => straightMatch(start, needle.lines.length, score, id));
    },
  };
}
