/** New entries written after the last entry of a comma-separated list that the snippet does not give its comma. */
import { type Region, alignLines, hasText, indentOf, isCloser, isCommentLine, isOpener } from './lines';

/**
 * Why the new lines of `region` leave a list without a separator: they are written right after a
 * line of the file kept as it is (by an elision, or re-printed the same), at its depth, and that
 * line is its list's last entry, the one entry of the list with no comma after it (the entry
 * before it ends with one, and a closer shallower than it comes next: `created_at timestamp …
 * NOW()` above a table's `);`). Undefined when no new lines are so. `keptFrom`: where the region
 * before this one ended (the file's lines from there to `region.from` are kept as they are).
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
  let next = p + 1;
  while (next < original.length && original[next].trim() === '') next++;
  if (next >= original.length || !isCloser(original[next].trim().split(/\s/)[0]) || indentOf(original[next]) >= depth) return undefined;
  let sibling = p - 1;
  while (sibling >= 0 && (original[sibling].trim() === '' || indentOf(original[sibling]) > depth)) sibling--;
  if (sibling < 0 || indentOf(original[sibling]) !== depth || !original[sibling].trimEnd().endsWith(',')) return undefined;
  return `the snippet writes "${first.trim().slice(0, 40)}" after "${text.slice(0, 40)}" (line ${p + 1}), the last entry of its list, which has no comma after it while the entries before it do: written so, the list would lack a separator (re-print line ${p + 1} with its comma above the new lines)`;
}
