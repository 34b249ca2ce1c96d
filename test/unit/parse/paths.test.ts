import * as assert from 'node:assert/strict';
import {
  backtickedPathMentions, cleanReplyPath, filenameFromLine, looksLikeFilePath, looksLikeFilenameLine, pathFromLabelLine,
} from '../../../src/core/parse/paths';

describe('parse/paths', () => {
  describe('cleanReplyPath', () => {
    const cases: Array<[string, string | undefined]> = [
      ['src/a.ts', 'src/a.ts'],
      ['  src/a.ts  ', 'src/a.ts'],
      ['`src/a.ts`', 'src/a.ts'],
      ['`src/a.ts`:', 'src/a.ts'],
      ['**src/a.ts**', 'src/a.ts'],
      ['**`src/a.ts`**:', 'src/a.ts'],
      ['### src/a.ts', 'src/a.ts'],
      ['## File: `src/a.ts`', 'src/a.ts'],
      ['File: src/a.ts', 'src/a.ts'],
      ['Path: src/a.ts', 'src/a.ts'],
      ['**File:** `src/a.ts`', 'src/a.ts'],
      ['- `src/a.ts`:', 'src/a.ts'],
      ['1. `src/a.ts`', 'src/a.ts'],
      ['./src/a.ts', 'src/a.ts'],
      ['a/src/a.ts', 'src/a.ts'],
      ['b/src/a.ts', 'src/a.ts'],
      ['src\\win\\a.ts', 'src/win/a.ts'],
      ['C:\\proj\\a.ts', 'C:/proj/a.ts'],
      ['"my dir/a.ts"', 'my dir/a.ts'],
      ["'a.ts'", 'a.ts'],
      ['`src/a.ts` (new file)', 'src/a.ts'],
      ['/abs/path/a.ts', '/abs/path/a.ts'],
      ['[src/a.ts](src/a.ts)', 'src/a.ts'],
      ['**[src/a.ts](https://example.com/x)**:', 'src/a.ts'],
      ['Here is the updated file:', undefined],
      ['Make add() reject non-int quantities.', undefined],
      ['my dir/a.ts', undefined],
      ['https://example.com/a.ts', undefined],
      ['...', undefined],
      ['', undefined],
      ['src/', undefined],
      ['a|b', undefined],
    ];
    for (const [raw, want] of cases) {
      it(`${JSON.stringify(raw)} -> ${JSON.stringify(want)}`, () => assert.equal(cleanReplyPath(raw), want));
    }
    it('keeps a/ when asked to', () => assert.equal(cleanReplyPath('a/x.py', { stripGitPrefix: false }), 'a/x.py'));
  });

  describe('looksLikeFilePath', () => {
    it('accepts files', () => {
      for (const p of ['a.py', 'src/a', '.gitignore', 'Makefile', 'Dockerfile', 'app/[slug]/page.tsx', 'conf.toml']) {
        assert.ok(looksLikeFilePath(p), p);
      }
    });
    it('rejects non-files', () => {
      for (const p of ['foo', '1.2.3', 'e.g.', '-rf', 'Note']) assert.ok(!looksLikeFilePath(p), p);
    });
  });

  describe('filename lines', () => {
    it('recognises labels', () => {
      assert.equal(filenameFromLine('inventory.py'), 'inventory.py');
      assert.equal(filenameFromLine('`src/app.ts`:'), 'src/app.ts');
      assert.ok(looksLikeFilenameLine('**README.md**'));
    });
    it('rejects prose, fences and markers', () => {
      for (const l of ['In `src/app.ts`:', '```python', '<<<<<<< SEARCH', '=======', 'Output:', '---', 'Fix it.']) {
        assert.ok(!looksLikeFilenameLine(l), l);
      }
    });
  });

  describe('mentions', () => {
    it('finds backticked files in prose, not code', () => {
      assert.deepEqual(backtickedPathMentions('Now update `b.py` and `src/c.ts`, not `self.items` or `os.path`.'), ['b.py', 'src/c.ts']);
    });
    it('labels: strong for filename lines, weak for prose', () => {
      assert.deepEqual(pathFromLabelLine('a.py:'), { path: 'a.py', strong: true });
      assert.deepEqual(pathFromLabelLine('Now in `b.py`:'), { path: 'b.py', strong: false });
      assert.equal(pathFromLabelLine('Compare `a.py` with `b.py`:'), undefined);
      assert.deepEqual(pathFromLabelLine('In internal/cache/lru.go:'), { path: 'internal/cache/lru.go', strong: false });
      assert.deepEqual(pathFromLabelLine('Changes to **app/x.py**:'), { path: 'app/x.py', strong: false });
      assert.equal(pathFromLabelLine('In internal/cache/lru.go the loop is wrong'), undefined);
      assert.equal(pathFromLabelLine('Call obj.method and then os.path:'), undefined);
    });
  });
});
