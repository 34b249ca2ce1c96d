/**
 * The unified diff the CLI prints, built so that its cost stays linear in the changes of a big reply.
 */
import { createTwoFilesPatch, diffArrays, formatPatch, type StructuredPatchHunk } from 'diff';
import type { FileChange } from '../core/index';

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
  return changes
    .map((change) => {
      const from = change.action === 'create' ? '/dev/null' : `a/${change.path}`;
      const to = change.action === 'delete' ? '/dev/null' : `b/${change.to ?? change.path}`;
      return patchOf(from, to, change.originalText ?? '', change.newText ?? '');
    })
    .join('');
}

/**
 * The unified diff of one file: jsdiff's own when the changed region is small (every ordinary
 * reply), otherwise one built region by region between lines that occur once in both texts
 * (patience diff), each region diffed by jsdiff, hunks assembled as jsdiff assembles them.
 */
function patchOf(from: string, to: string, oldText: string, newText: string): string {
  const oldLines = lineTokens(oldText);
  const newLines = lineTokens(newText);
  let head = 0;
  while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head++;
  let tail = 0;
  while (tail < oldLines.length - head && tail < newLines.length - head && oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]) tail++;
  if (oldLines.length + newLines.length - 2 * (head + tail) <= WHOLE_DIFF_LIMIT) {
    return createTwoFilesPatch(from, to, oldText, newText, '', '', { context: CONTEXT }).replace(/^=+\n/, '');
  }
  const parts = new Parts();
  parts.equal(oldLines.slice(0, head));
  diffBySync(oldLines, head, oldLines.length - tail, newLines, head, newLines.length - tail, parts);
  parts.equal(oldLines.slice(oldLines.length - tail));
  return formatPatch({ oldFileName: from, newFileName: to, oldHeader: '', newHeader: '', hunks: hunksOf(parts.list) }).replace(/^=+\n/, '');
}

/** A text's lines with their endings, as jsdiff's line diff reads it. */
function lineTokens(text: string): string[] {
  const tokens = text.split('\n').map((line) => line + '\n');
  const last = tokens.pop()!;
  if (last !== '\n') tokens.push(last.slice(0, -1));
  return tokens;
}

/** A run of lines the two texts share (`kind` 0), or removed (1) or added (2). */
interface Part {
  kind: 0 | 1 | 2;
  lines: string[];
}

/** The parts of a diff in order, runs of one kind merged; a change's removed lines before its added ones. */
class Parts {
  readonly list: Part[] = [];

  equal(lines: readonly string[]): void {
    this.add(0, lines);
  }

  change(removed: readonly string[], added: readonly string[]): void {
    this.add(1, removed);
    this.add(2, added);
  }

  private add(kind: 0 | 1 | 2, lines: readonly string[]): void {
    if (lines.length === 0) return;
    const last = this.list[this.list.length - 1];
    if (last && last.kind === kind) last.lines.push(...lines);
    else if (kind === 1 && last?.kind === 2) {
      // Removed lines next to added ones of the same change go first.
      const previous = this.list[this.list.length - 2];
      if (previous?.kind === 1) previous.lines.push(...lines);
      else this.list.splice(this.list.length - 1, 0, { kind, lines: [...lines] });
    } else this.list.push({ kind, lines: [...lines] });
  }
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
    parts.equal(a.slice(start, i));
    if (i === a1 || j === b1) break;
    let synced = false;
    for (let reach = 1; reach <= SYNC_REACH && !synced; reach++) {
      for (let skipA = 0; skipA <= reach && !synced; skipA++) {
        const skipB = reach - skipA;
        if (i + skipA > a1 || j + skipB > b1 || !agree(i + skipA, j + skipB)) continue;
        parts.change(a.slice(i, i + skipA), b.slice(j, j + skipB));
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
  parts.change(a.slice(i, a1), b.slice(j, b1));
}

/** Diffs lines [a0, a1) of `a` against [b0, b1) of `b` into `parts`. */
function diffRegion(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number, parts: Parts): void {
  let head = 0;
  while (a0 + head < a1 && b0 + head < b1 && a[a0 + head] === b[b0 + head]) head++;
  parts.equal(a.slice(a0, a0 + head));
  a0 += head;
  b0 += head;
  let tail = 0;
  while (a1 - tail > a0 && b1 - tail > b0 && a[a1 - 1 - tail] === b[b1 - 1 - tail]) tail++;
  const shared = a.slice(a1 - tail, a1);
  a1 -= tail;
  b1 -= tail;
  if (a0 === a1 || b0 === b1 || (a1 - a0 === 1 && b1 - b0 === 1)) parts.change(a.slice(a0, a1), b.slice(b0, b1));
  else if (a1 - a0 + (b1 - b0) <= GAP_DIFF_LIMIT) {
    for (const change of diffArrays(a.slice(a0, a1), b.slice(b0, b1))) {
      if (change.added) parts.change([], change.value);
      else if (change.removed) parts.change(change.value, []);
      else parts.equal(change.value);
    }
  } else {
    const anchors = uniqueAnchors(a, a0, a1, b, b0, b1);
    if (anchors.length === 0) parts.change(a.slice(a0, a1), b.slice(b0, b1));
    for (const [i, j] of anchors) {
      diffRegion(a, a0, i, b, b0, j, parts);
      parts.equal([a[i]]);
      a0 = i + 1;
      b0 = j + 1;
    }
    if (anchors.length > 0) diffRegion(a, a0, a1, b, b0, b1, parts);
  }
  parts.equal(shared);
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
 * computed here.
 */
function hunksOf(parts: readonly Part[]): StructuredPatchHunk[] {
  const list = [...parts, { kind: 0 as const, lines: [] }];
  const hunks: StructuredPatchHunk[] = [];
  let oldRangeStart = 0;
  let newRangeStart = 0;
  let range: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (let i = 0; i < list.length; i++) {
    const { kind, lines } = list[i];
    if (kind !== 0) {
      if (!oldRangeStart) {
        const previous = list[i - 1];
        oldRangeStart = oldLine;
        newRangeStart = newLine;
        if (previous) {
          range = previous.lines.slice(-CONTEXT).map((line) => ' ' + line);
          oldRangeStart -= range.length;
          newRangeStart -= range.length;
        }
      }
      for (const line of lines) range.push((kind === 2 ? '+' : '-') + line);
      if (kind === 2) newLine += lines.length;
      else oldLine += lines.length;
    } else {
      if (oldRangeStart) {
        if (lines.length <= CONTEXT * 2 && i < list.length - 2) {
          for (const line of lines) range.push(' ' + line);
        } else {
          const contextSize = Math.min(lines.length, CONTEXT);
          for (const line of lines.slice(0, contextSize)) range.push(' ' + line);
          hunks.push({ oldStart: oldRangeStart, oldLines: oldLine - oldRangeStart + contextSize, newStart: newRangeStart, newLines: newLine - newRangeStart + contextSize, lines: range });
          oldRangeStart = 0;
          newRangeStart = 0;
          range = [];
        }
      }
      oldLine += lines.length;
      newLine += lines.length;
    }
  }
  for (const hunk of hunks) {
    for (let i = 0; i < hunk.lines.length; i++) {
      if (hunk.lines[i].endsWith('\n')) hunk.lines[i] = hunk.lines[i].slice(0, -1);
      else hunk.lines.splice(++i, 0, '\\ No newline at end of file');
    }
  }
  return hunks;
}
