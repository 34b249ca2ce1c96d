import { detectIndentUnit, type IndentUnit } from '../text/indentation';
import type { FileText } from '../text/fileText';
import { collapseWhitespace, foldUnicode, trimEnd } from '../text/normalize';

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
 * A file prepared for matching: its lines under each normalisation and an index from normalised
 * line to the positions where it occurs, each built once on first use. One index serves every op
 * of a reply that targets the file, so 50 edits in a 100,000-line file cost one pass per rung used.
 */
export class FileIndex {
  private readonly normalised = new Map<Normalisation, string[]>();
  private readonly positionsByLine = new Map<Normalisation, Map<string, number[]>>();
  private unit: IndentUnit | undefined | null = null;

  constructor(readonly file: FileText) {}

  get lines(): readonly string[] {
    return this.file.lines;
  }

  /** The file's lines under `kind`. */
  linesUnder(kind: Normalisation): readonly string[] {
    let lines = this.normalised.get(kind);
    if (!lines) {
      lines = kind === 'exact' ? (this.file.lines as string[]) : this.file.lines.map(normalisers[kind]);
      this.normalised.set(kind, lines);
    }
    return lines;
  }

  /** Line indexes (0-based, ascending) whose normalised text equals `value`. */
  positions(kind: Normalisation, value: string): readonly number[] {
    let map = this.positionsByLine.get(kind);
    if (!map) {
      map = new Map();
      const lines = this.linesUnder(kind);
      for (let i = 0; i < lines.length; i++) {
        const list = map.get(lines[i]);
        if (list) list.push(i);
        else map.set(lines[i], [i]);
      }
      this.positionsByLine.set(kind, map);
    }
    return map.get(value) ?? [];
  }

  /** The file's indentation unit, or undefined when no line is indented. */
  get indentUnit(): IndentUnit | undefined {
    if (this.unit === null) this.unit = detectIndentUnit(this.file.lines);
    return this.unit;
  }
}
