import type { EditOp } from '../ir';
import { isBareDotsLine, isDescribedElision, isElisionLine, isTagAttributesElision } from '../parse/elision';
import { codeLeftOutBesideEdit, dataKeysLeftOut, looksLikeFragment, mergeElisions, mergeFragment, newLinesOnly, notWholeFile, partOrShortened, unshownDeletion } from '../elisionMerge';
import { bracketSyntaxFor } from '../elisionMerge/balance';
import { definitionLeftOut } from '../elisionMerge/definitionLeftOut';
import { diffPrefixedSnippet } from '../elisionMerge/diffPrefixed';
import { diffArrays } from 'diff';
import { lineEdit, type TextEdit } from '../plan';
import { eolOf, toLines, type FileText } from '../text/fileText';
import { placeCreate } from './create';
import { blankLinesAtEnd, withFileUnseenKept } from './unseenKept';
import { withLoneCrLinesRejoined } from './loneCrKept';
import { keepsTrailingWhitespace } from '../text/unseenCharacters';
import { inFileIndentation } from './fileIndentation';
import type { FileState, Transaction } from './transaction';

/**
 * Places a whole-file block or a snippet. A file that does not exist is created (without the
 * block's label line); one that starts with that line keeps it. Elisions are
 * filled from the file (`mergeElisions`); a block far shorter than the file that does not span it
 * is placed as a part of it (`mergeFragment`), never written over the rest; either is refused with
 * `ELISION_UNRESOLVED` when it cannot be placed. The result becomes the base later ops edit.
 * `notes` go into the receipt's warnings when it is written.
 */
