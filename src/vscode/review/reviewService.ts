import * as vscode from 'vscode';
import { createPatch } from 'diff';
import { describeMatch, failureReportForModel, nextStepFor, plural, receiptToMarkdown, type Receipt, type ReceiptError } from '../../core/index';
import { CommandId, ContextKey } from '../commandIds';
import { readConfig } from '../config';
import { WorkspaceFiles } from '../documents';
import type { Notifier, NoticeButton } from '../notify';
import { formatDiagnostics, newDiagnosticsAfter, snapshotDiagnostics, type NewDiagnostic } from '../apply/diagnostics';
import type { EditHistory, UndoResult } from '../apply/editHistory';
import { planInWorkspace } from '../apply/planInWorkspace';
import { isRefusal, recheck, type AcceptItem, type FileWrite, type Refusal } from '../apply/recheck';
import { closeEditorsOfRemovedFiles } from '../apply/restore';
import { applyWrites } from '../apply/workspaceEdit';
import { renderDetails, type AcceptRecord, type Activity, type ReshapedFile } from './details';
import { appliedMessage, problemsMessage, readyMessage } from './notices';
import { closeReview, openReview } from './openReview';
import { ProposalStore, type Proposal, type ProposedFile } from './proposalStore';
import { failureSummary, lookTwice, proposalSummary } from './summary';

/** Options of {@link ReviewService.propose}. */
export interface ProposeOptions {
  /** The workspace file for blocks that name none. @default the active editor's file */
  readonly hintUri?: vscode.Uri;
  /** Open the diff now. @default the setting `applyAiEdit.openReviewAutomatically` */
  readonly openReview?: boolean;
  /**
   * When some edits fail, still propose the files whose edits were all placed. This is the
   * explicit "Review the Rest" opt-in: pass it only on the user's behalf. @default false
   */
  readonly reviewTheRest?: boolean;
  /** Show notifications (a chat or panel host that renders the receipt itself turns this off). @default true */
  readonly notify?: boolean;
  /** Where the reply came from, for the log and the history ("clipboard", "selection", "panel"). @default "api" */
  readonly source?: string;
}

/** What {@link ReviewService.propose} did. */
export interface ProposeOutcome {
  /** The receipt of the whole reply, host refusals included. */
  readonly receipt: Receipt;
  /** The pending proposal, or `undefined` when nothing was proposed. */
  readonly proposal: Proposal | undefined;
  /** Text for the model, when something failed. */
  readonly failureReport: string | undefined;
  /** The receipt for people. */
  readonly markdown: string;
}

/** What {@link ReviewService.accept} did. */
export interface AcceptOutcome {
  /** True when the accepted files were written (or were already in the accepted state). */
  readonly applied: boolean;
  readonly message: string;
  /** Workspace-relative paths written (a move counts under its destination). */
  readonly written: string[];
  /** Files that had changed since the proposal and were merged with the newer text. */
  readonly merged: string[];
  /** Why files were not written; when not empty, nothing was written. */
  readonly refused: ReceiptError[];
  /** Files that hold the edit but could not be saved. */
  readonly unsaved: string[];
  /** Files the save changed after the edit (format on save …), with the diff to what they hold now. */
  readonly reshaped: ReshapedFile[];
  /** Files whose proposed text the person changed in the review before accepting it. */
  readonly handEdited: string[];
  /** The history entry of this apply ({@link ReviewService.undo} takes it back). */
  readonly historyId?: number;
  /** New errors and warnings in the written files, once the language servers report (bounded wait). */
  readonly diagnostics: Promise<NewDiagnostic[]>;
}

/** An accept that wrote, for hosts that wait on a proposal (the agent tool). */
export interface AcceptEvent {
  readonly proposalId: number;
  readonly outcome: AcceptOutcome;
}

const noDiagnostics = Promise.resolve<NewDiagnostic[]>([]);
const untrustedMessage = 'This workspace is not trusted: Apply AI Edit only previews edits here. Trust the workspace to apply them.';

/**
 * Review and apply, for every host in the extension: the palette commands, the chat participant,
 * the language model tool and the panel.
 *
 * - `propose(replyText)` parses and plans the reply on the workspace (open editors' unsaved text
 *   included), writes nothing, and, when every edit was placed, makes it the pending proposal and
 *   opens the diff; the "ready" toast offers Accept and Reject, so the person can decide without
 *   moving focus. When edits fail, nothing is proposed unless `reviewTheRest` is set; the failure
 *   report is kept for Copy Failure Report (and put on the clipboard only if the setting says so).
 * - `accept(target)` writes the pending files (all, or the ones `target` names) as one
 *   WorkspaceEdit after re-checking each against the text it was planned from, records the apply in
 *   the shared {@link EditHistory}, says "Applied" at once, and adds the new problems the language
 *   servers report when they do (bounded wait, with a spinner). `reject(target)` drops files.
 *   Neither asks the person anything, so other hosts can drive them.
 * - `undo(id)` takes one history entry back (see {@link EditHistory.undo}).
 * - `detailsMarkdown` is the latest reply's receipt as it stands now (Show Details).
 * Only one proposal is pending at a time; a new one replaces it.
 */
