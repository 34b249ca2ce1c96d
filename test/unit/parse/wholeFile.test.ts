import * as assert from 'node:assert/strict';
import type { RewriteFileOp } from '../../../src/core/ir';
import { planReply } from '../../../src/core/pipeline';
import { parseReply } from '../../../src/core/parse/registry';
import { searchReplaceParser } from '../../../src/core/parse/searchReplace';
import { pathFromComment } from '../../../src/core/parse/paths';
import { wholeFileParser } from '../../../src/core/parse/wholeFile';

const parse = (text: string) => parseReply(text, [searchReplaceParser, wholeFileParser]);
const rewrites = (text: string) => parse(text).ops as RewriteFileOp[];

describe('parse/wholeFile', () => {
  it('never takes a fence holding merge-conflict markers for a whole file', () => {
    assert.deepEqual(rewrites('calc.py\n```python\n<<<<<<< HEAD\nimport math\n=======\nimport math as m\n>>>>>>> feature\n```\n'), []);
    // Seven `=` alone are content (a setext heading, an rst rule).
    assert.equal(rewrites('notes.md\n```markdown\nTitle\n=======\n\ntext\n```\n').length, 1);
  });

  it('a fenced file with a path line before it', () => {
    const r = parse('Here:\n\nconf.toml\n```toml\n[server]\nport = 2\n```\n');
    assert.equal(r.problems.length, 0);
    const [op] = r.ops as RewriteFileOp[];
    assert.equal(op.kind, 'rewrite');
    assert.equal(op.path, 'conf.toml');
    assert.equal(op.content, '[server]\nport = 2\n');
    assert.equal(op.partial, false);
    assert.deepEqual(op.source, { block: 1, format: 'whole-file', startLine: 3, endLine: 7 });
  });

  it('path in the info string', () => {
    assert.equal(rewrites('```python title="a.py"\nx = 1\n```')[0].path, 'a.py');
    assert.equal(rewrites('```src/a.ts\nx\n```')[0].path, 'src/a.ts');
    assert.equal(rewrites('```ts:src/a.ts\nx\n```')[0].path, 'src/a.ts');
  });

  it('path in a first-line comment, removed from the content', () => {
    const [a] = rewrites('```ts\n// src/a.ts\nexport const a = 1;\n```');
    assert.equal(a.path, 'src/a.ts');
    assert.equal(a.content, 'export const a = 1;\n');
    assert.equal(rewrites('```python\n# a.py\nx = 1\n```')[0].content, 'x = 1\n');
    assert.equal(rewrites('```html\n<!-- index.html -->\n<p>\n```')[0].path, 'index.html');
  });

  it('a first-line comment naming the same file as the label is removed; another file is kept', () => {
    assert.equal(rewrites('a.py\n```python\n# a.py\nx = 1\n```')[0].content, 'x = 1\n');
    assert.equal(rewrites('a.py\n```python\n# b.py\nx = 1\n```')[0].content, '# b.py\nx = 1\n');
  });

  it('code first lines are not paths', () => {
    for (const line of ['#!/bin/sh', '#include <stdio.h>', '# coding: utf-8', '// eslint-disable', '// http://x.com/a.js']) {
      assert.equal(pathFromComment(line), undefined, line);
    }
  });

  it('elisions make a partial snippet', () => {
    const [op] = rewrites('src/a.ts\n```ts\n// ... existing code ...\nfoo();\n// ... existing code ...\n```');
    assert.equal(op.partial, true);
    assert.equal(op.source.format, 'snippet');
  });

  it('a snippet without a path goes to the hint, or the file the sentence names', () => {
    assert.equal(rewrites('Change:\n```ts\n// ...\nfoo();\n```')[0].path, undefined);
    assert.equal(rewrites('In `src/a.ts`, change:\n```ts\n// ...\nfoo();\n```')[0].path, 'src/a.ts');
  });

  it('a prose mention does not turn an example into a whole-file rewrite', () => {
    assert.deepEqual(parse('Add this to `src/a.ts`:\n```ts\nfoo();\n```').ops, []);
  });

  it('reads the file a sentence opening by making it names as the block\'s path, and marks the block new (p48/a 02b, 08)', () => {
    const module = 'from starlette.types import ASGIApp, Receive, Scope, Send\n\n\nclass MaxBodySizeMiddleware:\n    def __init__(self, app: ASGIApp, max_size: int = 1_000_000) -> None:\n        self.app = app\n';
    for (const [sentence, path] of [
      ['Create a new file `middleware/httpsredirect.py`:', 'middleware/httpsredirect.py'],
      ['New file `starlette/middleware/bodysize.py`:', 'starlette/middleware/bodysize.py'],
      ['**Add a file named `bodysize.py`:**', 'bodysize.py'],
      ['2. Then create `starlette/middleware/bodysize.py`:', 'starlette/middleware/bodysize.py'],
    ]) {
      const [op] = rewrites(`${sentence}\n\n\`\`\`python\n${module}\`\`\`\n`);
      assert.deepEqual([op?.path, op?.namedInProse, op?.declaredNew, op?.content], [path, true, true, module], sentence);
    }
    // A sentence that only mentions a file, or puts "the new file" after other words, names no
    // file for a whole block: the lines may be where that file is used.
    for (const sentence of ['This works like `starlette/middleware/bodysize.py`:', 'Then import it from the new file `bodysize.py`:', 'Create a new file `bodysize.py` and register it']) {
      assert.deepEqual(rewrites(`${sentence}\n\n\`\`\`python\n${module}\`\`\`\n`), [], sentence);
    }
  });

  it('marks a whole file new when its path line says so, never for words of the path itself (p48/a 02)', () => {
    const declared = (label: string) => rewrites(`${label}\n\n\`\`\`python\nx = 1\n\`\`\`\n`)[0]?.declaredNew;
    assert.equal(declared('### middleware/httpsredirect.py (new file)'), true);
    assert.equal(declared('**New file: `middleware/httpsredirect.py`**'), true);
    assert.equal(declared('### middleware/httpsredirect.py'), undefined);
    assert.equal(declared('### src/new/file.py'), undefined);
    assert.equal(declared('### `create_user.py`'), undefined);
    assert.equal(declared('Here is the updated `users.py`, which creates the user:'), undefined);
  });

  it('ignores illustrations: no path, no elision', () => {
    assert.deepEqual(parse('For example:\n```js\nconst x = 1;\n```\n').ops, []);
  });

  it('ignores shell and output fences without an explicit path', () => {
    assert.deepEqual(parse('Run:\n```bash\nnpm test\n# ...\n```\n```text\n...\n```').ops, []);
    assert.equal(rewrites('scripts/build.sh\n```bash\nnpm run build\n```')[0].path, 'scripts/build.sh');
  });

  it('reads a command language\'s fence as the script a sentence names, of that language only (p48/c 46, 47, 51)', () => {
    assert.equal(rewrites('Here is the updated `build.bat`:\n```bat\n@echo off\ncall npm run build\n```')[0].path, 'build.bat');
    assert.equal(rewrites('Updated `tools/verify.ps1`:\n```powershell\nparam()\nexit 0\n```')[0].path, 'tools/verify.ps1');
    assert.equal(rewrites('In `deploy.sh`, add:\n```bash\nset -e\n# ... existing code ...\n```')[0].path, 'deploy.sh');
    // Commands shown for another file, or a session typed at a prompt, are not the file.
    assert.deepEqual(parse('Here is the updated `app.py`:\n```bash\npython app.py\n```').ops, []);
    assert.deepEqual(parse('In `app.py`, run:\n```bash\npython app.py\n# ...\n```').ops, []);
    assert.deepEqual(parse('Here is the updated `deploy.sh`:\n```console\n$ ./deploy.sh\n```').ops, []);
    assert.deepEqual(parse('Here is the updated `deploy.sh`:\n```bash\n$ ./deploy.sh\ndone\n```').ops, []);
  });

  it('ignores diffs and citations', () => {
    assert.deepEqual(parse('a.py\n```diff\n-a\n+b\n```').ops, []);
    assert.deepEqual(parse('```12:14:src/a.ts\n// ...\nx\n```').ops, []);
    assert.deepEqual(parse('a.py\n```\n@@ -1,2 +1,2 @@\n-a\n+b\n```').ops, []);
  });

  it('does not read SEARCH/REPLACE fences as files', () => {
    const r = parse('a.py\n```\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n```\n\nb.py\n```\nz = 1\n```');
    assert.deepEqual(r.ops.map((o) => o.kind), ['replace', 'rewrite']);
    assert.equal((r.ops[1] as RewriteFileOp).path, 'b.py');
  });

  it('a file holding a same-length inner fence is read whole', () => {
    const [op] = rewrites('README.md\n```markdown\n# T\n```bash\nnpm i\n```\nMore.\n```');
    assert.equal(op.content, '# T\n```bash\nnpm i\n```\nMore.\n');
  });

  it('a markdown file whose bare inner fence closes the outer one is refused, not truncated', () => {
    const r = parse('README.md\n```markdown\n# T\n```\ncode\n```\n\nMore text.\n```');
    assert.deepEqual(r.ops, []);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.equal(rewrites('README.md\n```markdown\n# T\n```\nThat is all.\n')[0].content, '# T\n');
  });

  it('<source> fences and longer fences', () => {
    assert.equal(rewrites('a.md\n<source>\n```\nx\n```\n</source>')[0].content, '```\nx\n```\n');
    assert.equal(rewrites('a.md\n````\n```\nx\n```\n````')[0].content, '```\nx\n```\n');
  });

  it('a fence in a list item loses its indentation', () => {
    assert.equal(rewrites('1. `a.py`:\n   ```python\n   def f():\n       pass\n   ```')[0].content, 'def f():\n    pass\n');
  });

  it('a fence the reply ends inside of is INCOMPLETE_BLOCK, never an op', () => {
    const r = parse('a.py\n```python\nx = 1\ny = ');
    assert.deepEqual(r.ops, []);
    assert.equal(r.problems[0].code, 'INCOMPLETE_BLOCK');
    assert.equal(r.problems[0].path, 'a.py');
    assert.deepEqual(parse('Example:\n```js\nx').problems, []);
  });

  it('a bracketed name line names the block below it; a TOML header does not', () => {
    const [op] = rewrites('This is a sample program.\n\n[FILE: file1.py]\n```python\nprint(1)\n```\n');
    assert.equal(op.path, 'file1.py');
    assert.equal(op.source.startLine, 3);
    const two = rewrites('[file1.py]\n```python\nprint(1)\n```\n\n[file2.py]\n```python\nprint(2)\n```\n');
    assert.deepEqual(two.map((o) => [o.path, o.content]), [['file1.py', 'print(1)\n'], ['file2.py', 'print(2)\n']]);
    const toml = parse('[tool.poetry]\n```toml\nname = "x"\n```\n');
    assert.deepEqual(toml.ops, []);
    assert.deepEqual(toml.problems, []);
    assert.equal(rewrites('app/[id]/page.tsx\n```tsx\nexport default 1;\n```\n')[0].path, 'app/[id]/page.tsx');
  });

  it('a name line between backtick runs of unequal length names the block below it', () => {
    const [op] = rewrites('(8)\n```major1.py````\n```python\nimport pygame\n```\n');
    assert.equal(op.path, 'major1.py');
    assert.equal(op.content, 'import pygame\n');
    // A fence that only holds a path is still read as before.
    assert.equal(rewrites('```\nsrc/a.py\n```\n```python\nx = 1\n```\n')[0].path, 'src/a.py');
  });

  it('a block under a name with backticks inside is a problem, so the reply is not half applied', () => {
    const r = parse('file[1].py\n```python\nprint(1)\n```\n\nfile`2`.py\n```python\nprint(2)\n```\n');
    assert.deepEqual(r.ops.map((o) => (o as RewriteFileOp).path), ['file[1].py']);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.deepEqual([r.problems[0].startLine, r.problems[0].endLine], [6, 9]);
    const planned = planReply(r, () => undefined);
    assert.equal(planned.receipt.ok, false);
    // Backticks in a prose line above an example do not make it a problem.
    assert.deepEqual(parse('Here is `main`.py:\n```python\nx = 1\n```\n').problems, []);
  });

  it('CRLF replies give LF content', () => {
    assert.equal(rewrites('a.py\r\n```\r\nx\r\ny\r\n```\r\n')[0].content, 'x\ny\n');
  });

  it('parses a 3 MB reply of whole files (speed: npm run bench)', () => {
    const one = 'src/a.ts\n```ts\n' + 'const x = 1;\n'.repeat(30) + '```\nSome prose with `x.ts`.\n';
    const text = one.repeat(Math.ceil(3_000_000 / one.length));
    const r = parse(text);
    assert.ok(r.ops.length > 300);
  });
  it('keeps a snippet whole past a doc comment\'s `/// # Examples`, and still cuts at an `# Example usage:` comment (p51/d 37)', () => {
    // rustdoc's section heading documents the item under it; it does not end the code.
    const rust = ['pub struct Sender;', '', '/// Creates a channel.', '///', '/// # Examples', '///', '/// ```', '/// let (tx, rx) = channel(1);', '/// ```', 'pub fn channel() {}', '', '// ... rest of the file unchanged ...'];
    const [op] = rewrites('Here is the updated `src/bounded.rs`:\n\n```rust\n' + rust.join('\n') + '\n```\n');
    assert.equal(op.content, rust.join('\n') + '\n');
    const python = ['# ... existing code ...', 'def double(x):', '    return 2 * x', '', '# Example usage:', 'print(double(2))'];
    const [cut] = rewrites('Here is the updated `calc.py`:\n\n```python\n' + python.join('\n') + '\n```\n');
    assert.equal(cut.content, python.slice(0, 3).join('\n') + '\n');
  });
});

