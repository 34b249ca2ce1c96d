import * as vscode from 'vscode';
import { failureReportForModel, nextStepFor, receiptToMarkdown, type Receipt, type ReceiptError } from '../../core/index';
import { CommandId, ContextKey } from '../commandIds';
import { readConfig } from '../config';
import { WorkspaceFiles } from '../documents';
import { formatDiagnostics, newDiagnosticsAfter, snapshotDiagnostics, type NewDiagnostic } from '../apply/diagnostics';
import { planInWorkspace } from '../apply/planInWorkspace';
import { isRefusal, recheck, type AcceptItem, type FileWrite, type Refusal } from '../apply/recheck';
import type { UndoHistory, UndoResult } from '../apply/undoHistory';
import { applyWrites } from '../apply/workspaceEdit';
import { closeReview, openReview } from './openReview';
import { ProposalStore, type Proposal, type ProposedFile } from './proposalStore';
import { failureSummary, proposalSummary } from './summary';

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
  /** Where the reply came from, for the log ("clipboard", "selection", "chat"). */
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
  /** New errors and warnings in the written files, once the language servers report (bounded wait). */
  readonly diagnostics: Promise<NewDiagnostic[]>;
}

const noDiagnostics = Promise.resolve<NewDiagnostic[]>([]);

/**
 * Review and apply, for every host in the extension: the palette commands now, the chat
 * participant, the language model tool and the panel later.
 *
 * - `propose(replyText)` parses and plans the reply on the workspace (open editors' unsaved text
 *   included), writes nothing, and, when every edit was placed, makes it the pending proposal and
 *   opens the diff. When edits fail, nothing is proposed unless `reviewTheRest` is set; the
 *   failure report is kept for Copy Failure Report and (setting) put on the clipboard.
 * - `accept(target)` writes the pending files (all, or the ones `target` names) as one
 *   WorkspaceEdit after re-checking each against the text it was planned from; `reject(target)`
 *   drops them. Neither asks the user anything, so other hosts can drive them.
 * - `undoLast()` takes the newest accepted apply back, byte for byte.
 * - `onDidChange` fires with the pending proposal whenever it changes.
 * Only one proposal is pending at a time; a new one replaces it.
 */
export class ReviewService {
  private lastReceipt: Receipt | undefined;
  private lastDiagnostics: NewDiagnostic[] = [];
  private lastFailureReport: string | undefined;
  readonly onDidChange: vscode.Event<Proposal | undefined>;

  constructor(
    private readonly store: ProposalStore,
    private readonly history: UndoHistory,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.onDidChange = store.onDidChange;
  }

  /** The proposal waiting for review, if any. */
  get pending(): Proposal | undefined {
    return this.store.current;
  }

  /** The model-ready report of the last failure (planning or accept), if any. */
  get failureReport(): string | undefined {
    return this.lastFailureReport;
  }

