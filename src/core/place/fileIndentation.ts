import { hasText } from '../elisionMerge/lines';
import { withAlignmentRead } from './alignedLines';
import { type IndentUnit, detectIndentUnit, indentKind, indentWidth, isBlank, leadingWhitespace } from '../text/indentation';

/**
 * A whole file or a part of one, given back in the file's own indentation when the two indent
 * differently, neither mixing tabs and spaces: a Go file or a Makefile given with 4 spaces for the file's
 * tabs (a Makefile's recipe lines then stop working), a 2-space file given in 4. Written as
 * given, the file's indentation changed on every line the block holds, unchanged lines included.
 * Each line keeps its depth (its indentation counted in the block's steps) and the columns beyond
 * the last whole step (the ` * ` of a comment), or, when the lines the file has show the block
 * kept its alignment, a line aligned under the line above keeps its columns past that line
 * (`withAlignmentRead`); its text is untouched. A line the file has, at the
 * same column once its tabs are counted as the block's spaces, is written as the file has it:
 * alignment spaces after tabs cannot be told from depth once the tabs have become spaces.
 *
 * Only when neither side mixes tabs and spaces, and either the lines with text the block shares
 * with the file, indented, are the file's once converted (two at least, and over four times as
 * many as are the file's as given: a snippet from deep inside a 2-space file may well read as
 * 4-space on its own), or none is the file's as given and both sides step by their own unit at
 * every opener (`nestsBy`: a one-function module whose only indented line is its `return`).
 * Anything less, or the same unit, returns `lines` itself and no `note`. A block that changes nothing but the indentation therefore
 * changes nothing: re-applied to the file it wrote, a reply must change nothing, and that file's
 * lines are the block's in the file's indentation; the note says why.
 */
export function inFileIndentation(fileLines: readonly string[], lines: readonly string[]): { lines: readonly string[]; note?: string } {
  const fileUnit = unitOf(fileLines);
  const blockUnit = fileUnit && unitOf(lines);
  if (!fileUnit || !blockUnit || sameUnit(fileUnit, blockUnit)) return { lines };
  // Each line the file has at one depth, as the file has it.
  const fileForm = new Map<string, string | null>();
  for (const line of fileLines) {
    const key = line.trim();
    const known = fileForm.get(key);
    if (known === undefined) fileForm.set(key, line);
    else if (known !== line) fileForm.set(key, null);
  }
  const convert = (line: string): string => {
    const indent = leadingWhitespace(line);
    if (indent === '') return line;
    const [depth, rest] = blockUnit.kind === 'tabs' ? tabDepth(indent) : [Math.floor(indent.length / blockUnit.size), indent.length % blockUnit.size];
    const base = fileUnit.kind === 'tabs' ? '\t'.repeat(depth) : ' '.repeat(depth * fileUnit.size);
    return base + ' '.repeat(rest) + line.slice(indent.length);
  };
  const byDepth = lines.map((line) => (isBlank(line) ? line : convert(line)));
  const moved = blockUnit.kind === 'spaces' && fileUnit.kind === 'spaces' ? withAlignmentRead(lines, byDepth, blockUnit.size, fileLines, fileForm) : byDepth;
  // The lines both have say which reading is right: a snippet from deep inside a 2-space file
  // (lines at 4, 8 and 12 columns) looks 4-space on its own, and its lines are the file's as they are.
  // Only lines with text count: a `});` or a `}` stands at every depth of a file, so finding one at
  // the block's column (or at the converted one) is chance, not a sign of either reading.
  let asGiven = 0;
  let asConverted = 0;
  lines.forEach((line, i) => {
    // Lines the conversion leaves as they are (above the first step: a doc comment's ` * `) say nothing.
    const own = hasText(line) ? fileForm.get(line.trim()) : undefined;
    if (!own || moved[i] === line) return;
    if (own === line) asGiven++;
    else if (own === moved[i]) asConverted++;
  });
  const shared = asConverted >= 2 && asConverted > asGiven * 4;
  // Too few shared lines (a one-function module whose only indented line is its `return`): the
  // nesting says the step instead, when both sides step by their own unit at every opener.
  if (!shared && !(asGiven === 0 && nestsBy(lines, blockUnit) && nestsBy(fileLines, fileUnit))) return { lines };
  // The file's own form of a line, when it stands at the column the block's line does (tabs
  // counted as the block's spaces): an aligned continuation line, `\t\t` and 11 spaces given as 19.
  const tabColumns = blockUnit.kind === 'spaces' ? blockUnit.size : 0;
  const sameColumn = (own: string, line: string) => fileUnit.kind === 'tabs' && tabColumns > 0 && indentWidth(leadingWhitespace(own), tabColumns) === leadingWhitespace(line).length;
  const converted = lines.map((line, i) => {
    if (isBlank(line)) return line;
    const own = fileForm.get(line.trim());
    return own && sameColumn(own, line) ? own : moved[i];
  });
  return { lines: converted, note: `the block is indented with ${describe(blockUnit)} and the file with ${describe(fileUnit)}: written in the file's indentation` };
}

