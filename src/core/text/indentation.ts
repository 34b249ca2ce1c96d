/** A file's indentation unit. */
export type IndentUnit = { readonly kind: 'tabs' } | { readonly kind: 'spaces'; readonly size: number };

/** The leading whitespace of a line. */
export function leadingWhitespace(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return line.slice(0, i);
}

/** `leadingWhitespace(a) === leadingWhitespace(b)`, without cutting either. */
export function sameIndentation(a: string, b: string): boolean {
  for (let i = 0; ; i++) {
    const ca = i < a.length ? a.charCodeAt(i) : -1;
    const cb = i < b.length ? b.charCodeAt(i) : -1;
    const wa = ca === 32 || ca === 9;
    const wb = cb === 32 || cb === 9;
    if (!wa || !wb) return wa === wb;
    if (ca !== cb) return false;
  }
}

/** True for a line that is empty or whitespace only. */
export function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 0xa0 && c !== 0xfeff) return false;
  }
  return true;
}

/** The width of an indentation string in columns, a tab counting `tabSize` columns. */
export function indentWidth(indent: string, tabSize: number): number {
  let width = 0;
  for (const c of indent) width += c === '\t' ? tabSize : 1;
  return width;
}

/**
 * Detects how `lines` indent: tabs when most indented lines start with a tab, otherwise the most
 * common step between the indentation of consecutive indented lines (2, 4, 8 …). `undefined` when
 * no line is indented. Looks at most `sample` lines so huge files cost nothing.
 */
export function detectIndentUnit(lines: readonly string[], sample = 2000): IndentUnit | undefined {
  const tally = new IndentTally();
  const limit = Math.min(lines.length, sample);
  for (let i = 0; i < limit; i++) tally.add(lines[i]);
  return tally.unit();
}

/** How many lines of a file (of those `detectIndentUnit` reads) are indented with a tab, and how many with spaces. */
export interface IndentedLineCounts {
  readonly tabs: number;
  readonly spaces: number;
}

/**
 * What `detectIndentUnit` counts, line by line: lines indented with a tab, lines indented with
 * spaces, and the steps (1 to 8 columns) between consecutive space-indented lines. Kept apart so
 * that the unit of an edited file can be counted from its parts (see `FileIndex.indentUnit`).
 */
export class IndentTally {
  tabs = 0;
  spaces = 0;
  /** `steps[s]`: how many times consecutive counted lines differ by `s` columns. */
  readonly steps = new Int32Array(9);
  /** The width of the last counted line (0 before any). */
  previous = 0;

  add(line: string): void {
    const kind = indentKind(line);
    if (kind === 'skip') return;
    if (kind === 'tab') {
      this.tabs++;
      return;
    }
    if (kind > 0) this.spaces++;
    this.step(kind);
  }

  /** Counts a step to a counted line of `width` columns, which becomes the previous one. */
  step(width: number): void {
    const step = Math.abs(width - this.previous);
    if (step > 0 && step <= 8) this.steps[step]++;
    this.previous = width;
  }

  unit(): IndentUnit | undefined {
    if (this.tabs === 0 && this.spaces === 0) return undefined;
    if (this.tabs > this.spaces) return { kind: 'tabs' };
    let best = 0;
    let bestCount = 0;
    for (let step = 1; step <= 8; step++) {
      // The most frequent step; the smaller step on ties: a 2-space file also has 4-space steps.
      if (this.steps[step] > bestCount) {
        best = step;
        bestCount = this.steps[step];
      }
    }
    return { kind: 'spaces', size: best || 4 };
  }
}

/**
 * How `detectIndentUnit` reads a line: not at all (blank, or the ` * ` continuation line of a
 * block comment, aligned rather than indented), as tab-indented, or as a width in spaces
 * (0 for a line at the margin).
 */
export function indentKind(line: string): 'skip' | 'tab' | number {
  if (isBlank(line)) return 'skip';
  if (line[0] === '\t') return 'tab';
  const indent = leadingWhitespace(line);
  if (line[indent.length] === '*' && indent.length % 2 === 1) return 'skip';
  return indent.length;
}

/** Renders an indentation of `width` columns in `unit` (tabs, then spaces for any remainder). */
export function renderIndent(width: number, unit: IndentUnit, tabSize: number): string {
  if (width <= 0) return '';
  if (unit.kind === 'spaces') return ' '.repeat(width);
  return '\t'.repeat(Math.floor(width / tabSize)) + ' '.repeat(width % tabSize);
}

/**
 * Exactly `line.trim().length === 0`, without cutting the line: the parsers ask it of nearly every
 * line of a reply, and `trim()` made a new string of each indented one (a megabyte of code is
 * mostly indented lines). Spaces and tabs are skipped here and printable ASCII decides at once;
 * any other character is left to `trim()` itself, so its Unicode whitespace stays the definition.
 */
export function trimsToEmpty(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    if (c > 32 && c < 127) return false;
    return line.trim().length === 0;
  }
  return true;
}
