import * as assert from 'node:assert/strict';
import type { ReplaceOp } from '../../../src/core/ir';
import { parseReply } from '../../../src/core/parse/registry';

const cell = (...body: string[]) => ['<execute_ipython>', ...body, '</execute_ipython>'].join('\n');
const texts = (reply: string) => parseReply(reply).ops.map((op) => [(op as ReplaceOp).path, (op as ReplaceOp).search, (op as ReplaceOp).replacement]);

describe("OpenHands CodeAct's edit_file_by_replace calls", () => {
  it('reads the string arguments as Python does: positional or by keyword, triple quotes, escapes, raw strings, adjacent literals', () => {
    assert.deepEqual(texts(cell('edit_file_by_replace(', "    'a.py',", '    to_replace="""    x = 1', '    y = 2""",', '    new_content="""    x = 3', '    y = 2""",', ')')), [['a.py', '    x = 1\n    y = 2', '    x = 3\n    y = 2']]);
    assert.deepEqual(texts(cell(`edit_file_by_replace(file_name="b.py", to_replace='print("a\\\\nb")', new_content="print('a\\\\tb') \\\\\\n" 'more')`)), [['b.py', 'print("a\\nb")', "print('a\\tb') \\\n" + 'more']]);
    assert.deepEqual(texts(cell(`edit_file_by_replace('c.py', r'\\d+', r"\\d*")`)), [['c.py', '\\d+', '\\d*']]);
    assert.deepEqual(texts(cell(`edit_file_by_replace('c.py', 'a\\nb', 'a\\x41\\u00e9\\q')`)), [['c.py', 'a\nb', 'aA\u00e9\\q']]);
  });

  it('reads insert_content_at_line (its lines starting at that line) and append_file', () => {
    const r = parseReply(cell("insert_content_at_line('a.py', 3, 'x = 1\\ny = 2')", "append_file(file_name='a.py', content='z = 3')"));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => (op.kind === 'insert' ? ['insert', op.path, op.afterLine, op.text] : op.kind === 'replace' ? ['append', op.path, op.search, op.replacement] : [op.kind])), [
      ['insert', 'a.py', 2, 'x = 1\ny = 2\n'],
      ['append', 'a.py', '', 'z = 3\n'],
    ]);
    assert.deepEqual(parseReply(cell("insert_content_at_line('a.py', 0, 'x')")).ops, []);
    assert.deepEqual(parseReply(cell("self.append_file('a.py', 'x')")).ops, []);
  });

    it('is no edit with an argument that is not a string literal, another function, or outside a cell', () => {
    assert.deepEqual(texts(cell("edit_file_by_replace('a.py', old, 'x = 2')")), []);
    assert.deepEqual(texts(cell("my_edit_file_by_replace('a.py', 'x = 1', 'x = 2')")), []);
    assert.deepEqual(texts(cell("edit_file_by_replace('a.py', f'x = {n}', 'x = 2')")), []);
    assert.deepEqual(parseReply("Call edit_file_by_replace('a.py', 'x = 1', 'x = 2') to fix it.").ops, []);
  });
});
