import type { InsertOp, ParsedReply, ReplaceOp, RewriteFileOp, UnnamedFile } from '../ir';
import { alignLines, blockEnd, bodyOpenerAt, correspond, definedNameAt, hasText, identifiers, indentOf, isCommentLine, onlyDefinitionOf, sameModuleImport } from '../elisionMerge/lines';
import { isImport, unshownDeletion } from '../elisionMerge/wholeOrPart';
import { resolvePath } from '../paths';
import type { PlanOptions, ReadFile } from '../pipeline';
import { mergeFragment } from '../elisionMerge';
import { bracketSyntaxFor } from '../elisionMerge/balance';
import { FileIndex, normaliseLine } from '../locate/fileIndex';
import { defaultFuzzyLimits, votedWindows } from '../locate/fuzzy';
import { inFileIndentation } from './fileIndentation';
import { looksBinary, splitFileText, toLines } from '../text/fileText';
import { normaliseEol } from './opText';

/**
 * The reply's one fenced file without a path, as a rewrite of the hint file (`text`), when that
 * block is plainly the whole file (`plainlyWhole`). Anything less (an example, a function shown on
 * its own, two candidates) is not the whole file: see `hintFileOps` for the parts.
 */
function wholeHintFile(unnamedFiles: readonly UnnamedFile[], hintPath: string, text: string): RewriteFileOp | undefined {
  const matching = unnamedFiles.filter((unnamed) => readsAsWholeFile(unnamed, text));
  if (matching.length !== 1) return undefined;
  const [block] = matching;
  return {
    kind: 'rewrite',
    path: hintPath,
    content: block.content,
    partial: false,
    source: { block: 1, format: 'whole-file', startLine: block.startLine, endLine: block.endLine },
  };
}

/**
 * True when a block (its lines with text, trimmed) is plainly the whole file (`fileLines`, the
 * same): it starts and ends with the file's first and last lines and holds at least half of the
 * file's other lines. Or it writes new lines only above the file's first line and below its last
 * (an import added at the top, a function's last lines rewritten: pi-fast-apply's Python file
 * whose `return` became a `try`/`except`), the file's lines between, at least half of them, in
 * the file's order: a part of the file (a function shown alone, the top of the file) does not
 * hold both its first and its last line.
 */
function plainlyWhole(lines: readonly string[], fileLines: readonly string[]): boolean {
  if (lines.length < 3) return false;
  const [first, last] = [fileLines[0], fileLines[fileLines.length - 1]];
  if (lines[0] === first && lines[lines.length - 1] === last) {
    const present = new Set(lines);
    return fileLines.filter((line) => present.has(line)).length >= fileLines.length / 2;
  }
  const inFile = new Set(fileLines);
  const start = lines.indexOf(first);
  const end = lines.lastIndexOf(last);
  if (start === -1 || end <= start || [...lines.slice(0, start), ...lines.slice(end + 1)].some((line) => inFile.has(line))) return false;
  const kept = alignLines(fileLines, lines.slice(start, end + 1), (a, b) => a === b).filter((run) => !run.added && !run.removed).reduce((sum, run) => sum + run.value.length, 0);
  return kept >= fileLines.length / 2;
}

/** True when the block is plainly the whole file `text` (`plainlyWhole`, on both sides' lines with text, trimmed). */
function readsAsWholeFile(unnamed: UnnamedFile, text: string): boolean {
  const fileLines = toLines(normaliseEol(text)).map((line) => line.trim()).filter((line) => line !== '');
  if (fileLines.length < 3) return false;
  return plainlyWhole(toLines(unnamed.content).map((line) => line.trim()).filter((line) => line !== ''), fileLines);
}

/** The hint file's text, when `hintPath` names a readable text file inside the root. */
function hintFileText(readFile: ReadFile, hintPath: string, options: PlanOptions): string | undefined {
  const resolved = resolvePath(hintPath, options.root);
  const text = resolved.ok ? readFile(resolved.path) : undefined;
  return text === undefined || looksBinary(text) ? undefined : text;
}

/** An op the hint file takes from a fenced block without a path, with the note that says why. */
export interface HintedOp {
  readonly op: RewriteFileOp | InsertOp | ReplaceOp;
  readonly note?: string;
}

