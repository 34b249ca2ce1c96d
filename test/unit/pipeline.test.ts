import * as assert from 'node:assert/strict';
import type { EditOp } from '../../src/core/ir';
import { plan, proposed, replaceOp } from './helpers';
import { differenceWindow, receiptToMarkdown, runReply, similarityPercent } from '../../src/core/index';

const src = (block: number) => ({ block, format: 'json-tool' as const, startLine: 1, endLine: 1 });

describe('planReply', () => {
  it('re-anchors a replacement written flush-left into an indented method', () => {
    const file = 'class A:\n    def f(self):\n        return 1\n';
    const result = plan({ 'a.py': file }, [replaceOp('a.py', 'def f(self):\n    return 1\n', 'def f(self):\n    if self.x:\n        return 2\n    return 1\n')]);
    assert.equal(proposed(result, 'a.py'), 'class A:\n    def f(self):\n        if self.x:\n            return 2\n        return 1\n');
    assert.equal(result.receipt.files[0].edits[0].strategy, 'indentation');
    assert.equal(result.receipt.files[0].edits[0].reindented, true);
  });

  it('writes tabs into a tab-indented file when the reply used spaces', () => {
    const file = 'func main() {\n\tif ok {\n\t\trun()\n\t}\n}\n';
    const result = plan({ 'm.go': file }, [replaceOp('m.go', '    if ok {\n        run()\n    }\n', '    if ok {\n        run()\n        stop()\n    }\n')]);
    assert.equal(proposed(result, 'm.go'), 'func main() {\n\tif ok {\n\t\trun()\n\t\tstop()\n\t}\n}\n');
  });

  it('keeps context lines as the file has them when they differ only in whitespace', () => {
    const file = 'print("hello")  \n  x = 1\n';
    const result = plan({ 'g.py': file }, [replaceOp('g.py', 'print("hello")\n  x = 1\n', 'print("hello")\n  x = 2\n')]);
    assert.equal(proposed(result, 'g.py'), 'print("hello")  \n  x = 2\n');
  });

  it('writes the reply\'s version of a kept line that differed in typographic punctuation', () => {
    const file = '# hi \u2014 there\nx = \u201ca\u201d\n';
    const result = plan({ 'g.py': file }, [replaceOp('g.py', '# hi - there\nx = "a"\n', '# hi - there\nx = "b"\n')]);
    assert.equal(proposed(result, 'g.py'), '# hi - there\nx = "b"\n');
  });

  it('keeps CRLF, BOM and a missing final newline', () => {
    const file = '\ufeffa = 1\r\nb = 2\r\nc = 3';
    const result = plan({ 'c.txt': file }, [replaceOp('c.txt', 'c = 3\n', 'c = 4\nd = 5\n')]);
    assert.equal(proposed(result, 'c.txt'), '\ufeffa = 1\r\nb = 2\r\nc = 4\r\nd = 5');
  });

  it('reports an edit whose result is already there as alreadyApplied and proposes nothing', () => {
    const file = 'import a\nimport b\n\nrun()\n';
    const result = plan({ 'x.py': file }, [replaceOp('x.py', 'import a\n', 'import a\nimport b\n')]);
    assert.equal(result.receipt.ok, true);
    assert.equal(result.receipt.files[0].edits[0].status, 'alreadyApplied');
    assert.equal(result.changes.length, 0);
  });

  it('reports a replacement already in place of a missing search as alreadyApplied', () => {
    const result = plan({ 'x.py': 'x = 2\ny = 3\n' }, [replaceOp('x.py', 'x = 1\n', 'x = 2\n')]);
    assert.equal(result.receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('locates all hunks against the original and applies them together', () => {
    const file = 'a\nb\nc\nd\ne\n';
    const result = plan({ 'f': file }, [replaceOp('f', 'd\n', 'D\n'), replaceOp('f', 'b\n', 'B\n')]);
    assert.equal(proposed(result, 'f'), 'a\nB\nc\nD\ne\n');
  });

  it('locates a chained edit on the text the earlier edit produced', () => {
    const ops: EditOp[] = [
      { kind: 'replace', path: 's.ts', search: 'let a = 1;', replacement: 'let a = 2;', granularity: 'chars', expectedCount: 1, source: src(1) },
      { kind: 'replace', path: 's.ts', search: 'let a = 2;\nlet b', replacement: 'let a = 3;\nlet b', granularity: 'chars', expectedCount: 1, source: src(2) },
    ];
    const result = plan({ 's.ts': 'let a = 1;\nlet b = 1;\n' }, ops);
    assert.equal(proposed(result, 's.ts'), 'let a = 3;\nlet b = 1;\n');
  });

  it('reads a tool call escaped twice (\\n for a newline) with one level removed, only when the text as written is absent', () => {
    const file = 'function greet(name) {\n  console.log("Hello, " + name);\n  return `hi ${name}`;\n}\n';
    const twice: EditOp = { kind: 'replace', path: 'g.js', search: '  console.log(\\"Hello, \\" + name);\\n  return \\`hi ${name}\\`;', replacement: '  console.log(\\"Hi, \\" + name);\\n  return \\`hey ${name}\\`;', granularity: 'chars', expectedCount: 1, source: src(1) };
    const result = plan({ 'g.js': file }, [twice]);
    assert.equal(proposed(result, 'g.js'), 'function greet(name) {\n  console.log("Hi, " + name);\n  return `hey ${name}`;\n}\n');
    assert.match(result.receipt.files[0].edits[0].warnings!.join(' '), /escaped twice/);
    // A search found as written keeps its backslashes, and so does its replacement.
    const literal: EditOp = { kind: 'replace', path: 'p.c', search: 'printf("a");', replacement: 'printf("a\\n");', granularity: 'chars', expectedCount: 1, source: src(1) };
    assert.equal(proposed(plan({ 'p.c': 'printf("a");\n' }, [literal]), 'p.c'), 'printf("a\\n");\n');
    // Not in the file either way: NO_MATCH, nothing guessed.
    const absent: EditOp = { ...twice, search: 'nothing\\nhere' };
    assert.equal(plan({ 'g.js': file }, [absent]).receipt.errors[0].code, 'NO_MATCH');
  });

  it('takes an edit of a missing path to the file the host locates by its end, never a new file', () => {
    const files = { 'src/utils/calc.py': 'x = 1\n' };
    const locateMissing = (path: string) => ('src/utils/calc.py'.endsWith('/' + path) ? 'src/utils/calc.py' : undefined);
    const edit = plan(files, [replaceOp('calc.py', 'x = 1\n', 'x = 2\n')], { locateMissing });
    assert.equal(proposed(edit, 'src/utils/calc.py'), 'x = 2\n');
    assert.match(edit.receipt.files[0].edits[0].warnings!.join(' '), /names calc\.py, which does not exist; src\/utils\/calc\.py/);
    // A failure in the located file says which file it looked in.
    const miss = plan(files, [replaceOp('calc.py', 'y = 1\n', 'y = 2\n')], { locateMissing });
    assert.match(miss.receipt.errors[0].message, /src\/utils\/calc\.py is the only file/);
    // An empty search creates the file where the reply says.
    const create = plan(files, [replaceOp('calc.py', '', 'z = 1\n')], { locateMissing });
    assert.equal(proposed(create, 'calc.py'), 'z = 1\n');
    // Without the host's help, the path is simply missing.
    assert.equal(plan(files, [replaceOp('calc.py', 'x = 1\n', 'x = 2\n')]).receipt.errors[0].code, 'FILE_NOT_FOUND');
  });

  it('of several files the host finds for a missing path, takes the one whose text holds the search text, and only one', () => {
    const files = { 'app/models.py': 'class User:\n    name = ""\n', 'admin/models.py': 'class Admin:\n    level = 0\n' };
    const locateMissing = () => ['admin/models.py', 'app/models.py'];
    const edit = plan(files, [replaceOp('models.py', '    level = 0\n', '    level = 1\n')], { locateMissing });
    assert.equal(proposed(edit, 'admin/models.py'), 'class Admin:\n    level = 1\n');
    assert.match(edit.receipt.files[0].edits[0].warnings!.join(' '), /2 files end with it \(admin\/models\.py, app\/models\.py\), and only admin\/models\.py holds the search text/);
    // Neither holds it, or both do: nothing is guessed.
    const neither = plan(files, [replaceOp('models.py', '    age = 0\n', '    age = 1\n')], { locateMissing });
    assert.equal(neither.receipt.errors[0].code, 'FILE_NOT_FOUND');
    assert.match(neither.receipt.errors[0].message, /none of them holds the search text: name the file by its whole path/);
    const both = plan({ 'a/m.py': 'x = 1\n', 'b/m.py': 'x = 1\n' }, [replaceOp('m.py', 'x = 1\n', 'x = 2\n')], { locateMissing: () => ['a/m.py', 'b/m.py'] });
    assert.equal(both.receipt.errors[0].code, 'FILE_NOT_FOUND');
    assert.equal(both.changes.length, 0);
  });

  it('in diffs and apply_patch a bare ... is code (a Python stub), written as given, and so is a comment marker with nothing to stand for', () => {
    const file = 'from typing import Protocol\n\n\nclass Shape(Protocol):\n    def area(self) -> float:\n        ...\n';
    const diff = ['```diff', '--- a/shapes.py', '+++ b/shapes.py', '@@ -4,3 +4,6 @@', ' class Shape(Protocol):', '     def area(self) -> float:', '         ...', '+', '+    def perimeter(self) -> float:', '+        ...', '```'].join('\n');
    const result = runReply(diff, (p) => (p === 'shapes.py' ? file : undefined));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(proposed(result, 'shapes.py'), file + '\n    def perimeter(self) -> float:\n        ...\n');
    const created = runReply(['*** Begin Patch', '*** Add File: stub.pyi', '+def f() -> int:', '+    ...', '*** End Patch'].join('\n'), () => undefined);
    assert.equal(proposed(created, 'stub.pyi'), 'def f() -> int:\n    ...\n');
    // A comment in words (no dots) that a diff adds is code, even where it replaces a line.
    const words = ['```diff', '--- a/shapes.py', '+++ b/shapes.py', '@@', ' class Shape(Protocol):', '-    def area(self) -> float:', '+    # the rest stays as is', '+    def area(self) -> int:', '```'].join('\n');
    assert.equal(proposed(runReply(words, (p) => (p === 'shapes.py' ? file : undefined)), 'shapes.py'), file.replace('    def area(self) -> float:', '    # the rest stays as is\n    def area(self) -> int:'));
    // A new file spelled out by a diff is written verbatim, marker-like lines included, with a warning.
    const verbatim = runReply(['diff --git a/notes.md b/notes.md', 'new file mode 100644', '--- /dev/null', '+++ b/notes.md', '@@ -0,0 +1,2 @@', '+Write', '+// ... existing code ...'].join('\n'), () => undefined);
    assert.equal(proposed(verbatim, 'notes.md'), 'Write\n// ... existing code ...\n');
    assert.match(verbatim.receipt.files[0].edits[0].warnings!.join(' '), /reads like an elision/);
    const lazy = runReply(['```diff', '--- a/shapes.py', '+++ b/shapes.py', '@@ -4,2 +4,3 @@', ' class Shape(Protocol):', '+    # ... existing code ...', '     def area(self) -> float:', '```'].join('\n'), (p) => (p === 'shapes.py' ? file : undefined));
    // An elision-like line added where there is nothing for it to stand for is the diff's text.
    assert.equal(proposed(lazy, 'shapes.py'), file.replace('class Shape(Protocol):\n', 'class Shape(Protocol):\n    # ... existing code ...\n'));
    assert.match(lazy.receipt.files[0].edits[0].warnings!.join(' '), /nothing for it to stand for/);
  });

  it('creates a file with CRLF when a git diff in an LF reply gives its lines with CRLF, and with LF otherwise', () => {
    const header = ['diff --git a/src/A.cs b/src/A.cs', 'new file mode 100644', '--- /dev/null', '+++ b/src/A.cs', '@@ -0,0 +1,2 @@'].join('\n') + '\n';
    const crlf = runReply(header + '+class A\r\n+{ }\r\n', () => undefined);
    assert.equal(proposed(crlf, 'src/A.cs'), 'class A\r\n{ }\r\n');
    // Mixed endings are kept line by line.
    const mixed = runReply(header + '+class A\r\n+{ }\n', () => undefined);
    assert.equal(proposed(mixed, 'src/A.cs'), 'class A\r\n{ }\n');
    // A diff that adds Cline's `+++++++ REPLACE` line to a file is a diff, not a stray marker.
    const cline = runReply(['--- a/p.md', '+++ b/p.md', '@@ -1 +1,4 @@', ' Example:', '+------- SEARCH', '+=======', '++++++++ REPLACE', ''].join('\n'), (p) => (p === 'p.md' ? 'Example:\n' : undefined));
    assert.equal(proposed(cline, 'p.md'), 'Example:\n------- SEARCH\n=======\n+++++++ REPLACE\n');
    // A reply that is CRLF throughout (pasted on Windows) says nothing about the file.
    const windows = runReply((header + '+class A\n+{ }\n').replace(/\n/g, '\r\n'), () => undefined);
    assert.equal(proposed(windows, 'src/A.cs'), 'class A\n{ }\n');
  });

  it('applies identical hunks of one diff at each of their places, and an insertion next to an identical stanza (git -U0 of a lock file)', () => {
    const file = ['{', '  "a": {', '    "node": ">=12"', '  },', '  "b": {', '    "node": ">=12"', '  }', '}', ''].join('\n');
    const u0 = ['--- a/lock.json', '+++ b/lock.json', '@@ -3 +3 @@', '-    "node": ">=12"', '+    "node": ">=18"', '@@ -6 +6 @@', '-    "node": ">=12"', '+    "node": ">=18"', ''].join('\n');
    const result = runReply(u0, (p) => (p === 'lock.json' ? file : undefined));
    assert.equal(proposed(result, 'lock.json'), file.replace(/>=12/g, '>=18'));
    // Lines added after "a" that read like "b": inserted, not taken for already there.
    const later = ['--- a/lock.json', '+++ b/lock.json', '@@ -1,0 +2,1 @@', '+  "z": 0,', '@@ -4,0 +6,3 @@', '+  "b": {', '+    "node": ">=12"', '+  },', ''].join('\n');
    const base = ['{', '  "a": {', '    "node": ">=12"', '  },', '  "b": {', '    "node": ">=12"', '  },', '  "c": 1', '}', ''].join('\n');
    const inserted = runReply(later, (p) => (p === 'lock.json' ? base : undefined));
    assert.equal(inserted.receipt.files[0].edits[1].status, 'applied');
    assert.equal(proposed(inserted, 'lock.json'), ['{', '  "z": 0,', '  "a": {', '    "node": ">=12"', '  },', '  "b": {', '    "node": ">=12"', '  },', '  "b": {', '    "node": ">=12"', '  },', '  "c": 1', '}', ''].join('\n'));
  });

  it('places a bare-@@ hunk whose text occurs twice at the one place after the previous hunk', () => {
    const file = ['def a():', '    return 0', '', 'def b():', '    x = 1', '    return 0', '', 'print(b())', ''].join('\n');
    const hunk2 = ['@@ ... @@', '-    return 0', '+    return 1', ' '];
    const diff = ['--- a/m.py', '+++ b/m.py', '@@ ... @@', ' def b():', '-    x = 1', '+    x = 2', ...hunk2, ''].join('\n');
    const placed = runReply(diff, (p) => (p === 'm.py' ? file : undefined));
    assert.equal(placed.receipt.ok, true, JSON.stringify(placed.receipt.errors));
    assert.equal(proposed(placed, 'm.py'), file.replace('    x = 1\n    return 0', '    x = 2\n    return 1'));
    // Alone, the same hunk has two places and nothing to choose by.
    const alone = runReply(['--- a/m.py', '+++ b/m.py', ...hunk2, ''].join('\n'), (p) => (p === 'm.py' ? file : undefined));
    assert.equal(alone.receipt.errors[0].code, 'AMBIGUOUS');
  });

  it('writes a whitespace-only line a diff adds as given (git would)', () => {
    const file = '# Notes\n\n- one\n';
    const diff = ['--- a/notes.md', '+++ b/notes.md', '@@ -1,3 +1,5 @@', ' # Notes', ' ', ' - one', '+  ', '+  more', ''].join('\n');
    assert.equal(proposed(runReply(diff, (p) => (p === 'notes.md' ? file : undefined)), 'notes.md'), '# Notes\n\n- one\n  \n  more\n');
  });

  it('replaces every occurrence for replace_all, and refuses a tool-call old_string found twice', () => {
    const all: EditOp = { kind: 'replace', path: 'l.js', search: 'foo', replacement: 'bar', granularity: 'chars', expectedCount: 'all', source: src(1) };
    assert.equal(proposed(plan({ 'l.js': 'foo(foo)\n' }, [all]), 'l.js'), 'bar(bar)\n');
    const one: EditOp = { ...all, expectedCount: 1 };
    const refused = plan({ 'l.js': 'foo(foo)\n' }, [one]);
    assert.equal(refused.receipt.errors[0].code, 'AMBIGUOUS');
    assert.equal(refused.changes.length, 0);
  });

  it('refuses paths outside the workspace', () => {
    const result = plan({}, [replaceOp('../../etc/passwd', 'root\n', 'x\n')]);
    assert.equal(result.receipt.errors[0].code, 'OUTSIDE_WORKSPACE');
    const absolute = plan({}, [replaceOp('/etc/passwd', 'root\n', 'x\n')], { root: '/work/project' });
    assert.equal(absolute.receipt.errors[0].code, 'OUTSIDE_WORKSPACE');
  });

  it('accepts an absolute path inside the root', () => {
    const result = plan({ 'src/a.ts': 'x\n' }, [replaceOp('/work/project/src/a.ts', 'x\n', 'y\n')], { root: '/work/project' });
    assert.equal(proposed(result, 'src/a.ts'), 'y\n');
  });

  it('names the nearest lines, their similarity and the first difference on NO_MATCH', () => {
    const file = 'def load(key):\n    row = db.get(key)\n    if row is None:\n        raise KeyError(key)\n    return row\n';
    const result = plan({ 'r.py': file }, [replaceOp('r.py', 'def load(key):\n    row = cache.get(key)\n    if row is None:\n        raise LookupError(key)\n', 'x\n')]);
    const error = result.receipt.errors[0];
    assert.equal(error.code, 'NO_MATCH');
    assert.equal(error.candidates[0].startLine, 1);
    assert.ok(error.candidates[0].score > 0.5 && error.candidates[0].score < 1);
    assert.equal(error.firstDifference?.line, 2);
    assert.match(error.nextStep, /SEARCH/);
  });

  it('shows a difference inside a long line around where it is, and never calls a differing text 100% similar', () => {
    const line = '!function(e){' + 'var q=1;'.repeat(300) + 'return a+2}(window);';
    const result = plan({ 'm.js': line + '\n' }, [replaceOp('m.js', line.replace('a+2', 'a+3') + '\n', 'x\n')]);
    const error = result.receipt.errors[0];
    assert.equal(error.code, 'NO_MATCH');
    assert.match(error.message, /nearest line is 1 \(99% similar\)/);
    const shown = differenceWindow(error.firstDifference!.searchLine, error.firstDifference!.fileLine);
    assert.ok(shown.expected.startsWith('…') && shown.expected.includes('return a+3}') && shown.expected.length < 200, shown.expected);
    assert.ok(shown.actual.includes('return a+2}'));
    assert.match(receiptToMarkdown(result.receipt), /… \(\d+ more characters\)/);
    assert.deepEqual([similarityPercent(0.996), similarityPercent(1), similarityPercent(0.001), similarityPercent(0)], ['99%', '100%', '1%', '0%']);
  });

  it('keeps every file out of the changes when one of its ops fails', () => {
    const result = plan({ 'a': 'one\ntwo\n' }, [replaceOp('a', 'one\n', 'ONE\n'), replaceOp('a', 'three\n', 'THREE\n')]);
    assert.equal(result.receipt.ok, false);
    assert.equal(result.changes.length, 0);
  });

  it('creates, deletes and moves files', () => {
    const ops: EditOp[] = [
      { kind: 'create', path: 'new.txt', content: 'hello\n', source: src(1) },
      { kind: 'delete', path: 'old.txt', source: src(2) },
      { kind: 'move', from: 'a.txt', to: 'b/a.txt', source: src(3) },
    ];
    const result = plan({ 'old.txt': 'bye\n', 'a.txt': 'a\n' }, ops);
    assert.equal(result.receipt.ok, true);
    assert.deepEqual(
      result.changes.map((c) => [c.path, c.action, c.to, c.newText]),
      [['new.txt', 'create', undefined, 'hello\n'], ['old.txt', 'delete', undefined, undefined], ['a.txt', 'move', 'b/a.txt', 'a\n']],
    );
  });

  it('refuses to create a file that exists with other content', () => {
    const result = plan({ 'x': 'old\n' }, [{ kind: 'create', path: 'x', content: 'new\n', source: src(1) }]);
    assert.equal(result.receipt.errors[0].code, 'FILE_EXISTS');
  });

  it('fills elisions of a whole-file rewrite from the original', () => {
    const file = 'import os\n\ndef a():\n    return 1\n\ndef b():\n    return 2\n';
    const ops: EditOp[] = [{ kind: 'rewrite', path: 'm.py', content: 'import os\nimport sys\n\n# ... existing code ...\n\ndef b():\n    return 3\n', partial: true, source: src(1) }];
    assert.equal(proposed(plan({ 'm.py': file }, ops), 'm.py'), 'import os\nimport sys\n\ndef a():\n    return 1\n\ndef b():\n    return 3\n');
  });

  it('refuses a fuzzy match whose stale line the edit would overwrite with something else', () => {
    const file = 'def f():\n    a = 1\n    b = 2\n    c = 3\n    return a\n';
    const result = plan({ 'f.py': file }, [replaceOp('f.py', 'def f():\n    a = 1\n    b = 5\n    c = 3\n    return a\n', 'def f():\n    a = 1\n    b = 6\n    c = 3\n    return a\n')]);
    assert.equal(result.receipt.errors[0].code, 'OUT_OF_DATE');
  });

  it('refuses binary and over-large files', () => {
    assert.equal(plan({ 'b.bin': 'a\u0000b' }, [replaceOp('b.bin', 'a\n', 'b\n')]).receipt.errors[0].code, 'BINARY_FILE');
    assert.equal(plan({ 'big': 'x'.repeat(100) }, [replaceOp('big', 'x\n', 'y\n')], { maxFileChars: 10 }).receipt.errors[0].code, 'TOO_LARGE');
  });

  it('uses the hint path for blocks without a path and says so when there is none', () => {
    assert.equal(proposed(plan({ 'h.ts': 'a\n' }, [replaceOp(undefined, 'a\n', 'b\n')], { hintPath: 'h.ts' }), 'h.ts'), 'b\n');
    assert.equal(plan({}, [replaceOp(undefined, 'a\n', 'b\n')]).receipt.errors[0].code, 'NO_TARGET_FILE');
  });

  it('says NO_EDITS_FOUND for a reply with nothing in it', () => {
    assert.equal(plan({}, []).receipt.errors[0].code, 'NO_EDITS_FOUND');
  });

  it('appends for an empty search and creates a missing file', () => {
    assert.equal(proposed(plan({ 'a': 'x' }, [replaceOp('a', '', 'y\n')]), 'a'), 'x\ny');
    assert.equal(proposed(plan({}, [replaceOp('n.md', '', '# New\n')]), 'n.md'), '# New\n');
  });
});

describe('planReply: explicit final newline', () => {
  it('adds or removes the final newline when a diff says so at the end of the file', () => {
    assert.equal(proposed(plan({ 'f': 'a\nb' }, [replaceOp('f', 'b\n', 'b\n', { finalNewline: true, search: 'b\n', replacement: 'c\n' })]), 'f'), 'a\nc\n');
    assert.equal(proposed(plan({ 'f': 'a\nb\n' }, [replaceOp('f', 'b\n', 'c\n', { finalNewline: false })]), 'f'), 'a\nc');
    // Away from the end of the file the flag has nothing to say.
    assert.equal(proposed(plan({ 'f': 'a\nb\n' }, [replaceOp('f', 'a\n', 'z\n', { finalNewline: false })]), 'f'), 'z\nb\n');
  });
});

describe('planReply: blank lines at the edges of a block', () => {
  it('places a block whose search text starts with a blank line the file does not have there', () => {
    const file = 'def a():\n    return 1\ndef b():\n    return 2\n';
    const result = plan({ 'x.py': file }, [replaceOp('x.py', '\ndef b():\n    return 2\n', '\ndef b():\n    return 3\n')]);
    assert.equal(proposed(result, 'x.py'), 'def a():\n    return 1\ndef b():\n    return 3\n');
  });
});

describe('planReply: re-applying a reply changes nothing', () => {
  it('does not insert a tool-call edit\'s new text again when it already surrounds the old text', () => {
    const op: EditOp = { kind: 'replace', path: 's.json', search: '"digest": true,', replacement: '"digest": true,\n  "reminders": true,', granularity: 'chars', expectedCount: 1, source: src(1) };
    const once = proposed(plan({ 's.json': '{\n  "digest": true,\n  "x": 1\n}\n' }, [op]), 's.json')!;
    const again = plan({ 's.json': once }, [op]);
    assert.equal(again.receipt.files[0].edits[0].status, 'alreadyApplied');
    assert.equal(again.changes.length, 0);
  });

  it('reports a fuzzy hit on the edit\'s own result as alreadyApplied', () => {
    const search = 'jobs:\n  test:\n    strategy:\n      matrix:\n        node: [18, 20]\n';
    const replacement = 'jobs:\n  test:\n    strategy:\n      matrix:\n        node: [18, 20, 22]\n';
    const result = plan({ 'ci.yml': 'name: ci\n' + replacement + '    steps: []\n' }, [replaceOp('ci.yml', search, replacement)]);
    assert.equal(result.receipt.files[0].edits[0].status, 'alreadyApplied');
    assert.equal(result.changes.length, 0);
  });
});

describe('planReply: mixed line endings', () => {
  it('keeps each kept line\'s own ending and gives a changed line the ending of the line it replaces', () => {
    const file = 'a = 1\r\nb = 2\r\nc = 3\nd = 4\n';
    const result = plan({ 'm.py': file }, [replaceOp('m.py', 'b = 2\nc = 3\nd = 4\n', 'b = 2\nc = 30\nd = 4\n')]);
    assert.equal(proposed(result, 'm.py'), 'a = 1\r\nb = 2\r\nc = 30\nd = 4\n');
  });
});

describe('planReply: re-applied inserts and appends', () => {
  const ins = (text: string, afterLine: number): EditOp => ({ kind: 'insert', path: 'Makefile', afterLine, text, source: src(1) });
  it('does not insert lines a second time', () => {
    const once = proposed(plan({ Makefile: 'all:\n\tgo build\n' }, [ins('\nfmt:\n\tgofmt -w .\n', 2)]), 'Makefile')!;
    assert.equal(once, 'all:\n\tgo build\n\nfmt:\n\tgofmt -w .\n');
    const again = plan({ Makefile: once }, [ins('\nfmt:\n\tgofmt -w .\n', 2)]);
    assert.equal(again.receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('does not append twice to a file without a final newline', () => {
    const once = proposed(plan({ 'r.js': 'module.exports = f;' }, [replaceOp('r.js', '', '\nmodule.exports.default = f;\n')]), 'r.js')!;
    const again = plan({ 'r.js': once }, [replaceOp('r.js', '', '\nmodule.exports.default = f;\n')]);
    assert.equal(again.receipt.files[0].edits[0].status, 'alreadyApplied');
  });
});

describe('planReply: an empty search on a file with content', () => {
  const calc = 'import math\n\n\ndef add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return a - b\n';

  it('takes the whole file written again for its new text, which appending would double', () => {
    const whole = plan({ 'calc.py': calc }, [replaceOp('calc.py', '', calc + '\n\ndef mul(a, b):\n    return a * b\n')]);
    assert.equal(proposed(whole, 'calc.py'), calc + '\n\ndef mul(a, b):\n    return a * b\n');
    assert.equal(whole.receipt.files[0].edits[0].strategy, 'rewrite');
    assert.match(whole.receipt.files[0].edits[0].warnings?.join(' ') ?? '', /whole of calc\.py written again/);
  });

  it('is refused when its text repeats three lines in a row of the file without being all of it', () => {
    const part = plan({ 'calc.py': calc }, [replaceOp('calc.py', '', 'def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n    return b - a\n')]);
    assert.equal(part.changes.length, 0);
    assert.equal(part.receipt.errors[0].code, 'FILE_EXISTS');
    assert.match(part.receipt.errors[0].message, /repeats the lines of the file from line 4 \("def add\(a, b\):"\)/);
  });

  it('is refused when it defines again a top-level name the file defines (a function rewritten, given a parameter)', () => {
    const rewritten = plan({ 'calc.py': calc }, [replaceOp('calc.py', '', 'def sub(a, b, c=0):\n    return a - b - c\n')]);
    assert.equal(rewritten.receipt.errors[0].code, 'FILE_EXISTS');
    assert.match(rewritten.receipt.errors[0].message, /defines again what the file defines at line 8 \("def sub\(a, b\):"\)/);
  });

  it('still appends new code that repeats a line or two of the file, or an indented definition', () => {
    const file = 'class A:\n    def __init__(self):\n        super().__init__()\n        self.items = []\n';
    const added = '\n\nclass B:\n    def __init__(self):\n        super().__init__()\n        self.names = []\n';
    assert.equal(proposed(plan({ 'a.py': file }, [replaceOp('a.py', '', added)]), 'a.py'), file + added);
    const js = 'function a() {\n  return x;\n}\n';
    const more = '\nfunction b() {\n  return x;\n}\n';
    assert.equal(proposed(plan({ 'f.js': js }, [replaceOp('f.js', '', more)]), 'f.js'), js + more);
  });
});

describe('planReply: a "whole file" that is only a part of the file', () => {
  const file = Array.from({ length: 30 }, (_, i) => (i === 10 ? 'function target() {' : i === 11 ? '  return 1;' : i === 12 ? '}' : `const line${i} = ${i};`)).join('\n') + '\n';
  it('is placed where its lines match instead of replacing the whole file', () => {
    const ops: EditOp[] = [{ kind: 'rewrite', path: 'big.ts', content: 'function target() {\n  return 2;\n}\n', partial: false, source: src(1) }];
    const result = plan({ 'big.ts': file }, ops);
    assert.equal(proposed(result, 'big.ts'), file.replace('  return 1;', '  return 2;'));
  });

  it('is refused when it cannot be placed', () => {
    const ops: EditOp[] = [{ kind: 'rewrite', path: 'big.ts', content: 'function other() {\n  return 2;\n}\n', partial: false, source: src(1) }];
    assert.equal(plan({ 'big.ts': file }, ops).receipt.errors[0].code, 'ELISION_UNRESOLVED');
  });
});

describe('planReply: an elision in the replacement only', () => {
  it('keeps the search lines it stands for', () => {
    const file = 'def f(x):\n    check(x)\n    a = load(x)\n    b = parse(a)\n    return b\n';
    const result = plan({ 'f.py': file }, [
      replaceOp('f.py', 'def f(x):\n    check(x)\n    a = load(x)\n    b = parse(a)\n    return b\n', 'def f(x):\n    check(x)\n    log(x)\n    # ... rest unchanged ...\n'),
    ]);
    assert.equal(proposed(result, 'f.py'), 'def f(x):\n    check(x)\n    log(x)\n    a = load(x)\n    b = parse(a)\n    return b\n');
  });
});

describe('planReply: several kinds of edit on one file', () => {
  it('locates a SEARCH/REPLACE after a whole-file block on the rewritten text, and never throws', () => {
    const ops: EditOp[] = [
      { kind: 'rewrite', path: 'a.ts', content: 'one\nTWO\nthree\n', partial: false, source: src(1) },
      replaceOp('a.ts', 'one\n', 'uno\n'),
    ];
    const result = plan({ 'a.ts': 'one\ntwo\nthree\n' }, ops);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(proposed(result, 'a.ts'), 'uno\nTWO\nthree\n');
  });
});

describe('planReply: tab-indented files with comments', () => {
  it('writes a new tab-indented line with a tab', () => {
    const file = '/**\n * Options.\n * More about them.\n * And more.\n */\nexport interface HeaderOptions {\n\tincludeIndex: boolean;\n\tincludeUnderline: boolean;\n}\n';
    const result = plan({ 'h.ts': file }, [replaceOp('h.ts', 'export interface HeaderOptions {\n\tincludeIndex: boolean;\n', 'export interface HeaderOptions {\n\tincludeIndex: boolean;\n\tincludeHeader: boolean;\n')]);
    assert.equal(proposed(result, 'h.ts'), file.replace('\tincludeIndex: boolean;\n', '\tincludeIndex: boolean;\n\tincludeHeader: boolean;\n'));
  });
});

describe('planReply: more failure codes', () => {
  it('says FILE_NOT_FOUND for an edit of a missing file, and for a move of one', () => {
    assert.equal(plan({}, [replaceOp('missing.ts', 'a\n', 'b\n')]).receipt.errors[0].code, 'FILE_NOT_FOUND');
    assert.equal(plan({}, [{ kind: 'move', from: 'gone.ts', to: 'new.ts', source: src(1) }]).receipt.errors[0].code, 'FILE_NOT_FOUND');
  });

  it('says OVERLAPPING_EDITS when a block targets lines an earlier block changes', () => {
    const result = plan({ 'o.txt': 'alpha\nbeta\ngamma\n' }, [replaceOp('o.txt', 'alpha\nbeta\n', 'ALPHA\n'), replaceOp('o.txt', 'beta\ngamma\n', 'GAMMA\n')]);
    assert.equal(result.receipt.errors[0].code, 'OVERLAPPING_EDITS');
    assert.equal(result.changes.length, 0);
  });
});

describe('planReply: the host refuses a path', () => {
  it('reports OUTSIDE_WORKSPACE for a path the host says leads out (a symlink)', () => {
    const result = plan({ 'link/s.txt': 'secret\n' }, [replaceOp('link/s.txt', 'secret\n', 'x\n')], { refusePath: (p) => (p.startsWith('link/') ? 'a symbolic link leads out' : undefined) });
    assert.equal(result.receipt.errors[0].code, 'OUTSIDE_WORKSPACE');
    assert.equal(result.changes.length, 0);
  });
});

describe('planReply: failures name the lines of the reply they come from', () => {
  it('a refused new file, insert and whole-file block each report their own reply lines', async () => {
    const { parseReply } = await import('../../src/core/parse/registry');
    const { planReply } = await import('../../src/core/pipeline');
    const reply = [
      'Create the config:',
      '',
      'config.json',
      '```json',
      '{ "a": 2 }',
      '```',
      '',
      'And the rewritten module:',
      '',
      'mod.py',
      '```python',
      'def f():',
      '    # ... existing code ...',
      '    return 2',
      '```',
      '',
      '*** Begin Patch',
      '*** Add File: mod.py',
      '+x = 1',
      '*** End Patch',
      '',
    ].join('\n');
    const files: Record<string, string> = { 'config.json': '{ "a": 1 }\n', 'mod.py': 'def g():\n    return 1\n' };
    const parsed = parseReply(reply);
    const result = planReply(parsed, (p) => files[p]);
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.receipt.errors.map((e) => e.code).sort(), ['ELISION_UNRESOLVED', 'FILE_EXISTS']);
    for (const error of result.receipt.errors) {
      const op = parsed.ops.find((o) => o.source.block === error.block)!;
      assert.ok(error.replyLines && error.replyLines.start > 0, `${error.code} has reply lines ${JSON.stringify(error.replyLines)}`);
      assert.deepEqual(error.replyLines, { start: op.source.startLine, end: op.source.endLine });
    }
  });
});

describe('planReply: a fenced file without a path', () => {
  const file = ['import os', '', 'def a():', '    return 1', '', 'def b():', '    return 2', '', 'print(a() + b())', ''].join('\n');
  const run = async (reply: string, hintPath?: string) => {
    const { runReply } = await import('../../src/core/pipeline');
    return runReply(reply, (p) => (p === 'app.py' ? file : undefined), hintPath === undefined ? {} : { hintPath });
  };
  const whole = ['Here is the whole file:', '', '```python', 'import os', '', 'def a():', '    return 10', '', 'def b():', '    return 2', '', 'print(a() + b())', '```', ''].join('\n');

  it('is applied to the hint file when it is plainly the whole of it', async () => {
    const result = await run(whole, 'app.py');
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(proposed(result, 'app.py'), file.replace('return 1\n', 'return 10\n'));
    assert.deepEqual(result.receipt.files[0].edits.map((e) => [e.block, e.strategy]), [[1, 'rewrite']]);
  });

  it('places a block that gives one of the hint file\'s definitions anew as a part of it, and leaves out blocks that define nothing the file has', async () => {
    const part = await run(['Change `a`:', '', '```python', 'def a():', '    return 10', '```', '', 'Then call it:', '', '```python', 'print(a())', '```', ''].join('\n'), 'app.py');
    assert.equal(part.receipt.ok, true, JSON.stringify(part.receipt.errors));
    assert.equal(proposed(part, 'app.py'), file.replace('return 1\n', 'return 10\n'));
    assert.match(part.receipt.files[0].edits[0].warnings?.join('\n') ?? '', /names no file; it gives `def a`, which app.py defines once/);
    // Two versions of one definition: which is meant is the user's choice. The same one twice is one.
    const versions = await run(['```python', 'def a():', '    return 10', '```', 'or', '```python', 'def a():', '    return 11', '```', ''].join('\n'), 'app.py');
    assert.deepEqual(versions.receipt.errors.map((e) => e.code), ['AMBIGUOUS']);
    assert.match(versions.receipt.errors[0].message, /2 of them \(reply lines 1-4, 6-9\) each give `def a` of app.py, differently/);
    assert.equal(versions.changes.length, 0);
    const same = await run(['```python', 'def a():', '    return 10', '```', 'again:', '```python', 'def a():', '    return 10', '```', ''].join('\n'), 'app.py');
    assert.equal(proposed(same, 'app.py'), file.replace('return 1\n', 'return 10\n'));
    // The same name with a body that has nothing of the file's (another file's `a`, shown while this one is open): left out.
    const stranger = await run(['```python', 'def a():', '    config = load_config()', '    serve(config)', '```', ''].join('\n'), 'app.py');
    assert.deepEqual(stranger.receipt.errors.map((e) => e.code), ['NO_EDITS_FOUND']);
    // A definition the file does not have (a new test, a helper elsewhere) stays an illustration.
    const other = await run(['```python', 'def test_a():', '    assert a() == 1', '```', ''].join('\n'), 'app.py');
    assert.deepEqual(other.receipt.errors.map((e) => e.code), ['NO_EDITS_FOUND']);
    assert.equal(other.changes.length, 0);
  });

  it('stays an illustration without a hint, or beside real edits', async () => {
    const withoutHint = await run(whole);
    assert.deepEqual(withoutHint.receipt.errors.map((e) => e.code), ['NO_EDITS_FOUND']);
    assert.match(withoutHint.receipt.errors[0].message, /names no file, and no target file was given/);
    const part = await run(['Change `a`:', '', '```python', 'def a():', '    return 10', '```', ''].join('\n'));
    assert.deepEqual(part.receipt.errors.map((e) => e.code), ['NO_EDITS_FOUND']);
    assert.equal(part.changes.length, 0);
    const twice = await run(whole + '\nOr, the same:\n\n' + whole, 'app.py');
    assert.deepEqual(twice.receipt.errors.map((e) => e.code), ['NO_EDITS_FOUND']);
    const beside = await run(whole + '\napp.py\n```python\n<<<<<<< SEARCH\ndef b():\n    return 2\n=======\ndef b():\n    return 3\n>>>>>>> REPLACE\n```\n', 'app.py');
    assert.equal(beside.receipt.ok, true);
    assert.equal(proposed(beside, 'app.py'), file.replace('return 2\n', 'return 3\n'));
  });

  it('is never read as a file when the fence shows a shell session', async () => {
    const shell = ['```bash', 'import os', 'def a():', '    return 10', 'print(a() + b())', '```', ''].join('\n');
    const result = await run(shell, 'app.py');
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['NO_EDITS_FOUND']);
  });
});

describe('planReply: a search text indented in another step than the file', () => {
  const file = 'def main():\n    x = 1\n\n    y = 2\n    return x + y\n\n\ndef other():\n    pass\n';

  it('writes new lines at the file\'s depth, nested ones included (2-space reply, 4-space file)', () => {
    const nested = plan({ 'app.py': file }, [replaceOp('app.py', 'def main():\n  x = 1\n\n  y = 2\n  return x + y\n', 'def main():\n  x = 1\n\n  y = 2\n  if y > 1:\n    y += x\n  return x + y\n')]);
    assert.equal(proposed(nested, 'app.py'), file.replace('    y = 2\n', '    y = 2\n    if y > 1:\n        y += x\n'));
    const changed = plan({ 'app.py': file }, [replaceOp('app.py', 'def other():\n  pass\n', 'def other():\n  return None\n')]);
    assert.equal(proposed(changed, 'app.py'), file.replace('    pass\n', '    return None\n'));
  });

  it('keeps a plain offset when the whole block is only shifted (quoted flush-left)', () => {
    const shifted = plan({ 'app.py': file }, [replaceOp('app.py', 'x = 1\n\ny = 2\n', 'x = 1\n\ny = 2\nz = 3\n')]);
    assert.equal(proposed(shifted, 'app.py'), file.replace('    y = 2\n', '    y = 2\n    z = 3\n'));
  });
});

describe('planReply: the same block twice', () => {
  it('applies it once and reports the repeat as already applied, not as an overlap', () => {
    const file = 'a\nb\nc\n';
    const result = plan({ 'f.txt': file }, [replaceOp('f.txt', 'b\n', 'B\n'), replaceOp('f.txt', 'b\n', 'B\n')]);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(proposed(result, 'f.txt'), 'a\nB\nc\n');
    assert.deepEqual(result.receipt.files[0].edits.map((e) => e.status), ['applied', 'alreadyApplied']);
  });

  it('still refuses two different edits of the same lines', () => {
    const result = plan({ 'f.txt': 'a\nb\nc\n' }, [replaceOp('f.txt', 'b\n', 'B\n'), replaceOp('f.txt', 'b\n', 'X\n')]);
    assert.equal(result.receipt.ok, false);
    assert.equal(result.changes.length, 0);
  });
});

describe('planReply: the whole of one file given twice', () => {
  const file = 'def f():\n    return 1\n\n\ndef g():\n    return 2\n';
  const fenced = (path: string, body: string) => [path, '```python', ...body.replace(/\n$/, '').split('\n'), '```'].join('\n');
  const updated = file.replace('return 2', 'return 3');
  const other = file.replace('return 2', 'return 4');
  const run = (reply: string, files: Record<string, string> = { 'a.py': file }) => runReply(reply, (path) => files[path]);

  it('applies the version that differs when the one before it is the file as it is (current, then updated)', () => {
    const result = run(['Your a.py now:', '', fenced('a.py', file), '', 'Updated:', '', fenced('a.py', updated)].join('\n'));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, updated);
  });

  it('refuses two versions that differ (a choice, a second attempt, or the old file shown after the new): the last one silently won', () => {
    for (const second of [other, file]) {
      const result = run(['Updated:', '', fenced('a.py', updated), '', 'Or:', '', fenced('a.py', second)].join('\n'));
      assert.equal(result.receipt.ok, false);
      assert.equal(result.receipt.errors[0].code, 'AMBIGUOUS');
      assert.match(result.receipt.errors[0].message, /gives the whole of a\.py twice, in block 1 and in this one/);
    }
    const created = run([fenced('new.py', 'print(1)\n'), 'Or better:', fenced('new.py', 'print(2)\n')].join('\n'), {});
    assert.equal(created.receipt.errors[0]?.code, 'AMBIGUOUS');
  });

  it('applies the same version given twice once, and still merges two snippets of one file', () => {
    const twice = run([fenced('a.py', updated), 'Again:', fenced('a.py', updated)].join('\n'));
    assert.equal(twice.receipt.ok, true);
    assert.equal(twice.changes[0].newText, updated);
    const long = Array.from({ length: 30 }, (_, i) => `def f${i}():\n    return ${i}\n`).join('\n');
    const snippets = run([fenced('b.py', 'def f3():\n    return 33\n'), 'and', fenced('b.py', 'def f20():\n    return 220\n')].join('\n'), { 'b.py': long });
    assert.equal(snippets.receipt.ok, true, JSON.stringify(snippets.receipt.errors));
    assert.equal(snippets.changes[0].newText, long.replace('return 3\n', 'return 33\n').replace('return 20\n', 'return 220\n'));
  });
});

describe('planReply: a whole file cut short', () => {
  const fenced = (path: string, lines: readonly string[]) => [`Updated \`${path}\`:`, '', path, '```', ...lines, '```', '', 'The rest of the file stays the same.'].join('\n');
  const run = (path: string, file: string, reply: string) => runReply(reply, (p) => (p === path ? file : undefined));
  const ts = [
    "import { readFile } from 'node:fs/promises';",
    '',
    'export interface Settings {',
    '  readonly retries: number;',
    '  readonly timeout: number;',
    '}',
    '',
    'export async function load(path: string): Promise<Settings> {',
    "  const text = await readFile(path, 'utf8');",
    '  const raw = JSON.parse(text) as Partial<Settings>;',
    '  return { retries: raw.retries ?? 3, timeout: raw.timeout ?? 1000 };',
    '}',
    '',
    'export function validate(settings: Settings): string[] {',
    '  const problems: string[] = [];',
    "  if (settings.retries < 0) problems.push('retries must not be negative');",
    "  if (settings.timeout <= 0) problems.push('timeout must be positive');",
    '  return problems;',
    '}',
    '',
    'export function describe(settings: Settings): string {',
    '  return `${settings.retries} retries, ${settings.timeout} ms`;',
    '}',
    '',
  ];
  const file = ts.join('\n');
  const edited = file.replace('raw.retries ?? 3', 'raw.retries ?? 5');
  const editedLines = edited.split('\n');

  it('keeps the rest of the file when the block stops inside a function it does not close (before, the rest was deleted)', () => {
    const cut = editedLines.slice(0, 17); // up to the second check of validate: its `{` left open
    const result = run('src/settings.ts', file, fenced('src/settings.ts', cut));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, edited);
    assert.match(result.receipt.files[0].edits[0].warnings?.join('\n') ?? '', /not the whole file: it stops with 1 "\{" left open where the file goes on/);
  });

  it('keeps the head of the file when the block starts inside it, closing what it never opened', () => {
    const late = editedLines.slice(4); // from inside the interface: its `}` was opened above
    const result = run('src/settings.ts', file, fenced('src/settings.ts', late));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, edited);
  });

  it('reads a Python block that stops inside an open call or docstring as a part', () => {
    const py = [
      'import logging',
      '',
      'log = logging.getLogger(__name__)',
      '',
      '',
      'def connect(host, port=5432):',
      '    """Opens a connection.',
      '',
      '    Retries three times before giving up.',
      '    """',
      '    for attempt in range(3):',
      '        try:',
      '            return open_socket(',
      '                host,',
      '                port,',
      '            )',
      '        except OSError:',
      "            log.warning('attempt %d failed', attempt)",
      '    raise ConnectionError(host)',
      '',
    ].join('\n');
    const updated = py.replace("'attempt %d failed'", "'attempt %d of 3 failed'");
    const cut = updated.split('\n').slice(0, 14); // inside `open_socket(`
    const result = run('db.py', py, fenced('db.py', cut).replace(/^```$/m, '```python'));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes.length, 0, 'the part shown changes nothing, and the rest is kept');
  });

  it('keeps the imports a whole file leaves out (before, they were deleted), in TypeScript, Python and Go', () => {
    const noImports = editedLines.slice(2); // from `export interface Settings {` on
    const result = run('src/settings.ts', file, fenced('src/settings.ts', noImports));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, edited);
    assert.match(result.receipt.files[0].edits[0].warnings?.join('\n') ?? '', /it leaves out the file's first 2 lines, its imports, and has none of its own/);
    const py = ['#!/usr/bin/env python3', 'from typing import (', '    Iterable,', '    Optional,', ')', 'import sys', '', '', 'def first(items: Iterable[str]) -> Optional[str]:', '    for item in items:', '        return item', '    return None', '', '', 'def main() -> int:', '    print(first(sys.argv[1:]))', '    return 0', ''].join('\n');
    const pyEdited = py.replace('    return 0', '    return 1');
    const pyResult = run('cli.py', py, fenced('cli.py', pyEdited.split('\n').slice(7, -1)));
    assert.equal(pyResult.changes[0]?.newText, pyEdited);
    const go = ['package main', '', 'import (', '\t"fmt"', '\t"os"', ')', '', 'func main() {', '\tif len(os.Args) < 2 {', '\t\tos.Exit(2)', '\t}', '\tfmt.Println(os.Args[1])', '}', ''].join('\n');
    const goEdited = go.replace('os.Exit(2)', 'os.Exit(64)');
    const goResult = run('main.go', go, fenced('main.go', goEdited.split('\n').slice(7, -1)));
    assert.equal(goResult.changes[0]?.newText, goEdited);
  });

  it('writes a whole file that has imports of its own, or a line of the code above its start, as given', () => {
    // The model rewrote the imports: the file it wrote.
    const ownImports = ["import { readFile, stat } from 'node:fs/promises';", ...editedLines.slice(1, -1)];
    const own = run('src/settings.ts', file, fenced('src/settings.ts', ownImports));
    assert.equal(own.changes[0]?.newText, ownImports.join('\n') + '\n');
    // The interface moved below the functions: the block holds the code above its start, so it is the file's new text.
    const moved = [...editedLines.slice(7, -1), '', ...editedLines.slice(2, 6)];
    const reordered = run('src/settings.ts', file, fenced('src/settings.ts', moved));
    assert.equal(reordered.changes[0]?.newText, moved.join('\n') + '\n');
  });

  it('writes a whole file that leaves out the first import and edits the others as the file without it; one with the imports as they are stays a part', () => {
    const threeImports = ["import { watch } from 'node:fs';", ts[0], "import { join } from 'node:path';", ...ts.slice(1)].join('\n');
    // The model dropped the unused `watch` and added `resolve`: it wrote the imports as it wants them.
    const pruned = [editedLines[0], "import { join, resolve } from 'node:path';", ...editedLines.slice(1, -1)];
    const whole = run('src/settings.ts', threeImports, fenced('src/settings.ts', pruned));
    assert.equal(whole.receipt.ok, true, JSON.stringify(whole.receipt.errors));
    assert.equal(whole.changes[0]?.newText, pruned.join('\n') + '\n');
    // The same start with the file's own imports: a part from the second line on, the first line kept.
    const kept = [editedLines[0], "import { join } from 'node:path';", ...editedLines.slice(1, -1)];
    const part = run('src/settings.ts', threeImports, fenced('src/settings.ts', kept));
    assert.equal(part.changes[0]?.newText, ["import { watch } from 'node:fs';", ...kept].join('\n') + '\n');
  });

  it('writes a whole file that leaves out the first import and every use of it as the file without it; one still using it stays a part', () => {
    const absolute = "  const text = await readFile(isAbsolute(path) ? path : `./${path}`, 'utf8');";
    const withPath = ["import { isAbsolute } from 'node:path';", ...ts].join('\n').replace("  const text = await readFile(path, 'utf8');", absolute);
    // The `isAbsolute` branch dropped, and its import with it: the block has no use left for it.
    const whole = run('src/settings.ts', withPath, fenced('src/settings.ts', editedLines.slice(0, -1)));
    assert.equal(whole.changes[0]?.newText, edited);
    // The branch kept: the block still calls `isAbsolute`, so the import above it stays.
    const stillUsed = editedLines.slice(0, -1).map((line) => (line.includes('readFile(path') ? absolute : line));
    const part = run('src/settings.ts', withPath, fenced('src/settings.ts', stillUsed));
    assert.equal(part.changes[0]?.newText, ["import { isAbsolute } from 'node:path';", ...stillUsed].join('\n') + '\n');
  });

  it('writes a whole file whose first import is laid out over several lines as the file it is (its first line, `import {`, stands further down in the file)', () => {
    const listed = ["import { watch } from 'node:fs';", 'import {', '  readFile,', "} from 'node:fs/promises';", ...ts.slice(1)].join('\n');
    const relaid = ['import {', '  watch,', "} from 'node:fs';", 'import {', '  readFile,', "} from 'node:fs/promises';", ...editedLines.slice(1, -1)];
    const whole = run('src/settings.ts', listed, fenced('src/settings.ts', relaid));
    assert.equal(whole.changes[0]?.newText, relaid.join('\n') + '\n', 'the old one-line import is not kept above its new form');
  });

  it('keeps the code above a block that starts further down and holds none of it (before, the import and the interface its code uses were deleted)', () => {
    const fromLoad = editedLines.slice(7, -1);
    const shorter = run('src/settings.ts', file, fenced('src/settings.ts', fromLoad));
    assert.equal(shorter.receipt.ok, true, JSON.stringify(shorter.receipt.errors));
    assert.equal(shorter.changes[0]?.newText, edited);
    assert.match(shorter.receipt.files[0].edits[0].warnings?.join('\n') ?? '', /starts on line 8 of the file and has none of the 4 lines of code above it/);
  });

  it('refuses a block that starts further down, ends as the file does and holds none of the code above, without an import there: a last part, or the file without its first function', () => {
    const py = [
      'def parse(text):', '    return text.split(",")', '', '',
      'def total(values):', '    result = 0', '    for value in values:', '        result += value', '    return result', '', '',
      'def mean(values):', '    if not values:', '        return 0', '    return total(values) / len(values)', '',
    ].join('\n');
    const lines = py.split('\n');
    const changed = [...lines.slice(4, -2), '    return total(values) / float(len(values))'];
    const guess = run('stats.py', py, fenced('stats.py', changed));
    assert.equal(guess.receipt.ok, false);
    assert.equal(guess.receipt.errors[0].code, 'AMBIGUOUS');
    // The file's own lines from there on, unchanged: only the file without its first function is an edit.
    const dropped = run('stats.py', py, fenced('stats.py', lines.slice(4, -1)));
    assert.equal(dropped.changes[0]?.newText, lines.slice(4).join('\n'));
  });

  it('still writes a whole file that ends as the file does, or ends on new code, or stops where its brackets close', () => {
    // Ends as the file does, with new code whose brace the model left open: the file it wrote.
    const unclosed = file.replace("  if (settings.timeout <= 0) problems.push('timeout must be positive');", '  if (settings.timeout <= 0) {');
    const whole = run('src/settings.ts', file, fenced('src/settings.ts', unclosed.split('\n').slice(0, -1)));
    assert.equal(whole.changes[0]?.newText, unclosed);
    // Ends on code the file does not have: new code, not a cut.
    const replaced = [...editedLines.slice(0, 20), 'export function summary(settings: Settings): string {', '  return describe(settings);'];
    const rewritten = run('src/settings.ts', file, fenced('src/settings.ts', replaced));
    assert.equal(rewritten.changes[0]?.newText, replaced.join('\n') + '\n');
    // Stops after a function, its brackets closed: dropping the last function is an edit a whole file makes.
    // The blank line the block ends with (the one between the functions) is not added to the
    // file's end, which has none.
    const dropped = editedLines.slice(0, 20);
    const shorter = run('src/settings.ts', file, fenced('src/settings.ts', dropped));
    assert.equal(shorter.changes[0]?.newText, dropped.slice(0, -1).join('\n') + '\n');
  });
});

describe('planReply: comments that read like elisions', () => {
  const searchReplace = (path: string, search: string, replace: string) => `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
  const options = (file: string) => (path: string) => (path === 'opts.py' ? file : undefined);
  const file = 'def build_parser():\n    parser = argparse.ArgumentParser()\n    parser.add_argument("--input", required=True)\n    # Other options\n    parser.add_argument("--output")\n    return parser\n';

  it('deletes a comment of the file that the search text quotes (read as text, not as code left out)', () => {
    const reply = searchReplace('opts.py', '    parser.add_argument("--input", required=True)\n    # Other options\n    parser.add_argument("--output")\n', '    parser.add_argument("--input", required=True)\n    parser.add_argument("--output", default="out.txt")\n');
    const result = runReply(reply, options(file));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, file.replace('    # Other options\n    parser.add_argument("--output")\n', '    parser.add_argument("--output", default="out.txt")\n'));
    assert.equal(result.receipt.files[0].edits[0].strategy, 'exact');
  });

  it('writes a new comment such as "// previous value" as code: the line it replaces is deleted, not kept', () => {
    const code = 'function step(cur) {\n  const a = cur + 1;\n  oldThing();\n  return a;\n}\n';
    for (const comment of ['// previous value', '// see above', '// Other options']) {
      const reply = searchReplace('prev.js', '  const a = cur + 1;\n  oldThing();\n  return a;\n', `  const a = cur + 1;\n  ${comment}\n  const prev = cur;\n  return a;\n`);
      const result = runReply(reply, (path) => (path === 'prev.js' ? code : undefined));
      assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
      assert.equal(result.changes[0].newText, code.replace('  oldThing();\n', `  ${comment}\n  const prev = cur;\n`), comment);
    }
  });

  it('still reads a marker that says the code stays as code left out', () => {
    const code = 'function step(cur) {\n  const a = cur + 1;\n  oldThing();\n  return a;\n}\n';
    const reply = searchReplace('prev.js', '  const a = cur + 1;\n  oldThing();\n  return a;\n', '  const a = cur + 2;\n  // ... existing code ...\n  return a;\n');
    const result = runReply(reply, (path) => (path === 'prev.js' ? code : undefined));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, code.replace('cur + 1', 'cur + 2'));
  });
});

describe('planReply: an edit that deletes lines, against a file that changed', () => {
  const searchReplace = (search: string, replace: string) => `a.py\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
  const run = (reply: string, file: string) => runReply(reply, (path) => (path === 'a.py' ? file : undefined));
  const deleteY = searchReplace('    x = 1\n    y = 2\n', '    x = 1\n');

  it('is not "already applied" where the line it deletes still stands, edited (y = 3 for y = 2): refused, nothing written', () => {
    const result = run(deleteY, 'def main():\n    x = 1\n    y = 3\n    print(x, y)\n');
    assert.equal(result.receipt.ok, false);
    assert.equal(result.receipt.errors[0].code, 'NO_MATCH');
    assert.equal(result.changes.length, 0);
  });

  it('is already applied where the line is gone', () => {
    const result = run(deleteY, 'def main():\n    x = 1\n    print(x)\n');
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('judges a line deleted above the kept ones the same way', () => {
    const deleteW = searchReplace('    w = 0\n    x = 1\n', '    x = 1\n');
    assert.equal(run(deleteW, 'def main():\n    w = 5\n    x = 1\n').receipt.ok, false);
    assert.equal(run(deleteW, 'def main():\n    x = 1\n').receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('judges a deleted line the same way when the replacement also edits the line next to it (x = 1 / y = 2 made x = 10)', () => {
    const deleteYEditX = searchReplace('    x = 1\n    y = 2\n', '    x = 10\n');
    const standing = run(deleteYEditX, 'def main():\n    x = 10\n    y = 2\n    print(x, y)\n');
    assert.equal(standing.receipt.ok, false);
    assert.equal(standing.receipt.errors[0].code, 'NO_MATCH');
    assert.equal(standing.changes.length, 0);
    assert.equal(run(deleteYEditX, 'def main():\n    x = 10\n    print(x)\n').receipt.files[0].edits[0].status, 'alreadyApplied');
    const deleteWEditX = searchReplace('    w = 0\n    x = 1\n', '    x = 10\n');
    assert.equal(run(deleteWEditX, 'def main():\n    w = 0\n    x = 10\n').receipt.ok, false);
    assert.equal(run(deleteWEditX, 'def main():\n    x = 10\n').receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('counts the lines a replacement of other words stands for from its inner side (three lines made one call)', () => {
    const collapse = searchReplace('    a = load()\n    b = parse(a)\n    c = check(b)\n', '    run_all()\n');
    assert.equal(run(collapse, 'def main():\n    run_all()\n    b = parse(a)\n    c = check(b)\n').receipt.ok, false);
    assert.equal(run(collapse, 'def main():\n    run_all()\n    done()\n').receipt.files[0].edits[0].status, 'alreadyApplied');
  });
});
