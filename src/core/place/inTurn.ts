import type { ReplaceOp } from '../ir';
import type { LocateOutcome } from '../locate/ladder';
import type { LineMatch } from '../locate/matcher';
import type { FileIndex } from '../locate/fileIndex';
import { toLines } from '../text/fileText';
import type { FileState, Transaction } from './transaction';

/**
 * The place a SEARCH/REPLACE block takes when the file holds its search text several times and
 * the reply has one block with that search text for each place: the first place not yet taken,
 * in file order, with the note that says so; undefined when that does not settle it.
 *
 * Why: a model that changes a line the file repeats (a `return None` in two functions) writes one
 * block per place, top to bottom, with the same search text. Aider applies each block to the first
 * place that still holds its text, Cline searches on from the previous block's place, and Cline's
 * prompt asks for blocks in file order: both land block i on place i. Read one by one, every such
 * block is ambiguous, and the reply was refused whole. The reading holds only where it is certain
 * to be the whole story:
 * - the places are found by one of the rungs that compare text (1-5), not by elision or fuzzy
 *   similarity (nor is one a near twin of the other, `unlike`), and do not overlap (`aaaa`
 *   standing twice in `aaaaa` is not two places);
 * - the blocks from this one on, naming the same file, search for exactly this text (trailing
 *   whitespace aside), each for one place and without a line number, and there are exactly as many
 *   of them as places left: more places than blocks leaves open which ones are meant, and is still
 *   `AMBIGUOUS`.
 * The later blocks of the run are marked in `state.inTurn`: an identical block among them edits the
 * next place, it is not the same edit written twice.
 *
 * apply_patch chunks without an `@@` anchor are read alike: Codex applies each `*** Update File:`
 * section to the file the sections before it left, each chunk at the first place from where it
 * starts, so identical chunks for identical places land one per place (nan's header).
 */
export function placeInTurn(tx: Transaction, state: FileState, op: ReplaceOp, outcome: Extract<LocateOutcome, { kind: 'ambiguous' }>): { match: LineMatch; note: string } | undefined {
  const places = outcome.matches;
  // The group is in reply order: this block's place in it says how many come from it on. Counted
  // first: a line the file has 100,000 times is no run of blocks, and is not walked per block.
  const group = tx.blocksSearchingAlike(op);
  if (group.length < places.length) return undefined;
  const at = group.indexOf(op);
  if (at === -1 || group.length - at !== places.length || !textPlacesApart(outcome)) return undefined;
  const run = group.slice(at);
  if (run.some((other) => other.replacement.trimEnd() !== op.replacement.trimEnd()) && outOfFileOrder(tx, state, op, run)) {
    tx.note(op.source.block, `blocks ${run.map((other) => other.source.block).join(', ')} search for this text with different replacements, but the reply's blocks for ${state.path} do not go down the file, so which block is meant for which place is not certain`);
    return undefined;
  }
  const blocks = run.map((other) => other.source.block);
  state.inTurn ??= new Set();
  for (const block of blocks.slice(1)) state.inTurn.add(block);
  if (op.source.format === 'apply-patch') {
    return { match: places[0], note: `${state.path} holds the chunk's text ${places.length} times and as many chunks of the patch search for it: each takes the next place in file order, as Codex applies them` };
  }
  const named = `${blocks.slice(0, -1).join(', ')} and ${blocks[blocks.length - 1]}`;
  return {
    match: places[0],
    note: `${state.path} holds the search text ${places.length} times and blocks ${named} search for it: each block takes the next place in file order, as Aider and Cline apply them`,
  };
}

/**
 * The place a numbered hunk (a diff's, or any op with a line number) takes when the file holds its
 * old text at several places and the reply's ops for the file, from this one on, write exactly the
 * same change (the same old and new lines, each at its own line number) as many times as places
 * are left: the first place not yet taken, with the note that says so; undefined otherwise.
 *
 * Why: whichever of the identical hunks takes which place, the file comes out the same, so neither
 * their line numbers nor their order needs to settle it; numbers that are all off by the same
 * amount (express's two doc comments saying `res.sentHeader`, fixed by two hunks numbered 14 lines
 * short) left every hunk "not close enough" to one place, and the reply was refused. Only where
 * that is the whole story: places found by a rung that compares text (not elision or fuzzy
 * similarity), none overlapping, at most `ORDER_EVIDENCE_PLACES`, and hunks whose line numbers all
 * differ (one hunk written twice with the same number is a repeat, applied once: see
 * `replaceLines`).
 */
