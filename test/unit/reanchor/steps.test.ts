import * as assert from 'node:assert/strict';
import { diffArrays } from 'diff';
import { lineSteps, type Step } from '../../../src/core/reanchor/steps';
import { random } from '../helpers';

/** The steps read straight from jsdiff's diff of the whole lists (the rule `lineSteps` keeps). */
function jsdiffSteps(search: readonly string[], replacement: readonly string[]): Step[] {
  const steps: Step[] = [];
  let n = 0;
  let r = 0;
  const parts = diffArrays([...search], [...replacement]);
  for (let p = 0; p < parts.length; p++) {
    const count = parts[p].value.length;
    if (!parts[p].added && !parts[p].removed) {
      for (let k = 0; k < count; k++) steps.push({ kind: 'keep', n: n + k, r: r + k });
      n += count;
      r += count;
    } else if (parts[p].removed) {
      const added = parts[p + 1]?.added ? parts[++p].value.length : 0;
      steps.push({ kind: 'change', nFrom: n, nTo: n + count, rFrom: r, rTo: r + added });
      n += count;
      r += added;
    } else {
      steps.push({ kind: 'change', nFrom: n, nTo: n, rFrom: r, rTo: r + count });
      r += count;
    }
  }
  return steps;
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
      const expected = jsdiffSteps(search, replacement);
      assert.deepEqual(lineSteps({ lines: search, elisions: new Set() }, replacement), expected, `${JSON.stringify(search)} -> ${JSON.stringify(replacement)}`);
      const changes = expected.filter((s) => s.kind === 'change');
      if (changes.length === 1 && expected[expected.length - 1].kind === 'change') shortcuts++;
      if (changes.length === 1 && changes[0].kind === 'change' && changes[0].nTo - changes[0].nFrom === 1 && changes[0].rTo - changes[0].rFrom === 1 && expected[expected.length - 1].kind === 'keep') oneLine++;
    }
    // The shortcut cases (one change ending the lists, one line changed among kept ones) were
    // among those compared.
    assert.ok(shortcuts > 2000 && oneLine > 1000, `${shortcuts} ${oneLine}`);
  });
});
