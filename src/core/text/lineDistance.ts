import { distance } from 'fastest-levenshtein';

/** Longest middle part (after the common prefix and suffix) compared exactly. */
const exactLimit = 2000;

/**
 * The Levenshtein distance between two lines, in time linear in their length beyond a bound.
 * The common prefix and suffix are stripped first (which leaves the distance unchanged); when
 * what remains of both is at most 2,000 characters the distance is exact (fastest-levenshtein),
 * otherwise it returns the longer remainder, an upper bound: two long lines that differ a lot are
 * simply scored as different, instead of costing seconds (a 200,000-character line did).
 */
export function lineDistance(a: string, b: string): number {
  if (a === b) return 0;
  let start = 0;
  const shorter = Math.min(a.length, b.length);
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA === 0 || restB === 0) return Math.max(restA, restB);
  if (restA > exactLimit || restB > exactLimit) return Math.max(restA, restB);
  return distance(a.slice(start, endA), b.slice(start, endB));
}

/** The longest pattern `withDistancesFrom` takes: eight 32-bit words. */
export const PATTERN_LIMIT = 256;

/** Match masks of the pattern's characters by UTF-16 code, one table per 32-character word of it (made as needed). */
const peq: Int32Array[] = [];

/** How alike two lines are: 1 less their edit distance (`lineDistance`) over the longer one's length; 1 for equal lines. */
export function lineSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - lineDistance(a, b) / longer;
}

/**
 * Calls `use` with a function giving the Levenshtein distance from `pattern` (at most
 * `PATTERN_LIMIT` characters) to any text, exactly as `lineDistance` gives it for lines of up to
 * 2,000 characters (its exact case). Myers' bit-parallel algorithm, in Hyyrö's form for a pattern
 * of several 32-bit words, with the pattern's masks set once for all texts: the nearest-line
 * search measures one line against thousands, and fastest-levenshtein sets them up again for
 * every pair. Written here because no library keeps a pattern across texts.
 */
export function withDistancesFrom<T>(pattern: string, use: (distanceTo: (text: string) => number) => T): T {
  const m = pattern.length;
  if (m > PATTERN_LIMIT) throw new Error(`withDistancesFrom: the pattern is longer than ${PATTERN_LIMIT} characters`);
  const words = Math.ceil(m / 32);
  while (peq.length < words) peq.push(new Int32Array(0x10000));
  for (let i = 0; i < m; i++) peq[i >> 5][pattern.charCodeAt(i)] |= 1 << (i & 31);
  try {
    return use(m === 0 ? (text) => text.length : words === 1 ? (text) => distanceOneWord(m, text) : words === 2 ? (text) => distanceTwoWords(m, text) : distanceInWords(m, words));
  } finally {
    for (let i = 0; i < m; i++) peq[i >> 5][pattern.charCodeAt(i)] = 0;
  }
}

/** Myers' algorithm for a pattern of `m` ≤ 32 characters whose masks are in `peq[0]`. */
function distanceOneWord(m: number, text: string): number {
  const masks = peq[0];
  const last = 1 << (m - 1);
  let pv = -1;
  let mv = 0;
  let score = m;
  for (let j = 0; j < text.length; j++) {
    let eq = masks[text.charCodeAt(j)];
    const xv = eq | mv;
    eq |= ((eq & pv) + pv) ^ pv;
    mv |= ~(eq | pv);
    pv &= eq;
    if (mv & last) score++;
    if (pv & last) score--;
    mv = (mv << 1) | 1;
    pv = (pv << 1) | ~(xv | mv);
    mv &= xv;
  }
  return score;
}

/** Myers' algorithm for a pattern of 33 to 64 characters: `distanceInWords` for two blocks, unrolled. */
function distanceTwoWords(m: number, text: string): number {
  const low = peq[0];
  const high = peq[1];
  const last = 1 << (m - 33);
  let pv0 = -1;
  let mv0 = 0;
  let pv1 = -1;
  let mv1 = 0;
  let score = m;
  for (let j = 0; j < text.length; j++) {
    const c = text.charCodeAt(j);
    let eq = low[c];
    let xv = eq | mv0;
    let xh = (((eq & pv0) + pv0) ^ pv0) | eq;
    let ph = mv0 | ~(xh | pv0);
    let mh = pv0 & xh;
    const hout = ph & (1 << 31) ? 1 : mh & (1 << 31) ? -1 : 0;
    ph = (ph << 1) | 1;
    mh <<= 1;
    pv0 = mh | ~(xv | ph);
    mv0 = ph & xv;
    eq = high[c];
    xv = eq | mv1;
    if (hout < 0) eq |= 1;
    xh = (((eq & pv1) + pv1) ^ pv1) | eq;
    ph = mv1 | ~(xh | pv1);
    mh = pv1 & xh;
    if (ph & last) score++;
    else if (mh & last) score--;
    ph <<= 1;
    mh <<= 1;
    if (hout < 0) mh |= 1;
    else if (hout > 0) ph |= 1;
    pv1 = mh | ~(xv | ph);
    mv1 = ph & xv;
  }
  return score;
}

/**
 * Myers' algorithm for a pattern of `words` 32-bit blocks (Hyyrö 2003): each block's bottom row
 * passes its horizontal difference to the block below; the last block's bottom row is the score.
 * The text character's masks for every block are copied out once per character.
 */
function distanceInWords(m: number, words: number): (text: string) => number {
  const pv = new Int32Array(words);
  const mv = new Int32Array(words);
  const lastBit = 1 << ((m - 1) & 31);
  return (text) => {
    pv.fill(-1);
    mv.fill(0);
    let score = m;
    for (let j = 0; j < text.length; j++) {
      const c = text.charCodeAt(j);
      // The top row grows by one per text character: the first block's difference coming in is +1.
      let hin = 1;
      for (let b = 0; b < words; b++) {
        const p = pv[b];
        const n = mv[b];
        let eq = peq[b][c];
        const xv = eq | n;
        if (hin < 0) eq |= 1;
        const xh = (((eq & p) + p) ^ p) | eq;
        const ph = n | ~(xh | p);
        const mh = p & xh;
        const high = b === words - 1 ? lastBit : -2147483648;
        const hout = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
        const phs = (ph << 1) | (hin > 0 ? 1 : 0);
        const mhs = (mh << 1) | (hin < 0 ? 1 : 0);
        pv[b] = mhs | ~(xv | phs);
        mv[b] = phs & xv;
        hin = hout;
      }
      score += hin;
    }
    return score;
  };
}
