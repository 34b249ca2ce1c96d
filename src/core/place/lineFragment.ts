import type { ReplaceOp } from '../ir';
import type { Needle } from '../locate/matcher';
import { charEdit, newlinesBefore } from '../plan';
import { lfView } from '../text/fileText';
import { isBlank } from '../text/indentation';
import { lineDistance } from '../text/lineDistance';
import { isWordCode } from '../text/normalize';
import type { FileState, Transaction } from './transaction';

/** Past this many places the fragment stands (at word edges or not), the file is not searched further. */
const MAX_PLACES = 16;

/**
 * A one-line search text that is part of a line of the file, not the whole of it: `version="1.2.3"`
 * for the file's `    version="1.2.3",`, or `$^.*` for `text with $^.*`. Models quote the part
 * of a line they change; Cline, Roo and Aider replace it where it stands, as a tool call's
 * `old_string` is. Read so only when no line of the file matches (every rung, fuzzy included, has
 * failed), and only when it is certain:
 * - the search and the replacement are one non-blank line each (a fragment replaced by several
 *   lines, or by none, would split or empty the line around it: the whole-line meaning may be the
 *   one meant there, so it stays a miss);
 * - the search's text (its indentation aside) stands in exactly one place in the file where its
 *   edges are word edges: `x = 1` is not the start of `x = 10`, `foo` not the start of `foo_bar`,
 *   `import os` not the start of `import os.path`.
 * The fragment is replaced by the replacement's text, the rest of the line kept. When the search
 * stands nowhere at all and the replacement stands so once, the edit was applied before (a reply
 * applied twice changes nothing). Returns false, recording nothing, when neither holds.
 */
export function placeLineFragment(tx: Transaction, state: FileState, op: ReplaceOp, needle: Needle, replacementLines: readonly string[]): boolean {
  if (op.expectedCount !== 1 || needle.elisions.size > 0 || !state.file) return false;
  const search = onlyLine(needle.lines);
  const replacement = onlyLine(replacementLines);
  if (search === undefined || replacement === undefined || search === replacement) return false;
  const text = lfView(state.file);
  const places = wordEdgedPlaces(text, search);
  const block = op.source.block;
  if (places?.length === 1) {
    const line = newlinesBefore(state.file, places[0]);
    recordInPlace(tx, state, op, places[0], places[0] + search.length, replacement, `the search text is part of line ${line + 1}: replaced there, the rest of the line kept`);
    return true;
  }
  // Applied before: the search text stands nowhere (not even inside a word), the replacement once.
  const applied = places?.length === 0 && !text.includes(search) ? wordEdgedPlaces(text, replacement) : undefined;
  if (applied?.length === 1 && !readsAsSearch(text, applied[0], search, replacement)) {
    const line = newlinesBefore(state.file, applied[0]);
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'exact', score: 1, startLine: line + 1, endLine: line + 1, warnings: [`the replacement text is already part of line ${line + 1}`] });
    return true;
  }
  return false;
}

/**
 * Refuses, as `AMBIGUOUS`, a one-line search text that `placeLineFragment` reads as part of a line
 * but finds in several places at word edges (`test` in `test test test`): the text is there, so
 * "not found, nothing resembles it" misled, and which place is meant is not shown. Called only once
 * every other reading has failed; returns false, recording nothing, when the search is no such
 * fragment.
 */
