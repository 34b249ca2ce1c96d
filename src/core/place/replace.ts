import type { ReplaceOp } from '../ir';
import type { FileIndex } from '../locate/fileIndex';
import { fileHas, findAnchors, locate, standsUnder, type LocateOutcome, type LocateRequest } from '../locate/ladder';
import { anchorBlockEnd } from '../locate/anchorBlock';
import { exactMatcher } from '../locate/exact';
import { trailingWhitespaceMatcher } from '../locate/trailingWhitespace';
import { indentationMatcher } from '../locate/indentation';
import { straightAlignment, type LineMatch, type Needle } from '../locate/matcher';
import { matchCandidates, nearestCandidates } from '../locate/nearest';
import { hunkContextRefusal } from '../locate/hunkContext';
import { reanchor } from '../reanchor/reanchor';
import { indentationIsStructure } from '../reanchor/marginSlip';
import { lineEdit, lineEditWithEnds, withFinalNewline, type TextEdit } from '../plan';
import { sliceOf } from '../text/editedText';
import { lfView, toLines, type FileLines } from '../text/fileText';
import { isBlank } from '../text/indentation';
import { provesHtmlEscaped, unescapedHtml } from '../text/htmlEscaped';
import { COMPOSED_NOTE, composedTexts, differOnlyInForm } from '../text/composedForm';
import { keepsTrailingWhitespace } from '../text/unseenCharacters';
import { backslashUseOf, repairOverEscaped } from '../text/overEscaped';
import { similarityPercent } from '../report';
import { addsRepeatOfEdge, appliedAtNumberedPlace, appliedPlaces, blankLinesAdded, blankLinesStandBeyond, containsAppliedReplacement, holdsRemovedLines, wherePresent } from './alreadyApplied';
import { placeAppend } from './append';
import { trimBlankEdges } from './blankEdges';
import { withoutCopyPadding } from './copyPadding';
import { bareDotsAsCode } from './dotsAsCode';
import { leftOutEdit } from './leftOutRuns';
import { shiftedWindowRefusal } from './shiftedWindow';
import { anchorAside, beyondAnchor, beyondHeading, partlyAppliedInNamedBlock } from './beyondAnchor';
import { placeCreate } from './create';
import { outOfFileOrder, placeIdenticalInTurn, placeInTurn, writtenInTurn } from './inTurn';
import { failSeveralLineFragments, placeCutEdgeLines, placeLineFragment } from './lineFragment';
import { withoutOuterContext } from './outerContext';
import { elisionsIn, fencedContent, isElisionIn, isLinePrefixed, toNeedle } from './opText';
import { mayStandAfterPending, placeReplaceByTokens, placeReplaceChars, placeReplaceWithinLines } from './replaceChars';
import { placeRewrite } from './rewrite';
import { isSearchMarker } from '../parse/searchReplace';
import { failRevisedInsertion, revisedInsertion } from './revisedInsertion';
import { overlapsAny, type FileState, type Transaction } from './transaction';
import { tabsPrintedAsSpaces } from './tabsPrinted';

const defaultFuzzyThreshold = 0.85;

/** Below this similarity the closest lines are not called "the nearest": they barely resemble the search text. */
const RESEMBLANCE = 0.5;

/** The note on an edit read with one level of escaping removed (`oldToo`: its old text as well). */
export function escapedTwiceNote(oldToo: boolean): string {
  return `${oldToo ? 'the old and new text were' : 'the new text was'} escaped twice (\\n for a newline); read with one level of escaping removed`;
}

/** Why a tool call whose new text may be escaped twice is refused (see `newTextEscaping`). */
export const ESCAPED_TWICE_PERHAPS = 'the new text has `\\n` (or `\\"`) where code goes on, outside any string: it looks escaped twice (`\\n` for a line break, `\\"` for a quote), and written as it stands it would put backslashes in the code; re-send it with real line breaks and quotes (or, if the backslash is meant, inside the string it belongs to)';

/** Files where a line of `=` is text (a Markdown, reStructuredText or AsciiDoc heading underline). */
const MARKUP_PATH = /\.(?:md|markdown|mdx|rst|txt|adoc|asciidoc)$/i;

/**
 * Places a replace op: its search text is located on the file's current base by the ladder, the
 * replacement is re-anchored to the matched lines, and the edit joins the file's pending edits.
 * - An empty search creates a missing file, fills an empty one, appends to one with content.
 * - A search text found nowhere whose replacement is already there is `alreadyApplied`; one found
 *   only after the reply's earlier edits of the file is placed on their result (a chain of edits).
 * - Several equal places are `AMBIGUOUS` unless a hint, an anchor, file order or one block per
 *   place (`placeInTurn`) settles them; no place is `NO_MATCH` with the nearest candidates.
 * - A tool call's text escaped twice is read unescaped only when the old text as written is
 *   absent, or reads alike either way and the new text is code escaped twice (`repairOverEscaped`).
 */
