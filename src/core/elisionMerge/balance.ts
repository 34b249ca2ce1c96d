/**
 * The bracket balance of a file's code: how many `(`, `[` and `{` stay open at its end, outside
 * comments and strings, and whether it ends inside a comment or a multi-line string. The elision
 * merge compares the file before and after: a merge that puts segments in the right places keeps
 * the balance of a file whose new code is whole, and one that puts a segment's closing lines beside
 * the file's own, or leaves a replaced block's closer behind, does not. That was the shape of
 * every wrong merge of real commits the anchors could not see (a `return 2; }` written twice, a new
 * function left without its `}`, a rewritten doc comment left open).
 *
 * Written here rather than taken from a parser library: it must read every language the merge
 * reads, partial and possibly broken, in one fast pass, and only its brackets matter. It is not a
 * lexer: a line with a quote it cannot close counts for nothing, and a regex literal with a bracket
 * in it can still miscount a line, but such a line miscounts the same way before and after the
 * merge unless the edit changes it.
 */

/** How a language writes comments and strings, as far as counting its brackets needs. */
export interface BracketSyntax {
  /** `//` and `/* … *\/` comments (C, Java, JavaScript, Go, Rust, CSS…). */
  readonly slashComments: boolean;
  /** `#` comments and `'''`/`"""` strings (Python, Ruby, R). */
  readonly hashComments: boolean;
  /** Backtick strings span lines (JavaScript templates, Go raw strings). */
  readonly backtickStrings: boolean;
  /** `${…}` in a backtick string is code, which may hold strings of its own (JavaScript). */
  readonly templateSubstitutions: boolean;
  /** `'a` is a lifetime or label, not a character literal (Rust). */
  readonly lifetimes: boolean;
  /** `/…/` after an operator or `(` is a regular expression literal (JavaScript, TypeScript). */
  readonly regexLiterals: boolean;
  /** Blocks are made by indentation, and `else:`, `elif`, `except` and `finally:` continue one (Python: see clauses.ts). */
  readonly indentedClauses?: boolean;
}

const C_LIKE: BracketSyntax = { slashComments: true, hashComments: false, backtickStrings: true, templateSubstitutions: false, lifetimes: false, regexLiterals: false };
const JS_LIKE: BracketSyntax = { ...C_LIKE, templateSubstitutions: true, regexLiterals: true };
const RUST: BracketSyntax = { ...C_LIKE, backtickStrings: false, lifetimes: true };
const HASH: BracketSyntax = { slashComments: false, hashComments: true, backtickStrings: false, templateSubstitutions: false, lifetimes: false, regexLiterals: false };
const PYTHON: BracketSyntax = { ...HASH, indentedClauses: true };

/**
 * The syntax of a file by its extension, or undefined for files whose brackets say nothing sure
 * about their structure (prose, markup, shell `case` patterns, data files): the merge is not
 * checked there.
 */
export function bracketSyntaxFor(path: string): BracketSyntax | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === undefined) return undefined;
  if (extension === 'rs') return RUST;
  // JSON reads as JavaScript does here (strings in double quotes; comments in JSONC).
  if (/^(?:[cm]?[jt]sx?|json|jsonc|json5)$/.test(extension)) return JS_LIKE;
  if (/^(?:java|kt|kts|c|h|cc|cpp|cxx|hpp|hh|cs|go|swift|scala|dart|php|css|scss|less|groovy|gradle)$/.test(extension)) return C_LIKE;
  if (/^(?:py|pyi)$/.test(extension)) return PYTHON;
  if (/^(?:rb|r)$/.test(extension)) return HASH;
  return undefined;
}

/** Each kind of bracket a `Balance` counts, with its opening and closing character, in the order they are reported. */
export const BRACKETS = [['curly', '{', '}'], ['round', '(', ')'], ['square', '[', ']']] as const;

/** Open brackets of each kind at the end (negative: more closed than opened) and the state the text ends in. */
export interface Balance {
  readonly round: number;
  readonly square: number;
  readonly curly: number;
  /** What is still open at the end: a block comment, a multi-line string, or nothing. */
  readonly openAtEnd: 'comment' | 'string' | undefined;
}

