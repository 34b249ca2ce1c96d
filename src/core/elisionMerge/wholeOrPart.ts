import { blockEnd, correspond, firstNonBlank, hasText, identifiers, indentOf, isCloser, isCommentLine, lastNonBlank } from './lines';
import { FUNCTION_EXITS, exitWord } from './widenedEnds';
import { diffArrays } from 'diff';
import { type BracketSyntax, BRACKETS, bracketBalance } from './balance';

// Whether a block given as a whole file is the whole file or a part of it: read before anything is
// placed, since written whole a part would delete the rest of the file.

/**
 * True when a block given as a whole file looks like a part of it instead: the block has under 60%
 * of the file's lines and, for a file of 20 lines or more, does not both start and end as the file
 * does; for a smaller file (6 to 19 lines), where a real rewrite may well end differently, it starts
 * with a line the file has further down. ("Here's the updated method" under the file's path would
 * otherwise delete the rest.)
 */
export function looksLikeFragment(original: readonly string[], block: readonly string[]): boolean {
  if (original.length < 6 || block.length >= original.length * 0.6) return false;
  const first = (lines: readonly string[]) => lines[firstNonBlank(lines)]?.trim();
  const last = (lines: readonly string[]) => lines[lastNonBlank(lines)]?.trim();
  const head = first(block);
  if (original.length < 20) {
    const top = firstNonBlank(original);
    return head !== undefined && head !== first(original) && original.some((line, i) => i > top && line.trim() === head);
  }
  return !(head === first(original) && last(block) === last(original));
}

/**
 * Why a block given as a whole file is a part of it instead, or undefined:
 * - it stops short: a file does not end inside a function, so a block with brackets left open that
 *   the file closes, ending on a line the file goes on after, stops where the model stopped
 *   writing ("the rest of the file stays the same"); likewise a block that closes brackets it
 *   never opened, starting on a line the file has below its top, starts inside the file (brackets
 *   are read only for languages `bracketSyntaxFor` knows);
 * - it leaves out the file's header: it starts on a line the file has below its top, everything
 *   above that is imports (with comments, a module docstring, a `package` line, directives: see
 *   `isImportHeader`), and the block has no import of its own: a model showing the code and
 *   leaving out the imports it still uses;
 * - it starts further down: it starts on a line the file has below its top and holds none of the
 *   lines of code above that line (a function given whole, the file's imports and the functions
 *   before it nowhere in the block). A rewrite that deletes them all on purpose is far rarer
 *   than a part shown alone, and read as one it keeps them rather than deleting them; the one
 *   rewrite read as such is the file without its first imports, when the block no longer uses
 *   what they bring in (`withoutFirstImports`).
 * - it is a nested part, taken out: its first line is code the file has only inside something
 *   (indented: a class's method given alone at the left margin), and it holds none of the file's
 *   top-level lines of code (the `class ApiService {` it belongs in). A whole file keeps its
 *   top-level lines, or the block starts as the file does; a member given alone needs neither, and
 *   may be longer than the file it belongs in (Continue's bare-function example: a method made 32
 *   lines long under a 31-line class file, written whole, deleted the class).
 * Written whole, any of these would delete what the block leaves out (a block of most of a file is not
 * "far shorter" than it, so `looksLikeFragment` lets it pass). A block that ends (or starts) as the
 * file does is the whole file, whatever its brackets; one ending on text the file does not have is
 * new code, not a cut; one that stops where its brackets close may be deleting the last function
 * on purpose.
 */
