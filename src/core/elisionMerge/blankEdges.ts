/**
 * The blank lines at a placed region's edges where a written elision marker meets it: kept where the
 * file has none (a new method parted from its neighbours), or refused where the file's own lines
 * may stand beyond them; and what attaches a line to the definition below it (a doc comment, a
 * decorator), which decides whose blank lines they are.
 */
import { isAnnotationLine } from './annotations';
import { type Region, endsBlockAroundElision, definedName, definedNameAt, firstNonBlank, hasText, indentOf, isCloser, isCommentLine, lastNonBlank, restatesStatement } from './lines';
import { restatesStatementBeyond } from './sameStatementBeyond';
import { reassignedFileLines } from './sameTargets';

/** True when the line starts a definition: a decorator or annotation, a keyword that opens one (`def`, `function`, `class`, …), or a named declaration (`definedName`). */
export function opensDefinition(line: string): boolean {
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
export function withBlankEdges(region: Region, segment: readonly string[], original: readonly string[], markerAbove: boolean, markerBelow: boolean, cursor: number): Region | string {
  let lines = region.lines;
  if (lines.length === 0) return region;
  const blanksAbove = Math.max(0, firstNonBlank(segment));
  const blanksBelow = segment.length - 1 - lastNonBlank(segment);
  if (markerBelow && blanksBelow > 0 && lines[lines.length - 1].trim() !== '' && region.to < original.length && original[region.to].trim() !== '') {
    const beyond = linesBeyondBlankRun(original, region, 1, original.length);
    if (beyond !== undefined) {
      // The new lines close or declare again what the file's lines there do: they replace them,
      // and the snippet's blank lines are the file's own below them.
      // Or they give new values to the keys the file's lines there assign, one for one (see `reassignedFileLines`).
      if (restatesStatementBeyond(region, original, beyond) || reassignedFileLines(region, original, beyond - region.to + 1) !== undefined) return { ...region, to: beyond + 1, newBelow: undefined };
      return unsureBlankEdge(lines[lines.length - 1], original, region.to - 1, beyond, 'below');
    }
    const reassigned = reassignedInPlace(region, original);
    if (reassigned !== undefined) return reassigned;
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
    // again (a JSX attribute re-wrapped over several lines, `className={…}` over `className="…"`),
    // unless it is one new value for each of the file's lines there (see `reassignedFileLines`).
    const reassigned = reassignedInPlace(region, original);
    if (reassigned !== undefined) return reassigned;
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
    const beyond = endsElidedBody(region, original, cursor) ? undefined : linesBeyondBlankRun(original, region, -1, cursor);
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
 * True when the region's file part starts with a line that only ends a block (`</dependencies>`,
 * `}`: `isBlockEnd`), new lines written above it, and every file line between `cursor` (where the
 * part before the marker ended) and that line lies inside the block it ends: the snippet showed the
 * block's opener (or its first lines), a marker, the new lines and the block's end. The marker then
 * stands for the rest of the block's body, whatever its last lines are, and the new lines go at the
 * body's end, below them: the commonest pom.xml edit (`<dependencies>`, `<!-- ... existing
 * dependencies ... -->`, a new `<dependency>`, `</dependencies>`) was refused as if the new element
 * might replace the file's last one, which the snippet's own marker keeps. `placeAtBlockEnd` reads a
 * bare `}` so; a closing tag, which the file has once, anchors the segment instead and comes here.
 */
function endsElidedBody(region: Region, original: readonly string[], cursor: number): boolean {
  const added = region.newAbove ?? 0;
  if (added === 0 || added >= region.lines.length || region.lines[added].trim() !== original[region.from]?.trim()) return false;
  return endsBlockAroundElision(original, region.from, cursor);
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
export function attachesBelow(line: string): boolean {
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

/**
 * The region widened down over the file's lines its new last lines give new values to, one for one
 * (`reassignedFileLines`), those lines then replaced; undefined when they are no such lines. The
 * file's lines below them run on (no blank line of its own between, or none before the file's
 * end), so the snippet's blank lines before the marker, if any, are the elision's: none is added.
 */
function reassignedInPlace(region: Region, original: readonly string[]): Region | undefined {
  const count = reassignedFileLines(region, original);
  return count === undefined ? undefined : { ...region, to: region.to + count, newBelow: undefined };
}

/** The message for a region edge `linesBeyondBlankRun` found unsure. */
function unsureBlankEdge(written: string, original: readonly string[], regionLine: number, farthest: number, side: 'above' | 'below'): string {
  const [top, bottom] = side === 'above' ? [farthest, regionLine - 1] : [regionLine + 1, farthest];
  const shown = original[side === 'above' ? bottom : top].trim().slice(0, 40);
  return `the snippet writes "${written.trim().slice(0, 40)}" ${side === 'above' ? 'after blank lines, right above' : 'before blank lines, right below'} "${original[regionLine].trim().slice(0, 40)}", but the file has ${top === bottom ? `"${shown}" (line ${top + 1})` : `lines ${top + 1}-${bottom + 1} ("${shown}" …)`} there, between its own blank lines and that line, which the snippet does not show: whether the new lines replace ${top === bottom ? 'it' : 'them'} or go ${side === 'above' ? 'below' : 'above'} ${top === bottom ? 'it' : 'them'} is a guess`;
}
