import { definedName, indentOf, type Region } from './lines';

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
  for (const region of regions) {
    const replaced = new Set<string>();
    for (let i = region.from; i < region.to; i++) {
      const name = definitionKey(original, i);
      if (name !== undefined) replaced.add(name);
    }
    for (let k = 0; k < region.lines.length; k++) {
      const name = definitionKey(region.lines, k);
      if (name === undefined || replaced.has(name)) continue;
      const depth = indentOf(region.lines[k]);
      // The block the region stands in, at this depth: from the nearest shallower line above it
      // to the nearest one below it.
      let top = region.from - 1;
      while (top >= 0 && !shallower(original[top], depth)) top--;
      let bottom = region.to;
      while (bottom < original.length && !shallower(original[bottom], depth)) bottom++;
      for (let i = top + 1; i < bottom; i++) {
        if (kept[i] === 1 && indentOf(original[i]) === depth && definitionKey(original, i) === name) return { name, written: region.lines[k].trim(), fileLine: i };
      }
    }
  }
  return undefined;
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
  const defined = definedName(lines[at]);
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
  const words = (bound === -1 ? head : head.slice(0, bound)).match(/[A-Za-z_$#][\w$]*/g) ?? [];
  const name = words[words.length - 1];
  if (name === undefined) return undefined;
  const accessor = words.length >= 2 && (words[words.length - 2] === 'get' || words[words.length - 2] === 'set') ? `${words[words.length - 2]} ` : '';
  return accessor + name;
}
