/**
 * Files whose line breaks are all lone CRs (classic Mac OS text, old data and corpus files).
 *
 * The engine's lines end at `\n` (or `\r\n`): such a file reads as one line, so a reply that
 * re-prints it (every chat shows its breaks as breaks) was written with LF endings, every CR of
 * the file lost. Editors and git alike see CR-only files as lines of their own; here the file is
 * read with each CR as an LF, and the new text written back with each LF as a CR. The mapping is
 * exact both ways because the file holds no LF: every LF of the view is one of its CRs, and every
 * LF of the new text is a line break the file would write as a CR. Offsets and line numbers are
 * those of the file. Texts with any LF (CRLF, mixed, a lone CR inside a line of an LF file) are
 * read as they are.
 */

/** True when `text` has a CR and no LF: its lines end with lone CRs. */
export function hasOnlyCrBreaks(text: string): boolean {
  return text.indexOf('\n') === -1 && text.indexOf('\r') !== -1;
}

/** The text of a CR-only file as the engine reads it: each CR an LF. */
export function crBreaksAsLf(text: string): string {
  return text.replace(/\r/g, '\n');
}

/** A new text for a CR-only file as it is written: each LF a CR. */
export function lfAsCrBreaks(text: string): string {
  return text.replace(/\n/g, '\r');
}

/** A file's change, as far as its text goes (`FileChange` without depending on the pipeline). */
interface TextChange {
  readonly path: string;
  readonly originalText: string | undefined;
  readonly newText: string | undefined;
}

/**
 * Reads files through `read`, CR-only ones as LF, and remembers which paths were: `restored`
 * gives their changes back the file's own text and CR breaks.
 */
export class CrBreakReader {
  private readonly crOnly = new Set<string>();

  constructor(private readonly read: (path: string) => string | undefined) {}

  /** `read`, with a CR-only file's CRs read as LFs. */
  readonly readFile = (path: string): string | undefined => {
    const text = this.read(path);
    if (text === undefined || !hasOnlyCrBreaks(text)) return text;
    this.crOnly.add(path);
    return crBreaksAsLf(text);
  };

  /**
   * The changes with every CR-only file's original text as it was read and its new text's line
   * breaks as CRs. A change of any other file is returned as it is.
   */
  restored<T extends TextChange>(changes: readonly T[]): T[] {
    if (this.crOnly.size === 0) return [...changes];
    return changes.map((change) =>
      !this.crOnly.has(change.path) || change.originalText === undefined
        ? change
        : { ...change, originalText: lfAsCrBreaks(change.originalText), newText: change.newText === undefined ? undefined : lfAsCrBreaks(change.newText) },
    );
  }
}
