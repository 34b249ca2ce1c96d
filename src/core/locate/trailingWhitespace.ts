import { normalisedMatcher } from './normalisedMatcher';

/** Rung 2: equal once trailing whitespace is ignored (models and editors strip it unevenly). */
export const trailingWhitespaceMatcher = normalisedMatcher('trailingWhitespace', 'trimEnd', 0.99);
