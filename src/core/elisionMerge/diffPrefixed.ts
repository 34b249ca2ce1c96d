/**
 * Snippets whose changed lines carry a diff's `-` and `+` (Cursor's model writes them so: `// ...
 * existing code ...`, a line of the file, the old line with `-`, the new one with `+`, another
 * marker). Read as code, the `-` line was new code to write, and the snippet was refused.
 */
import { leadingWhitespace } from '../text/indentation';
import { hasText } from './lines';
import { type BracketSyntax, balanceChange, bracketBalance } from './balance';

/** A snippet read as a diff in a snippet: the file with the shown changes made, and the snippet as it then stands. */
export interface DiffPrefixedSnippet {
  /** The file's lines with every shown change made (the file itself when each was there already). */
  readonly file: readonly string[];
  /** The block without its `-` lines and with its `+` lines' prefixes taken off, in the file's indentation. */
  readonly block: readonly string[];
  /** How many of the shown changes the file already had. */
  readonly alreadyThere: number;
}

type Kind = ' ' | '-' | '+';
interface Line {
  readonly kind: Kind;
  /** The line without its prefix (for unprefixed lines, the line). */
  readonly text: string;
}

/**
 * The block read as a diff in a snippet, or undefined when it is not one beyond doubt. Only when,
 * in each part between markers that has lines prefixed with `-` or `+` (the prefix at the line's
 * start or right before its code, whitespace only before it):
 * - every run of prefixed lines holds both `-` and `+` lines (a replacement, the shape Cursor
 *   writes; a lone `-` or `+` run may be a YAML or Markdown list, a unary minus, a concatenation);
 * - the part's unprefixed lines and its `-` lines without their prefix (blank edges aside) are a
 *   run of the file's lines, whitespace at their ends aside, found exactly once, and the `+` lines
 *   read so (the change already made) are found nowhere; or the reverse, the change already made
 *   (the part is then left as it is);
 * - no `-` line, prefix and all, is the file's line there (then the prefix is the file's own text);
 * - the parts land in the file in the block's order, without overlapping.
 * The `+` lines go in at the depth the `-` line above them gives (its indentation in the file less
 * its own after the prefix). Not for a diff or patch file, whose lines start so by nature; and,
 * given the file's `syntax`, never when the changes would unbalance its brackets (left to the
 * merge, which then refuses). Parts without prefixed lines are left for the merge to place.
 */
export function diffPrefixedSnippet(original: readonly string[], block: readonly string[], isMarker: (line: string) => boolean, path: string, syntax?: BracketSyntax): DiffPrefixedSnippet | undefined {
  if (/\.(?:diff|patch|rej)$/i.test(path)) return undefined;
  const parts: number[][] = [[]];
  block.forEach((line, i) => (isMarker(line) ? parts.push([]) : parts[parts.length - 1].push(i)));
  const file = [...original];
  const newBlock = [...block];
  const removed = new Set<number>();
  // The file's lines the changes shift later ones by, and where the last placed part ended.
  let shift = 0;
  let cursor = 0;
  let shown = 0;
  let alreadyThere = 0;
  for (const part of parts) {
    const read = part.map((i) => ({ i, line: prefixed(block[i]) }));
    if (!read.some(({ line }) => line.kind !== ' ')) continue;
    shown++;
    if (!runsReplace(read.map(({ line }) => line.kind))) return undefined;
    // Blank lines at the part's edges are the gap around the markers, not lines to match.
    let [first, last] = [0, read.length - 1];
    while (read[first].line.kind === ' ' && !hasText(read[first].line.text)) first++;
    while (read[last].line.kind === ' ' && !hasText(read[last].line.text)) last--;
    const shownLines = read.slice(first, last + 1);
    const before = shownLines.filter(({ line }) => line.kind !== '+').map(({ line }) => line.text);
    const after = shownLines.filter(({ line }) => line.kind !== '-').map(({ line }) => line.text);
    const [oldAt, newAt] = [runsAt(original, before), runsAt(original, after)];
    const applied = oldAt.length === 0 && newAt.length === 1;
    if (!applied && !(oldAt.length === 1 && newAt.length === 0)) return undefined;
    const at = applied ? newAt[0] : oldAt[0];
    if (at < cursor) return undefined;
    if (applied) {
      // The change is there already: the `+` lines stand as the file has them, the `-` lines go.
      alreadyThere++;
      let k = at;
      for (const { line, i } of shownLines) {
        if (line.kind === '-') removed.add(i);
        else if (line.kind === '+') newBlock[i] = original[k++];
        else k++;
      }
      cursor = k;
      continue;
    }
    // Each run's `-` lines as given, prefix and all, must not be the file's own lines there; the
    // first of them gives the run's `+` lines their depth.
    const written: string[] = [];
    let k = at;
    let depth: { file: string; given: string } | undefined;
    for (let n = 0; n < shownLines.length; n++) {
      const { line, i } = shownLines[n];
      if (line.kind === ' ') {
        written.push(original[k++]);
        depth = undefined;
        continue;
      }
      depth ??= runDepth(shownLines, n, original, k);
      if (depth === undefined) return undefined;
      if (line.kind === '-') {
        if (original[k].trim() === block[i].trim()) return undefined;
        removed.add(i);
        k++;
        continue;
      }
      const text = atDepth(line.text, depth);
      if (text === undefined) return undefined;
      newBlock[i] = text;
      written.push(text);
    }
    file.splice(at + shift, k - at, ...written);
    shift += written.length - (k - at);
    cursor = k;
  }
  if (shown === 0) return undefined;
  if (syntax !== undefined && balanceChange(bracketBalance(original, syntax), bracketBalance(file, syntax)) !== undefined) return undefined;
  return { file, block: newBlock.filter((_, i) => !removed.has(i)), alreadyThere };
}

