import type { ReplaceOp } from '../ir';
import type { FileIndex } from '../locate/fileIndex';
import { exactMatcher } from '../locate/exact';
import { anchorBlockEnd, nearVersionInBlock } from '../locate/anchorBlock';
import { findAnchors } from '../locate/ladder';
import { straightMatch, type LineMatch, type Needle } from '../locate/matcher';
import { toLines } from '../text/fileText';
import { overlapsRange } from '../locate/ranges';
import { wherePresent } from './alreadyApplied';
import { toNeedle } from './opText';

/** What an anchored chunk found nowhere after its anchor comes to (see `beyondAnchor`). */
export type BeyondAnchor =
  | { readonly kind: 'placed'; readonly match: LineMatch; readonly note: string }
  | { readonly kind: 'refused'; readonly code: 'AMBIGUOUS' | 'NO_MATCH'; readonly reason: string; readonly matches: readonly LineMatch[]; readonly nextStep?: string };

/**
 * An apply_patch chunk whose `@@` anchor stands in the file but whose lines stand nowhere after
 * it, loosely or not (the ladder has looked): placed where its lines stand word for word, when
 * they stand so exactly once in the whole file; otherwise a refusal that names the anchor, when
 * the anchor is what kept the chunk from a place its lines have; undefined when the lines stand
 * nowhere word for word (the usual NO_MATCH).
 *
 * Why: a model names the class it believes the change is in, and names the wrong one (CPython's
 * http/server.py: `@@ class CGIHTTPRequestHandler(...)` over two lines of SimpleHTTPRequestHandler,
 * the class above it). An anchor the file lacks altogether is passed over and the whole file
 * searched; an anchor that stands further down made the same chunk a NO_MATCH "100% similar" to
 * lines it could not use, with no word of the anchor. Lines the file holds once, as written, say
 * where they go better than a heading the model recalled. The reading holds only while nothing
 * after the anchor speaks for it:
 * - lines the file holds several times are not placed by this (which one is meant is a guess:
 *   refused, `AMBIGUOUS`, the anchor named);
 * - a chunk whose new text already stands after its anchor may have been applied there, and its
 *   old lines above are another copy (a re-sent chunk must not edit the copy the anchor does not
 *   name): refused, `NO_MATCH`, the anchor named;
 * - a chunk whose anchor's own block holds a near version of its lines (`nearVersionInBlock`) may
 *   quote that version stale, as well as name the wrong block: refused, `AMBIGUOUS`, both named.
 */
export function beyondAnchor(index: FileIndex, path: string, op: ReplaceOp, needle: Needle, taken: readonly { readonly start: number; readonly end: number }[]): BeyondAnchor | undefined {
  if (!op.anchors?.length || op.expectedCount !== 1 || op.atEndOfFile || needle.elisions.size > 0) return undefined;
  if (needle.lines.every((line) => line.trim() === '')) return undefined;
  const after = findAnchors(index, op.anchors);
  // An anchor the file lacks was passed over already: the whole file was searched.
  if (after === undefined || after === 0) return undefined;
  const exact = exactMatcher.find(index, needle, { from: 0, to: index.lineCount, fuzzyThreshold: 1 }).filter((m) => !overlapsRange(taken, m.start, m.end));
  if (exact.length === 0) return undefined;
  const anchor = `its @@ anchor "${op.anchors.join(' › ').slice(0, 80)}" (line ${after})`;
  const lines = (m: LineMatch) => (m.end - m.start === 1 ? `line ${m.start + 1}` : `lines ${m.start + 1}-${m.end}`);
  const where = (m: LineMatch) => `${lines(m)}${m.end < after ? ', above the anchor' : ''}`;
  if (exact.length > 1) {
    return { kind: 'refused', code: 'AMBIGUOUS', matches: exact, reason: `the chunk's lines stand nowhere in ${path} after ${anchor}, and ${exact.length} times elsewhere (${exact.slice(0, 4).map(lines).join(', ')}): which one is meant is not certain` };
  }
  const appliedAfter = wherePresent(index, toNeedle(op.replacement, op.source), 5).find((m) => m.start >= after - 1);
  if (appliedAfter !== undefined) {
    return { kind: 'refused', code: 'NO_MATCH', matches: exact, reason: `the chunk's lines stand nowhere in ${path} after ${anchor}, only at ${where(exact[0])}, and its new lines already stand after the anchor (${lines(appliedAfter)}): it may have been applied there, and the lines above be another copy` };
  }
  const near = nearVersionInBlock(index, needle, after - 1);
  if (near !== undefined) {
    return { kind: 'refused', code: 'AMBIGUOUS', matches: [exact[0], near], reason: `the chunk's lines stand nowhere in ${path} after ${anchor} word for word, only at ${where(exact[0])}, while the block the anchor opens holds a near version of them at ${lines(near)} (${Math.round(near.score * 100)}% alike): whether the anchor or the lines are stale is not certain`, nextStep: 'Re-send the chunk with its @@ line naming the class or function it is meant for, and its lines copied from there.' };
  }
  return { kind: 'placed', match: exact[0], note: `the chunk's lines stand nowhere in ${path} after ${anchor}, and once in the file, word for word, at ${where(exact[0])}: placed there, the anchor taken for a wrong name` };
}

