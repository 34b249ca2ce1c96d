import { lineDistance } from '../text/lineDistance';
import { hasText } from '../text/normalize';
import type { FileIndex } from './fileIndex';
import { normaliseLine } from './fileIndex';
import { straightAlignment, type LineMatch, type Matcher, type Needle, type SearchScope } from './matcher';

/** Tunables of the fuzzy rung. */
export interface FuzzyLimits {
  /** Needles with fewer non-blank lines are never matched fuzzily: one or two lines carry too little evidence. @default 3 */
  readonly minLines: number;
  /** Share of the needle's non-blank lines that must be in the window exactly (whitespace aside). @default 0.5 */
  readonly minExactShare: number;
  /** A line occurring more often than this in the file casts no votes (`}`, `return nil`). @default 64 */
  readonly maxVotesPerLine: number;
  /** How many of the best-voted windows are scored with Levenshtein: the work budget. @default 48 */
  readonly maxWindows: number;
  /** Longer search texts are never matched fuzzily: a stale block that long is a different text. @default 1000 */
  readonly maxLines: number;
}

export const defaultFuzzyLimits: FuzzyLimits = { minLines: 3, minExactShare: 0.5, maxVotesPerLine: 64, maxWindows: 48, maxLines: 1000 };

/** A scored window, below or above the threshold; `nearest.ts` reuses this for failure reports. */
export interface ScoredWindow {
  readonly start: number;
  readonly end: number;
  readonly score: number;
  readonly exactLines: number;
  readonly differing: number[];
  /**
   * The first differing line with text whose window line, also with text, is so unlike it that it
   * is not a stale quote of it (see `MIN_STALE_LINE_SIMILARITY`); undefined when none.
   */
  readonly unlike: number | undefined;
}

/**
 * Finds windows of the needle's length that share lines with it: every non-blank needle line
 * that occurs in the file (whitespace-insensitive) votes for the window that would align it.
 * Linear in the needle and in the occurrences of its lines; never scans the file.
 */
export function votedWindows(index: FileIndex, needle: Needle, scope: SearchScope, limits: FuzzyLimits): Map<number, number> {
  const votes = new Map<number, number>();
  needle.lines.forEach((line, k) => {
    if (!isEvidence(line) || needle.elisions.has(k)) return;
    const count = index.countLike(line);
    if (count === 0 || count > limits.maxVotesPerLine) return;
    // Skeleton-equal lines are a superset of fold-equal ones: a window's votes bound its exact
    // lines from above, so filtering on votes never drops a window the rules would accept.
    for (const position of index.linesLike(line)) {
      const start = position - k;
      if (start < scope.from || start + needle.lines.length > scope.to) continue;
      votes.set(start, (votes.get(start) ?? 0) + 1);
    }
  });
  return votes;
}

/**
 * How alike a differing line with text must be to the file's line it is paired with: a stale
 * quote of that line (a renamed word, a changed number) is most of it; a line less than half
 * alike is another line, and the window is not where the quote was taken from (a file that holds
 * the same licence header, then other code: a block meant for a sibling file) or the file has
 * changed there since: either way the edit is refused, never written over code it did not quote.
 */
const MIN_STALE_LINE_SIMILARITY = 0.5;

/** True when `line` shows something: a line of whitespace alone (a form feed) is no evidence of a place. */
function isEvidence(line: string): boolean {
  return /\S/.test(line);
}

const foldedNeedles = new WeakMap<Needle, string[]>();

/** The needle's lines under 'fold', computed once per needle however many windows are scored. */
function foldedLines(needle: Needle): string[] {
  let lines = foldedNeedles.get(needle);
  if (!lines) {
    lines = needle.lines.map((line) => normaliseLine(line, 'fold'));
    foldedNeedles.set(needle, lines);
  }
  return lines;
}

/**
 * Scores the window at `start` against the needle: 1 − (sum of line edit distances / sum of the
 * longer line lengths), on whitespace-insensitive, punctuation-folded lines.
 */
export function scoreWindow(index: FileIndex, needle: Needle, start: number): ScoredWindow {
  const folded = foldedLines(needle);
  let distanceSum = 0;
  let lengthSum = 0;
  let exactLines = 0;
  const differing: number[] = [];
  let unlike: number | undefined;
  for (let k = 0; k < needle.lines.length; k++) {
    const wanted = folded[k];
    const found = start + k < index.lineCount ? index.lineUnder('fold', start + k) : '';
    if (wanted === found) {
      if (isEvidence(wanted)) exactLines++;
      lengthSum += wanted.length;
      continue;
    }
    const distance = lineDistance(wanted, found);
    const longer = Math.max(wanted.length, found.length);
    distanceSum += distance;
    lengthSum += longer;
    differing.push(k);
    // The line's similarity, as `lineSimilarity` gives it, from the distance already measured.
    if (unlike === undefined && 1 - distance / longer < MIN_STALE_LINE_SIMILARITY && hasText(wanted) && hasText(found)) unlike = k;
  }
  const score = lengthSum === 0 ? 0 : 1 - distanceSum / lengthSum;
  return { start, end: start + needle.lines.length, score, exactLines, differing, unlike };
}

