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
 * Aligns the replacement with the search text (jsdiff's line diff, markers never equal to any
 * line) and groups every elision marker of the replacement with what lies between its
 * neighbours: the nearest lines before and after it that the replacement shares with the search
 * text and that are not blank. So a marker stands for the search lines between the places its
 * neighbours hold there, wherever a marker of the search text sits (markers on both sides pair by
 * their neighbours, not by position), and a blank line next to a marker never splits what it
 * stands for. Two markers between the same two neighbours cannot be told apart: refused.
 */
export function alignSteps(needle: Needle, replacement: readonly string[], replacementElisions: ReadonlySet<number>): Steps {
  const left = needle.lines.map((line, i) => (needle.elisions.has(i) ? `\u0000search elision ${i}` : line));
  const right = replacement.map((line, i) => (replacementElisions.has(i) ? `\u0000replacement elision ${i}` : line));
  const steps: Step[] = [];
  let n = 0;
  let r = 0;
  const parts = diffArrays(left, right);
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
  if (replacementElisions.size === 0) return { ok: true, steps };
  return groupElisions(steps, needle, replacement, replacementElisions);
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
    out.push({ kind: 'elision', nFrom, nTo, rFrom, rTo, marker });
    i = end;
  }
  return { ok: true, steps: out };
}

function firstMarker(markers: ReadonlySet<number>, from: number, to: number): number | undefined {
  for (let k = from; k < to; k++) if (markers.has(k)) return k;
  return undefined;
}
