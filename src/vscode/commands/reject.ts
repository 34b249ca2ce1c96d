import type { CommandContext } from './context';
import { targetOf } from './targetOf';

/** Reject (this file): drops the focused diff's file from the proposal; writes nothing. */
export function rejectCommand(ctx: CommandContext) {
  return async (uri?: unknown): Promise<string[]> => {
    const targets = targetOf(uri);
    const file = targets.find((t) => ctx.review.pending?.files.some((f) => [f.proposedUri, f.originalUri, f.uri, f.toUri].some((u) => u?.toString() === t.toString())));
    return file ? ctx.review.reject([file]) : [];
  };
}