/**
 * The first line of the needle that differs from its line in the window but is the file's line
 * right above or below it (under `fold`), a line with text: the window is the needle's place
 * shifted by a line the quote left out or added (a line of code skipped while retyping), not a
 * stale line. An edit of lines paired that way would be written over their neighbours.
 */
export function shiftedLine(index: FileIndex, needle: Needle, scored: ScoredWindow): number | undefined {
  const folded = foldedLines(needle);
  for (const k of scored.differing) {
    // A `}` or a blank line next to its like is no evidence of a shift.
    if (!hasText(folded[k])) continue;
    const at = scored.start + k;
    // A window of the nearest lines may run past the file's end (a search longer than the file).
    if ((at > 0 && at - 1 < index.lineCount && index.lineUnder('fold', at - 1) === folded[k]) || (at + 1 < index.lineCount && index.lineUnder('fold', at + 1) === folded[k])) return k;
  }
  return undefined;
}

/**
 * The first line of the needle that differs from its line in the window but stands word for word
 * (under `fold`) once in the file, away from the window (farther than the needle's length): the
 * model quoted that line from there, so the window, however alike, is another place (a C# method
 * signature quoted exactly from one overload, the lines under it alike in the next overload,
 * which the edit was written into). Only lines of some length count: a short or common line
 * standing elsewhere proves nothing. Undefined when there is none.
 */
export function quotedElsewhere(index: FileIndex, needle: Needle, scored: ScoredWindow): number | undefined {
  const folded = foldedLines(needle);
  const n = needle.lines.length;
  for (const k of scored.differing) {
    if (folded[k].length < MIN_QUOTED_LENGTH || !hasText(folded[k])) continue;
    const count = index.countLike(needle.lines[k]);
    if (count === 0 || count > MAX_LIKE_LINES) continue;
    const exact = index.linesLike(needle.lines[k]).filter((p) => index.lineUnder('fold', p) === folded[k]);
    if (exact.length === 1 && (exact[0] < scored.start - n || exact[0] >= scored.end + n)) return k;
  }
  return undefined;
}

/** A differing line shorter than this (folded) is too plain to say where the quote came from. */
const MIN_QUOTED_LENGTH = 16;
/** Lines whose skeleton the file has more often than this are not looked through. */
const MAX_LIKE_LINES = 8;

/**
 * Rung 8: similarity at or above the threshold, line for line, for a needle of at least
 * `minLines` lines most of which are in the window verbatim. It handles a stale line or two in
 * otherwise exact context; it never places a block whose lines are mostly not in the file.
 * Candidate windows come from `votedWindows` (a prefilter), and only the best `maxWindows` are
 * scored, so one edit costs at most maxWindows × needle lines Levenshtein calls. A window where a
 * differing line stands one line off (`shiftedLine`) is marked `shiftedFrom`: see `LineMatch`.
 */
export function fuzzyMatcherWith(limits: FuzzyLimits): Matcher {
  return {
    id: 'fuzzy',
    find(index: FileIndex, needle: Needle, scope: SearchScope): LineMatch[] {
      if (needle.elisions.size > 0 || needle.lines.length > limits.maxLines) return [];
      const nonBlank = needle.lines.filter(isEvidence).length;
      if (nonBlank < limits.minLines) return [];
      const minimumVotes = Math.ceil(nonBlank * limits.minExactShare);
      // Lines too common to vote (`}`, `return node;`) may still be among the exact lines a
      // window needs: the prefilter asks the same share of the lines that can vote.
      const voting = needle.lines.filter((line) => isEvidence(line) && index.countLike(line) <= limits.maxVotesPerLine).length;
      const minimumPrefilterVotes = Math.max(1, Math.ceil(voting * limits.minExactShare));
      const candidates = [...votedWindows(index, needle, scope, limits)]
        .filter(([, votes]) => votes >= minimumPrefilterVotes)
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, limits.maxWindows);
      const matches: LineMatch[] = [];
      const elsewhereQuoted = new Set<LineMatch>();
      const scoredOf = new Map<LineMatch, ScoredWindow>();
      for (const [start] of candidates) {
        const scored = scoreWindow(index, needle, start);
        if (scored.score < scope.fuzzyThreshold || scored.exactLines < minimumVotes || scored.unlike !== undefined) continue;
        const elsewhere = quotedElsewhere(index, needle, scored) !== undefined;
        // A differing line that is its neighbour's: every line from the first difference on may be one line off.
        const shifted = shiftedLine(index, needle, scored) !== undefined;
        const match: LineMatch = { ...windowMatch(needle, scored), ...(shifted ? { shiftedFrom: scored.differing[0] } : {}) };
        matches.push(match);
        if (elsewhere) elsewhereQuoted.add(match);
        scoredOf.set(match, scored);
      }
      // A window whose differing line the search quotes from elsewhere is not the place. Alone,
      // it is dropped. Beside others, it is dropped when another window holds a line it differs
      // in at its place in the search, that line standing once in the file: Django's two username validators, the SEARCH quoting
      // `class ASCIIUsernameValidator` with a stale message, went into UnicodeUsernameValidator,
      // alike but for its name. When every window is so held (two places each holding the line
      // the other differs in: matplotlib's hlines and vlines), none is more the place than the
      // other: all stay, and the choice stays open (dropped, a looser rung placed the block by
      // its line number). One quoted from outside every window is kept beside the others.
      if (matches.length === 1 && elsewhereQuoted.has(matches[0])) return [];
      // A differing line that stands once in the file, exactly, where another window has it.
      const heldByAnother = (match: LineMatch) => (scoredOf.get(match)?.differing ?? []).some((k) => {
        const at = onceExactly(index, needle, k);
        return at !== -1 && matches.some((other) => other !== match && other.start + k === at);
      });
      const kept = elsewhereQuoted.size === 0 ? matches : matches.filter((match) => !heldByAnother(match));
      const ordered = (kept.length > 0 ? kept : matches).sort((a, b) => b.score - a.score || a.start - b.start);
      // Only the best window can win by its score: it alone is checked for a twin.
      const best = ordered[0];
      const twin = best === undefined ? undefined : twinWindow(index, needle, scoredOf.get(best)!, scope, minimumVotes);
      if (twin === undefined) return ordered;
      const listed = ordered.find((match) => match.start === twin.scored.start);
      const twinMatch: LineMatch = {
        ...(listed ?? windowMatch(needle, twin.scored)),
        mixedWith: { start: best.start, lacks: twin.twinLacks, twinLacks: twin.lacks },
      };
      const rest = ordered.filter((match) => match !== best && match !== listed);
      return [{ ...best, mixedWith: { start: twin.scored.start, lacks: twin.lacks, twinLacks: twin.twinLacks } }, twinMatch, ...rest];
    },
  };
}

