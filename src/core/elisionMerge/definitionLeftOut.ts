/**
 * A definition of the file that a block leaves out without saying so: a whole file given again
 * without a function it still calls (`definitionLeftOut`), or a snippet that skips a whole
 * definition between two lines it shows while writing other code there (`definitionSkipped`).
 */
import { type Region, alignLines, blockEnd, correspond, definedNameAt, hasText, identifiers, indentOf, isCloser, isCommentLine } from './lines';

/** Fewest lines a definition left out must have: a one- or two-line helper is as often inlined or replaced by a builtin of the same name. */
const MIN_DEFINITION_LINES = 3;
/** Past this many pairs of new and deleted lines, `definitionSkipped` reads the span as rewritten without comparing them. */
const MAX_COMPARED_PAIRS = 10_000;

/**
 * Why a block given as the whole file may have left one of the file's functions out by mistake,
 * or undefined: the file defines a function (`definedName`, its body at least
 * `MIN_DEFINITION_LINES` lines), and the block calls it by its bare name (`getComponentSymbol(…)`,
 * not `this.x(…)` or `utils.x(…)`) but neither defines nor imports it: every line of the block that
 * names it calls it. Only for files whose names are their own (`path` a Python module, or a
 * JavaScript or TypeScript module: the file or the block imports or exports something), where
 * nothing else defines such a name: a Go package or a C header may define it in another file.
 *
 * A Cursor reply that re-printed a whole React component "with the fix" silently lacked its
 * 66-line `getComponentSymbol` helper, still called in its JSX: written as given, the helper was
 * deleted and the file no longer compiled (the model itself said so in its next turn, "recreate
 * the part that was accidentally removed"). A file meant without the function would not call it.
 */
export function definitionLeftOut(original: readonly string[], block: readonly string[], path: string): string | undefined {
  if (!ownsItsNames(original, block, path)) return undefined;
  // A star import may bring in any name.
  if (block.some((line) => /^\s*(?:from\s+\S+\s+import\s+\*|import\s+\*\s+from\b)/.test(line))) return undefined;
  const code = block.filter((line) => !isCommentLine(line));
  const named = new Set(code.flatMap(identifiers));
  for (let i = 0; i < original.length; i++) {
    const name = functionNameAt(original, i);
    if (name === undefined || !named.has(name)) continue;
    const end = blockEnd(original, i);
    if (end - i < MIN_DEFINITION_LINES) continue;
    const lines = code.filter((line) => identifiers(line).includes(name));
    if (!lines.every((line) => onlyCalls(line, name))) continue;
    return `the block gives the whole file without ${name} (defined at line ${i + 1}), which it still calls ("${lines[0].trim().slice(0, 60)}") and neither defines nor imports: whether it left that function out by mistake, the file keeping it, or means to delete it is a guess`;
  }
  return undefined;
}

/** True when the file's names are its own: a Python module, or a JavaScript or TypeScript module (an import or export in the file or the block). */
function ownsItsNames(original: readonly string[], block: readonly string[], path: string): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  if (extension === 'py') return true;
  if (!/^(?:[cm]?[jt]sx?)$/.test(extension)) return false;
  const moduleLine = (line: string) => /^\s*(?:import\b|export\b)/.test(line);
  return original.some(moduleLine) || block.some(moduleLine);
}

/**
 * The name of the function a line defines with a keyword (`def load(`, `async function load(`,
 * `const load = (…) => {`, `const load = function`), or undefined. A Python method (a `def` right
 * inside a `class`) is not one: it is called through `self.`, and a bare name in prose
 * (`__getitem__() implements…` in a docstring) calls nothing.
 */
function functionNameAt(lines: readonly string[], at: number): string | undefined {
  const line = lines[at];
  const named = DEFINED_FUNCTION.exec(line) ?? BOUND_FUNCTION.exec(line);
  if (named === null) return undefined;
  if (/^\s*(?:async\s+)?def\b/.test(line)) {
    for (let i = at - 1; i >= 0; i--) {
      if (lines[i].trim() === '' || indentOf(lines[i]) >= indentOf(line)) continue;
      if (/^\s*class\b/.test(lines[i])) return undefined;
      break;
    }
  }
  return named[1];
}