/**
 * The ops the hint file takes from the reply's fenced blocks without a path, when the reply has no
 * other edit: the one block that is plainly the whole file (`wholeHintFile`), or else the blocks
 * that each give one definition of the file anew, as parts of it ("Here's the updated function:",
 * the function alone; placed like a snippet, see `mergeFragment`). A block gives a definition when
 * its first line of code (below comments and decorators) defines a name (`def save(`, `function
 * save(`, `public void save(`) that the file defines exactly once, whose body goes on like the
 * file's (`sharesBody`), and that no other block of the reply defines otherwise. Blocks that
 * define nothing the file defines (a call, a test of it) stay illustrations, left out as before;
 * two blocks defining the same name differently (two versions) leave the choice to the user:
 * nothing is taken, and `twice` says why. No ops when nothing is.
 *
 * With no hint file, the file a sentence above the blocks names ("Updated `Config.from_file` in
 * `src/flask/config.py`:", then the method whole) takes the blocks under such sentences by the
 * same rules, when all those sentences name that one file: the reply says which file as surely as
 * a target file would, and the rules keep a block the file does not define once out of it.
 */
export function hintFileOps(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions): HintedOps {
  if (!parsed.unnamedFiles?.length) return { ops: [] };
  if (options.hintPath !== undefined) return fileOpsOf(parsed.unnamedFiles, options.hintPath, false, readFile, options);
  const named = parsed.unnamedFiles.filter((block) => block.namedInSentence !== undefined);
  const paths = new Set(named.map((block) => block.namedInSentence));
  if (paths.size !== 1) return { ops: [] };
  const [path] = named.map((block) => block.namedInSentence!);
  return fileOpsOf(named, path, true, readFile, options);
}

/**
 * The ops `path` takes from `blocks` (see `hintFileOps`): the hint file's, or (`namedInSentence`)
 * the file the sentences above the blocks name, which the notes then say.
 */
