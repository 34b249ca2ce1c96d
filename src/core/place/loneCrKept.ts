import { diffArrays } from 'diff';

/** How many parts a line diff may add and remove before the parts are not paired (a file rewritten through and through). */
const MAX_PAIRING_DIFF = 4000;

/**
 * A whole file's lines with each file line that holds lone CRs (a CR not before an LF: a line
 * break of old Mac text kept inside a line of an LF or CRLF file, an RSS feed's CDATA) given back
 * as one line where the block shows it as its CR-separated parts on lines of their own, every
 * part as the file has it. A chat shows a lone CR as a line break, so a re-printed file breaks
 * such a line in its parts; written as given, each of its CRs became the file's line ending
 * (86 lone CRs of a CRLF feed turned into CRLFs by a reply changing one title). The parts are
 * paired by a line diff; a line whose parts the block changes or reorders is written as given.
 */
export function withLoneCrLinesRejoined(fileLines: readonly string[], lines: readonly string[]): readonly string[] {
  if (!fileLines.some((line) => line.includes('\r'))) return lines;
  // The file's lines cut at their lone CRs; `firstPart[i]` is where file line i's parts start.
  const parts: string[] = [];
  const partOf: number[] = [];
  for (let i = 0; i < fileLines.length; i++) {
    for (const part of fileLines[i].split('\r')) {
      parts.push(part);
      partOf.push(i);
    }
  }
  const pieces = diffArrays(parts, lines as string[], { maxEditLength: MAX_PAIRING_DIFF });
  if (!pieces) return lines;
  // `keptPart[k]`: the part block line k is kept as, or -1 for a line the block adds or changes.
  const keptPart = new Array<number>(lines.length).fill(-1);
  let at = 0;
  let next = 0;
  for (const piece of pieces) {
    const count = piece.count ?? piece.value.length;
    if (piece.removed) at += count;
    else if (piece.added) next += count;
    else for (let k = 0; k < count; k++) keptPart[next++] = at++;
  }
  const out: string[] = [];
  for (let k = 0; k < lines.length; ) {
    const first = keptPart[k];
    const line = first === -1 ? -1 : partOf[first];
    // A whole file line kept part by part, from its first part to its last, in order.
    if (line !== -1 && (first === 0 || partOf[first - 1] !== line) && fileLines[line].includes('\r')) {
      const count = fileLines[line].split('\r').length;
      let run = 1;
      while (run < count && k + run < lines.length && keptPart[k + run] === first + run) run++;
      if (run === count) {
        out.push(fileLines[line]);
        k += count;
        continue;
      }
    }
    out.push(lines[k]);
    k++;
  }
  return out;
}
