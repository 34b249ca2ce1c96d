import { diffArrays } from 'diff';
import type { Alignment, LineMatch, Needle } from './locate/matcher';
import { indentWidth, isBlank, leadingWhitespace, renderIndent, type IndentUnit } from './text/indentation';
import { normaliseLine } from './locate/fileIndex';
import { correspond } from './elisionMerge';

/** The replacement lines for one located op, ready to put in place of the matched lines. */
export interface Reanchored {
  readonly lines: string[];
  /**
   * For each written line, the file line whose line ending it takes: the line it was copied from,
   * or for a changed line the file line it replaces; undefined for a purely new line.
   */
  readonly sources: (number | undefined)[];
  /** True when any written line's indentation differs from the reply's. */
  readonly reindented: boolean;
  /** Why the replacement cannot be built safely (an unmatched elision, a conflicting stale line). */
  readonly problem?: { readonly code: 'ELISION_UNRESOLVED' | 'OUT_OF_DATE'; readonly message: string };
}

export interface ReanchorInput {
  readonly fileLines: readonly string[];
  readonly fileUnit: IndentUnit | undefined;
  readonly needle: Needle;
  readonly replacement: readonly string[];
  /** Which replacement lines are elision markers. */
  readonly replacementElisions: ReadonlySet<number>;
  readonly match: LineMatch;
}

/**
 * Builds the text that replaces a match, merging three versions line by line:
 * the reply's search lines (what the model saw), its replacement (what it wants), and the file's
 * matched lines (what is there now).
 * - A line the reply keeps (equal in search and replacement) is written as the FILE has it, so
 *   context quoted with other whitespace, quotes or a stale detail is never rewritten.
 * - An elision marker kept in the replacement is filled with the file lines it stood for.
 * - A new or changed line takes the file's indentation: the offset between the search text's
 *   indentation and the file's is applied, in the file's unit (tabs stay tabs).
 * - A line the model changes but the file has changed differently (a fuzzy match's stale line)
 *   is refused as OUT_OF_DATE: the user's newer text is never overwritten silently.
 */
export function reanchor(input: ReanchorInput): Reanchored {
  const { needle, replacement, match, fileLines } = input;
  const isMarker = (line: string, own: 'needle' | 'replacement', i: number) =>
    own === 'needle' ? needle.elisions.has(i) : input.replacementElisions.has(i);
  // Compare lines with their marker status, so `...` and `// ... existing code ...` count as equal.
  const left = needle.lines.map((line, i) => (isMarker(line, 'needle', i) ? '\u0000elision' : line));
  const right = replacement.map((line, i) => (isMarker(line, 'replacement', i) ? '\u0000elision' : line));
  const shift = indentShift(input);
  const out: string[] = [];
  const sources: (number | undefined)[] = [];
  const emit = (line: string, source?: number) => {
    out.push(line);
    sources.push(source);
  };
  let reindented = false;
  let n = 0;
  const parts = diffArrays(left, right);
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if (!part.added && !part.removed) {
      for (let k = 0; k < part.value.length; k++, n++) {
        const place = match.alignment[n];
        if (typeof place === 'number' && differsBeyondWhitespace(fileLines[place], part.value[k], match.strategy)) {
          // Typographic differences in a kept line: the model wrote the line it wants (the
          // conformance convention), only whitespace-level drift keeps the file's version.
          emit(shift(part.value[k]), place);
        } else if (typeof place === 'number') emit(fileLines[place], place);
        else if (place !== undefined) for (let f = place.from; f < place.to; f++) emit(fileLines[f], f);
        else emit(shift(part.value[k]));
      }
      continue;
    }
    if (part.removed) {
      const removedFrom = n;
      n += part.value.length;
      const added = parts[p + 1]?.added ? parts[++p].value : [];
      const conflict = staleConflict(input, removedFrom, n, added);
      if (conflict) return { lines: [], sources: [], reindented: false, problem: { code: 'OUT_OF_DATE', message: conflict } };
      const markerAt = added.indexOf('\u0000elision');
      if (markerAt !== -1 && added.indexOf('\u0000elision', markerAt + 1) === -1) {
        // An elision in the replacement over lines the search spells out: it keeps those lines.
        // Lines written before it replace the first removed lines they are edits of, lines after
        // it the last ones; the rest stay as the file has them.
        const removedLines = needle.lines.slice(removedFrom, n);
        const before = added.slice(0, markerAt);
        const after = added.slice(markerAt + 1);
        let keepFrom = 0;
        while (keepFrom < before.length && keepFrom < removedLines.length && correspond(before[keepFrom], removedLines[keepFrom])) keepFrom++;
        let keepTo = removedLines.length;
        for (let k = 1; k <= after.length && keepTo > keepFrom && correspond(after[after.length - k], removedLines[keepTo - 1]); k++) keepTo--;
        for (const line of before) emit(shift(line));
        for (let i = removedFrom + keepFrom; i < removedFrom + keepTo; i++) {
          const place = match.alignment[i];
          if (typeof place === 'number') emit(fileLines[place], place);
          else if (place !== undefined) for (let f = place.from; f < place.to; f++) emit(fileLines[f], f);
        }
        for (const line of after) emit(shift(line));
        reindented ||= [...before, ...after].some((line) => shift(line) !== line);
        continue;
      }
      for (let a = 0; a < added.length; a++) {
        const line = added[a];
        if (line === '\u0000elision') return unresolvedMarker();
        const written = shift(line);
        if (written !== line) reindented = true;
        // A changed line keeps the ending of the line it replaces (mixed-ending files).
        const replaced = match.alignment[removedFrom + Math.min(a, n - removedFrom - 1)];
        emit(written, typeof replaced === 'number' ? replaced : undefined);
      }
      continue;
    }
    for (const line of part.value) {
      if (line === '\u0000elision') return unresolvedMarker();
      const written = shift(line);
      if (written !== line) reindented = true;
      emit(written);
    }
  }
  return { lines: out, sources, reindented };
}

