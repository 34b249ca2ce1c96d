import { EditError } from './errors';
import type { FileText } from './text/fileText';

/** Replace `raw.slice(start, end)` with `text`. Offsets index the file's raw text (BOM included). */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * A file's edits as a value: sorted, non-overlapping, checked when constructed, applied purely.
 * Zero-width edits (insertions) at the same offset keep the order they were given in.
 */
export class TextPlan {
  readonly edits: readonly TextEdit[];

  constructor(edits: readonly TextEdit[]) {
    const sorted = edits.map((edit, order) => ({ edit, order })).sort((a, b) => a.edit.start - b.edit.start || a.order - b.order);
    for (let i = 0; i < sorted.length; i++) {
      const { edit } = sorted[i];
      if (edit.start < 0 || edit.end < edit.start) throw new EditError('OVERLAPPING_EDITS', `invalid edit range ${edit.start}..${edit.end}`);
      if (i > 0 && sorted[i - 1].edit.end > edit.start) {
        throw new EditError('OVERLAPPING_EDITS', `edits overlap at offset ${edit.start}`);
      }
    }
    this.edits = sorted.map((entry) => entry.edit);
  }

  /** The text with every edit applied, in one left-to-right pass. */
  apply(text: string): string {
    const pieces: string[] = [];
    let position = 0;
    for (const edit of this.edits) {
      if (edit.end > text.length) throw new EditError('OVERLAPPING_EDITS', `edit past the end of the text (${edit.end} > ${text.length})`);
      pieces.push(text.slice(position, edit.start), edit.text);
      position = edit.end;
    }
    pieces.push(text.slice(position));
    return pieces.join('');
  }
}

/**
 * The raw-text edit that replaces lines `[start, end)` with `newLines`, keeping the file's
 * conventions: new lines end with the file's line ending (that of the first replaced line when
 * there is one), and a file without a final newline still has none when the edit reaches its end.
 */
export function lineEdit(file: FileText, start: number, end: number, newLines: readonly string[], sources?: readonly (number | undefined)[]): TextEdit {
  const lineCount = file.lines.length;
  const eol = (start < lineCount && file.eols[start]) || file.eol;
  if (sources && newLines.length > 0 && !(end === lineCount && !file.finalNewline) && sources.some((s) => s !== undefined && file.eols[s] !== eol && file.eols[s] !== '')) {
    // A file with mixed endings: lines copied from the file keep their own ending; new lines take
    // the ending of the copied line before them (or the block's first line's).
    let current = eol;
    const text = newLines
      .map((line, i) => {
        const source = sources[i];
        if (source !== undefined && file.eols[source]) current = file.eols[source];
        return line + current;
      })
      .join('');
    return { start: file.offsets[start], end: file.offsets[end], text };
  }
  const atEnd = end === lineCount && !file.finalNewline && lineCount > 0;
  let from = file.offsets[start];
  const to = file.offsets[end];
  if (newLines.length === 0) {
    // Deleting the last lines of a file without a final newline: take the newline before them too.
    if (atEnd && start > 0) from -= file.eols[start - 1].length;
    return { start: from, end: to, text: '' };
  }
  if (start === lineCount && atEnd) {
    // Inserting after a last line that has no newline: the newline goes before the new lines.
    return { start: to, end: to, text: eol + newLines.join(eol) };
  }
  const text = newLines.join(eol) + (atEnd && end > start ? '' : eol);
  return { start: from, end: to, text };
}

/**
 * The raw-text edit for a character range of the file's LF view (`lfStart`..`lfEnd`), with
 * `newText`'s `\n` turned into the file's line ending.
 */
export function charEdit(file: FileText, lfStart: number, lfEnd: number, newText: string): TextEdit {
  return { start: rawOffset(file, lfStart), end: rawOffset(file, lfEnd), text: file.eol === '\n' ? newText : newText.replace(/\n/g, file.eol) };
}

/** Maps an offset of the LF view to the raw text (CRLF endings and the BOM shift it). */
function rawOffset(file: FileText, lfOffset: number): number {
  let low = 0;
  let high = file.lines.length - 1;
  let lfStart = 0;
  // Binary search for the line holding the offset; LF line starts are derived from raw offsets.
  const lfStartOf = (line: number) => file.offsets[line] - (file.bom ? 1 : 0) - crBefore(file, line);
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lfStartOf(mid) <= lfOffset) {
      lfStart = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (file.lines.length === 0) return file.bom ? 1 : 0;
  const within = lfOffset - lfStartOf(lfStart);
  const lineLength = file.lines[lfStart].length;
  if (within <= lineLength) return file.offsets[lfStart] + within;
  return file.offsets[lfStart] + lineLength + file.eols[lfStart].length;
}

const crCounts = new WeakMap<FileText, Int32Array>();

/** How many CRs of CRLF endings come before line `line` (cached per file). */
function crBefore(file: FileText, line: number): number {
  let counts = crCounts.get(file);
  if (!counts) {
    counts = new Int32Array(file.lines.length + 1);
    for (let i = 0; i < file.lines.length; i++) counts[i + 1] = counts[i] + (file.eols[i] === '\r\n' ? 1 : 0);
    crCounts.set(file, counts);
  }
  return counts[line];
}
