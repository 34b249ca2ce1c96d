import { type AlignedRun, type Region, alignLines, definedName, firstNonBlank, hasText, indentOf, isCloser, isCommentLine, lastNonBlank } from './elisionMerge/lines';
import { detectIndentUnit, type IndentUnit } from './text/indentation';
import { anchorCount, anchorIndex, markerClosesDefinition, placeSegment, placeSegmentFrom } from './elisionMerge/anchors';
import { attachesBelow, opensDefinition, withBlankEdges } from './elisionMerge/blankEdges';
import { placeByKeyPath } from './elisionMerge/keyPath';
import { outsideNamedKey } from './elisionMerge/shownBlock';
import { placeByUniqueRun } from './elisionMerge/runAnchor';
import { unchangedBeforeNext } from './elisionMerge/unchangedContext';
import { placeAtOwnIndentation, placeByOpener, placeByShortLine, placeInOpenedBody } from './elisionMerge/fallbackAnchors';
import { elidedBlockEnd, elidedBodyCloser, insertsOnly, placeAtBlockEnd, placeAtBoundary, placeAtFileEnd, placeInLastBlock, placeClosers, placeClosingTags } from './elisionMerge/structure';
import { type BracketSyntax, balanceChange, bracketBalance } from './elisionMerge/balance';
import { blockFaults } from './elisionMerge/clauses';
import { definedTwice } from './elisionMerge/definedTwice';
import { renamedCopy } from './elisionMerge/renamedCopy';
import { definitionSkipped } from './elisionMerge/definitionLeftOut';
import { elidedDocstring } from './elisionMerge/docstring';
import { versionsAbove } from './elisionMerge/versions';
import { separatorKeptAtEnd, versionsBelowFragment } from './elisionMerge/versionsBelow';
import { misplacedHeadLine, placeAtFileHead, placeFileHeadLines } from './elisionMerge/fileHead';
import { addedAfterKeptExit, keptAfterExit, restatedBeforeMarker, unshownAfterOpenTail, versionsBeforeMarker } from './elisionMerge/tails';
import { separatorLeftOut } from './elisionMerge/separators';
import { namedLinesKept } from './elisionMerge/namedByMarker';
import { atDefinitionDepth, atFileDepth, inReplacedIndentation } from './elisionMerge/depth';
import { editedOpenerBetweenParts } from './elisionMerge/openerBetweenParts';
import { declarationsAfterTheirKind, functionsBeforeNext, goFunctionsAtFileEnd, importsAfterTheirKind, importsAmongFileImports, placeBeforeNext } from './elisionMerge/betweenMarkers';
export { correspond } from './elisionMerge/lines';
export { codeLeftOutBesideEdit, dataKeysLeftOut, looksLikeFragment, newLinesOnly, notWholeFile, partOrShortened, unshownDeletion } from './elisionMerge/wholeOrPart';

/** The elision `mergeFragment` puts at a fragment's edges: no reply line is ever this. */
const IMPLIED = '\u0000implied elision';

export type ElisionMerge = { readonly ok: true; readonly lines: string[] } | { readonly ok: false; readonly message: string };

/**
 * Fills the elision markers of a whole-file or snippet block from the original file.
 *
 * The block is cut at its markers into segments of real lines. Each segment is placed by anchors:
 * its first line that occurs exactly once in the rest of the file (whitespace aside, and with some
 * real text: a `}` anchors nothing), and its last such line after that. The segment replaces the
 * original lines from its head anchor to its tail anchor, widened over the lines right next to the
 * anchors that the segment repeats; every original line outside the segments' regions is kept.
 * So an elision stands for exactly the lines between two placed segments, and a segment the
 * reply starts mid-file without a marker still leaves the lines before it alone.
 *
 * Refuses (never guesses) when a segment has no unique anchor, or the segments would land out of
 * order, or (given the file's `syntax`) the merged file's brackets would not balance as the
 * file's do: see balance.ts. Inside a region, lines the segment keeps are written as the file has them.
 * `onMarkerForNothing` hears, once the merge succeeds, each marker (by its text) that stood for no
 * line with text of the file: two parts placed side by side, or a part at the file's edge.
 */