export class ReviewService implements vscode.Disposable {
  private activity: Activity | undefined;
  private lastFailureReport: string | undefined;
  private readonly activityEmitter = new vscode.EventEmitter<void>();
  private readonly acceptEmitter = new vscode.EventEmitter<AcceptEvent>();
  private readonly disposables: vscode.Disposable[] = [this.activityEmitter, this.acceptEmitter];
  /** Fires with the pending proposal (or `undefined`) whenever it or its file list changes. */
  readonly onDidChange: vscode.Event<Proposal | undefined>;
  /** Fires whenever what Show Details says changes (a plan, an accept, diagnostics, an undo). */
  readonly onDidChangeDetails = this.activityEmitter.event;
  /** Fires after every accept that wrote something. */
  readonly onDidAccept = this.acceptEmitter.event;

  constructor(
    private readonly store: ProposalStore,
    /** The one history of applies, shared with the panel. */
    readonly history: EditHistory,
    private readonly notifier: Notifier,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.onDidChange = store.onDidChange;
    // Whether the reply waits, was applied or undone is part of the details.
    this.disposables.push(store.onDidChange(() => this.activityEmitter.fire()), history.onDidChange(() => this.activityEmitter.fire()));
  }

  /** The proposal waiting for review, if any. */
  get pending(): Proposal | undefined {
    return this.store.current;
  }

  /** The model-ready report of the last failure (planning or accept), if any. */
  get failureReport(): string | undefined {
    return this.lastFailureReport;
  }

  /** The latest reply's receipt as Markdown, starting with where it stands now; `undefined` before the first. */
  get detailsMarkdown(): string | undefined {
    if (!this.activity) return undefined;
    const pending = this.store.current;
    return renderDetails(this.activity, {
      pendingPaths: pending && pending.id === this.activity.proposalId ? pending.files.map((f) => f.path) : undefined,
      undoneAt: (id) => this.history.get(id)?.undoneAt,
    });
  }

  /** Plans `replyText` and proposes it for review (see the class comment). */
  async propose(replyText: string, options: ProposeOptions = {}): Promise<ProposeOutcome> {
    const hintUri = options.hintUri ?? activeFileUri();
    const config = readConfig(hintUri);
    const files = WorkspaceFiles.forActiveFolder(config.maxFileBytes, hintUri);
    if (!files) throw new Error('Open a folder first: Apply AI Edit only edits files inside a workspace folder.');
    const hintPath = hintUri ? files.relativePath(hintUri) : undefined;
    const plan = await planInWorkspace(replyText, files, { hintPath, fuzzyThreshold: config.fuzzyThreshold });
    const { receipt } = plan;
    const source = options.source ?? 'api';
    const markdown = receiptToMarkdown(receipt);
    const notify = options.notify !== false;
    this.log.info(`[propose] from ${source}${hintPath ? `, hint ${hintPath}` : ''}: ${receipt.ok ? proposalSummary(receipt) : failureSummary(receipt)}`);
    this.log.info(markdown);
    this.log.trace(JSON.stringify(receipt));
    const record = (proposal?: Proposal) => {
      this.activity = { receipt, source, plannedAt: new Date(), proposalId: proposal?.id, accepts: [], rejects: [], refusals: [] };
      this.activityEmitter.fire();
    };

    if (receipt.ok) {
      this.setFailureReport(undefined);
      if (plan.changes.length === 0) {
        this.store.clear();
        record();
        if (notify) this.notifier.notify('info', `Nothing to change: ${proposalSummary(receipt)}`);
        return { receipt, proposal: undefined, failureReport: undefined, markdown };
      }
      const open = options.openReview ?? config.openReviewAutomatically;
      const proposal = await this.startReview(plan, false, open, source, record);
      if (notify) this.notifyProposal(proposal, open);
      return { receipt, proposal, failureReport: undefined, markdown };
    }

    const report = failureReportForModel(receipt);
    this.setFailureReport(report);
    // Text without any edit block is no reply: leave the user's clipboard alone in any case.
    const isReply = receipt.errors.some((e) => e.code !== 'NO_EDITS_FOUND');
    const copied = config.copyFailureReport && isReply;
    if (copied) await vscode.env.clipboard.writeText(report);
    let proposal: Proposal | undefined;
    if (options.reviewTheRest && plan.changes.length > 0) {
      proposal = await this.startReview(plan, true, options.openReview ?? true, source, record);
    } else {
      // A failed reply replaces nothing silently: the previous proposal stays as it was.
      record();
      const reviewRest = plan.changes.length > 0 ? () => this.startReview(plan, true, true, source, record) : undefined;
      if (notify) this.notifyFailure(receipt, reviewRest, copied);
    }
    return { receipt, proposal, failureReport: report, markdown };
  }

