import { diffArrays } from 'diff';

/** One change of a side against the base: base lines `[start, end)` become `lines`. */
interface Hunk {
  readonly start: number;
  readonly end: number;
  readonly lines: readonly string[];
}

/** Splits text into lines that keep their own terminators, so joining them gives every byte back. */
export function splitLinesKeepEnds(text: string): string[] {
  const lines: string[] = [];
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    lines.push(text.slice(start, end));
    start = end;
  }
  return lines;
}

function hunksAgainst(base: string[], side: string[]): Hunk[] {
  const hunks: Hunk[] = [];
  let index = 0;
  let open: { start: number; end: number; lines: string[] } | undefined;
  for (const change of diffArrays(base, side)) {
    const count = change.value.length;
    if (!change.added && !change.removed) {
      if (open) hunks.push(open);
      open = undefined;
      index += count;
      continue;
    }
    open ??= { start: index, end: index, lines: [] };
    if (change.removed) {
      index += count;
      open.end = index;
    } else open.lines.push(...change.value);
  }
  if (open) hunks.push(open);
  return hunks;
}

function sameHunk(a: Hunk, b: Hunk): boolean {
  return a.start === b.start && a.end === b.end && a.lines.length === b.lines.length && a.lines.every((l, i) => l === b.lines[i]);
}

/** Two changes collide when they share base lines, start at the same place, or one inserts inside the other. */
function collide(a: Hunk, b: Hunk): boolean {
  if (a.start === b.start) return true;
  if (Math.max(a.start, b.start) < Math.min(a.end, b.end)) return true;
  const insideOf = (insertion: Hunk, other: Hunk) => insertion.start === insertion.end && other.start < insertion.start && insertion.start < other.end;
  return insideOf(a, b) || insideOf(b, a);
}

/**
 * Line-based three-way merge, used when a file changed between proposal and accept.
 * `base` is the text the plan was made from, `ours` the file now (the user's newer edit),
 * `theirs` the proposed text (the AI edit, hand edits in the review included).
 *
 * Returns the text with both sides' changes, or `undefined` when a change of one side touches
 * lines the other side changed: then the user's edit would be overwritten, and the caller must
 * refuse with `OUT_OF_DATE` instead. Identical changes made on both sides count once. Line
 * terminators are kept as each side wrote them, so untouched lines keep their bytes.
 */
export function mergeThreeWay(base: string, ours: string, theirs: string): string | undefined {
  if (ours === base) return theirs;
  if (theirs === base || theirs === ours) return ours;
  const baseLines = splitLinesKeepEnds(base);
  const oursHunks = hunksAgainst(baseLines, splitLinesKeepEnds(ours));
  const theirsHunks = hunksAgainst(baseLines, splitLinesKeepEnds(theirs));
  const merged: Hunk[] = [...oursHunks];
  for (const hunk of theirsHunks) {
    const twin = oursHunks.find((o) => sameHunk(o, hunk));
    if (twin) continue;
    if (oursHunks.some((o) => collide(o, hunk))) return undefined;
    merged.push(hunk);
  }
  // Within one side hunks never collide; across sides we just proved they don't. An insertion
  // right after another hunk's end sorts after it (start ties are collisions, so none remain).
  merged.sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[] = [];
  let index = 0;
  for (const hunk of merged) {
    for (; index < hunk.start; index++) out.push(baseLines[index]);
    out.push(...hunk.lines);
    index = hunk.end;
  }
  for (; index < baseLines.length; index++) out.push(baseLines[index]);
  return out.join('');
}