export function mergeElisions(original: readonly string[], given: readonly string[], isMarker: (line: string) => boolean, syntax?: BracketSyntax, onMarkerForNothing?: (marker: string) => void): ElisionMerge {
  const block = rootOpenerParted(original, given, isMarker);
  const isElision = block === given ? isMarker : (line: string) => line === IMPLIED || isMarker(line);
  // A file-head line the block moves up from where it means nothing: read against the file without that copy.
  const misplaced = misplacedHeadLine(block, isElision, original);
  if (misplaced !== undefined) return mergeElisions(original.filter((_, i) => !misplaced.includes(i)), given, isMarker, syntax);
  const segments: string[][] = [[]];
  // Where each segment starts in the block: the lines before it (its context) are read by placeAtBlockEnd.
  const starts = [0];
  block.forEach((line, i) => {
    if (!isElision(line)) segments[segments.length - 1].push(line);
    else {
      segments.push([]);
      starts.push(i + 1);
    }
  });
  const keys = anchorIndex(original);
  // Segments after the last marker the reply wrote have nothing after them (see `placeFromHead`).
  let lastMarker = -1;
  for (let i = block.length - 1; i >= 0 && lastMarker === -1; i--) if (isElision(block[i]) && block[i] !== IMPLIED) lastMarker = i;
  const regions: Region[] = [];
  // The segment each region places: the markers between two regions' segments are the reply's.
  const regionSegment: number[] = [];
  // For each region, whether a marker the reply wrote comes right after it (see `restatedBeforeMarker`).
  const markerAfterRegion: boolean[] = [];
  let unit: IndentUnit | undefined | null = null;
  const fileUnit = () => (unit === null ? (unit = detectIndentUnit(original)) : unit);
  let cursor = 0;
  // Where the next segment must start when the last one was placed only by bounding it there.
  let bound: number | undefined;
  const written = (marker: number) => marker >= 0 && marker < block.length && block[marker] !== IMPLIED;
  for (let s = 0; s < segments.length; s++) {
    const segment = atDefinitionDepth(segments[s], original, cursor, fileUnit);
    if (segment.every((line) => line.trim() === '')) continue;
    const isLast = s === segments.length - 1;
    const openEnd = starts[s] > lastMarker;
    // A marker after a definition the segment ends inside, at its depth, closes it.
    const markerAfter = s + 1 < starts.length ? block[starts[s + 1] - 1] : undefined;
    const closedByMarker = markerAfter !== undefined && markerAfter !== IMPLIED && markerClosesDefinition(segments[s], markerAfter);
    // `.bits-wrapper {`, the marker, `}`: the marker stands for the block's body, and the closer is
    // the file's closer of that block, the segment's first anchor. A bare `}` anchors nothing by
    // itself, and the lines after it, placed by their own anchors, left the `}` and the lines
    // between to a guess (Cursor's CSS replies mark a rule kept so).
    const bodyCloser = s > 0 && bound === undefined && regions.length > 0 && written(starts[s] - 1) ? elidedBodyCloser(segments[s - 1], segment, regions[regions.length - 1], original, cursor) : undefined;
    const fromCloser = bodyCloser !== undefined ? placeSegmentFrom(segment, original, keys, cursor, bodyCloser.closer, bodyCloser.at, openEnd, closedByMarker) : undefined;
    const closerRegion = fromCloser !== undefined && typeof fromCloser !== 'string' && (bodyCloser?.newAfter !== true || insertsOnly(fromCloser, original)) ? fromCloser : undefined;
    let region = closerRegion !== undefined && bodyCloser?.sure === true ? closerRegion : placeSegment(segment, original, keys, cursor, openEnd, Infinity, closedByMarker);
    const unanchored = typeof region === 'string' && !isLast && anchorCount(segment, original, keys, cursor) === 0;
    let bounded = unanchored ? (placeBeforeNext(segment, openEnd, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit) ?? functionsBeforeNext(segment, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit) ?? declarationsAfterTheirKind(segment, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit) ?? importsAfterTheirKind(segment, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit)) : undefined;
    // A definition's head written otherwise, between the part showing its block and a part inside its body (see `editedOpenerBetweenParts`).
    if (bounded === undefined && unanchored && s > 0 && written(starts[s] - 1) && written(starts[s + 1] - 1)) bounded = editedOpenerBetweenParts(segments[s], block.slice(0, starts[s]), isElision, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit);
    if (bounded !== undefined) region = bounded.region;
    if (typeof region === 'string') region = placeByOpener(segment, original, keys, cursor, openEnd) ?? region;
    if (typeof region === 'string') region = placeAtBoundary(segment, original, cursor, s === 0, isLast) ?? placeClosers(segment, original, cursor) ?? region;
    // New code first, a marker written after it and none before: the marker stands for the rest of the file.
    if (typeof region === 'string' && s === 0 && !isLast && written(starts[1] - 1)) region = placeFileHeadLines(segment, original, cursor) ?? placeAtFileHead(segment, original, cursor) ?? region;
    if (typeof region === 'string') {
      const before = block.slice(0, starts[s]);
      region = placeAtBlockEnd(segment, before, isElision, original, keys, cursor, isLast) ?? (isLast ? placeAtFileEnd(segment, before, isElision, original, cursor) ?? placeInLastBlock(segment, before, isElision, original, cursor) : undefined) ?? placeClosingTags(segment, before, isElision, original, keys, cursor) ?? region;
    }
    if (typeof region === 'string') region = placeAtOwnIndentation(segment, block, isElision, original, keys, cursor, openEnd) ?? placeByShortLine(segment, original, keys, cursor, openEnd) ?? region;
    if (typeof region === 'string' && s > 0 && regions.length > 0 && written(starts[s] - 1)) region = placeInOpenedBody(segment, original, keys, cursor, openEnd) ?? region;
    if (typeof region === 'string') region = placeByKeyPath(segment, block.slice(0, starts[s]), isElision, original, keys, cursor, openEnd) ?? region;
    // New Go functions or new imports with nothing to place them by, between markers the reply
    // wrote and with only markers after them: last, so that it turns only a refusal into a write
    // (see `goFunctionsAtFileEnd`, `importsAmongFileImports`).
    const onlyMarkersAfter = segments.slice(s + 1).every((rest) => rest.every((line) => line.trim() === ''));
    if (typeof region === 'string' && unanchored && s > 0 && written(starts[s] - 1) && written(starts[s + 1] - 1) && onlyMarkersAfter) region = goFunctionsAtFileEnd(segment, original, cursor) ?? importsAmongFileImports(segment, original, cursor) ?? region;
    // Last as well, each turning only a refusal into a write: the closer read by a weaker test (see
    // `elidedBodyCloser`), a run of repeated lines the file has once (see `placeByUniqueRun`), and
    // a segment between two markers that writes nothing new (see `unchangedBeforeNext`).
    if (typeof region === 'string') region = closerRegion ?? region;
    if (typeof region === 'string') region = placeByUniqueRun(segment, original, keys, cursor, openEnd, closedByMarker) ?? region;
    if (typeof region === 'string' && unanchored && s > 0 && written(starts[s] - 1) && written(starts[s + 1] - 1)) {
      bounded = unchangedBeforeNext(segment, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit);
      if (bounded !== undefined) region = bounded.region;
    }
    if (typeof region === 'string') return { ok: false, message: region };
    // A marker that names the lines it stands for keeps them: the part after it does not rewrite them (see `namedLinesKept`).
    if (written(starts[s] - 1)) region = namedLinesKept(region, segment, block[starts[s] - 1], original, keys, cursor, openEnd, closedByMarker);
    if (typeof region === 'string') return { ok: false, message: region };
    // A part after a marker lands in the block of the data key the snippet names above it (see `outsideNamedKey`).
    const outside = s > 0 && written(starts[s] - 1) ? outsideNamedKey(block, starts[s], isElision, region, original, keys) : undefined;
    if (outside !== undefined) return { ok: false, message: outside };
    if (bound !== undefined && region.from !== bound) {
      return { ok: false, message: `the part before "${segment.find(hasText)?.trim().slice(0, 40) ?? ''}" was placed above line ${bound + 1}, where that part was found first, but it lands at line ${region.from + 1}: where the elisions go is a guess` };
    }
    bound = bounded?.next;
    // A segment that starts by closing the block its elision stands inside (`}` after an elision
    // indented as the body of the opener above it) starts at that block's end. Placed further
    // down by its anchors, the file's lines between would be deleted by the strict reading (the
    // snippet shows nothing of them) or kept by the lenient one (its closer read as a later
    // block's): a real reply meant the first (two generators it replaced, kept and merged around),
    // a lazy one adding a method often means the second. Which one is a guess.
    const blockEnd = s > 0 ? elidedBlockEnd(segment, block.slice(0, starts[s]), isElision, original, keys, cursor) : undefined;
    // Closers alone after the elision (`// ... other properties ...`, then the extension's `}`):
    // they are that block's own end, and every line the elision stands for stays. Placed where the
    // same closers stand further down, the lines between would be deleted or kept by a guess.
    const closersOnly = segment.every((line) => line.trim() === '' || isCloser(line));
    if (blockEnd !== undefined && region.from > blockEnd && closersOnly && isLast) {
      const closers = segment.filter((line) => line.trim() !== '');
      if (closers.every((line, k) => original[blockEnd + k]?.trimEnd() === line.trimEnd())) region = { from: blockEnd, to: blockEnd + closers.length, lines: closers };
    }
    if (blockEnd !== undefined && region.from > blockEnd && original.slice(blockEnd + 1, region.from).some(hasText)) {
      const closer = original[blockEnd].trim();
      return { ok: false, message: `the "${closer}" after the elision closes the block that ends at line ${blockEnd + 1}, but the lines after it match from line ${region.from + 1}: whether the file's lines between are to be deleted or kept is a guess` };
    }
    if (s > 0 && written(starts[s] - 1)) {
      const versions = versionsAbove(region, original, cursor);
      if (typeof versions === 'string') return { ok: false, message: versions };
      region = versions;
    }
    const edged = withBlankEdges(region, segment, original, s > 0 && written(starts[s] - 1), !isLast && written(starts[s + 1] - 1), cursor);
    if (typeof edged === 'string') return { ok: false, message: edged };
    region = edged;
    const atDepth = inReplacedIndentation(atFileDepth(region, original, fileUnit), original);
    // How the region's lines align with the file's, as `mergeRegion` will align them: both checks read it.
    const aligned = alignLines(original.slice(atDepth.from, atDepth.to), atDepth.lines, sameBarTrailing);
    const below = definitionMovesLines(atDepth, original, aligned) ?? newTailBelowBlock(atDepth, original, aligned);
    if (typeof below === 'string') return { ok: false, message: below };
    // A fragment (no marker written anywhere) ends by changing the lines right below the part it
    // shows: its last new lines replace the ones they are versions of (see `versionsBelowFragment`).
    if (openEnd && lastMarker < 0) {
      const replaced = versionsBelowFragment(below[below.length - 1], original, original.length);
      if (typeof replaced === 'string') return { ok: false, message: replaced };
      below[below.length - 1] = separatorKeptAtEnd(replaced, original);
    }
    if (openEnd && lastMarker >= 0) {
      const unshown = unshownAfterOpenTail(below[below.length - 1], original);
      if (unshown !== undefined) return { ok: false, message: unshown };
    }
    regions.push(...below);
    regionSegment.push(...below.map(() => s));
    // A snippet that marked code left out above and ends without a marker keeps the file's lines
    // after its last part as a closing marker would (`unshownAfterOpenTail` refuses where that is
    // unsure): its last new lines are read against those lines as before a marker.
    const keepsRest = isLast && openEnd && lastMarker >= 0;
    markerAfterRegion.push(...below.map((_, k) => k === below.length - 1 && (keepsRest || (!isLast && written(starts[s + 1] - 1)))));
    cursor = below[below.length - 1].to;
    // A marker for the docstring of the definition this part ends with: merged again with the
    // file's docstring written in its place (see `elidedDocstring`), the rest of the block is read
    // as the same snippet with the docstring given, and placed as that one is.
    const docstring = s + 1 < segments.length && written(starts[s + 1] - 1) ? elidedDocstring(segments[s], block[starts[s + 1] - 1], original, cursor) : undefined;
    if (docstring !== undefined) return mergeElisions(original, [...block.slice(0, starts[s + 1] - 1), ...docstring, ...block.slice(starts[s + 1])], isElision, syntax);
  }
  if (regions.length === 0) return { ok: false, message: 'the block holds nothing but elisions' };
  for (const [k, placed] of regions.entries()) {
    const keptUntil = regions[k + 1]?.from ?? original.length;
    const region = markerAfterRegion[k] ? (regions[k] = versionsBeforeMarker(placed, original, keptUntil)) : placed;
    const restated = markerAfterRegion[k] ? (restatedBeforeMarker(region, original, keptUntil) ?? keptAfterExit(region, original, keptUntil)) : undefined;
    if (restated !== undefined) return { ok: false, message: restated };
    const separator = separatorLeftOut(region, original, k > 0 ? regions[k - 1].to : 0);
    if (separator !== undefined) return { ok: false, message: separator };
    const unreachable = addedAfterKeptExit(region, original);
    if (unreachable !== undefined) return { ok: false, message: unreachable };
    const skipped = definitionSkipped(region, original, given);
    if (skipped !== undefined) return { ok: false, message: skipped };
  }
  const twice = definedTwice(regions, original);
  if (twice !== undefined) {
    return { ok: false, message: `the snippet writes "${twice.written}" as new code, but the file already defines ${twice.name} at line ${twice.fileLine + 1}, which an elision keeps: whether the new one replaces that one or joins it is a guess` };
  }
  const copy = renamedCopy(regions, original);
  if (copy !== undefined) {
    return { ok: false, message: `the snippet writes "${copy.written.slice(0, 60)}" as new code, but it is ${copy.name} (line ${copy.fileLine + 1}), which an elision keeps, under another name: whether it renames that one or copies it beside it is a guess (show the line it replaces, or the one it goes after)` };
  }
  const out: string[] = [];
  let position = 0;
  const standingForNothing = new Set<string>();
  /** Notes the reply's markers between block lines `from` and `to` (exclusive) when the file's lines `at`..`until` they stand for have no text. */
  const noteMarkers = (from: number, to: number, at: number, until: number) => {
    if (original.slice(at, until).some(hasText)) return;
    for (let i = Math.max(0, from); i < Math.min(to, block.length); i++) if (block[i] !== IMPLIED && isElision(block[i])) standingForNothing.add(block[i]);
  };
  for (const [k, region] of regions.entries()) {
    const segment = regionSegment[k];
    if (k === 0 || regionSegment[k - 1] !== segment) noteMarkers(k === 0 ? 0 : starts[regionSegment[k - 1] + 1] - 1, starts[segment], position, region.from);
    out.push(...original.slice(position, region.from));
    const merged = mergeRegion(original.slice(region.from, region.to), region.lines);
    // An elision that stands for nothing (this part starts where the last one ended) leaves the
    // blank lines written on both sides of its marker side by side: the gap the two parts meant
    // is the wider of the two, not their sum (`});`, a blank, the marker, a blank, `test(…)`).
    const [blanksAbove, blanksBelow] = [out.length - 1 - lastNonBlank(out), firstNonBlank(merged)];
    const joined = k > 0 && position === region.from ? Math.min(blanksAbove, blanksBelow === -1 ? merged.length : blanksBelow) : 0;
    out.push(...merged.slice(joined));
    position = region.to;
  }
  const lastSegment = regionSegment[regionSegment.length - 1];
  if (lastSegment + 1 < starts.length) noteMarkers(starts[lastSegment + 1] - 1, block.length, position, original.length);
  out.push(...original.slice(position));
  if (syntax !== undefined) {
    const change = balanceChange(bracketBalance(original, syntax), bracketBalance(out, syntax));
    if (change !== undefined) return { ok: false, message: `merged by the snippet's anchors, ${change}: the elisions are not placed surely, or the new code leaves a block unclosed` };
    if (syntax.indentedClauses) {
      const [was, now] = [blockFaults(original), blockFaults(out)];
      if (now.length > was.length) {
        const at = now.find((line) => !was.some((w) => original[w] === out[line])) ?? now[0];
        return { ok: false, message: `merged by the snippet's anchors, "${out[at].trim().slice(0, 40)}" at line ${at + 1} would break the file's blocks (a clause after no statement it continues, or a header with nothing indented under it): the elisions are not placed surely` };
      }
    }
  }
  standingForNothing.forEach((line) => onMarkerForNothing?.(line));
  return { ok: true, lines: out };
}

