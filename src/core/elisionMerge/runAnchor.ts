/**
 * Placing a segment none of whose lines occurs once in the rest of the file by a run of its lines
 * that does: several lines in a row, each repeated, whose sequence the file has once.
 */
import { collapseWhitespace } from '../text/normalize';
import { type AnchorIndex, anchorCount, anchorKey, placeSegmentFrom, sameEnclosingBlock } from './anchors';
import { type Region, hasText, indentOf, isCloser } from './lines';

/** Line comparisons the search may make before it gives up (and the segment stays refused). */
const WORK_BUDGET = 2_000_000;

/** A run of the segment's lines from line `k`, `length` lines long, standing at file line `at`. */
interface Run {
  readonly k: number;
  readonly at: number;
  readonly length: number;
}

/**
 * Places a segment that no single line anchors (`anchorCount` is 0) by its first run of lines
 * that stands exactly once at or after `cursor`: consecutive lines of the segment that are
 * consecutive lines of the file (whitespace inside them aside, at the file's very depths),
 * starting and ending with a line with text that is not a closer, at least two such lines in it,
 * and no other place of the file holding the same run. The run's first line is the head anchor;
 * the rest is `placeSegmentFrom`'s, widening and checks and all.
 *
 * Why: a repeated line says nothing of which copy is meant, but a run of them the file has once is
 * as sure a place as a SEARCH text found once, and it is how a snippet names a block whose header
 * every sibling shares line by line. A Kubernetes manifest's second Deployment, quoted by its
 * header (`kind: Deployment`, `apiVersion: apps/v1`, `metadata:`, `labels:`, `k8s-app:
 * dashboard-metrics-scraper`, `name: dashboard-metrics-scraper`, …), each line standing in two
 * Deployments or more, was refused as having no line that occurs once (kubernetes/dashboard's
 * recommended.yaml).
 *
 * A run the file holds elsewhere as well with lines between (`holdsWithLinesBetween`) names no
 * place: a snippet may have left those lines out.
 *
 * A later run of the segment that stands once too, but above the end of the first, disagrees with
 * it: one of them is new code repeating the file's lines, and which is a guess (undefined). So is a
 * search that outgrows its budget (a long segment of lines the file repeats everywhere).
 */
export function placeByUniqueRun(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, openEnd: boolean, closedByMarker = false): Region | undefined {
  if (anchorCount(segment, original, keys, cursor) > 0) return undefined;
  const work = { left: WORK_BUDGET };
  let first: Run | undefined;
  for (let k = 0; k < segment.length; k++) {
    const run = uniqueRunFrom(segment, k, original, keys, cursor, work);
    if (run === 'exhausted') return undefined;
    if (run === undefined) continue;
    if (first === undefined) {
      if (!sameEnclosingBlock(segment, run.k, original, run.at)) return undefined;
      first = run;
      // Runs inside this one are parts of it: the next to compare starts after it.
      k = run.k + run.length - 1;
      continue;
    }
    // In order: the segment's later run stands below where the first one puts that line.
    if (run.at < first.at + (run.k - first.k)) return undefined;
  }
  if (first === undefined) return undefined;
  const region = placeSegmentFrom(segment, original, keys, cursor, first.k, first.at, openEnd, closedByMarker);
  return typeof region === 'string' ? undefined : region;
}

/** A line that can bound a run and count towards its two: some text, and not a closer. */
function substantial(line: string): boolean {
  return hasText(line) && !isCloser(line);
}

/**
 * The shortest run of the segment from line `k` that stands once at or after `cursor` and meets
 * the run's terms (see `placeByUniqueRun`); undefined when there is none; 'exhausted' when the
 * work budget ran out.
 */
function uniqueRunFrom(segment: readonly string[], k: number, original: readonly string[], keys: AnchorIndex, cursor: number, work: { left: number }): Run | undefined | 'exhausted' {
  if (!substantial(segment[k])) return undefined;
  const positions = keys.positions.get(anchorKey(segment[k])) ?? [];
  // For each place of the first line, how many of the segment's lines stand there in a row.
  let best = -1;
  let bestLength = 0;
  let secondLength = 0;
  for (const at of positions) {
    if (at < cursor) continue;
    const length = matchedLength(segment, k, original, at, work);
    if (work.left < 0) return 'exhausted';
    if (length > bestLength) {
      secondLength = bestLength;
      bestLength = length;
      best = at;
    } else if (length > secondLength) secondLength = length;
  }
  if (best === -1 || bestLength <= secondLength) return undefined;
  // Every other place holds at most `secondLength` of these lines: one more makes the run unique,
  // and it goes on to a line with text that is not a closer (a `}` or a blank line ending the run
  // tells one copy from another by too little).
  let length = secondLength + 1;
  while (length <= bestLength && !substantial(segment[k + length - 1])) length++;
  if (length > bestLength) return undefined;
  const run = segment.slice(k, k + length);
  if (run.filter(substantial).length < 2) return undefined;
  for (const at of positions) {
    if (at < cursor || at === best) continue;
    if (holdsWithLinesBetween(run, original, at, work)) return undefined;
    if (work.left < 0) return 'exhausted';
  }
  return { k, at: best, length };
}

/**
 * True when the file holds the run's lines (those with anything on them) from line `at` on, in
 * order and at their depths, with other lines between them that stay inside the block of the two
 * run lines around them (none shallower than the shallower of the two). A snippet leaves lines out
 * unmarked as often as it quotes them: a run the file has once as written, and again with a line
 * between, names neither place. Mastodon's doorkeeper migration: `t.datetime :revoked_at`, `t.string
 * :scopes`, a new column and `end` stand as a run in `oauth_access_grants`, and with `t.datetime
 * :created_at` between in `oauth_access_tokens`, the table the new column belongs to.
 */
function holdsWithLinesBetween(run: readonly string[], original: readonly string[], at: number, work: { left: number }): boolean {
  const lines = run.filter((line) => line.trim() !== '');
  const same = (mine: string, theirs: string) => collapseWhitespace(mine) === collapseWhitespace(theirs) && indentOf(mine) === indentOf(theirs);
  if (!same(lines[0], original[at])) return false;
  let i = at;
  for (let n = 1; n < lines.length; n++) {
    const floor = Math.min(indentOf(lines[n - 1]), indentOf(lines[n]));
    let j = i + 1;
    for (; j < original.length; j++) {
      work.left--;
      const line = original[j];
      if (line.trim() === '') continue;
      if (same(lines[n], line)) break;
      if (indentOf(line) < floor || work.left < 0) return false;
    }
    if (j >= original.length) return false;
    i = j;
  }
  return true;
}

/**
 * How many lines of the segment from line `k` are the file's lines from `at` in a row: the same
 * whitespace inside them aside, blank for blank, each at the file's very depth. A run is the
 * file's by its depths too: YAML and Python say by depth which block a line belongs to, and lines
 * the snippet writes deeper than the file has them are other lines (a new `else:` / `return
 * None` nested one level deeper than the file's, in CPython's email/_parseaddr.py, was taken for
 * the file's own and the edit came out as "already applied").
 */
function matchedLength(segment: readonly string[], k: number, original: readonly string[], at: number, work: { left: number }): number {
  let n = 0;
  while (k + n < segment.length && at + n < original.length) {
    work.left--;
    const [mine, theirs] = [segment[k + n], original[at + n]];
    if (collapseWhitespace(mine) !== collapseWhitespace(theirs)) break;
    if (mine.trim() !== '' && indentOf(mine) !== indentOf(theirs)) break;
    n++;
  }
  return n;
}
