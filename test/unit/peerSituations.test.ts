import * as assert from 'node:assert/strict';
import { runReply } from '../../src/core/index';
import { definedTwice } from '../../src/core/elisionMerge/definedTwice';
import { proposed, replyOnFile, writtenByReply } from './helpers';

/**
 * Situations other edit tools' own test suites hold (Roo, Cline, Codex, jsdiff, Gemini CLI,
 * Aider), written here on this project's own files: each was a wrong write or an unexpected
 * refusal when the engine was measured against those suites.
 */
const result = replyOnFile;
const written = writtenByReply;

describe('peer situations: SEARCH/REPLACE markers', () => {
  const conflictDoc = 'Resolve it like this:\n<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> feature\n';

  it('takes the reading of several ======= lines whose search text the file holds, the longest when several are', () => {
    const rst = 'Release notes\n=======\n\nFixed the cache.\n';
    const reply = 'notes.rst\n```\n<<<<<<< SEARCH\nRelease notes\n=======\n=======\nRelease notes for 2.0\n=======\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('notes.rst', rst, reply), 'Release notes for 2.0\n=======\n\nFixed the cache.\n');
    const divided = 'const banner = `\ncontent with\n=======\ninside\n`;\n';
    const twoReadings = 'banner.js\n```\n<<<<<<< SEARCH\ncontent with\n=======\ninside\n=======\nreplacement\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('banner.js', divided, twoReadings), 'const banner = `\nreplacement\n`;\n');
  });

  it('refuses a REPLACE that is nothing but ======= lines, and Roo line markers inside REPLACE', () => {
    const only = result('a.ts', 'content\n', 'a.ts\n```\n<<<<<<< SEARCH\ncontent\n=======\n=======\n=======\n>>>>>>> REPLACE\n```\n');
    assert.equal(only.receipt.errors[0]?.code, 'PARSE_ERROR');
    assert.equal(only.changes.length, 0);
    const meta = result('a.ts', 'content to find\n', 'a.ts\n```\n<<<<<<< SEARCH\ncontent to find\n=======\n:start_line:5\nreplacement content\n>>>>>>> REPLACE\n```\n');
    assert.equal(meta.receipt.errors[0]?.code, 'PARSE_ERROR');
  });

  it('reads Roo\'s escaped merge-conflict markers, bracketed line hints, and markers of 5 to 15 characters', () => {
    const escaped = 'doc.md\n```\n<<<<<<< SEARCH\n\\<<<<<<< HEAD\nours\n\\=======\ntheirs\n\\>>>>>>> feature\n=======\nours\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('doc.md', conflictDoc, escaped), 'Resolve it like this:\nours\n');
    const bracketed = 'hello.ts\n```\n<<<<<<< SEARCH\n:start_line:[1]\n-------\nfunction hello() {\n=======\nfunction helloWorld() {\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('hello.ts', 'function hello() {\n  return 1;\n}\n', bracketed), 'function helloWorld() {\n  return 1;\n}\n');
    const long = 'a.txt\n```\n<<<<<<<<<<< SEARCH\ncontent\n===========\nnew content\n>>>>>>>>>>> REPLACE\n```\n';
    assert.equal(written('a.txt', 'before\ncontent\nafter\n', long), 'before\nnew content\nafter\n');
  });

  it("settles a repeated SEARCH text by Zed's `SEARCH line=N` as by Roo's :start_line:, and only when the hint is close", () => {
    const file = 'fn first() {\n    return 42;\n}\n\nfn second() {\n    return 42;\n}\n\nfn third() {\n    return 42;\n}\n';
    const at = (line: number) => `a.rs\n\`\`\`diff\n<<<<<<< SEARCH line=${line}\nreturn 42;\n=======\nreturn 7;\n>>>>>>> REPLACE\n\`\`\`\n`;
    assert.equal(written('a.rs', file, at(6)), file.replace('second() {\n    return 42;', 'second() {\n    return 7;'));
    assert.equal(result('a.rs', file, at(80)).receipt.errors[0]?.code, 'AMBIGUOUS');
  });
});

describe('peer situations: diffs', () => {
  it('applies a hunk whose only change is the final newline, both ways', () => {
    const drop = ['```diff', '--- a/list.txt', '+++ b/list.txt', '@@ -1,4 +1,4 @@', ' line1', ' line2', ' line3', '-line4', '+line4', '\\ No newline at end of file', '```'].join('\n');
    assert.equal(written('list.txt', 'line1\nline2\nline3\nline4\n', drop), 'line1\nline2\nline3\nline4');
    const add = ['```diff', '--- a/list.txt', '+++ b/list.txt', '@@ -1,2 +1,2 @@', ' line1', '-line2', '\\ No newline at end of file', '+line2', '```'].join('\n');
    assert.equal(written('list.txt', 'line1\nline2', add), 'line1\nline2\n');
    // Already so: nothing to write.
    assert.equal(result('list.txt', 'line1\nline2\n', add).changes.length, 0);
  });

  it('drops the final newline when a -U0 hunk adds lines at the end marked "\\ No newline", and keeps it unmarked', () => {
    // minimist's test file: a test appended without a newline after it; `-U0` quotes no context.
    const file = 'test(1);\ntest(2);\n';
    const marked = ['--- a/t.js', '+++ b/t.js', '@@ -2,0 +3,2 @@', '+', '+test(3);', '\\ No newline at end of file', ''].join('\n');
    assert.equal(written('t.js', file, marked), 'test(1);\ntest(2);\n\ntest(3);');
    assert.equal(written('t.js', file, marked.replace('\\ No newline at end of file\n', '')), 'test(1);\ntest(2);\n\ntest(3);\n');
    // In a file without its final newline, lines added at its end unmarked give it one.
    const unended = ['--- a/t.js', '+++ b/t.js', '@@ -2 +2,2 @@', '-test(2);', '\\ No newline at end of file', '+test(2);', '+test(3);', ''].join('\n');
    assert.equal(written('t.js', 'test(1);\ntest(2);', unended), 'test(1);\ntest(2);\ntest(3);\n');
  });

  it('keeps the newline of the line before a deleted last line marked "\\ No newline" (the old side only: the file now ends in a newline)', () => {
    // mime's build: `//# sourceMappingURL=…` taken off the end of bundles that did not end in a newline.
    const bundle = 'export default x;\n//# sourceMappingURL=index.js.map';
    const deleted = ['--- a/index.js', '+++ b/index.js', '@@ -2 +1,0 @@', '-//# sourceMappingURL=index.js.map', '\\ No newline at end of file', ''].join('\n');
    assert.equal(written('index.js', bundle, deleted), 'export default x;\n');
    // Unmarked, the file keeps its own state: it had no final newline, and has none.
    const unmarked = ['--- a/index.js', '+++ b/index.js', '@@ -2 +1,0 @@', '-//# sourceMappingURL=index.js.map', ''].join('\n');
    assert.equal(written('index.js', bundle, unmarked), 'export default x;');
  });

  it("writes a git diff's new line endings where its old lines end as the file's do (a commit moving a file from CRLF to LF)", () => {
    // redux 5.0.1's package.json: git's diff shows every `-` line with its CR and every `+` line without.
    const crlf = '{\r\n  "name": "redux",\r\n  "version": "5.0.0"\r\n}\r\n';
    const diff = ['diff --git a/package.json b/package.json', 'index a32362a..63d0ee8 100644', '--- a/package.json', '+++ b/package.json', '@@ -1,4 +1,4 @@',
      '-{\r', '-  "name": "redux",\r', '-  "version": "5.0.0"\r', '-}\r', '+{', '+  "name": "redux",', '+  "version": "5.0.1"', '+}', ''].join('\n');
    assert.equal(written('package.json', crlf, diff), '{\n  "name": "redux",\n  "version": "5.0.1"\n}\n');
    // A hunk that changes nothing but the endings (jquery's LICENSE.txt) is no no-op.
    const endingsOnly = diff.replace('"version": "5.0.1"', '"version": "5.0.0"');
    assert.equal(written('package.json', crlf, endingsOnly), crlf.replace(/\r\n/g, '\n'));
    // knex's build script: the same conversion of a file without a final newline (the marker under its last line).
    const unended = ['diff --git a/build.sh b/build.sh', 'index d9a396c..44127c8 100644', '--- a/build.sh', '+++ b/build.sh', '@@ -1,2 +1,2 @@',
      '-#!/bin/bash -e\r', '-npm pack', '\\ No newline at end of file', '+#!/bin/bash -e', '+npm pack', '\\ No newline at end of file', ''].join('\n');
    assert.equal(written('build.sh', '#!/bin/bash -e\r\nnpm pack', unended), '#!/bin/bash -e\nnpm pack');
    // Found by a looser rung (jquery's AUTHORS.txt with its curly quotes printed straight): the same.
    const folded = ['--- a/names.txt', '+++ b/names.txt', '@@ -1,2 +1,2 @@', "-Ann O'Brien\r", '-Bo\r', "+Ann O'Brien", '+Bo', ''].join('\n');
    assert.equal(written('names.txt', 'Ann O\u2019Brien\r\nBo\r\n', folded), "Ann O'Brien\nBo\n");
    // Where the file's lines do not end as the diff's old lines do, the file's endings are kept.
    const lf = crlf.replace(/\r\n/g, '\n');
    assert.equal(written('package.json', lf, diff), lf.replace('5.0.0', '5.0.1'));
    // A diff whose lines all end alike says nothing about endings: a CRLF file stays CRLF.
    const plain = ['--- a/package.json', '+++ b/package.json', '@@ -2,2 +2,2 @@', '   "name": "redux",', '-  "version": "5.0.0"', '+  "version": "5.0.1"', ''].join('\n');
    assert.equal(written('package.json', crlf, plain), crlf.replace('5.0.0', '5.0.1'));
  });

  it('keeps a lone CR inside a diff\'s line as the line\'s text: in a new file, and in a context line the file holds', () => {
    // A bundled file with a table written on one line, its entries parted by CRs (meow's build).
    const created = ['diff --git a/table.js b/table.js', 'new file mode 100644', 'index 0000000..1a2b3c4', '--- /dev/null', '+++ b/table.js', '@@ -0,0 +1,2 @@', '+var names = {\r\t"a": 1,\r\t"b": 2\r};', '+export default names;', ''].join('\n');
    const planned = result('other.js', '', created);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.find((c) => c.path === 'table.js')?.newText, 'var names = {\r\t"a": 1,\r\t"b": 2\r};\nexport default names;\n');
    const edited = ['--- a/notes.txt', '+++ b/notes.txt', '@@ -1,2 +1,2 @@', ' first\rstill first', '-second', '+2nd', ''].join('\n');
    assert.equal(written('notes.txt', 'first\rstill first\nsecond\n', edited), 'first\rstill first\n2nd\n');
  });

  it('adds a line that repeats the quoted one next to it, though the file then seems to hold the result already', () => {
    // A readme's sponsor list (execa): a third `<br>` under two.
    const html = '<p>\n\t<br>\n\t<br>\n\t<a href="https://example.com">Sponsor</a>\n</p>\n';
    const hunk = ['--- a/readme.md', '+++ b/readme.md', '@@ -3,2 +3,3 @@', ' \t<br>', '+\t<br>', ' \t<a href="https://example.com">Sponsor</a>', ''].join('\n');
    assert.equal(written('readme.md', html, hunk), html.replace('\t<br>\n\t<br>\n', '\t<br>\n\t<br>\n\t<br>\n'));
    const block = 'readme.md\n```\n<<<<<<< SEARCH\n\t<br>\n\t<a href="https://example.com">Sponsor</a>\n=======\n\t<br>\n\t<br>\n\t<a href="https://example.com">Sponsor</a>\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('readme.md', html, block), html.replace('\t<br>\n\t<br>\n', '\t<br>\n\t<br>\n\t<br>\n'));
  });

  it('applies a -U0 hunk found at its old line number though the lines after it read like its result (a block the diff moves)', () => {
    // git's -U0 diff of a bundle that moved `b()` up: the hunk at the old place rewrites two lines
    // into their moved block, which still stands after them until the last hunk deletes it.
    const file = ['a();', 'x();', 'y();', 'function b() {', '  return 1;', '}', 'z();', ''].join('\n');
    const diff = ['--- a/bundle.js', '+++ b/bundle.js', '@@ -2,2 +1,0 @@', '-x();', '-y();', '@@ -4 +2,3 @@', '-function b() {', '+function b() {', '+  return 1;', '+}', '@@ -5,2 +4,0 @@', '-  return 1;', '-}', ''].join('\n');
    assert.equal(written('bundle.js', file, diff), ['a();', 'function b() {', '  return 1;', '}', 'z();', ''].join('\n'));
  });

  it('names the end-of-file marker when a hunk marked so is quoted exactly away from the end', () => {
    const hunk = ['--- a/list.txt', '+++ b/list.txt', '@@ -1,2 +1,2 @@', ' line1', '-line2', '\\ No newline at end of file', '+line two', '\\ No newline at end of file', ''].join('\n');
    const planned = result('list.txt', 'line1\nline2\nline3\n', hunk);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(planned.receipt.errors[0]?.message ?? '', /marked "\\ No newline at end of file", or git wrote it with no context lines after its change\), but the lines it quotes \(list\.txt lines 1-2\) are not the end of the file, which goes on to line 3/);
  });

  it('keeps the line a hunk keeps when two equal lines differ only in their endings', () => {
    const patch = ['*** Begin Patch', '*** Update File: repeated.txt', '@@', '-same', ' same', '*** End Patch'].join('\n');
    assert.equal(written('repeated.txt', 'same\r\nsame\n', patch), 'same\n');
  });
});

describe('peer situations: tool calls', () => {
  const call = (fields: Record<string, unknown>) => '```json\n' + JSON.stringify({ file_path: 'app.js', ...fields }) + '\n```\n';

  it('reads allow_multiple as replace_all', () => {
    assert.equal(written('app.js', 'foo(); foo(); foo();\n', call({ old_string: 'foo', new_string: 'bar', allow_multiple: true })), 'bar(); bar(); bar();\n');
  });

  it('creates a file with CRLF when the new text has CRLF throughout', () => {
    assert.equal(proposed(runReply(call({ old_string: '', new_string: 'one\r\ntwo\r\n' }), () => undefined), 'app.js'), 'one\r\ntwo\r\n');
  });

  it('never writes a placeholder like (rest of methods ...) over the code', () => {
    const planned = result('app.js', 'function a() {\n  return 1;\n}\n', call({ old_string: 'function a() {\n  return 1;\n}', new_string: '(rest of methods ...)' }));
    assert.equal(planned.changes.length, 0);
    // A placeholder the file itself holds is its text.
    const held = '(rest of methods ...)\n(unchanged code ...)\n';
    assert.equal(written('app.js', held, call({ old_string: held, new_string: '(unchanged code ...)\n(rest of methods ...)\n' })), '(unchanged code ...)\n(rest of methods ...)\n');
  });

  it('moves a new block written on its own to where an old string copied from mid-line stood', () => {
    const file = '\n  function oldFunc() {\n    // some code\n  }\n';
    assert.equal(written('app.js', file, call({ old_string: 'function  oldFunc() {\n    // some code\n  }', new_string: 'function newFunc() {\n  // new code\n}' })), '\n  function newFunc() {\n    // new code\n  }\n');
  });

  it('reads an old text that arrived wrapped in a Markdown fence without the fence, when the file holds only what is inside', () => {
    assert.equal(written('file.go', 'line1\nline2\n', call({ file_path: 'file.go', old_string: '```go\nline1\nline2\n```', new_string: 'MATCHED' })), 'MATCHED\n');
    // The new text, fenced too, loses its fence; the note says what was read.
    const planned = result('file.go', 'a()\nb()\n', call({ file_path: 'file.go', old_string: '```go\na()\n```\n', new_string: '```go\nc()\n```\n' }));
    assert.equal(planned.changes[0]?.newText, 'c()\nb()\n');
    assert.match(planned.receipt.files[0].edits[0].warnings?.join(' ') ?? '', /wrapped in a ``` fence/);
    // A Markdown file that holds the fenced text as written is edited as written.
    const doc = 'Intro\n```go\nline1\n```\n';
    assert.equal(written('doc.md', doc, '```json\n' + JSON.stringify({ file_path: 'doc.md', old_string: '```go\nline1\n```', new_string: '```go\nline2\n```' }) + '\n```\n'), 'Intro\n```go\nline2\n```\n');
  });

  it('writes new text already at the file\'s depth as given when the old text was quoted at another', () => {
    const file = '  // some comment\n\n  function oldFunc() {}\n';
    assert.equal(written('app.js', file, call({ old_string: '\nfunction oldFunc() {}', new_string: '\n  function newFunc() {}' })), '  // some comment\n\n  function newFunc() {}\n');
  });

  it('applies a Pi edit\'s top-level oldText/newText as one more edit after its edits list, and an edits list given as one object (Pi\'s parity suite)', () => {
    const pi = (args: Record<string, unknown>) => '```json\n' + JSON.stringify({ path: 'f.txt', ...args }) + '\n```\n';
    // Only the pair was read: `alpha` stayed, and the call was reported applied.
    assert.equal(written('f.txt', 'alpha\nbeta\n', pi({ edits: [{ oldText: 'alpha', newText: 'A' }], oldText: 'beta', newText: 'B' })), 'A\nB\n');
    // Was NO_TARGET_FILE: the path beside a lone object was never read.
    assert.equal(written('f.txt', 'alpha\nbeta\n', pi({ edits: { oldText: 'beta', newText: 'B' } })), 'alpha\nB\n');
    assert.equal(written('f.txt', 'alpha\nbeta\n', pi({ edits: JSON.stringify({ oldText: 'beta', newText: 'B' }) })), 'alpha\nB\n');
    // An item of the list that is no edit refuses the call rather than writing the rest of it.
    const partial = result('f.txt', 'alpha\nbeta\n', pi({ edits: [{ oldText: 'alpha', newText: 'A' }, { old: 'beta' }] }));
    assert.equal(partial.receipt.errors[0]?.code, 'PARSE_ERROR');
    assert.equal(partial.receipt.ok, false);
  });

  it('counts a Claude Code MultiEdit edit\'s old text on the result of the edits before it, and a Pi list\'s on the file as it was (express\'s lib/view.js)', () => {
    // View.prototype.lookup has `if (exists(path)) return path;` twice. Edit 1 changes the first,
    // quoting the line above it; edit 2 is the bare line, unique once edit 1 ran ("each edit
    // operates on the result of the previous edit"): it was AMBIGUOUS, one of its two places the
    // line edit 1 had just changed.
    const lookup = [
      'View.prototype.lookup = function(path){',
      '  var ext = this.ext;',
      '',
      '  // <path>.<engine>',
      '  path = join(this.root, path);',
      '  if (exists(path)) return path;',
      '',
      '  // <path>/index.<engine>',
      "  path = join(dirname(path), basename(path, ext), 'index' + ext);",
      '  if (exists(path)) return path;',
      '};',
      '',
    ].join('\n');
    const edits = (oldKey: string, newKey: string) => [
      { [oldKey]: '  path = join(this.root, path);\n  if (exists(path)) return path;', [newKey]: '  path = join(this.root, path);\n  if (existsSync(path)) return path;' },
      { [oldKey]: '  if (exists(path)) return path;', [newKey]: '  if (existsSync(path)) return path;' },
    ];
    const multiEdit = '```json\n' + JSON.stringify({ name: 'MultiEdit', input: { file_path: 'lib/view.js', edits: edits('old_string', 'new_string') } }, null, 2) + '\n```\n';
    assert.equal(written('lib/view.js', lookup, multiEdit), lookup.replaceAll('if (exists(path))', 'if (existsSync(path))'));
    const opencode = '```json\n' + JSON.stringify({ filePath: 'lib/view.js', edits: edits('oldString', 'newString') }) + '\n```\n';
    assert.equal(written('lib/view.js', lookup, opencode), lookup.replaceAll('if (exists(path))', 'if (existsSync(path))'));
    // Pi matches each edit of its list against the file as it was, where edit 2 stands twice.
    const pi = '```json\n' + JSON.stringify({ path: 'lib/view.js', edits: edits('oldText', 'newText') }) + '\n```\n';
    const refused = result('lib/view.js', lookup, pi);
    assert.equal(refused.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(refused.changes.length, 0);
    // Still two places once edit 1 ran: AMBIGUOUS for a MultiEdit too.
    const twiceAfter = [{ old_string: '  // <path>.<engine>', new_string: '  // <path>.<engine> first' }, edits('old_string', 'new_string')[1]];
    const stillTwo = result('lib/view.js', lookup, '```json\n' + JSON.stringify({ name: 'MultiEdit', input: { file_path: 'lib/view.js', edits: twiceAfter } }) + '\n```\n');
    assert.equal(stillTwo.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(stillTwo.changes.length, 0);
  });

  it('reads Roo\'s search_and_replace: every occurrence, or only those inside its start_line-end_line (an IBM Bob task\'s vite.config.ts)', () => {
    const vite = "export default defineConfig({\n    server: {\n        proxy: {\n            '/health': {\n                target: 'http://127.0.0.1:3001',\n                secure: false\n            },\n            '/api': {\n                target: 'http://127.0.0.1:3001',\n                secure: false\n            }\n        },\n    },\n});\n";
    const call = (fields: string[]) => ['<search_and_replace>', '<path>packages/web/vite.config.ts</path>', ...fields, '</search_and_replace>'].join('\n');
    const path = 'packages/web/vite.config.ts';
    // Was NO_EDITS_FOUND: the tool was not known.
    assert.equal(written(path, vite, call(['<search>http://127.0.0.1:3001</search>', '<replace>http://localhost:3001</replace>'])), vite.replaceAll('127.0.0.1', 'localhost'));
    const ranged = call(['<search>secure: false</search>', '<replace>secure: true</replace>', '<start_line>4</start_line>', '<end_line>7</end_line>']);
    assert.equal(written(path, vite, ranged), vite.replace('secure: false', 'secure: true'));
    assert.equal(written(path, vite.replaceAll('\n', '\r\n'), ranged), vite.replace('secure: false', 'secure: true').replaceAll('\n', '\r\n'));
    // The text stands elsewhere, not in the lines the call names: that one is not the one it means.
    const outside = result(path, vite, call(['<search>secure: false</search>', '<replace>secure: true</replace>', '<start_line>1</start_line>', '<end_line>5</end_line>']));
    assert.equal(outside.receipt.errors[0]?.code, 'NO_MATCH');
    // What Roo would do otherwise than a plain replacement is refused.
    for (const fields of [['<search>127\\.0\\.0\\.1</search>', '<replace>localhost</replace>', '<use_regex>true</use_regex>'], ['<search>SECURE: FALSE</search>', '<replace>secure: true</replace>', '<ignore_case>true</ignore_case>'], ['<search>3001</search>', '<replace>$&0</replace>']]) {
      assert.equal(result(path, vite, call(fields)).receipt.errors[0]?.code, 'PARSE_ERROR', fields.join(''));
    }
  });

  it('reads Serena\'s replace_content in literal mode, and in regex mode only a needle without regex syntax', () => {
    const serena = (args: Record<string, unknown>) => '```json\n' + JSON.stringify({ relative_path: 'file.txt', ...args }) + '\n```\n';
    const file = 'line1\nline2\nline3\n';
    assert.equal(written('file.txt', file, serena({ needle: 'line2', repl: 'modified line2', mode: 'literal' })), 'line1\nmodified line2\nline3\n');
    assert.equal(written('file.txt', file, serena({ needle: 'line2', repl: 'modified line2', mode: 'regex' })), 'line1\nmodified line2\nline3\n');
    assert.equal(written('file.txt', file, serena({ needle: 'line', repl: 'row', mode: 'literal', allow_multiple_occurrences: true })), 'row1\nrow2\nrow3\n');
    // Serena refuses a needle found more than once unless allow_multiple_occurrences says so.
    assert.equal(result('file.txt', file, serena({ needle: 'line', repl: 'row', mode: 'literal' })).receipt.errors[0]?.code, 'AMBIGUOUS');
    // `line2.*?3` stands for text it never quotes; `$!1` is a group of the match.
    for (const args of [{ needle: 'line2.*?3', repl: 'x', mode: 'regex' }, { needle: 'line2', repl: '$!1', mode: 'regex' }]) {
      const planned = result('file.txt', file, serena(args));
      assert.equal(planned.receipt.errors[0]?.code, 'PARSE_ERROR', JSON.stringify(args));
      assert.equal(planned.receipt.ok, false);
    }
  });
});

describe('peer situations: whole files named in a sentence', () => {
  it('takes a sentence presenting the block as a file\'s new version as its path', () => {
    const reply = 'Here is a new version of `a.txt` for you to consider:\n\n```\nafter a\n```\n\nAnd here is `b.txt`:\n\n```\nafter b\n```\n';
    const files: Record<string, string> = { 'a.txt': 'before a\n', 'b.txt': 'before b\n' };
    const planned = runReply(reply, (p) => files[p]);
    assert.equal(proposed(planned, 'a.txt'), 'after a\n');
    assert.equal(proposed(planned, 'b.txt'), 'after b\n');
  });

  it('never one that shows an example or a part of the file', () => {
    const main = 'import app\n\napp.configure()\napp.start()\n';
    const example = 'Here is an example of calling it from `main.py`:\n\n```\nrun()\n```\n';
    assert.equal(runReply(example, (p) => (p === 'main.py' ? main : undefined)).changes.length, 0);
    const method = 'Here is the updated `render` method in `view.py`:\n\n```\ndef render(self):\n    return self.template\n```\n';
    assert.equal(runReply(method, (p) => (p === 'view.py' ? main : undefined)).changes.length, 0);
  });

  it('does not write a block that shares too little with an existing file of three or more lines', () => {
    const config = 'DEBUG = False\nPORT = 8000\nHOST = "0.0.0.0"\nWORKERS = 4\n';
    const unlike = runReply('Here is the updated `config.py`:\n\n```\nimport os\nprint(os.environ)\n```\n', (p) => (p === 'config.py' ? config : undefined));
    assert.equal(unlike.receipt.errors[0]?.code, 'NO_MATCH');
    assert.equal(unlike.changes.length, 0);
    const like = runReply('Here is the updated `config.py`:\n\n```\nDEBUG = False\nPORT = 8080\nHOST = "0.0.0.0"\nWORKERS = 4\n```\n', (p) => (p === 'config.py' ? config : undefined));
    assert.equal(proposed(like, 'config.py'), config.replace('8000', '8080'));
  });
});

describe('peer situations: whole files named by the end of their path in a monorepo (probe p47/d)', () => {
  // vercel/turborepo examples/basic and microsoft/autogen's autogen-ext, trimmed.
  const webLayout = 'export default function RootLayout({\n  children,\n}: {\n  children: React.ReactNode;\n}): JSX.Element {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n';
  const docsLayout = 'import "./globals.css";\nimport type { Metadata } from "next";\nimport { Inter } from "next/font/google";\n\nconst inter = Inter({ subsets: ["latin"] });\n\nexport const metadata: Metadata = {\n  title: "Create Turborepoz",\n  description: "Generated by create turbo",\n};\n\n' + webLayout.replace('<body>', '<body className={inter.className}>');
  const ollamaInit = 'from ._ollama_client import OllamaChatCompletionClient\nfrom .config import (\n    BaseOllamaClientConfigurationConfigModel,\n    CreateArgumentsConfigModel,\n)\n\n__all__ = [\n    "OllamaChatCompletionClient",\n    "BaseOllamaClientConfigurationConfigModel",\n    "CreateArgumentsConfigModel",\n]\n';
  const replayInit = 'from ._replay_chat_completion_client import ReplayChatCompletionClient\n\n__all__ = [\n    "ReplayChatCompletionClient",\n]\n';
  const rootManifest = '{\n  "name": "my-turborepo",\n  "private": true,\n  "scripts": {\n    "build": "turbo run build",\n    "dev": "turbo run dev",\n    "lint": "turbo run lint",\n    "format": "prettier --write \\"**/*.{ts,tsx,md}\\"",\n    "check-types": "turbo run check-types"\n  },\n  "devDependencies": {\n    "prettier": "^3.7.4",\n    "turbo": "^2.6.1",\n    "typescript": "5.9.2"\n  },\n  "packageManager": "pnpm@9.0.0",\n  "engines": {\n    "node": ">=18"\n  }\n}\n';
  const webManifest = '{\n  "name": "web",\n  "version": "1.0.0",\n  "private": true,\n  "scripts": {\n    "dev": "next dev",\n    "build": "next build",\n    "start": "next start",\n    "lint": "eslint . --max-warnings 0"\n  },\n  "dependencies": {\n    "@repo/ui": "workspace:*",\n    "next": "^14.0.3",\n    "react": "^18.2.0",\n    "react-dom": "^18.2.0"\n  }\n}\n';
  const models = 'python/packages/autogen-ext/src/autogen_ext/models';
  const files: Record<string, string> = {
    'apps/web/app/layout.tsx': webLayout,
    'apps/docs/app/layout.tsx': docsLayout,
    [`${models}/ollama/__init__.py`]: ollamaInit,
    [`${models}/replay/__init__.py`]: replayInit,
    'package.json': rootManifest,
    'apps/web/package.json': webManifest,
  };
  const read = (p: string) => files[p];
  /** As the CLI's: the files ending with the path (at a folder boundary). */
  const locateMissing = (wanted: string) => Object.keys(files).filter((file) => file === wanted || file.endsWith('/' + wanted)).sort();
  const run = (reply: string) => runReply(reply, read, { locateMissing });
  const warnings = (planned: ReturnType<typeof run>) => planned.receipt.files.flatMap((f) => f.edits.flatMap((e) => e.warnings)).join('\n');

  it('replaces the one file whose path ends with the name and which the block is written again, whatever names it (14, 18, 48, 52, 59)', () => {
    const ollama = ollamaInit.replace('    CreateArgumentsConfigModel,\n)', '    CreateArgumentsConfigModel,\n    OllamaClientConfiguration,\n)').replace('"CreateArgumentsConfigModel",\n]', '"CreateArgumentsConfigModel",\n    "OllamaClientConfiguration",\n]');
    for (const reply of [
      `\`\`\`python\n# file: ollama/__init__.py\n${ollama}\`\`\`\n`,
      `### ollama/__init__.py\n\n\`\`\`python\n${ollama}\`\`\`\n`,
      `Updated \`ollama/__init__.py\`:\n\n\`\`\`python\n${ollama}\`\`\`\n`,
      `\`\`\`python autogen_ext/models/ollama/__init__.py\n${ollama}\`\`\`\n`,
    ]) {
      const planned = run(reply);
      assert.deepEqual(planned.changes.map((c) => [c.path, c.action, c.newText]), [[`${models}/ollama/__init__.py`, 'modify', ollama]], reply);
      assert.match(warnings(planned), /which does not exist; .*ollama\/__init__\.py ends with it, and the block is .* written again/);
    }
    const web = webLayout.replace('<body>', '<body className="antialiased">');
    assert.deepEqual(run(`### web/app/layout.tsx\n\n\`\`\`tsx\n${web}\`\`\`\n`).changes.map((c) => [c.path, c.newText]), [['apps/web/app/layout.tsx', web]]);
  });

  it('of two files ending with the name, takes the one the block is written again, and refuses when it is both (20, 68)', () => {
    const docs = docsLayout.replace('Create Turborepoz', 'Turborepo Docs');
    assert.deepEqual(run(`\`\`\`tsx app/layout.tsx\n${docs}\`\`\`\n`).changes.map((c) => c.path), ['apps/docs/app/layout.tsx']);
    const web = webLayout.replace('<body>', '<body className="antialiased">');
    assert.deepEqual(run(`### layout.tsx\n\n\`\`\`tsx\n${web}\`\`\`\n`).changes.map((c) => c.path), ['apps/web/app/layout.tsx']);
    // Two files the block is each written again: which one is a guess.
    const twins = { 'a/app/layout.tsx': webLayout, 'b/app/layout.tsx': webLayout };
    const both = runReply(`### layout.tsx\n\n\`\`\`tsx\n${web}\`\`\`\n`, (p) => twins[p as keyof typeof twins], { locateMissing: () => Object.keys(twins) });
    assert.equal(both.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(both.receipt.errors[0]?.message ?? '', /a\/app\/layout\.tsx, b\/app\/layout\.tsx/);
    assert.equal(both.changes.length, 0);
  });

  it('still creates a file the block is not a version of, with a note naming the files that end with its path', () => {
    const page = 'export default function Page() {\n  return <main>Docs</main>;\n}\n';
    const planned = run(`### layout.tsx\n\n\`\`\`tsx\n${page}\`\`\`\n`);
    assert.deepEqual(planned.changes.map((c) => [c.path, c.action]), [['layout.tsx', 'create']]);
    assert.match(warnings(planned), /apps\/docs\/app\/layout\.tsx, apps\/web\/app\/layout\.tsx end with it, but the block is none of them written again/);
  });

  it('refuses a whole file at a path that exists when it shares little with that file and is another file of that name written again (70)', () => {
    const web = webManifest.replace('    "start": "next start",\n', '    "start": "next start",\n    "test": "vitest run",\n');
    const planned = run(`In the web app, add a \`test\` script. Updated \`package.json\`:\n\n\`\`\`json\n${web}\`\`\`\n`);
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]?.message ?? '', /whole package\.json, but it holds only \d+ of that file's \d+ lines, and it is apps\/web\/package\.json written again/);
    assert.equal(planned.changes.length, 0);
    // The root manifest written again (a script added) is the root one's, as before.
    const root = rootManifest.replace('    "dev": "turbo run dev",\n', '    "dev": "turbo run dev",\n    "test": "turbo run test",\n');
    assert.deepEqual(run(`Updated \`package.json\`:\n\n\`\`\`json\n${root}\`\`\`\n`).changes.map((c) => [c.path, c.newText]), [['package.json', root]]);
  });
});

