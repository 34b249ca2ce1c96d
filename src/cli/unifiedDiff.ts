/**
 * The unified diff the CLI prints, built so that its cost stays linear in the changes of a big reply.
 */
import { createTwoFilesPatch, formatPatch, type StructuredPatchHunk } from 'diff';
import { crBreaksAsLf, hasOnlyCrBreaks, type FileChange } from '../core/index';

/** Lines of context around each change, as `git diff` prints them. */
const CONTEXT = 3;
/**
 * Changed regions (lines between the common head and tail of the two texts, both sides) up to
 * this size are diffed by jsdiff as a whole. Myers' algorithm costs (lines × differences): a
 * reply of 30,000 blocks spread over a 200,000-line file did not finish in ten minutes.
 */
const WHOLE_DIFF_LIMIT = 4000;
/** Gaps between anchors up to this size (both sides) are diffed by jsdiff; larger ones without anchors are shown replaced. */
const GAP_DIFF_LIMIT = 2000;

/** The proposed changes as a unified diff, file by file. */
export function unifiedDiff(changes: readonly FileChange[]): string {
  return [...unifiedDiffChunks(changes)].join('');
}

/**
 * The same diff in pieces of whole lines, each of at most about `CHUNK_CHARS` (or one file's
 * small diff), for writing as it is made: a diff of 200,000 lines is never held whole.
 */
export function* unifiedDiffChunks(changes: readonly FileChange[]): Generator<string> {
  for (const change of changes) {
    const from = change.action === 'create' ? '/dev/null' : `a/${change.path}`;
    const to = change.action === 'delete' ? '/dev/null' : `b/${change.to ?? change.path}`;
    if (change.executable !== undefined) {
      // git's mode lines: the change may be the mode alone, with no text to show.
      const mode = (executable: boolean) => (executable ? '100755' : '100644');
      const lines = change.action === 'create' ? `new file mode ${mode(change.executable)}\n` : `old mode ${mode(!change.executable)}\nnew mode ${mode(change.executable)}\n`;
      yield `diff --git a/${change.path} b/${change.to ?? change.path}\n${lines}`;
      if (change.action !== 'create' && change.originalText === change.newText) continue;
    }
    yield* patchChunks(from, to, ...shownByLines(change.originalText ?? '', change.newText ?? ''));
  }
}

/**
 * The two texts as the diff shows them: a file whose line breaks are lone CRs (written back so,
 * see crLineBreaks.ts) is shown line by line, as an editor shows it; split at LFs alone it would
 * print as one line holding the whole file.
 */
function shownByLines(oldText: string, newText: string): [string, string] {
  const crOnly = (text: string) => text === '' || hasOnlyCrBreaks(text);
  return crOnly(oldText) && crOnly(newText) && (oldText !== '' || newText !== '') ? [crBreaksAsLf(oldText), crBreaksAsLf(newText)] : [oldText, newText];
}

/** About how many characters of a big diff are written at a time. */
const CHUNK_CHARS = 1 << 16;

/**
 * The unified diff of one file: jsdiff's own when the changed region is small (every ordinary
 * reply), otherwise one built region by region between lines that occur once in both texts
 * (patience diff), each region diffed by jsdiff, hunks assembled and printed as jsdiff does.
 */
function* patchChunks(from: string, to: string, oldText: string, newText: string): Generator<string> {
  const oldLines = linesOf(oldText);
  const newLines = linesOf(newText);
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head++;
  let tail = 0;
  while (tail < oldLines.length - head && tail < newLines.length - head && oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]) tail++;
  if (oldLines.length + newLines.length - 2 * (head + tail) <= WHOLE_DIFF_LIMIT) {
    yield createTwoFilesPatch(from, to, oldText, newText, '', '', { context: CONTEXT }).replace(/^=+\n/, '');
    return;
  }
  const parts = new Parts();
  parts.equal(0, head);
  diffBySync(oldLines, head, oldLines.length - tail, newLines, head, newLines.length - tail, parts);
  parts.equal(oldLines.length - tail, oldLines.length);
  // jsdiff's own file header (its quoting of odd names), without the underline it puts above it.
  let chunk = formatPatch({ oldFileName: from, newFileName: to, oldHeader: '', newHeader: '', hunks: [] }).replace(/^=+\n/, '');
  for (const hunk of hunksOf(parts.list, oldLines, newLines)) {
    chunk += hunkText(hunk);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** A hunk as jsdiff's `formatPatch` prints it (a side with no lines numbered from the line before). */
function hunkText(hunk: StructuredPatchHunk): string {
  const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
  const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
  return `@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@\n${hunk.lines.join('\n')}\n`;
}

/**
 * A text's lines without their endings, split once. A last line without an ending keeps a "\n"
 * of its own, so that, as in jsdiff's line tokens, it never equals the same line with an ending
 * (no line split at "\n" holds one otherwise); the hunks print it with jsdiff's marker.
 */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  const last = lines.pop()!;
  if (last !== '') lines.push(last + '\n');
  return lines;
}

