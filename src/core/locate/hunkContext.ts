import { diffArrays } from 'diff';
import { normaliseLine, type FileIndex } from './fileIndex';
import type { LineMatch, Needle } from './matcher';

/**
 * Why a loose (fuzzy) match of a diff hunk or patch chunk must not be applied, or undefined when
 * it may. A hunk's lines are copied from a file, so where they differ from the file they carry
 * meaning; the rule git and jsdiff keep:
 * - every line the hunk removes must be in the file (whitespace and punctuation aside): a removed
 *   line that differs (cut short, stale) means the added lines would be written beside the old
 *   ones, duplicating code;
 * - the context lines right next to each removal or insertion must be there: they say where the
 *   change goes;
 * - a short hunk (under 4 context lines) tolerates no missing context line; a longer one one
 *   missing line per 4 context lines.
 * Exact and whitespace-level rungs never reach this: their lines all match.
 */
export function hunkContextRefusal(index: FileIndex, needle: Needle, replacement: readonly string[], match: LineMatch, lineKinds?: string): string | undefined {
  if (match.strategy !== 'fuzzy') return undefined;
  const kept = new Uint8Array(needle.lines.length);
  /** Needle lines right next to a removal or an insertion. */
  const adjacent = new Uint8Array(needle.lines.length);
  let n = 0;
  for (const part of hunkParts(needle, replacement, lineKinds)) {
    const count = part.value.length;
    if (!part.added && !part.removed) {
      kept.fill(1, n, n + count);
      n += count;
      continue;
    }
    // The lines on each side of a change (an insertion has no width: both sides of its point).
    if (n > 0) adjacent[n - 1] = 1;
    const after = part.removed ? n + count : n;
    if (after < needle.lines.length) adjacent[after] = 1;
    if (part.removed) n += count;
  }
  const present = (k: number) => normaliseLine(needle.lines[k], 'fold') === index.lineUnder('fold', match.start + k);
  let context = 0;
  let missing = 0;
  for (let k = 0; k < needle.lines.length; k++) {
    if (!kept[k]) {
      if (!present(k)) return `the hunk removes "${needle.lines[k].trim().slice(0, 60)}", but line ${match.start + k + 1} of the file is "${index.line(match.start + k).trim().slice(0, 60)}"`;
      continue;
    }
    context++;
    if (present(k)) continue;
    if (adjacent[k]) return `the context line next to the change, "${needle.lines[k].trim().slice(0, 60)}", is not in the file (line ${match.start + k + 1} is "${index.line(match.start + k).trim().slice(0, 60)}")`;
    missing++;
  }
  const tolerated = context < 4 ? 0 : Math.floor(context / 4);
  if (missing > tolerated) return `${missing} of the hunk's ${context} context lines are not in the file`;
  return undefined;
}

/**
 * The hunk as runs of context, removed and added lines: from its own line structure when it
 * describes these lines (see `ReplaceOp.lineKinds`), else from jsdiff's diff of the two texts.
 */
function hunkParts(needle: Needle, replacement: readonly string[], lineKinds: string | undefined): { value: readonly string[]; added?: boolean; removed?: boolean }[] {
  if (lineKinds !== undefined) {
    const parts: { value: string[]; added?: boolean; removed?: boolean }[] = [];
    let n = 0;
    let r = 0;
    for (const kind of lineKinds) {
      const value = kind === '+' ? replacement[r] : needle.lines[n];
      if (value === undefined) return diffArrays(needle.lines as string[], replacement as string[]);
      const last = parts[parts.length - 1];
      const flags = kind === '+' ? { added: true } : kind === '-' ? { removed: true } : {};
      if (last && !!last.added === !!flags.added && !!last.removed === !!(flags as { removed?: boolean }).removed) last.value.push(value);
      else parts.push({ value: [value], ...flags });
      if (kind !== '+') n++;
      if (kind !== '-') r++;
    }
    if (n === needle.lines.length && r === replacement.length) return parts;
  }
  return diffArrays(needle.lines as string[], replacement as string[]);
}
