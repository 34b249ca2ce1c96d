/**
 * Recognising elision lines: the places where a model wrote "the code here stays as it was"
 * instead of the code (`// ... existing code ...`, `# ... rest of file unchanged`, `...`).
 *
 * Choice on bare `...`: a line holding only dots (or `…`) is ALWAYS an elision, also inside Python
 * where `...` can be a stub body. Aider treats such lines as elisions in SEARCH/REPLACE, and the two
 * mistakes are not equally bad: reading a real `...` stub as an elision makes the matcher fill it
 * from the original or refuse (`ELISION_UNRESOLVED`), whereas reading an elision as code would write
 * `...` over the user's code. Code that merely contains dots (`...args`, `[...a]`, `print("...")`,
 * `return ...`) is never an elision.
 *
 * Linear: a few anchored regexes without nested quantifiers per line.
 */

/**
 * Comment syntaxes: opening token and, for block comments, the closing token. Templates' own
 * comments come first, each before the shorter opener it starts with: Jinja, Twig and Nunjucks
 * `{# #}`, ERB `<%# %>`, HEEx `<%!-- --%>`, JSP and ASP.NET `<%-- --%>`, Blade `{{-- --}}`,
 * Handlebars `{{!-- --}}` and `{{! }}`, Razor `@* *@`: a model eliding a template writes those.
 * Haskell's block comment `{- -}` (also Elm's, PureScript's, Idris's, Agda's) is how a model elides
 * a Haskell snippet as often as with `--`: `{- ... existing code ... -}`.
 */
const COMMENT_FORMS: ReadonlyArray<readonly [string, string]> = [
  ['{{!--', '--}}'],
  ['{{--', '--}}'],
  ['{{!', '}}'],
  ['{#', '#}'],
  ['<%!--', '--%>'],
  ['<%--', '--%>'],
  ['<%#', '%>'],
  ['@*', '*@'],
  ['{/*', '*/}'],
  ['{-', '-}'],
  ['<!--', '-->'],
  ['/*', '*/'],
  ['(*', '*)'],
  ['"""', '"""'],
  ['//', ''],
  ['#', ''],
  ['--', ''],
  [';;', ''],
  [';', ''],
  ['%', ''],
  ["'", ''],
  ['rem ', ''],
  // A batch file's label-style comment (`:: ... existing code ...`), as common there as `REM`.
  ['::', ''],
];

/** Words that, next to dots, make a comment read as "code left out here" whatever its length. */
const STRONG_WORDS = /\b(?:existing|rest|unchanged|remain|remains|remaining|same|omitted|snip|snipped|previous|elided|etc|truncated|abbreviated)\b/;
/** Words that do so only in a short comment (`// other methods...`, not `# see the docs for other options...`). */
const WEAK_WORDS = /\b(?:other|others|code|methods|functions|imports|implementation|body|fields|properties|cases|tests|handlers|routes|lines)\b/;

/**
 * Phrases that mean "code left out here" even without dots, matched against the whole comment:
 * `// existing code`, `// rest of the code remains the same`, `# rest unchanged`. A comment
 * that only mentions such words (`// "existing code" is explained above`, `// the API is
 * unchanged since v2`) says something about code, not in place of it.
 *
 * "The rest" stands for code by itself. "Other", "remaining", "existing", "previous" or "original"
 * something, and something "above" or "below", do only when the something is code (`// existing
 * imports`, `// other methods`, `// helper functions above`) or the comment says it stays
 * (`// other options unchanged`): `// previous value`, `// other options` and `// see above` are
 * comments a model writes into new code, and reading one as an elision keeps the lines the edit
 * deletes in its place.
 */
const STAYS = '(?: (?:is|are))?(?: (?:remains?|stays?|left|kept|goes|the same|unchanged|as is|as before|as it was|omitted|for brevity|not shown|here))+';
const CODE_NOUN =
  '(?:code|codes|content|contents|implementation|implementations|logic|imports?|methods?|functions?|lines|fields|properties|cases|tests|handlers|routes|members|declarations|definitions|statements|class(?:es)?|components|props|exports|types|styles|rules|config|configuration|settings|sections|body|bodies|helpers|hooks|endpoints|markup|elements|dependencies|steps|stuff)';
