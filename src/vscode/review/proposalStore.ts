import * as vscode from 'vscode';
import type { FileAction, FileChange } from '../../core/index';
import { ContextKey, Scheme } from '../commandIds';
import { findOpenDocument } from '../documents';
import type { WorkspacePlan } from '../apply/planInWorkspace';
import type { OriginalContentProvider } from './originalContent';
import type { ProposedFileSystem } from './proposedFileSystem';

/** One file of a proposal, with the URIs of both sides of its diff. */
export interface ProposedFile {
  /** The path the review shows: the destination for a move. */
  readonly path: string;
  readonly action: FileAction;
  readonly change: FileChange;
  /** The real file the change applies to (a move's source). */
  readonly uri: vscode.Uri;
  /** A move's destination. */
  readonly toUri?: vscode.Uri;
  /** `apply-ai-edit:` document: the editable proposed text. */
  readonly proposedUri: vscode.Uri;
  /** `apply-ai-edit-original:` document: the text the plan was made from. */
  readonly originalUri: vscode.Uri;
}

/** A planned reply waiting for accept or reject. */
export interface Proposal {
  readonly id: number;
  readonly plan: WorkspacePlan;
  /** Files still pending (accepted and rejected ones are removed). */
  readonly files: ProposedFile[];
  /** True when the reply had failures and the user opted to review the placed files anyway. */
  readonly partial: boolean;
  /** Where the reply came from (`clipboard`, `panel`, `tool`, …), for the history. */
  readonly source: string;
  readonly createdAt: number;
}

/**
 * Holds the one pending proposal and its virtual documents, and keeps the context keys
 * `applyAiEdit.reviewPending` and `applyAiEdit.reviewFocused` true exactly while there is one /
 * while one of its diffs is the active tab. A new proposal replaces the pending one (its
 * documents are dropped: a proposal is never user code, and the newest reply wins).
 */
export class ProposalStore implements vscode.Disposable {
  private pending: Proposal | undefined;
  private nextId = 1;
  private readonly changeEmitter = new vscode.EventEmitter<Proposal | undefined>();
  /** Fires with the pending proposal (or `undefined`) whenever it or its file list changes. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly disposables: vscode.Disposable[] = [this.changeEmitter];

  constructor(
    private readonly proposedFs: ProposedFileSystem,
    private readonly originals: OriginalContentProvider,
  ) {
    this.disposables.push(vscode.window.tabGroups.onDidChangeTabs(() => this.updateFocus()));
    this.disposables.push(vscode.window.tabGroups.onDidChangeTabGroups(() => this.updateFocus()));
    void this.setContext();
  }

  get current(): Proposal | undefined {
    return this.pending;
  }

  /** Makes `plan`'s changes the pending proposal and stores both sides of every diff. */
  create(plan: WorkspacePlan, partial: boolean, source: string): Proposal {
    this.clear();
    const id = this.nextId++;
    const files = plan.changes.map((change) => this.addFile(id, plan, change));
    this.pending = { id, plan, files, partial, source, createdAt: Date.now() };
    this.changed();
    return this.pending;
  }

  /** The pending file a URI belongs to: either side of its diff, or the real file (source or destination). */
  find(uri: vscode.Uri): ProposedFile | undefined {
    const key = uri.toString();
    return this.pending?.files.find((f) => [f.proposedUri, f.originalUri, f.uri, f.toUri].some((u) => u?.toString() === key));
  }

  /**
   * The text the person accepts for `file`: the proposed document's text if it is open (unsaved
   * hand edits included), else what was last saved into the proposed file system.
   */
  proposedText(file: ProposedFile): string | undefined {
    if (file.action === 'delete') return undefined;
    return findOpenDocument(file.proposedUri)?.getText() ?? this.proposedFs.text(file.proposedUri) ?? file.change.newText;
  }

