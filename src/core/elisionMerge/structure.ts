/** Placing a segment that has no anchor of its own, by the structure around it: the file's edges, a block's end. */
import { leadingWhitespace } from '../text/indentation';
import { type Region, alignLines, blockEnd, closedTagName, correspond, definedName, elisionBefore, firstNonBlank, hasText, heredocWord, identifiers, indentOf, isCloser, isCommentLine, isEditOf, isOpener, lastNonBlank, opensTag, resemblingOpener } from './lines';
import { type AnchorIndex, anchorKey } from './anchors';
import { firstAtLeast } from '../sortedSearch';

/**
 * Places a segment with no anchor of its own at the file's start (the block's first segment, with
 * no elision before it) or end (its last, with none after), when its lines are exactly the file's
 * first or last lines there (a closing `);` and `}`).
 */
export function placeAtBoundary(segment: readonly string[], original: readonly string[], cursor: number, isFirst: boolean, isLast: boolean): Region | undefined {
  const real = segment.filter((line) => line.trim() !== '');
  const lines = original.map((line, i) => ({ line, i })).filter(({ line }) => line.trim() !== '');
  const same = (a: readonly string[], b: readonly { line: string }[]) => a.length === b.length && a.every((line, k) => line.trim() === b[k].line.trim());
  if (isLast && real.length <= lines.length) {
    const tail = lines.slice(lines.length - real.length);
    if (same(real, tail) && tail[0].i >= cursor) return { from: tail[0].i, to: tail[tail.length - 1].i + 1, lines: real };
  }
  if (isFirst && cursor === 0 && real.length <= lines.length) {
    const headLines = lines.slice(0, real.length);
    if (same(real, headLines)) return { from: headLines[0].i, to: headLines[headLines.length - 1].i + 1, lines: real };
    // The file's first lines given with an edit that only adds to them (`import a` given as
    // `import a, b` above `# ... existing code ...`): a snippet that starts with no elision starts
    // at the file's top. A line that drops a word of the file's (`from typing import Dict` for
    // `from typing import List`) may be a new line meant above it: not placed so. Nor is a block
    // opener given otherwise (`export class AuthorizationCodeClient extends BaseClient {` over the
    // file's `export class AuthorizationCodeClient {`, a marker for its body next): a snippet
    // wraps its lines in its class's or function's header as an older version of the file had it
    // as often as it means to change that header, and placed here the stale header was written
    // over the file's. Below other lines the same opener is refused (`staleOpenerMessage`); at the
    // file's top it is no surer.
    const addedTo = (line: string, head: string) => !isOpener(line.trim()) && addsTo(head.trim(), line.trim());
    if (real.every((line, k) => line.trim() === headLines[k].line.trim() || addedTo(line, headLines[k].line))) {
      return { from: headLines[0].i, to: headLines[headLines.length - 1].i + 1, lines: real };
    }
  }
  return undefined;
}

/** True when `written` reads as an edit of `existing` that keeps every word of it (`isEditOf`). */
function addsTo(existing: string, written: string): boolean {
  if (!isEditOf(existing, written)) return false;
  const words = new Set(identifiers(written));
  return identifiers(existing).every((word) => words.has(word));
}

/**
 * Places a segment made only of closing lines (`}` after an elision that stands for the rest of a
 * body) at the first place after `cursor` where the file has those same lines, indentation
 * included: in indented code that is where the enclosing block ends.
 */
export function placeClosers(segment: readonly string[], original: readonly string[], cursor: number): Region | undefined {
  const real = segment.filter((line) => line.trim() !== '');
  if (real.length === 0 || !real.every(isCloser)) return undefined;
  for (let j = cursor; j + real.length <= original.length; j++) {
    if (real.every((line, k) => original[j + k].trimEnd() === line.trimEnd())) return { from: j, to: j + real.length, lines: real };
  }
  return undefined;
}

/**
 * Places a segment of new lines at the end of the block its context opens, the way a model adds a
 * method to a class: `class Calculator {`, an elision for its body, the new method, and the
 * class's closing `}`. The segment has no anchor of its own (it is new code), so where it goes is
 * read from the structure the reply shows around it:
 * - the line before the elision that precedes the segment, going up past deeper lines, is a block
 *   opener at the segment's closing line's indentation (or, with no closing line, less indented
 *   than the segment: Python's `class A:`), and the elision is indented deeper than it, so it stands
 *   for the opener's body;
 * - that opener occurs exactly once in the file, before everything placed so far;
 * - in the file, the opener's block ends (by indentation) with the same closing line, after the
 *   lines already placed; without a closing line, the segment must be the block's last one (no
 *   elision after it), and goes after the block's last non-blank line.
 * The lines right before the file's closing line that the segment repeats (trim-equal, neither an
 * opener nor a closer: `return this;` after a new `this.log();`) are taken as those lines, not
 * written twice. Declines (undefined) whenever any of this does not hold, or a new line looks like
 * an edit of an opener elsewhere in the file.
 */
