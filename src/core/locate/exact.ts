import { normalisedMatcher } from './normalisedMatcher';

/** Rung 1: the needle's lines are in the file exactly (line endings aside: the view is LF). */
export const exactMatcher = normalisedMatcher('exact', 'exact', 1);