// What the rest is of may be named as code names it (`# Rest of get_task`, `// rest of render()`).
const REST = '(?:(?:the |all (?:the )?)?(?:rest|remainder)(?: of (?:the |this |your )?[a-z_][a-z0-9_]*(?:\\(\\)?)?(?: [a-z_][a-z0-9_]*(?:\\(\\)?)?)?)?|everything else)';
const QUALIFIED = '(?:(?:all |your |the )?(?:other|remaining|existing|previous|original))';
const ELISION_PHRASES = [
  new RegExp(`^${REST}(?:${STAYS})?$`),
  new RegExp(`^${QUALIFIED}(?: [a-z]+)? ${CODE_NOUN}(?:${STAYS})?$`),
  new RegExp(`^(?:[a-z]+ )?${CODE_NOUN} (?:above|below)(?:${STAYS})?$`),
  // Anything else left as it was, said so (`// other options unchanged`, `# settings below stay the same`).
  new RegExp(`^(?:${QUALIFIED} [a-z]+(?: [a-z]+)?|[a-z]+(?: [a-z]+)? (?:above|below))(?: (?:is|are))?(?: (?:remains?|stays?|kept|left|the same|unchanged|as is|as before|as it was|omitted|for brevity|not shown))+(?: here)?$`),
  /^(?:keep|kept|leave|same as) (?:the |all )?(?:existing|rest|original|previous|remaining|before|above|everything)\b[a-z ]{0,30}$/,
  // Not a condition on the lines around it (`// unchanged if null`, `// omitted when empty`).
  /^(?:unchanged|omitted|snip|snipped|elided)\b(?![a-z ]*\b(?:if|when|unless|while|because|since|but|except|until|by|in)\b)[a-z ]{0,30}$/,
  /^[a-z]+(?: [a-z]+)? (?:omitted|elided|truncated)(?: for brevity)?$/,
  // A list of parts said to stay (`<!-- KPI cards, chart and table stay the same -->`).
  /^[a-z]+(?:,? [a-z]+){0,5} (?:stays?|remains?) (?:the same|unchanged|as (?:is|before|they are|it is))$/,
  /^(?:previous|prior|original|earlier) (?:code|content|implementation|logic|imports|methods|functions|lines)$/,
  // `// no changes below`, `// no other changes needed here`: said of the lines around it.
  // "to the rest of …" once, not among the repeated words: its free words could also be read as
  // the next repetition, and the ways to split grow exponentially with the repetitions.
  /^no (?:other |further )?changes?(?: (?:needed|required|made|necessary))?(?= )(?: (?:below|above|here|after this|from here(?: on)?|beyond this point|elsewhere))*(?: to the rest(?: of [a-z]+(?: [a-z]+)?)?)?(?: (?:below|above|here|after this|from here(?: on)?|beyond this point|elsewhere))*$/,
];

/**
 * True when a line stands for omitted code rather than being code. Recognised:
 * - only dots (three or more) or `…`, with any indentation, optionally in `[...]` / `(...)`;
 * - a placeholder in brackets with dots and an elision word (`(rest of methods ...)`);
 * - elision words between dots, without a comment sign (`... existing docstring ...`);
 * - a comment (`//`, `#`, `--`, `;`, `%`, `'`, `rem`, `::`, `/* *\/`, `<!-- -->`, `{/* *\/}`, `(* *)`, `{- -}`, and templates'
 *   `{# #}`, `<%# %>`, `{{-- --}}` and kin) whose body is
 *   only dots, or starts with dots (`// ... more handlers`), or ends with dots next to an elision
 *   word (`# rest of the class ...`), or is an elision phrase without dots (`// rest of the code
 *   remains the same`, `// existing code`).
 * Not recognised: code with dots in it (`...args`, `[...a]`, `print("...")`, `foo(...)`), and
 * ordinary comments that end with dots (`// Loading...`).
 */
