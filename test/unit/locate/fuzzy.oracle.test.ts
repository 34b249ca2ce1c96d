import * as assert from 'node:assert/strict';
import { FileIndex, normaliseLine } from '../../../src/core/locate/fileIndex';
import { fuzzyMatcher, defaultFuzzyLimits } from '../../../src/core/locate/fuzzy';
import { splitFileText } from '../../../src/core/text/fileText';

/** Textbook Levenshtein: the obviously correct reference. */
function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** Scores every window of the file the slow way, with the fuzzy rung's acceptance rules. */
function naiveFuzzy(fileLines: string[], needle: string[], threshold: number): { start: number; score: number }[] {
  const wanted = needle.map((l) => normaliseLine(l, 'fold'));
  const nonBlank = needle.filter((l) => l.trim() !== '').length;
  if (nonBlank < defaultFuzzyLimits.minLines) return [];
  const minimum = Math.ceil(nonBlank * defaultFuzzyLimits.minExactShare);
  const out = [];
  for (let s = 0; s + needle.length <= fileLines.length; s++) {
    let dist = 0;
    let len = 0;
    let exact = 0;
    for (let k = 0; k < needle.length; k++) {
      const f = normaliseLine(fileLines[s + k], 'fold');
      if (f === wanted[k]) {
        if (f !== '') exact++;
        len += f.length;
      } else {
        dist += levenshtein(wanted[k], f);
        len += Math.max(wanted[k].length, f.length);
      }
    }
    const score = len === 0 ? 0 : 1 - dist / len;
    if (score >= threshold && exact >= minimum) out.push({ start: s, score: Math.round(score * 1000) / 1000 });
  }
  return out.sort((a, b) => b.score - a.score || a.start - b.start);
}

/** A small deterministic PRNG so failures reproduce. */
function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe('fuzzy rung against a naive oracle', () => {
  it('agrees with scoring every window by textbook Levenshtein on 1,000 random cases', () => {
    const rand = random(42);
    const words = ['let', 'x', 'y', 'return', 'if', '(', ')', '{', '}', 'count', 'items', '=', '+', '1', 'name'];
    const line = () => Array.from({ length: 1 + Math.floor(rand() * 6) }, () => words[Math.floor(rand() * words.length)]).join(' ');
    for (let c = 0; c < 1000; c++) {
      const fileLines = Array.from({ length: 10 + Math.floor(rand() * 40) }, line);
      const start = Math.floor(rand() * (fileLines.length - 5));
      const needle = fileLines.slice(start, start + 3 + Math.floor(rand() * 3));
      // Mutate one character of one line: a stale detail.
      const k = Math.floor(rand() * needle.length);
      const pos = Math.floor(rand() * (needle[k].length + 1));
      needle[k] = needle[k].slice(0, pos) + 'q' + needle[k].slice(pos);
      const index = new FileIndex(splitFileText(fileLines.join('\n') + '\n'));
      const fast = fuzzyMatcher.find(index, { lines: needle, elisions: new Set() }, { from: 0, to: fileLines.length, fuzzyThreshold: 0.85 });
      const slow = naiveFuzzy(fileLines, needle, 0.85);
      assert.deepEqual(
        fast.map((m) => [m.start, m.score]),
        slow.map((m) => [m.start, m.score]),
        `case ${c}: needle ${JSON.stringify(needle)}`,
      );
    }
  });
});
