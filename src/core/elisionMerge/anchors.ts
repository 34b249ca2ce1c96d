/** Placing a segment by its anchors: the lines it shares with the file exactly once, widened and checked. */
import { collapseWhitespace } from '../text/normalize';
import { firstAtLeast } from '../sortedSearch';
import { annotatesOtherDefinition, editsAnnotation } from './annotations';
import { definedTwice } from './definedTwice';
import { contextAbove, contextBelow, openerStandsFurtherDown, openersStandBelow, repeatedAcrossGap } from './edges';
import { FUNCTION_EXITS, closerOfNewBlock, commentRewrittenFrom, contextReadingAbove, contextReadingBelow, editedEdgeStandsNearby, exitWord, leadingLinesBelowAnchor, sameExit, throughComment } from './widenedEnds';
import { type Region, alignLines, blockEnd, blockTextEnd, closedTagName, correspond, definedName, editedOpenerWithin, endsBlockAroundElision, firstNonBlank, hasText, indentOf, isBareTag, isCloser, isCommentLine, isOpener, lastNonBlank, opensTag, range, resemblingOpener, sameDefinition } from './lines';

/** Where each anchor key occurs in the original (ascending line numbers). */
export interface AnchorIndex {
  readonly positions: ReadonlyMap<string, readonly number[]>;
}

/**
 * The only line at or after `from` (and before `before`) with this anchor key; -1 when there is
 * none, -2 when there are several.
 */
function uniqueAfter(keys: AnchorIndex, key: string, from: number, before = Infinity): number {
  // The line's positions come from an index built once per merge: scanning the file for every
  // candidate line was quadratic (a 17,000-line block against a 30,000-line file took seconds).
  const positions = keys.positions.get(key);
  if (!positions) return -1;
  const low = firstAtLeast(positions, from);
  const remaining = (before === Infinity ? positions.length : firstAtLeast(positions, before)) - low;
  return remaining <= 0 ? -1 : remaining > 1 ? -2 : positions[low];
}

export function anchorIndex(original: readonly string[]): AnchorIndex {
  const positions = new Map<string, number[]>();
  original.forEach((line, i) => {
    const key = anchorKey(line);
    if (key === '') return;
    const list = positions.get(key);
    if (list) list.push(i);
    else positions.set(key, [i]);
  });
  return { positions };
}

/**
 * The comparison key of a line for anchoring: whitespace-insensitive, and without a comma at its
 * end (a list's or an object's last entry quoted with the comma the entry added after it needs:
 * `"success_done": "Done",` for the file's last `"success_done": "Done"`); empty for lines too
 * plain to anchor.
 */
export function anchorKey(line: string): string {
  if (!hasText(line)) return '';
  const key = collapseWhitespace(line);
  return key.endsWith(',') ? key.slice(0, -1).trimEnd() : key;
}

/**
 * Finds the original lines a segment replaces, searching from `cursor`, and the segment's lines to
 * write there; or a message saying why it cannot be placed. Blank lines at the segment's edges
 * that do not line up with the file's belong to the elision next to them and are dropped.
 * `anchorsBefore` bounds the search for the head and tail anchors only (lines the file has once
 * between `cursor` and there): every check after it still reads the whole file.
 */
export function placeSegment(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, openEnd = false, anchorsBefore = Infinity, closedByMarker = false): Region | string {
  let head = -1;
  let headAt = -1;
  for (let k = 0; k < segment.length && head === -1; k++) {
    const at = anchorAt(segment, k, original, keys, cursor, anchorsBefore);
    if (at >= 0) {
      head = k;
      headAt = at;
    }
  }
  if (head === -1) {
    const stale = staleOpenerMessage(segment, original, keys, cursor);
    if (stale !== undefined) return stale;
    const sample = segment.find((line) => line.trim() !== '') ?? '';
    // A line too plain to anchor (`if !ok {`) may occur once all the same: saying none does was false.
    const plain = segment.find((line) => /\w/.test(line) && !hasText(line) && !isCloser(line) && onlyOnceFrom(original, line, cursor));
    const but = plain === undefined ? '' : ` but "${plain.trim()}", too plain a line to place them by itself`;
    return `the lines around "${sample.trim().slice(0, 60)}" have no line that occurs exactly once in the file${but}, so where they go between the elisions is a guess`;
  }
  const placed = placeFromHead(segment, original, keys, cursor, head, headAt, openEnd, anchorsBefore, closedByMarker);
  const other = earlierAnchor(segment, original, keys, cursor, head, headAt);
  if (other === undefined) return placed;
  // Two of the segment's unique lines stand in the file in the opposite order: one of them is new
  // code that repeats a line of another block (`ret = …${z}…` written into replaceTilde as
  // replaceCaret already has it, above replaceTilde's own `debug('replaceTilde pr', pr)`). The
  // anchor is the one whose placement changes far fewer of the file's lines (under half as many:
  // a snippet is mostly the file's own lines around a few new ones); when neither does, which
  // line is the new one is a guess.
  const alternative = placeFromHead(segment, original, keys, cursor, other.k, other.at, openEnd, Infinity, closedByMarker);
  if (typeof alternative === 'string') return placed;
  if (typeof placed === 'string') return alternative;
  // A reading that writes a definition the file keeps outside the region (`definedTwice`) is not
  // the snippet's: an extract-method refactor prints the new method with the lines moved out of
  // the caller, then the caller re-printed; anchored on a moved line, the caller's signature came
  // out new code inside the caller's own body, with the file's signature kept above it.
  const [mineTwice, theirsTwice] = [definedTwice([placed], original), definedTwice([alternative], original)];
  if (mineTwice !== undefined && theirsTwice === undefined) return alternative;
  if (theirsTwice !== undefined && mineTwice === undefined) return placed;
  const [mine, theirs] = [changedLines(original, placed), changedLines(original, alternative)];
  if (mine * 2 < theirs) return placed;
  if (theirs * 2 < mine) return alternative;
  return `the lines "${segment[head].trim().slice(0, 40)}" and "${segment[other.k].trim().slice(0, 40)}" each occur once in the file, but in the opposite order, so which of them is new code is a guess`;
}