export function placeReplace(tx: Transaction, state: FileState, op: ReplaceOp): void {
  if (op.withinLines && state.exists && state.file) return placeReplaceWithinLines(tx, state, op, op.withinLines);
  if (op.otherReadings) {
    const reading = readingHeld(tx, state, op);
    if (reading === 'several') {
      tx.fail('AMBIGUOUS', op.source.block, state.path, `the block has several ======= lines, and ${state.path} holds the search text of two ways of reading it, equally long`, op, {}, state);
      return;
    }
    const { otherReadings: _others, search: _search, replacement: _replacement, quotedSearch: _quoted, quotedReplacement: _quotedReplacement, strayDivider: _stray, lineHint: _hint, dividerLikeMarkers: _likeMarkers, ...rest } = op;
    if (reading !== op) tx.note(op.source.block, 'the block has several ======= lines: the one after the search text the file holds was taken as the divider');
    const { search, replacement, quotedSearch, quotedReplacement, strayDivider, lineHint } = reading;
    return placeReplace(tx, state, { ...rest, search, replacement, ...(quotedSearch !== undefined ? { quotedSearch } : {}), ...(quotedReplacement !== undefined ? { quotedReplacement } : {}), ...(strayDivider ? { strayDivider } : {}), ...(lineHint !== undefined ? { lineHint } : {}) });
  }
  if (op.markerLikeSearchLine && !(state.exists && state.file && wherePresent(tx.indexOf(state), toNeedle(op.search, op.source), 5).length > 0)) {
    // Read as text only where the file confirms it: otherwise the short marker may open a new
    // block after one the model cut off, and writing the two as one would edit both places.
    const marker = toLines(op.search).find(isSearchMarker)?.trim() ?? '<<< SEARCH';
    tx.fail('PARSE_ERROR', op.source.block, state.path, `the block's SEARCH part holds a shorter marker line, \`${marker}\`, and ${state.path} does not hold the search text with it as a line: it may open a new block, leaving the one before it without \`=======\` and \`>>>>>>> REPLACE\``, op, {}, state);
    return;
  }
  if (op.strayDivider && !MARKUP_PATH.test(state.path)) {
    const lines = toLines(op.replacement);
    const kept = op.strayDivider === 'end' ? lines.slice(0, -1) : lines.slice(1);
    if (kept.every((line) => /^={5,15}[ \t]*$/.test(line))) {
      // Without it the block would delete its search text (or write dividers): never read from a typo.
      tx.fail('PARSE_ERROR', op.source.block, state.path, 'the block\'s REPLACE part holds nothing but ======= lines: it is unclear whether it deletes the search text', op, {}, state);
      return;
    }
    const { strayDivider: _dropped, ...rest } = op;
    tx.note(op.source.block, 'a second ======= divider in REPLACE was taken for a typo and left out');
    return placeReplace(tx, state, { ...rest, replacement: kept.join('\n') + '\n' });
  }
  if (op.quotedSearch !== undefined && state.exists && state.file && wherePresent(tx.indexOf(state), toNeedle(op.quotedSearch, op.source), 2).length > 0) {
    // The parser took a line-number gutter off the block, but the file has those very lines.
    const { quotedSearch, quotedReplacement, lineHint: _numbered, ...rest } = op;
    return placeReplace(tx, state, { ...rest, search: quotedSearch, ...(quotedReplacement !== undefined ? { replacement: quotedReplacement } : {}) });
  }
  const unfenced = op.granularity === 'chars' && state.exists && state.file ? unfencedTexts(op, lfView(state.file)) : undefined;
  if (unfenced) {
    // The old text came wrapped in a Markdown fence the file does not hold: read inside it.
    tx.note(op.source.block, 'the old text was wrapped in a ``` fence; read without it');
    return placeReplace(tx, state, { ...op, ...unfenced });
  }
  const file = state.exists ? state.file : undefined;
  const unescaped = file ? unescapedHtml(op.search, op.replacement, () => lfView(file), () => escapedBeside(tx, state, op)) : undefined;
  if (unescaped) {
    tx.note(op.source.block, 'the reply was HTML-escaped (&lt; for <): its text read unescaped, as the file has it');
    return placeReplace(tx, state, { ...op, ...unescaped });
  }
  const composed = file ? composedTexts(op.search, op.replacement, () => lfView(file)) : undefined;
  if (composed) {
    tx.note(op.source.block, COMPOSED_NOTE);
    return placeReplace(tx, state, { ...op, ...composed });
  }
  // Tool calls only: elsewhere a backslash in the search is the file's own text.
  const repaired = op.source.format === 'json-tool' ? repairOverEscaped(op.search, op.replacement, () => (state.file ? lfView(state.file) : ''), backslashUseOf(state.path)) : undefined;
  if (!repaired) return replaceAsWritten(tx, state, op);
  if (repaired === 'unsure') return tx.fail('PARSE_ERROR', op.source.block, state.path, ESCAPED_TWICE_PERHAPS, op, {}, state);
  const recordsBefore = state.records.length;
  replaceAsWritten(tx, state, { ...op, ...repaired });
  const note = escapedTwiceNote(repaired.search !== op.search);
  for (const record of state.records.slice(recordsBefore)) {
    if (record.block === op.source.block && record.status !== 'failed') record.warnings.push(note);
  }
}

/**
 * True when another replace op of the reply naming the same file proves, against the file as it
 * was read, that the reply's text was HTML-escaped (`provesHtmlEscaped`).
 */
function escapedBeside(tx: Transaction, state: FileState, op: ReplaceOp): boolean {
  if (state.original === undefined) return false;
  const view = state.original.includes('\r') ? state.original.replace(/\r\n/g, '\n') : state.original;
  return tx.replaceOpsBeside(op).ops.some((other) => other !== op && provesHtmlEscaped(other.search, other.replacement, view));
}

/**
 * A tool call's old text (and its new text, when it is fenced too) without the Markdown fence
 * that wraps it, when the old text as written is not in the file but what the fence holds is;
 * undefined otherwise.
 */
function unfencedTexts(op: ReplaceOp, view: string): { search: string; replacement: string } | undefined {
  const search = fencedContent(op.search);
  if (search === undefined || search.trim() === '' || view.includes(op.search) || !view.includes(search)) return undefined;
  return { search, replacement: fencedContent(op.replacement) ?? op.replacement };
}

/**
 * Which reading of a block with several `=======` lines the file holds (rungs 1-5: no elision or
 * fuzzy guess): of those it holds, the one whose search text is the longest (it accounts for more
 * of the file: the `=======` lines it spans are the file's own); `several` when two held readings
 * are as long; the op's own when the file holds none.
 * When the file does not hold the op's own reading and its divider is as long as the markers,
 * a reading split at a line of another length (a Markdown heading's underline, `4.18.0` over
 * `======`) does not replace it: its search text is then a few lines the block quotes before the
 * heading, and it would write the rest of the block, the real divider included, into the file.
 * The op's own reading, misquoted somewhere, goes on to the ladder's looser rungs.
 */
function readingHeld(tx: Transaction, state: FileState, op: ReplaceOp): ReplaceOp | NonNullable<ReplaceOp['otherReadings']>[number] | 'several' {
  if (!state.exists || !state.file) return op;
  const index = tx.indexOf(state);
  const held = [op, ...(op.otherReadings ?? [])]
    .filter((reading) => reading.search !== '' && wherePresent(index, toNeedle(reading.search, op.source), 5).length > 0)
    .filter((reading, _, all) => all.includes(op) || !op.dividerLikeMarkers || reading.dividerLikeMarkers)
    .sort((a, b) => b.search.length - a.search.length);
  if (held.length > 1 && toLines(held[0].search).length === toLines(held[1].search).length) return 'several';
  return held[0] ?? op;
}

