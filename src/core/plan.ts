import { EditError } from './errors';
import { eolOf, type FileText } from './text/fileText';

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
 * Honours a reply's explicit final-newline state (a diff's `\ No newline at end of file`) for
 * `edit`, the `lineEdit` of lines `[start, end)`, when it reaches the end of the file; any other
 * edit keeps the file's own state. An edit that deletes the last lines of a file without a final
 * newline, where the reply says the file now has one, keeps the newline of the line before them.
 */
export function withFinalNewline(file: FileText, start: number, end: number, edit: TextEdit, finalNewline: boolean | undefined): TextEdit {
  if (finalNewline === undefined || end !== file.lineCount) return edit;
  if (edit.text === '') {
    // `lineEdit` took the newline before the deleted lines, to keep a file without one so; a reply
    // that says the file now ends with a newline keeps it. (No diff deletes lines and marks its
    // new side: the marker stands under a `-` line or a context line, which say nothing new.)
    return finalNewline && !file.finalNewline && start > 0 && start < end ? { ...edit, start: file.offset(start) } : edit;
  }
  const endsWithEol = edit.text.endsWith('\n');
  if (finalNewline && !endsWithEol) return { ...edit, text: edit.text + file.eol };
  if (!finalNewline && endsWithEol) return { ...edit, text: edit.text.slice(0, edit.text.endsWith('\r\n') ? -2 : -1) };
  return edit;
}

/**
 * The raw-text edit that replaces lines `[start, end)` with `newLines`, each ending as `newEnds`
 * says (a diff that changes the file's line endings: see `ReplaceOp.lineEnds`), but a last line
 * of a file without a final newline, which still has none unless `finalNewline` says it now has.
 * Undefined unless the replaced lines end in the file as `oldEnds` says (the diff quotes this
 * file's endings, not a copy's).
 */
export function lineEditWithEnds(file: FileText, start: number, end: number, newLines: readonly string[], oldEnds: readonly string[], newEnds: readonly string[], finalNewline?: boolean): TextEdit | undefined {
  if (oldEnds.length !== end - start || newEnds.length !== newLines.length) return undefined;
  for (let i = start; i < end; i++) {
    const own = eolOf(file, i);
    // The last line of a file without a final newline has no ending to compare.
    if (own !== '' && own !== oldEnds[i - start]) return undefined;
  }
  const unended = end === file.lineCount && !file.finalNewline && end > start && finalNewline !== true;
  const text = newLines.map((line, i) => line + (unended && i === newLines.length - 1 ? '' : newEnds[i])).join('');
  return { start: file.offset(start), end: file.offset(end), text };
}

/**
 * The raw-text edit that replaces lines `[start, end)` with `newLines`, keeping the file's
 * conventions: new lines end with the file's line ending (that of the first replaced line when
 * there is one), and a file without a final newline still has none when the edit reaches its end.
 */
export function lineEdit(file: FileText, start: number, end: number, newLines: readonly string[], sources?: readonly (number | undefined)[]): TextEdit {
  const lineCount = file.lineCount;
  const eol = (start < lineCount && eolOf(file, start)) || file.eol;
  if (sources && newLines.length > 0 && !(end === lineCount && !file.finalNewline) && sources.some((s) => s !== undefined && eolOf(file, s) !== eol && eolOf(file, s) !== '')) {
    // A file with mixed endings: lines copied from the file keep their own ending; new lines take
    // the ending of the copied line before them (or the block's first line's).
    let current: string = eol;
    const text = newLines
      .map((line, i) => {
        const source = sources[i];
        if (source !== undefined && eolOf(file, source)) current = eolOf(file, source);
        return line + current;
      })
      .join('');
    return { start: file.offset(start), end: file.offset(end), text };
  }
  const atEnd = end === lineCount && !file.finalNewline && lineCount > 0;
  let from = file.offset(start);
  const to = file.offset(end);
  if (newLines.length === 0) {
    // Deleting the last lines of a file without a final newline: take the newline before them too.
    if (atEnd && start > 0) from -= file.eolLength(start - 1);
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
  const start = rawOffset(file, lfStart);
  const end = rawOffset(file, lfEnd);
  if (!file.hasCrlf || !newText.includes('\n')) return { start, end, text: newText };
  // A file with CRLF endings (all, or some: mixed): the new text's k-th line break takes the
  // ending of the k-th one it replaces, and past those the last one's (or, replacing none, the
  // ending of the line it stands in), so `b\r\nc` replaced in `a\r\nb\r\nc\nd` keeps its CRLF.
  const first = newlinesBefore(file, lfStart);
  const replaced = newlinesBefore(file, lfEnd) - first;
  let ending: string = eolOf(file, first) || file.eol;
  let k = 0;
  const text = newText.replace(/\n/g, () => {
    if (k < replaced) ending = eolOf(file, first + k) || ending;
    k++;
    return ending;
  });
  return { start, end, text };
}

/** Maps an offset of the LF view to the raw text (CRLF endings and the BOM shift it). */
function rawOffset(file: FileText, lfOffset: number): number {
  let low = 0;
  let high = file.lineCount - 1;
  let lfStart = 0;
  // Binary search for the line holding the offset; LF line starts are derived from raw offsets.
  const lfStartOf = (line: number) => file.offset(line) - (file.bom ? 1 : 0) - crBefore(file, line);
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lfStartOf(mid) <= lfOffset) {
      lfStart = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (file.lineCount === 0) return file.bom ? 1 : 0;
  const within = lfOffset - lfStartOf(lfStart);
  const lineLength = file.lineEnd(lfStart) - file.offset(lfStart);
  if (within <= lineLength) return file.offset(lfStart) + within;
  return file.offset(lfStart) + lineLength + file.eolLength(lfStart);
}

/** Where line `line` starts in the LF view of the file (`lfView`): its raw offset without the BOM and the CRs of CRLF endings before it. */
export function lfLineStart(file: FileText, line: number): number {
  return file.offset(line) - (file.bom ? 1 : 0) - crBefore(file, line);
}

/**
 * How many `\n` stand before `lfOffset` in the LF view of the file (`lfView`): the 0-based line
 * the offset falls in, counting a line that starts right there. A binary search over the line
 * starts instead of a count from the start of the text, which cost a pass over the text per edit.
 */
export function newlinesBefore(file: FileText, lfOffset: number): number {
  // The last line has a newline only when the file ends with one.
  let high = file.lineCount - (file.finalNewline ? 0 : 1);
  let low = 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (file.offset(mid) - (file.bom ? 1 : 0) - crBefore(file, mid) <= lfOffset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

const crCounts = new WeakMap<FileText, Int32Array>();

/** How many CRs of CRLF endings come before line `line` (cached per file). */
function crBefore(file: FileText, line: number): number {
  if (!file.hasCrlf) return 0;
  let counts = crCounts.get(file);
  if (!counts) {
    counts = new Int32Array(file.lineCount + 1);
    for (let i = 0; i < file.lineCount; i++) counts[i + 1] = counts[i] + (file.eolLength(i) === 2 ? 1 : 0);
    crCounts.set(file, counts);
  }
  return counts[line];
}
