import type { FileIndex } from '../locate/fileIndex';
import { ladder, locate } from '../locate/ladder';
import type { LineMatch, Needle } from '../locate/matcher';
import { diffArrays, type ArrayChange } from 'diff';
import { isEditOf } from '../elisionMerge/lines';
import { hasText } from '../text/normalize';

/**
 * Every place the needle's text already stands in the file under the first `rungs` rungs of the
 * ladder (no fuzzy guessing): the already-applied checks. A blank needle stands nowhere.
 */
export function wherePresent(index: FileIndex, needle: Needle, rungs: number): LineMatch[] {
  if (needle.lines.every((line) => line.trim() === '')) return [];
  const found = locate(index, needle, { expectedCount: 'all', fuzzyThreshold: 1, rungs: ladder.slice(0, rungs) });
  return found.kind === 'found' ? found.matches : [];
}

/**
 * True when the file holds the whole replacement around `match`, with the search text inside it.
 * Lines are compared without their indentation (a reply may quote the file shifted), except where
 * the file holds a search line exactly as the reply wrote it and the replacement writes that line
 * otherwise (a Markdown bullet indented under its heading, `* x` made `  * x`): there the file
 * still reads as before the edit, and the edit is to be applied.
 */
export function containsAppliedReplacement(index: FileIndex, needle: Needle, replacement: string[], match: LineMatch): boolean {
  const n = needle.lines.length;
  if (replacement.length <= n || match.strategy === 'fuzzy' || match.strategy === 'elision') return false;
  const norm = (line: string) => line.trim();
  const wanted = needle.lines.map(norm);
  const written = replacement.map(norm);
  const asBefore = (k: number) => match.end - match.start === n && needle.lines.some((line, i) => index.line(match.start + i).trimEnd() === line.trimEnd() && replacement[k + i].trimEnd() !== line.trimEnd());
  for (let k = 0; k + n <= replacement.length; k++) {
    if (!wanted.every((line, i) => written[k + i] === line) || asBefore(k) || addsRepeatOfEdge(written, k, n)) continue;
    const start = match.start - k;
    if (start < 0 || start + replacement.length > index.lineCount) continue;
    if (written.every((line, i) => norm(index.line(start + i)) === line)) return true;
  }
  return false;
}

/**
 * True when the lines the edit takes out all still stand in the file between the match's first
 * and last lines, word for word (indentation aside), one of them at least with some real text (a
 * `}` taken out proves nothing: the region holds others). A loose match (elided, fuzzy) of a
 * replacement can stand over text the edit has not touched yet: an elided replacement's markers
 * match any lines, and a change of whitespace inside a line (`(%d,%d)` made `(%d, %d)`) reads the
 * same to the whitespace rungs. Where the lines it removes are all still there, it was not applied.
 * The lines taken out are the search lines the line diff of the two texts leaves unpaired, except
 * runs next to an elision of either text: those may be what the replacement's elision stands for.
 */
export function holdsRemovedLines(index: FileIndex, needle: Needle, replacement: readonly string[], replacementElisions: ReadonlySet<number>, match: LineMatch): boolean {
  const ELIDED = '\u0000elided';
  const search = needle.lines.map((line, i) => (needle.elisions.has(i) ? ELIDED : line.trim()));
  const written = replacement.map((line, i) => (replacementElisions.has(i) ? ELIDED : line.trim()));
  const parts = diffArrays(search, written, { maxEditLength: MAX_EDGE_STEPS });
  if (parts === undefined) return false;
  const removed: string[] = [];
  parts.forEach((part, k) => {
    if (!part.removed) return;
    // The added run that stands in its place, and the kept lines on either side of the two.
    const added = [parts[k - 1], parts[k + 1]].find((p) => p?.added);
    const above = parts[k - 1]?.added ? parts[k - 2] : parts[k - 1];
    const below = parts[k + 1]?.added ? parts[k + 2] : parts[k + 1];
    const nextToElision = part.value.includes(ELIDED) || added?.value.includes(ELIDED) || above?.value[above.value.length - 1] === ELIDED || below?.value[0] === ELIDED;
    if (!nextToElision) removed.push(...part.value.filter((line) => line !== ''));
  });
  if (!removed.some(hasText)) return false;
  const region = new Map<string, number>();
  for (let i = match.start; i < match.end; i++) {
    const text = index.line(i).trim();
    region.set(text, (region.get(text) ?? 0) + 1);
  }
  return removed.every((text) => {
    const left = region.get(text) ?? 0;
    region.set(text, left - 1);
    return left > 0;
  });
}

