/**
 * A file's text split into lines that remember their own line endings, so edits can be made on
 * lines and rendered back with every untouched byte (BOM, CRLF, mixed endings, missing final
 * newline) exactly as it was.
 *
 * Only the line starts are computed up front (one native `indexOf` scan into a typed array);
 * `lines` and `eols` are built on first use. Code that reads a few lines of a big file uses
 * `line(i)`, `lineCount` and `eolLength(i)` and never pays for an array of 100,000 strings.
 */
export interface FileText {
  /** The text as given, BOM included. */
  readonly raw: string;
  /** True when `raw` starts with U+FEFF. */
  readonly bom: boolean;
  /** Line contents without terminators. An empty file has no lines. Built on first use. */
  readonly lines: readonly string[];
  /** `eols[i]` terminates `lines[i]`: `'\n'`, `'\r\n'`, or `''` for a last line with no newline. Built on first use. */
  readonly eols: readonly string[];
  /** `offsets[i]` is where line i starts in `raw`; `offsets[lineCount] === raw.length`. */
  readonly offsets: ArrayLike<number>;
  /** The ending new lines should get: the most common one (CRLF only when it is the majority). */
  readonly eol: '\n' | '\r\n';
  readonly finalNewline: boolean;
  /** How many lines there are (`lines.length`, without building `lines`). */
  readonly lineCount: number;
  /** True when some line ends with CRLF. */
  readonly hasCrlf: boolean;
  /** Line `i` without its terminator (`lines[i]`, without building `lines`). */
  line(i: number): string;
  /** Where line `i` starts in `raw` (`offsets[i]`; `offset(lineCount)` is the text's length). */
  offset(i: number): number;
  /** Where line `i`'s content ends in `raw` (its terminator starts there). */
  lineEnd(i: number): number;
  /** The length of line `i`'s terminator: 1 for LF, 2 for CRLF, 0 for a last line without one. */
  eolLength(i: number): number;
}

/** Lines read one at a time (a `FileText` is one): no array of every line is needed to read a few. */
export interface FileLines {
  readonly lineCount: number;
  line(i: number): string;
}

/**
 * Splits `raw` into lines. Only `\n` and `\r\n` end a line; a lone `\r` is line content.
 */
export function splitFileText(raw: string): FileText {
  return new SplitText(raw);
}

class SplitText implements FileText {
  readonly bom: boolean;
  readonly offsets: Int32Array;
  readonly lineCount: number;
  readonly finalNewline: boolean;
  readonly eol: '\n' | '\r\n';
  readonly hasCrlf: boolean;
  /** True when `raw` holds a `\r` anywhere: only then can a terminator be CRLF. */
  private readonly hasCr: boolean;
  private linesCache: string[] | undefined;
  private eolsCache: string[] | undefined;

  constructor(readonly raw: string) {
    const bom = raw.charCodeAt(0) === 0xfeff;
    this.bom = bom;
    const start = bom ? 1 : 0;
    // Line starts from the native newline search: several times faster than a loop over char codes.
    let offsets: Int32Array = new Int32Array(Math.max(16, (raw.length >> 5) + 2));
    let count = 0;
    let finalNewline = false;
    if (start < raw.length) {
      for (let at = start; ; ) {
        if (count + 2 > offsets.length) offsets = grown(offsets);
        offsets[count++] = at;
        const newline = raw.indexOf('\n', at);
        if (newline === -1) break;
        at = newline + 1;
        if (at === raw.length) {
          finalNewline = true;
          break;
        }
      }
    }
    offsets[count] = raw.length;
    this.offsets = offsets.subarray(0, count + 1);
    this.lineCount = count;
    this.finalNewline = finalNewline;
    this.hasCr = raw.indexOf('\r') !== -1;
    let crlf = 0;
    if (this.hasCr) for (let i = 0; i < count; i++) if (this.eolLength(i) === 2) crlf++;
    const lf = count - (count > 0 && !finalNewline ? 1 : 0) - crlf;
    this.hasCrlf = crlf > 0;
    this.eol = crlf > lf ? '\r\n' : '\n';
  }

  get lines(): readonly string[] {
    if (this.linesCache === undefined) {
      const count = this.lineCount;
      let lines: string[];
      if (count === 0) lines = [];
      else if (!this.hasCr) {
        // The native split, then the BOM and the empty piece after a final newline taken off.
        lines = this.raw.split('\n');
        if (this.bom) lines[0] = lines[0].slice(1);
        if (this.finalNewline) lines.pop();
      } else {
        lines = new Array<string>(count);
        for (let i = 0; i < count; i++) lines[i] = this.raw.slice(this.offsets[i], this.lineEnd(i));
      }
      this.linesCache = lines;
    }
    return this.linesCache;
  }

  get eols(): readonly string[] {
    if (this.eolsCache === undefined) {
      const eols = new Array<string>(this.lineCount);
      for (let i = 0; i < this.lineCount; i++) eols[i] = terminators[this.eolLength(i)];
      this.eolsCache = eols;
    }
    return this.eolsCache;
  }

  line(i: number): string {
    return this.linesCache !== undefined ? this.linesCache[i] : this.raw.slice(this.offsets[i], this.lineEnd(i));
  }

  offset(i: number): number {
    return this.offsets[i];
  }

  lineEnd(i: number): number {
    return this.offsets[i + 1] - this.eolLength(i);
  }

  eolLength(i: number): number {
    const next = this.offsets[i + 1];
    if (i === this.lineCount - 1 && !this.finalNewline) return 0;
    // The terminator is the `\n` before the next line, with the `\r` before it when the line has one.
    return this.hasCr && next - 2 >= this.offsets[i] && this.raw.charCodeAt(next - 2) === 13 ? 2 : 1;
  }
}

const terminators = ['', '\n', '\r\n'] as const;

/** The 0-based line holding raw offset `offset` (the last line starting at or before it; 0 for an empty text): a binary search over the line starts. */
export function lineHolding(file: FileText, offset: number): number {
  let low = 0;
  let high = file.lineCount - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (file.offset(mid) <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Line `i`'s terminator (`eols[i]`, without building `eols`). */
export function eolOf(file: FileText, i: number): '' | '\n' | '\r\n' {
  return terminators[file.eolLength(i)];
}

function grown(array: Int32Array): Int32Array {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** Splits `\n`-terminated text (a search or replacement) into lines; a final `\n` adds no line. */
export function toLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const lfViews = new WeakMap<FileText, string>();

/**
 * The file's text with `\n` endings and no BOM: the view the matchers search. Computed once per
 * `FileText` (tool-call edits search it once each); a file with neither BOM nor CRLF is its own view.
 */
export function lfView(file: FileText): string {
  let view = lfViews.get(file);
  if (view === undefined) {
    view = !file.bom && !file.hasCrlf ? file.raw : file.lines.join('\n') + (file.finalNewline ? '\n' : '');
    lfViews.set(file, view);
  }
  return view;
}

/** Converts `\n` endings in `text` to `eol`. */
export function withEol(text: string, eol: '\n' | '\r\n'): string {
  return eol === '\n' ? text : text.replace(/\n/g, '\r\n');
}

/** True when the text looks binary (a NUL character in its first 8,000 characters, as git decides). */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8000).includes('\u0000');
}
