import * as vscode from 'vscode';
import { receiptToMarkdown, type Receipt, type ReceiptError } from '../../core/index';
import { formatDiagnostics, type NewDiagnostic } from '../apply/diagnostics';
import { failureSummary, proposalSummary } from './summary';

/** A file the save changed after the edit, with the diff from the edit's text to the file's. */
export interface ReshapedFile {
  readonly path: string;
  /** Unified diff: `-` lines as the edit wrote them, `+` lines as the file holds them now. */
  readonly diff: string;
}

/** One accept of the reply's files. */
export interface AcceptRecord {
  readonly at: Date;
  /** What the accept wrote (moves under their destination) and deleted. */
  readonly paths: readonly string[];
  readonly historyId?: number;
  readonly merged: readonly string[];
  readonly unsaved: readonly string[];
  readonly reshaped: readonly ReshapedFile[];
  /** New problems the language servers reported; `undefined` while the check runs. */
  diagnostics?: readonly NewDiagnostic[];
}

/** What happened to the latest reply, as facts; {@link renderDetails} adds what is true now. */
export interface Activity {
  readonly receipt: Receipt;
  readonly source: string;
  readonly plannedAt: Date;
  /** The proposal made of it, if any. */
  readonly proposalId?: number;
  readonly accepts: AcceptRecord[];
  readonly rejects: { readonly paths: readonly string[]; readonly at: Date }[];
  /** Accepts refused because a file moved on (nothing was written then). */
  readonly refusals: { readonly errors: readonly ReceiptError[]; readonly at: Date }[];
}

/** What is true at the moment the details are shown. */
export interface LiveState {
  /** The reply's files still waiting for review, when its proposal is pending. */
  readonly pendingPaths: readonly string[] | undefined;
  /** When the history entry was undone, if it was. */
  readonly undoneAt: (historyId: number) => Date | undefined;
}

const time = (date: Date) => date.toLocaleTimeString();

/**
 * The receipt of the latest reply for people, as Markdown, starting with where it stands now:
 * failed, waiting for review, applied (and undone), rejected, or refused at accept. Then what the
 * save changed after the edit (with the diff), new problems, and the engine's receipt.
 */
export function renderDetails(activity: Activity, live: LiveState): string {
  const { receipt } = activity;
  const out: string[] = [];
  const planned = `Planned at ${time(activity.plannedAt)} from the ${activity.source}.`;
  if (activity.proposalId === undefined) {
    if (receipt.ok) out.push('# Nothing to change', '', `${planned} ${proposalSummary(receipt)} Every edit is already in the files.`);
    else out.push('# Not applied', '', `${planned} ${failureSummary(receipt)} Nothing was written.`, '', 'Copy Failure Report puts the report for the model on the clipboard.');
  } else {
    const heading = live.pendingPaths ? 'Waiting for review' : activity.accepts.length ? 'Applied' : activity.rejects.length ? 'Rejected' : 'Not applied';
    out.push(`# ${heading}`, '', planned);
    for (const accept of activity.accepts) {
      const undone = accept.historyId !== undefined ? live.undoneAt(accept.historyId) : undefined;
      out.push('', `- Applied at ${time(accept.at)}: ${accept.paths.join(', ') || 'nothing (already in place)'}.${undone ? ` **Undone** at ${time(undone)}: those files are back as they were.` : ''}`);
      if (accept.merged.length) out.push(`  Merged with your newer edits in ${accept.merged.join(', ')}.`);
      if (accept.unsaved.length) out.push(`  Not saved: ${accept.unsaved.join(', ')}.`);
    }
    for (const reject of activity.rejects) out.push('', `- Rejected at ${time(reject.at)}: ${reject.paths.join(', ')}. Nothing was written to them.`);
    for (const refusal of activity.refusals) out.push('', `- Accept refused at ${time(refusal.at)}: ${refusal.errors.map((e) => e.message).join('; ')}. Nothing was written.`);
    if (live.pendingPaths) out.push('', `- Waiting for Accept or Reject: ${live.pendingPaths.join(', ')}.`);
  }
  const reshaped = activity.accepts.flatMap((a) => a.reshaped);
  if (reshaped.length) {
    out.push('', '## Changed when saved', '', 'Saving ran your save actions (format on save, trimmed whitespace, final newline), so these files differ from the edit as shown (`-` as the edit wrote it, `+` as the file is now):');
    for (const file of reshaped) out.push('', `\`${file.path}\``, '', fence(file.diff, 'diff'));
  }
  for (const accept of activity.accepts) {
    if (accept.diagnostics === undefined) out.push('', '## New problems after the apply', '', 'Checking…');
    else if (accept.diagnostics.length) out.push('', '## New problems after the apply', '', ...formatDiagnostics(accept.diagnostics).map((l) => `- ${l}`));
  }
  const refusedErrors = activity.refusals.flatMap((r) => r.errors);
  out.push('', '## Receipt', '', receiptBody({ ...receipt, errors: [...receipt.errors, ...refusedErrors] }));
  return out.join('\n') + '\n';
}

/**
 * The engine's Markdown receipt without its first line (a summary that speaks of "ready" and
 * "will be written", which the heading above says as it stands now).
 */
function receiptBody(receipt: Receipt): string {
  return receiptToMarkdown(receipt).replace(/^\*\*[✅❌][^\n]*\n+/, '');
}

function fence(text: string, language: string): string {
  let ticks = '```';
  while (text.includes(ticks)) ticks += '`';
  return `${ticks}${language}\n${text.replace(/\n$/, '')}\n${ticks}`;
}

/** The scheme of the read-only details document. */
export const detailsScheme = 'apply-ai-edit-details';

/**
 * The read-only document behind Show Details: its text is rendered when VS Code reads it, and
 * {@link refresh} makes open views read it again, so what they show is always what is true now.
 */
export class DetailsProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  /** The one details document. */
  static readonly uri = vscode.Uri.from({ scheme: detailsScheme, path: '/AI edit details.md' });
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly render: () => string | undefined) {}

  /** Registers the provider; the registration is pushed to `subscriptions`. */
  static register(subscriptions: vscode.Disposable[], render: () => string | undefined): DetailsProvider {
    const provider = new DetailsProvider(render);
    subscriptions.push(provider, vscode.workspace.registerTextDocumentContentProvider(detailsScheme, provider));
    return provider;
  }

  provideTextDocumentContent(): string {
    return this.render() ?? '# No AI edit yet\n\nNothing has been planned since VS Code started.\n';
  }

  /** Tells open views that the details changed. */
  refresh(): void {
    this.changeEmitter.fire(DetailsProvider.uri);
  }

  /**
   * The details document with what is true now: VS Code reloads an open content document
   * asynchronously after {@link refresh}, so a stale text is refreshed and waited for (bounded).
   */
  async open(): Promise<vscode.TextDocument> {
    const document = await vscode.workspace.openTextDocument(DetailsProvider.uri);
    const now = this.provideTextDocumentContent();
    if (document.getText() === now) return document;
    const changed = new Promise<void>((resolve) => {
      const timer = setTimeout(done, 2000);
      const listener = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === document && document.getText() === now) done();
      });
      function done() {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
    });
    this.refresh();
    await changed;
    return document;
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}
