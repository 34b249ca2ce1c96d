import { diffArrays } from 'diff';
import type { Needle } from '../locate/matcher';

/**
 * How the reply's replacement relates to its search text, line by line, in replacement order:
 * - `keep`: needle line `n` is written again as replacement line `r` (context the reply quotes);
 * - `change`: needle lines `[nFrom, nTo)` are replaced by replacement lines `[rFrom, rTo)`
 *   (either side may be empty: an insertion, a deletion);
 * - `elision`: replacement lines `[rFrom, rTo)` hold one elision marker (at `marker`) that stands
 *   for some of the needle lines `[nFrom, nTo)`; which ones is decided later (see `coverage`).
 */
export type Step =
  | { readonly kind: 'keep'; readonly n: number; readonly r: number }
  | { readonly kind: 'change'; readonly nFrom: number; readonly nTo: number; readonly rFrom: number; readonly rTo: number }
  | { readonly kind: 'elision'; readonly nFrom: number; readonly nTo: number; readonly rFrom: number; readonly rTo: number; readonly marker: number };

/** The steps, or why the replacement's elisions cannot be read. */
export type Steps = { readonly ok: true; readonly steps: Step[] } | { readonly ok: false; readonly message: string };

/**
 * Aligns the replacement with the search text and groups every elision marker of the replacement
 * with what lies between its neighbours: the nearest lines before and after it that the
 * replacement shares with the search text and that are not blank. So a marker stands for the
 * search lines between the places its neighbours hold there, wherever a marker of the search text
 * sits (markers on both sides pair by their neighbours, not by position), and a blank line next
 * to a marker never splits what it stands for. Two markers between the same two neighbours cannot
 * be told apart: refused.
 *
 * Without markers the alignment is jsdiff's line diff. With them it is `alignAroundMarkers`: a
 * plain diff may match a line written after a marker with an equal line the marker was meant to
 * stand for (a new block ending in `return;` and `}`, like the code it follows), leaving the
 * marker standing for nothing.
 */
export function alignSteps(needle: Needle, replacement: readonly string[], replacementElisions: ReadonlySet<number>, lineKinds?: string): Steps {
  if (replacementElisions.size === 0) return { ok: true, steps: lineSteps(needle, replacement, lineKinds) };
  const steps = alignAroundMarkers(needle, replacement, replacementElisions) ?? diffSteps(needle, replacement, replacementElisions);
  return groupElisions(steps, needle, replacement, replacementElisions);
}

/**
 * Keep and change steps of a replacement without elision markers: from the hunk's own line
 * structure when it describes these lines (see `ReplaceOp.lineKinds`), else from jsdiff's line
 * diff (a marker of the search text equal to no line).
 */
export function lineSteps(needle: Needle, replacement: readonly string[], lineKinds?: string): Step[] {
  return (lineKinds !== undefined ? kindSteps(lineKinds, needle, replacement) : undefined) ?? diffSteps(needle, replacement, new Set());
}

/**
 * True when a hunk's line kinds (see `ReplaceOp.lineKinds`) describe these search and replacement
 * lines: as many search lines as context and removed kinds, as many replacement lines as context
 * and added ones (not so once blank edges were trimmed, say).
 */
export function kindsDescribe(lineKinds: string, needle: Needle, replacement: readonly string[]): boolean {
  let searchCount = 0;
  let replacementCount = 0;
  for (const kind of lineKinds) {
    if (kind !== '+') searchCount++;
    if (kind !== '-') replacementCount++;
  }
  return searchCount === needle.lines.length && replacementCount === replacement.length;
}

/**
 * Keep and change steps from a hunk's own line structure (see `ReplaceOp.lineKinds`); undefined
 * when it does not describe these lines (the blank edges were trimmed since, say).
 */
function kindSteps(lineKinds: string, needle: Needle, replacement: readonly string[]): Step[] | undefined {
  if (!kindsDescribe(lineKinds, needle, replacement)) return undefined;
  const steps: Step[] = [];
  let n = 0;
  let r = 0;
  let k = 0;
  while (k < lineKinds.length) {
    if (lineKinds[k] === ' ') {
      steps.push({ kind: 'keep', n: n++, r: r++ });
      k++;
      continue;
    }
    const nFrom = n;
    const rFrom = r;
    for (; k < lineKinds.length && lineKinds[k] !== ' '; k++) {
      if (lineKinds[k] === '-') n++;
      else r++;
    }
    steps.push({ kind: 'change', nFrom, nTo: n, rFrom, rTo: r });
  }
  return steps;
}