export function placeRewrite(tx: Transaction, state: FileState, content: string, partial: boolean, op: EditOp, notes: readonly string[] = []): void {
  const block = op.source.block;
  if (!state.exists) return placeCreate(tx, state, content, op);
  tx.commit(state);
  const file = state.file!;
  if (op.kind === 'rewrite' && op.namedInProse && !partial && !resemblesFile(file.lines, toLines(content))) {
    tx.fail('NO_MATCH', block, state.path, `the block the sentence above it presents as ${state.path} does not look like that file (it shares too few of its lines), so it is not written over it`, op, {}, state);
    return;
  }
  const given = toLines(op.kind === 'rewrite' ? withOwnLabel(file.lines, op.label, content) : content);
  // In the file's indentation first: the merge then compares and writes lines as the file has them.
  const indented = inFileIndentation(file.lines, given);
  let lines = [...indented.lines];
  const warnings = indented.note === undefined ? [...notes] : [...notes, indented.note];
  // `...>` lines under a tag left open (see `leavesOutAttributes`), found once for both uses below.
  const attributeAt = lines.flatMap((_, i) => (leavesOutAttributes(file.lines, lines, i) ? [i] : []));
  const attributes = attributesMarkerUnsure(attributeAt, lines, state.path);
  if (attributes !== undefined) {
    tx.fail('ELISION_UNRESOLVED', block, state.path, attributes, op, { nextStep: 'Show the tag\'s attributes, or write a "... existing code ..." comment right under the "...>" line when the lines after it are left out too.' }, state);
    return;
  }
  // `...>` under a tag left open, followed by a marker or nothing: a marker too (see `attributesMarkerUnsure`).
  const attributeMarkers = new Set(attributeAt.map((i) => lines[i]));
  const describedMarkers = describedMarkersIn(file.lines, lines, (line) => isElisionLine(line) || attributeMarkers.has(line), bracketSyntaxFor(state.path));
  const isMarker = (line: string) => isElisionLine(line) || attributeMarkers.has(line) || describedMarkers.has(line);
  // Elision-like lines the file has in place are its text (a doc comment's `// …`): a block whose
  // only markers are such lines was read as a snippet for them alone, and is a whole file.
  const elided = lines.some((line, i) => isMarker(line) && !isTracebackEllipsis(lines, i));
  const quotedMarkers = elided && partial && op.kind === 'rewrite' && !op.asPart && lines.every((line, i) => !isMarker(line) || isTracebackEllipsis(lines, i) || quotesFileLine(file.lines, lines, i));
  const part = partial && !quotedMarkers;
  // A fenced whole file, written over the file as it stands (no elision filled, not a part of it).
  let whole = op.kind === 'rewrite' && (op.source.format === 'whole-file' || quotedMarkers) && !part;
  /** The block's lines were merged into the file's (elisions filled, or placed as a part of it). */
  let mergedIntoFile = false;
  if (elided && !quotedMarkers) {
    whole = false;
    mergedIntoFile = true;
    const syntax = bracketSyntaxFor(state.path);
    // Cursor's snippets mark a changed line with a diff's `-` and `+`: those changes are made
    // first, where the lines they show stand, and the rest of the snippet is merged as usual.
    const prefixed = diffPrefixedSnippet(file.lines, lines, isMarker, state.path, syntax);
    if (prefixed !== undefined && 'stale' in prefixed) {
      tx.fail('NO_MATCH', block, state.path, `${prefixed.stale} (${state.path})`, op, { nextStep: STALE_DIFF_STEP }, state);
      return;
    }
    if (prefixed !== undefined) warnings.push(prefixedNote(prefixed.alreadyThere));
    const merged = mergeElisions(prefixed?.file ?? file.lines, prefixed?.block ?? lines, isMarker, syntax);
    if (!merged.ok) {
      tx.fail('ELISION_UNRESOLVED', block, state.path, `${merged.message} in ${state.path}`, op, {}, state);
      return;
    }
    lines = merged.lines;
  } else {
    // A block far shorter than the file that does not span it, or one cut short inside it, is a
    // part of it: place it like a snippet, or refuse; never let it delete the rest of the file.
    const syntax = bracketSyntaxFor(state.path);
    const fragment = part || looksLikeFragment(file.lines, lines);
    const cut = fragment ? undefined : notWholeFile(file.lines, lines, syntax);
    // A part whose changed lines carry a diff's `-` and `+` (Cursor's shape, without markers):
    // made where its lines stand, as in a snippet; read as code, its prefixes were written.
    const prefixed = fragment || cut !== undefined ? diffPrefixedSnippet(file.lines, lines, () => false, state.path, syntax) : undefined;
    if (prefixed !== undefined && 'stale' in prefixed) {
      tx.fail('NO_MATCH', block, state.path, `${prefixed.stale} (${state.path})`, op, { nextStep: STALE_DIFF_STEP }, state);
      return;
    }
    if (prefixed !== undefined) {
      lines = [...prefixed.file];
      whole = false;
      mergedIntoFile = true;
      warnings.push(prefixedNote(prefixed.alreadyThere), `treated as a part of ${state.path}: the block ${cut === undefined ? 'is much shorter than the file' : `is not the whole file: ${cut}`}`);
    } else if (fragment || cut !== undefined) {
      const why = cut === undefined ? `has ${lines.length} lines for a file of ${file.lines.length} and does not start and end like it` : `is not the whole file: ${cut}`;
      const merged = mergeFragment(file.lines, lines, syntax);
      const unshown = merged.ok ? unshownDeletion(file.lines, merged.lines) : merged.message;
      const stale = merged.ok && unshown === undefined ? codeLeftOutBesideEdit(file.lines, merged.lines) : undefined;
      if (!merged.ok || unshown !== undefined || stale !== undefined) {
        const nextStep = stale !== undefined ? STALE_PART_STEP : 'Mark the lines the block leaves out with a "... existing code ..." comment (or send a deletion meant so as a SEARCH/REPLACE block or a diff).';
        tx.fail('ELISION_UNRESOLVED', block, state.path, `the block ${why}, so it looks like a part of the file, but ${unshown ?? stale}`, op, merged.ok ? { nextStep } : {}, state);
        return;
      }
      lines = merged.lines;
      whole = false;
      mergedIntoFile = true;
      warnings.push(`treated as a part of ${state.path}: the block ${cut === undefined ? 'is much shorter than the file' : why}`);
    } else if (whole) {
      const guess = partOrShortened(file.lines, lines) ?? newLinesOnly(file.lines, lines) ?? dataKeysLeftOut(file.lines, lines, state.path) ?? definitionLeftOut(file.lines, lines, state.path);
      if (guess !== undefined) {
        tx.fail('AMBIGUOUS', block, state.path, `${guess} (${state.path})`, op, { nextStep: 'Mark what the block leaves out with a "... existing code ..." comment, or ask the model for the whole file.' }, state);
        return;
      }
    }
  }
  if (whole) lines = withoutBlankLinesPastFileEnd(file.lines, lines);
  // A file line with lone CRs, shown by the block as lines of their own, is that line.
  if (whole) lines = [...withLoneCrLinesRejoined(file.lines, lines)];
  // A whole file's lines as the file has them where the block lost only bytes nobody sees.
  const kept = whole ? withFileUnseenKept(file.lines, lines, keepsTrailingWhitespace(state.path)) : undefined;
  const keptNote = kept && kept.restored > 0 ? `the block lacks trailing whitespace, final blank lines, or no-break or zero-width spaces that ${kept.restored === 1 ? 'a line' : `${kept.restored} lines`} of the file ${kept.restored === 1 ? 'has' : 'have'}: kept as the file has them` : undefined;
  if (kept) lines = [...kept.lines];
  if (keptNote !== undefined) warnings.push(keptNote);
  const sameText = lines.length === file.lines.length && lines.every((line, i) => line === file.lines[i]);
  if (sameText) {
    // The indentation note (the kept-bytes note) says why a block indented otherwise (stripped) changes nothing.
    const why = [indented.note, keptNote].filter((note) => note !== undefined);
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'rewrite', score: 1, startLine: 1, endLine: file.lines.length, warnings: ['the file already has this content', ...why] });
    return;
  }
  if (whole && state.wholeVersion !== undefined) {
    // Two whole versions that differ: the later may be a second attempt ("here is the corrected
    // file"), a choice ("or, if you prefer"), or the file as it was, shown for comparison. Which
    // is meant is a guess; written in turn, the last one silently won.
    tx.fail('AMBIGUOUS', block, state.path, `the reply gives the whole of ${state.path} twice, in block ${state.wholeVersion} and in this one, and the two differ: which version is meant is a guess`, op, { nextStep: `Apply the block with the version you want on its own, or ask the model for ${state.path} once.` }, state);
    return;
  }
  const changed = changedRun(file, lines);
  // A whole file is reported as one; a snippet or a part of the file by the lines it changes.
  const range = mergedIntoFile ? { startLine: changed.start + 1, endLine: Math.max(changed.start + 1, changed.end) } : { startLine: 1, endLine: Math.max(1, file.lines.length) };
  tx.record(state, { block, status: 'applied', strategy: mergedIntoFile ? 'elision' : 'rewrite', score: 1, ...range, edits: [changed.edit], warnings });
  if (whole) state.wholeVersion = block;
  state.placedEdits.clear();
  // Later ops of the reply edit the rewritten text, not the original.
  tx.commit(state);
}

