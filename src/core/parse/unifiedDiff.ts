import type { ReplyParser } from './parser';

/** Placeholder until the unified-diff parser lands: recognises nothing. */
export const unifiedDiffParser: ReplyParser = {
  format: 'unified-diff',
  parse: () => [],
};