  /** Reopens the pending review's diff. */
  async showReview(): Promise<boolean> {
    const proposal = this.store.current;
    if (!proposal) return false;
    await openReview(proposal);
    return true;
  }

  /**
   * Accepts pending files: all of them (no target), or the file each target URI belongs to (either
   * side of its diff, or the real file). Writes nothing at all if any accepted file is refused
   * (changed in the same lines since the proposal, outside the workspace) or the workspace is not
   * trusted. See {@link ReviewService} for the rest.
   */
  async accept(target?: vscode.Uri | readonly vscode.Uri[]): Promise<AcceptOutcome> {
    const proposal = this.store.current;
    const nothing = (message: string): AcceptOutcome => ({ applied: false, message, written: [], merged: [], refused: [], unsaved: [], reshaped: [], handEdited: [], diagnostics: noDiagnostics });
    if (!proposal) return nothing('No AI edit is waiting for review.');
    if (!vscode.workspace.isTrusted) return nothing(untrustedMessage);
    const files = this.select(proposal, target);
    if (files.length === 0) return nothing('The active editor is not part of the pending AI edit.');
    const config = readConfig(files[0].uri);
    const workspaceFiles = proposal.plan.files;

    const items = files.map((file): AcceptItem => ({
      path: file.path,
      action: file.action,
      to: file.change.to,
      uri: file.uri,
      toUri: file.toUri,
      originalText: file.change.originalText,
      proposedText: this.store.proposedText(file),
    }));
    const handEdited = items.filter((item, i) => item.action !== 'delete' && item.proposedText !== files[i].change.newText).map((item) => item.path);
    const checked = await Promise.all(items.map((item) => recheck(item, workspaceFiles)));
    const refusals = checked.filter(isRefusal);
    if (refusals.length > 0) return this.refuse(proposal, refusals, config.copyFailureReport);
    const writes = checked as FileWrite[];

    const rel = (uri: vscode.Uri) => workspaceFiles.relativePath(uri) ?? uri.toString();
    const capture = await this.history.capture(writes, rel);
    const targets = writes.filter((w) => w.newText !== undefined).map((w) => w.item.toUri ?? w.item.uri);
    const before = snapshotDiagnostics(writes.filter((w) => w.newText !== undefined).map((w) => ({ uri: w.item.toUri ?? w.item.uri, from: w.item.uri })));
    const result = await applyWrites(writes, { save: config.saveOnAccept });
    if (!result.ok) {
      this.log.error(`[accept] ${result.message}`);
      this.notifier.notify('error', result.message ?? 'Not applied.');
      return nothing(result.message ?? 'Not applied.');
    }
    const deletedWrites = writes.filter((w) => w.item.action === 'delete' && !w.unchanged);
    const entry = result.written.length > 0 || deletedWrites.length > 0 ? await this.history.commit(capture, historyInfo(proposal, files)) : undefined;
    await closeReview(proposal, files);
    // An editor left on a deleted file would bring the file back with Ctrl+S.
    await closeEditorsOfRemovedFiles(deletedWrites.map((w) => ({ uri: w.item.uri })));
    this.store.remove(files);
    if (this.store.current && files.length > 0) await openReview(this.store.current);

    const written = result.written.map(rel);
    const deleted = deletedWrites.map((w) => w.item.path);
    const merged = writes.filter((w) => w.merged).map((w) => w.item.path);
    const unsaved = result.unsaved.map(rel);
    const reshaped = result.reshaped.map((r) => ({ path: rel(r.uri), diff: createPatch(rel(r.uri), r.accepted, r.saved, 'as the edit wrote it', 'as saved', { context: 2 }) }));
    const message = appliedMessage({ written, deleted, merged, unsaved, reshaped: reshaped.map((r) => r.path) });
    this.log.info(`[accept] ${message}`);
    for (const r of reshaped) this.log.info(`[accept] saving changed ${r.path}:\n${r.diff}`);

    const accepted: AcceptRecord = { at: new Date(), paths: [...written, ...deleted], historyId: entry?.id, merged, unsaved, reshaped };
    if (this.activity?.proposalId === proposal.id) this.activity.accepts.push(accepted);
    this.activityEmitter.fire();
    // "Applied" now; the language servers' verdict follows when it comes.
    this.notifier.notify('info', message, [...(entry ? [this.undoButton(entry.id)] : []), this.detailsButton()]);
    const check = newDiagnosticsAfter(before, targets, config.diagnosticsTimeoutMs, rel);
    const diagnostics = (config.diagnosticsTimeoutMs > 0 && targets.length > 0 ? this.notifier.progress(`Checking ${plural(targets.length, 'file')} for new problems`, check) : check).then((found) => {
      accepted.diagnostics = found;
      this.activityEmitter.fire();
      if (found.length) {
        this.log.warn(`[accept] new problems after the apply:\n${formatDiagnostics(found).join('\n')}`);
        this.notifier.notify('warning', problemsMessage(found), [...(entry ? [this.undoButton(entry.id)] : []), this.detailsButton()]);
      }
      return found;
    });
    const outcome: AcceptOutcome = { applied: true, message, written, merged, refused: [], unsaved, reshaped, handEdited, historyId: entry?.id, diagnostics };
    this.acceptEmitter.fire({ proposalId: proposal.id, outcome });
    return outcome;
  }

