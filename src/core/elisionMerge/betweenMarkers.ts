/**
 * Placing a segment that has no anchor of its own between two markers, by the next segment's
 * place: bounded anchors, new functions where every place gives the same program, one more
 * declaration after the last of its kind, one more import after the file's last of its kind,
 * new Go functions at the file's end.
 */
import type { IndentUnit } from '../text/indentation';
import { type Region, correspond, firstNonBlank, hasText, identifiers, indentOf, isCloser, isCommentLine, lastNonBlank } from './lines';
import { type AnchorIndex, anchorCount, placeSegment } from './anchors';
import { atDefinitionDepth } from './depth';

/**
 * A segment with no line the rest of the file has once, placed with its anchors sought in the
 * part of the file above the next segment's place: segments land in order, so a line the file has
 * once between the cursor and there anchors, however often it stands further down (a method of
 * the first class given between a docstring line and a method only the second class has, every
 * line of it standing in both classes), when two of its lines at least anchor there. Only the
 * anchors are bounded: every other check of the placement reads the whole file. `next` is where
 * the next segment was placed, which it must keep; undefined when the next segment has no place
 * of its own, or this one none above it.
 */
export function placeBeforeNext(segment: readonly string[], openEnd: boolean, nextLines: readonly string[], nextOpenEnd: boolean, original: readonly string[], keys: AnchorIndex, cursor: number, fileUnit: () => IndentUnit | undefined): { region: Region; next: number } | undefined {
  const nextSegment = atDefinitionDepth(nextLines, original, cursor, fileUnit);
  if (nextSegment.every((line) => line.trim() === '')) return undefined;
  const next = placeSegment(nextSegment, original, keys, cursor, nextOpenEnd);
  // Two lines at least that the file has once above there: a head alone, the lines after it new,
  // may replace the file's lines below it or go above them. One is enough when every line of the
  // segment then stands for the file's line at its place (`correspond`): nothing is new, so
  // nothing can go above or below (a `def __call__` given a new parameter between lines every
  // class of CPython's operator.py has, the only `return self._call(obj)` above the next class).
  if (typeof next === 'string' || next.from <= cursor) return undefined;
  const anchors = anchorCount(segment, original, keys, cursor, next.from);
  if (anchors === 0) return undefined;
  const region = placeSegment(segment, original, keys, cursor, openEnd, next.from);
  if (typeof region === 'string' || region.to > next.from) return undefined;
  if (anchors === 1 && !standsLineForLine(region, original)) return undefined;
  return { region, next: next.from };
}

/**
 * A segment of new functions only, with nothing of the file to anchor on, between two markers
 * (Cursor's "add new functions in the middle": the component's state, a marker, `runSimulation`
 * and `toggleProbe`, a marker, the component's `return (`), placed right above the next segment's
 * place (`next`, which that segment must keep). Every place between the two parts gives the same
 * program, so the nearest to the part the functions are shown next to is taken:
 * - each line of the segment at its shallowest depth is a comment, a closer, or the head of a
 *   function whose body runs only when it is called (`function f(`, `const f = (…) =>`, a Python
 *   `def` without default values, which Python reads where the `def` stands);
 * - the next segment starts at that depth in the reply, with the file's line at its place, a
 *   line that neither closes nor continues a statement (`} else {`, `except:`);
 * - the file's lines the markers leave out stand no shallower than that line (one block holds
 *   them all), and none of them names a function the segment defines: nothing there can call
 *   them before or after their definition.
 * Undefined otherwise (new statements between markers run where they stand).
 */
