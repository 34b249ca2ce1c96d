import * as vscode from 'vscode';
import { DetailsProvider } from '../review/details';
import type { CommandContext } from './context';

/**
 * Show Details: the latest reply's receipt as a read-only Markdown preview beside the editor,
 * without taking focus. It says where the reply stands at the moment it is shown, and updates as
 * that changes (accepted, undone, new problems reported). Resolves with the document shown.
 */
export function showDetailsCommand(ctx: CommandContext) {
  return async (): Promise<vscode.TextDocument | undefined> => {
    if (!ctx.review.detailsMarkdown) {
      ctx.notifier.notify('info', 'No reply has been planned yet.');
      return undefined;
    }
    const document = await ctx.details.open();
    // The rendered preview where the Markdown extension is there (it always is in VS Code); the
    // read-only source otherwise. Locked: it keeps showing the details when another editor is active.
    const commands = await vscode.commands.getCommands(true);
    if (commands.includes('markdown.showLockedPreviewToSide')) await vscode.commands.executeCommand('markdown.showLockedPreviewToSide', DetailsProvider.uri);
    else await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
    return document;
  };
}
