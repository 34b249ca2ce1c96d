import type { Alignment, LineMatch, Needle } from '../locate/matcher';
import type { FileLines } from '../text/fileText';
import { isFlattened } from './flattened';
import { detectIndentUnit, indentKind, indentWidth, isBlank, leadingWhitespace, renderIndent, sameIndentation, type IndentedLineCounts, type IndentUnit } from '../text/indentation';

/** A line whose place in the file is known: its indentation in the reply and in the file. */
export interface IndentAnchor {
  readonly replyIndent: string;
  readonly fileIndent: string;
}

/**
 * How the reply's indentation maps onto the file's, measured on the search lines the match
 * aligned with file lines. New lines are then indented relative to a neighbour (see
 * `indentFrom`), never by one offset for the whole block: a reply that quotes a signature flush
 * left but its body indented, or a file that mixes tabs and spaces, would otherwise move some
 * lines of one block and not others.
 */
export type IndentFrame = VerbatimFrame | MovingFrame;

/**
 * The reply's indentation is the file's on every aligned line: new lines are written as given,
 * but for `respell` (see `foreignIndentation`).
 */
export interface VerbatimFrame {
  readonly verbatim: true;
  /** New lines of a tab-indented file printed with spaces, and how many make one of its tabs. */
  readonly respell?: { readonly spacesPerTab: number };
}

/** The reply's indentation differs from the file's: new lines are moved (see `indentFrom`). */
export interface MovingFrame {
  readonly verbatim: false;
  /** Every new line is indented from this anchor (a tool call's fragments, see `indentFrame`). */
  readonly shiftAll?: IndentAnchor;
  /**
   * Every aligned search line is its file line's indentation behind one prefix (`from`), or
   * ahead of one (`to`): the reply quoted the block shifted as a whole (see `uniformShift`).
   */
  readonly shift?: { readonly from: string; readonly to: string };
  /** The file's indent unit (detected, or guessed from the reply). */
  readonly unit: IndentUnit;
  /** Columns of a tab when measuring widths. */
  readonly tabSize: number;
  /** File columns per reply column (2 when the reply indents by 2 where the file indents by 4). */
  readonly scale: number;
  /**
   * File columns per column of the replacement's lines, where they differ from the search's
   * (`scale`): 1 when the search is the file's indentation at half its width but the replacement
   * is in the file's own (see `replacementInFileStep`).
   */
  readonly replacementScale?: number;
  /** The first aligned non-blank search line: the anchor of last resort. */
  readonly first: IndentAnchor | undefined;
  /** The file's own indentation strings by width, so a shallower line reuses the file's spelling. */
  readonly byWidth: ReadonlyMap<number, string>;
  /** The reply uses tabs anywhere (for converting a block with nothing to measure against). */
  readonly replyUsesTabs: boolean;
  /**
   * The file's blank lines hold indentation (some editors keep it): a new whitespace-only line
   * then moves like any other; otherwise it is written empty, as the file writes blank lines.
   */
  readonly indentedBlanks: boolean;
  /**
   * Every search and replacement line stands at one indentation where the file's lines stand at
   * several (see `isFlattened`): a line the reply adds takes its depth from the lines around it
   * (see `flatPlacement`), as its own says nothing.
   */
  readonly flattened?: boolean;
}

const VERBATIM: VerbatimFrame = { verbatim: true };

/**
 * Measures the reply's indentation against the file's on the matched lines.
 *
 * With `fragments` (a tool call's old and new strings, which are text cut from the file rather
 * than blocks of lines), two readings of its own:
 * - the old text's first line starts mid-line (the model copied from its first character: no
 *   indentation where the file has some) while its other lines carry the file's: when the new
 *   text's other lines go shallower than that first line's place, the new text was written as a
 *   block of its own, and every line of it moves to that place; otherwise its lines are the
 *   file's own and stay as given;
 * - the old text sits at another depth than the file, but the new text at the file's own: the new
 *   text is already where it belongs and is written as given.
 *
 * `fileIndentedLines` counts the file's tab- and space-indented lines (see `FileIndex.indentedLines`);
 * `fileBlanksIndented` answers whether the file's blank lines hold whitespace, when the caller
 * already knows it (see `ReanchorInput.fileBlanksIndented`).
 */