/** The 0-based file line where needle line `k` stands once in the file, word for word under `fold`; -1 when it stands nowhere or more than once, or has no text. */
function onceExactly(index: FileIndex, needle: Needle, k: number): number {
  const folded = foldedLines(needle)[k];
  if (!hasText(folded)) return -1;
  const exact = index.linesLike(needle.lines[k]).filter((p) => index.lineUnder('fold', p) === folded);
  return exact.length === 1 ? exact[0] : -1;
}

/** A fuzzy match of a scored window, with a warning for each line that differs. */
function windowMatch(needle: Needle, scored: ScoredWindow): LineMatch {
  return {
    start: scored.start,
    end: scored.end,
    score: Math.round(scored.score * 1000) / 1000,
    strategy: 'fuzzy',
    alignment: straightAlignment(scored.start, needle.lines.length),
    warnings: scored.differing.map((k) => `fuzzy match: file line ${scored.start + k + 1} differs from the edit's "${needle.lines[k].trim().slice(0, 80)}"`),
  };
}

/**
 * The twin of a scored window: another window of the needle's length, apart from it, that holds
 * at its place a line the window differs in, while the window holds at its place a line the twin
 * differs in, each of the two lines standing once in the file (word for word under `fold`).
 * `lacks` is the needle line the window differs in, `twinLacks` the one the twin differs in.
 * The twin must hold the share of the needle's lines any fuzzy window must (`minimumVotes`); its
 * score and a differing line unlike the file's are no bar. Undefined when there is no twin.
 *
 * Why: repetitive files hold near-identical blocks (two reducer cases, two firewall rules) that
 * differ in their name line and a line or two of body. A model that re-types one and copies a
 * line from the other quotes a mix, and each twin differs from it in a line the other has: which
 * one is meant is a guess. The score does not tell (a name differing by one letter scores 99%);
 * and the twin whose copied line the edit rewrites reads as out of date there (that line is
 * unlike its own), which left the other twin alone: Redux's `case COMPLETE_TODO:` block, quoted
 * with EDIT_TODO's `text: action.text` line to be rewritten, was written into EDIT_TODO.
 */
function twinWindow(index: FileIndex, needle: Needle, scored: ScoredWindow, scope: SearchScope, minimumVotes: number): { scored: ScoredWindow; lacks: number; twinLacks: number } | undefined {
  const n = needle.lines.length;
  const differs = new Set(scored.differing);
  for (const k of scored.differing) {
    const at = onceExactly(index, needle, k);
    if (at === -1) continue;
    const start = at - k;
    // An overlapping window is the same place read shifted, not a twin.
    if (Math.abs(start - scored.start) < n || start < scope.from || start + n > scope.to) continue;
    const twin = scoreWindow(index, needle, start);
    if (twin.exactLines < minimumVotes) continue;
    const twinLacks = twin.differing.find((j) => !differs.has(j) && onceExactly(index, needle, j) === scored.start + j);
    if (twinLacks !== undefined) return { scored: twin, lacks: k, twinLacks };
  }
  return undefined;
}


export const fuzzyMatcher = fuzzyMatcherWith(defaultFuzzyLimits);
