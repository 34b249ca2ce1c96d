import type { Alignment, LineMatch, Needle } from '../locate/matcher';
import { normaliseLine } from '../locate/fileIndex';
import { correspond } from '../elisionMerge';
import { indentWidth, isBlank, leadingWhitespace, type IndentedLineCounts, type IndentUnit } from '../text/indentation';
import { asciiPunctuation, typographicCount } from '../text/normalize';
import { asSeen, withFileUnseen } from '../text/unseenCharacters';
import { foreignIndentation, indentFrame, indentFrom, respellIndent, type IndentAnchor, type IndentFrame, type MovingFrame } from './indent';
import { closesBlock, flatPlacement, type FlatNeighbours } from './flattened';
import { alignSteps, type Step } from './steps';
import { withContextPrefixes } from './lostPrefix';
import { withMarginSlipsUndone } from './marginSlip';
import type { FileLines } from '../text/fileText';

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
  /** Notes for the reviewer (a line that reads like an elision but stands for nothing, written as given). */
  readonly warnings: string[];
  /** Why the replacement cannot be built safely (an unmatched elision, a conflicting stale line). */
  readonly problem?: {
    readonly code: 'ELISION_UNRESOLVED' | 'OUT_OF_DATE' | 'AMBIGUOUS';
    readonly message: string;
    /** The next step to suggest, where the code's own (`nextStepFor`) would mislead. */
    readonly nextStep?: string;
  };
}

export interface ReanchorInput {
  /** The file's lines (its `FileText`): read one by one, where the match is. */
  readonly fileLines: FileLines;
  readonly fileUnit: IndentUnit | undefined;
  /** The file's tab- and space-indented lines among those `fileUnit` was read from (the file's index counts them with its unit). */
  readonly fileIndentedLines: () => IndentedLineCounts;
  readonly needle: Needle;
  readonly replacement: readonly string[];
  /** Which replacement lines are elision markers. */
  readonly replacementElisions: ReadonlySet<number>;
  readonly match: LineMatch;
  /**
   * The reply's kept lines are context quoted from the file, by the format's own definition
   * (unified diffs, apply_patch): they are written as the file has them on every rung. Otherwise
   * (SEARCH/REPLACE, tool calls) a kept line the reply writes with other typographic punctuation
   * is written as the reply has it: the model wrote the line it wants. @default false
   */
  readonly quotedContext?: boolean;
  /**
   * The search and replacement are text fragments (a tool call's old and new strings): their
   * first line may start mid-line (see `indentFrame`). @default false
   */
  readonly fragments?: boolean;
  /** The hunk's own line structure, when the op comes from a diff or a patch (see `ReplaceOp.lineKinds`). */
  readonly lineKinds?: string;
  /**
   * Whether most blank lines of the file's first 2,000 hold whitespace, when the caller knows it
   * (the file's index keeps it): otherwise they are counted from `fileLines` on every call.
   */
  readonly fileBlanksIndented?: () => boolean;
  /**
   * The op was written by a tool (a git diff with its `index` line): its new lines are the text
   * the file is to have, so an indentation other than the file's is meant (a build that moved
   * from tabs to spaces), never respelled. @default false
   */
  readonly toolWritten?: boolean;
  /**
   * The file's trailing whitespace is content (Markdown, patches: `keepsTrailingWhitespace`): a
   * changed line gets back the trailing whitespace its quote lost (`withFileUnseen`). @default false
   */
  readonly keepsTrailingWhitespace?: boolean;
  /**
   * The file's indentation is its structure (YAML: `indentationIsStructure`): new lines that lost
   * the depth of the lines they replace get it back (`withMarginSlipsUndone`). @default false
   */
  readonly indentationIsStructure?: boolean;
}

/** One line to write, before its indentation is settled. */
type Emitted =
  | { readonly kind: 'file'; readonly place: number; readonly anchor?: IndentAnchor }
  | { readonly kind: 'new'; readonly line: string; readonly source?: number; readonly anchor?: IndentAnchor };

/**
 * Builds the text that replaces a match, merging three versions line by line: the reply's search
 * lines (what the model saw), its replacement (what it wants), and the file's matched lines (what
 * is there now).
 * - A line the reply keeps (in search and replacement) is written as the FILE has it, so context
 *   quoted with other whitespace (or, in diffs and patches, other punctuation) is never rewritten.
 * - An elision marker in the replacement stands for the search lines between its neighbours (the
 *   nearest non-blank lines it shares with the search), less those the lines written next to it
 *   edit; they are written as the file has them. A marker with nothing between its neighbours is
 *   no elision: it is written as given, with a warning. One whose lines the edits next to it would
 *   all take stands for nothing: refused.
 * - A diff's context lines quoted one column shallower throughout lost their prefix space: they
 *   get it back before anything is measured (`withContextPrefixes`), so added lines stay as written.
 * - A new or changed line takes the file's indentation relative to its neighbour: the line it
 *   replaces, else the nearest line the reply quotes before it (else after it), keeping its depth
 *   relative to that line in the file's step and unit (tabs stay tabs). Whitespace-only lines
 *   move like any other.
 * - A line the model changes but the file has changed differently (a fuzzy match's stale line)
 *   is refused as OUT_OF_DATE: the user's newer text is never overwritten silently.
 */
