import * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import type { ProposalStore } from './proposalStore';

/** The status bar items of a pending review, for tests: each item's text and command while shown. */
export interface ReviewStatusBar {
  /** What is shown now, left to right: `[text, command]`; empty when no review is pending. */
  readonly shown: readonly (readonly [string, string])[];
}

/**
 * Three status bar items shown exactly while a review is pending: how many files wait (a click
 * reopens the diff), then **Accept** and **Reject** for the whole review. They are reachable
 * without moving focus from the editor, where the diff's own title buttons are hidden. Accept is
 * left out in an untrusted workspace, which only previews. Registered in `subscriptions`.
 */
export function registerReviewStatusBar(subscriptions: vscode.Disposable[], store: ProposalStore): ReviewStatusBar {
  // Priorities keep the three together and in this order (higher is further left).
  const make = (id: string, name: string, priority: number) => {
    const item = vscode.window.createStatusBarItem(`applyAiEdit.${id}`, vscode.StatusBarAlignment.Left, priority);
    item.name = name;
    subscriptions.push(item);
    return item;
  };
  const review = make('review', 'Apply AI Edit: pending review', 100.2);
  const accept = make('accept', 'Apply AI Edit: accept', 100.1);
  const reject = make('reject', 'Apply AI Edit: reject', 100);
  review.command = CommandId.showReview;
  accept.command = CommandId.acceptAll;
  reject.command = CommandId.rejectAll;
  const state: { shown: [string, string][] } = { shown: [] };
  const update = () => {
    const proposal = store.current;
    state.shown = [];
    if (!proposal) {
      for (const item of [review, accept, reject]) item.hide();
      return;
    }
    const n = proposal.files.length;
    const trusted = vscode.workspace.isTrusted;
    review.text = `$(git-compare) AI edit: ${n} file${n === 1 ? '' : 's'}`;
    review.tooltip = trusted ? 'A reply waits for your review: click to open the diff' : 'A reply waits for review; this workspace is not trusted, so it can only be previewed';
    review.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    accept.text = '$(check) Accept';
    accept.tooltip = n === 1 ? 'Write the AI edit (Accept All AI Edits)' : `Write the AI edit to all ${n} files as one edit (Accept All AI Edits)`;
    reject.text = '$(close) Reject';
    reject.tooltip = 'Drop the AI edit; nothing is written (Reject All AI Edits)';
    const items = trusted ? [review, accept, reject] : [review, reject];
    accept.hide();
    for (const item of items) item.show();
    state.shown = items.map((item) => [item.text, String(item.command)]);
  };
  subscriptions.push(store.onDidChange(update));
  subscriptions.push(vscode.workspace.onDidGrantWorkspaceTrust(update));
  update();
  return state;
}
