import * as vscode from 'vscode';
import { urisOfTab } from '../review/proposalStore';

/**
 * The URI a per-file Accept/Reject is about: the argument VS Code passes from the editor title
 * (the diff's proposed side), else the focused editor's document (inside a multi-file diff too),
 * else the active tab's documents.
 */
export function targetOf(arg: unknown): vscode.Uri[] {
  if (arg instanceof vscode.Uri) return [arg];
  const focused = vscode.window.activeTextEditor?.document.uri;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  return [...(focused ? [focused] : []), ...(tab ? urisOfTab(tab) : [])];
}