/**
 * `placeSegment` with its head anchor given: segment line `head` stands at file line `headAt`
 * (a closer whose file line the block's opener placed, see `elidedBodyCloser`). A message when a
 * later line of the segment is a line the file has once above that place: the two disagree.
 */
export function placeSegmentFrom(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, head: number, headAt: number, openEnd = false, closedByMarker = false): Region | string {
  const other = earlierAnchor(segment, original, keys, cursor, head, headAt);
  if (other !== undefined) {
    return `the line "${segment[other.k].trim().slice(0, 40)}" occurs once in the file, at line ${other.at + 1}, above line ${headAt + 1} where "${segment[head].trim().slice(0, 40)}" places the lines around it, so where they go is a guess`;
  }
  return placeFromHead(segment, original, keys, cursor, head, headAt, openEnd, Infinity, closedByMarker);
}

/**
 * Why a segment with no line to anchor on is not placed, when its first line is a block opener the
 * file does not have and is a version of exactly one opener at or after `cursor` (the same
 * definition written otherwise: `export class AuthorizationCodeClient extends BaseClient {` for the
 * file's `export class AuthorizationCodeClient {`); undefined otherwise.
 *
 * Why: a snippet wrapped in its class's header copied from an older version of the file (msal's
 * AuthorizationCodeClient no longer extends BaseClient) was refused as having "no line that
 * occurs exactly once", when the header was the one line the file lacks. Taking the header for
 * the file's would either write the stale header over it or keep the file's and drop a change
 * the snippet may mean; neither is sure, so the refusal stands, and says which line is at fault.
 */
function staleOpenerMessage(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number): string | undefined {
  const first = segment.find(hasText);
  if (first === undefined || !isOpener(first.trim()) || keys.positions.has(anchorKey(first))) return undefined;
  const at = editedOpenerWithin(first, original, cursor, original.length);
  if (at === -1 || editedOpenerWithin(first, original, at + 1, original.length) !== -1) return undefined;
  return `the snippet's line "${first.trim().slice(0, 80)}" stands nowhere in the file, and nothing else places the lines around it; it is a version of line ${at + 1}, "${original[at].trim().slice(0, 80)}", and whether the snippet changes that line or quotes it as it once was is a guess`;
}

/** How many lines a region's placement adds and removes (whitespace aside). */
function changedLines(original: readonly string[], region: Region): number {
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trim() === b.trim());
  return parts.reduce((sum, part) => sum + (part.added || part.removed ? part.value.length : 0), 0);
}

/**
 * The first line after the head anchor (segment line `head`, file line `headAt`) that would anchor
 * too, but stands above the head in the file; undefined when the anchors agree in order.
 */
function earlierAnchor(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, head: number, headAt: number): { k: number; at: number } | undefined {
  for (let k = head + 1; k < segment.length; k++) {
    const at = anchorAt(segment, k, original, keys, cursor);
    if (at >= 0 && at < headAt) return { k, at };
  }
  return undefined;
}

/** How many lines of the segment have a line of their own at or after `cursor` (and before `before`) to anchor on (see `anchorAt`). */
export function anchorCount(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, before = Infinity): number {
  let count = 0;
  for (let k = 0; k < segment.length; k++) if (anchorAt(segment, k, original, keys, cursor, before) >= 0) count++;
  return count;
}

/**
 * The file line segment line `k` anchors on: the only line at or after `cursor` (and before
 * `before`) with its anchor key, standing in the same blocks (`sameEnclosingBlock`) and, for an
 * annotation, on the same definition (`annotatesOtherDefinition`); -1 when there is none.
 */
function anchorAt(segment: readonly string[], k: number, original: readonly string[], keys: AnchorIndex, cursor: number, before = Infinity): number {
  const key = anchorKey(segment[k]);
  if (key === '') return -1;
  const at = uniqueAfter(keys, key, cursor, before);
  return at >= 0 && sameEnclosingBlock(segment, k, original, at) && !annotatesOtherDefinition(segment, k, original, at, onlyPlaceOf(keys)) && !tagOfOtherElement(segment, k, original, at) ? at : -1;
}