export function functionsBeforeNext(segment: readonly string[], nextLines: readonly string[], nextOpenEnd: boolean, original: readonly string[], keys: AnchorIndex, cursor: number, fileUnit: () => IndentUnit | undefined): { region: Region; next: number } | undefined {
  const first = firstNonBlank(segment);
  if (first === -1) return undefined;
  const depth = Math.min(...segment.filter(hasText).map(indentOf));
  const names: string[] = [];
  for (const line of segment) {
    if (!hasText(line) || indentOf(line) !== depth) continue;
    if (isCommentLine(line) || isCloser(line)) continue;
    const head = FUNCTION_HEAD.exec(line.trim())?.groups;
    const name = head?.name ?? head?.arrow ?? head?.def;
    if (name === undefined) return undefined;
    names.push(name);
  }
  if (names.length === 0) return undefined;
  const nextSegment = atDefinitionDepth(nextLines, original, cursor, fileUnit);
  const nextFirst = firstNonBlank(nextSegment);
  // Above a line that closes or continues a statement (`} else {`, `except:`), new lines would go inside it.
  if (nextFirst === -1 || indentOf(nextLines[nextFirst]) !== depth || /^(?:[}\])]|(?:else|elif|except|finally|catch)\b)/.test(nextSegment[nextFirst].trim())) return undefined;
  const next = placeSegment(nextSegment, original, keys, cursor, nextOpenEnd);
  if (typeof next === 'string' || next.from <= cursor) return undefined;
  // The next segment's first line is the file's first line with text in its region.
  let nextAt = next.from;
  while (nextAt < next.to && !hasText(original[nextAt])) nextAt++;
  if (nextAt >= next.to || original[nextAt].trim() !== nextSegment[nextFirst].trim()) return undefined;
  const fileDepth = indentOf(original[nextAt]);
  for (let i = cursor; i < next.from; i++) {
    const line = original[i];
    if (!hasText(line)) continue;
    if (indentOf(line) < fileDepth) return undefined;
    if (identifiers(line).some((word) => names.includes(word))) return undefined;
  }
  return { region: { from: next.from, to: next.from, lines: segment.slice(first, lastNonBlank(segment) + 1), newAbove: lastNonBlank(segment) + 1 - first }, next: next.from };
}

/**
 * A segment of new one-line declarations between two markers, each a value computed by a call
 * (`const [lastParams, setLastParams] = useState<…>(null);`), placed right after the last
 * declaration of that kind (the same keyword, a call's value, one line) that the file's lines
 * between the two parts hold: the way Cursor writes "one more state" into a React component
 * (`function App() {`, a marker, the new `useState` line, a marker, `const handleCalculate = …`),
 * and where its own apply put it. The markers leave which of the file's lines the new ones go
 * among unsaid; the places differ only in where the new call runs among the block's other
 * statements, which nothing there can tell apart when:
 * - the next segment starts at the segment's depth in the reply, on the file's line at its place,
 *   and the file's lines the markers leave out stand no shallower than that line (one block holds
 *   them all), none at its depth a statement that can leave the block or skip lines (`if`,
 *   `return`, a loop: the new call would run or not by its place);
 * - none of those lines names what the new lines declare (nothing uses it before it exists, and
 *   no outer name of that spelling is hidden from some of them), and none after the place
 *   declares a name the new lines' values read (each exists when they run).
 * Undefined otherwise: other new statements between markers run where they stand.
 */
export function declarationsAfterTheirKind(segment: readonly string[], nextLines: readonly string[], nextOpenEnd: boolean, original: readonly string[], keys: AnchorIndex, cursor: number, fileUnit: () => IndentUnit | undefined): { region: Region; next: number } | undefined {
  const written = segment.filter(hasText);
  const declarations = written.map((line) => CALL_DECLARATION.exec(line.trim())?.groups);
  if (written.length === 0 || declarations.some((groups) => groups === undefined || !closesEverything(groups.value))) return undefined;
  const depth = indentOf(written[0]);
  const keyword = declarations[0]?.keyword;
  if (written.some((line) => indentOf(line) !== depth) || declarations.some((groups) => groups?.keyword !== keyword)) return undefined;
  const nextSegment = atDefinitionDepth(nextLines, original, cursor, fileUnit);
  const nextFirst = firstNonBlank(nextSegment);
  if (nextFirst === -1 || indentOf(nextSegment[nextFirst]) !== depth) return undefined;
  const next = placeSegment(nextSegment, original, keys, cursor, nextOpenEnd);
  if (typeof next === 'string' || next.from <= cursor) return undefined;
  let nextAt = next.from;
  while (nextAt < next.to && !hasText(original[nextAt])) nextAt++;
  if (nextAt >= next.to || original[nextAt].trim() !== nextSegment[nextFirst].trim() || indentOf(original[nextAt]) !== depth) return undefined;
  let place = -1;
  for (let i = cursor; i < next.from; i++) {
    const line = original[i];
    if (!hasText(line) || indentOf(line) > depth || isCommentLine(line)) continue;
    if (indentOf(line) < depth || LEAVES_OR_SKIPS.test(line.trim())) return undefined;
    const groups = CALL_DECLARATION.exec(line.trim())?.groups;
    if (groups !== undefined && groups.keyword === keyword && closesEverything(groups.value)) place = i + 1;
  }
  if (place === -1) return undefined;
  const declared = new Set(declarations.flatMap((groups) => identifiers(groups?.target ?? '')));
  const read = new Set(declarations.flatMap((groups) => identifiers(groups?.value ?? '')));
  for (let i = cursor; i < next.from; i++) {
    if (identifiers(original[i]).some((word) => declared.has(word))) return undefined;
    if (i >= place && indentOf(original[i]) === depth && namesDeclaredBy(original[i]).some((name) => read.has(name))) return undefined;
  }
  return { region: { from: place, to: place, lines: segment.slice(firstNonBlank(segment), lastNonBlank(segment) + 1) }, next: next.from };
}

