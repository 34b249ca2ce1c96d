import * as assert from 'node:assert/strict';
import { diffArrays } from 'diff';
import { lineSteps, type Step } from '../../../src/core/reanchor/steps';
import { random } from '../helpers';

/** jsdiff's diff of the whole lists as one letter per line: k kept, r removed, a added, in its order. */
function jsdiffLetters(search: readonly string[], replacement: readonly string[]): string {
  return diffArrays([...search], [...replacement])
    .map((part) => (part.added ? 'a' : part.removed ? 'r' : 'k').repeat(part.value.length))
    .join('');
}

/** The steps as the same letters, checking that they walk both lists in order, each line once. */
function stepLetters(steps: readonly Step[], search: readonly string[], replacement: readonly string[]): string {
  let n = 0;
  let r = 0;
  let letters = '';
  for (const step of steps) {
    if (step.kind === 'elision') throw new Error('no elisions here');
    const [nFrom, nTo, rFrom, rTo] = step.kind === 'keep' ? [step.n, step.n + 1, step.r, step.r + 1] : [step.nFrom, step.nTo, step.rFrom, step.rTo];
    assert.deepEqual([nFrom, rFrom], [n, r], 'steps out of order');
    if (step.kind === 'keep') assert.equal(search[step.n], replacement[step.r], 'a kept line differs');
    letters += step.kind === 'keep' ? 'k' : 'r'.repeat(nTo - nFrom) + 'a'.repeat(rTo - rFrom);
    n = nTo;
    r = rTo;
  }
  assert.deepEqual([n, r], [search.length, replacement.length], 'steps end before the lists do');
  return letters;
}

describe('reanchor steps', () => {
  it('align a replacement with its search text exactly as jsdiff does, shortcuts and all', () => {
    // Few distinct lines, so that repeats, shared starts and ties between alignments are common.
    const rand = random(11);
    const alphabet = ['}', '  return x;', '', 'a();', 'b();'];
    const list = () => Array.from({ length: Math.floor(rand() * 7) }, () => alphabet[Math.floor(rand() * alphabet.length)]);
    let shortcuts = 0;
    let oneLine = 0;
    for (let c = 0; c < 20_000; c++) {
      const search = list();
      // A third of the time the replacement starts as the search does, then differs in a line or
      // two or none; a third of the time it is the search with one line changed.
      const roll = rand();
      const changedAt = Math.floor(rand() * search.length);
      const replacement =
        roll < 1 / 3
          ? list()
          : roll < 2 / 3
            ? [...search.slice(0, Math.floor(rand() * (search.length + 1))), ...list().slice(0, Math.floor(rand() * 3))]
            : search.map((line, i) => (i === changedAt ? alphabet[Math.floor(rand() * alphabet.length)] : line));
      const expected = jsdiffLetters(search, replacement);
      const steps = lineSteps({ lines: search, elisions: new Set() }, replacement);
      assert.equal(stepLetters(steps, search, replacement), expected, `${JSON.stringify(search)} -> ${JSON.stringify(replacement)}`);
      if (/^k*r*a*$/.test(expected) && expected.length > 0 && !expected.endsWith('k')) shortcuts++;
      if (/^k*rak+$/.test(expected)) oneLine++;
    }
    // The shortcut cases (one change ending the lists, one line changed among kept ones) were
    // among those compared.
    assert.ok(shortcuts > 2000 && oneLine > 1000, `${shortcuts} ${oneLine}`);
  });
});