function fileOpsOf(blocks: readonly UnnamedFile[], path: string, namedInSentence: boolean, readFile: ReadFile, options: PlanOptions): HintedOps {
  const text = hintFileText(readFile, path, options);
  if (text === undefined) return { ops: [] };
  const why = namedInSentence ? `the code block names no file, and the sentence above it names ${path}` : 'the code block names no file';
  const whole = wholeHintFile(blocks, path, text);
  if (whole) return { ops: [{ op: whole, ...(namedInSentence ? { note: `${why}: it is plainly the whole of ${path}` } : {}) }] };
  const fileLines = toLines(normaliseEol(text));
  const defined = new Map<string, UnnamedFile[]>();
  const partName = partNameIn(path);
  const spans = new Map<UnnamedFile, ReplacedDefinition>();
  for (const unnamed of blocks) {
    const lines = toLines(unnamed.content);
    const headAt = definitionLine(lines, partName);
    if (headAt === -1) continue;
    const name = partName(lines, headAt)!;
    const at = onlyDefinitionOf(name, fileLines, 0, partName);
    if (at === -1 || !sharesBody(lines, headAt, fileLines, at, partName)) continue;
    if (!closedByTheMerge(fileLines, at)) {
      // A Lisp form or a function of equations: the elision merge knows neither's extent, and
      // kept the old body beside the new one; the block is placed over the definition it gives.
      const span = definitionReplaced(lines, headAt, fileLines, at, partName);
      if (span === undefined) continue;
      spans.set(unnamed, span);
    }
    const known = defined.get(name) ?? [];
    // The same version shown twice is one version.
    if (!known.some((other) => other.content === unnamed.content)) defined.set(name, [...known, unnamed]);
  }
  // Under a target file, a block that defines nothing may still re-print one place of it, edited.
  // One that reads as the whole file is no place of it: two such blocks stay two candidates.
  let index: FileIndex | undefined;
  const reprinted = namedInSentence ? [] : blocks.flatMap((block) => {
    if ([...defined.values()].some((versions) => versions.includes(block)) || readsAsWholeFile(block, text)) return [];
    const place = reprintedPlace(toLines(block.content), (index ??= new FileIndex(splitFileText(text))), fileLines, path);
    return place === undefined ? [] : [{ block, place }];
  });
  for (const { block, place } of reprinted) {
    // Blocks re-printing overlapping places are versions of one part, as blocks giving one definition are.
    const first = reprinted.find((other) => other.place.start < place.end && place.start < other.place.end)!;
    const key = `lines ${first.place.start + 1}-${first.place.end}`;
    const versions = defined.get(key) ?? [];
    if (!versions.some((other) => other.content === block.content)) defined.set(key, [...versions, block]);
  }
  const twice = [...defined].find(([, versions]) => versions.length > 1);
  if (twice) {
    const [name, versions] = twice;
    return { ops: [], twice: { message: `the reply's code blocks name no file, and ${versions.length} of them (reply lines ${versions.map((b) => `${b.startLine}-${b.endLine}`).join(', ')}) each give \`${name}\` of ${path}, differently: which version is meant is a guess`, startLine: versions[0].startLine, endLine: versions[versions.length - 1].endLine } };
  }
  const parts = [...defined].map(([name, [block]]) => ({ block, name }));
  // Blocks of imports only ("Don't forget the imports:"), beside a definition taken: the imports
  // the file lacks go after its own (a part alone would use a name nothing imports).
  const imports = parts.length === 0 ? [] : blocks.flatMap((block) => {
    const insert = importsToAdd(toLines(block.content), fileLines);
    return insert === undefined ? [] : [{ block, insert }];
  });
  const taken = [...parts.map((part) => ({ startLine: part.block.startLine, part })), ...imports.map((entry) => ({ startLine: entry.block.startLine, entry }))].sort((a, b) => a.startLine - b.startLine);
  const ops = taken.flatMap((item, i): HintedOp[] => {
    if ('part' in item) {
      const { block, name } = item.part;
      const span = spans.get(block);
      const source = { block: i + 1, format: 'snippet' as const, startLine: block.startLine, endLine: block.endLine };
      if (span !== undefined) {
        return [{
          op: { kind: 'replace', path, search: span.search, replacement: span.replacement, granularity: 'lines', expectedCount: 1, lineHint: span.line, source },
          note: `${why}; it gives \`${name}\` whole, which ${path} defines once (lines ${span.line}-${span.endLine}): written over it`,
        }];
      }
      const reprint = reprinted.some((r) => r.block === block);
      return [{
        op: { kind: 'rewrite', path, content: block.content, partial: true, asPart: true, source: { block: i + 1, format: 'snippet', startLine: block.startLine, endLine: block.endLine } },
        note: reprint
          ? `${why}; it re-prints ${name} of ${path} with lines changed, and no other place of ${path} holds as many of its lines: placed there as a part of ${path}`
          : `${why}; it gives \`${name}\`, which ${path} defines once: placed there as a part of ${path}`,
      }];
    }
    const { block, insert } = item.entry;
    return importOps(path, fileLines, block, insert, i + 1);
  });
  return { ops };
}

/** The edits that put a block's imports (`importsToAdd`) into the file, as block `number` of the reply. */
function importOps(path: string, fileLines: readonly string[], block: UnnamedFile, insert: NonNullable<ReturnType<typeof importsToAdd>>, number: number): HintedOp[] {
  const source = { block: number, format: 'snippet' as const, startLine: block.startLine, endLine: block.endLine };
  const note = `the code block names no file and holds imports only: those ${path} lacks go among its own imports`;
  const replaced = insert.replaced.map(({ line, text }): HintedOp => ({ op: { kind: 'replace', path, search: fileLines[line] + '\n', replacement: text + '\n', granularity: 'lines', expectedCount: 1, lineHint: line + 1, source }, note }));
  const added: HintedOp[] = insert.lines.length === 0 ? [] : [{ op: { kind: 'insert', path, afterLine: insert.afterLine, text: insert.lines.join('\n') + '\n', source }, note }];
  return [...replaced, ...added];
}

/**
 * A block of imports only that names no file ("and add `strings` to the imports:"), beside edits
 * of the reply that go to the hint file (a snippet with elisions, a block with the file's path):
 * the imports the file lacks, as edits numbered after the reply's blocks. Left out, the function
 * written used a package nothing imported, and the reply was reported applied.
 */