/**
 * True when segment line `k` is a bare tag (`<repository>`, `</repository>`: `isBareTag`) of an
 * element the segment gives whole, opening and closing tags, whose body has lines with text and
 * none of them is a line of the body of the file's element at `at`. A bare tag says which kind of
 * element it opens or closes, not which one: with nothing of the file's element in its body, the
 * written element is as likely a new one of that kind as the file's rewritten, and the tag places
 * nothing. The spring-guides pom: a new `<repository>` (spring-snapshot) after `<!-- ... existing
 * spring-release repository ... -->` anchored on the file's only `<repository>`, and the
 * spring-release repository was written over.
 */
function tagOfOtherElement(segment: readonly string[], k: number, original: readonly string[], at: number): boolean {
  if (!isBareTag(segment[k])) return false;
  const written = elementBody(segment, k);
  const existing = elementBody(original, at);
  if (written === undefined || existing === undefined) return false;
  const writtenText = written.filter(hasText).map((line) => line.trim());
  const existingText = new Set(existing.filter(hasText).map((line) => line.trim()));
  return writtenText.length > 0 && writtenText.every((line) => !existingText.has(line));
}

/**
 * The lines between the bare tag at `at` and the tag that matches it (the next `</name>` after
 * `<name>`, the last `<name…>` before `</name>`, at the same indentation); undefined when it has
 * none.
 */
function elementBody(lines: readonly string[], at: number): readonly string[] | undefined {
  const closed = closedTagName(lines[at]);
  const name = closed ?? /^<([A-Za-z_][\w.:-]*)/.exec(lines[at].trim())?.[1];
  if (name === undefined) return undefined;
  const width = indentOf(lines[at]);
  const matches = (line: string) => indentOf(line) === width && (closed === undefined ? closedTagName(line) === name : opensTag(line, name));
  const step = closed === undefined ? 1 : -1;
  for (let j = at + step; j >= 0 && j < lines.length; j += step) {
    if (matches(lines[j])) return step === 1 ? lines.slice(at + 1, j) : lines.slice(j + 1, at);
  }
  return undefined;
}

/** The only file line with a line's anchor key, -1 when none or several: for `annotatesOtherDefinition`. */
export function onlyPlaceOf(keys: AnchorIndex): (line: string) => number {
  return (line) => {
    const key = anchorKey(line);
    return key === '' ? -1 : uniqueAfter(keys, key, 0);
  };
}

/**
 * False when segment line `k` and file line `at` (the same text) stand in different blocks: one of
 * the lines enclosing it in the segment (each nearest less indented line above, going out as far
 * as the segment shows) is neither the same as nor an edit of the file's line enclosing `at` at
 * that depth (`const ambiguous = receipt({` over `ok: false,` in new code, the file's only `ok:
 * false,` under `const failed = receipt({`; a new test's `} finally { await restore();` under
 * another `it(…)` than the file's). Such a line is new code that happens to repeat a line of the
 * file, not a place to anchor on; taking it replaced the other block's lines. True when the
 * segment shows no enclosing line. With `definitionsOnly`, only the enclosing lines that define
 * a name (`definedName`) are compared.
 */
export function sameEnclosingBlock(segment: readonly string[], k: number, original: readonly string[], at: number, definitionsOnly = false): boolean {
  const writtenParent = enclosingLines(segment);
  const existingParent = enclosingLines(original);
  for (let written = writtenParent[k], existing = existingParent[at]; written !== -1; written = writtenParent[written], existing = existing === -1 ? -1 : existingParent[existing]) {
    if (definitionsOnly && definedName(segment[written]) === undefined) continue;
    if (existing === -1) return false;
    if (definesOther(segment[written], original[existing])) return false;
    if (!correspond(segment[written], original[existing]) && !sameDefinition(segment[written], original[existing])) return false;
  }
  return true;
}

/**
 * True when both lines define a name (`definedName`) and the names differ: a signature edits only
 * its own function, however alike the lines read. `function M.debounce_leading(ms, fn)` and
 * `function M.throttle_leading(ms, fn)` share their first two words (`function M`), and a new
 * function shaped like the file's one was anchored in that one's body, which was deleted.
 */
function definesOther(a: string, b: string): boolean {
  const [mine, theirs] = [definedName(a), definedName(b)];
  return mine !== undefined && theirs !== undefined && mine !== theirs;
}

/**
 * The line of a definition a tail candidate (file line `at`) stands inside, opening below the
 * head anchor (`headAt`), which the segment's lines between the two (`head` to `k`) neither show
 * (its line, or an edit of it) nor reach into (none of them is a line the file has once, inside
 * it); undefined when there is none. Taken, the segment would replace the end of the head's
 * definition, everything after it and the start of the candidate's, on the word of two lines
 * that disagree. A lazy snippet rewriting the end of `proxy_bypass_environment` ended with
 * `return False`, whose only twin below closes `_proxy_bypass_macosx_sysconf`, 60 lines further;
 * one editing two `except` clauses of `handle_read` took the file's only later `except OSError:`,
 * in `initiate_send`, 130 lines further (CPython's urllib/request.py and asynchat.py): taken for
 * the tail, everything between went. The head may be the wrong one as well: locale.py's new
 * `import warnings` in `getdefaultlocale()` was taken for the one in `format()`, 300 lines above.
 * A snippet that deletes definitions to reach code moved up does show some of that code
 * (distutils' spawn() rewritten over the helpers it replaced, with their bodies' lines).
 */
