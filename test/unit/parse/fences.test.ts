import * as assert from 'node:assert/strict';
import { closesFence, findFencedBlocks, parseFenceOpener, parseInfoString } from '../../../src/core/parse/fences';
import { outdentListFences } from '../../../src/core/parse/listFences';
import type { ReplaceOp } from '../../../src/core/ir';
import { parseReply } from '../../../src/core/parse/registry';

const none = () => false;
const split = (text: string) => text.split('\n');

describe('parse/fences', () => {
  it('parses openers of backticks, tildes and <source>', () => {
    assert.deepEqual(parseFenceOpener('```ts'), { indent: 0, char: '`', length: 3, info: 'ts' });
    assert.deepEqual(parseFenceOpener('  ~~~~ python '), { indent: 2, char: '~', length: 4, info: 'python' });
    assert.deepEqual(parseFenceOpener('<source>python'), { indent: 0, char: '<', length: 0, info: 'python' });
    assert.equal(parseFenceOpener('``not a fence``'), undefined);
    assert.equal(parseFenceOpener('```js const a = `x`;'), undefined);
  });

  it('closes only with the same char and at least the same length', () => {
    const open = parseFenceOpener('````md')!;
    assert.equal(closesFence('```', open), false);
    assert.equal(closesFence('~~~~', open), false);
    assert.equal(closesFence('````', open), true);
    assert.equal(closesFence('`````  ', open), true);
    assert.equal(closesFence('````x', open), false);
    assert.equal(closesFence('</source>', parseFenceOpener('<source>')!), true);
  });

  it('finds blocks, including unclosed ones', () => {
    const blocks = findFencedBlocks(split('a\n```py\nx\n```\nb\n~~~\ny'), none);
    assert.equal(blocks.length, 2);
    assert.deepEqual([blocks[0].openIndex, blocks[0].closeIndex, blocks[0].contentStart, blocks[0].contentEnd], [1, 3, 2, 2]);
    assert.deepEqual([blocks[1].openIndex, blocks[1].closeIndex, blocks[1].contentEnd], [5, undefined, 6]);
  });

  it('a longer outer fence holds inner fences (CommonMark)', () => {
    const blocks = findFencedBlocks(split('````md\n# T\n```\ncode\n```\n````'), none);
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0].closeIndex, 5);
  });

  it('balances same-length inner fences that carry an info string', () => {
    const blocks = findFencedBlocks(split('```markdown\n# T\n```bash\nnpm i\n```\nmore\n```\nafter'), none);
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0].closeIndex, 6);
  });

  it('<source> fences hold backticks', () => {
    const blocks = findFencedBlocks(split('<source>\n```\nx\n```\n</source>'), none);
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0].closeIndex, 4);
  });

  it('never opens on claimed lines, flags blocks with claimed lines, skips orphan closers', () => {
    const claimed = new Set([1, 2, 3]);
    const lines = split('```diff\n--- a\n+++ b\n@@\n```\n```py\nx\n```');
    const blocks = findFencedBlocks(lines, (i) => claimed.has(i));
    assert.equal(blocks[0].openIndex, 0);
    assert.equal(blocks[0].hasClaimed, true);
    assert.equal(blocks[0].closeIndex, 4);
    assert.equal(blocks[1].openIndex, 5);
    const claimedAll = new Set([0, 1, 2, 3]);
    const after = findFencedBlocks(lines, (i) => claimedAll.has(i));
    assert.equal(after.length, 1);
    assert.equal(after[0].openIndex, 5);
  });

  it('reads info strings', () => {
    assert.deepEqual(parseInfoString('python'), { lang: 'python', path: undefined, citation: false });
    assert.deepEqual(parseInfoString('a.py'), { lang: undefined, path: 'a.py', citation: false });
    assert.deepEqual(parseInfoString('typescript:src/app.ts'), { lang: 'typescript', path: 'src/app.ts', citation: false });
    assert.deepEqual(parseInfoString('python title="pkg/a.py"'), { lang: 'python', path: 'pkg/a.py', citation: false });
    assert.deepEqual(parseInfoString('js filename=x.js'), { lang: 'js', path: 'x.js', citation: false });
    assert.deepEqual(parseInfoString('python src/a.py'), { lang: 'python', path: 'src/a.py', citation: false });
    assert.deepEqual(parseInfoString('12:30:src/a.ts'), { lang: undefined, path: 'src/a.ts', citation: true });
    assert.deepEqual(parseInfoString('vb.net'), { lang: 'vb.net', path: undefined, citation: false });
    // A well-known file name without a dot after the language is the path (p48/a 07: the root Makefile).
    assert.deepEqual(parseInfoString('makefile Makefile'), { lang: 'makefile', path: 'Makefile', citation: false });
    assert.deepEqual(parseInfoString('dockerfile Dockerfile'), { lang: 'dockerfile', path: 'Dockerfile', citation: false });
    assert.deepEqual(parseInfoString('just justfile'), { lang: 'just', path: 'justfile', citation: false });
    // A lower-case word that is also such a name is the fence's, not a file.
    assert.deepEqual(parseInfoString('text license'), { lang: 'text', path: undefined, citation: false });
  });

  it('moves a fence that a list item indents back to the margin, content and closer included', () => {
    const lines = split('1. Update `a.py`:\n   ```python\n   a.py\n   <<<<<<< SEARCH\n       x = 1\n   =======\n       x = 2\n   >>>>>>> REPLACE\n   ```\n2. Done.');
    assert.equal(outdentListFences(lines), true);
    assert.deepEqual(lines, split('1. Update `a.py`:\n```python\na.py\n<<<<<<< SEARCH\n    x = 1\n=======\n    x = 2\n>>>>>>> REPLACE\n```\n2. Done.'));
  });

  it('leaves fences alone when a line sits left of the opener, when unclosed, or at the margin', () => {
    const ragged = split('  ```\n  a\nb\n  ```');
    assert.equal(outdentListFences(ragged), false);
    assert.deepEqual(ragged, split('  ```\n  a\nb\n  ```'));
    const unclosed = split('  ```diff\n  -a\n  +b');
    assert.equal(outdentListFences(unclosed), false);
    const margin = split('```\n  a\n```');
    assert.equal(outdentListFences(margin), false);
  });

  it('never touches the fences a diff quotes as context after the first one (axios README: a ```js pair outdented)', () => {
    const text = '```diff\n--- a/README.md\n+++ b/README.md\n@@ -1,9 +1,9 @@\n ```\n $ npm i axios\n ```\n \n-Import it:\n+Import it so:\n \n ```js\n import axios from "axios";\n ```\n```\n';
    const lines = split(text);
    assert.equal(outdentListFences(lines), false);
    assert.deepEqual(lines, split(text));
  });

  it('never touches an indented fence inside a fenced block\'s SEARCH/REPLACE text that a line of its own closed early', () => {
    // A doc comment's example fence written with four backticks, indented: read as the end of the
    // reply's own ```` fence, it left the block's later ``` lines looking like a list's fences.
    const text = 'a.d.ts\n````\n<<<<<<< SEARCH\n  \t*/\n=======\n  \t````\n  \t*/\n  \t```\n  \tconst x = 1;\n  \t```\n>>>>>>> REPLACE\n````\n';
    const lines = split(text);
    assert.equal(outdentListFences(lines), false);
    assert.deepEqual(lines, split(text));
  });

  it('never touches an indented fence inside an unfenced SEARCH/REPLACE block (a README\'s own text)', () => {
    const text = 'README.md\n<<<<<<< SEARCH\n  ```sh\n  npm test\n  ```\n=======\n  ```sh\n  npm ci\n  ```\n>>>>>>> REPLACE\n';
    const lines = split(text);
    assert.equal(outdentListFences(lines), false);
    const [op] = parseReply(text).ops as ReplaceOp[];
    assert.equal(op.search, '  ```sh\n  npm test\n  ```\n');
    assert.equal(op.replacement, '  ```sh\n  npm ci\n  ```\n');
  });

  it('never moves a README\'s inner fences that a ```markdown fence holds, however the list indents them (p51/b 17, Cursor\'s README snippet)', () => {
    // The outer fence closed at the first inner closer: the second ```bash block was read as a
    // list fence of the reply, moved to the margin and written so, out of its list item.
    const text = ['```markdown', '// ... existing code ...', '## Usage', '', '1.  **Build the application:**', '    ```bash', '    go build -o docker-util', '    ```', '', '2.  **Run the application:**', '    ```bash', '    ./docker-util', '    ```', '    The application will create an SQLite database file.', '// ... existing code ...', '```', ''].join('\n');
    const lines = split(text);
    assert.equal(outdentListFences(lines), false);
    assert.deepEqual(lines, split(text));
    // A list fence after the outer one is still the reply's own, and moved.
    const after = split(text + '1. Then:\n   ```\n   a\n   ```');
    assert.equal(outdentListFences(after), true);
    assert.deepEqual(after.slice(-3), ['```', 'a', '```']);
  });

  it('parses SEARCH/REPLACE and diffs fenced inside a numbered list as at the margin', () => {
    const sr = parseReply('1. In `src/a.py`:\n   ```python\n   src/a.py\n   <<<<<<< SEARCH\n   def f():\n       return 1\n   =======\n   def f():\n       return 2\n   >>>>>>> REPLACE\n   ```\n');
    assert.equal(sr.problems.length, 0);
    const [op] = sr.ops as ReplaceOp[];
    assert.equal(op.path, 'src/a.py');
    assert.equal(op.search, 'def f():\n    return 1\n');
    assert.equal(op.replacement, 'def f():\n    return 2\n');
    const diff = parseReply('2. Then:\n    ```diff\n    --- a/b.ts\n    +++ b/b.ts\n    @@ -1,2 +1,2 @@\n     const a = 1;\n    -const b = 2;\n    +const b = 3;\n    ```\n');
    assert.equal(diff.ops.length, 1);
    assert.equal((diff.ops[0] as ReplaceOp).path, 'b.ts');
  });

  it('leaves the context lines of a bare diff alone, fenced Markdown in them included', () => {
    const text = ['--- a/README.md', '+++ b/README.md', '@@ -1,5 +1,5 @@', ' ```', ' yarn clean', ' yarn test', ' ```', '-old', '+new', ''].join('\n');
    const lines = split(text);
    assert.equal(outdentListFences(lines), false);
    const [op] = parseReply(text).ops as ReplaceOp[];
    assert.equal(op.path, 'README.md');
    assert.equal(op.search, '```\nyarn clean\nyarn test\n```\nold\n');
  });

  it('reads a 200,000-line reply of fences (speed: npm run fuzz)', () => {
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) lines.push(i % 7 === 0 ? '```' + (i % 2 ? 'ts' : '') : 'x'.repeat(40));
    assert.ok(findFencedBlocks(lines, none).length > 0);
  });

  it('moves list fences in linear time after fences whose nesting never balances (```md, ```ts and one closer, 10,000 times)', () => {
    const lines: string[] = [];
    for (let i = 0; i < 10_000; i++) lines.push('```md', '```ts', '```');
    lines.push('1. Step:', '   ```', '   y', '   ```');
    const started = Date.now();
    assert.equal(outdentListFences(lines), true);
    assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
  });
});
