import * as vscode from 'vscode';
import { findOpenDocument } from '../documents';
import { splitLinesKeepEnds } from './merge';
import type { FileWrite } from './recheck';

/** What {@link applyWrites} did. */
export interface WriteResult {
  /** False when VS Code refused the edit or a file changed during the last check: then nothing was applied. */
  readonly ok: boolean;
  readonly message?: string;
  /** The files whose document now holds the accepted text (for moves, the destination). */
  readonly written: vscode.Uri[];
  /** Files that could not be saved (their documents hold the edit, unsaved). */
  readonly unsaved: vscode.Uri[];
  /**
   * Files whose text the save changed after the edit (format on save, trimmed whitespace, an
   * inserted final newline): what the edit wrote and what the file holds now.
   */
  readonly reshaped: SaveReshape[];
}

/** A file the save reshaped: `accepted` is the text the edit wrote, `saved` what the file holds. */
export interface SaveReshape {
  readonly uri: vscode.Uri;
  readonly accepted: string;
  readonly saved: string;
}

/**
 * Applies every write as one `vscode.WorkspaceEdit` (so one undo in VS Code reverts the whole
 * reply), then saves the touched documents when `save` is set. Saving runs the person's save
 * participants (format on save, trim whitespace, final newline) as any save does; a file whose
 * text they changed is reported in `reshaped`, so the receipt can say the file differs from the edit.
 *
 * Text changes are expressed as the smallest run of whole lines that differs, so markers,
 * folding and breakpoints outside that run stay put. Immediately before the edit every open
 * document is compared with the text the writes were computed on; if one changed in between,
 * nothing is applied. Creates, deletes and renames are part of the same edit: a created file is
 * created empty and filled; a moved file is renamed (never over an existing file) and then edited.
 */
export async function applyWrites(writes: readonly FileWrite[], options: { save: boolean }): Promise<WriteResult> {
  const todo = writes.filter((w) => !w.unchanged);
  const edit = new vscode.WorkspaceEdit();
  const written: vscode.Uri[] = [];
  const intended = new Map<string, string>();
  for (const write of todo) {
    const { item } = write;
    switch (item.action) {
      case 'create':
        edit.createFile(item.uri, { overwrite: false, ignoreIfExists: false });
        if (write.newText) edit.insert(item.uri, new vscode.Position(0, 0), write.newText);
        written.push(item.uri);
        intended.set(item.uri.toString(), write.newText ?? '');
        break;
      case 'delete':
        edit.deleteFile(item.uri, { ignoreIfNotExists: true });
        break;
      case 'modify':
        addTextChange(edit, item.uri, write.currentText ?? '', write.newText ?? '');
        written.push(item.uri);
        intended.set(item.uri.toString(), write.newText ?? '');
        break;
      case 'move': {
        const to = item.toUri ?? item.uri;
        edit.renameFile(item.uri, to, { overwrite: false, ignoreIfExists: false });
        // The renamed document carries the source's text (unsaved edits included) to `to`.
        addTextChange(edit, to, write.currentText ?? '', write.newText ?? '');
        written.push(to);
        intended.set(to.toString(), write.newText ?? '');
        break;
      }
    }
  }
  if (todo.length === 0) return { ok: true, written: [], unsaved: [], reshaped: [] };

  // No await between this check and applyEdit: the texts the ranges were computed on are current.
  for (const write of todo) {
    const open = findOpenDocument(write.item.uri);
    if (open && write.currentText !== undefined && open.getText() !== write.currentText) {
      return { ok: false, message: `${write.item.path} changed while the edit was being prepared; nothing was written`, written: [], unsaved: [], reshaped: [] };
    }
  }
  const applied = await vscode.workspace.applyEdit(edit);
  if (!applied) return { ok: false, message: 'VS Code refused the workspace edit; nothing was written', written: [], unsaved: [], reshaped: [] };

  const unsaved: vscode.Uri[] = [];
  const reshaped: SaveReshape[] = [];
  if (options.save) {
    for (const uri of written) {
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.isDirty && !(await document.save())) unsaved.push(uri);
      const accepted = intended.get(uri.toString());
      // A document holds one line ending; a difference in line endings alone is not a reshape.
      if (accepted !== undefined && lf(document.getText()) !== lf(accepted)) reshaped.push({ uri, accepted, saved: document.getText() });
    }
  }
  return { ok: true, written, unsaved, reshaped };
}

/**
 * Adds the change from `oldText` to `newText` of the document at `uri` as one replace of the
 * smallest differing run of whole lines. Positions are computed from `oldText` itself, so the
 * document does not need to exist yet (a move's destination).
 */
function addTextChange(edit: vscode.WorkspaceEdit, uri: vscode.Uri, oldText: string, newText: string): void {
  if (oldText === newText) return;
  const oldLines = splitLinesKeepEnds(oldText);
  const newLines = splitLinesKeepEnds(newText);
  let prefix = 0;
  while (prefix < oldLines.length && prefix < newLines.length && oldLines[prefix] === newLines[prefix]) prefix++;
  let suffix = 0;
  while (suffix < oldLines.length - prefix && suffix < newLines.length - prefix && oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]) suffix++;
  const start = new vscode.Position(prefix, 0);
  const end = suffix > 0 ? new vscode.Position(oldLines.length - suffix, 0) : endOf(oldText, oldLines);
  edit.replace(uri, new vscode.Range(start, end), newLines.slice(prefix, newLines.length - suffix).join(''));
}

function lf(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** The position after the last character of a text split by {@link splitLinesKeepEnds}. */
function endOf(text: string, lines: readonly string[]): vscode.Position {
  if (lines.length === 0) return new vscode.Position(0, 0);
  if (text.endsWith('\n')) return new vscode.Position(lines.length, 0);
  return new vscode.Position(lines.length - 1, lines[lines.length - 1].length);
}
