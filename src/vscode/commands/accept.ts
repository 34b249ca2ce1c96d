import type { AcceptOutcome } from '../review/reviewService';
import type { CommandContext } from './context';
import { targetOf } from './targetOf';

/** Accept (this file): writes the file of the focused diff (see {@link ReviewService.accept}). */
export function acceptCommand(ctx: CommandContext) {
  return async (uri?: unknown): Promise<AcceptOutcome> => {
    const targets = targetOf(uri);
    // From a multi-file diff's title the first match decides; one file is accepted, not all.
    const file = targets.find((t) => ctx.review.pending?.files.some((f) => [f.proposedUri, f.originalUri, f.uri, f.toUri].some((u) => u?.toString() === t.toString())));
    const outcome = await ctx.review.accept(file ? [file] : []);
    if (!outcome.applied && outcome.refused.length === 0) ctx.notifier.notify('info', outcome.message);
    return outcome;
  };
}
