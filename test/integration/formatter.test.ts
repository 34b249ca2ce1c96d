// Format on save runs when an accept saves, and when it changes the accepted text the notification,
// Show Details and the agent tool's answer say so, with the formatter's diff: the model's next edit
// must quote the file as it is now.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { activate, applyFromClipboard, cleanUp, fresh, put, recordNotices, searchReplace, text, withSetting } from './helpers';

/** A formatter for `*.fmt` files: `a=1` becomes `a = 1` on every line. */
function registerSpacingFormatter(): vscode.Disposable {
  return vscode.languages.registerDocumentFormattingEditProvider({ scheme: 'file', pattern: '**/*.fmt' }, {
    provideDocumentFormattingEdits(document) {
      const edits: vscode.TextEdit[] = [];
      for (let line = 0; line < document.lineCount; line++) {
        const { text: lineText, range } = document.lineAt(line);
        const spaced = lineText.replace(/\s*=\s*/g, ' = ');
        if (spaced !== lineText) edits.push(vscode.TextEdit.replace(range, spaced));
      }
      return edits;
    },
  });
}

describe('format on save', () => {
  let formatter: vscode.Disposable;
  let restore: () => Promise<void>;
  before(async () => {
    await activate();
    formatter = registerSpacingFormatter();
    restore = await withSetting('formatOnSave', true, 'editor');
  });
  after(async () => {
    formatter.dispose();
    await restore();
  });
  afterEach(cleanUp);

  it('runs on accept; the notification and Show Details say the file changed on save, with the diff', async () => {
    const dir = fresh('format');
    put(`${dir}/conf.fmt`, 'name = demo\nport = 80\n');
    const recorder = await recordNotices();
    try {
      await applyFromClipboard(searchReplace(`${dir}/conf.fmt`, 'port = 80\n', 'port=8080\n'));
      const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
      assert.strictEqual(accepted.applied, true, accepted.message);
      assert.strictEqual(text(`${dir}/conf.fmt`), 'name = demo\nport = 8080\n', 'the formatter ran on the save');
      assert.deepStrictEqual(accepted.reshaped.map((r: any) => r.path), [`${dir}/conf.fmt`]);
      assert.match(accepted.reshaped[0].diff, /\n-port=8080\n\+port = 8080\n/);
      assert.deepStrictEqual(accepted.handEdited, [], 'the formatter is not the person');
      const applied = recorder.find(/^Applied the AI edit/);
      assert.match(applied?.message ?? '', new RegExp(`Saving then changed ${dir}/conf\\.fmt \\(format on save\\); Show Details has the diff\\.`));
      const details = (await vscode.commands.executeCommand<vscode.TextDocument>('applyAiEdit.showDetails'))!.getText();
      assert.match(details, /## Changed when saved/);
      assert.match(details, /```diff\n[\s\S]*-port=8080\n\+port = 8080\n[\s\S]*```/);
      // Undo restores the bytes from before the edit, formatter or not.
      assert.strictEqual((await vscode.commands.executeCommand<any>('applyAiEdit.undoLast')).ok, true);
      assert.strictEqual(text(`${dir}/conf.fmt`), 'name = demo\nport = 80\n');
    } finally {
      recorder.stop();
    }
  });

  it('the agent tool tells the model the file changed on save, with the diff to quote from', async () => {
    const dir = fresh('format-tool');
    put(`${dir}/tool.fmt`, 'a = 1\n');
    const restoreMode = await withSetting('tool.applyMode', 'applyAfterConfirmation');
    try {
      const { chat } = await activate();
      const answer = await chat.tool.run({ edits: [{ path: `${dir}/tool.fmt`, old_string: 'a = 1', new_string: 'a=2' }] }, new vscode.CancellationTokenSource().token);
      assert.strictEqual(text(`${dir}/tool.fmt`), 'a = 2\n');
      assert.match(answer, /Applied and saved/);
      assert.match(answer, /Saving then changed these files .*Quote them as they are now/);
      assert.match(answer, new RegExp(`${dir}/tool\\.fmt:\\n\`\`\`diff\\n[\\s\\S]*-a=2\\n\\+a = 2\\n[\\s\\S]*\`\`\``));
      assert.doesNotMatch(answer, /the user adjusted/, 'a formatter is not a hand edit');
    } finally {
      await restoreMode();
    }
  });

  it('with saveOnAccept off nothing is saved, so nothing is reformatted', async () => {
    const restoreSave = await withSetting('saveOnAccept', false);
    try {
      const dir = fresh('format-nosave');
      put(`${dir}/n.fmt`, 'b = 1\n');
      await applyFromClipboard(searchReplace(`${dir}/n.fmt`, 'b = 1\n', 'b=2\n'));
      const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
      assert.deepStrictEqual(accepted.reshaped, []);
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(`${(await import('./helpers')).abs(`${dir}/n.fmt`)}`));
      assert.strictEqual(document.getText(), 'b=2\n');
      await document.save();
    } finally {
      await restoreSave();
    }
  });
});
