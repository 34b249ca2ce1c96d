/** New entries written after the last entry of a comma-separated list that the snippet does not give its comma. */
import { type Region, alignLines, hasText, indentOf, isCloser, isCommentLine, isOpener } from './lines';

/**
 * Why the new lines of `region` leave a list without a separator: they are written right after a
 * line of the file kept as it is (by an elision, or re-printed the same), at its depth, and that
 * line ends its list's last entry, the one entry of the list with no comma after it (the entry
 * before it ends with one, and the list's closer comes next: `created_at timestamp … NOW()` above
 * a table's `);`; see `endsList` and `firstLineOfEntry`). Undefined when no new lines are so.
 * `keptFrom`: where the region before this one ended (the file's lines from there to
 * `region.from` are kept as they are).
 *
 * A snippet that adds a column after the last one (`CREATE TABLE posts(`, `-- ... existing
 * columns ...`, the new `updated_at …`, `);`) and does not re-print the old last column with the
 * comma it now needs was merged into invalid SQL (go-social's posts migration): placed at the
 * table's end, the new column went after the file's comma-less last one. Which comma the model
 * meant (after the old entry, or the new entry first in the list) the snippet does not say, and a
 * written list that no longer parses is worse than a refusal.
 */
export function separatorLeftOut(region: Region, original: readonly string[], keptFrom: number): string | undefined {
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trimEnd() === b.trimEnd());
  // The last line with text above the current part that the file has as it is, or -1 when the snippet rewrote it.
  let kept = region.from - 1;
  while (kept >= keptFrom && original[kept].trim() === '') kept--;
  if (kept < keptFrom) kept = -1;
  let at = region.from;
  for (const part of parts) {
    if (part.added) {
      const missing = kept >= 0 ? lastEntryWithoutComma(original, kept, part.value) : undefined;
      if (missing !== undefined) return missing;
      kept = -1;
      continue;
    }
    const withText = part.value.map((line, k) => ({ line, k })).filter(({ line }) => line.trim() !== '');
    if (part.removed) kept = -1;
    else if (withText.length > 0) kept = at + withText[withText.length - 1].k;
    at += part.value.length;
  }
  return undefined;
}

/**
 * Why new lines written right after file line `p` leave its list without a separator (see
 * `separatorLeftOut`); undefined when `p` is no comma-less last entry or the new lines are no
 * entry beside it (deeper, a comment, or starting with the comma themselves).
 */
function lastEntryWithoutComma(original: readonly string[], p: number, added: readonly string[]): string | undefined {
  const first = added.find((line) => line.trim() !== '');
  const entry = original[p];
  if (first === undefined || indentOf(first) !== indentOf(entry) || first.trim().startsWith(',') || isCommentLine(first) || first.trim().startsWith('--')) return undefined;
  const text = entry.trim();
  if (!hasText(text) || text.endsWith(',') || isOpener(text) || isCloser(text)) return undefined;
  const depth = indentOf(entry);
  const opener = lineAbove(original, p, (line) => indentOf(line) < depth);
  let next = p + 1;
  while (next < original.length && original[next].trim() === '') next++;
  if (next >= original.length || !endsList(original[next], depth, opener >= 0 ? original[opener] : '')) return undefined;
  const entryStart = firstLineOfEntry(original, p, depth, opener);
  const sibling = lineAbove(original, entryStart, (line) => indentOf(line) <= depth);
  if (sibling < 0 || indentOf(original[sibling]) !== depth || !original[sibling].trimEnd().endsWith(',')) return undefined;
  const where = entryStart === p ? `line ${p + 1}` : `lines ${entryStart + 1}-${p + 1}`;
  return `the snippet writes "${first.trim().slice(0, 40)}" after "${text.slice(0, 40)}" (${where}), the last entry of its list, which has no comma after it while the entries before it do: written so, the list would lack a separator (re-print line ${p + 1} with its comma above the new lines)`;
}

/** The nearest line above `p` with text for which `stops` holds, or -1; deeper lines and blank ones are passed. */
function lineAbove(original: readonly string[], p: number, stops: (line: string) => boolean): number {
  let k = p - 1;
  while (k >= 0 && (original[k].trim() === '' || !stops(original[k]))) k--;
  return k;
}

/**
 * Whether `line`, the next one with text after a list entry at `depth`, closes that entry's list: a
 * closer shallower than the entry (`);` under `  created_at …`), or one at the entry's own depth
 * that starts with the bracket matching the one `openerLine` (the list's opening line) ends with.
 * Some schemas close every table with `    );` level with its columns (a real Postgres schema's
 * users and refresh_token tables), and the closer's depth says nothing then about where the list
 * ends. A closer at the entries' depth that is no such bracket is not taken: a shell `case` arm's
 * `;;` stands level with the commands it ends, and those are no list.
 */
function endsList(line: string, depth: number, openerLine: string): boolean {
  const trimmed = line.trim();
  if (!isCloser(trimmed.split(/\s/)[0])) return false;
  if (indentOf(line) < depth) return true;
  if (indentOf(line) > depth) return false;
  const closing = CLOSING_BRACKET[openerLine.trimEnd().slice(-1)];
  return closing !== undefined && trimmed.startsWith(closing);
}

const CLOSING_BRACKET: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}' };

/**
 * The first line of the list entry that ends on line `p`, at `depth`: `p` itself, or, in a list
 * opened by `(` or `[`, the line after the nearest line at `depth` that ends with a comma when the
 * lines between carry none. A table constraint is often written on lines of its own, all level
 * (`CONSTRAINT fk_…`, `FOREIGN KEY (…) REFERENCES …`, `ON DELETE CASCADE …`), and its last line is
 * then no entry by itself. Lines of a `{` block are statements, each its own (a `b = 2` under a
 * `const a = 1,` is no part of it), so they are not joined; nor is a line that ends a statement
 * (`;`), opens or closes a block, or is a comment.
 */
function firstLineOfEntry(original: readonly string[], p: number, depth: number, opener: number): number {
  const bracket = opener >= 0 ? original[opener].trimEnd().slice(-1) : '';
  if (bracket !== '(' && bracket !== '[') return p;
  let start = p;
  for (let k = p - 1; k > opener; k--) {
    const line = original[k];
    const trimmed = line.trim();
    if (trimmed === '' || indentOf(line) > depth) continue;
    if (indentOf(line) < depth || trimmed.endsWith(',')) break;
    if (!hasText(trimmed) || trimmed.endsWith(';') || isOpener(trimmed) || isCloser(trimmed) || isCommentLine(line) || trimmed.startsWith('--')) return p;
    start = k;
  }
  return start;
}
