import * as vscode from 'vscode';
import { findOpenDocument } from '../documents';
import { tabShowsProposal, urisOfTab, type Proposal, type ProposedFile } from './proposalStore';
import { reviewTitle } from './summary';

/**
 * Opens the review of a proposal beside the active editor without taking the cursor from it.
 * One file: `vscode.diff(original, proposed)`; several: the multi-file diff (`vscode.changes`),
 * where created files have no original side and deleted files no proposed side. The multi-file
 * diff opens in the active group (the command has no options), so it is moved to the group beside
 * and the user's editor, with its selections, is focused again. When `vscode.changes` is missing
 * (older VS Code) each file opens in its own diff.
 */
export async function openReview(proposal: Proposal): Promise<void> {
  const title = reviewTitle(proposal);
  const [single] = proposal.files;
  if (proposal.files.length === 1) {
    await vscode.commands.executeCommand('vscode.diff', single.originalUri, single.proposedUri, title, {
      viewColumn: vscode.ViewColumn.Beside,
      preserveFocus: true,
      preview: false,
    } satisfies vscode.TextDocumentShowOptions);
    return;
  }
  const previous = vscode.window.activeTextEditor;
  const resources = proposal.files.map((f) => [
    f.toUri ?? f.uri,
    f.action === 'create' ? undefined : f.originalUri,
    f.action === 'delete' ? undefined : f.proposedUri,
  ]);
  try {
    await vscode.commands.executeCommand('vscode.changes', title, resources);
  } catch {
    for (const f of proposal.files) {
      await vscode.commands.executeCommand('vscode.diff', f.originalUri, f.proposedUri, `${title}: ${f.path}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
    }
    return;
  }
  if (previous && !previous.document.isClosed) {
    await vscode.commands.executeCommand('workbench.action.moveEditorToRightGroup');
    const editor = await vscode.window.showTextDocument(previous.document, { viewColumn: previous.viewColumn, preserveFocus: false, preview: false });
    editor.selections = previous.selections;
  }
}

/**
 * Closes every tab that shows one of `files` (or, when `files` is omitted, any file of the
 * proposal), multi-file diffs included. Proposed documents with unsaved hand edits are saved into
 * the proposal first: their text was already taken, and closing must not ask the user anything.
 */
export async function closeReview(proposal: Proposal, files: readonly ProposedFile[] = proposal.files): Promise<void> {
  for (const file of files) {
    const document = findOpenDocument(file.proposedUri);
    if (document?.isDirty) await document.save();
  }
  const ids = new Set(files.flatMap((f) => [f.proposedUri.toString(), f.originalUri.toString()]));
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => urisOfTab(tab).some((u) => ids.has(u.toString())) || (files === proposal.files && tabShowsProposal(tab, proposal)));
  if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
}
