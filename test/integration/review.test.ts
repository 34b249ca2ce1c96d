// Apply AI Edit from the clipboard, reviewed in the real diff editor, accepted or rejected.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { proposalSummary } from '../../src/vscode/review/summary';
import { activate, applyFromClipboard, bytes, cleanUp, exists, fresh, multiDiffTabs, open, put, reviewDiffTabs, searchReplace, text, uri, waitFor } from './helpers';

describe('review and accept', () => {
  before(activate);
  afterEach(cleanUp);

  it('clipboard → one-file diff (TabInputTextDiff) → accept: document and disk exactly as expected', async () => {
    const dir = fresh('single');
    put(`${dir}/greet.ts`, 'export function greet(name: string) {\n  return "Hello " + name;\n}\n');
    const outcome = await applyFromClipboard(searchReplace(`${dir}/greet.ts`, '  return "Hello " + name;\n', '  return `Hello, ${name}!`;\n'));
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    const [tab] = reviewDiffTabs();
    assert.ok(tab, 'a diff tab with the proposed side opened');
    const input = tab.input as vscode.TabInputTextDiff;
    assert.strictEqual(input.original.scheme, 'apply-ai-edit-original');
    assert.match(tab.label, /^AI edit: greet\.ts \(1 edit\)/);
    assert.strictEqual((await vscode.workspace.openTextDocument(input.modified)).getText(), 'export function greet(name: string) {\n  return `Hello, ${name}!`;\n}\n');
    // Nothing is written before accept.
    assert.strictEqual(text(`${dir}/greet.ts`), 'export function greet(name: string) {\n  return "Hello " + name;\n}\n');

    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.accept', input.modified);
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.deepStrictEqual(accepted.written, [`${dir}/greet.ts`]);
    const expected = 'export function greet(name: string) {\n  return `Hello, ${name}!`;\n}\n';
    assert.strictEqual(text(`${dir}/greet.ts`), expected);
    const document = await vscode.workspace.openTextDocument(uri(`${dir}/greet.ts`));
    assert.strictEqual(document.getText(), expected);
    assert.strictEqual(document.isDirty, false);
    assert.strictEqual(reviewDiffTabs().length, 0, 'the review closed');
    assert.strictEqual((await activate()).review.pending, undefined);
  });

  it('opens the review beside the active editor without taking the cursor', async () => {
    const dir = fresh('focus');
    put(`${dir}/a.ts`, 'one\ntwo\nthree\n');
    const editor = await open(`${dir}/a.ts`);
    editor.selection = new vscode.Selection(2, 1, 2, 1);
    await applyFromClipboard(searchReplace(`${dir}/a.ts`, 'two\n', 'TWO\n'));
    assert.ok(reviewDiffTabs().length === 1);
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), uri(`${dir}/a.ts`).toString(), 'focus stays in the editor');
    assert.deepStrictEqual(vscode.window.activeTextEditor?.selection.active, new vscode.Position(2, 1));
    assert.notStrictEqual(reviewDiffTabs()[0].group.viewColumn, editor.viewColumn, 'the diff opened beside');
  });

  it('keeps CRLF line endings and the UTF-8 BOM', async () => {
    const dir = fresh('eol');
    put(`${dir}/crlf.txt`, 'alpha\r\nbeta\r\ngamma\r\n');
    put(`${dir}/bom.js`, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('const x = 1;\nconst y = 2;\n')]));
    const reply = searchReplace(`${dir}/crlf.txt`, 'beta\n', 'BETA\nbeta two\n') + '\n' + searchReplace(`${dir}/bom.js`, 'const y = 2;\n', 'const y = 3;\n');
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.strictEqual(multiDiffTabs().length + reviewDiffTabs().length > 0, true);
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.deepStrictEqual(bytes(`${dir}/crlf.txt`), Buffer.from('alpha\r\nBETA\r\nbeta two\r\ngamma\r\n'));
    assert.deepStrictEqual(bytes(`${dir}/bom.js`), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('const x = 1;\nconst y = 3;\n')]));
  });

  it('reject leaves the disk and the open buffers untouched', async () => {
    const dir = fresh('reject');
    put(`${dir}/keep.ts`, 'let a = 1;\nlet b = 2;\n');
    const editor = await open(`${dir}/keep.ts`);
    await editor.edit((e) => e.insert(new vscode.Position(2, 0), '// unsaved note\n'));
    const buffer = editor.document.getText();
    await applyFromClipboard(searchReplace(`${dir}/keep.ts`, 'let b = 2;\n', 'let b = 20;\n'));
    assert.strictEqual(reviewDiffTabs().length, 1);
    const rejected = await vscode.commands.executeCommand<string[]>('applyAiEdit.rejectAll');
    assert.deepStrictEqual(rejected, [`${dir}/keep.ts`]);
    assert.strictEqual(text(`${dir}/keep.ts`), 'let a = 1;\nlet b = 2;\n');
    assert.strictEqual(editor.document.getText(), buffer);
    assert.strictEqual(editor.document.isDirty, true);
    assert.strictEqual(reviewDiffTabs().length, 0);
  });

  it('plans on unsaved editor text and sends pathless blocks to the active editor', async () => {
    const dir = fresh('hint');
    put(`${dir}/active.py`, 'def f():\n    return 1\n');
    const editor = await open(`${dir}/active.py`);
    await editor.edit((e) => e.insert(new vscode.Position(2, 0), '\ndef g():\n    return 2\n'));
    const reply = 'Change g:\n```python\n<<<<<<< SEARCH\n    return 2\n=======\n    return 3\n>>>>>>> REPLACE\n```\n';
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/active.py`), 'def f():\n    return 1\n\ndef g():\n    return 3\n');
  });

  it('a block that names no file, in a reply that names another, goes to the open file that holds its search text', async () => {
    const dir = fresh('in-play');
    put(`${dir}/named.py`, 'RATE = 1\n');
    put(`${dir}/open.py`, 'def g():\n    return 2\n');
    put(`${dir}/other.py`, 'def h():\n    return 2\n');
    await open(`${dir}/open.py`);
    await open(`${dir}/named.py`);
    const reply = searchReplace(`${dir}/named.py`, 'RATE = 1\n', 'RATE = 2\n') + '\nAnd in g:\n\n<source>\n<<<<<<< SEARCH\ndef g():\n    return 2\n=======\ndef g():\n    return 3\n>>>>>>> REPLACE\n</source>\n';
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/open.py`), 'def g():\n    return 3\n', 'the open tab held the search text');
    assert.strictEqual(text(`${dir}/named.py`), 'RATE = 2\n');
    assert.strictEqual(text(`${dir}/other.py`), 'def h():\n    return 2\n', 'a file that is not open is not in play');
  });

  it('an edit of a path that does not exist goes to the one workspace file that ends with it', async () => {
    const dir = fresh('suffix');
    const name = `${dir}-calc.py`;
    put(`${dir}/src/utils/${name}`, 'import math\n\ndef perimeter(r):\n    return 2 * math.pi * r\n');
    const reply = `utils/${name}\n\`\`\`python\n<<<<<<< SEARCH\n    return 2 * math.pi * r\n=======\n    return math.tau * r\n>>>>>>> REPLACE\n\`\`\`\n`;
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.strictEqual(outcome.receipt.files[0].path, `${dir}/src/utils/${name}`);
    assert.match(outcome.receipt.files[0].edits[0].warnings?.join(' ') ?? '', /which does not exist/);
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/src/utils/${name}`), 'import math\n\ndef perimeter(r):\n    return math.tau * r\n');
    assert.strictEqual(exists(`utils/${name}`), false, 'no file created at the path the reply named');
  });

  it('an edit of a path that does not exist, that two files end with, goes to the one holding its text', async () => {
    const dir = fresh('suffix2');
    const name = `${dir}-models.py`;
    put(`${dir}/app/${name}`, 'class User:\n    name = ""\n');
    put(`${dir}/admin/${name}`, 'class Admin:\n    level = 0\n');
    const reply = `${name}\n\`\`\`python\n<<<<<<< SEARCH\n    level = 0\n=======\n    level = 1\n>>>>>>> REPLACE\n\`\`\`\n`;
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.strictEqual(outcome.receipt.files[0].path, `${dir}/admin/${name}`);
    assert.match(outcome.receipt.files[0].edits[0].warnings?.join(' ') ?? '', /only .*admin.* holds the search text/);
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/admin/${name}`), 'class Admin:\n    level = 1\n');
    assert.strictEqual(text(`${dir}/app/${name}`), 'class User:\n    name = ""\n');
  });

  it('applies a fenced whole file with no path to the active editor when it is plainly that file', async () => {
    const dir = fresh('wholehint');
    const original = 'import os\n\ndef f():\n    return 1\n\ndef g():\n    return 2\n\nprint(f() + g())\n';
    put(`${dir}/whole.py`, original);
    await open(`${dir}/whole.py`);
    const reply = "Here's the whole file:\n\n```python\nimport os\n\ndef f():\n    return 10\n\ndef g():\n    return 2\n\nprint(f() + g())\n```\n";
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.strictEqual(text(`${dir}/whole.py`), original, 'nothing written before accept');
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/whole.py`), original.replace('return 1\n', 'return 10\n'));
  });

  it('applies a fenced function with no path to the active editor that defines it, as a part of it', async () => {
    const dir = fresh('parthint');
    const original = 'import json\n\n\nclass Store:\n    def load(self, path):\n        with open(path) as f:\n            return json.load(f)\n\n    def save(self, path, data):\n        with open(path, "w") as f:\n            json.dump(data, f)\n';
    put(`${dir}/store.py`, original);
    await open(`${dir}/store.py`);
    // The method quoted flush left, as chat answers show one method alone.
    const reply = "Here's the updated method:\n\n```python\ndef save(self, path, data):\n    with open(path, \"w\") as f:\n        json.dump(data, f, indent=2)\n```\n\nNothing else changes.\n";
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.strictEqual(text(`${dir}/store.py`), original, 'nothing written before accept');
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/store.py`), original.replace('json.dump(data, f)', 'json.dump(data, f, indent=2)'));
  });

  it('accepts what the person shaped in the proposed side (hand edits, per-hunk reverts)', async () => {
    const dir = fresh('shape');
    put(`${dir}/s.ts`, 'a\nb\nc\nd\n');
    await applyFromClipboard(searchReplace(`${dir}/s.ts`, 'b\n', 'B\n') + '\n' + searchReplace(`${dir}/s.ts`, 'd\n', 'D\n'));
    const proposed = (reviewDiffTabs()[0].input as vscode.TabInputTextDiff).modified;
    const document = await vscode.workspace.openTextDocument(proposed);
    assert.strictEqual(document.getText(), 'a\nB\nc\nD\n');
    // Revert the second hunk and add a line by hand, unsaved, as a person would in the diff.
    const edit = new vscode.WorkspaceEdit();
    edit.replace(proposed, new vscode.Range(3, 0, 4, 0), 'd\n');
    edit.insert(proposed, new vscode.Position(0, 0), '// reviewed\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.accept', proposed);
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/s.ts`), '// reviewed\na\nB\nc\nd\n');
    assert.strictEqual(reviewDiffTabs().length, 0, 'closing the shaped diff asked nothing');
  });

  it('saveOnAccept off: the edit stays unsaved in the editor', async () => {
    const restore = await (await import('./helpers')).withSetting('saveOnAccept', false);
    try {
      const dir = fresh('nosave');
      put(`${dir}/n.ts`, 'x = 1\n');
      await applyFromClipboard(searchReplace(`${dir}/n.ts`, 'x = 1\n', 'x = 2\n'));
      const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
      assert.strictEqual(accepted.applied, true, accepted.message);
      const document = await vscode.workspace.openTextDocument(uri(`${dir}/n.ts`));
      assert.strictEqual(document.getText(), 'x = 2\n');
      assert.strictEqual(document.isDirty, true);
      assert.strictEqual(text(`${dir}/n.ts`), 'x = 1\n');
      await document.save();
    } finally {
      await restore();
    }
  });

  it('from the selection: a reply pasted into an untitled editor', async () => {
    const dir = fresh('selection');
    put(`${dir}/sel.ts`, 'const mode = "dev";\n');
    const reply = searchReplace(`${dir}/sel.ts`, 'const mode = "dev";\n', 'const mode = "prod";\n');
    const scratch = await vscode.workspace.openTextDocument({ language: 'markdown', content: `Here you go:\n\n${reply}` });
    const editor = await vscode.window.showTextDocument(scratch);
    editor.selection = new vscode.Selection(0, 0, scratch.lineCount, 0);
    const outcome = await vscode.commands.executeCommand<any>('applyAiEdit.applyFromSelection');
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    assert.strictEqual(text(`${dir}/sel.ts`), 'const mode = "prod";\n');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Apply AI Edit takes the clipboard when it holds edits', async () => {
    const dir = fresh('auto');
    put(`${dir}/auto.ts`, 'let n = 0;\n');
    await vscode.env.clipboard.writeText(searchReplace(`${dir}/auto.ts`, 'let n = 0;\n', 'let n = 1;\n'));
    const outcome = await vscode.commands.executeCommand<any>('applyAiEdit.apply');
    assert.strictEqual(outcome.receipt.ok, true);
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    await waitFor(() => text(`${dir}/auto.ts`) === 'let n = 1;\n', 'the saved file');
  });

  it('a multi-file reply with create, delete and move opens the multi-file diff and applies as one edit', async () => {
    const dir = fresh('multi');
    put(`${dir}/main.ts`, 'import { old } from "./old";\nold();\n');
    put(`${dir}/old.ts`, 'export function old() {}\n');
    put(`${dir}/obsolete.ts`, 'export const dead = true;\n');
    const reply = [
      '*** Begin Patch',
      `*** Update File: ${dir}/old.ts`,
      `*** Move to: ${dir}/renamed.ts`,
      '@@',
      '-export function old() {}',
      '+export function renamed() {}',
      `*** Add File: ${dir}/added.ts`,
      '+export const added = 1;',
      `*** Delete File: ${dir}/obsolete.ts`,
      `*** Update File: ${dir}/main.ts`,
      '@@',
      '-import { old } from "./old";',
      '-old();',
      '+import { renamed } from "./renamed";',
      '+renamed();',
      '*** End Patch',
      '',
    ].join('\n');
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.strictEqual(outcome.proposal.files.length, 4);
    const [multi] = multiDiffTabs();
    assert.ok(multi, 'a TabInputTextMultiDiff tab opened: ' + vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label).join(', '));
    assert.strictEqual(multi.label, 'AI edit: 5 edits (4 files)');
    assert.doesNotMatch(multi.label, /files?,/, 'the file count is VS Code\'s own `(4 files)`, not repeated in the title');
    assert.ok(exists(`${dir}/obsolete.ts`) && exists(`${dir}/old.ts`) && !exists(`${dir}/added.ts`), 'nothing written before accept');

    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/main.ts`), 'import { renamed } from "./renamed";\nrenamed();\n');
    assert.strictEqual(text(`${dir}/renamed.ts`), 'export function renamed() {}\n');
    assert.strictEqual(text(`${dir}/added.ts`), 'export const added = 1;\n');
    assert.ok(!exists(`${dir}/old.ts`), 'the move removed the source');
    assert.ok(!exists(`${dir}/obsolete.ts`), 'the deleted file is gone');
    assert.strictEqual(multiDiffTabs().length, 0, 'the review closed');
  });

  it('accepting one file of a multi-file review leaves the others pending', async () => {
    const dir = fresh('perfile');
    put(`${dir}/one.ts`, '1\n');
    put(`${dir}/two.ts`, '2\n');
    await applyFromClipboard(searchReplace(`${dir}/one.ts`, '1\n', 'one\n') + '\n' + searchReplace(`${dir}/two.ts`, '2\n', 'two\n'));
    const api = await activate();
    const first = api.review.pending!.files.find((f) => f.path.endsWith('one.ts'))!;
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.accept', first.proposedUri);
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.strictEqual(text(`${dir}/one.ts`), 'one\n');
    assert.strictEqual(text(`${dir}/two.ts`), '2\n');
    assert.deepStrictEqual(api.review.pending?.files.map((f) => f.path), [`${dir}/two.ts`]);
    await waitFor(() => reviewDiffTabs().length === 1, 'the review of the remaining file');
    assert.deepStrictEqual(await vscode.commands.executeCommand('applyAiEdit.rejectAll'), [`${dir}/two.ts`]);
    assert.strictEqual(text(`${dir}/two.ts`), '2\n');
  });

  it('marks re-indented and fuzzy matches so a person looks twice', async () => {
    const dir = fresh('look-twice');
    put(`${dir}/ind.ts`, 'function f() {\n    if (x) {\n        return 1;\n    }\n}\n');
    const outcome = await applyFromClipboard(searchReplace(`${dir}/ind.ts`, 'if (x) {\n    return 1;\n}\n', 'if (x) {\n    return 2;\n}\n'));
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.match(proposalSummary(outcome.receipt), /Look twice: .*ind\.ts:2 (indentation adjusted|re-indented)/);
    const proposed = (reviewDiffTabs()[0].input as vscode.TabInputTextDiff).modified;
    assert.strictEqual((await vscode.workspace.openTextDocument(proposed)).getText(), 'function f() {\n    if (x) {\n        return 2;\n    }\n}\n');
  });

  it('Apply AI Edit falls back to the selection when the clipboard holds no edits', async () => {
    const dir = fresh('fallback');
    put(`${dir}/f.ts`, 'let v = "old";\n');
    await vscode.env.clipboard.writeText('nothing to apply here');
    const scratch = await vscode.workspace.openTextDocument({ language: 'markdown', content: searchReplace(`${dir}/f.ts`, 'let v = "old";\n', 'let v = "new";\n') });
    const editor = await vscode.window.showTextDocument(scratch);
    editor.selection = new vscode.Selection(0, 0, scratch.lineCount, 0);
    const outcome = await vscode.commands.executeCommand<any>('applyAiEdit.apply');
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    assert.strictEqual(await vscode.env.clipboard.readText(), 'nothing to apply here');
    await vscode.commands.executeCommand('applyAiEdit.rejectAll');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Show Pending AI Edit Review reopens a closed review; the proposal waits meanwhile', async () => {
    const dir = fresh('reopen');
    put(`${dir}/o.ts`, 'a\n');
    await applyFromClipboard(searchReplace(`${dir}/o.ts`, 'a\n', 'b\n'));
    await vscode.window.tabGroups.close(reviewDiffTabs());
    assert.strictEqual(reviewDiffTabs().length, 0);
    assert.ok((await activate()).review.pending, 'closing the tab does not reject');
    assert.strictEqual(await vscode.commands.executeCommand('applyAiEdit.showReview'), true);
    assert.strictEqual(reviewDiffTabs().length, 1);
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    assert.strictEqual(text(`${dir}/o.ts`), 'b\n');
  });
});

describe('hand edits in the review', () => {
  before(activate);
  afterEach(cleanUp);

  it('edits typed on the proposed side survive save, close and reopen, and are what gets accepted', async () => {
    const dir = fresh('hand-edits');
    put(`${dir}/h.ts`, 'a\nb\nc\n');
    await applyFromClipboard(searchReplace(`${dir}/h.ts`, 'b\n', 'B\n'));
    const proposed = (reviewDiffTabs()[0].input as vscode.TabInputTextDiff).modified;
    const document = await vscode.workspace.openTextDocument(proposed);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(proposed, new vscode.Position(2, 0), '// checked by hand\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.strictEqual(await document.save(), true, 'the proposed side saves');
    assert.strictEqual(document.isDirty, false);
    await vscode.window.tabGroups.close(reviewDiffTabs());
    assert.strictEqual(reviewDiffTabs().length, 0);

    assert.strictEqual(await vscode.commands.executeCommand('applyAiEdit.showReview'), true);
    const reopened = (reviewDiffTabs()[0].input as vscode.TabInputTextDiff).modified;
    assert.strictEqual((await vscode.workspace.openTextDocument(reopened)).getText(), 'a\nB\n// checked by hand\nc\n', 'the reopened review shows the hand edit');
    assert.strictEqual(text(`${dir}/h.ts`), 'a\nb\nc\n', 'saving the proposal writes nothing to the real file');

    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.deepStrictEqual(accepted.handEdited, [`${dir}/h.ts`]);
    assert.strictEqual(text(`${dir}/h.ts`), 'a\nB\n// checked by hand\nc\n');
  });
});
