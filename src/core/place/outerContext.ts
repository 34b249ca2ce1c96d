import type { FileIndex } from '../locate/fileIndex';
import { ladder, locate } from '../locate/ladder';
import type { LineMatch, Needle } from '../locate/matcher';
import { hasText } from '../text/normalize';

/**
 * How many unchanged lines may be left out at each end of an edit whose search text is not in the
 * file as a whole: GNU patch's default fuzz factor, which drops up to two lines of a hunk's
 * context at each end before giving up.
 */
const MAX_DROPPED = 2;

/** The rungs a shortened search text is looked for with: those that compare text, never a loose one on top. */
const STRAIGHT_RUNGS = ladder.slice(0, 5);

/** Lines with text (`hasText`) an insertion needs in what is left of its context to be placed by it. */
const MIN_INSERTION_CONTEXT = 3;

export interface OuterContextPlacing {
  readonly needle: Needle;
  readonly replacement: string[];
  /** The one place, as the ladder gives it. */
  readonly matches: LineMatch[];
  /** What the receipt says of it. */
  readonly note: string;
}

/**
 * The edit with up to `MAX_DROPPED` unchanged lines left out at each end, placed where what is left
 * stands once in the file; undefined when no shortening does that. Why: the lines around a change
 * are what changes most often between the model reading a file and its reply landing (the user
 * edits the line under a function the model changes; an earlier commit rewrote the neighbouring
 * lines), and git's three-way merge takes such a change where a search for the whole hunk finds
 * nothing. The unchanged lines at an edit's edges (the lines its search text and replacement
 * begin or end with alike: a diff's context) are not written by it, so leaving them out loses
 * nothing of the edit, and the file's lines there are kept. It is bounded so as not to guess:
 * - at least one unchanged line is kept at each end that has them, as patch keeps with three lines
 *   of context, so the edit still stands next to the lines it was written beside, and no more are
 *   left out than kept lines of context have text: most of what was quoted is still there;
 * - the lines the edit changes must stand in the file exactly once (straight rungs only: exact to
 *   Unicode-folded), with a line with text among them, and the shortened text must stand exactly
 *   there: an edit whose changed lines the file repeats, or has nowhere, is left to the refusal;
 * - an insertion (nothing removed) is placed by its context alone: what is left of it must have
 *   `MIN_INSERTION_CONTEXT` lines with text and stand once;
 * - line-granular edits only, for one place, without elided code.
 * The note names how many lines were left out at which end, so the receipt says the file changed there.
 */
export function withoutOuterContext(index: FileIndex, needle: Needle, replacement: readonly string[], taken: readonly { start: number; end: number }[]): OuterContextPlacing | undefined {
  if (needle.elisions.size > 0) return undefined;
  const search = needle.lines;
  let lead = 0;
  while (lead < search.length && lead < replacement.length && search[lead] === replacement[lead]) lead++;
  let trail = 0;
  while (trail < search.length - lead && trail < replacement.length - lead && search[search.length - 1 - trail] === replacement[replacement.length - 1 - trail]) trail++;
  const changed = search.slice(lead, search.length - trail);
  if (lead + trail === 0 || (changed.length === 0 && replacement.length === lead + trail)) return undefined;
  const straight = (lines: readonly string[]) => {
    const found = locate(index, { lines, elisions: new Set() }, { expectedCount: 'all', fuzzyThreshold: 1, rungs: STRAIGHT_RUNGS, taken });
    return found.kind === 'found' ? found.matches : [];
  };
  // Where the changed lines stand (their first line), or -1 for an insertion.
  let core = -1;
  if (changed.length > 0) {
    if (!changed.some(hasText)) return undefined;
    const places = straight(changed);
    if (places.length !== 1) return undefined;
    core = places[0].start;
  } else if (lead === 0 || trail === 0) {
    // An insertion placed by one side alone would be written again beside its own earlier copy.
    return undefined;
  }
  for (const [dropLead, dropTrail] of DROPS) {
    if (dropLead > Math.max(0, lead - 1) || dropTrail > Math.max(0, trail - 1)) continue;
    const lines = search.slice(dropLead, search.length - dropTrail);
    if (core === -1 && lines.filter(hasText).length < MIN_INSERTION_CONTEXT) continue;
    // Most of what was quoted around the change must still be there: no more lines left out than
    // kept lines of context with text (a blank line or a `}` kept says little of the place).
    const keptContext = [...lines.slice(0, lead - dropLead), ...lines.slice(lines.length - (trail - dropTrail))];
    if (keptContext.filter(hasText).length < dropLead + dropTrail) continue;
    const places = straight(lines);
    const at = core === -1 ? places : places.filter((place) => place.start + lead - dropLead === core);
    if (at.length !== 1) continue;
    const where = [dropLead > 0 ? `${dropLead} before it` : '', dropTrail > 0 ? `${dropTrail} after it` : ''].filter(Boolean).join(' and ');
    return {
      needle: { lines, elisions: new Set() },
      replacement: replacement.slice(dropLead, replacement.length - dropTrail),
      matches: at,
      note: `the file has changed around this edit since the reply was written: of the unchanged lines quoted with it, ${where} ${dropLead + dropTrail === 1 ? 'is' : 'are'} not there; it was placed by the rest, and the file's lines there are kept (check it)`,
    };
  }
  return undefined;
}

/** Every [at the start, at the end] count of lines left out, up to `MAX_DROPPED` at each end, fewest in all first. */
const DROPS: readonly (readonly [number, number])[] = (() => {
  const drops: [number, number][] = [];
  for (let total = 1; total <= 2 * MAX_DROPPED; total++) {
    for (let start = Math.min(total, MAX_DROPPED); start >= total - Math.min(total, MAX_DROPPED); start--) drops.push([start, total - start]);
  }
  return drops;
})();