export function reanchor(given: ReanchorInput): Reanchored {
  const restored = withContextPrefixes(given.lineKinds, given.needle, given.replacement, given.match, given.fileLines);
  const prefixed = restored ? { ...given, ...restored } : given;
  const aligned = alignSteps(prefixed.needle, prefixed.replacement, prefixed.replacementElisions, prefixed.lineKinds);
  if (!aligned.ok) return refused('ELISION_UNRESOLVED', aligned.message);
  // A tool's diff writes the text the file is to have, and a tool call's fragments are read by their own rules.
  const slipsUndone = prefixed.indentationIsStructure && !prefixed.toolWritten && !prefixed.fragments ? withMarginSlipsUndone(aligned.steps, prefixed.needle, prefixed.replacement, prefixed.replacementElisions, prefixed.match, prefixed.fileLines) : undefined;
  const input = slipsUndone ? { ...prefixed, replacement: slipsUndone } : prefixed;
  const { needle, replacement, match, fileLines } = input;
  const measured = indentFrame(fileLines, input.fileUnit, input.fileIndentedLines, needle, replacement, match, input.fragments, input.fileBlanksIndented);
  // New lines printed with spaces in a tab-indented file are respelled with its tabs, but not in a tool's
  // diff (its lines are the file's text) nor in an edit that moves the file to spaces (see `movesToSpaces`).
  const asWritten = measured.verbatim && measured.respell && (input.toolWritten || movesToSpaces(aligned.steps, needle, replacement, fileLines, match.start, match.end));
  const frame: IndentFrame = asWritten ? { verbatim: true } : measured;
  // A reply whose quote of the file has curly quotes or dashes where the file has ASCII was
  // prettified on its way (a chat UI): its new lines are read with ASCII punctuation too, and its
  // kept lines stay the file's. A tool call's strings come from the model, not through a page:
  // its kept lines stay the file's as well, but its new text is written as given (a new line's
  // “Quoted” — done string was written with ASCII quotes, which closed the string early).
  const prettified = isPrettified(input);
  const written = (line: string) => (prettified && !input.fragments ? asciiPunctuation(line) : line);
  // Anchors place new lines when the reply's indentation is not the file's; otherwise none is read.
  const anchorOf = (n: number): IndentAnchor | undefined => {
    if (frame.verbatim) return undefined;
    const place = match.alignment[n];
    if (typeof place !== 'number' || isBlank(needle.lines[n]) || needle.elisions.has(n)) return undefined;
    return { replyIndent: leadingWhitespace(needle.lines[n]), fileIndent: leadingWhitespace(fileLines.line(place)) };
  };
  const emitted: Emitted[] = [];
  /** Writes needle line n as the file has it (an elision marker: the lines it matched). */
  const quote = (n: number) => {
    const place: Alignment = match.alignment[n];
    if (typeof place === 'number') emitted.push({ kind: 'file', place, anchor: anchorOf(n) });
    else if (place !== undefined) for (let f = place.from; f < place.to; f++) emitted.push({ kind: 'file', place: f });
    else emitted.push({ kind: 'new', line: needle.lines[n] });
  };
  const warnings: string[] = [];
  // The replacement lines that are search lines kept as they are (the others are written new),
  // gathered the first time a kept line's padding differs from the file's (most edits have none).
  let keptLines: Set<number> | undefined;
  const changedAt = (r: number) => {
    keptLines ??= new Set(aligned.steps.flatMap((step) => (step.kind === 'keep' ? [step.r] : [])));
    return r >= 0 && r < replacement.length && !keptLines.has(r) && !input.replacementElisions.has(r);
  };
  for (const step of aligned.steps) {
    if (step.kind === 'keep') {
      const place = match.alignment[step.n];
      const own = replacement[step.r];
      if (typeof place === 'number' && !input.quotedContext && !prettified && (differsBeyondWhitespace(fileLines.line(place), own, match.strategy) || realignedWithChangedLines(fileLines.line(place), replacement, step.r, changedAt))) {
        // Typographic differences in a kept line of a SEARCH/REPLACE or a tool call, or its
        // padding realigned with the changed lines next to it: the model wrote the line it wants
        // (at the file's indentation of that line).
        emitted.push({ kind: 'new', line: own, source: place, anchor: anchorOf(step.n) });
      } else quote(step.n);
      continue;
    }
    if (step.kind === 'change') {
      for (let n = step.nFrom; n < step.nTo; n++) {
        // The search text elides lines the replacement does not: they would be deleted unseen.
        if (needle.elisions.has(n)) return refused('ELISION_UNRESOLVED', 'the search text elides code ("...") that the replacement does not elide, so the elided lines would be deleted without being shown: elide them in the replacement too, or write them out');
      }
      const conflict = staleConflict(input, step.nFrom, step.nTo, replacement.slice(step.rFrom, step.rTo));
      if (conflict) return refused('OUT_OF_DATE', conflict);
      emitChange(emitted, input, step, anchorOf, written);
      continue;
    }
    const paired = pairedMarker(step, needle, replacement);
    if (paired !== undefined) {
      // The search text elides the same lines: the two markers pair, and what is written around
      // them is an ordinary change on each side.
      const sides = [
        { kind: 'change' as const, nFrom: step.nFrom, nTo: paired, rFrom: step.rFrom, rTo: step.marker },
        { kind: 'change' as const, nFrom: paired + 1, nTo: step.nTo, rFrom: step.marker + 1, rTo: step.rTo },
      ];
      for (const side of sides) {
        const conflict = staleConflict(input, side.nFrom, side.nTo, replacement.slice(side.rFrom, side.rTo));
        if (conflict) return refused('OUT_OF_DATE', conflict);
      }
      emitChange(emitted, input, sides[0], anchorOf, written);
      quote(paired);
      emitChange(emitted, input, sides[1], anchorOf, written);
      continue;
    }
    const covered = coverage(step, needle, replacement);
    if (covered.kind === 'nothing') {
      // Nothing between the marker's neighbours: the line is the reply's text, not an elision.
      warnings.push(`"${replacement[step.marker].trim().slice(0, 60)}" reads like an elision, but there is nothing for it to stand for here; written as given`);
      for (let r = step.rFrom; r < step.rTo; r++) emitted.push({ kind: 'new', line: written(replacement[r]) });
      continue;
    }
    if (covered.kind === 'taken') {
      return refused('ELISION_UNRESOLVED', 'the replacement elides code ("... existing code ...") between lines that edit every search line it could stand for, so what it keeps is unknown');
    }
    const editedBefore = replacement.slice(step.rFrom, step.rFrom + covered.editedAtStart);
    const editedAfter = replacement.slice(step.rTo - covered.editedAtEnd, step.rTo);
    const conflict =
      staleConflict(input, step.nFrom, step.nFrom + covered.editedAtStart, editedBefore) ??
      staleConflict(input, step.nTo - covered.editedAtEnd, step.nTo, editedAfter);
    if (conflict) return refused('OUT_OF_DATE', conflict);
    for (let r = step.rFrom; r < step.marker; r++) {
      const k = r - step.rFrom;
      // A line written before the marker that edits the k-th search line replaces it.
      const source = k < covered.editedAtStart ? step.nFrom + k : undefined;
      emitted.push(newLine(written(replacement[r]), source, source === undefined ? undefined : anchorOf(source), match));
    }
    for (let n = step.nFrom + covered.editedAtStart; n < step.nTo - covered.editedAtEnd; n++) quote(n);
    for (let r = step.marker + 1; r < step.rTo; r++) {
      const fromEnd = step.rTo - r;
      const source = fromEnd <= covered.editedAtEnd ? step.nTo - fromEnd : undefined;
      emitted.push(newLine(written(replacement[r]), source, source === undefined ? undefined : anchorOf(source), match));
    }
  }
  const rendered = render(emitted, fileLines, frame, match);
  return { ...rendered, reindented: rendered.reindented || slipsUndone !== undefined, warnings };
}

