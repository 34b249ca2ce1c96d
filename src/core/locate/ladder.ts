import { indentWidth, leadingWhitespace } from '../text/indentation';
import { normaliseLine, type FileIndex } from './fileIndex';
import type { LineMatch, Matcher, Needle, SearchScope } from './matcher';
import { exactMatcher } from './exact';
import { trailingWhitespaceMatcher } from './trailingWhitespace';
import { indentationMatcher } from './indentation';
import { innerWhitespaceMatcher } from './innerWhitespace';
import { unicodeMatcher } from './unicode';
import { leftOutLinesMatcher } from './leftOutLines';
import { elisionMatcher } from './elision';
import { fuzzyMatcher } from './fuzzy';
import { overlapsRange } from './ranges';
import { anchorBlockEnd, nearVersionInBlock } from './anchorBlock';
import { twinsAtOwnIndentation } from './ownIndentationTwin';
import { lfLineStart } from '../plan';
import { lfView } from '../text/fileText';
import type { Strategy } from '../receipt';

/** The rungs, cheapest and safest first. The first rung with a usable answer decides. */
export const ladder: readonly Matcher[] = [
  exactMatcher,
  trailingWhitespaceMatcher,
  indentationMatcher,
  innerWhitespaceMatcher,
  unicodeMatcher,
  elisionMatcher,
  // After elision, which reads only search texts with markers (this rung, only those without):
  // the already-applied checks take the ladder's first five or six rungs by count.
  leftOutLinesMatcher,
  fuzzyMatcher,
];

/** What a search asks for beyond the needle itself. */
export interface LocateRequest {
  readonly expectedCount: number | 'all';
  /** 0-based line the op is believed to start at. */
  readonly lineHint?: number;
  /** How far (in lines) the nearest of several matches may be from the hint and still settle it. @default 5 */
  readonly hintSlack?: number;
  /** A diff hunk's section heading: a line above the match, in whose block the match stands. */
  readonly sectionHeading?: string;
  /** Lines that must precede the match, in order (apply_patch `@@` anchors). */
  readonly anchors?: readonly string[];
  readonly atEndOfFile?: boolean;
  readonly fuzzyThreshold: number;
  /** A fuzzy winner must beat the runner-up by this much. @default 0.05 */
  readonly fuzzyMargin?: number;
  /** Lines already taken by other ops of the reply: matches overlapping them are not candidates. */
  readonly taken?: readonly { readonly start: number; readonly end: number }[];
  /** The rungs to try. @default ladder */
  readonly rungs?: readonly Matcher[];
}

export type LocateOutcome =
  | { readonly kind: 'found'; readonly matches: LineMatch[]; readonly notes: string[] }
  | {
      readonly kind: 'ambiguous';
      readonly strategy: Strategy;
      readonly matches: LineMatch[];
      readonly reason: string;
      /**
       * True when the places are not alike in kind (one matches the search text's words at another
       * indentation, another its indentation but for a line: see `twinsAtOwnIndentation`): the
       * order of a reply's blocks or hunks, and a diff's rule on context (which reads the near
       * place alone as loose), do not choose between them.
       */
      readonly unlike?: true;
    }
  | { readonly kind: 'notFound'; readonly notes: string[] };

/**
 * Runs the ladder for one needle and returns the first rung's usable answer:
 * - `found` with exactly one match (or `expectedCount` matches, or all of them for `'all'`);
 * - `ambiguous` when a rung finds several equally good places that neither an anchor, nor the line
 *   hint (nearest within `hintSlack`), nor the fuzzy margin settles: the ladder stops there rather
 *   than guess or fall to a looser rung;
 * - `notFound` when no rung matches.
 */
export function locate(index: FileIndex, needle: Needle, request: LocateRequest): LocateOutcome {
  // A reply may search the same text many times (the same block repeated, a line that is
  // everywhere): an outcome that was costly to reach (many matches) is kept for the index and
  // shared (callers never change it). Until one is, no key is even made.
  if (needle.lines.length > MEMO_MAX_LINES) return search(index, needle, request);
  const known = outcomes.get(index);
  const key = known ? memoKey(needle, request) : undefined;
  const hit = key === undefined ? undefined : known!.get(key);
  if (hit) return hit;
  const outcome = search(index, needle, request);
  if (outcome.kind !== 'notFound' && outcome.matches.length >= MEMO_MIN_MATCHES) {
    let memo = known;
    if (!memo) outcomes.set(index, (memo = new Map()));
    memo.set(key ?? memoKey(needle, request), outcome);
  }
  return outcome;
}

