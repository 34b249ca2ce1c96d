import { type AlignedRun, type Region, alignLines, definedName, definedNameAt, firstNonBlank, hasText, indentOf, isCloser, isCommentLine, lastNonBlank, restatesStatement } from './elisionMerge/lines';
import { detectIndentUnit, type IndentUnit } from './text/indentation';
import { anchorCount, anchorIndex, markerClosesDefinition, placeSegment, placeSegmentFrom } from './elisionMerge/anchors';
import { isAnnotationLine } from './elisionMerge/annotations';
import { placeAtOwnIndentation, placeByOpener, placeByShortLine, placeInOpenedBody } from './elisionMerge/fallbackAnchors';
import { elidedBlockEnd, elidedBodyCloser, placeAtBlockEnd, placeAtBoundary, placeAtFileEnd, placeInLastBlock, placeClosers, placeClosingTags } from './elisionMerge/structure';
import { type BracketSyntax, balanceChange, bracketBalance } from './elisionMerge/balance';
import { blockFaults } from './elisionMerge/clauses';
import { definedTwice } from './elisionMerge/definedTwice';
import { versionsAbove } from './elisionMerge/versions';
import { separatorKeptAtEnd, versionsBelowFragment } from './elisionMerge/versionsBelow';
import { placeAtFileHead, placeFileHeadLines } from './elisionMerge/fileHead';
import { keptAfterExit, restatedBeforeMarker, unshownAfterOpenTail, versionsBeforeMarker } from './elisionMerge/tails';
import { separatorLeftOut } from './elisionMerge/separators';
import { restatesStatementBeyond } from './elisionMerge/sameStatementBeyond';
import { atDefinitionDepth, atFileDepth, inReplacedIndentation } from './elisionMerge/depth';
import { declarationsAfterTheirKind, functionsBeforeNext, goFunctionsAtFileEnd, importsAfterTheirKind, placeBeforeNext } from './elisionMerge/betweenMarkers';
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
 */
