import { normalisedMatcher } from './normalisedMatcher';

/**
 * Rung 5: equal once typographic punctuation is folded to ASCII (curly quotes, en/em dashes,
 * non-breaking and zero-width spaces, the ellipsis character) on top of rung 4. Chat UIs and
 * models "prettify" quotes; files keep whatever they had, and the file's characters survive in
 * the lines the edit only quotes as context.
 */
export const unicodeMatcher = normalisedMatcher('unicode', 'fold', 0.96);
