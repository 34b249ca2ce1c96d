import { IndentTally, indentKind, indentWidth, isBlank, leadingWhitespace, type IndentedLineCounts, type IndentUnit } from '../text/indentation';
import { EditedText } from '../text/editedText';
import type { FileText } from '../text/fileText';
import { collapseWhitespace, foldUnicode, trimEnd } from '../text/normalize';
import { coarseSkeletonHashOf, readWhole, skeletonHashOf } from '../text/skeletonHash';

/** The line normalisations the rungs compare under. */
export type Normalisation = 'exact' | 'trimEnd' | 'trim' | 'collapse' | 'fold';

const normalisers: Record<Normalisation, (line: string) => string> = {
  exact: (line) => line,
  trimEnd,
  trim: (line) => trimEnd(line).replace(/^[ \t]+/, ''),
  collapse: collapseWhitespace,
  fold: foldUnicode,
};

/** Normalises one line the way `kind` compares lines. */
export function normaliseLine(line: string, kind: Normalisation): string {
  return normalisers[kind](line);
}

/** How many lines `detectIndentUnit` looks at. */
const INDENT_SAMPLE = 2000;
/** How many lines the blank-line style is read from (as re-anchoring reads it). */
const BLANK_SAMPLE = 2000;

/**
 * A file prepared for matching, built once per file and shared by every op of a reply.
 *
 * Two tables, each built on first use by one pass over the file's flat text into typed arrays (a
 * string-keyed map cost ~100 ms on a 100,000-line file), never from per-line strings:
 * - the *exact* table hashes each line as it is, from its length and a sample of its characters:
 *   cheap enough that a reply whose edits are all quoted exactly never pays for more;
 * - the *skeleton* table hashes each line without whitespace, typographic punctuation folded
 *   (`skeletonHash`): lines equal under any rung's normalisation share a skeleton, so it yields
 *   the candidates of every rung, and its counts decide which lines may vote in the fuzzy rung.
 *   It is built from a cheaper coarse hash of every line and refined for the lines a search asks
 *   about (`SkeletonLookup`).
 * Each rung checks candidates under its own normalisation, computed lazily and cached; lines are
 * read one by one (`line`), so the file's array of lines is built only when someone asks for it.
 */
export class FileIndex {
  private exactTable: LineLookup | undefined;
  private skeletonTable: LineLookup | undefined;
  /** Normalised lines by kind and line number: the root's lines, or for an edited text the lines its edits wrote. */
  private readonly cache = new Map<Normalisation, Map<number, string>>();
  /**
   * For a text with edits committed (`EditedText`): the index of the text under them, whose
   * tables and normalised lines serve every line the edits left alone; the lines the edits wrote
   * are hashed and normalised here. Committing an edit so costs its size, not the file's.
   */
  private readonly under: FileIndex | undefined;
  private readonly classes = new Map<Normalisation, LineClasses>();
  private readonly widths = new Map<number, Int32Array>();
  private unit: IndentUnit | undefined | null = null;
  private indentedLineCounts: IndentedLineCounts | null = null;
  private indents: IndentCounts | undefined;
  private blankStyle: boolean | undefined;
  private blanks: { empty: Int32Array; spaced: Int32Array } | undefined;
  private end: number | undefined;

  constructor(readonly file: FileText) {
    if (file instanceof EditedText) this.under = rootIndexes.get(file.root) ?? new FileIndex(file.root);
    else if (!rootIndexes.has(file)) rootIndexes.set(file, this);
  }

  /** The index of the text the file's committed edits lie on (itself when none): what a reply's work on the file is counted against. */
  get rootIndex(): FileIndex {
    return this.under ?? this;
  }

  /** Every line of the file (builds the file's array of lines: prefer `line` and `lineCount`). */
  get lines(): readonly string[] {
    return this.file.lines;
  }

  get lineCount(): number {
    return this.file.lineCount;
  }

  /** Line `i` as it is. */
  line(i: number): string {
    return this.file.line(i);
  }

