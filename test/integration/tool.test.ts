// The agent-mode tool `applyAiEdit_applyEdits`, called as VS Code calls it: prepareInvocation for
// the confirmation, then invoke, which goes through the same review and apply as the palette.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { activate, cleanUp, fresh, put, reviewDiffTabs, searchReplace, text, waitFor, withSetting } from './helpers';

const toolName = 'applyAiEdit_applyEdits';
const token = () => new vscode.CancellationTokenSource().token;

function resultText(result: vscode.LanguageModelToolResult | null | undefined): string {
  return (result?.content ?? []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

describe('language model tool (agent mode)', () => {
  before(activate);
  afterEach(cleanUp);

  it('is contributed and registered with its schema', () => {
    const tool = vscode.lm.tools.find((t) => t.name === toolName);
    assert.ok(tool, `${toolName} is in vscode.lm.tools`);
    assert.ok(tool.description.startsWith('Apply code edits'), tool.description);
    assert.deepStrictEqual(Object.keys((tool.inputSchema as { properties: object }).properties).sort(), ['edits', 'reply']);
  });

  it('prepareInvocation names the files and counts for the confirmation, and writes nothing', async () => {
    const dir = fresh('tool-prepare');
    put(`${dir}/a.ts`, 'one\n');
    const { chat } = await activate();
    const input = {
      edits: [
        { path: `${dir}/a.ts`, old_string: 'one', new_string: 'ONE' },
        { path: `${dir}/b.ts`, old_string: '', new_string: 'new file\n' },
      ],
      reply: searchReplace(`${dir}/a.ts`, 'ONE\n', 'uno\n'),
    };
    const prepared = await chat.tool.prepareInvocation({ input });
    assert.strictEqual(prepared.confirmationMessages?.title, 'Apply 3 AI edits?');
    const message = prepared.confirmationMessages?.message;
    const body = typeof message === 'string' ? message : message?.value ?? '';
    assert.match(body, new RegExp(`\`${dir}/a.ts\`: 2 edits`));
    assert.match(body, new RegExp(`\`${dir}/b.ts\`: 1 edit`));
    assert.strictEqual(text(`${dir}/a.ts`), 'one\n');
  });

  it('invoke (review first): opens the review, applies on acceptance, returns the receipt text', async () => {
    const dir = fresh('tool-review');
    put(`${dir}/greet.py`, 'def greet(name):\n    return "hi " + name\n');
    const { chat, review } = await activate();
    const input = { edits: [{ path: `${dir}/greet.py`, old_string: '    return "hi " + name\n', new_string: '    return f"Hello, {name}!"\n' }] };
    const invoked = Promise.resolve(chat.tool.invoke({ input, toolInvocationToken: undefined }, token()));
    await waitFor(() => review.pending !== undefined && reviewDiffTabs().length === 1, 'the review to open');
    assert.strictEqual(text(`${dir}/greet.py`), 'def greet(name):\n    return "hi " + name\n', 'nothing written before acceptance');
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    const answer = resultText(await invoked);
    assert.strictEqual(text(`${dir}/greet.py`), 'def greet(name):\n    return f"Hello, {name}!"\n');
    assert.match(answer, /Applied and saved \(do not re-send these edits\):/);
    assert.match(answer, new RegExp(`- ${dir}/greet.py: block 1 exact match at lines 2-2`));
  });

  it('invoke (review first): a rejected review is reported as unchanged', async () => {
    const dir = fresh('tool-reject');
    put(`${dir}/a.txt`, 'alpha\n');
    const { chat, review } = await activate();
    const invoked = Promise.resolve(chat.tool.invoke({ input: { edits: [{ path: `${dir}/a.txt`, old_string: 'alpha', new_string: 'beta' }] }, toolInvocationToken: undefined }, token()));
    await waitFor(() => review.pending !== undefined, 'the review to open');
    await vscode.commands.executeCommand('applyAiEdit.rejectAll');
    const answer = resultText(await invoked);
    assert.match(answer, /The user rejected these files; they are unchanged:\n- .*a\.txt/);
    assert.strictEqual(text(`${dir}/a.txt`), 'alpha\n');
  });

  it('invoke with a failing edit: nothing is written and the receipt names the nearest candidate', async () => {
    const dir = fresh('tool-fail');
    put(`${dir}/calc.js`, 'function area(r) {\n  return 3.14 * r * r;\n}\n');
    const { chat, review } = await activate();
    const input = {
      edits: [
        { path: `${dir}/calc.js`, old_string: 'function area(r) {\n', new_string: 'function circleArea(r) {\n' },
        { path: `${dir}/calc.js`, old_string: '  return 3.1416 * radius * radius;\n', new_string: '  return Math.PI * r * r;\n' },
      ],
    };
    const answer = resultText(await chat.tool.invoke({ input, toolInvocationToken: undefined }, token()));
    assert.match(answer, /No file was changed\./);
    assert.match(answer, /NO_MATCH/);
    assert.match(answer, /Nearest candidate \(\d+% similar\), line 2:\n```\n {2}return 3\.14 \* r \* r;\n```/);
    assert.match(answer, /Do not re-send them/);
    assert.strictEqual(review.pending, undefined);
    assert.strictEqual(text(`${dir}/calc.js`), 'function area(r) {\n  return 3.14 * r * r;\n}\n');
  });

  it('invoke (apply after confirmation): writes at once and returns the receipt; Undo Last AI Edit takes it back', async () => {
    const dir = fresh('tool-apply');
    put(`${dir}/a.ts`, 'const a = 1;\nconst b = 2;\n');
    const restore = await withSetting('tool.applyMode', 'applyAfterConfirmation');
    try {
      const { chat } = await activate();
      const answer = resultText(await chat.tool.invoke({ input: { reply: searchReplace(`${dir}/a.ts`, 'const b = 2;\n', 'const b = 3;\n') }, toolInvocationToken: undefined }, token()));
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\nconst b = 3;\n');
      assert.match(answer, /Applied and saved/);
      assert.strictEqual(reviewDiffTabs().length, 0, 'no review was opened');
      await vscode.commands.executeCommand('applyAiEdit.undoLast');
      assert.strictEqual(text(`${dir}/a.ts`), 'const a = 1;\nconst b = 2;\n');
    } finally {
      await restore();
    }
  });

  it('through vscode.lm.invokeTool, as an agent calls it: the input passes the contributed schema and the receipt comes back', async () => {
    const dir = fresh('tool-lm');
    put(`${dir}/a.txt`, 'alpha\n');
    const restore = await withSetting('tool.applyMode', 'applyAfterConfirmation');
    try {
      const input = { edits: [{ path: `${dir}/a.txt`, old_string: 'alpha', new_string: 'beta' }] };
      const result = await vscode.lm.invokeTool(toolName, { input, toolInvocationToken: undefined }, token());
      assert.match(resultText(result), new RegExp(`Applied and saved \\(do not re-send these edits\\):\\n- ${dir}/a.txt: block 1 exact match`));
      assert.strictEqual(text(`${dir}/a.txt`), 'beta\n');
    } finally {
      await restore();
    }
  });
});