function replaceAsWritten(tx: Transaction, state: FileState, op: ReplaceOp): void {
  const block = op.source.block;
  if (!state.exists) {
    // An empty SEARCH, or one of blank lines only (what an empty file looks like quoted: Cursor's
    // new-file diff removes one blank line), creates the file.
    if (op.search.trim() === '') return placeCreate(tx, state, op.replacement, op);
    tx.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist`, op, {}, state);
    return;
  }
  if (op.search === '') {
    // Aider's convention: an empty SEARCH fills an empty file or appends to one with content.
    if (state.file!.lines.length === 0) return placeRewrite(tx, state, op.replacement, false, op);
    return placeAppend(tx, state, op);
  }
  // A SEARCH of blank lines only, for a file with no lines at all: what an empty file looks like
  // quoted (a blank line between the markers), so it fills the file as an empty SEARCH does.
  if (state.file!.lineCount === 0 && op.search.trim() === '') return placeRewrite(tx, state, op.replacement, false, op);
  if (op.search === op.replacement && op.finalNewline === undefined && op.lineEnds === undefined) {
    // (With a final-newline marker on one side, or line endings that differ, the same lines still change the file.)
    // The same text on both sides changes nothing where it stands; where it stands nowhere, the
    // block was meant to change something else (gpt-engineer's reply wrote the lines it meant to
    // add as context, each changed line as a `-`/`+` pair alike): not "already applied".
    const needle = toNeedle(op.search, op.source);
    const asText = op.granularity === 'chars' && state.file !== undefined && lfView(state.file).includes(op.search);
    if (asText || needle.elisions.size > 0 || wherePresent(tx.indexOf(state), needle, 5).length > 0 || (state.pending.length > 0 && mayStandAfterPending(state, op.search))) {
      tx.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: 0, endLine: 0, warnings: ['no-op: the search and replacement texts are identical'] });
      return;
    }
    const report = nearestCandidates(tx.indexOf(state), needle, op.lineHint !== undefined ? op.lineHint - 1 : undefined);
    const best = report.candidates[0];
    const nearest = best ? `; ${nearestPlace(best)}` : '';
    tx.fail('NO_MATCH', block, state.path, `the block's old and new texts are the same, and that text is not in ${state.path}${nearest}: the change it was meant to make is not there either`, op, { candidates: report.candidates }, state);
    return;
  }
  // A tool call's new text with an elision in it (`// ... existing code ...`) that its old text
  // does not quote is not written as it stands: the line placement reads what it stands for.
  const elided = op.granularity === 'chars' && toLines(op.replacement).some((line) => isElisionIn(op.source, line) && !op.search.includes(line));
  if (op.granularity === 'chars' && !elided && placeReplaceChars(tx, state, op)) return;
  replaceLines(tx, state, op);
}

function replaceLines(tx: Transaction, state: FileState, op: ReplaceOp): void {
  const block = op.source.block;
  // Models sometimes write the same block twice, or the same hunk twice in one diff: the second
  // adds nothing, and must not fail the reply as an overlap with the first. Identical hunks of one
  // diff without line numbers are not repeats (a lock file's `-"node": ">=12"` at ten places is
  // ten edits), and neither are identical blocks whose line hints differ; a hunk repeated with the
  // same line numbers is, unless the two headings name two places (see `headingsNameTwoPlaces`).
  // Keyed by the search text alone, a slice of the reply: a key joining all four would copy both
  // texts of every block (10 MB for a reply of 10 MB).
  const search = op.search.trimEnd();
  const replacement = op.replacement.trimEnd();
  const same = state.placedEdits.get(search) ?? [];
  const at = same.findIndex((placed) => placed.replacement === replacement && placed.expectedCount === op.expectedCount && placed.lineHint === op.lineHint && !headingsNameTwoPlaces(tx.indexOf(state), placed.sectionHeading, op.sectionHeading));
  const twin = at === -1 ? undefined : same[at].record;
  // A block that takes the next place of a search text the file repeats (see `placeInTurn`) is not a repeat.
  if (twin !== undefined && !state.inTurn?.has(block) && (twin.block !== block || op.lineHint !== undefined)) {
    const where = { strategy: twin.strategy, score: twin.score, startLine: twin.startLine, endLine: twin.endLine };
    tx.record(state, { block, status: 'alreadyApplied', ...where, warnings: [twin.block === block ? 'the same hunk twice in this diff, applied once' : `the same edit as block ${twin.block}, applied once`] });
    return;
  }
  const recordsBefore = state.records.length;
  placeLines(tx, state, op);
  const placed = state.records.slice(recordsBefore).find((record) => record.block === block && record.status === 'applied');
  if (!placed) return;
  // The latest placing of the same edit answers for it (identical hunks of one diff are each placed).
  const entry = { replacement, expectedCount: op.expectedCount, lineHint: op.lineHint, sectionHeading: op.sectionHeading, record: placed };
  if (at !== -1) same[at] = entry;
  else if (same.length > 0) same.push(entry);
  else state.placedEdits.set(search, [entry]);
}

/**
 * True when two diff hunks' section headings name two different lines of the file: both given,
 * each beginning a line of the file, and neither a beginning of the other (`class Category` and
 * `class Category(models.Model):` name one line). Two hunks alike in all else are then two edits,
 * one for each place, not a hunk written twice.
 * Why: a model adding one field to two twin classes writes the same hunk twice, headed `class
 * Category(models.Model):` and `class Tag(models.Model):`, and copies the first hunk's numbers to
 * the second; read as one hunk sent twice, Tag was left as it was and the reply reported done
 * (git apply applies both, the second at an offset). A heading the file lacks (mistyped, recalled
 * wrong) says nothing, and the hunks are the repeat their numbers say.
 */
function headingsNameTwoPlaces(index: FileIndex, first: string | undefined, second: string | undefined): boolean {
  if (first === undefined || second === undefined || first.startsWith(second) || second.startsWith(first)) return false;
  return fileHas(index, first) && fileHas(index, second);
}