/**
 * Keep and change steps from jsdiff's line diff; markers on either side equal no line.
 *
 * The lines both sides start with are kept without asking jsdiff: its Myers walk follows that
 * common run before anything else, and every later choice it makes is the same when the walk
 * starts after it, so the steps are the ones jsdiff gives for the whole lists. Past that run, a
 * side with no lines left, or one line left on each side, has a single way to be told apart (a
 * line changed is removed, then added, as jsdiff orders it), and so has one line changed among
 * lines that are alike (see below). Most edits of a big reply are of these kinds, and jsdiff's
 * own set-up costs more than their alignment.
 */
function diffSteps(needle: Needle, replacement: readonly string[], replacementElisions: ReadonlySet<number>): Step[] {
  const left = needle.lines.map((line, i) => (needle.elisions.has(i) ? `\u0000search elision ${i}` : line));
  const right = replacement.map((line, i) => (replacementElisions.has(i) ? `\u0000replacement elision ${i}` : line));
  const steps: Step[] = [];
  let n = 0;
  let r = 0;
  while (n < left.length && r < right.length && left[n] === right[r]) steps.push({ kind: 'keep', n: n++, r: r++ });
  const leftRest = left.length - n;
  const rightRest = right.length - r;
  if (leftRest === 0 && rightRest === 0) return steps;
  if (leftRest === 0 || rightRest === 0 || (leftRest === 1 && rightRest === 1)) {
    steps.push({ kind: 'change', nFrom: n, nTo: left.length, rFrom: r, rTo: right.length });
    return steps;
  }
  if (leftRest === rightRest && onlyFirstDiffers(left, n, right, r)) {
    // One line changed and the rest alike: with neither version of the line found in the rest,
    // the only shortest alignment removes the one and adds the other there, as jsdiff orders it.
    steps.push({ kind: 'change', nFrom: n, nTo: n + 1, rFrom: r, rTo: r + 1 });
    for (let k = 1; k < leftRest; k++) steps.push({ kind: 'keep', n: n + k, r: r + k });
    return steps;
  }
  const parts = diffArrays(left.slice(n), right.slice(r));
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    const count = part.value.length;
    if (!part.added && !part.removed) {
      for (let k = 0; k < count; k++) steps.push({ kind: 'keep', n: n + k, r: r + k });
      n += count;
      r += count;
    } else if (part.removed) {
      const added = parts[p + 1]?.added ? parts[++p].value.length : 0;
      steps.push({ kind: 'change', nFrom: n, nTo: n + count, rFrom: r, rTo: r + added });
      n += count;
      r += added;
    } else {
      steps.push({ kind: 'change', nFrom: n, nTo: n, rFrom: r, rTo: r + count });
      r += count;
    }
  }
  return steps;
}

/**
 * True when `left[n..]` and `right[r..]` (as long as each other) differ in their first line only,
 * and neither first line occurs in the rest.
 */
function onlyFirstDiffers(left: readonly string[], n: number, right: readonly string[], r: number): boolean {
  for (let k = 1; n + k < left.length; k++) {
    const line = left[n + k];
    if (line !== right[r + k] || line === left[n] || line === right[r]) return false;
  }
  return true;
}

/** Past this many cells (search lines × replacement lines) the marker-aware alignment is skipped. */
const MAX_ALIGNMENT_CELLS = 1_500_000;

/**
 * An alignment in which each replacement marker may stand for any run of search lines: the one
 * in which the most markers sit between two kept lines (the nearest non-blank replacement lines
 * before and after the marker are lines the search text has there, or the text's start and end:
 * the marker then stands for exactly what lies between its neighbours), and among those the one
 * that keeps the most search lines, written again or stood for (a blank line counting less than
 * a line with text). Dynamic programming over the two line lists, jsdiff having no notion of a
 * line that matches a run of lines; undefined past `MAX_ALIGNMENT_CELLS`, where the caller falls
 * back to the plain diff.
 */
