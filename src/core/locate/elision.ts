import type { Alignment, LineMatch, Matcher, Needle, SearchScope } from './matcher';
import type { FileIndex } from './fileIndex';
import { findNormalisedRuns } from './lineSearch';

interface Segment {
  /** Needle line indexes of the segment's lines. */
  readonly indexes: number[];
  readonly lines: string[];
}

/** Splits the needle at its elision markers into runs of real lines (possibly empty runs). */
function segmentsOf(needle: Needle): Segment[] {
  const segments: Segment[] = [{ indexes: [], lines: [] }];
  needle.lines.forEach((line, i) => {
    if (needle.elisions.has(i)) segments.push({ indexes: [], lines: [] });
    else {
      segments[segments.length - 1].indexes.push(i);
      segments[segments.length - 1].lines.push(line);
    }
  });
  return segments;
}

/**
 * Rung 6: the needle holds elision markers (`...`, `// ... existing code ...`); each marker matches
 * any run of file lines, the real lines around them must match in order (whitespace-insensitive).
 * Each later segment is placed at its first occurrence after the previous one, so a marker
 * stands for the shortest run that makes the block fit. A needle that is only markers places
 * nothing.
 */
export const elisionMatcher: Matcher = {
  id: 'elision',
  find(index: FileIndex, needle: Needle, scope: SearchScope): LineMatch[] {
    if (needle.elisions.size === 0) return [];
    const segments = segmentsOf(needle);
    const firstReal = segments.findIndex((segment) => segment.lines.length > 0);
    if (firstReal === -1) return [];
    const matches: LineMatch[] = [];
    for (const start of findNormalisedRuns(index, segments[firstReal].lines, 'fold', scope)) {
      const alignment: Alignment[] = new Array(needle.lines.length);
      let position = start;
      let placed = true;
      let previousEnd = start;
      for (let s = firstReal; s < segments.length && placed; s++) {
        const segment = segments[s];
        let at = position;
        if (segment.lines.length > 0) {
          const runs = s === firstReal ? [start] : findNormalisedRuns(index, segment.lines, 'fold', { ...scope, from: position });
          if (runs.length === 0) {
            placed = false;
            break;
          }
          at = runs[0];
        }
        if (s > firstReal) {
          // The marker before this segment stands for the lines skipped to reach it.
          const markerIndex = segment.indexes.length > 0 ? segment.indexes[0] - 1 : markerBefore(needle, segments, s);
          alignment[markerIndex] = { from: previousEnd, to: at };
        }
        segment.indexes.forEach((needleIndex, k) => (alignment[needleIndex] = at + k));
        position = at + segment.lines.length;
        previousEnd = position;
      }
      if (!placed) continue;
      // Markers before the first real line or after the last stand for nothing: the edit's
      // boundaries are its real lines.
      needle.lines.forEach((_, i) => {
        if (needle.elisions.has(i) && alignment[i] === undefined) {
          alignment[i] = i < segments[firstReal].indexes[0] ? { from: start, to: start } : { from: position, to: position };
        }
      });
      matches.push({ start, end: position, score: 0.95, strategy: 'elision', alignment });
    }
    return matches;
  },
};

/** The needle index of the marker that opens segment `s` (a segment with no lines of its own). */
function markerBefore(needle: Needle, segments: Segment[], s: number): number {
  // Count markers: segment s is preceded by exactly s markers in needle order.
  let seen = 0;
  for (let i = 0; i < needle.lines.length; i++) {
    if (needle.elisions.has(i)) {
      seen++;
      if (seen === s) return i;
    }
  }
  return needle.lines.length - 1;
}
