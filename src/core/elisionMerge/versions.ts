/**
 * New lines written right under an elision that are versions of the lines the elision would keep
 * beside them: the same key given a new value (`enabled: true,` for `enabled: false,`), the same
 * declaration (`padding: 24px;` for `padding: 16px;`), the same line with a comma added.
 */
import { anchorKey } from './anchors';
import { type Region, alignLines, hasText, identifiers, indentOf, isCloser } from './lines';

/**
 * The region widened up over the file's lines right above it that its leading new lines are
 * versions of, a refusal when some of them are versions of lines the elision keeps further up,
 * or the region as it is.
 *
 * A snippet that shows a block's head, an elision, then the block's last lines changed and its
 * closer (`.card {`, `/* ... existing styles ... *\/`, `padding: 24px;`, `border-radius: 12px;`,
 * `}`) has no line of the changed part that the file has: placed by the closer (or by a line
 * below it), the changed lines were written as new lines above it and the elision kept the old
 * ones, a duplicate key or column or declaration (Morph's nested-config and SQL audit-column
 * fast-apply scenarios). The changed lines say which lines they are, by their keys:
 * - when the region's new lines hold a run whose lines are, in order, versions of the file's last
 *   lines above the region (`isVersion`), at their depth, and its other new lines are versions of
 *   nothing the elision keeps, that run replaces those lines (the rest is added beside them);
 * - when some new line is a version of a line the elision keeps, but not so, whether it replaces
 *   that line or goes beside it is a guess, refused;
 * - when no new line is a version of any, they are new code (a key added to an object, a method
 *   added to a class), and go above the region as placed; but for one new line that calls, in its
 *   other form, the function the elision's last line calls (`printfFormOf`): refused, a guess.
 * `cursor`: where the region before ended; the elision stands for the lines from there.
 */
export function versionsAbove(region: Region, original: readonly string[], cursor: number): Region | string {
  const added = leadingNewLines(region, original);
  if (added === 0 || region.from <= cursor) return region;
  const shift = depthShift(region, original, added);
  if (shift === undefined) return region;
  // The elided lines of the region's block: up from the region to the cursor, not out of the block.
  const written = region.lines.slice(0, added).map((line, k) => ({ line, k })).filter(({ line }) => line.trim() !== '');
  if (written.length === 0) return region;
  // The depth of the block's own statements: the shallowest new line that is more than a closer.
  const statements = written.filter(({ line }) => !isCloser(line));
  if (statements.length === 0) return region;
  const floor = Math.min(...statements.map(({ line }) => indentOf(line))) + shift;
  const kept: number[] = [];
  for (let i = region.from - 1; i >= cursor; i--) {
    if (original[i].trim() === '') continue;
    if (indentOf(original[i]) < floor && !isCloser(original[i])) break;
    kept.unshift(i);
  }
  if (kept.length === 0) return region;
  const sameDepth = (line: string, at: number) => indentOf(line) + shift === indentOf(original[at]);
  const versionOf = (line: string, at: number) => sameDepth(line, at) && (line.trim() === original[at].trim() || isVersion(line, original, at));
  // Only statements of the block itself say so: a line of a new method's body that repeats one of
  // the method above it (`return this;`, `this.result = 0;`) says nothing of the file's method.
  const topLevel = (line: string) => indentOf(line) + shift === floor;
  const keyedVersion = (line: string, at: number) => topLevel(line) && sameDepth(line, at) && isVersion(line, original, at);
  // The longest run of new lines that stands for the file's last lines above the region, in order.
  for (let n = Math.min(written.length, kept.length); n >= 1; n--) {
    const lines = kept.slice(kept.length - n);
    // Only contiguous file lines (blank lines between aside) directly above the region, from a statement of the block.
    if (indentOf(original[lines[0]]) !== floor || original.slice(lines[0], region.from).some((line, j) => line.trim() !== '' && !lines.includes(lines[0] + j))) continue;
    for (let a = 0; a + n <= written.length; a++) {
      const run = written.slice(a, a + n);
      if (!run.every(({ line }, i) => versionOf(line, lines[i]))) continue;
      // The run says something of its own: not closers alone, or lines the file has as they are.
      if (!run.some(({ line }, i) => isVersion(line, original, lines[i]))) continue;
      const rest = [...written.slice(0, a), ...written.slice(a + n)];
      const others = kept.slice(0, kept.length - n);
      if (rest.some(({ line }) => others.some((at) => keyedVersion(line, at)) || lines.some((at) => keyedVersion(line, at)))) continue;
      return { ...region, from: lines[0], newAbove: undefined };
    }
  }
  for (const { line } of written) {
    const at = kept.find((i) => keyedVersion(line, i));
    if (at !== undefined) {
      return `the snippet writes "${line.trim().slice(0, 40)}" as new code after an elision, and the file has "${original[at].trim().slice(0, 40)}" (line ${at + 1}), which that elision keeps and which it is a version of: whether it replaces that line or goes beside it is a guess (show the lines between, or mark the lines kept with a "... existing code ..." comment right above the changed ones)`;
    }
  }
  // One new line in the place of the elision's last line, the same call in its other form.
  const last = kept[kept.length - 1];
  if (written.length === 1 && sameDepth(written[0].line, last) && printfFormOf(written[0].line, original[last])) {
    const [line, existing] = [written[0].line.trim(), original[last].trim()];
    return `the snippet writes "${line.slice(0, 40)}" right after an elision whose last line is "${existing.slice(0, 40)}" (line ${last + 1}), the same call in its other form: whether the new call replaces that one or goes after it is a guess (show the file's line above the new one if it stays, or the lines the elision stands for if it goes)`;
  }
  return region;
}

