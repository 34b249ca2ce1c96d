import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { exactHashOf, FileIndex, normaliseLine, type Normalisation } from '../../../src/core/locate/fileIndex';
import { skeletonHash } from '../../../src/core/text/skeletonHash';
import { defaultFuzzyLimits, scoreWindow, votedWindows, type ScoredWindow } from '../../../src/core/locate/fuzzy';
import { indentationMatcher } from '../../../src/core/locate/indentation';
import { findNormalisedRuns, occurrences } from '../../../src/core/locate/lineSearch';
import type { Needle } from '../../../src/core/locate/matcher';
import { nearestCandidates } from '../../../src/core/locate/nearest';
import { overlapsRange } from '../../../src/core/locate/ranges';
import { indentWidth, isBlank, leadingWhitespace } from '../../../src/core/text/indentation';
import { lineDistance } from '../../../src/core/text/lineDistance';
import { splitFileText } from '../../../src/core/text/fileText';
import { random } from '../helpers';

const indexOf = (lines: string[]) => new FileIndex(splitFileText(lines.join('\n') + '\n'));
const scope = (lines: string[]) => ({ from: 0, to: lines.length, fuzzyThreshold: 0.85 });

/** Every start where each needle line equals the file line under `kind`, checked one by one. */
function naiveRuns(fileLines: string[], needle: string[], kind: Normalisation): number[] {
  const wanted = needle.map((line) => normaliseLine(line, kind));
  if (wanted.every((line) => line.trim() === '')) return [];
  const starts: number[] = [];
  for (let s = 0; s + needle.length <= fileLines.length; s++) {
    if (wanted.every((line, k) => normaliseLine(fileLines[s + k], kind) === line)) starts.push(s);
  }
  return starts;
}

/**
 * Lines of `}` at `depths` depths, a few blank lines among them (`blanks` of them, as a share):
 * every candidate looks alike, so checking them one by one would cost candidates × needle length.
 */
function braceFile(rand: () => number, count: number, depths: number, blanks: number): string[] {
  return Array.from({ length: count }, () => (rand() < blanks ? '' : ' '.repeat(2 * Math.floor(rand() * depths)) + '}'));
}

