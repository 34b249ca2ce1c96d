import { diffArrays } from 'diff';
import { distance } from 'fastest-levenshtein';

export type ElisionMerge = { readonly ok: true; readonly lines: string[] } | { readonly ok: false; readonly message: string };

const marker = '\u0000elision';

/**
 * Fills the elision markers of a whole-file or snippet block from the original file.
 * The block is aligned with the original by a line diff (trailing whitespace ignored); the original
 * lines the diff would drop next to a marker are the ones the marker stood for, and are kept. In a
 * group where a marker sits among changed lines, lines the block writes before the marker replace
 * the group's first original lines and lines after it the last ones; the marker keeps the middle.
 * Two markers in one changed group, or a diff that gives up (too different), leave the elided
 * lines unknown: the merge refuses rather than delete code.
 */
export function mergeElisions(original: readonly string[], block: readonly string[], isElision: (line: string) => boolean): ElisionMerge {
  const right = withoutBlanksAroundMarkers(block.map((line) => (isElision(line) ? marker : line)));
  const parts = diffArrays(original as string[], right, {
    comparator: (a: string, b: string) => a.trimEnd() === b.trimEnd(),
    timeout: 2000,
  } as never) as { value: string[]; added?: boolean; removed?: boolean }[] | undefined;
  if (!parts) return { ok: false, message: 'the block is too different from the file to tell what its elisions stand for' };
  const unanchored = unanchoredSegment(right, parts);
  if (unanchored !== undefined) {
    return {
      ok: false,
      message: `the block's lines around "${unanchored.trim().slice(0, 60)}" share no distinctive line with the file, so where they go between the elisions is a guess`,
    };
  }
  const groups = toGroups(parts);
  const out: string[] = [];
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g];
    if (group.kind === 'common') {
      // Keep the file's own version of unchanged lines (its whitespace).
      out.push(...original.slice(group.from, group.from + group.count));
      continue;
    }
    const removed = original.slice(group.from, group.from + group.removed);
    const markers = group.added.filter((line) => line === marker).length;
    if (markers === 0) {
      // Lines the block drops right next to an elision (only blank lines or braces between) are
      // what the elision stood for, misaligned by the diff: keep them rather than delete code.
      if (group.added.length === 0 && (markerNearby(groups, g, -1) || markerNearby(groups, g, 1))) out.push(...removed);
      else out.push(...group.added);
      continue;
    }
    if (markers > 1 && removed.length > 0) {
      return { ok: false, message: `two elisions with changed lines between them near original line ${group.from + 1}: the elided lines are ambiguous` };
    }
    if (markers > 1) continue;
    const at = group.added.indexOf(marker);
    const before = group.added.slice(0, at);
    const after = group.added.slice(at + 1);
    // Lines written before the marker replace the group's first original lines when they are
    // edits of them (similar), and are new lines otherwise; likewise after the marker with the
    // group's last lines. The marker keeps everything in between.
    const keepFrom = pairedEdits(before, removed, 1);
    const keepTo = Math.max(keepFrom, removed.length - pairedEdits(after, removed.slice(keepFrom), -1));
    out.push(...before, ...removed.slice(keepFrom, keepTo), ...after);
  }
  return { ok: true, lines: out };
}

/**
 * How many of `written` (from its start, or from its end for direction -1) are edits of the
 * matching `removed` lines rather than new lines: pairs are taken while each written line is
 * similar (≥ 50%) to the removed line it would replace.
 */
function pairedEdits(written: readonly string[], removed: readonly string[], direction: 1 | -1): number {
  let count = 0;
  while (count < written.length && count < removed.length) {
    const a = direction === 1 ? written[count] : written[written.length - 1 - count];
    const b = direction === 1 ? removed[count] : removed[removed.length - 1 - count];
    const x = a.trim();
    const y = b.trim();
    if (x === '' || y === '' || 1 - distance(x, y) / Math.max(x.length, y.length) < 0.5) break;
    count++;
  }
  return count;
}

type Group =
  | { readonly kind: 'common'; readonly from: number; readonly count: number; readonly lines: readonly string[] }
  | { readonly kind: 'change'; readonly from: number; readonly removed: number; readonly added: readonly string[] };

/** Folds the diff into runs of common lines and change groups (removed lines with the lines added in their place). */
function toGroups(parts: readonly { value: string[]; added?: boolean; removed?: boolean }[]): Group[] {
  const groups: Group[] = [];
  let origin = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if (!part.added && !part.removed) {
      groups.push({ kind: 'common', from: origin, count: part.value.length, lines: part.value });
      origin += part.value.length;
      continue;
    }
    let removed = 0;
    let added: string[] = [];
    if (part.removed) {
      removed = part.value.length;
      if (parts[p + 1]?.added) added = parts[++p].value;
    } else added = part.value;
    groups.push({ kind: 'change', from: origin, removed, added });
    origin += removed;
  }
  return groups;
}

/** True when, walking from group `g` in `direction` over common runs of non-distinctive lines only, a change group with an elision marker comes next. */
function markerNearby(groups: readonly Group[], g: number, direction: 1 | -1): boolean {
  for (let i = g + direction; i >= 0 && i < groups.length; i += direction) {
    const group = groups[i];
    if (group.kind === 'change') return group.added.includes(marker);
    if (group.lines.some(isDistinctive)) return false;
  }
  return false;
}

/** Drops blank lines next to elision markers: they belong to the elided text, and as weak diff anchors they misplace it. */
function withoutBlanksAroundMarkers(lines: readonly string[]): string[] {
  const keep = lines.map(() => true);
  lines.forEach((line, i) => {
    if (line !== marker) return;
    for (let k = i - 1; k >= 0 && lines[k].trim() === ''; k--) keep[k] = false;
    for (let k = i + 1; k < lines.length && lines[k].trim() === ''; k++) keep[k] = false;
  });
  return lines.filter((_, i) => keep[i]);
}

/** A line that can anchor a segment: some real text, not just braces, brackets or punctuation. */
function isDistinctive(line: string): boolean {
  return /[A-Za-z0-9_]{3}/.test(line);
}

/**
 * Checks that every run of the block's real lines between two elisions is tied to the file by at
 * least one distinctive line the diff kept in common. A run tied only by `}` or blank lines could
 * land next to the wrong function; such a merge is refused. Returns a line of the first untied
 * run, or undefined when every run is tied (or the block has no elision next to it).
 */
function unanchoredSegment(right: readonly string[], parts: readonly { value: string[]; added?: boolean; removed?: boolean }[]): string | undefined {
  // Mark which block lines the diff kept in common.
  const common = new Array<boolean>(right.length).fill(false);
  let position = 0;
  for (const part of parts) {
    if (part.removed) continue;
    if (!part.added) for (let k = 0; k < part.value.length; k++) common[position + k] = true;
    position += part.value.length;
  }
  let start = 0;
  for (let i = 0; i <= right.length; i++) {
    if (i < right.length && right[i] !== marker) continue;
    const segment = right.slice(start, i);
    const bordersMarker = start > 0 || i < right.length;
    const real = segment.filter((line) => line.trim() !== '');
    if (bordersMarker && real.length > 0) {
      let tied = false;
      for (let k = start; k < i && !tied; k++) tied = common[k] && isDistinctive(right[k]);
      if (!tied) return real[0];
    }
    start = i + 1;
  }
  return undefined;
}
