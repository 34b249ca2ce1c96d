import * as vscode from 'vscode';
import { parseReply } from '../../core/index';
import { ProposalStore } from '../review/proposalStore';

/** True when `text` holds at least one edit block (or a broken one worth a failure report). */
export function holdsEdits(text: string | undefined): text is string {
  if (!text || !text.trim()) return false;
  const parsed = parseReply(text);
  return parsed.ops.length > 0 || parsed.problems.length > 0;
}

/** The text of the active editor's non-empty selections (joined by newlines), with the editor. */
export function selectedReply(): { text: string; editor: vscode.TextEditor } | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const parts = editor.selections.filter((s) => !s.isEmpty).map((s) => editor.document.getText(s));
  return parts.length ? { text: parts.join('\n'), editor } : undefined;
}

/**
 * The target for blocks without a path when the reply comes from a selection: another visible
 * editor's file (the selection's editor holds the reply, not the code), if any.
 */
export function hintBesides(replyEditor: vscode.TextEditor): vscode.Uri | undefined {
  const candidate = vscode.window.visibleTextEditors.find(
    (e) => e !== replyEditor && e.document !== replyEditor.document && !e.document.isUntitled && !ProposalStore.isReviewUri(e.document.uri) && vscode.workspace.getWorkspaceFolder(e.document.uri),
  );
  return candidate?.document.uri;
}
