import type { TextEdit } from '../plan';
import { lineHolding, type FileText } from './fileText';

/**
 * A region of the root text rewritten: root lines `[rootFrom, rootTo)` (terminators included)
 * became `text`, split into `lines`. Its text ends with a newline unless it reaches the end of
 * the file, so it never runs into the line after it.
 */
interface Region {
  readonly rootFrom: number;
  readonly rootTo: number;
  readonly text: string;
  readonly lines: readonly string[];
  /** Each line's terminator length (1 LF, 2 CRLF, 0 for a last line without one). */
  readonly eolLengths: readonly number[];
  /** Where each line starts in `text`. */
  readonly starts: readonly number[];
}

/** A region placed in the edited text. */
interface Placed extends Region {
  /** Index (in the edited text) of the region's first line. */
  readonly newStart: number;
  /** Offset (in the edited text) of the region's text. */
  readonly newOffset: number;
  /** Edited index − root index of the root lines after this region, and likewise for offsets. */
  readonly lineShift: number;
  readonly charShift: number;
}

/**
 * A file's text after edits, without building it: the root text's lines outside the rewritten
 * regions, and the regions' own lines. It reads as `splitFileText(edited text)` would, line by
 * line (`line`, `offset`, `lineEnd`, `eolLength`), while committing a reply's edits costs the
 * edits' size, not the file's: a tool call's chain of fifty edits, each committed before the
 * next is located, rebuilt a 100,000-line file fifty times. `raw`, `lines` and `eols` are built
 * on first use. Edits on an edited text are composed into regions of the same root.
 */
export class EditedText implements FileText {
  readonly bom: boolean;
  readonly lineCount: number;
  readonly finalNewline: boolean;
  readonly eol: '\n' | '\r\n';
  readonly hasCrlf: boolean;
  private readonly placed: Placed[];
  private rawCache: string | undefined;
  private linesCache: string[] | undefined;
  private eolsCache: string[] | undefined;
  private offsetsCache: Int32Array | undefined;

  private constructor(
    /** The text the regions rewrite (never itself an edited text). */
    readonly root: FileText,
    regions: readonly Region[],
    /** How many of the root's lines end with CRLF and with LF. */
    rootEnds: { crlf: number; lf: number },
  ) {
    this.bom = root.bom;
    let lineShift = 0;
    let charShift = 0;
    let crlf = rootEnds.crlf;
    let lf = rootEnds.lf;
    this.placed = regions.map((region) => {
      const newStart = region.rootFrom + lineShift;
      const newOffset = root.offset(region.rootFrom) + charShift;
      lineShift += region.lines.length - (region.rootTo - region.rootFrom);
      charShift += region.text.length - (root.offset(region.rootTo) - root.offset(region.rootFrom));
      for (let r = region.rootFrom; r < region.rootTo; r++) {
        const length = root.eolLength(r);
        if (length === 2) crlf--;
        else if (length === 1) lf--;
      }
      for (const length of region.eolLengths) {
        if (length === 2) crlf++;
        else if (length === 1) lf++;
      }
      return { ...region, newStart, newOffset, lineShift, charShift };
    });
    this.lineCount = root.lineCount + lineShift;
    this.finalNewline = this.lineCount > 0 && this.eolLength(this.lineCount - 1) > 0;
    this.hasCrlf = crlf > 0;
    this.eol = crlf > lf ? '\r\n' : '\n';
  }

  /**
   * `file` with `edits` applied (sorted, non-overlapping, offsets of `file.raw`), or undefined
   * when an edit reaches into the BOM or past the end (then the caller builds the text).
   */
  static of(file: FileText, edits: readonly TextEdit[]): EditedText | undefined {
    const first = file.lineCount > 0 ? file.offset(0) : file.bom ? 1 : 0;
    const length = file.offset(file.lineCount);
    if (edits.some((edit) => edit.start < first || edit.end > length)) return undefined;
    const root = file instanceof EditedText ? file.root : file;
    const existing = file instanceof EditedText ? file.placed : [];
    const taken = new Set<Placed>();
    const regions: Region[] = stretchesOf(file, edits, existing).map(({ from, to, text, absorbed }) => {
      absorbed.forEach((region) => taken.add(region));
      // A boundary is a rewritten region's own boundary, or falls between root lines.
      const start = absorbed.find((region) => region.newStart === from);
      const end = absorbed.find((region) => region.newStart + region.lines.length === to);
      return region(start ? start.rootFrom : rootLine(file, from), end ? end.rootTo : rootLine(file, to), text);
    });
    for (const region of existing) if (!taken.has(region)) regions.push(region);
    return new EditedText(root, mergeTouching(regions), rootLineEnds(root));
  }