/**
 * Emits the replacement lines of a change, each replacing the search line it retypes (see
 * `retypedLines`), else the one at the same position, if any.
 * In a change of as many lines as it replaces, each new line is a version of the line it replaces,
 * and gets back the file's characters the reply's quote of that line lost where the change leaves
 * them alone (`withFileUnseen`: a no-break space, a zero-width space, a Markdown hard break).
 */
function emitChange(emitted: Emitted[], input: ReanchorInput, step: Extract<Step, { kind: 'change' }>, anchorOf: (n: number) => IndentAnchor | undefined, written: (line: string) => string): void {
  // The change's retyped lines are paired once for the whole change, and only when a non-blank
  // line asks (a blank line retypes nothing): not once per line, nor kept for later changes.
  let retyped: ReadonlyMap<number, number> | undefined;
  const lineForLine = step.nTo - step.nFrom === step.rTo - step.rFrom;
  for (let r = step.rFrom; r < step.rTo; r++) {
    const a = r - step.rFrom;
    const retypes = isBlank(input.replacement[r]) ? undefined : (retyped ??= retypedLines(step, input.needle.lines, input.replacement)).get(r);
    const replaced = retypes ?? (a < step.nTo - step.nFrom ? step.nFrom + a : undefined);
    const place = replaced === undefined ? undefined : input.match.alignment[replaced];
    const line = lineForLine && typeof place === 'number' ? withFileUnseen(input.fileLines.line(place), input.needle.lines[replaced!], written(input.replacement[r]), input.keepsTrailingWhitespace === true) : written(input.replacement[r]);
    emitted.push(newLine(line, replaced, replaced === undefined ? undefined : anchorOf(replaced), input.match));
  }
}

