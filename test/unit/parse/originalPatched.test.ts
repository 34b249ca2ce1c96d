import * as assert from 'node:assert/strict';
import type { ParsedReply, ReplaceOp } from '../../../src/core/ir';
import { xmlToolCallParser } from '../../../src/core/parse/xmlToolCall';
import { parseReply } from '../../../src/core/parse/registry';

function parse(text: string): ParsedReply {
  return parseReply(text, [xmlToolCallParser]);
}

describe("AutoCodeRover's <original>/<patched> parser", () => {
  it('reads each modification as a line-granular replace in its <file>, in a fence or not, tags on their own lines or around the text', () => {
    const reply = [
      '```', '# modification 1', '<file>src/a.py</file>', '<original>', 'def f():', '    return 1', '</original>', '<patched>', 'def f():', '    return 2', '</patched>', '',
      '# modification 2', '<file>src/b.py</file>', '<original>    x = 1</original>', '<patched>    x = 2', '    y = 3</patched>', '```',
    ].join('\n');
    const r = parse(reply);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => [op.kind, (op as ReplaceOp).path, (op as ReplaceOp).search, (op as ReplaceOp).replacement, (op as ReplaceOp).granularity]), [
      ['replace', 'src/a.py', 'def f():\n    return 1\n', 'def f():\n    return 2\n', 'lines'],
      ['replace', 'src/b.py', '    x = 1\n', '    x = 2\n    y = 3\n', 'lines'],
    ]);
    // The whole fence is the reply's edits: nothing of it is read as a file by another parser.
    assert.equal(parseReply(reply).ops.length, 2);
  });

  it('never applies a modification left unfinished, empty, or without <patched>; a <file> tag in prose is prose', () => {
    const cut = parse(['<file>a.py</file>', '<original>', 'x = 1', '</original>', '<patched>', 'x = 2'].join('\n'));
    assert.deepEqual([cut.ops.length, cut.problems.map((p) => p.code)], [0, ['INCOMPLETE_BLOCK']]);
    const lone = parse(['<file>a.py</file>', '<original>', 'x = 1', '</original>', 'Then run the tests.'].join('\n'));
    assert.deepEqual([lone.ops.length, lone.problems.map((p) => p.code)], [0, ['PARSE_ERROR']]);
    const empty = parse(['<file>a.py</file>', '<original>', '</original>', '<patched>', 'x = 2', '</patched>'].join('\n'));
    assert.deepEqual([empty.ops.length, empty.problems.map((p) => p.code)], [0, ['PARSE_ERROR']]);
    assert.deepEqual(parse('Put the check in <file>a.py</file>, then <original> stays.'), { ops: [], problems: [] });
  });
});
