import * as assert from 'node:assert/strict';
import type { ReplaceOp } from '../../../src/core/ir';
import { parseReply } from '../../../src/core/parse/registry';
import { chooseDivider, searchReplaceParser, stripLineNumbers } from '../../../src/core/parse/searchReplace';

const parse = (text: string) => parseReply(text, [searchReplaceParser]);
const ops = (text: string) => parse(text).ops as ReplaceOp[];
const block = (search: string, replace: string, head = '<<<<<<< SEARCH', div = '=======', tail = '>>>>>>> REPLACE') =>
  `${head}\n${search}${div}\n${replace}${tail}`;

describe('parse/searchReplace', () => {
  it('parses a fenced Aider block with the path before the fence', () => {
    const r = parse('Fix it.\n\na.py\n```python\n' + block('x = 1\n', 'x = 2\n') + '\n```\nDone.');
    assert.equal(r.problems.length, 0);
    const [op] = r.ops as ReplaceOp[];
    assert.deepEqual(
      { ...op, source: undefined },
      { kind: 'replace', path: 'a.py', search: 'x = 1\n', replacement: 'x = 2\n', granularity: 'lines', expectedCount: 1, source: undefined },
    );
    assert.deepEqual(op.source, { block: 1, format: 'search-replace', startLine: 3, endLine: 10 });
  });

  it('takes the path from a fence that holds only the path, right above the block (Aider\'s deepseek test)', () => {
    const r = parse('```\n```python\nfoo.txt\n```\n```python\n' + block('one\n', 'two\n') + '\n```\n```\n');
    assert.equal(r.problems.length, 0);
    const [op] = r.ops as ReplaceOp[];
    assert.equal(op.path, 'foo.txt');
    assert.equal(op.replacement, 'two\n');
    // A fence of code (two lines) is not a label.
    assert.equal((parse('```\nfoo.txt\nbar\n```\n```python\n' + block('one\n', 'two\n') + '\n```\n').ops[0] as ReplaceOp).path, undefined);
  });

  it('takes the path written as the only line of an outer fence left open before the block\'s own fence (Qwen2.5-Coder, aider transcript)', () => {
    // 87maxi/SupplyChainTracker2's aider history: each block's path in a ```solidity / ```typescript
    // fence that is never closed, the block in a nested ```python fence right after it.
    const counter = '```solidity\nsc/src/Counter.sol\n```python\n' + block('    uint public number;\n', '    uint public number;\n    address public admin;\n') + '\n```\n';
    const rpc = '```typescript\nweb/src/lib/api/serverRpc.ts\n```python\n' + block('export async function revalidateAll() {\n', 'export async function revalidateAll() {\n    cache.clear();\n') + '\n```\n';
    const reply = '### Paso 1: Modificar el contrato `Counter.sol`\n\n' + counter + '\n### Paso 2: Modificar el código de la aplicación web\n\n' + rpc;
    const r = parse(reply);
    assert.equal(r.problems.length, 0);
    assert.deepEqual((r.ops as ReplaceOp[]).map((op) => op.path), ['sc/src/Counter.sol', 'web/src/lib/api/serverRpc.ts']);
    // Blank lines around the path line are allowed.
    assert.equal(ops('```solidity\n\nsc/src/Counter.sol\n\n```python\n' + block('a\n', 'b\n') + '\n```\n')[0].path, 'sc/src/Counter.sol');
    // A fence opener alone, a language tag, a line of code or prose in the outer fence is no path:
    // the block names no file.
    for (const inside of ['', '````\n', 'python\n', 'typescript\n', 'const x = 1;\nsrc/a.ts\n', 'src/a.ts\nconst x = 1;\n', 'Change the counter:\n']) {
      assert.equal(ops('```typescript\n' + inside + '```python\n' + block('a\n', 'b\n') + '\n```\n')[0]?.path, undefined, JSON.stringify(inside));
    }
  });

  it('reads Aider\'s first dialect, <<<<<<< ORIGINAL / >>>>>>> UPDATED', () => {
    const r = parse('calc.py\n```python\n' + block('x = 1\n', 'x = 2\n', '<<<<<<< ORIGINAL', '=======', '>>>>>>> UPDATED') + '\n```\n');
    assert.equal(r.problems.length, 0);
    const [op] = r.ops as ReplaceOp[];
    assert.equal(op.path, 'calc.py');
    assert.equal(op.search, 'x = 1\n');
    assert.equal(op.replacement, 'x = 2\n');
  });

  it("reads the 4-character set of Sweep's blog (<<<< ORIGINAL / ==== / >>>> UPDATED): a divider as short as both markers is theirs", () => {
    // The blog's own block for its Flask app.py (sweepai/sweep docs/pages/blogs/gpt-4-modification.mdx).
    const search = 'tasks = [\n    {"id": 1, "task": "Buy milk"},\n    {"id": 2, "task": "Read book"}\n]\n';
    const replace = 'tasks = [\n    {"id": 1, "task": "Buy milk"},\n    {"id": 2, "task": "Read book"},\n    {"id": 3, "task": "Do the dishes"}\n]\n';
    const r = parse('```python\n' + block(search, replace, '<<<< ORIGINAL', '====', '>>>> UPDATED') + '\n```\n');
    assert.deepEqual(r.problems, []);
    assert.deepEqual([(r.ops[0] as ReplaceOp).search, (r.ops[0] as ReplaceOp).replacement], [search, replace]);
    // The set must hold: a 4-character run under markers of another length is still the file's text.
    assert.equal(ops(block('a\n', 'b\n', '<<<< ORIGINAL', '====', '>>>>>>> UPDATED')).length, 0);
    assert.equal(ops(block('a\n', 'b\n', '<<<<<<< ORIGINAL', '====', '>>>> UPDATED')).length, 0);
  });

  it("takes each block's path from Roo's multi-file apply_diff (<args><file><path>…<diff><content><![CDATA[)", () => {
    const file = (path: string, from: string, to: string) => ['<file>', `  <path>${path}</path>`, '  <diff>', '    <content><![CDATA[', '<<<<<<< SEARCH', ':start_line:1', '-------', from, '=======', to, '>>>>>>> REPLACE', ']]></content>', '  </diff>', '</file>'];
    const r = parse(['<apply_diff>', '<args>', ...file('a.py', 'x = 1', 'x = 2'), ...file('b.py', 'y = 1', 'y = 2'), '</args>', '</apply_diff>'].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.deepEqual((r.ops as ReplaceOp[]).map((op) => [op.path, op.replacement]), [['a.py', 'x = 2\n'], ['b.py', 'y = 2\n']]);
  });

  it('accepts SEARCH and REPLACE markers of 3 to 15 characters and dividers of 5 to 15, mixed, with trailing spaces', () => {
    const [op] = ops(block('a\n', 'b\n', '<<<<< SEARCH  ', '=========', '>>>>>>>>> REPLACE '));
    assert.equal(op.search, 'a\n');
    assert.equal(op.replacement, 'b\n');
    // Shortened markers, as models write them and Cline and Continue read them.
    for (const [head, tail] of [['<<< SEARCH', '>>> REPLACE'], ['--- SEARCH', '+++ REPLACE'], ['<<<< SEARCH', '+++++++ REPLACE']]) {
      const [short] = ops(block('a\n', 'b\n', head, '=======', tail));
      assert.deepEqual([short?.search, short?.replacement], ['a\n', 'b\n'], head);
    }
    assert.equal(ops(block('a\n', 'b\n', '<< SEARCH')).length, 0);
    // A divider under five characters is a heading's underline: no divider, no edit.
    assert.equal(ops(block('a\n', 'b\n', '<<<<<<< SEARCH', '====')).length, 0);
  });

  it('reads a shorter SEARCH marker inside the SEARCH part of a block opened with a full one as a line of text, when a divider and a full REPLACE marker follow', () => {
    // Cline's diff_edge_cases2 'nested search markers': the file holds a `<<< SEARCH` line.
    const [op] = ops('<<<<<<< SEARCH\n<<< SEARCH\n=======\nbefore\n>>>>>>> REPLACE\n');
    assert.deepEqual([op?.search, op?.replacement, op?.markerLikeSearchLine], ['<<< SEARCH\n', 'before\n', true]);
    // Not in a block of short markers, which ends with a short REPLACE marker: the short line opens a new block.
    const short = parse('<<<<<<< SEARCH\na\n<<< SEARCH\nb\n===\nc\n>>> REPLACE\n');
    assert.equal(short.problems[0]?.code, 'PARSE_ERROR');
    assert.deepEqual((short.ops as ReplaceOp[]).map((o) => [o.search, o.markerLikeSearchLine]), [['b\n', undefined]]);
    // Nor after the block's divider (its REPLACE part cut off), nor when the block itself is short.
    assert.equal(parse('<<<<<<< SEARCH\na\n=======\nb\n<<< SEARCH\nc\n=======\nd\n>>>>>>> REPLACE\n').problems[0]?.code, 'PARSE_ERROR');
    assert.equal(parse('<<<<< SEARCH\n<<< SEARCH\n=======\nd\n>>>>>>> REPLACE\n').problems[0]?.code, 'PARSE_ERROR');
    // A full marker inside is always a new block.
    assert.equal(parse('<<<<<<< SEARCH\na\n<<<<<<< SEARCH\nb\n=======\nc\n>>>>>>> REPLACE\n').problems[0]?.code, 'PARSE_ERROR');
  });

  it('markers start at column 0 (an indented one is file text, e.g. a diff context line)', () => {
    assert.deepEqual(ops(' <<<<<<< SEARCH\n a\n =======\n b\n >>>>>>> REPLACE'), []);
    const [op] = ops('<<<<<<< SEARCH\nTitle\n  =======\n=======\nTitle!\n  =======\n>>>>>>> REPLACE');
    assert.equal(op.search, 'Title\n  =======\n');
  });

  it('parses the Cline dialect', () => {
    const [op] = ops('------- SEARCH\nold\n=======\nnew\n+++++++ REPLACE');
    assert.equal(op.search, 'old\n');
    assert.equal(op.replacement, 'new\n');
  });

  it('parses the Roo dialect: start_line hint and separator', () => {
    const [op] = ops('<<<<<<< SEARCH\n:start_line:13\n:end_line:15\n-------\n\tif x {\n=======\n\tif y {\n>>>>>>> REPLACE');
    assert.equal(op.lineHint, 13);
    assert.equal(op.search, '\tif x {\n');
    assert.equal(op.path, undefined);
  });

  it('reads Zed\'s line hint on the marker, `<<<<<<< SEARCH line=42` or `line="42"` (Roo\'s :start_line: wins)', () => {
    for (const head of ['<<<<<<< SEARCH line=42', '<<<<<<< SEARCH line="42"', '<<<<<<< SEARCH\tline=42 ']) {
      const [op] = ops(block('original text\n', 'updated text\n', head));
      assert.deepEqual([op.search, op.replacement, op.lineHint], ['original text\n', 'updated text\n', 42], head);
    }
    assert.equal(ops(block(':start_line:7\n-------\nx\n', 'y\n', '<<<<<<< SEARCH line=42'))[0].lineHint, 7);
    // Line 0 names no line: the block is read, without a hint.
    const [zero] = ops(block('x\n', 'y\n', '<<<<<<< SEARCH line=0'));
    assert.deepEqual([zero.search, zero.lineHint], ['x\n', undefined]);
  });

  it('still refuses any other text after SEARCH: the marker is not one', () => {
    for (const head of ['<<<<<<< SEARCH line=', '<<<<<<< SEARCH line=4x', '<<<<<<< SEARCH lines=4', "<<<<<<< SEARCH line='4'", '<<<<<<< SEARCH line = 4', '<<<<<<< SEARCH line="4', '<<<<<<< SEARCHline=4', '<<<<<<< SEARCH line=4 line=5']) {
      const r = parse(block('x\n', 'y\n', head));
      assert.deepEqual([r.ops, r.problems.map((p) => p.code)], [[], ['PARSE_ERROR']], head);
    }
  });

  it('Roo separator without metadata, and a dashed line that is the file\'s own', () => {
    assert.equal(ops('<<<<<<< SEARCH\n-------\nold\n=======\nnew\n>>>>>>> REPLACE')[0].search, 'old\n');
    const [own] = ops('<<<<<<< SEARCH\n-------\ntitle\n=======\n-------\nTitle\n>>>>>>> REPLACE');
    assert.equal(own.search, '-------\ntitle\n');
    assert.equal(own.replacement, '-------\nTitle\n');
  });

  it('unescapes Roo-escaped marker lines', () => {
    const [op] = ops('<<<<<<< SEARCH\n\\=======\na\n=======\n\\=======\nb\n>>>>>>> REPLACE');
    assert.equal(op.search, '=======\na\n');
    assert.equal(op.replacement, '=======\nb\n');
  });

  it('empty SEARCH creates or appends', () => {
    const [op] = ops('new.py\n```\n<<<<<<< SEARCH\n=======\nprint(1)\n>>>>>>> REPLACE\n```');
    assert.equal(op.search, '');
    assert.equal(op.replacement, 'print(1)\n');
    assert.equal(op.path, 'new.py');
  });

  describe('paths', () => {
    const sr = block('a\n', 'b\n');
    const pathOf = (text: string) => ops(text).map((o) => o.path);
    it('bold, backticks, colon, heading, File: label', () => {
      assert.deepEqual(pathOf(`**src/a.ts**\n\`\`\`ts\n${sr}\n\`\`\``), ['src/a.ts']);
      assert.deepEqual(pathOf(`\`src/a.ts\`:\n\`\`\`ts\n${sr}\n\`\`\``), ['src/a.ts']);
      assert.deepEqual(pathOf(`### src/a.ts\n\n\`\`\`ts\n${sr}\n\`\`\``), ['src/a.ts']);
      assert.deepEqual(pathOf(`File: src/a.ts\n\`\`\`ts\n${sr}\n\`\`\``), ['src/a.ts']);
    });
    it('info string forms', () => {
      assert.deepEqual(pathOf(`\`\`\`python title="a.py"\n${sr}\n\`\`\``), ['a.py']);
      assert.deepEqual(pathOf(`\`\`\`a.py\n${sr}\n\`\`\``), ['a.py']);
      assert.deepEqual(pathOf(`\`\`\`ts:src/a.ts\n${sr}\n\`\`\``), ['src/a.ts']);
    });
    it('inside the fence (diff-fenced), also for several files in one fence', () => {
      const r = ops(`\`\`\`\npkg/a.py\n${sr}\n\npkg/b.py\n${sr}\n${sr}\n\`\`\``);
      assert.deepEqual(r.map((o) => o.path), ['pkg/a.py', 'pkg/b.py', 'pkg/b.py']);
      assert.deepEqual(r.map((o) => [o.source.startLine, o.source.endLine]), [[1, 7], [8, 14], [15, 20]]);
    });
    it('a path comment as the first line inside the fence', () => {
      assert.deepEqual(pathOf(`\`\`\`ts\n// src/a.ts\n${sr}\n\`\`\``), ['src/a.ts']);
      assert.deepEqual(pathOf(`\`\`\`python\n# pkg/a.py\n${sr}\n\`\`\``), ['pkg/a.py']);
    });
    it('no fence at all', () => {
      assert.deepEqual(pathOf(`a.py\n${sr}\n\nb.py\n${sr}`), ['a.py', 'b.py']);
    });
    it('windows paths and ./', () => {
      assert.deepEqual(pathOf(`.\\src\\a.ts\n${sr}`), ['src/a.ts']);
    });
    it('inherits the previous path across fences when no other file is named', () => {
      assert.deepEqual(pathOf(`a.py\n\`\`\`\n${sr}\n\`\`\`\nAnd also:\n\`\`\`\n${sr}\n\`\`\``), ['a.py', 'a.py']);
    });
    it('takes a file named by the sentence above instead of inheriting', () => {
      assert.deepEqual(pathOf(`a.py\n\`\`\`\n${sr}\n\`\`\`\nNow in \`b.py\`:\n\`\`\`\n${sr}\n\`\`\``), ['a.py', 'b.py']);
    });
    it('a short lead-in naming the file without backticks', () => {
      assert.deepEqual(pathOf(`a.py\n\`\`\`\n${sr}\n\`\`\`\n\nIn internal/cache/lru.go:\n\`\`\`go\n${sr}\n\`\`\``), ['a.py', 'internal/cache/lru.go']);
    });
    it('does not inherit when prose between names other files', () => {
      const text = `a.py\n\`\`\`\n${sr}\n\`\`\`\nThis touches \`b.py\` and \`c.py\`.\n\nSee:\n\`\`\`\n${sr}\n\`\`\``;
      assert.deepEqual(pathOf(text), ['a.py', undefined]);
    });
    it('Cline / Roo XML tool calls: <path> above <diff>', () => {
      assert.deepEqual(pathOf(`<replace_in_file>\n<path>src/a.ts</path>\n<diff>\n${sr}\n</diff>\n</replace_in_file>`), ['src/a.ts']);
      assert.deepEqual(pathOf(`<apply_diff>\n<args>\n<file>\n  <path>src/b.ts</path>\n  <diff>\n    <content>\n${sr}\n    </content>`), ['src/b.ts']);
    });
    it('a markdown link as the label', () => {
      assert.deepEqual(pathOf(`[src/a.ts](src/a.ts)\n\`\`\`ts\n${sr}\n\`\`\``), ['src/a.ts']);
    });
    it('no path anywhere: undefined (the hint applies)', () => {
      assert.deepEqual(pathOf(`Here you go:\n\`\`\`\n${sr}\n\`\`\``), [undefined]);
    });
  });

  it('claims the path line, fences and markers', () => {
    const r = parse('intro\n\na.py\n```py\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n\noutro');
    assert.deepEqual([r.ops[0].source.startLine, r.ops[0].source.endLine], [3, 10]);
  });

  it('keeps file content with fences inside the block', () => {
    const [op] = ops('README.md\n```markdown\n<<<<<<< SEARCH\nInstall:\n```bash\nnpm i\n```\n=======\nInstall:\n```bash\nnpm ci\n```\n>>>>>>> REPLACE\n```');
    assert.equal(op.search, 'Install:\n```bash\nnpm i\n```\n');
    assert.equal(op.replacement, 'Install:\n```bash\nnpm ci\n```\n');
  });

  describe('a file that contains =======', () => {
    it('one divider: it is the divider', () => {
      const [op] = ops('README.rst\n```\n<<<<<<< SEARCH\nIntro text.\n=======\nIntro text, now longer.\n>>>>>>> REPLACE\n```');
      assert.equal(op.search, 'Intro text.\n');
    });
    it('heading underlines on both sides: the middle one', () => {
      const [op] = ops('<<<<<<< SEARCH\nUsage\n=======\nRun it.\n=======\nUsage\n=======\nRun it now.\n>>>>>>> REPLACE');
      assert.equal(op.search, 'Usage\n=======\nRun it.\n');
      assert.equal(op.replacement, 'Usage\n=======\nRun it now.\n');
    });
    it('marker length tells an underline of another length apart', () => {
      const [op] = ops('<<<<<<< SEARCH\nTitle\n=====\n=======\nNew title\n=========\n>>>>>>> REPLACE');
      assert.equal(op.search, 'Title\n=====\n');
    });
    it('a heading added by the edit', () => {
      const [op] = ops('<<<<<<< SEARCH\nIntro\n=======\nIntro\n\nNew\n=======\n>>>>>>> REPLACE');
      assert.equal(op.search, 'Intro\n');
      assert.equal(op.replacement, 'Intro\n\nNew\n=======\n');
    });
    it('a heading removed by the edit', () => {
      const [op] = ops('<<<<<<< SEARCH\nOld\n=======\nIntro\n=======\nIntro\n>>>>>>> REPLACE');
      assert.equal(op.search, 'Old\n=======\nIntro\n');
      assert.equal(op.replacement, 'Intro\n');
    });
    it('chooseDivider with a single candidate', () => {
      assert.equal(chooseDivider(['<<<<<<< SEARCH', 'a', '=======', 'b', '>>>>>>> REPLACE'], [2], 1, 4, '<<<<<<< SEARCH', '>>>>>>> REPLACE'), 2);
    });
  });

  describe('line-number prefixes', () => {
    it('strips `N | ` when every line has one, keeping indentation; hint from the first', () => {
      const [op] = ops('<<<<<<< SEARCH\n12 |         if a:\n13 |             return 1\n=======\n12 |         if a:\n13 |             return 2\n>>>>>>> REPLACE');
      assert.equal(op.search, '        if a:\n            return 1\n');
      assert.equal(op.replacement, '        if a:\n            return 2\n');
      assert.equal(op.lineHint, 12);
    });
    it('`N: ` and tab gutters', () => {
      assert.deepEqual(stripLineNumbers(['3: a', '4: b'], ['3: c']).search, ['a', 'b']);
      assert.deepEqual(stripLineNumbers(['  3\ta', '  4\tb'], ['  3\tc']).replace, ['c']);
    });
    it("avante.nvim's `L172: ` prefixes, copied into its replace_in_file blocks, on every line and consecutive", () => {
      // avante sends the buffer numbered `L1:`, `L2:`…; the block for CopilotChat's utils/diff.lua.
      const search = ['L172: function M.apply_diff(block, bufnr)', 'L173:   local diff, content = M.get_diff(block, bufnr)'];
      const numbered = stripLineNumbers(search, [...search, "L174:   if diff == '' then", 'L175:     return vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)', 'L176:   end']);
      assert.deepEqual(numbered.search, ['function M.apply_diff(block, bufnr)', '  local diff, content = M.get_diff(block, bufnr)']);
      assert.deepEqual(numbered.replace.slice(2), ["  if diff == '' then", '    return vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)', '  end']);
      assert.equal(numbered.firstNumber, 172);
      // A line left without one, numbers out of order, or an `L` with no `:` (an assembly label's own text): as written.
      for (const lines of [[search[0], '  local diff'], ['L172: a', 'L174: b'], ['L1 a', 'L2 b']]) assert.deepEqual(stripLineNumbers(lines, ['x']).search, lines);
    });
    it('leaves text alone unless every line is numbered consecutively', () => {
      assert.deepEqual(stripLineNumbers(['12 | a', 'b'], ['12 | c']).search, ['12 | a', 'b']);
      assert.deepEqual(stripLineNumbers(['1: a', '5: b'], ['1: a']).search, ['1: a', '5: b']);
      assert.deepEqual(stripLineNumbers(['1: a'], ['x']).search, ['1: a']);
    });
    it('refuses a block whose REPLACE lines alone carry read_file\'s numbers, in SEARCH/REPLACE and in a tool call (a Kilo Code task\'s questions.py)', () => {
      const search = ['from fastapi import APIRouter', 'from typing import List'];
      const replace = [' 1 | from fastapi import APIRouter', ' 2 | from app.models.answers import Answer', ' 3 | from typing import List'];
      // Was written as it stood: ` 1 | from fastapi import APIRouter` in the .py, exit 0.
      const r = parse(['app/api/routes/questions.py', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE'].join('\n'));
      assert.deepEqual([r.ops.length, r.problems[0]?.code], [0, 'PARSE_ERROR']);
      const call = parseReply(JSON.stringify({ file_path: 'app/api/routes/questions.py', old_string: search.join('\n'), new_string: replace.join('\n') }));
      assert.deepEqual([call.ops.length, call.problems[0]?.code], [0, 'PARSE_ERROR']);
      // Numbers that do not run on (a table's ids), one numbered line, or a YAML key: the file's own text.
      for (const lines of [['1 | Alice', '3 | Bob'], ['1 | Alice'], ['1: a', '2: b']]) assert.equal(parse(['t.md', '<<<<<<< SEARCH', 'x', '=======', ...lines, '>>>>>>> REPLACE'].join('\n')).problems.length, 0, lines[0]);
    });
    it('reads a SEARCH gutter with a line left unnumbered when every number is the one its place gives (Roo)', () => {
      const gapped = stripLineNumbers(['1 | function test() {', '    return true;', '3 | }'], ['function test() {', '    return false;', '}']);
      assert.deepEqual(gapped.search, ['function test() {', '    return true;', '}']);
      assert.equal(gapped.firstNumber, 1);
      // A number off its place, or as many plain lines as numbered ones: no gutter.
      assert.deepEqual(stripLineNumbers(['1 | a', 'b', '4 | c'], ['x']).search, ['1 | a', 'b', '4 | c']);
      assert.deepEqual(stripLineNumbers(['7: a', 'b', 'c', '10: d'], ['x']).search, ['7: a', 'b', 'c', '10: d']);
    });
  });

  it('keeps elision lines verbatim', () => {
    const [op] = ops('<<<<<<< SEARCH\ndef f():\n...\n    return 1\n=======\ndef f():\n...\n    return 2\n>>>>>>> REPLACE');
    assert.equal(op.search, 'def f():\n...\n    return 1\n');
  });

  describe('truncated and malformed replies', () => {
    it('ends in the REPLACE part: finished blocks parse, the last is INCOMPLETE_BLOCK', () => {
      const r = parse('a.py\n```\n' + block('x\n', 'y\n') + '\n```\n\na.py\n```\n<<<<<<< SEARCH\nz\n=======\nw = f(na');
      assert.equal(r.ops.length, 1);
      assert.equal(r.problems.length, 1);
      assert.equal(r.problems[0].code, 'INCOMPLETE_BLOCK');
      assert.equal(r.problems[0].block, 2);
      assert.equal(r.problems[0].path, 'a.py');
      assert.deepEqual([r.problems[0].startLine, r.problems[0].endLine], [10, 15]);
    });
    it('ends in the SEARCH part', () => {
      const r = parse('<<<<<<< SEARCH\nx = 1\n');
      assert.equal(r.ops.length, 0);
      assert.equal(r.problems[0].code, 'INCOMPLETE_BLOCK');
    });
    it('ends on a partial end marker', () => {
      assert.equal(parse('<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPL').problems[0].code, 'INCOMPLETE_BLOCK');
    });
    it('REPLACE without SEARCH is a PARSE_ERROR', () => {
      const r = parse('x\n=======\ny\n>>>>>>> REPLACE');
      assert.equal(r.problems[0].code, 'PARSE_ERROR');
      assert.deepEqual([r.problems[0].startLine, r.problems[0].endLine], [4, 4]);
    });
    it('SEARCH then REPLACE without divider is a PARSE_ERROR', () => {
      assert.equal(parse('<<<<<<< SEARCH\nx\n>>>>>>> REPLACE').problems[0].code, 'PARSE_ERROR');
    });
    it('a block cut short by the next SEARCH is a PARSE_ERROR, the next one parses', () => {
      const r = parse('<<<<<<< SEARCH\nx\n=======\ny\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE');
      assert.equal(r.problems[0].code, 'PARSE_ERROR');
      assert.deepEqual([r.problems[0].startLine, r.problems[0].endLine], [1, 4]);
      assert.equal((r.ops[0] as ReplaceOp).search, 'a\n');
      assert.equal(r.ops[0].source.block, 2);
    });
  });

  it('CRLF replies', () => {
    const [op] = ops('a.py\r\n```\r\n<<<<<<< SEARCH\r\nx\r\n=======\r\ny\r\n>>>>>>> REPLACE\r\n```\r\n');
    assert.equal(op.search, 'x\n');
    assert.equal(op.path, 'a.py');
  });

  it('ignores git conflict markers and prose', () => {
    assert.deepEqual(parse('<<<<<<< HEAD\na\n=======\nb\n>>>>>>> main\n').ops, []);
  });

  it('parses a 3 MB reply and a block of 100,000 dividers (speed: npm run bench and npm run fuzz)', () => {
    const one = 'src/a.ts\n```ts\n<<<<<<< SEARCH\n' + 'const x = 1;\n'.repeat(20) + '=======\n' + 'const x = 2;\n'.repeat(20) + '>>>>>>> REPLACE\n```\nprose `b.ts` here\n';
    const text = one.repeat(Math.ceil(3_000_000 / one.length));
    const r = parse(text);
    assert.ok(r.ops.length > 300);
    const many = '<<<<<<< SEARCH\n' + '=======\n'.repeat(100_000) + '>>>>>>> REPLACE\n';
    assert.equal(parse(many).ops.length, 1);
  });
});

describe('parse/searchReplace: what a model gets wrong in the markers', () => {
  it('takes a SEARCH marker at the end of an IBM Bob export\'s tool label for the block\'s start when Roo\'s header follows it (taskflow-bob\'s AGENTS.md)', () => {
    const first = ['> 🔧 **apply_diff** — <<<<<<< SEARCH', ':start_line:139', '-------', '### Validation (`services.py`)', '', '- All incoming data is validated in `services.py`, never in routes.', '=======', '### Validation (`services.py`)', '', '- All incoming data is validated in `services.py`, never in routes (`update_task` too).', '>>>>>>> REPLACE'];
    const second = ['<<<<<<< SEARCH', ':start_line:12', '-------', '├── run.py            — development server entry point', '=======', '├── run.py            — development server entry point (python run.py)', '>>>>>>> REPLACE'];
    // Was PARSE_ERROR (`>>>>>>> REPLACE` without a matching SEARCH) for the whole reply.
    const r = parse(['### 🤖 Assistant', '', '> 🔧 called: apply_diff', '', ...first, '', ...second].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => op.kind === 'replace' && [op.search.split('\n').length, op.lineHint]), [[4, 139], [2, 12]]);
    // A sentence that ends by naming the marker is not a block's start without that header under it.
    const named = parse(['Each block opens with <<<<<<< SEARCH', 'and ends with the REPLACE marker.'].join('\n'));
    assert.deepEqual(named, { ops: [], problems: [] });
    // A diff's lines keep their own reading.
    assert.equal(parse(['+label <<<<<<< SEARCH', ':start_line:3', '-------', 'a', '=======', 'b', '>>>>>>> REPLACE'].join('\n')).problems[0]?.code, 'PARSE_ERROR');
  });

  it('flags a second divider right before the end marker (or right after the divider) as stray', () => {
    const [end] = ops('app.py\n```python\n<<<<<<< SEARCH\nPORT = 8000\n=======\nPORT = 8080\n=======\n>>>>>>> REPLACE\n```\n');
    assert.equal(end.search, 'PORT = 8000\n');
    assert.equal(end.replacement, 'PORT = 8080\n=======\n', 'the parser keeps the line: the planner decides by the file');
    assert.equal(end.strayDivider, 'end');
    const [start] = ops('app.py\n```python\n<<<<<<< SEARCH\nPORT = 8000\n=======\n=======\nPORT = 8080\n>>>>>>> REPLACE\n```\n');
    assert.equal(start.strayDivider, 'start');
    // The same line at the end of SEARCH too is the file's own text.
    const [both] = ops('notes.rst\n```\n<<<<<<< SEARCH\nTitle\n=======\n=======\nNew title\n=======\n>>>>>>> REPLACE\n```\n');
    assert.equal(both.strayDivider, undefined);
  });

  it('reads a line-number gutter on SEARCH alone (REPLACE plain), keeping the quoted text for the planner', () => {
    const [op] = ops('geometry.py\n```python\n<<<<<<< SEARCH\n3 | def area(r):\n4 |     return 3.14 * r * r\n=======\ndef area(r):\n    return math.pi * r * r\n>>>>>>> REPLACE\n```\n');
    assert.equal(op.search, 'def area(r):\n    return 3.14 * r * r\n');
    assert.equal(op.quotedSearch, '3 | def area(r):\n4 |     return 3.14 * r * r\n');
    assert.equal(op.lineHint, 3);
    // Claude Code's Read output: `   12→code`.
    const [arrow] = ops('a.ts\n```ts\n<<<<<<< SEARCH\n    12\u2192const a = 1;\n    13\u2192const b = 2;\n=======\nconst a = 1;\nconst b = 3;\n>>>>>>> REPLACE\n```\n');
    assert.equal(arrow.search, 'const a = 1;\nconst b = 2;\n');
    // The arrow is followed by the line's own indentation: none of it is the gutter's.
    const [indented] = ops('m.py\n```py\n<<<<<<< SEARCH\n    11\u2192def third():\n    12\u2192    y = 2\n=======\ndef third():\n    y = 20\n>>>>>>> REPLACE\n```\n');
    assert.equal(indented.search, 'def third():\n    y = 2\n');
    // One line numbered by Claude Code's arrow is a gutter (a minified file's one line); one `1: a` is not.
    assert.deepEqual(stripLineNumbers(['     1\u2192!function(e){}'], ['!function(t){}']).search, ['!function(e){}']);
    // A REPLACE line numbered another way is the file's text (a doctest under Roo's gutter).
    assert.deepEqual(stripLineNumbers(['7 |     0: (    MARK', '8 |     1: l    LIST'], ['    0: (    MARK', '    1: ]    EMPTY_LIST']).search, ['    0: (    MARK', '    1: l    LIST']);
    // After `|` or `:` a blank is the gutter's only when every line has one: Roo's `12 | code`
    // against crush's `12|code` and grep's `12:code`.
    assert.deepEqual(stripLineNumbers(['3 | def f():', '4 |     return 1'], ['x']).search, ['def f():', '    return 1']);
    assert.deepEqual(stripLineNumbers(['  3|def f():', '  4|    return 1'], ['x']).search, ['def f():', '    return 1']);
    assert.deepEqual(stripLineNumbers(['3:def f():', '4:    return 1', '5:'], ['x']).search, ['def f():', '    return 1', '']);
    // One numbered line is too little evidence (a YAML `1: a` key), and numbers that do not run on are no gutter.
    assert.deepEqual(stripLineNumbers(['1: a'], ['x']).search, ['1: a']);
    assert.deepEqual(stripLineNumbers(['1: a', '5: b'], ['x']).search, ['1: a', '5: b']);
  });

  it('marks a block that takes the previous block\'s path as inherited', () => {
    const [first, second] = ops('a.py\n```python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n>>>>>>> REPLACE\n```\n\nAnd:\n\n```python\n<<<<<<< SEARCH\ny = 1\n=======\ny = 2\n>>>>>>> REPLACE\n```\n');
    assert.equal(first.pathInherited, undefined);
    assert.equal(second.path, 'a.py');
    assert.equal(second.pathInherited, true);
  });
});
