import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { tokenRuns, tokensOf } from '../../../src/core/locate/tokenRuns';
import { random } from '../helpers';

/** The places a regular expression built from the tokens finds, tried at every start: the rule, written plainly. */
function naiveRuns(haystack: string, text: string): { start: number; end: number }[] {
  const tokens = tokensOf(text);
  const word = (token: string) => /^[A-Za-z0-9_$\u0080-\uffff]/.test(token) && !/^\s/.test(token);
  const escape = (token: string) => token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const wordChar = '(?:[A-Za-z0-9_$]|[^\\s\\x00-\\x7f])';
  let source = word(tokens[0]) ? `(?<!${wordChar})` : '';
  tokens.forEach((token, t) => {
    if (t > 0) source += word(token) && word(tokens[t - 1]) ? '\\s+' : '\\s*';
    source += escape(token);
  });
  if (word(tokens[tokens.length - 1])) source += `(?!${wordChar})`;
  const pattern = new RegExp(source, 'y');
  const runs: { start: number; end: number }[] = [];
  for (let at = 0; at < haystack.length; at++) {
    pattern.lastIndex = at;
    const m = pattern.exec(haystack);
    if (m) runs.push({ start: at, end: at + m[0].length });
  }
  return runs;
}

const json = (path: string, oldString: string, newString: string, extra = '') => JSON.stringify({ file_path: path, old_string: oldString, new_string: newString }).replace(/}$/, `${extra}}`);

function planned(path: string, file: string, reply: string) {
  return runReply(reply, (p) => (p === path ? file : undefined));
}

describe('token runs (a tool call\'s old text with whitespace left out of the comparison)', () => {
  it('finds exactly the places the plain rule finds: every start where the tokens follow, whole, whitespace between words', () => {
    const rand = random(17);
    const pieces = ['a', 'ab', 'b', '(', ')', ';', ' ', '  ', '\n', '\t', '=', 'é', '🚀', 'x1'];
    const text = (n: number) => Array.from({ length: n }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
    let found = 0;
    for (let c = 0; c < 4000; c++) {
      const haystack = text(10 + Math.floor(rand() * 60));
      // Half the time the searched text is a slice of the haystack with its whitespace changed.
      const from = Math.floor(rand() * haystack.length);
      const slice = haystack.slice(from, from + 1 + Math.floor(rand() * 12));
      const search = rand() < 0.5 ? slice.replace(/\s+/g, () => [' ', '', '\n  ', '\t'][Math.floor(rand() * 4)]) : text(1 + Math.floor(rand() * 5));
      if (tokensOf(search).length === 0) continue;
      const expected = naiveRuns(haystack, search);
      assert.deepEqual(tokenRuns(haystack, search), expected, JSON.stringify({ haystack, search }));
      found += expected.length;
    }
    assert.ok(found > 2000, `${found}`);
  });

  it('never takes part of a word, and needs whitespace where two words meet', () => {
    assert.deepEqual(tokenRuns('foo = bar', 'oo = bar'), []);
    assert.deepEqual(tokenRuns('returnx;', 'return x;'), []);
    assert.deepEqual(tokenRuns('return\n  x;', 'return x;'), [{ start: 0, end: 11 }]);
    assert.deepEqual(tokenRuns('f( a ,b )', 'f(a,b)'), [{ start: 0, end: 9 }]);
  });

  it('gives up (undefined) instead of working through a text of thousands of common tokens', () => {
    const haystack = '    }\n'.repeat(100_000);
    assert.equal(tokenRuns(haystack, '  }\n'.repeat(3000)), undefined);
    assert.equal(tokenRuns(haystack, '}'), undefined);
  });

  it('places a tool call whose old text is one line for code the file spreads over several, or padded with spaces', () => {
    const file = 'before\nfunction test() {\n  return true;\n}\nafter\n';
    const collapsed = planned('a.js', file, json('a.js', 'function test(){return true;}', 'function test() { return false; }'));
    assert.equal(collapsed.receipt.ok, true, JSON.stringify(collapsed.receipt.errors));
    assert.equal(collapsed.changes[0].newText, 'before\nfunction test() { return false; }\nafter\n');
    assert.equal(collapsed.receipt.files[0].edits[0].strategy, 'innerWhitespace');
    assert.match(collapsed.receipt.files[0].edits[0].warnings?.join(' ') ?? '', /line breaks left out/);
    const padded = planned('a.js', "const foo = 'bar';\n", json('a.js', '  foo  ', 'baz'));
    assert.equal(padded.changes[0]?.newText, "const baz = 'bar';\n");
    // A CRLF file keeps its endings, also in the new text.
    const crlf = planned('a.bat', 'if "%1"=="" (\r\n    exit /b 1\r\n)\r\necho done\r\n', json('a.bat', 'if"%1"==""(exit/b 1)', 'if "%1"=="" (\n    exit /b 2\n)'));
    assert.equal(crlf.changes[0]?.newText, 'if "%1"=="" (\r\n    exit /b 2\r\n)\r\necho done\r\n');
  });

  it('refuses when the tokens stand in several places, and writes no multi-line text the file would indent otherwise', () => {
    const twice = planned('a.js', 'f(a, b);\nf(a,b);\n', json('a.js', 'f( a , b )', 'g(a, b)'));
    assert.equal(twice.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.equal(twice.receipt.errors[0]?.candidates.length, 2);
    const all = planned('a.js', 'f(a, b);\nf(a,b);\n', json('a.js', 'f( a , b )', 'g(a, b)', ', "replace_all": true'));
    assert.equal(all.changes[0]?.newText, 'g(a, b);\ng(a, b);\n');
    // Spaces in a file indented with tabs (crush's own test): refused, not written as given.
    const tabs = 'func a() {\n\tfoo()\n}\nfunc b() {\n\tfoo()\n}\n';
    const spaces = planned('main.go', tabs, json('main.go', '{\n    foo()\n}', '{\n    bar()\n}', ', "replace_all": true'));
    assert.equal(spaces.receipt.ok, false);
    assert.equal(spaces.receipt.errors[0]?.code, 'NO_MATCH');
    // Several new lines where the match starts on an indented line: their depth is unknown.
    const nested = planned('a.js', 'class A {\n  f() {\n    return 1;\n  }\n}\n', json('a.js', 'f(){return 1;}', 'f() {\n  return 2;\n}'));
    assert.equal(nested.receipt.errors[0]?.code, 'NO_MATCH');
  });
});