/**
 * A run of lines the two texts share (`kind` 0) or removed (1), as lines [from, to) of the old
 * text, or added (2), lines [from, to) of the new one. Ranges rather than copies of the lines: a
 * reply of 30,000 blocks on a 200,000-line file would otherwise copy the file's lines twice over.
 */
interface Part {
  readonly kind: 0 | 1 | 2;
  readonly from: number;
  to: number;
}

/** The parts of a diff in order, runs of one kind merged; a change's removed lines before its added ones. */
class Parts {
  readonly list: Part[] = [];

  equal(from: number, to: number): void {
    this.add(0, from, to);
  }

  change(removedFrom: number, removedTo: number, addedFrom: number, addedTo: number): void {
    this.add(1, removedFrom, removedTo);
    this.add(2, addedFrom, addedTo);
  }

  private add(kind: 0 | 1 | 2, from: number, to: number): void {
    if (from === to) return;
    const last = this.list[this.list.length - 1];
    if (last && last.kind === kind) extend(last, from, to);
    else if (kind === 1 && last?.kind === 2) {
      // Removed lines next to added ones of the same change go first.
      const previous = this.list[this.list.length - 2];
      if (previous?.kind === 1) extend(previous, from, to);
      else this.list.splice(this.list.length - 1, 0, { kind, from, to });
    } else this.list.push({ kind, from, to });
  }
}

/** Merges lines [from, to) into `part`; the walks give each text's lines in order, so they follow it. */
function extend(part: Part, from: number, to: number): void {
  if (part.to !== from) throw new Error(`diff parts out of order: lines ${from}-${to} after ${part.from}-${part.to}`);
  part.to = to;
}

/** How far (lines skipped on both sides together) `diffBySync` looks for the texts to agree again. */
const SYNC_REACH = 64;
/** How many equal lines in a row count as the texts agreeing again. */
const SYNC_RUN = 3;

/**
 * Diffs lines [a0, a1) of `a` against [b0, b1) of `b` into `parts`, walking both: equal lines
 * are kept, and at a difference the nearest place where both agree again for `SYNC_RUN` lines
 * (fewest lines skipped first) ends the change. Linear in the texts when the changes are small
 * and scattered (a reply of many edits); where no agreement is near, a stretch of both is left
 * to `diffRegion`.
 */
function diffBySync(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number, parts: Parts): void {
  let i = a0;
  let j = b0;
  const agree = (p: number, q: number) => {
    for (let k = 0; k < SYNC_RUN; k++) {
      if (p + k === a1 && q + k === b1) return true;
      if (p + k >= a1 || q + k >= b1 || a[p + k] !== b[q + k]) return false;
    }
    return true;
  };
  while (i < a1 && j < b1) {
    const start = i;
    while (i < a1 && j < b1 && a[i] === b[j]) {
      i++;
      j++;
    }
    parts.equal(start, i);
    if (i === a1 || j === b1) break;
    let synced = false;
    for (let reach = 1; reach <= SYNC_REACH && !synced; reach++) {
      for (let skipA = 0; skipA <= reach && !synced; skipA++) {
        const skipB = reach - skipA;
        if (i + skipA > a1 || j + skipB > b1 || !agree(i + skipA, j + skipB)) continue;
        parts.change(i, i + skipA, j, j + skipB);
        i += skipA;
        j += skipB;
        synced = true;
      }
    }
    if (!synced) {
      // Nothing agrees near: a stretch of both is diffed as it is, and the walk goes on after it.
      const endA = Math.min(a1, i + 4 * SYNC_REACH);
      const endB = Math.min(b1, j + 4 * SYNC_REACH);
      diffRegion(a, i, endA, b, j, endB, parts);
      i = endA;
      j = endB;
    }
  }
  parts.change(i, a1, j, b1);
}