/**
 * What a NO_MATCH of an apply_patch chunk adds when its nearest lines stand above its `@@` anchor
 * (1-based `nearestLine`): the chunk was looked for after the anchor only, so the anchor is part of
 * why it was not found, and a user re-sending the lines as they are would be refused again.
 */
export function anchorAside(index: FileIndex, op: ReplaceOp, nearestLine: number | undefined): string {
  if (!op.anchors?.length || nearestLine === undefined) return '';
  const after = findAnchors(index, op.anchors);
  if (after === undefined || nearestLine >= after) return '';
  return `; the chunk was looked for after its @@ anchor "${op.anchors.join(' › ').slice(0, 80)}" (line ${after}), below those lines: re-send it with the anchor of the class or function its lines are in, or none`;
}

/** Past this many lines beginning with a hunk's heading, their blocks are not read for a near version of its lines. */
const MAX_HEADING_LINES = 16;

/**
 * A diff hunk whose section heading (`op.sectionHeading`) stands in the file, but only below the
 * one place its lines stand word for word (the ladder sets such a place aside: a re-sent hunk is
 * applied where its heading names, and the lines above are another copy; see `settle`), and whose
 * new text was not found applied (checked before): placed there, or refused with the heading
 * named; undefined when the heading does not bear on the hunk (the file lacks it, or has it at or
 * above the place), or the lines stand other than once, word for word.
 *
 * Why: git ignores the heading, and models copy one from another hunk, or name the class next to
 * the one they change (`@@ -9,7 +9,7 @@ class UUIDConverter:` over seven lines only
 * IntConverter holds, Django's converters.py); the hunk was refused as not found, "100% similar" to
 * the lines it quotes. The heading's word is weighed as an apply_patch anchor's is (`beyondAnchor`):
 * - new text that already stands below the heading may be the hunk applied there: refused,
 *   `NO_MATCH`, the heading named;
 * - a line number that puts the hunk at its lines speaks with them: placed, the heading taken for
 *   a wrong name;
 * - otherwise, where a heading's block holds a near version of the lines (`nearVersionInBlock`),
 *   the hunk may quote that version stale as well as carry a wrong heading: refused, `AMBIGUOUS`,
 *   both named; where none does, placed.
 */