/**
 * How `lines` indent, by the steps between them as the rest of the engine reads it
 * (`detectIndentUnit`: nesting goes one step at a time, so a 2-space file whose lines nearly all
 * stand two steps in is still 2-space); undefined when they mix tabs and spaces. The reading is
 * checked against the lines the block and the file share before anything is converted.
 */
function unitOf(lines: readonly string[]): IndentUnit | undefined {
  return mixesTabsAndSpaces(lines) ? undefined : detectIndentUnit(lines, INDENT_SAMPLE);
}

/**
 * True when every line that stands deeper than the line before it, where that line opens a block
 * (ends with `{`, `(`, `[` or `:`), stands exactly one `unit` deeper, and at least one does: a line
 * one bracket inside a line at column 0 is one level in, whatever the number of columns. A side
 * whose openers step by something else (a continuation indented twice) gives no such reading.
 */
function nestsBy(lines: readonly string[], unit: IndentUnit): boolean {
  const step = unit.kind === 'tabs' ? 1 : unit.size;
  let opener: string | undefined;
  let steps = 0;
  for (let i = 0; i < Math.min(lines.length, INDENT_SAMPLE); i++) {
    const line = lines[i];
    if (isBlank(line)) continue;
    if (opener !== undefined) {
      const deeper = leadingWhitespace(line).length - leadingWhitespace(opener).length;
      if (deeper > 0 && deeper !== step) return false;
      if (deeper > 0) steps++;
    }
    opener = OPENS_BLOCK.test(line) ? line : undefined;
  }
  return steps > 0;
}

/** A line that opens a block: its last character, trailing whitespace aside, is `{`, `(`, `[` or `:`. */
const OPENS_BLOCK = /[{([:]\s*$/;

/** How many lines of each side are read for its indentation: a huge file costs no more. */
const INDENT_SAMPLE = 2000;

/** True when some lines indent with tabs and others with spaces, among the lines `detectIndentUnit` samples. */
function mixesTabsAndSpaces(lines: readonly string[]): boolean {
  let tabs = false;
  let spaces = false;
  for (let i = 0; i < Math.min(lines.length, INDENT_SAMPLE); i++) {
    const kind = indentKind(lines[i]);
    if (kind === 'tab') tabs = true;
    else if (typeof kind === 'number' && kind > 0) spaces = true;
    if (tabs && spaces) return true;
  }
  return false;
}

/** The number of leading tabs of an indentation and the columns after them. */
function tabDepth(indent: string): [number, number] {
  let tabs = 0;
  while (indent[tabs] === '\t') tabs++;
  return [tabs, indent.length - tabs];
}

function sameUnit(a: IndentUnit, b: IndentUnit): boolean {
  return a.kind === 'tabs' ? b.kind === 'tabs' : b.kind === 'spaces' && a.size === b.size;
}

function describe(unit: IndentUnit): string {
  return unit.kind === 'tabs' ? 'tabs' : `${unit.size} spaces`;
}
