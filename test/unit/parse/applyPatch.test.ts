import * as assert from 'node:assert/strict';
import type { ParsedReply, ReplaceOp } from '../../../src/core/ir';
import { applyPatchParser, heredocDelimiter, heredocFolder } from '../../../src/core/parse/applyPatch';
import { parseReply, toReplyText } from '../../../src/core/parse/registry';

function parse(text: string): ParsedReply {
  return parseReply(text, [applyPatchParser]);
}

describe('apply_patch parser', () => {
  it('reads markers closed with " ***" (grok-4.5 wrote every call so) and a patch whose Begin line was left out', () => {
    const starred = parse(['*** Begin Patch ***', '*** Update File: src/index.ts ***', '@@', '-const foo = 1', '+const foo = 2', '*** End Patch ***'].join('\n'));
    assert.deepEqual(starred.problems, []);
    assert.equal((starred.ops[0] as ReplaceOp).path, 'src/index.ts');
    const headless = parse(['Here is the patch:', '', '*** Update File: src/index.ts', '@@', '-const foo = 1', '+const foo = 2', '*** End Patch', ''].join('\n'));
    assert.deepEqual(headless.problems, []);
    assert.equal((headless.ops[0] as ReplaceOp).search, 'const foo = 1\n');
    assert.equal(headless.ops[0].source.startLine, 4);
    // No End Patch line: a header quoted in prose is no patch.
    assert.deepEqual(parse(['The tool prints', '*** Update File: src/index.ts', 'when it runs.'].join('\n')), { ops: [], problems: [] });
  });

  it('turns an Update File chunk into a replace with its @@ anchor', () => {
    const r = parse([
      '*** Begin Patch', '*** Update File: inventory.py', '@@ def remove(self, name, qty=1):',
      '         have = self.items.get(name, 0)', '-        if have < qty:', '+        if have < qty or name not in self.items:',
      '             return False', '*** End Patch',
    ].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.kind, 'replace');
    assert.equal(op.path, 'inventory.py');
    assert.deepEqual(op.anchors, ['def remove(self, name, qty=1):']);
    assert.equal(op.search, '        have = self.items.get(name, 0)\n        if have < qty:\n            return False\n');
    assert.equal(op.granularity, 'lines');
    assert.deepEqual(op.source, { block: 1, format: 'apply-patch', startLine: 3, endLine: 7 });
  });

  it('nests consecutive @@ anchors and splits chunks at each new @@', () => {
    const r = parse(['*** Begin Patch', '*** Update File: a.py', '@@ class Foo', '@@     def bar(self):', '-        return 1', '+        return 2', '@@ def baz():', '-    pass', '+    return 3', '*** End Patch'].join('\n'));
    const ops = r.ops as ReplaceOp[];
    assert.equal(ops.length, 2);
    assert.deepEqual(ops[0].anchors, ['class Foo', 'def bar(self):']);
    assert.deepEqual(ops[1].anchors, ['def baz():']);
  });

  it('accepts a first chunk without @@ and marks *** End of File', () => {
    const r = parse(['*** Begin Patch', '*** Update File: v.txt', ' alpha', '-beta', '+BETA', '*** End of File', '*** End Patch'].join('\n'));
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.search, 'alpha\nbeta\n');
    assert.equal(op.atEndOfFile, true);
    assert.equal(op.anchors, undefined);
  });

  it('reads Add File, Delete File and Move to (edits on the old path, then the move)', () => {
    const r = parse([
      '*** Begin Patch', '*** Add File: docs/notes.md', '+# Notes', '+', '+- item', '*** Delete File: old.txt',
      '*** Update File: src/a.py', '*** Move to: lib/sums.py', '@@', '-def first(items):', '+def first_sum(items):', '     total = 0', '*** End Patch',
    ].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.ops.map((op) => op.kind), ['create', 'delete', 'replace', 'move']);
    assert.equal(r.ops[0].kind === 'create' && r.ops[0].content, '# Notes\n\n- item\n');
    assert.equal((r.ops[2] as ReplaceOp).path, 'src/a.py');
    assert.deepEqual(r.ops[3].kind === 'move' && [r.ops[3].from, r.ops[3].to], ['src/a.py', 'lib/sums.py']);
    assert.ok(r.ops.every((op) => op.source.block === 1));
  });

  it('reads an empty line inside a chunk as blank context', () => {
    const r = parse(['*** Begin Patch', '*** Update File: g.go', '@@', ' import "time"', '', '-func A() {}', '+func B() {}', '', '*** End Patch'].join('\n'));
    assert.equal((r.ops[0] as ReplaceOp).search, 'import "time"\n\nfunc A() {}\n');
  });

  it('refuses an unknown *** header with PARSE_ERROR and no ops', () => {
    const r = parse(['*** Begin Patch', '*** Frobnicate File: fns.py', '@@', '-    total = 0', '+    total = 1', '*** End Patch'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.equal(r.problems[0].startLine, 2);
  });

  it('refuses a chunk line without a valid prefix, with its line, and applies nothing of the patch', () => {
    // An unprefixed line is context only when chunk lines or the chunk's end follow it, not an elision.
    const r = parse(['*** Begin Patch', '*** Add File: ok.txt', '+fine', '*** Update File: a.py', '@@', ' x = 1', 'y = 2', '...', '-z = 3', '*** End Patch'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
    assert.equal(r.problems[0].startLine, 7);
    assert.equal(r.problems[0].path, 'a.py');
  });

  it('reads unprefixed lines that more chunk lines follow as context (their space was lost)', () => {
    const r = parse(['*** Begin Patch', '*** Update File: calc.py', '@@', 'def area(r):', '-    return r * r', '+    return r ** 2', '*** End Patch'].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.search, 'def area(r):\n    return r * r\n');
    assert.equal(op.replacement, 'def area(r):\n    return r ** 2\n');
    // An elision is never context.
    const elided = parse(['*** Begin Patch', '*** Update File: calc.py', '@@', ' def area(r):', '# ... existing code ...', '-    return r * r', '+    return r ** 2', '*** End Patch'].join('\n'));
    assert.equal(elided.problems[0].code, 'PARSE_ERROR');
  });

  it('reads unprefixed lines at a chunk\'s end, and blank lines before unprefixed ones, as context', () => {
    // CPython token.py retyped without context prefixes: the chunk's last lines stand before
    // `*** End Patch`, and blank lines before unprefixed code are the file's too.
    const r = parse(['*** Begin Patch', '*** Update File: token.py', '@@', 'OP = 55', '-AWAIT = 56', '+NL = 56', '', '# Special definitions', 'NT_OFFSET = 256', '', '*** End Patch'].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.search, 'OP = 55\nAWAIT = 56\n\n# Special definitions\nNT_OFFSET = 256\n');
    assert.equal(op.replacement, 'OP = 55\nNL = 56\n\n# Special definitions\nNT_OFFSET = 256\n');
  });

  it('reports a patch cut off by the end of the reply as INCOMPLETE_BLOCK', () => {
    const r = parse(['Sure:', '*** Begin Patch', '*** Update File: a.py', '@@', '-x = 1', '+x = 2'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0].code, 'INCOMPLETE_BLOCK');
    assert.equal(r.problems[0].startLine, 2);
  });

  it('reports a missing *** End Patch before the heredoc delimiter as PARSE_ERROR', () => {
    const r = parse(["apply_patch <<'EOF'", '*** Begin Patch', '*** Update File: a.py', '@@', '-x', '+y', 'EOF', 'more prose'].join('\n'));
    assert.equal(r.ops.length, 0);
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
  });

  it('unwraps heredocs and fences, claiming their lines', () => {
    const text = ['Run this:', '```bash', "apply_patch <<'EOF'", '*** Begin Patch', '*** Update File: fns.py', '@@ def second(items):', '-    total = 0', '+    total = 100', '*** End Patch', 'EOF', '```', 'Done.'].join('\n');
    const blocks = applyPatchParser.parse(toReplyText(text), () => false);
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0].startLine, 2);
    assert.equal(blocks[0].endLine, 11);
    assert.equal(blocks[0].ops.length, 1);
  });

  it('knows the heredoc spellings', () => {
    assert.equal(heredocDelimiter("apply_patch <<'EOF'"), 'EOF');
    assert.equal(heredocDelimiter('applypatch <<"PATCH"'), 'PATCH');
    assert.equal(heredocDelimiter('cd repo && apply_patch << EOF'), 'EOF');
    assert.equal(heredocDelimiter('apply_patch'), undefined);
    assert.equal(heredocDelimiter('cat <<EOF'), undefined);
  });

  it('refuses a context-free addition after an anchor but appends one without anchor (as Codex)', () => {
    const anchored = parse(['*** Begin Patch', '*** Update File: a.py', '@@ def f():', '+    pass', '*** End Patch'].join('\n'));
    assert.equal(anchored.ops.length, 0);
    assert.equal(anchored.problems[0].code, 'PARSE_ERROR');
    const bare = parse(['*** Begin Patch', '*** Update File: a.py', '@@', '+x = 1', '*** End Patch'].join('\n'));
    assert.deepEqual(bare.problems, []);
    assert.equal((bare.ops[0] as ReplaceOp).search, '');
    assert.equal((bare.ops[0] as ReplaceOp).replacement, 'x = 1\n');
  });

  it('refuses an empty patch', () => {
    const r = parse(['*** Begin Patch', '*** End Patch'].join('\n'));
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
  });

  it('refuses an Update File with no chunk', () => {
    const r = parse(['*** Begin Patch', '*** Update File: a.py', '*** End Patch'].join('\n'));
    assert.equal(r.problems[0].code, 'PARSE_ERROR');
  });

  it('reads a unified-diff style @@ header inside a patch as a line hint', () => {
    const r = parse(['*** Begin Patch', '*** Update File: a.py', '@@ -12,3 +12,3 @@', '-x', '+y', '*** End Patch'].join('\n'));
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.lineHint, 12);
    assert.equal(op.anchors, undefined);
  });

  it('reads a unified hunk header with a section heading after it as a line hint and a heading, not an anchor (oh-my-pi)', () => {
    const r = parse(['*** Begin Patch', '*** Update File: hint-priority.txt', '@@ -6,2 +6,2 @@ def helper():', ' def helper():', '-    pass', '+    return True', '*** End Patch'].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.lineHint, 6);
    assert.equal(op.sectionHeading, 'def helper():');
    assert.equal(op.anchors, undefined);
  });

  it('reads @@ chunks right under *** Begin Patch, with no file header, as the host file\'s; refuses them above a file header', () => {
    const r = parse(['*** Begin Patch', '@@', '-old content', '+new content', '*** End Patch'].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.path, undefined);
    assert.equal(op.search, 'old content\n');
    assert.equal(op.replacement, 'new content\n');
    const above = parse(['*** Begin Patch', '@@', '-old content', '+new content', '*** Update File: a.txt', '@@', '-a', '+b', '*** End Patch'].join('\n'));
    assert.equal(above.problems[0]?.code, 'PARSE_ERROR');
    assert.deepEqual(above.ops, []);
    // Prose between the Begin line and the chunk is not a chunk.
    assert.equal(parse(['*** Begin Patch', 'Change this:', '@@', '-a', '+b', '*** End Patch'].join('\n')).problems[0]?.code, 'PARSE_ERROR');
  });

  it('reads an unprefixed `...` between context and the chunk\'s old lines as left-out kept lines, and refuses it elsewhere (oh-my-pi)', () => {
    const chunk = (...body: string[]) => parse(['*** Begin Patch', '*** Update File: e.ts', '@@ function progress', ...body, '*** End Patch'].join('\n'));
    const r = chunk('   }', '...', '-  const buffer = value;', '+  const buffer = value.toUpperCase();');
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceOp;
    assert.equal(op.search, '  }\n...\n  const buffer = value;\n');
    assert.equal(op.replacement, '  }\n...\n  const buffer = value.toUpperCase();\n');
    assert.equal(op.source.dotsElide, true);
    // After removed lines it may mean "remove these too"; before added lines only, nothing bounds it; last, it stands for nothing.
    assert.equal(chunk('-  if (done) {', '...', '-  const buffer = value;').problems[0]?.code, 'PARSE_ERROR');
    assert.equal(chunk('   if (done) {', '...', '+  log();').problems[0]?.code, 'PARSE_ERROR');
    assert.match(chunk('   if (done) {', '...').problems[0]?.message ?? '', /"\.\.\." line/);
    // A prefixed `...` is the file's own line (a Python stub body): no elision.
    assert.equal((chunk(' def f():', '     ...', '-x = 1', '+x = 2').ops[0] as ReplaceOp).source.dotsElide, undefined);
  });

  it('reads two patches as two blocks', () => {
    const one = ['*** Begin Patch', '*** Delete File: a', '*** End Patch'];
    const r = parse([...one, 'and', ...one].join('\n'));
    assert.deepEqual(r.ops.map((op) => op.source.block), [1, 2]);
  });

  it('survives a long adversarial reply (speed: npm run fuzz)', () => {
    const big = '*** Begin Patch\n*** Update File: a\n' + '@@ x\n\n\n-a\n+b\n'.repeat(50000) + '*** Begin Patch\n'.repeat(20000);
    const r = parse(big);
    assert.ok(r.ops.length + r.problems.length > 0);
  });
});