describe('searches that stay linear in the file (oracles)', () => {
  it('the index tables list the lines with each hash, from the flat text, for every mix of endings', () => {
    const rand = random(13);
    const texts = ['a', '  b', 'a ', '', '\tc\r', '\u2019x', '...', 'a  b'];
    for (let c = 0; c < 300; c++) {
      let raw = c % 4 === 0 ? '\ufeff' : '';
      const count = Math.floor(rand() * 30);
      for (let i = 0; i < count; i++) raw += texts[Math.floor(rand() * texts.length)] + (i === count - 1 && rand() < 0.4 ? '' : rand() < 0.3 ? '\r\n' : '\n');
      const file = splitFileText(raw);
      const index = new FileIndex(file);
      for (const line of [...texts, ...file.lines]) {
        const exact = file.lines.flatMap((l, i) => (exactHashOf(l, 0, l.length) === exactHashOf(line, 0, line.length) ? [i] : []));
        const like = file.lines.flatMap((l, i) => (skeletonHash(l) === skeletonHash(line) ? [i] : []));
        assert.deepEqual([index.linesExact(line), index.countExact(line)], [exact, exact.length], `${JSON.stringify(raw)}: exact ${JSON.stringify(line)}`);
        assert.deepEqual([index.linesLike(line), index.countLike(line)], [like, like.length], `${JSON.stringify(raw)}: like ${JSON.stringify(line)}`);
      }
    }
  });

  it('the whitespace-blind table answers as grouping every line by its skeleton hash would, on real source lines long and short', () => {
    // Lines whose skeleton is longer than the coarse hash reads (most code) are refined on
    // demand; re-indented, re-spaced and trailing-space copies put several lines in each group.
    const root = path.join(__dirname, '..', '..', '..', '..', 'src', 'core');
    const source = ['locate/fileIndex.ts', 'locate/ladder.ts', 'pipeline.ts', 'text/skeletonHash.ts'].flatMap((name) => readFileSync(path.join(root, name), 'utf8').split('\n'));
    const lines = [...source, ...source.slice(0, 300).map((line) => `  ${line.replace(/ = /g, '=')} `), ...source.slice(100, 200).map((line) => line.trimStart())];
    const index = indexOf(lines);
    const groups = new Map<number, number[]>();
    lines.forEach((line, i) => groups.set(skeletonHash(line), [...(groups.get(skeletonHash(line)) ?? []), i]));
    let refined = 0;
    for (const line of [...lines, 'const never = "in this file";']) {
      const expected = groups.get(skeletonHash(line)) ?? [];
      assert.deepEqual([index.linesLike(line), index.countLike(line)], [expected, expected.length], JSON.stringify(line));
      if (line.replace(/[\s.]/g, '').length > 12) refined++;
    }
    assert.ok(refined > 1000, `only ${refined} lines long enough to need refining`);
  });

  it('KMP finds every occurrence, overlapping ones included', () => {
    const rand = random(7);
    for (let c = 0; c < 500; c++) {
      const text = Array.from({ length: Math.floor(rand() * 60) }, () => Math.floor(rand() * 3));
      const pattern = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => Math.floor(rand() * 3));
      const from = Math.floor(rand() * 5);
      const to = Math.max(from, text.length - Math.floor(rand() * 5));
      const naive: number[] = [];
      for (let s = from; s + pattern.length <= to; s++) if (pattern.every((p, k) => text[s + k] === p)) naive.push(s);
      assert.deepEqual(occurrences(text, from, to, pattern), naive, JSON.stringify({ text, pattern, from, to }));
    }
  });

  it('a long needle of lines that are everywhere is found where the line-by-line check finds it, under every normalisation', () => {
    const rand = random(11);
    for (let c = 0; c < 40; c++) {
      const fileLines = braceFile(rand, 3000, 1 + (c % 3), c % 2 ? 0.01 : 0);
      const start = Math.floor(rand() * 2900);
      const needle = fileLines.slice(start, start + 20 + Math.floor(rand() * 40)).map((line) => (c % 4 === 3 && rand() < 0.3 ? line.trimStart() + ' ' : line));
      const index = indexOf(fileLines);
      for (const kind of ['exact', 'trimEnd', 'trim', 'collapse', 'fold'] as const) {
        assert.deepEqual(findNormalisedRuns(index, needle, kind, scope(fileLines)), naiveRuns(fileLines, needle, kind), `case ${c}, ${kind}`);
      }
    }
  });

  it('the indentation rung keeps the starts with one uniform shift, checked by width steps on long needles', () => {
    const rand = random(23);
    for (let c = 0; c < 40; c++) {
      const fileLines = braceFile(rand, 3000, 1 + (c % 2), c % 3 ? 0 : 0.01);
      const start = Math.floor(rand() * 2900);
      const shift = ' '.repeat(Math.floor(rand() * 3));
      const needle = fileLines.slice(start, start + 20 + Math.floor(rand() * 40)).map((line) => (line === '' ? line : shift + line));
      const index = indexOf(fileLines);
      const found = indentationMatcher.find(index, { lines: needle, elisions: new Set() }, scope(fileLines)).map((m) => m.start);
      const naive = naiveRuns(fileLines, needle, 'trim').filter((s) => {
        const shifts = needle.flatMap((line, k) => (isBlank(line) ? [] : [indentWidth(leadingWhitespace(fileLines[s + k]), 2) - indentWidth(leadingWhitespace(line), 2)]));
        return shifts.every((value) => value === shifts[0]);
      });
      assert.deepEqual(found, naive, `case ${c}`);
    }
  });

  it('overlap checks against a growing list answer as a scan of the list does', () => {
    const rand = random(5);
    for (let c = 0; c < 30; c++) {
      const list: { start: number; end: number }[] = [];
      for (let n = 0; n < 400; n++) {
        // Mostly in order, as a reply's blocks come; sometimes anywhere, sometimes empty ranges.
        const start = rand() < 0.8 ? n * 10 + Math.floor(rand() * 8) : Math.floor(rand() * 4000);
        list.push({ start, end: start + (rand() < 0.1 ? 0 : 1 + Math.floor(rand() * 12)) });
        for (let q = 0; q < 3; q++) {
          const a = Math.floor(rand() * 4100);
          const b = a + Math.floor(rand() * 15);
          assert.equal(overlapsRange(list, a, b), list.some((r) => a < r.end && r.start < b), `case ${c}, after ${n + 1}: [${a}, ${b})`);
        }
      }
    }
  });

  it('nearest candidates are those of scoring every line of the file by distance', () => {
    const rand = random(31);
    const words = ['const', 'value', 'items', 'count', 'return', 'node', '(', ')', '=', ';', '.', 'name', 'x1', 'factory'];
    const line = () => '  '.repeat(Math.floor(rand() * 3)) + Array.from({ length: 1 + Math.floor(rand() * 7) }, () => words[Math.floor(rand() * words.length)]).join(' ');
    for (let c = 0; c < 150; c++) {
      const fileLines = Array.from({ length: 50 + Math.floor(rand() * 400) }, line);
      // A needle nothing votes for: every line changed, so the nearest lines are searched for.
      const needle: Needle = { lines: Array.from({ length: 1 + Math.floor(rand() * 4) }, () => line() + ' zz'), elisions: new Set() };
      const index = indexOf(fileLines);
      assert.deepEqual(nearestCandidates(index, needle), naiveNearest(index, needle), `case ${c}`);
    }
  });
});