  get raw(): string {
    if (this.rawCache === undefined) {
      const pieces: string[] = [];
      let rootAt = 0;
      for (const region of this.placed) {
        pieces.push(this.root.raw.slice(rootAt, this.root.offset(region.rootFrom)), region.text);
        rootAt = this.root.offset(region.rootTo);
      }
      pieces.push(this.root.raw.slice(rootAt));
      this.rawCache = pieces.join('');
    }
    return this.rawCache;
  }

  get lines(): readonly string[] {
    if (this.linesCache === undefined) {
      const lines = new Array<string>(this.lineCount);
      for (let i = 0; i < this.lineCount; i++) lines[i] = this.line(i);
      this.linesCache = lines;
    }
    return this.linesCache;
  }

  get eols(): readonly string[] {
    if (this.eolsCache === undefined) {
      const terminators = ['', '\n', '\r\n'];
      const eols = new Array<string>(this.lineCount);
      for (let i = 0; i < this.lineCount; i++) eols[i] = terminators[this.eolLength(i)];
      this.eolsCache = eols;
    }
    return this.eolsCache;
  }

  get offsets(): ArrayLike<number> {
    if (this.offsetsCache === undefined) {
      const offsets = new Int32Array(this.lineCount + 1);
      for (let i = 0; i <= this.lineCount; i++) offsets[i] = this.offset(i);
      this.offsetsCache = offsets;
    }
    return this.offsetsCache;
  }

  /** How many lines at the start are the root's, unchanged (before the first rewritten region). */
  get unchangedHead(): number {
    return this.placed.length > 0 ? this.placed[0].rootFrom : this.lineCount;
  }

  /** The root line shown as line `i` (`lineCount` maps past the root's end), or -1 for a line of a rewritten region. */
  rootLineOf(i: number): number {
    const k = this.regionAt(i);
    if (k === -1) return i;
    const region = this.placed[k];
    return i < region.newStart + region.lines.length ? -1 : i - region.lineShift;
  }

  /**
   * The rewritten regions: the root lines each replaces, its lines, and the index of its first
   * line here. A region keeps its `lines` array through later commits that leave it alone.
   */
  get regions(): readonly { readonly rootFrom: number; readonly rootTo: number; readonly lines: readonly string[]; readonly newStart: number }[] {
    return this.placed;
  }

  /**
   * Maps ascending root line numbers to this text's, leaving out the rewritten ones (one pass:
   * the regions are walked along with the lines).
   */
  mapRootLines(rootLines: readonly number[]): number[] {
    const out: number[] = [];
    let k = -1;
    for (const r of rootLines) {
      while (k + 1 < this.placed.length && this.placed[k + 1].rootFrom <= r) k++;
      if (k === -1) out.push(r);
      else if (r >= this.placed[k].rootTo) out.push(r + this.placed[k].lineShift);
    }
    return out;
  }

  line(i: number): string {
    if (this.linesCache !== undefined) return this.linesCache[i];
    const k = this.regionAt(i);
    if (k === -1) return this.root.line(i);
    const region = this.placed[k];
    const j = i - region.newStart;
    return j < region.lines.length ? region.lines[j] : this.root.line(i - region.lineShift);
  }

  offset(i: number): number {
    const k = this.regionAt(i);
    if (k === -1) return this.root.offset(i);
    const region = this.placed[k];
    const j = i - region.newStart;
    return j < region.lines.length ? region.newOffset + region.starts[j] : this.root.offset(i - region.lineShift) + region.charShift;
  }

  lineEnd(i: number): number {
    const k = this.regionAt(i);
    if (k === -1) return this.root.lineEnd(i);
    const region = this.placed[k];
    const j = i - region.newStart;
    return j < region.lines.length ? region.newOffset + region.starts[j] + region.lines[j].length : this.root.lineEnd(i - region.lineShift) + region.charShift;
  }

  eolLength(i: number): number {
    const k = this.regionAt(i);
    if (k === -1) return this.root.eolLength(i);
    const region = this.placed[k];
    const j = i - region.newStart;
    return j < region.lines.length ? region.eolLengths[j] : this.root.eolLength(i - region.lineShift);
  }

  /** The last region starting at or before line `i`, or -1. */
  private regionAt(i: number): number {
    let low = 0;
    let high = this.placed.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.placed[mid].newStart <= i) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }
}

/** The line holding `offset` (`lineCount` for the end of a text that ends with a newline, or an empty one). */
function lineAtOffset(file: FileText, offset: number): number {
  const end = file.offset(file.lineCount);
  if (offset >= end && (file.finalNewline || file.lineCount === 0)) return file.lineCount;
  return lineHolding(file, offset);
}

/**
 * The stretches of whole lines of `file` the edits rewrite, and their new text: from the start
 * of the line an edit starts in to the end of the line it ends in, widened to the rewritten
 * regions it meets or touches (`absorbed`, rewritten again as a whole), then on to the next
 * newline (or the end) so that the new text never runs into the line after it; edits whose
 * stretches share a line are one stretch.
 */
