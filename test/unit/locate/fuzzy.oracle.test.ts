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

/** True when a line has three word characters in a row: what the fuzzy rung calls a line with text. */
const withText = (line: string) => /[A-Za-z0-9_]{3}/.test(line);

/** Scores every window of the file the slow way, with the fuzzy rung's acceptance rules. */
function naiveFuzzy(fileLines: string[], needle: string[], threshold: number, refuseUnlike = true): { start: number; score: number }[] {
  const wanted = needle.map((l) => normaliseLine(l, 'fold'));
  const nonBlank = needle.filter((l) => /\S/.test(l)).length;
  if (nonBlank < defaultFuzzyLimits.minLines) return [];
  const minimum = Math.ceil(nonBlank * defaultFuzzyLimits.minExactShare);
  const out = [];
  for (let s = 0; s + needle.length <= fileLines.length; s++) {
    let dist = 0;
    let len = 0;
    let exact = 0;
    // A differing line is a stale quote of its file line only when at least half alike.
    let unlike = false;
    for (let k = 0; k < needle.length; k++) {
      const f = normaliseLine(fileLines[s + k], 'fold');
      if (f === wanted[k]) {
        if (/\S/.test(f)) exact++;
        len += f.length;
      } else {
        const d = levenshtein(wanted[k], f);
        dist += d;
        len += Math.max(wanted[k].length, f.length);
        if (withText(wanted[k]) && withText(f) && 1 - d / Math.max(wanted[k].length, f.length) < 0.5) unlike = true;
      }
    }
    const score = len === 0 ? 0 : 1 - dist / len;
    if (score >= threshold && exact >= minimum && !(unlike && refuseUnlike)) out.push({ start: s, score: Math.round(score * 1000) / 1000 });
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

  it('agrees with the oracle when a quoted line is another line entirely, and on files with form-feed lines', () => {
    const rand = random(7);
    const words = ['let', 'total', 'value', 'return', 'if', '(', ')', '{', '}', 'count', 'items', '=', '+', '1', 'name', 'import'];
    const line = () => (rand() < 0.08 ? '\f' : Array.from({ length: 2 + Math.floor(rand() * 6) }, () => words[Math.floor(rand() * words.length)]).join(' '));
    let rejectedAsUnlike = 0;
    for (let c = 0; c < 1000; c++) {
      const fileLines = Array.from({ length: 10 + Math.floor(rand() * 40) }, line);
      const start = Math.floor(rand() * (fileLines.length - 6));
      const needle = fileLines.slice(start, start + 4 + Math.floor(rand() * 3));
      // One line replaced by another line (what a block quoting another file's code has), or one character changed.
      const k = Math.floor(rand() * needle.length);
      if (rand() < 0.5) needle[k] = line();
      else needle[k] = needle[k] + 'q';
      const index = new FileIndex(splitFileText(fileLines.join('\n') + '\n'));
      const fast = fuzzyMatcher.find(index, { lines: needle, elisions: new Set() }, { from: 0, to: fileLines.length, fuzzyThreshold: 0.7 });
      const slow = naiveFuzzy(fileLines, needle, 0.7);
      assert.deepEqual(
        fast.map((m) => [m.start, m.score]),
        slow.map((m) => [m.start, m.score]),
        `case ${c}: needle ${JSON.stringify(needle)}`,
      );
      if (slow.every((m) => m.start !== start) && naiveFuzzy(fileLines, needle, 0.7, false).some((m) => m.start === start)) rejectedAsUnlike++;
    }
    // The cases exercise the rule: some windows are refused for their unlike line alone.
    assert.ok(rejectedAsUnlike > 20, `only ${rejectedAsUnlike} windows refused for an unlike line`);
  });
});
