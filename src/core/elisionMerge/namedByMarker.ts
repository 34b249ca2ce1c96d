/** A marker that names the lines it stands for: those lines are kept, not rewritten by the part after it. */
import { markerNames } from '../parse/elision';
import { type AnchorIndex, placeSegment } from './anchors';
import { type Region, alignLines, hasText, isBareTag, isCloser } from './lines';

/**
 * The region a segment placed right after a marker the reply wrote takes, read so that the marker
 * stands for the lines it names (`markerNames`: `<!-- ... existing bootstrap and mockito
 * dependencies ... -->` names bootstrap and mockito).
 *
 * The region as placed, unless the marker names what it stands for, stands for no line with text
 * as placed (the region starts at `cursor`), and the region deletes or rewrites file lines that
 * carry one of those names. Then, when every line of content the region deletes or rewrites (all
 * but bare tags and closers, which name nothing) carries a name of the marker, the segment is
 * placed again past the last of them: the marker stands for them and they are kept. That placement
 * is taken when it deletes no line of the file and writes no new line carrying a name of the
 * marker; otherwise, and when the marker names only some of the lines, a refusal.
 *
 * Why: a marker says "the file's lines here stay". Reading it as standing for nothing, while the
 * lines right after it that the marker names go, contradicts the marker. In petclinic's pom.xml,
 * a new jquery `<dependency>` written after `<!-- ... existing bootstrap and mockito dependencies
 * ... -->` anchored on the bootstrap dependency's `<groupId>org.webjars</groupId>` (the only one
 * below the plugin's `<dependencies>`): the marker stood for nothing, bootstrap was rewritten into
 * jquery and mockito-core was deleted, where the reply added one dependency after the two it
 * named. When the lines the region would change are not all named (a bootstrap version changed
 * after "... existing mockito dependency ...", mockito standing after bootstrap in the file), or
 * the new lines name them again, the reply contradicts itself: keeping them adds a second copy of
 * what it meant to change, changing them deletes what it said stays. A marker that names nothing
 * (`// ... existing code ...`) says nothing of which lines it stands for, and a model writes one
 * out of habit above the lines it rewrites: its placement is left as it is.
 */
export function namedLinesKept(region: Region, segment: readonly string[], marker: string, original: readonly string[], keys: AnchorIndex, cursor: number, openEnd: boolean, closedByMarker: boolean): Region | string {
  const names = markerNames(marker);
  if (names.length === 0 || original.slice(cursor, region.from).some(hasText)) return region;
  const removed = removedLines(region, original);
  const named = removed.find((at) => namesLine(names, original[at]));
  if (named === undefined) return region;
  const unnamed = removed.find((at) => !namesLine(names, original[at]) && !isBareTag(original[at]) && !isCloser(original[at]));
  const last = removed[removed.length - 1];
  const kept = unnamed === undefined ? placeSegment(segment, original, keys, last + 1, openEnd, Infinity, closedByMarker) : undefined;
  // Placed so, the part must delete nothing (the marker now stands for every line it deleted) and
  // write no line of what the marker names: new lines that name it (a bootstrap `<dependency>`
  // after "... existing bootstrap dependency ...") rewrite it or add a second one, a guess.
  if (kept !== undefined && typeof kept !== 'string' && removedLines(kept, original).length === 0 && !changeOf(kept, original).added.some((line) => namesLine(names, line))) return kept;
  const why = unnamed !== undefined ? `, and line ${unnamed + 1} ("${original[unnamed].trim().slice(0, 40)}"), which it does not name` : '';
  return `the marker "${marker.trim().slice(0, 60)}" names line ${named + 1} ("${original[named].trim().slice(0, 40)}"), but the lines after it would rewrite or delete it${why} (lines ${removed[0] + 1}-${last + 1}), leaving the marker standing for nothing, and placed after those lines they would not only add lines: whether the lines it names are kept or replaced is a guess`;
}

/** The file lines with text that the region deletes or rewrites (see `changeOf`). */
function removedLines(region: Region, original: readonly string[]): number[] {
  return changeOf(region, original).removed;
}

/**
 * The region's change as `mergeRegion` aligns it (trailing whitespace aside): the file lines with
 * text it does not keep (ascending), and the lines it writes that are not the file's.
 */
function changeOf(region: Region, original: readonly string[]): { removed: number[]; added: string[] } {
  const removed: number[] = [];
  const added: string[] = [];
  let at = region.from;
  for (const part of alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trimEnd() === b.trimEnd())) {
    if (part.added) {
      added.push(...part.value);
      continue;
    }
    if (part.removed) part.value.forEach((line, k) => { if (hasText(line)) removed.push(at + k); });
    at += part.value.length;
  }
  return { removed, added };
}

/** True when one of the marker's `names` is a word of the line (`mockito` in `<groupId>org.mockito</groupId>`), case aside. */
function namesLine(names: readonly string[], line: string): boolean {
  return line.toLowerCase().split(/[^\p{L}\d]+/u).some((word) => names.includes(word));
}
