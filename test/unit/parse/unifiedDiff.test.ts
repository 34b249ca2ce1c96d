import * as assert from 'node:assert/strict';
import type { EditOp, ParsedReply, ReplaceOp } from '../../../src/core/ir';
import { unifiedDiffParser } from '../../../src/core/parse/unifiedDiff';
import { parseReply, toReplyText } from '../../../src/core/parse/registry';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

function parse(text: string): ParsedReply {
  return parseReply(text, [unifiedDiffParser]);
}

function replaces(ops: EditOp[]): ReplaceOp[] {
  return ops.filter((op): op is ReplaceOp => op.kind === 'replace');
}

describe('unified diff parser', () => {
  it('turns a fenced hunk into one line-granular replace with a line hint', () => {
    const r = parse([
      'Fix:', '```diff', '--- a/inventory.py', '+++ b/inventory.py', '@@ -40,4 +40,4 @@',
      '     def remove(self):', '-        if have < qty:', '+        if have < qty or qty <= 0:', '             return False', '```', 'Done.',
    ].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.equal(r.ops.length, 1);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.kind, 'replace');
    assert.equal(op.path, 'inventory.py');
    assert.equal(op.search, '    def remove(self):\n        if have < qty:\n            return False\n');
    assert.equal(op.replacement, '    def remove(self):\n        if have < qty or qty <= 0:\n            return False\n');
    assert.equal(op.granularity, 'lines');
    assert.equal(op.expectedCount, 1);
    assert.equal(op.lineHint, 40);
    assert.deepEqual(op.source, { block: 1, format: 'unified-diff', startLine: 5, endLine: 9 });
  });

  it('takes the file of headerless hunks from the lead-in sentence that names one file, a blank line between', () => {
    const r = parse(['In `src/app.py`:', '', '```diff', '@@ -3,3 +3,3 @@', '-    y = 2', '+    y = 5', '     return x + y', '```', ''].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.equal((r.ops[0] as ReplaceOp).path, 'src/app.py');
    assert.equal(r.ops[0].source.startLine, 4);
    const two = parse(['Compare `a.py` with `b.py`:', '', '```diff', '@@ -3,3 +3,3 @@', '-    y = 2', '+    y = 5', '```', ''].join('\n'));
    assert.equal((two.ops[0] as ReplaceOp).path, undefined);
  });

  it('claims the fence lines', () => {
    const reply = toReplyText('x\n```diff\n--- a/f\n+++ b/f\n@@\n-a\n+b\n```\ny');
    const blocks = unifiedDiffParser.parse(reply, () => false);
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0].startLine, 2);
    assert.equal(blocks[0].endLine, 8);
  });

  it('ignores wrong counts: a hunk ends at the next @@, not after b lines', () => {
    const r = parse(['--- a/f.go', '+++ b/f.go', '@@ -3,1 +3,1 @@', ' a', ' b', '-c', '+C', ' d', '@@ -12,3 +15,3 @@', ' x', '-y', '+Y'].join('\n'));
    const ops = replaces(r.ops);
    assert.equal(ops.length, 2);
    assert.equal(ops[0].search, 'a\nb\nc\nd\n');
    assert.equal(ops[1].search, 'x\ny\n');
    assert.equal(ops[1].lineHint, 12);
  });

  it('accepts bare @@ and @@ ... @@ headers without numbers (no line hint)', () => {
    for (const header of ['@@', '@@ @@', '@@ ... @@']) {
      const r = parse(['```diff', '--- a/ld.py', '+++ b/ld.py', header, '-print(b)', '+print(b, flush=True)', '```'].join('\n'));
      const [op] = replaces(r.ops);
      assert.equal(op.search, 'print(b)\n', header);
      assert.equal(op.lineHint, undefined);
    }
  });

  it('reads the text of a header without numbers as the hunk\'s section heading, and none from bare headers', () => {
    const headings = ['@@ class Tag(models.Model):', '@@ ... @@ class Tag(models.Model):', '@@ class Tag(models.Model): @@', '@@', '@@ @@', '@@ ... @@'].map((header) => {
      const r = parse(['```diff', '--- a/models.py', '+++ b/models.py', header, '     name = models.CharField(max_length=100)', '+    slug = models.SlugField(unique=True)', '```'].join('\n'));
      return replaces(r.ops)[0].sectionHeading;
    });
    assert.deepEqual(headings, ['class Tag(models.Model):', 'class Tag(models.Model):', 'class Tag(models.Model):', undefined, undefined, undefined]);
  });

  it('reads an empty line inside a hunk as blank context, and drops trailing blank lines', () => {
    const r = parse(['```diff', '--- a/g.go', '+++ b/g.go', '@@ -1,4 +1,4 @@', ' import "time"', '', '-func A() {}', '+func B() {}', '', '```'].join('\n'));
    const [op] = replaces(r.ops);
    assert.equal(op.search, 'import "time"\n\nfunc A() {}\n');
    assert.equal(op.replacement, 'import "time"\n\nfunc B() {}\n');
  });

  it('makes a /dev/null source a created file', () => {
    const r = parse(['```diff', '--- /dev/null', '+++ b/src/version.ts', '@@ -0,0 +1,2 @@', '+export const V = 1;', '+export const N = 2;', '```'].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => op.kind), ['create']);
    assert.equal(r.ops[0].kind === 'create' && r.ops[0].content, 'export const V = 1;\nexport const N = 2;\n');
    assert.equal(r.ops[0].kind === 'create' && r.ops[0].path, 'src/version.ts');
  });

  it('makes a /dev/null target or deleted file mode a deleted file', () => {
    const a = parse(['--- a/old.txt', '+++ /dev/null', '@@ -1,2 +0,0 @@', '-x', '-y'].join('\n'));
    assert.deepEqual(a.ops.map((op) => [op.kind, op.kind === 'delete' && op.path]), [['delete', 'old.txt']]);
    const b = parse(['diff --git a/gone.md b/gone.md', 'deleted file mode 100644', 'index 3b18e51..0000000'].join('\n'));
    assert.deepEqual(b.ops.map((op) => [op.kind, op.kind === 'delete' && op.path]), [['delete', 'gone.md']]);
  });

  it('reads git renames: edits on the old path, then the move', () => {
    const r = parse([
      'diff --git a/src/a.py b/lib/b.py', 'similarity index 90%', 'rename from src/a.py', 'rename to lib/b.py',
      'index 1111111..2222222 100644', '--- a/src/a.py', '+++ b/lib/b.py', '@@ -1,2 +1,2 @@', '-def first():', '+def first_sum():', '     total = 0',
    ].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => op.kind), ['replace', 'move']);
    assert.equal((r.ops[0] as ReplaceOp).path, 'src/a.py');
    assert.deepEqual(r.ops[1].kind === 'move' && [r.ops[1].from, r.ops[1].to], ['src/a.py', 'lib/b.py']);
  });

  it('refuses a git copy (-C) instead of reading its hunks as an edit of the source', () => {
    // git diff -C: the hunks are against src.txt and `---` names it; the source stays unchanged.
    const withHunks = parse([
      'diff --git a/src.txt b/copy.txt', 'similarity index 90%', 'copy from src.txt', 'copy to copy.txt', 'index e8823e1..5401050 100644',
      '--- a/src.txt', '+++ b/copy.txt', '@@ -12,3 +12,3 @@', ' 14', '-15', '+fifteen', ' 16',
    ].join('\n'));
    assert.deepEqual(withHunks.ops, []);
    assert.deepEqual(withHunks.problems.map((p) => [p.code, p.path]), [['PARSE_ERROR', 'copy.txt']]);
    assert.match(withHunks.problems[0].message, /copy from src\.txt, copy to copy\.txt.*stays as it is/);
    const pure = parse(['diff --git a/src.txt b/copy.txt', 'similarity index 100%', 'copy from src.txt', 'copy to copy.txt'].join('\n'));
    assert.deepEqual(pure.ops, []);
    assert.deepEqual(pure.problems.map((p) => p.code), ['PARSE_ERROR']);
    assert.match(pure.problems[0].message, /git copy/);
  });

  it("decodes git's quoted paths (non-ASCII bytes as octal escapes) in every header that names a file", () => {
    const r = parse([
      'diff --git "a/docs/d\\303\\251marrage.md" "b/docs/d\\303\\251marrage.md"', 'index a5fb580..fcc1170 100644',
      '--- "a/docs/d\\303\\251marrage.md"', '+++ "b/docs/d\\303\\251marrage.md"', '@@ -1 +1 @@', '-a', '+b',
      'diff --git "a/i18n/\\346\\227\\245.json" b/i18n/ja.json', 'similarity index 90%',
      'rename from "i18n/\\346\\227\\245.json"', 'rename to i18n/ja.json',
    ].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.equal((r.ops[0] as ReplaceOp).path, 'docs/d\u00e9marrage.md');
    assert.deepEqual(r.ops[1].kind === 'move' && [r.ops[1].from, r.ops[1].to], ['i18n/\u65e5.json', 'i18n/ja.json']);
    // C escapes other than octal: a tab and a quote in a name.
    const odd = parse(['--- "a/tab\\there \\"q\\".txt"', '+++ "b/tab\\there \\"q\\".txt"', '@@ -1 +1 @@', '-a', '+b'].join('\n'));
    assert.equal((odd.ops[0] as ReplaceOp).path, 'tab\there "q".txt');
  });

  it('reads a pure rename with no hunks', () => {
    const r = parse(['diff --git a/x.ts b/y.ts', 'similarity index 100%', 'rename from x.ts', 'rename to y.ts'].join('\n'));
    assert.deepEqual(r.ops.map((op) => op.kind), ['move']);
  });

  it('strips timestamps after a tab and after spaces', () => {
    const r = parse(['--- a/f.c\t2024-01-01 10:00:00.000 +0000', '+++ b/f.c 2024-01-02 10:00:00.000 +0000', '@@ -1 +1 @@', '-a', '+b'].join('\n'));
    assert.equal((r.ops[0] as ReplaceOp).path, 'f.c');
  });

  it('records "\\ No newline at end of file" as atEndOfFile, not as text', () => {
    const r = parse(['--- a/v.txt', '+++ b/v.txt', '@@ -1,2 +1,2 @@', ' alpha', '-beta', '\\ No newline at end of file', '+BETA', '\\ No newline at end of file'].join('\n'));
    const [op] = replaces(r.ops);
    assert.equal(op.search, 'alpha\nbeta\n');
    assert.equal(op.replacement, 'alpha\nBETA\n');
    assert.equal(op.atEndOfFile, true);
    // The marker on both sides says the state does not change: the file keeps its own.
    assert.equal(op.finalNewline, undefined);
  });

  it('says the new text loses its final newline only when the marker is on the new side alone', () => {
    const lost = replaces(parse(['--- a/v.txt', '+++ b/v.txt', '@@ -1 +1 @@', '-beta', '+BETA', '\\ No newline at end of file'].join('\n')).ops)[0];
    assert.equal(lost.finalNewline, false);
    const context = replaces(parse(['--- a/v.txt', '+++ b/v.txt', '@@ -1,2 +1,2 @@', '-alpha', '+ALPHA', ' beta', '\\ No newline at end of file'].join('\n')).ops)[0];
    assert.equal(context.atEndOfFile, true);
    assert.equal(context.finalNewline, undefined);
  });

  it('says the new text gains a final newline when only the old side lacked one', () => {
    const r = parse(['--- a/v.txt', '+++ b/v.txt', '@@ -1 +1 @@', '-beta', '\\ No newline at end of file', '+BETA'].join('\n'));
    const [op] = replaces(r.ops);
    assert.equal(op.search, 'beta\n');
    assert.equal(op.atEndOfFile, true);
    assert.equal(op.finalNewline, true);
  });

  it('turns a context-free pure addition into an insert at the hinted line', () => {
    const r = parse(['--- a/f.txt', '+++ b/f.txt', '@@ -3,0 +4,2 @@', '+x', '+y'].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.equal(r.ops[0].kind, 'insert');
    assert.equal(r.ops[0].kind === 'insert' && r.ops[0].afterLine, 3);
    assert.equal(r.ops[0].kind === 'insert' && r.ops[0].text, 'x\ny\n');
  });

  it('refuses a context-free pure addition with no line number, but for an empty file (which the placement checks)', () => {
    const r = parse(['```diff', '--- a/f.txt', '+++ b/f.txt', '@@', '+x', '@@', '+y', '```'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.match(r.problems[0].message, /context lines/);
    // The file's only hunk: the one place an empty file has (see the placement's test below).
    const only = parse(['```diff', '--- a/f.txt', '+++ b/f.txt', '@@', '+x', '```'].join('\n'));
    assert.deepEqual([only.problems, only.ops.map((op) => op.kind === 'insert' && op.intoEmptyOnly)], [[], [true]]);
  });

  it('reports a binary patch as a problem and still applies the other files', () => {
    const r = parse([
      'diff --git a/img.png b/img.png', 'index 1..2 100644', 'Binary files a/img.png and b/img.png differ',
      'diff --git a/t.txt b/t.txt', '--- a/t.txt', '+++ b/t.txt', '@@ -1 +1 @@', '-a', '+b',
    ].join('\n'));
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.equal(r.problems[0].path, 'img.png');
    assert.deepEqual(r.ops.map((op) => op.kind), ['replace']);
  });

  it('reads several files in one fence, in order', () => {
    const r = parse(['```patch', '--- a/one.txt', '+++ b/one.txt', '@@ -1 +1 @@', '-1', '+one', '--- a/two.txt', '+++ b/two.txt', '@@ -1 +1 @@', '-2', '+two', '```'].join('\n'));
    assert.deepEqual(replaces(r.ops).map((op) => op.path), ['one.txt', 'two.txt']);
  });

  it('ends a bare diff at the first prose line', () => {
    const r = parse(['Here:', '--- a/f', '+++ b/f', '@@ -1 +1 @@', '-a', '+b', 'That changes a to b.', '- not a diff line'].join('\n'));
    assert.equal(r.ops.length, 1);
    assert.equal((r.ops[0] as ReplaceOp).search, 'a\n');
  });

  it('treats a removed SQL comment (--- ) as a hunk line while the counts need it', () => {
    const r = parse(['--- a/q.sql', '+++ b/q.sql', '@@ -1,2 +1,1 @@', '--- old comment', '+++ new', ' select 1;'].join('\n'));
    const [op] = replaces(r.ops);
    assert.equal(op.search, '-- old comment\nselect 1;\n');
    assert.equal(op.replacement, '++ new\nselect 1;\n');
  });

  it('reads unprefixed lines inside a fenced hunk as context when more hunk lines follow them', () => {
    const r = parse(['```diff', '--- a/calc.py', '+++ b/calc.py', '@@ -4,3 +4,4 @@', 'def area(r):', '    """Area."""', '-    return 1', '+    x = 2', '+    return x', 'Done.', '```'].join('\n'));
    assert.equal(r.problems.length, 0);
    const [op] = r.ops as ReplaceOp[];
    // A line that starts with a space keeps meaning "context, prefix removed" (the locator's
    // whitespace rungs absorb the lost column).
    assert.equal(op.search, 'def area(r):\n   """Area."""\n    return 1\n');
    assert.equal(op.replacement, 'def area(r):\n   """Area."""\n    x = 2\n    return x\n');
  });

  it('reads blank lines, then unprefixed lines, inside a fenced hunk as context when hunk lines follow them', () => {
    // CPython email/contentmanager.py, its context retyped without prefixes: the hunk goes on past
    // the blank lines into the next function, and its second added line is part of it.
    const r = parse(['```diff', '--- a/cm.py', '+++ b/cm.py', '@@ -1,8 +1,10 @@', 'for m in kinds:', '    register(m)', '+del m', '', '', 'def get(msg):', '    return msg', '+del get', '```'].join('\n'));
    assert.deepEqual(r.problems, []);
    const [op] = replaces(r.ops);
    assert.equal(op.search, 'for m in kinds:\n   register(m)\n\n\ndef get(msg):\n   return msg\n');
    assert.equal(op.replacement, 'for m in kinds:\n   register(m)\ndel m\n\n\ndef get(msg):\n   return msg\ndel get\n');
  });

  it('reports hunk lines that follow a fenced hunk ended by blank lines and text, instead of dropping them', () => {
    const lines = ['```diff', '--- a/f.py', '+++ b/f.py', '@@ -1,2 +1,3 @@', ' a = 1', '+b = 2', '', 'Then the second change:'];
    const r = parse([...lines, ...Array.from({ length: 60 }, () => 'more prose'), '+c = 3', '```'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.equal(r.problems[0].startLine, 8);
  });

  it('reads on past an unprefixed line of a bare hunk only while its counts say more old lines are to come', () => {
    // CPython statistics.py: the hunk's 13 old lines go on past `import collections`.
    const body = ['@@ -1,6 +1,5 @@', 'import collections', '-import decimal', 'import math', '-from itertools import groupby, chain', '+from itertools import groupby', 'import os'];
    const r = parse(['--- a/stats.py', '+++ b/stats.py', ...body].join('\n'));
    assert.deepEqual(r.problems, []);
    const [op] = replaces(r.ops);
    // A trailing unprefixed line, with no hunk line after it, ends the hunk (as in a fence).
    assert.equal(op.search, 'import collections\nimport decimal\nimport math\nfrom itertools import groupby, chain\n');
    assert.equal(op.replacement, 'import collections\nimport math\nfrom itertools import groupby\n');
    // Counts met: prose after the hunk, and a bullet list in it, are not the hunk's.
    const done = parse(['--- a/f', '+++ b/f', '@@ -1,2 +1,2 @@', ' a', '-b', '+c', 'That changes b to c:', '- b was wrong'].join('\n'));
    assert.equal(replaces(done.ops)[0].search, 'a\nb\n');
  });

  it('reads a Markdown file\'s own fences, quoted as context, as context while the hunk\'s counts go on', () => {
    // jsdiff's CONTRIBUTING.md: ` ``` ` closed the ```diff fence, and the hunk's later changes were dropped.
    const hunk = ['@@ -1,6 +1,6 @@', ' Run:', ' ```', ' yarn clean', '-yarn grunt', '+yarn grunt release', ' yarn publish', ' ```'];
    const r = parse(['```diff', '--- a/CONTRIBUTING.md', '+++ b/CONTRIBUTING.md', ...hunk, '```', 'Done.'].join('\n'));
    assert.deepEqual(r.problems, []);
    const [op] = replaces(r.ops);
    assert.equal(op.search, 'Run:\n```\nyarn clean\nyarn grunt\nyarn publish\n```\n');
    assert.equal(op.replacement, 'Run:\n```\nyarn clean\nyarn grunt release\nyarn publish\n```\n');
    // Counts met, a closer one space in (a list's) still closes, the prose after it is not the hunk's.
    const listed = parse(['```diff', '--- a/f.md', '+++ b/f.md', '@@ -1,2 +1,2 @@', ' a', '-b', '+c', ' ```', '- not the diff', '```'].join('\n'));
    assert.equal(replaces(listed.ops)[0].search, 'a\nb\n');
  });

  it('reads a reply that is an unnumbered @@ hunk and nothing else as one bare hunk for the host file, and no @@ line after prose', () => {
    const r = parse(['@@', '-original', '+modified', '*** End Patch', ''].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.path, undefined);
    assert.equal(op.search, 'original\n');
    assert.equal(op.replacement, 'modified\n');
    assert.deepEqual(parse(['Steps:', '@@', '- original', '+ modified', ''].join('\n')).ops, []);
    // Only removed lines, or only added ones, under it: a list, not a hunk.
    assert.deepEqual(parse(['@@', '- one', '- two', ''].join('\n')).ops, []);
  });

  it('reads a fence of hunk lines with no @@ (any language) as one bare hunk for the labelled file', () => {
    for (const lang of ['diff', 'python']) {
      const r = parseReply(['calc.py', '```' + lang, ' def perimeter(r):', '-    return 2 * r', '+    return r * 2', '```'].join('\n'));
      assert.deepEqual(r.problems, []);
      const [op] = r.ops as ReplaceOp[];
      assert.equal(op.path, 'calc.py');
      assert.equal(op.search, 'def perimeter(r):\n    return 2 * r\n');
      assert.equal(op.replacement, 'def perimeter(r):\n    return r * 2\n');
    }
    // A list of `-` bullets, or added lines alone, is not a diff.
    assert.equal(parse(['notes.md', '```markdown', '- one', '- two', '```'].join('\n')).ops.length, 0);
  });

  it('reads a diff fence of hunk lines that only remove, or only add beside context, as a bare hunk (Cursor agent diffs)', () => {
    // Cursor writes every edit so: no headers, no @@, a space after each marker.
    const removal = parseReply(['`convex/users.ts`', '```diff', '      chapterId: v.string(),', '-     optInOnly: v.optional(v.boolean())', '    },', '```'].join('\n'));
    assert.deepEqual(removal.problems, []);
    const [removed] = removal.ops as ReplaceOp[];
    assert.equal(removed.path, 'convex/users.ts');
    assert.equal(removed.search, '     chapterId: v.string(),\n     optInOnly: v.optional(v.boolean())\n   },\n');
    assert.equal(removed.replacement, '     chapterId: v.string(),\n   },\n');
    const addition = parseReply(['`page.tsx`', '```diff', '  import { api } from "@/lib/convex";', '+ import { ThemeToggle } from "@/components/theme-toggle";', '  ', '  export default function ProfilePage() {', '```'].join('\n'));
    assert.deepEqual(addition.problems, []);
    assert.equal((addition.ops[0] as ReplaceOp).replacement, ' import { api } from "@/lib/convex";\n import { ThemeToggle } from "@/components/theme-toggle";\n \n export default function ProfilePage() {\n');
    // Outside a diff fence both kinds of line are still needed: `-` bullets are a list.
    assert.equal(parseReply(['notes.md', '```markdown', '- one', '  two', '```'].join('\n')).ops.filter((op) => op.source.format === 'unified-diff').length, 0);
  });

  it('refuses a diff fence of added lines with nothing to place them by, rather than leaving it out beside other blocks', () => {
    const r = parse(['Do this:', '```diff', ' def f():', '-    return 1', '+    return 2', '```', 'and this:', '```diff', '+import os', '```'].join('\n'));
    assert.equal(r.ops.length, 1);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.equal(r.problems[0].startLine, 8);
    assert.match(r.problems[0].message, /only adds lines/);
  });

  it("places a named file's only hunk of added lines with no line number into that file when it is empty, and nowhere else (CopilotChat's diff_spec 'all lines added to empty file')", () => {
    const reply = ['```diff', '--- a/foo.txt', '+++ b/foo.txt', '@@ ... @@', '+new1', '+new2', '+new3', '```'].join('\n');
    const into = (text: string | undefined) => runReply(reply, (p) => (p === 'foo.txt' ? text : undefined), {});
    const empty = into('');
    assert.deepEqual(empty.receipt.errors, []);
    assert.equal(proposed(empty, 'foo.txt'), 'new1\nnew2\nnew3\n');
    // A file with lines has many places for them; one that is not there has none.
    for (const [text, code] of [['old\n', 'PARSE_ERROR'], [undefined, 'FILE_NOT_FOUND']] as const) {
      const refused = into(text);
      assert.deepEqual([refused.changes.length, refused.receipt.errors[0]?.code], [0, code], String(text));
    }
    assert.match(into('old\n').receipt.errors[0].message, /only adds lines .* foo\.txt is not empty/);
  });

  it('reads hunk lines right under a ---/+++ header with no @@ line as one hunk (a new file was created empty)', () => {
    const r = parse(['```diff', '--- /dev/null', '+++ b/new.py', '+import os', '+print(1)', '```'].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.equal(r.ops[0].kind, 'create');
    assert.equal(r.ops[0].kind === 'create' && r.ops[0].content, 'import os\nprint(1)\n');
    const edit = parse(['```diff', '--- a/m.py', '+++ b/m.py', ' def f():', '-    return 1', '+    return 2', '```'].join('\n'));
    assert.equal((edit.ops[0] as ReplaceOp).search, 'def f():\n    return 1\n');
  });

  it('takes off the space Cursor writes after each marker when a headerless hunk fills an empty file', () => {
    const r = parse(['`page.tsx`', '```diff', '- ', '+ import { Card } from "./card";', '+ ', '+ export default function Page() {', '+   return <Card />;', '+ }', '```'].join('\n'));
    assert.equal((r.ops[0] as ReplaceOp).replacement, 'import { Card } from "./card";\n\nexport default function Page() {\n  return <Card />;\n}\n');
    // A hunk with lines to match keeps its text: the ladder re-anchors it to the file's lines.
    const anchored = parse(['`page.tsx`', '```diff', '  export default function Page() {', '-   return null;', '+   return <Card />;', '```'].join('\n'));
    assert.equal((anchored.ops[0] as ReplaceOp).replacement, ' export default function Page() {\n   return <Card />;\n');
  });

  it('reports a stray non-diff line inside a fenced hunk', () => {
    const r = parse(['```diff', '--- a/f', '+++ b/f', '@@ -1,3 +1,3 @@', ' a', '...', '-b', '+c', '```'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.equal(r.problems[0].startLine, 6);
  });

  it('reports a diff fence cut off by the end of the reply as incomplete, with no ops', () => {
    const r = parse(['```diff', '--- a/f', '+++ b/f', '@@ -1 +1 @@', '-a', '+b'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems[0].code, 'INCOMPLETE_BLOCK');
  });

  it('takes the file of a headerless fenced diff from the line above the fence', () => {
    const r = parse(['`src/app.ts`:', '```diff', '@@ -1 +1 @@', '-a', '+b', '```'].join('\n'));
    assert.equal((r.ops[0] as ReplaceOp).path, 'src/app.ts');
    assert.equal(r.ops[0].source.startLine, 3);
  });

  it('leaves non-diff fences and prose alone', () => {
    const r = parse(['```python', 'x = 1', '---', '```', '--- just a rule', 'text'].join('\n'));
    assert.deepEqual(r, { ops: [], problems: [] });
  });

  it('reads Mentat\'s `@@ end @@` after the last hunk as the diff\'s end, bare or fenced, never as an empty hunk', () => {
    const body = ['--- temp.py', '+++ temp.py', '@@ @@', ' # This is', '-# a temporary file', '+# your captain speaking', ' # 4 lines', '@@ end @@'];
    for (const text of [['Conversation', '', ...body, '', 'Done.'], ['```diff', ...body, '```']].map((lines) => lines.join('\n'))) {
      const r = parse(text);
      assert.deepEqual(r.problems, []);
      assert.equal(replaces(r.ops).length, 1);
      assert.equal(replaces(r.ops)[0].search, '# This is\n# a temporary file\n# 4 lines\n');
    }
    // Anywhere else it is a hunk header with nothing in it, as before.
    assert.equal(parse(['--- a.py', '+++ a.py', '@@ end @@', ''].join('\n')).problems[0]?.code, 'PARSE_ERROR');
  });

  it('skips lines claimed by an earlier parser', () => {
    const reply = toReplyText('```diff\n--- a/f\n+++ b/f\n@@\n-a\n+b\n```');
    assert.deepEqual(unifiedDiffParser.parse(reply, () => true), []);
  });

  it('survives a long adversarial reply (speed: npm run fuzz)', () => {
    const big = ('--- a/x\n+++ b/x\n@@\n' + '\n'.repeat(5) + '-a\n+b\n\n \n').repeat(20000) + '@@\n'.repeat(20000);
    assert.ok(parse(big).ops.length > 0);
  });
});

describe('unified diff parser: a bare diff whose blank context lines lost their space', () => {
  it('reads a blank line before the next hunk or file as the hunk\'s last context line and goes on, the path kept', () => {
    const diff = [
      'diff --git a/lib/cmd.js b/lib/cmd.js',
      '--- a/lib/cmd.js',
      '+++ b/lib/cmd.js',
      '@@ -10,3 +10,3 @@ class Cmd {',
      '     this.name = name;',
      '-    this.hidden = false;',
      '+    this.hidden = true;',
      '',
      '@@ -40,3 +40,3 @@ class Cmd {',
      '   run() {',
      '-    return 1;',
      '+    return 2;',
      'diff --git a/lib/opt.js b/lib/opt.js',
      '--- a/lib/opt.js',
      '+++ b/lib/opt.js',
      '@@ -1,2 +1,2 @@',
      '-const a = 1;',
      '+const a = 2;',
      ' ',
      '',
    ].join('\n');
    const [first, second, third] = replaces(parse(diff).ops);
    assert.deepEqual([first.path, second.path, third.path], ['lib/cmd.js', 'lib/cmd.js', 'lib/opt.js']);
    assert.equal(first.search, '    this.name = name;\n    this.hidden = false;\n\n');
    assert.equal(first.replacement, '    this.name = name;\n    this.hidden = true;\n\n');
    assert.equal(second.search, '  run() {\n    return 1;\n');
  });
});

describe('unified diff parser: names and provenance', () => {
  it('gives an edit both names when --- and +++ differ without a rename line', () => {
    const [op] = replaces(parse(['--- config.go', '+++ config_updated.go', '@@ -1,3 +1,3 @@', ' package config', ' ', '-const Port = 8000', '+const Port = 8080'].join('\n')).ops);
    assert.deepEqual(op.namedPaths, ['config.go', 'config_updated.go']);
    // git's rename lines move the file: no second name.
    const renamed = parse(['diff --git a/old.go b/new.go', 'similarity index 90%', 'rename from old.go', 'rename to new.go', '--- a/old.go', '+++ b/new.go', '@@ -1 +1 @@', '-a', '+b'].join('\n'));
    assert.equal(replaces(renamed.ops)[0].namedPaths, undefined);
    assert.equal(renamed.ops.some((o) => o.kind === 'move'), true);
  });

  it('marks the hunks of a diff git wrote (its index line) as verbatim: none of its lines is an elision', () => {
    const git = parse(['diff --git a/h.py b/h.py', 'index 3f2a9c1..8b7d0e4 100644', '--- a/h.py', '+++ b/h.py', '@@ -1,2 +1,3 @@', ' def f():', '+    # Existing logic continues below...', '     return 1'].join('\n'));
    assert.equal(git.ops[0].source.verbatim, true);
    const typed = parse(['--- a/h.py', '+++ b/h.py', '@@ -1,2 +1,3 @@', ' def f():', '+    # ...', '     return 1'].join('\n'));
    assert.equal(typed.ops[0].source.verbatim, undefined);
  });
});