function stretchesOf(file: FileText, edits: readonly TextEdit[], regions: readonly Placed[]): { from: number; to: number; text: string; absorbed: Placed[] }[] {
  const out: { from: number; to: number; text: string; absorbed: Placed[] }[] = [];
  const absorbedBefore = new Set<Placed>();
  let k = 0;
  while (k < edits.length) {
    let from = lineAtOffset(file, edits[k].start);
    let to = lineAfter(file, edits[k].end);
    let last = k;
    let text = '';
    const absorbed: Placed[] = [];
    for (let changed = true; changed; ) {
      changed = false;
      while (last + 1 < edits.length && lineAtOffset(file, edits[last + 1].start) < to) {
        to = Math.max(to, lineAfter(file, edits[++last].end));
        changed = true;
      }
      for (const region of regions) {
        const end = region.newStart + region.lines.length;
        if (absorbedBefore.has(region) || absorbed.includes(region) || region.newStart > to || end < from) continue;
        absorbed.push(region);
        from = Math.min(from, region.newStart);
        to = Math.max(to, end);
        changed = true;
      }
      text = sliceOf(file, file.offset(from), edits[k].start);
      for (let e = k; e <= last; e++) text += edits[e].text + sliceOf(file, edits[e].end, e < last ? edits[e + 1].start : file.offset(to));
      while (to < file.lineCount && !text.endsWith('\n')) {
        text += sliceOf(file, file.offset(to), file.offset(to + 1));
        to++;
        changed = true;
      }
    }
    absorbed.forEach((region) => absorbedBefore.add(region));
    out.push({ from, to, text, absorbed });
    k = last + 1;
  }
  return out;
}

/** The first line boundary at or after `offset`: the line it ends, or the one it falls inside, taken whole. */
function lineAfter(file: FileText, offset: number): number {
  const line = lineAtOffset(file, offset);
  return line < file.lineCount && file.offset(line) < offset ? line + 1 : line;
}

/** `file.raw.slice(start, end)`, from the root's text and the regions' without building the whole. */
export function sliceOf(file: FileText, start: number, end: number): string {
  if (end <= start) return '';
  if (!(file instanceof EditedText)) return file.raw.slice(start, end);
  const first = lineAtOffset(file, start);
  const last = lineAtOffset(file, Math.max(start, end - 1));
  let text = '';
  for (let i = first; i <= last && i < file.lineCount; i++) {
    const lineStart = file.offset(i);
    const content = file.line(i) + ['', '\n', '\r\n'][file.eolLength(i)];
    text += content.slice(Math.max(0, start - lineStart), end - lineStart);
  }
  return text;
}

/** The root line at boundary `i` of `file` (a root line's own number, or the root's end past it). */
function rootLine(file: FileText, i: number): number {
  return file instanceof EditedText ? file.rootLineOf(i) : i;
}

/** A region of root lines `[rootFrom, rootTo)` rewritten as `text`, split as `splitFileText` splits. */
function region(rootFrom: number, rootTo: number, text: string): Region {
  const lines: string[] = [];
  const eolLengths: number[] = [];
  const starts: number[] = [];
  let at = 0;
  while (at < text.length) {
    const newline = text.indexOf('\n', at);
    const end = newline === -1 ? text.length : newline;
    const cr = newline !== -1 && end > at && text.charCodeAt(end - 1) === 13;
    starts.push(at);
    lines.push(text.slice(at, cr ? end - 1 : end));
    eolLengths.push(newline === -1 ? 0 : cr ? 2 : 1);
    at = newline === -1 ? text.length : newline + 1;
  }
  return { rootFrom, rootTo, text, lines, eolLengths, starts };
}

/** Regions sorted by root line, those that touch joined (their texts end at line boundaries). */
function mergeTouching(regions: readonly Region[]): Region[] {
  const sorted = [...regions].sort((a, b) => a.rootFrom - b.rootFrom);
  const out: Region[] = [];
  for (const next of sorted) {
    const last = out[out.length - 1];
    if (last && last.rootTo >= next.rootFrom) out[out.length - 1] = region(last.rootFrom, Math.max(last.rootTo, next.rootTo), last.text + next.text);
    else out.push(next);
  }
  return out;
}

const lineEnds = new WeakMap<FileText, { crlf: number; lf: number }>();

/** How many of the root's lines end with CRLF and with LF (counted once per root). */
function rootLineEnds(root: FileText): { crlf: number; lf: number } {
  let ends = lineEnds.get(root);
  if (!ends) {
    let crlf = 0;
    if (root.hasCrlf) for (let r = 0; r < root.lineCount; r++) if (root.eolLength(r) === 2) crlf++;
    ends = { crlf, lf: root.lineCount - (root.lineCount > 0 && !root.finalNewline ? 1 : 0) - crlf };
    lineEnds.set(root, ends);
  }
  return ends;
}