  /** True when line `i` is exactly `text`, compared in place (no string made for the line). */
  lineIs(i: number, text: string): boolean {
    if (this.under) return this.file.line(i) === text;
    const start = this.file.offset(i);
    return this.file.lineEnd(i) - start === text.length && this.file.raw.startsWith(text, start);
  }

  /** Line `i` under `kind` (cached). */
  lineUnder(kind: Normalisation, i: number): string {
    if (kind === 'exact') return this.file.line(i);
    if (this.under) {
      const root = (this.file as EditedText).rootLineOf(i);
      if (root !== -1) return this.under.lineUnder(kind, root);
    }
    // A map, not an array of the file's length: a reply normalises a few hundred lines, and four
    // arrays of 100,000 holes cost more to allocate than every lookup together.
    let lines = this.cache.get(kind);
    if (!lines) this.cache.set(kind, (lines = new Map()));
    let value = lines.get(i);
    if (value === undefined) lines.set(i, (value = normalisers[kind](this.file.line(i))));
    return value;
  }

  /** True once the exact table is built (or, for an edited text, its root's). */
  get hasExactTable(): boolean {
    return this.exactTable !== undefined || (this.under?.hasExactTable ?? false);
  }

  /** How many lines are exactly `line` or collide with it (an upper bound of its exact matches). */
  countExact(line: string): number {
    return this.exact().count(line);
  }

  /** Line numbers (ascending) whose exact hash equals that of `line`: a superset of the lines equal to it. */
  linesExact(line: string): number[] {
    return this.exact().positions(line);
  }

  /** How many lines share the skeleton of `line` (an upper bound for any rung's matches). */
  countLike(line: string): number {
    return this.skeleton().count(line);
  }

  /**
   * At least `countLike(line)`, and equal to it when the line's skeleton is short enough to be read
   * whole; never splits a group of the skeleton table (see `SkeletonLookup`), so it costs one hash
   * of `line`. For choosing which line of a needle to search by: splitting the groups of every
   * needle line only to compare their counts was most of a whitespace-drifted reply's hashing.
   */
  countLikeAtMost(line: string): number {
    return this.skeleton().countAtMost(line);
  }

  /**
   * Line numbers (ascending) whose skeleton hash equals that of `line`: a superset of the lines
   * equal to it under any normalisation. Callers verify with `lineUnder`.
   */
  linesLike(line: string): number[] {
    return this.skeleton().positions(line);
  }

  /**
   * Every line's class under `kind`: lines with equal normalised text share an id. Built on first
   * use, for searches whose candidates are a large part of the file (a block of `}` lines against
   * a file of them), so they can be matched in time linear in the file instead of in
   * candidates × needle length.
   */
  classesUnder(kind: Normalisation): LineClasses {
    let classes = this.classes.get(kind);
    if (!classes) {
      const ids = new Int32Array(this.file.lineCount);
      const idOf = new Map<string, number>();
      // Normalised here, not through `lineUnder`'s cache: every line is read once, and caching
      // 100,000 strings would cost more than it saves.
      const normalise = normalisers[kind];
      for (let i = 0; i < ids.length; i++) {
        const text = normalise(this.file.line(i));
        let id = idOf.get(text);
        if (id === undefined) idOf.set(text, (id = idOf.size));
        ids[i] = id;
      }
      classes = { ids, idOf };
      this.classes.set(kind, classes);
    }
    return classes;
  }

  /**
   * Each line's indentation width (tabs counted as `tabSize` columns), or -1 for a blank line;
   * built on first use for a tab size.
   */
  indentWidths(tabSize: number): Int32Array {
    let widths = this.widths.get(tabSize);
    if (!widths) {
      widths = new Int32Array(this.file.lineCount);
      for (let i = 0; i < widths.length; i++) {
        const line = this.file.line(i);
        widths[i] = isBlank(line) ? -1 : indentWidth(leadingWhitespace(line), tabSize);
      }
      this.widths.set(tabSize, widths);
    }
    return widths;
  }