/**
 * The block with an implied elision after its first line when that line is the file's root
 * opener and the block goes on with a line the file has further down: a JSON document's `{` (or
 * `[`) alone at the margin, first in both, the file ending with its closer there, and the block's
 * next line neither a marker nor the file's next line with text. A snippet shows a document's
 * root as the way down to the key it edits (`{`, `"dependencies": {`, a marker, the new entry):
 * its `{` is the file's, not a new object, and the keys the file has between it and the key shown
 * (`"name"`, `"version"`, `"devDependencies"`) are siblings the snippet passes over. Read as new
 * code, the `{` was written a second time above `"dependencies"` and the snippet refused for an
 * unbalanced brace; read as the file's with the keys between deleted, a package.json lost its
 * name and version. Otherwise the block as given.
 */
function rootOpenerParted(original: readonly string[], block: readonly string[], isMarker: (line: string) => boolean): readonly string[] {
  const root = block[0]?.trimEnd();
  if (root !== '{' && root !== '[') return block;
  const [first, last] = [firstNonBlank(original), lastNonBlank(original)];
  if (first === -1 || original[first].trimEnd() !== root || original[last].trimEnd() !== (root === '{' ? '}' : ']')) return block;
  const next = block.findIndex((line, i) => i > 0 && line.trim() !== '');
  if (next === -1 || isMarker(block[next])) return block;
  const fileNext = original.findIndex((line, i) => i > first && line.trim() !== '');
  if (fileNext === -1 || original[fileNext].trim() === block[next].trim()) return block;
  return [block[0], IMPLIED, ...block.slice(1)];
}

