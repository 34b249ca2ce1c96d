import type { Strategy } from '../receipt';
import type { FileIndex } from './fileIndex';

/** The search text of an op, split once. `lines` carry no terminators. */
export interface Needle {
  readonly lines: readonly string[];
  /** Indexes into `lines` of elision markers (`...`, `// ... existing code ...`). */
  readonly elisions: ReadonlySet<number>;
}

/**
 * Where needle line i sits in the file: a line index, a run of file lines `[from, to)` (an
 * elision stands for it), or `undefined` (no counterpart, e.g. a fuzzy window's extra line).
 */
export type Alignment = number | { readonly from: number; readonly to: number } | undefined;

/** One place a needle matched: file lines `[start, end)`, 0-based. */
export interface LineMatch {
  readonly start: number;
  readonly end: number;
  /** 1 for exact; lower for looser rungs and fuzzy similarity. */
  readonly score: number;
  readonly strategy: Strategy;
  readonly alignment: readonly Alignment[];
  /** Notes for the reviewer, e.g. which lines a fuzzy match found different. */
  readonly warnings?: readonly string[];
  /**
   * For a fuzzy window that may pair the needle's lines with the file's one line off from this
   * needle line on (see `shiftedLine`): an edit may be placed there only if it changes nothing
   * from this line on, where the lines it keeps are written from the file in order.
   */
  readonly shiftedFrom?: number;
  /**
   * For a fuzzy window that has a twin (see `twinWindow`): each differs from the needle in a line
   * the other holds, so the needle mixes the two and no score margin makes either the place.
   * `start` is the twin's first line; `lacks` the needle line this window differs in, which the
   * twin holds; `twinLacks` the needle line the twin differs in, which this window holds.
   */
  readonly mixedWith?: { readonly start: number; readonly lacks: number; readonly twinLacks: number };
}

/** Limits that apply to a search: the lines it may look in (after an `@@` anchor, say). */
export interface SearchScope {
  /** First line (0-based) a match may start at. @default 0 */
  readonly from: number;
  /** A match must end at or before this line. @default the file's line count */
  readonly to: number;
  /** Lowest similarity the fuzzy rung accepts. */
  readonly fuzzyThreshold: number;
  /** 0-based line where the op is believed to start, for search order and tie-breaks. */
  readonly lineHint?: number;
}

/** One rung of the ladder: finds every place the needle matches under its own notion of equal. */
export interface Matcher {
  readonly id: Strategy;
  find(index: FileIndex, needle: Needle, scope: SearchScope): LineMatch[];
}

/** The identity alignment for a needle matched line for line at `start`. */
export function straightAlignment(start: number, count: number): number[] {
  const alignment: number[] = new Array(count);
  for (let i = 0; i < count; i++) alignment[i] = start + i;
  return alignment;
}

/**
 * A match of the needle line for line at `start`. Its alignment is made on first read: a search
 * that finds a long block at 100,000 places (and refuses it as ambiguous) would otherwise hold an
 * array per place.
 */
export function straightMatch(start: number, count: number, score: number, strategy: Strategy): LineMatch {
  let alignment: number[] | undefined;
  return {
    start,
    end: start + count,
    score,
    strategy,
    get alignment() {
      return (alignment ??= straightAlignment(start, count));
    },
  };
}
