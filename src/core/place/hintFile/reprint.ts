/**
 * A block without a path that re-prints one place of the target file with lines changed (no
 * definition named, no marker): where it goes, when one place holds most of its lines.
 */
import { mergeFragment } from '../../elisionMerge';
import { bracketSyntaxFor } from '../../elisionMerge/balance';
import { hasText } from '../../elisionMerge/lines';
import { type FileIndex, normaliseLine } from '../../locate/fileIndex';
import { defaultFuzzyLimits, votedWindows } from '../../locate/fuzzy';
import { inFileIndentation } from '../fileIndentation';

/**
 * The one place of the file (0-based lines, end exclusive) that a block without a path re-prints
 * with some lines changed, or undefined. Each window of the block's length that shares lines with
 * it (`votedWindows`) holds some of the block's lines with text at their places (whitespace and
 * punctuation aside); the place is the window holding the most, when that is at least half of
 * them and three (or two the file has once, with only new lines beside them: `anchoredAddition`),
 * not all of them (something changes), and every line any other window holds that the place
 * itself lacks (so a window alike but for its name line, or one that holds the line the block
 * changes, leaves the choice open and nothing is taken; a closing tag among new lines, held
 * wherever the file has one, does not). The block, placed as a part of the file there, must
 * change no line outside it.
 *
 * Why: the target file says which file; a block re-printing a part of it says where. A reducer's
 * `case COMPLETE_TODO:` arm re-printed with one line changed defines no name, and was refused as
 * naming no file under `--file`, though with its path on the line above it it applied. An
 * illustration (a call, a test of the code) is not most of one place of the file, line for line.
 */
export function reprintedPlace(lines: readonly string[], index: FileIndex, fileLines: readonly string[], path: string): { start: number; end: number } | undefined {
  const withText = lines.filter(hasText).length;
  if (withText < MIN_ANCHORED_LINES + 1) return undefined;
  const folded = lines.map((line) => normaliseLine(line, 'fold'));
  const held = (start: number) => folded.flatMap((line, k) => (hasText(line) && start + k < index.lineCount && index.lineUnder('fold', start + k) === line ? [k] : []));
  // A block that adds lines is longer than the place it re-prints: near the file's end its window
  // runs past the last line (a POM's last `<pluginRepository>` re-printed with a new one after it,
  // three lines above `</project>`), and kept inside the file it was no window at all (but see
  // the file's end below).
  const scope = { from: 0, to: index.lineCount + lines.length, fuzzyThreshold: 1 };
  const windows = [...votedWindows(index, { lines, elisions: new Set() }, scope, defaultFuzzyLimits).keys()].map((start) => ({ start, held: held(start) }));
  const best = windows.reduce<(typeof windows)[number] | undefined>((top, window) => (top === undefined || window.held.length > top.held.length ? window : top), undefined);
  if (best === undefined || best.held.length === withText) return undefined;
  if (best.held.length < Math.max(MIN_REPRINTED_LINES, withText / 2) && !anchoredAddition(folded, best.held, index)) return undefined;
  const bestHeld = new Set(best.held);
  // A line another window holds speaks for that place only when the best place lacks it: a
  // `</goals>` or `</execution>` of a new `<execution>` is held wherever the file has one.
  const inPlace = new Set(Array.from({ length: Math.min(lines.length, index.lineCount - best.start) }, (_, i) => index.lineUnder('fold', best.start + i)));
  if (windows.some((window) => window !== best && (window.held.length === best.held.length || window.held.some((k) => !bestHeld.has(k) && !inPlace.has(folded[k]))))) return undefined;
  const start = best.start;
  const end = Math.min(index.lineCount, start + lines.length);
  // Placed as the rewrite will place it (in the file's indentation), it changes lines there only.
  const merged = mergeFragment(fileLines, inFileIndentation(fileLines, lines).lines, bracketSyntaxFor(path));
  if (!merged.ok || !sameBracketCounts(fileLines, merged.lines)) return undefined;
  let first = 0;
  while (first < fileLines.length && first < merged.lines.length && fileLines[first] === merged.lines[first]) first++;
  let fromEnd = 0;
  while (fromEnd < fileLines.length - first && fromEnd < merged.lines.length - first && fileLines[fileLines.length - 1 - fromEnd] === merged.lines[merged.lines.length - 1 - fromEnd]) fromEnd++;
  // A window that runs past the file's end is taken only where the block's new lines stand above
  // the file's last line with text: the file goes on after them (`</pluginRepositories>`,
  // `</project>`). Lines after the file's very end, under a definition re-printed whole, are an
  // illustration of it (`(as-uuid "not-a-uuid")` under `(defn as-uuid …)`), not lines to add.
  if (start + lines.length > index.lineCount && fileLines.length - fromEnd > lastWithText(fileLines)) return undefined;
  return first >= start && fileLines.length - fromEnd <= end ? { start, end } : undefined;
}

