/** Moving a placed segment to the depth and the indentation the file has where it goes. */
import { type IndentUnit, leadingWhitespace, renderIndent } from '../text/indentation';
import { inFileIndentation } from '../place/fileIndentation';
import { type Region, correspond, definedNameAt, firstNonBlank, indentOf, isCommentLine, onlyDefinitionOf, sameDefinition } from './lines';

/**
 * The region with its lines moved to the file's depth, when the segment was quoted at another one:
 * its first line is the file's first line of the region (whitespace aside, or the same definition
 * given a new parameter) but indented otherwise, and every line of it is at least as deep as that
 * first line (see `movedUnder`). A method quoted flush left (`def get(self, key):` for the class's
 * `    def get(self, key):`) was written at the margin, out of its class. Otherwise the region as it is.
 */
export function atFileDepth(region: Region, original: readonly string[], fileUnit: () => IndentUnit | undefined): Region {
  const first = firstNonBlank(region.lines);
  if (first === -1 || region.from >= original.length) return region;
  // The region's first line with text in the file: a region may start at a blank line (the
  // snippet's blank line after its marker, taken as the file's), which says nothing of depth.
  let at = region.from;
  while (at + 1 < region.to && original[at].trim() === '') at++;
  let [written, existing] = [region.lines[first], original[at]];
  if (written.trim() !== existing.trim() && !sameDefinition(written.trim(), existing.trim())) {
    // New lines above the file's first line of the region (an element added above the
    // `</dependencies>` it anchors at): that line, the shallowest of the region, gives the depth.
    // (Blank lines kept at the region's top (`withBlankEdges`) come before the new ones.)
    const added = region.newAbove ?? 0;
    const own = added === 0 ? -1 : region.lines.findIndex((line, k) => k >= added && line.trim() !== '' && line.trim() === original[region.from].trim());
    if (own === -1) return region;
    if (region.lines.some((line) => line.trim() !== '' && indentOf(line) < indentOf(region.lines[own]))) return region;
    [written, existing] = [region.lines[own], original[region.from]];
  }
  const lines = movedUnder(region.lines, written, existing, fileUnit);
  return lines === region.lines ? region : { ...region, lines };
}

/**
 * The region's lines in the indentation of the file's lines they replace, when the segment is
 * typed in another unit (read by `inFileIndentation` on those lines alone, with its checks that
 * the two sides share lines once converted): each line keeps its depth in the segment's steps.
 * A whole function re-printed with 4 or 2 spaces for a Go file's tabs starts at the margin, as
 * the file's does, so `atFileDepth` has no depth to move and the function was written with
 * spaces. The whole file is no witness for this: the block is converted before the merge only
 * when the file does not mix tabs and spaces, and one space-indented line of a license comment
 * (`    http://www.apache.org/licenses/LICENSE-2.0` atop every Kubernetes file) makes it mix.
 * The lines the part replaces are the file's indentation where it goes. Otherwise the region as it is.
 */
export function inReplacedIndentation(region: Region, original: readonly string[]): Region {
  const converted = inFileIndentation(original.slice(region.from, region.to), region.lines);
  return converted.lines === region.lines ? region : { ...region, lines: [...converted.lines] };
}

/**
 * The segment moved to the depth of the file's definition it starts with, before it is placed:
 * its first line of code (below a doc comment and decorators) defines a name (`definedNameAt`, a
 * brace on the next line included) that the file defines exactly once at or after `cursor`, at
 * another depth, and every line of it is at least as deep as that line. A method quoted flush
 * left (`save(): void {` … `}` for the class's `  save(): void {` … `  }`) otherwise ends on a
 * `}` at the margin, which is the class's own closing line, not the method's: the lines after its
 * last anchor would not be seen as the method's. A method copied out of its class from its first
 * character on (`firstLinesDedented`) has only its first lines moved. Otherwise the segment as it is.
 */
export function atDefinitionDepth(segment: readonly string[], original: readonly string[], cursor: number, fileUnit: () => IndentUnit | undefined): readonly string[] {
  const first = segment.findIndex((line) => line.trim() !== '' && !isCommentLine(line) && !/^\s*@[A-Za-z_]/.test(line));
  const name = first === -1 ? undefined : definedNameAt(segment, first);
  if (name === undefined) return segment;
  const at = onlyDefinitionOf(name, original, cursor, definedNameAt);
  if (at === -1) return segment;
  if (firstLinesDedented(segment, first, original, at)) return [...movedUnder(segment.slice(0, first + 1), segment[first], original[at], fileUnit), ...segment.slice(first + 1)];
  return movedUnder(segment, segment[first], original[at], fileUnit);
}

/**
 * True when only the segment's lines down to its definition line `first` stand shallower than the
 * file's definition at `at`: the line below it (its brace, or its body's first line) is the file's
 * line below `at`, or an edit of it, at the file's own depth. Selecting a method in an editor from
 * its first character copies the signature (and the doc comment above) without its indentation
 * and the rest with it (`private function addBlockType(…): void` at the margin, its `{` and body
 * still four spaces in): moved whole, the body would land a level too deep.
 */
function firstLinesDedented(segment: readonly string[], first: number, original: readonly string[], at: number): boolean {
  const below = (lines: readonly string[], k: number) => lines.slice(k + 1).find((line) => line.trim() !== '');
  const [written, existing] = [below(segment, first), below(original, at)];
  if (written === undefined || existing === undefined) return false;
  return indentOf(segment[first]) < indentOf(original[at]) && leadingWhitespace(written) === leadingWhitespace(existing) && correspond(written, existing);
}

/**
 * `lines` with `written` (one of them, the shallowest) at the depth of the file's line
 * `existing`, when they differ and every line stands at or under `written`: each line keeps its
 * depth under `written`, in the file's indentation (its character, and its step when the lines
 * step otherwise: 2 spaces for the file's tab). Otherwise `lines` itself.
 */
function movedUnder(lines: readonly string[], written: string, existing: string, fileUnit: () => IndentUnit | undefined): readonly string[] {
  const [from, to] = [leadingWhitespace(written), leadingWhitespace(existing)];
  if (from === to || !lines.every((line) => line.trim() === '' || line.startsWith(from))) return lines;
  // The lines' own step under `written` (the common divisor of their depths there).
  const depthOf = (line: string) => indentOf(line) - indentOf(written);
  const depths = lines.filter((line) => line.trim() !== '').map(depthOf);
  const step = depths.reduce((a, b) => (b === 0 ? a : gcd(a, b)), 0);
  const unit = fileUnit();
  const fileChar = unit?.kind === 'tabs' ? '\t' : ' ';
  const fileStep = unit === undefined ? step : unit.kind === 'tabs' ? TAB : unit.size;
  // Written in the file's character already (or nothing deeper): only the base changes.
  const asWritten = step === 0 || lines.every((line) => [...leadingWhitespace(line).slice(from.length)].every((c) => c === fileChar));
  const moved = (line: string): string => {
    if (line.trim() === '') return line;
    if (asWritten || unit === undefined) return to + line.slice(from.length);
    return to + renderIndent((depthOf(line) / step) * fileStep, unit, TAB) + line.slice(leadingWhitespace(line).length);
  };
  return lines.map(moved);
}

/** Columns of a tab, as `indentOf` counts them when the merge measures depths. */
const TAB = 4;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