export function isElisionLine(line: string): boolean {
  // The first character settles most lines of code (see MAY_START below): read past the
  // indentation here, no trimmed copy of each indented line is made. A character that is not
  // printable ASCII may be whitespace to `trim()`: such a line goes the whole way.
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9) continue;
    if (c > 32 && c < 127 && !MAY_START.has(line[i])) return false;
    break;
  }
  const text = line.trim();
  if (text.length < 1 || text.length > 200) return false;
  // Every form below starts with dots, a bracket or a comment token: most lines of code are
  // turned away by their first character (this runs on every line of every search text).
  if (!MAY_START.has(text[0])) return false;
  if (isDotsOnly(text)) return true;
  if (text === '[...]' || text === '(...)' || text === '[…]' || text === '(…)') return true;
  // Python's `...` with a comment after it (`...  # unchanged`).
  const trailing = /^(?:\.{3,}|…)[ \t]*(?:#|\/\/)(.*)$/.exec(text);
  if (trailing) return isElisionBody(trailing[1].trim()) || STRONG_WORDS.test(trailing[1].toLowerCase());
  const body = commentBody(text);
  if (body !== undefined) return isElisionBody(body);
  // Words between dots with no comment sign (`... existing docstring ...`, `… rest of the method …`),
  // as models write inside a docstring or string where a comment sign would be text: no language
  // has a line that opens and closes with dots around plain words (spread syntax is `...args`, with
  // no space and no trailing dots), so with elision words it stands for the lines left out.
  if (/^(?:\.{3}|…)[ \t]/.test(text) && /[ \t](?:\.{3}|…)$/.test(text)) {
    const words = text.replace(/^(?:\.{3}|…)/, '').replace(/(?:\.{3}|…)$/, '').trim();
    if (/^[\p{L}\d][\p{L}\d '’,()-]*$/u.test(words)) return isElisionBody(text);
  }
  // A placeholder in brackets, no comment syntax (`(rest of methods ...)`, `[... existing code ...]`,
  // as Gemini's edit tool sees models write): with dots, never code on a line of its own.
  const bracketed = /^[([](.*)[)\]]$/.exec(text);
  if (bracketed === null) return false;
  if (/\.{3}|…/.test(bracketed[1])) return isElisionBody(bracketed[1]);
  // Without dots, only square brackets around a whole phrase of the elision vocabulary, as a
  // whole file's placeholder is written (`[original content here]`, `[rest of the file
  // unchanged]`; Cline #3183 wrote one over 97 lines): an INI section or a Markdown link label
  // is a name, never such a phrase.
  const words = bracketed[1].trim().toLowerCase();
  return text[0] === '[' && text[text.length - 1] === ']' && words.split(/\s+/).length <= 8 && isElisionPhrase(words);
}

/**
 * True for a comment whose whole body is a few words between dots and nothing else
 * (`# ... Linux/Windows/Mac entries ...`, `<!-- ... spring-release repository ... -->`) that
 * `isElisionLine` does not take: no word of it says "left out", it names what is. Models name the
 * lines a marker stands for so, and a comment of the file is seldom written so; but one may be
 * (`# ... and so on ...` in a doc), so such a line is only a candidate: the caller takes it as a
 * marker where the file has no such line and, merged as one, it stands for lines of the file the
 * snippet does not show (flask's matrix: read as a comment, the three entries it named were
 * deleted). Up to 20 words and 200 characters, as long as `isElisionLine` reads: models describe
 * what they keep at length (`# ... keep the user, gosu, locale and repository-key steps exactly as
 * they are ...`), and at 8 words and 120 characters such a marker was written into the file.
 */
export function isDescribedElision(line: string): boolean {
  const text = line.trim();
  if (text.length > 200 || isElisionLine(line)) return false;
  const body = commentBody(text);
  if (body === undefined) return false;
  const inner = withoutDecorations(body);
  const opens = /^(?:\.{3}|…)[ \t]/.exec(inner)?.[0].length;
  const closes = /[ \t](?:\.{3}|…)$/.exec(inner)?.index;
  const words = opens !== undefined && closes !== undefined && closes > opens ? inner.slice(opens, closes).trim() : undefined;
  // Words only (names, versions like 3.12, `/`-separated lists); no run of dots, no code's punctuation.
  return words !== undefined && /^[\p{L}\d][\p{L}\d '’,./&:()+-]*$/u.test(words) && !words.includes('..') && words.split(/\s+/).length <= 20;
}

/** The elision vocabulary (`STRONG_WORDS`, `WEAK_WORDS`, `CODE_NOUN`): words that say lines are left out, not which. */
const ELISION_WORD = new RegExp(`^(?:${STRONG_WORDS.source}|${WEAK_WORDS.source}|${CODE_NOUN})$`);
/** Words of three letters or more that name nothing: function words and the ways of saying lines stay as they are. */
const FUNCTION_WORDS = new Set('and nor the for from with are here there this that these those all any some more its their our your his her them stay stays kept left keep before after above below unchanged untouched original prior earlier current old not change changes shown brevity'.split(' '));

/** True for a word of the elision vocabulary, or the singular of one (`dependency`, `method`, `property`): those name a kind of line, not which. */
function elisionWord(word: string): boolean {
  return ELISION_WORD.test(word) || ELISION_WORD.test(`${word}s`) || ELISION_WORD.test(`${word}es`) || (word.endsWith('y') && ELISION_WORD.test(`${word.slice(0, -1)}ies`));
}

/**
 * The words by which a marker line (an elision, or a `... words ...` comment taken as one) names
 * the lines it stands for: the words of its comment's body (lower case, three characters or more,
 * not only digits) that are neither elision vocabulary nor function words. `<!-- ... existing
 * bootstrap and mockito dependencies ... -->` names `bootstrap` and `mockito`; `// ... existing
 * code ...` and `# rest of the methods unchanged` name nothing.
 */
export function markerNames(line: string): string[] {
  const body = commentBody(line.trim()) ?? line.trim();
  const words = body.toLowerCase().split(/[^\p{L}\d]+/u).filter((word) => word.length >= 3 && !/^\d+$/.test(word) && !FUNCTION_WORDS.has(word) && !elisionWord(word));
  return [...new Set(words)];
}

/** The first characters an elision line can have: dots, `[`, `(`, and the comment openers of `COMMENT_FORMS` (`rem` in either case). */
const MAY_START = new Set(['.', '\u2026', '[', '(', '{', '<', '/', '"', '#', '-', ';', '%', "'", '@', 'r', 'R', ':']);

/**
 * True for a line of dots closing a tag (`...>`, `.../>`), as models write under a tag's opening
 * line (`<application`) for "its attributes, unchanged": the dots stand for the tag's attribute
 * lines, its closing bracket among them. Kept apart from `isElisionLine`: such a marker stands for
 * the tag's attributes and no more, which only a place that checks what follows it can honour
 * (see `placeRewrite`).
 */
export function isTagAttributesElision(line: string): boolean {
  return /^(?:\.{3,}|…)[ \t]*\/?>$/.test(line.trim());
}

/** True for a line of only dots (`...`, `…`), indentation aside: Python's Ellipsis as often as an elision. */
export function isBareDotsLine(line: string): boolean {
  return isDotsOnly(line.trim());
}

/** `...`, `....`, `…`, `. . .` and nothing else. */
function isDotsOnly(text: string): boolean {
  return /^(?:\.{3,}|…+|(?:\. ){2,}\.)$/.test(text);
}

/** The text inside a comment that takes the whole line, or undefined if the line is not one. */
function commentBody(text: string): string | undefined {
  const lower = text.toLowerCase();
  for (const [open, close] of COMMENT_FORMS) {
    if (!lower.startsWith(open)) continue;
    // `'` opens a comment in VB, and a string in most languages: `'...',` in a list is a string.
    if (open === "'" && text.indexOf("'", 1) !== -1) return undefined;
    let body = text.slice(open.length);
    if (close) {
      if (!body.endsWith(close)) {
        // A block comment may be left open on the line (`/* ... existing code ...`).
        if (open !== '/*' && open !== '<!--' && open !== '{/*') continue;
      } else {
        body = body.slice(0, body.length - close.length);
      }
    }
    // `#` also opens `#include`, `#!/bin/sh`, `#[derive]`: those have no space or dots after it,
    // and fail the body tests below anyway.
    return body.trim();
  }
  return undefined;
}

function isElisionBody(raw: string): boolean {
  // Decorations around the words: `[...]`, `(unchanged)`, `{ ... }`, `<...>`.
  // Rules of dashes, equals or stars around the words as well: `// ---- existing code ----`.
  const body = withoutDecorations(raw);
  if (body.length === 0) return raw.includes('.') || raw.includes('…');
  if (isDotsOnly(body)) return true;
  // `// (no changes)`, `# [no changes]`: bracketed, a note in place of lines, not about a value.
  if (/^no (?:other )?changes?$/i.test(body) && /^\s*[[(]/.test(raw)) return true;
  const lower = body.toLowerCase();
  const startsWithDots = /^(?:\.{3}|…)/.test(lower);
  const endsWithDots = /(?:\.{3}|…)$/.test(lower);
  const words = lower.replace(/[.…]+/g, ' ').trim();
  if (words.length > 80) return false;
  const wordCount = words.length === 0 ? 0 : words.split(/\s+/).length;
  const named = STRONG_WORDS.test(words) || (wordCount <= 4 && WEAK_WORDS.test(words));
  if (startsWithDots) {
    // `// ... existing code ...`, `# ... more handlers`, `// ... (3 more)`; but a comment that
    // merely continues a sentence (`// ...and then we retry`) is prose, not an elision.
    const rest = lower.replace(/^[.…\s]+/, '');
    return rest.length === 0 || rest.startsWith('(') || named || isElisionPhrase(words);
  }
  if (endsWithDots && named) return true;
  // A phrase stands for code only as the whole of a short comment: a longer one that mentions
  // "existing code" is explaining something.
  return wordCount <= 8 && isElisionPhrase(words);
}

/**
 * `raw` without the decorations at its ends: whitespace, brackets (opening ones at the start,
 * closing ones at the end), and rules of two or more dashes, equals signs or stars. Written as two
 * loops, not as regular expressions: `(?:\*{2,}|…)+$` splits a run of stars in exponentially many
 * ways before it fails, and a license banner of 80 stars followed by text (`/*! ****…*** x`) kept
 * one search running for minutes. Each character here is looked at once or twice.
 */
function withoutDecorations(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end) {
    const c = raw[start];
    if (c.trim() === '' || OPENERS.includes(c)) start++;
    else if (RULES.includes(c) && raw[start + 1] === c) while (start < end && raw[start] === c) start++;
    else break;
  }
  while (end > start) {
    const c = raw[end - 1];
    if (c.trim() === '' || CLOSERS.includes(c)) end--;
    else if (RULES.includes(c) && end - 2 >= start && raw[end - 2] === c) while (end > start && raw[end - 1] === c) end--;
    else break;
  }
  return raw.slice(start, end).trim();
}

const OPENERS = '[({<';
const CLOSERS = '])}>';
/** Characters whose runs of two or more are rules around an elision's words (`// ---- existing code ----`). */
const RULES = '-=*';

/** True when `words` (lower case, dots taken out) is one of `ELISION_PHRASES`. */
function isElisionPhrase(words: string): boolean {
  return ELISION_PHRASES.some((re) => re.test(words));
}