/**
 * The region with the new lines it ends with written after the end of the file's block they
 * would otherwise cut in two, as two regions: the part shown, and the new lines inserted where
 * the block ends. A part that shows a function down to a line inside its body and then writes a
 * new function (Sweep's GPT-4 reply: `update_task` re-printed without its `return`, then
 * `delete_task`) ends its region at that body line: the new lines went in there, and the body's
 * rest, kept by the elision after the part, ran on under the new function (the `return` now
 * `delete_task`'s dead code, `update_task` returning nothing). Where the new lines start with a
 * definition shallower than the region's last line with text (the blank lines the part writes
 * after it may be the file's: a class shown down to a method, two blank lines, then a top-level
 * function, Flask's json/tag.py) and the file's next line is deeper than that definition, they go
 * after the block's end (its deeper lines and its closers at the definition's depth) and the block
 * keeps its lines: the part left them out, as a model re-printing a function leaves out lines it
 * does not change. Any other new lines there (a statement after a loop's body the part shows in
 * part) are refused: whether the lines left out are deleted or kept is a guess. Otherwise the
 * region as it is. `aligned`: as for `definitionMovesLines`.
 */
function newTailBelowBlock(region: Region, original: readonly string[], aligned: readonly AlignedRun[]): Region[] | string {
  if (region.to <= region.from || region.to >= original.length) return [region];
  let lastAt = region.to - 1;
  while (lastAt > region.from && original[lastAt].trim() === '') lastAt--;
  const k = alignedIndex(aligned, lastAt - region.from);
  if (k === -1 || original[lastAt].trim() === '') return [region];
  return belowBlock(region, original, lastAt, k) ?? [region];
}