  /** The last receipt as Markdown, with the problems the last apply introduced. */
  get detailsMarkdown(): string | undefined {
    if (!this.lastReceipt) return undefined;
    let text = receiptToMarkdown(this.lastReceipt);
    if (this.lastDiagnostics.length) text += `\n\n## New problems after the apply\n\n${formatDiagnostics(this.lastDiagnostics).map((l) => `- ${l}`).join('\n')}\n`;
    return text;
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
    this.lastReceipt = receipt;
    this.lastDiagnostics = [];
    const markdown = receiptToMarkdown(receipt);
    const notify = options.notify !== false;
    this.log.info(`[propose] from ${options.source ?? 'api'}${hintPath ? `, hint ${hintPath}` : ''}: ${receipt.ok ? proposalSummary(receipt) : failureSummary(receipt)}`);
    this.log.info(markdown);
    this.log.trace(JSON.stringify(receipt));

    if (receipt.ok) {
      this.setFailureReport(undefined);
      if (plan.changes.length === 0) {
        this.store.clear();
        if (notify) void vscode.window.showInformationMessage(`Apply AI Edit: nothing to change. ${proposalSummary(receipt)}`);
        return { receipt, proposal: undefined, failureReport: undefined, markdown };
      }
      const proposal = await this.startReview(plan, false, options.openReview ?? config.openReviewAutomatically);
      if (notify) this.notifyProposal(proposal, options.openReview ?? config.openReviewAutomatically);
      return { receipt, proposal, failureReport: undefined, markdown };
    }

    const report = failureReportForModel(receipt);
    this.setFailureReport(report);
    // Text without any edit block is no reply: leave the user's clipboard alone.
    const isReply = receipt.errors.some((e) => e.code !== 'NO_EDITS_FOUND');
    const copied = config.copyFailureReport && isReply;
    if (copied) await vscode.env.clipboard.writeText(report);
    let proposal: Proposal | undefined;
    if (options.reviewTheRest && plan.changes.length > 0) {
      proposal = await this.startReview(plan, true, options.openReview ?? true);
    } else {
      // A failed reply replaces nothing silently: the previous proposal stays as it was.
      if (notify) this.notifyFailure(receipt, plan.changes.length > 0 ? () => this.startReview(plan, true, true) : undefined, copied);
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
    const nothing = (message: string): AcceptOutcome => ({ applied: false, message, written: [], merged: [], refused: [], unsaved: [], diagnostics: noDiagnostics });
    if (!proposal) return nothing('No AI edit is waiting for review.');
    if (!vscode.workspace.isTrusted) return nothing('This workspace is not trusted: Apply AI Edit only previews edits here. Trust the workspace to apply them.');
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
    const checked = await Promise.all(items.map((item) => recheck(item, workspaceFiles)));
    const refusals = checked.filter(isRefusal);
    if (refusals.length > 0) return this.refuse(proposal, refusals, config.copyFailureReport);
    const writes = checked as FileWrite[];

    const rel = (uri: vscode.Uri) => workspaceFiles.relativePath(uri) ?? uri.toString();
    const label = files.length === 1 ? files[0].path : `${files.length} files`;
    const undo = await this.history.capture(label, writes, rel);
    const written = writes.filter((w) => w.newText !== undefined);
    const targets = written.map((w) => w.item.toUri ?? w.item.uri);
    const before = snapshotDiagnostics(written.map((w) => ({ uri: w.item.toUri ?? w.item.uri, from: w.item.uri })));
    const result = await applyWrites(writes, { save: config.saveOnAccept });
    if (!result.ok) {
      this.log.error(`[accept] ${result.message}`);
      void vscode.window.showErrorMessage(`Apply AI Edit: ${result.message}`);
      return nothing(result.message ?? 'Not applied.');
    }
    if (result.written.length > 0 || writes.some((w) => w.item.action === 'delete' && !w.unchanged)) await this.history.commit(undo);
    await closeReview(proposal, files);
    this.store.remove(files);
    if (this.store.current && files.length > 0) await openReview(this.store.current);

    const writtenPaths = result.written.map(rel);
    const merged = writes.filter((w) => w.merged).map((w) => w.item.path);
    const unsaved = result.unsaved.map(rel);
    const deleted = writes.filter((w) => w.item.action === 'delete' && !w.unchanged).map((w) => w.item.path);
    let message = `Applied the AI edit to ${[...writtenPaths, ...deleted.map((d) => `${d} (deleted)`)].join(', ') || 'nothing (already in place)'}.`;
    if (merged.length) message += ` Merged with your newer edits in ${merged.join(', ')}.`;
    if (unsaved.length) message += ` Not saved: ${unsaved.join(', ')}.`;
    this.log.info(`[accept] ${message}`);
    this.log.info(receiptToMarkdown(proposal.plan.receipt));

    const diagnostics = newDiagnosticsAfter(before, targets, config.diagnosticsTimeoutMs, rel).then((found) => {
      this.lastDiagnostics = found;
      const lines = formatDiagnostics(found);
      if (lines.length) this.log.warn(`[accept] new problems after the apply:\n${lines.join('\n')}`);
      return found;
    });
    void diagnostics.then((found) => this.notifyApplied(message, found));
    return { applied: true, message, written: writtenPaths, merged, refused: [], unsaved, diagnostics };
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
    if (paths.length) this.log.info(`[reject] ${paths.join(', ')}`);
    return paths;
  }

  /** Undoes the newest accepted apply (see {@link UndoHistory.undoLast}). */
  async undoLast(): Promise<UndoResult> {
    const result = await this.history.undoLast();
    (result.ok ? this.log.info : this.log.warn).call(this.log, `[undo] ${result.message}`);
    return result;
  }

  private select(proposal: Proposal, target: vscode.Uri | readonly vscode.Uri[] | undefined): ProposedFile[] {
    if (target === undefined) return [...proposal.files];
    const uris = target instanceof vscode.Uri ? [target] : target;
    return [...new Set(uris.map((u) => this.store.find(u)).filter((f): f is ProposedFile => f !== undefined))];
  }

  private async startReview(plan: Proposal['plan'], partial: boolean, open: boolean): Promise<Proposal> {
    const old = this.store.current;
    if (old) await closeReview(old);
    const proposal = this.store.create(plan, partial);
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
    const receipt: Receipt = { ok: false, files: [], errors, timing: { parseMs: 0, locateMs: 0, totalMs: 0 } };
    this.lastReceipt = receipt;
    const report = failureReportForModel(receipt);
    this.setFailureReport(report);
    if (copy) await vscode.env.clipboard.writeText(report);
    const message = `Not applied: ${refusals.map((r) => r.message).join('; ')}.`;
    this.log.warn(`[accept] ${message}`);
    void vscode.window.showWarningMessage(`Apply AI Edit: ${message}`, 'Reject', 'Show Details').then((choice) => {
      if (choice === 'Reject') void this.reject(refusals.map((r) => r.item.uri));
      if (choice === 'Show Details') void vscode.commands.executeCommand(CommandId.showDetails);
    });
    return { applied: false, message, written: [], merged: [], refused: errors, unsaved: [], diagnostics: noDiagnostics };
  }

  private setFailureReport(report: string | undefined): void {
    this.lastFailureReport = report;
    void vscode.commands.executeCommand('setContext', ContextKey.hasFailureReport, report !== undefined);
  }

  private notifyProposal(proposal: Proposal, opened: boolean): void {
    // With the diff open its title buttons decide; a notification with buttons would stay on
    // screen after the decision (the API cannot dismiss it), so it only informs and fades.
    const buttons = opened ? [] : ['Review', 'Accept All', 'Reject All'];
    const untrusted = vscode.workspace.isTrusted ? '' : ' Preview only: the workspace is not trusted.';
    void vscode.window.showInformationMessage(`AI edit ready: ${proposalSummary(proposal.plan.receipt)}${untrusted}`, ...buttons).then((choice) => {
      if (this.store.current !== proposal) return;
      if (choice === 'Review') void this.showReview();
      if (choice === 'Accept All') void vscode.commands.executeCommand(CommandId.acceptAll);
      if (choice === 'Reject All') void vscode.commands.executeCommand(CommandId.rejectAll);
    });
  }

  private notifyFailure(receipt: Receipt, reviewRest: (() => Promise<Proposal>) | undefined, copied: boolean): void {
    const buttons = [...(reviewRest ? ['Review the Rest'] : []), 'Copy Failure Report', 'Show Details'];
    const onClipboard = copied ? ' The failure report for the model is on the clipboard.' : '';
    void vscode.window.showWarningMessage(`Apply AI Edit: ${failureSummary(receipt)} Nothing was changed.${onClipboard}`, ...buttons).then((choice) => {
      if (choice === 'Review the Rest' && reviewRest) void reviewRest().catch((e) => this.log.error(String(e)));
      if (choice === 'Copy Failure Report') void vscode.commands.executeCommand(CommandId.copyFailureReport);
      if (choice === 'Show Details') void vscode.commands.executeCommand(CommandId.showDetails);
    });
  }

  private notifyApplied(message: string, found: readonly NewDiagnostic[]): void {
    const errors = found.filter((d) => d.severity === 'error').length;
    const warnings = found.length - errors;
    const problems = found.length
      ? ` The edit introduced ${errors ? `${errors} error${errors === 1 ? '' : 's'}` : ''}${errors && warnings ? ' and ' : ''}${warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : ''}: ${formatDiagnostics(found.slice(0, 2)).join('; ')}${found.length > 2 ? '…' : ''}`
      : '';
    const show = found.length ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    void show(`Apply AI Edit: ${message}${problems}`, 'Undo', 'Show Details').then((choice) => {
      if (choice === 'Undo') void vscode.commands.executeCommand(CommandId.undoLast);
      if (choice === 'Show Details') void vscode.commands.executeCommand(CommandId.showDetails);
    });
  }
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