export function notWholeFile(original: readonly string[], block: readonly string[], syntax: BracketSyntax | undefined): string | undefined {
  const [fileStart, blockStart] = [firstNonBlank(original), firstNonBlank(block)];
  const [fileEnd, blockEnd] = [lastNonBlank(original), lastNonBlank(block)];
  if (fileStart === -1 || blockStart === -1) return undefined;
  // The block's last line is one the file has with more text after it (its first, one with text before it).
  const endsInside = block[blockEnd].trimEnd() !== original[fileEnd].trimEnd() && original.some((line, i) => i < fileEnd && line.trimEnd() === block[blockEnd].trimEnd());
  const firstAt = startsFurtherDown(original, block);
  const nestedAt = nestedPartAt(original, block);
  if (nestedAt !== -1) return `it starts with line ${nestedAt + 1} of the file, which stands inside something there, and has none of the file's top-level lines`;
  // Most whole files end and start as the file does: nothing more is read of them.
  if (!endsInside && firstAt === -1) return undefined;
  if (firstAt !== -1 && isImportHeader(original.slice(0, firstAt)) && !block.some(isImport)) {
    return `it leaves out the file's first ${firstAt} lines, its imports, and has none of its own`;
  }
  const above = codeLeftOutAbove(original, block, firstAt);
  if (above !== undefined && (above.imports || above.endsBefore) && !withoutFirstImports(original, block, above)) {
    return `it starts on line ${above.firstAt + 1} of the file and has none of the ${above.lines} lines of code above it`;
  }
  if (!syntax) return undefined;
  const [before, after] = [bracketBalance(original, syntax), bracketBalance(block, syntax)];
  for (const [name, open, close] of BRACKETS) {
    const change = after[name] - before[name];
    if (change > 0 && endsInside) return `it stops with ${change} "${open}" left open where the file goes on`;
    if (change < 0 && firstAt !== -1) return `it starts with ${-change} "${close}" it never opened, below the file's top`;
  }
  if (after.openAtEnd !== undefined && after.openAtEnd !== before.openAtEnd && endsInside) return `it stops inside a ${after.openAtEnd} where the file goes on`;
  return undefined;
}

/**
 * Where a block given as a whole file is a nested part of it taken out (see `notWholeFile`): the
 * index of the file line its first line of code is (below a doc comment: a method's docblock,
 * written with it), found indented in the file, never at the margin, and never shallower than in
 * the block, when no top-level line of code of the file (at the left margin, with text, not a
 * comment) stands in the block; -1 otherwise. A method quoted at the file's own depth is as
 * nested as one moved to the margin: under a caption, a PHP method given with a new docblock (24
 * lines for a 23-line class file) was written whole, and `<?php`, the class line and its braces
 * were deleted.
 */
function nestedPartAt(original: readonly string[], block: readonly string[]): number {
  const start = block.findIndex((line) => line.trim() !== '' && !isCommentLine(line));
  if (start === -1 || !hasText(block[start])) return -1;
  const first = block[start].trim();
  const depth = indentOf(block[start]);
  let at = -1;
  for (let i = 0; i < original.length; i++) {
    if (original[i].trim() !== first) continue;
    if (indentOf(original[i]) === 0 || indentOf(original[i]) < depth) return -1;
    if (at === -1) at = i;
  }
  if (at === -1) return -1;
  const topLevel = original.filter((line) => indentOf(line) === 0 && hasText(line) && !isCommentLine(line)).map((line) => line.trim());
  if (topLevel.length === 0) return -1;
  const written = new Set(block.map((line) => line.trim()));
  return topLevel.some((line) => written.has(line)) ? -1 : at;
}

/**
 * The line of the file, below its first line with anything on it, that a block given as a whole
 * file starts with (its first non-blank line, trailing whitespace aside); -1 when the block starts
 * as the file does, has no such line, or either is blank.
 */
function startsFurtherDown(original: readonly string[], block: readonly string[]): number {
  const [fileStart, blockStart] = [firstNonBlank(original), firstNonBlank(block)];
  if (fileStart === -1 || blockStart === -1) return -1;
  const first = block[blockStart].trimEnd();
  if (first === original[fileStart].trimEnd()) return -1;
  return original.findIndex((line, i) => i > fileStart && line.trimEnd() === first);
}

/**
 * Where a block given as a whole file starts on a line the file has below its top (`firstAt`) and
 * holds none of the file's lines of code above it (`lines` of them, `hasText`): whether those
 * include an import, and whether the block ends before the file does (its last line of code is
 * neither the file's last nor an edit of it). Undefined when the block starts as the file does, or
 * holds some line from above.
 */
function codeLeftOutAbove(original: readonly string[], block: readonly string[], firstAt = startsFurtherDown(original, block)): { firstAt: number; lines: number; imports: boolean; endsBefore: boolean } | undefined {
  if (firstAt === -1) return undefined;
  const above = original.slice(firstNonBlank(original), firstAt).filter(hasText);
  const written = new Set(block.map((line) => line.trim()));
  if (above.length === 0 || above.some((line) => written.has(line.trim()))) return undefined;
  // Closing lines (`}`) end most blocks alike: the last lines with code tell where a block ends.
  const lastCode = (lines: readonly string[]) => [...lines].reverse().find(hasText) ?? '';
  const endsBefore = !correspond(lastCode(block), lastCode(original));
  return { firstAt, lines: above.length, imports: above.some(isImport), endsBefore };
}