/**
 * `newTailBelowBlock` for a region whose file line `lastAt` (its last with text) is the region's
 * line `k`, every line after `k` new: the part shown to `lastAt` and the new lines after the end
 * of the file's block, a refusal, or undefined when the new lines do not cut a block.
 */
function belowBlock(region: Region, original: readonly string[], lastAt: number, k: number): Region[] | string | undefined {
  const { lines } = region;
  const lastKept = original[lastAt];
  const first = firstNonBlank(lines.slice(k + 1));
  if (first === -1) return undefined;
  const tailStart = lines[k + 1 + first];
  const depth = indentOf(tailStart);
  // A doc comment above the new definition is its own (`// Yes reports whether …` over `func (s *Server) Yes() bool {`).
  const opening = lines.slice(k + 1 + first).find((line) => line.trim() !== '' && !commentAbove(line, depth)) ?? tailStart;
  // The file's next line of code: a comment there says nothing of the block (a workflow's step
  // commented out deeper than the next job's key: the new step cut no block).
  let next = lastAt + 1;
  while (next < original.length && (original[next].trim() === '' || isCommentLine(original[next]))) next++;
  if (indentOf(lastKept) <= depth || next >= original.length || indentOf(original[next]) <= depth) return undefined;
  let end = next;
  while (end < original.length && (original[end].trim() === '' || indentOf(original[end]) > depth)) end++;
  while (end < original.length && indentOf(original[end]) === depth && isCloser(original[end])) end++;
  while (end > next && original[end - 1].trim() === '') end--;
  if (indentOf(opening) !== depth || !opensDefinition(opening)) {
    return `the snippet's new line "${tailStart.trim().slice(0, 40)}" follows "${lastKept.trim().slice(0, 40)}" (line ${lastAt + 1}) shallower than the file's lines ${next + 1}-${end} after it, which it does not show: placed there it would move them under the new line, and whether they are deleted or kept is a guess`;
  }
  return [
    { from: region.from, to: lastAt + 1, lines: lines.slice(0, k + 1), newAbove: region.newAbove },
    { from: end, to: end, lines: lines.slice(k + 1) },
  ];
}