/** The index of the last line with text (`hasText`), -1 when none has any. */
function lastWithText(lines: readonly string[]): number {
  let last = lines.length - 1;
  while (last >= 0 && !hasText(lines[last])) last--;
  return last;
}

/**
 * True when both texts open and close as many `(`, `[` and `{` (outside double-quoted strings).
 * A re-print that leaves a bracket unclosed is cut short, not an edit: compojure's `(defn as-uuid`
 * re-printed without its last `))` was written over the form, leaving the file unbalanced. The
 * count is rough (a bracket in a comment or a single-quoted string counts), but it reads both
 * texts alike, and a re-print changes few lines: it only ever turns a placement into a refusal.
 * Languages the merge's own bracket check does not know (Lisps, Haskell, Erlang) need it most.
 */
function sameBracketCounts(before: readonly string[], after: readonly string[]): boolean {
  const counts = (lines: readonly string[]) => {
    const open = [0, 0, 0];
    for (const line of lines) {
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (ch === '\\') i++;
        else if (ch === '"') quoted = !quoted;
        else if (!quoted) {
          const kind = '([{'.indexOf(ch);
          if (kind !== -1) open[kind]++;
          const closing = ')]}'.indexOf(ch);
          if (closing !== -1) open[closing]--;
        }
      }
    }
    return open;
  };
  const [a, b] = [counts(before), counts(after)];
  return a.every((count, kind) => count === b[kind]);
}

/**
 * True when a short block is lines of the file that stand once in it, one after another (`held`,
 * at least `MIN_ANCHORED_LINES`), and lines the file has nowhere, after or before them: "Add the
 * `glob` crate to `crates/ignore/Cargo.toml`:" above `[dependencies]`, `crossbeam-deque =
 * "0.8.3"` and `glob = "0.3.1"` says where the new line goes as surely as a longer re-print, and was
 * refused for holding two of the file's lines, not three. The file's line the new ones stand
 * against must be unique (a `}` or an `end` says nowhere) and the new ones new: a block mixing the
 * file's lines with lines like them elsewhere is no such addition.
 */
function anchoredAddition(folded: readonly string[], held: readonly number[], index: FileIndex): boolean {
  if (held.length < MIN_ANCHORED_LINES) return false;
  const withText = folded.flatMap((line, k) => (hasText(line) ? [k] : []));
  const first = withText.indexOf(held[0]);
  if (held.some((k, i) => withText[first + i] !== k)) return false;
  const counts = new Map<string, number>();
  for (let i = 0; i < index.lineCount; i++) {
    const line = index.lineUnder('fold', i);
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const heldSet = new Set(held);
  // The held line the new lines stand against must be one the file has once; the others, held
  // beside it, need not be: `serde_json = "1"` stands under `[dependencies]` and
  // `[dev-dependencies]` alike, and above `tokio = …`, which stands once, it still says where
  // `anyhow = "1"` goes. A repeated line against the new ones (`name = "ignore"`, in `[package]`
  // and `[lib]`) leaves them between two places the block could mean.
  const once = (k: number) => counts.get(folded[k]) === 1;
  const added = withText.filter((k) => !heldSet.has(k));
  if (added.some((k) => k > held[held.length - 1]) && !once(held[held.length - 1])) return false;
  if (added.some((k) => k < held[0]) && !once(held[0])) return false;
  return held.some(once) && added.every((k) => !counts.has(folded[k]));
}

/** A block with fewer lines with text than this, held by one place, is too short to say it re-prints that place. */
const MIN_REPRINTED_LINES = 3;
/** Fewest unique lines of the file a short block adding lines next to them must hold (`anchoredAddition`). */
const MIN_ANCHORED_LINES = 2;
