// The panel (webview view): the extension side driven through the same messages its webview
// sends, and the webview itself opened in the workbench.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import type { ToPanel } from '../../src/vscode/panel/panelMessages';
import { chatContext, chatRequest, fakeModel, RecordingStream } from './chatFakes';
import { activate, cleanUp, fresh, open, put, reviewDiffTabs, searchReplace, text, waitFor } from './helpers';

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
      assert.strictEqual(history.entries.length >= 1, true);
      assert.strictEqual(history.entries[0].canUndo, true);
      assert.match(history.entries[0].title, /^Applied: 2 edits in 1 file/);
      assert.deepStrictEqual(history.entries[0].lines, [`${dir}/a.ts · block 1 · exact match`, `${dir}/a.ts · block 2 · exact match`]);

      await panel.receive({ type: 'undo' });
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\nconst b = 2;\nconst c = 3;\n');
      const after = posted.filter((m) => m.type === 'history').pop() as Extract<ToPanel, { type: 'history' }>;
      assert.strictEqual(after.entries[0].undone, true);
    } finally {
      listener.dispose();
    }
  });

  it('a failing block is shown with why, Apply writes nothing, Review opens only the placed files on request', async () => {
    const dir = fresh('panel-fail');
    put(`${dir}/a.ts`, 'const a = 1;\n');
    const reply = searchReplace(`${dir}/a.ts`, 'const a = 2;\n', 'const a = 3;\n');
    const { panel, review } = await activate();
    const posted: ToPanel[] = [];
    const listener = panel.onDidPost((m) => posted.push(m));
    try {
      await panel.receive({ type: 'text', text: reply });
      await panel.settle();
      const final = posted.filter((m): m is BlocksMessage => m.type === 'blocks').pop();
      assert.strictEqual(final?.state, 'failed');
      assert.strictEqual(final?.blocks[0].state, 'failed');
      assert.match(final?.blocks[0].detail ?? '', /^NO_MATCH: .*nearest/);
      await panel.receive({ type: 'apply' });
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\n');
      assert.strictEqual(review.pending, undefined);
      assert.ok(posted.some((m) => m.type === 'notice' && m.kind === 'error' && /Nothing was written/.test(m.message)));
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
      await waitFor(() => posted.some((m) => m.type === 'history' && m.entries[0]?.title.startsWith('Reviewed and applied')), 'the history entry');
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