function placeLines(tx: Transaction, state: FileState, op: ReplaceOp): void {
  const block = op.source.block;
  let replacementLines = toLines(op.replacement);
  let needle = literalIfInFile(tx, state, op, toNeedle(op.search, op.source), replacementLines);
  let outcome = locateOp(tx, state, op, needle, replacementLines);
  const looseRefusal = outcome.kind === 'notFound' ? outcome.notes.find((note) => note.startsWith(LOOSE_REFUSED)) : undefined;
  const fuzzy = outcome.kind === 'found' && outcome.matches[0].strategy === 'fuzzy';
  if (outcome.kind === 'notFound' || fuzzy) {
    // Models often add or drop a blank line at a block's edge: retry without the blank lines at
    // the edges of the search text, taking the same lines off the replacement when it has them.
    // A fuzzy match is retried too: when the search's blank edge was the one line it could not
    // find (Aider's SEARCH opening with a blank line, the file's `"""` there), the lines
    // without it stand under a stricter rung, and read fuzzily the blank line was taken for a
    // line of the file the edit deletes (OUT_OF_DATE). Only a stricter match is taken then.
    const trimmed = trimBlankEdges(needle, replacementLines);
    if (trimmed) {
      const retry = locateOp(tx, state, op, trimmed.needle, trimmed.replacement);
      if (fuzzy ? retry.kind === 'found' && retry.matches[0].strategy !== 'fuzzy' : retry.kind !== 'notFound') {
        needle = trimmed.needle;
        replacementLines = trimmed.replacement;
        outcome = retry;
      }
    }
  }
  const loose = outcome.kind === 'found' ? outcome.matches[0].strategy : undefined;
  if ((loose === 'fuzzy' || loose === 'elision') && outcome.kind === 'found' && replacementOverlaps(tx, state, op, outcome.matches, loose === 'elision' ? 6 : 5) && !holdsRemovedLines(tx.indexOf(state), needle, replacementLines, elisionsIn(op.source, replacementLines), outcome.matches[0])) {
    // A fuzzy hit on text that already reads as the replacement is the edit's own result; so is
    // an elided search text where the elided replacement (its markers matching any lines) stands,
    // unless the lines the edit takes out are all still there.
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: outcome.matches[0].start + 1, endLine: outcome.matches[0].end, warnings: ['the replacement text is already in the file'] });
    return;
  }
  const numbered = outcome.kind === 'found' ? appliedWhereNumbered(tx, state, op, needle, replacementLines, outcome.matches) : undefined;
  if (numbered !== undefined) {
    const match = outcome.kind === 'found' ? outcome.matches[0] : undefined;
    const copy = match ? `; its old text stands only at lines ${match.start + 1}-${match.end}, another copy, left as it is` : '';
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: numbered + 1, endLine: numbered + replacementLines.length, warnings: [`the replacement text is already in the file, at line ${numbered + 1}, where the hunk's numbers put it${copy}`] });
    return;
  }
  const inAnchorBlock = outcome.kind === 'found' ? appliedInAnchorBlock(tx.indexOf(state), op, replacementLines, outcome.matches) : undefined;
  if (inAnchorBlock !== undefined && outcome.kind === 'found') {
    const match = outcome.matches[0];
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: inAnchorBlock.start + 1, endLine: inAnchorBlock.end, warnings: [`the replacement text is already in the file, at lines ${inAnchorBlock.start + 1}-${inAnchorBlock.end}, inside the block its @@ anchor opens; its old text stands only at lines ${match.start + 1}-${match.end}, past that block, another copy, left as it is`] });
    return;
  }
  const partly = outcome.kind === 'found' ? partlyAppliedInNamedBlock(tx.indexOf(state), op, outcome.matches) : undefined;
  if (partly !== undefined && outcome.kind === 'found') {
    const match = outcome.matches[0];
    const quoted = (lines: readonly string[]) => lines.map((line) => `\`${line.slice(0, 60)}\``).join(', ');
    const missing = partly.missing.length > 0 ? `, ${quoted(partly.missing)} not` : '';
    tx.fail('AMBIGUOUS', block, state.path, `the block ${op.anchors?.length ? 'the chunk\'s @@ anchor opens' : 'the hunk\'s heading names'} holds part of its change, at lines ${partly.match.start + 1}-${partly.match.end} (${quoted(partly.made)} already there${missing}), and its old lines stand as quoted only at lines ${match.start + 1}-${match.end}, past that block, another copy: the edit may be applied in part where it is meant, and written past the block it would edit the copy`, op, { candidates: matchCandidates(tx.indexOf(state), [partly.match, match]), nextStep: 'Re-send the edit with its lines copied from the block it names as that block is now, adding only what it still lacks.' }, state);
    return;
  }
  if (outcome.kind === 'found') return placeMatches(tx, state, op, needle, replacementLines, outcome.matches, outcome.notes);
  if (outcome.kind === 'ambiguous' && outcome.unlike !== true && isLinePrefixed(op.source.format) && state.cursor?.block === block && state.pending.length > 0) {
    // The hunks of one diff (or chunks of one patch) come in file order: among equal places,
    // one alone after the previous hunk is the one meant (Codex searches on from there too).
    // Only when the reply's hunks for the file do go down it: a reply that gives them in another
    // order would have the one after the previous hunk taken for a hunk meant above it.
    const after = outcome.matches.filter((m) => m.start >= state.cursor!.end);
    if (after.length === 1 && op.expectedCount === 1 && !outOfFileOrder(tx, state, op, [op], [after[0].start])) {
      return placeMatches(tx, state, op, needle, replacementLines, after, [`${outcome.matches.length} matches; the only one after the previous hunk was taken`]);
    }
  }
  if (outcome.kind === 'ambiguous') {
    const inTurn = placeInTurn(tx, state, op, outcome) ?? placeIdenticalInTurn(tx, op, outcome);
    if (inTurn) return placeMatches(tx, state, op, needle, replacementLines, [inTurn.match], [inTurn.note]);
    const index = tx.indexOf(state);
    // A search text mixing two twins is fixed by quoting one of them, not by quoting more of it.
    const mixed = mixedTwins(outcome.matches)
      ? { nextStep: 'Re-send this block with every SEARCH line copied from the one place it is meant for.' }
      : outcome.unlike
        ? { nextStep: 'Re-send this block with every SEARCH line copied, indentation included, from the one place it is meant for.' }
        : {};
    tx.fail('AMBIGUOUS', block, state.path, `${outcome.reason} in ${state.path} (matched by the ${outcome.strategy} rung)`, op, { candidates: matchCandidates(index, outcome.matches), ...mixed }, state);
    return;
  }
  // Not found against the current base: an already-applied edit, or one meant to follow an
  // earlier op of this reply (a chain of edits), or a real miss.
  // A search text that stands only in what an earlier edit of this reply wrote follows that edit,
  // before anything is read as already applied: a block that takes back the one before it (the
  // model's "that import was wrong") restores what the file had, which reads as applied against
  // the file as it was, and was left out (Aider applies blocks in turn).
  if (state.pending.length > 0 && mayStandAfterPending(state, op.search, false)) {
    tx.commit(state);
    const after = locateOp(tx, state, op, needle, replacementLines);
    if (after.kind === 'found') return placeMatches(tx, state, op, needle, replacementLines, after.matches, [...after.notes, 'located after the earlier edits of this reply']);
  }
  const index = tx.indexOf(state);
  const applied = alreadyAppliedReading(index, op, writtenInTurn(tx, op));
  if (applied) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: 0, endLine: 0, warnings: [applied === 'whole' ? 'the replacement text is already in the file' : 'the replacement text is already in the file, but for the blank lines at its edges'] });
    return;
  }
  // A diff hunk whose heading names a place below its lines' one place (see `beyondHeading`).
  const headed = beyondHeading(index, state.path, op, needle, state.taken, state.drift);
  if (headed?.kind === 'placed') return placeMatches(tx, state, op, needle, replacementLines, [headed.match], [headed.note]);
  if (headed?.kind === 'refused') {
    tx.fail(headed.code, block, state.path, headed.reason, op, { candidates: matchCandidates(index, [...headed.matches]), ...(headed.nextStep ? { nextStep: headed.nextStep } : {}) }, state);
    return;
  }
  // Found only where an earlier op of this reply already changed the text: overlapping edits.
  const unrestricted = state.taken.length > 0 ? withHunkContext(locate(index, needle, { expectedCount: op.expectedCount, fuzzyThreshold: tx.options.fuzzyThreshold ?? defaultFuzzyThreshold }), index, needle, replacementLines, op) : undefined;
  const overlapsEarlier = unrestricted?.kind === 'found';
  const changedBy = unrestricted?.kind === 'found' ? blockChanging(state, unrestricted.matches[0]) : undefined;
  if (state.pending.length > 0) {
    tx.commit(state);
    const retry = locateOp(tx, state, op, needle, replacementLines);
    if (retry.kind === 'found') return placeMatches(tx, state, op, needle, replacementLines, retry.matches, [...retry.notes, 'located after the earlier edits of this reply']);
  }
  if (overlapsEarlier) {
    if (changedBy === undefined) {
      tx.fail('OVERLAPPING_EDITS', block, state.path, `the search text is in ${state.path}, but only where an earlier block of this reply already changes it`, op, {}, state);
      return;
    }
    // Most often the later block is the model's corrected version of the earlier one ("Actually,
    // change that to…"), written against the file as it was: which one stands is the model's to say.
    tx.fail('OVERLAPPING_EDITS', block, state.path, `the search text is in ${state.path} (lines ${changedBy.startLine}-${changedBy.endLine}), but only where block ${changedBy.block} of this reply already changes it`, op, { nextStep: `If block ${block} is a corrected version of block ${changedBy.block}, re-send the reply with only the version meant; if both changes are meant, merge them into one block.` }, state);
    return;
  }
  // An apply_patch chunk whose `@@` anchor names a place below its lines: placed where its lines
  // stand once, word for word, or refused with the anchor named (see `beyondAnchor`).
  const unanchored = beyondAnchor(tx.indexOf(state), state.path, op, needle, state.taken);
  if (unanchored?.kind === 'placed') return placeMatches(tx, state, op, needle, replacementLines, [unanchored.match], [unanchored.note]);
  if (unanchored?.kind === 'refused') {
    tx.fail(unanchored.code, block, state.path, unanchored.reason, op, { candidates: matchCandidates(tx.indexOf(state), [...unanchored.matches]), ...(unanchored.nextStep ? { nextStep: unanchored.nextStep } : {}) }, state);
    return;
  }
  // The lines around the change have changed since the reply was written: placed by the rest (a
  // tool call's text too: the lines left are compared whole, so a fragment of a line never is).
  if (op.expectedCount === 1) {
    const shortened = withoutOuterContext(tx.indexOf(state), needle, replacementLines, state.taken);
    // The op's own line kinds no longer describe the shortened texts: the placing reads them by their line diff.
    if (shortened) return placeMatches(tx, state, { ...op, lineKinds: undefined }, shortened.needle, shortened.replacement, shortened.matches, [shortened.note]);
  }
  // A one-line search text quoting part of a line: replaced where it stands.
  if (op.granularity === 'lines' && placeLineFragment(tx, state, op, needle, replacementLines)) return;
  // A search text of several lines whose edge line is quoted in part: the lines between replaced.
  if (op.granularity === 'lines' && placeCutEdgeLines(tx, state, op, needle, replacementLines)) return;
  // A search text laid out otherwise than the file: a tool call's old text on one line for three,
  // or padded; a block's one line for the file's three. Only a block of one line is searched so
  // (a scan of the file per failed block; a diff's hunk is lines by nature).
  const tokenSearch = op.granularity === 'chars' || (!isLinePrefixed(op.source.format) && needle.lines.filter((line) => !isBlank(line)).length === 1);
  if (tokenSearch && needle.elisions.size === 0 && placeReplaceByTokens(tx, state, op)) return;
  if (op.granularity === 'lines' && failSeveralLineFragments(tx, state, op, needle, replacementLines)) return;
  const report = nearestCandidates(tx.indexOf(state), needle, op.lineHint !== undefined ? op.lineHint - 1 : undefined);
  const best = report.candidates[0];
  // A hunk marked `\ No newline at end of file` is looked for at the file's end only: quoted
  // exactly elsewhere, it is that marker that does not fit, not the lines.
  const lineCount = tx.indexOf(state).lineCount;
  const message = looseRefusal
    ? `the hunk was not found as it is in ${state.path}, and its nearest place does not fit: ${looseRefusal.slice(LOOSE_REFUSED.length)}`
    : op.atEndOfFile && best && best.score === 1 && best.endLine < lineCount
      ? `the hunk belongs at the end of the file (it is marked "\\ No newline at end of file", or git wrote it with no context lines after its change), but the lines it quotes (${state.path} lines ${best.startLine}-${best.endLine}) are not the end of the file, which goes on to line ${lineCount}`
    : best && best.score >= RESEMBLANCE
      ? `the search text was not found in ${state.path}; ${nearestPlace(best)}${
          report.leftOut ? `, where it leaves out file line ${report.leftOut.line} (\`${report.leftOut.text.trim().slice(0, 80)}\`): its lines after that stand one line further down` : ''
        }`
      : report.scanSkipped
        ? `the search text was not found in ${state.path} (this reply has too many such blocks for their nearest lines to be looked for)`
      : best
        ? `the search text was not found in ${state.path}, and nothing in it resembles it closely (lines ${best.startLine}-${best.endLine} come closest, ${similarityPercent(best.score)} similar)`
        : `the search text was not found in ${state.path}, and nothing in the file resembles it`;
  // Lines that read alike on screen: say what differs, or the reader is shown two equal lines.
  const difference = report.firstDifference;
  const formNote = difference && differOnlyInForm(difference.searchLine.trim(), difference.fileLine.trim())
    ? `; line ${difference.line} of the file differs from the search text's line only in how its accented letters are encoded (Unicode composed, NFC, or decomposed, NFD: the two look the same): copy the line from the file, or convert the reply to the file's form`
    : '';
  tx.fail('NO_MATCH', block, state.path, message + formNote + anchorAside(tx.indexOf(state), op, best?.startLine), op, { candidates: report.candidates, firstDifference: report.firstDifference }, state);
}

/**
 * The search text read as plain lines when the lines that read like elisions are the file's own:
 * the whole text, those lines included, stands in the file once (exactly, or with whitespace
 * drift only). A file's comment such as `# Other options` or `// see above` reads like "code left
 * out here"; a block that quotes it and deletes it was refused as eliding code, and one that
 * keeps it went through the elision rung's looser matching. Otherwise (and when the replacement
 * has elision lines the search text lacks) the needle as it is.
 */