export function placeAtBlockEnd(
  segment: readonly string[],
  before: readonly string[],
  isElision: (line: string) => boolean,
  original: readonly string[],
  keys: AnchorIndex,
  cursor: number,
  isLast: boolean,
): Region | undefined {
  const firstReal = firstNonBlank(segment);
  const lastReal = lastNonBlank(segment);
  if (firstReal === -1) return undefined;
  const after = placeAfterElidedBlock(segment, before, isElision, original, keys, cursor) ?? placeBeforeElidedBlockEnd(segment, before, isElision, original, keys, cursor) ?? placeAtHeredocEnd(segment, before, isElision, original, cursor);
  if (after !== undefined) return after;
  const closer = isCloser(segment[lastReal]) ? lastReal : -1;
  // Everything but a trailing run of closers must be more than closers: a segment of closers alone is placeClosers' case.
  if (closer !== -1 && segment.slice(firstReal, lastReal).every((line) => line.trim() === '' || isCloser(line))) return undefined;
  if (closer === -1 && !isLast) return undefined;
  // The elision right before the segment, then the opener above it.
  const k = elisionBefore(before, isElision);
  if (k < 0) return undefined;
  const elisionWidth = indentOf(before[k]);
  const level = closer !== -1 ? indentOf(segment[closer]) : indentOf(segment[firstReal]);
  const opener = openerAbove(before, k, isElision, level, closer !== -1);
  if (opener === -1 || elisionWidth <= indentOf(before[opener])) return undefined;
  const positions = keys.positions.get(anchorKey(before[opener]));
  if (!positions || positions.length !== 1 || positions[0] >= cursor) return undefined;
  const openerAt = positions[0];
  const openerWidth = indentOf(original[openerAt]);
  const end = blockEnd(original, openerAt);
  let from: number;
  let to: number;
  let lines = segment.slice(0, lastReal + 1);
  if (closer !== -1) {
    if (end === original.length || end < cursor || original[end].trim() !== segment[closer].trim() || indentOf(original[end]) !== openerWidth) return undefined;
    from = end;
    to = end + 1;
    // The segment may start with the block's own last lines, repeated to show where the new lines
    // go (`h2 { margin: 0; }` then a new `h3` rule, before a styled-components block's closing
    // `` `; ``): its nested rules have no line with text the file has once, so nothing else
    // anchors them, and written as new they would stand twice.
    const repeated = repeatedLastLines(segment.slice(firstReal, closer), original, cursor, end);
    if (repeated > 0) {
      from -= repeated;
      lines = segment.slice(firstReal, lastReal + 1);
    }
    let last = closer;
    // The segment's last lines before its closer may be the block's own last lines, repeated.
    while (repeated === 0 && last - 1 >= firstReal && from - 1 >= cursor) {
      const a = segment[last - 1].trim();
      if (a === '' || a !== original[from - 1].trim() || isOpener(a) || isCloser(a)) break;
      last--;
      from--;
    }
  } else {
    let after = end;
    while (after > openerAt + 1 && original[after - 1].trim() === '') after--;
    if (after < cursor) return undefined;
    from = after;
    to = after;
  }
  for (const line of lines) {
    if (resemblingOpener(line, original, from, to) !== -1) return undefined;
  }
  // The blank line that separates the new code from the block's last lines is there already.
  if (from > 0 && original[from - 1].trim() === '') lines = lines.slice(firstReal);
  return { from, to, lines };
}

/**
 * How many of `inner`'s first lines (a segment's lines before its closer) are, in order and
 * whitespace aside, the file's lines right above its closer at `end` (from `cursor` on): the
 * longest such run that holds a line with text and leaves a new line after it (a segment that is
 * all the block's last lines adds nothing). 0 when there is none.
 *
 * The run's last line may be the file's with a comma added: the list's last entry, re-shown with
 * the separator the new entries after it need (a notebook's last cell closed with `},` above a
 * new cell, where the file has `}`). Compared as it was, the re-shown cell was not the file's, and
 * was written a second time above the new one, after the file's own and with no comma between.
 */