/** Diffs lines [a0, a1) of `a` against [b0, b1) of `b` into `parts`. */
function diffRegion(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number, parts: Parts): void {
  let head = 0;
  while (a0 + head < a1 && b0 + head < b1 && a[a0 + head] === b[b0 + head]) head++;
  parts.equal(a0, a0 + head);
  a0 += head;
  b0 += head;
  let tail = 0;
  while (a1 - tail > a0 && b1 - tail > b0 && a[a1 - 1 - tail] === b[b1 - 1 - tail]) tail++;
  const sharedEnd = a1;
  a1 -= tail;
  b1 -= tail;
  if (a0 === a1 || b0 === b1 || (a1 - a0 === 1 && b1 - b0 === 1)) parts.change(a0, a1, b0, b1);
  else if (a1 - a0 + (b1 - b0) <= GAP_DIFF_LIMIT) {
    let i = a0;
    let j = b0;
    for (const { kind, count } of myersRuns(a, a0, a1, b, b0, b1)) {
      if (kind === 2) parts.change(i, i, j, (j += count));
      else if (kind === 1) parts.change(i, (i += count), j, j);
      else {
        parts.equal(i, (i += count));
        j += count;
      }
    }
  } else {
    const anchors = uniqueAnchors(a, a0, a1, b, b0, b1);
    if (anchors.length === 0) parts.change(a0, a1, b0, b1);
    for (const [i, j] of anchors) {
      diffRegion(a, a0, i, b, b0, j, parts);
      parts.equal(i, i + 1);
      a0 = i + 1;
      b0 = j + 1;
    }
    if (anchors.length > 0) diffRegion(a, a0, a1, b, b0, b1, parts);
  }
  parts.equal(a1, sharedEnd);
}

/** A run of jsdiff's answer: `count` lines kept (`kind` 0), removed (1) or added (2). */
interface Run {
  readonly kind: 0 | 1 | 2;
  readonly count: number;
  /** The run before it on the same path (runs are shared between paths, never changed). */
  readonly previous: Run | undefined;
}

/** One furthest-reaching path of the search: how far it got in the old lines, and its last run. */
interface SearchPath {
  oldPos: number;
  last: Run | undefined;
}

/**
 * The runs of jsdiff's `diffArrays(a.slice(a0, a1), b.slice(b0, b1))`, in order: its own Myers
 * search (diff 9's `Diff.diffWithOptionsObj`, `addToPath` and `extractCommon`, with no options),
 * step for step, so that every tie is broken as jsdiff breaks it and the runs are the same (the
 * unit test compares the two on thousands of texts). Written out here because the library's
 * search keeps its paths by diagonal in an array indexed from minus the number of lines, which V8
 * holds as a dictionary, and reads the clock every round: on the stretches of a big reply where
 * every other line was edited, that was a third of the diff's time.
 */
export function myersRuns(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number): Run[] {
  const oldLen = a1 - a0;
  const newLen = b1 - b0;
  const maxEditLength = oldLen + newLen;
  // bestPath[diagonal + offset]: diagonals run from -(maxEditLength + 1) to maxEditLength + 1.
  const offset = maxEditLength + 1;
  const bestPath: (SearchPath | undefined)[] = new Array(2 * offset + 1).fill(undefined);
  /** `extractCommon`: follows the diagonal while the lines agree, as one kept run; returns the new position. */
  const extractCommon = (path: SearchPath, diagonal: number): number => {
    let oldPos = path.oldPos;
    let newPos = oldPos - diagonal;
    let commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && a[a0 + oldPos + 1] === b[b0 + newPos + 1]) {
      newPos++;
      oldPos++;
      commonCount++;
    }
    if (commonCount) path.last = { kind: 0, count: commonCount, previous: path.last };
    path.oldPos = oldPos;
    return newPos;
  };
  /** `addToPath`: the path one line further, a removal (1) or an addition (2) joined to a last run of its kind. */
  const addToPath = (path: SearchPath, kind: 1 | 2, oldPosInc: number): SearchPath => {
    const last = path.last;
    if (last && last.kind === kind) return { oldPos: path.oldPos + oldPosInc, last: { kind, count: last.count + 1, previous: last.previous } };
    return { oldPos: path.oldPos + oldPosInc, last: { kind, count: 1, previous: last } };
  };
  const first: SearchPath = { oldPos: -1, last: undefined };
  bestPath[offset] = first;
  let newPos = extractCommon(first, 0);
  if (first.oldPos + 1 >= oldLen && newPos + 1 >= newLen) return runsOf(first.last);
  let minDiagonalToConsider = -Infinity;
  let maxDiagonalToConsider = Infinity;
  for (let editLength = 1; editLength <= maxEditLength; editLength++) {
    for (let diagonal = Math.max(minDiagonalToConsider, -editLength); diagonal <= Math.min(maxDiagonalToConsider, editLength); diagonal += 2) {
      const removePath = bestPath[offset + diagonal - 1];
      const addPath = bestPath[offset + diagonal + 1];
      if (removePath) bestPath[offset + diagonal - 1] = undefined;
      let canAdd = false;
      if (addPath) {
        const addPathNewPos = addPath.oldPos - diagonal;
        canAdd = 0 <= addPathNewPos && addPathNewPos < newLen;
      }
      const canRemove = removePath !== undefined && removePath.oldPos + 1 < oldLen;
      if (!canAdd && !canRemove) {
        bestPath[offset + diagonal] = undefined;
        continue;
      }
      const basePath = !canRemove || (canAdd && removePath.oldPos < addPath!.oldPos) ? addToPath(addPath!, 2, 0) : addToPath(removePath, 1, 1);
      newPos = extractCommon(basePath, diagonal);
      if (basePath.oldPos + 1 >= oldLen && newPos + 1 >= newLen) return runsOf(basePath.last);
      bestPath[offset + diagonal] = basePath;
      if (basePath.oldPos + 1 >= oldLen) maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonal - 1);
      if (newPos + 1 >= newLen) minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonal + 1);
    }
  }
  // Unreachable: every pair of texts is at most (old lines + new lines) edits apart.
  throw new Error('diff search ended without reaching the end of both texts');
}