describe('peer situations: a new file beside a near copy elsewhere, and a root Makefile named in the info string (probe p48/a)', () => {
  // encode/starlette's starlette/middleware/httpsredirect.py vendored under vendor/, an app's own
  // middleware package beside it; openshift-eng/aos-cd-jobs' pyartcd/Makefile under a root Makefile.
  const vendored = [
    'from starlette.datastructures import URL',
    'from starlette.responses import RedirectResponse',
    'from starlette.types import ASGI3Application, Receive, Scope, Send',
    '',
    '',
    'class HTTPSRedirectMiddleware:',
    '    def __init__(self, app: ASGI3Application) -> None:',
    '        self.app = app',
    '',
    '    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:',
    '        if scope["type"] in ("http", "websocket") and scope["scheme"] in ("http", "ws"):',
    '            url = URL(scope=scope)',
    '            redirect_scheme = {"http": "https", "ws": "wss"}[url.scheme]',
    '            netloc = url.hostname if url.port in (80, 443) else url.netloc',
    '            url = url.replace(scheme=redirect_scheme, netloc=netloc)',
    '            response = RedirectResponse(url, status_code=307)',
    '            await response(scope, receive, send)',
    '        else:',
    '            await self.app(scope, receive, send)',
    '',
  ].join('\n');
  const copied = vendored
    .replace('app: ASGI3Application) -> None:\n        self.app = app\n', 'app: ASGI3Application, exempt_paths: tuple = ("/healthz",)) -> None:\n        self.app = app\n        self.exempt_paths = exempt_paths\n')
    .replace('        if scope["type"]', '        if scope.get("path") in self.exempt_paths:\n            await self.app(scope, receive, send)\n        elif scope["type"]');
  const files: Record<string, string> = {
    'middleware/__init__.py': '',
    'middleware/timing.py': 'import time\n\nfrom starlette.types import ASGIApp, Receive, Scope, Send\n\n\nclass TimingMiddleware:\n    def __init__(self, app: ASGIApp) -> None:\n        self.app = app\n',
    'vendor/starlette/middleware/httpsredirect.py': vendored,
  };
  const locateMissing = (wanted: string) => Object.keys(files).filter((file) => file === wanted || file.endsWith('/' + wanted)).sort();
  const run = (reply: string) => runReply(reply, (p) => files[p], { locateMissing });

  it('creates a whole file the reply calls new where it says, leaving the file it is a near copy of alone (02, 02b)', () => {
    for (const reply of [
      `Copy it into your own \`middleware\` package.\n\n### middleware/httpsredirect.py (new file)\n\n\`\`\`python\n${copied}\`\`\`\n`,
      `Copy it into your own package.\n\nCreate a new file \`middleware/httpsredirect.py\`:\n\n\`\`\`python\n${copied}\`\`\`\n`,
    ]) {
      const planned = run(reply);
      assert.deepEqual(planned.changes.map((c) => [c.path, c.action, c.newText]), [['middleware/httpsredirect.py', 'create', copied]], reply);
      assert.match((planned.receipt.files[0]?.edits[0]?.warnings ?? []).join('\n'), /names middleware\/httpsredirect\.py as a new file; vendor\/starlette\/middleware\/httpsredirect\.py ends with that path but is left as it is/);
    }
    // Not called new, the block is still the vendored file written again, as before (p47/d 18).
    assert.deepEqual(run(`### middleware/httpsredirect.py\n\n\`\`\`python\n${copied}\`\`\`\n`).changes.map((c) => c.path), ['vendor/starlette/middleware/httpsredirect.py']);
  });

  it('creates a new module a sentence names, "New file `path`:" above it (08)', () => {
    const bodysize = 'from starlette.types import ASGIApp, Receive, Scope, Send\n\n\nclass MaxBodySizeMiddleware:\n    def __init__(self, app: ASGIApp, max_size: int = 1_000_000) -> None:\n        self.app = app\n        self.max_size = max_size\n\n    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:\n        await self.app(scope, receive, send)\n';
    const planned = runReply(`New file \`starlette/middleware/bodysize.py\`:\n\n\`\`\`python\n${bodysize}\`\`\`\n`, (p) => (p === 'starlette/middleware/httpsredirect.py' ? vendored : undefined));
    assert.deepEqual(planned.changes.map((c) => [c.path, c.action, c.newText]), [['starlette/middleware/bodysize.py', 'create', bodysize]]);
  });

  it('replaces the root Makefile a ```makefile Makefile fence names, not its near copy in a folder (07)', () => {
    const sub = '.PHONY: venv tox lint test\n\nvenv:\n\tpython3.8 -m venv venv\n\t./venv/bin/pip install -r requirements-dev.txt -r requirements.txt\n\t# source venv/bin/activate\n\nlint:\n\t./venv/bin/python -m flake8\n\ntest: lint\n\t./venv/bin/python -m pytest --verbose --color=yes tests/\n';
    const make = { Makefile: '.PHONY: all\n\nall:\n\t@echo "see pyartcd/Makefile"\n', 'pyartcd/Makefile': sub };
    const root = sub.replace('-r requirements-dev.txt -r requirements.txt', '-r pyartcd/requirements-dev.txt -r pyartcd/requirements.txt').replace('color=yes tests/', 'color=yes pyartcd/tests/');
    const planned = runReply(`Replace the root \`Makefile\` with the same targets as \`pyartcd/Makefile\`, pointed at the pyartcd paths, so CI can run from the repository root:\n\n\`\`\`makefile Makefile\n${root}\`\`\`\n`, (p) => make[p as keyof typeof make], { locateMissing: (wanted) => Object.keys(make).filter((file) => file === wanted || file.endsWith('/' + wanted)) });
    assert.deepEqual(planned.changes.map((c) => [c.path, c.action, c.newText]), [['Makefile', 'modify', root]]);
  });
});

describe('peer situations: a SEARCH/REPLACE under a path whose folders are wrong (probe p47/d)', () => {
  // 0xLaurens/go-micro-grpc @b50ad61, trimmed: the server's main.go and the client's.
  const server = 'package main\n\nimport "go-micro/adapters/grpc"\n\nfunc main() {\n\tserver := grpc.NewGRPCServer(":7331")\n\terr := server.Run()\n\tif err != nil {\n\t\treturn\n\t}\n}\n';
  const client = 'package main\n\nimport (\n\t"context"\n\t"log"\n)\n\nfunc main() {\n\tctx := context.Background()\n\tconn, err := grpc.NewClient(":7331")\n\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n\tlog.Println(ctx, conn)\n}\n';
  const files: Record<string, string> = { 'cmd/server/main.go': server, 'cmd/client/main.go': client, 'go.mod': 'module go-micro\n' };
  const locateMissing = (wanted: string) => Object.keys(files).filter((file) => file === wanted || file.endsWith('/' + wanted)).sort();
  const run = (reply: string) => runReply(reply, (p) => files[p], { locateMissing });
  const block = (path: string, search: string, replace: string) => `\`${path}\`\n\`\`\`go\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;

  it('edits the one file of that name that holds the search text, with a note (36: `cmd/main.go` for cmd/server/main.go)', () => {
    const planned = run(block('cmd/main.go', '\tif err != nil {\n\t\treturn\n\t}\n', '\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n'));
    assert.deepEqual(planned.changes.map((c) => [c.path, c.newText]), [['cmd/server/main.go', server.replace('\t\treturn\n', '\t\tlog.Fatal(err)\n')]]);
    assert.match((planned.receipt.files[0]?.edits[0]?.warnings ?? []).join('\n'), /cmd\/main\.go, which does not exist, nor does a file ending with it; of the files named main\.go \(cmd\/client\/main\.go, cmd\/server\/main\.go\), only cmd\/server\/main\.go holds the search text/);
  });

  it('refuses when several of them hold it, or none, naming them', () => {
    const both = run(block('cmd/main.go', 'func main() {\n', 'func main() { // entry\n'));
    assert.equal(both.receipt.errors[0]?.code, 'FILE_NOT_FOUND');
    assert.match(both.receipt.errors[0]?.message ?? '', /more than one of the files named main\.go \(cmd\/client\/main\.go, cmd\/server\/main\.go\) holds the search text/);
    const none = run(block('cmd/main.go', '\tserver.Stop()\n', '\tserver.Close()\n'));
    assert.equal(none.receipt.errors[0]?.code, 'FILE_NOT_FOUND');
    assert.match(none.receipt.errors[0]?.message ?? '', /none of the files named main\.go/);
    assert.equal(both.changes.length + none.changes.length, 0);
  });
});

describe('peer situations: git renames', () => {
  const rename = (from: string, to: string) => [`diff --git a/${from} b/${to}`, 'similarity index 100%', `rename from ${from}`, `rename to ${to}`];
  const plan = (sections: string[][], files: Record<string, string>) => runReply(['```diff', ...sections.flat(), '```', ''].join('\n'), (p) => files[p]);
  const outcome = (planned: ReturnType<typeof plan>) => planned.changes.map((c) => [c.path, c.action, c.to, c.newText]).sort();

  it("makes a diff's renames at once, as git apply does: a swap (GNU patch's criss-cross test) and a chain", () => {
    // GNU patch tests/criss-cross, verbatim: f holds 1, g holds 2; the diff swaps them.
    const swap = plan([rename('g', 'f'), rename('f', 'g')], { f: '1\n', g: '2\n' });
    assert.equal(swap.receipt.ok, true, JSON.stringify(swap.receipt.errors));
    assert.deepEqual(outcome(swap), [['f', 'move', 'g', '1\n'], ['g', 'move', 'f', '2\n']]);
    // The other order of the two sections moves the same files.
    assert.deepEqual(outcome(plan([rename('f', 'g'), rename('g', 'f')], { f: '1\n', g: '2\n' })), [['f', 'move', 'g', '1\n'], ['g', 'move', 'f', '2\n']]);
    const chain = plan([rename('g', 'f'), rename('f', 'h')], { f: '1\n', g: '2\n' });
    assert.deepEqual(outcome(chain), [['f', 'move', 'h', '1\n'], ['g', 'move', 'f', '2\n']]);
  });

  it('still refuses a rename onto a file that stays, that two renames fill, or that another section edits', () => {
    assert.equal(plan([rename('g', 'f')], { f: '1\n', g: '2\n' }).receipt.errors[0]?.code, 'FILE_EXISTS');
    const twoOntoOne = plan([rename('g', 'f'), rename('h', 'f'), rename('f', 'x')], { f: '1\n', g: '2\n', h: '3\n' });
    assert.deepEqual(twoOntoOne.receipt.errors.map((e) => e.code), ['FILE_EXISTS', 'FILE_EXISTS']);
    // A hunk of f would be of the file leaving f or of the one arriving: a guess, refused.
    const edited = plan([rename('g', 'f'), [...rename('f', 'g').slice(0, 1), 'similarity index 50%', 'rename from f', 'rename to g', '--- a/f', '+++ b/g', '@@ -1 +1 @@', '-1', '+one']], { f: '1\n', g: '2\n' });
    assert.equal(edited.receipt.errors[0]?.code, 'FILE_EXISTS');
    assert.equal(edited.receipt.ok, false);
  });
});

describe('peer situations: tool calls (OpenHands, Zed)', () => {
  it('refuses an old text that also stands overlapping itself (Zed: `aaaa` in `aaaaa`), as two places', () => {
    const refused = result('s.txt', 'aaaaa', JSON.stringify({ file_path: 's.txt', old_string: 'aaaa', new_string: 'X' }));
    assert.equal(refused.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(refused.receipt.errors[0].message, /overlapping/);
    // Two closing braces that share the middle one: both are places the old text stands.
    const braces = 'if (a) {\n  if (b) {\n    go();\n  }\n}\n}\n';
    assert.equal(result('g.ts', braces, JSON.stringify({ file_path: 'g.ts', old_string: '}\n}\n', new_string: '}\n' })).receipt.errors[0]?.code, 'AMBIGUOUS');
    // replace_all replaces left to right, as String.replaceAll does.
    assert.equal(written('s.txt', 'aaaaa', JSON.stringify({ file_path: 's.txt', old_string: 'aaaa', new_string: 'X', replace_all: true })), 'Xa');
  });

  it("refuses a Zed pair or MultiEdit edit whose old text stands once as the file was and again where an earlier edit of the reply wrote it", () => {
    // Zed's test_dependent_edits (edit_agent.rs): the second pair edits what the first one wrote.
    const zed = (file: string) => runReply('<old_text>\ndef\n</old_text>\n<new_text>\nDEF\n</new_text>\n\n<old_text>\nDEF\n</old_text>\n<new_text>\nDeF\n</new_text>\n', (p) => (p === 'a.txt' ? file : undefined), { hintPath: 'a.txt' });
    assert.equal(zed('abc\ndef\nghi').changes[0]?.newText, 'abc\nDeF\nghi');
    // The same pairs on a file that already has a `DEF` (probe p51/e case 58): after the first
    // pair, which Zed applies to the buffer before it reads the second, `DEF` stands twice.
    const twice = zed('abc\nDEF\ndef\n');
    assert.equal(twice.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(twice.receipt.errors[0].message, /once in a\.txt as it was \(line 2\), and once more in the text block 1 of this reply wrote \(at line 3\)/);
    assert.equal(twice.changes.length, 0);
    // Claude Code's MultiEdit counts each old_string on the result of the edits before it too.
    const multi = (file: string) => result('a.txt', file, JSON.stringify({ file_path: 'a.txt', edits: [{ old_string: 'def', new_string: 'DEF' }, { old_string: 'DEF', new_string: 'DeF' }] }));
    assert.equal(multi('abc\nDEF\ndef\n').receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(multi('abc\ndef\nghi\n').changes[0]?.newText, 'abc\nDeF\nghi\n');
    // Where every place gives the same file (a blank line added to a run of them), none is a guess.
    const blank = JSON.stringify({ file_path: 'b.txt', edits: [{ old_string: 'y', new_string: '\ny' }, { old_string: '\n\n', new_string: '\n\n\n' }] });
    assert.equal(written('b.txt', 'x\n\ny\n', blank), 'x\n\n\n\ny\n');
  });

  it('refuses a call naming a folder (`.`) instead of editing the target file', () => {
    const planned = runReply(JSON.stringify({ command: 'str_replace', path: '.', old_str: 'a', new_str: 'b' }), (p) => (p === 'a.txt' ? 'a\n' : undefined), { hintPath: 'a.txt' });
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.changes.length, 0);
  });

  it("reads OpenHands' insert with insert_line as a string, and an empty new_str as one empty line", () => {
    assert.equal(written('a.txt', 'Line 1\nLine 2\n', JSON.stringify({ command: 'insert', path: 'a.txt', insert_line: '1', new_str: 'Between' })), 'Line 1\nBetween\nLine 2\n');
    assert.equal(written('a.txt', 'Line 1\nLine 2\n', JSON.stringify({ command: 'insert', path: 'a.txt', insert_line: 1, new_str: '' })), 'Line 1\n\nLine 2\n');
  });

  it("counts a tool call's insert_line in the file as the calls before it left it, as the editors that define the command run them", () => {
    // OpenHands SDK test_successful_operations: a str_replace of line 2, then an insert after line 1.
    const calls = [
      { command: 'str_replace', path: 'temp.txt', old_str: 'line 2', new_str: 'replaced line' },
      { command: 'insert', path: 'temp.txt', insert_line: 1, new_str: 'inserted line' },
    ];
    assert.equal(written('temp.txt', 'line 1\nline 2\nline 3\n', JSON.stringify(calls)), 'line 1\ninserted line\nreplaced line\nline 3\n');
    // The str_replace adds a line above the insertion point: line 3 is then "lines", not "line 3".
    const grown = [
      { command: 'str_replace', path: 't.txt', old_str: 'line 2', new_str: 'two\nlines' },
      { command: 'insert', path: 't.txt', insert_line: 3, new_str: 'inserted' },
    ];
    assert.equal(written('t.txt', 'line 1\nline 2\nline 3\nline 4\n', JSON.stringify(grown)), 'line 1\ntwo\nlines\ninserted\nline 3\nline 4\n');
    // A diff's numbers stay the original file's: a -U0 insertion after a hunk that grew the file.
    const diff = '--- a/d.txt\n+++ b/d.txt\n@@ -2 +2,2 @@\n-line 2\n+two\n+lines\n@@ -3,0 +5 @@\n+inserted\n';
    assert.equal(written('d.txt', 'line 1\nline 2\nline 3\nline 4\n', diff), 'line 1\ntwo\nlines\nline 3\ninserted\nline 4\n');
  });

  it('keeps a leading a/ or b/ in a tool call or apply_patch path (a real folder); an edit falls back to the file without it only when that one exists', () => {
    // goose test_file_write_creates_dirs: the file goes to a/b/c/, not b/c/.
    const create = runReply(JSON.stringify({ command: 'create', path: 'a/b/c/file.txt', file_text: 'nested\n' }), () => undefined);
    assert.deepEqual(create.changes.map((c) => c.path), ['a/b/c/file.txt']);
    const patch = runReply('*** Begin Patch\n*** Add File: b/notes.md\n+hello\n*** End Patch\n', () => undefined);
    assert.deepEqual(patch.changes.map((c) => c.path), ['b/notes.md']);
    // An existing a/x.ts is edited as named; a git prefix copied into a call finds src/x.ts.
    const files: Record<string, string> = { 'a/x.ts': 'one\n', 'src/x.ts': 'two\n' };
    const read = (p: string) => files[p];
    const real = runReply(JSON.stringify({ file_path: 'a/x.ts', old_string: 'one', new_string: 'ONE' }), read);
    assert.deepEqual(real.changes.map((c) => [c.path, c.newText]), [['a/x.ts', 'ONE\n']]);
    const copied = runReply(JSON.stringify({ file_path: 'b/src/x.ts', old_string: 'two', new_string: 'TWO' }), read);
    assert.deepEqual(copied.changes.map((c) => [c.path, c.newText]), [['src/x.ts', 'TWO\n']]);
    assert.match(JSON.stringify(copied.receipt), /without a git diff's b\/ prefix/);
  });

  it('calls a missing search text already applied only when its replacement stands as many times as the edit would write it', () => {
    // SWE-agent: "asdf" is not in the file; "Hello, world!" stands twice, so nothing says this edit made it.
    const file = 'Hello, world!\nx = 1\nHello, world!\n';
    const twice = result('t.py', file, JSON.stringify({ file_path: 't.py', old_string: 'asdf', new_string: 'Hello, world!' }));
    assert.equal(twice.receipt.ok, false);
    assert.equal(twice.receipt.errors[0]?.code, 'NO_MATCH');
    const once = result('t.py', 'Hello, world!\nx = 1\n', JSON.stringify({ file_path: 't.py', old_string: 'asdf', new_string: 'Hello, world!' }));
    assert.equal(once.receipt.ok, true);
    assert.equal(once.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
    const counted = result('t.py', file, JSON.stringify({ file_path: 't.py', old_string: 'asdf', new_string: 'Hello, world!', expected_replacements: 2 }));
    assert.equal(counted.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });

  it("reads goose's text editor and edit calls: write, a str_replace carrying a unified diff, {path, before, after}", () => {
    assert.equal(written('test.txt', 'old\n', JSON.stringify({ command: 'write', path: 'test.txt', file_text: 'Hello, World!\n' })), 'Hello, World!\n');
    const diff = '--- a/test.txt\n+++ b/test.txt\n@@ -1,3 +1,3 @@\n line1\n-line2\n+modified_line2\n line3\n';
    assert.equal(written('test.txt', 'line1\nline2\nline3\n', JSON.stringify({ command: 'str_replace', path: 'test.txt', diff })), 'line1\nmodified_line2\nline3\n');
    // Hunks without file headers are for the call's path.
    const hunkOnly = '@@ -1,2 +1,2 @@\n-line1\n+LINE1\n line2\n';
    assert.equal(written('test.txt', 'line1\nline2\n', JSON.stringify({ command: 'str_replace', path: 'test.txt', diff: hunkOnly })), 'LINE1\nline2\n');
    const file = 'fn foo() {\n    println!("hello");\n}\n';
    assert.equal(written('edit.rs', file, JSON.stringify({ path: 'edit.rs', before: 'println!("hello");', after: 'println!("world");' })), file.replace('hello', 'world'));
    // "before"/"after" are everyday words in data: without a path, or beside other keys, no edit.
    for (const data of [{ before: 'hello', after: 'world' }, { path: 'edit.rs', before: 'hello', after: 'world', changed_at: '2024-01-01' }]) {
      assert.equal(result('edit.rs', file, JSON.stringify(data)).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    }
  });

  it("reads SWE-agent's windowed edit and insert calls under their tool name only, and refuses an empty search", () => {
    // The calls name no file: they edit the open one (the hint path).
    const onOpen = (file: string, reply: string) => runReply(reply, (p) => (p === 't.py' ? file : undefined), { hintPath: 't.py' });
    const written = (_path: string, file: string, reply: string) => {
      const planned = onOpen(file, reply);
      assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
      return planned.changes[0]?.newText;
    };
    const result = (_path: string, file: string, reply: string) => onOpen(file, reply);
    const numbers = '0\n1\n2\n3\n';
    assert.equal(written('t.py', numbers, JSON.stringify({ name: 'edit', arguments: { search: '2', replace: 'two' } })), '0\n1\ntwo\n3\n');
    assert.equal(written('t.py', numbers, JSON.stringify({ name: 'insert', arguments: { text: 'inserted', line: 2 } })), '0\n1\ninserted\n2\n3\n');
    assert.equal(written('t.py', numbers, '<invoke name="edit">\n<parameter name="search">3</parameter>\n<parameter name="replace">three</parameter>\n</invoke>\n'), '0\n1\n2\nthree\n');
    assert.equal(result('t.py', numbers, JSON.stringify({ search: '2', replace: 'two' })).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    const empty = result('t.py', numbers, JSON.stringify({ name: 'edit', arguments: { search: '', replace: 'new' } }));
    assert.equal(empty.receipt.errors[0]?.code, 'PARSE_ERROR');
    assert.equal(empty.changes.length, 0);
  });

  it('takes an undo_edit as its editor does: the last call on that file in the list is taken out; an undo of an edit before the reply refuses it', () => {
    const undone = [
      { command: 'str_replace', path: 'a.txt', old_str: 'one', new_str: 'ONE' },
      { command: 'str_replace', path: 'b.txt', old_str: 'two', new_str: 'TWO' },
      { path: 'a.txt', edits: [{ old_text: 'three', new_text: 'THREE' }, { old_text: 'four', new_text: 'FOUR' }] },
      { command: 'undo_edit', path: 'a.txt' },
    ];
    const files: Record<string, string> = { 'a.txt': 'one\nthree\nfour\n', 'b.txt': 'two\n' };
    const planned = runReply(JSON.stringify(undone), (p) => files[p]);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    // The multi-edit call (two edits) is what the undo takes back; the first call stays.
    assert.deepEqual(planned.changes.map((c) => [c.path, c.newText]).sort(), [['a.txt', 'ONE\nthree\nfour\n'], ['b.txt', 'TWO\n']]);
    const outside = result('a.txt', 'one\n', JSON.stringify([{ command: 'undo_edit', path: 'a.txt' }, { command: 'str_replace', path: 'a.txt', old_str: 'one', new_str: 'ONE' }]));
    assert.equal(outside.receipt.ok, false);
    assert.deepEqual(outside.receipt.errors.map((e) => e.code), ['PARSE_ERROR']);
  });

  it("takes a file view's line-number gutter off a tool call's old text (and new text when it has one), unless the file holds those lines", () => {
    // crush's fuzzy matcher test: "  1|line1" as its view tool prints lines.
    assert.equal(written('file.go', 'line1\nline2\nline3\n', JSON.stringify({ file_path: 'file.go', old_string: '  1|line1\n  2|line2\n  3|line3', new_string: 'MATCHED' })), 'MATCHED\n');
    // Claude Code's Read prints "     2→"; both texts numbered.
    const arrows = { file_path: 'a.ts', old_string: '     2\u2192  return 1;\n     3\u2192}', new_string: '     2\u2192  return 2;\n     3\u2192}' };
    assert.equal(written('a.ts', 'function f() {\n  return 1;\n}\n', JSON.stringify(arrows)), 'function f() {\n  return 2;\n}\n');
    // The old text numbered, the new text plain: the new text keeps the depth it was written at
    // (the arrow's blank-free gutter once took a column off the old text, and re-anchoring put
    // one on the new).
    const oldOnly = { file_path: 'a.ts', old_string: '     2\u2192  return 1;\n     3\u2192}', new_string: '  return 2;\n}' };
    assert.equal(written('a.ts', 'function f() {\n  return 1;\n}\n', JSON.stringify(oldOnly)), 'function f() {\n  return 2;\n}\n');
    // A file whose lines really start with numbers is edited as the call wrote them.
    const list = '1: apples\n2: pears\napples\npears\n';
    assert.equal(written('list.txt', list, JSON.stringify({ file_path: 'list.txt', old_string: '1: apples\n2: pears', new_string: '1: plums\n2: pears' })), '1: plums\n2: pears\napples\npears\n');
    // The same in SEARCH/REPLACE: it edited the unnumbered lines 3-4.
    const block = 'list.txt\n```\n<<<<<<< SEARCH\n1: apples\n2: pears\n=======\n1: plums\n2: pears\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('list.txt', list, block), '1: plums\n2: pears\napples\npears\n');
    // A block without SEARCH lines writes its numbered lines as they are.
    const created = 'keys.yaml\n```\n<<<<<<< SEARCH\n=======\n1: one\n2: two\n>>>>>>> REPLACE\n```\n';
    assert.equal(runReply(created, () => undefined).changes[0]?.newText, '1: one\n2: two\n');
  });

  it('reports where each edit stands in the result when a later call adds lines above an edit placed before a chained one', () => {
    // The second call finds its text only after the first (a chain: the first is committed); the
    // third adds two lines above both.
    const calls = [
      { file_path: 't.txt', old_string: 'd', new_string: 'D' },
      { file_path: 't.txt', old_string: 'D\ne', new_string: 'D\nE' },
      { file_path: 't.txt', old_string: 'a', new_string: 'a1\na2\na3' },
    ];
    const planned = result('t.txt', 'a\nb\nc\nd\ne\n', JSON.stringify(calls));
    const lines = (planned.changes[0]?.newText ?? '').split('\n');
    const edits = planned.receipt.files[0]!.edits;
    assert.equal(lines[edits[0].newStartLine! - 1], 'D');
    assert.deepEqual(lines.slice(edits[1].newStartLine! - 1, edits[1].newEndLine), ['D', 'E']);
    assert.deepEqual(lines.slice(edits[2].newStartLine! - 1, edits[2].newEndLine), ['a1', 'a2', 'a3']);
  });

  it('finds a tool call meant to follow an earlier one, across the place the earlier one removed text, with or without CRLF', () => {
    const calls = [
      { file_path: 't.txt', old_string: 'line 2\n', new_string: '' },
      { file_path: 't.txt', old_string: '1\nline 3', new_string: '1\nLINE 3' },
      { file_path: 't.txt', old_string: 'LINE 3\nline 4', new_string: 'LINE 3\nLINE 4' },
    ];
    assert.equal(written('t.txt', 'line 1\nline 2\nline 3\nline 4\n', JSON.stringify(calls)), 'line 1\nLINE 3\nLINE 4\n');
    assert.equal(written('t.txt', 'line 1\r\nline 2\r\nline 3\r\nline 4\r\n', JSON.stringify(calls)), 'line 1\r\nLINE 3\r\nLINE 4\r\n');
    // A text that stands nowhere, before or after the earlier edits, is still not found.
    const missing = result('t.txt', 'line 1\nline 2\n', JSON.stringify([{ file_path: 't.txt', old_string: 'line 1', new_string: 'one' }, { file_path: 't.txt', old_string: 'line 9', new_string: 'nine' }]));
    assert.equal(missing.receipt.errors[0]?.code, 'NO_MATCH');
  });

  it("reads Zed's edit_file calls: a write with display_description, edits sent as a JSON string", () => {
    const write = { display_description: 'Create the greeting', path: 'hello.txt', mode: 'write', content: 'Hello\n' };
    assert.equal(written('hello.txt', 'Bye\n', JSON.stringify(write)), 'Hello\n');
    const stringified = { display_description: 'Shout', path: 'w.txt', mode: 'edit', edits: JSON.stringify([{ old_text: 'hello', new_text: 'HELLO' }, { old_text: 'world', new_text: 'WORLD' }]) };
    assert.equal(written('w.txt', 'hello\nworld\n', JSON.stringify(stringified)), 'HELLO\nWORLD\n');
  });

  it('takes a `path:line` reference as the file before the colon', () => {
    assert.equal(written('src/app.ts', 'const a = 1;\n', JSON.stringify({ file_path: 'src/app.ts:1', old_string: 'a = 1', new_string: 'a = 2' })), 'const a = 2;\n');
  });
});