function passesOverDefinition(segment: readonly string[], head: number, k: number, original: readonly string[], keys: AnchorIndex, headAt: number, at: number): string | undefined {
  const parents = enclosingLines(original);
  let between: readonly string[] | undefined;
  for (let opener = parents[at]; opener > headAt; opener = parents[opener]) {
    const definition = original[opener];
    if (definedName(definition) === undefined) continue;
    between ??= segment.slice(head + 1, k);
    if (between.some((line) => hasText(line) && (correspond(line, definition) || sameDefinition(line.trim(), definition.trim())))) continue;
    const reachesInto = between.some((line) => {
      const positions = keys.positions.get(anchorKey(line));
      return positions?.length === 1 && positions[0] > opener && positions[0] < at;
    });
    if (!reachesInto) return definition;
  }
  return undefined;
}

const enclosingMemo = new WeakMap<readonly string[], Int32Array>();

/**
 * For each line, the line that encloses it: the nearest non-blank line above it that is less
 * indented; -1 for none. Found once per array with a stack of the open lines (their indentation
 * rising): `sameEnclosingBlock` asks it of every line the widening takes, and a scan up from each
 * was quadratic on a long flat block.
 */
function enclosingLines(lines: readonly string[]): Int32Array {
  let parents = enclosingMemo.get(lines);
  if (parents) return parents;
  parents = new Int32Array(lines.length);
  const open: number[] = [];
  const widths: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const own = indentOf(lines[i]);
    if (lines[i].trim() === '') {
      // Not an enclosing line itself: the last open line narrower than it, without closing any.
      let j = widths.length - 1;
      while (j >= 0 && widths[j] >= own) j--;
      parents[i] = j >= 0 ? open[j] : -1;
      continue;
    }
    while (widths.length > 0 && widths[widths.length - 1] >= own) {
      widths.pop();
      open.pop();
    }
    parents[i] = open.length > 0 ? open[open.length - 1] : -1;
    open.push(i);
    widths.push(own);
  }
  enclosingMemo.set(lines, parents);
  return parents;
}


/**
 * Where the region of a segment that gives a definition to its end stops in the file, when that
 * is past the lines its anchors reached; a message when where it stops is a guess; undefined when
 * the segment is not such a definition, or the file's definition has nothing more.
 *
 * The segment opens a definition (`def save(path, data):`, `function save(…) {`: its head line,
 * under any decorators, defines the name the file's line there defines), every later line of it
 * is indented under that head, and it goes on with new lines past its last line placed in the
 * file (`last`, file line `to - 1`), with no elision marker after it. In a language without closing lines (Python), nothing else says where it ends: the
 * model gave the definition whole, down to its new last line. The file's definition (its head's
 * block by indentation) may go on past `to`:
 * - when one of those lines is, or is edited by, one of the segment's new last lines
 *   (`json.dump(data, f)` by `json.dump(data, f, indent=2)` under a new `try:`), the segment
 *   rewrites the rest of the definition: its region ends where the definition does. Kept, the old
 *   lines stood under the new ones (the old `json.dump` after the new `raise`);
 * - when the new last line and the definition's last line both leave it at one depth (`return`,
 *   `raise` or `throw`, not necessarily the same), the new lines end the definition: its region
 *   ends there too;
 * - when none is, the new lines may be added before the rest (a new first statement, the rest
 *   not shown) or replace it (a body written anew): a guess, refused.
 */
function definitionEnd(segment: readonly string[], original: readonly string[], anchor: number, anchorAt: number, last: number, to: number): number | string | undefined {
  // The definition's line is the segment's first, under any decorators (`@app.route(…)`); its
  // anchor may be a later line (the signature given a new parameter): the file's definition is the
  // nearest line above that anchor defining the same name, with nothing but its body between.
  let head = firstNonBlank(segment);
  while (head < last && DECORATOR.test(segment[head])) head++;
  if (definedName(segment[head]) === undefined) return undefined;
  // Below the anchor (the anchor a decorator), the file's line as far below it; else found above.
  let headAt = head > anchor ? anchorAt + (head - anchor) : anchorAt;
  // Up through the anchor's own block only: the first line less indented than the anchor that
  // is not the definition ends the search (a bound of the function's length, not the file's).
  const bodyWidth = indentOf(original[anchorAt]);
  if (head <= anchor) {
    while (headAt >= 0 && !sameDefinition(segment[head], original[headAt])) {
      if (original[headAt].trim() !== '' && indentOf(original[headAt]) < bodyWidth) return undefined;
      headAt--;
    }
  }
  if (headAt < 0 || headAt >= original.length || !sameDefinition(segment[head], original[headAt])) return undefined;
  for (let i = headAt + 1; i < anchorAt; i++) if (original[i].trim() !== '' && indentOf(original[i]) <= indentOf(original[headAt])) return undefined;
  if (blockEnd(segment, head) < segment.length) return undefined;
  // The definition's last line with anything on it (its trailing blank lines are the file's, between blocks).
  const end = blockTextEnd(original, headAt);
  if (end <= to) return undefined;
  if (rewritesRest(segment.slice(last + 1), original.slice(to, end), indentOf(original[headAt]) - indentOf(segment[head]))) return end;
  const name = segment[head].trim().slice(0, 60);
  return `"${name}" goes on with new lines after line ${to} of the file and ends there, with no elision marker, while the file's definition has ${end - to} more lines (${to + 1}-${end}) that it neither shows nor edits: whether the new lines replace them or go before them is a guess (mark the lines kept with a "... existing code ..." comment)`;
}

