/**
 * New lines a placed part ends with, right above blank lines and a marker, that can only be a new
 * version of the file's statement between the part and the file's own blank lines: written beside
 * it, the merged code would close one bracket twice or declare one name twice.
 */
import { type Region, identifiers, indentOf, isCloser } from './lines';

/**
 * True when the region's new last lines (`region.newBelow` of them, written below the last of the
 * file's lines it places) stand for the file's lines `region.to`..`beyond`, the one statement the
 * file has between the region and its blank lines (see `linesBeyondBlankRun`), so that those lines
 * are replaced rather than kept under the new ones. That statement is:
 * - a closing statement (`}, [dragging]);` ending a `useEffect(() => {` the region shows), and the
 *   new lines close the same brackets at the same depth (`}, [dragging, onMove]);`), after new
 *   lines of their own that leave nothing open: kept, the file's closer would close a second time
 *   what the new one already closed;
 * - a declaration of a type or value (`export type ComponentType = 'resistor' | 'wire';`) that the
 *   new lines declare again at its depth, both complete (their brackets closed, the file's line
 *   after its blank lines no deeper): kept, the name is declared twice, an error in TypeScript
 *   and dead code elsewhere.
 *
 * A Cursor reply that re-prints a block and changes only its last line (a hook's dependency list,
 * a one-line union widened over fifteen lines), then a blank line and `// ... existing code ...`,
 * was refused as a guess between those two readings, when only one of them is a program. Any
 * other new lines there (a statement of a new kind, an `assert` rewritten as an `if`) are no such
 * proof, and the guess is still refused. Functions are not counted as declarations: overloads
 * (`function f(a: string): void;` over another) are declared side by side on purpose, and a
 * function written twice is found by `definedTwice`.
 */
export function restatesStatementBeyond(region: Region, original: readonly string[], beyond: number): boolean {
  const added = region.newBelow;
  if (added === undefined || added === 0 || added >= region.lines.length || region.to <= region.from) return false;
  const lastPlaced = region.lines[region.lines.length - 1 - added];
  if (lastPlaced.trim() === '' || original[region.to - 1].trim() === '') return false;
  // The segment may be quoted at another depth than the file's: depths compare from the last placed line.
  const shift = indentOf(original[region.to - 1]) - indentOf(lastPlaced);
  const newTail = region.lines.slice(region.lines.length - added).filter((line) => line.trim() !== '');
  const fileTail = original.slice(region.to, beyond + 1);
  if (newTail.length === 0 || !isOneStatement(fileTail)) return false;
  // The file's statement ends where its blank lines do: the line after them does not go on with it.
  let next = beyond + 1;
  while (next < original.length && original[next].trim() === '') next++;
  if (next < original.length && (indentOf(original[next]) > indentOf(fileTail[0]) || startsWithCloser(original[next]))) return false;
  return closesAsFileTail(newTail, fileTail, shift) || declaresAgain(newTail, fileTail, shift);
}

/** True when the lines are one statement: every line after the first deeper than it, or closers alone at its depth. */
function isOneStatement(lines: readonly string[]): boolean {
  const depth = indentOf(lines[0]);
  return lines.slice(1).every((line) => line.trim() === '' || indentOf(line) > depth || (indentOf(line) === depth && isCloser(line)));
}

/** The closing brackets a line starts with (`}` of `}, [dragging]);`, `})` of `}));`), or ''. */
function leadingClosers(line: string): string {
  return /^[}\])]*/.exec(line.trim())?.[0] ?? '';
}

/** True when the line starts by closing a bracket (`}`, `})`, `]`). */
function startsWithCloser(line: string): boolean {
  return leadingClosers(line) !== '';
}

/**
 * How many brackets the lines leave open (negative: how many more they close), counted naively:
 * a bracket in a string or comment miscounts, which only keeps the rules above from applying.
 */
function netBrackets(lines: readonly string[]): number {
  let net = 0;
  for (const line of lines) for (const c of line) net += '{[('.includes(c) ? 1 : '}])'.includes(c) ? -1 : 0;
  return net;
}

/**
 * True when the file's statement starts by closing brackets the region opened, and the new lines
 * end with a statement that starts with the same closers at the same depth and closes as many as
 * the file's does, the new lines before it leaving nothing open (they do not close a block of
 * their own).
 */
function closesAsFileTail(newTail: readonly string[], fileTail: readonly string[], shift: number): boolean {
  const closers = leadingClosers(fileTail[0]);
  const closes = netBrackets(fileTail);
  if (closers === '' || closes >= 0) return false;
  const at = newTail.findIndex((line) => leadingClosers(line) === closers && indentOf(line) + shift === indentOf(fileTail[0]));
  if (at === -1 || netBrackets(newTail.slice(0, at)) !== 0) return false;
  const closing = newTail.slice(at);
  return isOneStatement(closing) && netBrackets(closing) === closes;
}

/**
 * True when the file's statement declares a type or a value (`type`, `const`, `let`, `var`,
 * `enum`, `class`, exported or not: `declaration`) and some new line declares the same name with
 * the same keyword at its depth, both statements complete, and neither reads the name it declares:
 * Rust's `let line = line.trim();` above `let line = line.parse()?;` shadows it on purpose, a step
 * added before the file's.
 */
function declaresAgain(newTail: readonly string[], fileTail: readonly string[], shift: number): boolean {
  const declared = declaration(fileTail[0]);
  if (declared === undefined || netBrackets(fileTail) !== 0) return false;
  const at = newTail.findIndex((line) => declaration(line)?.key === declared.key && indentOf(line) + shift === indentOf(fileTail[0]));
  if (at === -1) return false;
  let end = at + 1;
  while (end < newTail.length && (indentOf(newTail[end]) > indentOf(newTail[at]) || (indentOf(newTail[end]) === indentOf(newTail[at]) && isCloser(newTail[end])))) end++;
  const written = newTail.slice(at, end);
  const readsItself = (lines: readonly string[], rest: string) => [rest, ...lines.slice(1)].some((line) => identifiers(line).includes(declared.name));
  return netBrackets(written) === 0 && !readsItself(fileTail, declared.rest) && !readsItself(written, declaration(written[0])?.rest ?? '');
}

/**
 * What a line declares as a type or a value (`type ComponentType`, `const LIMIT`), modifiers
 * aside: the keyword and name as `key`, the name, and the line's text after it; or undefined. An
 * `interface` or `namespace` is not one: TypeScript merges two declarations of those on purpose.
 */
function declaration(line: string): { key: string; name: string; rest: string } | undefined {
  const match = /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:const\s+(?=enum\b))?(type|const|let|var|enum|class)\s+([A-Za-z_$][\w$]*)/.exec(line.trim());
  return match === null ? undefined : { key: `${match[1]} ${match[2]}`, name: match[2], rest: line.trim().slice(match[0].length) };
}
