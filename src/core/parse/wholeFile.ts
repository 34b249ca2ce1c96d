import type { ReplyParser } from './parser';

/** Placeholder until the whole-file parser lands: recognises nothing. */
export const wholeFileParser: ReplyParser = {
  format: 'whole-file',
  parse: () => [],
};