/**
 * A segment of new import directives only between two markers (Cursor's `// ... existing code
 * ...`, `import com.scm.contactmanager.entities.Relationship;`, a marker, then a field after its
 * anchor), placed among the imports the file's lines between the two parts hold (see
 * `afterImportsOfTheirKind`), when the next segment has a place of its own below the last of them.
 * Undefined otherwise.
 */
export function importsAfterTheirKind(segment: readonly string[], nextLines: readonly string[], nextOpenEnd: boolean, original: readonly string[], keys: AnchorIndex, cursor: number, fileUnit: () => IndentUnit | undefined): { region: Region; next: number } | undefined {
  if (segment.filter(hasText).some((line) => !IMPORT_DIRECTIVE.test(line))) return undefined;
  const nextSegment = atDefinitionDepth(nextLines, original, cursor, fileUnit);
  if (nextSegment.every((line) => line.trim() === '')) return undefined;
  const next = placeSegment(nextSegment, original, keys, cursor, nextOpenEnd);
  if (typeof next === 'string' || next.from <= cursor) return undefined;
  const region = afterImportsOfTheirKind(segment, original, cursor, next.from);
  return region === undefined ? undefined : { region, next: next.from };
}

/**
 * A segment of new import directives only, between a marker before it and markers alone after it
 * (`// ... existing code ...`, `import static org.springframework.http.HttpStatus.NOT_FOUND;`,
 * `// ... existing code ...`): the snippet shows nothing else, and the import goes among the
 * file's imports as `afterImportsOfTheirKind` places it, looked for in the whole rest of the file.
 * Undefined otherwise.
 */
export function importsAmongFileImports(segment: readonly string[], original: readonly string[], cursor: number): Region | undefined {
  return afterImportsOfTheirKind(segment, original, cursor, original.length);
}

/**
 * The place for a segment of new import directives among the import lines of the file between
 * `cursor` and `limit`: right after the last of their kind (static imports after the last static
 * one, the others after the last other one), or, the file having none of their kind, as a group
 * of their own after its last import, a blank line between (static imports go after the others in
 * a group of their own by the usual convention; a lone `import static …NOT_FOUND;` was refused in
 * a controller that had none). Java's `import` and C#'s `using` directives name types and members
 * for the whole file, whatever their order, so every place in the file's list gives the same
 * program; after the last one is where an editor adds one. Only when:
 * - every line of the segment, and every import line of the file in that part, is such a
 *   directive at the margin, ended by `;` (Python's `import os` runs the module where it stands;
 *   a file whose imports read so is not read as Java), all of one keyword;
 * - the file has none of the new lines, and imports nothing else of a new line's name
 *   (`import javax.validation.constraints.Email;` for a new `jakarta.…Email`: the new line may
 *   replace the old one, and beside it neither compiles).
 * Undefined otherwise.
 */
