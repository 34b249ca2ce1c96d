// The @apply chat participant, called exactly as VS Code calls it, with the fake model of
// test/fake-model-extension streaming scripted replies in small chunks.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { chatContext, chatRequest, fakeModel, RecordingStream, type FakeModelApi } from './chatFakes';
import { activate, cleanUp, fresh, open, put, reviewDiffTabs, searchReplace, text, uri, waitFor } from './helpers';

const original = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function twice(x: number): number {\n  return add(x, x);\n}\n';
const renamed = 'export function sum(a: number, b: number): number {\n  return a + b;\n}\n\nexport function twice(x: number): number {\n  return sum(x, x);\n}\n';

function renameReply(path: string, secondSearch = '  return add(x, x);\n'): string {
  return [
    'Renaming `add` to `sum` and its one caller.',
    '',
    searchReplace(path, 'export function add(a: number, b: number): number {\n', 'export function sum(a: number, b: number): number {\n'),
    searchReplace(path, secondSearch, '  return sum(x, x);\n'),
  ].join('\n');
}

describe('@apply chat participant', () => {
  let fake: FakeModelApi;
  let model: vscode.LanguageModelChat;
  before(async () => {
    await activate();
    ({ api: fake, model } = await fakeModel());
  });
  afterEach(cleanUp);

  it('/edit: streams the model reply in small chunks, shows each block live, opens the review with the proposed text', async () => {
    const dir = fresh('chat-edit');
    const path = `${dir}/math.ts`;
    put(path, original);
    await open(path);
    fake.script([renameReply(path)], { chunkSize: 5, delayMs: 1 });
    const stream = new RecordingStream();
    const { chat, review } = await activate();
    const result = await chat.handler(chatRequest('rename add to sum', 'edit', model), chatContext, stream, new vscode.CancellationTokenSource().token);

    assert.strictEqual(result?.metadata?.proposed, true, stream.text);
    assert.strictEqual(result?.metadata?.rounds, 1);
    // The model saw the file and the instruction.
    assert.ok(fake.requests[0].includes(original) && fake.requests[0].includes('rename add to sum'));
    // The reply reached the chat in many small parts, and block 1's status came before the model
    // had finished writing block 2: the status is live, not computed at the end.
    const parts = stream.parts.filter((p) => p.kind === 'markdown').map((p) => (p as { value: string }).value);
    assert.ok(parts.length > 20, `streamed in ${parts.length} parts`);
    const firstStatus = parts.findIndex((p) => p.includes('✓ block 1'));
    const lastModelChunk = parts.findIndex((p) => p.includes('REPLACE') && parts.slice(0, parts.indexOf(p)).join('').includes('return add(x, x)'));
    assert.ok(firstStatus >= 0, stream.text);
    assert.ok(firstStatus < lastModelChunk, `block 1's status (part ${firstStatus}) came before block 2 finished (part ${lastModelChunk})`);
    assert.match(stream.text, /✓ block 2 · `[^`]+math\.ts` · SEARCH\/REPLACE · exact match, line 6/);
    // Status lines never land inside a code fence (they would render as code and break it).
    let inFence = false;
    for (const line of stream.text.split('\n')) {
      if (/^\s*```/.test(line)) inFence = !inFence;
      else if (/^> [✓✗] block/.test(line)) assert.strictEqual(inFence, false, `status inside a fence: ${line}`);
    }
    assert.strictEqual(inFence, false, 'every fence the model opened is closed');
    // The review is open with the proposed text; nothing is written.
    const [tab] = reviewDiffTabs();
    assert.ok(tab, 'a review diff opened');
    const proposed = await vscode.workspace.openTextDocument((tab.input as vscode.TabInputTextDiff).modified);
    assert.strictEqual(proposed.getText(), renamed);
    assert.strictEqual(text(path), original);
    assert.strictEqual(review.pending?.id, result?.metadata?.proposalId);
    // The Apply button runs the extension's own command and writes the file.
    const apply = stream.buttons.find((b) => b.title === 'Apply');
    assert.ok(apply, 'an Apply button');
    await vscode.commands.executeCommand(apply.command, ...(apply.arguments ?? []));
    assert.strictEqual(text(path), renamed);
  });

  it('/edit: a failed block goes back to the model with the failure report, and the retry fixes it', async () => {
    const dir = fresh('chat-retry');
    const path = `${dir}/math.ts`;
    put(path, original);
    await open(path);
    const fixed = searchReplace(path, '  return add(x, x);\n', '  return sum(x, x);\n');
    fake.script([renameReply(path, '  return add(y, y); // not in the file\n'), `Sorry, here is the fixed block.\n\n${fixed}`], { chunkSize: 9, delayMs: 0 });
    const stream = new RecordingStream();
    const { chat } = await activate();
    const result = await chat.handler(chatRequest('rename add to sum', 'edit', model), chatContext, stream, new vscode.CancellationTokenSource().token);

    assert.strictEqual(result?.metadata?.rounds, 2, stream.text);
    assert.strictEqual(result?.metadata?.proposed, true, stream.text);
    assert.match(stream.text, /✗ block 2 · [^\n]*NO\\_MATCH/);
    assert.match(stream.text, /Retry 1 of 2/);
    // The second request carried the failure report, with the nearest lines and "do not re-send".
    assert.strictEqual(fake.requests.length, 2);
    assert.match(fake.requests[1], /could not be applied/);
    assert.match(fake.requests[1], /return add\(x, x\);/);
    assert.match(fake.requests[1], /Do not re-send them/);
    // The first round's good block and the retry's fix are proposed together.
    const [tab] = reviewDiffTabs();
    assert.ok(tab, 'a review diff opened');
    assert.strictEqual((await vscode.workspace.openTextDocument((tab.input as vscode.TabInputTextDiff).modified)).getText(), renamed);
    assert.strictEqual(text(path), original);
  });

  it('/edit: gives up after two retries, writes nothing, and offers the failure report', async () => {
    const dir = fresh('chat-giveup');
    const path = `${dir}/math.ts`;
    put(path, original);
    await open(path);
    const bad = searchReplace(path, '  return add(y, y);\n', '  return sum(x, x);\n');
    fake.script([bad, bad, bad], { chunkSize: 50, delayMs: 0 });
    const stream = new RecordingStream();
    const { chat, review } = await activate();
    const result = await chat.handler(chatRequest('rename add to sum', 'edit', model), chatContext, stream, new vscode.CancellationTokenSource().token);
    assert.strictEqual(result?.metadata?.rounds, 3);
    assert.strictEqual(result?.metadata?.proposed, false);
    assert.deepStrictEqual(result?.metadata?.failures, ['NO_MATCH']);
    assert.strictEqual(fake.requests.length, 3);
    assert.ok(stream.buttons.some((b) => b.command === 'applyAiEdit.copyFailureReport'));
    assert.strictEqual(review.pending, undefined);
    assert.strictEqual(reviewDiffTabs().length, 0);
    assert.strictEqual(text(path), original);
  });

  it('/edit: cancelling mid-stream stops the model and writes nothing', async () => {
    const dir = fresh('chat-cancel');
    const path = `${dir}/math.ts`;
    put(path, original);
    await open(path);
    fake.script([renameReply(path)], { chunkSize: 4, delayMs: 5 });
    const stream = new RecordingStream();
    const cancel = new vscode.CancellationTokenSource();
    const stop = fake.onChunk((sent, total) => {
      if (sent > total / 2) cancel.cancel();
    });
    const { chat, review } = await activate();
    try {
      const result = await chat.handler(chatRequest('rename add to sum', 'edit', model), chatContext, stream, cancel.token);
      assert.strictEqual(result?.metadata?.cancelled, true, stream.text);
    } finally {
      stop();
    }
    assert.match(stream.text, /Cancelled\.\*\* Nothing was written/);
    assert.strictEqual(review.pending, undefined);
    assert.strictEqual(reviewDiffTabs().length, 0);
    assert.strictEqual(text(path), original);
    const document = await vscode.workspace.openTextDocument(uri(path));
    assert.strictEqual(document.isDirty, false);
  });

  it('/edit: a file edited while the model writes is OUT_OF_DATE; the retry gets its fresh text', async () => {
    const dir = fresh('chat-stale');
    const path = `${dir}/math.ts`;
    put(path, original);
    const editor = await open(path);
    const edited = `// edited by hand\n${original}`;
    fake.script([renameReply(path), renameReply(path)], { chunkSize: 6, delayMs: 1 });
    let touched = false;
    const stop = fake.onChunk((sent) => {
      if (!touched && sent > 30) {
        touched = true;
        void editor.edit((b) => b.insert(new vscode.Position(0, 0), '// edited by hand\n'));
      }
    });
    const stream = new RecordingStream();
    const { chat } = await activate();
    try {
      const result = await chat.handler(chatRequest('rename add to sum', 'edit', model), chatContext, stream, new vscode.CancellationTokenSource().token);
      assert.strictEqual(result?.metadata?.rounds, 2, stream.text);
      assert.strictEqual(result?.metadata?.proposed, true, stream.text);
    } finally {
      stop();
    }
    assert.match(stream.text, /OUT\\?_OF\\?_DATE/);
    assert.match(fake.requests[1], /changed since you saw them/);
    assert.ok(fake.requests[1].includes(edited), 'the retry carries the file as it is now');
    const [tab] = reviewDiffTabs();
    assert.strictEqual((await vscode.workspace.openTextDocument((tab.input as vscode.TabInputTextDiff).modified)).getText(), `// edited by hand\n${renamed}`);
  });

  it('/edit without a usable model says how to get one', async () => {
    const dir = fresh('chat-nomodel');
    put(`${dir}/a.ts`, 'a\n');
    await open(`${dir}/a.ts`);
    const missing = {
      ...model,
      name: 'Missing',
      sendRequest: () => Promise.reject(vscode.LanguageModelError.NotFound('no such model')),
    } as vscode.LanguageModelChat;
    const stream = new RecordingStream();
    const { chat } = await activate();
    const result = await chat.handler(chatRequest('do it', 'edit', missing), chatContext, stream, new vscode.CancellationTokenSource().token);
    assert.strictEqual(result?.metadata?.proposed, false);
    assert.match(stream.text, /No language model is available/);
  });

  it('pasted reply: per-block status, then Review and Apply buttons that run the extension commands', async () => {
    const dir = fresh('chat-paste');
    const path = `${dir}/math.ts`;
    put(path, original);
    const stream = new RecordingStream();
    const { chat, review } = await activate();
    const result = await chat.handler(chatRequest(renameReply(path), undefined, model), chatContext, stream, new vscode.CancellationTokenSource().token);
    assert.strictEqual(result?.metadata?.proposed, true, stream.text);
    assert.match(stream.text, /✓ block 1 · `[^`]+math\.ts` · SEARCH\/REPLACE · exact match, line 1/);
    assert.match(stream.text, /✓ block 2 · /);
    assert.deepStrictEqual(stream.buttons.map((b) => [b.title, b.command]), [
      ['Review', 'applyAiEdit.showReview'],
      ['Apply', 'applyAiEdit.acceptAll'],
      ['Reject', 'applyAiEdit.rejectAll'],
    ]);
    assert.ok(review.pending, 'the reply is the pending proposal');
    assert.strictEqual(reviewDiffTabs().length, 0, 'the diff opens only on Review');
    await vscode.commands.executeCommand('applyAiEdit.showReview');
    await waitFor(() => reviewDiffTabs().length === 1, 'the review diff');
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    assert.strictEqual(text(path), renamed);
  });

  it('pasted reply with a failing block: the report names the nearest candidate, nothing is written', async () => {
    const dir = fresh('chat-fail');
    const path = `${dir}/math.ts`;
    put(path, original);
    const reply = renameReply(path, '  return add(x, x); // twice\n');
    const stream = new RecordingStream();
    const { chat, review } = await activate();
    const result = await chat.handler(chatRequest(reply, undefined, model), chatContext, stream, new vscode.CancellationTokenSource().token);
    assert.strictEqual(result?.metadata?.proposed, false);
    assert.deepStrictEqual(result?.metadata?.failures, ['NO_MATCH']);
    assert.match(stream.text, /✗ block 2 · [^\n]*NO\\_MATCH: [^\n]*nearest[^\n]* 6/);
    assert.match(stream.text, /Nearest lines in `[^`]+math\.ts`:\s+```\n {2}return add\(x, x\);\n```/);
    assert.match(String(result?.metadata?.failureReport), /Nearest candidate \(\d+% similar\), line 6:\n```\n {2}return add\(x, x\);\n```/);
    assert.ok(stream.buttons.some((b) => b.command === 'applyAiEdit.copyFailureReport'));
    assert.strictEqual(review.pending, undefined);
    assert.strictEqual(text(path), original);
  });

  it('@apply with nothing pasted explains what it does', async () => {
    const stream = new RecordingStream();
    const { chat } = await activate();
    const result = await chat.handler(chatRequest('', undefined, model), chatContext, stream, new vscode.CancellationTokenSource().token);
    assert.strictEqual(result?.metadata?.command, 'help');
    assert.match(stream.text, /\/edit/);
  });
});