function repeatedLastLines(inner: readonly string[], original: readonly string[], cursor: number, end: number): number {
  for (let n = inner.length - 1; n >= 1; n--) {
    const start = end - n;
    if (start < cursor) continue;
    const run = inner.slice(0, n);
    if (!run.some(hasText) || inner.slice(n).every((line) => line.trim() === '')) continue;
    const same = (line: string, k: number) => line.trim() === original[start + k].trim() || (k === n - 1 && line.trim() === `${original[start + k].trim()},`);
    if (run.every(same)) return n;
  }
  return 0;
}

/**
 * Places a segment that starts by closing the block its elision stands inside (`elidedBlockEnd`)
 * and goes on with new code after it, the way a model adds a function after one whose body it
 * elides (`def bang(node)`, `# ... existing code ...`, `end`, then `def dir_node?(node)` … `end`
 * and the closers of the class and modules around it): the segment's closer is the file's, every
 * line the elision stands for stays, and the new code goes right after that closer. The closers
 * the segment ends with that are shallower than its first (the enclosing blocks' ends) must be the
 * file's next lines with anything on them, as they are: with the file's other code between, the
 * new code's place among it is a guess. Undefined whenever any of this does not hold.
 */
function placeAfterElidedBlock(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex, cursor: number): Region | undefined {
  const end = elidedBlockEnd(segment, before, isElision, original, keys, cursor);
  const closer = segment.findIndex((line) => line.trim() !== '' && isCloser(line));
  if (end === undefined || closer === -1 || segment[closer].trim() !== original[end].trim()) return undefined;
  const level = indentOf(segment[closer]);
  // The segment's last lines, closers all, that are the file's next lines after its closer, in order.
  const rest = segment.map((line, i) => ({ line, i })).filter(({ line, i }) => i > closer && line.trim() !== '');
  const next = original.map((line, i) => ({ line, i })).filter(({ line, i }) => i > end && line.trim() !== '');
  let taken = 0;
  for (let n = Math.min(rest.length, next.length); n > 0; n--) {
    const tail = rest.slice(rest.length - n);
    if (tail.every(({ line }, k) => isCloser(line) && line.trimEnd() === next[k].line.trimEnd())) {
      taken = n;
      break;
    }
  }
  const fresh = rest.slice(0, rest.length - taken);
  if (fresh.length === 0 || fresh.some(({ line }) => indentOf(line) < level)) return undefined;
  for (const { line } of fresh) {
    if (resemblingOpener(line, original, end, end + 1) !== -1) return undefined;
  }
  const to = taken === 0 ? end + 1 : next[taken - 1].i + 1;
  const lastLine = taken === 0 ? lastNonBlank(segment) : rest[rest.length - 1].i;
  return { from: end, to, lines: segment.slice(firstNonBlank(segment), lastLine + 1) };
}

/**
 * Places a segment of new lines at the end of the block its elision stands inside, when the
 * segment then closes that block and the ones around it: `@media print {`, `.post {`, the marker,
 * a new declaration, `}` and `}`; or `<ul class="nav navbar-nav">`, the marker, a new `<li>`,
 * `</ul>`. The first closer is the file's end of the block the elision stands in
 * (`elidedBlockEnd`, closing tags included: the opener the part above placed, and the file's
 * closer of it by indentation, a tag's also by the element's own tags), so the new lines go right
 * above it, whichever of the file's like closers (`}` of another `.post`, the other menu's
 * `</ul>`) stand further on. The segment's further closers must be the file's next lines with
 * text, in order, and are written as the file has them; a new line that the elided body already
 * holds may be that body's last line re-shown, not new, and declines. Undefined otherwise.
 *
 * Why: placed by the outermost closer alone, the new lines went below the inner block's `}` and
 * the file gained a `}` (refused as unbalanced), and a closing tag, which occurs once per element,
 * anchored nothing at all.
 */
