import * as vscode from 'vscode';
import type { ProposeOutcome } from '../review/reviewService';
import type { CommandContext } from './context';

/**
 * Apply Model Reply from Clipboard: proposes the clipboard's text as a reply (failures are
 * reported, never applied). With an empty clipboard it opens the panel's reply box instead.
 */
export function applyFromClipboardCommand(ctx: CommandContext) {
  return async (): Promise<ProposeOutcome | undefined> => {
    const text = await vscode.env.clipboard.readText();
    if (!text.trim()) {
      await ctx.panel.askForReply('The clipboard is empty: paste the model\u2019s reply here, or copy it and run the command again.');
      return undefined;
    }
    return ctx.review.propose(text, { source: 'clipboard' });
  };
}