function afterImportsOfTheirKind(segment: readonly string[], original: readonly string[], cursor: number, limit: number): Region | undefined {
  const written = segment.filter(hasText);
  const directives = written.map((line) => IMPORT_DIRECTIVE.exec(line)?.groups);
  if (written.length === 0 || directives.some((groups) => groups === undefined)) return undefined;
  const keyword = directives[0]?.keyword;
  if (directives.some((groups) => groups?.keyword !== keyword)) return undefined;
  // Of one kind when all are static or none: a mix goes after the last import, whatever its kind.
  const statics = new Set(directives.map((groups) => groups?.static !== undefined));
  const isStatic = statics.size === 1 ? [...statics][0] : undefined;
  let place = -1;
  let placeOfKind = -1;
  for (let i = cursor; i < limit; i++) {
    if (/^\s*(?:import|using)\b/.exec(original[i])?.[0].trim() !== keyword) continue;
    const groups = IMPORT_DIRECTIVE.exec(original[i])?.groups;
    if (groups === undefined || groups.keyword !== keyword) return undefined;
    place = i + 1;
    if (isStatic === undefined || (groups.static !== undefined) === isStatic) placeOfKind = i + 1;
  }
  if (place === -1) return undefined;
  const newLines = new Set(written.map((line) => line.trim()));
  const newNames = new Map(directives.map((groups) => [importedName(groups?.name ?? ''), groups?.name]));
  for (const line of original) {
    if (newLines.has(line.trim())) return undefined;
    const name = IMPORT_DIRECTIVE.exec(line)?.groups?.name;
    if (name === undefined) continue;
    const simple = importedName(name);
    if (simple !== '*' && newNames.has(simple) && newNames.get(simple) !== name) return undefined;
  }
  const lines = segment.slice(firstNonBlank(segment), lastNonBlank(segment) + 1);
  if (placeOfKind !== -1) return { from: placeOfKind, to: placeOfKind, lines };
  const after = place < original.length && original[place].trim() !== '' ? [''] : [];
  return { from: place, to: place, lines: ['', ...lines, ...after] };
}

/** A Java `import` or C# `using` directive at the margin, ended by `;`: its keyword, `static` when it has it, and the name it imports (`a.b.C`, `a.b.*`). */
const IMPORT_DIRECTIVE = /^(?<keyword>import|using)\s+(?:(?<static>static)\s+)?(?<name>[A-Za-z_]\w*(?:\.(?:[A-Za-z_]\w*|\*))*)\s*;\s*$/;