export function failSeveralLineFragments(tx: Transaction, state: FileState, op: ReplaceOp, needle: Needle, replacementLines: readonly string[]): boolean {
  if (op.expectedCount !== 1 || needle.elisions.size > 0 || !state.file) return false;
  const search = onlyLine(needle.lines);
  const replacement = onlyLine(replacementLines);
  if (search === undefined || replacement === undefined || search === replacement) return false;
  const file = state.file;
  const places = wordEdgedPlaces(lfView(file), search);
  if (places === undefined || places.length < 2) return false;
  const timesOnLine = new Map<number, number>();
  for (const at of places) {
    const line = newlinesBefore(file, at);
    timesOnLine.set(line, (timesOnLine.get(line) ?? 0) + 1);
  }
  const where = [...timesOnLine].map(([line, times]) => `line ${line + 1}${times > 1 ? ` (${times} times)` : ''}`).join(', ');
  const candidates = [...timesOnLine.keys()].map((line) => ({ startLine: line + 1, endLine: line + 1, score: 1, text: file.line(line) }));
  tx.fail('AMBIGUOUS', op.source.block, state.path, `the search text is part of a line of ${state.path}, not a whole line, and stands ${places.length} times so (${where}): which one is meant is not shown`, op, { candidates, nextStep: 'Re-send this block with the whole line quoted in SEARCH, and more lines around it if the line itself repeats, so that it matches exactly one place.' }, state);
  return true;
}

/**
 * A search text of several lines whose first line is the end of a line of the file, or whose last
 * line is the start of one (`// Build tree spheres` quoted for the file's `// Build tree spheres
 * with live audio`): the model cut the edge line short, or began its quote inside it. Read so only
 * when no line of the file matches and it is certain:
 * - the search text, characters and line breaks as written, stands exactly once in the file;
 * - each edge line found cut is quoted unchanged at the same edge of the replacement, so the edit
 *   changes only what lies between and the part of the line it did not quote is kept where it is
 *   (a cut line the replacement rewrites could mean the whole line or the quoted part: a miss).
 * The text between is then replaced as written. When the search text stands nowhere and the
 * replacement stands once, the edit was applied before. Returns false, recording nothing, when
 * neither holds.
 */
export function placeCutEdgeLines(tx: Transaction, state: FileState, op: ReplaceOp, needle: Needle, replacementLines: readonly string[]): boolean {
  const lines = needle.lines;
  const n = lines.length;
  if (op.expectedCount !== 1 || needle.elisions.size > 0 || !state.file || n < 2 || replacementLines.length < 2) return false;
  if (isBlank(lines[0]) || isBlank(lines[n - 1])) return false;
  const search = lines.join('\n');
  const replacement = replacementLines.join('\n');
  if (search === replacement) return false;
  // The whole lines between must be lines of the file (one of the two, for two lines): a lookup in
  // the file's exact table, before any scan of its text (a failed edit of a 100,000-line file
  // scanned it twice, 50 failed edits 60 ms).
  const index = tx.indexOf(state);
  const mayStand = (texts: readonly string[]) => (texts.length === 2 ? texts.some((line) => index.countExact(line) > 0) : texts.slice(1, -1).every((line) => index.countExact(line) > 0));
  if (!mayStand(lines) && !mayStand(replacementLines)) return false;
  const text = lfView(state.file);
  const keepsFirst = replacementLines[0] === lines[0];
  const keepsLast = replacementLines[replacementLines.length - 1] === lines[n - 1];
  const place = mayStand(lines) ? onlyPlace(text, search) : undefined;
  const block = op.source.block;
  if (place !== undefined) {
    const cutFirst = place > 0 && text.charCodeAt(place - 1) !== 10;
    const end = place + search.length;
    const cutLast = end < text.length && text.charCodeAt(end) !== 10;
    // Neither edge cut: the line rungs' business (they found nothing, for a reason of their own).
    if ((!cutFirst && !cutLast) || (cutFirst && !keepsFirst) || (cutLast && !keepsLast)) return false;
    const [first, last] = [newlinesBefore(state.file, place) + 1, newlinesBefore(state.file, end) + 1];
    const cut = cutFirst && cutLast ? `starts inside line ${first} and ends inside line ${last}` : cutFirst ? `starts inside line ${first}` : `ends inside line ${last}`;
    recordInPlace(tx, state, op, place, end, replacement, `the search text ${cut}, a part of the line it quotes as it is: the text between replaced, the rest of the line kept`);
    return true;
  }
  // Applied before: the search text stands nowhere, the replacement once, with the edges it keeps.
  if (!keepsFirst || !keepsLast || !mayStand(replacementLines) || (mayStand(lines) && text.includes(search))) return false;
  const applied = onlyPlace(text, replacement);
  if (applied === undefined) return false;
  const line = newlinesBefore(state.file, applied);
  tx.record(state, { block, status: 'alreadyApplied', strategy: 'exact', score: 1, startLine: line + 1, endLine: newlinesBefore(state.file, applied + replacement.length) + 1, warnings: ['the replacement text is already in the file'] });
  return true;
}

