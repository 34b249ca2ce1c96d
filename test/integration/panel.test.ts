// The panel (webview view): the extension side driven through the same messages its webview
// sends, and the webview itself opened in the workbench.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import type { ToPanel } from '../../src/vscode/panel/panelMessages';
import { chatContext, chatRequest, fakeModel, RecordingStream } from './chatFakes';
import { activate, applyFromClipboard, cleanUp, fresh, open, put, reviewDiffTabs, searchReplace, text, waitFor } from './helpers';

type BlocksMessage = Extract<ToPanel, { type: 'blocks' }>;

describe('panel', () => {
  before(activate);
  afterEach(cleanUp);

  it('opens as a webview view', async () => {
    await vscode.commands.executeCommand('applyAiEdit.panel.focus');
    const { panel } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      // The webview's script says `ready` once it runs; the extension answers with the history.
      await waitFor(() => posted.some((m) => m.type === 'history'), 'the webview to load and say ready');
    } finally {
      listener.dispose();
    }
  });

  it('lists blocks live as the text arrives, then their final status; Apply writes; Undo restores', async () => {
    const dir = fresh('panel');
    put(`${dir}/a.ts`, 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
    const reply = `Two changes.\n\n${searchReplace(`${dir}/a.ts`, 'const a = 1;\n', 'const a = 10;\n')}\n${searchReplace(`${dir}/a.ts`, 'const c = 3;\n', 'const c = 30;\n')}\nDone.\n`;
    const { panel } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      // The text grows in small pieces, as when a reply streams into the box.
      for (let at = 0; at < reply.length; at += 11) await panel.receive({ type: 'text', text: reply.slice(0, at + 11) });
      const blocks = posted.filter((m): m is BlocksMessage => m.type === 'blocks');
      const firstPlaced = blocks.findIndex((m) => m.blocks.some((b) => b.state === 'placed'));
      const bothPlaced = blocks.findIndex((m) => m.blocks.filter((b) => b.state === 'placed').length === 2);
      assert.ok(firstPlaced >= 0 && firstPlaced < bothPlaced, 'block 1 showed as placed before block 2 had arrived');
      await panel.settle();
      const final = posted.filter((m): m is BlocksMessage => m.type === 'blocks').pop();
      assert.strictEqual(final?.state, 'ready');
      assert.deepStrictEqual(final?.blocks.map((b) => [b.block, b.state, b.detail]), [
        [1, 'placed', 'exact match, line 1'],
        [2, 'placed', 'exact match, line 3'],
      ]);
      assert.match(final?.summary ?? '', /^Ready: 2 edits in 1 file/);

      await panel.receive({ type: 'apply' });
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 10;\nconst b = 2;\nconst c = 30;\n');
      const history = posted.filter((m) => m.type === 'history').pop() as Extract<ToPanel, { type: 'history' }>;
      assert.strictEqual(history.entries[0].canUndo, true);
      assert.strictEqual(history.entries[0].title, `2 edits in ${dir}/a.ts`);
      assert.strictEqual(history.entries[0].source, 'panel');
      assert.deepStrictEqual(history.entries[0].lines, [`${dir}/a.ts · block 1 · exact match`, `${dir}/a.ts · block 2 · exact match`]);

      await panel.receive({ type: 'undo', id: history.entries[0].id });
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
      const after = posted.filter((m) => m.type === 'history').pop() as Extract<ToPanel, { type: 'history' }>;
      assert.strictEqual(after.entries[0].undone, true);
      assert.strictEqual(after.entries[0].canUndo, false);
    } finally {
      listener.dispose();
    }
  });

  it('one history for the panel and the commands: each entry undoes its own apply, not the last one', async () => {
    const dir = fresh('panel-history');
    put(`${dir}/first.ts`, 'first = 1\n');
    put(`${dir}/second.ts`, 'second = 1\n');
    const { panel } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      // The first reply from the panel, the second by the clipboard command, as the issue did.
      await panel.receive({ type: 'text', text: searchReplace(`${dir}/first.ts`, 'first = 1\n', 'first = 2\n') });
      await panel.receive({ type: 'apply' });
      await applyFromClipboard(searchReplace(`${dir}/second.ts`, 'second = 1\n', 'second = 2\n'));
      assert.strictEqual((await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll')).applied, true);
      const history = () => (posted.filter((m) => m.type === 'history').pop() as Extract<ToPanel, { type: 'history' }>).entries;
      await waitFor(() => history()[0]?.title === `1 edit in ${dir}/second.ts`, 'the command\'s apply in the panel\'s history');
      assert.deepStrictEqual(history().slice(0, 2).map((e) => [e.title, e.source, e.canUndo]), [
        [`1 edit in ${dir}/second.ts`, 'clipboard', true],
        [`1 edit in ${dir}/first.ts`, 'panel', true],
      ]);

      // Undo on the panel's first (older) entry takes back exactly that reply.
      await panel.receive({ type: 'undo', id: history()[1].id });
      assert.strictEqual(text(`${dir}/first.ts`), 'first = 1\n');
      assert.strictEqual(text(`${dir}/second.ts`), 'second = 2\n', 'the other reply stays');
      assert.deepStrictEqual(history().slice(0, 2).map((e) => e.undone), [false, true]);
      assert.ok(posted.some((m) => m.type === 'notice' && m.message === `Undid the AI edit: 1 edit in ${dir}/first.ts.`));

      // Undo Last AI Edit (the palette) now takes the newest one still standing.
      const undone = await vscode.commands.executeCommand<any>('applyAiEdit.undoLast');
      assert.strictEqual(undone.ok, true, undone.message);
      assert.strictEqual(text(`${dir}/second.ts`), 'second = 1\n');
      await waitFor(() => history()[0].undone, 'the panel to show the entry undone');
      await panel.receive({ type: 'undo', id: history()[0].id });
      assert.ok(posted.some((m) => m.type === 'notice' && m.kind === 'error' && /was already undone/.test(m.message)), 'nothing is undone twice');
    } finally {
      listener.dispose();
    }
  });

  it('an older entry whose file a newer apply changed again is refused, and nothing changes', async () => {
    const dir = fresh('panel-history-refuse');
    put(`${dir}/f.ts`, 'v1\n');
    const { review } = await activate();
    await applyFromClipboard(searchReplace(`${dir}/f.ts`, 'v1\n', 'v2\n'));
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    const older = review.history.entries[0].id;
    await applyFromClipboard(searchReplace(`${dir}/f.ts`, 'v2\n', 'v3\n'));
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    const refused = await review.undo(older);
    assert.strictEqual(refused.ok, false);
    assert.match(refused.message, /changed after the AI edit/);
    assert.strictEqual(text(`${dir}/f.ts`), 'v3\n');
  });

  it('a failing block: its why, once; Copy Failure Report and Review the Rest; Apply writes nothing', async () => {
    const dir = fresh('panel-fail');
    put(`${dir}/a.ts`, 'const a = 1;\n');
    put(`${dir}/ok.ts`, 'const ok = 1;\n');
    const reply = searchReplace(`${dir}/a.ts`, 'const a = 2;\n', 'const a = 3;\n') + '\n' + searchReplace(`${dir}/ok.ts`, 'const ok = 1;\n', 'const ok = 2;\n');
    const { panel, review } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      await vscode.env.clipboard.writeText('what the user copied');
      await panel.receive({ type: 'text', text: reply });
      await panel.settle();
      const final = posted.filter((m): m is BlocksMessage => m.type === 'blocks').pop();
      assert.strictEqual(final?.state, 'failed');
      assert.deepStrictEqual(final?.blocks.map((b) => b.state), ['failed', 'placed']);
      assert.match(final?.blocks[0].detail ?? '', /^NO_MATCH: .*nearest/);
      assert.deepStrictEqual(final?.failure, { canReviewRest: true }, 'the panel offers both buttons');

      // Apply writes nothing, and does not repeat the red summary in a second line.
      await panel.receive({ type: 'apply' });
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\n');
      assert.strictEqual(review.pending, undefined);
      const notices = posted.filter((m): m is Extract<ToPanel, { type: 'notice' }> => m.type === 'notice');
      assert.deepStrictEqual(notices.map((n) => n.message), ['Nothing was written.']);
      assert.strictEqual(await vscode.env.clipboard.readText(), 'what the user copied', 'the clipboard is the user\'s until they copy the report');

      await panel.receive({ type: 'copyReport' });
      const report = await vscode.env.clipboard.readText();
      assert.match(report, /could not be applied/);
      assert.match(report, /NO_MATCH/);

      await panel.receive({ type: 'reviewRest' });
      await waitFor(() => reviewDiffTabs().length === 1, 'the review of the placed file');
      const rest = (await activate()).review.pending;
      assert.deepStrictEqual(rest?.files.map((f) => f.path), [`${dir}/ok.ts`]);
      assert.strictEqual(rest?.partial, true);
      assert.strictEqual(text(`${dir}/ok.ts`), 'const ok = 1;\n', 'nothing written before accept');
    } finally {
      listener.dispose();
    }
  });

  it('Apply Model Reply with no edits on the clipboard or in a selection opens the panel for a multi-line paste', async () => {
    const dir = fresh('panel-paste');
    put(`${dir}/p.ts`, 'export const a = 1;\nexport const b = 2;\n');
    await vscode.env.clipboard.writeText('just a sentence, no edits');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const { panel, review } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      const outcome = await vscode.commands.executeCommand('applyAiEdit.apply');
      assert.strictEqual(outcome, undefined, 'nothing proposed yet');
      assert.ok(posted.some((m) => m.type === 'focus' && /paste the model/i.test(m.message)), 'the reply box was asked to take focus');
      await waitFor(() => panel.visible, 'the panel to be visible');
      // A reply of many lines, as pasted into the box (an input box would have made it one line).
      const reply = `Two edits:\n\n${searchReplace(`${dir}/p.ts`, 'export const a = 1;\n', 'export const a = 10;\n')}\n${searchReplace(`${dir}/p.ts`, 'export const b = 2;\n', 'export const b = 20;\n')}`;
      await panel.receive({ type: 'text', text: reply });
      await panel.receive({ type: 'review' });
      await waitFor(() => reviewDiffTabs().length === 1, 'the review diff');
      assert.strictEqual(review.pending?.files[0].change.newText, 'export const a = 10;\nexport const b = 20;\n');
    } finally {
      listener.dispose();
    }
  });

  it('Review opens the diff; accepting it adds the reply to the history', async () => {
    const dir = fresh('panel-review');
    put(`${dir}/a.ts`, 'let x = 1;\n');
    const { panel } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      await panel.receive({ type: 'text', text: searchReplace(`${dir}/a.ts`, 'let x = 1;\n', 'let x = 2;\n') });
      await panel.receive({ type: 'review' });
      await waitFor(() => reviewDiffTabs().length === 1, 'the review diff');
      assert.strictEqual(text(`${dir}/a.ts`), 'let x = 1;\n');
      await vscode.commands.executeCommand('applyAiEdit.acceptAll');
      await waitFor(() => posted.some((m) => m.type === 'history' && m.entries[0]?.title === `1 edit in ${dir}/a.ts`), 'the history entry');
      assert.strictEqual(text(`${dir}/a.ts`), 'let x = 2;\n');
    } finally {
      listener.dispose();
    }
  });

  it('watches the reply @apply /edit streams: the same live block list, then its outcome', async () => {
    const dir = fresh('panel-watch');
    const path = `${dir}/a.ts`;
    put(path, 'const a = 1;\nconst b = 2;\n');
    await open(path);
    const { api: fake, model } = await fakeModel();
    fake.script([`${searchReplace(path, 'const a = 1;\n', 'const a = 10;\n')}\n${searchReplace(path, 'const b = 2;\n', 'const b = 20;\n')}`], { chunkSize: 6, delayMs: 1 });
    const { chat, panel } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      const result = await chat.handler(chatRequest('bump both', 'edit', model), chatContext, new RecordingStream(), new vscode.CancellationTokenSource().token);
      assert.strictEqual(result?.metadata?.proposed, true);
    } finally {
      listener.dispose();
    }
    const watched = posted.filter((m): m is Extract<ToPanel, { type: 'watch' }> => m.type === 'watch');
    assert.ok(watched.some((m) => m.state === 'reading' && m.blocks.filter((b) => b.state === 'placed').length === 1), 'block 1 showed placed while the model was still writing');
    const last = watched[watched.length - 1];
    assert.strictEqual(last.state, 'ready');
    assert.strictEqual(last.source, '@apply /edit');
    assert.deepStrictEqual(last.blocks.map((b) => [b.block, b.state]), [[1, 'placed'], [2, 'placed']]);
  });
});