/**
 * Past this many cells (search lines × replacement lines of one change), the lines a change only
 * retypes are not sought: the table is quadratic, and a fuzzed 1 MB replacement took minutes.
 * Real changes are a few dozen lines; a larger one keeps the pairing by position.
 */
const MAX_RETYPE_CELLS = 250_000;

/**
 * The replacement lines of a change that retype one of its search lines (the same text, its
 * indentation aside), paired in order along their longest common run: replacement line → search
 * line. A diff's `-`/`+` lines make a change even of lines the model only retyped (`-for ...` and
 * `+for ...` around an added line), and such a line carries the drift of its own quote, not of the
 * line at its position: paired by position, oh-my-pi's under-indented hunk (context at the file's
 * depth, `-`/`+` lines at column 0) anchored the added line on `for` and left the retyped `for`
 * with no anchor, so it took the exact context below and was written at column 0; in Python that
 * ended the function. Empty for a change too large to pair (`MAX_RETYPE_CELLS`).
 */
function retypedLines(step: Extract<Step, { kind: 'change' }>, needle: readonly string[], replacement: readonly string[]): ReadonlyMap<number, number> {
  const pairs = new Map<number, number>();
  const from = step.nFrom;
  const rows = step.nTo - from;
  const cols = step.rTo - step.rFrom;
  if (rows * cols > MAX_RETYPE_CELLS) return pairs;
  // Each line's trimmed text is read once, not once per cell (undefined for a blank line, which pairs with nothing).
  const text = (line: string) => (isBlank(line) ? undefined : line.trim());
  const searchText: (string | undefined)[] = [];
  for (let i = 0; i < rows; i++) searchText.push(text(needle[from + i]));
  const replacementText: (string | undefined)[] = [];
  for (let j = 0; j < cols; j++) replacementText.push(text(replacement[step.rFrom + j]));
  const same = (i: number, j: number) => searchText[i] !== undefined && searchText[i] === replacementText[j];
  // Most changes retype no line at all (a line edited in place): no pair, no table to fill.
  let anySame = false;
  for (let i = 0; i < rows && !anySame; i++) for (let j = 0; j < cols && !anySame; j++) anySame = same(i, j);
  if (!anySame) return pairs;
  // Longest common subsequence of the non-blank lines' trimmed texts, from the ends (changes are
  // short), in one flat table: cell (i, j) at i * width + j.
  const width = cols + 1;
  const longest = new Int32Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      longest[i * width + j] = same(i, j) ? longest[(i + 1) * width + j + 1] + 1 : Math.max(longest[(i + 1) * width + j], longest[i * width + j + 1]);
    }
  }
  for (let i = 0, j = 0; i < rows && j < cols; ) {
    if (same(i, j) && longest[i * width + j] === longest[(i + 1) * width + j + 1] + 1) {
      pairs.set(step.rFrom + j, from + i);
      i++;
      j++;
    } else if (longest[(i + 1) * width + j] >= longest[i * width + j + 1]) i++;
    else j++;
  }
  return pairs;
}

/**
 * True when the match needed punctuation folded and the reply's search lines hold more curly
 * quotes, dashes and the like than the file lines they matched: the reply, not the file, is the
 * typographic one (a chat UI prettified it).
 */
function isPrettified(input: ReanchorInput): boolean {
  if (input.match.strategy !== 'unicode' && input.match.strategy !== 'fuzzy' && input.match.strategy !== 'leftOutLines') return false;
  let reply = 0;
  let file = 0;
  input.needle.lines.forEach((line, i) => {
    const place = input.match.alignment[i];
    if (typeof place !== 'number') return;
    reply += typographicCount(line);
    file += typographicCount(input.fileLines.line(place));
  });
  return reply > file;
}

/** A line the reply writes; `replaced` is the search line it replaces (its ending and indentation anchor). */
function newLine(line: string, replaced: number | undefined, anchor: IndentAnchor | undefined, match: LineMatch): Emitted {
  const place = replaced === undefined ? undefined : match.alignment[replaced];
  return { kind: 'new', line, ...(typeof place === 'number' ? { source: place } : {}), ...(anchor ? { anchor } : {}) };
}

/**
 * The search text's own marker that the step's replacement marker pairs with: the step holds
 * exactly one, and the nearest non-blank line before the two markers is the same line, or the
 * nearest after them is (the start or end of the text counts as a line). Undefined otherwise: the
 * replacement marker then stands for what lies between its own neighbours (see `coverage`).
 */