/**
 * The 0-based line where a diff hunk's new side already stands, word for word (trailing
 * whitespace aside), at one of the places its numbers put it (`newPlaces`: its `+c`, and its `-a`
 * moved by the drift of the hunks before it), while its old side was found at `match`, where its
 * numbers do not put it (`oldPlaces`); undefined otherwise.
 * Why: a hunk re-applied to the file it made (a reply applied twice, an edit the model re-sends)
 * finds its old lines nowhere where it says, but a copy of them may stand elsewhere: one context
 * line over a method its class's twin repeats (`def to_url` / `return str(value)` in Django's
 * IntConverter and UUIDConverter, 20 lines apart) matched the twin, and the edit rewrote it. Its
 * new side standing exactly at its own line says it was applied there.
 * The new side must add a line with text the old side lacks: lines that only join (a deletion)
 * may meet by chance. Blank lines alone prove it only at the file's start (`+1`): in mid-file a
 * number one line off reads the same as a blank line already added (see `blankLinesStandBeyond`),
 * but no line stands above line 1, so a hunk quoting the file's first lines below blank lines it
 * adds, found one line down, finds them added.
 */
export function appliedAtNumberedPlace(index: FileIndex, needle: Needle, replacement: readonly string[], match: LineMatch, oldPlaces: readonly number[], newPlaces: readonly number[]): number | undefined {
  if (oldPlaces.includes(match.start)) return undefined;
  const quoted = new Set(needle.lines.map((line) => line.trim()));
  const addsText = replacement.some((line) => hasText(line) && !quoted.has(line.trim()));
  const blanksOnly = !addsText && blankLinesAdded(needle.lines, replacement) !== undefined;
  if (!addsText && !blanksOnly) return undefined;
  return newPlaces.find((place) => {
    if (blanksOnly && place !== 0) return false;
    if (place < 0 || place + replacement.length > index.lineCount) return false;
    return replacement.every((line, i) => index.line(place + i).trimEnd() === line.trimEnd());
  });
}

/**
 * True when the lines an edit adds right before its matched run (`written[0..k)`) repeat that
 * run's first lines, or those it adds right after it repeat its last lines: a `<br>` added under
 * a quoted `<br>`, a blank line after a blank line. The file holding such lines next to the match
 * says nothing about the edit (they stood there before it too), so it is not taken as applied.
 */
export function addsRepeatOfEdge(written: readonly string[], k: number, n: number): boolean {
  const after = written.length - k - n;
  const repeats = (from: number, count: number, at: number) => count > 0 && count <= n && written.slice(from, from + count).every((line, i) => line === written[at + i]);
  return repeats(0, k, k) || repeats(k + n, after, k + n - after);
}

/**
 * How many blank lines the edit adds above and below the search text, when that is all it does:
 * the replacement is the search text, line for line as written (trailing whitespace aside), with
 * blank lines at its edges. Undefined for any other edit; one that also re-indents the lines
 * (`* x` made `  * x` and a blank line) is another. Those blank lines are then the whole edit
 * (flake8's E302, "expected 2 blank lines", fixed by a SEARCH of `class SignupForm(forms.Form):`
 * and a REPLACE of a blank line and that line), and the blank line most files hold above a class
 * or below a function stood there before it as well: see `blankLinesStandBeyond`.
 */
export function blankLinesAdded(searchLines: readonly string[], replacementLines: readonly string[]): { readonly before: number; readonly after: number } | undefined {
  const n = searchLines.length;
  if (n === 0 || replacementLines.length <= n) return undefined;
  const before = replacementLines.findIndex((line) => line.trim() !== '');
  if (before === -1 || before + n > replacementLines.length) return undefined;
  const after = replacementLines.length - before - n;
  const blank = (line: string) => line.trim() === '';
  if (!replacementLines.slice(before + n).every(blank) || !searchLines.every((line, i) => replacementLines[before + i].trimEnd() === line.trimEnd())) return undefined;
  return { before, after };
}

/**
 * True when the file holds more blank lines right above `match` than the edit adds there, and
 * more right below it than it adds there (`added`, from `blankLinesAdded`), on each side the edit
 * adds some. An edit that only adds blank lines reads as made from that alone: made on a file that
 * had the fewer, it left the more (one blank line above a class made two, and the same reply
 * applied again would make three). A file that holds just as many as the edit adds shows nothing:
 * most have one blank line above a definition, before the edit that wants two as after it.
 */
export function blankLinesStandBeyond(index: FileIndex, match: LineMatch, added: { readonly before: number; readonly after: number }): boolean {
  const run = (from: number, step: 1 | -1) => {
    let count = 0;
    for (let k = from; k >= 0 && k < index.lineCount && index.line(k).trim() === ''; k += step) count++;
    return count;
  };
  return (added.before === 0 || run(match.start - 1, -1) > added.before) && (added.after === 0 || run(match.end, 1) > added.after);
}

