/**
 * How many skeleton characters the hash reads from each end of a line. Lines up to twice this
 * long are hashed whole; longer ones by their head and tail only, which is where code lines
 * differ, and which halves the work of hashing a whole file (the index hashes every line of every
 * file it searches). Lines that differ only in the middle collide; callers verify every candidate.
 */
const EDGE = 12;

/**
 * How many skeleton characters the *coarse* hash reads, from the line's end only: the hash every
 * line of a file is hashed with to build its whitespace-blind table. The tail is read without
 * first walking over the line's indentation (most of a code line's leading characters), which
 * made the head-and-tail hash of 6 + 6 characters cost 2.5 times the exact table's build; the
 * lines it groups together are refined to `skeletonHash`'s groups on demand, for the lines a search
 * asks about (see `FileIndex`). Measured against 6 and 10 on the bench's drifted replies (20,000
 * and 100,000 lines): 8 is as fast as either, and the whole reply 10 to 15% faster than the
 * head-and-tail hash.
 */
const COARSE_TAIL = 8;

/**
 * A 32-bit FNV-1a hash of a line's *skeleton*: the line with every whitespace character and every
 * dot removed, typographic punctuation folded to ASCII as `foldUnicode` folds it, and of that at
 * most the first and last `EDGE` characters. Two lines equal under any of the ladder's
 * normalisations (exact, trailing whitespace, indentation, inner whitespace, punctuation) have equal
 * skeletons, so equal hashes: the hash is a sound prefilter for all of them. Dots are dropped
 * because the ellipsis character folds to three of them: counting it as one character or three
 * would move where the head ends, so two equal lines could hash differently.
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
  let k = start;
  // Indentation first, in a loop of its own: spaces are left out of the skeleton anyway.
  while (k < end && text.charCodeAt(k) === 32) k++;
  for (let seen = 0; k < end && seen < EDGE; k++) {
    const c = skeletonCode(text.charCodeAt(k));
    if (c === -1) continue;
    hash = Math.imul(hash ^ c, 16777619);
    seen++;
  }
  // The tail, read backwards down to where the head stopped.
  let seen = 0;
  for (let j = end - 1; j >= k && seen < EDGE; j--) {
    const c = skeletonCode(text.charCodeAt(j));
    if (c === -1) continue;
    hash = Math.imul(hash ^ c, 16777619);
    seen++;
  }
  return hash;
}

/**
 * The coarse skeleton hash of `text.slice(start, end)`: FNV-1a over the last `COARSE_TAIL`
 * characters of the line's skeleton, with a flag for a skeleton read whole. What `skeletonHash`
 * reads fixes those characters (its tail holds the last `EDGE` > `COARSE_TAIL` of them, or it
 * reads the whole skeleton), so lines with equal skeleton hashes have equal coarse hashes (a
 * coarse group is a union of fine ones), 32-bit collisions aside; a group of skeletons read whole
 * holds one skeleton only, so it needs no refining.
 */
export function coarseSkeletonHashOf(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5 | 0;
  let j = end - 1;
  let seen = 0;
  for (; j >= start && seen < COARSE_TAIL; j--) {
    const c = skeletonCode(text.charCodeAt(j));
    if (c === -1) continue;
    hash = Math.imul(hash ^ c, 16777619);
    seen++;
  }
  // Whole when what is left before the characters read is only left out (indentation, dots).
  while (j >= start && skeletonCode(text.charCodeAt(j)) === -1) j--;
  return (hash & ~1) | (j < start ? 1 : 0);
}

/** True when the coarse hash `hash` read its line's skeleton whole (see `coarseSkeletonHashOf`). */
export function readWhole(hash: number): boolean {
  return (hash & 1) === 1;
}

/**
 * The code each ASCII character contributes to the skeleton: its own, or -1 for the ones left out
 * (space, tab, CR, the dot). A table, not a test: code lines are full of punctuation below '.',
 * which cost a chain of comparisons each.
 */
const ASCII_SKELETON = new Int16Array(0x80);
for (let c = 0; c < 0x80; c++) ASCII_SKELETON[c] = c === 32 || c === 9 || c === 13 || c === 46 ? -1 : c;

/** The code a character contributes to the skeleton, or -1 when it is left out. */
function skeletonCode(c: number): number {
  return c < 0x80 ? ASCII_SKELETON[c] : foldCode(c);
}

/** The ASCII code a typographic character folds to; -1 to drop it (spaces, the ellipsis). */
function foldCode(c: number): number {
  switch (c) {
    case 0x2018: case 0x2019: case 0x201a: case 0x201b: case 0x2032:
      return 39;
    case 0x201c: case 0x201d: case 0x201e: case 0x201f: case 0x2033: case 0xab: case 0xbb:
      return 34;
    case 0x2010: case 0x2011: case 0x2012: case 0x2013: case 0x2014: case 0x2015: case 0x2212:
      return 45;
    case 0xa0: case 0x2002: case 0x2003: case 0x2009: case 0x200a: case 0x202f: case 0x3000:
    case 0x200b: case 0x200c: case 0x200d: case 0x2060: case 0xfeff: case 0x2026:
      return -1;
    default:
      return c;
  }
}