export function placeIdenticalInTurn(tx: Transaction, op: ReplaceOp, outcome: Extract<LocateOutcome, { kind: 'ambiguous' }>): { match: LineMatch; note: string } | undefined {
  const places = outcome.matches;
  // Counted before the places are walked, as in `placeInTurn`.
  if (op.expectedCount !== 1 || op.lineHint === undefined || places.length > ORDER_EVIDENCE_PLACES || !textPlacesApart(outcome)) return undefined;
  const search = op.search.trimEnd();
  const replacement = op.replacement.trimEnd();
  const group = tx.replaceOpsBeside(op).ops.filter((other) => other.expectedCount === 1 && other.lineHint !== undefined && other.lineKinds === op.lineKinds && other.search.trimEnd() === search && other.replacement.trimEnd() === replacement);
  const at = group.indexOf(op);
  if (at === -1 || group.length - at !== places.length || new Set(group.map((other) => other.lineHint)).size !== group.length) return undefined;
  return { match: places[0], note: `the file holds the hunk's old lines ${places.length} times and the reply writes this same change ${places.length} times from here on: each takes the next place, and the file comes out the same whichever takes which` };
}

/**
 * True when an ambiguous outcome's places can be taken one per block: found by a rung that compares
 * text (not elision or fuzzy similarity), alike in kind (not a relaxed match and its near twin at
 * the reply's own indentation, `unlike`, whose texts differ), and none overlapping (`aaaa` standing
 * twice in `aaaaa` is not two places). Shared by `placeInTurn` and `placeIdenticalInTurn`.
 */
function textPlacesApart(outcome: Extract<LocateOutcome, { kind: 'ambiguous' }>): boolean {
  if (outcome.strategy === 'elision' || outcome.strategy === 'fuzzy' || outcome.strategy === 'leftOutLines' || outcome.unlike) return false;
  const places = outcome.matches;
  for (let i = 1; i < places.length; i++) if (places[i].start < places[i - 1].end) return false;
  return true;
}

/** How many of the file's other blocks, each side of the run in the reply, `outOfFileOrder` looks up. */
const ORDER_EVIDENCE_BLOCKS = 8;
/** Runs longer than this, and texts the file starts more often at, are not looked up: no evidence. */
const ORDER_EVIDENCE_PLACES = 64;

/**
 * True when the reply's blocks for the file do not come in file order around the run: its other
 * blocks whose search text the file holds once, word for word, and the run's blocks taken in turn
 * (each at the next place the file holds the run's text word for word, or at the 0-based lines
 * `given`), read in reply order, go back up the file somewhere. Looked up in the file's index, a
 * few blocks each side of the run: a reply of 20,000 hunks pays for none of the others.
 *
 * Why: blocks that write different replacements for one repeated text land in the right places in
 * turn only when the reply goes down the file; a reply written in another order (a model that
 * gives the change it thought of last first) would get the replacements swapped, with no error
 * (found by the `search-replace-reversed` replay form: two doc comments of vue-query's
 * mutationOptions.ts exchanged). The hunks of a diff taken after the previous one (see
 * `placeReplace`) are read alike. Blocks not found once word for word say nothing either way.
 */
export function outOfFileOrder(tx: Transaction, state: FileState, op: ReplaceOp, run: readonly ReplaceOp[], given?: readonly number[]): boolean {
  if (run.length > ORDER_EVIDENCE_PLACES) return false;
  const index = tx.indexOf(state);
  const places = given ?? placesOf(index, op.search);
  if (places === undefined || places.length !== run.length) return false;
  const { ops, at: first } = tx.replaceOpsBeside(run[0]);
  if (first === -1) return false;
  const near = ops.slice(Math.max(0, first - ORDER_EVIDENCE_BLOCKS), first + run.length + ORDER_EVIDENCE_BLOCKS);
  let last = -1;
  for (const other of near) {
    const turn = run.indexOf(other);
    const found = turn === -1 ? placesOf(index, other.search) : undefined;
    const line = turn !== -1 ? places[turn] : found?.length === 1 ? found[0] : undefined;
    if (line === undefined) continue;
    if (line < last) return true;
    last = line;
  }
  return false;
}

/**
 * The 0-based lines where `search` (whole lines) stands in the indexed file, word for word;
 * undefined when its first line starts more than `ORDER_EVIDENCE_PLACES` lines (or it is empty).
 */
function placesOf(index: FileIndex, search: string): number[] | undefined {
  const lines = toLines(search);
  if (lines.length === 0 || lines.every((line) => line.trim() === '')) return undefined;
  const starts = index.linesExact(lines[0]);
  if (starts.length > ORDER_EVIDENCE_PLACES) return undefined;
  return starts.filter((start) => start + lines.length <= index.lineCount && lines.every((line, k) => index.line(start + k) === line));
}

/**
 * How many blocks of the reply write `op`'s replacement for its search text in `op`'s file (the
 * identical blocks `placeInTurn` would place in turn, `op` among them; 0 when `op` is not a
 * SEARCH/REPLACE block): once applied, the file holds the replacement that many times.
 */
export function writtenInTurn(tx: Transaction, op: ReplaceOp): number {
  const replacement = op.replacement.trimEnd();
  return tx.blocksSearchingAlike(op).filter((other) => other.replacement.trimEnd() === replacement).length;
}