describe('apply_patch right after another fenced block', () => {
  it('does not take the closing fence of a diff above it as its own opening fence', () => {
    const r = parseReply('```diff\n--- a/b.ts\n+++ b/b.ts\n@@ @@\n ctx\n-b\n+c\n```\n*** Begin Patch\n*** Update File: c.ts\n@@\n-x\n+y\n*** End Patch\n');
    assert.deepEqual(r.ops.map((op) => op.kind !== 'move' && op.path), ['b.ts', 'c.ts']);
  });
});

describe('apply_patch parser: indented headers', () => {
  it('reads file headers indented by spaces, as Codex does', () => {
    const r = parse(['  *** Begin Patch', '  *** Update File: a.py', '@@', '-x = 1', '+x = 2', '  *** End Patch'].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.equal((r.ops[0] as ReplaceOp).path, 'a.py');
  });

  it('keeps a line with one leading space inside a chunk as context, whatever it says', () => {
    const r = parse(['*** Begin Patch', '*** Update File: docs/patch.md', '@@', ' *** Update File: example.py', '-old', '+new', '*** End Patch'].join('\n'));
    assert.deepEqual(r.problems, []);
    assert.equal((r.ops[0] as ReplaceOp).search, '*** Update File: example.py\nold\n');
  });
});

describe('heredocFolder: the folder a heredoc command runs the patch in', () => {
  it('reads `cd DIR &&` or `cd DIR;` before apply_patch, quoted or not, and nothing else', () => {
    assert.equal(heredocFolder("cd web && apply_patch <<'EOF'"), 'web');
    assert.equal(heredocFolder('$ cd "my app/src/"; applypatch <<"PATCH"'), 'my app/src');
    assert.equal(heredocFolder("cd ./pkg && apply_patch <<EOF"), 'pkg');
    assert.equal(heredocFolder("cd . && apply_patch <<'EOF'"), undefined);
    assert.equal(heredocFolder("apply_patch <<'EOF'"), undefined);
    assert.equal(heredocFolder("cd web && make && apply_patch <<'EOF'"), undefined);
    // Outside the root is the planner's to refuse, as for any path.
    assert.equal(heredocFolder("cd .. && apply_patch <<'EOF'"), '..');
  });
});
