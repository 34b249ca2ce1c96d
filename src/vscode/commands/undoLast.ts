import * as vscode from 'vscode';
import type { UndoResult } from '../apply/undoHistory';
import type { CommandContext } from './context';

/** Undo Last AI Edit: restores every file the newest apply touched, if none changed since. */
export function undoLastCommand(ctx: CommandContext) {
  return async (): Promise<UndoResult> => {
    const result = await ctx.review.undoLast();
    const show = result.ok ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
    void show(`Apply AI Edit: ${result.message}`);
    return result;
  };
}