  /** Rejects pending files (all, or the ones `target` names); returns their paths. Writes nothing. */
  async reject(target?: vscode.Uri | readonly vscode.Uri[]): Promise<string[]> {
    const proposal = this.store.current;
    if (!proposal) return [];
    const files = this.select(proposal, target);
    await closeReview(proposal, files);
    this.store.remove(files);
    if (this.store.current && files.length > 0) await openReview(this.store.current);
    const paths = files.map((f) => f.path);
    if (paths.length) {
      this.log.info(`[reject] ${paths.join(', ')}`);
      if (this.activity?.proposalId === proposal.id) this.activity.rejects.push({ paths, at: new Date() });
      this.activityEmitter.fire();
    }
    return paths;
  }

  /** Undoes history entry `id`, or the newest one not undone (see {@link EditHistory.undo}). */
  async undo(id?: number): Promise<UndoResult> {
    const result = await this.history.undo(id);
    (result.ok ? this.log.info : this.log.warn).call(this.log, `[undo] ${result.message}`);
    return result;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private select(proposal: Proposal, target: vscode.Uri | readonly vscode.Uri[] | undefined): ProposedFile[] {
    if (target === undefined) return [...proposal.files];
    const uris = target instanceof vscode.Uri ? [target] : target;
    return [...new Set(uris.map((u) => this.store.find(u)).filter((f): f is ProposedFile => f !== undefined))];
  }

  private async startReview(plan: Proposal['plan'], partial: boolean, open: boolean, source: string, record: (proposal: Proposal) => void): Promise<Proposal> {
    const old = this.store.current;
    if (old) await closeReview(old);
    const proposal = this.store.create(plan, partial, source);
    record(proposal);
    if (!open) return proposal;
    try {
      await openReview(proposal);
    } catch (error) {
      // Settled (rejected, accepted) while its diff was still opening: the workbench then fails
      // the open it had under way, and the settled outcome is the one to report.
      if (this.store.current === proposal) throw error;
      this.log.warn(`[review] the diff was closed while it opened: ${error instanceof Error ? error.message : String(error)}`);
    }
    return proposal;
  }

  private async refuse(proposal: Proposal, refusals: readonly Refusal[], copy: boolean): Promise<AcceptOutcome> {
    const errors: ReceiptError[] = refusals.map((r) => ({
      code: r.code,
      block: proposal.plan.receipt.files.find((f) => f.path === r.item.path || f.to === r.item.path)?.edits[0]?.block ?? 0,
      path: r.item.path,
      message: r.message,
      candidates: [],
      nextStep: nextStepFor(r.code),
    }));
    const report = failureReportForModel({ ok: false, files: [], errors, timing: { parseMs: 0, locateMs: 0, totalMs: 0 } });
    this.setFailureReport(report);
    if (copy) await vscode.env.clipboard.writeText(report);
    if (this.activity?.proposalId === proposal.id) this.activity.refusals.push({ errors, at: new Date() });
    this.activityEmitter.fire();
    const message = `Not applied: ${refusals.map((r) => r.message).join('; ')}.`;
    this.log.warn(`[accept] ${message}`);
    this.notifier.notify('warning', message, [
      { title: 'Reject', run: () => this.reject(refusals.map((r) => r.item.uri)) },
      { title: 'Copy Failure Report', run: () => vscode.commands.executeCommand(CommandId.copyFailureReport) },
      this.detailsButton(),
    ]);
    return { applied: false, message, written: [], merged: [], refused: errors, unsaved: [], reshaped: [], handEdited: [], diagnostics: noDiagnostics };
  }

  private setFailureReport(report: string | undefined): void {
    this.lastFailureReport = report;
    void vscode.commands.executeCommand('setContext', ContextKey.hasFailureReport, report !== undefined);
  }

  /**
   * The "ready" toast, with the decision on it: focus stays in the person's editor, where the
   * diff's own title buttons are hidden (VS Code shows them on the active group only). A button
   * clicked after the proposal was decided elsewhere does nothing.
   */
  private notifyProposal(proposal: Proposal, opened: boolean): void {
    const trusted = vscode.workspace.isTrusted;
    const one = proposal.files.length === 1;
    // The API cannot take a toast down once the review is decided elsewhere: a late click says so.
    const current = (run: () => unknown) => () => (this.store.current === proposal ? run() : this.notifier.notify('info', 'That AI edit was already accepted or rejected; this notification is out of date.'));
    const buttons: NoticeButton[] = [
      ...(trusted ? [{ title: one ? 'Accept' : 'Accept All', run: current(() => vscode.commands.executeCommand(CommandId.acceptAll)) }] : []),
      { title: one ? 'Reject' : 'Reject All', run: current(() => vscode.commands.executeCommand(CommandId.rejectAll)) },
      ...(opened ? [] : [{ title: 'Review', run: current(() => this.showReview()) }]),
    ];
    // Fuzzy, normalised and re-indented matches make it a warning: worth a second look.
    const kind = trusted && lookTwice(proposal.plan.receipt).length > 0 ? 'warning' : 'info';
    this.notifier.notify(kind, readyMessage(proposal.plan.receipt, trusted), buttons);
  }

  private notifyFailure(receipt: Receipt, reviewRest: (() => Promise<Proposal>) | undefined, copied: boolean): void {
    const onClipboard = copied ? ' The failure report for the model is on the clipboard.' : '';
    this.notifier.notify('warning', `${failureSummary(receipt)} Nothing was changed.${onClipboard}`, [
      ...(reviewRest ? [{ title: 'Review the Rest', run: () => reviewRest() }] : []),
      { title: 'Copy Failure Report', run: () => vscode.commands.executeCommand(CommandId.copyFailureReport) },
      this.detailsButton(),
    ]);
  }

  private undoButton(id: number): NoticeButton {
    return {
      title: 'Undo',
      run: async () => {
        const result = await this.undo(id);
        this.notifier.notify(result.ok ? 'info' : 'warning', result.message);
      },
    };
  }

  private detailsButton(): NoticeButton {
    return { title: 'Show Details', run: () => vscode.commands.executeCommand(CommandId.showDetails) };
  }
}

/** The history's view of accepting `files` of `proposal`: `2 edits in src/a.ts`, and one line per edit. */
function historyInfo(proposal: Proposal, files: readonly ProposedFile[]): { title: string; source: string; lines: string[] } {
  const receipts = files.map((f) => ({ file: f, receipt: proposal.plan.receipt.files.find((r) => r.path === f.change.path) }));
  const edits = receipts.reduce((n, r) => n + (r.receipt?.edits.filter((e) => e.status === 'applied').length ?? 0), 0);
  const where = files.length === 1 ? files[0].path : plural(files.length, 'file');
  const lines = receipts.flatMap(({ file, receipt }) =>
    (receipt?.edits ?? []).map((e) => `${file.path} · block ${e.block} · ${e.status === 'alreadyApplied' ? 'already applied' : describeMatch(e)}`),
  );
  return { title: `${plural(edits, 'edit')} in ${where}`, source: proposal.source, lines };
}

/**
 * The file blocks without a path go to: the active editor's file when it is a real file (not a
 * review document, not untitled), else the first visible editor's that is.
 */
export function activeFileUri(): vscode.Uri | undefined {
  const usable = (editor: vscode.TextEditor | undefined) =>
    editor && !editor.document.isUntitled && !ProposalStore.isReviewUri(editor.document.uri) && vscode.workspace.getWorkspaceFolder(editor.document.uri) ? editor.document.uri : undefined;
  return usable(vscode.window.activeTextEditor) ?? vscode.window.visibleTextEditors.map(usable).find((u) => u !== undefined);
}
