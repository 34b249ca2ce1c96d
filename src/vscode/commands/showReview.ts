import type { CommandContext } from './context';

/** Show Review: reopens the pending proposal's diff (after its tab was closed). */
export function showReviewCommand(ctx: CommandContext) {
  return async (): Promise<boolean> => {
    const shown = await ctx.review.showReview();
    if (!shown) ctx.notifier.notify('info', 'No AI edit is waiting for review.');
    return shown;
  };
}
