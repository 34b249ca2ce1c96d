import * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import type { ProposalStore } from './proposalStore';

/**
 * A status bar item shown exactly while a review is pending: how many files wait, and a click
 * reopens the diff. Registered in `subscriptions` with its listener.
 */
export function registerReviewStatusBar(subscriptions: vscode.Disposable[], store: ProposalStore): void {
  const item = vscode.window.createStatusBarItem('applyAiEdit.review', vscode.StatusBarAlignment.Left, 100);
  subscriptions.push(item);
  item.name = 'Apply AI Edit: pending review';
  item.command = CommandId.showReview;
  const update = () => {
    const proposal = store.current;
    if (!proposal) {
      item.hide();
      return;
    }
    const n = proposal.files.length;
    item.text = `$(git-compare) AI edit: ${n} file${n === 1 ? '' : 's'} to review`;
    item.tooltip = new vscode.MarkdownString(
      `A reply is waiting for review.\n\n[Open review](command:${CommandId.showReview}) · [Accept all](command:${CommandId.acceptAll}) · [Reject all](command:${CommandId.rejectAll})`,
    );
    item.tooltip.isTrusted = { enabledCommands: [CommandId.showReview, CommandId.acceptAll, CommandId.rejectAll] };
    item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    item.show();
  };
  subscriptions.push(store.onDidChange(update));
  update();
}
