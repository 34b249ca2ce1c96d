import * as assert from 'node:assert/strict';
import { applyPatch, createTwoFilesPatch, diffArrays, parsePatch } from 'diff';
import { myersRuns, unifiedDiff } from '../../src/cli/unifiedDiff';
import type { FileChange } from '../../src/core/index';
import { random } from './helpers';

const change = (originalText: string, newText: string): FileChange => ({ path: 'src/a.ts', action: 'modify', originalText, newText });

/** `lines` with about one line in `every` changed, inserted after or deleted, and the ending kept or dropped. */
function edited(rand: () => number, lines: string[], every: number): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const roll = rand() * every;
    if (roll < 0.4) out.push(line + ' // changed');
    else if (roll < 0.7) out.push(line, `inserted ${out.length}`);
    else if (roll >= 1) out.push(line);
  }
  return out;
}

describe('cli unifiedDiff', () => {
  it('prints what jsdiff prints for every ordinary change', () => {
    const rand = random(3);
    for (let c = 0; c < 300; c++) {
      const lines = Array.from({ length: 5 + Math.floor(rand() * 200) }, (_, i) => `line ${i % 17} ${Math.floor(rand() * 3)}`);
      const before = lines.join('\n') + (c % 4 === 0 ? '' : '\n');
      const after = edited(rand, lines, 20).join('\n') + (c % 5 === 0 ? '' : '\n');
      if (before === after) continue;
      const jsdiff = createTwoFilesPatch('a/src/a.ts', 'b/src/a.ts', before, after, '', '', { context: 3 }).replace(/^=+\n/, '');
      assert.equal(unifiedDiff([change(before, after)]), jsdiff, `case ${c}`);
    }
  });

  it('prints a diff that turns the old text into the new one when changes are spread over a big file', () => {
    const rand = random(9);
    for (let c = 0; c < 6; c++) {
      // Some lines repeat (no anchors there), most are unique.
      const lines = Array.from({ length: 30_000 }, (_, i) => (i % 13 === 0 ? '}' : `const value${i} = compute(${i % 101});`));
      const before = lines.join('\n') + '\n';
      const after = edited(rand, lines, 40 + c * 10).join('\n') + (c % 2 ? '\n' : '');
      const patch = unifiedDiff([change(before, after)]);
      assert.equal(parsePatch(patch).length, 1);
      assert.equal(applyPatch(before, patch), after, `case ${c}`);
      for (const hunk of parsePatch(patch)[0].hunks) {
        assert.equal(hunk.lines.filter((l) => l[0] !== '+' && l[0] !== '\\').length, hunk.oldLines);
        assert.equal(hunk.lines.filter((l) => l[0] !== '-' && l[0] !== '\\').length, hunk.newLines);
      }
    }
  });

  it('finds the runs jsdiff finds, tie for tie, in the stretches it diffs itself', () => {
    const rand = random(17);
    const pick = (size: number) => Math.floor(rand() * size);
    for (let c = 0; c < 20_000; c++) {
      // Few distinct lines, so that many alignments are equally short and the ties are jsdiff's to break.
      const alphabet = 1 + pick(6);
      const a = Array.from({ length: pick(c % 10 === 0 ? 120 : 25) }, () => `line ${pick(alphabet)}`);
      const b = pick(3) === 0 ? a.map((line) => (pick(4) === 0 ? `line ${pick(alphabet)}` : line)) : Array.from({ length: pick(25) }, () => `line ${pick(alphabet)}`);
      // Searched as a stretch inside longer texts, as `diffRegion` asks.
      const before = pick(3);
      const after = pick(3);
      const left = [...Array<string>(before).fill('before'), ...a, 'after'];
      const right = [...Array<string>(after).fill('before'), ...b, 'after', 'after'];
      const expected = diffArrays(a, b).map((part) => `${part.added ? '+' : part.removed ? '-' : ' '}${part.value.length}`);
      const found = myersRuns(left, before, before + a.length, right, after, after + b.length).map((run) => `${run.kind === 2 ? '+' : run.kind === 1 ? '-' : ' '}${run.count}`);
      assert.deepEqual(found, expected, `case ${c}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
    }
  });
});
