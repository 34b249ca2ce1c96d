import * as assert from 'node:assert/strict';
import { parseReply } from '../../../src/core/parse/registry';
import { createStreamingParser, type StreamEvent } from '../../../src/core/parse/streaming';
import { planReply } from '../../../src/core/pipeline';

const FILE = 'def f():\n    return 1\n\ndef g():\n    return 2\n';
const readFile = (path: string) => (path === 'a.py' ? FILE : undefined);

function block(search: string[], replace: string[]): string[] {
  return ['a.py', '```python', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```'];
}
const DRAFT = block(['def f():', '    return 1'], ['def f():', '    return 100']);
const ANSWER = block(['def g():', '    return 2'], ['def g():', '    return 3']);
const ANSWERED = 'def f():\n    return 1\n\ndef g():\n    return 3\n';

function applied(reply: string): string | undefined {
  const { changes, receipt } = planReply(parseReply(reply), readFile);
  return receipt.ok ? changes[0]?.newText : undefined;
}

describe('parseReply: the model\'s reasoning is not its answer', () => {
  it('leaves out a block drafted inside <think>…</think> and applies the answer after it', () => {
    const reply = ['<think>', 'Maybe change f:', '', ...DRAFT, '', 'No: the user asked for g.', '</think>', '', ...ANSWER, ''].join('\n');
    const parsed = parseReply(reply);
    assert.equal(parsed.ops.length, 1);
    assert.equal(parsed.ops[0].source.block, 1);
    assert.deepEqual(parsed.reasoning, [{ startLine: 1, endLine: 16, tag: 'think', closed: true, blocks: 1 }]);
    assert.equal(applied(reply), ANSWERED);
    const { receipt } = planReply(parsed, readFile);
    assert.match(receipt.notes?.[0] ?? '', /1 block in the model's reasoning \(<think>, reply lines 1-16\) was left out/);
  });

  it('reads a reply that starts inside the reasoning (only </think> in it, as DeepSeek R1\'s template leaves it) the same way', () => {
    const reply = ['Okay, the user wants a change. First thought:', ...DRAFT, 'Hmm, no.', '</think>', '', ...ANSWER].join('\n');
    assert.equal(applied(reply), ANSWERED);
  });

  it('applies <thinking>…</thinking> the same way, and text after the opening tag on its line', () => {
    const reply = ['<thinking>I will draft f first.', ...DRAFT, 'Wrong function.</thinking>', ...ANSWER].join('\n');
    assert.equal(applied(reply), ANSWERED);
  });

  it('refuses a reply that ends inside its reasoning, saying so (nothing else is an answer)', () => {
    const reply = ['<think>', 'Change f:', ...DRAFT].join('\n');
    const { receipt, changes } = planReply(parseReply(reply), readFile);
    assert.equal(receipt.ok, false);
    assert.equal(changes.length, 0);
    assert.equal(receipt.errors[0].code, 'NO_EDITS_FOUND');
    assert.match(receipt.errors[0].message, /ends inside the model's reasoning \(<think> opened at line 1 and never closed\), so its 1 block there is a draft/);
  });

  it('does not let a draft whose fence is never closed swallow the answer', () => {
    const reply = ['<think>', 'Sketch:', '```python', 'def f():', '    return 100', '</think>', '', ...ANSWER].join('\n');
    assert.equal(applied(reply), ANSWERED);
  });

  it('reads <think> lines inside a fenced file or a SEARCH/REPLACE block as the file\'s text', () => {
    const prompt = 'SYSTEM = """\n<think>\nreason here\n</think>\n"""\n';
    const files = (path: string) => (path === 'prompt.py' ? prompt : undefined);
    const sr = ['prompt.py', '```python', '<<<<<<< SEARCH', '<think>', 'reason here', '</think>', '=======', '<think>', 'reason step by step', '</think>', '>>>>>>> REPLACE', '```'].join('\n');
    const planned = planReply(parseReply(sr), files);
    assert.equal(planned.receipt.ok, true);
    assert.equal(planned.changes[0].newText, 'SYSTEM = """\n<think>\nreason step by step\n</think>\n"""\n');
    assert.equal(parseReply(sr).reasoning, undefined);
    const whole = ['prompt.py', '```python', 'SYSTEM = """', '<think>', '"""', '```'].join('\n');
    const rewritten = planReply(parseReply(whole), files);
    assert.equal(rewritten.receipt.ok, true);
    assert.equal(rewritten.changes[0].newText, 'SYSTEM = """\n<think>\n"""\n');
  });

  it('leaves a reply that only mentions the tags in prose as it was', () => {
    const reply = ['Models wrap their reasoning in `<think>` tags; this edit changes g:', ...ANSWER].join('\n');
    assert.equal(parseReply(reply).reasoning, undefined);
    assert.equal(applied(reply), ANSWERED);
  });
});

describe('streaming parser: reasoning', () => {
  function feed(text: string, size: number): { events: StreamEvent[]; reply: ReturnType<typeof parseReply> } {
    const parser = createStreamingParser();
    const events: StreamEvent[] = [];
    for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
    const finished = parser.finish();
    return { events: [...events, ...finished.events], reply: finished.reply };
  }

  it('never reports a block drafted inside <think> as complete, whatever the chunks, and ends as parseReply', () => {
    const reply = ['<think>', 'Maybe change f:', ...DRAFT, '', 'Some more reasoning.', 'And more.', '</think>', '', ...ANSWER, '', 'Done.', ''].join('\n');
    for (const size of [1, 3, 16, 100000]) {
      const { events, reply: parsed } = feed(reply, size);
      assert.deepEqual(parsed, parseReply(reply), `size ${size}`);
      const completed = events.filter((e) => e.type === 'blockCompleted');
      assert.equal(completed.length, 1, `size ${size}`);
      assert.equal(completed[0].type === 'blockCompleted' && completed[0].startLine, 18, `size ${size}`);
    }
  });
});