export function beyondHeading(index: FileIndex, path: string, op: ReplaceOp, needle: Needle, taken: readonly { readonly start: number; readonly end: number }[], drift: number): BeyondAnchor | undefined {
  const heading = op.sectionHeading;
  if (heading === undefined || op.expectedCount !== 1 || op.atEndOfFile || needle.elisions.size > 0) return undefined;
  if (needle.lines.every((line) => line.trim() === '')) return undefined;
  const exact = exactMatcher.find(index, needle, { from: 0, to: index.lineCount, fuzzyThreshold: 1 }).filter((m) => !overlapsRange(taken, m.start, m.end));
  if (exact.length !== 1) return undefined;
  const place = exact[0];
  const headed = linesBeginningWith(index, heading);
  if (headed.length === 0 || headed[0] <= place.start) return undefined;
  const named = `its heading "${heading.slice(0, 60)}" (line ${headed[0] + 1})`;
  const lines = (m: LineMatch) => (m.end - m.start === 1 ? `line ${m.start + 1}` : `lines ${m.start + 1}-${m.end}`);
  const appliedBelow = wherePresent(index, toNeedle(op.replacement, op.source), 5).find((m) => m.start > headed[0]);
  if (appliedBelow !== undefined) {
    return { kind: 'refused', code: 'NO_MATCH', matches: exact, reason: `the hunk's lines stand in ${path} only at ${lines(place)}, above ${named}, and its new lines already stand below the heading (${lines(appliedBelow)}): it may have been applied there, and the lines above be another copy` };
  }
  const numberedPlaces = op.lineHint !== undefined ? [op.lineHint - 1, op.lineHint - 1 + drift] : [];
  if (numberedPlaces.includes(place.start)) {
    return { kind: 'placed', match: place, note: `the hunk's lines stand once in ${path}, word for word, at ${lines(place)}, where its line number puts them, and ${named} only below them: placed there, the heading taken for a wrong name` };
  }
  const near = headed.length <= MAX_HEADING_LINES ? headed.map((line) => nearVersionInBlock(index, needle, line)).find((m) => m !== undefined) : undefined;
  if (near !== undefined) {
    return { kind: 'refused', code: 'AMBIGUOUS', matches: [place, near], reason: `the hunk's lines stand in ${path} word for word only at ${lines(place)}, above ${named}, while the block the heading opens holds a near version of them at ${lines(near)} (${Math.round(near.score * 100)}% alike)${numberedPlaces.includes(near.start) ? ', where the hunk\'s line number points' : ''}: whether the heading or the lines are stale is not certain`, nextStep: 'Re-send the hunk with its @@ line numbers and heading for the place it is meant for, and its lines copied from there.' };
  }
  return { kind: 'placed', match: place, note: `the hunk's lines stand once in ${path}, word for word, at ${lines(place)}, and ${named} only below them: placed there, the heading taken for a wrong name` };
}

/** The 0-based lines that begin with `text`, their indentation aside, in file order. */
function linesBeginningWith(index: FileIndex, text: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < index.lineCount; i++) if (index.line(i).trimStart().startsWith(text)) found.push(i);
  return found;
}

/** Where the block a chunk's anchor or hunk's heading names holds part of its change (see `partlyAppliedInNamedBlock`). */
export interface PartlyApplied {
  /** The lines of the block that hold the chunk's lines with part of its change made. */
  readonly match: LineMatch;
  /** The chunk's added lines with text that stand there, and those that do not. */
  readonly made: readonly string[];
  readonly missing: readonly string[];
}

/** Past this many lines, a chunk is not read for its change made in part (the states grow with its length). */
const MAX_PARTLY_APPLIED_LINES = 200;

/** How far above its match a hunk's section heading is looked for, as the ladder does. */
const MAX_HEADING_DISTANCE = 2000;

/**
 * Where the block an apply_patch chunk's `@@` anchor opens, or the block of the line a diff
 * hunk's section heading names (the nearest line above its match that begins with it), holds the
 * chunk's lines with part of its change made, when the chunk's old text was found once, past that
 * block: its context lines in order, with some of its added lines (one with text at least) among
 * them and not all of its change made (an added line missing, or a removed one still there).
 * Undefined otherwise, and for a chunk without its line kinds, anchor or heading.
 *
 * Why: a chunk `@@ class Category(models.Model):` adding `slug` and `created` under `name`, sent
 * to a Django models.py whose Category already had `slug`, no longer found its old lines in
 * Category, found them in Tag, Category's twin right below, and wrote both fields there (a diff
 * hunk with that heading did the same). The anchor or heading names the block; the block holding
 * part of the change says the chunk was partly applied there, and the lines past it are another
 * copy (as `appliedInAnchorBlock` reads the whole change).
 */