/** Needles longer than this are searched afresh each time: they are rarely repeated, and their key would be long. */
const MEMO_MAX_LINES = 1000;
/** Outcomes with at least this many matches are kept: finding them cost a pass over as many places. */
const MEMO_MIN_MATCHES = 64;
const outcomes = new WeakMap<FileIndex, Map<string, LocateOutcome>>();
/** Numbers for the objects a key names by identity: matchers, and `taken` lists (with their length, as they only grow). */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;

function identity(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = ++lastIdentity;
    identities.set(value, id);
  }
  return id;
}

/** Everything `search` reads from the needle and the request, as one string. */
function memoKey(needle: Needle, request: LocateRequest): string {
  const rungs = (request.rungs ?? ladder).map(identity).join(',');
  const taken = request.taken ? `${identity(request.taken)}:${request.taken.length}` : '';
  const anchors = request.anchors ? request.anchors.join('\u0002') : '';
  return [
    rungs, taken, anchors, request.expectedCount, request.lineHint, request.hintSlack, request.atEndOfFile, request.fuzzyThreshold, request.fuzzyMargin, request.sectionHeading,
    [...needle.elisions].join(','), needle.lines.join('\u0000'),
  ].join('\u0001');
}

function search(index: FileIndex, needle: Needle, request: LocateRequest): LocateOutcome {
  const notes: string[] = [];
  if (needle.lines.length - needle.elisions.size > index.lineCount) return { kind: 'notFound', notes: ['the search text is longer than the file'] };
  let from = 0;
  /**
   * The chunk's first line, folded, when the chunk repeats its one anchor as that line: that anchor
   * narrows nothing the chunk does not (anchors above it would: the first of its places after them
   * is meant, as Codex seeks).
   */
  let repeatedAnchor: string | undefined;
  if (request.anchors?.length) {
    const after = findAnchors(index, request.anchors);
    if (after === undefined) notes.push(`anchor "${request.anchors.join(' › ')}" not found; searched the whole file`);
    else {
      // A chunk whose first line is its anchor again (`@@ def foo():`, then ` def foo():`) starts at the anchor's line.
      const first = normaliseLine(needle.lines[0] ?? '', 'fold');
      const repeatsAnchor = after > 0 && normaliseLine(request.anchors[request.anchors.length - 1], 'fold') === first && index.lineUnder('fold', after - 1) === first;
      from = repeatsAnchor ? after - 1 : after;
      if (repeatsAnchor && request.anchors.filter((anchor) => normaliseLine(anchor, 'fold') !== '').length === 1) repeatedAnchor = first;
    }
  }
  const scope: SearchScope = {
    from,
    to: index.lineCount,
    fuzzyThreshold: request.fuzzyThreshold,
    lineHint: request.lineHint,
  };
  for (const rung of request.rungs ?? ladder) {
    let matches = rung.find(index, needle, scope);
    if (request.atEndOfFile) matches = matches.filter((m) => endsAtEndOfFile(index, m.end));
    if (request.taken?.length) matches = matches.filter((m) => !overlapsRange(request.taken!, m.start, m.end));
    if (matches.length === 0) continue;
    // The anchor's block is measured only when several matches follow the anchor.
    const settled = settle(matches, request, from > 0 ? { from, end: () => anchorBlockEnd(index, from - 1), repeated: repeatedAnchor } : undefined, rung.id, index);
    if (settled.kind === 'found' && matches.length === 1 && request.expectedCount === 1) {
      const twinned = ownIndentationRival(index, needle, matches[0], scope, request);
      if (twinned !== undefined) return twinned;
    }
    if (settled.kind === 'found' && notes.length > 0) return { ...settled, notes: [...notes, ...settled.notes] };
    const mixed = settled.kind === 'ambiguous' ? settled.matches.find((match) => match.mixedWith !== undefined) : undefined;
    if (settled.kind === 'ambiguous' && mixed !== undefined) return { ...settled, reason: mixedReason(needle, mixed) };
    return settled;
  }
  // An `@@` line naming the item the chunk's lines stand over (a doc comment quoted under
  // `@@ macro_rules! eprintln_locked {`, the line right below it): the chunk, exact and alone in
  // the whole file, ending at most three lines above that anchor, is placed there; not when the
  // block the anchor opens holds a near version of the lines (the method of the class above, and
  // the anchor's own class's version of it: which one is meant is not certain, see `beyondAnchor`).
  if (from > 0 && !request.atEndOfFile && request.rungs === undefined) {
    const exact = ladder[0].find(index, needle, { ...scope, from: 0 }).filter((m) => !request.taken?.length || !overlapsRange(request.taken, m.start, m.end));
    if (exact.length === 1 && exact[0].end <= from - 1 && from - 1 - exact[0].end <= 3 && nearVersionInBlock(index, needle, from - 1) === undefined) {
      return { kind: 'found', matches: exact, notes: [...notes, `the @@ line names line ${from}, right below the lines the chunk quotes`] };
    }
  }
  return { kind: 'notFound', notes };
}