/** A path's runs, first to last. */
function runsOf(last: Run | undefined): Run[] {
  const runs: Run[] = [];
  for (let run = last; run; run = run.previous) runs.push(run);
  return runs.reverse();
}

/**
 * Pairs (i, j) of lines that occur exactly once in `a[a0..a1)` and once in `b[b0..b1)`, equal,
 * the longest chain of them increasing in both (patience diff's anchors).
 */
function uniqueAnchors(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number): [number, number][] {
  const seen = new Map<string, { inA: number; inB: number; at: number }>();
  for (let i = a0; i < a1; i++) {
    const entry = seen.get(a[i]);
    if (entry) entry.inA++;
    else seen.set(a[i], { inA: 1, inB: 0, at: i });
  }
  const pairs: [number, number][] = [];
  for (let j = b0; j < b1; j++) {
    const entry = seen.get(b[j]);
    if (entry) entry.inB++;
  }
  for (let j = b0; j < b1; j++) {
    const entry = seen.get(b[j]);
    if (entry && entry.inA === 1 && entry.inB === 1) pairs.push([entry.at, j]);
  }
  // Longest chain increasing in i (pairs come increasing in j): patience sorting.
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length);
  for (let k = 0; k < pairs.length; k++) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]][0] < pairs[k][0]) low = mid + 1;
      else high = mid;
    }
    previous[k] = low > 0 ? tails[low - 1] : -1;
    tails[low] = k;
  }
  const chain: [number, number][] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1] : -1; k !== -1; k = previous[k]) chain.push(pairs[k]);
  return chain.reverse();
}

/**
 * Hunks with `CONTEXT` lines around each change, changes closer than twice that joined, and the
 * marker for a last line without a newline: jsdiff's own assembly (`structuredPatch`), on parts
 * computed here (removed and equal lines read from `a`, added ones from `b`), each as it closes.
 */
function* hunksOf(parts: readonly Part[], a: readonly string[], b: readonly string[]): Generator<StructuredPatchHunk> {
  const list: readonly Part[] = [...parts, { kind: 0, from: 0, to: 0 }];
  let oldRangeStart = 0;
  let newRangeStart = 0;
  let range: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  const push = (prefix: string, line: string) => {
    if (line.endsWith('\n')) range.push(prefix + line.slice(0, -1), '\\ No newline at end of file');
    else range.push(prefix + line);
  };
  for (let i = 0; i < list.length; i++) {
    const { kind, from, to } = list[i];
    const count = to - from;
    if (kind !== 0) {
      if (!oldRangeStart) {
        const previous = list[i - 1];
        oldRangeStart = oldLine;
        newRangeStart = newLine;
        if (previous) {
          const context = Math.min(CONTEXT, previous.to - previous.from);
          for (let k = previous.to - context; k < previous.to; k++) push(' ', a[k]);
          oldRangeStart -= context;
          newRangeStart -= context;
        }
      }
      const lines = kind === 2 ? b : a;
      for (let k = from; k < to; k++) push(kind === 2 ? '+' : '-', lines[k]);
      if (kind === 2) newLine += count;
      else oldLine += count;
    } else {
      if (oldRangeStart) {
        if (count <= CONTEXT * 2 && i < list.length - 2) {
          for (let k = from; k < to; k++) push(' ', a[k]);
        } else {
          const context = Math.min(count, CONTEXT);
          for (let k = from; k < from + context; k++) push(' ', a[k]);
          yield { oldStart: oldRangeStart, oldLines: oldLine - oldRangeStart + context, newStart: newRangeStart, newLines: newLine - newRangeStart + context, lines: range };
          oldRangeStart = 0;
          newRangeStart = 0;
          range = [];
        }
      }
      oldLine += count;
      newLine += count;
    }
  }
}