/** In an alignment of `a` with `b` (`aligned`), the index in `b` of the line aligned with `a[at]`, or -1 when that line is not kept. */
function alignedIndex(aligned: readonly AlignedRun[], at: number): number {
  let [i, j] = [0, 0];
  for (const part of aligned) {
    const n = part.value.length;
    if (!part.added && at >= i && at < i + n) return part.removed ? -1 : j + (at - i);
    if (!part.added) i += n;
    if (!part.removed) j += n;
  }
  return -1;
}

/**
 * The region, or its part shown and its new definition placed below the file's block
 * (`belowBlock`), or a refusal, when the region writes a new definition (`opensDefinition`) at
 * depth d and the file's lines it keeps right after it, deeper than d, belong in the file to a
 * definition the merge keeps above it: merged as aligned, those lines would move out of that
 * definition into the new one. A part that shows Flask's `delete()` down to `db = get_db()`, then
 * a new `archive()` ending with the same `db.commit()` and `return redirect(…)` as delete, had its
 * region reach delete's end: the alignment took archive's last lines for delete's, deleted
 * delete's `db.execute("DELETE …")`, and delete no longer deleted. When the part quotes the file
 * line for line down to where the new definition starts, the new definition's lines are all its
 * own and go after the block, which keeps its lines. A split with no line of the block deleted
 * (a function re-printed whole and cut in two: an extracted function) is the reply's own and is
 * kept. Otherwise which lines belong where is a guess, refused. `aligned`: the file's lines of
 * the region aligned with the region's lines.
 */