/** A function defined by keyword: `def f(`, `function f(`, `function* f(`, exported, default, async. */
const DEFINED_FUNCTION = /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:def\s+|function(?:\s*\*\s*|\s+))([A-Za-z_$][\w$]*)\s*[(<]/;

/** A function bound to a name: `const f = (…) =>`, `const f = async (x) =>`, `let f = function`. */
const BOUND_FUNCTION = /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/;

/** True when every mention of `name` in the line is a call of it by its bare name, and the line does not define it. */
function onlyCalls(line: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  if (new RegExp(`\\b(?:function|def|class)\\s*\\*?\\s*${escaped}(?![\\w$])`).test(line)) return false;
  const mention = new RegExp(`(^|[^\\w$])${escaped}(?![\\w$])`, 'g');
  let found = false;
  for (let match = mention.exec(line); match !== null; match = mention.exec(line)) {
    const after = line.slice(match.index + match[0].length);
    if (match[1] === '.' || match[1] === '#' || !/^\s*\(/.test(after)) return false;
    found = true;
  }
  return found;
}

/**
 * Why a region of a snippet may have left one of the file's definitions out by mistake, or
 * undefined. Between two lines with text that the region shows as the file has them (neither a
 * closer alone nor a blank), the merge would delete every line of a whole definition of the file
 * (its opener, defining a name, and its body of at least `MIN_DEFINITION_LINES` lines: a closer
 * alone that the alignment pairs with a new one still counts as deleted), while the region writes
 * new lines with text in that same place, and no line of the block (`given`) names the
 * definition: the new code neither redefines it (a rewrite) nor calls it.
 *
 * A snippet that shows redis's `listRotateTailToHead`, adds a 3-line `listRotate` wrapper, and
 * goes on with `listJoin`'s comment and signature, with no marker for the 13-line
 * `listRotateHeadToTail` between them in the file, was merged as replacing that public function
 * with the wrapper: it was deleted. A model that skips a neighbour it does not change often forgets
 * the marker; one that replaces a function by another reads the same. Which one is meant is a
 * guess. A deletion alone (nothing new written in its place: a function removed as announced),
 * a definition the new code names (rewritten under its name, or renamed and called), and new code
 * that is a version of some line it stands in place of (`rewrites`: CPython's xmlrpc replaced its
 * per-platform `_iso8601_format`s and their `_try` helper by one new `_iso8601_format`) are the
 * reply's own and are written as they are.
 */
export function definitionSkipped(region: Region, original: readonly string[], given: readonly string[]): string | undefined {
  if (region.to - region.from < MIN_DEFINITION_LINES) return undefined;
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trimEnd() === b.trimEnd());
  // A shown line the gap between two of them is read by: one with text, not a closer alone (a
  // new function's `}` pairs with the skipped one's).
  const shows = (line: string) => hasText(line) && !isCloser(line);
  let named: Set<string> | undefined;
  const namedInBlock = (name: string) => (named ??= new Set(given.flatMap(identifiers))).has(name);
  let gap: { above: number; removed: number[]; added: string[] } | undefined;
  let at = region.from;
  for (const part of parts) {
    if (part.removed) {
      for (let k = 0; k < part.value.length; k++) gap?.removed.push(at + k);
      at += part.value.length;
    } else if (part.added) gap?.added.push(...part.value);
    else {
      for (const line of part.value) {
        if (shows(line)) {
          const skipped = gap !== undefined && gap.added.some(hasText) && !rewrites(gap.added, gap.removed, original) ? skippedIn(gap.removed, original, namedInBlock) : undefined;
          if (skipped !== undefined && gap !== undefined) {
            const written = gap.added.find(hasText)?.trim().slice(0, 40) ?? '';
            return `the snippet goes from "${original[gap.above].trim().slice(0, 40)}" (line ${gap.above + 1}) to "${line.trim().slice(0, 40)}" (line ${at + 1}) without ${skipped.name} (lines ${skipped.from + 1}-${skipped.to}), which it neither shows nor names, and writes new code there ("${written}"): whether the new code replaces ${skipped.name} or it was left out without a "... existing code ..." marker is a guess`;
          }
          gap = { above: at, removed: [], added: [] };
        }
        at++;
      }
    }
  }
  return undefined;
}

/**
 * True when some new line with text is a version of one of the file lines `removed`: the new
 * code rewrites the lines it stands in place of (a function's three platform-specific
 * definitions and the helper that chose among them, replaced by one new definition under the same
 * name), rather than going beside lines it skipped. A line that defines a name is a version only
 * of a line that defines the same name: two signatures alike but for their names (Go's `func (s
 * *Store) Count() int {` and `func (s *Store) Reset() {`) are two functions, not one edited.
 * Other lines are versions as `correspond` reads them.
 */
function rewrites(added: readonly string[], removed: readonly number[], original: readonly string[]): boolean {
  const removedText = removed.filter((i) => hasText(original[i]));
  // (Past a few dozen lines on each side the span is rewritten through and through; and the pairwise comparison stays small.)
  if (removedText.length * added.length > MAX_COMPARED_PAIRS) return true;
  return added.some((line, k) => {
    if (!hasText(line)) return false;
    const name = shortName(added, k);
    return removedText.some((i) => {
      const old = shortName(original, i);
      return name !== undefined || old !== undefined ? name === old : correspond(line, original[i]);
    });
  });
}

/**
 * The first whole definition among the file lines `removed` (see `definitionSkipped`) whose name
 * `named` does not know: its name and its lines `[from, to)`, or undefined.
 */
function skippedIn(removed: readonly number[], original: readonly string[], named: (name: string) => boolean): { name: string; from: number; to: number } | undefined {
  const gone = new Set(removed);
  for (const i of removed) {
    const name = shortName(original, i);
    if (name === undefined || named(name)) continue;
    // A signature with its brace on the next line (Allman, PSR-12): the body is under the brace.
    let opener = i + 1;
    while (opener < original.length && original[opener].trim() === '') opener++;
    if (opener >= original.length || original[opener].trim() !== '{' || indentOf(original[opener]) !== indentOf(original[i])) opener = i;
    const end = blockEnd(original, opener);
    if (end - i < MIN_DEFINITION_LINES) continue;
    const last = end < original.length && isCloser(original[end]) && indentOf(original[end]) === indentOf(original[i]) ? end : end - 1;
    let whole = true;
    for (let k = i; k <= last && whole; k++) if (hasText(original[k]) && !isCloser(original[k]) && !gone.has(k)) whole = false;
    if (whole) return { name, from: i, to: last + 1 };
  }
  return undefined;
}

/**
 * The bare name a function, method or class at line `at` defines (`listJoin` for `void
 * listJoin(list *l, list *o) {`, `load` for `def load(`, `Save` for `func (s *Store) Save() {`),
 * or undefined when it defines none. A value bound by a call that goes on below (`boundaryre =
 * re.compile(`, an opener to `definedName`) is a statement, not a definition: only a function
 * bound to a name (`const f = (…) =>`) is one.
 */
function shortName(lines: readonly string[], at: number): string | undefined {
  const defined = definedNameAt(lines, at);
  if (defined === undefined) return undefined;
  if (defined.startsWith('func (')) return identifiers(defined).pop();
  const line = lines[at];
  const paren = line.indexOf('(');
  const head = paren === -1 ? line : line.slice(0, paren);
  // (A `::` names a C++ method's class, it binds nothing.)
  const bound = head.search(/=|(?<!:):(?!:)/);
  if (bound !== -1 && BOUND_FUNCTION.exec(line) === null) return undefined;
  const words = (bound === -1 ? head : head.slice(0, bound)).replace(/<[^<>]*>/g, '').match(/[A-Za-z_$][\w$]*/g) ?? [];
  return words[words.length - 1];
}
