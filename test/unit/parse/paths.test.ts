import * as assert from 'node:assert/strict';
import {
  backtickedPathMentions, cleanReplyPath, filenameFromLine, isNameLineWithInnerBackticks, looksLikeFilePath, looksLikeFilenameLine,
  pathFromComment, pathFromLabelLine,
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

  describe('bracketed name lines', () => {
    it('a label inside the brackets names the file', () => {
      assert.equal(filenameFromLine('[FILE: file1.py]'), 'file1.py');
      assert.equal(filenameFromLine('  [File: src/a.test.ts]  '), 'src/a.test.ts');
      assert.equal(filenameFromLine('[Path: Makefile]'), 'Makefile');
      assert.equal(filenameFromLine('[Filename: `my dir/a.ts`]'), 'my dir/a.ts');
    });
    it('without a label: a file with a known extension', () => {
      assert.equal(filenameFromLine('[file1.py]'), 'file1.py');
      assert.equal(filenameFromLine('[.env]'), '.env');
      assert.equal(filenameFromLine('[src/app.test.ts]'), 'src/app.test.ts');
    });
    it('TOML / INI section headers and other bracketed text name nothing', () => {
      const headers = [
        '[tool.poetry]', '[section.name]', '[build-system]', '[tool.coverage.html]', '[package.metadata.docs.rs]',
        '[[tool.mypy.overrides]]', '[tool:pytest]', '[*.py]', '[server]', '[a.test.ts]', '[src/utils]', '[ ]', '[]',
      ];
      for (const line of headers) assert.equal(filenameFromLine(line), undefined, line);
    });
    it('Next.js bracketed segments are read as before', () => {
      assert.equal(filenameFromLine('app/[id]/page.tsx'), 'app/[id]/page.tsx');
      assert.equal(filenameFromLine('[slug].tsx'), '[slug].tsx');
      assert.equal(filenameFromLine('pages/[...slug].tsx'), 'pages/[...slug].tsx');
      assert.equal(filenameFromLine('[lang]/[slug]'), '[lang]/[slug]');
    });
    it('never from a first-line comment (`# [build.env]` is a commented-out header)', () => {
      for (const line of ['# [build.env]', '# [FILE: a.py]', '// [a.ts]']) assert.equal(pathFromComment(line), undefined, line);
    });
  });

  describe('a name between backtick runs', () => {
    it('a line that is not a fence (a backtick after the opening run) names the file between the runs', () => {
      assert.equal(filenameFromLine('```major1.py````'), 'major1.py');
      assert.equal(filenameFromLine('```src/a.ts```'), 'src/a.ts');
      assert.equal(filenameFromLine('````a.py`'), 'a.py');
    });
    it('fence lines never name a file', () => {
      for (const line of ['```python', '```a.py', '```', '````', '```ts:src/a.ts', '``` a.py']) {
        assert.equal(filenameFromLine(line), undefined, line);
      }
    });
    it('only a single clean path between the runs', () => {
      for (const line of ['```python```', '```a b.py```', '```js` a.py', '```a`b.py```', '``````', '```...```']) {
        assert.equal(filenameFromLine(line), undefined, line);
      }
    });
  });

  describe('isNameLineWithInnerBackticks', () => {
    it('a name line but for backticks inside the name', () => {
      for (const line of ['file`2`.py', '  file`2`.py', 'File: src/`a`.ts', '**`app`.py**']) {
        assert.ok(isNameLineWithInnerBackticks(line), line);
      }
    });
    it('not name lines, prose, or fences', () => {
      for (const line of ['`a.py`', 'a.py', 'Run `npm test` first.', 'Here is `main`.py:', '```python', '```a.py```', '`self`', '```python```', '`GET`/`POST`:']) {
        assert.ok(!isNameLineWithInnerBackticks(line), line);
      }
    });
  });

  describe('mentions', () => {
    it('finds backticked files in prose, not code', () => {
      assert.deepEqual(backtickedPathMentions('Now update `b.py` and `src/c.ts`, not `self.items` or `os.path`.'), ['b.py', 'src/c.ts']);
    });
    it('finds well-known dotfiles without an extension, not methods (p48/c 49: "Updated `.gitmodules`:")', () => {
      assert.deepEqual(backtickedPathMentions('Updated `.gitmodules`:'), ['.gitmodules']);
      for (const name of ['.npmrc', '.babelrc', '.dockerignore', '.python-version', '.clang-format']) assert.deepEqual(backtickedPathMentions(`In \`${name}\`:`), [name]);
      for (const member of ['.map', '.then', '.length', '.src', '.forEach']) assert.deepEqual(backtickedPathMentions(`Use \`${member}\` here:`), [], member);
    });
    it('finds template and build files by their extensions, not properties or domains (p50/a 23: a `.conf.tpl` nginx template named in prose)', () => {
      assert.deepEqual(backtickedPathMentions('In `utils/openvscode-eks/airbnb-customer-nginx-ssl-monitoring.conf.tpl`:'), ['utils/openvscode-eks/airbnb-customer-nginx-ssl-monitoring.conf.tpl']);
      for (const name of ['app/views/users/show.html.erb', 'BUILD.bazel', 'defs.bzl', 'build.sbt', 'policy.rego', 'Jenkinsfile.groovy', 'kernel.cu']) assert.deepEqual(backtickedPathMentions(`Update \`${name}\`:`), [name], name);
      for (const word of ['this.props', 'mock.patch', 'app.config', 'example.org']) assert.deepEqual(backtickedPathMentions(`Use \`${word}\` here:`), [], word);
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
    it('labels: the new file a sentence moves code into, after the file it takes it from (p50/a 02, 39)', () => {
      const into = { path: 'app/json_encoder.py', strong: false };
      assert.deepEqual(pathFromLabelLine('Move the `CustomJSONEncoder` class from `app/__init__.py` into a new module `app/json_encoder.py`:'), into);
      assert.deepEqual(pathFromLabelLine('Move the `CustomJSONEncoder` class from `app/__init__.py` into a new `app/json_encoder.py`:'), into);
      assert.deepEqual(pathFromLabelLine('Split the helpers of `app/__init__.py` into a new file `app/json_encoder.py`:'), into);
      // Files joined, or a new file that is not where the sentence ends: still none.
      assert.equal(pathFromLabelLine('Move it from `app/__init__.py` into a new module `app/json_encoder.py` and `app/b.py`:'), undefined);
    });
  });
});