describe('parse/wholeFile: a first-line comment naming the file', () => {
  it('is taken off as a label and kept on the op, for the planner to put back when the file has it', () => {
    const [op] = rewrites('```tsx\n// src/panel.tsx\nexport const a = 1;\n```\n');
    assert.equal(op.path, 'src/panel.tsx');
    assert.equal(op.label, '// src/panel.tsx');
    assert.equal(op.content, 'export const a = 1;\n');
  });
});

describe('parse/wholeFile: an example of use cut off a block', () => {
  it('keeps a snippet\'s "Example:" comment right under a marker: it is the file\'s comment, not an example of use after code (p51/a 42)', () => {
    // neovim's lua/options.lua: the block was cut to its first marker and refused as elisions only.
    const [op] = rewrites('Fix the comment in `lua/options.lua`:\n\n```lua\n-- ... existing code ...\n--     Example: ____aaaa-bbbb___\n--\n-- ... existing code ...\n```\n');
    assert.equal(op.content, '-- ... existing code ...\n--     Example: ____aaaa-bbbb___\n--\n-- ... existing code ...\n');
    // Under code, such a comment still starts an example of use.
    const [withCode] = rewrites('Fix `lua/options.lua`:\n\n```lua\n-- ... existing code ...\nlocal function setup() end\n-- Example:\nsetup()\n```\n');
    assert.equal(withCode.content, '-- ... existing code ...\nlocal function setup() end\n');
  });
});