/**
 * Why a block given as a whole file may be either its first part or the whole file without its
 * last parts (`codeLeftOutBelow`: a function given alone under the file's path, or the file
 * written again without its last function), or either its last part or the whole file without its
 * first lines, or undefined. For the latter: it starts on a line the file has below its top, holds
 * none of the lines of code above it, which hold no import, and ends as the file does. A function given whole
 * at the end of a file reads so, and so does the file written again without its first function
 * ("remove the unused helper"): which one is meant is a guess, unless the block is the file's
 * lines from there on as they are (as a part it would change nothing: the file without its first
 * lines is meant).
 */
export function partOrShortened(original: readonly string[], block: readonly string[]): string | undefined {
  const below = codeLeftOutBelow(original, block);
  if (below !== undefined) {
    return `the block starts as the file does, stops with the code ending at line ${below.endAt} and has none of the ${below.lines} lines of code below it: whether it is the file's first part, the lines below kept, or the whole file without them is a guess`;
  }
  const above = codeLeftOutAbove(original, block);
  if (above === undefined || above.imports || above.endsBefore) return undefined;
  // The file's own lines from there on, unchanged: as a part it would change nothing, so the
  // block can only mean the file without its first lines.
  const tail = original.slice(above.firstAt, lastNonBlank(original) + 1);
  const shown = block.slice(firstNonBlank(block), lastNonBlank(block) + 1);
  if (shown.length === tail.length && shown.every((line, i) => line.trimEnd() === tail[i].trimEnd())) return undefined;
  return `the block starts on line ${above.firstAt + 1} of the file, ends as the file does and has none of the ${above.lines} lines of code above it: whether it is the file's last part, the lines above kept, or the whole file without them is a guess`;
}

/**
 * True when a block that starts on the file's import line `firstAt` is the file with its first
 * imports removed or rewritten ("drop the unused import", one import laid out over several lines):
 * - everything above that line is import statements, and the block's code (comment lines aside,
 *   `isCommentLine`: what they name is prose, not a use) uses
 *   no name they bring in that its own imports do not bring in: deleted, they break nothing the
 *   block keeps;
 * - and the file's code did use one of those names (the block dropped the uses and the import
 *   with them), or the block's own leading imports are not the file's from there on (one added,
 *   dropped or edited: a model that edits the imports writes them all as it wants them);
 * - and it ends as the file does, or holds at least 90% of the file's lines with text from there
 *   on (its last line may be an edit `correspond` does not see).
 * A part shown from the second import on, still using the first one's names or leaving a name the
 * file never used and the imports as they are, stays a part.
 */
function withoutFirstImports(original: readonly string[], block: readonly string[], above: { firstAt: number; imports: boolean; endsBefore: boolean }): boolean {
  const { firstAt } = above;
  const leftOut = importStatements(original, 0, firstAt);
  if (!above.imports || leftOut.end !== firstAt) return false;
  const names = new Set(leftOut.lines.flatMap(importedNames));
  const own = importStatements(block, 0, block.length);
  const ownNames = new Set(own.lines.flatMap(importedNames));
  const uses = (lines: readonly string[], wanted: (name: string) => boolean) => lines.some((line) => !isCommentLine(line) && identifiers(line).some(wanted));
  if (names.size === 0 || uses(block.slice(own.end), (name) => names.has(name) && !ownNames.has(name))) return false;
  if (above.endsBefore) {
    const written = new Set(block.map((line) => line.trim()));
    const below = original.slice(firstAt).filter(hasText);
    if (below.filter((line) => written.has(line.trim())).length < below.length * 0.9) return false;
  }
  const kept = importStatements(original, firstAt, original.length);
  if (uses(original.slice(kept.end), (name) => names.has(name))) return true;
  return own.lines.length !== kept.lines.length || own.lines.some((line, i) => line !== kept.lines[i]);
}

/**
 * The import statements of `lines` from `from` on, blank lines between them skipped: each one's
 * lines, trimmed (an import whose `{` or `(` list runs over several lines, to the line that
 * closes it), and `end`, the index of the first line after them with something else on it, or
 * `to` when they reach it.
 */
function importStatements(lines: readonly string[], from: number, to: number): { lines: string[]; end: number } {
  const found: string[] = [];
  let i = from;
  while (i < to) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (!isImport(line)) break;
    found.push(line.trim());
    i++;
    // A list left open (`import type {`, `from x import (`) runs to the line that closes it.
    if (/[{(]\s*$/.test(line)) {
      while (i < to && !/^\s*[})]/.test(lines[i])) found.push(lines[i++].trim());
      if (i < to) found.push(lines[i++].trim());
    }
  }
  return { lines: found, end: Math.min(i, to) };
}