function pairedMarker(step: Extract<Step, { kind: 'elision' }>, needle: Needle, replacement: readonly string[]): number | undefined {
  let found: number | undefined;
  for (let n = step.nFrom; n < step.nTo; n++) {
    if (!needle.elisions.has(n)) continue;
    if (found !== undefined) return undefined;
    found = n;
  }
  if (found === undefined) return undefined;
  const neighbour = (lines: readonly string[], from: number, direction: 1 | -1) => {
    for (let i = from + direction; i >= 0 && i < lines.length; i += direction) if (lines[i].trim() !== '') return lines[i].trim();
    return direction < 0 ? '\u0000start' : '\u0000end';
  };
  const sameBefore = neighbour(needle.lines, found, -1) === neighbour(replacement, step.marker, -1);
  const sameAfter = neighbour(needle.lines, found, 1) === neighbour(replacement, step.marker, 1);
  return sameBefore || sameAfter ? found : undefined;
}

/**
 * What an elision marker stands for: the search lines of its step, less those the replacement
 * lines written before it edit (from the first on) and those written after it edit (from the last
 * back). `nothing` when the step has no search line, or only blank ones the replacement writes
 * itself; `taken` when the edits leave no line.
 *
 * A line edits a search line when `correspond` says so (equal, or a similar line with the same
 * first words); after the marker also when both end a block alike (see `editsLine`). Lines written after the marker edit the step's last lines only as a run that ends
 * the step and is not nested in a new line above it (a new method's body never edits the end of
 * the method before it).
 */
function coverage(step: Extract<Step, { kind: 'elision' }>, needle: Needle, replacement: readonly string[]): { kind: 'lines'; editedAtStart: number; editedAtEnd: number } | { kind: 'nothing' } | { kind: 'taken' } {
  const removed = needle.lines.slice(step.nFrom, step.nTo);
  const isMarkerOfNeedle = (k: number) => needle.elisions.has(step.nFrom + k);
  if (removed.length === 0) return { kind: 'nothing' };
  const before = replacement.slice(step.rFrom, step.marker);
  const after = replacement.slice(step.marker + 1, step.rTo);
  let editedAtStart = 0;
  while (editedAtStart < before.length && editedAtStart < removed.length && !isMarkerOfNeedle(editedAtStart) && correspond(before[editedAtStart], removed[editedAtStart])) editedAtStart++;
  let editedAtEnd = 0;
  while (
    editedAtEnd < after.length &&
    removed.length - editedAtEnd > editedAtStart &&
    !isMarkerOfNeedle(removed.length - 1 - editedAtEnd) &&
    editsLine(after[after.length - 1 - editedAtEnd], removed[removed.length - 1 - editedAtEnd])
  ) {
    editedAtEnd++;
  }
  if (editedAtEnd > 0 && nestedUnderNewLine(after, after.length - editedAtEnd)) editedAtEnd = 0;
  if (removed.length - editedAtEnd > editedAtStart) return { kind: 'lines', editedAtStart, editedAtEnd };
  // Every line between the neighbours is written around the marker: blank lines alone, and the
  // marker stood for nothing (written as given); real lines, and what it keeps is unknown.
  return removed.every((line, k) => line.trim() === '' && !isMarkerOfNeedle(k)) ? { kind: 'nothing' } : { kind: 'taken' };
}

/**
 * True when a line written after an elision edits the search line at the same place from the
 * end: `correspond`, or both end a block the same way at the same depth (`return`, `throw`,
 * `raise`, `break`, `continue`): a second one written after the first could never run, so the
 * new one replaces it.
 */
function editsLine(written: string, existing: string): boolean {
  if (correspond(written, existing)) return true;
  const terminal = /^[ \t]*(return|throw|raise|break|continue)\b/;
  const a = terminal.exec(written);
  const b = terminal.exec(existing);
  return a !== null && b !== null && a[1] === b[1] && leadingWhitespace(written) === leadingWhitespace(existing);
}

/** True when a line above `from` in `lines` is shallower than the first non-blank line from `from` on. */
function nestedUnderNewLine(lines: readonly string[], from: number): boolean {
  const first = lines.slice(from).find((line) => line.trim() !== '');
  if (first === undefined) return false;
  const width = indentWidth(leadingWhitespace(first), 4);
  return lines.slice(0, from).some((line) => line.trim() !== '' && indentWidth(leadingWhitespace(line), 4) < width);
}

/**
 * True when a change of the edit writes one of the search lines it replaces again at the same
 * depth, spelled otherwise (the same text, trimmed, its indentation as wide with a tab as four
 * columns): the step that rewrites `\tx` as `    x`, the edit moving the file to spaces. A line
 * written deeper or shallower is moved, not respelled (a line at no depth put under a new opener
 * with four spaces, in a tab-indented file, takes the file's tab), and a line equal to a search
 * line elsewhere (another `*\/`) is no such rewrite.
 */
function respellsQuotedLine(steps: readonly Step[], needle: Needle, replacement: readonly string[]): boolean {
  return steps.some((step) => {
    if (step.kind !== 'change') return false;
    const replaced = new Map<string, string>();
    for (let n = step.nFrom; n < step.nTo; n++) if (!isBlank(needle.lines[n])) replaced.set(needle.lines[n].trim(), leadingWhitespace(needle.lines[n]));
    for (let r = step.rFrom; r < step.rTo; r++) {
      const was = isBlank(replacement[r]) ? undefined : replaced.get(replacement[r].trim());
      const now = leadingWhitespace(replacement[r]);
      if (was !== undefined && was !== now && indentWidth(was, 4) === indentWidth(now, 4)) return true;
    }
    return false;
  });
}

