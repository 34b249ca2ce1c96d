import type { AcceptOutcome } from '../review/reviewService';
import type { CommandContext } from './context';

/** Accept All: writes every pending file as one WorkspaceEdit, or nothing (see {@link ReviewService.accept}). */
export function acceptAllCommand(ctx: CommandContext) {
  return async (): Promise<AcceptOutcome> => {
    const outcome = await ctx.review.accept();
    if (!outcome.applied && outcome.refused.length === 0) ctx.notifier.notify('info', outcome.message);
    return outcome;
  };
}