/** The characters the counter reads in code: brackets, quotes, and what starts a comment or regex. */
const SIGNIFICANT = /[()[\]{}'"`/#]/g;

/** Counts `lines` as one text (see the module comment for what is and is not read). */
export function bracketBalance(lines: readonly string[], syntax: BracketSyntax): Balance {
  let round = 0;
  let square = 0;
  let curly = 0;
  // What spans lines: a block comment, a backtick string or a triple-quoted string (its quote).
  let open: 'comment' | '`' | "'''" | '"""' | undefined;
  // The `{` depth at which each `${` substitution we are inside began, innermost last: its `}`
  // goes back into the template's text.
  const substitutions: number[] = [];
  for (const line of lines) {
    // The counts before this line: a line found miscounted goes back to them.
    const [roundBefore, squareBefore, curlyBefore] = [round, square, curly];
    let i = 0;
    const n = line.length;
    while (i < n) {
      if (open === 'comment') {
        const end = line.indexOf('*/', i);
        if (end === -1) break;
        open = undefined;
        i = end + 2;
        continue;
      }
      if (open !== undefined) {
        const end = closingQuote(line, i, open, open === '`' && syntax.templateSubstitutions);
        if (end === -1) break;
        if (line.startsWith('${', end)) {
          substitutions.push(curly);
          i = end + 2;
        } else i = end + open.length;
        open = undefined;
        continue;
      }
      // Jump to the next character that matters (a native scan: most of a line is words).
      SIGNIFICANT.lastIndex = i;
      const next = SIGNIFICANT.exec(line);
      if (next === null) break;
      i = next.index;
      const c = line[i];
      if (c === '(') round++;
      else if (c === ')') round--;
      else if (c === '[') square++;
      else if (c === ']') square--;
      else if (c === '{') curly++;
      else if (c === '}' && substitutions.length > 0 && substitutions[substitutions.length - 1] === curly) {
        substitutions.pop();
        open = '`';
      } else if (c === '}') curly--;
      else if (syntax.slashComments && c === '/' && line[i + 1] === '/') break;
      else if (syntax.slashComments && c === '/' && line[i + 1] === '*') {
        open = 'comment';
        i += 2;
        continue;
      } else if (syntax.regexLiterals && c === '/' && startsRegex(line, i)) {
        const end = regexEnd(line, i + 1);
        if (end === -1) {
          [round, square, curly] = [roundBefore, squareBefore, curlyBefore];
          break;
        }
        i = end + 1;
        continue;
      } else if (syntax.hashComments && c === '#') break;
      else if (syntax.hashComments && (c === '"' || c === "'") && line[i + 1] === c && line[i + 2] === c) {
        open = c === '"' ? '"""' : "'''";
        i += 3;
        continue;
      } else if (c === '`' && syntax.backtickStrings) {
        open = '`';
        i++;
        continue;
      } else if (c === '"' || c === "'") {
        if (c === "'" && syntax.lifetimes && /[A-Za-z_]/.test(line[i + 1] ?? '') && line[i + 2] !== "'") {
          i++;
          continue;
        }
        // A string ends on its line. A quote left open there was not a string's (a regex literal
        // `/it's/`, an apostrophe where the syntax is guessed wrong): the line is not read
        // surely, and counts for nothing rather than for the brackets a wrong reading gives it.
        const end = closingQuote(line, i + 1, c);
        if (end === -1) {
          [round, square, curly] = [roundBefore, squareBefore, curlyBefore];
          break;
        }
        i = end + 1;
        continue;
      }
      i++;
    }
  }
  return { round, square, curly, openAtEnd: open === 'comment' ? 'comment' : open === undefined ? undefined : 'string' };
}

/**
 * True when the `/` at `at` starts a regular expression rather than dividing: what stands before
 * it (spaces aside) is nothing, an operator, an opening bracket, a comma or colon, or a keyword
 * such as `return`. The same test JavaScript tools use without a parser.
 */
function startsRegex(line: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (line[k] === ' ' || line[k] === '\t')) k--;
  if (k < 0) return true;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(line[k])) return true;
  return /(?:^|[^\w$])(?:return|typeof|case|in|of|delete|void|throw|new|yield|await)$/.test(line.slice(0, k + 1));
}

/** The index of the `/` that ends a regular expression whose body starts at `from` (classes and escapes skipped); -1 when none on the line. */
function regexEnd(line: string, from: number): number {
  let inClass = false;
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return i;
  }
  return -1;
}

/**
 * The index of the first unescaped `quote` in `line` at or after `from` (or of a `${` before it,
 * when `substitutions`); -1 when there is none.
 */
function closingQuote(line: string, from: number, quote: string, substitutions = false): number {
  for (let i = from; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line.startsWith(quote, i) || (substitutions && line.startsWith('${', i))) return i;
  }
  return -1;
}

/**
 * Why `after` is not balanced as `before` is, in words; undefined when the balances agree. Names
 * the bracket whose count changed, or the comment or string left open.
 */
export function balanceChange(before: Balance, after: Balance): string | undefined {
  if (after.openAtEnd !== before.openAtEnd) {
    if (after.openAtEnd === 'comment') return 'a comment would be left open';
    if (after.openAtEnd === 'string') return 'a multi-line string would be left open';
    return `the ${before.openAtEnd} open at the file's end would be closed`;
  }
  for (const [name, open, close] of BRACKETS) {
    const change = after[name] - before[name];
    if (change > 0) return `${change} more "${open}" than "${close}" would stand in the file`;
    if (change < 0) return `${-change} more "${close}" than "${open}" would stand in the file`;
  }
  return undefined;
}
