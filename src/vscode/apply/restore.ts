import * as vscode from 'vscode';
import { exists, findOpenDocument } from '../documents';
import { urisOfTab } from '../review/proposalStore';

/** One file's state before an apply and what the apply left in it. */
export interface FileSnapshot {
  readonly uri: vscode.Uri;
  /** Workspace-relative path, for messages. */
  readonly label: string;
  /** The bytes on disk before the apply; `undefined` when the file did not exist. */
  readonly beforeBytes: Uint8Array | undefined;
  /** The open document's unsaved text before the apply, when it was dirty. */
  readonly beforeDirtyText: string | undefined;
  /** For a move's destination: the source, which undo brings back. */
  readonly movedFrom?: vscode.Uri;
  /** The document text right after the apply; `undefined` when the apply removed the file. */
  afterText?: string;
}

/**
 * Puts `files` back as their snapshots say, in an order that never leaves the AI's text anywhere:
 * 1. no touched document stays dirty (it would keep, and later save, the AI text);
 * 2. the bytes on disk, exactly as they were (files that did not exist are deleted);
 * 3. editors left on a file that is gone now are closed (Ctrl+S there would bring the AI text
 *    back); where that file was a move's destination, the restored source opens in its place;
 * 4. folders the apply created are removed once empty, deepest first;
 * 5. editors that had unsaved text before the apply get it back (dirty, as it was);
 * 6. open, clean documents reload from disk asynchronously: wait (bounded) for them.
 */
export async function restoreFiles(files: readonly FileSnapshot[], newFolders: readonly vscode.Uri[]): Promise<void> {
  for (const file of files) {
    const open = findOpenDocument(file.uri);
    if (open?.isDirty) await open.save();
  }
  for (const file of files) {
    if (file.beforeBytes) await vscode.workspace.fs.writeFile(file.uri, file.beforeBytes);
    else if (await exists(file.uri)) await vscode.workspace.fs.delete(file.uri, { useTrash: false });
  }
  await closeEditorsOfRemovedFiles(files.filter((f) => !f.beforeBytes));
  for (const folder of newFolders) {
    if ((await exists(folder)) && (await vscode.workspace.fs.readDirectory(folder)).length === 0) {
      await vscode.workspace.fs.delete(folder, { recursive: false, useTrash: false });
    }
  }
  const dirtyRestore = new vscode.WorkspaceEdit();
  let restoreDirty = false;
  for (const file of files) {
    if (file.beforeDirtyText === undefined) continue;
    const document = await vscode.workspace.openTextDocument(file.uri);
    dirtyRestore.replace(file.uri, new vscode.Range(0, 0, document.lineCount, 0), file.beforeDirtyText);
    restoreDirty = true;
  }
  if (restoreDirty) await vscode.workspace.applyEdit(dirtyRestore);
  await waitFor(() => files.every((file) => {
    const open = findOpenDocument(file.uri);
    return !open || open.isDirty || file.beforeBytes === undefined || open.getText() !== file.afterText;
  }), 3000);
}

/**
 * Closes the tabs that show one of `removed` (files that no longer exist). A tab of a move's
 * destination is replaced by its source, in the same group, without taking focus.
 */
export async function closeEditorsOfRemovedFiles(removed: readonly { readonly uri: vscode.Uri; readonly movedFrom?: vscode.Uri }[]): Promise<void> {
  if (removed.length === 0) return;
  const byUri = new Map(removed.map((f) => [f.uri.toString(), f]));
  const reopen: { uri: vscode.Uri; column: vscode.ViewColumn }[] = [];
  const tabs: vscode.Tab[] = [];
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      // Only plain editors of the file: a diff that shows it is the review's business.
      if (!(tab.input instanceof vscode.TabInputText)) continue;
      const file = byUri.get(urisOfTab(tab)[0].toString());
      if (!file || (await exists(file.uri))) continue;
      tabs.push(tab);
      if (file.movedFrom && (await exists(file.movedFrom))) reopen.push({ uri: file.movedFrom, column: group.viewColumn });
    }
  }
  if (tabs.length) await vscode.window.tabGroups.close(tabs, true);
  for (const { uri, column } of reopen) await vscode.window.showTextDocument(uri, { viewColumn: column, preserveFocus: true, preview: false });
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