describe('peer situations: a SEARCH text quoting part of a line (Cline, Aider)', () => {
  const sr = (path: string, search: string, replace: string) => `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\`\n`;

  it('replaces a one-line fragment where it alone stands at word edges, the rest of the line kept', () => {
    assert.equal(written('notes.txt', 'text with $^.*\nend\n', sr('notes.txt', '$^.*', 'replaced')), 'text with replaced\nend\n');
    assert.equal(written('a.py', 'def f(x, y):\n    return compute(x) + y\n', sr('a.py', '    return compute(x)', '    return compute(x, y)')), 'def f(x, y):\n    return compute(x, y) + y\n');
    // The line's own line ending stays: CRLF files keep it.
    assert.equal(written('a.cfg', 'name = "app"\r\nversion = "1.0",\r\n', sr('a.cfg', 'version = "1.0"', 'version = "1.1"')), 'name = "app"\r\nversion = "1.1",\r\n');
  });

  it('refuses a fragment that ends or starts inside a word or a dotted name, or stands in two places', () => {
    assert.equal(result('a.py', 'x = 10\ny = 2\n', sr('a.py', 'x = 1', 'x = 2  # updated')).receipt.errors[0]?.code, 'NO_MATCH');
    assert.equal(result('a.py', 'import os.path\n', sr('a.py', 'import os', 'import os, sys')).receipt.errors[0]?.code, 'NO_MATCH');
    assert.equal(result('a.py', 'total_count = 1\n', sr('a.py', 'count = 1', 'count = 2')).receipt.errors[0]?.code, 'NO_MATCH');
    // In two places it is there, but which one is meant is not shown.
    assert.equal(result('a.py', 'f(a, b) + 1\ng(f(a, b))\n', sr('a.py', 'f(a, b)', 'f(a, c)')).receipt.errors[0]?.code, 'AMBIGUOUS');
  });

  it("refuses a fragment standing several times on one line as AMBIGUOUS, naming the line, not as text found nowhere (Continue's findSearchMatch 'first occurrence')", () => {
    // Continue's test takes the first `test` of `test test test`; nothing in the reply says which one.
    const refused = result('w.txt', 'test test test\n', 'w.txt\n```\n<<<<<<< SEARCH\ntest\n=======\nexam\n>>>>>>> REPLACE\n```\n');
    assert.equal(refused.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(refused.receipt.errors[0]?.message ?? '', /part of a line of w\.txt, not a whole line, and stands 3 times so \(line 1 \(3 times\)\)/);
    assert.equal(refused.changes.length, 0);
  });

  it('keeps the whole-line meaning when the replacement is several lines or none', () => {
    const file = 'def main():\n    run(debug=True)  # local\n';
    assert.equal(result('a.py', file, sr('a.py', '    run(debug=True)', '    setup()\n    run(debug=True)')).receipt.errors[0]?.code, 'NO_MATCH');
    assert.equal(result('a.py', file, `a.py\n\`\`\`\n<<<<<<< SEARCH\n    run(debug=True)\n=======\n>>>>>>> REPLACE\n\`\`\`\n`).receipt.errors[0]?.code, 'NO_MATCH');
  });

  it('reports the fragment edit as applied before when the reply is applied again', () => {
    const reply = sr('setup.py', 'version="0.4.2"', 'version="0.5.0"');
    const once = written('setup.py', 'setup(\n    version="0.4.2",\n)\n', reply);
    const again = result('setup.py', once, reply);
    assert.equal(again.receipt.ok, true);
    assert.equal(again.changes.length, 0);
    assert.equal(again.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });
});

describe('peer situations: paths (Aider, Codex)', () => {
  it('edits the file a whole-file block names with `path/to/` or a doubled folder before it, when only the shorter path exists', () => {
    const files: Record<string, string> = { 'subdir/sample.txt': 'Original content\n' };
    const read = (p: string) => files[p];
    for (const named of ['path/to/subdir/sample.txt', 'subdir/subdir/sample.txt']) {
      const planned = runReply(`${named}\n\`\`\`\nUpdated content\n\`\`\`\n`, read);
      assert.deepEqual(planned.changes.map((c) => [c.path, c.newText]), [['subdir/sample.txt', 'Updated content\n']]);
      assert.match((planned.receipt.files[0]?.edits[0]?.warnings ?? []).join('\n'), /which does not exist; subdir\/sample\.txt is that path without/);
    }
    // A new file in a folder of that shape, with no shorter file to mean, is created where it is named.
    const created = runReply('docs/docs/guide.md\n```\n# Guide\n```\n', read);
    assert.deepEqual(created.changes.map((c) => [c.path, c.action]), [['docs/docs/guide.md', 'create']]);
  });

  it('edits the file at the end of a path written from a folder above the workspace, only when it holds the search text', () => {
    // A monorepo's package opened as the workspace, the model writing paths from the repository's root.
    const files: Record<string, string> = { 'src/db.ts': 'export const pool = 4;\n', 'db.ts': 'export const other = 1;\n' };
    const read = (p: string) => files[p];
    const diff = (path: string) => `\`\`\`diff\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-export const pool = 4;\n+export const pool = 8;\n\`\`\`\n`;
    const planned = runReply(diff('packages/api/src/db.ts'), read);
    assert.deepEqual(planned.changes.map((c) => [c.path, c.newText]), [['src/db.ts', 'export const pool = 8;\n']]);
    assert.match((planned.receipt.files[0]?.edits[0]?.warnings ?? []).join('\n'), /packages\/api\/src\/db\.ts, which does not exist; src\/db\.ts is the file at its end/);
    // Four folders at most are dropped (each tail is a look at the disk for the host).
    assert.equal(runReply(diff('a/b/c/d/e/src/db.ts'), read).receipt.ok, false);
    // The file at the path's end that does not hold the search text is never taken for it.
    const elsewhere = runReply(diff('packages/api/db.ts'), read);
    assert.equal(elsewhere.receipt.ok, false);
    assert.equal(elsewhere.changes.length, 0);
  });

  it('refuses every path inside the repository\'s .git folder as PROTECTED_PATH, in every format (probe p47/d 34, 50, 51)', () => {
    const files: Record<string, string> = { '.git/config': '[core]\n\trepositoryformatversion = 0\n\tbare = false\n', 'turbo.json': '{}\n' };
    const read = (p: string) => files[p];
    const replies = [
      '*** Begin Patch\n*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n+pnpm lint\n*** End Patch\n',
      '.git/config\n```ini\n<<<<<<< SEARCH\n\tbare = false\n=======\n\tbare = false\n\thooksPath = .githooks\n>>>>>>> REPLACE\n```\n',
      '```diff\n--- a/.git/config\n+++ b/.git/config\n@@ -1,3 +1,4 @@\n [core]\n \trepositoryformatversion = 0\n \tbare = false\n+\thooksPath = .githooks\n```\n',
      '*** Begin Patch\n*** Update File: turbo.json\n*** Move to: .git/info/attributes\n@@\n-{}\n+{ }\n*** End Patch\n',
    ];
    for (const reply of replies) {
      const planned = runReply(reply, read);
      assert.deepEqual(planned.receipt.errors.map((e) => e.code), ['PROTECTED_PATH'], reply);
      assert.equal(planned.changes.length, 0, reply);
    }
    // The folder's name is refused wherever it stands and however it is cased; a name that only starts like it is not.
    assert.equal(runReply('packages/ui/.Git/HEAD\n```\nref: x\n```\n', read).receipt.errors[0]?.code, 'PROTECTED_PATH');
    assert.deepEqual(runReply('.github/workflows/ci.yml\n```\non: push\n```\n', read).changes.map((c) => c.path), ['.github/workflows/ci.yml']);
    assert.deepEqual(runReply('.gitignore\n```\nnode_modules\n```\n', read).changes.map((c) => c.path), ['.gitignore']);
  });

  it('reads the paths of a patch run after `cd DIR &&` as inside DIR, and edits a file a `--- /dev/null` diff edits', () => {
    const patch = "cd web && apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: src/a.ts\n@@\n-old\n+new\n*** End Patch\nEOF\n";
    assert.equal(written('web/src/a.ts', 'old\n', patch), 'new\n');
    const devNull = '```diff\n--- /dev/null\n+++ file.txt\n@@ ... @@\n-Original\n+Modified\n```\n';
    assert.equal(written('file.txt', 'Original\n', devNull), 'Modified\n');
    assert.equal(result('other.txt', 'Original\n', devNull).receipt.errors[0]?.code, 'FILE_NOT_FOUND');
  });
});

describe('peer situations: line endings and lazy snippets (Continue, Gemini CLI)', () => {
  it('keeps the endings an old_string spans in a file of mixed endings, CRLF where CRLF was', () => {
    const call = (old: string, now: string) => '```json\n' + JSON.stringify({ file_path: 'g.txt', old_string: old, new_string: now }) + '\n```\n';
    assert.equal(written('g.txt', 'a\r\nb\r\nc\nd\n', call('b\r\nc', 'B\r\nC')), 'a\r\nB\r\nC\nd\n');
    assert.equal(written('g.txt', 'line1\r\nline2\nline3', call('\r\nline2', '\r\nLINE2')), 'line1\r\nLINE2\nline3');
    // More lines than it replaces: the added ones take the ending of the last one replaced.
    assert.equal(written('g.txt', 'x\r\ny\nz\n', call('x\ny', 'x\nw\ny')), 'x\r\nw\r\ny\nz\n');
  });

  it('refuses new code after an elision that defines a name the elided lines define (replace or join is a guess)', () => {
    const file = 'class Calculator {\n  constructor() {\n    this.result = 0;\n  }\n\n  add(number) {\n    this.result += number;\n    return this;\n  }\n}\n';
    const snippet = '```js\nclass Calculator {\n  // ... existing code ...\n\n  static add(a, b) {\n    return a + b;\n  }\n}\n```\n';
    const refused = runReply(snippet, (p) => (p === 'calc.js' ? file : undefined), { hintPath: 'calc.js' });
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /already defines add at line 6/);
    // A new name, an accessor's other half, or a Python property's setter joins the file's.
    const added = runReply(snippet.replace('static add(a, b)', 'static sum(a, b)'), (p) => (p === 'calc.js' ? file : undefined), { hintPath: 'calc.js' });
    assert.equal(added.receipt.ok, true);
    const getter = 'class Box {\n  get value() {\n    return this.v;\n  }\n}\n';
    const setter = '```js\nclass Box {\n  // ... existing code ...\n\n  set value(v) {\n    this.v = v;\n  }\n}\n```\n';
    assert.equal(runReply(setter, (p) => (p === 'box.js' ? getter : undefined), { hintPath: 'box.js' }).receipt.ok, true);
    const property = ['class Box:', '    @property', '    def value(self):', '        return self._v', ''];
    const setterRegion = { from: 4, to: 4, lines: ['    @value.setter', '    def value(self, v):', '        self._v = v'] };
    assert.equal(definedTwice([setterRegion], property), undefined);
    assert.equal(definedTwice([{ ...setterRegion, lines: setterRegion.lines.slice(1) }], property)?.fileLine, 2);
  });
});

describe('peer situations: lazy snippets starting at the top or ending a function (Continue)', () => {
  const main = 'from fastapi import FastAPI\n\napp = FastAPI()\n\n@app.get("/")\ndef read_root():\n    return {"Hello": "World"}\n\n@app.get("/landing")\ndef read_landing_page():\n    return {"message": "Welcome to the landing page"}\n';
  const plan = (file: string, snippet: string) => runReply('```python\n' + snippet + '```\n', (p) => (p === 'main.py' ? file : undefined), { hintPath: 'main.py' });

  it('places a first segment that edits the file\'s first lines by adding to them, and a function whose new last line leaves it as the old one did', () => {
    const planned = plan(main, 'from fastapi import FastAPI, HTTPException\n\n# ... same ...\n\n@app.get("/landing")\ndef read_landing_page():\n    raise HTTPException(status_code=404, detail="Page not found")\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, main.replace('import FastAPI\n', 'import FastAPI, HTTPException\n').replace('return {"message": "Welcome to the landing page"}', 'raise HTTPException(status_code=404, detail="Page not found")'));
  });

  it('does not take a first line that drops a word of the file\'s first line for its edit, nor new lines before a body that does not end in an exit', () => {
    assert.equal(plan('from typing import List\n\nx = 1\n', 'from typing import Dict\n\n# ... existing code ...\n').receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    const logged = main.replace('    return {"message": "Welcome to the landing page"}\n', '    log("landing")\n');
    assert.equal(plan(logged, '# ... existing code ...\n\n@app.get("/landing")\ndef read_landing_page():\n    raise HTTPException(status_code=404, detail="Page not found")\n').receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });
});

describe('peer situations: one method given alone under the file\'s name, longer than the file (Continue)', () => {
  it('reads a block that starts with a line the file has only inside its class, and has none of its top-level lines, as the method, never as the whole file', () => {
    const store = [
      'export class Store {',
      '  constructor(db) {',
      '    this.db = db;',
      '  }',
      '',
      '  async load(id) {',
      '    const row = await this.db.get(id);',
      '    return row;',
      '  }',
      '',
      '  async save(id, value) {',
      '    await this.db.put(id, value);',
      '    return true;',
      '  }',
      '}',
      '',
    ].join('\n');
    // The new `save`, written flush left and longer than the whole file: read whole, it deleted the class.
    const save = [
      'async save(id, value) {',
      '  if (id === undefined) {',
      "    throw new Error('an id is required');",
      '  }',
      '  if (value === undefined) {',
      "    throw new Error('a value is required');",
      '  }',
      '  const row = await this.db.get(id);',
      '  const merged = { ...row, ...value, savedAt: Date.now() };',
      '  try {',
      '    await this.db.put(id, merged);',
      '  } catch (error) {',
      "    console.error('save failed', id, error);",
      '    throw error;',
      '  }',
      '  return true;',
      '}',
    ];
    assert.ok(save.length > store.split('\n').length);
    const reply = 'store.js\n```js\n' + save.join('\n') + '\n```\n';
    const result = written('store.js', store, reply);
    const expected = store.replace('  async save(id, value) {\n    await this.db.put(id, value);\n    return true;\n  }\n', save.map((line) => '  ' + line).join('\n') + '\n');
    assert.equal(result, expected);
  });
});

describe('peer situations: a SEARCH text laid out otherwise than the file (Continue)', () => {
  it('replaces the whole lines a one-line SEARCH text holds with whitespace left out, and nothing that covers part of a line', () => {
    const reply = 'f.js\n```\n------- SEARCH\nfunction test(){return true;}\n=======\nfunction test() {\n  return false;\n}\n+++++++ REPLACE\n```\n';
    assert.equal(written('f.js', 'function test() {\n  return true;\n}\n', reply), 'function test() {\n  return false;\n}\n');
    assert.equal(result('f.js', 'const x = function test() {\n  return true;\n};\n', reply).receipt.errors[0]?.code, 'NO_MATCH');
  });
});

describe('peer situations: replies quoted in other tools\' issue threads', () => {
  // Cline #11439: a SEARCH whose last line stops short of the file's line.
  const render = [
    'void frame(Live live) {',
    '    if (live.ok) {',
    '        g_audio.dominantFreq = live.dominantFreq;',
    '    }',
    '',
    '    // Build tree spheres with continuous time + live audio (no jerk)',
    '    buildTreeSpheres(t, g_audio);',
    '}',
    '',
  ].join('\n');
  const cut = (last: string) =>
    'render.cpp\n```\n<<<<<<< SEARCH\n        g_audio.dominantFreq = live.dominantFreq;\n    }\n\n    // Build tree spheres\n=======\n        g_audio.dominantFreq = live.dominantFreq;\n    }\n\n    g_audio.smoothed = true;\n\n' + last + '\n>>>>>>> REPLACE\n```\n';

  it('places a SEARCH whose edge line is quoted in part and kept so, the rest of that line kept; applied twice, it changes nothing', () => {
    const once = written('render.cpp', render, cut('    // Build tree spheres'));
    assert.equal(once, render.replace('    // Build', '    g_audio.smoothed = true;\n\n    // Build'));
    assert.equal(written('render.cpp', once, cut('    // Build tree spheres')), once);
    // A first line quoted from its middle, kept at the replacement's start, reads the same way.
    const fromMiddle = 'render.cpp\n```\n<<<<<<< SEARCH\n(Live live) {\n    if (live.ok) {\n=======\n(Live live) {\n    if (!live) return;\n    if (live.ok) {\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('render.cpp', render, fromMiddle), render.replace('    if (live.ok)', '    if (!live) return;\n    if (live.ok)'));
  });

  it('refuses an edge line quoted in part that the replacement rewrites: the whole line or the part may be meant', () => {
    const planned = result('render.cpp', render, cut('    // Build the tree'));
    assert.equal(planned.receipt.errors[0]?.code, 'NO_MATCH');
    assert.equal(planned.changes.length, 0);
  });

  it('reads Roo Code\'s and Cline\'s native tool calls, whose diff holds SEARCH/REPLACE blocks', () => {
    const gemfile = 'source "https://rubygems.org"\n\ngem "rails", "~> 7.1"\ngem "puma", ">= 5.0"\n';
    const expected = gemfile.replace('gem "puma", ">= 5.0"\n', 'gem "puma", ">= 5.0"\ngem "sidekiq", "~> 7.2"\n');
    // The block as it stands inside the JSON string: line breaks and quotes escaped.
    const block = '<<<<<<< SEARCH\\n:start_line:4\\n-------\\ngem \\"puma\\", \\">= 5.0\\"\\n=======\\ngem \\"puma\\", \\">= 5.0\\"\\ngem \\"sidekiq\\", \\"~> 7.2\\"\\n>>>>>>> REPLACE';
    const roo = `{"name": "apply_diff", "arguments": {"path": "Gemfile", "diff": "${block}"}}`;
    assert.equal(written('Gemfile', gemfile, roo), expected);
    const cline = '{"name": "replace_in_file", "arguments": {"path": "Gemfile", "diff": "------- SEARCH\\ngem \\"puma\\", \\">= 5.0\\"\\n=======\\ngem \\"puma\\", \\">= 5.0\\"\\ngem \\"sidekiq\\", \\"~> 7.2\\"\\n+++++++ REPLACE"}}';
    assert.equal(written('Gemfile', gemfile, cline), expected);
    const multiFile = `{"name": "apply_diff", "arguments": {"args": {"file": [{"path": "Gemfile", "diff": [{"content": "${block}", "start_line": 4}]}]}}}`;
    assert.equal(written('Gemfile', gemfile, multiFile), expected);
    // A diff field without SEARCH/REPLACE markers is not read as blocks.
    assert.equal(result('Gemfile', gemfile, '{"path": "Gemfile", "diff": "gem \\"sidekiq\\""}').receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });

  it('keeps a TeX source\'s \\newline and \\textit as written, and reads a new text escaped twice after a quoted old text (Gemini CLI)', () => {
    const tex = '\\begin{document}\nFirst paragraph.\n\\end{document}\n';
    const call = '{"file_path": "a.tex", "old_string": "First paragraph.", "new_string": "First paragraph.\\\\newline \\\\noindent Second \\\\textit{here}."}';
    assert.equal(written('a.tex', tex, call), tex.replace('First paragraph.', 'First paragraph.\\newline \\noindent Second \\textit{here}.'));
    const rows = 'import csv\n\nDELIMITER = ","\n\n\ndef read_rows(path):\n    return list(csv.reader(open(path)))\n';
    const twice = '{"file_path": "rows.py", "old_string": "DELIMITER = \\",\\"", "new_string": "DELIMITER = \\",\\"\\\\nLINE_END = \\"\\\\\\\\n\\""}';
    assert.equal(written('rows.py', rows, twice), rows.replace('DELIMITER = ","\n', 'DELIMITER = ","\nLINE_END = "\\n"\n'));
  });

  it('leaves out of the new lines the trailing blanks a terminal copy pads every line with (Aider #3811)', () => {
    const hook = '#!/bin/sh\n# --- Configuration ---\nURL="http://backend:5001/api/upload/progress"\n\n# --- Log ---\nenv\n';
    const pad = (line: string) => line.padEnd(60, ' ');
    const lines = ['hooks/post-receive', '<<<<<<< SEARCH', '# --- Configuration ---', 'URL="http://backend:5001/api/upload/progress"', '', '# --- Log ---', '=======', '# --- Configuration ---', '# the hook endpoint', 'URL="http://backend:5001/api/upload/hook-progress"', '', '# --- Log ---', '>>>>>>> REPLACE'];
    const padded = written('hooks/post-receive', hook, lines.map(pad).join('\n') + '\n');
    assert.equal(padded, hook.replace('URL="http://backend:5001/api/upload/progress"', '# the hook endpoint\nURL="http://backend:5001/api/upload/hook-progress"'));
    // Trailing blanks on a new line alone (a Markdown line break), the search quoted as the file has it: kept.
    const notes = 'Intro\nSecond line\n';
    assert.equal(written('notes.md', notes, 'notes.md\n```\n<<<<<<< SEARCH\nIntro\n=======\nIntro  \nwith a break\n>>>>>>> REPLACE\n```\n'), 'Intro  \nwith a break\nSecond line\n');
  });

  it('fills an empty file from a SEARCH of one blank line, as from an empty one (Aider\'s hello-world transcript)', () => {
    const reply = 'app.py\n```python\n<<<<<<< ORIGINAL\n\n=======\nfrom flask import Flask\n\napp = Flask(__name__)\n>>>>>>> UPDATED\n```\n';
    assert.equal(written('app.py', '', reply), 'from flask import Flask\n\napp = Flask(__name__)\n');
  });

  it('writes a whole file sent under an absolute path of the model\'s machine to the workspace file at its end when it is that file written again', () => {
    const pas = 'unit Main;\r\n\r\ninterface\r\n\r\nimplementation\r\n\r\nprocedure Go;\r\nbegin\r\n  Caption := \'Demo\';\r\nend;\r\n\r\nend.\r\n';
    const content = pas.replace(/\r\n/g, '\n').replace("  Caption := 'Demo';\n", "  Caption := 'Demo';\n  Position := poScreenCenter;\n");
    const write = JSON.stringify({ file_path: 'C:\\src\\demo\\Main.pas', content });
    assert.equal(written('Main.pas', pas, write), content.replace(/\n/g, '\r\n'));
    // Another text under that name is not taken for the workspace file's.
    const other = JSON.stringify({ file_path: 'C:\\src\\demo\\Main.pas', content: 'program Other;\nbegin\nend.\n' });
    assert.equal(result('Main.pas', pas, other).receipt.errors[0]?.code, 'OUTSIDE_WORKSPACE');
  });

  it('reads an apply_patch chunk whose lines carry the line numbers of a numbered read, and keeps a file\'s own numbered lines', () => {
    const js = 'import { readFile } from "node:fs/promises";\n\nexport async function loadJson(path) {\n  const text = await readFile(path, "utf8");\n  return JSON.parse(text);\n}\n';
    const patch = '*** Begin Patch\n*** Update File: load.js\n@@\n 3: export async function loadJson(path) {\n 4:   const text = await readFile(path, "utf8");\n+5:   if (!text.trim()) return null;\n 5:   return JSON.parse(text);\n*** End Patch\n';
    assert.equal(written('load.js', js, patch), js.replace('  return JSON', '  if (!text.trim()) return null;\n  return JSON'));
    const yaml = 'steps:\n  1: build\n  2: test\n  3: ship\n';
    const own = '*** Begin Patch\n*** Update File: plan.yml\n@@\n   1: build\n-  2: test\n+  2: test all\n   3: ship\n*** End Patch\n';
    assert.equal(written('plan.yml', yaml, own), yaml.replace('2: test', '2: test all'));
  });
});

describe('peer situations: chat replies and fast-apply snippets that lost code', () => {
  // A reply quoted from a chat (ChatGPT's shape), for fetch.py, the file the command runs from.
  const fetchPy = "import sys\nimport requests\n\nAPI_URL = \"https://api.example.com\"\n\n\ndef fetch_user(user_id):\n    response = requests.get(f\"{API_URL}/users/{user_id}\")\n    return response.json()\n\n\ndef main():\n    if len(sys.argv) < 2:\n        print(\"usage: fetch.py USER_ID\")\n        sys.exit(1)\n    user = fetch_user(sys.argv[1])\n    print(user[\"name\"])\n\n\nif __name__ == \"__main__\":\n    main()\n";
  const reply = "Your `fetch_user` doesn't handle HTTP errors or timeouts, so a 404 gives you a confusing `KeyError` later on. Here's an improved version:\n\n```python\ndef fetch_user(user_id, timeout=10):\n    try:\n        response = requests.get(f\"{API_URL}/users/{user_id}\", timeout=timeout)\n        response.raise_for_status()\n    except requests.exceptions.HTTPError as e:\n        print(f\"HTTP error: {e}\")\n        return None\n    except requests.exceptions.RequestException as e:\n        print(f\"Request failed: {e}\")\n        return None\n    return response.json()\n```\n\n### Example usage\n\n```python\ndef main():\n    user = fetch_user(42)\n    if user:\n        print(user[\"name\"])\n    else:\n        print(\"User not found\")\n\n\nif __name__ == \"__main__\":\n    main()\n```\n\nThis way, errors are caught and reported instead of crashing your script.\n";
  const hinted = (text: string) => runReply(text, (p) => (p === 'fetch.py' ? fetchPy : undefined), { hintPath: 'fetch.py' });
  const improved = reply.slice(reply.indexOf('def fetch_user'), reply.indexOf('```', reply.indexOf('def fetch_user')));
  const fixed = fetchPy.replace(/def fetch_user[^]*?return response.json\(\)\n/, improved);

  it('leaves out a block the reply presents as an example of use, and places the edit beside it', () => {
    for (const intro of ['### Example usage', 'Example:', 'You can try it quickly with:']) {
      const planned = hinted(reply.replace('### Example usage', intro));
      assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
      assert.equal(planned.changes[0]?.newText, fixed, intro);
    }
    // "For example, ..." leading the edit itself is not an example of use.
    const lead = hinted(`For example, give it a timeout:\n\n\`\`\`python\n${improved}\`\`\`\n`);
    assert.equal(lead.changes[0]?.newText, fixed);
  });

  it('reads a "Before:" block and the "After:" block below it as one edit, and leaves commands shown so alone', () => {
    const java = 'package com.example;\n\npublic class UserService {\n    public User findById(Long id) {\n        Optional<User> user = repository.findById(id);\n        return user.get();\n    }\n}\n';
    const after = '    public User findById(Long id) {\n        return repository.findById(id).orElseThrow();\n    }\n';
    const reply = 'The exception comes from `Optional.get()`.\n\n**Before:**\n\n```java\npublic User findById(Long id) {\n    Optional<User> user = repository.findById(id);\n    return user.get();\n}\n```\n\n**After:**\n\n```java\npublic User findById(Long id) {\n    return repository.findById(id).orElseThrow();\n}\n```\n';
    const planned = runReply(reply, (p) => (p === 'UserService.java' ? java : undefined), { hintPath: 'UserService.java' });
    assert.equal(planned.changes[0]?.newText, java.replace(/    public User findById[^]*?\n    }\n/, after));
    const py = 'def total(items):\n    return sum(i.price for i in items)\n';
    const changeThis = 'In `cart.py`, change this:\n\n```python\n    return sum(i.price for i in items)\n```\n\nTo this:\n\n```python\n    return sum(i.price * i.qty for i in items)\n```\n';
    assert.equal(written('cart.py', py, changeThis), 'def total(items):\n    return sum(i.price * i.qty for i in items)\n');
    // Output shown before and after, beside a real edit: not an edit of any file.
    const outputs = 'cart.py\n```\n<<<<<<< SEARCH\n    return sum(i.price for i in items)\n=======\n    return round(sum(i.price for i in items), 2)\n>>>>>>> REPLACE\n```\n\nBefore:\n\n```text\n10.000000001\n```\n\nAfter:\n\n```text\n10.0\n```\n';
    assert.equal(written('cart.py', py, outputs), 'def total(items):\n    return round(sum(i.price for i in items), 2)\n');
  });

  it('takes "Here\'s the updated `Dockerfile`:" for the file, as it takes a name with an extension', () => {
    const docker = 'FROM python:3.11-slim\nWORKDIR /app\nCOPY . .\nCMD ["python", "app.py"]\n';
    const updated = 'FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\nCOPY . .\nCMD ["python", "app.py"]\n';
    assert.equal(written('Dockerfile', docker, "Here's the updated `Dockerfile`:\n\n```dockerfile\n" + updated + '```\n'), updated);
  });

  it('refuses a JSX attribute re-wrapped right above a marker where the file has it on one line (two className attributes)', () => {
    const tsx = "const Button = ({ size }) => (\n  <button\n    className=\"bg-blue-500 text-white p-2 rounded\"\n    onClick={onClick}\n  >\n    {text}\n  </button>\n);\n";
    const snippet = 'Button.tsx\n```tsx\nconst Button = ({ size }) => (\n  <button\n    className={`rounded ${\n      size === \'small\' ? \'p-1\' : \'p-2\'\n    }`}\n    // ... existing code ...\n  </button>\n);\n```\n';
    const planned = result('Button.tsx', tsx, snippet);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('applies a block that takes back the one before it in turn, not as already applied (Aider transcript, Claude Haiku)', () => {
    const jobs = "import { prisma } from './prisma';\nimport { log } from './log';\n\nexport async function run() {\n  log('run');\n  return prisma.job.findMany();\n}\n";
    const block = (search: string, replace: string) => `jobs.ts\n\`\`\`ts\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\`\n`;
    const reply = [
      block("  log('run');", "  log('run', new Date());"),
      block("import { log } from './log';", "import { log } from './log';\nimport { getGracePeriod } from './config';"),
      'That import is not needed after all:\n',
      block("import { log } from './log';\nimport { getGracePeriod } from './config';", "import { log } from './log';"),
    ].join('\n');
    assert.equal(written('jobs.ts', jobs, reply), jobs.replace("log('run');", "log('run', new Date());"));
    // The same on a CRLF file (and one with a BOM): the endings are read as LF where the search is looked for.
    const crlf = jobs.replace(/\n/g, '\r\n');
    assert.equal(written('jobs.ts', crlf, reply), crlf.replace("log('run');", "log('run', new Date());"));
    assert.equal(written('jobs.ts', '\ufeff' + crlf, reply), '\ufeff' + crlf.replace("log('run');", "log('run', new Date());"));
  });

  it('applies blocks whose paths stand in outer fences left open, once, and reports the model\'s repeats of them as already applied (Aider transcript, Qwen2.5-Coder)', () => {
    // 87maxi/SupplyChainTracker2's aider history, "Paso 6" to "Paso 11": three blocks, then the same three again.
    const files: Record<string, string> = {
      'web/types/useConfig.d.ts': "/** https://wagmi.sh/react/api/hooks/useConfig */\nexport declare function useConfig<config extends Config = ResolvedRegister['config']>(\n  parameters?: UseConfigParameters<config>,\n): UseConfigReturnType<config>;\n",
      'web/types/properties.d.ts': 'export type ConfigParameter<config extends Config = Config> = {\n  config?: Config | config | undefined;\n};\n',
      'web/types/useAccountEffect.d.ts': 'export type UseAccountEffectParameters = Compute<{\n  onDisconnect?(): void;\n} & ConfigParameter>;\n',
    };
    const step = (path: string, search: string, added: string) => `\`\`\`typescript\n${path}\n\`\`\`python\n<<<<<<< SEARCH\n${search}\n=======\n${search}\n${added}\n>>>>>>> REPLACE\n\`\`\`\n`;
    const steps = [
      step('web/types/useConfig.d.ts', "export declare function useConfig<config extends Config = ResolvedRegister['config']>(", '  approveRequest: (requester: string) => void,'),
      step('web/types/properties.d.ts', 'export type ConfigParameter<config extends Config = Config> = {', '  approveRequest?: (requester: string) => void;'),
      step('web/types/useAccountEffect.d.ts', 'export type UseAccountEffectParameters = Compute<{', '  onApprove?: (requester: string) => void;'),
    ];
    const reply = [...steps, ...steps].map((text, i) => `### Paso ${i + 6}: Actualizar el archivo de tipos\n\n${text}`).join('\n');
    const planned = runReply(reply, (p) => files[p]);
    assert.equal(planned.receipt.ok, true);
    assert.deepEqual(planned.receipt.files.map((f) => f.edits.map((e) => e.status)), [['applied', 'alreadyApplied'], ['applied', 'alreadyApplied'], ['applied', 'alreadyApplied']]);
    assert.equal(proposed(planned, 'web/types/properties.d.ts'), files['web/types/properties.d.ts'].replace('= {\n', '= {\n  approveRequest?: (requester: string) => void;\n'));
    assert.equal(proposed(planned, 'web/types/useAccountEffect.d.ts'), files['web/types/useAccountEffect.d.ts'].replace('<{\n', '<{\n  onApprove?: (requester: string) => void;\n'));
  });

  it('leaves out an example of use after the code in the same fence, and reads "cards and chart stay the same" as code left out', () => {
    const util = 'from datetime import timedelta\n\n\ndef humanize(delta: timedelta) -> str:\n    seconds = int(delta.total_seconds())\n    return f"{seconds} seconds"\n\n\ndef other():\n    return 1\n';
    const fixed = 'def humanize(delta: timedelta) -> str:\n    seconds = int(delta.total_seconds())\n    return f"{seconds} seconds ago"\n';
    const reply = 'Here is a fixed version:\n\n```python\n' + fixed + '\n\n# Example usage:\nprint(humanize(timedelta(minutes=5)))\n```\n';
    const planned = runReply(reply, (p) => (p === 'util.py' ? util : undefined), { hintPath: 'util.py' });
    assert.equal(planned.changes[0]?.newText, util.replace('    return f"{seconds} seconds"\n', '    return f"{seconds} seconds ago"\n'));
    const html = '<html>\n<body>\n  <header>Dashboard</header>\n  <main>\n    <section class="cards"></section>\n    <section class="chart"></section>\n  </main>\n  <footer>v1</footer>\n</body>\n</html>\n';
    const whole = 'index.html\n```html\n<html>\n<body>\n  <header>Dashboard</header>\n  <main>\n    <!-- cards and chart stay the same -->\n  </main>\n  <footer>v2</footer>\n</body>\n</html>\n```\n';
    assert.equal(written('index.html', html, whole), html.replace('v1', 'v2'));
  });

  it('puts the imports a block of imports only gives among the file\'s own (a line importing more from one module edits it), beside a function it places', () => {
    const views = '"""Views of the blog."""\nfrom django.shortcuts import render\n\nfrom .models import Post\n\n\ndef post_list(request):\n    posts = Post.objects.all()\n    return render(request, "list.html", {"posts": posts})\n';
    const reply = 'Update the view:\n\n```python\ndef post_list(request):\n    posts = Post.objects.all()\n    tags = Tag.objects.all()\n    return render(request, "list.html", {"posts": posts, "tags": tags})\n```\n\nAnd the imports:\n\n```python\nfrom .models import Post, Tag\nfrom django.shortcuts import render\nfrom django.db.models import Count\n```\n';
    const planned = runReply(reply, (p) => (p === 'views.py' ? views : undefined), { hintPath: 'views.py' });
    assert.equal(planned.changes[0]?.newText, views.replace('from .models import Post\n', 'from .models import Post, Tag\nfrom django.db.models import Count\n').replace('    return render(request, "list.html", {"posts": posts})', '    tags = Tag.objects.all()\n    return render(request, "list.html", {"posts": posts, "tags": tags})'));
  });

  it('adds a method at the end of the file\'s one class from a marker, the method and the class\'s closing brace (Morph\'s fast-apply example)', () => {
    const ts = 'export class Example {\n  private value: string;\n  \n  constructor(value: string) {\n    this.value = value;\n  }\n  \n  getValue(): string {\n    return this.value;\n  }\n}';
    const call = JSON.stringify({ target_file: 'src/simple-class.ts', instructions: 'Place the new method after the existing add method', code_edit: '// ... existing code ...\n\n  multiply(a: number, b: number): number {\n    return a * b;\n  }\n}' });
    assert.equal(written('src/simple-class.ts', ts, call), ts.replace(/}$/, '\n  multiply(a: number, b: number): number {\n    return a * b;\n  }\n}'));
    // Two classes end at the margin: which one gets the method is a guess.
    const two = ts + '\n\nexport class Other {\n  run(): void {}\n}\n';
    assert.equal(result('src/simple-class.ts', two, call).changes.length, 0);
  });

  it('refuses a block whose old and new texts are the same when that text is not in the file (gpt-engineer: the lines meant to be added written as context)', () => {
    const yml = 'spring:\n  datasource:\n    url: jdbc:h2:mem:testdb\n  h2:\n    console:\n      enabled: true\n';
    const reply = '```diff\n--- application-local.yml\n+++ application-local.yml\n@@ -1,6 +1,8 @@\n spring:\n   profiles:\n-    active: local\n+    active: local\n   datasource:\n-    url: jdbc:h2:mem:testdb\n+    url: jdbc:h2:mem:testdb\n   h2:\n```\n';
    const planned = result('application-local.yml', yml, reply);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_MATCH');
    // Where the text stands, the block changes nothing and says so.
    const same = result('application-local.yml', yml, 'application-local.yml\n<<<<<<< SEARCH\n  h2:\n=======\n  h2:\n>>>>>>> REPLACE\n');
    assert.equal(same.receipt.ok, true);
    assert.equal(same.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
    // A tool call's fragment of a line, the same on both sides, stands in the file as text.
    const fragment = result('application-local.yml', yml, '```json\n{"file_path": "application-local.yml", "old_string": "h2:mem", "new_string": "h2:mem"}\n```\n');
    assert.equal(fragment.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });

  it('reads a tool call written out as a Markdown list, its texts in fences under their items (SpecStory\'s Copilot transcripts)', () => {
    const ex = 'defmodule ShowLive do\n  @impl true\n  def render(assigns) do\n    ~H"""\n    <div class="max-w-4xl mx-auto px-4 py-8">\n    </div>\n    """\n  end\nend\n';
    const reply = [
      '_**Agent (copilot/claude-sonnet-4.5)**_', '', '<tool-use data-tool-type="generic" data-tool-name="replace_string_in_file"><details>', '<summary>Tool use: **replace_string_in_file**</summary>', '', '**Input:**', '',
      '- filePath: `/Users/someone/projects/app/lib/show_live.ex`', '- newString:', '', '```', '  @impl true', '  def render(assigns) do', '    ~H"""', '    <div class="max-w-7xl mx-auto px-4 py-8">', '```', '',
      '- oldString:', '', '```', '  @impl true', '  def render(assigns) do', '    ~H"""', '    <div class="max-w-4xl mx-auto px-4 py-8">', '```', '', '', '</details></tool-use>', '',
    ].join('\n');
    assert.equal(written('lib/show_live.ex', ex, reply), ex.replace('max-w-4xl', 'max-w-7xl'));
    // A chat list's "- code:" item over a fence, with no path item, is left to the whole-file reader
    // (which does not take two lines for all of a longer file), not written over the hint file.
    const file = 'import os\n\nx = 1\nprint(os.sep, x)\n';
    const listed = runReply('Two things:\n\n- code:\n\n```python\nx = 2\n```\n', (p) => (p === 'a.py' ? file : undefined), { hintPath: 'a.py' });
    assert.equal(listed.changes.length, 0);
  });

  it('creates the file a new-file diff of Cursor\'s targets when it does not exist (one blank line removed, the file\'s lines added)', () => {
    const reply = 'Create the script:\n\n```diff\n- \n+ #!/bin/sh\n+ set -e\n+ \n+ echo "ok"\n```\n';
    const planned = runReply(reply, () => undefined, { hintPath: 'scripts/check.sh' });
    assert.deepEqual(planned.changes.map((c) => [c.path, c.action, c.newText]), [['scripts/check.sh', 'create', '#!/bin/sh\nset -e\n\necho "ok"\n']]);
  });

  it('never reads a stale one-line SEARCH as applied because its shortened REPLACE is the start of the file\'s line (ripgrep, golangci)', () => {
    const rs = 'fn main() {}\n\n/// A note whose output would not\n/// correspond to a tty.)\npub fn errored() -> bool {\n    true\n}\n';
    const stale = result('messages.rs', rs, 'messages.rs\n```rust\n<<<<<<< SEARCH\n/// correspond to a TTY.)\n=======\n/// correspond to a tty.\n>>>>>>> REPLACE\n```\n');
    assert.equal(stale.receipt.errors[0]?.code, 'NO_MATCH');
    const yml = 'linters:\n  enable:\n    # - deadcode ! deprecated since v1.49.0; replaced by \'unused\'\n    - errcheck\n';
    const shortened = result('.golangci.yml', yml, '.golangci.yml\n```yaml\n<<<<<<< SEARCH\n    # - deadcode ! deprecated since v1.49; replaced by \'unused\'\n=======\n    # - deadcode\n>>>>>>> REPLACE\n```\n');
    assert.equal(shortened.receipt.errors[0]?.code, 'NO_MATCH');
    // A fragment edit made before is still read as made: the line holds the replacement where the search stood.
    const toml = '[package]\nname = "x"\nversion = "1.2.4"\nedition = "2021"\n';
    const again = result('Cargo.toml', toml, 'Cargo.toml\n```toml\n<<<<<<< SEARCH\nversion = "1.2.3"\n=======\nversion = "1.2.4"\n>>>>>>> REPLACE\n```\n');
    assert.equal(again.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });

  it('refuses a fuzzy place whose differing line the SEARCH quotes exactly from elsewhere in the file (a C# overload\'s signature)', () => {
    const guard = ['    {', '        if (request == null)', '        {', '            throw new ArgumentNullException(nameof(request));', '        }', ''];
    const cs = ['public class Mediator', '{', '    public Task Send<TRequest>(TRequest request, CancellationToken cancellationToken = default)', '        where TRequest : IRequest', ...guard, '        return Handle(request);', '    }', '', '    public Task<object?> Send(object request, CancellationToken cancellationToken = default)', ...guard, '        return HandleObject(request);', '    }', '}', ''].join('\n');
    const reply = 'Mediator.cs\n```csharp\n<<<<<<< SEARCH\n    public Task Send<TRequest>(TRequest request, CancellationToken cancellationToken = default)\n    {\n        if (request == null)\n        {\n            throw new ArgumentNullException(nameof(request));\n        }\n=======\n    public Task Send<TRequest>(TRequest request, CancellationToken cancellationToken = default)\n    {\n        ArgumentNullException.ThrowIfNull(request);\n>>>>>>> REPLACE\n```\n';
    const planned = result('Mediator.cs', cs, reply);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_MATCH');
  });

  it('puts a Go import group\'s new packages into the file\'s group, beside a snippet of the same file (it was left out: the file did not compile)', () => {
    const go = 'package cobra\n\nimport (\n\t"fmt"\n)\n\nfunc Valid(args []string) error {\n\tif len(args) > 0 {\n\t\treturn fmt.Errorf("bad %q", args[0])\n\t}\n\treturn nil\n}\n\nfunc Other() {}\n';
    const reply = 'Here is the updated function:\n\n```go\n// ... existing code ...\n\nfunc Valid(args []string) error {\n\tif len(args) > 0 {\n\t\treturn fmt.Errorf("bad %q", strings.Join(args, ","))\n\t}\n\treturn nil\n}\n\n// ... existing code ...\n```\n\nand add `"strings"` to the imports:\n\n```go\nimport (\n\t"fmt"\n\t"strings"\n)\n```\n';
    const planned = runReply(reply, (p) => (p === 'args.go' ? go : undefined), { hintPath: 'args.go' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0]?.newText, go.replace('\t"fmt"\n', '\t"fmt"\n\t"strings"\n').replace('args[0])', 'strings.Join(args, ","))'));
  });

  it('places an apply_patch chunk whose first context line is its @@ anchor again, or that stands right above its anchor', () => {
    const py = 'def foo():\n    return 1\n\n\ndef bar():\n    return 2\n';
    const patch = '*** Begin Patch\n*** Update File: fb.py\n@@ def foo():\n def foo():\n-    return 1\n+    return 10\n*** End Patch\n';
    assert.equal(written('fb.py', py, patch), py.replace('return 1\n', 'return 10\n'));
    // An anchor naming the item right below a doc comment the chunk quotes (ripgrep's eprintln_locked).
    const rs = 'use std::io;\n\n/// Like eprintln, but locks stdout. This\n/// avoids interleaving when both\n/// correspond to a tty.)\n#[macro_export]\nmacro_rules! eprintln_locked {\n    () => {};\n}\n';
    const doc = '*** Begin Patch\n*** Update File: messages.rs\n@@ macro_rules! eprintln_locked {\n /// avoids interleaving when both\n-/// correspond to a tty.)\n+/// correspond to a tty.\n #[macro_export]\n*** End Patch\n';
    assert.equal(written('messages.rs', rs, doc), rs.replace('tty.)', 'tty.'));
  });

  it('refuses a config file\'s part written over it whole or merged over lines it leaves out (tsconfig, package.json, compose, pyproject)', () => {
    const tsconfig = '{\n    "compilerOptions": {\n        "module": "commonjs",\n        "esModuleInterop": true,\n        "target": "es6",\n        "noImplicitAny": true,\n        "moduleResolution": "node",\n        "outDir": "dist",\n        "baseUrl": "."\n    },\n    "include": [\n        "src/**/*"\n    ]\n}\n';
    const strict = result('tsconfig.json', tsconfig, 'Enable strict mode:\n\ntsconfig.json\n```json\n{\n    "compilerOptions": {\n        "target": "es2020",\n        "strict": true\n    }\n}\n```\n');
    assert.equal(strict.receipt.errors[0]?.code, 'AMBIGUOUS');
    const pkg = '{\n  "name": "app",\n  "version": "1.0.0",\n  "scripts": {\n    "lint": "eslint .",\n    "test": "mocha"\n  },\n  "dependencies": {\n    "express": "^4.0.0"\n  }\n}\n';
    const scripts = result('package.json', pkg, 'Add this to your package.json:\n\npackage.json\n```json\n"scripts": {\n  "test": "vitest"\n}\n```\n');
    assert.equal(scripts.changes.length, 0);
    const pyproject = '[build-system]\nrequires = ["setuptools"]\n\n[project]\nname = "requests"\ndescription = "HTTP"\nreadme = "README.md"\nlicense = {text = "Apache-2.0"}\nrequires-python = ">=3.10"\ndependencies = [\n    "idna>=2.5,<4",\n    "certifi>=2023.5.7"\n]\ndynamic = ["version"]\n';
    const deps = result('pyproject.toml', pyproject, 'Add `typing-extensions`:\n\npyproject.toml\n```toml\n[project]\ndependencies = [\n    "idna>=2.5,<4",\n    "certifi>=2023.5.7",\n    "typing-extensions>=4.0"\n]\n```\n');
    assert.equal(deps.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    // The whole file given back with a key changed is still the file\'s new text.
    assert.equal(written('tsconfig.json', tsconfig, 'tsconfig.json\n```json\n' + tsconfig.replace('"es6"', '"es2020"') + '```\n'), tsconfig.replace('"es6"', '"es2020"'));
  });

  it('re-indents a snippet quoted a level shallow whose marker has a blank line under it (a Django model\'s method was written out of its class)', () => {
    // Two classes define get_absolute_url; the docstring tells them apart. Blank lines hold the indentation, as the real file's do.
    const py = 'from django.db import models\n\n\nclass Book(models.Model):\n    title = models.CharField(max_length=200)\n    \n    def get_absolute_url(self):\n        """Returns the url to access a particular book."""\n        return reverse("book-detail", args=[str(self.id)])\n\n\nclass Author(models.Model):\n    first_name = models.CharField(max_length=100)\n    last_name = models.CharField(max_length=100)\n\n    class Meta:\n        ordering = ["last_name", "first_name"]\n    \n    def get_absolute_url(self):\n        """Returns the url to access a particular author instance."""\n        return reverse("author-detail", args=[str(self.id)])\n    \n\n    def __str__(self):\n        return self.last_name\n';
    const reply = 'Add a `get_full_name` helper to `Author`:\n\n```python\n# ... existing code ...\n\ndef get_absolute_url(self):\n    """Returns the url to access a particular author instance."""\n    return reverse("author-detail", args=[str(self.id)])\n\ndef get_full_name(self):\n    return f"{self.first_name} {self.last_name}"\n\n# ... existing code ...\n```\n';
    const planned = runReply(reply, (p) => (p === 'models.py' ? py : undefined), { hintPath: 'models.py' });
    const lines = planned.changes[0]?.newText?.split('\n') ?? [];
    assert.ok(lines.includes('    def get_full_name(self):') && lines.includes('        return f"{self.first_name} {self.last_name}"'), lines.join('\n'));
    assert.ok(!lines.some((line) => line.startsWith('def ')), lines.join('\n'));
  });

  it('writes a tool call\'s new lines with the curly quotes it gives, when its old text matched only with punctuation folded (qwen-code\'s suite)', () => {
    const py = 'label = "Don\'t stop"\n';
    const call = '```json\n{"file_path": "ui.py", "old_string": "label = \\"Don\u2019t stop\\"", "new_string": "label = \\"Don\u2019t stop\\"\\nquote = \\"He said \u201chi\u201d\\""}\n```\n';
    assert.equal(written('ui.py', py, call), 'label = "Don\'t stop"\nquote = "He said \u201chi\u201d"\n');
  });

  it('reads Codebuff\'s str_replace and Kimi CLI\'s StrReplaceFile calls ({path, replacements: [{old, new}]}, {path, edit: {old, new}})', () => {
    const ts = "console.log('debug');\nrun();\nconsole.log('debug');\n";
    const codebuff = '```json\n{"path": "test.ts", "replacements": [{"old": "console.log(\'debug\');", "new": "// removed debug log", "allowMultiple": true}]}\n```\n';
    assert.equal(written('test.ts', ts, codebuff), '// removed debug log\nrun();\n// removed debug log\n');
    const kimi = '```json\n{"path": "test.ts", "edit": {"old": "run();", "new": "await run();"}}\n```\n';
    assert.equal(written('test.ts', ts, kimi), ts.replace('run();', 'await run();'));
  });

  it('takes a closing brace alone after a marker for the end of the block the marker stands in (Swift extension, Go func, SCSS rule)', () => {
    const swift = 'extension RetryResult {\n    var retryRequired: Bool {\n        switch self {\n        case .retry: return true\n        default: return false\n        }\n    }\n\n    var delay: Double? {\n        nil\n    }\n}\n\npublic protocol RequestAdapter {\n    func adapt()\n}\n\nstruct Retrier {\n    let limit: Int\n}\n';
    const reply = '```swift\nextension RetryResult {\n    var retryRequired: Bool {\n        switch self {\n        case .retry: return true\n        default: return false\n        }\n    }\n\n    var isTerminal: Bool {\n        !retryRequired\n    }\n\n    // ... other properties ...\n}\n```\n';
    const planned = runReply(reply, (p) => (p === 'Retry.swift' ? swift : undefined), { hintPath: 'Retry.swift' });
    assert.equal(planned.changes[0]?.newText, swift.replace('    }\n\n    var delay', '    }\n\n    var isTerminal: Bool {\n        !retryRequired\n    }\n\n    var delay'));
  });

  it('anchors on an object\'s last entry quoted with the comma a new entry after it needs (an i18n JSON file)', () => {
    const json = '{\n  "nav": {\n    "home": "Home",\n    "done": "Done"\n  },\n  "report": {\n    "title": "Report",\n    "done": "Done"\n  }\n}\n';
    const reply = 'Add the new string to `translation.json`:\n\n```json\n{\n  // ...\n  "report": {\n    // ...\n    "done": "Done",\n    "close_aria": "Close the report dialog"\n  }\n}\n```\n';
    const planned = runReply(reply, (p) => (p === 'translation.json' ? json : undefined), { hintPath: 'translation.json' });
    assert.equal(planned.changes[0]?.newText, json.replace('    "done": "Done"\n  }\n}', '    "done": "Done",\n    "close_aria": "Close the report dialog"\n  }\n}'));
  });

  it('keeps a documented method\'s doc comment when a snippet shows the method after a marker and a blank line (Spring controller), not another comment', () => {
    // A plain comment there may be what the snippet's blank lines delete (CPython's ctypes dropped
    // its `# XXX Deprecated` so): which one is meant is a guess.
    const py = 'import warnings\n\n\n# XXX Deprecated\ndef SetPointerType(pointer, cls):\n    pass\n\ndef ARRAY(typ, len):\n    return typ * len\n';
    const lazy = '```python\n# ... existing code ...\n\n\ndef SetPointerType(pointer, cls):\n    pass\n\ndef ARRAY(typ, len):\n    return typ * len * 1\n```\n';
    const refused = runReply(lazy, (p) => (p === 'ct.py' ? py : undefined), { hintPath: 'ct.py' });
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    const java = '@Controller\nclass OwnerController {\n\n    private final OwnerRepository owners;\n\n    /**\n     * Custom handler for displaying an owner.\n     * @param ownerId the ID of the owner to display\n     */\n    @GetMapping("/owners/{ownerId}")\n    public ModelAndView showOwner(@PathVariable("ownerId") int ownerId) {\n        return new ModelAndView("owners/ownerDetails");\n    }\n\n}\n';
    const reply = 'Add a delete endpoint:\n\n```java\n@Controller\nclass OwnerController {\n\n    // ... existing code ...\n\n    @GetMapping("/owners/{ownerId}")\n    public ModelAndView showOwner(@PathVariable("ownerId") int ownerId) {\n        return new ModelAndView("owners/ownerDetails");\n    }\n\n    @GetMapping("/owners/{ownerId}/delete")\n    public String deleteOwner(@PathVariable("ownerId") int ownerId) {\n        return "redirect:/owners";\n    }\n\n}\n```\n';
    const planned = runReply(reply, (p) => (p === 'OwnerController.java' ? java : undefined), { hintPath: 'OwnerController.java' });
    assert.equal(planned.changes[0]?.newText, java.replace('        return new ModelAndView("owners/ownerDetails");\n    }\n', '        return new ModelAndView("owners/ownerDetails");\n    }\n\n    @GetMapping("/owners/{ownerId}/delete")\n    public String deleteOwner(@PathVariable("ownerId") int ownerId) {\n        return "redirect:/owners";\n    }\n'));
  });

  it('takes a doc comment that goes on from the file\'s for its edit, not a second comment above the definition', () => {
    const go = 'package main\n\nimport "strings"\n\n// ParseConfig reads KEY=VALUE lines.\nfunc ParseConfig(data string) map[string]string {\n\tcfg := map[string]string{}\n\tfor _, line := range strings.Split(data, "\\n") {\n\t\tparts := strings.SplitN(line, "=", 2)\n\t\tcfg[parts[0]] = parts[1]\n\t}\n\treturn cfg\n}\n\nfunc main() {\n\tprintln(len(ParseConfig("a=1")))\n}\n';
    const block = '// ParseConfig reads KEY=VALUE lines, skipping blanks and # comments.\nfunc ParseConfig(data string) map[string]string {\n\tcfg := map[string]string{}\n\tfor _, line := range strings.Split(data, "\\n") {\n\t\tparts := strings.SplitN(line, "=", 2)\n\t\tif len(parts) != 2 {\n\t\t\tcontinue\n\t\t}\n\t\tcfg[parts[0]] = parts[1]\n\t}\n\treturn cfg\n}\n';
    const planned = runReply('Here is a more robust version:\n\n```go\n' + block + '```\n', (p) => (p === 'main.go' ? go : undefined), { hintPath: 'main.go' });
    assert.equal(planned.changes[0]?.newText, go.replace(/\/\/ ParseConfig[^]*?\n}\n/, block));
  });

  it('refuses a block under a file\'s path that holds only its first function, or only new lines, instead of writing it whole', () => {
    const ts = 'export function formatPrice(amount: number): string {\n  return "$" + amount.toFixed(2);\n}\n\nexport function formatDate(date: Date): string {\n  return date.toISOString().slice(0, 10);\n}\n\nexport function pluralize(word: string, count: number): string {\n  return count === 1 ? word : word + "s";\n}\n';
    const first = result('src/format.ts', ts, '```ts\n// src/format.ts\nexport function formatPrice(amount: number, currency = "USD"): string {\n  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);\n}\n```\n');
    assert.equal(first.changes.length, 0);
    assert.equal(first.receipt.errors[0]?.code, 'AMBIGUOUS');
    const env = 'DEBUG=1\nSECRET_KEY=dj-7f3c9a1e\nDATABASE_URL=postgres://app@localhost/app\nREDIS_URL=redis://localhost:6379/0\n';
    const added = result('.env', env, 'Put it in your `.env` file next to your other settings:\n\n`.env`\n```env\nOPENAI_API_KEY=sk-your-key-here\n```\n');
    assert.equal(added.changes.length, 0);
    assert.equal(added.receipt.errors[0]?.code, 'AMBIGUOUS');
  });

  it('refuses a part that deletes lines it never shows between lines it keeps, and new list entries that land in the next list', () => {
    const lists = ['enum Span {', "  run = 'Span.run',", '}', '', 'export const allowList = [', '  Span.run,', '  Other.fetch,', '  Other.render,', ']', '', '// Always logged', '// when the prefix is set', 'export const logList = [', '  Other.fetch,', '  Other.render,', ']', '', 'export {', '  Span,', '}', ''];
    const file = lists.join('\n');
    // No marker: the block jumps from one list to the export, leaving logList out.
    const jumped = '```ts\nexport const allowList = [\n  Span.run,\n  Other.fetch,\n  Other.render,\n  Span.extra,\n]\n\nexport {\n  Span,\n  Extra,\n}\n```\n';
    const planned = runReply(jumped, (p) => (p === 'spans.ts' ? file : undefined), { hintPath: 'spans.ts' });
    assert.equal(planned.changes.length, 0);
    // A marker inside the first list, then its new entries and `]`: they belong to that list.
    const inList = 'spans.ts\n```ts\nexport const allowList = [\n  // ... existing code ...\n  Span.extra,\n]\n\nexport {\n  Span,\n  Extra,\n}\n```\n';
    const placed = result('spans.ts', file, inList);
    assert.equal(placed.changes.length, 0);
    assert.equal(placed.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });
});

describe('peer situations: old and new texts that lost all indentation (opencode LineTrimmed)', () => {
  const toolCall = (path: string, oldText: string, newText: string) => 'Here\'s the edit:\n\n```json\n' + JSON.stringify({ file_path: path, old_string: oldText, new_string: newText }) + '\n```\n';
  const lookup = ['def lookup(table, key):', '    for row in table:', '        if row.key == key:', '            return row', '    return None', ''].join('\n');

  it('puts a line added right after a block opener in its body, as the deeper line after it stands', () => {
    // Written at the opener's depth, `log(row)` left the `if` without a body (IndentationError).
    const inserted = lookup.replace('            return row', '            log(row)\n            return row');
    assert.equal(written('lookup.py', lookup, toolCall('lookup.py', 'if row.key == key:\nreturn row\nreturn None', 'if row.key == key:\nlog(row)\nreturn row\nreturn None')), inserted);
    const block = 'lookup.py\n```python\n<<<<<<< SEARCH\nif row.key == key:\nreturn row\nreturn None\n=======\nif row.key == key:\nlog(row)\nreturn row\nreturn None\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('lookup.py', lookup, block), inserted);
    // A YAML key that opens a mapping: the new key is the service's (at its own depth, it was a
    // sibling service and the file no longer parsed).
    const compose = ['services:', '  web:', '    image: nginx:1.25', '    ports:', '      - "80:80"', '  db:', '    image: postgres:16', ''].join('\n');
    assert.equal(written('docker-compose.yml', compose, toolCall('docker-compose.yml', 'web:\nimage: nginx:1.25\nports:', 'web:\nrestart: always\nimage: nginx:1.25\nports:')), compose.replace('  web:\n', '  web:\n    restart: always\n'));
    const load = ['export function load(items) {', '  for (const it of items) {', '    if (!it) {', '      continue;', '    }', '    emit(it);', '  }', '}', ''].join('\n');
    assert.equal(written('load.js', load, toolCall('load.js', 'if (!it) {\ncontinue;\n}\nemit(it);', 'if (!it) {\nskipped++;\ncontinue;\n}\nemit(it);')), load.replace('    if (!it) {\n', '    if (!it) {\n      skipped++;\n'));
  });

  it('refuses a line added after the end of an indented block, where the reply does not say which block it is in', () => {
    // The new `if` after `return row` is the loop's (its `break` says so), not the `if` body's:
    // written at `return row`'s depth, Python refused the file.
    const reply = toolCall('lookup.py', 'for row in table:\nif row.key == key:\nreturn row\nreturn None', 'for row in table:\nif row.key == key:\nreturn row\nif row.key is None:\nbreak\nreturn None');
    const planned = result('lookup.py', lookup, reply);
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]!.nextStep, /indented as the file has them/);
    assert.equal(planned.changes.length, 0);
  });

  it('writes a line added at the end of a heredoc\'s body at the depth of the body\'s lines, the string having no block around them', () => {
    // d2jvkpn/playground linux/bash/_variables.sh: `<<-` strips tabs only, so the body's four
    // spaces are printed; the SEARCH/REPLACE quoted it flush left and added a fourth line before `END`.
    const variables = ['#### 1.', 'USAGE=$(cat <<-END', '    This is line one.', '    This is line two.', '    This is line three.', 'END', ')', '', 'echo "$USAGE"', ''].join('\n');
    const quoted = 'USAGE=$(cat <<-END\nThis is line one.\nThis is line two.\nThis is line three.\nEND\n)';
    const block = 'linux/bash/_variables.sh\n```bash\n<<<<<<< SEARCH\n' + quoted + '\n=======\n' + quoted.replace('three.\n', 'three.\nThis is line four.\n') + '\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('linux/bash/_variables.sh', variables, block), variables.replace('three.\n', 'three.\n    This is line four.\n'));
    // A Python docstring whose closing quotes stand at the margin: the same.
    const doc = ['HELP = """', '    usage: tool [options]', '    --verbose', '"""', 'print(HELP)', ''].join('\n');
    assert.equal(written('help.py', doc, toolCall('help.py', 'HELP = """\nusage: tool [options]\n--verbose\n"""', 'HELP = """\nusage: tool [options]\n--verbose\n--quiet\n"""')), doc.replace('--verbose\n', '--verbose\n    --quiet\n'));
    // A block of code after its last line is still refused: `then` opens no string.
    const script = ['if [ -n "$1" ]; then', '    echo one', '    echo two', 'fi', ''].join('\n');
    const planned = result('run.sh', script, toolCall('run.sh', 'if [ -n "$1" ]; then\necho one\necho two\nfi', 'if [ -n "$1" ]; then\necho one\necho two\necho three\nfi'));
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
  });
});

describe('peer situations: a tool call quoting a tab-indented file exactly, its new text printed with spaces', () => {
  const toolCall = (path: string, oldText: string, newText: string) => 'Here\'s the edit:\n\n```json\n' + JSON.stringify({ file_path: path, old_string: oldText, new_string: newText }) + '\n```\n';

  it('writes the new lines with the file\'s tabs, as a SEARCH/REPLACE block of the same text is written', () => {
    // Written with the reply's spaces: `Makefile:5: *** missing separator.  Stop.`
    const makefile = 'build:\n\tgo build ./...\n\ntest:\n\tgo test ./...\n';
    const planned = result('Makefile', makefile, toolCall('Makefile', 'test:\n\tgo test ./...', 'test:\n    go vet ./...\n    go test -race ./...'));
    assert.equal(proposed(planned, 'Makefile'), 'build:\n\tgo build ./...\n\ntest:\n\tgo vet ./...\n\tgo test -race ./...\n');
    assert.equal(planned.receipt.files[0].edits[0].reindented, true);
  });

  it('writes them with tabs when the edit rewrites a quoted line in spaces but the line below it keeps its tab', () => {
    // Read as moving the file to spaces, `\treturn 0` stood under `    if x:` in one block (TabError).
    const python = 'def f(x):\n\tif x:\n\t\treturn 1\n\treturn 0\n';
    const expected = 'def f(x):\n\tif x:\n\t\tlog(x)\n\t\treturn 1\n\treturn 0\n';
    assert.equal(written('t.py', python, toolCall('t.py', '\tif x:\n\t\treturn 1', '    if x:\n        log(x)\n        return 1')), expected);
    const block = 't.py\n```python\n<<<<<<< SEARCH\n\tif x:\n\t\treturn 1\n=======\n    if x:\n        log(x)\n        return 1\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('t.py', python, block), expected);
  });
});

describe('peer situations: SWE-agent trajectories (marshmallow-1867 TimeDelta rounding)', () => {
  // src/marshmallow/fields.py around TimeDelta._serialize, as the trajectory's `open` view shows it.
  const fields = [
    'class TimeDelta(Field):',
    '    def _serialize(self, value, attr, obj, **kwargs):',
    '        if value is None:',
    '            return None',
    '        base_unit = dt.timedelta(**{self.precision: 1})',
    '        return int(value.total_seconds() / base_unit.total_seconds())',
    '',
    '    def _deserialize(self, value, attr, data, **kwargs):',
    '        try:',
    '            value = int(value)',
    '',
  ].join('\n');
  const search = 'return int(value.total_seconds() / base_unit.total_seconds())';
  const fixed = fields.replace(`        ${search}`, '        # round to nearest int\n        return int(round(value.total_seconds() / base_unit.total_seconds()))');
  const editCall = (replace: string) => ({ role: 'assistant', content: '', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'edit', arguments: JSON.stringify({ search, replace }) } }] });
  const fromMargin = '# round to nearest int\nreturn int(round(value.total_seconds() / base_unit.total_seconds()))';
  const absolute = '# round to nearest int\n        return int(round(value.total_seconds() / base_unit.total_seconds()))';
  const onFields = (file: string, reply: string) => runReply(reply, (p) => (p === 'src/marshmallow/fields.py' ? file : undefined), { hintPath: 'src/marshmallow/fields.py' });

  it("indents a one-line old text's new lines written from the margin as the line it quotes after its indentation", () => {
    // The trajectory's first call (SWE-agent refused it: IndentationError); its `return` was written at column 0.
    const first = onFields(fields, JSON.stringify(editCall(fromMargin)));
    assert.equal(first.receipt.ok, true, JSON.stringify(first.receipt.errors));
    assert.equal(first.changes[0]?.newText, fixed);
    // The same text as a str_replace_editor call on the container path.
    const strReplace = { command: 'str_replace', path: '/testbed/src/marshmallow/fields.py', old_str: search, new_str: fromMargin };
    assert.equal(onFields(fields, JSON.stringify(strReplace)).changes[0]?.newText, fixed);
    // The model's corrected call writes the later line at the file's depth: written as given.
    assert.equal(onFields(fields, JSON.stringify(editCall(absolute))).changes[0]?.newText, fixed);
    // Both calls in a row, as the trajectory holds them: the second finds its text already there.
    const both = onFields(fields, JSON.stringify([editCall(fromMargin), editCall(absolute)]));
    assert.equal(both.changes[0]?.newText, fixed);
    assert.deepEqual(both.receipt.files[0]?.edits.map((e) => e.status), ['applied', 'alreadyApplied']);
  });

  it("creates a new file named under the container folder (/testbed) another call of the reply shows stands for the workspace", () => {
    const script = 'from marshmallow.fields import TimeDelta\nfrom datetime import timedelta\n\ntd_field = TimeDelta(precision="milliseconds")\n\nobj = dict()\nobj["td_field"] = timedelta(milliseconds=345)\n\nprint(td_field.serialize("td_field", obj))';
    const create = { command: 'create', path: '/testbed/reproduce.py', file_text: script };
    const fix = { command: 'str_replace', path: '/testbed/src/marshmallow/fields.py', old_str: `        ${search}`, new_str: `        ${absolute}` };
    const files: Record<string, string> = { 'src/marshmallow/fields.py': fields };
    const planned = runReply(JSON.stringify([create, fix]), (p) => files[p]);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.deepEqual(planned.changes.map((c) => [c.path, c.newText]), [['reproduce.py', script], ['src/marshmallow/fields.py', fixed]]);
    // Alone, nothing shows what /testbed stands for; nor does a path under another folder, nor one that leaves it.
    for (const path of ['/testbed/reproduce.py', '/tmp/reproduce.py', '/testbed/../etc/reproduce.py']) {
      const calls = path === '/testbed/reproduce.py' ? [{ ...create, path }] : [{ ...create, path }, fix];
      const refused = runReply(JSON.stringify(calls), (p) => files[p]);
      assert.equal(refused.receipt.ok, false, path);
      assert.equal(refused.receipt.errors[0]?.code, 'OUTSIDE_WORKSPACE', path);
      assert.equal(refused.changes.some((c) => c.path.endsWith('reproduce.py')), false, path);
    }
  });

  it('writes margin lines as given when the file\'s next line stands under them as it is (CPython locale.py: a new function split off after a call\'s closing line)', () => {
    // Lib/locale.py at 0fc7bc2 (trimmed): the commit splits getdefaultlocale's body into
    // _getdefaultlocale. The old text is the warning call's closing line; the new text returns at
    // the function's depth and opens a new `def` at the margin, whose body the file's `try:` becomes.
    const file = [
      'def getdefaultlocale(envvars=(\'LC_ALL\', \'LC_CTYPE\', \'LANG\', \'LANGUAGE\')):',
      '    import warnings',
      '    warnings._deprecated(',
      '        "locale.getdefaultlocale",',
      '        "{name!r} is deprecated and slated for removal in Python {remove}. "',
      '        "Use setlocale(), getencoding() and getlocale() instead.",',
      '        remove=(3, 15))',
      '',
      '    try:',
      '        # check if it\'s supported by the _locale module',
      '        import _locale',
      '        code, encoding = _locale._getdefaultlocale()',
      '    except (ImportError, AttributeError):',
      '        pass',
      '',
    ].join('\n');
    const call = { file_path: 'locale.py', old_string: 'remove=(3, 15))\n', new_string: "remove=(3, 15))\n    return _getdefaultlocale(envvars)\n\n\ndef _getdefaultlocale(envvars=('LC_ALL', 'LC_CTYPE', 'LANG', 'LANGUAGE')):" };
    assert.equal(written('locale.py', file, JSON.stringify(call)), file.replace('        remove=(3, 15))\n\n', "        remove=(3, 15))\n    return _getdefaultlocale(envvars)\n\n\ndef _getdefaultlocale(envvars=('LC_ALL', 'LC_CTYPE', 'LANG', 'LANGUAGE')):\n"));
  });

  it('writes margin lines as given beside a line at the quoted depth, and refuses them after the last line of a top-level block', () => {
    // A line at the quoted line's depth: the text is the file's own, its margin line meant there.
    const preprocessor = 'void f() {\n        go();\n}\n';
    const kept = { file_path: 'f.c', old_string: 'go();', new_string: 'go();\n#ifdef DEBUG\n        trace();\n#endif' };
    assert.equal(written('f.c', preprocessor, JSON.stringify(kept)), 'void f() {\n        go();\n#ifdef DEBUG\n        trace();\n#endif\n}\n');
    // A closing bracket after the line: the block goes on, the new lines are in it.
    const js = 'function f() {\n  return a;\n}\n';
    assert.equal(written('f.js', js, JSON.stringify({ file_path: 'f.js', old_string: 'return a;', new_string: 'const b = a + 1;\nreturn b;' })), 'function f() {\n  const b = a + 1;\n  return b;\n}\n');
    // The file's last method: a line at the margin may be a new top-level function after its class.
    const last = 'class A:\n    def f(self):\n        return a\n';
    const unclear = result('m.py', last, JSON.stringify({ file_path: 'm.py', old_string: 'return a', new_string: 'return a\n\ndef g():\n    return b' }));
    assert.equal(unclear.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(unclear.changes.length, 0);
  });

  it('re-indents YAML margin lines only as siblings of the quoted line before a line at its depth, and refuses them before a shallower one (was: a new step at run:\'s depth, a step\'s env: inside with:)', () => {
    // encode/starlette .github/workflows/test-suite.yml @0064cae, its steps (trimmed).
    const workflow = [
      'jobs:',
      '  tests:',
      '    steps:',
      '      - uses: "actions/setup-python@v5"',
      '        with:',
      '          python-version: "${{ matrix.python-version }}"',
      '          allow-prereleases: true',
      '      - name: "Run tests"',
      '        run: "scripts/test"',
      '      - name: "Enforce coverage"',
      '        run: "scripts/coverage"',
      '',
      '  # https://github.com/marketplace/actions/alls-green#why',
      '  check:',
      '    if: always()',
      '',
    ].join('\n');
    const path = '.github/workflows/test-suite.yml';
    const edit = (old_string: string, new_string: string) => result(path, workflow, JSON.stringify({ name: 'Edit', input: { file_path: path, old_string, new_string } }));
    // A new step after a step's last key: at run:'s depth a list item cannot stand, and nothing
    // shows it belongs to the steps list (column 6) rather than another list around it.
    const step = edit('run: "scripts/test"', 'run: "scripts/test"\n- name: "Upload coverage"\n  uses: "codecov/codecov-action@v4"');
    assert.deepEqual([step.changes.length, step.receipt.errors[0]?.code], [0, 'AMBIGUOUS']);
    assert.match(step.receipt.errors[0].message, /written relative to it \(column 8, beside it\) or belong to a mapping or list around it \(the file's next line stands at column 6\)/);
    // A key after the last input of `with:`: an input beside it, or the step's own (`env:`).
    for (const key of ['env:\n  PIP_DISABLE_PIP_VERSION_CHECK: "1"', 'cache: "pip"']) {
      const after = edit('allow-prereleases: true', `allow-prereleases: true\n${key}`);
      assert.deepEqual([after.changes.length, after.receipt.errors[0]?.code], [0, 'AMBIGUOUS'], key);
    }
    // Before a line at the quoted line's depth: a sibling for certain, at the quoted line's indentation.
    assert.equal(written(path, workflow, JSON.stringify({ name: 'Edit', input: { file_path: path, old_string: 'python-version: "${{ matrix.python-version }}"', new_string: 'python-version: "${{ matrix.python-version }}"\ncache: "pip"' } })), workflow.replace('          allow-prereleases', '          cache: "pip"\n          allow-prereleases'));
    // A step's last key before the next step is not its sibling's depth: the comment line between says nothing.
    const last = edit('if: always()', 'if: always()\nruns-on: ubuntu-latest');
    assert.equal(last.receipt.errors[0]?.code, 'AMBIGUOUS');
  });

  it('indents new lines written under a one-line old text quoted without its indentation as its block\'s lines, where as given they would leave it (was: flaskr db.py\'s if body level with the if, a step\'s env: at column 2)', () => {
    // pallets/flask examples/tutorial/flaskr/db.py @28a0a7d (trimmed): the body line was written
    // at column 4, level with the `if`, and the module no longer imported (IndentationError).
    const db = ['def close_db(e=None):', '    db = g.pop("db", None)', '', '    if db is not None:', '        db.close()', '', '', 'def init_db():', '    db = get_db()', ''].join('\n');
    const body = { name: 'Edit', input: { file_path: 'flaskr/db.py', old_string: 'if db is not None:', new_string: 'if db is not None:\n    current_app.logger.debug("closing database connection")' } };
    assert.equal(written('flaskr/db.py', db, JSON.stringify(body)), db.replace('not None:\n', 'not None:\n        current_app.logger.debug("closing database connection")\n'));
    // The body written as the file is to have it (deeper than the `if`) stays as given.
    const absolute = { name: 'Edit', input: { ...body.input, new_string: 'if db is not None:\n        current_app.logger.debug("closing database connection")' } };
    assert.equal(written('flaskr/db.py', db, JSON.stringify(absolute)), db.replace('not None:\n', 'not None:\n        current_app.logger.debug("closing database connection")\n'));
    // A comment ending with a colon opens no block: a line at its depth is written beside it, as given.
    const commented = db.replace('    if db', '    # close it when open:\n    if db');
    const note = { name: 'Edit', input: { file_path: 'flaskr/db.py', old_string: '# close it when open:', new_string: '# close it when open:\n    current_app.logger.debug("closing")' } };
    assert.equal(written('flaskr/db.py', commented, JSON.stringify(note)), commented.replace('open:\n', 'open:\n    current_app.logger.debug("closing")\n'));
    // Only a real head whose body the text as given would leave. CPython's replay (the tool-call
    // fragment form, every later line at the column the file is to have it): a docstring line that
    // reads like a head, with the file's next line beside it; a new text whose first line is no
    // head, its later lines beside it; a head ending inside open brackets, its continuation lines
    // at any column. Each is written as given.
    const docstring = ['def compile(file, quiet=0):', '    """Byte-compile one source file.', '', '    if the file exists:', '    it is replaced.', '    """', '    return file', ''].join('\n');
    const prose = { name: 'Edit', input: { file_path: 'py_compile.py', old_string: 'if the file exists:', new_string: 'if the file exists:\n    (a symlink is followed)' } };
    assert.equal(written('py_compile.py', docstring, JSON.stringify(prose)), docstring.replace('exists:\n', 'exists:\n    (a symlink is followed)\n'));
    const before = { name: 'Edit', input: { file_path: 'flaskr/db.py', old_string: 'if db is not None:', new_string: 'log_close()\n    if db is not None:' } };
    assert.equal(written('flaskr/db.py', db, JSON.stringify(before)), db.replace('    if db is not None:\n', '    log_close()\n    if db is not None:\n'));
    const call = ['def main():', '    if run(a,', '           b):', '        return 1', ''].join('\n');
    const continued = { name: 'Edit', input: { file_path: 'm.py', old_string: 'if run(a,', new_string: 'if run(a, c,\n    d,' } };
    assert.equal(written('m.py', call, JSON.stringify(continued)), call.replace('if run(a,\n', 'if run(a, c,\n    d,\n'));
    // pallets/flask .github/workflows/tests.yaml @0066040, its steps (trimmed). Between two steps,
    // the step's `env:` at column 2 would not parse: it is the quoted step's key (column 8).
    const workflow = [
      'jobs:',
      '  tests:',
      '    runs-on: ${{ matrix.os }}',
      '    steps:',
      '      - uses: actions/checkout@b4ffde65f46336ab88eb53be808477a3936bae11',
      "        if: matrix.tox == 'typing'",
      '      - run: pip install tox',
      '      - run: tox run -e ${{ matrix.tox }}',
      '',
    ].join('\n');
    const path = '.github/workflows/tests.yaml';
    const edit = (old_string: string, new_string: string) => result(path, workflow, JSON.stringify({ name: 'Edit', input: { file_path: path, old_string, new_string } }));
    const mid = edit('- run: pip install tox', "- run: pip install tox\n  env:\n    PIP_DISABLE_PIP_VERSION_CHECK: '1'");
    assert.equal(mid.changes[0]?.newText, workflow.replace('install tox\n', "install tox\n        env:\n          PIP_DISABLE_PIP_VERSION_CHECK: '1'\n"));
    // The file's last step: as given, `env:` is a new job at column 2, as valid as the step's key.
    const last = edit('- run: tox run -e ${{ matrix.tox }}', "- run: tox run -e ${{ matrix.tox }}\n  env:\n    PY_COLORS: '1'");
    assert.deepEqual([last.changes.length, last.receipt.errors[0]?.code], [0, 'AMBIGUOUS']);
    assert.match(last.receipt.errors[0].message, /written relative to it they stand under it \(column 8\); as given they belong to a mapping or list around it \(column 2\)/);
  });

  it('refuses a YAML line the new text indents under a quoted line holding a value (an Ansible module argument under state: present was written as a task keyword)', () => {
    // geerlingguy/ansible-role-docker tasks/main.yml @00e3384 (trimmed).
    const tasks = [
      '- name: Add Docker apt repo',
      '  ansible.builtin.apt_repository:',
      '    repo: >-',
      '      deb [arch={{ ansible_facts.architecture }}]',
      '      {{ docker_apt_release_channel }}',
      '    filename: "{{ docker_apt_filename }}"',
      '    state: present',
      "  when: docker_add_repo | bool and ansible_facts.os_family == 'Debian'",
      '',
    ].join('\n');
    const refused = result('tasks/main.yml', tasks, JSON.stringify({ name: 'Edit', input: { file_path: 'tasks/main.yml', old_string: 'state: present', new_string: 'state: present\n  update_cache: true' } }));
    assert.deepEqual([refused.changes.length, refused.receipt.errors[0]?.code], [0, 'AMBIGUOUS']);
    assert.match(refused.receipt.errors[0].message, /under `state: present`, where YAML allows no such line/);
    // Beside the quoted line as given: written so.
    assert.equal(written('tasks/main.yml', tasks, JSON.stringify({ name: 'Edit', input: { file_path: 'tasks/main.yml', old_string: 'state: present', new_string: 'state: present\n    update_cache: true' } })), tasks.replace('present\n', 'present\n    update_cache: true\n'));
  });

  it('puts a new item after the last item of a YAML list at its depth where no list around it can take it (compose depends_on, an Ansible when: list, a matrix include)', () => {
    // Lockerio/WeatherService docker-compose.yml @723209f (trimmed).
    const compose = ["version: '3'", '', 'services:', '  app:', '    build: .', '    depends_on:', '      - db', '  db:', '    image: postgres:13-alpine', ''].join('\n');
    const call = (path: string, old_string: string, new_string: string) => JSON.stringify({ name: 'Edit', input: { file_path: path, old_string, new_string } });
    assert.equal(written('docker-compose.yml', compose, call('docker-compose.yml', '- db', '- db\n- redis')), compose.replace('      - db\n', '      - db\n      - redis\n'));
    // geerlingguy/ansible-role-docker tasks/main.yml @00e3384 (trimmed): the task, a list item at
    // column 0, holds the `when:` list; the next line, `with_items:`, would hang under a new task.
    const tasks = [
      '- name: Check if there are any users to add to the docker group.',
      '  set_fact:',
      '    at_least_one_user_to_modify: true',
      '  when:',
      '    - docker_users | length > 0',
      '    - item not in ansible_facts.getent_group["docker"][2]',
      '  with_items: "{{ docker_users }}"',
      '',
      '- include_tasks: docker-users.yml',
      '',
    ].join('\n');
    const last = '- item not in ansible_facts.getent_group["docker"][2]';
    assert.equal(written('tasks/main.yml', tasks, call('tasks/main.yml', last, `${last}\n- docker_users is iterable`)), tasks.replace(`${last}\n`, `${last}\n    - docker_users is iterable\n`));
    // pallets/flask .github/workflows/tests.yaml @0066040 (trimmed): a new matrix entry.
    const workflow = ['jobs:', '  tests:', '    strategy:', '      matrix:', '        include:', "          - {name: Linux, python: '3.12', os: ubuntu-latest, tox: py312}", "          - {name: Typing, python: '3.12', os: ubuntu-latest, tox: typing}", '    steps:', '      - run: pip install tox', ''].join('\n');
    const typing = "- {name: Typing, python: '3.12', os: ubuntu-latest, tox: typing}";
    const entry = "- {name: '3.13', python: '3.13', os: ubuntu-latest, tox: py313}";
    assert.equal(written('tests.yaml', workflow, call('tests.yaml', typing, `${typing}\n${entry}`)), workflow.replace(`${typing}\n`, `${typing}\n          ${entry}\n`));
    // The task's last `when:` item before the next task, or at the file's end: a new task is as
    // likely (the list around it, at column 0).
    const whenLast = tasks.replace('  with_items: "{{ docker_users }}"\n', '');
    for (const file of [whenLast, whenLast.slice(0, whenLast.indexOf('\n- include_tasks'))]) {
      const unclear = result('tasks/main.yml', file, call('tasks/main.yml', last, `${last}\n- docker_users is iterable`));
      assert.deepEqual([unclear.changes.length, unclear.receipt.errors[0]?.code], [0, 'AMBIGUOUS']);
    }
  });

  it('gives a Makefile recipe\'s new margin command the recipe line\'s tab, and leaves a new rule at the margin (was: "missing separator" after the recipe\'s last line)', () => {
    // openshift-eng/aos-cd-jobs pyartcd/Makefile @06b66c0 (trimmed).
    const makefile = ['.PHONY: venv tox lint test', '', 'lint:', '\t./venv/bin/python -m flake8', '', 'test: lint', '\t./venv/bin/python -m pytest --verbose --color=yes tests/', ''].join('\n');
    const path = 'pyartcd/Makefile';
    const call = (new_string: string) => JSON.stringify({ name: 'Edit', input: { file_path: path, old_string: './venv/bin/python -m flake8', new_string } });
    assert.equal(written(path, makefile, call('./venv/bin/python -m flake8\n./venv/bin/python -m mypy pyartcd')), makefile.replace('flake8\n', 'flake8\n\t./venv/bin/python -m mypy pyartcd\n'));
    // A new rule after the recipe: make's own line, written where it stands.
    const rule = './venv/bin/python -m flake8\n\ntypecheck:\n\t./venv/bin/python -m mypy pyartcd';
    assert.equal(written(path, makefile, call(rule)), makefile.replace('flake8\n', `${rule.slice(rule.indexOf('flake8'))}\n`));
    // A variable and a command at the margin: which are the recipe's is not shown.
    const mixed = result(path, makefile, call('./venv/bin/python -m flake8\nMYPY = ./venv/bin/mypy\n$(MYPY) pyartcd'));
    assert.deepEqual([mixed.changes.length, mixed.receipt.errors[0]?.code], [0, 'AMBIGUOUS']);
  });

  it('refuses a new Makefile command under a recipe line without a tab, quoted with its tab or indented with two spaces (was: written, "missing separator")', () => {
    const makefile = ['.PHONY: venv tox lint test', '', 'lint:', '\t./venv/bin/python -m flake8', '', 'test: lint', '\t./venv/bin/python -m pytest --verbose --color=yes tests/', ''].join('\n');
    const path = 'pyartcd/Makefile';
    for (const [old_string, new_string] of [
      ['\t./venv/bin/python -m flake8', '\t./venv/bin/python -m flake8\n./venv/bin/python -m mypy pyartcd'],
      ['./venv/bin/python -m flake8', './venv/bin/python -m flake8\n  ./venv/bin/python -m mypy pyartcd'],
    ]) {
      const r = result(path, makefile, JSON.stringify({ name: 'Edit', input: { file_path: path, old_string, new_string } }));
      assert.deepEqual([r.changes.length, r.receipt.errors[0]?.code], [0, 'AMBIGUOUS'], new_string);
      assert.match(r.receipt.errors[0].message, /without the tab a recipe's command starts with.*missing separator/);
    }
  });
});

describe('peer situations: fast-apply snippets whose changed lines follow a marker straight away (pi-fast-apply, Morph)', () => {
  it('replaces an object\'s last field when the snippet restates its key with new values before the closer (Morph S09, nested config)', () => {
    const config = "export const config = {\n  service: {\n    host: 'localhost',\n    port: 3000,\n  },\n  metrics: {\n    enabled: false,\n    sampleRate: 0.1,\n  },\n};\n";
    const reply = 'config.ts\n```ts\nexport const config = {\n  // ... existing code ...\n  metrics: {\n    enabled: true,\n    sampleRate: 0.25,\n  },\n};\n```\n';
    assert.equal(written('config.ts', config, reply), config.replace('enabled: false', 'enabled: true').replace('0.1,', '0.25,'));
  });

  it('replaces the columns a table\'s last line is a version of (a comma added) and adds the new ones after it (Morph SQL audit columns)', () => {
    const sql = [
      'CREATE TABLE users (',
      '  id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),',
      '  email      TEXT NOT NULL UNIQUE,',
      '  created_at TIMESTAMPTZ NOT NULL DEFAULT now()',
      ');',
      '',
      'CREATE TABLE products (',
      '  id          UUID PRIMARY KEY DEFAULT gen_random_uuid(),',
      '  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()',
      ');',
      '',
      'CREATE TABLE orders (',
      '  id         UUID PRIMARY KEY DEFAULT gen_random_uuid(),',
      '  created_at TIMESTAMPTZ NOT NULL DEFAULT now()',
      ');',
      '',
    ].join('\n');
    const reply = [
      'migration.sql',
      '```sql',
      'CREATE TABLE users (',
      '  // ... existing code ...',
      '  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),',
      '  updated_at TIMESTAMPTZ,',
      '  deleted_at TIMESTAMPTZ',
      ');',
      '',
      'CREATE TABLE products (',
      '  // ... existing code ...',
      '  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),',
      '  updated_at  TIMESTAMPTZ,',
      '  deleted_at  TIMESTAMPTZ',
      ');',
      '',
      '// ... existing code ...',
      '```',
      '',
    ].join('\n');
    const expected = sql
      .replace('  created_at TIMESTAMPTZ NOT NULL DEFAULT now()\n);\n\nCREATE TABLE products', '  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),\n  updated_at TIMESTAMPTZ,\n  deleted_at TIMESTAMPTZ\n);\n\nCREATE TABLE products')
      .replace('  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()\n', '  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),\n  updated_at  TIMESTAMPTZ,\n  deleted_at  TIMESTAMPTZ\n');
    assert.equal(written('migration.sql', sql, reply), expected);
  });

  it('replaces a CSS rule\'s, a Go struct literal\'s and a Rust match\'s last lines given with new values before their closers', () => {
    const css = '.card {\n  display: flex;\n  gap: 8px;\n  padding: 16px;\n  border-radius: 8px;\n}\n\n.card__title {\n  font-weight: 600;\n}\n';
    const cssReply = 'card.css\n```css\n.card {\n  /* ... existing styles ... */\n  padding: 24px;\n  border-radius: 12px;\n}\n\n/* ... existing styles ... */\n```\n';
    assert.equal(written('card.css', css, cssReply), css.replace('16px', '24px').replace('radius: 8px', 'radius: 12px'));
    const go = 'package config\n\nfunc Default() Config {\n\treturn Config{\n\t\tAddr:         ":8080",\n\t\tWriteTimeout: 10 * time.Second,\n\t\tMaxBodyBytes: 1 << 20,\n\t}\n}\n';
    const goReply = 'config.go\n```go\n// ... existing code ...\n\nfunc Default() Config {\n\treturn Config{\n\t\t// ... existing code ...\n\t\tWriteTimeout: 30 * time.Second,\n\t\tMaxBodyBytes: 4 << 20,\n\t}\n}\n```\n';
    assert.equal(written('config.go', go, goReply), go.replace('10 *', '30 *').replace('1 << 20', '4 << 20'));
    const rust = 'impl Shape {\n    pub fn area(&self) -> f64 {\n        match self {\n            Shape::Circle { r } => PI * r * r,\n            Shape::Rect { w, h } => w * h,\n            Shape::Square { s } => s * s,\n        }\n    }\n}\n';
    const rustReply = 'shape.rs\n```rust\nimpl Shape {\n    pub fn area(&self) -> f64 {\n        match self {\n            // ... existing code ...\n            Shape::Rect { w, h } => (w * h).abs(),\n            Shape::Square { s } => s.powi(2),\n        }\n    }\n}\n```\n';
    assert.equal(written('shape.rs', rust, rustReply), rust.replace('=> w * h,', '=> (w * h).abs(),').replace('=> s * s,', '=> s.powi(2),'));
  });

  it('still adds new keys after a marker, and refuses a new value for a key the elision keeps further up', () => {
    const css = '.card {\n  display: flex;\n  padding: 16px;\n  gap: 8px;\n}\n';
    const added = 'card.css\n```css\n.card {\n  /* ... existing styles ... */\n  color: red;\n}\n```\n';
    assert.equal(written('card.css', css, added), '.card {\n  display: flex;\n  padding: 16px;\n  gap: 8px;\n  color: red;\n}\n');
    const further = 'card.css\n```css\n.card {\n  /* ... existing styles ... */\n  padding: 24px;\n}\n```\n';
    const refused = result('card.css', css, further);
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /padding: 24px;.*padding: 16px;.*is a guess/);
  });
});

describe('peer situations: changed lines a snippet writes last, with nothing after them the file has (p47/b Erlang, Nix, OCaml)', () => {
  // cowboy examples/echo_get/src/toppage_handler.erl @e2b11bb (Cowboy 1 API), trimmed.
  const handler = [
    '%% Feel free to use, reuse and abuse the code in this file.',
    '',
    '%% @doc GET echo handler.',
    '-module(toppage_handler).',
    '',
    '-export([init/3]).',
    '-export([handle/2]).',
    '',
    'init(_Transport, Req, []) ->',
    '\t{ok, Req, undefined}.',
    '',
    'handle(Req, State) ->',
    '\t{Method, Req2} = cowboy_req:method(Req),',
    '\t{ok, Req4} = echo(Method, Req2),',
    '\t{ok, Req4, State}.',
    '',
    'echo(<<"GET">>, Req) ->',
    '\tcowboy_req:reply(200, Req);',
    'echo(_, Req) ->',
    '\tcowboy_req:reply(405, Req).',
    '',
  ].join('\n');

  it('refuses a module head re-printed with a new clause of a function the marker after it keeps (Erlang init/3 to init/2)', () => {
    const reply = [
      'src/toppage_handler.erl',
      '```erlang',
      '%% Feel free to use, reuse and abuse the code in this file.',
      '',
      '%% @doc GET echo handler.',
      '-module(toppage_handler).',
      '',
      '-export([init/2]).',
      '',
      'init(Req, Opts) ->',
      '\tMethod = cowboy_req:method(Req),',
      '\tReq2 = echo(Method, Req),',
      '\t{ok, Req2, Opts}.',
      '',
      '%% ... existing echo/3 clauses unchanged ...',
      '```',
      '',
    ].join('\n');
    const refused = result('src/toppage_handler.erl', handler, reply);
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /init\(Req, Opts\) ->.*init\(_Transport, Req, \[\]\) ->.*is a guess/);
  });

  it('still writes a new clause that the file\'s clauses continue (it ends with ";") and a new export above a marker', () => {
    const clause = 'src/toppage_handler.erl\n```erlang\n%% ... existing code ...\n\t{ok, Req4, State}.\n\necho(<<"HEAD">>, Req) ->\n\tcowboy_req:reply(204, Req);\n%% ... existing clauses ...\n```\n';
    assert.equal(written('src/toppage_handler.erl', handler, clause), handler.replace('echo(<<"GET">>, Req) ->', 'echo(<<"HEAD">>, Req) ->\n\tcowboy_req:reply(204, Req);\necho(<<"GET">>, Req) ->'));
    const exported = 'src/toppage_handler.erl\n```erlang\n-module(toppage_handler).\n\n-export([info/3]).\n%% ... existing code ...\n```\n';
    assert.equal(written('src/toppage_handler.erl', handler, exported), handler.replace('-export([init/3]).', '-export([info/3]).\n-export([init/3]).'));
    // The same clause ended by "." ends its function: written above the file's clauses of that name, it is refused.
    const refused = result('src/toppage_handler.erl', handler, clause.replace('204, Req);', '204, Req).'));
    assert.match(refused.receipt.errors[0]?.message ?? '', /echo\(<<"HEAD">>, Req\) ->.*echo\(<<"GET">>, Req\) ->.*is a guess/);
  });

  it('refuses a Nix module head re-printed without `with lib;` before a marker (home-manager bashmount.nix)', () => {
    const module = [
      '{ config, lib, pkgs, ... }:',
      '',
      'with lib;',
      '',
      'let',
      '',
      '  cfg = config.programs.bashmount;',
      '',
      'in {',
      '  meta.maintainers = [ maintainers.AndersonTorres ];',
      '',
      '  options.programs.bashmount = {',
      '    enable = mkEnableOption "bashmount";',
      '  };',
      '}',
      '',
    ].join('\n');
    const reply = '```nix\n{ config, lib, pkgs, ... }:\nlet cfg = config.programs.bashmount;\nin {\n  meta.maintainers = [ lib.maintainers.AndersonTorres ];\n\n  # ... existing code ...\n```\n';
    const refused = result('modules/programs/bashmount.nix', module, reply.replace('```nix\n', 'modules/programs/bashmount.nix\n```nix\n'));
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /"in \{".*line 9.*is a guess/);
  });

  // ocaml/dune bin/clean.ml @09fe7fd, trimmed.
  const clean = [
    'open Stdune',
    'open Import',
    '',
    'let command =',
    '  let doc = "Clean the project." in',
    '  let term =',
    '    let+ common = Common.term in',
    '    Common.set_common common ~log_file:No_log_file;',
    '    Path.rm_rf Path.build_dir',
    '  in',
    '  (term, Term.info "clean" ~doc ~man)',
    '',
  ].join('\n');

  it('refuses a snippet that ends, with no marker, on a new last line of a block whose old last line it does not show (dune clean.ml)', () => {
    for (const marker of ['(* ... existing code ... *)', '// ... existing code ...']) {
      const reply = `bin/clean.ml\n\`\`\`ocaml\nlet command =\n  ${marker}\n  let term =\n    let+ common = Common.term in\n    let _config = Common.init common ~log_file:No_log_file in\n    Path.rm_rf Path.build_dir\n  in\n  Cmd.v (Cmd.info "clean" ~doc ~man) term\n\`\`\`\n`;
      const refused = result('bin/clean.ml', clean, reply);
      assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED', marker);
      assert.match(refused.receipt.errors[0]?.message ?? '', /Cmd\.v .*\(term, Term\.info "clean" ~doc ~man\).*is a guess/);
    }
  });

  it('still adds a method after the one a snippet re-prints with no marker after it, the class\'s next method left out', () => {
    const python = 'class Store:\n    def load(self):\n        return 1\n\n    def save(self):\n        return 2\n';
    const reply = 'store.py\n```python\n# ... existing code ...\n    def load(self):\n        return 1\n\n    def reload(self):\n        return 3\n```\n';
    assert.match(written('store.py', python, reply), /def load\(self\):\n {8}return 1\n\n {4}def reload\(self\):\n {8}return 3\n\n? {4}def save\(self\):\n {8}return 2\n$/);
  });
});

describe('peer situations: Roo, Cline and Continue suites (probe p48/d)', () => {
  it("writes a line added after a SEARCH line quoted shallower than the file at that line's depth, when a closer follows (Roo's mixed indentation)", () => {
    // Roo's multi-search-replace.spec.ts 'should handle mixed indentation styles in the same file':
    // `this.init();` quoted at 8 spaces where the file's `if` body has 12, `this.validate();` added
    // beside it at 8, then `}`: the new statement went to 8 beside the kept line at 12.
    const file = 'class Example {\n    constructor() {\n        this.value = 0;\n        if (true) {\n            this.init();\n        }\n    }\n}';
    const reply = 'test.ts\n<<<<<<< SEARCH\n    constructor() {\n        this.value = 0;\n        if (true) {\n        this.init();\n        }\n    }\n=======\n    constructor() {\n        this.value = 1;\n        if (true) {\n        this.init();\n        this.validate();\n        }\n    }\n>>>>>>> REPLACE';
    assert.equal(written('test.ts', file, reply), 'class Example {\n    constructor() {\n        this.value = 1;\n        if (true) {\n            this.init();\n            this.validate();\n        }\n    }\n}');
  });
});

describe('peer situations: a shorter SEARCH marker line inside a full block (Cline, probe p48/d)', () => {
  // Cline's diff_edge_cases2.test.ts 'should handle special regex chars and nested search markers'.
  const file = 'text with $^.*\n<<< SEARCH\nend';
  const reply = '<<<<<<< SEARCH\n$^.*\n=======\nreplaced\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\n<<< SEARCH\n=======\nbefore\n>>>>>>> REPLACE';
  const onFile = (text: string, edit: string) => runReply(edit, (p) => (p === 'f.txt' ? text : undefined), { hintPath: 'f.txt' });

  it('replaces the file\'s own `<<< SEARCH` line a full block searches for', () => {
    const planned = onFile(file, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(proposed(planned, 'f.txt'), 'text with replaced\nbefore\nend');
  });

  it('refuses the block when the file does not hold the search text with that line: it may open a block after one cut off', () => {
    const cutOff = '<<<<<<< SEARCH\nalpha\n<<< SEARCH\ncharlie\n=======\ndelta\n>>>>>>> REPLACE\n';
    const refused = onFile('alpha\ncharlie\nend\n', cutOff);
    assert.equal(refused.receipt.errors[0]?.code, 'PARSE_ERROR');
    assert.match(refused.receipt.errors[0]?.message ?? '', /shorter marker line, `<<< SEARCH`/);
    assert.equal(refused.changes.length, 0);
  });
});

describe('peer situations: accented letters in another Unicode form than the file (probe p48/d)', () => {
  // Continue's findSearchMatch.vitest.ts unicode shape: the file's `café` composed (NFC, U+00E9),
  // the SEARCH's decomposed (NFD, `e` + U+0301), as text copied through macOS arrives.
  const composedFile = 'const message = {\n  greeting: "Hello 👋",\n  emoji: "🚀",\n  unicode: "café",\n  symbol: "∑"\n};\n';
  const decomposed = (text: string) => text.normalize('NFD');

  it('finds a decomposed search text in a composed file and writes the new line composed, the other lines untouched', () => {
    const reply = decomposed('msg.js\n<<<<<<< SEARCH\n  unicode: "café",\n=======\n  unicode: "café noir",\n>>>>>>> REPLACE\n');
    assert.notEqual(reply, reply.normalize('NFC'));
    const planned = result('msg.js', composedFile, reply);
    assert.equal(written('msg.js', composedFile, reply), composedFile.replace('"café"', '"café noir"'));
    assert.match(planned.receipt.files[0].edits[0].warnings?.join('\n') ?? '', /decomposed \(Unicode NFD/);
  });

  it('says the lines differ only in how their accents are encoded when a decomposed file is searched with composed text', () => {
    const refused = result('msg.js', decomposed(composedFile), 'msg.js\n<<<<<<< SEARCH\n  unicode: "café",\n=======\n  unicode: "café noir",\n>>>>>>> REPLACE\n');
    assert.equal(refused.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(refused.receipt.errors[0]?.message ?? '', /line 4 of the file differs from the search text's line only in how its accented letters are encoded/);
    assert.equal(refused.changes.length, 0);
  });
});

describe('peer situations: bytes a reply cannot show, on the lines it keeps and the lines it changes (probe p48/c)', () => {
  // PowerShell/PowerShell .editorconfig @03f188b, trimmed, with a zero-width space pasted after "Top-most".
  const editorconfig = ['# Top-most\u200b EditorConfig file', 'root = true', '', '[*]', 'charset = utf-8', 'indent_style = space', ''].join('\n');

  it('keeps a zero-width space in a line a SEARCH/REPLACE only quotes (it matched ignoring it, then wrote the line without it)', () => {
    const reply = '.editorconfig\n```ini\n<<<<<<< SEARCH\n# Top-most EditorConfig file\nroot = true\n\n[*]\ncharset = utf-8\n=======\n# Top-most EditorConfig file\nroot = true\n\n[*]\ncharset = utf-8\nend_of_line = lf\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('.editorconfig', editorconfig, reply), editorconfig.replace('charset = utf-8\n', 'charset = utf-8\nend_of_line = lf\n'));
  });

  // A README quoting the Zen of Python with Markdown hard line breaks (index id 6505011839), trimmed; no final newline, as stored.
  const zen = ['# up', '', 'Make your code **clear and simple** to understand, **optimize when needed**.  ', '', '>Beautiful is better than ugly.  ', 'Now is better than never.  ', 'Although never is often better than *right* now.  ', 'If the implementation is hard to explain, it\'s a bad idea.  ', 'Namespaces are one honking great idea -- let\'s do more of those!  '].join('\n');

  it('keeps the two-space hard break of the line a SEARCH/REPLACE changes when its quote of the line had none', () => {
    const reply = 'README.md\n```markdown\n<<<<<<< SEARCH\nNow is better than never.\nAlthough never is often better than *right* now.\n=======\nNow is better than never.\nAlthough never is often better than *rushing it* now.\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('README.md', zen, reply), zen.replace('*right* now.  ', '*rushing it* now.  '));
  });

  it('still removes trailing whitespace that the SEARCH text quotes and the REPLACE text leaves out', () => {
    const reply = 'README.md\n```markdown\n<<<<<<< SEARCH\nNow is better than never.  \n=======\nNow is better than ever.\n>>>>>>> REPLACE\n```\n';
    assert.equal(written('README.md', zen, reply), zen.replace('Now is better than never.  ', 'Now is better than ever.'));
  });

  // The si-captcha French .po (index id 1095829295), trimmed, with the no-break spaces French typography puts before ':' and '!'.
  const po = ['#: si-captcha.php:195', 'msgstr "ERREUR\u00a0: le plugin si-captcha signale que la fonction imagepng n\'est pas détectée dans PHP\u00a0!"', '', '#: si-captcha.php:200', 'msgid "ERROR: si-captcha.php plugin says captcha_library not found."', 'msgstr "ERREUR\u00a0: le plugin si-captcha signale que captcha_library est introuvable."', ''].join('\n');

  it('keeps the no-break space a tool call\'s old and new strings both give as a space, on the line it changes after it', () => {
    const reply = '```json\n{"file_path": "languages/si-captcha-fr_FR.po", "old_string": "msgstr \\"ERREUR : le plugin si-captcha signale que captcha_library est introuvable.\\"", "new_string": "msgstr \\"ERREUR : le plugin si-captcha signale que la bibliothèque captcha_library est introuvable.\\""}\n```\n';
    assert.equal(written('languages/si-captcha-fr_FR.po', po, reply), po.replace('que captcha_library', 'que la bibliothèque captcha_library'));
  });

  it('puts back no no-break space where the change removes the space it stood for', () => {
    const reply = '```json\n{"file_path": "languages/si-captcha-fr_FR.po", "old_string": "msgstr \\"ERREUR : le plugin si-captcha signale que captcha_library est introuvable.\\"", "new_string": "msgstr \\"ERREUR: le plugin si-captcha signale que captcha_library est introuvable.\\""}\n```\n';
    assert.equal(written('languages/si-captcha-fr_FR.po', po, reply), po.replace('"ERREUR\u00a0: le plugin si-captcha signale que captcha', '"ERREUR: le plugin si-captcha signale que captcha'));
  });

  it('keeps the hard breaks of a whole README given back with its trailing spaces stripped, the changed line\'s too', () => {
    const stripped = zen.split('\n').map((line) => line.trimEnd()).join('\n').replace('optimize when', 'optimize only when');
    const reply = `Updated \`README.md\`:\n\n\`\`\`markdown\n${stripped}\n\`\`\`\n`;
    assert.equal(written('README.md', zen, reply), zen.replace('optimize when', 'optimize only when'));
  });

  // iamharvey/go-coding-guide README.md @07bb98e, trimmed: a trailing space on the title, two blank lines at the end.
  const guide = ['# Go语言编码规范 ', '', '| 作者 | 仰山 |', '| -- | -- |', '| 当前版本 | 1.0 |', '| 上一次更新 | 2021-09-18 |', '', '为了便于记忆，文档尽可能让规约的描述短小精悍。', '', '', ''].join('\n');

  it('keeps a whole file\'s trailing space and final blank lines that the block left out', () => {
    const reply = 'Updated `README.md`:\n\n```markdown\n# Go语言编码规范\n\n| 作者 | 仰山 |\n| -- | -- |\n| 当前版本 | 1.1 |\n| 上一次更新 | 2021-09-18 |\n\n为了便于记忆，文档尽可能让规约的描述短小精悍。\n```\n';
    const planned = result('README.md', guide, reply);
    assert.equal(planned.changes.find((c) => c.path === 'README.md')?.newText, guide.replace('1.0', '1.1'));
    assert.match(planned.receipt.files[0]?.edits[0]?.warnings?.join('\n') ?? '', /kept as the file has them/);
  });

  it('changes nothing with a whole file that differs only in the trailing whitespace it lost, and says so', () => {
    const reply = `Updated \`README.md\`:\n\n\`\`\`markdown\n${zen.split('\n').map((line) => line.trimEnd()).join('\n')}\n\`\`\`\n`;
    const planned = result('README.md', zen, reply);
    assert.equal(planned.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
    assert.match(planned.receipt.files[0]?.edits[0]?.warnings?.join('\n') ?? '', /lacks trailing whitespace.*kept as the file has them/);
  });

  // CPython Lib/codeop.py before 3.11's incomplete_input change (trimmed): the commit wrote the file
  // again without the trailing spaces after 0x200. In code, trailing whitespace is noise editors
  // strip: a whole file without it is the file as meant, not a Markdown hard break to put back.
  it('writes a whole source file as given where it drops a line\'s trailing spaces (CPython codeop.py): only Markdown and patches get theirs back', () => {
    const codeop = ['# The following flags match the values from Include/cpython/compile.h', 'PyCF_DONT_IMPLY_DEDENT = 0x200          ', 'PyCF_ALLOW_INCOMPLETE_INPUT = 0x4000', '', 'def _compile(source, filename, symbol):', '    return compile(source, filename, symbol, PyCF_DONT_IMPLY_DEDENT | PyCF_ALLOW_INCOMPLETE_INPUT)', ''].join('\n');
    const after = codeop.replace('0x200          \n', '0x200\n').replace('symbol):\n    return compile(source, filename, symbol, PyCF_DONT_IMPLY_DEDENT | PyCF_ALLOW_INCOMPLETE_INPUT)', 'symbol, incomplete_input=True):\n    flags = 0\n    if incomplete_input:\n        flags |= PyCF_ALLOW_INCOMPLETE_INPUT\n    return compile(source, filename, symbol, flags)');
    assert.equal(written('Lib/codeop.py', codeop, `Lib/codeop.py\n\`\`\`python\n${after}\`\`\`\n`), after);
    const stripped = result('Lib/codeop.py', codeop, `Lib/codeop.py\n\`\`\`python\n${codeop.replace('0x200          \n', '0x200\n')}\`\`\`\n`);
    assert.equal(stripped.changes[0]?.newText, codeop.replace('0x200          \n', '0x200\n'));
  });
});

describe('peer situations: SQL columns and styled-components blocks (probe p48: go-social, React Wars Card.js)', () => {
  // na1tto/go-social cmd/migrate/migrations/000002_posts_create.up.sql, verbatim (no final newline).
  const posts = [
    'CREATE TABLE IF NOT EXISTS posts(',
    '  id BIGSERIAL PRIMARY KEY,',
    '  title TEXT NOT NULL,',
    '  user_id bigint NOT NULL,',
    '  content text NOT NULL,',
    '  created_at timestamp(0) with time zone NOT NULL DEFAULT NOW()',
    ');',
  ].join('\n');
  const migration = 'cmd/migrate/migrations/000002_posts_create.up.sql';
  const insertAfterContent = (column: string) => `${migration}\n\`\`\`sql\n<<<<<<< SEARCH\n  content text NOT NULL,\n=======\n  content text NOT NULL,\n  ${column}\n>>>>>>> REPLACE\n\`\`\`\n`;

  it('refuses two versions of one column added after the same line, and still adds two columns of their own there', () => {
    const corrected = `${insertAfterContent('published_at timestamp(0) with time zone,')}\nActually it must not be null:\n\n${insertAfterContent('published_at timestamp(0) with time zone NOT NULL DEFAULT NOW(),')}`;
    const refused = result(migration, posts, corrected);
    assert.equal(refused.receipt.errors[0]?.code, 'OVERLAPPING_EDITS');
    assert.match(refused.receipt.errors[0]?.message ?? '', /both define `published_at`/);
    assert.equal(refused.changes.length, 0);
    const two = `${insertAfterContent('published_at timestamp(0) with time zone,')}\n${insertAfterContent('slug TEXT,')}`;
    assert.equal(written(migration, posts, two), posts.replace('  content text NOT NULL,\n', '  content text NOT NULL,\n  slug TEXT,\n  published_at timestamp(0) with time zone,\n'));
  });

  it('refuses a snippet that adds a table\'s new last column without the comma the old last one needs, and adds it when the snippet gives that comma', () => {
    const bare = `Add \`updated_at\`:\n\n\`\`\`sql\nCREATE TABLE IF NOT EXISTS posts(\n  -- ... existing columns ...\n  updated_at timestamp(0) with time zone NOT NULL DEFAULT NOW()\n);\n\`\`\`\n`;
    const refused = runReply(bare, (p) => (p === migration ? posts : undefined), { hintPath: migration });
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /last entry of its list, which has no comma/);
    const withComma = bare.replace('  -- ... existing columns ...\n', '  -- ... existing columns ...\n  created_at timestamp(0) with time zone NOT NULL DEFAULT NOW(),\n');
    const planned = runReply(withComma, (p) => (p === migration ? posts : undefined), { hintPath: migration });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(proposed(planned, migration), posts.replace('DEFAULT NOW()\n);', 'DEFAULT NOW(),\n  updated_at timestamp(0) with time zone NOT NULL DEFAULT NOW()\n);'));
  });

  // A Postgres schema (users and refresh_token, found with find_string) that closes its tables with
  // `    );`, level with the columns, and ends refresh_token with a constraint on three level lines.
  const schema = [
    'CREATE TABLE IF NOT EXISTS users (',
    '    id          BIGSERIAL       PRIMARY KEY,',
    '    email       VARCHAR(255)    NOT NULL,',
    '    CONSTRAINT uk_users_email    UNIQUE (email),',
    "    CONSTRAINT chk_users_role    CHECK (role IN ('USER', 'ADMIN'))",
    '    );',
    '',
    'CREATE TABLE IF NOT EXISTS refresh_token (',
    '    id          BIGSERIAL       PRIMARY KEY,',
    '    value       VARCHAR(500)    NOT NULL,',
    '    CONSTRAINT fk_refresh_token_user_email',
    '    FOREIGN KEY (key_email) REFERENCES users (email)',
    '    ON DELETE CASCADE ON UPDATE CASCADE',
    '    );',
    '',
  ].join('\n');
  const schemaPath = 'db/schema.sql';
  const onSchema = (reply: string) => runReply(reply, (p) => (p === schemaPath ? schema : undefined), { hintPath: schemaPath });
  const tableSnippet = (table: string, ...lines: string[]) => `\`\`\`sql\n-- ${schemaPath}\nCREATE TABLE IF NOT EXISTS ${table} (\n    -- ... existing code ...\n${lines.join('\n')}\n    );\n\`\`\`\n`;

  it('refuses a new last entry without the comma the old last one needs when the table closes with `    );` level with its columns, or ends with a constraint on several lines (was: written as invalid SQL)', () => {
    const newCheck = "    CONSTRAINT chk_users_email   CHECK (email LIKE '%@%')";
    const afterRole = onSchema(tableSnippet('users', "    CONSTRAINT chk_users_role    CHECK (role IN ('USER', 'ADMIN'))", newCheck));
    assert.equal(afterRole.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(afterRole.receipt.errors[0]?.message ?? '', /last entry of its list, which has no comma/);
    const afterForeignKey = onSchema(tableSnippet('refresh_token', '    ON DELETE CASCADE ON UPDATE CASCADE', '    created_at  TIMESTAMP       DEFAULT NOW()'));
    assert.equal(afterForeignKey.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(afterForeignKey.receipt.errors[0]?.message ?? '', /\(lines 11-13\), the last entry of its list/);
    assert.equal(afterForeignKey.changes.length, 0);
    // The old last entry re-printed with its comma: the new one is added.
    const withComma = onSchema(tableSnippet('users', "    CONSTRAINT chk_users_role    CHECK (role IN ('USER', 'ADMIN')),", newCheck));
    assert.equal(withComma.receipt.ok, true, JSON.stringify(withComma.receipt.errors));
    assert.equal(proposed(withComma, schemaPath), schema.replace("'ADMIN'))\n", `'ADMIN')),\n${newCheck}\n`));
  });

  it('leaves a command added level with a shell `case` arm\'s `;;` alone, though a line above it ends with a comma', () => {
    const script = 'case "$1" in\n  start)\n    echo starting,\n    run_server\n    ;;\nesac\n';
    const reply = '```bash\n# run.sh\ncase "$1" in\n  start)\n    # ... existing code ...\n    run_server\n    log_started\n    ;;\nesac\n```\n';
    const planned = runReply(reply, (p) => (p === 'run.sh' ? script : undefined), { hintPath: 'run.sh' });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(proposed(planned, 'run.sh'), script.replace('run_server\n', 'run_server\n    log_started\n'));
  });

  it('replaces the column a snippet changes right before a marker (title TEXT to VARCHAR(255)), and refuses one the marker keeps further down', () => {
    // The changed column stands where the file's does, right below the line it anchors on: it is that column.
    const reply = 'Limit the title length:\n\n```sql\nCREATE TABLE IF NOT EXISTS posts(\n  id BIGSERIAL PRIMARY KEY,\n  title VARCHAR(255) NOT NULL,\n  -- ... existing code ...\n);\n```\n';
    const planned = runReply(reply, (p) => (p === migration ? posts : undefined), { hintPath: migration });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(proposed(planned, migration), posts.replace('  title TEXT NOT NULL,', '  title VARCHAR(255) NOT NULL,'));
    // A version of a column two lines further down, the lines between not shown: replacing it or adding it is a guess.
    const further = reply.replace('  title VARCHAR(255) NOT NULL,', '  content VARCHAR(4000) NOT NULL,');
    const refused = runReply(further, (p) => (p === migration ? posts : undefined), { hintPath: migration });
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /content VARCHAR\(4000\) NOT NULL,.*content text NOT NULL,/);
  });

  // mikepadiernos/Sprint-Challenge-React-Wars starwars/src/components/presentation/Card.js, the two first blocks (tabs).
  const card = [
    "import React from 'react';",
    'import styled from "styled-components";',
    '',
    'export const Card = styled.article`',
    '\tbackground-color: #fff;',
    '\tborder-radius: 4px;',
    '\ttext-align: left;',
    '\toverflow: hidden;',
    '`;',
    '',
    'export const CardHeader = styled.div`',
    '\tmargin: 0;',
    '\tpadding: 1.5rem;',
    '\tbackground-color: #1c1e22;',
    '\tcolor: #ffe300;',
    '\th2 {',
    '\t\tmargin: 0;',
    '\t}',
    '`;',
    '',
  ].join('\n');
  const cardPath = 'src/components/presentation/Card.js';
  const snippet = (opener: string, ...lines: string[]) => `\`\`\`js\n${opener}\n\t/* ... existing styles ... */\n${lines.join('\n')}\n\`;\n\`\`\`\n`;
  const cardWritten = (reply: string) => {
    const planned = runReply(reply, (p) => (p === cardPath ? card : undefined), { hintPath: cardPath });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    return proposed(planned, cardPath);
  };

  it('places a snippet of a styled-components block at the end of its template literal, as a CSS rule\'s body', () => {
    assert.equal(cardWritten(snippet('export const Card = styled.article`', '\toverflow-wrap: break-word;')), card.replace('\toverflow: hidden;\n', '\toverflow: hidden;\n\toverflow-wrap: break-word;\n'));
    assert.equal(cardWritten(snippet('export const Card = styled.article`', '\toverflow: hidden auto;')), card.replace('\toverflow: hidden;\n', '\toverflow: hidden auto;\n'));
    const h3 = '\th3 {\n\t\tmargin: 0;\n\t}\n';
    assert.equal(cardWritten(snippet('export const CardHeader = styled.div`', '\th3 {', '\t\tmargin: 0;', '\t}')), card.replace('\t}\n`;', `\t}\n${h3}\`;`));
    // The block's last rule repeated above the new one, to show where it goes: kept, not written twice.
    assert.equal(cardWritten(snippet('export const CardHeader = styled.div`', '\th2 {', '\t\tmargin: 0;', '\t}', '\th3 {', '\t\tmargin: 0;', '\t}')), card.replace('\t}\n`;', `\t}\n${h3}\`;`));
  });

  it('still refuses a styled-components snippet giving a new value to a declaration the marker keeps further up', () => {
    const reply = snippet('export const Card = styled.article`', '\tborder-radius: 8px;');
    const refused = runReply(reply, (p) => (p === cardPath ? card : undefined), { hintPath: cardPath });
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /border-radius: 8px;.*border-radius: 4px;/);
  });
});

describe('peer situations: replies written against an older release of the file (probe p49/e: pip, minimatch)', () => {
  // minimatch's dist/esm/unescape.js as 11.0.9 has it (its doc comment shortened): 11.0.9 put the
  // 4-line `@(!)` branch at the top of unescape(), which 10.2.6 did not have.
  const unescape11 = [
    '/**',
    ' * Un-escape a string that has been escaped with {@link escape}.',
    ' *',
    ' * If the {@link MinimatchOptions.windowsPathsNoEscape} option is used, then',
    ' * square-bracket escapes are removed, but not backslash escapes.',
    ' *',
    ' * When `windowsPathsNoEscape` is not set, then both square-bracket escapes and',
    ' * backslash escapes are removed.',
    ' *',
    ' * When `magicalBraces` is not set, escapes of braces (`{` and `}`) will not be',
    ' * unescaped.',
    ' */',
    'export const unescape = (s, { windowsPathsNoEscape = false, magicalBraces = true, } = {}) => {',
    "    // escape() writes a leading '!' as '@(!)' in windowsPathsNoEscape mode",
    "    if (windowsPathsNoEscape && s.startsWith('@(!)')) {",
    "        return ('!' + unescape(s.slice(4), { windowsPathsNoEscape, magicalBraces }));",
    '    }',
    '    if (magicalBraces) {',
    '        return windowsPathsNoEscape ?',
    "            s.replace(/\\[([^/\\\\])\\]/g, '$1')",
    '            : s',
    "                .replace(/((?!\\\\).|^)\\[([^/\\\\])\\]/g, '$1$2')",
    "                .replace(/\\\\([^/])/g, '$1');",
    '    }',
    '    return windowsPathsNoEscape ?',
    "        s.replace(/\\[([^/\\\\{}])\\]/g, '$1')",
    '        : s',
    "            .replace(/((?!\\\\).|^)\\[([^/\\\\{}])\\]/g, '$1$2')",
    "            .replace(/\\\\([^/{}])/g, '$1');",
    '};',
    '//# sourceMappingURL=unescape.js.map',
    '',
  ].join('\n');
  const branch = unescape11.slice(unescape11.indexOf("    // escape() writes"), unescape11.indexOf('    if (magicalBraces) {'));
  const unescape10 = unescape11.replace(branch, '');
  const commented = (text: string) => text.replace("'$1')\n            : s", "'$1') // [x] -> x\n            : s");
  /** The function alone, from its `export const` line to its `};`, under a sentence naming the file. */
  const reprinted = (text: string) => 'Here is the updated `unescape` in `dist/esm/unescape.js`:\n\n```js\n' + text.slice(text.indexOf('export const'), text.indexOf('//# source')) + '```\n';

  it('refuses a function re-printed from the release before, which deletes the branch the file gained since between two lines it keeps while its change is further on', () => {
    // Written, 11.0.9's `@(!)` branch was deleted with no word, and escape() no longer round-tripped.
    const stale = result('dist/esm/unescape.js', unescape11, reprinted(commented(unescape10)));
    assert.equal(stale.changes.length, 0);
    assert.equal(stale.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(stale.receipt.errors[0]!.message, /deletes lines 14-17 of the file \("if \(windowsPathsNoEscape && s\.startsWith/);
    assert.match(stale.receipt.errors[0]!.nextStep, /Show the lines it deletes/);
    // Re-printed from the file as it is, the same change is written.
    assert.equal(written('dist/esm/unescape.js', unescape11, reprinted(commented(unescape11))), commented(unescape11));
    // Whose only change is the deletion, the block meant it ("drop the @(!) special case").
    assert.equal(written('dist/esm/unescape.js', unescape11, reprinted(unescape10)), unescape10);
  });

  it('writes a function re-printed without the lines its change stops using (CPython 3.13 email/mime/audio.py)', () => {
    const audio = [
      '_rules = []',
      '',
      '',
      '# Originally from the sndhdr module.',
      '#',
      "# There are others in sndhdr that don't have MIME types. :(",
      '# Additional ones to be added to sndhdr? midi, mp3, realaudio, wma??',
      'def _what(data):',
      '    # Try to identify a sound file type.',
      '    hdr = data[:512]',
      '    fakefile = BytesIO(hdr)',
      '    for testfn in _rules:',
      '        if res := testfn(hdr, fakefile):',
      '            return res',
      '    else:',
      '        return None',
      '',
      '',
      'def rule(rulefunc):',
      '    _rules.append(rulefunc)',
      '    return rulefunc',
      '',
      '',
      '@rule',
      'def _aiff(h, f):',
      "    if not h.startswith(b'FORM'):",
      '        return None',
      "    if h[8:12] in {b'AIFC', b'AIFF'}:",
      "        fmt = 'x-aiff'",
      '    else:',
      '        return None',
      '    return fmt',
      '',
    ].join('\n');
    const after = audio.replace('    hdr = data[:512]\n    fakefile = BytesIO(hdr)\n', '').replace('testfn(hdr, fakefile)', 'testfn(data)');
    const reply = 'Update `_what` in `email/mime/audio.py`:\n\n```python\n' + after.slice(after.indexOf('def _what'), after.indexOf('\n\n\ndef rule')) + '\n```\n';
    // The deleted `hdr` and `fakefile` go with the call that took them.
    assert.equal(written('email/mime/audio.py', audio, reply), after);
  });
});

describe('peer situations: a diff from an older release to a newer one, on the release between (probe p49/e: pip 23.0.1 -> 24.2 on 23.2.1)', () => {
  it('reads a hunk that only deletes a blank line the file has already lost as applied, and applies the others', () => {
    const session = [
      '        super().cert_verify(conn=conn, url=url, verify=False, cert=cert)',
      '',
      '',
      'class PipSession(requests.Session):',
      '    timeout: Optional[int] = None',
      '',
      '    def __init__(',
      '        self,',
      '        *args: Any,',
      '    ) -> None:',
      '        retries = urllib3.Retry(',
      '            # A 500 may indicate transient error in Amazon S3',
      '            # A 520 or 527 - may indicate transient error in CloudFlare',
      '            status_forcelist=[500, 503, 520, 527],',
      '            # Add a small amount of back off between failed requests in',
      '            # order to prevent hammering the service.',
      '            backoff_factor=0.25,',
      '        )  # type: ignore',
      '',
    ].join('\n');
    const diff = [
      '```diff',
      '--- a/src/pip/_internal/network/session.py',
      '+++ b/src/pip/_internal/network/session.py',
      '@@ -316,7 +318,6 @@',
      ' ',
      ' ',
      ' class PipSession(requests.Session):',
      '-',
      '     timeout: Optional[int] = None',
      ' ',
      '     def __init__(',
      '@@ -356,8 +357,9 @@',
      '             # A 500 may indicate transient error in Amazon S3',
      '+            # A 502 may be a transient error from a CDN like CloudFlare or CloudFront',
      '             # A 520 or 527 - may indicate transient error in CloudFlare',
      '-            status_forcelist=[500, 503, 520, 527],',
      '+            status_forcelist=[500, 502, 503, 520, 527],',
      '             # Add a small amount of back off between failed requests in',
      '             # order to prevent hammering the service.',
      '             backoff_factor=0.25,',
      '```',
      '',
    ].join('\n');
    const planned = result('src/pip/_internal/network/session.py', session, diff);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.receipt.files[0]?.edits.filter((edit) => edit.status === 'alreadyApplied').length, 1);
    const expected = session.replace('            # A 520', '            # A 502 may be a transient error from a CDN like CloudFlare or CloudFront\n            # A 520').replace('[500, 503,', '[500, 502, 503,');
    assert.equal(planned.changes[0]?.newText, expected);
    // A file that still has the blank line gets it deleted.
    const older = session.replace('class PipSession(requests.Session):\n', 'class PipSession(requests.Session):\n\n');
    assert.equal(written('src/pip/_internal/network/session.py', older, diff), expected);
  });
});

describe('peer situations: a diff hunk re-applied, or headed with another class, on a file with twin methods (probe p50/c: Django\'s urls/converters.py)', () => {
  // IntConverter.to_url and UUIDConverter.to_url read alike, 20 lines apart (django__django-11620's base).
  const converters = [
    'import uuid',
    'from functools import lru_cache',
    '',
    '',
    'class IntConverter:',
    "    regex = '[0-9]+'",
    '',
    '    def to_python(self, value):',
    '        return int(value)',
    '',
    '    def to_url(self, value):',
    '        return str(value)',
    '',
    '',
    'class StringConverter:',
    "    regex = '[^/]+'",
    '',
    '    def to_python(self, value):',
    '        return value',
    '',
    '    def to_url(self, value):',
    '        return value',
    '',
    '',
    'class UUIDConverter:',
    "    regex = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'",
    '',
    '    def to_python(self, value):',
    '        return uuid.UUID(value)',
    '',
    '    def to_url(self, value):',
    '        return str(value)',
    '',
    '',
    'class SlugConverter(StringConverter):',
    "    regex = '[-a-zA-Z0-9_]+'",
    '',
  ].join('\n');
  const path = 'django/urls/converters.py';
  const intDone = converters.replace("return int(value)\n\n    def to_url(self, value):\n        return str(value)", "return int(value)\n\n    def to_url(self, value):\n        return '%d' % value");
  const intHunk = (heading: string) => `--- a/${path}\n+++ b/${path}\n@@ -11,2 +11,2 @@${heading}\n     def to_url(self, value):\n-        return str(value)\n+        return '%d' % value\n`;

  it('reads a one-context-line hunk re-applied as applied where its numbers put it, not as an edit of the twin below (was: UUIDConverter.to_url rewritten)', () => {
    for (const heading of [' class IntConverter:', '']) {
      const planned = result(path, intDone, intHunk(heading));
      assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
      assert.equal(planned.receipt.files[0]?.edits[0]?.status, 'alreadyApplied', heading);
      assert.equal(planned.changes.length, 0, heading);
    }
    // On the file before it, the hunk is placed where it says, as before.
    assert.equal(written(path, converters, intHunk(' class IntConverter:')), intDone);
  });

  it('reads an apply_patch chunk re-sent to the class its @@ anchor names, which already has the change, as applied, not as an edit of the twin past that class (was: UUIDConverter.to_url rewritten)', () => {
    const chunk = `*** Begin Patch\n*** Update File: ${path}\n@@ class IntConverter:\n     def to_url(self, value):\n-        return str(value)\n+        return '%d' % value\n*** End Patch\n`;
    const again = result(path, intDone, chunk);
    assert.equal(again.receipt.ok, true, JSON.stringify(again.receipt.errors));
    assert.equal(again.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
    assert.equal(again.changes.length, 0);
    assert.match(again.receipt.files[0]?.edits[0]?.warnings?.join(' ') ?? '', /inside the block its @@ anchor opens/);
    // On the file before it, the chunk is placed in the anchor's class, as before; anchored at
    // UUIDConverter, whose block holds the old lines, it edits those.
    assert.equal(written(path, converters, chunk), intDone);
    assert.equal(written(path, intDone, chunk.replace('@@ class IntConverter:', '@@ class UUIDConverter:')), intDone.replace("return uuid.UUID(value)\n\n    def to_url(self, value):\n        return str(value)", "return uuid.UUID(value)\n\n    def to_url(self, value):\n        return '%d' % value"));
  });

  it('applies the second of two twin hunks when the first is already applied (was: the first moved onto the second\'s lines, OVERLAPPING_EDITS)', () => {
    const reply = `${intHunk(' class IntConverter:')}@@ -31,2 +31,2 @@ class UUIDConverter:\n     def to_url(self, value):\n-        return str(value)\n+        return str(value).lower()\n`;
    const expected = intDone.replace('        return str(value)\n', '        return str(value).lower()\n');
    assert.equal(written(path, intDone, reply), expected);
    assert.equal(written(path, converters, reply), expected);
  });

  it('reads a blank line added at the top of the file, re-applied, as applied (was: a second blank line added)', () => {
    const reply = `--- a/${path}\n+++ b/${path}\n@@ -1,3 +1,4 @@\n+\n import uuid\n from functools import lru_cache\n \n`;
    const once = written(path, converters, reply);
    assert.equal(once, '\n' + converters);
    const again = result(path, once, reply);
    assert.equal(again.receipt.ok, true, JSON.stringify(again.receipt.errors));
    assert.equal(again.changes.length, 0);
  });

  it('places a hunk whose line numbers and seven unique lines agree though its heading names the class below, and refuses one whose numbers point with the heading at a near version of its lines (was: NO_MATCH for both)', () => {
    const body = "         return int(value)\n \n     def to_url(self, value):\n-        return str(value)\n+        return '%d' % value\n \n \n class StringConverter:\n";
    const numbersRight = result(path, converters, `--- a/${path}\n+++ b/${path}\n@@ -9,7 +9,7 @@ class UUIDConverter:\n${body}`);
    assert.equal(numbersRight.changes[0]?.newText, intDone);
    assert.match(numbersRight.receipt.files[0]?.edits[0]?.warnings?.join(' ') ?? '', /heading taken for a wrong name/);
    // Numbers and heading both name UUIDConverter, whose to_url reads like the hunk but for two lines: stale lines or a stale header, not certain.
    const bothSayUuid = result(path, converters, `--- a/${path}\n+++ b/${path}\n@@ -29,7 +29,7 @@ class UUIDConverter:\n${body}`);
    assert.equal(bothSayUuid.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(bothSayUuid.changes.length, 0);
    // Re-sent onto the file where UUIDConverter holds the new lines: applied there, the lines above another copy.
    const uuidDone = converters.replace("uuid.UUID(value)\n\n    def to_url(self, value):\n        return str(value)", "uuid.UUID(value)\n\n    def to_url(self, value):\n        return '%d' % value");
    const resent = result(path, uuidDone, `--- a/${path}\n+++ b/${path}\n@@ -30,4 +30,4 @@ class UUIDConverter:\n \n     def to_url(self, value):\n-        return str(value)\n+        return '%d' % value\n \n`);
    assert.equal(resent.changes.length, 0);
  });

  it('takes a heading that is the hunk\'s own first line as agreeing with the number that points there (was: AMBIGUOUS)', () => {
    assert.equal(written(path, converters, intHunk('     def to_url(self, value):')), intDone);
  });
});

describe('peer situations: twin classes a hunk heading or @@ anchor tells apart (probe p51/a: a Django projects/models.py)', () => {
  // Category and Tag are twins, word for word but for their names (index id 71287704800, trimmed to them and their neighbours).
  const models = [
    'from django.db import models',
    '',
    '',
    'class Project(models.Model):',
    '    title = models.CharField(max_length=200)',
    "    tags = models.ManyToManyField('Tag')",
    '',
    '    def __str__(self):',
    '        return self.title',
    '',
    '',
    'class Category(models.Model):',
    '    name = models.CharField(max_length=100)',
    '',
    '    def __str__(self):',
    '        return self.name',
    '',
    '',
    'class Tag(models.Model):',
    '    name = models.CharField(max_length=100)',
    '',
    '    def __str__(self):',
    '        return self.name',
    '',
    '',
    'class ProjectPicture(models.Model):',
    "    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name='pictures')",
    '',
    '    def __str__(self):',
    '        return self.project.title',
  ].join('\n');
  const path = 'projects/models.py';
  const slug = '    slug = models.SlugField(unique=True)\n';
  const created = '    created = models.DateTimeField(auto_now_add=True)\n';
  const withField = (text: string, name: string, field: string) => text.replace(`class ${name}(models.Model):\n    name = models.CharField(max_length=100)\n`, `class ${name}(models.Model):\n    name = models.CharField(max_length=100)\n${field}`);
  const categoryDone = withField(models, 'Category', slug);
  const bothDone = withField(categoryDone, 'Tag', slug);
  const hunk = (header: string) => `${header}\n     name = models.CharField(max_length=100)\n+${slug} \n     def __str__(self):\n         return self.name\n`;
  const diff = (...headers: string[]) => `\`\`\`diff\n--- a/${path}\n+++ b/${path}\n${headers.map(hunk).join('')}\`\`\`\n`;

  it('applies two hunks alike but for their headings, the second with the first\'s numbers, each in the class its heading names (was: Tag\'s read as the same hunk twice, left unchanged, exit 0)', () => {
    assert.equal(written(path, models, diff('@@ -13,4 +13,5 @@ class Category(models.Model):', '@@ -13,4 +13,5 @@ class Tag(models.Model):')), bothDone);
    // The same hunk twice under one heading is still one edit, applied once.
    const twice = result(path, models, diff('@@ -13,4 +13,5 @@ class Category(models.Model):', '@@ -13,4 +13,5 @@ class Category(models.Model):'));
    assert.equal(twice.changes[0]?.newText, categoryDone);
    assert.match(twice.receipt.files[0]?.edits[1]?.warnings?.join(' ') ?? '', /the same hunk twice/);
  });

  it('places twin hunks headed `@@ class X` without numbers by the class each names (was: AMBIGUOUS)', () => {
    assert.equal(written(path, models, diff('@@ class Category(models.Model):', '@@ class Tag(models.Model):')), bothDone);
  });

  it('applies a hunk headed `class Tag` to Tag though its numbers point at Category, which has its new lines (was: reported already applied, Tag unchanged)', () => {
    assert.equal(written(path, categoryDone, diff('@@ -13,4 +13,5 @@ class Tag(models.Model):')), bothDone);
    // Headed with the class its numbers point at, or with no heading, it is the hunk re-sent: applied there already.
    for (const header of ['@@ -13,4 +13,5 @@ class Category(models.Model):', '@@ -13,4 +13,5 @@']) {
      const again = result(path, categoryDone, diff(header));
      assert.equal(again.receipt.ok, true, JSON.stringify(again.receipt.errors));
      assert.equal(again.receipt.files[0]?.edits[0]?.status, 'alreadyApplied', header);
      assert.equal(again.changes.length, 0, header);
    }
  });

  it('refuses a chunk anchored at Category that holds part of its change, rather than write it into the twin past it (was: slug and created written into Tag)', () => {
    const chunk = `*** Begin Patch\n*** Update File: ${path}\n@@ class Category(models.Model):\n     name = models.CharField(max_length=100)\n+${slug}+${created} \n     def __str__(self):\n*** End Patch\n`;
    const partly = result(path, categoryDone, chunk);
    assert.equal(partly.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(partly.receipt.errors[0]?.message ?? '', /holds part of its change, at lines 13-16 .*created.* not\), and its old lines stand as quoted only at lines 21-23/);
    assert.equal(partly.changes.length, 0);
    // A diff hunk headed with that class reads the same, with or without numbers.
    for (const header of ['@@ -13,4 +13,6 @@ class Category(models.Model):', '@@ class Category(models.Model):']) {
      const hunkPartly = result(path, categoryDone, `--- a/${path}\n+++ b/${path}\n${header}\n     name = models.CharField(max_length=100)\n+${slug}+${created} \n     def __str__(self):\n`);
      assert.equal(hunkPartly.receipt.errors[0]?.code, 'AMBIGUOUS', header);
      assert.equal(hunkPartly.changes.length, 0, header);
    }
    // On the file before it, the chunk goes into Category; on the file with all of it there, it is applied.
    const whole = withField(models, 'Category', slug + created);
    assert.equal(written(path, models, chunk), whole);
    assert.equal(result(path, whole, chunk).receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });
});

describe('peer situations: new lines at the end of a block whose closer the file has more than once (probe p50/a: microblog base.html, style.css, deploy.sh)', () => {
  // miguelgrinberg/microblog app/templates/base.html @02a7840, the navbar's two menus, verbatim.
  const menus = [
    '            <div class="collapse navbar-collapse" id="bs-example-navbar-collapse-1">',
    '                <ul class="nav navbar-nav">',
    "                    <li><a href=\"{{ url_for('main.index') }}\">{{ _('Home') }}</a></li>",
    "                    <li><a href=\"{{ url_for('main.explore') }}\">{{ _('Explore') }}</a></li>",
    '                </ul>',
    '                <ul class="nav navbar-nav navbar-right">',
    "                    <li><a href=\"{{ url_for('auth.login') }}\">{{ _('Login') }}</a></li>",
    '                </ul>',
    '            </div>',
    '',
  ].join('\n');
  const messages = "                    <li><a href=\"{{ url_for('main.messages') }}\">{{ _('Messages') }}</a></li>";

  it('adds a list item before the </ul> of the one menu whose opening tag the snippet quotes', () => {
    const reply = ['Add a Messages link to the left menu in `app/templates/base.html`:', '', '```html', '                <ul class="nav navbar-nav">', '                    <!-- ... existing code ... -->', messages, '                </ul>', '```', ''].join('\n');
    const expected = menus.replace("{{ _('Explore') }}</a></li>\n", `{{ _('Explore') }}</a></li>\n${messages}\n`);
    assert.equal(written('app/templates/base.html', menus, reply), expected);
    // A menu whose indentation does not nest as its tags do (a sub-list opened inside, its </ul>
    // written at the menu's depth): the first </ul> at that depth closes the sub-list, not the menu.
    const misindented = menus.replace('                <ul class="nav navbar-nav">\n', '                <ul class="nav navbar-nav">\n                    <ul class="sub">\n').replace('                </ul>\n', '                </ul>\n                </ul>\n');
    assert.equal(result('app/templates/base.html', misindented, reply).receipt.ok, false);
  });

  it('adds a declaration to the rule inside the one @media block the snippet quotes, not below the rule\'s closer', () => {
    const css = ['.post {', '    padding: 10px;', '}', '', '@media (max-width: 768px) {', '    .post {', '        padding: 4px;', '    }', '}', '', '@media print {', '    .post {', '        padding: 0;', '    }', '}', ''].join('\n');
    const reply = ['Keep posts on one page when printing (`app/static/style.css`):', '', '```css', '@media print {', '    .post {', '        /* ... existing code ... */', '        break-inside: avoid;', '    }', '}', '```', ''].join('\n');
    assert.equal(written('app/static/style.css', css, reply), css.replace('        padding: 0;\n', '        padding: 0;\n        break-inside: avoid;\n'));
  });

  it('adds a line at the end of the heredoc the snippet opens, before its own EOF, not the next heredoc\'s', () => {
    const deploy = ['#!/bin/bash', 'set -e', '', 'cat > /etc/systemd/system/microblog.service <<EOF', '[Service]', 'User=ubuntu', 'Restart=always', 'EOF', '', 'cat > /etc/nginx/sites-enabled/microblog <<EOF', 'server {', '    listen 80;', '}', 'EOF', '', 'systemctl daemon-reload', ''].join('\n');
    const reply = ['Log to stdout under systemd (`deploy.sh`):', '', '```bash', 'cat > /etc/systemd/system/microblog.service <<EOF', '# ... existing code ...', 'Environment=LOG_TO_STDOUT=1', 'EOF', '```', ''].join('\n');
    assert.equal(written('deploy.sh', deploy, reply), deploy.replace('Restart=always\n', 'Restart=always\nEnvironment=LOG_TO_STDOUT=1\n'));
  });
});

describe('peer situations: one more state line between two markers inside a component (probe p50/b: LeonidYasin/ConstruBot App.tsx, Cursor export)', () => {
  // frontend/src/App.tsx as the chat had it before its "Оптимизация" turn, trimmed to App.
  const app = [
    "import React, { useRef, useState } from 'react';",
    '',
    'function App() {',
    '  const [width, setWidth] = useState(6);',
    '  const [inputWidth, setInputWidth] = useState(width);',
    '  const [loading, setLoading] = useState(false);',
    '  const [validationError, setValidationError] = useState<string | null>(null);',
    '  const orbitRef = useRef<any>(null);',
    '',
    '  // Валидация',
    '  const validate = (w: any) => {',
    '    const widthNum = Number(w);',
    "    if (isNaN(widthNum) || widthNum <= 0) return 'Значения должны быть больше 0';",
    '    return null;',
    '  };',
    '',
    '  React.useEffect(() => {',
    '    setValidationError(validate(inputWidth));',
    '  }, [inputWidth]);',
    '',
    '  const handleCalculate = async () => {',
    '    if (validationError) return;',
    '    setWidth(Number(inputWidth));',
    '    setLoading(true);',
    '  };',
    '',
    '  return <div>{width}</div>;',
    '}',
    '',
    'export default App;',
    '',
  ].join('\n');
  const lastParams = '  const [lastParams, setLastParams] = useState<{ width: number } | null>(null);';
  const reply = (state: string) => [
    'frontend/src/App.tsx',
    '```typescriptreact',
    "import React, { useRef, useState } from 'react';",
    '// ... existing code ...',
    'function App() {',
    '  // ... existing code ...',
    state,
    '  // ... existing code ...',
    '  const handleCalculate = async () => {',
    '    if (validationError) return;',
    '    // Кэширование: если параметры не изменились, не делаем запрос',
    '    if (lastParams && lastParams.width === inputWidth) return;',
    '    setWidth(Number(inputWidth));',
    '    setLoading(true);',
    '    setLastParams({ width: inputWidth });',
    '  };',
    '// ... existing code ...',
    '```',
    '',
  ].join('\n');

  it('puts the new useState line after the component\'s last one-line declaration by a call, as Cursor did', () => {
    const expected = app
      .replace('  const orbitRef = useRef<any>(null);\n', `  const orbitRef = useRef<any>(null);\n${lastParams}\n`)
      .replace('    if (validationError) return;\n', '    if (validationError) return;\n    // Кэширование: если параметры не изменились, не делаем запрос\n    if (lastParams && lastParams.width === inputWidth) return;\n')
      .replace('    setLoading(true);\n', '    setLoading(true);\n    setLastParams({ width: inputWidth });\n');
    assert.equal(written('frontend/src/App.tsx', app, reply(lastParams)), expected);
  });

  it('still refuses it where its place decides whether it runs or what it reads', () => {
    // An early return among the declarations: above it or below it the hook runs or not.
    const early = app.replace('  const orbitRef = useRef', '  if (!width) return null;\n  const orbitRef = useRef');
    assert.equal(result('frontend/src/App.tsx', early, reply(lastParams)).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    // A value that reads a name the component declares further down.
    const readsLater = '  const [lastValid, setLastValid] = useState(validate(6));';
    assert.equal(result('frontend/src/App.tsx', app, reply(readsLater)).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });
});

describe('peer situations: an extract-method refactor in a Cursor C# snippet (probe p51/b: Unity card game GameManager.cs, Cursor export)', () => {
  // GameManager.cs as the chat printed it one turn before "apply the fix", trimmed to the methods the reply touches.
  const gameManager = [
    'public class GameManager : MonoBehaviour',
    '{',
    '    private int currentPlayerIndex = 0;',
    '    private bool peekingPhase = true;',
    '',
    '    private Player currentPlayer => players[currentPlayerIndex];',
    '',
    '    void StartPlayerTurn()',
    '    {',
    '        if (peekingPhase)',
    '            return;',
    '',
    '        // Update current player indicator',
    '        if (playerLayoutManager != null)',
    '            playerLayoutManager.UpdateCurrentPlayer(currentPlayerIndex, 0);',
    '',
    '        Player player = currentPlayer;',
    '        if (!player.IsHuman)',
    '        {',
    '            playerUI.SetHumanTurn(false);',
    '            StartCoroutine(AITurnCoroutine((AIPlayer)player));',
    '        }',
    '        else',
    '        {',
    '            Card drawnCard = drawPile[0];',
    '            drawPile.RemoveAt(0);',
    '            player.DrawCard(drawnCard);',
    '            playerUI.SetHumanTurn(true);',
    '            // Check for special ability: Peek',
    '            if (drawnCard.Ability == CardAbility.Peek)',
    '            {',
    '                playerUI.StartSinglePeekPhase(player, () =>',
    '                {',
    '                    UpdatePlayerUI();',
    '                });',
    '            }',
    '            else',
    '            {',
    '                UpdatePlayerUI();',
    '            }',
    '        }',
    '    }',
    '',
    '    private void UpdatePlayerUI()',
    '    {',
    '        playerUI.Refresh(players[0], discardPile.Count > 0 ? discardPile.Peek() : null);',
    '    }',
    '',
    '    private IEnumerator EndTurnCoroutine()',
    '    {',
    '        yield return new WaitForSeconds(0.5f);',
    '',
    '        // Advance to next player',
    '        currentPlayerIndex = (currentPlayerIndex + 1) % players.Count;',
    '',
    '        Player nextPlayer = players[currentPlayerIndex];',
    '        if (!nextPlayer.IsHuman)',
    '        {',
    '            playerUI.SetHumanTurn(false);',
    '            StartCoroutine(AITurnCoroutine((AIPlayer)nextPlayer));',
    '        }',
    '        else',
    '        {',
    '            UpdatePlayerUI();',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
  // The reply's new method: the lines moved out of StartPlayerTurn (without their comment).
  const extracted = [
    '    private void StartTurnForCurrentPlayer()',
    '    {',
    '        Player player = currentPlayer;',
    '        if (!player.IsHuman)',
    '        {',
    '            playerUI.SetHumanTurn(false);',
    '            StartCoroutine(AITurnCoroutine((AIPlayer)player));',
    '        }',
    '        else',
    '        {',
    '            Card drawnCard = drawPile[0];',
    '            drawPile.RemoveAt(0);',
    '            player.DrawCard(drawnCard);',
    '            playerUI.SetHumanTurn(true);',
    '            if (drawnCard.Ability == CardAbility.Peek)',
    '            {',
    '                playerUI.StartSinglePeekPhase(player, () =>',
    '                {',
    '                    UpdatePlayerUI();',
    '                });',
    '            }',
    '            else',
    '            {',
    '                UpdatePlayerUI();',
    '            }',
    '        }',
    '    }',
  ];
  const caller = [
    '    void StartPlayerTurn()',
    '    {',
    '        if (peekingPhase)',
    '            return;',
    '',
    '        // Update current player indicator',
    '        if (playerLayoutManager != null)',
    '            playerLayoutManager.UpdateCurrentPlayer(currentPlayerIndex, 0);',
    '',
    '        StartTurnForCurrentPlayer();',
    '    }',
  ];
  const endTurn = [
    '    private IEnumerator EndTurnCoroutine()',
    '    {',
    '        yield return new WaitForSeconds(0.5f);',
    '',
    '        // Advance to next player',
    '        currentPlayerIndex = (currentPlayerIndex + 1) % players.Count;',
    '',
    '        // Use the unified turn start logic',
    '        if (playerLayoutManager != null)',
    '            playerLayoutManager.UpdateCurrentPlayer(currentPlayerIndex, 0);',
    '        StartTurnForCurrentPlayer();',
    '    }',
  ];
  const reply = ['Assets/Scripts/GameManager.cs', '```csharp', '// ... existing code ...', ...extracted, '', ...caller, '// ... existing code ...', ...endTurn, '// ... existing code ...', '```', ''].join('\n');
  const lines = gameManager.split('\n');
  const expected = [...lines.slice(0, 7), ...extracted, '', ...caller, '', ...lines.slice(43, 48), ...endTurn, ...lines.slice(66)].join('\n');

  it('writes the new method above the caller it re-prints, though the moved lines stand in the file above the caller\'s signature (was: "in the opposite order", refused)', () => {
    assert.equal(written('Assets/Scripts/GameManager.cs', gameManager, reply), expected);
  });

  it('does the same on a CRLF copy and on a tab-indented copy of the file', () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    assert.equal(written('Assets/Scripts/GameManager.cs', crlf(gameManager), reply), crlf(expected));
    const tabs = (text: string) => text.replace(/^(?: {4})+/gm, (run) => '\t'.repeat(run.length / 4));
    assert.equal(written('Assets/Scripts/GameManager.cs', tabs(gameManager), reply), tabs(expected));
  });

  it('keeps the file\'s blank line above a new definition a snippet writes under its marker, above a definition it re-prints', () => {
    const file = 'X = 0\n\n\ndef foo():\n    return 1\n\n\ndef bar():\n    return 2\n';
    const snippet = 'a.py\n```python\n# ... existing code ...\ndef baz():\n    return 3\n\n\ndef foo():\n    return baz()\n# ... existing code ...\n```\n';
    assert.equal(written('a.py', file, snippet), 'X = 0\n\n\ndef baz():\n    return 3\n\n\ndef foo():\n    return baz()\n\n\ndef bar():\n    return 2\n');
  });
});

describe('peer situations: an else-if chain grown by one branch in a Cursor Java snippet (probe p51/b: SCM ContactController.java, Cursor export)', () => {
  // ContactController.java in the SCM tutorial's shape around the lines the reply quotes, trimmed.
  const controller = [
    'public class ContactController {',
    '',
    '    @PostMapping("/add")',
    '    public String saveContact(@ModelAttribute ContactForm contactForm, BindingResult result, User user) {',
    '        Contact contact = new Contact();',
    '        contact.setName(contactForm.getName());',
    '        contact.setLinkedin(contactForm.getLinkedInLink());',
    '        contact.setWebsite(contactForm.getWebsiteLink());',
    '        contact.setUser(user);',
    '        contactService.save(contact);',
    '        return "redirect:/user/contacts/add";',
    '    }',
    '',
    '    @PostMapping("/update/{contactId}")',
    '    public String updateContact(@PathVariable("contactId") String contactId, @ModelAttribute ContactForm contactForm) {',
    '        var contact = new Contact();',
    '        contact.setId(contactId);',
    '        contact.setLinkedin(contactForm.getLinkedInLink());',
    '        contact.setWebsite(contactForm.getWebsiteLink());',
    '        contactService.update(contact);',
    '        return "redirect:/user/contacts/view/" + contactId;',
    '    }',
    '',
    '    @GetMapping("/search")',
    '    public String searchHandler(@ModelAttribute ContactSearchForm contactSearchForm, Model model, User user) {',
    '        var contactsPage = contactService.getByUser(user, page, size, sortBy, direction);',
    '        if (contactSearchForm.getField().equalsIgnoreCase("name")) {',
    '            contactsPage = contactService.searchByName(contactSearchForm.getKeyword(), size, page, sortBy, direction,',
    '                    user);',
    '        } else if (contactSearchForm.getField().equalsIgnoreCase("phone")) {',
    '            contactsPage = contactService.searchByPhoneNumber(contactSearchForm.getKeyword(), size, page, sortBy,',
    '                    direction, user);',
    '        } else {',
    '            contactsPage = contactService.getByUser(user, page, size, sortBy, direction);',
    '        }',
    '        model.addAttribute("contactsPage", contactsPage);',
    '        return "user/search";',
    '    }',
    '}',
    '',
  ].join('\n');
  const setRelationship = '        contact.setRelationship(contactForm.getRelationship());';
  const branch = [
    '        } else if (contactSearchForm.getField().equalsIgnoreCase("relationship")) {',
    '            contactsPage = contactService.searchByRelationship(contactSearchForm.getKeyword(), size, page, sortBy, direction, user);',
  ];
  const reply = [
    'ContactController.java',
    '```java',
    '// ... existing code ...',
    '        contact.setLinkedin(contactForm.getLinkedInLink());',
    '        contact.setWebsite(contactForm.getWebsiteLink());',
    '        contact.setUser(user);',
    setRelationship,
    '// ... existing code ...',
    '        contact.setLinkedin(contactForm.getLinkedInLink());',
    '        contact.setWebsite(contactForm.getWebsiteLink());',
    setRelationship,
    '// ... existing code ...',
    '        if (contactSearchForm.getField().equalsIgnoreCase("name")) {',
    '            contactsPage = contactService.searchByName(contactSearchForm.getKeyword(), size, page, sortBy, direction,',
    '                    user);',
    '        } else if (contactSearchForm.getField().equalsIgnoreCase("phone")) {',
    '            contactsPage = contactService.searchByPhoneNumber(contactSearchForm.getKeyword(), size, page, sortBy,',
    '                    direction, user);',
    ...branch,
    '        } else {',
    '// ... existing code ...',
    '```',
    '',
  ].join('\n');

  it('adds the new branch before `} else {`, which parts it from the else body\'s assignment (was: refused as restating that assignment)', () => {
    const expected = controller
      .replace('        contact.setUser(user);\n', `        contact.setUser(user);\n${setRelationship}\n`)
      .replace('        contact.setWebsite(contactForm.getWebsiteLink());\n        contactService.update', `        contact.setWebsite(contactForm.getWebsiteLink());\n${setRelationship}\n        contactService.update`)
      .replace('        } else {\n', `${branch.join('\n')}\n        } else {\n`);
    assert.equal(written('ContactController.java', controller, reply), expected);
  });
});

describe("peer situations: oh-my-pi's apply_patch regression and adversarial suites (probe p52/e)", () => {
  const hinted = (path: string, file: string, reply: string) => runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });

  it('refuses an @@ anchor that is the chunk\'s own first line and stands at both places (was: the first branch changed)', () => {
    const file = 'if (a) {\n  return foo;\n}\nif (b) {\n  return foo;\n}\n';
    const reply = ['*** Begin Patch', '*** Update File: ambiguous-context.ts', '@@ return foo;', '-  return foo;', '+  return bar;', '*** End Patch', ''].join('\n');
    const refused = result('ambiguous-context.ts', file, reply);
    assert.equal(refused.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.deepEqual(refused.receipt.errors[0]?.candidates.map((c) => c.startLine), [2, 5]);
    assert.match(refused.receipt.errors[0]?.message ?? '', /repeats its @@ anchor "return foo;"/);
    assert.equal(refused.changes.length, 0);
    // An anchor above it still narrows: the first place after `if (b) {` is meant, as Codex seeks.
    const stacked = ['*** Begin Patch', '*** Update File: ambiguous-context.ts', '@@ if (b) {', '@@ return foo;', '-  return foo;', '+  return bar;', '*** End Patch', ''].join('\n');
    assert.equal(written('ambiguous-context.ts', file, stacked), 'if (a) {\n  return foo;\n}\nif (b) {\n  return bar;\n}\n');
  });

  it('reads `@@ -6,2 +6,2 @@ def helper():` in a patch as a unified hunk header: the line number picks the second twin (was: AMBIGUOUS)', () => {
    const file = '# Section A\ndef helper():\n    pass\n\n# Section B\ndef helper():\n    pass\n';
    const reply = ['*** Begin Patch', '*** Update File: hint-priority.txt', '@@ -6,2 +6,2 @@ def helper():', ' def helper():', '-    pass', '+    return True', '*** End Patch', ''].join('\n');
    assert.equal(written('hint-priority.txt', file, reply), '# Section A\ndef helper():\n    pass\n\n# Section B\ndef helper():\n    return True\n');
  });

  it('applies a patch with no *** Update File: line to the host\'s file, and refuses it without one (was: PARSE_ERROR)', () => {
    const reply = ['*** Begin Patch', '@@', '-old content', '+new content', '*** End Patch', ''].join('\n');
    assert.equal(proposed(hinted('wrapped.txt', 'old content\n', reply), 'wrapped.txt'), 'new content\n');
    assert.equal(result('wrapped.txt', 'old content\n', reply).receipt.errors[0]?.code, 'NO_TARGET_FILE');
  });

  it('applies a reply that is a bare @@ hunk and nothing else to the host\'s file (was: NO_EDITS_FOUND)', () => {
    const reply = ['@@', '-original', '+modified', '*** End Patch', ''].join('\n');
    assert.equal(proposed(hinted('partial.txt', 'original\n', reply), 'partial.txt'), 'modified\n');
  });

  it('reads an unprefixed `...` between a chunk\'s context and its change as left-out lines (was: PARSE_ERROR)', () => {
    const file = 'function progress(done: boolean, value: string) {\n  if (done) {\n    return;\n  }\n  const buffer = value;\n  return buffer;\n}\n';
    const reply = ['*** Begin Patch', '*** Update File: ellipsis.ts', '@@ function progress', '  if (done) {', '    return;', '  }', '...', '-  const buffer = value;', '+  const buffer = value.toUpperCase();', '*** End Patch', ''].join('\n');
    const upper = (text: string) => text.replace('const buffer = value;', 'const buffer = value.toUpperCase();');
    assert.equal(written('ellipsis.ts', file, reply), upper(file));
    // Lines it left out stay.
    const longer = file.replace('  }\n', '  }\n  log(1);\n  log(2);\n');
    assert.equal(written('ellipsis.ts', longer, reply), upper(longer));
  });
});
