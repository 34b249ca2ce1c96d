import type { ReplyParser } from './parser';

/** Placeholder until the json-tool parser lands: recognises nothing. */
export const jsonToolCallParser: ReplyParser = {
  format: 'json-tool',
  parse: () => [],
};
