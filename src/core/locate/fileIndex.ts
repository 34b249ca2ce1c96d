import { detectIndentUnit, type IndentUnit } from '../text/indentation';
import type { FileText } from '../text/fileText';
import { collapseWhitespace, foldUnicode, trimEnd } from '../text/normalize';
import { skeletonHash, skeletonHashOf } from '../text/skeletonHash';

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

/**
 * A file prepared for matching, built once per file and shared by every op of a reply.
 *
 * Lines equal under any rung's normalisation have the same *skeleton* (the line without whitespace,
 * typographic punctuation folded), so one hash table from skeleton hash to line numbers yields the
 * candidates for every rung; each rung then checks only those lines under its own normalisation,
 * computed lazily and cached. Building it is one pass over the text into typed arrays: a
 * string-keyed map per normalisation cost ~100 ms each on a 100,000-line file.
 */
export class FileIndex {
  /**
   * Open-addressing hash table, three Int32 per slot (interleaved so one probe touches one cache
   * line): the skeleton hash, the last line with that hash (`-1` for an empty slot; earlier lines
   * chain through `next`), and how many lines have it.
   */
  private table: Int32Array | undefined;
  private next: Int32Array | undefined;
  private readonly cache = new Map<Normalisation, (string | undefined)[]>();
  private unit: IndentUnit | undefined | null = null;

  constructor(readonly file: FileText) {}

  get lines(): readonly string[] {
    return this.file.lines;
  }

  /** Line `i` under `kind` (cached). */
  lineUnder(kind: Normalisation, i: number): string {
    if (kind === 'exact') return this.file.lines[i];
    let lines = this.cache.get(kind);
    if (!lines) {
      lines = new Array(this.file.lines.length);
      this.cache.set(kind, lines);
    }
    let value = lines[i];
    if (value === undefined) {
      value = normalisers[kind](this.file.lines[i]);
      lines[i] = value;
    }
    return value;
  }

  /** How many lines share the skeleton of `line` (an upper bound for any rung's matches). */
  countLike(line: string): number {
    const slot = this.slotOf(skeletonHash(line));
    return slot === -1 ? 0 : this.table![slot + 2];
  }

  /**
   * Line numbers (ascending) whose skeleton hash equals that of `line`: a superset of the lines
   * equal to it under any normalisation. Callers verify with `lineUnder`.
   */
  linesLike(line: string): number[] {
    const slot = this.slotOf(skeletonHash(line));
    if (slot === -1) return [];
    const out: number[] = [];
    for (let i = this.table![slot + 1]; i !== -1; i = this.next![i]) out.push(i);
    return out.reverse();
  }

  /** The file's indentation unit, or undefined when no line is indented. */
  get indentUnit(): IndentUnit | undefined {
    if (this.unit === null) this.unit = detectIndentUnit(this.file.lines);
    return this.unit;
  }

  /** The table offset of the slot holding `hash`, or -1; builds the table on first use. */
  private slotOf(hash: number): number {
    if (!this.table) this.build();
    const table = this.table!;
    const end = table.length;
    for (let slot = (hash & (end / 3 - 1)) * 3; ; slot = slot + 3 === end ? 0 : slot + 3) {
      if (table[slot + 1] === -1) return -1;
      if (table[slot] === hash) return slot;
    }
  }

  /** Hashes every line into the table: one pass over the file's flat text, no per-line strings. */
  private build(): void {
    const { raw, offsets, eols } = this.file;
    const n = this.file.lines.length;
    let slots = 16;
    while (slots < n * 2) slots <<= 1;
    const table = new Int32Array(slots * 3);
    for (let slot = 1; slot < table.length; slot += 3) table[slot] = -1;
    const next = new Int32Array(n);
    const end = table.length;
    const mask = slots - 1;
    for (let i = 0; i < n; i++) {
      // The line's end from the offsets: reading each line string's length would touch 100,000
      // scattered objects on a big file.
      const hash = skeletonHashOf(raw, offsets[i], offsets[i + 1] - eols[i].length);
      let slot = (hash & mask) * 3;
      while (table[slot + 1] !== -1 && table[slot] !== hash) slot = slot + 3 === end ? 0 : slot + 3;
      table[slot] = hash;
      next[i] = table[slot + 1];
      table[slot + 1] = i;
      table[slot + 2]++;
    }
    this.table = table;
    this.next = next;
  }
}