function definitionMovesLines(region: Region, original: readonly string[], aligned: readonly AlignedRun[]): Region[] | string | undefined {
  // A closer alone (`}`) is a line of its definition too.
  const filled = (line: string) => line.trim() !== '';
  // Each line of the merge with its file line when kept (undefined when new), and the file lines the merge deletes.
  const merged: { line: string; at: number | undefined }[] = [];
  const removedAt: number[] = [];
  let i = 0;
  for (const part of aligned) {
    if (part.removed) {
      part.value.forEach((line, n) => { if (filled(line)) removedAt.push(region.from + i + n); });
      i += part.value.length;
    } else if (part.added) merged.push(...part.value.map((line) => ({ line, at: undefined })));
    else {
      merged.push(...part.value.map((line, n) => ({ line, at: region.from + i + n })));
      i += part.value.length;
    }
  }
  const opener = merged.findIndex((entry, n) => entry.at === undefined && filled(entry.line) && opensDefinition(entry.line) && merged.slice(0, n).some((before) => before.at !== undefined && filled(before.line)));
  if (opener === -1) return undefined;
  const depth = indentOf(merged[opener].line);
  // Where the new definition starts: its new doc comment and decorators above it are its own.
  let start = opener;
  while (start > 0 && merged[start - 1].at === undefined && commentAbove(merged[start - 1].line, depth)) start--;
  let n = opener + 1;
  // The new definition's own header lines (a decorator's `def`, a signature's brace) at its depth.
  while (n < merged.length && merged[n].at === undefined && filled(merged[n].line) && indentOf(merged[n].line) === depth && !isCloser(merged[n].line)) n++;
  const moved: number[] = [];
  for (; n < merged.length; n++) {
    const { line, at } = merged[n];
    if (line.trim() === '') continue;
    if (indentOf(line) <= depth) {
      // The file's closer at the definition's depth (a function's `}`) closes the new one now.
      if (at !== undefined && indentOf(line) === depth && isCloser(line)) moved.push(at);
      break;
    }
    if (at !== undefined) moved.push(at);
  }
  if (moved.length === 0) return undefined;
  // The file's definition the moved lines stand in: the nearest line above them at the new one's depth or shallower.
  let owner = moved[0] - 1;
  while (owner >= 0 && (!filled(original[owner]) || indentOf(original[owner]) > depth)) owner--;
  if (owner < 0 || removedAt.includes(owner)) return undefined;
  // A brace alone on its line opens the definition above it (PHP's `public function register()`, then `{`).
  const ownerAt = original[owner].trim() === '{' && owner > 0 ? owner - 1 : owner;
  const lastMoved = moved[moved.length - 1];
  if (!removedAt.some((at) => at > owner && at < lastMoved)) return undefined;
  // The part's last file line above the new definition (one there is: see `opener`).
  let shown = start - 1;
  while (shown >= 0 && (merged[shown].at === undefined || !filled(merged[shown].line))) shown--;
  if (shown < 0) return undefined;
  const lastShown = merged[shown].at ?? region.from;
  const quoted = merged.slice(0, start).every((entry) => entry.at !== undefined || !filled(entry.line)) && !removedAt.some((at) => at < lastShown);
  if (quoted) {
    const placed = belowBlock({ ...region, to: lastShown + 1 }, original, lastShown, shown);
    if (placed !== undefined) return placed;
  }
  const [top, bottom] = [moved[0], lastMoved];
  return `the snippet writes the new "${merged[opener].line.trim().slice(0, 40)}" where the file's lines ${top + 1}-${bottom + 1} ("${original[top].trim().slice(0, 40)}" …) would go on under it, though in the file they belong to "${original[ownerAt].trim().slice(0, 40)}" (line ${ownerAt + 1}), which keeps its first lines and loses others: whether the new definition replaces the rest of that one, or goes after it, is a guess (mark the lines kept with a "... existing code ..." comment)`;
}