/**
 * The definition the placed part of the segment opens last (`def save(self):`, at the file's own
 * definition of that name), when the segment gives it whole: new lines inside it past the part
 * placed (`last`, file line `to - 1`), then, before the segment ends, a line at the definition's
 * depth or shallower that is not a closer (a method added after the rewritten one), or the marker
 * after the segment at that depth (`closedByMarker`, see `markerClosesDefinition`). Nothing of the
 * old body can stand between the definition's new last line and that line: the snippet writes
 * them next to each other, so the file's definition is replaced to its end (its trailing blank
 * lines aside). Kept, the old body stood under the new one; placed nowhere, the snippet was
 * refused (a method rewritten and one added after it, the commonest lazy edit of a class). Brace
 * languages close the definition with a closer, read by `placeFromHead` itself. Undefined when the
 * segment does not; when the file's definition ends within the part placed; when a line after the
 * definition in the segment is one of the old body's, or an edit of it; or when the new lines do
 * not rewrite the old ones (`rewritesRest`: new first lines with the rest left out and no marker
 * written would delete the rest, a guess).
 */
function definitionGivenWhole(segment: readonly string[], original: readonly string[], first: number, last: number, to: number, closedByMarker: boolean): { last: number; to: number } | undefined {
  // The part placed stands line for line from its last line up: the file's line of segment line d is to - 1 - (last - d).
  let head = last;
  while (head >= first && definedName(segment[head]) === undefined) head--;
  if (head < first) return undefined;
  const headAt = to - 1 - (last - head);
  if (headAt < 0 || !sameDefinition(segment[head], original[headAt])) return undefined;
  const leaves = blockEnd(segment, head);
  if (leaves >= segment.length ? !closedByMarker : isCloser(segment[leaves])) return undefined;
  const inner = blockTextEnd(segment, head) - 1;
  if (inner <= last) return undefined;
  const end = blockTextEnd(original, headAt);
  if (end <= to) return undefined;
  // The lines after it carrying on the old body (a definition renamed under a new one of the old
  // name, its first lines shown: CPython's tabnanny.py) say the old body goes on there.
  const oldBody = original.slice(to, end).filter(hasText);
  if (segment.slice(leaves).some((line) => hasText(line) && oldBody.some((existing) => correspond(line, existing)))) return undefined;
  return rewritesRest(segment.slice(last + 1, inner + 1), original.slice(to, end), indentOf(original[headAt]) - indentOf(segment[head])) ? { last: inner, to: end } : undefined;
}

/**
 * True when the elision `marker` after segment `lines` stands at the depth of the definition the
 * segment ends inside (its last line defining a name, every line after it deeper):
 * `    # ... other methods ...` under a method given whole is the class's other members, not the
 * rest of the method, which a marker inside its body (deeper) would be. A marker shallower than
 * the method (flush left under a method) is not read so: written carelessly, it may still mean
 * the rest of the body.
 */
export function markerClosesDefinition(lines: readonly string[], marker: string): boolean {
  for (let d = lastNonBlank(lines) - 1; d >= 0; d--) {
    if (definedName(lines[d]) === undefined) continue;
    return blockEnd(lines, d) === lines.length && indentOf(marker) === indentOf(lines[d]);
  }
  return false;
}

/**
 * True when a definition's new last lines (`added`, after the part placed) rewrite the rest of
 * the file's definition (`rest`, the lines after the part placed, to its end): one of them is, or
 * is an edit of, one of those lines (`json.dump(data, f)` by `json.dump(data, f, indent=2)` under a
 * new `try:`), or both end with an exit at one depth (the file's `return {…}`, the new `raise …`:
 * lines after the new exit would never run) that leaves the definition itself, not one nested in
 * it (`insideNestedDefinition`). `shift`: the file's depth less the segment's.
 */
function rewritesRest(added: readonly string[], rest: readonly string[], shift: number): boolean {
  const written = added.filter(hasText);
  const existing = rest.filter(hasText);
  if (existing.some((old) => written.some((line) => correspond(line, old)))) return true;
  const lastWritten = written[written.length - 1];
  const lastExisting = existing[existing.length - 1];
  const leaves = (line: string) => FUNCTION_EXITS.has(exitWord(line) ?? '');
  if (lastWritten === undefined || lastExisting === undefined || !leaves(lastWritten) || !leaves(lastExisting)) return false;
  return indentOf(lastWritten) + shift === indentOf(lastExisting) && !insideNestedDefinition(written) && !insideNestedDefinition(existing);
}

/**
 * True when the last of `lines` stands inside a definition that one of the lines above it opens:
 * going up, a line shallower than every line passed below it defines a name (`definedName`). A
 * class shown down to one method, then a new method (`def __repr__(self):` and its `return`),
 * ends with the new method's exit, not the class's: the class's other methods (`to_json`,
 * `to_python`, ending with a `return` at the same depth) would still run, so the new lines do not
 * rewrite them (Flask's json/tag.py, the methods were deleted).
 */
