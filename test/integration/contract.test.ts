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

describe('keybindings', () => {
  it('none can type a character on an AltGr keyboard, and none takes a key VS Code already binds', async () => {
    const extension = vscode.extensions.getExtension(extensionId)!;
    const manifest = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.json'), 'utf8'));
    const ours: { command: string; key: string; mac?: string }[] = manifest.contributes.keybindings;
    assert.ok(ours.length >= 5);
    for (const binding of ours) {
      for (const key of [binding.key, binding.mac ?? '']) {
        // AltGr is Ctrl+Alt on Windows and Alt on the right elsewhere: Ctrl+Alt+<x> and Alt+<x>
        // (with or without Shift) type characters on many layouts (Polish ż, ń; German @, €).
        for (const stroke of key.split(' ')) {
          assert.doesNotMatch(stroke, /(^|\+)alt\+/, `${binding.command}: ${key} uses Alt`);
        }
      }
    }
    // VS Code's own default keybindings, as the running workbench has them.
    const defaults = await vscode.workspace.openTextDocument(vscode.Uri.parse('vscode://defaultsettings/keybindings.json'));
    // JSON with line comments: drop them, then parse.
    const entries: { key: string; command: string }[] = JSON.parse(defaults.getText().replace(/^\s*\/\/.*$/gm, ''));
    // The file lists the extensions' contributions too: ours do not count against themselves.
    const taken = new Map(entries.filter((e) => !e.command.startsWith('applyAiEdit.')).map((e) => [e.key, e.command]));
    assert.ok(entries.length > 500, `read ${entries.length} default keybindings`);
    for (const binding of ours) {
      assert.ok(!taken.has(binding.key), `${binding.command}: ${binding.key} is VS Code's ${taken.get(binding.key)}`);
      // A chord's first stroke may be a prefix (ctrl+k), but never a command of its own.
      const [first, second] = binding.key.split(' ');
      if (second) assert.ok(first === 'ctrl+k' || !taken.has(first), `${binding.command}: ${first} is VS Code's ${taken.get(first)}`);
    }
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