/**
 * True when the line belongs to a definition at `depth` below it: a comment line or decorator
 * (`attachesBelow`) at that depth, or a doc block's inner line one column in (` * @return void`
 * under `/**`).
 */
function commentAbove(line: string, depth: number): boolean {
  return attachesBelow(line) && (indentOf(line) === depth || (indentOf(line) > depth && line.trim().startsWith('*')));
}

/** Line equality of the merge's alignments: trailing whitespace aside. */
function sameBarTrailing(a: string, b: string): boolean {
  return a.trimEnd() === b.trimEnd();
}

/** The segment's lines, with the lines it shares with the region written as the file has them. */
function mergeRegion(region: readonly string[], segment: readonly string[]): string[] {
  const parts = alignLines(region, segment, sameBarTrailing);
  const out: string[] = [];
  let origin = 0;
  for (const [k, part] of parts.entries()) {
    if (part.removed) {
      if (leftOutDocComment(part.value, parts[k - 1], parts[k + 1])) out.push(...part.value);
      origin += part.value.length;
    } else if (part.added) out.push(...part.value);
    else {
      out.push(...region.slice(origin, origin + part.value.length));
      origin += part.value.length;
    }
  }
  return out;
}

/**
 * True when file lines a segment leaves out between two lines it shows are a doc comment of a
 * definition it shows: comment lines only (`isCommentLine`; decorators are code), some with
 * text, right above a line the segment keeps that defines something (`definedName`), and right
 * under a line it keeps that is not a comment or decorator (`attachesBelow`). A model quoting
 * neighbouring functions leaves out the comment between them far more often than it deletes it
 * that way (a re-applied snippet that added a function right above a documented one shows exactly
 * that), so the comment stays; a snippet that quotes a comment's first lines and goes on with the
 * definition deletes the rest.
 */
function leftOutDocComment(removed: readonly string[], previous: AlignedRun | undefined, next: AlignedRun | undefined): boolean {
  const shown = (run: AlignedRun | undefined): run is AlignedRun => run !== undefined && !run.added && !run.removed;
  if (!shown(previous) || !shown(next) || definedName(next.value[0]) === undefined) return false;
  // The snippet shows the comment's first lines: the lines left out after them are deleted.
  if (attachesBelow(previous.value[previous.value.length - 1])) return false;
  return removed.every(isCommentLine) && removed.some(hasText);
}

/** Places a fragment of a file (a block with implied elisions before and after it) into the original. */
export function mergeFragment(original: readonly string[], block: readonly string[], syntax?: BracketSyntax): ElisionMerge {
  return mergeElisions(original, [IMPLIED, ...block, IMPLIED], (line) => line === IMPLIED, syntax);
}