function placeBeforeElidedBlockEnd(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex, cursor: number): Region | undefined {
  const end = elidedBlockEnd(segment, before, isElision, original, keys, cursor, true);
  if (end === undefined) return undefined;
  const closes = (line: string) => isCloser(line) || closedTagName(line) !== undefined;
  const closer = segment.findIndex((line) => line.trim() !== '' && closes(line));
  const fresh = segment.slice(0, closer).filter(hasText);
  if (fresh.length === 0) return undefined;
  const body = new Set(original.slice(cursor, end).map((line) => line.trim()));
  if (fresh.some((line) => body.has(line.trim()) || resemblingOpener(line, original, end, end + 1) !== -1)) return undefined;
  let to = end + 1;
  for (const line of segment.slice(closer + 1).filter((line) => line.trim() !== '')) {
    while (to < original.length && original[to].trim() === '') to++;
    if (to >= original.length || !closes(line) || original[to].trimEnd() !== line.trimEnd()) return undefined;
    to++;
  }
  return { from: end, to, lines: [...segment.slice(firstNonBlank(segment), closer), ...original.slice(end, to)] };
}

/**
 * Places a segment of new lines that ends with a heredoc's end word (`EOF`) at the end of that
 * heredoc, the way a model adds a line to a generated file: `cat > …/microblog.service <<EOF`,
 * the marker, `Environment=LOG_TO_STDOUT=1`, `EOF`. A heredoc ends at the first line that is its
 * word alone, so the `EOF` the segment means is the first one after the head, however many other
 * heredocs of the file end with the same word. Only when the nearest line above the elision that
 * is not body text of it opens a heredoc with that word (no line equal to the word between), the
 * head is the file's last line with its text before `cursor` (the part above placed it), its end
 * stands at or after `cursor`, and the segment has nothing after the word and no new line the
 * elided body already holds. Undefined otherwise.
 */
function placeAtHeredocEnd(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], cursor: number): Region | undefined {
  const last = lastNonBlank(segment);
  const k = elisionBefore(before, isElision);
  if (last <= 0 || k < 0) return undefined;
  const word = segment[last].trim();
  let head = -1;
  for (let j = k - 1; j >= 0 && head === -1; j--) {
    if (before[j].trim() === word) return undefined;
    if (!isElision(before[j]) && heredocWord(before[j]) === word) head = j;
  }
  if (head === -1) return undefined;
  let headAt = cursor - 1;
  while (headAt >= 0 && original[headAt].trim() !== before[head].trim()) headAt--;
  if (headAt < 0) return undefined;
  let end = headAt + 1;
  while (end < original.length && original[end].trim() !== word) end++;
  if (end >= original.length || end < cursor) return undefined;
  const fresh = segment.slice(0, last).filter(hasText);
  const body = new Set(original.slice(cursor, end).map((line) => line.trim()));
  if (fresh.length === 0 || fresh.some((line) => line.trim() === word || body.has(line.trim()))) return undefined;
  return { from: end, to: end + 1, lines: [...segment.slice(firstNonBlank(segment), last), original[end]] };
}

/**
 * Places the block's last segment, new top-level code after a top-level elision (`# ... existing
 * code ...` then `def c():`), at the end of the file: the elision stands for the rest of the file
 * and the new code follows it. Only when the new code continues the file's last top-level
 * statement in kind (both start with the same word: `def` after `def`, `export` after `export`),
 * so that a function is never appended after a closing statement such as `module.exports = …` or
 * `if __name__ == "__main__":`, where the model may well have meant it to go above; the new code's
 * kind is read past the comments over it (a doc comment belongs to the definition under it). Declines
 * (undefined) otherwise, and when a new line looks like an edit of an opener in the file.
 */
export function placeAtFileEnd(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], cursor: number): Region | undefined {
  const firstReal = firstNonBlank(segment);
  if (firstReal === -1 || leadingWhitespace(segment[firstReal]) !== '') return undefined;
  const k = elisionBefore(before, isElision);
  if (k < 0 || leadingWhitespace(before[k]) !== '') return undefined;
  let end = original.length;
  while (end > 0 && original[end - 1].trim() === '') end--;
  if (end < cursor || end === 0) return undefined;
  let lastTop = end - 1;
  while (lastTop >= 0 && (original[lastTop].trim() === '' || leadingWhitespace(original[lastTop]) !== '' || isCloser(original[lastTop]))) lastTop--;
  // A decorated definition starts at its first decorator (`@app.get("/")` over `def read_root():`).
  while (lastTop > 0 && original[lastTop - 1].startsWith('@')) lastTop--;
  const firstWord = (line: string) => /^[@A-Za-z_$]+/.exec(line.trim())?.[0];
  // A doc comment over the new code belongs to it (`/**`, ` * Генерация …`, ` */`, then `export
  // function`): the kind is the code's under it.
  const firstCode = segment.findIndex((line, i) => i >= firstReal && line.trim() !== '' && !isCommentLine(line));
  if (firstCode === -1 || leadingWhitespace(segment[firstCode]) !== '') return undefined;
  const word = firstWord(segment[firstCode]);
  const lastWord = firstWord(original[lastTop]);
  if (lastTop < cursor || word === undefined || lastWord === undefined || !sameKind(word, lastWord)) return undefined;
  const lines = segment.slice(0, lastNonBlank(segment) + 1);
  for (const line of lines) {
    if (resemblingOpener(line, original, end, end) !== -1) return undefined;
  }
  return { from: end, to: end, lines };
}

