// What a person sees around a review without moving focus: the "ready" notification with Accept
// and Reject on it, the status bar items, "Applied" at once with the new problems after it, and
// notification texts that read well (no repeated source name, the look-twice note first).
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { activate, applyFromClipboard, cleanUp, fresh, open, put, recordNotices, reviewDiffTabs, searchReplace, text, uri, waitFor, withSetting } from './helpers';

describe('notifications and the status bar', () => {
  before(activate);
  afterEach(cleanUp);

  it('the ready notification and the status bar offer Accept and Reject while focus stays in the editor', async () => {
    const dir = fresh('ready-buttons');
    put(`${dir}/a.ts`, 'one\ntwo\n');
    await open(`${dir}/a.ts`);
    const recorder = await recordNotices();
    try {
      await applyFromClipboard(searchReplace(`${dir}/a.ts`, 'two\n', 'TWO\n'));
      assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), uri(`${dir}/a.ts`).toString(), 'focus stayed in the editor');
      const ready = recorder.find(/^AI edit ready/);
      assert.ok(ready, recorder.notices.map((n) => n.message).join('\n'));
      assert.strictEqual(ready.message, 'AI edit ready: 1 edit in 1 file.');
      assert.deepStrictEqual(ready.buttons, ['Accept', 'Reject']);
      const { statusBar } = await activate();
      assert.deepStrictEqual(statusBar.shown, [
        ['$(git-compare) AI edit: 1 file', 'applyAiEdit.showReview'],
        ['$(check) Accept', 'applyAiEdit.acceptAll'],
        ['$(close) Reject', 'applyAiEdit.rejectAll'],
      ]);
      // The notification's Accept, as a click runs it.
      await ready.choose('Accept');
      await waitFor(() => text(`${dir}/a.ts`) === 'one\nTWO\n', 'the accepted file on disk');
      assert.deepStrictEqual(statusBar.shown, [], 'the status bar items go with the review');
      assert.strictEqual(reviewDiffTabs().length, 0);
    } finally {
      recorder.stop();
    }
  });

  it('a multi-file review offers Accept All and Reject All; a button of an earlier review does nothing', async () => {
    const dir = fresh('ready-multi');
    put(`${dir}/one.ts`, '1\n');
    put(`${dir}/two.ts`, '2\n');
    const recorder = await recordNotices();
    try {
      await applyFromClipboard(searchReplace(`${dir}/one.ts`, '1\n', 'one\n') + '\n' + searchReplace(`${dir}/two.ts`, '2\n', 'two\n'));
      const first = recorder.find(/^AI edit ready: 2 edits in 2 files\.$/);
      assert.deepStrictEqual(first?.buttons, ['Accept All', 'Reject All']);
      await first!.choose('Reject All');
      await waitFor(async () => (await activate()).review.pending === undefined, 'the review to be rejected');
      assert.strictEqual(text(`${dir}/one.ts`), '1\n');

      // A new review; the earlier notification's button must not decide it.
      await applyFromClipboard(searchReplace(`${dir}/one.ts`, '1\n', 'uno\n'));
      const stale = recorder.notices.find((n) => n !== first && /^AI edit ready/.test(n.message));
      assert.ok(stale);
      const second = (await activate()).review.pending;
      await first!.choose('Accept All');
      assert.strictEqual((await activate()).review.pending, second, 'still pending');
      assert.strictEqual(text(`${dir}/one.ts`), '1\n');
    } finally {
      recorder.stop();
    }
  });

  it('with openReviewAutomatically off, the notification also offers Review', async () => {
    const restore = await withSetting('openReviewAutomatically', false);
    const recorder = await recordNotices();
    try {
      const dir = fresh('ready-review');
      put(`${dir}/r.ts`, 'r\n');
      await applyFromClipboard(searchReplace(`${dir}/r.ts`, 'r\n', 'R\n'));
      assert.strictEqual(reviewDiffTabs().length, 0);
      const ready = recorder.find(/^AI edit ready/);
      assert.deepStrictEqual(ready?.buttons, ['Accept', 'Reject', 'Review']);
      await ready!.choose('Review');
      await waitFor(() => reviewDiffTabs().length === 1, 'the review to open');
    } finally {
      recorder.stop();
      await restore();
    }
  });

  it('"Applied" is shown as soon as the files are written; the check for new problems follows with a spinner', async () => {
    const dir = fresh('applied-at-once');
    // No language server looks at .txt files: the check waits its whole bounded time.
    put(`${dir}/notes.txt`, 'alpha\nbeta\n');
    const { notifier } = await activate();
    const recorder = await recordNotices();
    const spinners: string[] = [];
    const listener = notifier.onDidStartProgress((p) => spinners.push(p.title));
    try {
      await applyFromClipboard(searchReplace(`${dir}/notes.txt`, 'beta\n', 'BETA\n'));
      const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
      assert.strictEqual(accepted.applied, true, accepted.message);
      const applied = recorder.find(/^Applied the AI edit/);
      assert.ok(applied, 'the Applied notification is there when accept returns');
      assert.strictEqual(applied.message, `Applied the AI edit to ${dir}/notes.txt.`);
      assert.deepStrictEqual(applied.buttons, ['Undo', 'Show Details']);
      const state = await Promise.race([accepted.diagnostics.then(() => 'settled'), new Promise((r) => setTimeout(() => r('checking'), 0))]);
      assert.strictEqual(state, 'checking', 'the diagnostics check was still running when Applied was shown');
      assert.deepStrictEqual(spinners, ['Checking 1 file for new problems']);
      assert.deepStrictEqual(await accepted.diagnostics, []);
      // Its Undo takes back this apply.
      await applied.choose('Undo');
      await waitFor(() => text(`${dir}/notes.txt`) === 'alpha\nbeta\n', 'the undo');
    } finally {
      listener.dispose();
      recorder.stop();
    }
  });

  it('new problems get their own notification once the language server reports them', async () => {
    const dir = fresh('problems');
    put(`${dir}/config.json`, '{\n  "name": "demo",\n  "port": 8080\n}\n');
    await open(`${dir}/config.json`);
    const recorder = await recordNotices();
    try {
      await applyFromClipboard(searchReplace(`${dir}/config.json`, '  "port": 8080\n', '  "port": 8080,,\n'));
      const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
      assert.ok(recorder.find(/^Applied the AI edit/));
      assert.ok(!recorder.find(/introduced/), 'not before the server has spoken');
      const found = await accepted.diagnostics;
      assert.ok(found.length > 0);
      const problems = recorder.find(/^The AI edit introduced \d+ error/);
      assert.ok(problems, recorder.notices.map((n) => n.message).join('\n'));
      assert.strictEqual(problems.kind, 'warning');
      assert.match(problems.message, new RegExp(`${dir}/config\\.json:3 error`));
      assert.deepStrictEqual(problems.buttons, ['Undo', 'Show Details']);
    } finally {
      recorder.stop();
    }
  });

  it('notification texts: no "Apply AI Edit:" prefix (VS Code names the source); the look-twice note comes first', async () => {
    const dir = fresh('texts');
    put(`${dir}/ind.ts`, 'function f() {\n    if (x) {\n        return 1;\n    }\n}\n');
    const recorder = await recordNotices();
    try {
      await applyFromClipboard(searchReplace(`${dir}/ind.ts`, 'if (x) {\n    return 1;\n}\n', 'if (x) {\n    return 2;\n}\n'));
      const ready = recorder.find(/AI edit ready/);
      assert.ok(ready);
      assert.match(ready.message, new RegExp(`^Look twice: ${dir}/ind\\.ts:2 .*\\. AI edit ready: 1 edit in 1 file\\.$`));
      assert.strictEqual(ready.kind, 'warning');
      await vscode.commands.executeCommand('applyAiEdit.rejectAll');
      await applyFromClipboard(searchReplace(`${dir}/ind.ts`, 'not in the file\n', 'x\n'));
      await vscode.commands.executeCommand('applyAiEdit.showReview');
      assert.ok(recorder.notices.length >= 3);
      for (const notice of recorder.notices) assert.doesNotMatch(notice.message, /^Apply AI Edit/, notice.message);
    } finally {
      recorder.stop();
    }
  });
});