/**
 * True when an edit whose new lines are printed with spaces in a tab-indented file moves the file
 * to spaces (`.editorconfig` moved from tabs): it writes a line it quotes again at the same depth
 * in spaces (`respellsQuotedLine`), and the file's lines right above and below the lines it
 * replaces are not indented with tabs. With a tab-indented neighbour the new lines would stand in
 * one block with the file's tabs: Python refuses such a block (`TabError`: `\tif x:` rewritten as
 * `    if x:` above the file's `\treturn 0`), and no edit moving a file's style leaves it so.
 */
function movesToSpaces(steps: readonly Step[], needle: Needle, replacement: readonly string[], fileLines: FileLines, start: number, end: number): boolean {
  if (!respellsQuotedLine(steps, needle, replacement)) return false;
  let above = start - 1;
  while (above >= 0 && isBlank(fileLines.line(above))) above--;
  let below = end;
  while (below < fileLines.lineCount && isBlank(fileLines.line(below))) below++;
  const tabbed = (i: number) => i >= 0 && i < fileLines.lineCount && fileLines.line(i).startsWith('\t');
  return !tabbed(above) && !tabbed(below);
}

/**
 * A tool call's new text, matched word for word, with its lines printed with spaces for a
 * tab-indented file's tabs written with the file's tabs, as those of a SEARCH/REPLACE block with
 * the same text are (see `foreignIndentation`, `movesToSpaces`); undefined when it stands as
 * written. Only the indentation is respelled: the rest of the text is the model's (a tool call's
 * strings are never prettified). `startsLine` says the old text starts at its line's start: else
 * the new text's first line goes after the file's text on that line and keeps its spaces.
 * (A Makefile recipe given with four spaces stopped working, `missing separator`.)
 */
export function respelledToolCall(search: string, replacement: string, at: { readonly fileLines: FileLines; readonly fileUnit: IndentUnit | undefined; readonly fileIndentedLines: () => IndentedLineCounts; readonly start: number; readonly end: number; readonly startsLine: boolean }): string | undefined {
  const needle: Needle = { lines: search.split('\n'), elisions: new Set() };
  const lines = replacement.split('\n');
  const frame = foreignIndentation(at.fileIndentedLines, at.fileUnit, needle, lines);
  if (!frame?.respell) return undefined;
  const aligned = alignSteps(needle, lines, new Set());
  if (!aligned.ok || movesToSpaces(aligned.steps, needle, lines, at.fileLines, at.start, at.end)) return undefined;
  const respell = frame.respell;
  const written = lines.map((line, i) => (i === 0 && !at.startsLine ? line : respellIndent(line, respell))).join('\n');
  return written === replacement ? undefined : written;
}

/** Settles each new line's indentation and returns the lines with their line-ending sources. */
function render(emitted: readonly Emitted[], fileLines: FileLines, frame: IndentFrame, match: LineMatch): Omit<Reanchored, 'warnings'> {
  const lines: string[] = [];
  const sources: (number | undefined)[] = [];
  if (frame.verbatim) {
    let respelled = false;
    for (const entry of emitted) {
      const line = entry.kind === 'file' ? fileLines.line(entry.place) : frame.respell ? respellIndent(entry.line, frame.respell) : entry.line;
      respelled ||= entry.kind !== 'file' && line !== entry.line;
      lines.push(line);
      sources.push(entry.kind === 'file' ? entry.place : entry.source);
    }
    return { lines, sources, reindented: respelled };
  }
  let reindented = false;
  // A new line without an anchor of its own takes the nearest anchored line before it (a quoted
  // line, or a new line written over a search line: the reply wrote the lines it adds relative to
  // the lines just above them, which may sit at another drift than the context further up), else
  // the nearest quoted line after it.
  const nextQuoted: (QuotedAnchor | undefined)[] = new Array(emitted.length);
  let next: QuotedAnchor | undefined;
  for (let i = emitted.length - 1; i >= 0; i--) {
    nextQuoted[i] = next;
    const entry = emitted[i];
    if (entry.kind === 'file' && entry.anchor) next = { ...entry.anchor, line: fileLines.line(entry.place) };
  }
  let previous: WrittenAnchor | undefined;
  /** The lines written so far that a flattened reply adds (see `flatPlacement`). */
  const added = new Set<number>();
  for (let i = 0; i < emitted.length; i++) {
    const entry = emitted[i];
    if (entry.kind === 'file') {
      lines.push(fileLines.line(entry.place));
      sources.push(entry.place);
      if (entry.anchor) previous = { ...entry.anchor, written: false };
      continue;
    }
    let written: string;
    if (frame.flattened && !entry.anchor && !isBlank(entry.line)) {
      const placed = flatPlacement(flatNeighbours(emitted, i, lines, added, fileLines, frame, match), frame.unit, frame.tabSize);
      if ('unclear' in placed) {
        const message = `the old and new texts have no indentation, and the added line "${entry.line.trim().slice(0, 60)}" follows the end of an indented block: whether it belongs to that block or to one around it is not shown`;
        return { ...refused('AMBIGUOUS', message), problem: { code: 'AMBIGUOUS', message, nextStep: 'Re-send the edit with its old and new text indented as the file has them.' } };
      }
      written = placed.indent + entry.line.trimStart();
      added.add(lines.length);
    } else written = indentFrom(entry.line, frame.shiftAll ?? entry.anchor ?? nearerAnchor(entry.line, previous, nextQuoted[i], frame.tabSize) ?? frame.first, frame);
    if (entry.anchor) previous = { ...entry.anchor, written: true };
    if (written !== entry.line) reindented = true;
    lines.push(written);
    sources.push(entry.source);
  }
  return { lines, sources, reindented };
}

