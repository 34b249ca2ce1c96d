import type { UndoResult } from '../apply/editHistory';
import type { CommandContext } from './context';

/**
 * Undo Last AI Edit: takes back the newest apply still standing (from any way in: palette, panel,
 * chat, agent tool), if none of its files changed since. With a history entry's id (the panel, a
 * toast's Undo) it takes back that entry instead.
 */
export function undoLastCommand(ctx: CommandContext) {
  return async (id?: unknown): Promise<UndoResult> => {
    const result = await ctx.review.undo(typeof id === 'number' ? id : undefined);
    ctx.notifier.notify(result.ok ? 'info' : 'warning', result.message);
    return result;
  };
}