/**
 * Places the block's last segment, after an elision and with none after it, that ends with the
 * file's own last line, a closer (`}` at the margin), and holds new lines deeper than it before
 * that: the way a model adds a method at the end of the file's one class (`// ... existing code
 * ...`, the new method, `}`; Morph's and Cursor's fast-apply instructions ask for that shape). The
 * snippet ends where the file ends, so its closer is the file's last one, and the new lines go
 * right above it. Only when that closer, indentation included, stands once in the file (a file of
 * two classes or functions ending so would leave which block gets the lines to its order) and the
 * lines before it are new code deeper than it (no closer first, none shallower than the first:
 * a segment that first ends the block its elision stands in is not new code); declines when a
 * new line looks like an edit of an opener in the file.
 */
export function placeInLastBlock(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], cursor: number): Region | undefined {
  const firstReal = firstNonBlank(segment);
  const lastReal = lastNonBlank(segment);
  if (firstReal === -1 || firstReal === lastReal || !isCloser(segment[lastReal]) || elisionBefore(before, isElision) < 0) return undefined;
  const end = lastNonBlank(original);
  if (end < cursor || end === -1 || original[end].trimEnd() !== segment[lastReal].trimEnd()) return undefined;
  if (original.filter((line) => line.trimEnd() === original[end].trimEnd()).length !== 1) return undefined;
  const depth = indentOf(segment[lastReal]);
  const inner = segment.slice(firstReal, lastReal);
  // New code starts the segment: not the end of a block the elision stands inside (`}` then `});`), nothing shallower than its first line.
  const start = indentOf(segment[firstReal]);
  if (isCloser(segment[firstReal]) || start <= depth || !inner.every((line) => line.trim() === '' || indentOf(line) >= start)) return undefined;
  const lines = segment.slice(0, lastReal + 1);
  for (const line of inner) {
    if (resemblingOpener(line, original, end, end + 1) !== -1) return undefined;
  }
  return { from: end, to: end + 1, lines };
}

/**
 * True when two top-level statements, by their first words, are of one kind: the same word, or
 * both open a definition (`def` after `class`, `function` after `export`, `func` after `type`,
 * a decorated one). A call or an assignment to something defined (`module.exports = …`,
 * `app.listen(…)`, `if __name__ == "__main__":`) is of no kind but its own.
 */
function sameKind(a: string, b: string): boolean {
  const kind = (word: string) => (word.startsWith('@') ? '@' : word);
  return a === b || (DEFINITION_WORDS.has(kind(a)) && DEFINITION_WORDS.has(kind(b)));
}

/** First words of top-level definitions in the languages models edit most. */
const DEFINITION_WORDS = new Set(['def', 'class', 'async', 'function', 'export', 'const', 'let', 'var', 'fn', 'pub', 'func', 'type', 'interface', 'struct', 'enum', 'impl', 'trait', 'public', 'private', 'protected', 'internal', 'static', 'abstract', 'final', 'sealed', 'fun', 'namespace', 'template', 'void', 'int', 'bool', 'char', 'double', 'float', 'unsigned', 'long', 'inline', '@']);

/**
 * The file line that closes the block an elision stands inside, when the segment after the
 * elision closes it: the segment's first line shallower than the elision is a closer (`}`, `]`),
 * the lines before it, if any, as deep as the elision or deeper and closing nothing (new lines at
 * the block's end: a list's new entries under `// ... existing code ...`, then `]`), and going up from the elision
 * past deeper lines the block shows an opener at the closer's indentation
 * (`rootLineOf(i: number): number {`, then `// ... existing code ...` indented as its body, then
 * `}`). The opener is the file's last line before `cursor` with its anchor key (the previous
 * segment placed it), and the block it opens ends, by indentation, with the same closer at or
 * after `cursor`: that line's index. Undefined whenever any of this does not hold.
 */
