import * as vscode from 'vscode';
import { currentText, exists, findOpenDocument } from '../documents';
import type { FileWrite } from './recheck';

/** One file's state before an apply and what the apply left in it. */
interface FileSnapshot {
  readonly uri: vscode.Uri;
  readonly label: string;
  /** The bytes on disk before the apply; `undefined` when the file did not exist. */
  readonly beforeBytes: Uint8Array | undefined;
  /** The open document's unsaved text before the apply, when it was dirty. */
  readonly beforeDirtyText: string | undefined;
  /** The document text right after the apply; `undefined` when the apply removed the file. */
  afterText?: string;
}

/** An apply that can be undone. */
export interface UndoEntry {
  readonly label: string;
  readonly files: readonly FileSnapshot[];
}

/** What {@link UndoHistory.undoLast} did. */
export interface UndoResult {
  readonly ok: boolean;
  readonly message: string;
  readonly restored: string[];
}

/**
 * The applies that Undo Last AI Edit can take back, newest last (bounded).
 *
 * Guarantees: undo restores every touched file to its exact bytes before the apply (files the
 * apply created are deleted, deleted ones re-created, moves moved back) and an editor that had
 * unsaved text gets that text back; it does so only if every touched file is still exactly as the
 * apply left it, otherwise it changes nothing and names the files that moved on.
 */
export class UndoHistory {
  private readonly entries: UndoEntry[] = [];
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Fires when an entry is added or taken. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly limit = 20) {}

  get canUndo(): boolean {
    return this.entries.length > 0;
  }

  /** Records the state before writing `writes`; call {@link commit} with the result after the apply. */
  async capture(label: string, writes: readonly FileWrite[], relative: (uri: vscode.Uri) => string): Promise<UndoEntry> {
    const files: FileSnapshot[] = [];
    for (const write of writes) {
      if (write.unchanged) continue;
      const uris = write.item.toUri ? [write.item.uri, write.item.toUri] : [write.item.uri];
      for (const uri of uris) {
        const open = findOpenDocument(uri);
        files.push({
          uri,
          label: relative(uri),
          beforeBytes: (await exists(uri)) ? await vscode.workspace.fs.readFile(uri) : undefined,
          beforeDirtyText: open?.isDirty ? open.getText() : undefined,
        });
      }
    }
    return { label, files };
  }

  /** Reads what the apply left in each captured file and makes the entry the newest undo step. */
  async commit(entry: UndoEntry): Promise<void> {
    for (const file of entry.files) file.afterText = await currentText(file.uri);
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.shift();
    this.changeEmitter.fire();
  }

  /** Undoes the newest apply (see the class comment for the guarantees). */
  async undoLast(): Promise<UndoResult> {
    const entry = this.entries[this.entries.length - 1];
    if (!entry) return { ok: false, message: 'There is no AI edit to undo.', restored: [] };
    const moved: string[] = [];
    for (const file of entry.files) if ((await currentText(file.uri)) !== file.afterText) moved.push(file.label);
    if (moved.length > 0) {
      return { ok: false, message: `Not undone: ${moved.join(', ')} changed after the AI edit. Nothing was changed.`, restored: [] };
    }
    this.entries.pop();
    this.changeEmitter.fire();

    // 1. No touched document may stay dirty, or it would keep (or later save) the AI text.
    for (const file of entry.files) {
      const open = findOpenDocument(file.uri);
      if (open?.isDirty) await open.save();
    }
    // 2. The bytes on disk, exactly as they were.
    for (const file of entry.files) {
      if (file.beforeBytes) await vscode.workspace.fs.writeFile(file.uri, file.beforeBytes);
      else if (await exists(file.uri)) await vscode.workspace.fs.delete(file.uri, { useTrash: false });
    }
    // 3. Editors that had unsaved text before the apply get it back (dirty, as it was).
    const dirtyRestore = new vscode.WorkspaceEdit();
    let restoreDirty = false;
    for (const file of entry.files) {
      if (file.beforeDirtyText === undefined) continue;
      const document = await vscode.workspace.openTextDocument(file.uri);
      dirtyRestore.replace(file.uri, new vscode.Range(0, 0, document.lineCount, 0), file.beforeDirtyText);
      restoreDirty = true;
    }
    if (restoreDirty) await vscode.workspace.applyEdit(dirtyRestore);
    // 4. Open, clean documents reload from disk asynchronously; wait (bounded) so callers see the result.
    await waitFor(() => entry.files.every((file) => {
      const open = findOpenDocument(file.uri);
      return !open || open.isDirty || file.beforeBytes === undefined || open.getText() !== file.afterText;
    }), 3000);
    return { ok: true, message: `Undid the AI edit: ${entry.label}.`, restored: entry.files.map((f) => f.label) };
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
