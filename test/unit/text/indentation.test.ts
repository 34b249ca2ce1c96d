import * as assert from 'node:assert/strict';
import { leadingWhitespace, sameIndentation } from '../../../src/core/text/indentation';
import { random } from '../helpers';

describe('indentation', () => {
  it('tells two lines indented alike exactly as comparing their leading whitespace does', () => {
    const rand = random(5);
    const pieces = [' ', '  ', '\t', 'x', '', '\u00a0', 'if (a)'];
    const line = () => Array.from({ length: Math.floor(rand() * 5) }, () => pieces[Math.floor(rand() * pieces.length)]).join('');
    let alike = 0;
    for (let c = 0; c < 20_000; c++) {
      const a = line();
      // Half the time the second line starts as the first does.
      const b = rand() < 0.5 ? leadingWhitespace(a) + line() : line();
      const expected = leadingWhitespace(a) === leadingWhitespace(b);
      assert.equal(sameIndentation(a, b), expected, JSON.stringify([a, b]));
      if (expected) alike++;
    }
    assert.ok(alike > 5000 && alike < 15_000, `${alike}`);
  });
});