/**
 * True when both lines are whole call statements of one function, one in its printf form: the
 * same receiver and name but for an `f` at the end of one (`klog.Warning(…)` and
 * `klog.Warningf(…, err)`; `log.Print`/`log.Printf`, `t.Error`/`t.Errorf`). A snippet that
 * re-printed a branch after its marker with the file's `klog.Warning("the watch-list feature is
 * not supported…")` rewritten as `klog.Warningf("The watchlist request ended with an error…",
 * err)` had the new call written after the old one, which the marker kept: two warnings for one
 * event, one of them now false (kubernetes' reflector.go). The same call written again as it is
 * (another route, another registration) is new code beside the file's and left alone; a call
 * turned into its other form, right where the old one stands, is as likely its new text.
 */
function printfFormOf(written: string, existing: string): boolean {
  const callee = (line: string) => /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(.*\);?$/.exec(line.trim())?.[1];
  const [mine, theirs] = [callee(written), callee(existing)];
  if (mine === undefined || theirs === undefined || mine === theirs) return false;
  const [a, b] = [printStem(mine), printStem(theirs)];
  return a === b && /[A-Za-z]{3}$/.test(a);
}

/**
 * A print function's name without the suffix that picks its form, `f` (format) or `ln` (line):
 * `fmt.Println` and `fmt.Printf` are one function, as are `klog.Warning` and `klog.Warningf`.
 */
function printStem(callee: string): string {
  return callee.replace(/(?:f|ln)$/, '');
}

/** How many of the region's first lines are new (written above the file's lines it places). */
function leadingNewLines(region: Region, original: readonly string[]): number {
  if (region.newAbove !== undefined) return region.newAbove;
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trimEnd() === b.trimEnd());
  return parts.length > 0 && parts[0].added ? parts[0].value.length : 0;
}

/**
 * The file's depth less the snippet's, read from the region's first line with text after its new
 * lines and the file's line it stands for; undefined when there is none to read.
 */
function depthShift(region: Region, original: readonly string[], added: number): number | undefined {
  for (let k = added, at = region.from; k < region.lines.length && at < region.to; k++, at++) {
    if (region.lines[k].trim() !== '' && original[at].trim() !== '') return indentOf(original[at]) - indentOf(region.lines[k]);
  }
  return undefined;
}

/**
 * True when a new line reads as a changed version of the file's line `at` (neither a closer alone,
 * nor the same line: a line repeated says nothing of which one it is): the same line but for
 * whitespace and a trailing comma (`anchorKey`), the same line pinning one of its packages to
 * another version (`otherVersionPinned`), the same Python requirement given another specifier or
 * environment marker (`samePackageRequired`), or the same key given another value
 * (`keyOf`: an object's or a struct literal's field, a CSS declaration, an assignment, a match
 * arm's pattern, and, in a block that declares fields (`declaresFields`), a column or field by
 * its name). An assignment that reads the name it assigns (`total = total + part`) adds to the
 * value: it is no version of another.
 */
export function isVersion(written: string, original: readonly string[], at: number): boolean {
  const existing = original[at];
  if (!hasText(written) || !hasText(existing) || isCloser(written) || isCloser(existing) || written.trim() === existing.trim()) return false;
  if (anchorKey(written) === anchorKey(existing)) return true;
  if (argumentAdded(written, existing)) return true;
  if (otherVersionPinned(written, existing)) return true;
  if (samePackageRequired(written, existing)) return true;
  const fields = declaresFields((i) => original[i], at);
  const [mine, theirs] = [keyOf(written, fields), keyOf(existing, fields)];
  if (mine === undefined || mine.name !== theirs?.name) return false;
  const last = mine.name.split('.').pop() ?? mine.name;
  return !identifiers(mine.value).includes(last) && !identifiers(theirs.value).includes(last);
}

