/** Line-level tests the elision merge places segments by: correspondence, block openers and closers. */
import { diffArrays } from 'diff';
import { lineSimilarity } from '../text/lineDistance';
import { indentWidth, leadingWhitespace } from '../text/indentation';
import { hasText } from '../text/normalize';

// The merge's line tests read `hasText` from here with the rest: one definition, in text/.
export { hasText };

/** Where one run of the block's real lines lands in the original: it replaces `[from, to)`. */
export interface Region {
  readonly from: number;
  readonly to: number;
  readonly lines: readonly string[];
  /**
   * How many of `lines` are new lines written above the part placed on the file's lines, when the
   * placement knows (anchored segments); undefined otherwise.
   */
  readonly newAbove?: number;
  /**
   * How many of `lines` are new lines written below the part placed on the file's lines (0: the
   * region ends on the file's own line), when the placement knows (anchored segments); undefined
   * otherwise.
   */
  readonly newBelow?: number;
}

/** One run of an alignment of two line lists: lines of both (neither flag), of the first only (`removed`) or of the second only (`added`). */
export interface AlignedRun {
  readonly value: string[];
  readonly added?: boolean;
  readonly removed?: boolean;
}

/** jsdiff's alignment of `a` and `b` with `same` as line equality (its types omit the comparator option for arrays). */
export function alignLines(a: readonly string[], b: readonly string[], same: (x: string, y: string) => boolean): AlignedRun[] {
  return diffArrays(a as string[], b as string[], { comparator: same } as never) as unknown as AlignedRun[];
}

/** The identifiers of a line, in order. */
export function identifiers(line: string): string[] {
  return line.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? [];
}

