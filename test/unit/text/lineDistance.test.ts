import * as assert from 'node:assert/strict';
import { distance } from 'fastest-levenshtein';
import { lineDistance, PATTERN_LIMIT, withDistancesFrom } from '../../../src/core/text/lineDistance';

describe('lineDistance', () => {
  it('equals Levenshtein distance for lines whose differing middles are short', () => {
    const words = ['const', 'x', '=', 'foo(', ')', ';', 'return', ' ', 'bar'];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let c = 0; c < 500; c++) {
      const make = () => Array.from({ length: Math.floor(rand() * 12) }, () => words[Math.floor(rand() * words.length)]).join('');
      const a = make();
      const b = make();
      assert.equal(lineDistance(a, b), distance(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
  });

  it('is exact for long lines that differ in a short middle, and bounded above otherwise', () => {
    const long = 'x'.repeat(100_000);
    assert.equal(lineDistance(long + 'a' + long, long + 'b' + long), 1);
    const d = lineDistance('x'.repeat(50_000) + 'y', 'z' + 'x'.repeat(50_000));
    assert.ok(d >= distance('x'.repeat(500) + 'y', 'z' + 'x'.repeat(500)) && d <= 50_001);
  });

  it('measures many texts from one pattern exactly as lineDistance does, for patterns of one to eight words', () => {
    const letters = ['a', 'b', 'c', ' ', '(', ')', 'x', '\u2019', '\u00e9', '\ud83d'];
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const text = (n: number) => Array.from({ length: n }, () => letters[Math.floor(rand() * letters.length)]).join('');
    for (let c = 0; c < 600; c++) {
      const pattern = text(Math.floor(rand() * (PATTERN_LIMIT + 1)));
      // Unrelated texts, and the pattern with a few characters changed, up to twice its length.
      const texts = Array.from({ length: 4 }, (_, k) => (k % 2 ? text(Math.floor(rand() * 2 * (pattern.length + 1))) : pattern.slice(0, Math.floor(rand() * pattern.length)) + text(3) + pattern.slice(Math.floor(rand() * pattern.length))));
      withDistancesFrom(pattern, (distanceTo) => {
        for (const t of texts) assert.equal(distanceTo(t), lineDistance(pattern, t), `${JSON.stringify(pattern)} to ${JSON.stringify(t)}`);
      });
    }
  });
});