export function indentFrame(fileLines: FileLines, fileUnit: IndentUnit | undefined, fileIndentedLines: () => IndentedLineCounts, needle: Needle, replacement: readonly string[], match: LineMatch, fragments = false, fileBlanksIndented?: () => boolean): IndentFrame {
  // Most edits quote the file's indentation exactly: told without building the measurements.
  if (indentedAsFile(fileLines, needle, match)) return foreignIndentation(fileIndentedLines, fileUnit, needle, replacement) ?? VERBATIM;
  const aligned: { reply: string; file: string }[] = [];
  needle.lines.forEach((line, i) => {
    const place: Alignment = match.alignment[i];
    if (typeof place !== 'number' || isBlank(line) || needle.elisions.has(i)) return;
    aligned.push({ reply: leadingWhitespace(line), file: leadingWhitespace(fileLines.line(place)) });
  });
  const first = aligned[0] ? { replyIndent: aligned[0].reply, fileIndent: aligned[0].file } : undefined;
  const replyUsesTabs = needle.lines.some((line) => line.startsWith('\t')) || replacement.some((line) => line.startsWith('\t'));
  const unit: IndentUnit = fileUnit ?? (first?.replyIndent.includes('\t') ? { kind: 'tabs' } : { kind: 'spaces', size: 4 });
  const tabSize = unit.kind === 'spaces' ? unit.size : replySpaceUnit(needle.lines, replacement);
  let verbatim = false;
  let shiftAll: IndentAnchor | undefined;
  if (fragments && aligned.length > 0) {
    const width = (indent: string) => indentWidth(indent, unit.kind === 'spaces' ? unit.size : 4);
    const minimum = (indents: readonly string[]) => Math.min(...indents.map(width));
    const newLines = replacement.filter((line) => !isBlank(line));
    const midLine = aligned.length >= 2 && aligned[0].reply === '' && aligned[0].file !== '' && aligned.slice(1).every((pair) => pair.reply === pair.file) && !isBlank(needle.lines[0]);
    if (midLine) {
      const rest = newLines.slice(1).map(leadingWhitespace);
      if (rest.length > 0 && minimum(rest) < width(aligned[0].file)) shiftAll = { replyIndent: '', fileIndent: aligned[0].file };
    } else if (newLines.length > 0) {
      const fileBase = minimum(aligned.map((pair) => pair.file));
      verbatim = minimum(aligned.map((pair) => pair.reply)) !== fileBase && minimum(newLines.map(leadingWhitespace)) === fileBase;
    }
  }
  if (!fragments && replacementAtFileIndentation(needle, replacement, match, fileLines)) verbatim = true;
  if (verbatim) return foreignIndentation(fileIndentedLines, fileUnit, needle, replacement) ?? VERBATIM;
  const byWidth = new Map<number, string>();
  for (const pair of aligned) if (!byWidth.has(indentWidth(pair.file, tabSize))) byWidth.set(indentWidth(pair.file, tabSize), pair.file);
  // A file of spaces whose quoted lines are indented with tabs (an inline snapshot in a template
  // string) says nothing of its step: measured in the unit's columns, its tabs read as a scale of
  // one half, and a new line at two spaces came out at one.
  const tabsInSpaces = unit.kind === 'spaces' && aligned.some((pair) => pair.file.includes('\t'));
  const scale = tabsInSpaces ? 1 : indentScale(aligned.map((pair) => [indentWidth(pair.reply, tabSize), indentWidth(pair.file, tabSize)] as const));
  const shift = shiftAll ? undefined : uniformShift(aligned);
  const replacementScale = scale !== 1 && replacementInFileStep(aligned, replacement, unit, tabSize, scale) ? 1 : undefined;
  const flattened = !shiftAll && isFlattened(aligned, replacement);
  return { verbatim: false, ...(shiftAll ? { shiftAll } : {}), ...(shift ? { shift } : {}), unit, tabSize, scale, ...(replacementScale ? { replacementScale } : {}), first, byWidth, replyUsesTabs, indentedBlanks: blanksHoldIndentation(fileLines, match, fileBlanksIndented), ...(flattened ? { flattened } : {}) };
}

