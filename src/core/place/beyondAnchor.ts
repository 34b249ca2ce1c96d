import type { ReplaceOp } from '../ir';
import type { FileIndex } from '../locate/fileIndex';
import { exactMatcher } from '../locate/exact';
import { nearVersionInBlock } from '../locate/anchorBlock';
import { findAnchors } from '../locate/ladder';
import type { LineMatch, Needle } from '../locate/matcher';
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