export function elidedBlockEnd(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex, cursor: number, closingTags = false): number | undefined {
  const k = elisionBefore(before, isElision);
  if (k < 0) return undefined;
  const depth = indentOf(before[k]);
  const closer = segment.findIndex((line) => line.trim() !== '' && indentOf(line) < depth);
  const tag = closingTags && closer !== -1 ? closedTagName(segment[closer]) : undefined;
  if (closer === -1 || (!isCloser(segment[closer]) && tag === undefined)) return undefined;
  // Lines before it that close blocks of their own (`}` of a nested block, then the block's `}`)
  // say the segment starts deeper inside: which block the closer ends is not read from them.
  if (segment.slice(0, closer).some((line) => isCloser(line) || (tag !== undefined && closedTagName(line) !== undefined))) return undefined;
  const firstReal = closer;
  const level = indentOf(segment[firstReal]);
  const opener = tag === undefined ? openerAbove(before, k, isElision, level, true) : tagOpenerAbove(before, k, isElision, level, tag);
  if (opener === -1) return undefined;
  const positions = keys.positions.get(anchorKey(before[opener]));
  if (!positions) return undefined;
  const p = firstAtLeast(positions, cursor) - 1;
  if (p < 0) return undefined;
  const openerAt = positions[p];
  const end = blockEnd(original, openerAt);
  if (end === original.length || end < cursor || indentOf(original[end]) !== indentOf(original[openerAt]) || original[end].trim() !== segment[firstReal].trim()) return undefined;
  // Indentation pairs a tag with its closer only where the file nests the element's own tags as it
  // indents them: a `<ul>` left open inside at the same depth would make this `</ul>` its.
  if (tag !== undefined && !closesElementAt(original, openerAt, end, tag)) return undefined;
  return end;
}

/**
 * The line of `before` above the elision at `k` that opens the element `name` the segment closes
 * at indentation `level`: going up past blank lines, elisions and lines deeper than `level`, the
 * first other line, when it is that element's opening tag at `level` exactly; -1 otherwise.
 */
function tagOpenerAbove(before: readonly string[], k: number, isElision: (line: string) => boolean, level: number, name: string): number {
  for (let j = k - 1; j >= 0; j--) {
    const line = before[j];
    if (line.trim() === '' || isElision(line) || indentOf(line) > level) continue;
    return indentOf(line) === level && opensTag(line, name) ? j : -1;
  }
  return -1;
}

/** True when, counting the element `name`'s opening and closing tags from line `openerAt` on, the one it opens is closed first at line `end`. */
function closesElementAt(original: readonly string[], openerAt: number, end: number, name: string): boolean {
  const tags = new RegExp(`<(/?)${name.replace(/[.]/g, '\\.')}(?=[\\s>/])([^<>]*?)(/?)>`, 'g');
  let open = 0;
  for (let i = openerAt; i <= end; i++) {
    for (const tag of original[i].matchAll(tags)) {
      if (tag[3] === '/') continue;
      open += tag[1] === '/' ? -1 : 1;
      if (open === 0 && i !== end) return false;
    }
  }
  return open === 0;
}

/** The closing bracket of each opening one a block's head line ends with. */
const CLOSING_BRACKET: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']' };

/**
 * Where the closer that starts `segment` stands in the file, when the part before the marker
 * (`previous`, placed as `placed`, which ends at `cursor`) ends with the head of a block and
 * `segment` starts with the closer of that block: `.bits-wrapper {`, `// ... existing code ...`,
 * `}`. Nothing but the marker stands between the block's two lines, so it stands for the block's
 * body, whatever the marker's own indentation (Cursor writes it flush left in CSS), and the `}` is
 * the file's line that closes the block: `closer`, its index in `segment`, at file line `at`.
 *
 * Only when the head ends with `{`, `(` or `[` and the closer starts with the bracket that closes
 * it, at the head's indentation in the reply; the placed part ends on the file's line of that head
 * (its last line with text, as the segment's); and the file closes that block, by indentation,
 * with the same closer at the head's indentation. Undefined otherwise: a `}` placed by the
 * indentation of a file whose body lines are not indented could close any block.
 *
 * `sure` is false where the closer is read by a weaker test, which the caller takes only where
 * nothing else places the segment (a refusal turned into a write, never a write changed):
 * - the head has a word, but not text enough to anchor by itself (`hasText`): its file line is the
 *   one the placed part ends on, which that part's anchors found. A Rust match arm (`1 => {`,
 *   under the unique `match line_numbers.len() {`), its body marked and its `}` written, then the
 *   next arm, was refused as "too plain" (bat's line_range.rs);
 * - the segment's line after the closer starts with all of the file's next line, up to a word's
 *   end (`carriesOn`), too short a line for `correspond` to find 60% of it kept;
 * - `newAfter`: that line is new code (`newAfterCloser`), and then the segment is taken only where
 *   writing it there deletes none of the file's lines (`insertsOnly`).
 */
