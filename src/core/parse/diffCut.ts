/**
 * A diff's last hunk cut off: the reply (or the fence around the diff) stops before the hunk holds
 * the lines its header counts, and what was written so far would remove what the rest was to put
 * back (`-` lines without their `+` lines, an `if` without its `end`). Such a hunk refuses its
 * file; a header that merely miscounts a whole hunk must not.
 *
 * The evidence differs by who wrote the counts. git's (a section with git's `index` line) are
 * exact, so any shortfall of both sides is a cut (`cutShort`, `cutShortBeforeFence`). A model's
 * own counts are loose: it counts after-context it did not write (both sides short alike) or is
 * one off on a side; only a shortfall that differs between the sides, where the reply ends, in a
 * hunk that stops on a changed line, says lines of the change itself are missing (`cutShortByHand`).
 */

/** The parts of a parsed hunk the cut rules read. */
export interface CountedHunk {
  readonly oldCount?: number;
  readonly newCount?: number;
  readonly body: readonly { readonly kind: ' ' | '-' | '+' }[];
  /** A `\ No newline at end of file` marker was seen: the hunk reaches the end of the file. */
  readonly atEndOfFile: boolean;
  readonly oldSeen: number;
  readonly newSeen: number;
}

/** The parts of a parsed file section the cut rules read. */
export interface CountedFile<H extends CountedHunk> {
  /** git's `index abc1234..def5678` line: git wrote the section, counts and all. */
  readonly machineMade: boolean;
  readonly hunks: readonly H[];
}

/**
 * Where the diff holding a file's last hunk stops: `reply-end` (a bare diff the reply's end
 * stops), `fence-at-reply-end` (the fence around it closes, and nothing but blank lines follows
 * in the reply), `fence` (the fence closes and the reply goes on).
 */
export type DiffStop = 'reply-end' | 'fence-at-reply-end' | 'fence';

/**
 * The file's last hunk when it was cut off where the diff stops (see the module's comment), or
 * undefined when the hunk is to be read by its lines as usual. `blanksAtEnd` is how many blank
 * lines follow the hunk before the diff stops.
 */
export function cutOffHunk<H extends CountedHunk>(file: CountedFile<H>, stop: DiffStop | undefined, blanksAtEnd: number): H | undefined {
  if (stop === undefined) return undefined;
  if (file.machineMade) return stop === 'reply-end' ? cutShort(file, blanksAtEnd) : cutShortBeforeFence(file, blanksAtEnd);
  // A model that goes on writing after its diff's fence was not cut off in that diff.
  return stop === 'fence' ? undefined : cutShortByHand(file, blanksAtEnd);
}

/** How many context lines lead the hunk's body, and how many end it (none counted twice). */
function contextAround(body: CountedHunk['body']): { lead: number; trail: number } {
  let lead = 0;
  while (lead < body.length && body[lead].kind === ' ') lead++;
  let trail = 0;
  while (trail < body.length - lead && body[body.length - 1 - trail].kind === ' ') trail++;
  return { lead, trail };
}

/**
 * The file's last hunk when a bare diff that the reply's end stops holds fewer lines than that
 * hunk's header counts: a reply cut off (a stream stopped, a model out of tokens), whose lines so
 * far would delete what the rest was to put back (`-` lines without their `+` lines, a new file
 * without its end). Asked only of a diff with git's `index` line, whose counts git wrote (see
 * `cutShortByHand` for a model's own). A cut leaves both sides short (the
 * context both count, or the added lines and the context after the removed ones); a model that
 * copied git's `index` line but wrote the header from memory is off on one side, or over on the
 * other, and is read by its lines as before; so is one whose after-context is as long as its
 * before-context (the hunk is whole, the header over-counted). A new file's hunk counts one side:
 * there two missing lines or more are a cut. Blank lines after the hunk that make up the same shortfall on both
 * sides are its last context lines with their space trimmed (`blanksAtEnd`), not a cut. git apply
 * and patch refuse every such hunk.
 */