  /** One past the last line that is not blank (as `String.trim` sees blank): 0 for a blank file. */
  get contentEnd(): number {
    if (this.end === undefined) {
      let end = this.file.lineCount;
      while (end > 0 && this.file.line(end - 1).trim() === '') end--;
      this.end = end;
    }
    return this.end;
  }

  /**
   * Whether most blank lines among the file's first 2,000 hold whitespace rather than nothing
   * (the file's blank-line style, for re-anchoring). For an edited text, the lines the edits left
   * alone are counted by the root's running counts, so each commit costs its edits, not 2,000 lines.
   */
  get blanksIndented(): boolean {
    if (this.blankStyle === undefined) {
      const limit = Math.min(this.file.lineCount, BLANK_SAMPLE);
      let empty = 0;
      let spaced = 0;
      const countLine = (line: string) => {
        if (line === '') empty++;
        else if (isBlank(line)) spaced++;
      };
      if (this.under) {
        // Root runs between the rewritten regions, then each region's own lines.
        let at = 0;
        let root = 0;
        const runTo = (end: number) => {
          const counts = this.under!.blankCounts(root + (end - at));
          empty += counts.empty[root + (end - at)] - counts.empty[root];
          spaced += counts.spaced[root + (end - at)] - counts.spaced[root];
        };
        for (const region of (this.file as EditedText).regions) {
          if (region.newStart >= limit) break;
          runTo(region.newStart);
          for (let j = 0; j < region.lines.length && region.newStart + j < limit; j++) countLine(region.lines[j]);
          at = region.newStart + region.lines.length;
          root = region.rootTo;
        }
        if (at < limit) runTo(limit);
      } else {
        const counts = this.blankCounts(limit);
        empty = counts.empty[limit];
        spaced = counts.spaced[limit];
      }
      this.blankStyle = spaced > empty;
    }
    return this.blankStyle;
  }

  /** Running counts of empty and whitespace-only lines among the first `end` lines (at least), grown on demand. */
  private blankCounts(end: number): { empty: Int32Array; spaced: Int32Array } {
    if (!this.blanks || this.blanks.empty.length <= end) {
      const size = Math.min(this.file.lineCount, Math.max(end, 2 * (this.blanks?.empty.length ?? BLANK_SAMPLE)));
      const empty = new Int32Array(size + 1);
      const spaced = new Int32Array(size + 1);
      for (let i = 0; i < size; i++) {
        const line = this.file.line(i);
        empty[i + 1] = empty[i] + (line === '' ? 1 : 0);
        spaced[i + 1] = spaced[i] + (line !== '' && isBlank(line) ? 1 : 0);
      }
      this.blanks = { empty, spaced };
    }
    return this.blanks;
  }

  /**
   * The file's indentation unit, or undefined when no line is indented (`detectIndentUnit` of its
   * first 2,000 lines). For an edited text, the lines the edits left alone are counted by the
   * root's running counts (see `indentCounts`), so a commit costs its edits, not 2,000 lines.
   */
  get indentUnit(): IndentUnit | undefined {
    if (this.unit === null && this.under) {
      const limit = Math.min(this.file.lineCount, INDENT_SAMPLE);
      const tally = new IndentTally();
      let at = 0;
      let root = 0;
      const runTo = (end: number) => this.under!.countRootRun(tally, root, root + (end - at));
      for (const region of (this.file as EditedText).regions) {
        if (region.newStart >= limit) break;
        runTo(region.newStart);
        for (let j = 0; j < region.lines.length && region.newStart + j < limit; j++) tally.add(region.lines[j]);
        at = region.newStart + region.lines.length;
        root = region.rootTo;
      }
      if (at < limit) runTo(limit);
      this.keepTally(tally);
    }
    if (this.unit === null) {
      // `detectIndentUnit` of the first 2,000 lines, tallied here so that the counts stay too.
      const tally = new IndentTally();
      for (let i = 0; i < Math.min(this.file.lineCount, INDENT_SAMPLE); i++) tally.add(this.file.line(i));
      this.keepTally(tally);
    }
    return this.unit as IndentUnit | undefined;
  }

