import * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import { reportError } from '../output';
import { acceptCommand } from './accept';
import { acceptAllCommand } from './acceptAll';
import { applyCommand } from './apply';
import { applyFromClipboardCommand } from './applyFromClipboard';
import { applyFromSelectionCommand } from './applyFromSelection';
import type { CommandContext } from './context';
import { copyFailureReportCommand } from './copyFailureReport';
import { rejectCommand } from './reject';
import { rejectAllCommand } from './rejectAll';
import { showDetailsCommand } from './showDetails';
import { showLogCommand } from './showLog';
import { showReviewCommand } from './showReview';
import { undoLastCommand } from './undoLast';

type Handler = (...args: any[]) => unknown;

/** Every command id with the factory of its handler: one entry per file in this folder. */
const handlers: Record<CommandId, (ctx: CommandContext) => Handler> = {
  [CommandId.apply]: applyCommand,
  [CommandId.applyFromClipboard]: applyFromClipboardCommand,
  [CommandId.applyFromSelection]: applyFromSelectionCommand,
  [CommandId.accept]: acceptCommand,
  [CommandId.reject]: rejectCommand,
  [CommandId.acceptAll]: acceptAllCommand,
  [CommandId.rejectAll]: rejectAllCommand,
  [CommandId.showReview]: showReviewCommand,
  [CommandId.undoLast]: undoLastCommand,
  [CommandId.copyFailureReport]: copyFailureReportCommand,
  [CommandId.showDetails]: showDetailsCommand,
  [CommandId.showLog]: showLogCommand,
};

/**
 * Registers every command (each disposable pushed as it is created). A handler that throws is
 * logged and reported with a Show Log button, and the command resolves `undefined` rather than
 * rejecting into the palette's generic error.
 */
export function registerCommands(subscriptions: vscode.Disposable[], ctx: CommandContext): void {
  for (const [id, factory] of Object.entries(handlers)) {
    const handler = factory(ctx);
    subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await handler(...args);
        } catch (error) {
          reportError(ctx.log, `${id} failed`, error);
          return undefined;
        }
      }),
    );
  }
}