/** A comment line, or a line of a block comment: `//`, `/*`, `*`, `#` not followed by a letter (`#define` and `#include` are code). */
export function isCommentLine(line: string): boolean {
  return /^(?:\/\/|\/\*|\*|#(?![A-Za-z]))/.test(line.trim());
}

/** A line's indentation in columns (a tab counts 4), as the merge compares blocks' depths. */
export function indentOf(line: string): number {
  return indentWidth(leadingWhitespace(line), 4);
}

/**
 * The index of the elision line the block's lines `before` a segment end with (blank lines aside),
 * or -1 when they end with something else or nothing.
 */
export function elisionBefore(before: readonly string[], isElision: (line: string) => boolean): number {
  let k = before.length - 1;
  while (k >= 0 && before[k].trim() === '') k--;
  return k >= 0 && isElision(before[k]) ? k : -1;
}

/**
 * True when a block line stands for the file line at the same place: equal (whitespace aside), or
 * an edit of it (at least 60% similar, both with some text). Blank lines correspond only to blank.
 */
export function correspond(written: string, existing: string): boolean {
  const a = written.trim();
  const b = existing.trim();
  if (a === b) return true;
  if (a === '' || b === '' || !hasText(a)) return false;
  return isEditOf(a, b);
}

/**
 * True when line `b` reads as an edit of line `a` (both trimmed, not equal): the same first two
 * words (`sameHead`) and at least 60% alike by edit distance; or both import names from the same
 * module (`sameModuleImport`); or both comment lines, one going on from the other
 * (`commentGoesOn`).
 */
export function isEditOf(a: string, b: string): boolean {
  return (sameHead(a, b) && lineSimilarity(a, b) >= 0.6) || sameModuleImport(a, b) || commentGoesOn(a, b);
}

/**
 * True when two comment lines with the same first two words say the same and one goes on
 * (`// ParseConfig reads KEY=VALUE lines.` and `// ParseConfig reads KEY=VALUE lines, skipping
 * blanks and # comments.`): the shorter, its last full stop, comma or colon aside, starts the
 * longer. A doc comment extended that way is the old one edited, however much it grew.
 */
function commentGoesOn(a: string, b: string): boolean {
  return isCommentLine(a) && isCommentLine(b) && lineGoesOn(a, b);
}

/**
 * True when two lines (trimmed) with the same first two words say the same and one goes on: the
 * shorter, its last full stop, comma or colon aside, at least 12 characters, starts the longer
 * (`-   Run \`go run main.go\` for development.` and the same item going on `(you can also pass
 * flags: …).`).
 */
export function lineGoesOn(a: string, b: string): boolean {
  if (!sameHead(a, b)) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const stem = shorter.replace(/[.,:;]$/, '');
  return stem.length >= 12 && longer.startsWith(stem);
}

/**
 * True when both lines are one-line JavaScript or TypeScript imports of the same module (`import {
 * toLines } from './fileText';` and `import { looksBinary, toLines } from './fileText';`, or
 * the `require` form): a name added to the list is the edit lazy snippets make most at a file's
 * top, and it changes the line's first words, which `sameHead` compares. Or both are Python's
 * `from m import …` of the same module, one's names all among the other's: that keeps its head
 * (`from m`), but two names added to one made it too unlike the old line by edit distance, and
 * the new import was written under the old one (CPython's tkinter/commondialog.py).
 */
export function sameModuleImport(a: string, b: string): boolean {
  const [fromA, fromB] = [pythonFromImport(a), pythonFromImport(b)];
  if (fromA !== undefined && fromB !== undefined) {
    if (fromA.module !== fromB.module) return false;
    const [fewer, more] = fromA.names.length <= fromB.names.length ? [fromA.names, fromB.names] : [fromB.names, fromA.names];
    return fewer.every((name) => more.includes(name));
  }
  // `import type { A }` and `import { B }` of one module are two lines a file may well hold.
  const module = (line: string) => {
    if (!line.startsWith('import ') && !/^(?:const|let|var)\s/.test(line)) return undefined;
    const name = /(?:\bfrom|require\()\s*(['"])([^'"]+)\1\)?;?$/.exec(line)?.[2];
    return name === undefined ? undefined : `${line.startsWith('import type ') ? 'type ' : ''}${name}`;
  };
  const from = module(a);
  return from !== undefined && from === module(b);
}

/** The module and the names of a one-line Python `from m import a, b as c` (in parentheses closed on the line, a comment after). */
function pythonFromImport(line: string): { module: string; names: string[] } | undefined {
  const match = /^from\s+(\S+)\s+import\b(.*)$/.exec(line);
  if (match === null) return undefined;
  let list = match[2];
  const comment = list.indexOf('#');
  if (comment !== -1) list = list.slice(0, comment);
  list = list.trim();
  if (list.startsWith('(') && list.endsWith(')')) list = list.slice(1, -1);
  if (list.includes('(') || list.includes(')')) return undefined;
  const names = list.split(',').map((name) => name.trim()).filter((name) => name !== '');
  return names.length === 0 ? undefined : { module: match[1], names };
}

/** The first two words of a line: an edit keeps them (`def breakdown` never edits `def compute_tax`). */
function head(line: string): string {
  return identifiers(line).slice(0, 2).join(' ');
}

export function sameHead(a: string, b: string): boolean {
  return head(a) === head(b);
}

/** True when both lines end with the same two words (`… from './fileText'`, `… result.written.map(rel)`). */
export function sameTail(a: string, b: string): boolean {
  const [x, y] = [identifiers(a).slice(-2), identifiers(b).slice(-2)];
  return x.length === 2 && y.length === 2 && x[0] === y[0] && x[1] === y[1];
}

/**
 * The name a block opener defines: its text before the first `(` when that is two words or more
 * (apart by spaces) and does not start with a control keyword (`function stepsFor`, `def load`,
 * `const remove = (…) => {`); or a definition that has no such word (`methodName`); undefined for
 * a line that opens no block, a call (`it(`, `assert.equal(`), a control-flow line (`for (…) {`,
 * `} else if (…) {`) or a line without `(`.
 */
export function definedName(line: string): string | undefined {
  const bare = BARE_RUBY_DEFINITION.exec(line.trim());
  if (bare !== null) return `def ${bare[1]}`;
  const open = line.indexOf('(');
  if (open === -1 || !(isOpener(line.trim()) || KEYWORD_DEFINITION.test(line.trim()))) return undefined;
  const words = line.slice(0, open).trim().split(/\s+/).filter((word) => /[A-Za-z_$]/.test(word));
  const first = /[A-Za-z_$][\w$]*/.exec(words[0] ?? '')?.[0] ?? '';
  if (CONTROL_KEYWORDS.has(first)) return undefined;
  return words.length >= 2 ? words.join(' ') : methodName(line);
}

/**
 * The definitions whose name no word precedes: a Go method (`func (s *Store) Save() error {`,
 * named with its receiver's type, not its variable: `func (*Store) Save`) and a class's method
 * in TypeScript, JavaScript, C# or Java without modifiers (`save(): void {`, `*entries() {`,
 * `Save(int n) {`: `save()`). A call never ends in an opening brace with plain parameters (`it('…',
 * () => {` holds a string and an arrow; `list.forEach(x) {` a dot), and a control keyword is never
 * a method's name.
 */
function methodName(line: string): string | undefined {
  // Read by hand rather than by one regular expression: optional parts between runs of spaces are
  // what makes a pattern backtrack on a long line.
  const text = line.trim();
  if (/^func\s*\(/.test(text)) {
    const close = text.indexOf(')');
    const receiver = close === -1 ? [] : text.slice(text.indexOf('(') + 1, close).trim().split(/\s+/);
    const name = /^[A-Za-z_]\w*/.exec(text.slice(close + 1).trimStart());
    const after = name ? text.slice(close + 1).trimStart().slice(name[0].length).trimStart() : '';
    if (!name || receiver.length === 0 || receiver.length > 2 || !/^[([]/.test(after)) return undefined;
    return `func (${receiver[receiver.length - 1]}) ${name[0]}`;
  }
  const star = text.startsWith('*') ? '*' : '';
  const rest = text.slice(star.length).trimStart();
  const name = /^[A-Za-z_$#][\w$]*/.exec(rest)?.[0];
  if (name === undefined || NOT_METHOD_NAMES.has(name) || CONTROL_KEYWORDS.has(name)) return undefined;
  let at = name.length;
  while (rest[at] === ' ') at++;
  if (rest[at] === '<') at = rest.indexOf('>', at) + 1;
  while (rest[at] === ' ') at++;
  if (at === 0 || rest[at] !== '(') return undefined;
  const close = closingParen(rest, at);
  if (close === -1 || /['"`]|=>/.test(rest.slice(at, close)) || !declaresParameters(rest.slice(at + 1, close))) return undefined;
  // After the parameters: `{`, or a return type and `{` (`: void {`, `: Promise<string[]> {`).
  const tail = rest.slice(close + 1).trim();
  const typed = tail.startsWith(':') && !/[{}=]/.test(tail.slice(1, -1));
  return tail === '{' || (typed && tail.endsWith('{')) ? `${star}${name}()` : undefined;
}

/**
 * True when a parenthesised list reads as parameters declared, not arguments passed: each item a
 * name, optionally typed or defaulted (`key: string`, `pretty = false`, `...rest`, `key?`), a
 * type and a name (`int n`, `List<String> names`), or a destructuring pattern. A call's arguments
 * are expressions: `repeat(3) {`, `launch(Dispatchers.IO) {` (a Kotlin call with a trailing
 * lambda) define nothing.
 */
function declaresParameters(list: string): boolean {
  if (list.trim() === '') return true;
  // Split at every comma: the pieces of a generic type or a destructuring pattern end in `>`, `]`
  // or `}`, and are taken as such.
  return list.split(',').every((item) => {
    const text = item.trim();
    return text === '' || /^[{[]/.test(text) || /^(?:\.\.\.)?[A-Za-z_$][\w$]*\??\s*(?:[:=]|$)/.test(text) || /^[A-Za-z_][\w.<>[\]?]*\s+&?[A-Za-z_]\w*(?:\s*=|$)/.test(text) || /^[^(]*[>\]}]/.test(text);
  });
}

/** The index of the `)` that closes the `(` at `open`; -1 when the line does not close it. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * A definition whose block a keyword opens and `end` closes, its line ending with its parameters
 * (Lua's `function M.throttle_leading(ms, fn)`, `local function f(x)`, Ruby's `def bang(node)`,
 * Elixir's `def run(args) do`): it ends with no `{` or `:`, and read as no definition, a new
 * function written under one whose body an elision keeps was matched onto that body.
 */
const KEYWORD_DEFINITION = /^(?:local\s+)?(?:function|def)\s+[\w.:!?]+\s*\(.*\)(?:\s+do)?$/;

/**
 * A Ruby (or Crystal) method that takes no parameters, written without parentheses (`def new`,
 * `def show`, `def self.table_name`, `def valid?`), or an Elixir one (`def run do`): the common
 * case in Rails controllers, and read as no definition, such a method re-printed under `--file`
 * was "no edit block". A Python `def` always has parentheses and a colon, so this never reads one.
 */
const BARE_RUBY_DEFINITION = /^def\s+((?:self\.)?[A-Za-z_][\w]*[!?=]?)(?:\s+do)?$/;

/** Words that open a block with parentheses without naming a method (beyond `CONTROL_KEYWORDS`). */
const NOT_METHOD_NAMES = new Set(['function', 'elseif', 'using', 'lock', 'fixed', 'synchronized', 'select', 'when', 'sizeof', 'typeof', 'super', 'this', 'constructor']);

const CONTROL_KEYWORDS = new Set(['if', 'else', 'elif', 'for', 'foreach', 'while', 'until', 'unless', 'do', 'switch', 'case', 'match', 'catch', 'except', 'try', 'with', 'return', 'await', 'yield', 'throw', 'new', 'loop']);

/**
 * The name the definition at line `at` of `lines` defines: `definedName` of the line, or, when the
 * line opens nothing itself and the next line with anything on it is a lone `{`, of the line read
 * with that brace at its end. PSR-12 (PHP), C#, and Allman-style C and Java put a method's brace
 * on its own line under the signature (`private function addBlockType($markers): void`, then
 * `{`): read alone, such a signature looked like no definition, and a method re-printed whole was
 * refused as a part of the file. A statement (`…;`, `…,`) or a comment never takes the brace.
 */
export function definedNameAt(lines: readonly string[], at: number): string | undefined {
  const own = definedName(lines[at]);
  if (own !== undefined) return own;
  const text = lines[at].trim();
  if (text === '' || /[;,{}]$/.test(text) || isCommentLine(text)) return undefined;
  let next = at + 1;
  while (next < lines.length && lines[next].trim() === '') next++;
  return next < lines.length && lines[next].trim() === '{' ? definedName(`${text} {`) : undefined;
}

/**
 * The type a line declares without parentheses, as its keyword and name (`class Trolley` for
 * `class Trolley:`, `export class ApiService {`, `class DirEmpty < Base`): "Here's the updated
 * `Trolley` class" re-prints the class whole, and `definedName` reads only lines with a `(`
 * (`class Trolley(Base):` is `class Trolley` there too), and Rust's `pub struct ChooseWordMsg {`
 * (`struct ChooseWordMsg`). A forward declaration (`class Foo;`) or an assignment declares no body.
 */
export function declaredType(line: string): string | undefined {
  const match = /^\s*(?:(?:export|default|public|private|protected|internal|abstract|final|sealed|static|partial|data|open|pub(?:\([\w\s:]+\))?)\s+)*(class|struct|interface|enum|trait|object|record|protocol)\s+([A-Za-z_$][\w$]*)/.exec(line);
  if (match === null || /[;=]/.test(line)) return undefined;
  return `${match[1]} ${match[2]}`;
}

/**
 * The index of the line below the definition at `at` that its block starts under: the lone `{`
 * under a signature that keeps its brace on its own line (`definedNameAt`), whose body is
 * indented under that brace; otherwise `at` itself.
 */
export function bodyOpenerAt(lines: readonly string[], at: number): number {
  let next = at + 1;
  while (next < lines.length && lines[next].trim() === '') next++;
  return next < lines.length && lines[next].trim() === '{' && !isOpener(lines[at].trim()) && indentOf(lines[next]) === indentOf(lines[at]) ? next : at;
}

/**
 * The index of the only line of `lines`, at or after `from`, that defines `name` (`nameAt`, by
 * default `definedName` of the line); -1 when none or several do. Every line that defines a name
 * holds the name's last word, so a substring test keeps the parse off most lines.
 */
export function onlyDefinitionOf(name: string, lines: readonly string[], from = 0, nameAt: (lines: readonly string[], at: number) => string | undefined = (all, i) => definedName(all[i])): number {
  const words = name.match(/[\w$]+/g) ?? [name];
  const word = words[words.length - 1];
  let at = -1;
  for (let i = from; i < lines.length; i++) {
    if (!lines[i].includes(word) || nameAt(lines, i) !== name) continue;
    if (at !== -1) return -1;
    at = i;
  }
  return at;
}

/**
 * The name proper a definition line gives its definition (`definedName`'s last word, type
 * parameters, modifiers and a bound value's type aside): `author_offset_date_time` for `pub fn
 * author_offset_date_time(&self) -> Result<…> {`, `remove` for `const remove = (…) => {` and for
 * `remove: function (…) {`, `Save` for `func (s *Store) Save() error {`, `save` for `void
 * Store::save(int n) {`; undefined for a line
 * that defines nothing. Modifiers come and go in a re-printed signature (`fn` made `pub fn`, `def`
 * made `async def`); the name proper is what says which definition it is.
 */
export function definitionName(line: string): string | undefined {
  const named = definedName(line);
  if (named === undefined) return undefined;
  // A bound name ends at its `=` or `:` (a type, a value, `function` after it), not at a `::` of
  // its qualified name (`void Store::save`); a Go method's starts after its receiver.
  const bound = named.search(/=|(?<!:):(?!:)/);
  let text = named.startsWith('func (') ? named.slice(named.indexOf(')') + 1) : bound === -1 ? named : named.slice(0, bound);
  for (let pass = 0; pass < 8 && text.includes('<'); pass++) text = text.replace(/<[^<>]*>/g, '');
  const words = text.match(/[A-Za-z_$#][\w$]*[!?]?/g) ?? [];
  return words[words.length - 1];
}

/**
 * True when two lines define the same thing (`definedName`): a signature given a new parameter is
 * the same function, however much longer the line grew.
 */
export function sameDefinition(a: string, b: string): boolean {
  const named = definedName(a);
  return named !== undefined && named === definedName(b);
}

/**
 * True when opener `b` can be an edit of opener `a`: for a definition, the same name (a signature
 * edits only its own function: `export function hasText(…)` is no edit of `export function
 * indentOf(…)`, however alike); a control-flow line or a call (`for (let k = 0; …) {`, `it('…',
 * () => {`) edits none elsewhere (loops look alike by nature); other openers (`class A {`) when
 * they correspond.
 */
function editsOpener(a: string, b: string): boolean {
  if (a.includes('(') || b.includes('(')) return sameDefinition(a, b);
  return correspond(a, b);
}

/** The index of a block-opening line outside `[from, to)` that `line` (also a block opener) looks like an edit of; -1 if none. */
export function resemblingOpener(line: string, original: readonly string[], from: number, to: number): number {
  const a = line.trim();
  if (!isNewOpener(a)) return -1;
  for (let i = 0; i < original.length; i++) {
    if (i >= from && i < to) continue;
    const b = original[i].trim();
    if (b !== a && isOpener(b) && editsOpener(a, b)) return i;
  }
  return -1;
}

/** The index of an opener in `[from, to)` that `line` (an opener not in the file as such) edits; -1 if none. */
export function editedOpenerWithin(line: string, original: readonly string[], from: number, to: number): number {
  const a = line.trim();
  if (!isNewOpener(a)) return -1;
  for (let i = from; i < to; i++) {
    const b = original[i].trim();
    if (b === a) return -1;
  }
  for (let i = from; i < to; i++) {
    const b = original[i].trim();
    if (isOpener(b) && editsOpener(a, b)) return i;
  }
  return -1;
}

/**
 * True when the new statement `written` (its lines, the first its head) says again what the file's
 * statement starting at `existing` says: the same name assigned (`LIMIT = 5` over `LIMIT = (3 +`,
 * a rebinding in a row being dead code, unless the file's statement reads the name) or the same
 * function called with every name the file's line has (`register(` with `Loader,`, `FileLoader,`
 * and `Extra,` one per line, over `register(Loader, FileLoader)`: re-wrapped). Two different calls
 * of one function (`app.use(cors())` beside `app.use(json())`) are not: one of the file's names is
 * missing.
 */
export function restatesStatement(written: readonly string[], existing: string): boolean {
  const [a, b] = [written[0].trim(), existing.trim()];
  const assigned = (text: string) => /^([A-Za-z_$][\w$.]*)\s*(?::[^=]*)?=(?![=>])/.exec(text)?.[1];
  const name = assigned(a);
  if (name !== undefined) {
    // `total = total + part` reads the value the new line gives: both stay.
    const rest = b.slice(b.indexOf('=') + 1);
    return name === assigned(b) && !identifiers(rest).includes(name.slice(name.lastIndexOf('.') + 1));
  }
  const called = (text: string) => /^([A-Za-z_$][\w$.]*)\(/.exec(text)?.[1];
  if (called(a) === undefined || called(a) !== called(b)) return false;
  const names = new Set(written.flatMap(identifiers));
  return identifiers(b).every((name) => names.has(name));
}

/**
 * True when a line is a sentence of prose (a capital, then five words or more of letters, commas
 * and apostrophes, ending in `:`), as a Markdown paragraph introducing a list or a code block is:
 * it ends like a Python header but opens no block, and a new one that resembles another
 * (`After installation, you need to configure…:` beside `After installation, you can start…:`)
 * is new text, not an edit of it. No line of code reads so (keywords are lower case, code has
 * other punctuation).
 */
function isSentence(trimmed: string): boolean {
  return /^[A-Z][A-Za-z'’,-]*(?: [A-Za-z'’,-]+){4,}:$/.test(trimmed);
}

/** A new trimmed line the "looks like an edit of" checks read as an opener: one, and no sentence of prose. */
function isNewOpener(trimmed: string): boolean {
  return isOpener(trimmed) && !isSentence(trimmed);
}

/**
 * A trimmed line that opens a block (ends with `{`, `:` or `(`) and has some real text, or opens a
 * template literal that its next lines are the body of (``export const Card = styled.article` ``,
 * ``const query = gql` ``: a backtick at its end, and an odd count of them, so that the literal
 * stays open; a shell line ``NOW=`date` `` closes its own).
 */
export function isOpener(trimmed: string): boolean {
  return (/[{:(]$/.test(trimmed) || opensTemplateLiteral(trimmed)) && hasText(trimmed);
}

/**
 * A line that only closes a block: `}`, `};`, `})`, `end`, `]`, `)`…, or a template literal that
 * a line opened (`isOpener`): a backtick and then closers alone (``\`;``, ``\`)``). Styled-components
 * and GraphQL blocks are CSS and queries inside such a literal, and the literal's end is where
 * their rules end, as a `}` is in a plain stylesheet.
 */
export function isCloser(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === 'end' || /^[}\]);,]+$/.test(trimmed) || /^`[\]);,]*$/.test(trimmed);
}

/**
 * A line that only ends a block, in any language: a closer (`isCloser`), a closing tag alone
 * (`</repository>`), or a keyword that ends one (`end`, `fi`, `done`, `esac`, `endif`, `wend`). Every
 * block of its kind ends with the same line, so it tells nothing of which block it ends.
 */
export function isBlockEnd(line: string): boolean {
  const text = line.trim();
  return isCloser(text) || closedTagName(text) !== undefined || /^(?:end(?:if|for|foreach|while|switch|function|sub|module|class|case|select)?|fi|done|esac|wend)\s*[)\]};,.]*$/i.test(text);
}

/**
 * True when the file's line `at` only ends a block (`isBlockEnd`: `</dependencies>`, `}`) and every
 * line from `cursor` (where the part placed before an elision ended) down to it lies inside that
 * block: its opener (the nearest line above at its depth) stands above `cursor`. An elision there
 * stands for the end of the block's body, whatever its last lines are, and the lines a segment
 * writes right above that line go at the body's end, below them.
 */
export function endsBlockAroundElision(original: readonly string[], at: number, cursor: number): boolean {
  if (cursor <= 0 || at <= cursor || at >= original.length || !isBlockEnd(original[at])) return false;
  const width = indentOf(original[at]);
  let opener = at - 1;
  while (opener >= 0 && (original[opener].trim() === '' || indentOf(original[opener]) > width)) opener--;
  return opener >= 0 && opener < cursor && indentOf(original[opener]) === width && !isBlockEnd(original[opener]);
}

/**
 * True when a line is an XML or HTML tag alone, with no attribute (`<dependency>`, `</plugins>`):
 * it opens or closes an element as a bracket does, and says no more of which element it is.
 */
export function isBareTag(line: string): boolean {
  return /^<\/?[A-Za-z_][\w.:-]*\s*>$/.test(line.trim());
}

/** An XML or HTML line that only closes an element (`</dependencies>`): the element's name. */
export function closedTagName(line: string): string | undefined {
  return /^<\/([A-Za-z_][\w.:-]*)\s*>$/.exec(line.trim())?.[1];
}

/** True when the line only opens the element `name` (`<dependencies>`, `<build id="x">`), neither closing it nor empty (`<a/>`). */
export function opensTag(line: string, name: string): boolean {
  const text = line.trim();
  return text.startsWith(`<${name}`) && /^<[A-Za-z_][\w.:-]*(?:\s[^<>]*)?>$/.exec(text) !== null && !text.endsWith('/>') && /^<([\w.:-]+)/.exec(text)?.[1] === name;
}

/**
 * The word that ends the heredoc a line opens (`cat > unit.service <<EOF`, `<<-'EOF'`, Ruby's
 * `<<~SQL`): the body runs to the first line that is that word alone. Undefined for a line that
 * opens none.
 */
export function heredocWord(line: string): string | undefined {
  return /<<[-~]?\s*(['"]?)([A-Za-z_][\w-]*)\1(?=[\s);|&]|$)/.exec(line)?.[2];
}

/** True when a trimmed line ends inside a template literal it opens: a backtick last, and an odd count of them. */
function opensTemplateLiteral(trimmed: string): boolean {
  if (!trimmed.endsWith('`')) return false;
  let count = 0;
  for (const c of trimmed) if (c === '`') count++;
  return count % 2 === 1;
}

/** The first line after the opener at `openerAt` that is not blank and not indented deeper than it: where its block ends (the file's length when nothing is). */
export function blockEnd(original: readonly string[], openerAt: number): number {
  const width = indentOf(original[openerAt]);
  let end = openerAt + 1;
  while (end < original.length && (original[end].trim() === '' || indentOf(original[end]) > width)) end++;
  return end;
}

/**
 * One past the last line with anything on it of the block the opener at `openerAt` opens (see
 * `blockEnd`): its trailing blank lines, which stand between blocks, left out; `openerAt + 1` when
 * the block has none.
 */
export function blockTextEnd(lines: readonly string[], openerAt: number): number {
  let end = blockEnd(lines, openerAt);
  while (end > openerAt + 1 && lines[end - 1].trim() === '') end--;
  return end;
}

/** The index of the first line with anything but whitespace, or -1. */
export function firstNonBlank(lines: readonly string[]): number {
  return lines.findIndex((line) => line.trim() !== '');
}

/** The index of the last line with anything but whitespace, or -1. */
export function lastNonBlank(lines: readonly string[]): number {
  let i = lines.length - 1;
  while (i >= 0 && lines[i].trim() === '') i--;
  return i;
}

export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i < to; i++) out.push(i);
  return out;
}

/**
 * The region's last lines when they are new and written below a run of the file's lines it keeps
 * as they are (lines equal but for trailing whitespace): that kept run (`kept`) and the new lines
 * (`added`); undefined otherwise. Lines that stand in place of the region's own last lines (a
 * changed last line the placing already took for the file's) are not such lines: they replace
 * those, not the lines below. Both readers of "the new lines a part ends with" (before a marker,
 * and at the end of a marker-less fragment) start from it.
 */
export function newRunAfterKept(region: Region, original: readonly string[]): { readonly kept: readonly string[]; readonly added: readonly string[] } | undefined {
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trimEnd() === b.trimEnd());
  const [before, last] = [parts[parts.length - 2], parts[parts.length - 1]];
  return before !== undefined && !before.added && !before.removed && last.added ? { kept: before.value, added: last.value } : undefined;
}
