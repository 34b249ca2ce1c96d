// The manifest and the code agree; the three-way merge behind "never overwrite a newer edit".
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CommandId } from '../../src/vscode/commandIds';
import { mergeThreeWay } from '../../src/vscode/apply/merge';
import { activate, extensionId } from './helpers';

describe('contract', () => {
  it('package.json contributes exactly the commands of CommandId, all registered', async () => {
    await activate();
    const extension = vscode.extensions.getExtension(extensionId)!;
    const manifest = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.json'), 'utf8'));
    const contributed = manifest.contributes.commands.map((c: { command: string }) => c.command).sort();
    assert.deepStrictEqual(contributed, Object.values(CommandId).sort());
    for (const c of manifest.contributes.commands) assert.strictEqual(c.category, 'Apply AI Edit', c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const id of Object.values(CommandId)) assert.ok(registered.has(id), `${id} is registered`);
    for (const menu of Object.values<any[]>(manifest.contributes.menus)) {
      for (const item of menu) assert.ok(contributed.includes(item.command), `menu item ${item.command} is a contributed command`);
    }
    assert.strictEqual(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
  });
});

describe('mergeThreeWay', () => {
  it('takes the proposal when the file did not change', () => {
    assert.strictEqual(mergeThreeWay('a\nb\n', 'a\nb\n', 'a\nB\n'), 'a\nB\n');
  });
  it('merges changes on different lines, keeping each side\'s line endings', () => {
    assert.strictEqual(mergeThreeWay('1\r\n2\r\n3\r\n4\r\n', 'one\r\n2\r\n3\r\n4\r\n', '1\r\n2\r\n3\r\nfour\r\n'), 'one\r\n2\r\n3\r\nfour\r\n');
  });
  it('refuses changes of the same lines', () => {
    assert.strictEqual(mergeThreeWay('a\nb\nc\n', 'a\nmine\nc\n', 'a\ntheirs\nc\n'), undefined);
  });
  it('refuses two insertions at the same place (order unknown)', () => {
    assert.strictEqual(mergeThreeWay('a\nb\n', 'a\nx\nb\n', 'a\ny\nb\n'), undefined);
  });
  it('counts an identical change on both sides once', () => {
    assert.strictEqual(mergeThreeWay('a\nb\nc\n', 'a\nB\nc\n', 'a\nB\nc\nd\n'), 'a\nB\nc\nd\n');
  });
  it('handles a missing final newline', () => {
    assert.strictEqual(mergeThreeWay('a\nb\nc', 'A\nb\nc', 'a\nb\nC'), 'A\nb\nC');
  });
});
