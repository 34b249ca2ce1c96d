import { lineDistance } from '../text/lineDistance';
import type { Candidate } from '../receipt';
import { isBlank } from '../text/indentation';
import { normaliseLine, type FileIndex } from './fileIndex';
import { defaultFuzzyLimits, scoreWindow, votedWindows, type ScoredWindow } from './fuzzy';
import type { Needle } from './matcher';

/** The nearest candidates for a failed search, and where the best one first differs. */
export interface NearestReport {
  readonly candidates: Candidate[];
  readonly firstDifference?: { readonly searchLine: string; readonly fileLine: string; readonly line: number };
}

/** Files longer than this are not scanned line by line for a candidate when no line votes. */
const scanLimit = 50_000;

/**
 * Finds up to `count` places in the file that look most like the needle, for error messages:
 * windows that share lines with it, windows near the line hint, and when neither exists (every
 * line differs) the lines most similar to the needle's first non-blank line. Costs at most a
 * bounded number of window scores plus one pass over the file's lines.
 */
export function nearestCandidates(index: FileIndex, fullNeedle: Needle, lineHint?: number, count = 3): NearestReport {
  // Long search texts are compared by their first 200 lines: enough to name the place, bounded in cost.
  const needle: Needle = fullNeedle.lines.length <= 200 ? fullNeedle : { lines: fullNeedle.lines.slice(0, 200), elisions: new Set([...fullNeedle.elisions].filter((i) => i < 200)) };
  const size = Math.max(1, needle.lines.length);
  const lineCount = index.lineCount;
  if (lineCount === 0) return { candidates: [] };
  const scope = { from: 0, to: lineCount, fuzzyThreshold: 0 };
  const starts = new Set<number>();
  const votes = votedWindows(index, needle, scope, { ...defaultFuzzyLimits, maxVotesPerLine: 256 });
  [...votes].sort((a, b) => b[1] - a[1]).slice(0, 48).forEach(([start]) => starts.add(start));
  if (lineHint !== undefined) {
    for (let d = -3; d <= 3; d++) starts.add(Math.min(Math.max(0, lineHint + d), Math.max(0, lineCount - size)));
  }
  if (starts.size < count && lineCount <= scanLimit) {
    const first = needle.lines.findIndex((line, i) => !isBlank(line) && !needle.elisions.has(i));
    if (first !== -1) {
      const wanted = normaliseLine(needle.lines[first], 'fold');
      const best: { start: number; d: number }[] = [];
      for (let i = 0; i < lineCount; i++) {
        const line = index.lineUnder('fold', i);
        if (Math.abs(line.length - wanted.length) > wanted.length) continue;
        best.push({ start: i - first, d: lineDistance(line, wanted) / Math.max(1, line.length, wanted.length) });
      }
      best.sort((a, b) => a.d - b.d).slice(0, 8).forEach(({ start }) => starts.add(start));
    }
  }
  const scored: ScoredWindow[] = [];
  for (const raw of starts) {
    const start = Math.min(Math.max(0, raw), Math.max(0, lineCount - size));
    if (scored.some((window) => window.start === start)) continue;
    scored.push(scoreWindow(index, needle, start));
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
    text: linesOf(index, window.start, Math.min(window.end, lineCount)),
  }));
  const best = kept[0];
  if (!best) return { candidates };
  const k = best.differing[0];
  const firstDifference =
    k === undefined ? undefined : { searchLine: needle.lines[k], fileLine: best.start + k < lineCount ? index.line(best.start + k) : '', line: best.start + k + 1 };
  return { candidates, firstDifference };
}

/** Candidates for an ambiguous search: the places it matched. */
export function matchCandidates(index: FileIndex, matches: readonly { start: number; end: number; score: number }[]): Candidate[] {
  return matches.slice(0, 10).map((match) => ({
    startLine: match.start + 1,
    endLine: match.end,
    score: match.score,
    text: linesOf(index, match.start, Math.min(match.end, index.lineCount)),
  }));
}

/** Lines [start, end) of the file joined by `\n`. */
function linesOf(index: FileIndex, start: number, end: number): string {
  const lines: string[] = [];
  for (let i = start; i < end; i++) lines.push(index.line(i));
  return lines.join('\n');
}
