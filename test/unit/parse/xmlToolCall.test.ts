import * as assert from 'node:assert/strict';
import { parseReply } from '../../../src/core/parse/registry';

describe('XML tool calls', () => {
  it('reads Cline write_to_file as the whole new content of the file', () => {
    const r = parseReply('Done:\n\n<write_to_file>\n<path>src/a.ts</path>\n<content>\nexport const a = 1;\n</content>\n</write_to_file>\n');
    assert.equal(r.problems.length, 0);
    assert.deepEqual(r.ops.map((op) => op.kind === 'rewrite' && [op.path, op.content, op.partial]), [['src/a.ts', 'export const a = 1;\n', false]]);
  });

  it("takes read_file's `N | ` numbers and a wrapping fence off a write_to_file's content, as Roo and Cline do (a Kilo Code task's questions.py)", () => {
    const write = (content: string[], path = 'app/api/routes/questions.py') => parseReply(['<write_to_file>', `<path>${path}</path>`, '<content>', ...content, '</content>', '<line_count>4</line_count>', '</write_to_file>'].join('\n'));
    const file = 'from fastapi import APIRouter\nfrom typing import List\n\nrouter = APIRouter(\n';
    const contentOf = (r: ReturnType<typeof parseReply>) => r.ops.map((op) => op.kind === 'rewrite' && op.content);
    // Both were written into the .py as they stood: ` 1 | from fastapi …`, and ```python … ``` lines.
    const numbered = write([' 1 | from fastapi import APIRouter', ' 2 | from typing import List', ' 3 | ', ' 4 | router = APIRouter(']);
    assert.deepEqual(contentOf(numbered), [file]);
    const fenced = write(['```python', 'from fastapi import APIRouter', 'from typing import List', '', 'router = APIRouter(', '```']);
    assert.deepEqual(contentOf(fenced), [file]);
    // A part of the view (from line 40), or a line left without its number: neither write is safe.
    for (const content of [['40 | from fastapi import APIRouter', '41 | from typing import List', '42 | '], [' 1 | from fastapi import APIRouter', 'from app.models import Answer', ' 2 | from typing import List']]) {
      const r = write(content);
      assert.deepEqual([r.ops.length, r.problems[0]?.code], [0, 'PARSE_ERROR'], content[0]);
    }
    // A README that is one code block is kept whole; one wrapped in a Markdown fence is unwrapped.
    assert.deepEqual(contentOf(write(['```bash', 'npm install', '```'], 'INSTALL.md')), ['```bash\nnpm install\n```\n']);
    assert.deepEqual(contentOf(write(['```markdown', '# Install', '```'], 'INSTALL.md')), ['# Install\n']);
    // Numbers in the file's own text, not on every line or not from a view, stay.
    assert.deepEqual(contentOf(write(['1 | 2 | 3', 'a table row'], 'grid.txt')), ['1 | 2 | 3\na table row\n']);
  });

  it('reads function-call XML with old_string / new_string parameters', () => {
    const reply = [
      '<invoke name="Edit">',
      '<parameter name="file_path">server/app.js</parameter>',
      '<parameter name="old_string">app.listen(3000);</parameter>',
      '<parameter name="new_string">app.listen(process.env.PORT ?? 3000);',
      '// port from the environment</parameter>',
      '<parameter name="replace_all">false</parameter>',
      '</invoke>',
    ].join('\n');
    const r = parseReply(reply);
    assert.equal(r.ops.length, 1);
    const op = r.ops[0];
    assert.ok(op.kind === 'replace');
    if (op.kind === 'replace') {
      assert.equal(op.path, 'server/app.js');
      assert.equal(op.search, 'app.listen(3000);');
      assert.equal(op.replacement, 'app.listen(process.env.PORT ?? 3000);\n// port from the environment');
      assert.equal(op.granularity, 'chars');
      assert.equal(op.expectedCount, 1);
    }
  });

  it('reads Roo insert_content as an insertion before the given line', () => {
    const r = parseReply('<insert_content>\n<path>a.py</path>\n<line>3</line>\n<content>\nimport os\n</content>\n</insert_content>');
    assert.deepEqual(r.ops.map((op) => op.kind === 'insert' && [op.path, op.afterLine, op.text]), [['a.py', 2, 'import os\n']]);
  });

  it('reports a call the reply does not close as incomplete, with no op', () => {
    const r = parseReply('<write_to_file>\n<path>a.ts</path>\n<content>\nexport const');
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems[0].code, 'INCOMPLETE_BLOCK');
  });

  it("reads Moatless Tools' bare elements (Action: StringReplace, CreateFile, AppendString) as tool calls; a <path> above a <diff> stays Cline's", () => {
    const replace = parseReply(['Thoughts: the greeting must change.', 'Action: StringReplace', '<path>app/greet.py</path>', '<old_str>', '    message = "Hello"', '</old_str>', '<new_str>', '    message = "Welcome"', '</new_str>', ''].join('\n'));
    assert.deepEqual(replace.problems, []);
    assert.deepEqual(replace.ops.map((op) => op.kind === 'replace' && [op.path, op.search, op.replacement, op.granularity]), [['app/greet.py', '    message = "Hello"', '    message = "Welcome"', 'chars']]);
    const created = parseReply(['Action: CreateFile', '<path>app/new.py</path>', '<file_text>', 'x = 1', '</file_text>'].join('\n'));
    assert.deepEqual(created.ops.map((op) => op.kind), ['create']);
    const appended = parseReply(['Action: AppendString', '<path>app/new.py</path>', '<new_str>', 'y = 2', '</new_str>'].join('\n'));
    assert.deepEqual(appended.ops.map((op) => op.kind === 'replace' && [op.search, op.replacement]), [['', 'y = 2\n']]);
    const cline = parseReply(['<replace_in_file>', '<path>a.py</path>', '<diff>', '------- SEARCH', 'x = 1', '=======', 'x = 2', '+++++++ REPLACE', '</diff>', '</replace_in_file>'].join('\n'));
    assert.deepEqual(cline.ops.map((op) => op.kind === 'replace' && [op.path, op.source.format]), [['a.py', 'search-replace']]);
  });

  it("reads OpenHands' and Qwen3-Coder's <function=name> calls with <parameter=name> values, the newlines next to the tags left out", () => {
    const reply = [
      '<tool_call>', '<function=str_replace_editor>', '<parameter=command>', 'str_replace', '</parameter>', '<parameter=path>', '/workspace/repo/app/greet.py', '</parameter>',
      '<parameter=old_str>', '    message = "Hello"', '</parameter>', '<parameter=new_str>', '    message = "Welcome"', '</parameter>', '</function>', '</tool_call>', '',
      '<function=str_replace_editor>', '<parameter=command>create</parameter>', '<parameter=path>app/new.py</parameter>', '<parameter=file_text>x = 1', '</parameter>', '</function>', '',
      '<function=str_replace_editor>', '<parameter=command>view</parameter>', '<parameter=path>app/greet.py</parameter>', '</function>',
    ].join('\n');
    const r = parseReply(reply);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => [op.kind, op.kind === 'replace' ? [op.path, op.search, op.replacement] : op.kind === 'create' ? [op.path, op.content] : undefined]), [
      ['replace', ['/workspace/repo/app/greet.py', '    message = "Hello"', '    message = "Welcome"']],
      ['create', ['app/new.py', 'x = 1']],
    ]);
    const cut = parseReply(['<function=str_replace_editor>', '<parameter=command>str_replace</parameter>', '<parameter=path>a.py</parameter>', '<parameter=old_str>x = 1'].join('\n'));
    assert.deepEqual([cut.ops.length, cut.problems.map((p) => p.code)], [0, ['INCOMPLETE_BLOCK']]);
  });

  it('ignores invokes of tools that do not edit', () => {
    assert.deepEqual(parseReply('<invoke name="Read">\n<parameter name="file_path">a.ts</parameter>\n</invoke>').ops, []);
  });
});