/**
 * True when the line holding the replacement (at `at`) keeps beside it what the search has there
 * and the replacement drops, or is nearer the search text than the replacement by edit distance:
 * the line the search quoted with a mistake (`TTY.)` for the
 * file's `tty.)`, `v1.49` for `v1.49.0`), whose edit shortens it to what is now its start, not a
 * line the edit already made (there the line holds the replacement where the search stood, and
 * is nearer the replacement). Read as applied, the edit was skipped and the reply reported done.
 */
function readsAsSearch(text: string, at: number, search: string, replacement: string): boolean {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  const lineEnd = end === -1 ? text.length : end;
  // What the line holds beside the replacement, when it is what the search has there and the
  // replacement dropped (`)` after `tty.`): the search's own line, shortened only in the reply.
  const before = text.slice(start, at).trimStart();
  const after = text.slice(at + replacement.length, lineEnd).trimEnd();
  if (after !== '' && search.endsWith(after) && !replacement.endsWith(after)) return true;
  if (before !== '' && search.startsWith(before) && !replacement.startsWith(before)) return true;
  const line = text.slice(start, lineEnd).trim();
  return lineDistance(line, search) <= lineDistance(line, replacement);
}

/** Records `op` as applied by replacing characters `from`..`to` of the file's LF view with `replacement`, with `note`. */
function recordInPlace(tx: Transaction, state: FileState, op: ReplaceOp, from: number, to: number, replacement: string, note: string): void {
  const file = state.file!;
  tx.record(state, {
    block: op.source.block,
    status: 'applied',
    strategy: 'exact',
    score: 1,
    startLine: newlinesBefore(file, from) + 1,
    endLine: newlinesBefore(file, to) + 1,
    edits: [charEdit(file, from, to, replacement)],
    warnings: [note],
  });
}

/** The one offset where `part` stands in `text`, or undefined when it stands nowhere or more than once. */
function onlyPlace(text: string, part: string): number | undefined {
  const at = text.indexOf(part);
  if (at === -1 || text.indexOf(part, at + 1) !== -1) return undefined;
  return at;
}

/** The one non-blank line of `lines` without its indentation and trailing blanks, when there is exactly one. */
function onlyLine(lines: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const line of lines) {
    if (isBlank(line)) continue;
    if (found !== undefined) return undefined;
    found = line.trim();
  }
  return found;
}

/**
 * Where `fragment` stands inside one line of `text` with word edges on both sides (offsets of
 * the LF view), or undefined when that is not known to be the whole answer: the fragment also
 * stands as a whole line (trimmed: the line rungs' business), or in more than `MAX_PLACES` places.
 */
function wordEdgedPlaces(text: string, fragment: string): number[] | undefined {
  const places: number[] = [];
  let seen = 0;
  for (let at = text.indexOf(fragment); at !== -1; at = text.indexOf(fragment, at + 1)) {
    if (++seen > MAX_PLACES) return undefined;
    const end = at + fragment.length;
    if (isWordCode(text.charCodeAt(at)) && isWordCode(text.charCodeAt(at - 1))) continue;
    // A name that goes on after a dot (`import os` in `import os.path`) does not end there either.
    if (isWordCode(text.charCodeAt(end - 1)) && (isWordCode(text.charCodeAt(end)) || (text.charCodeAt(end) === 46 && isWordCode(text.charCodeAt(end + 1))))) continue;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const lineEnd = text.indexOf('\n', end);
    const whole = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
    if (whole.trim() === fragment) return undefined;
    places.push(at);
  }
  return places;
}
