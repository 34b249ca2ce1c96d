// Run against the packaged extension (npm run test:vsix): apply-ai-edit.vsix installed into the test
// VS Code with code-server's --install-extension, as a user installs it, then its commands run.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ToPanel } from '../../../src/vscode/panel/panelMessages';
import { activate, applyFromClipboard, extensionId, fresh, manifest, put, reviewDiffTabs, searchReplace, text, waitFor } from '../helpers';

const repository = path.resolve(__dirname, '..', '..', '..', '..');

describe('the packaged extension (.vsix)', () => {
  it('is installed from the .vsix, with its icon, changelog, license and repository, and nothing else', () => {
    const extension = vscode.extensions.getExtension(extensionId);
    assert.ok(extension, `${extensionId} is installed`);
    assert.ok(!extension.extensionPath.startsWith(repository), `runs from the extensions folder, not the repository: ${extension.extensionPath}`);
    const packaged = extension.packageJSON;
    assert.strictEqual(packaged.version, manifest.version);
    assert.strictEqual(packaged.publisher, manifest.publisher);
    assert.match(packaged.repository.url, /^https:\/\/github\.com\//);
    assert.ok(fs.statSync(path.join(extension.extensionPath, packaged.icon)).size > 1000, 'the icon is in the package');
    const files = fs.readdirSync(extension.extensionPath).sort();
    for (const unwanted of ['src', 'node_modules', 'test', 'out', 'docs']) assert.ok(!files.includes(unwanted), `${unwanted}/ is not packaged: ${files.join(', ')}`);
    const changelog = fs.readFileSync(path.join(extension.extensionPath, files.find((f) => /^changelog\.md$/i.test(f))!), 'utf8');
    assert.match(changelog, new RegExp(`^## ${manifest.version.replace(/\./g, '\\.')} \\(\\d{4}-\\d{2}-\\d{2}\\)$`, 'm'), 'a dated entry for this version');
    assert.doesNotMatch(changelog, /Unreleased/);
    assert.ok(files.some((f) => /^license/i.test(f)));
  });

  it('activates and its commands apply, accept, show details and undo', async () => {
    const api = await activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const command of manifest.contributes.commands) assert.ok(registered.has(command.command), command.command);

    const dir = fresh('vsix');
    put(`${dir}/a.ts`, 'export const version = 1;\n');
    const outcome = await applyFromClipboard(searchReplace(`${dir}/a.ts`, 'export const version = 1;\n', 'export const version = 2;\n'));
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    await waitFor(() => reviewDiffTabs().length === 1, 'the review diff');
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/a.ts`), 'export const version = 2;\n');
    const details = await vscode.commands.executeCommand<vscode.TextDocument>('applyAiEdit.showDetails');
    assert.match(details!.getText(), /^# Applied/);
    const undone = await vscode.commands.executeCommand<any>('applyAiEdit.undoLast');
    assert.strictEqual(undone.ok, true, undone.message);
    assert.strictEqual(text(`${dir}/a.ts`), 'export const version = 1;\n');

    // The panel's webview loads its script from the installed package.
    const posted: ToPanel[] = [];
    const listener = api.panel.onDidPost((m) => posted.push(m));
    try {
      await vscode.commands.executeCommand('applyAiEdit.panel.focus');
      await waitFor(() => posted.some((m) => m.type === 'history'), 'the panel webview to load and say ready', 30000);
    } finally {
      listener.dispose();
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
