import * as vscode from 'vscode';
import type { CommandContext } from './context';

/** Copy Failure Report: puts the last failure's model-ready report on the clipboard; resolves with it. */
export function copyFailureReportCommand(ctx: CommandContext) {
  return async (): Promise<string | undefined> => {
    const report = ctx.review.failureReport;
    if (!report) {
      ctx.notifier.notify('info', 'There is no failure to report.');
      return undefined;
    }
    await vscode.env.clipboard.writeText(report);
    ctx.notifier.notify('info', 'The failure report is on the clipboard: paste it to the model.');
    return report;
  };
}