function alignAroundMarkers(needle: Needle, replacement: readonly string[], markers: ReadonlySet<number>): Step[] | undefined {
  const n = needle.lines.length;
  const m = replacement.length;
  if ((n + 1) * (m + 1) > MAX_ALIGNMENT_CELLS) return undefined;
  const width = m + 1;
  const cells = (n + 1) * width;
  const NONE = -1 << 28;
  /** A marker between two kept neighbours: worth more than every line together. */
  const ANCHORED = 4 * (n + m + 2);
  const at = (i: number, j: number) => i * width + j;
  const blankN = needle.lines.map((line) => line.trim() === '');
  const blankR = replacement.map((line) => line.trim() === '');
  const equal = (i: number, j: number) => !needle.elisions.has(i) && !markers.has(j) && needle.lines[i] === replacement[j];
  const weight = (i: number) => (blankN[i] ? 1 : 4);
  // For the suffixes needle[i..], replacement[j..]:
  // open / closed: the best score when the last non-blank replacement line before j was added /
  //   kept (or is the start: closed), i.e. whether a marker at j would have a kept left neighbour;
  // firstKept: the best among alignments that keep the first non-blank replacement line from j
  //   (or reach the end), entered right after a marker;
  // standOpen / standClosed: marker j stands for needle[i..i+k), k >= 1, then goes on.
  const open = new Int32Array(cells);
  const closed = new Int32Array(cells);
  const firstKept = new Int32Array(cells);
  const standOpen = new Int32Array(cells).fill(NONE);
  const standClosed = new Int32Array(cells).fill(NONE);
  /** After marker j, from (i, j + 1): its right neighbour kept earns the bonus if its left one was. */
  const afterMarker = (i: number, j: number, leftKept: boolean) => Math.max(open[at(i, j + 1)], leftKept ? firstKept[at(i, j + 1)] + ANCHORED : NONE);
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      for (const leftKept of [false, true]) {
        let score = i === n && j === m ? 0 : NONE;
        const same = leftKept ? closed : open;
        if (i < n && j < m && equal(i, j)) score = Math.max(score, weight(i) + (blankR[j] ? same : closed)[at(i + 1, j + 1)]);
        if (i < n) score = Math.max(score, same[at(i + 1, j)]);
        if (j < m && !markers.has(j)) score = Math.max(score, (blankR[j] ? same : open)[at(i, j + 1)]);
        if (j < m && markers.has(j)) {
          score = Math.max(score, afterMarker(i, j, leftKept));
          if (i < n) {
            const stand = leftKept ? standClosed : standOpen;
            stand[at(i, j)] = weight(i) + Math.max(afterMarker(i + 1, j, leftKept), stand[at(i + 1, j)]);
            score = Math.max(score, stand[at(i, j)]);
          }
        }
        same[at(i, j)] = score;
      }
      let first: number;
      if (j === m) first = closed[at(i, j)];
      else if (markers.has(j)) first = NONE;
      else if (blankR[j]) first = Math.max(i < n && equal(i, j) ? 1 + firstKept[at(i + 1, j + 1)] : NONE, firstKept[at(i, j + 1)], i < n ? firstKept[at(i + 1, j)] : NONE);
      else first = Math.max(i < n && equal(i, j) ? weight(i) + closed[at(i + 1, j + 1)] : NONE, i < n ? firstKept[at(i + 1, j)] : NONE);
      firstKept[at(i, j)] = first;
    }
  }
  // Walk the best path from the start (a marker first in the text has the start as its left
  // neighbour). Keeps become steps, everything between two keeps one change step. After a marker
  // whose score counted the bonus, the walk follows a `firstKept` path to its right neighbour.
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  let changeN = 0;
  let changeR = 0;
  let leftKept = true;
  let toNeighbour = false;
  const keepStep = () => {
    if (i > changeN || j > changeR) steps.push({ kind: 'change', nFrom: changeN, nTo: i, rFrom: changeR, rTo: j });
    steps.push({ kind: 'keep', n: i, r: j });
    if (!blankR[j]) leftKept = true;
    i++;
    j++;
    changeN = i;
    changeR = j;
  };
  /** Leaves marker j for (i, j + 1): toward its right neighbour when that path scored the bonus. */
  const leaveMarker = (markerLeftKept: boolean) => {
    toNeighbour = markerLeftKept && firstKept[at(i, j + 1)] + ANCHORED >= open[at(i, j + 1)];
    j++;
    leftKept = false;
  };
  for (let guard = 0; (i < n || j < m) && guard <= 2 * (n + m) + 2; guard++) {
    if (toNeighbour && j === m) toNeighbour = false;
    if (toNeighbour) {
      const here = firstKept[at(i, j)];
      if (blankR[j]) {
        if (i < n && equal(i, j) && here === 1 + firstKept[at(i + 1, j + 1)]) keepStep();
        else if (here === firstKept[at(i, j + 1)]) j++;
        else i++;
      } else if (i < n && equal(i, j) && here === weight(i) + closed[at(i + 1, j + 1)]) {
        keepStep();
        toNeighbour = false;
      } else i++;
      continue;
    }
    const same = leftKept ? closed : open;
    const here = same[at(i, j)];
    const stand = leftKept ? standClosed : standOpen;
    if (i < n && j < m && equal(i, j) && here === weight(i) + (blankR[j] ? same : closed)[at(i + 1, j + 1)]) {
      keepStep();
    } else if (j < m && markers.has(j) && i < n && here === stand[at(i, j)]) {
      // The marker stands for needle[i..]: as many lines as the best path takes.
      const markerLeftKept = leftKept;
      while (i < n - 1 && stand[at(i, j)] !== weight(i) + afterMarker(i + 1, j, markerLeftKept)) i++;
      i++;
      leaveMarker(markerLeftKept);
    } else if (j < m && markers.has(j) && here === afterMarker(i, j, leftKept)) {
      leaveMarker(leftKept);
    } else if (i < n && here === same[at(i + 1, j)]) {
      i++;
    } else {
      if (!blankR[j]) leftKept = false;
      j++;
    }
  }
  if (i > changeN || j > changeR) steps.push({ kind: 'change', nFrom: changeN, nTo: i, rFrom: changeR, rTo: j });
  return steps;
}

