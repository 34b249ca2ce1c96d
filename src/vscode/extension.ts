import * as vscode from 'vscode';
import { EditHistory } from './apply/editHistory';
import { ContextKey } from './commandIds';
import { registerCommands } from './commands/register';
import { Notifier } from './notify';
import { createLog } from './output';
import { DetailsProvider } from './review/details';
import { OriginalContentProvider } from './review/originalContent';
import { ProposalStore } from './review/proposalStore';
import { ProposedFileSystem } from './review/proposedFileSystem';
import { ReviewService } from './review/reviewService';
import { registerReviewStatusBar, type ReviewStatusBar } from './review/statusBar';
import { registerChat, type ChatApi } from './chat/registerChat';
import { registerPanel, type PanelProvider } from './panel/panelProvider';

/** What `activate` returns: the extension's services, for other extensions' and this one's tests. */
export interface ApplyAiEditApi {
  readonly review: ReviewService;
  /** The `@apply` handler and the agent tool, as VS Code calls them. */
  readonly chat: ChatApi;
  readonly panel: PanelProvider;
  /** Every notification the extension shows, as it shows it (buttons included). */
  readonly notifier: Notifier;
  /** What the review's status bar items show. */
  readonly statusBar: ReviewStatusBar;
}

/**
 * Wiring only: builds the few long-lived services, each registered for disposal as it is
 * created, and registers the commands. The extension activates on its commands (implicit
 * activation events from package.json).
 */
export function activate(context: vscode.ExtensionContext): ApplyAiEditApi {
  const subscriptions = context.subscriptions;
  const log = createLog(context);
  const notifier = new Notifier(log);
  subscriptions.push(notifier);
  const proposedFs = ProposedFileSystem.register(subscriptions);
  const originals = OriginalContentProvider.register(subscriptions);
  const store = new ProposalStore(proposedFs, originals);
  subscriptions.push(store);
  const history = new EditHistory();
  subscriptions.push(history);
  subscriptions.push(history.onDidChange(() => void vscode.commands.executeCommand('setContext', ContextKey.canUndo, history.canUndo)));
  const review = new ReviewService(store, history, notifier, log);
  subscriptions.push(review);
  const details = DetailsProvider.register(subscriptions, () => review.detailsMarkdown);
  subscriptions.push(review.onDidChangeDetails(() => details.refresh()));
  const statusBar = registerReviewStatusBar(subscriptions, store);
  const chat = registerChat(subscriptions, { review, log });
  const panel = registerPanel(subscriptions, context.extensionUri, { review, log, live: chat.live });
  registerCommands(subscriptions, { review, log, notifier, panel, details });
  log.info(`Apply AI Edit ${context.extension.packageJSON.version} activated (VS Code ${vscode.version}, workspace ${vscode.workspace.isTrusted ? 'trusted' : 'untrusted: preview only'})`);
  return { review, chat, panel, notifier, statusBar };
}

export function deactivate(): void {}