export function mergeElisions(original: readonly string[], given: readonly string[], isMarker: (line: string) => boolean, syntax?: BracketSyntax): ElisionMerge {
  const block = rootOpenerParted(original, given, isMarker);
  const isElision = block === given ? isMarker : (line: string) => line === IMPLIED || isMarker(line);
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
    let region = fromCloser !== undefined && typeof fromCloser !== 'string' ? fromCloser : placeSegment(segment, original, keys, cursor, openEnd, Infinity, closedByMarker);
    const unanchored = typeof region === 'string' && !isLast && anchorCount(segment, original, keys, cursor) === 0;
    const bounded = unanchored ? (placeBeforeNext(segment, openEnd, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit) ?? functionsBeforeNext(segment, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit) ?? declarationsAfterTheirKind(segment, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit) ?? importsAfterTheirKind(segment, segments[s + 1], starts[s + 1] > lastMarker, original, keys, cursor, fileUnit)) : undefined;
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
    // New Go functions with nothing to place them by, between markers the reply wrote and with only
    // markers after them: last, so that it turns only a refusal into a write (see `goFunctionsAtFileEnd`).
    const onlyMarkersAfter = segments.slice(s + 1).every((rest) => rest.every((line) => line.trim() === ''));
    if (typeof region === 'string' && unanchored && s > 0 && written(starts[s] - 1) && written(starts[s + 1] - 1) && onlyMarkersAfter) region = goFunctionsAtFileEnd(segment, original, cursor) ?? region;
    if (typeof region === 'string') return { ok: false, message: region };
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
    // A snippet that marked code left out above and ends without a marker keeps the file's lines
    // after its last part as a closing marker would (`unshownAfterOpenTail` refuses where that is
    // unsure): its last new lines are read against those lines as before a marker.
    const keepsRest = isLast && openEnd && lastMarker >= 0;
    markerAfterRegion.push(...below.map((_, k) => k === below.length - 1 && (keepsRest || (!isLast && written(starts[s + 1] - 1)))));
    cursor = below[below.length - 1].to;
  }
  if (regions.length === 0) return { ok: false, message: 'the block holds nothing but elisions' };
  for (const [k, placed] of regions.entries()) {
    const keptUntil = regions[k + 1]?.from ?? original.length;
    const region = markerAfterRegion[k] ? (regions[k] = versionsBeforeMarker(placed, original, keptUntil)) : placed;
    const restated = markerAfterRegion[k] ? (restatedBeforeMarker(region, original, keptUntil) ?? keptAfterExit(region, original, keptUntil)) : undefined;
    if (restated !== undefined) return { ok: false, message: restated };
    const separator = separatorLeftOut(region, original, k > 0 ? regions[k - 1].to : 0);
    if (separator !== undefined) return { ok: false, message: separator };
  }
  const twice = definedTwice(regions, original);
  if (twice !== undefined) {
    return { ok: false, message: `the snippet writes "${twice.written}" as new code, but the file already defines ${twice.name} at line ${twice.fileLine + 1}, which an elision keeps: whether the new one replaces that one or joins it is a guess` };
  }
  const out: string[] = [];
  let position = 0;
  for (const [k, region] of regions.entries()) {
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

/** True when the line starts a definition: a decorator or annotation, a keyword that opens one (`def`, `function`, `class`, …), or a named declaration (`definedName`). */
function opensDefinition(line: string): boolean {
  const text = line.trim();
  if (/^@[A-Za-z_]/.test(text)) return true;
  const word = /^[A-Za-z_]+/.exec(text)?.[0] ?? '';
  return DEFINITION_OPENERS.has(word) || definedName(line) !== undefined;
}

/** First words that open a definition in the languages models edit most (a name after them). */
const DEFINITION_OPENERS = new Set(['def', 'class', 'async', 'function', 'export', 'fn', 'pub', 'func', 'fun', 'interface', 'struct', 'enum', 'impl', 'trait', 'module', 'public', 'private', 'protected', 'internal', 'static', 'abstract', 'sealed', 'namespace', 'sub']);

/**
 * The region with the blank lines the segment writes between its code and a written elision
 * (`markerAbove`, `markerBelow`) kept where the file has none at that edge of the region. Placing
 * drops blank lines at a segment's edges as the elision's (see `placeSegment`), which is right
 * when the file's own blank line stands there; but a method added after the file's last one
 * shown, above `# ... rest of the class unchanged ...`, then ran into the next method (`@property`
 * right under its last line), and one added above the first shown, under the marker, ran into
 * the method before it. The edges of a fragment (no marker written) are not touched: a blank line
 * ending a code block says nothing.
 *
 * A message instead when those blank lines may be the file's own, further out (see
 * `linesBeyondBlankRun`): `cursor` is where the previous region ended.
 */
function withBlankEdges(region: Region, segment: readonly string[], original: readonly string[], markerAbove: boolean, markerBelow: boolean, cursor: number): Region | string {
  let lines = region.lines;
  if (lines.length === 0) return region;
  const blanksAbove = Math.max(0, firstNonBlank(segment));
  const blanksBelow = segment.length - 1 - lastNonBlank(segment);
  if (markerBelow && blanksBelow > 0 && lines[lines.length - 1].trim() !== '' && region.to < original.length && original[region.to].trim() !== '') {
    const beyond = linesBeyondBlankRun(original, region, 1, original.length);
    if (beyond !== undefined) {
      // The new lines close or declare again what the file's lines there do: they replace them,
      // and the snippet's blank lines are the file's own below them.
      if (restatesStatementBeyond(region, original, beyond)) return { ...region, to: beyond + 1, newBelow: undefined };
      return unsureBlankEdge(lines[lines.length - 1], original, region.to - 1, beyond, 'below');
    }
    const restated = restatedBeside(region, original, 'below');
    if (restated !== undefined) return restated;
    // A region that ends on the file's own line (`</footer>` shown unchanged, then a blank line and
    // the marker) where the file's next line closes the block around it (`</div>`, shallower than
    // every line of the region) has nothing to part from it: the blank line only parts the code from
    // the marker, as the one under a leading marker does. Before a sibling (a method the file packs
    // under the one shown), the blank line is the separator the snippet writes between them, kept.
    const shallowest = Math.min(...original.slice(region.from, region.to).filter(hasText).map(indentOf));
    const endsBlock = isCloser(original[region.to]) || indentOf(original[region.to]) < shallowest;
    if (region.newBelow !== 0 || !endsBlock) lines = [...lines, ...new Array<string>(blanksBelow).fill('')];
  } else if (markerBelow && blanksBelow === 0 && region.to < original.length && original[region.to].trim() !== '') {
    // Right above the marker, no blank line between: a new statement the file's next line says
    // again (a JSX attribute re-wrapped over several lines, `className={…}` over `className="…"`).
    const restated = restatedBeside(region, original, 'below');
    if (restated !== undefined) return restated;
  }
  if (markerAbove && blanksAbove > 0 && lines[0].trim() !== '' && region.from === 0) {
    // The snippet has code left out and then a blank line above the line its anchors put first in
    // the file: neither has a place, so the anchors took a line the file has further down too
    // (` * @since 1.0.0` of the file's first doc comment, for the same line of the second).
    return `the snippet shows an elision and a blank line above "${lines[0].trim().slice(0, 40)}", which its anchors place on the file's first line, where nothing is left for them: the lines it edits are not placed surely`;
  }
  // The region's first line the file's own (the annotation over a method the snippet shows) with a
  // doc comment above it in the file (Javadoc, `///`), or code that does not attach to it (the
  // `} while (0)` ending the macro above a header's `#else`): the snippet's blank lines over it
  // are the elision's, and the lines above stay as they are, the doc comment with what it
  // documents. Another comment there may be what the snippet's blank lines delete (CPython's
  // `# XXX Deprecated` over a function): a guess.
  const firstIsFiles = region.from < original.length && lines[0].trimEnd() === original[region.from].trimEnd() && (docCommentAbove(original, region.from, cursor) || (region.from > cursor && !attachesBelow(original[region.from - 1])));
  if (markerAbove && blanksAbove > 0 && lines[0].trim() !== '' && region.from > 0 && original[region.from - 1].trim() !== '' && !firstIsFiles && !annotationsUnderDocComment(region, original, cursor)) {
    const beyond = linesBeyondBlankRun(original, region, -1, cursor);
    if (beyond !== undefined) return aboveAttachedLines({ ...region, lines }, original, beyond) ?? unsureBlankEdge(lines[0], original, region.from, beyond, 'above');
    const restated = restatedBeside(region, original, 'above');
    if (restated !== undefined) return restated;
    lines = [...new Array<string>(blanksAbove).fill(''), ...lines];
  } else if (markerAbove && blanksAbove > 0 && lines[0].trim() !== '' && (region.newAbove ?? 0) > 0 && region.from > 0) {
    // New code above the part shown, where the file's blank lines run on above the region: the
    // snippet parts it from the elision by more blank lines than the file has left there (two
    // above a new statement, one of the file's two taken by the region below it): the rest added.
    let run = 0;
    while (region.from - run - 1 >= cursor && original[region.from - run - 1].trim() === '') run++;
    if (run > 0 && run < blanksAbove) lines = [...new Array<string>(blanksAbove - run).fill(''), ...lines];
  } else if (markerAbove && blanksAbove === 0) {
    lines = [...new Array<string>(separatorOverNewDefinition(region, original, cursor)).fill(''), ...lines];
  }
  return lines === region.lines ? region : { ...region, lines };
}

/**
 * How many blank lines to write above a new definition the segment puts right under its marker,
 * above a part it shows that starts with the file's blank lines (the new method, a blank line,
 * then the method the file has): as many as the segment writes between the two. The marker stands
 * for the code above, which the file parts from the shown definition by those blank lines; placed
 * literally, the new definition went under that code with none between (`private int x = 0;`
 * right over `private void Baz()`, a C# extract-method refactor; `X = 0` over a new `def`). 0
 * when the new lines are no definition (a statement added above a blank line may belong with the
 * code above it) or the file's line above the region is blank already.
 */
function separatorOverNewDefinition(region: Region, original: readonly string[], cursor: number): number {
  const added = region.newAbove ?? 0;
  const { lines } = region;
  if (added === 0 || added >= lines.length || lines[added].trim() !== '' || region.from <= cursor || original[region.from].trim() !== '' || original[region.from - 1].trim() === '') return 0;
  const head = lines.findIndex((line) => hasText(line) && !attachesBelow(line));
  if (head === -1 || head >= added || !(opensDefinition(lines[head]) || definedNameAt(lines, head) !== undefined)) return 0;
  let run = 0;
  while (added + run < lines.length && lines[added + run].trim() === '') run++;
  return run;
}

/**
 * True when the region's new lines above the part placed are annotations only (`@Deprecated`,
 * `#[cfg(feature = "sync")]`: `isAnnotationLine`) and the file has a doc comment right above that
 * part, with no annotation of its own between (`docCommentAbove`). An annotation goes between a
 * definition's doc comment and its signature and never stands for the comment: the snippet's
 * blank lines above it are the elision's, the comment stays above the new annotation. Read as
 * possibly replacing the comment, the commonest way to deprecate a method in a snippet (marker,
 * `@Deprecated`, the method; Spring's StringUtils, tokio's `#[cfg]` lines) was refused.
 */
function annotationsUnderDocComment(region: Region, original: readonly string[], floor: number): boolean {
  const added = region.newAbove ?? 0;
  if (added === 0 || region.from >= original.length || isAnnotationLine(original[region.from - 1])) return false;
  return region.lines.slice(0, added).every(isAnnotationLine) && region.lines[added].trimEnd() === original[region.from].trimEnd() && docCommentAbove(original, region.from, floor);
}

/**
 * True when the file's lines right above line `at`, up to a blank line (not above `floor`), are one
 * doc comment: a block comment opened with two stars, or `///` lines; annotations or attributes
 * (`@GetMapping(…)`, `#[test]`) between it and `at` allowed.
 */
function docCommentAbove(original: readonly string[], at: number, floor: number): boolean {
  let k = at - 1;
  while (k >= floor && /^\s*(?:@|#\[)/.test(original[k])) k--;
  if (k < floor || original[k].trim() === '') return false;
  if (/^\s*\/\/\//.test(original[k])) {
    while (k - 1 >= floor && /^\s*\/\/\//.test(original[k - 1])) k--;
  } else if (/\*\/\s*$/.test(original[k])) {
    while (k >= floor && !/^\s*\/\*\*/.test(original[k])) {
      if (original[k].trim() === '') return false;
      k--;
    }
    if (k < floor) return false;
  } else return false;
  return k === floor || original[k - 1].trim() === '';
}

/**
 * The file's lines with text right outside the region on one side (`step`: -1 above, 1 below),
 * out to a blank line: the index of the farthest, when the region's own line on that side has
 * text too and a blank line ends them before `limit` (where the region before ends, above; the
 * file's end, below). Undefined otherwise.
 *
 * Those lines stand where the segment writes its new lines, between a blank run and the region:
 * the segment's blank lines may be the file's blank run, its new lines then replacing them (a
 * comment rewritten above the anchor `_MODE_READ = 1`, in place of `_MODE_CLOSED = 0`: CPython's
 * lzma.py), or new blank lines written beside them. Which one is a guess: written as the latter,
 * the old lines stayed next to the new ones. A region that starts (ends) on a blank line of the
 * file is not asked: the file already parts the lines there (a function added under a marker,
 * above the one shown, below the function before it).
 */
function linesBeyondBlankRun(original: readonly string[], region: Region, step: 1 | -1, limit: number): number | undefined {
  if (region.from >= region.to) return undefined;
  const own = step === -1 ? region.from : region.to - 1;
  if (original[own].trim() === '') return undefined;
  const within = (i: number) => (step === -1 ? i >= limit : i < limit) && i >= 0 && i < original.length;
  let farthest = own + step;
  while (within(farthest + step) && original[farthest + step].trim() !== '') farthest += step;
  return within(farthest + step) ? farthest : undefined;
}

/**
 * The region widened up over the file's lines `from`..`region.from` that attach to the line below
 * them (a doc comment, a comment, a decorator: see `attachesBelow`), with the segment's new code
 * written above them, when the segment writes new code (not only comments) and a blank line between
 * it and the placed part: a function added under the marker above a function shown without its doc
 * comment goes above that comment, which stays with its function. Undefined otherwise (the new
 * lines may replace those lines, or they are code: see `linesBeyondBlankRun`).
 */
function aboveAttachedLines(region: Region, original: readonly string[], from: number): Region | undefined {
  const added = region.newAbove;
  if (added === undefined || added < 2 || region.lines[added - 1].trim() !== '') return undefined;
  const attached = original.slice(from, region.from);
  if (!attached.every(attachesBelow) || !region.lines.slice(0, added).some((line) => hasText(line) && !attachesBelow(line))) return undefined;
  return { from, to: region.to, lines: [...region.lines.slice(0, added), ...attached, ...region.lines.slice(added)] };
}

/**
 * True for a line that belongs to the code under it: a comment line (`isCommentLine`) or a
 * decorator or annotation alone on its line (`@property`, `@Input()`; not `@media screen {`).
 */
function attachesBelow(line: string): boolean {
  return isCommentLine(line) || /^@[\w.]+(?:\(.*\))?$/.test(line.trim());
}

/**
 * Why a region whose edge is new code is unsure, or undefined: the segment's new statement at that
 * edge (its last statement below, its first above), parted from the marker by blank lines, says
 * again what the file's statement right beyond the region says (`restatesStatement`), at the same
 * depth. A statement rewritten or re-wrapped over several lines is no longer like the file's line,
 * so it reads as added beside it, and the marker keeps the old one: a constant assigned twice, a
 * call made twice. It may equally be a rewrite, so the merge does not guess.
 */
function restatedBeside(region: Region, original: readonly string[], side: 'above' | 'below'): string | undefined {
  const beyond = side === 'below' ? region.to : region.from - 1;
  if (beyond < 0 || beyond >= original.length || original[beyond].trim() === '') return undefined;
  const depth = indentOf(original[beyond]);
  const fileLines = new Set(original.slice(region.from, region.to).map((line) => line.trim()));
  // A line that starts by closing a bracket (`}`, `} ${`, `` }`} ``) carries on the statement above it.
  const continues = (line: string) => isCloser(line) || /^[}\])]/.test(line.trim());
  const isNew = (line: string) => hasText(line) && indentOf(line) === depth && !continues(line) && !fileLines.has(line.trim());
  const lines = region.lines;
  let start: number;
  if (side === 'below') {
    start = lastNonBlank(lines);
    // Back to the head of the last statement: the last line at the file line's depth that does not carry one on.
    while (start >= 0 && (lines[start].trim() === '' || indentOf(lines[start]) > depth || continues(lines[start]))) {
      // A line shallower than the file's (`} else {` ending an else-if chain the snippet grows by
      // one branch) closes the block the statements above it are in: the file's line beyond opens
      // the next block, so nothing above it stands beside that line.
      if (hasText(lines[start]) && indentOf(lines[start]) < depth) return undefined;
      start--;
    }
  } else start = firstNonBlank(lines);
  if (start < 0 || !isNew(lines[start])) return undefined;
  let end = start + 1;
  while (end < lines.length && lines[end].trim() !== '' && (indentOf(lines[end]) > depth || continues(lines[end]))) end++;
  if (!restatesStatement(lines.slice(start, end), original[beyond])) return undefined;
  return `the snippet writes "${lines[start].trim().slice(0, 40)}" as new code right ${side === 'below' ? 'above' : 'below'} "${original[beyond].trim().slice(0, 40)}" (line ${beyond + 1}), which ${side === 'below' ? 'an elision after it keeps' : 'an elision before it keeps'} and which it restates: whether it replaces that statement or goes beside it is a guess`;
}

/** The message for a region edge `linesBeyondBlankRun` found unsure. */
function unsureBlankEdge(written: string, original: readonly string[], regionLine: number, farthest: number, side: 'above' | 'below'): string {
  const [top, bottom] = side === 'above' ? [farthest, regionLine - 1] : [regionLine + 1, farthest];
  const shown = original[side === 'above' ? bottom : top].trim().slice(0, 40);
  return `the snippet writes "${written.trim().slice(0, 40)}" ${side === 'above' ? 'after blank lines, right above' : 'before blank lines, right below'} "${original[regionLine].trim().slice(0, 40)}", but the file has ${top === bottom ? `"${shown}" (line ${top + 1})` : `lines ${top + 1}-${bottom + 1} ("${shown}" …)`} there, between its own blank lines and that line, which the snippet does not show: whether the new lines replace ${top === bottom ? 'it' : 'them'} or go ${side === 'above' ? 'below' : 'above'} ${top === bottom ? 'it' : 'them'} is a guess`;
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