  /**
   * How many of the lines `indentUnit` reads (the first 2,000) are indented with a tab and how many
   * with spaces: whether a file indents some lines in the other character than its unit's.
   */
  get indentedLines(): IndentedLineCounts {
    if (this.indentedLineCounts === null) void this.indentUnit;
    return this.indentedLineCounts!;
  }

  private keepTally(tally: IndentTally): void {
    this.unit = tally.unit();
    this.indentedLineCounts = { tabs: tally.tabs, spaces: tally.spaces };
  }

  /**
   * Adds lines [from, to) of this file to `tally` as `IndentTally.add` would, one by one, from
   * running counts: only the first counted line's step depends on the line before the run.
   */
  private countRootRun(tally: IndentTally, from: number, to: number): void {
    if (to <= from) return;
    const counts = this.indentCounts(to);
    tally.tabs += counts.tabs[to] - counts.tabs[from];
    tally.spaces += counts.spaces[to] - counts.spaces[from];
    for (let s = 1; s <= 8; s++) tally.steps[s] += counts.steps[to * 9 + s] - counts.steps[from * 9 + s];
    const first = counts.next[from];
    if (first >= to) return;
    // The first counted line stepped from the root's line before it; here it steps from the tally's.
    const before = counts.last[first];
    const rootStep = Math.abs(counts.width[first] - (before >= 0 ? counts.width[before] : 0));
    if (rootStep > 0 && rootStep <= 8) tally.steps[rootStep]--;
    tally.step(counts.width[first]);
    tally.previous = counts.width[counts.last[to]];
  }

  /**
   * Per line up to `end` (at least): running counts of tab-indented lines, space-indented lines
   * and steps between counted lines (as `IndentTally` counts them), each counted line's width,
   * and the counted lines before and after each line. Grown on demand.
   */
  private indentCounts(end: number): IndentCounts {
    if (!this.indents || this.indents.width.length < end) {
      const size = Math.min(this.file.lineCount, Math.max(end, 2 * (this.indents?.width.length ?? INDENT_SAMPLE)));
      const counts: IndentCounts = {
        tabs: new Int32Array(size + 1),
        spaces: new Int32Array(size + 1),
        steps: new Int32Array((size + 1) * 9),
        width: new Int32Array(size),
        last: new Int32Array(size + 1),
        next: new Int32Array(size + 1),
      };
      let previous = 0;
      let lastCounted = -1;
      for (let i = 0; i < size; i++) {
        const kind = indentKind(this.file.line(i));
        counts.tabs[i + 1] = counts.tabs[i] + (kind === 'tab' ? 1 : 0);
        counts.spaces[i + 1] = counts.spaces[i] + (typeof kind === 'number' && kind > 0 ? 1 : 0);
        counts.steps.copyWithin((i + 1) * 9, i * 9, i * 9 + 9);
        counts.last[i] = lastCounted;
        if (typeof kind === 'number') {
          const step = Math.abs(kind - previous);
          if (step > 0 && step <= 8) counts.steps[(i + 1) * 9 + step]++;
          previous = kind;
          counts.width[i] = kind;
          lastCounted = i;
        }
      }
      counts.last[size] = lastCounted;
      let nextCounted = size;
      counts.next[size] = size;
      for (let i = size - 1; i >= 0; i--) {
        if (counts.last[i + 1] === i) nextCounted = i;
        counts.next[i] = nextCounted;
      }
      this.indents = counts;
    }
    return this.indents;
  }

  private exact(): LineLookup {
    this.exactTable ??= this.under ? new EditedLookup(this.under.exact(), this.file as EditedText, exactHashOf) : new ExactLookup(LineTable.build(this.file, 'exact'));
    return this.exactTable;
  }

  private skeleton(): LineLookup {
    this.skeletonTable ??= this.under ? new EditedLookup(this.under.skeleton(), this.file as EditedText, skeletonHashOf) : new SkeletonLookup(this.file, LineTable.build(this.file, 'coarse'));
    return this.skeletonTable;
  }
}

/** Per rewritten region (its lines) and hash function: the hashes of the root lines it replaced and of its own lines. */
const regionHashes = new WeakMap<readonly string[], Map<HashOf, { replaced: Int32Array; written: Int32Array }>>();