/**
 * How many of the new lines a part ends with, counted from its last, are each a version of the
 * file's one line right below the part (`versionOfNext`), when two or more are, all different:
 * that line split in several (`numpy==1.24.4` written as one pin for Python below 3.12 and another
 * from 3.12 on). Read one for one against the file's next lines, the first of them went in as
 * new code and the file's line stayed beside both, a pin pip then found in conflict. 0 otherwise.
 */
export function splitOfNextLine(added: readonly string[], versionOfNext: (line: string) => boolean): number {
  let count = 0;
  while (count < added.length && versionOfNext(added[added.length - 1 - count])) count++;
  const split = added.slice(added.length - count).map((line) => line.trim());
  return count >= 2 && new Set(split).size === count ? count : 0;
}

/**
 * True when the new line is the file's line with an argument or an element added at its end: the
 * old line up to its closing brackets and terminator (`render json: @block, serializer: S`,
 * `foo(a, b` of `foo(a, b);`), then `, ` and more (Mastodon's `update` given `, status: 200`:
 * written beside the old `render`, the action rendered twice). The old part must say something
 * (a word and more than a few characters): `x` or `)` alone is the start of many lines.
 */
function argumentAdded(written: string, existing: string): boolean {
  // Trimmed by hand: a pattern for the closing run at the end would backtrack on a long line.
  const trimmed = existing.trim();
  let end = trimmed.length;
  while (end > 0 && ' \t)]};,'.includes(trimmed[end - 1])) end--;
  const stem = trimmed.slice(0, end);
  const text = written.trim();
  return stem.length >= 8 && /[A-Za-z_]/.test(stem) && text.startsWith(stem) && /^,\s*\S/.test(text.slice(stem.length));
}

/**
 * True when the new line is the file's line with one of its words pinned to another version: the
 * same words but one, and that one the same name with another version after its `@` (`go install
 * github.com/kyoh86/richgo@v0.3.12` for `…/richgo@latest`, `uses: actions/checkout@v4` for
 * `@v3`, `npm i -g pnpm@9` for `pnpm@8`). Written in a `run: |` step under the old command, both
 * installs ran and the later one, the old version, won: the pin silently did nothing. A line that
 * installs another package (another name before the `@`) is no version of it.
 */
function otherVersionPinned(written: string, existing: string): boolean {
  const [mine, theirs] = [written.trim().split(/\s+/), existing.trim().split(/\s+/)];
  if (mine.length !== theirs.length) return false;
  const changed = mine.map((word, k) => [word, theirs[k]]).filter(([a, b]) => a !== b);
  if (changed.length !== 1) return false;
  // The name before the last `@` (`@scope/pkg@2` is `@scope/pkg`), with a letter, and a version after it.
  const pinned = (word: string) => {
    const at = word.lastIndexOf('@');
    return at > 0 && /[A-Za-z]/.test(word.slice(0, at)) && /^[\w.+^~-]+$/.test(word.slice(at + 1)) ? word.slice(0, at) : undefined;
  };
  const name = pinned(changed[0][0]);
  return name !== undefined && name === pinned(changed[0][1]);
}

/**
 * True when both lines are Python requirements (`requirements.txt`: a package, optional extras, a
 * version specifier starting with a digit, an optional environment marker after `;`) of the same
 * package (PEP 503 names: case and `-_.` runs aside), and one of them holds for every environment
 * the other does: either has no marker, or both have the same. `numpy==1.24.4; python_version <
 * "3.12"` is a version of the file's `numpy==1.24.4`: written beside it, the unconditional pin
 * still applied on Python 3.12, where it conflicted with the new `numpy==1.26.4; python_version >=
 * "3.12"` and pip refused to install. Pins of one package under different markers are entries
 * for different environments, which a new one may join: no version of each other.
 */
function samePackageRequired(written: string, existing: string): boolean {
  const [mine, theirs] = [requirementOf(written), requirementOf(existing)];
  if (mine === undefined || theirs === undefined || mine.name !== theirs.name) return false;
  return mine.marker === '' || theirs.marker === '' || mine.marker === theirs.marker;
}

/**
 * The package a Python requirement line names (normalized) and its environment marker (whitespace
 * and quote style aside; empty when none), or undefined for any other line. The version after the
 * operator must start with a digit: `a == b` and `x >= limit` in code are no requirements.
 */