function literalIfInFile(tx: Transaction, state: FileState, op: ReplaceOp, needle: Needle, replacementLines: readonly string[]): Needle {
  if (needle.elisions.size === 0) return needle;
  // A replacement with elision lines of its own speaks of code left out: its search text is read so too.
  if (replacementLines.some((line) => isElisionIn(op.source, line) && !needle.lines.includes(line))) return needle;
  const literal: Needle = { lines: needle.lines, elisions: new Set() };
  const outcome = locate(tx.indexOf(state), literal, { ...requestFor(tx, state, op), fuzzyThreshold: 1, rungs: LITERAL_RUNGS });
  return outcome.kind === 'found' ? literal : needle;
}

/** The rungs a search text with elision-like lines is first looked for with, read literally: no loose matching. */
const LITERAL_RUNGS = [exactMatcher, trailingWhitespaceMatcher, indentationMatcher];

/** What the ladder is asked for an op on the file's current base: its count, anchors and end, the lines taken, its hint moved by the drift so far. */
function requestFor(tx: Transaction, state: FileState, op: ReplaceOp): LocateRequest {
  return {
    expectedCount: op.expectedCount,
    lineHint: op.lineHint !== undefined ? Math.max(0, op.lineHint - 1 + state.drift) : undefined,
    ...(op.sectionHeading !== undefined ? { sectionHeading: op.sectionHeading } : {}),
    anchors: op.anchors,
    atEndOfFile: op.atEndOfFile,
    fuzzyThreshold: tx.options.fuzzyThreshold ?? defaultFuzzyThreshold,
    taken: state.taken,
  };
}

