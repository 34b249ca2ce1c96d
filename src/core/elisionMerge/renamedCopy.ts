/** A new definition that is a kept one given again under another name: renamed or copied, a guess. */
import { blockEnd, definitionName, indentOf, isCloser, isCommentLine, isOpener, type Region } from './lines';

/** Fewest body lines of code the two definitions must share: short bodies (`pass`, `return self._x`, `{}`) repeat by nature. */
const MIN_BODY_LINES = 3;

/** Where a merge would write a kept definition again under a new name: the new line and the file's. */
export interface RenamedCopy {
  /** The new definition's first line, as written. */
  readonly written: string;
  /** The name of the file's definition, which an elision keeps. */
  readonly name: string;
  /** 0-based line of the file's definition. */
  readonly fileLine: number;
}

/**
 * The first definition a merge writes as new code (a region's line defining a name, `definitionName`,
 * that the lines it replaces do not define) that is, comments and whitespace aside and its name
 * apart, a definition the file keeps outside every region, in the same block at the same depth,
 * with at least `MIN_BODY_LINES` lines of code below its first line; undefined when there is none.
 *
 * Why: a new name is a new definition, and goes beside the file's look-alike (a counterpart, a
 * wrapper calling it: `placeByOpener` no longer puts it in that one's place). But one that says
 * again, line for line, what a kept definition says is that definition renamed (a lazy snippet
 * re-printing `author_offset_date_time` as `author_date_time` under `// ... existing code ...`) or
 * copied, and the snippet alone cannot say which: read as new, a rename kept the old definition
 * and wrote a duplicate; read as a rename, a copy deleted a definition the callers use. A guess,
 * refused.
 */
export function renamedCopy(regions: readonly Region[], original: readonly string[]): RenamedCopy | undefined {
  const kept = new Uint8Array(original.length).fill(1);
  for (const region of regions) kept.fill(0, region.from, region.to);
  // The kept definitions by their text with the name taken out, read once and only when a region writes a new one.
  let keptByText: Map<string, number[]> | undefined;
  for (const region of regions) {
    const replaced = new Set<string>();
    for (let i = region.from; i < region.to; i++) {
      const name = original[i].includes('(') ? definitionName(original[i]) : undefined;
      if (name !== undefined) replaced.add(name);
    }
    for (let k = 0; k < region.lines.length; k++) {
      if (!region.lines[k].includes('(')) continue;
      const name = definitionName(region.lines[k]);
      if (name === undefined || replaced.has(name)) continue;
      const text = definitionText(region.lines, k, name);
      if (text === undefined) continue;
      keptByText ??= keptDefinitions(original, kept);
      const depth = indentOf(region.lines[k]);
      for (const i of keptByText.get(text) ?? []) {
        const existing = definitionName(original[i]);
        if (existing !== undefined && existing !== name && indentOf(original[i]) === depth && sameBlock(original, i, region, depth)) return { written: region.lines[k].trim(), name: existing, fileLine: i };
      }
    }
  }
  return undefined;
}

/** The kept lines (`kept[i] === 1`) that start a definition long enough to compare, by `definitionText`. */
function keptDefinitions(original: readonly string[], kept: Uint8Array): Map<string, number[]> {
  const byText = new Map<string, number[]>();
  for (let i = 0; i < original.length; i++) {
    if (kept[i] !== 1 || !original[i].includes('(')) continue;
    const name = definitionName(original[i]);
    const text = name === undefined ? undefined : definitionText(original, i, name);
    if (text !== undefined) byText.set(text, [...(byText.get(text) ?? []), i]);
  }
  return byText;
}

/**
 * The definition starting at line `at` (named `name`) as one comparison key: its lines through
 * its end (`definitionEnd`), comment lines left out, all whitespace and line breaks removed, its name in its
 * first line replaced by a placeholder; undefined when it has fewer than `MIN_BODY_LINES` lines
 * of code below its first line.
 */
function definitionText(lines: readonly string[], at: number, name: string): string | undefined {
  const end = definitionEnd(lines, at);
  const code: string[] = [];
  for (let i = at + 1; i < end; i++) if (lines[i].trim() !== '' && !isCommentLine(lines[i])) code.push(lines[i].replace(/\s+/g, ''));
  if (code.length < MIN_BODY_LINES) return undefined;
  const head = withoutName(lines[at], name);
  // Joined with nothing between: a statement re-wrapped over more lines (`if let (…) =`, then
  // `(self.author_time, &self.author_tz)`, then `{`) says the same.
  return head === undefined ? undefined : [head.replace(/\s+/g, ''), ...code].join('');
}

/** The line with the first whole-word `name` in it replaced by a placeholder; undefined when it has none. */
function withoutName(line: string, name: string): string | undefined {
  for (let at = line.indexOf(name); at !== -1; at = line.indexOf(name, at + 1)) {
    const [before, after] = [line[at - 1] ?? ' ', line[at + name.length] ?? ' '];
    if (!/[\w$#]/.test(before) && !/[\w$]/.test(after)) return `${line.slice(0, at)}\u0000${line.slice(at + name.length)}`;
  }
  return undefined;
}

/**
 * One past the last line of the definition opened at `at`: its block by indentation (`blockEnd`),
 * carried on over lines at its own depth that close its parameters and open its body (`) ->
 * Result<Self> {` under `pub async fn for_path(` and its parameters), and with its closer at its
 * depth (`}`) when it has one.
 */
function definitionEnd(lines: readonly string[], at: number): number {
  const width = indentOf(lines[at]);
  let end = blockEnd(lines, at);
  while (end < lines.length && indentOf(lines[end]) === width && /^[)\]]/.test(lines[end].trim()) && isOpener(lines[end].trim())) end = blockEnd(lines, end);
  return end < lines.length && indentOf(lines[end]) === width && isCloser(lines[end]) ? end + 1 : end;
}

/** True when no line between file line `at` and the region is shallower than `depth`. */
function sameBlock(original: readonly string[], at: number, region: Region, depth: number): boolean {
  const [from, to] = at < region.from ? [at + 1, region.from] : [region.to, at];
  for (let i = from; i < to; i++) if (original[i].trim() !== '' && indentOf(original[i]) < depth) return false;
  return true;
}
