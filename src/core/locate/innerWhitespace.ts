import { normalisedMatcher } from './normalisedMatcher';

/**
 * Rung 4: equal once whitespace is ignored everywhere except between two word characters, where
 * any run counts as one space. Indentation may differ line by line; the replacement is re-anchored
 * to the first line's indentation.
 */
export const innerWhitespaceMatcher = normalisedMatcher('innerWhitespace', 'collapse', 0.97);
