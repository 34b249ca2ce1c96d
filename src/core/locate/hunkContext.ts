import { lineSteps } from '../reanchor/steps';
import { lineSimilarity } from '../text/lineDistance';
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
 *   change goes. One the model misremembered by a word (`misremembered`) still says it, and counts
 *   as missing;
 * - a short hunk (under 4 context lines) tolerates no missing context line; a longer one one
 *   missing line per 4 context lines.
 * Exact and whitespace-level rungs never reach this: their lines all match.
 */
export function hunkContextRefusal(index: FileIndex, needle: Needle, replacement: readonly string[], match: LineMatch, lineKinds?: string): string | undefined {
  if (match.strategy !== 'fuzzy') return undefined;
  const kept = new Uint8Array(needle.lines.length);
  /** Needle lines right next to a removal or an insertion. */
  const adjacent = new Uint8Array(needle.lines.length);
  // The hunk's lines as written (a line that reads like an elision is still a line of it).
  for (const step of lineSteps({ lines: needle.lines, elisions: new Set() }, replacement, lineKinds)) {
    if (step.kind === 'keep') {
      kept[step.n] = 1;
      continue;
    }
    if (step.kind !== 'change') continue;
    // The lines on each side of a change (an insertion has no width: both sides of its point).
    if (step.nFrom > 0) adjacent[step.nFrom - 1] = 1;
    if (step.nTo < needle.lines.length) adjacent[step.nTo] = 1;
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
    if (adjacent[k] && !misremembered(needle.lines[k], index.line(match.start + k))) return `the context line next to the change, "${needle.lines[k].trim().slice(0, 60)}", is not in the file (line ${match.start + k + 1} is "${index.line(match.start + k).trim().slice(0, 60)}")`;
    missing++;
  }
  const tolerated = context < 4 ? 0 : Math.floor(context / 4);
  if (missing > tolerated) return `${missing} of the hunk's ${context} context lines are not in the file`;
  return undefined;
}

/**
 * True when a quoted context line is the file's line misremembered by a word or so: both long
 * enough to say something (12 characters) and at least 85% alike by edit distance (a renamed
 * call, an argument added). A short line, or one of other words (`chill` quoted where the file
 * has `cool`), is another line: the change's place is unknown.
 */
function misremembered(quoted: string, actual: string): boolean {
  const [a, b] = [quoted.trim(), actual.trim()];
  if (Math.min(a.length, b.length) < 12) return false;
  return lineSimilarity(a, b) >= 0.85;
}