/** `nearestCandidates` as it was written first: every line of the file scored, sorted, the best 8 taken. */
function naiveNearest(index: FileIndex, needle: Needle, count = 3): ReturnType<typeof nearestCandidates> {
  const size = Math.max(1, needle.lines.length);
  const lineCount = index.lineCount;
  const starts = new Set<number>();
  const votes = votedWindows(index, needle, { from: 0, to: lineCount, fuzzyThreshold: 0 }, { ...defaultFuzzyLimits, maxVotesPerLine: 256 });
  [...votes].sort((a, b) => b[1] - a[1]).slice(0, 48).forEach(([start]) => starts.add(start));
  if (starts.size < count) {
    const first = needle.lines.findIndex((line) => !isBlank(line));
    const wanted = normaliseLine(needle.lines[first], 'fold');
    const best: { start: number; d: number }[] = [];
    for (let i = 0; i < lineCount; i++) {
      const folded = index.lineUnder('fold', i);
      if (Math.abs(folded.length - wanted.length) > wanted.length) continue;
      best.push({ start: i - first, d: lineDistance(folded, wanted) / Math.max(1, folded.length, wanted.length) });
    }
    best.sort((a, b) => a.d - b.d).slice(0, 8).forEach(({ start }) => starts.add(start));
  }
  const scored: ScoredWindow[] = [];
  for (const raw of starts) {
    const start = Math.min(Math.max(0, raw), Math.max(0, lineCount - size));
    if (!scored.some((window) => window.start === start)) scored.push(scoreWindow(index, needle, start));
  }
  scored.sort((a, b) => b.score - a.score || a.start - b.start);
  const kept: ScoredWindow[] = [];
  for (const window of scored) {
    if (window.score <= 0.2) break;
    if (kept.some((k) => window.start < k.end && k.start < window.end)) continue;
    kept.push(window);
    if (kept.length === count) break;
  }
  const candidates = kept.map((window) => ({
    startLine: window.start + 1,
    endLine: Math.min(window.end, lineCount),
    score: Math.round(window.score * 1000) / 1000,
    text: index.lines.slice(window.start, Math.min(window.end, lineCount)).join('\n'),
  }));
  const best = kept[0];
  if (!best) return { candidates };
  const k = best.differing[0];
  return { candidates, firstDifference: k === undefined ? undefined : { searchLine: needle.lines[k], fileLine: index.lines[best.start + k] ?? '', line: best.start + k + 1 } };
}
