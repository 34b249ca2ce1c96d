import { diffArrays } from 'diff';

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
  const right = block.map((line) => (isElision(line) ? marker : line));
  const parts = diffArrays(original as string[], right, {
    comparator: (a: string, b: string) => a.trimEnd() === b.trimEnd(),
    timeout: 2000,
  } as never) as { value: string[]; added?: boolean; removed?: boolean }[] | undefined;
  if (!parts) return { ok: false, message: 'the block is too different from the file to tell what its elisions stand for' };
  const out: string[] = [];
  let origin = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    if (!part.added && !part.removed) {
      // Keep the file's own version of unchanged lines (its whitespace).
      for (let k = 0; k < part.value.length; k++) out.push(original[origin + k]);
      origin += part.value.length;
      continue;
    }
    const removed = part.removed ? part.value : [];
    const removedStart = origin;
    let added: string[] = [];
    if (part.removed) {
      origin += removed.length;
      if (parts[p + 1]?.added) added = parts[++p].value;
    } else added = part.value;
    const markers = added.filter((line) => line === marker).length;
    if (markers === 0) {
      out.push(...added);
      continue;
    }
    if (markers > 1 && removed.length > 0) {
      return { ok: false, message: `two elisions with changed lines between them near original line ${removedStart + 1}: the elided lines are ambiguous` };
    }
    if (markers > 1) continue;
    const at = added.indexOf(marker);
    const before = added.slice(0, at);
    const after = added.slice(at + 1);
    // Lines written before the marker replace the group's first original lines, lines after it
    // the last ones; the marker keeps what lies between.
    const keepFrom = Math.min(before.length, removed.length);
    const keepTo = Math.max(keepFrom, removed.length - after.length);
    out.push(...before, ...original.slice(removedStart + keepFrom, removedStart + keepTo), ...after);
  }
  return { ok: true, lines: out };
}