function insideNestedDefinition(lines: readonly string[]): boolean {
  let depth = indentOf(lines[lines.length - 1]);
  for (let i = lines.length - 2; i >= 0; i--) {
    if (!hasText(lines[i]) || indentOf(lines[i]) >= depth) continue;
    if (definedName(lines[i]) !== undefined) return true;
    depth = indentOf(lines[i]);
  }
  return false;
}

/** True when `line` occurs exactly once at or after `from` in the file, whitespace aside. */
function onlyOnceFrom(original: readonly string[], line: string, from: number): boolean {
  const key = collapseWhitespace(line);
  let count = 0;
  for (let i = from; i < original.length && count < 2; i++) if (collapseWhitespace(original[i]) === key) count++;
  return count === 1;
}

/** The nearest line above closer `at` with anything on it that is not deeper than it: the line that opens the block it closes; -1 for none. */
function openerOf(lines: readonly string[], at: number): number {
  const width = indentOf(lines[at]);
  for (let i = at - 1; i >= 0; i--) if (lines[i].trim() !== '' && indentOf(lines[i]) <= width) return i;
  return -1;
}

/** A decorator or annotation line above a definition (`@app.route("/items")`, `@Override`). */
const DECORATOR = /^\s*@[A-Za-z_]/;

/**
 * The rest of `placeSegment`: from the head anchor (segment line `head` at file line `headAt`), the
 * tail anchor, widening and checks. `openEnd`: no elision marker follows the segment (the block
 * ends with it, or it is a fragment given without markers), so a definition it opens and never
 * leaves is shown to its end (see `definitionEnd`).
 */