export function elidedBodyCloser(previous: readonly string[], segment: readonly string[], placed: Region, original: readonly string[], cursor: number): { closer: number; at: number; sure: boolean; newAfter: boolean } | undefined {
  const head = lastNonBlank(previous);
  const closer = firstNonBlank(segment);
  if (head === -1 || closer === -1) return undefined;
  const [headLine, closerLine] = [previous[head].trim(), segment[closer].trim()];
  const closing = CLOSING_BRACKET[headLine.slice(-1)];
  if (closing === undefined || !/\w/.test(headLine) || !isCloser(closerLine) || !closerLine.startsWith(closing)) return undefined;
  let sure = isOpener(headLine);
  if (indentOf(previous[head]) !== indentOf(segment[closer])) return undefined;
  const placedHead = lastNonBlank(placed.lines);
  if (placedHead === -1 || placed.lines[placedHead].trim() !== headLine) return undefined;
  let headAt = cursor - 1;
  while (headAt >= placed.from && original[headAt].trim() === '') headAt--;
  if (headAt < placed.from || original[headAt].trim() !== headLine) return undefined;
  const at = blockEnd(original, headAt);
  if (at >= original.length || indentOf(original[at]) !== indentOf(original[headAt]) || original[at].trim() !== closerLine) return undefined;
  // What the segment writes after the closer goes on from the file's next line, as it or an edit
  // of it (`.bit {` with new sizes after `.bits-wrapper`'s `}`). A block the file has elsewhere
  // (`function bar() {` where other functions stand between) would, anchored from this closer,
  // delete the lines between, which the snippet never shows.
  const after = closer + 1 + firstNonBlank(segment.slice(closer + 1));
  let newAfter = false;
  if (after > closer) {
    let next = at + 1;
    while (next < original.length && original[next].trim() === '') next++;
    if (next < original.length && !goesOnFrom(segment[after], original[next]) && carriesOn(segment[after], original[next])) sure = false;
    else if (next >= original.length || !goesOnFrom(segment[after], original[next])) {
      if (!newAfterCloser(segment[after], original, at)) return undefined;
      newAfter = true;
      sure = false;
    }
  }
  return { closer, at, sure, newAfter };
}

/**
 * True when `written`, the line a segment writes right after a closer placed at file line `at`,
 * is new code: it has a word, and no line of the file below the closer is it, an edit of it
 * (`goesOnFrom`) or a line it carries on (`carriesOn`). The snippet writes it right after the
 * block's end, with no marker between: that is its place (leveldb's HandleTable: `Remove(…) {`, a
 * marker, `}`, then a new `uint32_t Size() const { return elems_; }` above the file's ` private:`,
 * refused as having no unique line). A line the file has further down (`function bar() {` with
 * other functions between) would, anchored from the closer, take the lines between with it: that
 * is still refused.
 */
function newAfterCloser(written: string, original: readonly string[], at: number): boolean {
  if (!/\w/.test(written)) return false;
  for (let i = at + 1; i < original.length; i++) if (goesOnFrom(written, original[i]) || carriesOn(written, original[i])) return false;
  return true;
}

/**
 * True when writing `region` deletes none of the file's lines with anything on them: each is a
 * line the region keeps (the same, whitespace aside), in order. What a segment placed from a
 * closer writes after it (`newAfter` of `elidedBodyCloser`) is taken only as new lines inserted
 * there: deleting or rewriting the file's lines would rest on the closer alone.
 */
export function insertsOnly(region: Region, original: readonly string[]): boolean {
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trim() === b.trim());
  return parts.every((part) => !part.removed || part.value.every((line) => line.trim() === ''));
}

