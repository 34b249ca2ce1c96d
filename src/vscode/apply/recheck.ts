import * as vscode from 'vscode';
import type { FileAction } from '../../core/index';
import { currentText, exists, type WorkspaceFiles } from '../documents';
import { mergeThreeWay } from './merge';

/** One file the user accepted: what was planned, and the proposed text as the review left it. */
export interface AcceptItem {
  readonly path: string;
  readonly action: FileAction;
  readonly to?: string;
  readonly uri: vscode.Uri;
  readonly toUri?: vscode.Uri;
  /** The text the plan was made from (`undefined` for a created file). */
  readonly originalText: string | undefined;
  /** The accepted text, hand edits in the review included (`undefined` for a deleted file). */
  readonly proposedText: string | undefined;
}

/** A file write proven safe against the file as it is now. */
export interface FileWrite {
  readonly item: AcceptItem;
  /** The text the edit now addresses (`undefined` when the file does not exist). */
  readonly currentText: string | undefined;
  /** The text to leave in the file (`undefined`: the file goes away). */
  readonly newText: string | undefined;
  /** True when the file had changed since the proposal and both edits were merged. */
  readonly merged: boolean;
  /** True when the file is already in the accepted state: nothing to write. */
  readonly unchanged: boolean;
}

/** Why an accepted file cannot be written now. */
export interface Refusal {
  readonly item: AcceptItem;
  readonly code: 'OUT_OF_DATE' | 'OUTSIDE_WORKSPACE';
  readonly message: string;
}

/**
 * Re-checks one accepted file against the workspace right before the write.
 *
 * - If the file still holds the planned-from text, the accepted text is written as is.
 * - If the user changed it since (open editors' unsaved text counts), the AI edit is merged onto
 *   the newer text when the two touch different lines ({@link mergeThreeWay}); when they touch the
 *   same lines the file is refused with `OUT_OF_DATE`: a newer edit is never overwritten.
 * - A file to create that appeared meanwhile, a file to delete or move that changed or vanished,
 *   and a move onto an existing file are refused the same way.
 * - The path is proven inside the workspace again (a symlink may have appeared since).
 */
export async function recheck(item: AcceptItem, files: WorkspaceFiles): Promise<FileWrite | Refusal> {
  for (const uri of item.toUri ? [item.uri, item.toUri] : [item.uri]) {
    if (!(await files.checkInside(uri))) return { item, code: 'OUTSIDE_WORKSPACE', message: `${files.relativePath(uri) ?? uri.toString()} leads outside the workspace` };
  }
  const outOfDate = (why: string): Refusal => ({ item, code: 'OUT_OF_DATE', message: `${item.path}: ${why}; nothing was written` });
  const now = await currentText(item.uri);
  switch (item.action) {
    case 'create': {
      if (now === undefined) return { item, currentText: undefined, newText: item.proposedText ?? '', merged: false, unchanged: false };
      if (now === item.proposedText) return { item, currentText: now, newText: now, merged: false, unchanged: true };
      return outOfDate('the file was created by someone else since the proposal');
    }
    case 'delete': {
      if (now === undefined) return { item, currentText: undefined, newText: undefined, merged: false, unchanged: true };
      if (now !== item.originalText) return outOfDate('the file changed since the proposal, so deleting it would lose that change');
      return { item, currentText: now, newText: undefined, merged: false, unchanged: false };
    }
    case 'modify':
    case 'move': {
      if (now === undefined) return outOfDate('the file was deleted or renamed since the proposal');
      if (item.action === 'move' && item.toUri && (await exists(item.toUri))) return outOfDate(`${item.to} exists now, and a move never overwrites a file`);
      const proposed = item.proposedText ?? '';
      if (now === item.originalText) return { item, currentText: now, newText: proposed, merged: false, unchanged: item.action === 'modify' && now === proposed };
      const merged = mergeThreeWay(item.originalText ?? '', now, proposed);
      if (merged === undefined) return outOfDate('the lines this edit changes were edited since the proposal');
      return { item, currentText: now, newText: merged, merged: true, unchanged: item.action === 'modify' && merged === now };
    }
  }
  return outOfDate(`unknown action ${String(item.action)}`);
}

/** Type guard for {@link recheck}'s refusal. */
export function isRefusal(value: FileWrite | Refusal): value is Refusal {
  return 'code' in value;
}