/** A line hash over `text.slice(start, end)` (`exactHashOf`, `skeletonHashOf`). */
type HashOf = (text: string, start: number, end: number) => number;

/** The index of each text that edits are committed onto, shared by the indexes of the edited texts. */
const rootIndexes = new WeakMap<FileText, FileIndex>();

/**
 * The lines of a file equal to a line under one table's hash (`exactHashOf` or `skeletonHashOf`):
 * how many, and which (ascending). Positions are the caller's to keep.
 */
interface LineLookup {
  count(line: string): number;
  /** At least `count(line)`, and cheaper to know. */
  countAtMost(line: string): number;
  positions(line: string): number[];
}

/** The exact table: a `LineTable` of `exactHashOf`. */
class ExactLookup implements LineLookup {
  constructor(private readonly table: LineTable) {}

  count(line: string): number {
    return this.table.count(exactHashOf(line, 0, line.length));
  }

  countAtMost(line: string): number {
    return this.count(line);
  }

  positions(line: string): number[] {
    return this.table.positions(exactHashOf(line, 0, line.length));
  }
}

/**
 * The skeleton table, answered as a `LineTable` of `skeletonHashOf` would answer, from a table of
 * the cheaper `coarseSkeletonHashOf`. A coarse group is a union of skeleton-hash groups: a group
 * whose skeletons were read whole is one already; any other is split by skeleton hash when a
 * search first asks for one of its lines, each of its lines hashed in full once, so the refining
 * never costs more than the full table would, and the answers are the same.
 */
class SkeletonLookup implements LineLookup {
  /** Refined coarse groups: by coarse hash, the group's lines (ascending) by skeleton hash. */
  private readonly refined = new Map<number, Map<number, number[]>>();

  constructor(
    private readonly file: FileText,
    private readonly coarse: LineTable,
  ) {}

  count(line: string): number {
    const coarse = coarseSkeletonHashOf(line, 0, line.length);
    return readWhole(coarse) ? this.coarse.count(coarse) : (this.refine(coarse).get(skeletonHashOf(line, 0, line.length))?.length ?? 0);
  }

  /** The size of the line's coarse group: a union of skeleton groups, its own among them. */
  countAtMost(line: string): number {
    return this.coarse.count(coarseSkeletonHashOf(line, 0, line.length));
  }

  positions(line: string): number[] {
    const coarse = coarseSkeletonHashOf(line, 0, line.length);
    if (readWhole(coarse)) return this.coarse.positions(coarse);
    const lines = this.refine(coarse).get(skeletonHashOf(line, 0, line.length));
    return lines ? [...lines] : [];
  }

  /**
   * The lines of the coarse group `coarse` by skeleton hash. The whole group is split at once: a
   * group holds many lines with the same ending (`return undefined;`), and a reply asks for
   * several of them.
   */
  private refine(coarse: number): ReadonlyMap<number, readonly number[]> {
    let groups = this.refined.get(coarse);
    if (!groups) {
      groups = new Map();
      const { raw } = this.file;
      for (const i of this.coarse.positions(coarse)) {
        const fine = skeletonHashOf(raw, this.file.offset(i), this.file.lineEnd(i));
        const lines = groups.get(fine);
        if (lines) lines.push(i);
        else groups.set(fine, [i]);
      }
      this.refined.set(coarse, groups);
    }
    return groups;
  }
}

/**
 * The lookup of an edited text: the root's, without the root lines the edits rewrote, with the
 * lines they wrote, and line numbers moved to the edited text's.
 */
class EditedLookup implements LineLookup {
  /** How many rewritten root lines have each hash. */
  private readonly removed = new Map<number, number>();
  /** The lines the edits wrote, by hash. */
  private readonly written = new Map<number, number[]>();