/** True when `written` is the file's line `existing` or an edit of it that defines no other name. */
function goesOnFrom(written: string, existing: string): boolean {
  if (written.trim() === existing.trim()) return true;
  return correspond(written, existing) && definedName(written.trim()) === definedName(existing.trim());
}

/**
 * True when `written` starts with all of `existing` (a line with a word), up to a word's end, and
 * defines no other name: that line carried on (`_ => Err(format!(` for a match arm's `_ => Err(`),
 * however short it is beside the new one.
 */
function carriesOn(written: string, existing: string): boolean {
  const [mine, theirs] = [written.trim(), existing.trim()];
  if (!/\w/.test(theirs) || mine.length <= theirs.length || !mine.startsWith(theirs)) return false;
  if (/\w$/.test(theirs) && /^\w/.test(mine.slice(theirs.length))) return false;
  return definedName(mine) === definedName(theirs);
}

/**
 * The block opener above line `k` of `before` (an elision) whose body the lines from there down
 * are: going up past blank lines, elisions and lines indented deeper than `level` (or, when
 * `closing` is false, as deep), the first other line, when it opens a block (at `level` exactly
 * when `closing`: the segment closes it with a line at that indentation). -1 when that line opens
 * nothing.
 */
function openerAbove(before: readonly string[], k: number, isElision: (line: string) => boolean, level: number, closing: boolean): number {
  for (let j = k - 1; j >= 0; j--) {
    const line = before[j];
    if (line.trim() === '' || isElision(line)) continue;
    const width = indentOf(line);
    if (closing ? width > level : width >= level) continue;
    // A list opened by `[` is closed by the segment as a block is (`export const names = [`, new
    // entries, `]`); a keyword definition (`def bang(node)`, `function M.f(ms, fn)`) by its `end`.
    const opens = isOpener(line.trim()) || (closing && (line.trimEnd().endsWith('[') || definedName(line.trim()) !== undefined));
    return opens && (!closing || width === level) ? j : -1;
  }
  return -1;
}

/**
 * Places a segment made only of closing tags (`</dependencies>`, after `<!-- ... -->`) at the end
 * of the element whose opening tag the snippet showed above, when the snippet's indentation pairs
 * the two and the file closes that element with the same tag. XML has no `}` for `placeClosers`
 * to find, and a closing tag that occurs twice in the file (a Maven POM's `</dependencies>`, also
 * inside a plugin's configuration 70 lines further down) anchors nothing; a snippet quoting the
 * wrapper at the margin while the file indents it (`<dependencies>` at column 0 for the file's
 * column 2) matches no line as written. The pairing is read from the snippet and the file alike:
 * - the first closing tag is shallower than the elision before the segment, and going up from
 *   that elision past deeper lines, the snippet's first line as shallow as the tag opens that
 *   very element, at the tag's own column;
 * - that opening tag is the file's last line with its text before `cursor` (the segments above
 *   placed it), and the file's element it opens ends, by indentation, with the same closing tag
 *   at the opening tag's column;
 * - the segment's further closing tags (`</project>`) are the file's next lines with text, in order.
 * The segment's lines are written as the file has them. Undefined whenever any of this does not hold.
 */
export function placeClosingTags(segment: readonly string[], before: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex, cursor: number): Region | undefined {
  const closers = segment.filter((line) => line.trim() !== '');
  const name = closers.length > 0 ? closedTagName(closers[0]) : undefined;
  if (name === undefined || !closers.every((line) => closedTagName(line) !== undefined)) return undefined;
  const k = elisionBefore(before, isElision);
  if (k < 0) return undefined;
  const level = indentOf(closers[0]);
  if (indentOf(before[k]) <= level) return undefined;
  const opener = tagOpenerAbove(before, k, isElision, level, name);
  if (opener === -1) return undefined;
  const positions = keys.positions.get(anchorKey(before[opener]));
  const p = positions ? firstAtLeast(positions, cursor) - 1 : -1;
  if (positions === undefined || p < 0) return undefined;
  const openerAt = positions[p];
  const end = blockEnd(original, openerAt);
  if (end >= original.length || end < cursor || indentOf(original[end]) !== indentOf(original[openerAt]) || original[end].trim() !== closers[0].trim()) return undefined;
  let to = end + 1;
  for (const line of closers.slice(1)) {
    while (to < original.length && original[to].trim() === '') to++;
    if (to >= original.length || original[to].trim() !== line.trim()) return undefined;
    to++;
  }
  return { from: end, to, lines: original.slice(end, to) };
}
