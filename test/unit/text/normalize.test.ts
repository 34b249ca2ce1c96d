import * as assert from 'node:assert/strict';
import { collapseWhitespace, foldUnicode, trimEnd } from '../../../src/core/text/normalize';
import { detectIndentUnit } from '../../../src/core/text/indentation';

describe('normalize', () => {
  it('ignores whitespace around punctuation but not inside a word', () => {
    assert.equal(collapseWhitespace('  foo( a,b )  '), collapseWhitespace('foo(a, b)'));
    assert.notEqual(collapseWhitespace('const to tal = 1;'), collapseWhitespace('const total = 1;'));
    assert.equal(collapseWhitespace('return   x'), 'return x');
  });

  it('folds typographic punctuation to ASCII', () => {
    assert.equal(foldUnicode('print(\u201chi\u201d) \u2014 it\u2019s\u2026'), foldUnicode('print("hi") - it\'s...'));
    assert.equal(foldUnicode('a\u00a0=\u00a01'), foldUnicode('a = 1'));
  });

  it('trims only trailing whitespace', () => {
    assert.equal(trimEnd('  x \t'), '  x');
    assert.equal(trimEnd('x\u00a0\ufeff\r'), 'x');
    assert.equal(trimEnd(' \t '), '');
    assert.equal(trimEnd(''), '');
  });

  it('collapses a very long line the same way as a short one (a 100,000-character reply line took seconds)', () => {
    const words = 'ab  cd ( e ) '.repeat(10_000);
    assert.equal(collapseWhitespace(words), 'ab cd(e)'.repeat(10_000));
  });

  it('keeps a long inner run of spaces (a reply line the fuzzer found took seconds)', () => {
    const line = 'a' + ' '.repeat(50_000) + 'x';
    assert.equal(trimEnd(line + '  '), line);
    assert.equal(trimEnd(line), line);
  });

  it('detects tabs, 2-space and 4-space indentation', () => {
    assert.deepEqual(detectIndentUnit(['a', '\tb', '\t\tc']), { kind: 'tabs' });
    assert.deepEqual(detectIndentUnit(['a:', '  b:', '    c: 1', '  d: 2']), { kind: 'spaces', size: 2 });
    assert.deepEqual(detectIndentUnit(['def f():', '    if x:', '        return 1', '    return 2']), { kind: 'spaces', size: 4 });
    assert.equal(detectIndentUnit(['a', 'b']), undefined);
  });
});

describe('detectIndentUnit with block comments', () => {
  it('is not fooled by the aligned lines of JSDoc comments in a tab-indented file', () => {
    const lines = ['/**', ' * Options.', ' * More about them.', ' * And more.', ' */', 'export interface HeaderOptions {', '\tincludeIndex: boolean;', '\tincludeUnderline: boolean;', '}'];
    assert.deepEqual(detectIndentUnit(lines), { kind: 'tabs' });
  });
});
