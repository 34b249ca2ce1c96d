/**
 * A 32-bit FNV-1a hash of a line's *skeleton*: the line with every whitespace character removed and
 * typographic punctuation folded to ASCII exactly as `foldUnicode` folds it. Two lines equal under
 * any of the ladder's normalisations (exact, trailing whitespace, indentation, inner whitespace,
 * punctuation) have equal skeletons, so equal hashes: the hash is a sound prefilter for all of them.
 * Written by hand because it runs on every line of every file and must not allocate.
 */
export function skeletonHash(line: string): number {
  return skeletonHashOf(line, 0, line.length);
}

/**
 * `skeletonHash` of `text.slice(start, end)` without making the slice: hashing a whole file's
 * lines straight from its one flat string is several times faster than from per-line strings.
 */
export function skeletonHashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let k = start; k < end; k++) {
    let c = text.charCodeAt(k);
    if (c === 32 || c === 9 || c === 13) continue;
    if (c >= 0x80) {
      c = foldCode(c);
      if (c === -1) continue;
      if (c === -2) {
        // The ellipsis character folds to three dots.
        hash = Math.imul(hash ^ 46, 16777619);
        hash = Math.imul(hash ^ 46, 16777619);
        c = 46;
      }
    }
    hash = Math.imul(hash ^ c, 16777619);
  }
  return hash;
}

/** The ASCII code a typographic character folds to; -1 to drop it (spaces), -2 for the ellipsis. */
function foldCode(c: number): number {
  switch (c) {
    case 0x2018: case 0x2019: case 0x201a: case 0x201b: case 0x2032:
      return 39;
    case 0x201c: case 0x201d: case 0x201e: case 0x201f: case 0x2033: case 0xab: case 0xbb:
      return 34;
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2015: case 0x2212:
      return 45;
    case 0xa0: case 0x2002: case 0x2003: case 0x2009: case 0x200a: case 0x202f: case 0x3000:
    case 0x200b: case 0x200c: case 0x200d: case 0x2060: case 0xfeff:
      return -1;
    case 0x2026:
      return -2;
    default:
      return c;
  }
}