/**
 * A whole file's lines without the empty lines it ends with beyond the blank lines the file ends
 * with: models leave a blank line above the closing fence, and a README re-printed so (Cursor's
 * ```` ```markdown ```` block) was written with a blank last line the file never had; the same
 * README re-printed unchanged was a change. The file's own final blank lines are kept.
 */
function withoutBlankLinesPastFileEnd(fileLines: readonly string[], lines: string[]): string[] {
  const fileEnd = blankLinesAtEnd(fileLines);
  // Only empty lines: a line of spaces may be content (a patch's blank context line).
  let blockEnd = 0;
  while (blockEnd < lines.length && lines[lines.length - 1 - blockEnd] === '') blockEnd++;
  return blockEnd > fileEnd && blockEnd < lines.length ? lines.slice(0, lines.length - blockEnd + fileEnd) : lines;
}

/** The receipt's note for a snippet read with diff prefixes (`diffPrefixedSnippet`). */
function prefixedNote(alreadyThere: number): string {
  const there = alreadyThere === 0 ? '' : `; ${alreadyThere === 1 ? 'one change was' : `${alreadyThere} changes were`} there already`;
  return `the snippet's lines that start with "-" and "+" were read as lines removed and added, as a diff marks them${there}`;
}

/** What to do with a snippet whose `-` lines are near copies of the file's lines, not the lines themselves. */
const STALE_DIFF_STEP = 'Re-send the change with its "-" lines copied from the file as it is now (or as a SEARCH/REPLACE block or a diff of the current file).';

/** What to do with a part that deletes lines it does not show beside its own change (`codeLeftOutBesideEdit`). */
const STALE_PART_STEP = 'Show the lines it deletes in the block as the file has them now, or mark them with a "... existing code ..." comment; a deletion meant so goes in a SEARCH/REPLACE block or a diff that shows them.';

/**
 * The block's `... words ...` comments (`isDescribedElision`) that are markers: the file has no
 * such line, and merged with them as markers each stands for lines of the file the block does
 * not show. One that stands for nothing there is a comment the reply writes, and is left to be
 * written as one (as it was before such comments were read as markers).
 */