/**
 * The refusal of a rung's one match at another indentation than the search text's when the file
 * also holds the search text at its own indentation but for one line (see
 * `twinsAtOwnIndentation`); undefined when it holds no such twin, or when the line hint points at
 * the match (within `hintSlack`) and at no twin as near: the words, the line number and the
 * place agree, and the twin only resembles the text.
 */
function ownIndentationRival(index: FileIndex, needle: Needle, match: LineMatch, scope: SearchScope, request: LocateRequest): LocateOutcome | undefined {
  const twins = twinsAtOwnIndentation(index, needle, match, scope, request.taken);
  if (twins.length === 0) return undefined;
  const hint = request.lineHint;
  if (hint !== undefined) {
    const distance = Math.abs(match.start - hint);
    if (distance <= (request.hintSlack ?? 5) && twins.every((twin) => Math.abs(twin.match.start - hint) > distance)) return undefined;
  }
  const { match: twin, differs } = twins[0];
  const others = twins.length > 1 ? ` (and ${twins.length - 1} more such place${twins.length > 2 ? 's' : ''})` : '';
  return {
    kind: 'ambiguous',
    strategy: match.strategy,
    matches: [match, ...twins.map((t) => t.match)].sort((a, b) => a.start - b.start),
    reason: `the search text stands word for word at lines ${match.start + 1}-${match.end}, but at another indentation than its own, and at its own indentation at lines ${twin.start + 1}-${twin.end}${others}, but for its line "${needle.lines[differs].trim().slice(0, 60)}" (the file has "${index.line(twin.start + differs).trim().slice(0, 60)}"): its words point at one place, its indentation at the other, and which one is meant is a guess`,
    unlike: true,
  };
}

/**
 * Picks the match(es) a request asks for among one rung's matches. `anchor`: when the request's
 * anchors were found, the line after the last one (`from`), the end of the block it opens
 * (measured when asked) and, when the chunk's first line repeats the last anchor, that line folded
 * (`repeated`).
 */
