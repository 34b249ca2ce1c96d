import * as assert from 'node:assert/strict';
import type { CreateFileOp, ParsedReply, ReplaceOp, RewriteFileOp } from '../../../src/core/ir';
import { jsonToolCallParser } from '../../../src/core/parse/jsonToolCall';
import { parseReply, toReplyText } from '../../../src/core/parse/registry';

function parse(text: string): ParsedReply {
  return parseReply(text, [jsonToolCallParser]);
}

describe('JSON tool-call parser', () => {
  it('reads a bare Claude Code Edit call as a char-granular replace', () => {
    const r = parse('{\n  "file_path": "server.ts",\n  "old_string": "  server.listen(port);",\n  "new_string": "  server.listen(port, \'127.0.0.1\');"\n}');
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.kind, 'replace');
    assert.equal(op.path, 'server.ts');
    assert.equal(op.search, '  server.listen(port);');
    assert.equal(op.granularity, 'chars');
    assert.equal(op.expectedCount, 1);
    assert.deepEqual(op.source, { block: 1, format: 'json-tool', startLine: 1, endLine: 5 });
  });

  it('normalises CRLF in old/new strings and accepts every key spelling', () => {
    for (const [oldKey, newKey, pathKey] of [['old_string', 'new_string', 'path'], ['oldString', 'newString', 'filePath'], ['old_str', 'new_str', 'file_path']]) {
      const r = parse(JSON.stringify({ [pathKey]: 'a.go', [oldKey]: 'a\r\nb', [newKey]: 'c\r\nd' }));
      const op = r.ops[0] as ReplaceOp;
      assert.equal(op.search, 'a\nb', oldKey);
      assert.equal(op.replacement, 'c\nd');
      assert.equal(op.path, 'a.go');
    }
  });

  it('maps replace_all and expected_replacements', () => {
    const all = parse(JSON.stringify({ file_path: 'l.js', old_string: 'log(', new_string: 'logger.info(', replace_all: true }));
    assert.equal((all.ops[0] as ReplaceOp).expectedCount, 'all');
    const three = parse(JSON.stringify({ file_path: 'l.js', old_string: 'log(', new_string: 'x(', expected_replacements: 3 }));
    assert.equal((three.ops[0] as ReplaceOp).expectedCount, 3);
    const bad = parse(JSON.stringify({ file_path: 'l.js', old_string: 'log(', new_string: 'x(', expected_replacements: 0 }));
    assert.equal(bad.ops.length, 0);
    assert.equal(bad.problems[0].code, 'PARSE_ERROR');
  });

  it('makes an empty old_string a created file', () => {
    const r = parse(JSON.stringify({ file_path: 'lib/util.ts', old_string: '', new_string: 'export const id = 1;\n' }));
    assert.equal(r.ops[0].kind, 'create');
    assert.equal(r.ops[0].kind === 'create' && r.ops[0].content, 'export const id = 1;\n');
  });

  it('reads arrays of edits in order, as one block', () => {
    const r = parse(JSON.stringify([
      { file_path: 's.ts', old_string: 'a', new_string: 'b' },
      { file_path: 's.ts', old_string: 'c', new_string: 'd' },
    ], null, 2));
    assert.deepEqual(r.ops.map((op) => (op as ReplaceOp).search), ['a', 'c']);
    assert.ok(r.ops.every((op) => op.source.block === 1));
  });

  it('reads MultiEdit {file_path, edits: [...]} with the shared path', () => {
    const r = parse(JSON.stringify({ file_path: 'm.py', edits: [{ old_string: 'x', new_string: 'y' }, { old_string: 'p', new_string: 'q', replace_all: true }] }));
    assert.deepEqual(r.ops.map((op) => [op.kind === 'replace' && op.path, (op as ReplaceOp).expectedCount]), [['m.py', 1], ['m.py', 'all']]);
  });

  it('reads Anthropic text-editor commands', () => {
    const r = parse([
      JSON.stringify({ command: 'str_replace', path: 'a.py', old_str: 'x = 1', new_str: 'x = 2' }),
      JSON.stringify({ command: 'insert', path: 'a.py', insert_line: 3, new_str: 'y = 1' }),
      JSON.stringify({ command: 'create', path: 'b.py', file_text: 'print(1)\n' }),
      JSON.stringify({ command: 'append', path: 'c.txt', new_str: 'tail' }),
      JSON.stringify({ command: 'view', path: 'a.py' }),
    ].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => op.kind), ['replace', 'insert', 'create', 'replace']);
    const insert = r.ops[1];
    assert.ok(insert.kind === 'insert' && insert.afterLine === 3 && insert.text === 'y = 1\n');
    const append = r.ops[3] as ReplaceOp;
    assert.equal(append.search, '');
    assert.equal(append.replacement, 'tail\n');
    assert.deepEqual(r.ops.map((op) => op.source.block), [1, 2, 3, 4]);
  });

  it("reads Windsurf's replace_file_content chunks and write_to_file", () => {
    const chunks = parse(JSON.stringify({
      TargetFile: 'src/app.ts', CodeMarkdownLanguage: 'typescript', Instruction: 'log the port',
      ReplacementChunks: [
        { AllowMultiple: false, TargetContent: 'listen(port);', ReplacementContent: 'listen(port);\nlog(port);' },
        { AllowMultiple: true, TargetContent: 'var ', ReplacementContent: 'let ' },
      ],
    }));
    assert.deepEqual(chunks.problems, []);
    assert.deepEqual(chunks.ops.map((op) => [op.kind, (op as ReplaceOp).path, (op as ReplaceOp).search, (op as ReplaceOp).replacement, (op as ReplaceOp).expectedCount]), [
      ['replace', 'src/app.ts', 'listen(port);', 'listen(port);\nlog(port);', 1],
      ['replace', 'src/app.ts', 'var ', 'let ', 'all'],
    ]);
    // The chunks as a JSON string, as an XML tool call's parameter carries them.
    const stringified = parse(JSON.stringify({ TargetFile: 'a.ts', ReplacementChunks: JSON.stringify([{ TargetContent: 'a', ReplacementContent: 'b' }]) }));
    assert.equal((stringified.ops[0] as ReplaceOp).replacement, 'b');
    const written = parse(JSON.stringify({ TargetFile: 'n.ts', CodeContent: 'export {};\n', EmptyFile: false }));
    assert.ok(written.ops[0].kind === 'rewrite' && written.ops[0].path === 'n.ts' && written.ops[0].content === 'export {};\n');
  });

  it("reads Copilot's insert_edit_into_file and Continue's edit_existing_file and create_new_file as Cursor's code_edit", () => {
    const snippet = '// ...existing code...\nexport const b = 2;\n// ...existing code...';
    for (const call of [{ filePath: 'x.ts', explanation: 'add b', code: snippet }, { filepath: 'x.ts', changes: snippet }]) {
      const r = parse(JSON.stringify(call));
      assert.ok(r.ops[0].kind === 'rewrite' && r.ops[0].path === 'x.ts' && r.ops[0].partial === true && r.ops[0].content.startsWith('// ...existing code...'), JSON.stringify(call));
    }
    const created = parse(JSON.stringify({ filepath: 'new.ts', contents: 'export {};\n' }));
    assert.ok(created.ops[0].kind === 'rewrite' && created.ops[0].path === 'new.ts' && created.ops[0].partial === false);
    // `code` and `changes` are common words in data: only those exact shapes are edits.
    for (const data of [{ filePath: 'x.ts', code: 'E101', line: 3 }, { path: 'x.ts', changes: 'two lines', author: 'me' }]) {
      assert.deepEqual(parse(JSON.stringify(data)).ops, [], JSON.stringify(data));
    }
  });

  it('reads write_file {file_path, content} as a whole-file rewrite', () => {
    const r = parse(JSON.stringify({ file_path: 'w.txt', content: 'all\n' }));
    assert.equal(r.ops[0].kind, 'rewrite');
    assert.ok(r.ops[0].kind === 'rewrite' && r.ops[0].partial === false && r.ops[0].content === 'all\n');
  });

  it('leaves a labelled JSON file with path/content keys to the whole-file parser', () => {
    const text = 'config/site.json\n```json\n{"path": "/blog", "content": "hello"}\n```';
    assert.deepEqual(parse(text), { ops: [], problems: [] });
    const titled = '```json title="site.json"\n{"path": "/blog", "content": "hello"}\n```';
    assert.deepEqual(parse(titled), { ops: [], problems: [] });
  });

  it('unwraps {name, arguments} with arguments as an object or a JSON string', () => {
    const inner = { file_path: 'g.ts', old_string: 'a', new_string: 'b', expected_replacements: 2 };
    for (const wrapper of [
      { name: 'replace', arguments: inner },
      { name: 'Edit', input: inner },
      { type: 'function', function: { name: 'edit', arguments: JSON.stringify(inner) } },
      { tool_calls: [{ name: 'replace', args: inner }] },
    ]) {
      const r = parse('Calling the tool: ' + JSON.stringify(wrapper));
      assert.equal(r.ops.length, 1, JSON.stringify(wrapper));
      assert.equal((r.ops[0] as ReplaceOp).expectedCount, 2);
    }
  });

  it('reads an apply_patch call carried in JSON', () => {
    const r = parse(JSON.stringify({ cmd: ['apply_patch', '*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** End Patch\n'] }));
    assert.deepEqual(r.problems, []);
    assert.equal(r.ops[0].kind, 'replace');
    assert.equal((r.ops[0] as ReplaceOp).granularity, 'lines');
  });

  // GitHub Copilot CLI's session export prints an apply_patch call's arguments as a bare JSON
  // string literal (Cuantum-Computing-Simulator's session): it found no edit, while the same
  // string wrapped in {"input": …} applied.
  it('reads an apply_patch input given as a bare JSON string in a ```json fence', () => {
    const patch = '*** Begin Patch\n*** Update File: shared/interfaces.py\n@@\n-from pydantic import BaseModel\n-from typing import Optional\n+from typing import Literal\n+from pydantic import BaseModel, Field\n*** End Patch\n';
    const text = ['### ✅ `apply_patch`', '', '<details>', '<summary>Arguments</summary>', '', '```json', JSON.stringify(patch), '```', '', '</details>'].join('\n');
    const blocks = jsonToolCallParser.parse(toReplyText(text), () => false);
    assert.equal(blocks.length, 1);
    assert.deepEqual(blocks[0].problems, []);
    assert.equal(blocks[0].startLine, 6);
    assert.equal(blocks[0].endLine, 8);
    const op = blocks[0].ops[0] as ReplaceOp;
    assert.equal(op.path, 'shared/interfaces.py');
    assert.equal(op.search, 'from pydantic import BaseModel\nfrom typing import Optional\n');
  });

  it('reads no bare JSON string that is not a whole line holding a patch', () => {
    const patch = JSON.stringify('*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** End Patch\n');
    for (const text of ['```json\n"just a string"\n```', `${patch},`, `say ${patch}`, '"*** Begin Patch\\n" + rest']) {
      assert.deepEqual(parse(text).ops, [], text);
    }
  });

  it('claims the ```json fence around the call', () => {
    const text = 'Edit:\n```json\n{"path": "a", "old_string": "x", "new_string": "y"}\n```\nok';
    const blocks = jsonToolCallParser.parse(toReplyText(text), () => false);
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0].startLine, 2);
    assert.equal(blocks[0].endLine, 4);
  });

  it('ignores JSON without an edit shape, prose braces and code', () => {
    const text = [
      '```json', '{ "name": "pkg", "version": "1.0.0", "dependencies": { "a": "1" } }', '```',
      'Use {braces} freely, "quotes" too.',
      '```js', 'function f() {', '  return { a: 1 };', '}', '```',
    ].join('\n');
    assert.deepEqual(parse(text), { ops: [], problems: [] });
  });

  it('finds a call inside code that is not JSON as a whole', () => {
    const text = 'const calls = [\n  {"file_path": "a", "old_string": "x", "new_string": "y"},\n  notJson,\n];';
    const r = parse(text);
    assert.equal(r.ops.length, 1);
    assert.equal(r.ops[0].source.startLine, 2);
  });

  it('reports a call cut off by the end of the reply as INCOMPLETE_BLOCK', () => {
    const r = parse('Here:\n```json\n{\n  "file_path": "a.ts",\n  "old_string": "x",\n  "new_string": "long text that is');
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].code, 'INCOMPLETE_BLOCK');
    assert.equal(r.problems[0].startLine, 2);
  });

  it('reports an edit with old_string but no new_string', () => {
    const r = parse(JSON.stringify({ file_path: 'a', old_string: 'x' }));
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
  });

  it('skips claimed lines', () => {
    const text = JSON.stringify({ file_path: 'a', old_string: 'x', new_string: 'y' });
    assert.deepEqual(jsonToolCallParser.parse(toReplyText(text), () => true), []);
  });

  it('finds no edits in adversarial brackets and quotes (speed: npm run fuzz)', () => {
    const samples = [
      '{\n'.repeat(200000),
      '[{"a": "\n'.repeat(100000),
      ('{"old_string": ' + '['.repeat(50) + '\n').repeat(20000),
      '{ "x": [ {}'.repeat(100000),
    ];
    for (const sample of samples) {
      assert.deepEqual(parse(sample).ops, []);
    }
  });
  it("reads OpenAI's apply_patch_call operations (create_file, update_file, delete_file with a V4A diff)", () => {
    const call = (operation: object) => JSON.stringify({ type: 'apply_patch_call', call_id: 'c1', status: 'completed', operation });
    const reply = [
      call({ type: 'update_file', path: 'calc.py', diff: '@@ def perimeter(r):\n-    return 2 * r\n+    return r * 2\n' }),
      call({ type: 'create_file', path: 'src/new.py', diff: "+print('hi')\n+print('bye')\n" }),
      call({ type: 'delete_file', path: 'old.py' }),
    ].join('\n\n');
    const r = parseReply(reply);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => op.kind), ['replace', 'create', 'delete']);
    const [update, create] = r.ops as [ReplaceOp, CreateFileOp];
    assert.equal(update.path, 'calc.py');
    assert.deepEqual(update.anchors, ['def perimeter(r):']);
    assert.equal(update.search, '    return 2 * r\n');
    assert.equal(create.content, "print('hi')\nprint('bye')\n");
    assert.deepEqual(r.ops.map((op) => op.source.block), [1, 2, 3]);
  });
  it("reads Cursor's edit_file call (target_file + code_edit) as a snippet when it elides code, else as the file", () => {
    const snippet = parse(JSON.stringify({ target_file: 'calc.py', instructions: 'Use tau.', code_edit: '# ... existing code ...\n\ndef perimeter(r):\n    return math.tau * r' }));
    assert.deepEqual(snippet.problems, []);
    const [op] = snippet.ops as RewriteFileOp[];
    assert.deepEqual({ kind: op.kind, path: op.path, partial: op.partial }, { kind: 'rewrite', path: 'calc.py', partial: true });
    assert.equal(op.content, '# ... existing code ...\n\ndef perimeter(r):\n    return math.tau * r\n');
    const whole = parse(JSON.stringify({ target_file: 'new.py', code_edit: "print('hi')\n" }));
    assert.equal((whole.ops[0] as RewriteFileOp).partial, false);
  });

  it('reads edits nested in edits 10,000 deep without running the call stack out (a fuzz case crashed the parser and the CLI)', () => {
    for (const key of ['edits', 'edit']) {
      const depth = 10_000;
      const reply = '{"' + key + '":'.repeat(1) + ('{"' + key + '":').repeat(depth - 1) + '{"file_path": "a.ts", "old_string": "x", "new_string": "y"}' + '}'.repeat(depth) + '\n';
      assert.doesNotThrow(() => parseReply(reply));
    }
  });
});

