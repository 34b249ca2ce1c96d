import type { ReplyParser } from './parser';

/** Placeholder until the apply-patch parser lands: recognises nothing. */
export const applyPatchParser: ReplyParser = {
  format: 'apply-patch',
  parse: () => [],
};
