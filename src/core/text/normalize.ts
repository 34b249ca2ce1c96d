/**
 * Line normalisations used by the ladder's rungs. Each is a pure function of one line, so a file's
 * normalised lines can be computed once and indexed.
 */

/** Rung 2: trailing whitespace ignored. */
export function trimEnd(line: string): string {
  // A backwards scan, not /[ \t…]+$/: the regex restarts at every space of a long run that is
  // followed by text, so one 20,000-space line in a reply cost seconds (found by `npm run fuzz`).
  let end = line.length;
  while (end > 0 && isTrailingSpace(line.charCodeAt(end - 1))) end--;
  return end === line.length ? line : line.slice(0, end);
}

/** Space, tab, CR, no-break space, BOM: what `trimEnd` removes. */
function isTrailingSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0xa0 || code === 0xfeff;
}

/** True when a line has some real text (three word characters in a row): a `}` or a `/**` has none. */
export function hasText(line: string): boolean {
  return /[A-Za-z0-9_]{3}/.test(line);
}

/** Word characters by code point (letters, digits, `_`, `$`, and everything past Latin-1); a regex test per character would dominate on big files. */
export function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36 || code >= 0xc0;
}

/**
 * Rung 4: whitespace-insensitive inside a line. Whitespace between two word characters collapses
 * to one space (so `const to tal` never equals `const total`); any other whitespace (around
 * punctuation, indentation, line ends) disappears (so `f(a,b)` equals `f( a, b )`).
 */
export function collapseWhitespace(line: string): string {
  // Most long lines (minified code, data) and many short ones hold no whitespace at all: the
  // native test skips building a copy of them character by character.
  if (!/[ \t\r\u00a0\ufeff\u3000]/.test(line)) return line;
  // Copied a run of non-blank characters at a time (one slice per word, not one string per
  // character): normalising every line of a large file is on the fuzzy rungs' path.
  let out = '';
  /** Where the run being read started, or -1 between runs. */
  let runStart = -1;
  /** The last character of the last run copied, or -1 before the first. */
  let lastCopied = -1;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (isCollapsedSpace(code)) {
      if (runStart !== -1) {
        out += line.slice(runStart, i);
        lastCopied = line.charCodeAt(i - 1);
        runStart = -1;
      }
      continue;
    }
    if (runStart === -1) {
      // A run after blanks: one space survives only between two word characters.
      if (lastCopied !== -1 && isWordCode(lastCopied) && isWordCode(code)) out += ' ';
      runStart = i;
    }
  }
  return runStart === -1 ? out : out + line.slice(runStart);
}

/** The blanks `collapseWhitespace` removes or collapses: space, tab, CR, no-break space, BOM, ideographic space. */
function isCollapsedSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0xa0 || code === 0xfeff || code === 0x3000;
}

const unicodeFolds: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'",
  '\u201c': '"', '\u201d': '"', '\u201e': '"', '\u201f': '"', '\u2033': '"', '\u00ab': '"', '\u00bb': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u00a0': ' ', '\u2002': ' ', '\u2003': ' ', '\u2009': ' ', '\u200a': ' ', '\u202f': ' ', '\u3000': ' ',
  '\u200b': '', '\u200c': '', '\u200d': '', '\u2060': '', '\ufeff': '',
  '\u2026': '...',
};
const unicodePattern = /[\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\u2010-\u2015\u2212\u00a0\u2002\u2003\u2009\u200a\u202f\u3000\u200b-\u200d\u2060\ufeff\u2026]/g;

/** Rung 5: typographic punctuation folded to ASCII (curly quotes, dashes, odd spaces, ellipsis), then rung 4. */
export function foldUnicode(line: string): string {
  return collapseWhitespace(line.replace(unicodePattern, (c) => unicodeFolds[c] ?? c));
}

/** The line with its typographic punctuation as ASCII (curly quotes, dashes, odd spaces, ellipsis); whitespace left as it is. */
export function asciiPunctuation(line: string): string {
  return line.replace(unicodePattern, (c) => unicodeFolds[c] ?? c);
}

/** How many typographic punctuation characters (those `foldUnicode` folds) the line holds. */
export function typographicCount(line: string): number {
  return line.match(unicodePattern)?.length ?? 0;
}