export function partlyAppliedInNamedBlock(index: FileIndex, op: ReplaceOp, matches: readonly LineMatch[]): PartlyApplied | undefined {
  const kinds = op.lineKinds;
  if (kinds === undefined || matches.length !== 1 || op.expectedCount !== 1 || kinds.length > MAX_PARTLY_APPLIED_LINES) return undefined;
  const named = namedLine(index, op, matches[0].start);
  if (named === undefined) return undefined;
  const end = anchorBlockEnd(index, named);
  if (matches[0].start < end) return undefined;
  const body = chunkBody(op, kinds);
  if (body === undefined) return undefined;
  for (let start = named + 1; start < end; start++) {
    const found = partlyMadeAt(index, body, start, end);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The 0-based line an op's `@@` anchors end at, or the nearest line above `start` that begins with its section heading; undefined when it has neither, or the file lacks it. */
function namedLine(index: FileIndex, op: ReplaceOp, start: number): number | undefined {
  if (op.anchors?.length) {
    const after = findAnchors(index, op.anchors);
    return after === undefined || after === 0 ? undefined : after - 1;
  }
  const heading = op.sectionHeading;
  if (heading === undefined) return undefined;
  for (let i = start - 1; i >= Math.max(0, start - MAX_HEADING_DISTANCE); i--) if (index.line(i).trimStart().startsWith(heading)) return i;
  return undefined;
}

/** The chunk's lines in order with their kinds, rebuilt from its texts and `lineKinds`; undefined when they disagree. */
function chunkBody(op: ReplaceOp, kinds: string): { readonly kind: string; readonly text: string }[] | undefined {
  const search = toLines(op.search);
  const replacement = toLines(op.replacement);
  const body: { kind: string; text: string }[] = [];
  let s = 0;
  let r = 0;
  for (const kind of kinds) {
    const text = kind === '+' ? replacement[r] : search[s];
    if (text === undefined) return undefined;
    if (kind !== '+') s++;
    if (kind !== '-') r++;
    body.push({ kind, text });
  }
  return s === search.length && r === replacement.length ? body : undefined;
}

/**
 * The chunk's lines with part of its change made, standing from line `start` and ending before
 * `end`: each context line in turn, each added or removed line there or not. Every reading is
 * followed (an added line may equal the context line after it), kept as a set of states.
 */
function partlyMadeAt(index: FileIndex, body: readonly { readonly kind: string; readonly text: string }[], start: number, end: number): PartlyApplied | undefined {
  const same = (at: number, text: string) => at < end && index.line(at).trimEnd() === text.trimEnd();
  interface State { readonly at: number; readonly made: readonly string[]; readonly missing: readonly string[]; readonly removedKept: boolean }
  let states: State[] = [{ at: start, made: [], missing: [], removedKept: false }];
  for (const line of body) {
    const next = new Map<string, State>();
    const keep = (state: State) => {
      const key = `${state.at}|${state.made.length > 0}|${state.missing.length > 0 || state.removedKept}`;
      if (!next.has(key)) next.set(key, state);
    };
    const text = line.text.trim() !== '';
    for (const state of states) {
      if (line.kind === ' ') {
        if (same(state.at, line.text)) keep({ ...state, at: state.at + 1 });
        continue;
      }
      if (line.kind === '+') {
        if (same(state.at, line.text)) keep({ ...state, at: state.at + 1, made: text ? [...state.made, line.text.trim()] : state.made });
        keep({ ...state, missing: text ? [...state.missing, line.text.trim()] : state.missing });
        continue;
      }
      if (same(state.at, line.text)) keep({ ...state, at: state.at + 1, removedKept: state.removedKept || text });
      keep(state);
    }
    states = [...next.values()];
    if (states.length === 0) return undefined;
  }
  const partly = states.find((state) => state.made.length > 0 && (state.missing.length > 0 || state.removedKept));
  return partly && { match: straightMatch(start, partly.at - start, 1, 'exact'), made: partly.made, missing: partly.missing };
}
