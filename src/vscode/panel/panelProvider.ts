import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { failureReportForModel } from '../../core/index';
import type { HistoryEntry } from '../apply/editHistory';
import { readConfig } from '../config';
import { WorkspaceFiles } from '../documents';
import { planInWorkspace } from '../apply/planInWorkspace';
import { activeFileUri } from '../review/reviewService';
import { failureSummary, proposalSummary } from '../review/summary';
import { describeReceiptBlock, formatName, type BlockStatus } from '../chat/blockStatus';
import type { ChatServices } from '../chat/chatContext';
import type { LiveSnapshot } from '../chat/liveFeed';
import { LiveReply } from '../chat/liveReply';
import type { FromPanel, HistoryItem, ToPanel } from './panelMessages';

/** The view's id; must match `contributes.views` in package.json. */
export const panelViewId = 'applyAiEdit.panel';

/** How long the text must rest before the whole reply is planned (typing or a stream into the box). */
const planDelayMs = 250;

/**
 * The Apply AI Edit panel: a webview view with a box for a reply, the live list of its blocks
 * and their status, Review / Apply (and, for a failing reply, Copy Failure Report and Review the
 * Rest), and the extension's one history of applied replies, each with its own Undo.
 *
 * Guarantees: the reply is parsed incrementally while it grows (the streaming parser, so a reply
 * typed, pasted or streamed in shows its blocks as they complete); the whole reply is planned only
 * once the text rests; Review and Apply go through the same review service as the palette, so
 * nothing is written before the whole reply is planned and (for Apply) every edit placed.
 * The webview loads only this extension's `media/` files, under a CSP with a per-load nonce.
 */
