/**
 * Where a text stands in another when whitespace, line breaks included, is not compared: a tool
 * call's old text written on one line for code the file spreads over several (`function f(){return
 * 1;}` for a three-line function), or padded with spaces the file does not have. The line ladder
 * cannot see these (it compares line by line); this compares tokens.
 *
 * A token is a run of word characters (ASCII letters, digits, `_`, `$`, and every other character
 * past ASCII that is not whitespace) or any other visible character alone. A place matches when
 * its tokens are the text's, in order, each a whole token of the file (never the tail of a longer
 * word: `oo` is not found in `foo`), separated by any whitespace, and by some wherever two words
 * meet (`return x` is never `returnx`).
 *
 * Written by hand rather than as a regular expression built from the text: an expression of a
 * thousand `\s*`-joined tokens, tried at every `}` of a big file, is slow-regex bait. Here each
 * place is found from an occurrence of the text's longest token, and the work is bounded.
 */

/** A match: characters [start, end) of the searched text, from its first token's first character to its last token's last. */
export interface TokenRun {
  readonly start: number;
  readonly end: number;
}

/** Texts of more tokens than this are not looked for token by token. */
const MAX_TOKENS = 2000;
/** Occurrences of the anchor token looked at before the search gives up. */
const MAX_ANCHORS = 2000;
/** Token comparisons allowed to one search, across all its occurrences. */
const MAX_COMPARISONS = 200_000;

/**
 * Every place `text` stands in `haystack` token for token (see above), ascending, or undefined
 * when the search would cost more than its bounds allow (too many tokens, an anchor token found
 * too often): the caller then refuses as though nothing was found. Places may overlap (a text
 * whose tokens repeat); an empty or whitespace-only text has none.
 */
export function tokenRuns(haystack: string, text: string): TokenRun[] | undefined {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return [];
  if (tokens.length > MAX_TOKENS) return undefined;
  let anchor = 0;
  for (let t = 1; t < tokens.length; t++) if (tokens[t].length > tokens[anchor].length) anchor = t;
  const word = tokens.map((token) => isWord(token.charCodeAt(0)));
  const runs: TokenRun[] = [];
  let budget = MAX_COMPARISONS;
  let anchors = 0;
  for (let at = haystack.indexOf(tokens[anchor]); at !== -1; at = haystack.indexOf(tokens[anchor], at + 1)) {
    if (++anchors > MAX_ANCHORS) return undefined;
    const end = at + tokens[anchor].length;
    // The anchor must be a whole token of the haystack.
    if (word[anchor] && ((at > 0 && isWord(haystack.charCodeAt(at - 1))) || (end < haystack.length && isWord(haystack.charCodeAt(end))))) continue;
    // Forward from the anchor, then backward: each token after the whitespace that may precede it.
    // A word token must end (forward) or start (backward) where no word character follows or
    // precedes it: so two words never meet without whitespace between them.
    let position = end;
    let matched = true;
    for (let t = anchor + 1; t < tokens.length && matched; t++) {
      budget--;
      let next = position;
      while (next < haystack.length && isSpace(haystack.charCodeAt(next))) next++;
      const token = tokens[t];
      const after = next + token.length;
      matched =
        haystack.startsWith(token, next) &&
        !(word[t] && after < haystack.length && isWord(haystack.charCodeAt(after)));
      position = after;
    }
    let start = at;
    for (let t = anchor - 1; t >= 0 && matched; t--) {
      budget--;
      let previous = start;
      while (previous > 0 && isSpace(haystack.charCodeAt(previous - 1))) previous--;
      const token = tokens[t];
      const from = previous - token.length;
      matched =
        from >= 0 &&
        haystack.startsWith(token, from) &&
        !(word[t] && from > 0 && isWord(haystack.charCodeAt(from - 1)));
      start = from;
    }
    if (budget < 0) return undefined;
    if (matched) runs.push({ start, end: position });
  }
  return runs.sort((a, b) => a.start - b.start);
}

/** The text's tokens: runs of word characters, and every other visible character alone. */
export function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    if (isWord(c)) while (j < text.length && isWord(text.charCodeAt(j))) j++;
    tokens.push(text.slice(i, j));
    i = j;
  }
  return tokens;
}

/** JavaScript's `\s`: ASCII whitespace, the no-break and Unicode spaces, line and paragraph separators, the BOM. */
function isSpace(c: number): boolean {
  if (c < 0x80) return c === 32 || (c >= 9 && c <= 13);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** ASCII letters, digits, `_`, `$`, and any character past ASCII that is not whitespace. */
function isWord(c: number): boolean {
  if (c < 0x80) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
  return !isSpace(c);
}
