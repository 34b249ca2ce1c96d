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
  private slots: Int32Array | undefined;
  private heads: Int32Array | undefined;
  private counts: Int32Array | undefined;
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
    return slot === -1 ? 0 : this.counts![slot];
  }

  /**
   * Line numbers (ascending) whose skeleton hash equals that of `line`: a superset of the lines
   * equal to it under any normalisation. Callers verify with `lineUnder`.
   */
  linesLike(line: string): number[] {
    const slot = this.slotOf(skeletonHash(line));
    if (slot === -1) return [];
    const out: number[] = [];
    for (let i = this.heads![slot]; i !== -1; i = this.next![i]) out.push(i);
    return out.reverse();
  }

  /** The file's indentation unit, or undefined when no line is indented. */
  get indentUnit(): IndentUnit | undefined {
    if (this.unit === null) this.unit = detectIndentUnit(this.file.lines);
    return this.unit;
  }

  /** The table slot holding `hash`, or -1; builds the table on first use. */
  private slotOf(hash: number): number {
    if (!this.slots) this.build();
    const slots = this.slots!;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      if (this.heads![slot] === -1) return -1;
      if (slots[slot] === hash) return slot;
    }
  }

  /** Open-addressing table: slot → hash, first line (a chain through `next`), count. */
  private build(): void {
    const lines = this.file.lines;
    const n = lines.length;
    let size = 16;
    while (size < n * 2) size <<= 1;
    const slots = new Int32Array(size);
    const heads = new Int32Array(size).fill(-1);
    const counts = new Int32Array(size);
    const next = new Int32Array(n);
    const mask = size - 1;
    const { raw, offsets } = this.file;
    for (let i = 0; i < n; i++) {
      const hash = skeletonHashOf(raw, offsets[i], offsets[i] + lines[i].length);
      let slot = hash & mask;
      while (heads[slot] !== -1 && slots[slot] !== hash) slot = (slot + 1) & mask;
      slots[slot] = hash;
      next[i] = heads[slot];
      heads[slot] = i;
      counts[slot]++;
    }
    this.slots = slots;
    this.heads = heads;
    this.counts = counts;
    this.next = next;
  }
}
