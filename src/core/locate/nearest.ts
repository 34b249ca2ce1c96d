import { lineDistance, PATTERN_LIMIT, withDistancesFrom } from '../text/lineDistance';
import type { Candidate } from '../receipt';
import { isBlank } from '../text/indentation';
import { normaliseLine, type FileIndex } from './fileIndex';
import { defaultFuzzyLimits, scoreWindow, shiftedLine, votedWindows, type ScoredWindow } from './fuzzy';
import { mayBeLeftOut } from './leftOutLines';
import type { Needle } from './matcher';

/** The nearest candidates for a failed search, and where the best one first differs. */
export interface NearestReport {
  readonly candidates: Candidate[];
  readonly firstDifference?: { readonly searchLine: string; readonly fileLine: string; readonly line: number };
  /**
   * True when the file was not scanned line by line for this search: the reply's earlier failed
   * searches in the file had spent `SCAN_BUDGET` (the candidates come from shared lines and the
   * line hint only).
   */
  readonly scanSkipped?: boolean;
  /**
   * A file line (1-based) the search text leaves out at the nearest place: its lines from there on
   * stand one line further down (a line skipped while retyping the code).
   */
  readonly leftOut?: { readonly line: number; readonly text: string };
}

/** Files longer than this are not scanned line by line for a candidate when no line votes. */
const scanLimit = 50_000;

/**
 * Lines a reply's failed searches may measure, per file, in their scans for the nearest line:
 * counted as the first engine measured them (every line of about the wanted length), at about
 * 0.5 µs a line on the development machine, so a tenth of a second of that work before the budget
 * is spent (a dozen failed searches on a 20,000-line file: more than a person reads). A reply of
 * a thousand near misses on one file stalled for seconds on these scans; with half a second's
 * budget it still took two. Past the budget its blocks are still refused, with the candidates
 * their shared lines give (`SPENT_WINDOWS` of them scored).
 */
const SCAN_BUDGET = 200_000;
/**
 * How many of its best-voted windows a failed search scores once its file's scan budget is spent
 * (48 before): enough to name the nearest places, where scoring 48 windows for each of a thousand
 * failed blocks was a third of such a reply's time.
 */
const SPENT_WINDOWS = 6;
const scanned = new WeakMap<FileIndex, number>();

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
  let scanSkipped = false;
  // The budget is the file's for the whole reply: kept on the index of the text edits are committed onto.
  const owner = index.rootIndex;
  const spent = (scanned.get(owner) ?? 0) > SCAN_BUDGET;
  const votes = votedWindows(index, needle, scope, { ...defaultFuzzyLimits, maxVotesPerLine: 256 });
  [...votes].sort((a, b) => b[1] - a[1]).slice(0, spent ? SPENT_WINDOWS : 48).forEach(([start]) => starts.add(start));
  if (lineHint !== undefined) {
    for (let d = -3; d <= 3; d++) starts.add(Math.min(Math.max(0, lineHint + d), Math.max(0, lineCount - size)));
  }
  if (starts.size < count && lineCount <= scanLimit) {
    const first = needle.lines.findIndex((line, i) => !isBlank(line) && !needle.elisions.has(i));
    if (first !== -1) {
      const wanted = normaliseLine(needle.lines[first], 'fold');
      const work = spent ? Infinity : (scanned.get(owner) ?? 0) + eligibleLines(index, wanted.length);
      if (work > SCAN_BUDGET) {
        scanSkipped = true;
        // Spent for the rest of the reply: later searches score fewer windows too.
        scanned.set(owner, SCAN_BUDGET + 1);
      } else {
        scanned.set(owner, work);
        for (const line of nearestLines(index, wanted, 8)) starts.add(line - first);
      }
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
    // Three decimals, and below 1 for a window that differs (a character in a long line rounds up).
    score: Math.min(Math.round(window.score * 1000) / 1000, window.differing.length > 0 ? 0.999 : 1),
    text: linesOf(index, window.start, Math.min(window.end, lineCount)),
  }));
  const best = kept[0];
  if (!best) return scanSkipped ? { candidates, scanSkipped } : { candidates };
  const k = best.differing[0];
  const firstDifference =
    k === undefined ? undefined : { searchLine: needle.lines[k], fileLine: best.start + k < lineCount ? index.line(best.start + k) : '', line: best.start + k + 1 };
  const shifted = shiftedLine(index, needle, best);
  // The needle's line is the file's next one: the file line in its place is one it left out (a
  // line of code: blank and comment lines left out are the left-out-lines rung's, which would have
  // placed the search text had that been its only difference).
  const leftOut = shifted !== undefined && best.start + shifted + 1 < lineCount && index.lineUnder('fold', best.start + shifted + 1) === normaliseLine(needle.lines[shifted], 'fold') && shiftedToTheEnd(index, needle, best.start, shifted) && !mayBeLeftOut(index.line(best.start + shifted))
    ? { line: best.start + shifted + 1, text: index.line(best.start + shifted) }
    : undefined;
  return { candidates, firstDifference, ...(scanSkipped ? { scanSkipped } : {}), ...(leftOut ? { leftOut } : {}) };
}

