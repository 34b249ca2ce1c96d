import type { FileIndex } from '../locate/fileIndex';
import type { LineMatch, Needle } from '../locate/matcher';
import { nearestCandidates, type NearestReport } from '../locate/nearest';
import { lineSteps } from '../reanchor/steps';

/**
 * Why an edit may not be placed on a fuzzy window that pairs the search text's lines with the
 * file's one line off (`LineMatch.shiftedFrom`: a line of code the quote left out), with the
 * nearest candidates to report; undefined when no match is such a window, or the edit changes
 * nothing from the window's first difference on (the lines there are written from the file, in
 * order, whatever they pair with).
 */
export function shiftedWindowRefusal(index: FileIndex, needle: Needle, replacement: readonly string[], lineKinds: string | undefined, matches: readonly LineMatch[], path: string): { message: string; report: NearestReport } | undefined {
  const shifted = matches.find((match) => match.shiftedFrom !== undefined && changesFrom(needle, replacement, lineKinds, match.shiftedFrom));
  if (!shifted) return undefined;
  const report = nearestCandidates(index, needle, shifted.start);
  const where = `its nearest place, lines ${shifted.start + 1}-${shifted.end}`;
  const why = report.leftOut
    ? `${where}, has line ${report.leftOut.line} (\`${report.leftOut.text.trim().slice(0, 80)}\`), which the search text leaves out, and the edit changes lines next to it or after it, which would land one line off`
    : `${where}, pairs the search text's lines from its first difference on with the file's one line off, and the edit changes some of them`;
  return { message: `the search text was not found in ${path} as it is: ${why}`, report };
}

/**
 * True when the edit changes a search line from `from` on, the line right before it, or writes
 * new lines between them: lines a window one line off from `from` on would write over the wrong
 * file lines, or beside the line the quote left out there, on a side nothing tells.
 */
function changesFrom(needle: Needle, replacement: readonly string[], lineKinds: string | undefined, from: number): boolean {
  return lineSteps(needle, replacement, lineKinds).some((step) => step.kind === 'change' && step.nTo >= from);
}