function settle(matches: LineMatch[], request: LocateRequest, anchor: { from: number; end: () => number; repeated?: string } | undefined, strategy: Strategy, index: FileIndex): LocateOutcome {
  if (matches.length === 1 && request.expectedCount === 1) {
    // A diff's heading that stands in the file but nowhere above the one place the hunk's lines
    // stand says the hunk's place is elsewhere: applied there already (the copy the heading names
    // holds the new lines), or not in the file as it is. Written at that place, a re-sent hunk
    // edited the other copy.
    const heading = request.sectionHeading;
    if (heading !== undefined && !headingAbove(index, heading, matches[0].start) && fileHas(index, heading)) {
      return { kind: 'notFound', notes: [`the hunk's heading "${heading.slice(0, 60)}" stands nowhere above line ${matches[0].start + 1}, the one place its lines stand`] };
    }
    return { kind: 'found', matches, notes: [] };
  }
  const ordered = [...matches].sort((a, b) => a.start - b.start);
  if (request.expectedCount === 'all') return { kind: 'found', matches: nonOverlapping(ordered), notes: [] };
  if (typeof request.expectedCount === 'number' && request.expectedCount > 1) {
    const distinct = nonOverlapping(ordered);
    if (distinct.length === request.expectedCount) return { kind: 'found', matches: distinct, notes: [] };
    return {
      kind: 'ambiguous',
      strategy,
      matches: distinct,
      reason: `expected ${request.expectedCount} occurrences, found ${distinct.length}`,
    };
  }
  if (matches.length === 1) return { kind: 'found', matches, notes: [] };
  if (strategy === 'fuzzy') {
    // Fuzzy matches arrive best first: a clear winner needs a margin over the runner-up.
    // A window with a twin (`mixedWith`) wins by no margin: the score weighs the line that names a block like any other.
    const [best, second] = matches;
    if (best.mixedWith === undefined && best.score - second.score >= (request.fuzzyMargin ?? 0.05)) return { kind: 'found', matches: [best], notes: [] };
  }
  // apply_patch semantics: the first occurrence after the anchor is the one meant (Codex seeks on
  // from the anchor), unless the anchor's own block holds two: a model names the function the
  // change is in, and with two places in that function the anchor does not say which (git's hunk
  // header named a test suite's opening line, 1,300 lines above, and the first place after it was
  // another test's). Right under the anchor, the first is meant whatever follows.
  // An anchor the chunk's first line repeats, standing at the start of two of the matches, names
  // each of them alike: its first occurrence is no more meant than its second (oh-my-pi's
  // `@@ return foo;` over `-  return foo;`, in a file whose `if (a)` and `if (b)` branches both
  // return foo: the first branch was changed; Codex, seeking on past the anchor line, changes the
  // second). The line hint or the heading may still choose; else it is ambiguous.
  const repeated = anchor?.repeated;
  const anchorNamesSeveral = repeated !== undefined && ordered.filter((match) => index.lineUnder('fold', match.start) === repeated).length > 1;
  const [first, second] = ordered;
  if (anchor !== undefined && !anchorNamesSeveral && (first.start === anchor.from || second.end > anchor.end())) {
    return { kind: 'found', matches: [first], notes: ['several matches after the anchor; took the first'] };
  }
  // The place the line number points at, when it points at one (not for a fuzzy tie: two places
  // alike enough that fuzzy scoring does not tell them apart, duplicated code quoted stale at each
  // in one line, are not told apart by a number that model-written hunks get wrong as often as
  // their context; it chose the wrong copy of a block matplotlib's hlines and vlines share).
  let hinted: LineMatch | undefined;
  if (request.lineHint !== undefined && strategy !== 'fuzzy') {
    const hint = request.lineHint;
    const byDistance = [...matches].sort((a, b) => Math.abs(a.start - hint) - Math.abs(b.start - hint));
    const nearest = Math.abs(byDistance[0].start - hint);
    const next = Math.abs(byDistance[1].start - hint);
    if (nearest <= (request.hintSlack ?? 5) && next > nearest) hinted = byDistance[0];
  }
  // A diff's section heading (git's function context) names a line above the hunk: a number that
  // points where no such line stands above is wrong, and the one place in the block of the line it
  // names is meant (the same lines in two classes' methods; models write headings from the code
  // and numbers by guess). A heading the file has nowhere says nothing.
  const heading = request.sectionHeading;
  if (heading !== undefined && matches.length <= MAX_HEADED_MATCHES && (hinted === undefined || !headingAbove(index, heading, hinted.start)) && fileHas(index, heading)) {
    const under = matches.filter((match) => standsUnder(index, heading, match.start));
    if (under.length === 1) return { kind: 'found', matches: under, notes: [`${matches.length} matches; the hunk's heading "${heading.slice(0, 60)}" chose line ${under[0].start + 1}`] };
    if (hinted !== undefined) {
      return { kind: 'ambiguous', strategy, matches: ordered, reason: `the search text matches ${matches.length} places, and the hunk's line number points at one (line ${hinted.start + 1}) that its heading "${heading.slice(0, 60)}" does not stand above` };
    }
  }
  if (hinted !== undefined) return { kind: 'found', matches: [hinted], notes: [`${matches.length} matches; the line hint chose line ${hinted.start + 1}`] };
  return {
    kind: 'ambiguous',
    strategy,
    matches: ordered,
    reason: strategy === 'fuzzy' && request.lineHint !== undefined
      ? `the search text resembles ${matches.length} places about equally, and a line number alone does not choose between places it only resembles`
      : `the search text${anchorNamesSeveral ? `, whose first line repeats its @@ anchor "${request.anchors![request.anchors!.length - 1].trim().slice(0, 60)}",` : ''} matches ${matches.length} places${request.lineHint !== undefined ? ' and the line hint is not close enough to one of them' : ''}`,
  };
}

/**
 * Why a search text whose best fuzzy window has a twin (see `LineMatch.mixedWith`) is placed
 * nowhere: the line of it each place has and the other lacks.
 */