/**
 * True when the needle's last line with text, after line `k`, is not the file's line at its own
 * place in the window starting at `start` (under `fold`): the shift that line `k` shows goes on
 * to the end, as "its lines after that stand further down" says. A window that starts a line early
 * because the needle has a line of its own further on (a `// dSTS authorities` comment the file
 * lacks, in msal's Authority.ts) has the needle's first lines one line down too, but its lines
 * after that extra one stand in their places: the needle left nothing out, and saying it left out
 * the window's first line (the `switch` above) sent the user after the wrong line.
 */
function shiftedToTheEnd(index: FileIndex, needle: Needle, start: number, k: number): boolean {
  let last = needle.lines.length - 1;
  while (last > k && (needle.elisions.has(last) || isBlank(needle.lines[last]))) last--;
  if (last === k) return true;
  const at = start + last;
  return at >= index.lineCount || index.lineUnder('fold', at) !== normaliseLine(needle.lines[last], 'fold');
}

/** How many lines of the file are within the wanted length of it (those a scan would measure). */
function eligibleLines(index: FileIndex, length: number): number {
  const { from } = bucketsOf(index);
  return from[Math.min(from.length - 1, 2 * length + 1)];
}

/**
 * A file's lines by the length of their folded text (counting-sorted, each length's lines
 * ascending), and each line's characters counted in `BINS` bins (by code modulo the bin count,
 * saturating): the two lower bounds of the distance between two lines that `nearestLines` prunes by.
 */
interface LengthBuckets {
  readonly lines: Int32Array;
  /** The lines of length L are `lines[from[L]..from[L + 1])`. */
  readonly from: Int32Array;
  /** Line i's count of characters in bin b is `bins[i * BINS + b]`. */
  readonly bins: Uint16Array;
  /** The length of each line's folded text. */
  readonly lengths: Int32Array;
}

const BINS = 64;

/** How finely `nearestLines` orders lines by their lower bounds before it measures them. */
const BOUND_LEVELS = 256;

const lengthBuckets = new WeakMap<FileIndex, LengthBuckets>();

function bucketsOf(index: FileIndex): LengthBuckets {
  let buckets = lengthBuckets.get(index);
  if (!buckets) {
    const n = index.lineCount;
    const lengths = new Int32Array(n);
    let longest = 0;
    for (let i = 0; i < n; i++) longest = Math.max(longest, (lengths[i] = index.lineUnder('fold', i).length));
    const from = new Int32Array(longest + 2);
    for (let i = 0; i < n; i++) from[lengths[i] + 1]++;
    for (let length = 0; length <= longest; length++) from[length + 1] += from[length];
    const next = from.slice();
    const lines = new Int32Array(n);
    for (let i = 0; i < n; i++) lines[next[lengths[i]]++] = i;
    buckets = { lines, from, bins: binCounts(index), lengths };
    lengthBuckets.set(index, buckets);
  }
  return buckets;
}

/**
 * The `count` lines whose folded text is nearest `wanted` (Levenshtein distance over the longer
 * length; lines longer or shorter than it by more than its length are never taken), best first,
 * ties in file order: exactly the first `count` of every line so sorted. Each line's distance is
 * bounded from below without computing it (the larger of the length difference and the bag
 * distance: what either line has in excess of the other, character bin by bin, which every edit
 * changes by at most one); the lines with the lowest bounds are measured first, and then only
 * lines whose bound can still beat the worst of the list: a reply of a thousand near misses no
 * longer computes a thousand distances per line of the file.
 */