export function importsBesideEdits(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions): HintedOp[] {
  const path = options.hintPath;
  if (path === undefined || !parsed.unnamedFiles?.length) return [];
  if (!parsed.ops.some((op) => op.kind !== 'move' && (op.path === undefined || op.path === path))) return [];
  const text = hintFileText(readFile, path, options);
  if (text === undefined) return [];
  const fileLines = toLines(normaliseEol(text));
  let number = parsed.ops.reduce((max, op) => Math.max(max, op.source.block), 0);
  return parsed.unnamedFiles.flatMap((block) => {
    const insert = importsToAdd(toLines(block.content), fileLines);
    return insert === undefined ? [] : importOps(path, fileLines, block, insert, ++number);
  });
}

/**
 * The one place of the file (0-based lines, end exclusive) that a block without a path re-prints
 * with some lines changed, or undefined. Each window of the block's length that shares lines with
 * it (`votedWindows`) holds some of the block's lines with text at their places (whitespace and
 * punctuation aside); the place is the window holding the most, when that is at least half of
 * them and three, not all of them (something changes), and every line any other window holds
 * (so a window alike but for its name line, or one that holds the line the block changes, leaves
 * the choice open and nothing is taken). The block, placed as a part of the file there, must
 * change no line outside it.
 *
 * Why: the target file says which file; a block re-printing a part of it says where. A reducer's
 * `case COMPLETE_TODO:` arm re-printed with one line changed defines no name, and was refused as
 * naming no file under `--file`, though with its path on the line above it it applied. An
 * illustration (a call, a test of the code) is not most of one place of the file, line for line.
 */
function reprintedPlace(lines: readonly string[], index: FileIndex, fileLines: readonly string[], path: string): { start: number; end: number } | undefined {
  const withText = lines.filter(hasText).length;
  if (withText < MIN_REPRINTED_LINES) return undefined;
  const folded = lines.map((line) => normaliseLine(line, 'fold'));
  const held = (start: number) => folded.flatMap((line, k) => (hasText(line) && start + k < index.lineCount && index.lineUnder('fold', start + k) === line ? [k] : []));
  const scope = { from: 0, to: index.lineCount, fuzzyThreshold: 1 };
  const windows = [...votedWindows(index, { lines, elisions: new Set() }, scope, defaultFuzzyLimits).keys()].map((start) => ({ start, held: held(start) }));
  const best = windows.reduce<(typeof windows)[number] | undefined>((top, window) => (top === undefined || window.held.length > top.held.length ? window : top), undefined);
  if (best === undefined || best.held.length < Math.max(MIN_REPRINTED_LINES, withText / 2) || best.held.length === withText) return undefined;
  const bestHeld = new Set(best.held);
  if (windows.some((window) => window !== best && (window.held.length === best.held.length || window.held.some((k) => !bestHeld.has(k))))) return undefined;
  const start = best.start;
  const end = Math.min(index.lineCount, start + lines.length);
  // Placed as the rewrite will place it (in the file's indentation), it changes lines there only.
  const merged = mergeFragment(fileLines, inFileIndentation(fileLines, lines).lines, bracketSyntaxFor(path));
  if (!merged.ok || !sameBracketCounts(fileLines, merged.lines)) return undefined;
  let first = 0;
  while (first < fileLines.length && first < merged.lines.length && fileLines[first] === merged.lines[first]) first++;
  let fromEnd = 0;
  while (fromEnd < fileLines.length - first && fromEnd < merged.lines.length - first && fileLines[fileLines.length - 1 - fromEnd] === merged.lines[merged.lines.length - 1 - fromEnd]) fromEnd++;
  return first >= start && fileLines.length - fromEnd <= end ? { start, end } : undefined;
}

/**
 * True when both texts open and close as many `(`, `[` and `{` (outside double-quoted strings).
 * A re-print that leaves a bracket unclosed is cut short, not an edit: compojure's `(defn as-uuid`
 * re-printed without its last `))` was written over the form, leaving the file unbalanced. The
 * count is rough (a bracket in a comment or a single-quoted string counts), but it reads both
 * texts alike, and a re-print changes few lines: it only ever turns a placement into a refusal.
 * Languages the merge's own bracket check does not know (Lisps, Haskell, Erlang) need it most.
 */