/** The names an import statement's line brings in (its module path and keywords left out). */
function importedNames(line: string): string[] {
  return identifiers(line.replace(QUOTED, '')).filter((name) => !IMPORT_WORDS.has(name));
}

/** A quoted module path (`'node:fs'`, `"os.path"`): not a name the import brings in. */
const QUOTED = /(['"`])[^'"`]*\1/g;

/** The words of import lines that name no binding. */
const IMPORT_WORDS = new Set(['import', 'from', 'as', 'type', 'typeof', 'require', 'const', 'let', 'var', 'using', 'use', 'include', 'static', 'extern', 'crate']);

/**
 * True when `lines` hold an import and nothing but imports (a parenthesised list of them over
 * several lines too: Go's `import (`, Python's `from x import (`), comments, blank lines, a
 * Python module docstring, a `package` line and directives (`'use strict';`): a file's header.
 */
function isImportHeader(lines: readonly string[]): boolean {
  const header = headerOf(lines);
  return header.end === lines.length && header.afterImports > 0;
}

/**
 * Where the file's header ends: the index of the line after its last import (0 when it has
 * none), with the header as `isImportHeader` reads one, and `end`, the index of its first line
 * that is not of the header (`lines.length` when every line is).
 */
export function headerOf(lines: readonly string[]): { afterImports: number; end: number } {
  let afterImports = 0;
  let inList = false;
  let docstring: string | undefined;
  for (const [i, line] of lines.entries()) {
    if (inList) {
      if (/^\s*\)/.test(line)) {
        inList = false;
        afterImports = i + 1;
      }
      continue;
    }
    if (docstring !== undefined) {
      if (line.includes(docstring)) docstring = undefined;
      continue;
    }
    const opens = /^\s*[rRuU]?("""|''')/.exec(line);
    if (opens) {
      // A module docstring: one line, or up to the line that closes it.
      if (!line.slice(line.indexOf(opens[1]) + 3).includes(opens[1])) docstring = opens[1];
    } else if (isImport(line)) {
      afterImports = i + 1;
      inList = /\(\s*$/.test(line);
    } else if (line.trim() !== '' && !HEADER_LINE.test(line)) return { afterImports, end: i };
  }
  return { afterImports, end: lines.length };
}

/**
 * An import, include or `use` line of the languages models edit most: JavaScript/TypeScript,
 * Python, Go, Java/Kotlin/Scala, C/C++, C#, Rust, Ruby, PHP, Swift, Dart, CSS.
 */
export function isImport(line: string): boolean {
  return IMPORT.test(line);
}

// No two runs here can share a stretch of the same characters (`\s*\(?\s*`, `\s+[\w{}, ]+`
// would be quadratic in a long run of blanks on a line of the file).
const IMPORT = /^\s*(?:import\b|from\s+[\w.]+\s+import\b|#\s*include\b|using\s+[\w.]+(?:\s*=\s*[\w.]+)?;|use\s+[\w:{},*][\w:{}, *]*;|extern\s+crate\b|require(?:_relative)?\s*(?:\(\s*)?['"]|(?:const|let|var)\s+[\w{},][\w{}, ]*=\s*require\(|@import\b)/;

/** A comment line (or a part of a block comment), a `package` line, or a directive (`'use strict';`). */
const HEADER_LINE = /^\s*(?:\/\/|#(?!\s*include)|\/\*|\*|package\s+[\w.]+;?\s*$|['"]use [\w ]+['"];?\s*$)/;

/** Lines with text a part may delete in one run, between lines it keeps, without saying so. */
const MAX_UNSHOWN_DELETION = 3;
/** Lines of code a part may delete in one run it does not show, between lines it keeps, while it edits other lines (see `codeLeftOutBesideEdit`). */
const MAX_UNSHOWN_CODE_BESIDE_EDIT = 1;
/** The most lines written in place of a run a part leaves out that still count as few (see `replacedByFewUnlike`). */
const MAX_FEW_LINES = 40;
/** Past this many lines changed, the merged part is not compared with the file line by line (a bounded diff). */
const MAX_COMPARED_LINES = 4000;

type Chunk = { added?: boolean; removed?: boolean; count?: number; value: string[] };

/**
 * The line diff of the file and the merged text, over the run between their common first and last
 * lines: its chunks, where that run starts in the file, and whether the file keeps lines before
 * and after it. Undefined past `MAX_COMPARED_LINES` lines changed.
 */
function changedChunks(original: readonly string[], merged: readonly string[]): { chunks: Chunk[]; start: number; keptBefore: boolean; keptAfter: boolean } | undefined {
  let start = 0;
  while (start < original.length && start < merged.length && original[start] === merged[start]) start++;
  let end = original.length;
  let mergedEnd = merged.length;
  while (end > start && mergedEnd > start && original[end - 1] === merged[mergedEnd - 1]) {
    end--;
    mergedEnd--;
  }
  if (end - start + mergedEnd - start > MAX_COMPARED_LINES) return undefined;
  return { chunks: diffArrays(original.slice(start, end), merged.slice(start, mergedEnd)), start, keptBefore: start > 0, keptAfter: end < original.length };
}

/**
 * True when the removed run `chunks[k]` has nothing written beside it and kept lines on both sides
 * (the common first and last lines the diff was not given count as kept).
 */
function removedBetweenKept(chunks: readonly Chunk[], k: number, keptBefore: boolean, keptAfter: boolean): boolean {
  return (k > 0 ? !chunks[k - 1].added : keptBefore) && (k < chunks.length - 1 ? !chunks[k + 1].added : keptAfter);
}

/**
 * Why a block placed as a part of the file (no elision marker) may only leave lines out, or
 * undefined: merged, it deletes a run of more than `MAX_UNSHOWN_DELETION` lines with text that
 * stand between two lines it keeps, and writes nothing in their place. A model that retypes a part
 * of a file and skips what it does not change (an unchanged list, a whole declaration between two
 * places it edits) gives such a block; deleted, that code is lost. A deletion meant so is refused
 * too (the message says how to send it): which one is meant is a guess. Shorter runs of code
 * deleted beside an edit elsewhere are `codeLeftOutBesideEdit`'s.
 */
export function unshownDeletion(original: readonly string[], merged: readonly string[]): string | undefined {
  const diff = changedChunks(original, merged);
  if (diff === undefined) return undefined;
  const { chunks, keptBefore, keptAfter } = diff;
  let at = diff.start;
  for (let k = 0; k < chunks.length; k++) {
    const chunk = chunks[k];
    if (chunk.added) continue;
    const count = chunk.count ?? chunk.value.length;
    const between = removedBetweenKept(chunks, k, keptBefore, keptAfter);
    const removedText = chunk.removed ? chunk.value.filter(hasText) : [];
    if (removedText.length > MAX_UNSHOWN_DELETION && (between || (replacedByFewUnlike(chunks, k, removedText, keptBefore, keptAfter) && !endsBlockInstead(chunks, k, removedText, original.slice(at + count))))) {
      const first = removedText[0].trim().slice(0, 60);
      return `it deletes lines ${at + 1}-${at + count} of the file ("${first}" …), which it does not show, between lines it keeps${between ? '' : ', and writes far fewer lines in their place that edit none of them'}: whether they are to be deleted or were only left out is a guess`;
    }
    at += count;
  }
  return undefined;
}

/**
 * Why a block placed as a part of the file (no elision marker) may have been written against an
 * older version of the file, or undefined: merged, it deletes a run of more than
 * `MAX_UNSHOWN_CODE_BESIDE_EDIT` lines of code (with text, not comments) that stand between two
 * lines it keeps, writes nothing in their place, and writes new lines with text elsewhere, apart
 * from that run. A function re-printed from the version the model last read shows the two lines
 * around lines added since next to each other: written, it deletes them while making its own
 * change further on (pip's resolve() re-printed from 23.0.1 deleted the loop 23.2.1 added before
 * its `return`; minimatch's unescape() from 10.2.6, the 4-line branch 11.0.9 put at its top). A
 * deletion meant so reads the same, so which one is meant is a guess, except where the run goes
 * with the block's change (`goesWithTheEdit`). A block whose only change is the deletion meant it
 * (a model asked to remove lines re-prints the code without them), and a single line deleted
 * beside an edit is too common an edit to refuse. A snippet with markers is not asked: there,
 * lines left out between two shown lines are how it deletes: CPython's replay as snippets had 4
 * commits in 200 refused by this rule, each deleting a whole definition or branch beside an edit,
 * on purpose.
 */
export function codeLeftOutBesideEdit(original: readonly string[], merged: readonly string[]): string | undefined {
  const diff = changedChunks(original, merged);
  if (diff === undefined) return undefined;
  const { chunks, keptBefore, keptAfter } = diff;
  const isCode = (line: string) => hasText(line) && !isCommentLine(line);
  let at = diff.start;
  let run: { from: number; count: number; code: string[]; k: number } | undefined;
  // Where the block writes new lines with text: its own change.
  let written: number | undefined;
  for (let k = 0; k < chunks.length; k++) {
    const chunk = chunks[k];
    const count = chunk.count ?? chunk.value.length;
    if (chunk.added) {
      // (Written in place of removed lines, it stands where they started.)
      const removedBefore = chunks[k - 1]?.removed ? (chunks[k - 1].count ?? chunks[k - 1].value.length) : 0;
      if (written === undefined && chunk.value.some(hasText)) written = at - removedBefore + 1;
      continue;
    }
    const code = chunk.removed ? chunk.value.filter(isCode) : [];
    if (run === undefined && code.length > MAX_UNSHOWN_CODE_BESIDE_EDIT && removedBetweenKept(chunks, k, keptBefore, keptAfter)) run = { from: at, count, code, k };
    at += count;
  }
  if (run === undefined || written === undefined || goesWithTheEdit(chunks, run.k, merged)) return undefined;
  return `it deletes lines ${run.from + 1}-${run.from + run.count} of the file ("${run.code[0].trim().slice(0, 60)}" …), ${run.code.length} lines of code it does not show, between lines it keeps, while the lines it writes are elsewhere (at line ${written}): a block written against an older version of the file reads so, and whether those lines are to be deleted or were added since is a guess`;
}

/**
 * True when the removed run `chunks[k]` is a part of the block's own change elsewhere: its lines
 * of code stand among the lines the block writes (moved, or re-indented under a new `else:`), or
 * it names something that the block's other removed lines name too and that the merged text no
 * longer names at all (`hdr = data[:512]` deleted with the call that took `hdr`, a docstring's
 * line on a `keyfile` parameter deleted with the parameter: CPython's own commits).
 */
function goesWithTheEdit(chunks: readonly Chunk[], k: number, merged: readonly string[]): boolean {
  const run = chunks[k].value.filter(hasText).map((line) => line.trim());
  const added = new Set(chunks.filter((chunk) => chunk.added).flatMap((chunk) => chunk.value.map((line) => line.trim())));
  if (run.filter((line) => added.has(line)).length * 2 >= run.length) return true;
  const kept = new Set(merged.flatMap(identifiers));
  const removedElsewhere = new Set(chunks.filter((chunk, j) => chunk.removed && j !== k).flatMap((chunk) => chunk.value.flatMap(identifiers)));
  if (run.some((line) => identifiers(line).some((name) => removedElsewhere.has(name) && !kept.has(name)))) return true;
  // A name the run binds that the block's other removed lines use: its uses went with it.
  return run.some((line) => boundNames(line).some((name) => removedElsewhere.has(name)));
}

/**
 * The names a line of code binds: a definition's (`def f`, `class A`, `function f`), an
 * assignment's targets (`x, y = …`, `const x = …`, `self.x: int = …` binds `self` and `x`), a
 * loop's (`for x in …`, `for (const x of …)`).
 */
function boundNames(line: string): string[] {
  const bound = BINDING.exec(line);
  return bound ? identifiers(bound[1] ?? bound[2] ?? bound[3]) : [];
}

// A target is names, dotted or indexed, separated by commas (no two parts match the same blanks:
// a long run of spaces costs one pass); its `=` is not part of `==` or `=>` (`<=`, `!=` and `>=`
// follow no name).
const BINDING = /^\s*(?:(?:export\s+)?(?:async\s+)?(?:def|class|function\*?|func|fn)\s+([A-Za-z_$][\w$]*)|for\s*(?:\(\s*)?(?:(?:const|let|var)\s+)?([\w$.[\]()]+(?:\s*,\s*[\w$.[\]()]+)*)\s+(?:in|of)\b|(?:(?:export|const|let|var)\s+)*([\w$.[\]]+(?:\s*,\s*[\w$.[\]]+)*)\s*(?::[^=]*)?(?:[-+*/%|&^]|\*\*|\/\/)?=(?![=>]))/;


/**
 * True when the removed run `chunks[k]` has an added run beside it, kept lines around the two, and
 * the added run is under half as long (lines with text) and edits none of the removed lines
 * (`correspond`): a part that shows a service, a key or a line of new code where the file has many
 * others (a compose file's seven services, a pyproject's metadata above its dependencies) left
 * those out; it did not rewrite them as that.
 */
function replacedByFewUnlike(chunks: readonly Chunk[], k: number, removedText: readonly string[], keptBefore: boolean, keptAfter: boolean): boolean {
  const beside = chunks[k - 1]?.added ? k - 1 : chunks[k + 1]?.added ? k + 1 : -1;
  if (beside === -1) return false;
  const [first, last] = beside < k ? [beside, k] : [k, beside];
  const keptAbove = first === 0 ? keptBefore : !chunks[first - 1].added && !chunks[first - 1].removed;
  const keptBelow = last === chunks.length - 1 ? keptAfter : !chunks[last + 1].added && !chunks[last + 1].removed;
  if (!keptAbove || !keptBelow) return false;
  const addedText = chunks[beside].value.filter(hasText);
  // (Past a few dozen lines written in their place, the run is rewritten, not left out; and the
  // pairwise comparison below stays small.)
  if (addedText.length * 2 >= removedText.length || addedText.length > MAX_FEW_LINES) return false;
  return !removedText.some((line) => addedText.some((added) => correspond(added, line)));
}

/**
 * True when the lines written beside the removed run `chunks[k]` end a block in place of it (`after`: the file's lines after the run): both end with a statement
 * leaving the function (`return`, `raise`, `throw`) at one depth, no removed line is shallower
 * than that (they all stand inside the one block), and the kept lines after them start by closing
 * it. Kept, the removed lines would stand under the new exit, never to run: the written lines
 * rewrite the block's end, they do not leave its lines out. A Java method re-printed whole with
 * its loop replaced by `return str.strip();` (Spring's `trimWhitespace`, given `@Deprecated`)
 * was refused as leaving out the loop.
 */
function endsBlockInstead(chunks: readonly Chunk[], k: number, removedText: readonly string[], after: readonly string[]): boolean {
  const written = chunks[k - 1]?.added ? chunks[k - 1] : chunks[k + 1];
  const addedText = written?.added ? written.value.filter(hasText) : [];
  const exits = (line: string | undefined) => line !== undefined && FUNCTION_EXITS.has(exitWord(line) ?? '');
  const [oldExit, newExit] = [removedText[removedText.length - 1], addedText[addedText.length - 1]];
  if (!exits(oldExit) || !exits(newExit) || indentOf(oldExit) !== indentOf(newExit)) return false;
  if (removedText.some((line) => indentOf(line) < indentOf(oldExit))) return false;
  const closer = after.find((line) => line.trim() !== '');
  return closer !== undefined && isCloser(closer) && indentOf(closer) < indentOf(oldExit);
}

/** The first line of `lines` with code: a word of three characters, not a comment line. */
function firstCodeLine(lines: readonly string[]): number {
  return lines.findIndex((line) => hasText(line) && !isCommentLine(line));
}

/**
 * Where a block given as a whole file, starting as the file does (its first line of code is the
 * file's, or an edit of it), stops inside the file: its last line of code found in the file as it
 * is lies in a top-level part of the file (a function, up to its closing line) after which the
 * file has two or more lines of code, none of them in the block, and the block writes no new
 * top-level code after that line (nothing that could stand for them), it has under 60% of the
 * file's lines and one top-level statement besides imports (most of a file, or several of its
 * definitions, stopping after a function may be the file without its last one).
 * `endAt` is the last line
 * (1-based) of that part, `lines` how many lines of code the file has below it. A function given
 * alone under the file's path ("Use Intl.NumberFormat:" with `formatPrice` only) reads so; written
 * whole, it deleted the functions after it. Undefined otherwise.
 */
function codeLeftOutBelow(original: readonly string[], block: readonly string[]): { endAt: number; lines: number } | undefined {
  // A block of most of the file that stops after a function may be dropping the last one: a whole
  // file; so may one of several top-level statements (the file without its last function, which
  // was most of it). A part given alone is one definition, with its imports at most.
  if (block.length >= original.length * 0.6) return undefined;
  if (block.filter((line) => indentOf(line) === 0 && hasText(line) && !isCommentLine(line) && !isImport(line)).length > 1) return undefined;
  const [fileFirst, blockFirst] = [firstCodeLine(original), firstCodeLine(block)];
  if (fileFirst === -1 || blockFirst === -1 || !correspond(block[blockFirst], original[fileFirst])) return undefined;
  let last = fileFirst;
  let lastInBlock = blockFirst;
  for (let i = blockFirst + 1; i < block.length; i++) {
    if (!hasText(block[i])) continue;
    const text = block[i].trim();
    const at = original.findIndex((line, j) => j > last && line.trim() === text);
    if (at !== -1) [last, lastInBlock] = [at, i];
  }
  let top = last;
  while (top > 0 && (indentOf(original[top]) > 0 || !hasText(original[top]))) top--;
  let end = blockEnd(original, top);
  // The part's closing line (`}`) at its own depth belongs to it.
  if (end < original.length && indentOf(original[end]) === indentOf(original[top]) && !hasText(original[end])) end++;
  const below = original.slice(end).filter((line) => hasText(line) && !isCommentLine(line));
  if (below.length < 2) return undefined;
  const written = new Set(block.map((line) => line.trim()));
  if (below.some((line) => written.has(line.trim()))) return undefined;
  if (block.slice(lastInBlock + 1).some((line) => indentOf(line) === 0 && hasText(line) && !isCommentLine(line))) return undefined;
  return { endAt: end, lines: below.length };
}

/**
 * Why a block given as a whole file reads as lines to add to it rather than its new text, or
 * undefined: it has no line with text in common with the file (three lines with text or more), and
 * under 60% of its lines. Pins under `requirements.txt`, a key under `.env` ("add it next to your
 * other settings"): written whole, they replaced every line the file had.
 */
export function newLinesOnly(original: readonly string[], block: readonly string[]): string | undefined {
  const fileText = original.filter(hasText).map((line) => line.trim());
  if (fileText.length < 3 || block.length >= original.length * 0.6) return undefined;
  const present = new Set(fileText);
  if (block.some((line) => hasText(line) && present.has(line.trim()))) return undefined;
  return `the block has none of the file's lines and ${block.filter(hasText).length} lines with text for its ${fileText.length}: it reads as lines to add to the file, not its new text, and where they go is a guess`;
}

/** The key a line of a data file sets (`"name":` in JSON, `name:` in YAML, `name =` in TOML), or undefined. */
function dataKey(line: string, kind: 'json' | 'yaml' | 'toml'): string | undefined {
  const match = kind === 'json' ? /^\s*"([^"\\]{1,80})"\s*:/.exec(line) : kind === 'yaml' ? /^\s*([A-Za-z_][\w.-]{0,80}):(?:\s|$)/.exec(line) : /^\s*([A-Za-z_][\w.-]{0,80})\s*=|^\s*\[\[?([\w."-]{1,80})\]\]?\s*$/.exec(line);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The data-file kind a path's extension names, or undefined. */
function dataKind(path: string): 'json' | 'yaml' | 'toml' | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === 'json' || extension === 'jsonc' || extension === 'json5') return 'json';
  if (extension === 'yaml' || extension === 'yml') return 'yaml';
  if (extension === 'toml') return 'toml';
  return undefined;
}

/**
 * Why a block given as the whole of a data file (JSON, YAML, TOML) reads as the keys to change in
 * it rather than its new text, or undefined: the file sets six keys or more, and the block sets
 * under half of them, leaving out four or more. "Enable strict mode in your tsconfig.json" with
 * `{ "compilerOptions": { "target", "strict" } }`, "Add this to your package.json" with a
 * `{ "scripts": … }` object: written whole, they deleted every other key (the build's `outDir`
 * and `paths`, a package's name and dependencies). Which keys are to stay is a guess.
 */
export function dataKeysLeftOut(original: readonly string[], block: readonly string[], path: string): string | undefined {
  const kind = dataKind(path);
  if (kind === undefined) return undefined;
  const fileKeys = original.map((line) => dataKey(line, kind)).filter((key): key is string => key !== undefined);
  if (fileKeys.length < 6) return undefined;
  const given = new Set(block.map((line) => dataKey(line, kind)).filter((key) => key !== undefined));
  const left = fileKeys.filter((key) => !given.has(key));
  if (left.length < 4 || (fileKeys.length - left.length) * 2 >= fileKeys.length) return undefined;
  const names = [...new Set(left)].slice(0, 4).map((key) => `"${key}"`).join(', ');
  return `the block sets ${fileKeys.length - left.length} of the file's ${fileKeys.length} keys and leaves out ${left.length} (${names} …): it reads as the keys to change, not the file's new text, and whether the others are to be deleted is a guess`;
}
