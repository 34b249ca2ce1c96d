import type { CommandContext } from './context';

/** Reject All: drops the pending proposal and closes its diffs; writes nothing. */
export function rejectAllCommand(ctx: CommandContext) {
  return (): Promise<string[]> => ctx.review.reject();
}
