import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { coarseSkeletonHashOf, readWhole, skeletonHash, skeletonHashOf } from '../../../src/core/text/skeletonHash';
import { normaliseLine, type Normalisation } from '../../../src/core/locate/fileIndex';
import { splitFileText } from '../../../src/core/text/fileText';

/** A small deterministic generator, so a failure names a reproducible case. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

/** A variant of `line` that the rung normalising with `kind` must treat as equal to it. */
function variant(line: string, kind: Normalisation, next: () => number): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  switch (kind) {
    case 'exact':
      return line;
    case 'trimEnd':
      return line + pick([' ', '\t', '  ', ' \t ']);
    case 'trim':
      return pick(['', ' ', '\t', '        ']) + line.trimStart() + pick(['', ' ']);
    case 'collapse':
      // More or less whitespace around punctuation and between words.
      return line.replace(/ +/g, () => pick([' ', '  ', '\t'])).replace(/([(),;=])/g, (c) => pick([c, ` ${c}`, `${c} `]));
    case 'fold':
      return line
        .replace(/"/g, () => pick(['"', '\u201c', '\u201d']))
        .replace(/'/g, () => pick(["'", '\u2019']))
        .replace(/-/g, () => pick(['-', '\u2013', '\u2014']))
        .replace(/\.\.\./g, () => pick(['...', '\u2026']))
        .replace(/ /g, () => pick([' ', '\u00a0']));
  }
}

describe('skeletonHash', () => {
  const source = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'src', 'core', 'pipeline.ts'), 'utf8');
  const lines = source.split('\n').filter((line) => line.trim() !== '');
  lines.push('const s = "a long string ... with an ellipsis in the middle of it, and quotes" - 1;', '...', 'x', '');

  it('gives lines equal under every rung\'s normalisation the same hash (real source lines, random variants)', () => {
    const next = random(7);
    let checked = 0;
    for (const line of lines) {
      for (const kind of ['exact', 'trimEnd', 'trim', 'collapse', 'fold'] as const) {
        const other = variant(line, kind, next);
        if (normaliseLine(other, kind) !== normaliseLine(line, kind)) continue;
        assert.equal(skeletonHash(other), skeletonHash(line), `${kind}: ${JSON.stringify(line)} vs ${JSON.stringify(other)}`);
        checked++;
      }
    }
    assert.ok(checked > lines.length * 3, `only ${checked} variant pairs were equal under their normalisation`);
  });

  it('hashes the ellipsis character and three dots alike, wherever they fall in a long line', () => {
    for (let at = 0; at < 40; at++) {
      const prefix = 'abcdefghijklmnopqrstuvwxyz0123456789'.slice(0, at);
      const tail = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
      assert.equal(skeletonHash(`${prefix}\u2026${tail}`), skeletonHash(`${prefix}...${tail}`), `at ${at}`);
    }
  });

  it('tells most different lines apart (they are verified anyway, but collisions cost time)', () => {
    const distinct = new Set(lines.map((line) => line.replace(/\s+/g, '')));
    const hashes = new Set(lines.map(skeletonHash));
    assert.ok(hashes.size >= distinct.size * 0.95, `${hashes.size} hashes for ${distinct.size} distinct skeletons`);
  });

  it('gives lines with equal skeleton hashes equal coarse hashes, and flags the skeletons it read whole', () => {
    const coarse = (line: string) => coarseSkeletonHashOf(line, 0, line.length);
    const next = random(11);
    let pairs = 0;
    for (const line of lines) {
      for (const kind of ['trimEnd', 'trim', 'collapse', 'fold'] as const) {
        const other = variant(line, kind, next);
        if (skeletonHash(other) !== skeletonHash(line)) continue;
        assert.equal(coarse(other), coarse(line), `${kind}: ${JSON.stringify(line)} vs ${JSON.stringify(other)}`);
        pairs++;
      }
      // The skeleton: whitespace and dots left out (this file's lines are ASCII).
      const skeleton = line.replace(/[ \t\r.]/g, '');
      assert.equal(readWhole(coarse(line)), skeleton.length <= 8, JSON.stringify(line));
    }
    assert.ok(pairs > lines.length * 2, `only ${pairs} variant pairs`);
    // The same last eight skeleton characters, a different start: one coarse hash, two skeleton hashes.
    assert.equal(coarse('const first = compute(a, b);'), coarse('  let second = compute(a, b);'));
    assert.notEqual(skeletonHash('const first = compute(a, b);'), skeletonHash('  let second = compute(a, b);'));
    assert.ok(readWhole(coarse('  }  ')) && readWhole(coarse('a . . b')) && readWhole(coarse('\tab cd.efgh ')) && !readWhole(coarse('abcdefghi')));
  });

  it('hashes a line inside a file\'s flat text as it hashes the line alone', () => {
    const file = splitFileText('\ufeffa\r\n  b( x )\n\tconst \u201cq\u201d = 1;\nlast');
    file.lines.forEach((line, i) => assert.equal(skeletonHashOf(file.raw, file.offsets[i], file.offsets[i] + line.length), skeletonHash(line)));
  });
});