/** Runs the ladder for an op on the file's current base (see `requestFor`). */
function locateOp(tx: Transaction, state: FileState, op: ReplaceOp, needle: Needle, replacementLines: readonly string[]): LocateOutcome {
  const request = requestFor(tx, state, op);
  const hint = request.lineHint;
  if (hint !== undefined && needle.lines.every((line) => line.trim() === '')) {
    // Blank lines alone (a `-U0` hunk deleting an empty line) place nothing by their text; a
    // diff's line number places them, when the file has that many blank lines exactly there.
    const lines = state.file!.lines;
    const end = hint + needle.lines.length;
    const blank = end <= lines.length && lines.slice(hint, end).every((line) => line.trim() === '');
    if (!blank || state.taken.some((t) => hint < t.end && t.start < end)) return { kind: 'notFound', notes: [] };
    return { kind: 'found', matches: [{ start: hint, end, score: 1, strategy: 'exact', alignment: straightAlignment(hint, needle.lines.length) }], notes: ['blank lines placed by the line number'] };
  }
  const index = tx.indexOf(state);
  return withHunkContext(locate(index, needle, request), index, needle, replacementLines, op);
}

/** Marks the note that says why a loose match of a hunk was refused. */
const LOOSE_REFUSED = 'loose match refused: ';

/**
 * A diff hunk's or patch chunk's fuzzy matches that keep git's rule on context (see
 * `hunkContextRefusal`); when none does, not found, with the reason as a note. Other formats'
 * matches pass as they are.
 */
function withHunkContext(outcome: LocateOutcome, index: FileIndex, needle: Needle, replacementLines: readonly string[], op: ReplaceOp): LocateOutcome {
  // Places unlike in kind (see `LocateOutcome`): the near one read alone as loose is no reason to take the other.
  if (outcome.kind === 'notFound' || !isLinePrefixed(op.source.format) || outcome.matches[0]?.strategy !== 'fuzzy' || (outcome.kind === 'ambiguous' && outcome.unlike)) return outcome;
  const reasons = outcome.matches.map((match) => hunkContextRefusal(index, needle, replacementLines, match, op.lineKinds));
  if (reasons.every((reason) => reason === undefined)) return outcome;
  const fitting = outcome.matches.filter((_, i) => reasons[i] === undefined);
  if (outcome.kind === 'found' && fitting.length > 0) return { ...outcome, matches: fitting };
  if (outcome.kind === 'ambiguous' && fitting.length === 1 && op.expectedCount === 1) {
    // A window with a twin (`mixedWith`) is no more the place for its twin's lines not fitting:
    // the hunk quotes the twin's name line and rewrites the line it copied from this one.
    if (fitting[0].mixedWith !== undefined) return outcome;
    return { kind: 'found', matches: fitting, notes: ['the only loose match whose context fits the hunk'] };
  }
  if (outcome.kind === 'ambiguous' && fitting.length > 1) return { ...outcome, matches: fitting };
  return { kind: 'notFound', notes: [LOOSE_REFUSED + reasons.find((reason) => reason !== undefined)] };
}

/**
 * Where a diff hunk found at one place, away from the line its numbers name, already stands
 * applied at that line (`appliedAtNumberedPlace`), 0-based; undefined otherwise, and for other
 * formats (their line hints are a model's guess at where the old text is, with no new-side line),
 * and for a hunk whose section heading names the block its old lines stand in and not the block
 * of the numbered line.
 * Why the heading: a model adding a field Category already had to its twin Tag headed the hunk
 * `class Tag(models.Model):` and copied Category's numbers; the new lines at those numbers were
 * Category's, and the hunk was reported applied with Tag unchanged (git apply applies it to Tag).
 */
function appliedWhereNumbered(tx: Transaction, state: FileState, op: ReplaceOp, needle: Needle, replacementLines: readonly string[], matches: readonly LineMatch[]): number | undefined {
  if (matches.length !== 1 || op.expectedCount !== 1 || op.lineHint === undefined || !isLinePrefixed(op.source.format)) return undefined;
  const oldPlace = op.lineHint - 1;
  const oldPlaces = [oldPlace, oldPlace + state.drift];
  const index = tx.indexOf(state);
  const applied = appliedAtNumberedPlace(index, needle, replacementLines, matches[0], oldPlaces, [(op.newLineHint ?? op.lineHint) - 1, oldPlace + state.drift]);
  // The hunk's heading speaks for its lines' place against its numbers': the edit is meant where
  // its heading and old lines agree, and the new lines at the numbered place are another block's.
  const heading = op.sectionHeading;
  if (applied !== undefined && heading !== undefined && fileHas(index, heading) && standsUnder(index, heading, matches[0].start) && !standsUnder(index, heading, applied)) return undefined;
  return applied;
}

/**
 * Where an apply_patch chunk's new text already stands inside the block its `@@` anchor opens
 * (`anchorBlockEnd`), when the chunk's old text was found once, past that block's end; undefined
 * otherwise. The new text must add a line with text or change one (blank lines alone meet by
 * chance).
 *
 * Why: after the anchor the ladder searches down to the file's end. A chunk `@@ class
 * IntConverter:` (`-return str(value)` / `+return '%d' % value`) re-sent to Django's
 * converters.py, whose IntConverter already had the change, found its old lines only in
 * UUIDConverter's identical `to_url` further down and rewrote them: every UUID URL broke. The
 * anchor names the block; the block holding the new text says the chunk was applied there, and
 * the lines past it are another copy (as `appliedAtNumberedPlace` reads a diff hunk's numbers).
 */
function appliedInAnchorBlock(index: FileIndex, op: ReplaceOp, replacementLines: readonly string[], matches: readonly LineMatch[]): LineMatch | undefined {
  if (!op.anchors?.length || matches.length !== 1 || op.expectedCount !== 1 || !replacementLines.some((line) => line.trim() !== '')) return undefined;
  const after = findAnchors(index, op.anchors);
  if (after === undefined || after === 0) return undefined;
  const end = anchorBlockEnd(index, after - 1);
  if (matches[0].start < end) return undefined;
  return wherePresent(index, toNeedle(op.replacement, op.source), 5).find((found) => found.start >= after && found.end <= end);
}

/**
 * The earlier block of the reply whose edit, placed on the file's current base and not yet
 * committed, changes lines `match` spans (its lines on that base); undefined when none does.
 */
function blockChanging(state: FileState, match: LineMatch): { block: number; startLine: number; endLine: number } | undefined {
  const record = state.records.find((r) => r.status === 'applied' && r.edits.length > 0 && r.startLine - 1 < match.end && match.start < r.endLine);
  return record && { block: record.block, startLine: record.startLine, endLine: record.endLine };
}