  constructor(
    private readonly root: LineLookup,
    private readonly file: EditedText,
    private readonly hashOf: HashOf,
  ) {
    const { root: text } = file;
    for (const region of file.regions) {
      // A region's hashes are kept with its lines: later commits that leave it alone reuse them.
      let hashes = regionHashes.get(region.lines)?.get(hashOf);
      if (!hashes) {
        const replaced = new Int32Array(region.rootTo - region.rootFrom);
        for (let r = region.rootFrom; r < region.rootTo; r++) replaced[r - region.rootFrom] = hashOf(text.raw, text.offset(r), text.lineEnd(r));
        const written = new Int32Array(region.lines.length);
        region.lines.forEach((line, j) => (written[j] = hashOf(line, 0, line.length)));
        hashes = { replaced, written };
        let byFunction = regionHashes.get(region.lines);
        if (!byFunction) regionHashes.set(region.lines, (byFunction = new Map()));
        byFunction.set(hashOf, hashes);
      }
      for (const hash of hashes.replaced) this.removed.set(hash, (this.removed.get(hash) ?? 0) + 1);
      hashes.written.forEach((hash, j) => {
        const lines = this.written.get(hash);
        if (lines) lines.push(region.newStart + j);
        else this.written.set(hash, [region.newStart + j]);
      });
    }
  }

  count(line: string): number {
    const hash = this.hashOf(line, 0, line.length);
    return this.root.count(line) - (this.removed.get(hash) ?? 0) + (this.written.get(hash)?.length ?? 0);
  }

  countAtMost(line: string): number {
    return this.count(line);
  }

  positions(line: string): number[] {
    const hash = this.hashOf(line, 0, line.length);
    const kept = this.file.mapRootLines(this.root.positions(line));
    const written = this.written.get(hash);
    if (!written) return kept;
    const merged: number[] = [];
    let a = 0;
    let b = 0;
    while (a < kept.length || b < written.length) merged.push(b === written.length || (a < kept.length && kept[a] < written[b]) ? kept[a++] : written[b++]);
    return merged;
  }
}

/** See `FileIndex.indentCounts`. */
interface IndentCounts {
  readonly tabs: Int32Array;
  readonly spaces: Int32Array;
  /** `steps[i * 9 + s]`: steps of `s` columns among lines before i. */
  readonly steps: Int32Array;
  readonly width: Int32Array;
  /** `last[i]`: the last counted line before i, or -1. */
  readonly last: Int32Array;
  /** `next[i]`: the first counted line at or after i, or the size counted. */
  readonly next: Int32Array;
}

/** The lines of a file grouped by their text under one normalisation (see `FileIndex.classesUnder`). */
export interface LineClasses {
  /** `ids[i]`: the class of line i. */
  readonly ids: Int32Array;
  /** The class of each normalised text the file holds. */
  readonly idOf: ReadonlyMap<string, number>;
}

/**
 * A hash of `text.slice(start, end)` for exact equality: its length and a sample of its
 * characters (the last three, the middle two, the quarter points), where lines of code differ.
 * Lines that differ elsewhere collide; callers verify every candidate. Reading a handful of
 * characters per line instead of all of them is what makes the table cheap to build.
 */
export function exactHashOf(text: string, start: number, end: number): number {
  const length = end - start;
  let hash = Math.imul(length ^ 0x2c1b3c6d, 0x297a2d39);
  if (length === 0) return hash;
  // Each step written out: a helper closure here was allocated per line whenever the table's
  // loop was not inlined, which made building the table three times slower inside a reply's run.
  hash = Math.imul(hash ^ text.charCodeAt(end - 1), 16777619);
  if (length > 1) hash = Math.imul(hash ^ text.charCodeAt(end - 2), 16777619);
  if (length > 2) hash = Math.imul(hash ^ text.charCodeAt(end - 3), 16777619);
  if (length > 3) {
    const middle = start + (length >> 1);
    hash = Math.imul(hash ^ text.charCodeAt(middle), 16777619);
    hash = Math.imul(hash ^ text.charCodeAt(middle - 1), 16777619);
    hash = Math.imul(hash ^ text.charCodeAt(start + (length >> 2)), 16777619);
    hash = Math.imul(hash ^ text.charCodeAt(start + ((length * 3) >> 2)), 16777619);
  }
  return hash;
}