/** Replaces each run of steps between a marker's two neighbours with one `elision` step. */
function groupElisions(steps: Step[], needle: Needle, replacement: readonly string[], markers: ReadonlySet<number>): Steps {
  const isAnchor = (step: Step) => step.kind === 'keep' && replacement[step.r].trim() !== '';
  const out: Step[] = [];
  let i = 0;
  while (i < steps.length) {
    const step = steps[i];
    const marker = step.kind === 'change' ? firstMarker(markers, step.rFrom, step.rTo) : undefined;
    if (marker === undefined) {
      out.push(step);
      i++;
      continue;
    }
    // Widen to the neighbours: back over what `out` holds since the last anchor, on to the next one.
    let start = out.length;
    while (start > 0 && !isAnchor(out[start - 1])) start--;
    let end = i + 1;
    while (end < steps.length && !isAnchor(steps[end])) end++;
    const run = [...out.splice(start), ...steps.slice(i, end)];
    const nFrom = run.reduce((low, s) => Math.min(low, s.kind === 'keep' ? s.n : s.nFrom), needle.lines.length);
    const rFrom = run.reduce((low, s) => Math.min(low, s.kind === 'keep' ? s.r : s.rFrom), replacement.length);
    const nTo = run.reduce((high, s) => Math.max(high, s.kind === 'keep' ? s.n + 1 : s.nTo), nFrom);
    const rTo = run.reduce((high, s) => Math.max(high, s.kind === 'keep' ? s.r + 1 : s.rTo), rFrom);
    let count = 0;
    for (let k = rFrom; k < rTo; k++) if (markers.has(k)) count++;
    if (count > 1) {
      return { ok: false, message: 'the replacement has two elisions ("... existing code ...") with no line of the search text between them, so what each stands for is unknown' };
    }
    // A neighbour whose very line also stands inside the run (a `}` closing each of several
    // blocks) does not say where the elision starts or ends: the reading that keeps more lines
    // and the one that keeps fewer are both possible.
    const neighbours = [start > 0 ? out[start - 1] : undefined, end < steps.length ? steps[end] : undefined].flatMap((anchor) => (anchor?.kind === 'keep' ? [needle.lines[anchor.n]] : []));
    for (let k = nFrom; k < nTo; k++) {
      if (needle.elisions.has(k) || !neighbours.includes(needle.lines[k])) continue;
      return { ok: false, message: `the line next to an elision ("... existing code ..."), "${needle.lines[k].trim().slice(0, 60)}", stands more than once in the search text around it, so where the elision ends is unknown` };
    }
    out.push({ kind: 'elision', nFrom, nTo, rFrom, rTo, marker });
    i = end;
  }
  return { ok: true, steps: out };
}

function firstMarker(markers: ReadonlySet<number>, from: number, to: number): number | undefined {
  for (let k = from; k < to; k++) if (markers.has(k)) return k;
  return undefined;
}