  /** Removes `files` from the pending proposal (after accept or reject); clears it when none are left. */
  remove(files: readonly ProposedFile[]): void {
    if (!this.pending) return;
    const gone = new Set(files);
    for (const file of files) this.dropDocuments(file);
    this.pending.files.splice(0, this.pending.files.length, ...this.pending.files.filter((f) => !gone.has(f)));
    if (this.pending.files.length === 0) this.pending = undefined;
    this.changed();
  }

  /** Drops the pending proposal and its documents. */
  clear(): void {
    if (!this.pending) return;
    for (const file of this.pending.files) this.dropDocuments(file);
    this.pending = undefined;
    this.changed();
  }

  /** True when `uri` is one of this extension's review documents. */
  static isReviewUri(uri: vscode.Uri | undefined): boolean {
    return uri?.scheme === Scheme.proposed || uri?.scheme === Scheme.original;
  }

  dispose(): void {
    this.pending = undefined;
    for (const d of this.disposables) d.dispose();
  }

  private addFile(id: number, plan: WorkspacePlan, change: FileChange): ProposedFile {
    const path = change.to ?? change.path;
    const uri = plan.uris.get(change.path);
    if (!uri) throw new Error(`internal: ${change.path} was planned but not resolved`);
    const toUri = change.to !== undefined ? plan.uris.get(change.to) : undefined;
    // The path is the workspace path (right language, clean breadcrumbs); the query keeps
    // proposals of the same file apart.
    const proposedUri = vscode.Uri.from({ scheme: Scheme.proposed, path: `/${path}`, query: `proposal=${id}` });
    const originalUri = vscode.Uri.from({ scheme: Scheme.original, path: `/${change.path}`, query: `proposal=${id}` });
    this.proposedFs.set(proposedUri, change.newText ?? '', { readonly: change.action === 'delete' });
    this.originals.set(originalUri, change.originalText ?? '');
    return { path, action: change.action, change, uri, toUri, proposedUri, originalUri };
  }

  private dropDocuments(file: ProposedFile): void {
    this.proposedFs.remove(file.proposedUri);
    this.originals.remove(file.originalUri);
  }

  private changed(): void {
    void this.setContext();
    this.changeEmitter.fire(this.pending);
  }

  private async setContext(): Promise<void> {
    await vscode.commands.executeCommand('setContext', ContextKey.reviewPending, this.pending !== undefined);
    await vscode.commands.executeCommand('setContext', ContextKey.reviewFiles, this.pending?.files.length ?? 0);
    this.updateFocus();
  }

  private updateFocus(): void {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const focused = this.pending !== undefined && tab !== undefined && tabShowsProposal(tab, this.pending);
    void vscode.commands.executeCommand('setContext', ContextKey.reviewFocused, focused);
  }
}

/** The URIs a tab shows (both sides of diffs, every entry of a multi-file diff). */
export function urisOfTab(tab: vscode.Tab): vscode.Uri[] {
  const input = tab.input;
  if (input instanceof vscode.TabInputText) return [input.uri];
  if (input instanceof vscode.TabInputTextDiff) return [input.original, input.modified];
  // TabInputTextMultiDiff is newer than the 1.95 API this extension targets: read it duck-typed.
  const multi = (input as { textDiffs?: { original?: vscode.Uri; modified?: vscode.Uri }[] } | undefined)?.textDiffs;
  if (Array.isArray(multi)) return multi.flatMap((d) => [d.original, d.modified].filter((u): u is vscode.Uri => u instanceof vscode.Uri));
  return [];
}

/** True when `tab` shows one of the proposal's review documents. */
export function tabShowsProposal(tab: vscode.Tab, proposal: Proposal): boolean {
  const ids = new Set(proposal.files.flatMap((f) => [f.proposedUri.toString(), f.originalUri.toString()]));
  return urisOfTab(tab).some((u) => ids.has(u.toString())) || (tab.label.startsWith(reviewTitlePrefix) && urisOfTab(tab).length === 0);
}

/** Every review tab title starts with this. */
export const reviewTitlePrefix = 'AI edit: ';
