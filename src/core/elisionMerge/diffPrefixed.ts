/**
 * Snippets whose changed lines carry a diff's `-` and `+` (Cursor's model writes them so: `// ...
 * existing code ...`, a line of the file, the old line with `-`, the new one with `+`, another
 * marker). Read as code, the `-` line was new code to write, and the snippet was refused.
 */
import { leadingWhitespace } from '../text/indentation';
import { lineSimilarity } from '../text/lineDistance';
import { hasText, indentOf } from './lines';
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

/** A snippet whose `-` lines read as a diff of lines the file no longer has as given: refused. */
export interface StaleDiffPrefixedSnippet {
  /** Why the snippet is refused, naming the `-` line and the file's line it stands for. */
  readonly stale: string;
}

/**
 * The block read as a diff in a snippet, or undefined when it is not one beyond doubt. A line
 * starting with `-` or `+` (at its start or right before its code, whitespace only before it) is
 * the file's own line where the file has it so (a Markdown bullet, a Lua or SQL comment, `--i`),
 * and a prefixed line otherwise. Only when, in each part between markers that has prefixed lines:
 * - every run of prefixed lines holds both `-` and `+` lines (a replacement, the shape Cursor
 *   writes; a lone `-` or `+` run may be a YAML or Markdown list, a unary minus, a concatenation);
 * - the part's unprefixed lines and its `-` lines without their prefix (blank edges aside) are a
 *   run of the file's lines, whitespace at their ends aside, found exactly once, and the `+` lines
 *   read so (the change already made) are found nowhere; or the reverse, the change already made
 *   (the part is then left as it is); of two such readings, the one that keeps more lines as the
 *   file's own, and none when they keep as many;
 * - the parts land in the file in the block's order, without overlapping.
 * The `+` lines go in at the depth the `-` line above them gives (its indentation in the file less
 * its own after the prefix). Not for a diff or patch file, whose lines start so by nature; and,
 * given the file's `syntax`, never when the changes would unbalance its brackets (left to the
 * merge, which then refuses). Parts whose prefixed lines are all the file's lines are left for
 * the merge to place. A part that reads so only with a `-` line taken for a near copy of the
 * file's line there (`staleReading`) is refused: the reply diffs a text the file no longer has,
 * and written as code its prefixes would land in the file.
 */
export function diffPrefixedSnippet(original: readonly string[], block: readonly string[], isMarker: (line: string) => boolean, path: string, syntax?: BracketSyntax): DiffPrefixedSnippet | StaleDiffPrefixedSnippet | undefined {
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
    if (!part.some((i) => signOf(block[i]) !== undefined)) continue;
    // Blank lines at the part's edges are the gap around the markers, not lines to match.
    let [first, last] = [0, part.length - 1];
    while (first <= last && !hasText(block[part[first]])) first++;
    while (last >= first && !hasText(block[part[last]])) last--;
    const rows = part.slice(first, last + 1);
    const reading = partReading(original, rows.map((i) => block[i]));
    if (reading === undefined) {
      // The part's signed lines are all the file's own (a list, a comment): the merge places it.
      if (runsAt(original, rows.map((i) => block[i])).length > 0) continue;
      const stale = staleReading(original, rows.map((i) => block[i]));
      return stale === undefined ? undefined : { stale };
    }
    shown++;
    const shownLines = rows.map((i, n) => ({ i, line: reading.lines[n] }));
    const { at, applied } = reading;
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
    // The first `-` line of each run gives the run's `+` lines their depth.
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
        removed.add(i);
        k++;
        continue;
      }
      const text = atDepth(line.text, depth);
      if (text === undefined) return undefined;
      newBlock[i] = text;
      written.push(text);
    }
    // Deleting the file's last lines leaves the blank lines that parted them from the lines above
    // with nothing after them: they go too (an Ansible play's last task removed, the blank line
    // shown above it as Cursor shows it, left the file ending in a blank line).
    if (k === original.length && shownLines[shownLines.length - 1].line.kind === '-') {
      let n = shownLines.length - 1;
      while (n >= 0 && shownLines[n].line.kind === '-') n--;
      for (; n >= 0 && shownLines[n].line.kind === ' ' && shownLines[n].line.text.trim() === ''; n--) {
        written.pop();
        removed.add(shownLines[n].i);
      }
    }
    file.splice(at + shift, k - at, ...written);
    shift += written.length - (k - at);
    cursor = k;
  }
  if (shown === 0) return undefined;
  if (syntax !== undefined && balanceChange(bracketBalance(original, syntax), bracketBalance(file, syntax)) !== undefined) return undefined;
  return { file, block: newBlock.filter((_, i) => !removed.has(i)), alreadyThere };
}

