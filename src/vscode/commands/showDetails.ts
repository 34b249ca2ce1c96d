import * as vscode from 'vscode';
import type { CommandContext } from './context';

/** Show Details: opens the last receipt as a Markdown document beside the editor, without taking focus. */
export function showDetailsCommand(ctx: CommandContext) {
  return async (): Promise<vscode.TextDocument | undefined> => {
    const markdown = ctx.review.detailsMarkdown;
    if (!markdown) {
      void vscode.window.showInformationMessage('Apply AI Edit: no reply has been applied yet.');
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
    return document;
  };
}
