import { definedNameAt, indentOf, type Region } from './lines';

/** Where a merge would leave one name defined twice in one block: the new line and the file's. */
export interface DefinedTwice {
  readonly name: string;
  readonly written: string;
  /** 0-based line of the file's own definition, which an elision keeps. */
  readonly fileLine: number;
}

/**
 * The first definition a merge writes as new code (a region's line defining a name the lines it
 * replaces do not define) whose name the file's lines left alone, in the same block at the same
 * depth, define too: `static add(a, b) {` written under `// ... existing code ...` in a class that
 * has `add(number) {`. Whether the new definition replaces the file's (the elision then stands
 * for code around it) or joins it (two `add`s: a JavaScript class keeps the last, Python the
 * same, TypeScript refuses to compile) is a guess the merge must not make. Undefined when there is
 * none. Not counted: a Python property's setter or deleter, and overloads marked `@overload`
 * (defined twice on purpose), and accessors, told apart by their `get`/`set`.
 */
export function definedTwice(regions: readonly Region[], original: readonly string[]): DefinedTwice | undefined {
  const kept = new Uint8Array(original.length).fill(1);
  for (const region of regions) kept.fill(0, region.from, region.to);
  // The kept lines' definitions by name, read once and only when some region writes a new one.
  let keptByName: Map<string, number[]> | undefined;
  for (const region of regions) {
    const replaced = new Set<string>();
    for (let i = region.from; i < region.to; i++) {
      const name = definitionKey(original, i);
      if (name !== undefined) replaced.add(name);
    }
    for (let k = 0; k < region.lines.length; k++) {
      const name = definitionKey(region.lines, k);
      if (name === undefined || replaced.has(name)) continue;
      keptByName ??= definitionsOf(original, kept);
      const depth = indentOf(region.lines[k]);
      for (const i of keptByName.get(name) ?? []) {
        // In the region's block: at its depth, with no shallower line between it and the region.
        if (indentOf(original[i]) === depth && sameBlock(original, i, region, depth)) return { name, written: region.lines[k].trim(), fileLine: i };
      }
    }
  }
  return undefined;
}

/** The kept lines (`kept[i] === 1`) that define a name, by that name. */
function definitionsOf(original: readonly string[], kept: Uint8Array): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  for (let i = 0; i < original.length; i++) {
    if (kept[i] !== 1 || !original[i].includes('(')) continue;
    const name = definitionKey(original, i);
    if (name !== undefined) byName.set(name, [...(byName.get(name) ?? []), i]);
  }
  return byName;
}

/** True when no line between file line `at` and the region is shallower than `depth`. */
function sameBlock(original: readonly string[], at: number, region: Region, depth: number): boolean {
  const [from, to] = at < region.from ? [at + 1, region.from] : [region.to, at];
  for (let i = from; i < to; i++) if (shallower(original[i], depth)) return false;
  return true;
}

/** True when the line has text at fewer columns than `depth` (a line of its enclosing block). */
function shallower(line: string, depth: number): boolean {
  return line.trim() !== '' && indentOf(line) < depth;
}

/**
 * The name line `at` defines, kept with a `get`/`set` before it (an accessor pair is no
 * repeat), or undefined when it defines none or is meant to repeat one (a decorator line above
 * it names a setter, deleter or overload).
 */
function definitionKey(lines: readonly string[], at: number): string | undefined {
  // A signature with its brace on the next line (`void StartPlayerTurn()` over `{`, C#'s and
  // Allman's layout) defines its name as well as one that ends with the brace.
  const defined = definedNameAt(lines, at);
  if (defined === undefined) return undefined;
  let above = at - 1;
  while (above >= 0 && lines[above].trim() === '') above--;
  if (above >= 0 && /^\s*@(?:[\w.]*\.(?:setter|deleter|getter)|(?:typing\.)?overload)\b/.test(lines[above])) return undefined;
  // The defined name is the last word before the parameters (`static add`, `def load`,
  // `func (*Store) Save`), or before `=` / `:` when a value is bound to it (`const remove = (…) =>`,
  // `remove: function (…)`, `const f: Handler = (…) =>`), not the function called there.
  const line = lines[at];
  const head = defined.startsWith('func (') ? defined : line.slice(0, line.indexOf('('));
  const bound = defined.startsWith('func (') ? -1 : head.search(/[=:]/);
  // Type parameters are no name: `compareUndefinedSmallest<T>(` defines the function, not `T`
  // (read as `T`, a new generic function was "defined twice" beside every other one).
  let named = bound === -1 ? head : head.slice(0, bound);
  for (let pass = 0; pass < 8 && named.includes('<'); pass++) named = named.replace(/<[^<>]*>/g, '');
  const words = named.match(/[A-Za-z_$#][\w$]*/g) ?? [];
  const name = words[words.length - 1];
  if (name === undefined) return undefined;
  const accessor = words.length >= 2 && (words[words.length - 2] === 'get' || words[words.length - 2] === 'set') ? `${words[words.length - 2]} ` : '';
  return accessor + name;
}