function mixedReason(needle: Needle, match: LineMatch): string {
  const { start, lacks, twinLacks } = match.mixedWith!;
  const n = needle.lines.length;
  const quoted = (k: number) => `"${needle.lines[k].trim().slice(0, 60)}"`;
  return `lines ${start + 1}-${start + n} have the search text's line ${quoted(lacks)}, lines ${match.start + 1}-${match.start + n} its line ${quoted(twinLacks)}, and each lacks the one the other has: the search text mixes two alike places, and which one is meant is a guess`;
}

/** Keeps matches left to right, dropping any that overlap one already kept. */
function nonOverlapping(ordered: LineMatch[]): LineMatch[] {
  const kept: LineMatch[] = [];
  for (const match of ordered) if (kept.length === 0 || match.start >= kept[kept.length - 1].end) kept.push(match);
  return kept;
}

/** True when only blank lines follow `end`. */
function endsAtEndOfFile(index: FileIndex, end: number): boolean {
  return end >= index.contentEnd;
}

/**
 * The line after the last anchor, each anchor found after the previous one (whitespace- and
 * punctuation-insensitive, equal first, then as a prefix of the line); undefined when one is missing.
 */
export function findAnchors(index: FileIndex, anchors: readonly string[]): number | undefined {
  let position = 0;
  for (const anchor of anchors) {
    const wanted = normaliseLine(anchor, 'fold');
    if (wanted === '') continue;
    let found = index.linesLike(anchor).find((i) => i >= position && index.lineUnder('fold', i) === wanted) ?? -1;
    for (let i = position; i < index.lineCount && found === -1; i++) if (index.lineUnder('fold', i).startsWith(wanted)) found = i;
    if (found === -1) return undefined;
    position = found + 1;
  }
  return position;
}

/** Past this many places, a heading is not looked for above each (a block of `}` lines is everywhere). */
const MAX_HEADED_MATCHES = 16;

/** How far above a match its section heading is looked for. */
const MAX_HEADING_DISTANCE = 2000;

/**
 * True when line `start` or a line above it begins with `heading`, its indentation aside. Sought
 * back to the file's start with the native search: git's heading is the nearest line above the
 * hunk that looks like a definition's, which in a long file may stand hundreds of kilobytes up
 * (uglify-js's compress.js), and a bound made those hunks read as contradicted. Line `start`
 * itself counts: models head a hunk with its own first line (`@@ -11,2 +11,2 @@ def to_url(self,
 * value):` over ` def to_url(self, value):`), which names the place as well as a line above it,
 * and was read as contradicting the number that pointed there.
 */
function headingAbove(index: FileIndex, heading: string, start: number): boolean {
  const view = lfView(index.file);
  const from = start + 1 < index.lineCount ? lfLineStart(index.file, start + 1) - 1 : view.length;
  for (let at = view.lastIndexOf(heading, from); at !== -1; at = at === 0 ? -1 : view.lastIndexOf(heading, at - 1)) {
    if (startsLine(view, at)) return true;
  }
  return false;
}

/** True when some line of the file begins with `heading` (its indentation aside): a diff hunk's heading names a line of the file. */
export function fileHas(index: FileIndex, heading: string): boolean {
  const view = lfView(index.file);
  for (let at = view.indexOf(heading); at !== -1; at = view.indexOf(heading, at + 1)) if (startsLine(view, at)) return true;
  return false;
}

/** True when only spaces and tabs stand between the line's start and `at`. */
function startsLine(view: string, at: number): boolean {
  for (let k = at - 1; k >= 0; k--) {
    const c = view.charCodeAt(k);
    if (c === 10) return true;
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * True when the file line a diff hunk's section heading names (the first line above `start` that
 * begins with it) holds line `start` in its block: every line between with text is deeper than it,
 * but for lines of brackets alone (a C function's `{` on a line of its own).
 */
export function standsUnder(index: FileIndex, heading: string, start: number): boolean {
  const stop = Math.max(0, start - MAX_HEADING_DISTANCE);
  const own = index.line(start);
  let shallowest = own.trim() === '' ? Infinity : indentWidth(leadingWhitespace(own), 4);
  for (let i = start - 1; i >= stop; i--) {
    const line = index.line(i);
    const text = line.trim();
    if (text === '') continue;
    const depth = indentWidth(leadingWhitespace(line), 4);
    if (text.startsWith(heading)) return depth < shallowest;
    if (!/^[{}()[\]]+$/.test(text)) shallowest = Math.min(shallowest, depth);
  }
  return false;
}
