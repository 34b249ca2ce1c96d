/**
 * New lines a placed part ends with, right above a marker, that give new values to what the file's
 * lines standing there assign: one `key = value` (or `key: value`) line for one, the same key each
 * time (`versionCode = 9` where the file has `versionCode = 8`).
 */
import { type Region, indentOf } from './lines';

/**
 * How many of the file's lines from `region.to` the region's new last lines (`region.newBelow` of
 * them, written below the last of the file's lines it places) stand for, one for one: each new
 * line assigns the same target as the file's line at its position (`assignment`), at the same
 * depth, both lines complete (brackets closed, the file's line after them no deeper); undefined
 * when any pair does not, or, with `count` given, when the new lines are not that many.
 *
 * The marker after the new lines keeps the file's lines there, and read so the new lines went
 * right above them: a key assigned twice in a row. A data format (TOML, YAML, HCL, properties,
 * JSON) does not assign a key twice in one table or block, and in code the first of two
 * assignments in a row is a dead store: the only reading that is a file anyone writes is that
 * each new line is its file line's new value. Gradle's `versionCode = 9` and `versionName = …`
 * under the `applicationId` line shown, a TOML table's `features = ["https"]` over `features =
 * []`, a Terraform `prefix_list_ids = lookup(…)` under the `self = …` shown, were refused as a
 * guess between writing them beside or in place of the file's lines.
 *
 * Not so, and undefined, when that reasoning fails: a line that reads its own target (`x = x + 1`:
 * the two may both be meant, in order); an augmented assignment (`count += 1`), a destructuring
 * (`a, b = …`), a declaration (`val x =`, `let x =`: Rust's `let` shadows on purpose) or a call,
 * which `assignment` does not read as one; a statement wrapped over several lines (the rule that
 * refuses a re-wrapped statement beside the file's, `restatedBeside`, keeps deciding it); new
 * lines and file lines that do not pair up position by position.
 */
export function reassignedFileLines(region: Region, original: readonly string[], count?: number): number | undefined {
  const added = region.newBelow;
  if (added === undefined || added === 0 || added >= region.lines.length || region.to <= region.from) return undefined;
  if (count !== undefined && count !== added) return undefined;
  if (region.to + added > original.length) return undefined;
  // The segment may be quoted at another depth than the file's: depths compare from the last
  // placed line with text (blank lines the file has too may end the part placed: `import sys`, a
  // blank line, then the new `DEBUG = …` where the file has `DEBUG = False`).
  let placed = region.lines.length - 1 - added;
  let fileLine = region.to - 1;
  while (placed >= 0 && fileLine >= region.from && region.lines[placed].trim() === '' && original[fileLine].trim() === '') [placed, fileLine] = [placed - 1, fileLine - 1];
  if (placed < 0 || fileLine < region.from || region.lines[placed].trim() !== original[fileLine].trim()) return undefined;
  const shift = indentOf(original[fileLine]) - indentOf(region.lines[placed]);
  const newLines = region.lines.slice(region.lines.length - added);
  const fileLines = original.slice(region.to, region.to + added);
  const paired = newLines.every((line, k) => indentOf(line) + shift === indentOf(fileLines[k]) && sameTarget(line, fileLines[k]));
  if (!paired) return undefined;
  // The file's last paired line ends its statement: the line after it does not go on with it.
  const next = original[region.to + added];
  if (next !== undefined && next.trim() !== '' && indentOf(next) > indentOf(fileLines[added - 1])) return undefined;
  return added;
}

/** True when both lines are complete assignments (`assignment`) of the same target, and neither value reads it. */
function sameTarget(written: string, existing: string): boolean {
  const a = assignment(written);
  const b = assignment(existing);
  return a !== undefined && b !== undefined && a.target === b.target && !a.readsTarget && !b.readsTarget;
}

/** Words that open a clause, not a key, before a `:` (`else: return 1`, `case 1: …`, `default: …`). */
const CLAUSE_WORDS = new Set(['else', 'elif', 'if', 'for', 'while', 'with', 'try', 'except', 'finally', 'case', 'default', 'do', 'return', 'lambda', 'match']);

/**
 * What a line assigns, when it is one whole assignment on one line: `target = value` (a name,
 * dotted or dashed, or a quoted key: `versionCode`, `default-features`, `self.x`, `"a b"`; a type
 * annotation between allowed, `x: int = 5`) or `key: value` (YAML, JSON, HCL objects, a code
 * object literal; a space after the colon, so that `https://…` is no key), the value not empty,
 * and the line's brackets closed. `target` is the key with
 * its spacing dropped (`self            =` of aligned HCL is `self`); `readsTarget` when the value
 * names the target (`namesPath`) outside plain string literals. Undefined for anything else: `+=` and other
 * operators, comparisons (`==`, `<=`), `=>`, `:=` and `::`, declarations (`val x = 1`), calls,
 * destructuring, a `key:` opening a block, a clause (`else: …`).
 */
export function assignment(line: string): { target: string; readsTarget: boolean } | undefined {
  const text = line.trim();
  const match = /^([A-Za-z_$][\w$.-]*|"[^"\\]*"|'[^'\\]*')\s*(?::(?![:=])[^=]*=(?![=>~])|=(?![=>~])|:(?=\s))\s*(\S.*)$/.exec(text);
  if (match === null || CLAUSE_WORDS.has(match[1]) || !bracketsClosed(text)) return undefined;
  const target = match[1];
  // A key in quotes is no variable, and a plain string literal reads none (`name = "name"`); an
  // f-string or template may (`f"{x}"`, `"${x}"`): kept in. A dotted target is read where its
  // whole path stands (`this.count + 1`), not where its last name does (`self.name = name` reads
  // the parameter).
  const value = match[2].replace(/(?<![\w$])(["'])(?:(?!\1)[^\\{$])*\1/g, '""');
  return { target, readsTarget: !/^["']/.test(target) && namesPath(value, target) };
}

/** True when `text` names `path` (`count`, `self.count`) as a whole: not as part of a longer name or path (`counter`, `obj.count`). */
function namesPath(text: string, path: string): boolean {
  let at = text.indexOf(path);
  for (; at !== -1; at = text.indexOf(path, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + path.length] ?? '';
    if (!/[\w$.]/.test(before) && !/[\w$]/.test(after)) return true;
  }
  return false;
}

/** True when the line closes every bracket it opens and opens none it does not close (counted naively, strings included). */
function bracketsClosed(line: string): boolean {
  let depth = 0;
  for (const c of line) {
    if ('{[('.includes(c)) depth++;
    else if ('}])'.includes(c) && --depth < 0) return false;
  }
  return depth === 0;
}
