import * as assert from 'node:assert/strict';
import { runReply } from '../../src/core/index';
import { proposed } from './helpers';

/**
 * Situations other edit tools' own test suites hold (Roo, Cline, Codex, jsdiff, Gemini CLI,
 * Aider), written here on this project's own files: each was a wrong write or an unexpected
 * refusal when the engine was measured against those suites.
 */
function result(path: string, file: string, reply: string) {
  return runReply(reply, (p) => (p === path ? file : undefined));
}
function written(path: string, file: string, reply: string): string {
  const planned = result(path, file, reply);
  assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
  return planned.changes.find((c) => c.path === path)?.newText ?? file;
}

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

  it('writes new text already at the file\'s depth as given when the old text was quoted at another', () => {
    const file = '  // some comment\n\n  function oldFunc() {}\n';
    assert.equal(written('app.js', file, call({ old_string: '\nfunction oldFunc() {}', new_string: '\n  function newFunc() {}' })), '  // some comment\n\n  function newFunc() {}\n');
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

  it('refuses a call naming a folder (`.`) instead of editing the target file', () => {
    const planned = runReply(JSON.stringify({ command: 'str_replace', path: '.', old_str: 'a', new_str: 'b' }), (p) => (p === 'a.txt' ? 'a\n' : undefined), { hintPath: 'a.txt' });
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.changes.length, 0);
  });

  it("reads OpenHands' insert with insert_line as a string, and an empty new_str as one empty line", () => {
    assert.equal(written('a.txt', 'Line 1\nLine 2\n', JSON.stringify({ command: 'insert', path: 'a.txt', insert_line: '1', new_str: 'Between' })), 'Line 1\nBetween\nLine 2\n');
    assert.equal(written('a.txt', 'Line 1\nLine 2\n', JSON.stringify({ command: 'insert', path: 'a.txt', insert_line: 1, new_str: '' })), 'Line 1\n\nLine 2\n');
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
