/**
 * A file's text split into lines that remember their own line endings, so edits can be made on
 * lines and rendered back with every untouched byte (BOM, CRLF, mixed endings, missing final
 * newline) exactly as it was.
 */
export interface FileText {
  /** The text as given, BOM included. */
  readonly raw: string;
  /** True when `raw` starts with U+FEFF. */
  readonly bom: boolean;
  /** Line contents without terminators. An empty file has no lines. */
  readonly lines: readonly string[];
  /** `eols[i]` terminates `lines[i]`: `'\n'`, `'\r\n'`, or `''` for a last line with no newline. */
  readonly eols: readonly string[];
  /** `offsets[i]` is where line i starts in `raw`; `offsets[lines.length] === raw.length`. */
  readonly offsets: readonly number[];
  /** The ending new lines should get: the most common one (CRLF only when it is the majority). */
  readonly eol: '\n' | '\r\n';
  readonly finalNewline: boolean;
}

/** Splits `raw` into lines. Only `\n` and `\r\n` end a line; a lone `\r` is line content. */
export function splitFileText(raw: string): FileText {
  const bom = raw.charCodeAt(0) === 0xfeff;
  const lines: string[] = [];
  const eols: string[] = [];
  const offsets: number[] = [];
  let crlf = 0;
  let lf = 0;
  let start = bom ? 1 : 0;
  while (start < raw.length) {
    offsets.push(start);
    const newline = raw.indexOf('\n', start);
    if (newline === -1) {
      lines.push(raw.slice(start));
      eols.push('');
      start = raw.length;
      break;
    }
    if (newline > start && raw.charCodeAt(newline - 1) === 13) {
      lines.push(raw.slice(start, newline - 1));
      eols.push('\r\n');
      crlf++;
    } else {
      lines.push(raw.slice(start, newline));
      eols.push('\n');
      lf++;
    }
    start = newline + 1;
  }
  offsets.push(raw.length);
  return {
    raw,
    bom,
    lines,
    eols,
    offsets,
    eol: crlf > lf ? '\r\n' : '\n',
    finalNewline: eols.length > 0 && eols[eols.length - 1] !== '',
  };
}

/** Splits `\n`-terminated text (a search or replacement) into lines; a final `\n` adds no line. */
export function toLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The file's text with `\n` endings and no BOM: the view the matchers search. */
export function lfView(file: FileText): string {
  return file.lines.join('\n') + (file.finalNewline ? '\n' : '');
}

/** Converts `\n` endings in `text` to `eol`. */
export function withEol(text: string, eol: '\n' | '\r\n'): string {
  return eol === '\n' ? text : text.replace(/\n/g, '\r\n');
}

/** True when the text looks binary (a NUL character in its first 8,000 characters, as git decides). */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8000).includes('\u0000');
}