export class PanelProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  private view: vscode.WebviewView | undefined;
  private text = '';
  private live: LiveReply | undefined;
  private files: WorkspaceFiles | undefined;
  private hintPath: string | undefined;
  private planTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every text change, so a plan of an older text never overwrites a newer view. */
  private generation = 0;
  private work: Promise<void> = Promise.resolve();
  private lastBlocks: ToPanel | undefined;
  /** The failure report of the planned text, while it fails. */
  private failureReport: string | undefined;
  /** Resolves once the webview has said `ready` (it may be loading when a command wants it). */
  private readyWaiters: (() => void)[] = [];
  private webviewReady = false;
  private readonly posted = new vscode.EventEmitter<ToPanel>();
  /** Fires with every message sent to the webview (tests watch the panel through it). */
  readonly onDidPost = this.posted.event;
  private readonly disposables: vscode.Disposable[] = [this.posted];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly services: ChatServices,
  ) {
    // The chat's live block list shows here too while a model writes.
    if (services.live) this.disposables.push(services.live.onDidUpdate((snapshot) => this.postWatch(snapshot)));
    // Every apply lands in the one history, whichever way it came in.
    this.disposables.push(services.review.history.onDidChange(() => this.postHistory()));
  }

  /** True while the panel's view is on screen. */
  get visible(): boolean {
    return this.view?.visible ?? false;
  }

  /**
   * Shows the panel and puts the cursor in its reply box with `message` above it: the multi-line
   * way to paste a reply when neither the clipboard nor the selection holds one. Resolves once the
   * box has been asked to take focus.
   */
  async askForReply(message: string): Promise<void> {
    await vscode.commands.executeCommand(`${panelViewId}.focus`);
    if (!this.webviewReady) await new Promise<void>((resolve) => this.readyWaiters.push(resolve));
    this.view?.show(false);
    this.post({ type: 'focus', message });
  }

  resolveWebviewView(view: vscode.WebviewView): void {
    this.view = view;
    const media = vscode.Uri.joinPath(this.extensionUri, 'media');
    view.webview.options = { enableScripts: true, localResourceRoots: [media] };
    view.webview.html = this.html(view.webview, media);
    this.disposables.push(view.webview.onDidReceiveMessage((message: FromPanel) => void this.receive(message)));
    this.disposables.push(view.onDidDispose(() => {
      this.view = undefined;
      this.webviewReady = false;
    }));
  }

  /**
   * Handles one message from the webview (also the tests' way in). Resolves when the work it
   * started is done: for `text`, when the new text is parsed (planning follows after a pause).
   */
  receive(message: FromPanel): Promise<void> {
    switch (message.type) {
      case 'ready':
        if (this.lastBlocks) this.post(this.lastBlocks);
        if (this.services.live?.latest) this.postWatch(this.services.live.latest);
        this.postHistory();
        this.webviewReady = true;
        for (const resolve of this.readyWaiters.splice(0)) resolve();
        return Promise.resolve();
      case 'text':
        return this.enqueue(() => this.setText(message.text));
      case 'clear':
        return this.enqueue(() => this.setText(''));
      case 'review':
        return this.enqueue(() => this.review(false));
      case 'apply':
        return this.enqueue(() => this.review(true));
      case 'undo':
        return this.enqueue(() => this.undo(message.id));
      case 'copyReport':
        return this.enqueue(() => this.copyReport());
      case 'reviewRest':
        return this.enqueue(() => this.reviewRest());
    }
  }

  /** Waits until the pending plan (if any) has run; for tests and the Apply path. */
  async settle(): Promise<void> {
    if (this.planTimer) {
      clearTimeout(this.planTimer);
      this.planTimer = undefined;
      await this.enqueue(() => this.plan(this.generation));
    }
    await this.work;
  }

  dispose(): void {
    if (this.planTimer) clearTimeout(this.planTimer);
    for (const d of this.disposables) d.dispose();
  }

  /** Work runs one item at a time, in order: text updates must reach the parser in sequence. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.work.then(task, task).catch((error) => {
      this.services.log.error(`[panel] ${error instanceof Error && error.stack ? error.stack : String(error)}`);
      this.post({ type: 'notice', kind: 'error', message: error instanceof Error ? error.message : String(error) });
    });
    this.work = next;
    return next;
  }

  private async setText(text: string): Promise<void> {
    this.generation++;
    if (this.planTimer) clearTimeout(this.planTimer);
    const grows = this.live !== undefined && text.startsWith(this.text) && text.length > this.text.length;
    if (!grows) {
      // Anything but an append (an edit in the middle, a new paste) starts the parse over.
      const hintUri = activeFileUri();
      const config = readConfig(hintUri);
      this.files = WorkspaceFiles.forActiveFolder(config.maxFileBytes, hintUri);
      this.hintPath = hintUri && this.files ? this.files.relativePath(hintUri) : undefined;
      this.live = this.files ? new LiveReply(this.files, { hintPath: this.hintPath, fuzzyThreshold: config.fuzzyThreshold }) : undefined;
      this.text = '';
    }
    if (text.trim() === '' || !this.live) {
      this.text = text;
      this.postBlocks([], this.files ? '' : 'Open a folder: edits apply inside a workspace folder only.', 'empty');
      return;
    }
    const delta = text.slice(this.text.length);
    this.text = text;
    await this.live.push(delta);
    this.postBlocks(this.live.statuses, 'Reading…', 'reading');
    const generation = this.generation;
    this.planTimer = setTimeout(() => {
      this.planTimer = undefined;
      void this.enqueue(() => this.plan(generation));
    }, planDelayMs);
  }

  /** Plans the whole reply (nothing written) and shows every block's final status. */
  private async plan(generation: number): Promise<void> {
    if (generation !== this.generation || !this.files || this.text.trim() === '') return;
    const config = readConfig(this.files.root.uri);
    const plan = await planInWorkspace(this.text, this.files, { hintPath: this.hintPath, fuzzyThreshold: config.fuzzyThreshold });
    if (generation !== this.generation) return;
    const blocks = new Map<number, { format: BlockStatus['format']; path?: string }>();
    for (const op of plan.parsed.ops) if (!blocks.has(op.source.block)) blocks.set(op.source.block, { format: op.source.format, path: op.kind === 'move' ? op.from : (op.path ?? this.hintPath) });
    for (const p of plan.parsed.problems) if (!blocks.has(p.block)) blocks.set(p.block, { format: p.format, path: p.path });
    const statuses = [...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([block, info]) => {
      const problem = plan.parsed.problems.find((p) => p.block === block && p.code === 'INCOMPLETE_BLOCK');
      return problem ? { block, format: info.format, path: info.path, state: 'incomplete' as const, detail: problem.message } : describeReceiptBlock(plan.receipt, block, info.format, info.path);
    });
    this.failureReport = plan.receipt.ok ? undefined : failureReportForModel(plan.receipt);
    if (plan.receipt.ok) this.postBlocks(statuses, plan.changes.length ? `Ready: ${proposalSummary(plan.receipt)}` : `Nothing to change: ${proposalSummary(plan.receipt)}`, 'ready');
    else this.postBlocks(statuses, `${failureSummary(plan.receipt)} Nothing will be written.`, 'failed', { canReviewRest: plan.changes.length > 0 });
  }

  /** Review (open the diff) or Apply (propose and accept at once) the reply in the box. */
  private async review(apply: boolean, reviewTheRest = false): Promise<void> {
    if (this.text.trim() === '') return;
    this.post({ type: 'busy', busy: true, message: apply ? 'Applying…' : 'Opening the review…' });
    try {
      const outcome = await vscode.window.withProgress(
        { location: { viewId: panelViewId }, title: apply ? 'Applying the reply' : 'Planning the reply' },
        () => this.services.review.propose(this.text, { hintUri: activeFileUri(), openReview: !apply, notify: false, source: 'panel', reviewTheRest }),
      );
      if (!outcome.proposal) {
        // A failing reply's summary is already on screen, with its buttons: say only what happened.
        this.post({ type: 'notice', kind: 'info', message: outcome.receipt.ok ? 'Nothing to change.' : 'Nothing was written.' });
        return;
      }
      if (!apply) {
        this.post({ type: 'notice', kind: 'info', message: 'The review is open beside your editor: Accept or Reject there, on its notification or in the status bar.' });
        return;
      }
      const accepted = await this.services.review.accept();
      this.post({ type: 'notice', kind: accepted.applied ? 'info' : 'error', message: accepted.message });
    } finally {
      this.post({ type: 'busy', busy: false });
    }
  }

  private async reviewRest(): Promise<void> {
    await this.review(false, true);
  }

  private async copyReport(): Promise<void> {
    if (!this.failureReport) return;
    await vscode.env.clipboard.writeText(this.failureReport);
    this.post({ type: 'notice', kind: 'info', message: 'The failure report is on the clipboard: paste it to the model.' });
  }

  private async undo(id: number): Promise<void> {
    const result = await this.services.review.undo(id);
    this.post({ type: 'notice', kind: result.ok ? 'info' : 'error', message: result.message });
  }

  private postWatch(snapshot: LiveSnapshot): void {
    this.post({ type: 'watch', ...snapshot, blocks: snapshot.blocks.map((b) => ({ ...b, formatName: formatName(b.format) })) });
  }

  private postHistory(): void {
    this.post({ type: 'history', entries: this.services.review.history.entries.map(historyItem) });
  }

  private postBlocks(blocks: readonly BlockStatus[], summary: string, state: 'empty' | 'reading' | 'ready' | 'failed', failure?: { canReviewRest: boolean }): void {
    if (state !== 'failed') this.failureReport = undefined;
    const message: ToPanel = { type: 'blocks', blocks: blocks.map((b) => ({ ...b, formatName: formatName(b.format) })), summary, state, failure };
    this.lastBlocks = message;
    this.post(message);
  }

  private post(message: ToPanel): void {
    this.posted.fire(message);
    void this.view?.webview.postMessage(message);
  }

  private html(webview: vscode.Webview, media: vscode.Uri): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(media, 'panel.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(media, 'panel.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
      `img-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>Apply AI Edit</title>
</head>
<body>
<main>
  <label for="reply" class="label">Paste a model's reply</label>
  <textarea id="reply" spellcheck="false" placeholder="SEARCH/REPLACE blocks, a unified diff, *** Begin Patch, whole files or JSON tool calls"></textarea>
  <div class="actions">
    <button id="review" type="button" disabled title="Open the diff review (nothing is written until you accept)">Review</button>
    <button id="apply" type="button" class="secondary" disabled title="Write every edit now (only when all of them place)">Apply</button>
    <button id="clear" type="button" class="secondary" title="Empty the box">Clear</button>
  </div>
  <p id="summary" class="summary" role="status" aria-live="polite"></p>
  <div id="failure-actions" class="actions" hidden>
    <button id="copy-report" type="button" title="Put the report for the model on the clipboard: what failed, the lines the files really have, which blocks must not be re-sent">Copy Failure Report</button>
    <button id="review-rest" type="button" class="secondary" title="Review the files whose edits all placed; the failing blocks are left out">Review the Rest</button>
  </div>
  <ol id="blocks" class="blocks" aria-label="Blocks in the reply"></ol>
  <p id="notice" class="notice" role="alert"></p>
  <section id="watch" hidden aria-live="polite">
    <h2 class="label" id="watch-title">Model reply</h2>
    <p id="watch-summary" class="summary"></p>
    <ol id="watch-blocks" class="blocks" aria-labelledby="watch-title"></ol>
  </section>
  <h2 class="label">History</h2>
  <ol id="history" class="history" aria-label="Applied AI edits"></ol>
</main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
  }
}

/** The panel's view of one history entry. */
function historyItem(entry: HistoryEntry): HistoryItem {
  return {
    id: entry.id,
    time: entry.time.toLocaleTimeString(),
    title: entry.title,
    source: entry.source,
    lines: entry.lines,
    canUndo: !entry.undoneAt,
    undone: entry.undoneAt !== undefined,
  };
}

/** Registers the panel's webview view provider (kept alive when hidden, so a long reply keeps its state). */
export function registerPanel(subscriptions: vscode.Disposable[], extensionUri: vscode.Uri, services: ChatServices): PanelProvider {
  const provider = new PanelProvider(extensionUri, services);
  subscriptions.push(provider);
  subscriptions.push(vscode.window.registerWebviewViewProvider(panelViewId, provider, { webviewOptions: { retainContextWhenHidden: true } }));
  return provider;
}