/** A quoted line's anchor with the file's text of that line. */
interface QuotedAnchor extends IndentAnchor {
  readonly line: string;
}

/** An anchored line already placed, and whether the reply writes it (over a search line) rather than quotes it. */
interface WrittenAnchor extends IndentAnchor {
  readonly written: boolean;
}

/**
 * The anchor of new line `line` that has none of its own: the nearest anchored line before it,
 * else the nearest quoted line after it; but the line after it when that one is quoted exactly as
 * the file has it and the line before is not. Context copied with a column too many above an
 * insertion and exactly below it (a Codex-family model's apply_patch on a Lua file; a Python hunk
 * whose upper context was four spaces deep): the lines added between were written as the file has
 * them, and moved by the drift above, a new function went one column left, a `return` to the
 * margin, a method into the method above it.
 *
 * Not when the exact line after closes a block (`}`, `end`, `)`) that the file has shallower than
 * the line before, and the new line stands at that line's depth in the reply: the new line is then
 * inside the block being closed, a sibling of the line before as the reply writes it, and takes
 * that line's place in the file. (Roo's "mixed indentation" case: `this.init();` quoted four
 * spaces shallower than the file's `if` body, `this.validate();` added after it at the same depth,
 * then `}`: the closer's anchor wrote the new statement at the `if`'s depth, beside the body line
 * kept at the file's.)
 *
 * Nor when the line before is one the reply writes over a search line quoted shallower than the
 * file, and the exact line after stands at the margin (`dedentedPastMargin`): a reply that lost an
 * indent level throughout cannot show it on a line at column 0, so that line's exactness says
 * nothing, and the lines added after the changed one continue it at its drift. (matplotlib's
 * `Slider.on_changed` hunk dedented by four, ending on the context `class RangeSlider(SliderBase):`:
 * `return ...` became `cid = ...` at the method's depth, but the `process(...)` call and
 * `return cid` added after it took the class line's anchor and were written into the class body.)
 */
function nearerAnchor(line: string, previous: WrittenAnchor | undefined, next: QuotedAnchor | undefined, tabSize: number): IndentAnchor | undefined {
  if (previous !== undefined && next !== undefined && next.replyIndent === next.fileIndent && previous.replyIndent !== previous.fileIndent && !dedentedPastMargin(previous, next, tabSize)) {
    const insideClosedBlock = closesBlock(next.line) && next.fileIndent.length < previous.fileIndent.length && previous.fileIndent.startsWith(next.fileIndent);
    return insideClosedBlock && leadingWhitespace(line) === previous.replyIndent ? previous : next;
  }
  return previous ?? next;
}

/**
 * True when `previous` is a line the reply writes (not quotes), placed from a search line the
 * reply quoted shallower than the file, and `next` stands at column 0 in the reply and the file:
 * a column-0 line would read the same had the reply lost its indentation, so it is no sign that
 * the lines between were written at the file's indentation.
 */
function dedentedPastMargin(previous: WrittenAnchor, next: QuotedAnchor, tabSize: number): boolean {
  return previous.written && next.fileIndent === '' && indentWidth(previous.replyIndent, tabSize) < indentWidth(previous.fileIndent, tabSize);
}

/**
 * The lines around emitted line `i` of a flattened reply: the last non-blank line written before
 * it (else the file's above the match), and the next non-blank line kept or written at a known
 * depth after it (lines the reply adds skipped; else the file's below the match).
 */