/** True when the op's replacement text (under the first `rungs` rungs) is in the file overlapping one of `matches`. */
function replacementOverlaps(tx: Transaction, state: FileState, op: ReplaceOp, matches: readonly LineMatch[], rungs: number): boolean {
  return wherePresent(tx.indexOf(state), toNeedle(op.replacement, op.source), rungs).some((r) => matches.some((m) => r.start < m.end && m.start < r.end));
}

/**
 * How the op's replacement already stands in the file, when it does: `whole` as written, or
 * `blankEdgesAside` without the blank lines at its start and end; undefined when it does not.
 * Aider writes a replacement that ends with a blank line without it (its committed file has the
 * next rule right under the block's closing `}`), so a reply re-applied to the files Aider wrote
 * finds its replacement there but for that line. Blank lines at a replacement's edges are layout,
 * not content: the lines between them are read under the same rules as a whole replacement, and
 * only when the whole one stands nowhere (one that stands too often is not read shorter).
 */
function alreadyAppliedReading(index: FileIndex, op: ReplaceOp, inTurn: number): 'whole' | 'blankEdgesAside' | undefined {
  const replacement = toNeedle(op.replacement, op.source);
  const found = wherePresent(index, replacement, 5);
  if (found.length > 0) return isAlreadyApplied(index, op, replacement.lines, found, inTurn) ? 'whole' : undefined;
  const trimmed = trimBlankEdges(replacement, [])?.needle;
  return trimmed && isAlreadyApplied(index, op, trimmed.lines, wherePresent(index, trimmed, 5), inTurn) ? 'blankEdgesAside' : undefined;
}

/**
 * True when `replacementLines` (the op's replacement text, or its lines between blank edges; see
 * `alreadyAppliedReading`), found in the file at `found`, stand there as many times as the op
 * would have written them (once, unless `expected_replacements` says otherwise; at least once for
 * replace-all), or as many times as the reply's identical blocks would have written them in turn
 * (`writtenInTurn`).
 * A replacement standing in more places than that (a common line, a text the file repeats) says
 * nothing about this edit: its missing search text is then NO_MATCH, not a success. So is a
 * replacement that stands with a line the edit deletes at its edge still beside it.
 */
function isAlreadyApplied(index: FileIndex, op: ReplaceOp, replacementLines: readonly string[], found: readonly LineMatch[], inTurn: number): boolean {
  // Where the replacement stands with a line it deletes still next to it, the edit is not applied
  // there, nor (the file counting one place fewer) anywhere: see `appliedPlaces`.
  if (found.length > 0 && appliedPlaces(index, toLines(op.search), replacementLines, found).length < found.length) return false;
  return op.expectedCount === 'all' ? found.length > 0 : found.length === op.expectedCount || (inTurn > 1 && found.length === inTurn);
}

/**
 * True when the op's whole replacement is already applied (`alreadyAppliedReading`: it stands in
 * the file as many times as the op writes it, with no line it deletes at its edges beside it)
 * and stands over the lines of `match`: the edit's result is where its search text was found.
 */
function appliedOver(tx: Transaction, state: FileState, op: ReplaceOp, match: LineMatch): boolean {
  const index = tx.indexOf(state);
  if (alreadyAppliedReading(index, op, writtenInTurn(tx, op)) !== 'whole') return false;
  return wherePresent(index, toNeedle(op.replacement, op.source), 5).some((found) => found.start < match.end && match.start < found.end);
}

/** Matches of the left-out-lines rung whose edit has been given the file's lines there (see `withLeftOutRuns`). */
const givenLeftOutRuns = new WeakSet<LineMatch>();