function describedMarkersIn(fileLines: readonly string[], lines: readonly string[], isMarker: (line: string) => boolean, syntax: ReturnType<typeof bracketSyntaxFor>): ReadonlySet<string> {
  const candidates = new Set(lines.filter((line) => isDescribedElision(line)));
  if (candidates.size === 0) return candidates;
  for (const own of fileLines) if (candidates.size > 0 && isDescribedElision(own)) for (const line of candidates) if (line.trim() === own.trim()) candidates.delete(line);
  if (candidates.size === 0) return candidates;
  const forNothing = new Set<string>();
  const merged = mergeElisions(fileLines, lines, (line) => isMarker(line) || candidates.has(line), syntax, (marker) => forNothing.add(marker));
  if (!merged.ok) return new Set();
  return new Set([...candidates].filter((line) => !forNothing.has(line)));
}

/**
 * Why a block's `...>` line (a tag's attributes left out: `isTagAttributesElision`) cannot be
 * read, or undefined. Such a line stands for the tag's attribute lines and no more, while the
 * merge reads a marker as standing for every line up to where the next lines are found: the
 * tag's attributes and its children alike. The two agree only when another marker, or the
 * block's end, comes right after it (an Android manifest's `<application` over `...>` and `<!--
 * ... existing activity ... -->`: attributes and activities kept). With lines right after it (a
 * new first child), the merge would take a new `<activity` for the file's first one and replace
 * it; written as given, the line broke the manifest. A file that has the line itself is left to
 * the other rules.
 */
function attributesMarkerUnsure(attributeAt: readonly number[], lines: readonly string[], path: string): string | undefined {
  for (const i of attributeAt) {
    let next = i + 1;
    while (next < lines.length && lines[next].trim() === '') next++;
    if (next < lines.length && !isElisionLine(lines[next])) {
      return `the line "${lines[i].trim()}" leaves out the attributes of a tag of ${path}, and the lines after it ("${lines[next].trim().slice(0, 40)}") are not marked as left out: whether they are new lines right inside the tag or stand for the file's lines there is a guess`;
    }
  }
  return undefined;
}

/**
 * True when line `i` of the block is a `...>` marker (`isTagAttributesElision`) right under a
 * tag left open (`<application`, or an attribute line of it: no `>` on it), and the file has no
 * such line of its own.
 */