function sameBracketCounts(before: readonly string[], after: readonly string[]): boolean {
  const counts = (lines: readonly string[]) => {
    const open = [0, 0, 0];
    for (const line of lines) {
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (ch === '\\') i++;
        else if (ch === '"') quoted = !quoted;
        else if (!quoted) {
          const kind = '([{'.indexOf(ch);
          if (kind !== -1) open[kind]++;
          const closing = ')]}'.indexOf(ch);
          if (closing !== -1) open[closing]--;
        }
      }
    }
    return open;
  };
  const [a, b] = [counts(before), counts(after)];
  return a.every((count, kind) => count === b[kind]);
}

/** A block with fewer lines with text than this, held by one place, is too short to say it re-prints that place. */
const MIN_REPRINTED_LINES = 3;

/** What `hintFileOps` takes; `twice` when blocks give one definition in several versions, and nothing is taken. */
export interface HintedOps {
  readonly ops: readonly HintedOp[];
  readonly twice?: { readonly message: string; readonly startLine: number; readonly endLine: number };
}

/**
 * True when a line of the block's body (below its definition line `head`) is, or edits, a line of
 * the file's definition at `at` (its lines indented under it): the block goes on like the file's
 * own definition. A name alone says little without a path (a `main` of another file, shown
 * while this one is open); a body shared, even edited, says it is this definition.
 */
function sharesBody(lines: readonly string[], head: number, fileLines: readonly string[], at: number, partName: PartName): boolean {
  const opener = bodyOpenerAt(fileLines, at);
  const body = fileLines.slice(opener + 1, definitionEnd(fileLines, opener, partName)).filter(hasText);
  // A stub (`def new` / `end`, `fn reset() {}` on two lines) has no body to share: the block that
  // fills it says it is this definition by repeating its signature exactly.
  if (body.length === 0) return lines[head].trim() === fileLines[at].trim();
  return lines.slice(head + 1).some((line) => hasText(line) && body.some((existing) => correspond(line, existing)));
}

/**
 * One past the last line of the definition whose first line is `opener`: the lines indented under
 * it (`blockEnd`), and, for a function written as equations, the equations of the same name that
 * follow at its depth with theirs (Haskell's `name :: Type`, then `name 0 = …`, `name n = …`): a
 * signature has nothing indented under it, its function is the equations below it.
 */
function definitionEnd(lines: readonly string[], opener: number, partName: PartName): number {
  let end = blockEnd(lines, opener);
  const name = equationHead(lines[opener]);
  if (name === undefined || partName(lines, opener) !== name) return end;
  while (end < lines.length && equationHead(lines[end]) === name && indentOf(lines[end]) === indentOf(lines[opener])) end = blockEnd(lines, end);
  return end;
}

/** The file's lines a block gives anew (`definitionReplaced`): the search text, its first and last line (1-based), and the block's lines for them. */
interface ReplacedDefinition {
  readonly search: string;
  readonly replacement: string;
  readonly line: number;
  readonly endLine: number;
}

/**
 * True when the definition at `at` is one the elision merge knows the extent of (a name before
 * `(` or a type's keyword: `definedNameAt`, `declaredType`), so that the merge places a block
 * giving it anew, or refuses when the block ends before it does.
 */
function closedByTheMerge(fileLines: readonly string[], at: number): boolean {
  return (definedNameAt(fileLines, at) ?? declaredType(fileLines[at])) !== undefined;
}

/**
 * The file's definition at `at` (with the comment lines right above it when the block has comments
 * above its own head) as the block gives it, when the block is that definition whole: a Lisp form
 * closed at the block's last line of code (its brackets balance there and nowhere before), or
 * equations whose last line of code is, or edits, the file's definition's last; and written over
 * it, the file loses no run of lines the block neither shows nor edits (`unshownDeletion`).
 * Undefined otherwise: a block that stops inside the definition, or goes on after it, is not it
 * whole, and which of the file's lines it keeps is a guess.
 */