function requirementOf(line: string): { name: string; marker: string } | undefined {
  const comment = line.search(/\s#/);
  const text = (comment === -1 ? line : line.slice(0, comment)).trim();
  const semicolon = text.indexOf(';');
  const specifier = (semicolon === -1 ? text : text.slice(0, semicolon)).trim();
  const match = /^([A-Za-z0-9][\w.-]*)\s*(?:\[[\w\s,.-]*\]\s*)?(?:===|==|~=|!=|<=|>=|<|>)\s*\d[\w.*+!-]*(?:\s*,\s*(?:===|==|~=|!=|<=|>=|<|>)\s*\d[\w.*+!-]*)*$/.exec(specifier);
  const marker = semicolon === -1 ? '' : text.slice(semicolon + 1).replace(/\s/g, '').replace(/'/g, '"');
  // A marker tests an environment variable: `x == 1;` in C or JavaScript is a statement.
  if (match === null || (semicolon !== -1 && !MARKER_VARIABLE.test(marker))) return undefined;
  return { name: match[1].toLowerCase().replace(/[-_.]+/g, '-'), marker };
}

/**
 * The key a line gives a value to, and the value: `name: value` (an object or struct field, a
 * CSS declaration: a space or the line's end after the colon, so `a:hover {` is none), `name =
 * value` and `name := value` (an assignment, a declaration's `const name =`), `pattern =>
 * value` (a match arm, a PHP array entry); and, for a line of a block that declares fields
 * (`fields`: see `declaresFields`), `name type…` (a SQL column, a Go struct field), but for the
 * table clauses that name no column (`PRIMARY KEY (id)`, `CONSTRAINT …`). Undefined for any other
 * line. The last reading needs the block: out of one, `name word` is as often a command and its
 * argument (`npm run build`, `cd dist`) or a C parameter's type and name.
 */
export function keyOf(line: string, fields = false): { name: string; value: string } | undefined {
  const text = line.trim();
  const field = /^(?:(?:export\s+)?(?:const|let|var|val|local)\s+)?((?:--)?[A-Za-z_$][\w$.-]*|"[^"]*"|'[^']*')\??\s*(?::(?=\s|$)|:=|=(?![=>~]))(.*)$/.exec(text);
  if (field !== null && !CONTROL_WORDS.has(field[1])) return { name: field[1], value: field[2] };
  const arm = /^([^=()'"`]*[^\s=()'"`])\s*=>(.*)$/.exec(text);
  if (arm !== null && !CONTROL_WORDS.has(arm[1])) return { name: arm[1], value: arm[2] };
  const column = fields ? /^([A-Za-z_][\w$]*|"[^"]+"|`[^`]+`)\s+([A-Za-z_[*].*)$/.exec(text) : null;
  if (column !== null && !TABLE_CLAUSE_WORDS.has(column[1].toUpperCase())) return { name: column[1], value: column[2] };
  return undefined;
}

/**
 * True when the line at `at` stands right inside a block that declares fields by name, then type:
 * a SQL table's columns (`CREATE TABLE IF NOT EXISTS posts(`), a Go struct's fields (`type User
 * struct {`). Its nearest less indented line above is read.
 */
export function declaresFields(line: (i: number) => string, at: number): boolean {
  const depth = indentOf(line(at));
  for (let i = at - 1; i >= 0; i--) {
    const text = line(i);
    if (text.trim() === '' || indentOf(text) >= depth) continue;
    return FIELDS_OPENER.test(text.trim());
  }
  return false;
}

/** A line that opens a block of field declarations: SQL's `CREATE [TEMP] TABLE … (`, Go's `… struct {`. */
const FIELDS_OPENER = /^(?:CREATE\s+(?:(?:GLOBAL|LOCAL)\s+)?(?:(?:TEMP|TEMPORARY|UNLOGGED)\s+)?TABLE\b.*\(|.*\bstruct\s*\{)$/i;

/** A variable of a PEP 508 environment marker (`python_version`, `sys_platform`, `platform_machine`, `extra`, …). */
const MARKER_VARIABLE = /\b(?:python_version|python_full_version|os_name|sys_platform|platform_\w+|implementation_\w+|extra)\b/;

/** First words of a SQL table's lines that declare no column (a key, a constraint, a copied definition), upper-cased. */
const TABLE_CLAUSE_WORDS = new Set(['PRIMARY', 'CONSTRAINT', 'UNIQUE', 'FOREIGN', 'CHECK', 'INDEX', 'KEY', 'EXCLUDE', 'LIKE', 'PERIOD', 'FULLTEXT', 'SPATIAL']);

/** Words a line may start with before a colon that name no key (`else:`, `default:`, `case x:` aside). */
const CONTROL_WORDS = new Set(['else', 'try', 'finally', 'default', 'return', 'case']);
