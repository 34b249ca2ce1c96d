import type { ReplyParser } from './parser';

/** Placeholder until the search-replace parser lands: recognises nothing. */
export const searchReplaceParser: ReplyParser = {
  format: 'search-replace',
  parse: () => [],
};
