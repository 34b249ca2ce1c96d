import * as vscode from 'vscode';
import type { ProposeOutcome } from '../review/reviewService';
import type { CommandContext } from './context';

/** Apply AI Edit from Clipboard: proposes the clipboard's text as a reply (failures are reported, never applied). */
export function applyFromClipboardCommand(ctx: CommandContext) {
  return async (): Promise<ProposeOutcome | undefined> => {
    const text = await vscode.env.clipboard.readText();
    if (!text.trim()) {
      void vscode.window.showInformationMessage('Apply AI Edit: the clipboard is empty. Copy the model\u2019s reply first.');
      return undefined;
    }
    return ctx.review.propose(text, { source: 'clipboard' });
  };
}