function nearestLines(index: FileIndex, wanted: string, count: number): number[] {
  const { lines, from, bins, lengths } = bucketsOf(index);
  const w = wanted.length;
  const wantedBins = new Int32Array(BINS);
  for (let k = 0; k < w; k++) wantedBins[wanted.charCodeAt(k) & (BINS - 1)]++;
  const wantedIn: number[] = [];
  for (let b = 0; b < BINS; b++) if (wantedBins[b] > 0) wantedIn.push(b);
  // Bins count up to 0xffff: lines shorter than that are counted exactly, so the bag distance is
  // their longer length minus what they share; for longer texts only the length bound is used.
  const bagged = w < 0x8000;
  // The lines that may be taken (a length within `w` of the wanted one), with their lower bounds.
  const candidates = lines.subarray(0, from[Math.min(from.length - 1, 2 * w + 1)]);
  const bounds = new Float64Array(candidates.length);
  for (let c = 0; c < candidates.length; c++) {
    const line = candidates[c];
    const length = lengths[line];
    let distance = Math.abs(length - w);
    if (bagged) {
      let shared = 0;
      for (const b of wantedIn) shared += Math.min(bins[line * BINS + b], wantedBins[b]);
      distance = Math.max(distance, Math.max(length, w) - shared);
    }
    bounds[c] = distance / Math.max(1, length, w);
  }
  const best: { d: number; line: number }[] = [];
  const beats = (d: number, line: number, than: { d: number; line: number }) => d < than.d || (d === than.d && line < than.line);
  const measure = (line: number, distance: (text: string) => number) => {
    const text = index.lineUnder('fold', line);
    const d = distance(text) / Math.max(1, text.length, w);
    if (best.length === count && !beats(d, line, best[count - 1])) return;
    let slot = best.length;
    while (slot > 0 && beats(d, line, best[slot - 1])) slot--;
    best.splice(slot, 0, { d, line });
    if (best.length > count) best.pop();
  };
  // The lines in order of their bounds, coarsely (counting-sorted into `BOUND_LEVELS` levels, file
  // order within one): the lowest are measured first, so the list's worst soon comes down, and once
  // a level's lowest bound cannot beat it no later line can: the scan stops there. Any order gives
  // the same list (a line skipped could not have beaten the worst then, and the worst only falls);
  // this one measures the fewest lines.
  const level = (bound: number) => Math.min(BOUND_LEVELS - 1, Math.floor(bound * BOUND_LEVELS));
  const levelFrom = new Int32Array(BOUND_LEVELS + 1);
  for (let c = 0; c < candidates.length; c++) levelFrom[level(bounds[c]) + 1]++;
  for (let l = 0; l < BOUND_LEVELS; l++) levelFrom[l + 1] += levelFrom[l];
  const byLevel = new Int32Array(candidates.length);
  const next = levelFrom.slice(0, BOUND_LEVELS);
  for (let c = 0; c < candidates.length; c++) byLevel[next[level(bounds[c])]++] = c;
  const measureAll = (distance: (text: string) => number) => {
    for (let l = 0; l < BOUND_LEVELS; l++) {
      // Every bound at this level is at least l / BOUND_LEVELS.
      if (best.length === count && l / BOUND_LEVELS > best[count - 1].d) break;
      for (let k = levelFrom[l]; k < levelFrom[l + 1]; k++) {
        const c = byLevel[k];
        if (best.length === count && !beats(bounds[c], candidates[c], best[count - 1])) continue;
        measure(candidates[c], distance);
      }
    }
  };
  // The candidates are at most twice the wanted length: for a wanted line of up to PATTERN_LIMIT
  // characters every distance is exact (lineDistance's own exact case), measured with the line's
  // masks set once.
  if (w <= PATTERN_LIMIT) withDistancesFrom(wanted, measureAll);
  else measureAll((text) => lineDistance(text, wanted));
  return best.map((entry) => entry.line);
}

/** Each line's folded characters counted in `BINS` bins (counts saturate: a lower bound stays one). */
function binCounts(index: FileIndex): Uint16Array {
  const bins = new Uint16Array(index.lineCount * BINS);
  for (let i = 0; i < index.lineCount; i++) {
    const line = index.lineUnder('fold', i);
    for (let k = 0, at = i * BINS; k < line.length; k++) {
      const bin = at + (line.charCodeAt(k) & (BINS - 1));
      if (bins[bin] !== 0xffff) bins[bin]++;
    }
  }
  return bins;
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
