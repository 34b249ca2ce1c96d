import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { balanceChange, bracketBalance, bracketSyntaxFor, type BracketSyntax } from '../../src/core/elisionMerge/balance';
import { mergeElisions } from '../../src/core/elisionMerge';
import { isElisionLine } from '../../src/core/parse/elision';
import { projectRoot } from './fixtures.test';

const ts = bracketSyntaxFor('a.ts')!;
const py = bracketSyntaxFor('a.py')!;
const rs = bracketSyntaxFor('a.rs')!;
const count = (text: string, syntax: BracketSyntax) => bracketBalance(text.split('\n'), syntax);

describe('bracketBalance', () => {
  it('counts the brackets of code and nothing in comments, strings or regular expressions', () => {
    assert.deepEqual(count('function f(a) {\n  if (a) { return [1, 2];\n', ts), { round: 0, square: 0, curly: 2, openAtEnd: undefined });
    assert.deepEqual(count("const a = '{'; // }\n/* ( [ */ const b = \"}\";\nconst re = /[{(]/g;", ts), { round: 0, square: 0, curly: 0, openAtEnd: undefined });
    assert.deepEqual(count('x = total / count; y = (a) / (b);', ts).round, 0);
  });

  it('reads template literals with substitutions that hold templates of their own', () => {
    const text = 'const s = `a ${items.map((b) => `[ ${b} ]`).join(" ")} {`;\nconst t = `line\n} still text\n`;';
    assert.deepEqual(count(text, ts), { round: 0, square: 0, curly: 0, openAtEnd: undefined });
  });

  it('counts a line it cannot read (a quote that never closes on it) for nothing', () => {
    // An apostrophe in a regex after `(` that is read as one: the line must not add its `(`.
    assert.equal(count("assert.match(out, /the file's end/);", ts).round, 0);
    assert.equal(count("call(it's);", ts).round, 0);
  });

  it('knows Python comments and triple-quoted strings, and Rust lifetimes', () => {
    assert.deepEqual(count('def f(a):  # (\n    """doc (\n    """\n    return {1: [2]}', py), { round: 0, square: 0, curly: 0, openAtEnd: undefined });
    assert.equal(count("fn f<'a>(x: &'a str) -> &'a str {", rs).curly, 1);
    assert.equal(count("fn f<'a>(x: &'a str) -> &'a str {", rs).round, 0);
  });

  it('says what a merge changed: a bracket count, or a comment left open', () => {
    assert.equal(balanceChange(count('f() {\n}', ts), count('f() {\n}\n}', ts)), '1 more "}" than "{" would stand in the file');
    assert.equal(balanceChange(count('a();', ts), count('/**\na();', ts)), 'a comment would be left open');
    assert.equal(balanceChange(count('f() {\n}', ts), count('g() {\n}', ts)), undefined);
  });

  it('checks code files only', () => {
    for (const name of ['a.ts', 'b.tsx', 'c.mjs', 'd.py', 'e.go', 'f.rs', 'g.java', 'h.cpp', 'i.css']) assert.ok(bracketSyntaxFor(name), name);
    for (const name of ['README.md', 'a.txt', 'run.sh', 'a.yaml', 'Makefile', 'page.html']) assert.equal(bracketSyntaxFor(name), undefined, name);
  });

  it('finds every source file of this project balanced (the counter reads real code)', () => {
    const root = projectRoot();
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (bracketSyntaxFor(rel)) files.push(rel);
      }
    };
    for (const dir of ['src', 'test/unit', 'test/integration', 'bench', 'scripts']) walk(dir);
    assert.ok(files.length > 100, `only ${files.length} files`);
    const unbalanced = files.filter((file) => balanceChange(bracketBalance([], ts), bracketBalance(fs.readFileSync(path.join(root, file), 'utf8').split('\n'), bracketSyntaxFor(file)!)) !== undefined);
    assert.deepEqual(unbalanced, []);
  });
});

describe('mergeElisions with the file\'s bracket syntax', () => {
  // From a real commit (6dc47ab, src/cli/main.ts): the snippet repeats `return 2; }` above new
  // lines that replace the file's `reply = …` line. Placed by its unique anchor alone, the old
  // `return 2; }` stayed beside the new one: one `}` too many.
  const original = [
    'function read(args) {',
    '  try {',
    '    if (args.replyFile === undefined) {',
    "      write('no reply given');",
    '      return 2;',
    '    }',
    "    reply = fs.readFileSync(args.replyFile, 'utf8');",
    '  } catch (error) {',
    "    write(`cannot read the reply: ${error.message}`);",
    '    return 2;',
    '  }',
    '}',
  ];
  const block = [
    '// ... existing code ...',
    '      return 2;',
    '    }',
    '    const decoded = decodeReply(fs.readFileSync(args.replyFile));',
    '    if (!decoded.ok) {',
    '      write(decoded.reason);',
    '      return 2;',
    '    }',
    '    reply = decoded.text;',
    '  } catch (error) {',
    "    write(`cannot read the reply: ${error.message}`);",
    '// ... existing code ...',
  ];

  it('takes the repeated `return 2; }` for the file\'s, the `reply = …` line under it rewritten (same target)', () => {
    const merged = mergeElisions(original, block, isElisionLine, ts);
    assert.ok(merged.ok, merged.ok ? '' : merged.message);
    assert.deepEqual(merged.lines, [...original.slice(0, 6), ...block.slice(3, 9), ...original.slice(7)]);
  });

  it('refuses a merge that would leave a block open, and says which bracket', () => {
    // New code that never closes its function (a truncated reply): merged, the file has one `{`
    // more than `}`. Without the check it was written so.
    const snippet = ['// ... existing code ...', '}', '', 'function check(args) {', '  if (!args.replyFile) return 2;', '', 'function read(args) {', '  try {', '// ... existing code ...'];
    const file = ['function help() {', '  return 0;', '}', '', ...original];
    assert.ok(mergeElisions(file, snippet, isElisionLine).ok, 'without the check it merges');
    const checked = mergeElisions(file, snippet, isElisionLine, ts);
    assert.ok(!checked.ok);
    if (!checked.ok) assert.match(checked.message, /1 more "{" than "}" would stand in the file/);
  });
});