/** One part's lines read as a diff, and where in the file it stands. */
interface PartReading {
  readonly lines: readonly Line[];
  /** Where the part's lines start in the file: before the change, or after it when `applied`. */
  readonly at: number;
  /** The file has the change made already. */
  readonly applied: boolean;
}

/**
 * The one reading of a part's lines as a diff (see `diffPrefixedSnippet`), or undefined. Which
 * signed lines are prefixed is read off the file: walking the file from a line, a signed line is
 * the file's own where it equals the file's line there, and prefixed otherwise; the readings so
 * found from every line, before and after the change, are then each checked for both sides.
 */
function partReading(original: readonly string[], rows: readonly string[]): PartReading | undefined {
  const candidates = new Map<string, readonly Kind[]>();
  for (let j = 0; j < original.length; j++) {
    for (const side of ['-', '+'] as const) {
      const kinds = walkedKinds(original, rows, j, side);
      if (kinds !== undefined && kinds.some((kind) => kind !== ' ') && runsReplaceOrDelete(kinds)) candidates.set(kinds.join(''), kinds);
    }
  }
  const valid: (PartReading & { kept: number })[] = [];
  for (const kinds of candidates.values()) {
    const lines = rows.map((row, n): Line => (kinds[n] === ' ' ? { kind: ' ', text: row } : { kind: kinds[n], text: signOf(row)!.text }));
    const oldAt = runsAt(original, lines.filter((line) => line.kind !== '+').map((line) => line.text));
    const newAt = runsAt(original, lines.filter((line) => line.kind !== '-').map((line) => line.text));
    const kept = kinds.filter((kind) => kind === ' ').length;
    if (!runsReplace(kinds)) {
      // A run of `-` lines alone: the lines it deletes, exactly as the file has them (see `deletesExactly`).
      if (oldAt.length === 1 && (newAt.length === 0 || !kinds.includes('+')) && deletesExactly(lines, kinds, original, oldAt[0])) valid.push({ lines, at: oldAt[0], applied: false, kept });
      continue;
    }
    if (oldAt.length === 1 && newAt.length === 0) valid.push({ lines, at: oldAt[0], applied: false, kept });
    else if (oldAt.length === 0 && newAt.length === 1) valid.push({ lines, at: newAt[0], applied: true, kept });
  }
  const most = Math.max(...valid.map((reading) => reading.kept));
  const best = valid.filter((reading) => reading.kept === most);
  return best.length === 1 ? best[0] : undefined;
}

/**
 * The kinds of `rows` read against the file from line `j`, on the side before the change (`-`:
 * `+` lines skipped) or after it (`+`: `-` lines skipped), or undefined where the walk fails. A
 * signed line equal to the file's line there is the file's own; unsigned lines must be.
 */
function walkedKinds(original: readonly string[], rows: readonly string[], j: number, side: '-' | '+', near?: (row: string, text: string, fileLine: string) => boolean): Kind[] | undefined {
  const kinds: Kind[] = [];
  let k = j;
  for (const row of rows) {
    const sign = signOf(row);
    const there = original[k];
    if (there !== undefined && there.trim() === row.trim()) {
      kinds.push(' ');
      k++;
    } else if (sign === undefined) {
      return undefined;
    } else if (sign.kind !== side) {
      kinds.push(sign.kind);
    } else if (there !== undefined && (there.trim() === sign.text.trim() || near?.(row, sign.text, there) === true)) {
      kinds.push(sign.kind);
      k++;
    } else {
      return undefined;
    }
  }
  return kinds;
}

/** How alike a stale `-` line must be to the file's line there to be taken for a copy of it. */
const STALE_SIMILARITY = 0.6;

/**
 * Why a part is refused as a diff of lines the file no longer has, or undefined: read with its
 * `-` lines allowed to be near copies of the file's lines there (alike beyond
 * `STALE_SIMILARITY`, and nearer without the prefix than with it), the part reads as a
 * replacement at exactly one place. Seen on a Markdown table whose `-` row was an older version
 * of the file's row: read as text, both prefixed rows were written beside the real one.
 */