function leavesOutAttributes(fileLines: readonly string[], lines: readonly string[], i: number): boolean {
  if (!isTagAttributesElision(lines[i]) || fileLines.some((own) => own.trim() === lines[i].trim())) return false;
  let above = i - 1;
  while (above >= 0 && lines[above].trim() === '') above--;
  if (above < 0) return false;
  const text = lines[above].trim();
  return !text.includes('>') && (/^<[A-Za-z_][\w.:-]*(?:\s|$)/.test(text) || /^[A-Za-z_][\w.:-]*\s*=\s*["']/.test(text));
}

/** How many lines a line diff of the changed run may add and remove before the endings inside it are not told apart. */
const MAX_ENDING_DIFF = 4000;

/**
 * The edit that turns the file's lines into `lines`, over the run between their common first and
 * last lines only: every line outside it keeps its bytes, its line ending among them, and inside
 * it a line the new text keeps (found by a line diff) keeps its own ending. Written as one edit of
 * the whole file, a snippet merged into a file of mixed endings gave every line the first line's.
 * `start` and `end` are the run's lines in the file (0-based, end exclusive).
 */
function changedRun(file: FileText, lines: readonly string[]): { edit: TextEdit; start: number; end: number } {
  const count = file.lineCount;
  let start = 0;
  while (start < count && start < lines.length && file.line(start) === lines[start]) start++;
  let end = count;
  let newEnd = lines.length;
  while (end > start && newEnd > start && file.line(end - 1) === lines[newEnd - 1]) {
    end--;
    newEnd--;
  }
  const written = lines.slice(start, newEnd);
  const sources: (number | undefined)[] = [];
  // Only a run whose lines end otherwise than its first can have endings to keep apart (`lineEdit`
  // gives every line the first one's otherwise): a file all CRLF, or all LF, needs no diff (a
  // 30 KB CRLF file re-printed took 2.5 s in it). The diff is bounded (a file rewritten through
  // and through takes the first changed line's ending, as a whole file would).
  const parts = file.hasCrlf && endingsDiffer(file, start, end) ? diffArrays(file.lines.slice(start, end) as string[], written, { maxEditLength: MAX_ENDING_DIFF }) : undefined;
  if (parts) {
    let at = start;
    for (const part of parts) {
      if (part.removed) at += part.count ?? part.value.length;
      else if (part.added) for (let i = 0; i < part.value.length; i++) sources.push(undefined);
      else for (let i = 0; i < part.value.length; i++) sources.push(at++);
    }
  }
  return { edit: lineEdit(file, start, end, written, sources.length > 0 ? sources : undefined), start, end };
}

/**
 * True when some line of the file's run `start`..`end` ends otherwise than `lineEdit` ends the
 * run's new lines (the first line's ending, or the file's): a line without one (the file's last)
 * aside, as `lineEdit` sets it aside.
 */
function endingsDiffer(file: FileText, start: number, end: number): boolean {
  const eol = (start < file.lineCount && eolOf(file, start)) || file.eol;
  for (let i = start; i < end; i++) {
    const own = eolOf(file, i);
    if (own !== '' && own !== eol) return true;
  }
  return false;
}

/**
 * True when line `i` is a bare `...` right under `Traceback (most recent call last):` (blank lines
 * aside): a doctest's or a log's elided stack, the text's own, never an edit's elision. A whole
 * Python file given back with a new doctest had that line dropped as a marker that stood for nothing.
 */
function isTracebackEllipsis(lines: readonly string[], i: number): boolean {
  if (!isBareDotsLine(lines[i])) return false;
  let above = i - 1;
  while (above >= 0 && lines[above].trim() === '') above--;
  return above >= 0 && lines[above].trim() === 'Traceback (most recent call last):';
}

/**
 * True when the block's line `i` is a line of the file quoted in place: the file has it (whitespace
 * at the ends aside) between the same two lines with something on them as the block has around
 * it. An elision-like comment of the file's own (`//\t…` in a doc comment's example) then stands
 * for nothing: read as a marker, it made a whole file a snippet, and the file's first line stayed
 * above the block's new imports (meow's index.d.ts).
 */
function quotesFileLine(fileLines: readonly string[], lines: readonly string[], i: number): boolean {
  const near = (all: readonly string[], from: number, step: 1 | -1): string | undefined => {
    for (let k = from + step; k >= 0 && k < all.length; k += step) if (all[k].trim() !== '') return all[k].trim();
    return undefined;
  };
  const line = lines[i].trim();
  const [above, below] = [near(lines, i, -1), near(lines, i, 1)];
  return fileLines.some((own, j) => own.trim() === line && near(fileLines, j, -1) === above && near(fileLines, j, 1) === below);
}

/**
 * The content with the block's label line (a first-line comment naming the file, taken off by the
 * parser) put back when the file's own text has that line among its first lines: a file that
 * starts with `// components/Panel.tsx` keeps it.
 */
function withOwnLabel(fileLines: readonly string[], label: string | undefined, content: string): string {
  if (label === undefined) return content;
  const head = fileLines.filter((line) => line.trim() !== '').slice(0, 5);
  return head.some((line) => line.trim() === label.trim()) ? `${label}\n${content}` : content;
}

/**
 * True when a block can be taken for the whole of a file named only in prose: the file has under
 * three lines with text, or the block holds at least half of them, or starts and ends as it does.
 */
function resemblesFile(fileLines: readonly string[], blockLines: readonly string[]): boolean {
  const file = nonBlankTrimmed(fileLines);
  const block = nonBlankTrimmed(blockLines);
  if (file.length < 3) return true;
  if (block.length > 0 && block[0] === file[0] && block[block.length - 1] === file[file.length - 1]) return true;
  const present = new Set(block);
  return file.filter((line) => present.has(line)).length * 2 >= file.length;
}

/**
 * True when `lines` (an empty SEARCH's text) are the whole file written again: they start with the
 * file's first non-blank line, hold at least 80% of the file's distinct non-blank lines
 * (whitespace at the ends aside), and are not a part of it (`looksLikeFragment`). A part of the
 * file, or new code that repeats some of it, is not: where it goes would be a guess.
 */
export function rewritesWhole(fileLines: readonly string[], lines: readonly string[]): boolean {
  const [file, written] = [nonBlankTrimmed(fileLines), nonBlankTrimmed(lines)];
  if (file.length === 0 || written[0] !== file[0] || looksLikeFragment(fileLines, lines)) return false;
  const distinct = new Set(file);
  const present = new Set(written);
  let held = 0;
  for (const line of distinct) if (present.has(line)) held++;
  return held >= distinct.size * 0.8;
}

/** The lines with text or punctuation, whitespace at both ends taken off. */
function nonBlankTrimmed(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line !== '');
}