/** The simple name an import brings in: its last part (`Email` of `jakarta.validation.constraints.Email`, `*` of a wildcard). */
function importedName(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/**
 * A segment of new Go functions and methods only, between a marker before it and markers alone
 * after it (Cursor's "use getters": `// ... existing code ...`, three `func (u *User) GetName()
 * string {` getters with their doc comments, `// ... existing code ...`), placed at the file's
 * end. The snippet shows nothing of the file to place them by, but Go reads a package's top-level
 * functions whatever their order, so every place between the file's top-level declarations gives
 * the same program, and the end is where such code is most often added. Only when:
 * - the file is Go: its first line of code is `package name`, with no `;` (Java's has one);
 * - every line of the segment at the margin is a comment, a closing `}`, or the head of a function
 *   or method (`func (u *User) GetName() string {`), and the lines under a head are indented;
 * - the file defines none of the new functions (`goFunctionKey`): a changed signature of one of
 *   the file's would be written beside the old one. For `init`, which Go lets a file define many
 *   times, this is what makes its place free: a package runs its variables' initializers first,
 *   then its `init` functions in the order the files have them, so a file's only `init` runs at
 *   the same moment wherever it stands in the file ("log file and line": a new `func init()` that
 *   sets the log flags was refused, while a new helper of the same shape was appended). Beside
 *   one of the file's own, which of the two runs first would follow from the place: refused;
 * - the part before ended above the file's last line.
 * Undefined otherwise (other top-level code, a `var` with a side effect, may run by its place).
 */
export function goFunctionsAtFileEnd(segment: readonly string[], original: readonly string[], cursor: number): Region | undefined {
  const first = firstNonBlank(segment);
  if (first === -1) return undefined;
  const code = original.find((line) => hasText(line) && !isCommentLine(line));
  if (code === undefined || !/^package\s+[A-Za-z_]\w*\s*$/.test(code)) return undefined;
  const names = new Set<string>();
  let inside = false;
  for (const line of segment) {
    if (line.trim() === '') continue;
    if (indentOf(line) > 0) {
      if (!inside) return undefined;
      continue;
    }
    if (isCommentLine(line)) continue;
    if (line.trim() === '}' && inside) {
      inside = false;
      continue;
    }
    const name = goFunctionKey(line);
    if (name === undefined || !line.trim().endsWith('{') || inside) return undefined;
    names.add(name);
    inside = true;
  }
  if (inside || names.size === 0) return undefined;
  if (original.some((line) => names.has(goFunctionKey(line) ?? ''))) return undefined;
  const end = lastNonBlank(original) + 1;
  if (end <= cursor) return undefined;
  return { from: end, to: end, lines: ['', ...segment.slice(first, lastNonBlank(segment) + 1)] };
}

/**
 * What a Go function's or method's head at the margin defines, as Go tells definitions apart:
 * `name`, or `Type.name` for a method, whatever its receiver is called and whether it is a pointer
 * (`func (u *User) GetName(` and `func (x User) GetName(` clash: `User.GetName`); undefined for
 * another line.
 */
function goFunctionKey(line: string): string | undefined {
  const head = /^func\s+(?:\(([^()]*)\)\s*)?([A-Za-z_]\w*)\s*[[(]/.exec(line);
  if (head === null) return undefined;
  if (head[1] === undefined) return head[2];
  // The receiver's type, its pointer star and type parameters aside (`*Stack[T]`: `Stack`).
  const receiver = /[A-Za-z_]\w*/.exec(head[1].trim().split(/\s+/).pop() ?? '')?.[0];
  return receiver ? `${receiver}.${head[2]}` : undefined;
}

/**
 * A declaration on one line whose value is a call: its keyword, what it declares (a name or a
 * destructuring pattern) and its value (`useState<string | null>(null)`).
 */
const CALL_DECLARATION = /^(?<keyword>const|let|var)\s+(?<target>[A-Za-z_$][\w$]*|\[[^=\]]*\]|\{[^=}]*\})\s*(?::[^=]+)?=\s*(?<value>[A-Za-z_$][\w$.]*(?:\s*<.*>)?\s*\(.*\));?$/;

/** Statements that can leave a block or skip its lines, by their first word. */
const LEAVES_OR_SKIPS = /^(?:if|else|for|while|do|switch|case|default|return|throw|break|continue|try|catch|finally|yield|goto)\b/;

/** True when every bracket the text opens it also closes, in order (a statement on one line). */
function closesEverything(text: string): boolean {
  const open: string[] = [];
  for (const c of text) {
    if (c === '(' || c === '[' || c === '{') open.push(c === '(' ? ')' : c === '[' ? ']' : '}');
    else if ((c === ')' || c === ']' || c === '}') && open.pop() !== c) return false;
  }
  return open.length === 0;
}

/** The names a line declares in its block: a `const`, `let` or `var` (each name of a pattern), a `function` or a `class`. */
function namesDeclaredBy(line: string): string[] {
  const text = line.trim();
  const variable = /^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*|\[[^=\]]*\]|\{[^=}]*\})/.exec(text);
  if (variable !== null) return identifiers(variable[1]);
  const named = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function(?:\s*\*\s*|\s+)|class\s+)([A-Za-z_$][\w$]*)/.exec(text);
  return named !== null ? [named[1]] : [];
}

/**
 * The head of a function whose body runs only when it is called, with its name: `function
 * name(`, `async function`, `export function`, `const name = (…) =>` or `= async (…) =>` (an
 * arrow function, typed or not), or a Python `def name(` with no default value (Python evaluates
 * defaults where the `def` stands).
 */
const FUNCTION_HEAD = /^(?:export\s+)?(?:(?:async\s+)?function(?:\s*\*\s*|\s+)(?<name>[A-Za-z_$][\w$]*)\s*[(<]|(?:const|let|var)\s+(?<arrow>[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=>\s*\{$|(?:async\s+)?def\s+(?<def>[A-Za-z_]\w*)\s*\([^=]*\)\s*(?:->[^:]+)?:$)/;

/** True when the region writes as many lines as it replaces, each one the file's line at its place or an edit of it. */
function standsLineForLine(region: Region, original: readonly string[]): boolean {
  if (region.to - region.from !== region.lines.length || region.lines.length === 0) return false;
  return region.lines.every((line, k) => correspond(line, original[region.from + k]));
}