/**
 * True when a SEARCH/REPLACE's search lines sit at another depth than the file's lines they match
 * while its replacement was written at the file's own: every replacement line that is one of the
 * matched search lines, whitespace aside, has the file's indentation of that line, and at least
 * one does. A model that quoted a method with the class's indentation dropped from the search but
 * not from the replacement (tokio's `try_reserve`, SEARCH at column 0, REPLACE at 4) had the
 * search's shift added to a replacement that was right as given: every line 4 columns too deep,
 * which in Python or YAML changes what the code means.
 *
 * Not when the replacement's first line with text opens a block and stands where the search's
 * first line stands in the reply, at another depth than the file's: the two texts start at the
 * same place of the file, so the replacement starts in the search's frame, and its quoted lines
 * at the file's depth are lines it nests one level deeper under the block it opens above them,
 * which reads as the file's depth only when the reply's drift happens to be one level. (express's
 * `res.jsonp` body escaping, SEARCH two spaces shallower than the file, REPLACE wrapping it in
 * `if (body === undefined) {...} else if (...) {...}`: written as given, the new `if` stood two
 * columns left of the block it sits in.) A first line that opens nothing cannot have put the
 * quoted lines deeper: a slip of that line alone, and the quoted lines still say the depth.
 */
function replacementAtFileIndentation(needle: Needle, replacement: readonly string[], match: LineMatch, fileLines: FileLines): boolean {
  if (startsInSearchFrame(needle, replacement, match, fileLines)) return false;
  const fileIndentOf = new Map<string, string>();
  needle.lines.forEach((line, i) => {
    const place: Alignment = match.alignment[i];
    if (typeof place !== 'number' || isBlank(line) || needle.elisions.has(i)) return;
    const file = leadingWhitespace(fileLines.line(place));
    // Only lines quoted at another depth than the file's say which depth the replacement took.
    if (leadingWhitespace(line) !== file) fileIndentOf.set(line.trim(), file);
  });
  if (fileIndentOf.size === 0) return false;
  let quoted = 0;
  for (const line of replacement) {
    const file = fileIndentOf.get(line.trim());
    if (file === undefined) continue;
    if (leadingWhitespace(line) !== file) return false;
    quoted++;
  }
  return quoted > 0;
}

/**
 * True when the search's first line with text is matched at another indentation than the file's
 * and the replacement's first line with text opens a block (ends with `{`, `(`, `[` or `:`) at
 * the search line's indentation (see `replacementAtFileIndentation`).
 */