function definitionReplaced(lines: readonly string[], headAt: number, fileLines: readonly string[], at: number, partName: PartName): ReplacedDefinition | undefined {
  const lisp = lispDefinition(fileLines[at]) !== undefined;
  const blockEndAt = lisp ? formEnd(lines, headAt) : lastLineOf(lines, headAt, definitionEnd(lines, headAt, partName));
  const fileEndAt = lisp ? formEnd(fileLines, at) : lastLineOf(fileLines, at, definitionEnd(fileLines, at, partName));
  if (blockEndAt === -1 || fileEndAt === -1 || lines.slice(blockEndAt + 1).some(isNonBlank)) return undefined;
  if (!lisp && !correspond(lines[blockEndAt], fileLines[fileEndAt])) return undefined;
  const first = lines.findIndex(isNonBlank);
  let from = at;
  if (first < headAt) while (from > 0 && isPartComment(fileLines[from - 1])) from--;
  const replacement = lines.slice(first, blockEndAt + 1);
  const written = [...fileLines.slice(0, from), ...replacement, ...fileLines.slice(fileEndAt + 1)];
  if (unshownDeletion(fileLines, written) !== undefined) return undefined;
  return { search: fileLines.slice(from, fileEndAt + 1).join('\n') + '\n', replacement: replacement.join('\n') + '\n', line: from + 1, endLine: fileEndAt + 1 };
}

/** The index of the last line that is not blank in `[from, to)`; -1 when all are. */
function lastLineOf(lines: readonly string[], from: number, to: number): number {
  let last = to - 1;
  while (last >= from && !isNonBlank(lines[last])) last--;
  return last;
}

function isNonBlank(line: string): boolean {
  return line.trim() !== '';
}