/**
 * The indentation of the first `-` line of the prefixed run that line `n` of `shown` is in, in
 * the file (where `fileAt` is the file line at `n`) and as given after its prefix.
 */
function runDepth(shown: readonly { line: Line }[], n: number, original: readonly string[], fileAt: number): { file: string; given: string } | undefined {
  let start = n;
  while (start > 0 && shown[start - 1].line.kind !== ' ') start--;
  // The run's first `-` line is the file's line where the run starts.
  const k = fileAt - shown.slice(start, n).filter(({ line }) => line.kind === '-').length;
  for (let m = start; m < shown.length && shown[m].line.kind !== ' '; m++) {
    if (shown[m].line.kind === '-') return { file: leadingWhitespace(original[k]), given: leadingWhitespace(shown[m].line.text) };
  }
  return undefined;
}

/**
 * A block line read for a diff's prefix: `-` or `+` at the line's start (the code's own
 * indentation after it, as a diff writes it) or right before its code (`    -foo()`); a doubled
 * sign there (`--i`, `++count`, `-->`) is code, not a prefix.
 */
function prefixed(line: string): Line {
  const match = /^([ \t]*)([-+])(?!\2)/.exec(line);
  if (match === null) return { kind: ' ', text: line };
  return { kind: match[2] as Kind, text: match[1] + line.slice(match[0].length) };
}

/** True when every run of prefixed lines holds both a `-` and a `+` line. */
function runsReplace(kinds: readonly Kind[]): boolean {
  for (let i = 0; i < kinds.length; ) {
    if (kinds[i] === ' ') {
      i++;
      continue;
    }
    const run = new Set<Kind>();
    while (i < kinds.length && kinds[i] !== ' ') run.add(kinds[i++]);
    if (!run.has('-') || !run.has('+')) return false;
  }
  return true;
}

/** Every index of `lines` where `run` starts as a run of its lines, whitespace at their ends aside. */
function runsAt(lines: readonly string[], run: readonly string[]): number[] {
  const found: number[] = [];
  if (run.length === 0) return found;
  const wanted = run.map((line) => line.trim());
  for (let j = 0; j + wanted.length <= lines.length; j++) {
    if (wanted.every((line, k) => lines[j + k].trim() === line)) found.push(j);
  }
  return found;
}

/**
 * A `+` line's text at the depth its `-` line gives: as given when the `-` line's own indentation
 * (after its prefix) is the file's; with the file's extra indentation put before it or the given
 * extra taken off otherwise; undefined when the two indent with different characters.
 */
function atDepth(text: string, depth: { file: string; given: string }): string | undefined {
  if (depth.file === depth.given) return text;
  const own = leadingWhitespace(text);
  if (depth.file.startsWith(depth.given)) return depth.file.slice(depth.given.length) + text;
  if (depth.given.startsWith(depth.file) && own.startsWith(depth.given.slice(depth.file.length))) return text.slice(depth.given.length - depth.file.length);
  return undefined;
}