function startsInSearchFrame(needle: Needle, replacement: readonly string[], match: LineMatch, fileLines: FileLines): boolean {
  const n = needle.lines.findIndex((line) => !isBlank(line));
  const first = replacement.find((line) => !isBlank(line));
  const place: Alignment = n === -1 ? undefined : match.alignment[n];
  if (first === undefined || typeof place !== 'number' || needle.elisions.has(n)) return false;
  const searchIndent = leadingWhitespace(needle.lines[n]);
  return searchIndent !== leadingWhitespace(fileLines.line(place)) && leadingWhitespace(first) === searchIndent && /[{([:]\s*$/.test(first);
}

/**
 * A verbatim frame that respells new lines printed with spaces in a tab-indented file (four spaces
 * for the file's tab, as models often print code), when neither the search text nor the file
 * indents lines so (at most two lines, or one in fifty, of the file's first 2,000: a bundle that
 * embeds space-indented data is left as written). Undefined otherwise. (The caller keeps lines as
 * written when the edit re-indents a line it quotes, or when a tool wrote it: see `reanchor`.)
 *
 * Tabs in a file of spaces are written as given: models print tabs only where they copy them, and
 * an exact quote's tab-indented new lines in a space-indented file were seen written so by the
 * authors (classnames 2.3.3's `index.d.ts`), where respelling them wrote the file wrong.
 */
export function foreignIndentation(fileIndentedLines: () => IndentedLineCounts, fileUnit: IndentUnit | undefined, needle: Needle, replacement: readonly string[]): VerbatimFrame | undefined {
  if (fileUnit?.kind !== 'tabs') return undefined;
  // A block comment's ` * ` line is aligned under its `/**`, not indented: no sign either way.
  const foreign = (line: string) => !isBlank(line) && line.startsWith(' ') && indentKind(line) !== 'skip';
  if (!replacement.some(foreign) || needle.lines.some(foreign)) return undefined;
  const counts = fileIndentedLines();
  if (counts.spaces > Math.max(2, (counts.tabs + counts.spaces) / 50)) return undefined;
  // Four spaces per tab, and only when every line indented by spaces alone is indented by a
  // multiple of four: two or six columns are as often alignment as levels (a Markdown list's
  // continuation under `- ` in a doc comment, written so in a tab-indented file on purpose).
  // Lines indented with spaces and tabs are the file's own odd spelling (` \t`), left as they are.
  const widths = replacement.filter(foreign).map(leadingWhitespace).filter((indent) => !indent.includes('\t')).map((indent) => indent.length);
  return widths.length > 0 && widths.every((width) => width % 4 === 0) ? { verbatim: true, respell: { spacesPerTab: 4 } } : undefined;
}

/**
 * A new line of a verbatim frame with `respell`: its leading spaces, when they make whole tabs
 * (`    ` → `\t`), written as tabs; any other line as given.
 */
export function respellIndent(line: string, respell: NonNullable<VerbatimFrame['respell']>): string {
  let run = 0;
  while (run < line.length && line[run] === ' ') run++;
  if (run === 0 || line[run] === '\t' || run === line.length || run % respell.spacesPerTab !== 0) return line;
  return '\t'.repeat(run / respell.spacesPerTab) + line.slice(run);
}

/**
 * The one prefix every aligned reply indentation has in place of the file's (`from`, `to`: the
 * reply wrote `from + rest` where the file has `to + rest`, `rest` as long as can be), when
 * there is one: the reply quoted the block shifted as a whole, two spaces deeper, or one tab.
 */
function uniformShift(aligned: readonly { reply: string; file: string }[]): { from: string; to: string } | undefined {
  let shift: { from: string; to: string } | undefined;
  for (const { reply, file } of aligned) {
    let common = 0;
    while (common < reply.length && common < file.length && reply[reply.length - 1 - common] === file[file.length - 1 - common]) common++;
    const from = reply.slice(0, reply.length - common);
    const to = file.slice(0, file.length - common);
    if (shift === undefined) shift = { from, to };
    else if (shift.from !== from || shift.to !== to) return undefined;
  }
  return shift;
}

/**
 * True when at least one search line is aligned with a file line (blank lines and elision
 * markers aside) and every such line has the file line's leading spaces and tabs exactly.
 */
function indentedAsFile(fileLines: FileLines, needle: Needle, match: LineMatch): boolean {
  let aligned = false;
  for (let i = 0; i < needle.lines.length; i++) {
    const place: Alignment = match.alignment[i];
    const line = needle.lines[i];
    if (typeof place !== 'number' || isBlank(line) || needle.elisions.has(i)) continue;
    if (!sameIndentation(line, fileLines.line(place))) return false;
    aligned = true;
  }
  return aligned;
}


/**
 * How the file writes blank lines: as the matched lines do when they have any, else as most of
 * the file's first 2,000 lines do (`fileBlanksIndented`, when the caller knows it); whitespace-only
 * (true) or empty (false).
 */
function blanksHoldIndentation(fileLines: FileLines, match: LineMatch, fileBlanksIndented?: () => boolean): boolean {
  let indented = 0;
  let empty = 0;
  const count = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const line = fileLines.line(i);
      if (line === '') empty++;
      else if (isBlank(line)) indented++;
    }
  };
  count(match.start, match.end);
  if (indented + empty === 0 && fileBlanksIndented) return fileBlanksIndented();
  if (indented + empty === 0) count(0, Math.min(fileLines.lineCount, 2000));
  return indented > empty;
}

/**
 * The line re-indented for the file, relative to `anchor` (a neighbouring line whose place in the
 * file is known): it keeps its depth relative to that line, scaled to the file's step, starting
 * from that line's own indentation in the file. Whitespace-only lines move like any other where
 * the file's blank lines hold indentation, and are written empty where they do not; an empty line
 * stays empty.
 */
export function indentFrom(line: string, anchor: IndentAnchor | undefined, frame: MovingFrame): string {
  if (line === '' || (!frame.indentedBlanks && isBlank(line))) return '';
  const indent = leadingWhitespace(line);
  const body = line.slice(indent.length);
  const shifted = frame.shift && unshifted(indent, frame.shift);
  if (shifted !== undefined) return shifted + body;
  if (anchor === undefined) return convertUnit(indent, frame) + body;
  const { tabSize, unit, scale } = frame;
  // The line's depth below its anchor, in file columns (the anchor is a search line: its own scale).
  const replyDelta = indentWidth(indent, tabSize) * (frame.replacementScale ?? scale) - indentWidth(anchor.replyIndent, tabSize) * scale;
  const anchorWidth = indentWidth(anchor.fileIndent, tabSize);
  const target = Math.max(0, anchorWidth + Math.round(replyDelta));
  const rest = indent.startsWith(anchor.replyIndent) ? indent.slice(anchor.replyIndent.length) : undefined;
  // An anchor whose file indentation mixes tabs and spaces (a doc comment's `\t * `) is no prefix
  // for a line that does not extend it in the reply: its depth is written whole, or the tabs went
  // after the comment's space (`\t \t\t   return`).
  const mixedAnchor = rest === undefined && anchor.fileIndent.includes('\t') && anchor.fileIndent.includes(' ');
  if (target >= anchorWidth && !mixedAnchor) {
    // Deeper than (or level with) the anchor: the anchor's own indentation, then the extra depth
    // in the file's unit, or as the reply spells it when that already is the file's character.
    const fileChar = unit.kind === 'tabs' ? '\t' : ' ';
    if (scale === 1 && rest !== undefined && [...rest].every((c) => c === fileChar)) return anchor.fileIndent + rest + body;
    return anchor.fileIndent + renderIndent(target - anchorWidth, unit, tabSize) + body;
  }
  return (frame.byWidth.get(target) ?? renderIndent(target, unit, tabSize)) + body;
}

/**
 * A new line's indentation with the reply's shift taken back (see `MovingFrame.shift`): its
 * own spelling kept after the file's prefix, as a search text quoted where the file has it would
 * have been written (tabs where the search had spaces: the edit changes the file's style).
 * Undefined when the line does not start with the shift, or when its own indentation would mix
 * characters with the file's prefix (the anchors then say where it goes).
 */
function unshifted(indent: string, shift: { readonly from: string; readonly to: string }): string | undefined {
  if (!indent.startsWith(shift.from)) return undefined;
  const rest = indent.slice(shift.from.length);
  const all = (text: string, c: string) => [...text].every((ch) => ch === c);
  const oneCharacter = shift.to === '' || (all(shift.to, '\t') && all(rest, '\t')) || (all(shift.to, ' ') && all(rest, ' '));
  return oneCharacter ? shift.to + rest : undefined;
}

/** Converts indentation between tabs and spaces when nothing says where the block sits. */
function convertUnit(indent: string, frame: MovingFrame): string {
  const { unit } = frame;
  if (unit.kind === 'spaces' && indent.includes('\t')) return renderIndent(indentWidth(indent, unit.size), unit, unit.size);
  if (unit.kind === 'tabs' && !frame.replyUsesTabs && indent.length > 0) return renderIndent(indentWidth(indent, 4), unit, 4);
  return indent;
}

/**
 * When the search text is indented in another step than the file (2 spaces for the file's 4),
 * the factor `s` with `file = base + s × reply` on every aligned line; 1 when one offset maps them
 * (the common case), when fewer than two depths are seen, or when they obey no such map.
 */
function indentScale(pairs: readonly (readonly [number, number])[]): number {
  const byReply = new Map<number, number>();
  for (const [reply, file] of pairs) {
    const known = byReply.get(reply);
    if (known !== undefined && known !== file) return 1;
    byReply.set(reply, file);
  }
  if (byReply.size < 2) return 1;
  const sorted = [...byReply].sort((a, b) => a[0] - b[0]);
  const [replyBase, fileBase] = sorted[0];
  const [replyTop, fileTop] = sorted[sorted.length - 1];
  const scale = (fileTop - fileBase) / (replyTop - replyBase);
  if (!(scale > 0) || !Number.isInteger(scale * 2)) return 1;
  return sorted.every(([reply, file]) => fileBase + scale * (reply - replyBase) === file) ? scale : 1;
}

/**
 * True when the search text is the file's indentation at 1/`scale` of its width (every aligned
 * line, the margin included: a 4-space function quoted in 2 spaces) and steps in that smaller
 * step, while the replacement is indented in the file's own step: every new line at a multiple of
 * it, and a step of it between two of them (codecompanion's "different whitespace formatting"
 * case: old text in 2 spaces, new text in the file's 4; scaled with the search, its body went to 8
 * and 16 columns). A replacement with no such step (lines at one depth) says nothing of its step.
 */
function replacementInFileStep(aligned: readonly { reply: string; file: string }[], replacement: readonly string[], unit: IndentUnit, tabSize: number, scale: number): boolean {
  if (unit.kind !== 'spaces') return false;
  const width = (indent: string) => indentWidth(indent, tabSize);
  if (!aligned.every((pair) => !pair.reply.includes('\t') && width(pair.file) === scale * width(pair.reply))) return false;
  const steps = (widths: readonly number[]) => widths.slice(1).map((w, i) => Math.abs(w - widths[i])).filter((step) => step > 0);
  if (steps(aligned.map((pair) => width(pair.reply))).every((step) => step % unit.size === 0)) return false;
  const indents = replacement.filter((line) => !isBlank(line)).map(leadingWhitespace);
  if (indents.some((indent) => indent.includes('\t') || indent.length % unit.size !== 0)) return false;
  return steps(indents.map(width)).includes(unit.size);
}

/**
 * The reply's own space indent step (for converting its spaces to the file's tabs): the step
 * between its consecutive lines that occurs most (`detectIndentUnit`, as a file's is read), 2 to
 * 8 columns; 4 when unclear. (The greatest common divisor of every width was read before: one
 * continuation line aligned at 6 columns made a reply of 4-space levels read as 2, and each
 * level was written as two tabs.)
 */
function replySpaceUnit(needle: readonly string[], replacement: readonly string[]): number {
  const unit = detectIndentUnit([...needle, ...replacement].filter((line) => !line.startsWith('\t')));
  return unit?.kind === 'spaces' && unit.size >= 2 && unit.size <= 8 ? unit.size : 4;
}