/** A comment line above a definition: `//`, `#`, `--`, `;`, a block comment's. */
function isPartComment(line: string): boolean {
  return /^\s*(?:\/\/|#\s|#$|--|;|\/\*|\*|\{-)/.test(line);
}

/**
 * The index of the line at which the Lisp form opened at line `at` closes: where its brackets
 * (`()`, `[]`, `{}`) balance again, strings (`"…"`), comments (`;`) and character literals (`\(`)
 * aside; -1 when they never do in `lines`.
 */
function formEnd(lines: readonly string[], at: number): number {
  let depth = 0;
  let inString = false;
  for (let i = at; i < lines.length; i++) {
    const line = lines[i];
    for (let k = 0; k < line.length; k++) {
      const c = line[k];
      if (inString) {
        if (c === '\\') k++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === ';') break;
      else if (c === '\\') k++;
      else if (c === '(' || c === '[' || c === '{') depth++;
      else if ((c === ')' || c === ']' || c === '}') && --depth === 0) {
        // Closed with nothing after it but a comment: closed by anything else, the line goes on.
        const rest = line.slice(k + 1);
        const comment = rest.indexOf(';');
        return isNonBlank(comment === -1 ? rest : rest.slice(0, comment)) ? -1 : i;
      }
    }
  }
  return -1;
}

/** The index of a block's first line of code, below blank lines, comments and decorators, when it defines a name (`partName`); -1 otherwise. */
function definitionLine(lines: readonly string[], partName: PartName): number {
  const at = lines.findIndex((candidate) => candidate.trim() !== '' && !/^\s*(?:\/\/|#\s|#$|--\s|--$|;|\/\*|\*|@[A-Za-z_])/.test(candidate));
  return at !== -1 && partName(lines, at) !== undefined ? at : -1;
}

/** Reads the name the line at `at` of `lines` gives a part of the file by; undefined for a line that gives none. */
type PartName = (lines: readonly string[], at: number) => string | undefined;

/**
 * How the file at `path` names its parts: a function's or method's name (`definedNameAt`, its
 * brace on the next line included), a class's (`declaredType`), a Lisp's `(defn name`
 * (`lispDefinition`), and in the languages whose functions are equations, the function an
 * equation or a signature begins (`equationName`).
 */
function partNameIn(path: string): PartName {
  const equations = EQUATION_LANGUAGE.test(path);
  return (lines, at) => definedNameAt(lines, at) ?? declaredType(lines[at]) ?? lispDefinition(lines[at]) ?? (equations ? equationName(lines, at) : undefined);
}

/**
 * The definition a Lisp form opens, as its keyword and name: `(defn as-uuid`, `(defn- helper`,
 * `(defmacro when-let`, `(defun my-mode`, Scheme's `(define (square x)`, a name under metadata
 * (`(def ^:private uuid-pattern`). Lisps put the parenthesis before the name, where
 * `definedName` looks for it after, and a `defn` re-printed whole was NO_EDITS_FOUND. Only Lisps
 * start a line with `(def`.
 */
function lispDefinition(line: string): string | undefined {
  const match = /^\s*\((def[\w-]*|define)\s+(?:\^(?::?[\w.-]+)\s+)*\(?([^\s()[\]{}"^;]+)/.exec(line);
  return match === null ? undefined : `${match[1]} ${match[2]}`;
}

/**
 * Haskell, Elm, PureScript, Idris and Agda, whose functions are equations (`name args = body`)
 * with an optional signature above them (`name :: Type`; `name : Type` in Elm, Idris, Agda): the
 * reading is kept to their files, as `name x = …` in another language is no definition.
 */
const EQUATION_LANGUAGE = /\.(?:hs|elm|purs|idr|agda)$/i;

/** Keywords that start a declaration or an expression in those languages, never a function's name. */
const EQUATION_KEYWORDS = new Set(['type', 'data', 'newtype', 'class', 'instance', 'module', 'import', 'where', 'let', 'in', 'case', 'of', 'if', 'then', 'else', 'do', 'deriving', 'infix', 'infixl', 'infixr', 'foreign', 'port', 'default', 'pattern', 'alias', 'exposing', 'mutual', 'record', 'open', 'postulate']);

/**
 * The function whose equation or signature is the line (`prop_split_horizontal (NonNegative n) x
 * =`, `f x | x > 0 = …`, `update : Msg -> Model -> Model`): its name, when the line begins the
 * function, undefined when it goes on with one begun above (a second equation `f n = …` under
 * `f 0 = 1`, or the equation under the signature): so the file defines each function on one line,
 * and a function re-printed whole is placed on it. A function re-printed whole was NO_EDITS_FOUND.
 */
function equationName(lines: readonly string[], at: number): string | undefined {
  const name = equationHead(lines[at]);
  if (name === undefined) return undefined;
  const indent = indentOf(lines[at]);
  let above = at - 1;
  while (above >= 0 && (!isNonBlank(lines[above]) || isHaskellComment(lines[above]) || indentOf(lines[above]) > indent)) above--;
  return above >= 0 && indentOf(lines[above]) === indent && equationHead(lines[above]) === name ? undefined : name;
}

/** The name a signature (`name :: Type`, `name : Type`) or an equation (`name args = …`, `name args | guard = …`) is of; undefined for any other line. */
function equationHead(line: string): string | undefined {
  const match = /^\s*([a-z_][\w']*)/.exec(line);
  if (match === null || EQUATION_KEYWORDS.has(match[1])) return undefined;
  const rest = line.slice(match[0].length);
  if (/^\s*::?\s/.test(rest)) return match[1];
  // The arguments, up to the first `=` or `|`: patterns after a space (`(NonNegative n) x`,
  // `(x:xs)`), then `=` (not `==`, `=>`) or a guard's `|` (not `||`).
  const end = rest.search(/[=|]/);
  if (end === -1 || (isNonBlank(rest.slice(0, end)) && !/^\s+[^:\s]/.test(rest))) return undefined;
  const after = rest.slice(end, end + 2);
  return after === '==' || after === '=>' || after === '||' ? undefined : match[1];
}

/** A comment line of those languages: `--`, `{-` (a line of a block comment opened above is read as code). */
function isHaskellComment(line: string): boolean {
  return /^\s*(?:--|\{-)/.test(line);
}

/**
 * The type a line declares without parentheses, as its keyword and name (`class Trolley` for
 * `class Trolley:`, `export class ApiService {`, `class DirEmpty < Base`): "Here's the updated
 * `Trolley` class" re-prints the class whole, and `definedName` reads only lines with a `(`
 * (`class Trolley(Base):` is `class Trolley` there too). A forward declaration (`class Foo;`)
 * or an assignment declares no body.
 */
function declaredType(line: string): string | undefined {
  const match = /^\s*(?:(?:export|default|public|private|protected|internal|abstract|final|sealed|static|partial|data|open)\s+)*(class|struct|interface|enum|trait|object|record|protocol)\s+([A-Za-z_$][\w$]*)/.exec(line);
  if (match === null || /[;=]/.test(line)) return undefined;
  return `${match[1]} ${match[2]}`;
}


/** Go's grouped import: `import (` alone on its line, one package a line (`"strings"`, `str "strings"`), `)`. */
const GROUP_OPEN = /^import[ \t]*\($/;
const GROUP_ENTRY = /^(?:[A-Za-z_.][\w.]*[ \t]+)?"[^"\s]+"$/;

/**
 * For a block that is one grouped import (Go's `import (` … `)`), beside a file with one at its
 * top: the packages the file's group lacks, indented as its entries, to add before its `)`;
 * undefined when it lacks none or the file has no such group; null when the block is no grouped
 * import (the one-line reading then applies).
 */
function groupedImportsToAdd(lines: readonly string[], fileLines: readonly string[]): { lines: string[]; replaced: { line: number; text: string }[]; afterLine: number } | undefined | null {
  if (lines.length < 3 || !GROUP_OPEN.test(lines[0].trim()) || lines[lines.length - 1].trim() !== ')') return null;
  const entries = lines.slice(1, -1).map((line) => line.trim());
  if (!entries.every((entry) => GROUP_ENTRY.test(entry))) return null;
  const open = fileLines.findIndex((line) => GROUP_OPEN.test(line) && indentOf(line) === 0);
  if (open === -1) return undefined;
  let close = open + 1;
  while (close < fileLines.length && fileLines[close].trim() !== ')') close++;
  if (close === fileLines.length) return undefined;
  const present = new Set(fileLines.slice(open + 1, close).map((line) => line.trim()));
  const indent = fileLines.slice(open + 1, close).find((line) => line.trim() !== '')?.match(/^[ \t]*/)?.[0] ?? '\t';
  const missing = entries.filter((entry) => !present.has(entry)).map((entry) => indent + entry);
  return missing.length === 0 ? undefined : { lines: missing, replaced: [], afterLine: close };
}

/**
 * For a block of import lines only: the ones the file lacks (trimmed, compared with the file's
 * lines), as edits of the file's one-line imports from the same module whose names they hold
 * (`replaced`: `from .models import Post, Tag` for `from .models import Post`) or as lines to add
 * after `afterLine` (1-based), the end of the file's own imports at its top (a statement whose
 * list runs over several lines included); undefined when every line is there, the block holds
 * anything but imports, or the file has no import to put them beside.
 */
function importsToAdd(block: readonly string[], fileLines: readonly string[]): { lines: string[]; replaced: { line: number; text: string }[]; afterLine: number } | undefined {
  const lines = block.filter((line) => line.trim() !== '');
  const grouped = groupedImportsToAdd(lines, fileLines);
  if (grouped !== null) return grouped;
  if (lines.length === 0 || !lines.every((line) => isImport(line) && !/[{(]\s*$/.test(line))) return undefined;
  let last = -1;
  for (let i = 0; i < fileLines.length; i++) {
    const line = fileLines[i];
    if (!hasText(line) || indentOf(line) > 0 || isCommentLine(line)) continue;
    // A module docstring above the imports.
    const quote = line.startsWith('"""') ? '"""' : line.startsWith("'''") ? "'''" : undefined;
    if (quote !== undefined && last === -1) {
      if (!line.slice(3).includes(quote)) while (i + 1 < fileLines.length && !fileLines[++i].includes(quote));
      continue;
    }
    if (!isImport(line)) {
      if (/^(?:package|namespace|module)\b|^['"]use /.test(line.trim())) continue;
      break;
    }
    last = i;
    // A list left open (`import {`, `from x import (`) ends at the line that closes it.
    if (/[{(]\s*$/.test(line)) while (last + 1 < fileLines.length && !/^\s*[})]/.test(fileLines[last])) last++;
  }
  if (last === -1) return undefined;
  const present = new Set(fileLines.map((line) => line.trim()));
  const missing = lines.map((line) => line.trim()).filter((line) => !present.has(line));
  // A line importing more names from a module the file imports from on one line is that line edited.
  const replaced: { line: number; text: string }[] = [];
  const added: string[] = [];
  for (const text of missing) {
    const names = new Set(identifiers(text));
    const at = fileLines.findIndex((line, i) => i <= last && indentOf(line) === 0 && sameModuleImport(text, line.trim()) && identifiers(line).every((name) => names.has(name)));
    if (at !== -1 && !replaced.some((entry) => entry.line === at)) replaced.push({ line: at, text });
    else added.push(text);
  }
  return missing.length === 0 ? undefined : { lines: added, replaced, afterLine: last + 1 };
}