/**
 * The places among `places` (where the replacement stands) at which the edit can have been
 * applied, judged by the lines it deletes at its edges: a replacement that drops the search
 * text's first or last lines (`x = 1` / `y = 2` made `x = 1`) stands in the file whether or not
 * they were deleted, so where the line next to it is still one of them, or an edit of one
 * (`y = 3`, the file changed since the model read it), the edit is not applied there. Lines
 * deleted or changed between the replacement's own lines prove nothing either way (the
 * replacement standing whole shows them gone), and neither do blank lines.
 */
export function appliedPlaces(index: FileIndex, searchLines: readonly string[], replacementLines: readonly string[], places: readonly LineMatch[]): LineMatch[] {
  const { before, after } = deletedAtEdges(searchLines, replacementLines);
  if (before === undefined && after === undefined) return [...places];
  return places.filter((place) => {
    if (before !== undefined) {
      const above = nonBlankLine(index, place.start - 1, -1);
      if (above !== undefined && resembles(before, above)) return false;
    }
    if (after !== undefined) {
      const below = nonBlankLine(index, place.end, 1);
      if (below !== undefined && resembles(after, below)) return false;
    }
    return true;
  });
}

/**
 * The search text's line deleted just before the replacement's first line, and the one deleted
 * just after its last line, each undefined when there is none. Found in a bounded line diff: a
 * change group at either edge (removed and added lines with no kept line beyond them) whose
 * removed lines outnumber what the added lines edit. The added lines stand for the removed lines
 * they are edits of (`x = 10` for `x = 1`; without any, for as many on the inner side), and the
 * removed lines past those, on the outer side, are the ones deleted (`y = 2` when `x = 1` /
 * `y = 2` becomes `x = 10`). Blank lines are never the line returned.
 */
function deletedAtEdges(searchLines: readonly string[], replacementLines: readonly string[]): { before?: string; after?: string } {
  if (replacementLines.length === 0) return {};
  // Bounded: an edit that deletes or changes lines at its edges is a few steps of the diff; past
  // that (a long search text against a short replacement) it is not that kind of edit.
  const parts = diffArrays(searchLines.map((line) => line.trim()), replacementLines.map((line) => line.trim()), { maxEditLength: MAX_EDGE_STEPS });
  if (parts === undefined || parts.length === 0) return {};
  const isKept = (part: ArrayChange<string>) => !part.added && !part.removed;
  const firstKept = parts.findIndex(isKept);
  const lastKept = parts.length - 1 - [...parts].reverse().findIndex(isKept);
  const leading = firstKept === -1 ? parts : parts.slice(0, firstKept);
  const trailing = firstKept === -1 ? parts : parts.slice(lastKept + 1);
  const before = surplusRemoved(leading, 'before');
  const after = surplusRemoved(trailing, 'after');
  return { before: before.filter((line) => line !== '').pop(), after: after.filter((line) => line !== '')[0] };
}

/**
 * The removed lines of one edge change group that no added line stands for, on the group's outer
 * side (`before`: above the first removed line an added line edits; `after`: below the last).
 * When no added line is an edit of any removed one, the added lines stand for as many removed
 * lines on the inner side, and the rest are the surplus.
 */
function surplusRemoved(group: readonly ArrayChange<string>[], side: 'before' | 'after'): string[] {
  const removed = group.filter((part) => part.removed).flatMap((part) => part.value);
  const added = group.filter((part) => part.added).flatMap((part) => part.value);
  if (removed.length === 0) return [];
  const editedByAdded = (line: string) => line !== '' && added.some((a) => resembles(line, a));
  if (side === 'before') {
    const firstEdited = removed.findIndex(editedByAdded);
    return removed.slice(0, firstEdited !== -1 ? firstEdited : Math.max(0, removed.length - added.length));
  }
  const lastEdited = removed.length - 1 - [...removed].reverse().findIndex(editedByAdded);
  const edited = lastEdited !== removed.length ? lastEdited : -1;
  return removed.slice(edited !== -1 ? edited + 1 : Math.min(removed.length, added.length));
}

/** How many removed and added lines the diff behind `deletedAtEdges` may find before it gives up. */
const MAX_EDGE_STEPS = 64;

/** The first non-blank line from `i` on in direction `step` (-1 up, 1 down), or undefined at the file's edge. */
function nonBlankLine(index: FileIndex, i: number, step: 1 | -1): string | undefined {
  for (let k = i; k >= 0 && k < index.lineCount; k += step) if (index.line(k).trim() !== '') return index.line(k);
  return undefined;
}

/**
 * True when the file line is the deleted line or an edit of it (`isEditOf`: `y = 3` for `y = 2`):
 * `correspond`'s test, but short lines count too, since a short assignment is as much a line an
 * edit deletes as a long one; a line of punctuation only is an edit of nothing.
 */
function resembles(deleted: string, line: string): boolean {
  const a = deleted.trim();
  const b = line.trim();
  return a === b || (/[A-Za-z0-9_]/.test(a) && isEditOf(a, b));
}
