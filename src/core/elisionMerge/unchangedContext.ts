/**
 * Placing a segment between two markers that only quotes the file's lines as they are (context on
 * the way to the change, no line of it new or edited), when those lines stand in the file more
 * than once: any of its places above the next segment writes the same file.
 */
import type { IndentUnit } from '../text/indentation';
import { collapseWhitespace } from '../text/normalize';
import { type AnchorIndex, placeSegment } from './anchors';
import { atDefinitionDepth } from './depth';
import { type Region, firstNonBlank, indentOf, lastNonBlank } from './lines';

/**
 * A segment between two markers the reply wrote, with no line the rest of the file has once,
 * whose lines (blank ones at its edges aside) are a run of the file's lines exactly, standing
 * between `cursor` and the place of the next segment, which that segment finds by itself: placed
 * at the nearest such run above that place. `next` is where the next segment was placed, which it
 * must keep; undefined when the segment writes anything the file does not have there, when the
 * next segment has no place of its own, or when no copy of the run stands above it.
 *
 * Why: such a segment changes nothing. Placed on any copy of its lines, its region is rewritten
 * with the very lines it holds, and the markers on both sides keep everything else: every copy
 * between the parts around it writes the same bytes, so which copy the model meant needs no
 * answer. Refusing it refused the whole snippet: jQuery's `.hover()` rewritten under
 * `jQuery.fn.extend( {`, a line the 10,700-line file has 18 times, with markers on both sides and
 * the one `hover: function( fnOver, fnOut ) {` placing the change.
 *
 * The run is the file's lines, whitespace inside them aside and at one indentation shift for all,
 * and the region is written with the file's own lines: it writes back what is there.
 */
export function unchangedBeforeNext(segment: readonly string[], nextLines: readonly string[], nextOpenEnd: boolean, original: readonly string[], keys: AnchorIndex, cursor: number, fileUnit: () => IndentUnit | undefined): { region: Region; next: number } | undefined {
  const [start, end] = [firstNonBlank(segment), lastNonBlank(segment) + 1];
  if (start === -1) return undefined;
  const quoted = segment.slice(start, end);
  const nextSegment = atDefinitionDepth(nextLines, original, cursor, fileUnit);
  if (nextSegment.every((line) => line.trim() === '')) return undefined;
  const next = placeSegment(nextSegment, original, keys, cursor, nextOpenEnd);
  if (typeof next === 'string' || next.from <= cursor) return undefined;
  for (let at = next.from - quoted.length; at >= cursor; at--) {
    if (!standsAt(quoted, original, at)) continue;
    // Written back as the file has them: the segment differs from them in whitespace at most.
    return { region: { from: at, to: at + quoted.length, lines: original.slice(at, at + quoted.length), newAbove: 0, newBelow: 0 }, next: next.from };
  }
  return undefined;
}

/** True when `quoted` is the file's lines from `at`: the same but for whitespace inside them, blank for blank, at one depth shift for all. */
function standsAt(quoted: readonly string[], original: readonly string[], at: number): boolean {
  const shift = indentOf(original[at]) - indentOf(quoted[0]);
  return quoted.every((line, n) => {
    const theirs = original[at + n];
    if (collapseWhitespace(line) !== collapseWhitespace(theirs)) return false;
    return line.trim() === '' || indentOf(line) + shift === indentOf(theirs);
  });
}
