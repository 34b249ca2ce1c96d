// Undo leaves nothing of the AI edit behind: no editor on a file that is gone (Ctrl+S there would
// bring the AI's text back), no folder the apply created and undo emptied.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { activate, allTabs, applyFromClipboard, cleanUp, exists, fresh, open, put, text, uri } from './helpers';

function tabsOf(rel: string): vscode.Tab[] {
  const key = uri(rel).toString();
  return allTabs().filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key);
}

describe('history: undo cleans up', () => {
  before(activate);
  afterEach(cleanUp);

  it('undoing a move closes the editor on the destination, shows the source in its place, and removes the emptied folders', async () => {
    const dir = fresh('undo-move');
    put(`${dir}/src/format.ts`, 'export const f = 1;\n');
    put(`${dir}/src/cart.ts`, 'import { f } from "./format";\n');
    const editor = await open(`${dir}/src/format.ts`);
    const column = editor.viewColumn;
    const reply = [
      '*** Begin Patch',
      `*** Update File: ${dir}/src/format.ts`,
      `*** Move to: ${dir}/src/money/intl/format.ts`,
      '@@',
      '-export const f = 1;',
      '+export const f = 2;',
      `*** Add File: ${dir}/src/money/intl/format.test.ts`,
      '+test();',
      '*** End Patch',
    ].join('\n');
    assert.strictEqual((await applyFromClipboard(reply)).receipt.ok, true);
    assert.strictEqual((await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll')).applied, true);
    assert.strictEqual(text(`${dir}/src/money/intl/format.ts`), 'export const f = 2;\n');
    // The person looks at the moved file and the new test.
    await open(`${dir}/src/money/intl/format.ts`);
    await open(`${dir}/src/money/intl/format.test.ts`);
    assert.strictEqual(tabsOf(`${dir}/src/money/intl/format.ts`).length, 1);

    const undone = await vscode.commands.executeCommand<any>('applyAiEdit.undoLast');
    assert.strictEqual(undone.ok, true, undone.message);
    assert.strictEqual(text(`${dir}/src/format.ts`), 'export const f = 1;\n');
    assert.ok(!exists(`${dir}/src/money`), 'the folders the move created are gone');
    assert.ok(exists(`${dir}/src`), 'folders that were there before stay');
    assert.deepStrictEqual(tabsOf(`${dir}/src/money/intl/format.ts`), [], 'no editor left on the removed destination');
    assert.deepStrictEqual(tabsOf(`${dir}/src/money/intl/format.test.ts`), [], 'no editor left on the removed new file');
    const source = tabsOf(`${dir}/src/format.ts`);
    assert.strictEqual(source.length, 1, 'the source is shown where the destination was');
    assert.strictEqual(source[0].group.viewColumn, column);
    assert.ok(vscode.workspace.textDocuments.every((d) => !d.isDirty || d.uri.scheme !== 'file'), 'no dirty document holds the AI text');
  });

  it('accepting a deletion closes the editor of the deleted file', async () => {
    const dir = fresh('accept-delete');
    put(`${dir}/gone.ts`, 'bye\n');
    await open(`${dir}/gone.ts`);
    const reply = `*** Begin Patch\n*** Delete File: ${dir}/gone.ts\n*** End Patch\n`;
    assert.strictEqual((await applyFromClipboard(reply)).receipt.ok, true);
    assert.strictEqual((await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll')).applied, true);
    assert.ok(!exists(`${dir}/gone.ts`));
    assert.deepStrictEqual(tabsOf(`${dir}/gone.ts`), []);
    // Undo brings it back byte for byte.
    assert.strictEqual((await vscode.commands.executeCommand<any>('applyAiEdit.undoLast')).ok, true);
    assert.strictEqual(text(`${dir}/gone.ts`), 'bye\n');
  });
});
