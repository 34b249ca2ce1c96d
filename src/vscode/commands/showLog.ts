import type { CommandContext } from './context';

/** Show Log: reveals the Apply AI Edit output channel. */
export function showLogCommand(ctx: CommandContext) {
  return (): void => ctx.log.show(true);
}