function staleReading(original: readonly string[], rows: readonly string[]): string | undefined {
  const near = (row: string, text: string, fileLine: string) => {
    const alike = lineSimilarity(text.trim(), fileLine.trim());
    return alike >= STALE_SIMILARITY && alike > lineSimilarity(row.trim(), fileLine.trim());
  };
  const found: { j: number; kinds: Kind[] }[] = [];
  for (let j = 0; j < original.length && found.length < 2; j++) {
    const kinds = walkedKinds(original, rows, j, '-', near);
    if (kinds !== undefined && kinds.some((kind) => kind !== ' ') && runsReplace(kinds)) found.push({ j, kinds });
  }
  if (found.length !== 1) return undefined;
  const { j, kinds } = found[0];
  let k = j;
  for (const [n, row] of rows.entries()) {
    if (kinds[n] === '+') continue;
    if (kinds[n] === '-' && original[k].trim() !== signOf(row)!.text.trim()) {
      return `the snippet's lines that start with "-" and "+" read as a diff, but its "-" line "${signOf(row)!.text.trim()}" is not the file's line ${k + 1} ("${original[k].trim()}"), only a near copy of it: the change was written against an older version, and written as it stands its "-" and "+" would land in the file`;
    }
    k++;
  }
  return undefined;
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
 * The sign a block line starts with, read as a diff's prefix: `-` or `+` at the line's start (the
 * code's own indentation after it, as a diff writes it) or right before its code (`    -foo()`),
 * with the line's text without it; undefined for a line without one. Whether it is a prefix or
 * the line's own text (`--i`, a Markdown bullet) is read off the file (`walkedKinds`).
 */
function signOf(line: string): { kind: '-' | '+'; text: string } | undefined {
  const match = /^([ \t]*)([-+])/.exec(line);
  if (match === null) return undefined;
  return { kind: match[2] as '-' | '+', text: match[1] + line.slice(match[0].length) };
}

/** True when every run of prefixed lines holds a `-` line: replacements, and deletions (`-` lines alone). */
function runsReplaceOrDelete(kinds: readonly Kind[]): boolean {
  return everyRunHolds(kinds, ['-']);
}

/** True when every run of prefixed lines holds both a `-` and a `+` line. */
function runsReplace(kinds: readonly Kind[]): boolean {
  return everyRunHolds(kinds, ['-', '+']);
}

/** True when every run of prefixed lines (lines whose kind is not `' '`) holds a line of each kind `wanted`. */
function everyRunHolds(kinds: readonly Kind[], wanted: readonly Kind[]): boolean {
  for (let i = 0; i < kinds.length; ) {
    if (kinds[i] === ' ') {
      i++;
      continue;
    }
    const run = new Set<Kind>();
    while (i < kinds.length && kinds[i] !== ' ') run.add(kinds[i++]);
    if (wanted.some((kind) => !run.has(kind))) return false;
  }
  return true;
}

/**
 * True when every run of `-` lines alone in a part read as a diff (`lines`, at file line `at`)
 * has a line of the file before it in the part, every line of the run is its file line with one
 * `-` put before it, indentation and all (`-- name: Enable site` for `- name: Enable site`,
 * `-  file:` for `  file:`), and the run is a whole block with its body: its first line with text
 * is its shallowest, and lines deeper than that one come after it.
 *
 * Why: Cursor writes a deleted block so, a file line kept above it to place it, and an Ansible
 * task removed from a play was refused (its `-- name:` read as new code). A lone `-` run may as
 * well be lines written new: a YAML or Markdown list, or the file's own lines given one more `-`
 * (Lua or SQL `--` comments turned into LuaDoc's `---`, each line at one depth). A `-` put before
 * an indented line's indentation, and a block's head deleted with its body, are no such edit.
 */
function deletesExactly(lines: readonly Line[], kinds: readonly Kind[], original: readonly string[], at: number): boolean {
  let k = at;
  let fileLineBefore = false;
  for (let n = 0; n < lines.length; ) {
    if (kinds[n] !== '-' && kinds[n] !== '+') {
      fileLineBefore ||= hasText(lines[n].text);
      k++;
      n++;
      continue;
    }
    const end = runEnd(kinds, n);
    const run = lines.slice(n, end);
    const deleted = original.slice(k, k + run.filter((line) => line.kind === '-').length);
    if (run.every((line) => line.kind === '-')) {
      if (!fileLineBefore || run.some((line, m) => line.text.trimEnd() !== deleted[m].trimEnd())) return false;
      const depths = deleted.filter((line) => line.trim() !== '').map(indentOf);
      if (depths.length === 0 || depths.some((depth) => depth < depths[0]) || !depths.some((depth) => depth > depths[0])) return false;
    }
    k += deleted.length;
    n = end;
  }
  return true;
}

/** Where the run of prefixed lines that `kinds[n]` is in ends (exclusive). */
function runEnd(kinds: readonly Kind[], n: number): number {
  while (n < kinds.length && kinds[n] !== ' ') n++;
  return n;
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
