import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ApplyAiEditApi } from '../../src/vscode/extension';
import type { Notice } from '../../src/vscode/notify';

/** The extension's manifest, as the repository has it. */
export const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

/** The extension's id: publisher.name from package.json. */
export const extensionId = `${manifest.publisher}.${manifest.name}`;

/** The workspace folder the runner opened (a temp copy of test/workspace). */
export function root(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the runner opens a workspace folder');
  return folder.uri.fsPath;
}

export function abs(rel: string): string {
  return path.join(root(), ...rel.split('/'));
}

export function uri(rel: string): vscode.Uri {
  return vscode.Uri.file(abs(rel));
}

/** Writes a file on disk (bytes exactly), creating folders. */
export function put(rel: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(abs(rel)), { recursive: true });
  fs.writeFileSync(abs(rel), content);
}

export function bytes(rel: string): Buffer {
  return fs.readFileSync(abs(rel));
}

export function text(rel: string): string {
  return fs.readFileSync(abs(rel), 'utf8');
}

export function exists(rel: string): boolean {
  return fs.existsSync(abs(rel));
}

/** A fresh folder name per test, so tests never see each other's files. */
let counter = 0;
export function fresh(prefix: string): string {
  counter++;
  return `t${Date.now().toString(36)}${counter}-${prefix}`;
}

export async function activate(): Promise<ApplyAiEditApi> {
  const extension = vscode.extensions.getExtension<ApplyAiEditApi>(extensionId);
  assert.ok(extension, `${extensionId} is loaded`);
  return extension.activate();
}

export async function open(rel: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(uri(rel));
  return vscode.window.showTextDocument(document, { preview: false });
}

/** Puts `reply` on the clipboard and runs Apply AI Edit from Clipboard. */
export async function applyFromClipboard(reply: string): Promise<any> {
  await vscode.env.clipboard.writeText(reply);
  assert.strictEqual(await vscode.env.clipboard.readText(), reply, 'the clipboard round-trips in this host');
  return vscode.commands.executeCommand('applyAiEdit.applyFromClipboard');
}

export function allTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs);
}

/** Diff tabs whose proposed side is one of ours. */
export function reviewDiffTabs(): vscode.Tab[] {
  return allTabs().filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'apply-ai-edit');
}

/** Multi-file diff tabs (TabInputTextMultiDiff is newer than the @types/vscode the project targets). */
export function multiDiffTabs(): vscode.Tab[] {
  const MultiDiff = (vscode as any).TabInputTextMultiDiff;
  return allTabs().filter((t) => MultiDiff && t.input instanceof MultiDiff);
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Rejects any pending review and closes every editor (tests leave no dirty editors behind). */
export async function cleanUp(): Promise<void> {
  await vscode.commands.executeCommand('applyAiEdit.rejectAll');
  for (const document of vscode.workspace.textDocuments) {
    if (document.isDirty && document.uri.scheme === 'file' && fs.existsSync(document.uri.fsPath)) {
      // Put the disk text back into the buffer so closing it asks nothing.
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), (await vscode.workspace.fs.readFile(document.uri)).toString());
      await vscode.workspace.applyEdit(edit);
      await document.save();
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/**
 * Sets a user setting for the rest of a test (`key` under `applyAiEdit.` unless `section` says
 * otherwise); returns a function that puts the old value back.
 */
export async function withSetting(key: string, value: unknown, section = 'applyAiEdit'): Promise<() => Promise<void>> {
  const config = vscode.workspace.getConfiguration(section);
  const old = config.inspect(key)?.globalValue;
  await config.update(key, value, vscode.ConfigurationTarget.Global);
  return async () => {
    await vscode.workspace.getConfiguration(section).update(key, old, vscode.ConfigurationTarget.Global);
  };
}

/** Records every notification the extension shows from now on (with its buttons) until `stop()`. */
export async function recordNotices(): Promise<{ readonly notices: Notice[]; stop(): void; find(pattern: RegExp): Notice | undefined }> {
  const { notifier } = await activate();
  const notices: Notice[] = [];
  const listener = notifier.onDidNotify((n) => notices.push(n));
  return { notices, stop: () => listener.dispose(), find: (pattern) => notices.find((n) => pattern.test(n.message)) };
}

/** A SEARCH/REPLACE block for `path`. */
export function searchReplace(path: string, search: string, replace: string): string {
  return `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
}
