import * as vscode from 'vscode';
import type { WorkspaceFiles } from '../documents';
import { activeFileUri } from '../review/reviewService';
import { hashText, type SeenFile } from './prompts';

/** Files larger than this are not sent to a model (they would crowd out the instruction). */
const maxFileChars = 200_000;

/**
 * The files `/edit` shows the model: those the user referenced in the prompt (`#file`, drag and
 * drop), then the active editor's file (with its selection). Only files inside `files.root`
 * that read as text; each is hashed so a later change is caught as `OUT_OF_DATE`.
 */
export async function collectSeenFiles(request: vscode.ChatRequest, files: WorkspaceFiles): Promise<{ seen: SeenFile[]; skipped: string[] }> {
  const uris: vscode.Uri[] = [];
  const selections = new Map<string, { start: number; end: number }>();
  for (const reference of request.references ?? []) {
    const value = reference.value;
    if (value instanceof vscode.Uri) uris.push(value);
    else if (value instanceof vscode.Location) {
      uris.push(value.uri);
      selections.set(value.uri.toString(), { start: value.range.start.line + 1, end: value.range.end.line + 1 });
    }
  }
  const active = activeFileUri();
  if (active) {
    uris.push(active);
    const editor = vscode.window.activeTextEditor;
    if (editor && editor.document.uri.toString() === active.toString() && !editor.selection.isEmpty && !selections.has(active.toString())) {
      selections.set(active.toString(), { start: editor.selection.start.line + 1, end: editor.selection.end.line + 1 });
    }
  }
  const seen: SeenFile[] = [];
  const skipped: string[] = [];
  const done = new Set<string>();
  for (const uri of uris) {
    const path = files.relativePath(uri);
    if (path === undefined) {
      skipped.push(`${uri.fsPath || uri.toString()} (outside the workspace folder)`);
      continue;
    }
    if (done.has(path)) continue;
    done.add(path);
    const read = await files.read(path);
    if (read.kind !== 'text') {
      skipped.push(`${path} (${read.kind === 'refused' ? read.refusal.message : 'not found'})`);
      continue;
    }
    if (read.text.length > maxFileChars) {
      skipped.push(`${path} (too large to send to a model)`);
      continue;
    }
    seen.push({ path, text: read.text, hash: hashText(read.text), selection: selections.get(uri.toString()) });
  }
  return { seen, skipped };
}