/** True for a unicode-rung match whose kept line differs from the file in more than whitespace. */
function differsBeyondWhitespace(fileLine: string, replyLine: string, strategy: string): boolean {
  return strategy === 'unicode' && normaliseLine(fileLine, 'collapse') !== normaliseLine(replyLine, 'collapse');
}

function unresolvedMarker(): Reanchored {
  return {
    lines: [],
    sources: [],
    reindented: false,
    problem: {
      code: 'ELISION_UNRESOLVED',
      message: 'the replacement elides code ("... existing code ...") where the search text has no matching elision, so the elided lines are unknown',
    },
  };
}

/**
 * A removed search line whose file counterpart differs from it (a fuzzy match's stale line) is
 * safe to replace only if the model's new lines contain what the file has now.
 */
function staleConflict(input: ReanchorInput, from: number, to: number, added: readonly string[]): string | undefined {
  if (input.match.strategy !== 'fuzzy') return undefined;
  const addedNormalised = new Set(added.map((line) => normaliseLine(line, 'fold')));
  for (let i = from; i < to; i++) {
    const place: Alignment = input.match.alignment[i];
    if (typeof place !== 'number') continue;
    const fileLine = normaliseLine(input.fileLines[place], 'fold');
    if (fileLine === normaliseLine(input.needle.lines[i], 'fold')) continue;
    if (!addedNormalised.has(fileLine)) {
      return `line ${place + 1} of the file is "${input.fileLines[place].trim()}" but the edit expected "${input.needle.lines[i].trim()}" and changes it: the file changed since the model read it`;
    }
  }
  return undefined;
}

/**
 * The function that re-indents a new line: the needle's first non-blank line and the file line it
 * matched give the offset; columns are counted with tabs as the file's indent size.
 */
