// Run with workspace trust enforced and the folder untrusted (npm run test:untrusted): the reply is
// planned and its diff shown, but nothing can be written, from any way in.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { activate, applyFromClipboard, fresh, put, recordNotices, reviewDiffTabs, searchReplace, text } from '../helpers';

describe('untrusted workspace (restricted mode)', () => {
  before(async () => {
    assert.strictEqual(vscode.workspace.isTrusted, false, 'this suite must run in an untrusted workspace (npm run test:untrusted)');
    await activate();
  });

  it('previews the reply in the diff, refuses every accept, and writes nothing', async () => {
    const dir = fresh('untrusted');
    put(`${dir}/a.ts`, 'const a = 1;\n');
    const recorder = await recordNotices();
    try {
      const outcome = await applyFromClipboard(searchReplace(`${dir}/a.ts`, 'const a = 1;\n', 'const a = 2;\n'));
      assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
      const [tab] = reviewDiffTabs();
      assert.ok(tab, 'the preview diff opened');
      const proposed = (tab.input as vscode.TabInputTextDiff).modified;
      assert.strictEqual((await vscode.workspace.openTextDocument(proposed)).getText(), 'const a = 2;\n');

      // The notification says so and offers no Accept; the status bar neither.
      const ready = recorder.find(/AI edit ready/);
      assert.match(ready?.message ?? '', /Preview only: this workspace is not trusted/);
      assert.deepStrictEqual(ready?.buttons, ['Reject']);
      const { statusBar, review, chat, panel } = await activate();
      assert.deepStrictEqual(statusBar.shown.map(([label]) => label), ['$(git-compare) AI edit: 1 file', '$(close) Reject']);

      // Every way to accept is refused.
      for (const command of ['applyAiEdit.acceptAll', 'applyAiEdit.accept']) {
        const accepted = await vscode.commands.executeCommand<any>(command, proposed);
        assert.strictEqual(accepted.applied, false, command);
        assert.match(accepted.message, /not trusted/);
      }
      assert.strictEqual((await review.accept()).applied, false);
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\n', 'nothing written');
      assert.ok(review.pending, 'the preview stays until rejected');
      assert.deepStrictEqual(await vscode.commands.executeCommand('applyAiEdit.rejectAll'), [`${dir}/a.ts`]);

      // The panel's Apply and the agent tool (apply at once) write nothing either.
      await panel.receive({ type: 'text', text: searchReplace(`${dir}/a.ts`, 'const a = 1;\n', 'const a = 3;\n') });
      await panel.receive({ type: 'apply' });
      const restore = await (await import('../helpers')).withSetting('tool.applyMode', 'applyAfterConfirmation');
      try {
        const answer = await chat.tool.run({ edits: [{ path: `${dir}/a.ts`, old_string: 'const a = 1;', new_string: 'const a = 4;' }] }, new vscode.CancellationTokenSource().token);
        assert.match(answer, /Not applied: .*not trusted/);
      } finally {
        await restore();
      }
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\n', 'still nothing written');
    } finally {
      recorder.stop();
      await vscode.commands.executeCommand('applyAiEdit.rejectAll');
    }
  });
});