/**
 * Open-addressing hash table from a per-line hash to the lines that have it. Three Int32 per slot
 * (interleaved so one probe touches one cache line): the hash, one past the last line with that
 * hash (0 for an empty slot, so a new table needs no filling; earlier lines chain through `next`,
 * one past each too), and how many lines have it.
 */
class LineTable {
  private constructor(
    private readonly table: Int32Array,
    private readonly next: Int32Array,
  ) {}

  /**
   * Hashes every line of `file` with `hashOf(raw, start, end)`: one pass over the flat text.
   * The lines' bounds come from the offsets (reading each line string's length would touch
   * 100,000 scattered objects on a big file); the two hash functions each get a loop of their
   * own, so that the call in it has one target and is inlined.
   */
  static build(file: FileText, kind: 'exact' | 'coarse'): LineTable {
    const n = file.lineCount;
    const hashes = new Int32Array(n);
    // Line i is raw[starts[i], starts[i + 1] - cut[i]): without CRLF endings every line but an
    // unterminated last one ends one character (its `\n`) before the next starts.
    let starts: ArrayLike<number>;
    let cut: ArrayLike<number> | undefined;
    if (!file.hasCrlf && file.offsets instanceof Int32Array) starts = file.offsets;
    else {
      const offsets = new Int32Array(n + 1);
      const cuts = new Uint8Array(n);
      for (let i = 0; i <= n; i++) offsets[i] = file.offset(i);
      for (let i = 0; i < n; i++) cuts[i] = file.eolLength(i);
      starts = offsets;
      cut = cuts;
    }
    const unterminated = n > 0 && !file.finalNewline && !cut;
    const raw = file.raw;
    if (kind === 'exact') {
      for (let i = 0; i < n; i++) hashes[i] = exactHashOf(raw, starts[i], starts[i + 1] - (cut ? cut[i] : 1));
    } else {
      for (let i = 0; i < n; i++) hashes[i] = coarseSkeletonHashOf(raw, starts[i], starts[i + 1] - (cut ? cut[i] : 1));
    }
    // An unterminated last line ends at the end of the text, not a character before it.
    if (unterminated) hashes[n - 1] = kind === 'exact' ? exactHashOf(raw, starts[n - 1], starts[n]) : coarseSkeletonHashOf(raw, starts[n - 1], starts[n]);
    let slots = 16;
    // At least 1.25 slots a line: the table stays under 80% full even when every line differs, and
    // a 20,000-line file's fits in a core's cache.
    while (slots < n * 1.25) slots <<= 1;
    const table = new Int32Array(slots * 3);
    // Line i's hash is read once, right before its link is written: one array holds both.
    const next = hashes;
    const end = table.length;
    const mask = slots - 1;
    for (let i = 0; i < n; i++) {
      const hash = hashes[i];
      let slot = (hash & mask) * 3;
      while (table[slot + 1] !== 0 && table[slot] !== hash) slot = slot + 3 === end ? 0 : slot + 3;
      table[slot] = hash;
      next[i] = table[slot + 1];
      table[slot + 1] = i + 1;
      table[slot + 2]++;
    }
    return new LineTable(table, next);
  }

  count(hash: number): number {
    const slot = this.slotOf(hash);
    return slot === -1 ? 0 : this.table[slot + 2];
  }

  /** The lines with `hash`, ascending. */
  positions(hash: number): number[] {
    const slot = this.slotOf(hash);
    if (slot === -1) return [];
    const out: number[] = [];
    for (let after = this.table[slot + 1]; after !== 0; after = this.next[after - 1]) out.push(after - 1);
    return out.reverse();
  }

  /** The table offset of the slot holding `hash`, or -1. */
  private slotOf(hash: number): number {
    const table = this.table;
    const end = table.length;
    for (let slot = (hash & (end / 3 - 1)) * 3; ; slot = slot + 3 === end ? 0 : slot + 3) {
      if (table[slot + 1] === 0) return -1;
      if (table[slot] === hash) return slot;
    }
  }
}
