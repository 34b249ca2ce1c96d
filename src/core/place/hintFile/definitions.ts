/**
 * How a block without a path names a part of the target file: the definition its first line of
 * code gives (a function or method, a class, a Lisp form, a Haskell function's equations), and
 * whether the block is that definition of the file written again (`sharesBody`) and where it ends.
 */
import { blockEnd, bodyOpenerAt, correspond, declaredType, definedNameAt, hasText, indentOf } from '../../elisionMerge/lines';
import { unshownDeletion } from '../../elisionMerge/wholeOrPart';

/**
 * True when a line of the block's body (below its definition line `head`) is, or edits, a line of
 * the file's definition at `at` (its lines indented under it): the block goes on like the file's
 * own definition. A name alone says little without a path (a `main` of another file, shown
 * while this one is open); a body shared, even edited, says it is this definition.
 */
export function sharesBody(lines: readonly string[], head: number, fileLines: readonly string[], at: number, partName: PartName): boolean {
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
export interface ReplacedDefinition {
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
export function closedByTheMerge(fileLines: readonly string[], at: number): boolean {
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
export function definitionReplaced(lines: readonly string[], headAt: number, fileLines: readonly string[], at: number, partName: PartName): ReplacedDefinition | undefined {
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
export function definitionLine(lines: readonly string[], partName: PartName): number {
  const at = lines.findIndex((candidate) => candidate.trim() !== '' && !/^\s*(?:\/\/|#\s|#$|--\s|--$|;|\/\*|\*|@[A-Za-z_])/.test(candidate));
  return at !== -1 && partName(lines, at) !== undefined ? at : -1;
}

/** Reads the name the line at `at` of `lines` gives a part of the file by; undefined for a line that gives none. */
export type PartName = (lines: readonly string[], at: number) => string | undefined;

/**
 * How the file at `path` names its parts: a function's or method's name (`definedNameAt`, its
 * brace on the next line included), a class's (`declaredType`), a Lisp's `(defn name`
 * (`lispDefinition`), and in the languages whose functions are equations, the function an
 * equation or a signature begins (`equationName`).
 */
export function partNameIn(path: string): PartName {
  if (MAKEFILE.test(path)) return (lines, at) => makeRule(lines[at]);
  const equations = EQUATION_LANGUAGE.test(path);
  return (lines, at) => definedNameAt(lines, at) ?? declaredType(lines[at]) ?? lispDefinition(lines[at]) ?? (equations ? equationName(lines, at) : undefined);
}

/** Makefiles by name: `Makefile`, `makefile`, `GNUmakefile`, `*.mk`. */
const MAKEFILE = /(?:^|\/)(?:GNUmakefile|[Mm]akefile)$|\.mk$/;

/**
 * The rule a Makefile line opens, as `rule` and its targets (`install: build` is `rule install`):
 * targets at the margin, then `:` or `::`, its recipe the tab-indented lines under it. Models
 * re-print a rule whole ("Updated `install` target in `Makefile`:", then `install:` with its
 * recipe), and a rule is a Makefile's unit as a function is a program's: read as no definition,
 * the block was NO_EDITS_FOUND. Not a variable (`CC := gcc`, `X ::= y`, `A = b:c`), not a
 * special target (`.PHONY: help`, a declaration beside the rule, given as often as there are
 * rules), not a target-specific variable (`build: CFLAGS += -O2`).
 */
function makeRule(line: string): string | undefined {
  // Read by hand: a pattern with optional spaces on both sides of the targets backtracks.
  const colon = line.indexOf(':');
  if (colon <= 0 || /^[\s#.=]/.test(line)) return undefined;
  const targets = line.slice(0, colon);
  const rest = line.slice(line[colon + 1] === ':' ? colon + 2 : colon + 1);
  if (/[=#]/.test(targets) || rest.startsWith('=') || /^\s*[\w.-]+\s*[:+?!]?=/.test(rest)) return undefined;
  return `rule ${targets.trim().split(/\s+/).join(' ')}`;
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