function cutShort<H extends CountedHunk>(file: CountedFile<H>, blanksAtEnd: number): H | undefined {
  const hunk = file.hunks[file.hunks.length - 1];
  if (hunk === undefined || !file.machineMade || hunk.oldCount === undefined || hunk.newCount === undefined || hunk.atEndOfFile) return undefined;
  const [oldShort, newShort] = [hunk.oldCount - hunk.oldSeen, hunk.newCount - hunk.newSeen];
  if (oldShort === newShort && oldShort <= blanksAtEnd) return undefined;
  const created = hunk.oldCount === 0 && hunk.oldSeen === 0;
  if (created) return newShort >= 2 ? hunk : undefined;
  if (oldShort <= 0 || newShort <= 0) return undefined;
  // git gives a change as many context lines after it as before (fewer only at the file's end):
  // a hunk whose lines after its last change are as many as before its first is whole, its
  // header over-counted (or one that changes nothing, which a cut leaves).
  const { lead, trail } = contextAround(hunk.body);
  return lead === hunk.body.length || trail < lead ? hunk : undefined;
}

/**
 * The last hunk of a git diff whose closing fence comes before the hunk holds the lines its
 * header counts, when the lines still missing must include removed or added ones: a diff cut off
 * mid-hunk and fenced anyway (an agent's patch quoted in a write-up, a ```diff fence closed after
 * a stopped reply). Written, its removals went in without the lines meant to replace them
 * (pytest's `elif` chain deleted, the new `elif` left without its body, reported exact). Narrower
 * than `cutShort`: a closed fence is no sign of a cut, and a model that copies git's `index` line
 * may count after-context it left out; context counts on both sides alike, so only a shortfall
 * that differs between the sides says a change is missing. A new file's hunk, whose count a model
 * guesses, is left to its lines.
 */
function cutShortBeforeFence<H extends CountedHunk>(file: CountedFile<H>, blanksAtEnd: number): H | undefined {
  const hunk = cutShort(file, blanksAtEnd);
  if (hunk?.oldCount === undefined || hunk.newCount === undefined || hunk.oldCount === 0) return undefined;
  return hunk.oldCount - hunk.oldSeen !== hunk.newCount - hunk.newSeen ? hunk : undefined;
}

/**
 * The last hunk of a diff a model wrote itself (no git `index` line), when the reply ends in it
 * (bare, or in a fence nothing but blank lines follows) and it was cut off mid-change: Penlight's
 * `relpath` hunk, counting 7 old and 11 new lines, stopped after `+    if res == '' then` and
 * was written, an `if` with no `end` and the function's `return` gone. A model's counts are
 * loose, so each of these is asked, and together they say lines of the change are missing, not
 * that the header is off:
 * - both sides fall short, by different amounts: after-context counted and not written leaves
 *   them short alike (the hunk whole), and a header written from memory is as often over on a
 *   side as short; a difference the missing context cannot make is missing `-` or `+` lines;
 * - the hunk has context before its change and stops on a changed line, with no blank line
 *   after it: a model quotes context on both sides of a change it finished (a hunk that ends on
 *   context is whole up to there however its header counts), and blank lines there may be its
 *   after-context with the spaces trimmed;
 * - the diff stops where the reply does (`cutOffHunk`): a reply that goes on after it was not cut
 *   off there.
 * A new file's hunk counts one side, which a model guesses: left to its lines. This refuses what
 * git apply and patch refuse too ("corrupt patch"); it never refuses a hunk whose counts are met.
 */
function cutShortByHand<H extends CountedHunk>(file: CountedFile<H>, blanksAtEnd: number): H | undefined {
  const hunk = file.hunks[file.hunks.length - 1];
  if (hunk === undefined || hunk.oldCount === undefined || hunk.newCount === undefined || hunk.atEndOfFile || hunk.oldCount === 0) return undefined;
  const [oldShort, newShort] = [hunk.oldCount - hunk.oldSeen, hunk.newCount - hunk.newSeen];
  if (oldShort <= 0 || newShort <= 0 || oldShort === newShort || blanksAtEnd > 0) return undefined;
  const { lead, trail } = contextAround(hunk.body);
  return lead > 0 && lead < hunk.body.length && trail === 0 ? hunk : undefined;
}
