import * as vscode from 'vscode';
import { CommandId } from './commandIds';

/** Creates the extension's log (an Output channel with levels) and registers it for disposal. */
export function createLog(context: vscode.ExtensionContext): vscode.LogOutputChannel {
  const log = vscode.window.createOutputChannel('Apply AI Edit', { log: true });
  context.subscriptions.push(log);
  return log;
}

/**
 * Logs an unexpected failure with its stack and tells the user, offering the log. Never throws
 * and never waits for the user: commands must settle even when nobody clicks.
 */
export function reportError(log: vscode.LogOutputChannel, what: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  log.error(`${what}: ${error instanceof Error && error.stack ? error.stack : message}`);
  void vscode.window.showErrorMessage(`${what}: ${message}`, 'Show Log').then((choice) => {
    if (choice) void vscode.commands.executeCommand(CommandId.showLog);
  });
}