/** Re-anchors the replacement onto each match and records the edits (or the reason it cannot). */
function placeMatches(tx: Transaction, state: FileState, op: ReplaceOp, needle: Needle, replacementLines: string[], matches: LineMatch[], notes: string[]): void {
  const block = op.source.block;
  const file = state.file!;
  const index = tx.indexOf(state);
  if (matches[0]?.strategy === 'leftOutLines' && !givenLeftOutRuns.has(matches[0])) {
    // Found with lines left out (blank lines, comments): the edit is given the file's, then placed as any straight match.
    const given = leftOutEdit(needle, replacementLines, matches, file, op.lineKinds, state.path);
    if (typeof given === 'string') {
      // Where the lines differ is where the edit changes the file, and its result already stands
      // there: the search text has a line the file lacks that the edit deletes (a diff from an
      // older release to a newer one, on a file between the two, deletes a blank line the file
      // has already lost), so it was applied before.
      if (appliedOver(tx, state, op, matches[0])) {
        tx.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: matches[0].start + 1, endLine: matches[0].end, warnings: ['the replacement text is already in the file'] });
        return;
      }
      tx.fail('NO_MATCH', block, state.path, given, op, { candidates: matchCandidates(index, matches) }, state);
      return;
    }
    // A diff's own line kinds no longer describe the texts: the placing reads them by their line diff.
    const asGiven: ReplaceOp = { ...op, lineKinds: undefined };
    givenLeftOutRuns.add(given.match);
    return placeMatches(tx, state, asGiven, given.needle, given.replacement, [given.match], [...notes, 'blank or comment lines the search text left out are kept as the file has them']);
  }
  const replacementElisions = bareDotsAsCode(literalLinesAside(elisionsIn(op.source, replacementLines), replacementLines, needle), replacementLines, needle);
  // A diff hunk found where its `-a` says, when its `+c` says otherwise, is on the file before the
  // diff: the lines around it may read like its result (a block the diff moves stands there still,
  // until a later hunk deletes it), but it was not applied.
  const unedited = matches.length === 1 && op.lineHint !== undefined && op.newLineHint !== undefined && (matches[0].start === op.lineHint - 1 || matches[0].start === op.lineHint - 1 + state.drift);
  // An edit whose result already surrounds the match (the replacement contains the search text
  // and the file already holds the whole replacement there) was applied before: do not repeat it.
  // An edit that only adds blank lines is read as made only when more than it adds stand there.
  const blanksAdded = blankLinesAdded(needle.lines, replacementLines);
  if (matches.length === 1 && !unedited && blanksAdded !== undefined && blankLinesStandBeyond(index, matches[0], blanksAdded)) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: matches[0].strategy, score: matches[0].score, startLine: matches[0].start + 1, endLine: matches[0].end, warnings: ['the file already has more blank lines there than the edit adds'] });
    return;
  }
  if (matches.length === 1 && !unedited && blanksAdded === undefined && containsAppliedReplacement(index, needle, replacementLines, matches[0])) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: matches[0].strategy, score: matches[0].score, startLine: matches[0].start + 1, endLine: matches[0].end, warnings: ['the replacement text is already in the file'] });
    return;
  }
  const shifted = shiftedWindowRefusal(index, needle, replacementLines, op.lineKinds, matches, state.path);
  if (shifted) {
    tx.fail('NO_MATCH', block, state.path, shifted.message, op, { candidates: shifted.report.candidates, firstDifference: shifted.report.firstDifference }, state);
    return;
  }
  const edits: TextEdit[] = [];
  let reindented = false;
  const warnings = [...notes];
  // A tool's diff gives the file's text, new lines' indentation included, unless its quotes show it was printed otherwise.
  const toolWritten = op.source.verbatim === true && !tabsPrintedAsSpaces(tx, state, op, index);
  for (const match of matches) {
    const replacement = withoutCopyPadding(needle, match, file, replacementLines);
    const built = reanchor({ fileLines: file, fileUnit: index.indentUnit, fileIndentedLines: () => index.indentedLines, fileBlanksIndented: () => index.blanksIndented, needle, replacement, replacementElisions, match, quotedContext: isLinePrefixed(op.source.format), fragments: op.granularity === 'chars', lineKinds: op.lineKinds, toolWritten, keepsTrailingWhitespace: keepsTrailingWhitespace(state.path), indentationIsStructure: indentationIsStructure(state.path) });
    if (built.problem) {
      const extra = { ...(built.problem.code === 'OUT_OF_DATE' ? { candidates: matchCandidates(index, [match]) } : {}), ...(built.problem.nextStep ? { nextStep: built.problem.nextStep } : {}) };
      tx.fail(built.problem.code, block, state.path, `${built.problem.message} (${state.path} lines ${match.start + 1}-${match.end})`, op, extra, state);
      return;
    }
    if (matches.length === 1 && !unedited && blanksAdded === undefined && standsAround(file, match, built.lines)) {
      // The text the edit would write already stands there, around the lines it matched (lines
      // it adds next to them, an elision filled): it was applied before.
      tx.record(state, { block, status: 'alreadyApplied', strategy: match.strategy, score: match.score, startLine: match.start + 1, endLine: match.end, warnings: ['the replacement text is already in the file'] });
      return;
    }
    reindented ||= built.reindented;
    warnings.push(...(match.warnings ?? []), ...built.warnings);
    // A diff that changes the line endings of the lines it quotes writes its own (found by a rung
    // that compares line by line: elided or fuzzy matches pair no reply line with a file line).
    const withEnds = op.lineEnds && match.strategy !== 'fuzzy' && match.strategy !== 'elision' && match.strategy !== 'leftOutLines' ? lineEditWithEnds(file, match.start, match.end, built.lines, op.lineEnds.search, op.lineEnds.replacement, op.finalNewline) : undefined;
    edits.push(withFinalNewline(file, match.start, match.end, withEnds ?? lineEdit(file, match.start, match.end, built.lines, built.sources), op.finalNewline));
  }
  // Read through the file, not `state.base`: after a commit that would build the whole edited text per op.
  if (edits.every((edit) => sliceOf(file, edit.start, edit.end) === edit.text)) {
    // What the edit would write is what the file already says there.
    tx.record(state, { block, status: 'alreadyApplied', strategy: matches[0].strategy, score: matches[0].score, startLine: matches[0].start + 1, endLine: matches[matches.length - 1].end, warnings: ['the file already reads like this'] });
    return;
  }
  const earlier = matches.length === 1 ? state.placedEdits.get(op.search.trimEnd()) : undefined;
  const revised = earlier && revisedInsertion(op, file, matches[0].start, matches[0].end, earlier);
  if (revised) return failRevisedInsertion(tx, state, op, revised);
  if (overlapsAny(edits, state.pending)) {
    // Only possible when an earlier op replaced more than its match (an insert, an append):
    // apply the earlier edits first and place this op on their result.
    tx.commit(state);
    const retry = locateOp(tx, state, op, needle, replacementLines);
    if (retry.kind === 'found') return placeMatches(tx, state, op, needle, replacementLines, retry.matches, notes);
    tx.fail('OVERLAPPING_EDITS', block, state.path, `this edit changes lines an earlier edit of the reply already changed in ${state.path}`, op, {}, state);
    return;
  }
  for (const match of matches) state.taken.push({ start: match.start, end: match.end });
  if (op.lineHint !== undefined) state.drift = matches[0].start - (op.lineHint - 1);
  // The hunks of one diff (the chunks of one patch) come in file order: see the ambiguous case.
  if (isLinePrefixed(op.source.format)) state.cursor = { block, end: matches[matches.length - 1].end };
  const first = matches[0];
  const last = matches[matches.length - 1];
  if (reindented) warnings.push('re-indented to fit the file');
  tx.record(state, {
    block,
    status: 'applied',
    strategy: first.strategy,
    score: Math.min(...matches.map((m) => m.score)),
    startLine: first.start + 1,
    endLine: Math.max(first.start + 1, last.end),
    edits,
    reindented,
    warnings,
  });
}

/**
 * The replacement's elision lines, but those the search text holds as plain lines (see
 * `literalIfInFile`): a line the file has, written again, is kept as the file's text. A search
 * text with elisions of its own never holds one (the same line reads alike in both texts).
 */
function literalLinesAside(elisions: ReadonlySet<number>, replacementLines: readonly string[], needle: Needle): ReadonlySet<number> {
  if (elisions.size === 0 || needle.elisions.size > 0) return elisions;
  const kept = new Set([...elisions].filter((i) => !needle.lines.includes(replacementLines[i])));
  return kept.size === elisions.size ? elisions : kept;
}

/**
 * True when the edit only adds lines around the matched ones (`written` holds the matched lines as
 * one run) and the file already has every written line right there, in order; not when the added
 * lines repeat the matched run's edge (`addsRepeatOfEdge`).
 */
function standsAround(file: FileLines, match: LineMatch, written: readonly string[]): boolean {
  const matched = match.end - match.start;
  if (written.length <= matched || matched === 0) return false;
  for (let k = 0; k + matched <= written.length; k++) {
    const start = match.start - k;
    if (start < 0 || start + written.length > file.lineCount) continue;
    let same = true;
    for (let i = 0; i < written.length && same; i++) same = file.line(start + i) === written[i];
    if (same && !addsRepeatOfEdge(written, k, matched)) return true;
  }
  return false;
}

/** "the nearest line is 12 (87% similar)" / "the nearest lines are 12-14 (…)": a failure's nearest place, as its messages name it. */
function nearestPlace(best: { readonly startLine: number; readonly endLine: number; readonly score: number }): string {
  return `the nearest ${best.startLine === best.endLine ? `line is ${best.startLine}` : `lines are ${best.startLine}-${best.endLine}`} (${similarityPercent(best.score)} similar)`;
}

/**
 * True when the matches are twin windows the fuzzy rung marked (`mixedWith`): it puts the marked
 * pair first, so the first two say it. An ambiguous exact search may hold 100,000 matches, and
 * reading each of them for every refused block made 3,000 such blocks take 45 s.
 */
function mixedTwins(matches: readonly { readonly mixedWith?: unknown }[]): boolean {
  return matches.slice(0, 2).some((match) => match.mixedWith !== undefined);
}