function flatNeighbours(emitted: readonly Emitted[], i: number, lines: readonly string[], added: ReadonlySet<number>, fileLines: FileLines, frame: MovingFrame, match: LineMatch): FlatNeighbours {
  const above = linesAbove(lines, added, fileLines, match.start);
  const first = above.next();
  const previous: FlatNeighbours['previous'] = first.done ? undefined : first.value;
  const runHead = previous === undefined ? undefined : headOfRun(previous.line, above);
  const around = { previous, ...(runHead !== undefined ? { runHead } : {}) };
  for (let k = i + 1; k < emitted.length; k++) {
    const entry = emitted[k];
    if (entry.kind === 'file' && !isBlank(fileLines.line(entry.place))) return { ...around, next: fileLines.line(entry.place) };
    if (entry.kind === 'new' && entry.anchor && !isBlank(entry.line)) return { ...around, next: indentFrom(entry.line, entry.anchor, frame) };
  }
  for (let f = match.end; f < fileLines.lineCount; f++) if (!isBlank(fileLines.line(f))) return { ...around, next: fileLines.line(f) };
  return around;
}

/** The non-blank lines above the next one to write, nearest first: those written so far, then the file's above the match. */
function* linesAbove(lines: readonly string[], added: ReadonlySet<number>, fileLines: FileLines, matchStart: number): Generator<{ line: string; added: boolean }> {
  for (let k = lines.length - 1; k >= 0; k--) if (!isBlank(lines[k])) yield { line: lines[k], added: added.has(k) };
  for (let f = matchStart - 1; f >= 0; f--) if (!isBlank(fileLines.line(f))) yield { line: fileLines.line(f), added: false };
}

/**
 * The first of `above` that stands shallower than `last` (the line the run ending at `last`
 * hangs from), or undefined when a line before it stands at another indentation than `last`.
 */
function headOfRun(last: string, above: Iterator<{ line: string }>): string | undefined {
  const indent = leadingWhitespace(last);
  for (let step = above.next(); !step.done; step = above.next()) {
    const own = leadingWhitespace(step.value.line);
    if (own === indent) continue;
    return indent.startsWith(own) ? step.value.line : undefined;
  }
  return undefined;
}

/**
 * True for a match under folded punctuation (the unicode and left-out-lines rungs) whose kept line
 * differs from the file in more than whitespace and unseen characters (`asSeen`): a quote or a
 * dash the model wrote otherwise is its text, but a no-break or zero-width space it could not
 * show is not a change it means (a ZWSP in a kept comment line of .editorconfig was dropped).
 */
function differsBeyondWhitespace(fileLine: string, replyLine: string, strategy: string): boolean {
  return (strategy === 'unicode' || strategy === 'leftOutLines') && asSeen(fileLine) !== asSeen(replyLine);
}

/**
 * True when kept replacement line `r` belongs to an aligned group the replacement realigns: the
 * file has it with other padding between its first word and the rest (`watchErrorHandler:      x`
 * for the reply's `watchErrorHandler: x`), all else equal, and a changed line right next to it, at
 * the same indentation, starts its rest at the same column as the reply's line does, one of the
 * two padded to get there (two spaces or more). Formatters align a group's values by its longest
 * key (gofmt's struct literals and fields, aligned assignments): an edit that drops that key
 * realigns every line of the group, and a reply that quoted the group with its padding collapsed
 * writes the realigned group. Kept as the file has it, the one line the edit did not otherwise
 * change kept the old padding among the new, text neither side holds. Only the padding differs,
 * so nothing but the spacing the group's own lines set is taken from the reply.
 */
function realignedWithChangedLines(fileLine: string, replacement: readonly string[], r: number, changedAt: (r: number) => boolean): boolean {
  // The same text but for indentation has the same padding: no line to cut (every kept line of every edit comes here).
  if (fileLine.trim() === replacement[r].trim()) return false;
  const [inFile, inReply] = [paddedParts(fileLine), paddedParts(replacement[r])];
  if (inFile === undefined || inReply === undefined || inFile.gap === inReply.gap || inFile.head !== inReply.head || inFile.rest !== inReply.rest) return false;
  const column = inReply.head.length + inReply.gap.length;
  return [r - 1, r + 1].some((k) => {
    const next = changedAt(k) ? paddedParts(replacement[k]) : undefined;
    return next !== undefined && next.indent === inReply.indent && next.head.length + next.gap.length === column && Math.max(next.gap.length, inReply.gap.length) > 1;
  });
}

/** A line cut at its first run of spaces after its indentation: the word before, the spaces, the rest; undefined without one. */
function paddedParts(line: string): { indent: string; head: string; gap: string; rest: string } | undefined {
  const parts = /^([ \t]*)(\S+)( +)(\S.*)$/.exec(line);
  return parts === null ? undefined : { indent: parts[1], head: parts[2], gap: parts[3], rest: parts[4] };
}

function refused(code: NonNullable<Reanchored['problem']>['code'], message: string): Reanchored {
  return { lines: [], sources: [], reindented: false, warnings: [], problem: { code, message } };
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
    const fileLine = normaliseLine(input.fileLines.line(place), 'fold');
    if (fileLine === normaliseLine(input.needle.lines[i], 'fold')) continue;
    if (!addedNormalised.has(fileLine)) {
      return `line ${place + 1} of the file is "${input.fileLines.line(place).trim()}" but the edit expected "${input.needle.lines[i].trim()}" and changes it: the file changed since the model read it`;
    }
  }
  return undefined;
}