export function placeFromHead(segment: readonly string[], original: readonly string[], keys: AnchorIndex, cursor: number, head: number, headAt: number, openEnd: boolean, before = Infinity, closedByMarker = false): Region | string {
  const unique = (key: string, from: number): number => uniqueAfter(keys, key, from, before);
  let tail = head;
  let tailAt = headAt;
  for (let k = segment.length - 1; k > head; k--) {
    const key = anchorKey(segment[k]);
    if (key === '') continue;
    const at = unique(key, headAt + 1);
    // The only such line below the head may stand in another definition (new code repeating a
    // line that methods above the head have too: pg's `const activeQuery = this._getActiveQuery()`
    // in a rewritten method, the file's only later one in a method further down): taken for the
    // tail, the methods between were replaced by nothing. Held to the head anchor's test, for the
    // definitions around it only: the tail's `if` or loop may be the one the segment edits.
    if (at >= 0 && sameEnclosingBlock(segment, k, original, at, true)) {
      // Head and tail disagree: one of them is new code repeating a line of the file, and which
      // one is a guess (a tail taken below the head's definition deleted it; a head taken above
      // the tail's, once that tail was passed over, placed the segment there).
      const passed = passesOverDefinition(segment, head, k, original, keys, headAt, at);
      if (passed !== undefined) {
        return `the lines "${segment[head].trim().slice(0, 40)}" and "${segment[k].trim().slice(0, 40)}" each occur once below the part before, but "${passed.trim().slice(0, 40)}" stands between them in the file and the snippet does not show it, so whether the snippet replaces everything between them is a guess`;
      }
      tail = k;
      tailAt = at;
      break;
    }
  }
  // Widen over the lines next to the anchors that the segment repeats or edits (a closing brace,
  // a blank line, a changed statement): lines that resemble the file's line at that place. A line
  // that resembles nothing there is new, and the widening stops.
  // An edited line (not equal) is taken for the file's only when the lines beyond it are the
  // file's lines beyond, up to one with some text (a `});` or a blank line ends every block alike),
  // or the segment or the file ends first: a resembling line with other lines beyond it is new
  // code beside similar code (a new test above an older one), not an edit.
  const sure = (k: number, i: number, step: number): boolean => {
    if (segment[k].trim() === original[i].trim()) return true;
    for (let kk = k + step, ii = i + step; ; kk += step, ii += step) {
      if (kk < 0 || kk >= segment.length || ii < cursor || ii >= original.length) return true;
      if (segment[kk].trim() !== original[ii].trim()) return false;
      if (hasText(segment[kk])) return true;
    }
  };
  // A signature given a new parameter edits its own line, however much longer it grew, whatever
  // the lines beyond it (its doc comment may be rewritten too).
  // The segment may be quoted at another depth than the file's: depths compare from the anchor's.
  const shift = indentOf(original[headAt]) - indentOf(segment[head]);
  // A line the segment shows inside a definition of its own (`return stat.S_ISLNK(…)` under a new
  // `def islink`) is never taken for the line of another one (the file's `return stat.S_ISDIR(…)`
  // under `def isdir`, right above the anchor `def getsize`): taken so, the new function was
  // written over the end of the old one (genericpath, CPython 3.12 to 3.13).
  // An annotation given new arguments over the same definition edits the file's (`editsAnnotation`):
  // the definition under both places it, whatever the lines beyond.
  const edits = (k: number, i: number, step: number) =>
    (((correspond(segment[k], original[i]) || sameExit(segment[k], original[i], shift)) && sure(k, i, step)) || sameDefinition(segment[k].trim(), original[i].trim()) || editsAnnotation(segment, k, original, i)) &&
    sameEnclosingBlock(segment, k, original, i, true);
  let first = head;
  let from = headAt;
  while (first > 0 && from > cursor && edits(first - 1, from - 1, -1)) {
    first--;
    from--;
  }
  // A closing line taken above may close a block the segment opens above it, with new lines.
  const closerAt = closerOfNewBlock(segment, first, head);
  if (closerAt !== -1) {
    from += closerAt + 1 - first;
    first = closerAt + 1;
  }
  // Lines taken because they equal the file's may be new code repeating them, the snippet's
  // context standing beyond them (see `contextReadingAbove`).
  ({ first, from } = contextReadingAbove(segment, original, cursor, head, first, from));
  // A doc comment rewritten above the anchored part replaces the file's comment, not a part of it.
  from = commentRewrittenFrom(segment, original, cursor, first, from);
  let last = tail;
  let to = tailAt + 1;
  while (last + 1 < segment.length && to < original.length && edits(last + 1, to, 1)) {
    last++;
    to++;
  }
  const below = contextReadingBelow(segment, original, tail, last, to);
  // Its last lines read as the file's lines right below the region, the segment does not close
  // the head's block beyond them.
  const closesHeadBlock = below.last === last;
  ({ last, to } = below);
  // A segment that ends by closing the block its head opened (`}` at the head's indentation)
  // replaces the original block up to the original's closing line, so a changed last statement
  // does not leave the old one behind.
  // Only when the head defines something (a function's body may be rewritten whole) or the
  // block's body in the segment has something of the file's block: a new block that starts with a
  // line the file has (a second `for (let n = …) {` loop with another body) replaced the file's
  // whole loop. Or when the segment shows the file's lines right above the head, down to it: the
  // head's line is then pinned as the file's by more than its own text, as when the segment's
  // lines go on from the head into the block (a Go `main`'s `})`, then its `if err != nil {` block
  // with a new `log.Fatalf`: read as a new block after the `})`, it went in above the file's own,
  // the same check twice; the file's `})` is followed by that very block).
  // A closer deeper than the head closes a block the segment opens after it: the file's closer at
  // that depth is its own only when the file's block opens with that line too. A func header, then
  // a rewritten `if !ok {` block and a marker, took the closer of the body's first block (`if
  // ctx.Err() != nil {`) and wrote the new block over it (Go, a Cursor snippet without its inner marker).
  const lastReal = lastNonBlank(segment);
  if (closesHeadBlock && lastReal > last && isCloser(segment[lastReal])) {
    const width = indentOf(segment[lastReal]) - indentOf(segment[head]) + indentOf(original[headAt]);
    const writtenOpener = openerOf(segment, lastReal);
    const sameOpener = (j: number) => {
      if (writtenOpener <= head) return true;
      const existing = openerOf(original, j);
      return existing >= headAt && correspond(segment[writtenOpener], original[existing]);
    };
    for (let j = to; j < original.length; j++) {
      const line = original[j];
      if (line.trim() === '') continue;
      const lineWidth = indentOf(line);
      if (line.trim() === segment[lastReal].trim() && lineWidth === width) {
        if (!sameOpener(j)) break;
        const sharesBodyLine = () => {
          const body = new Set(original.slice(headAt + 1, j).map(anchorKey).filter((key) => key !== ''));
          return segment.slice(head + 1, lastReal).some((written) => body.has(anchorKey(written)));
        };
        if (last > head || segment.slice(first, head).some((line) => line.trim() !== '') || definedName(segment[head]) !== undefined || sharesBodyLine()) {
          to = j + 1;
          last = lastReal;
        }
        break;
      }
      if (lineWidth < width) break;
    }
  }
  if (openEnd && lastReal > last) {
    const end = definitionEnd(segment, original, head, headAt, last, to);
    if (typeof end === 'string') return end;
    if (end !== undefined) {
      to = end;
      last = lastReal;
    }
  }
  const whole = lastReal > last ? definitionGivenWhole(segment, original, first, last, to, closedByMarker) : undefined;
  if (whole !== undefined) ({ last, to } = whole);
  const comment = throughComment(segment, original, first, from, last, to);
  if (comment) ({ last, to } = comment);
  const repeated = editedEdgeStandsNearby(segment, original, cursor, first, from, last, to, shift);
  if (repeated !== undefined) return repeated;
  // Lines beyond the widened part are new lines, except blank ones at the very edges.
  let start = 0;
  while (start < first && segment[start].trim() === '') start++;
  let end = segment.length;
  while (end > last + 1 && segment[end - 1].trim() === '') end--;
  // Context the segment repeats a little away from the anchors: `ctx, ctx, new lines, anchor`.
  // Its first lines stand in the file right above the widened part, its last lines right below:
  // they are those lines, not new ones. Without this, the context was written a second time.
  let newFrom = start;
  let newTo = end;
  let lead = contextAbove(segment.slice(start, first), original, cursor, from);
  if (lead) {
    from = lead.from;
    newFrom = start + lead.lines;
  } else if (start > 0) {
    // The blank lines the segment starts with are context too when the file has them a few lines
    // higher and the lines between are comments, rewritten by the segment's (CPython's
    // html/__init__.py: read as new, the old comment stayed above the new one). Blank lines alone
    // say too little for code: a new function above another was taken for its rewrite.
    lead = contextAbove(segment.slice(0, first), original, cursor, from, true);
    if (lead && !(original.slice(lead.from + lead.lines, from).every(isCommentLine) && segment.slice(lead.lines, first).every(isCommentLine))) lead = undefined;
    if (lead) {
      from = lead.from;
      start = 0;
      newFrom = lead.lines;
    }
  }
  const trail = contextBelow(segment.slice(last + 1, end), original, to);
  if (trail) {
    to = trail.to;
    newTo = end - trail.lines;
  }
  // The segment's first lines are the file's lines further down, among those it replaces: the
  // head anchor is a line of new code that repeats one of the file's (a new function's
  // `index: number,` parameter, taken for the one of the function above it), and placed there
  // the segment would write the file's lines above the anchor's in the wrong order. Where it
  // goes is a guess.
  if (!lead && leadingLinesBelowAnchor(segment.slice(start, first), original, headAt, to)) {
    return `the lines "${segment[start].trim().slice(0, 60)}" the block starts with stand in the file below line ${headAt + 1}, where its line "${segment[head].trim().slice(0, 40)}" places it: whether that line is the file's or new code repeating it is a guess`;
  }
  const twin = trail ? undefined : openerStandsFurtherDown(segment.slice(last + 1, end), original, to, shift);
  if (twin !== undefined) {
    return `the line "${original[twin].trim().slice(0, 60)}" is new right below the part the block shows (line ${to}), but the file has it at line ${twin + 1}, further down in the same block, and the snippet leaves out the ${twin - to} lines between: whether it is new code, or that block's lines with an elision left out above them, is a guess (add the elision marker, or quote the lines between)`;
  }
  const opened = trail ? undefined : openersStandBelow(segment.slice(last + 1, end), original, to, shift);
  if (opened !== undefined) {
    return `the block's last lines "${opened.lines.map((line) => line.trim()).join(' ')}" are new where the part it shows ends (line ${to}) but stand in the file at line ${opened.at + 1}, further down in the same block, and the snippet leaves out the ${opened.at - to} lines between: whether they are to be deleted is a guess`;
  }
  // Context found only across file lines that no new line edits: the lines between would be kept
  // next to a second copy of the context, or deleted though the snippet never shows them. Which
  // one the model meant is a guess (a `lines = …;` it dropped above `} for (…) {`, or code it
  // never saw).
  // A new annotation repeating one the file has higher up, on another definition, is not that one.
  const annotatesOther = (k: number, at: number) => annotatesOtherDefinition(segment, start + k, original, at, onlyPlaceOf(keys));
  // New lines right above the end of the block the elision stands inside (a new `<dependency>`
  // above `</dependencies>`) go at the body's end: the same first lines on the file's last element
  // (`<dependency>`, `<groupId>org.springframework.boot</groupId>`) are where every element of its
  // kind starts, not where the elision ends (see `endsBlockAroundElision`).
  const atBodyEnd = segment[first].trim() === original[from].trim() && endsBlockAroundElision(original, from, cursor);
  const skipped = lead || atBodyEnd ? undefined : repeatedAcrossGap(segment.slice(start, first), original, cursor, from, -1, annotatesOther);
  const skippedBelow = trail ? undefined : repeatedAcrossGap(segment.slice(last + 1, end), original, cursor, to, 1);
  for (const repeat of [skipped, skippedBelow]) {
    if (repeat !== undefined) {
      return `the lines from \`${repeat.line.trim().slice(0, 60)}\` stand in the file ${repeat.gap} line${repeat.gap === 1 ? '' : 's'} ${repeat.side} where the lines around them go, and the snippet leaves out the lines between: whether they are to be deleted is a guess`;
    }
  }
  // A new line that opens a block and resembles a block opener elsewhere in the file (`def
  // breakdown(…)` placed inside `compute_tax` because a later line matched there) means the
  // anchors disagree about where the segment goes: refuse rather than guess.
  for (const k of [...range(newFrom, first), ...range(last + 1, newTo)]) {
    const twin = resemblingOpener(segment[k], original, from, to);
    if (twin !== -1) {
      return `the line "${segment[k].trim().slice(0, 60)}" looks like an edit of line ${twin + 1}, but the rest of its lines match elsewhere in the file`;
    }
    // The same inside the region: a new opener that edits one of the region's openers it is not
    // aligned with (`function total(…, exempt)` written above a line of `subtotal`, while the old
    // `function total(…)` lies further down) would merge two functions into one.
    const inner = editedOpenerWithin(segment[k], original, from, to);
    if (inner !== -1) {
      return `the line "${segment[k].trim().slice(0, 60)}" looks like an edit of line ${inner + 1}, but the lines around it match from line ${from + 1}`;
    }
  }
  return { from, to, lines: segment.slice(start, end), newAbove: lead ? undefined : first - start, newBelow: trail ? undefined : end - last - 1 };
}