function indentShift(input: ReanchorInput): (line: string) => string {
  const { needle, match, fileLines, fileUnit } = input;
  let needleIndent: string | undefined;
  let fileIndent: string | undefined;
  for (let i = 0; i < needle.lines.length; i++) {
    const place = match.alignment[i];
    if (typeof place !== 'number' || isBlank(needle.lines[i]) || needle.elisions.has(i)) continue;
    needleIndent = leadingWhitespace(needle.lines[i]);
    fileIndent = leadingWhitespace(fileLines[place]);
    break;
  }
  // The search text carries the file's own indentation on every line (exact and trailing-space
  // matches): the reply's indentation is the file's, whatever a unit detector would guess.
  const sameIndentation = needle.lines.every((line, i) => {
    const place = match.alignment[i];
    return typeof place !== 'number' || isBlank(line) || leadingWhitespace(line) === leadingWhitespace(fileLines[place]);
  });
  // Lines are then written as the reply gives them, whitespace-only lines included (a diff's
  // `+  ` is two spaces the author wrote, as git would apply them).
  if (sameIndentation && needle.lines.some((line) => !isBlank(line))) return (line) => line;
  const unit: IndentUnit = fileUnit ?? (needleIndent?.includes('\t') ? { kind: 'tabs' } : { kind: 'spaces', size: 4 });
  const replyUsesTabs = needle.lines.some((line) => line.startsWith('\t')) || input.replacement.some((line) => line.startsWith('\t'));
  if (needleIndent === undefined || fileIndent === undefined) {
    // Nothing to measure against (an empty or all-blank search): keep the reply's indentation,
    // converted to the file's unit when they differ in kind.
    return (line) => convertUnit(line, unit, replyUsesTabs);
  }
  const replyUsesSpaces = needle.lines.some((line) => line.startsWith(' ')) || input.replacement.some((line) => line.startsWith(' '));
  const needsConversion = unit.kind === 'tabs' ? replyUsesSpaces : replyUsesTabs;
  const tabSize = unit.kind === 'spaces' ? unit.size : replySpaceUnit(input);
  const scaled = indentScale(input, tabSize);
  if (scaled) {
    return (line) => {
      if (isBlank(line)) return '';
      const indent = leadingWhitespace(line);
      return renderIndent(scaled(indentWidth(indent, tabSize)), unit, tabSize) + line.slice(indent.length);
    };
  }
  if (needleIndent === fileIndent && !needsConversion) return (line) => (isBlank(line) ? '' : line);
  const offset = indentWidth(fileIndent, tabSize) - indentWidth(needleIndent, tabSize);
  return (line) => {
    if (isBlank(line)) return '';
    const indent = leadingWhitespace(line);
    const body = line.slice(indent.length);
    const fileChar = unit.kind === 'tabs' ? '\t' : ' ';
    const rest = indent.startsWith(needleIndent!) ? indent.slice(needleIndent!.length) : undefined;
    if (rest !== undefined && [...rest].every((c) => c === fileChar)) return fileIndent + rest + body;
    return renderIndent(indentWidth(indent, tabSize) + offset, unit, tabSize) + body;
  };
}

/**
 * When the search text is indented in another step than the file (2 spaces for the file's 4, the
 * whole block nested one level less), no single offset maps its lines onto the file's: this finds
 * the map `file = base + scale × (reply − replyBase)` that every matched line obeys, so new lines
 * at a depth the search text never used land at the matching depth too. Undefined when one offset
 * does (the common case), or when the matched lines obey no such map (then the offset is kept).
 */
function indentScale(input: ReanchorInput, tabSize: number): ((width: number) => number) | undefined {
  const { needle, match, fileLines } = input;
  const pairs = new Map<number, number>();
  for (let i = 0; i < needle.lines.length; i++) {
    const place = match.alignment[i];
    if (typeof place !== 'number' || isBlank(needle.lines[i]) || needle.elisions.has(i)) continue;
    const replyWidth = indentWidth(leadingWhitespace(needle.lines[i]), tabSize);
    const fileWidth = indentWidth(leadingWhitespace(fileLines[place]), tabSize);
    const known = pairs.get(replyWidth);
    if (known !== undefined && known !== fileWidth) return undefined;
    pairs.set(replyWidth, fileWidth);
  }
  if (pairs.size < 2) return undefined;
  const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
  const offsets = new Set(sorted.map(([reply, file]) => file - reply));
  if (offsets.size === 1) return undefined;
  const [replyBase, fileBase] = sorted[0];
  const [replyTop, fileTop] = sorted[sorted.length - 1];
  const scale = (fileTop - fileBase) / (replyTop - replyBase);
  if (!(scale > 0) || !Number.isInteger(scale * 2)) return undefined;
  const map = (width: number) => fileBase + scale * (width - replyBase);
  if (!sorted.every(([reply, file]) => map(reply) === file)) return undefined;
  return (width) => {
    const exact = pairs.get(width);
    if (exact !== undefined) return exact;
    return Math.max(0, Math.round(map(width)));
  };
}

/** Converts a line's indentation between tabs and spaces when the reply and the file disagree. */
function convertUnit(line: string, unit: IndentUnit, replyUsesTabs: boolean): string {
  if (isBlank(line)) return '';
  const indent = leadingWhitespace(line);
  if (unit.kind === 'spaces' && indent.includes('\t')) {
    return renderIndent(indentWidth(indent, unit.size), unit, unit.size) + line.slice(indent.length);
  }
  if (unit.kind === 'tabs' && !replyUsesTabs && indent.length > 0) {
    return renderIndent(indentWidth(indent, 4), unit, 4) + line.slice(indent.length);
  }
  return line;
}

/** The reply's own space indent step (for converting its spaces to the file's tabs); 4 when unclear. */
function replySpaceUnit(input: ReanchorInput): number {
  const widths = [...input.needle.lines, ...input.replacement]
    .filter((line) => !isBlank(line) && line.startsWith(' '))
    .map((line) => leadingWhitespace(line).length);
  if (widths.length === 0) return 4;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const step = widths.reduce((a, b) => gcd(a, b));
  return step >= 2 && step <= 8 ? step : 4;
}
