/**
 * Tool-call text escaped twice. A model that writes a JSON tool call sometimes escapes its strings
 * once more than JSON needs, so that after decoding, `old_string` still holds `\n`, `\t`, `\"` as
 * two characters each where the file has a newline, a tab, a quote. Gemini CLI's edit tool meets
 * the same failure and repairs it the same way: only when the text as written is not in the file.
 */

/** The backslash sequences a second escaping leaves behind, and what each one stood for. */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', b: '\b', '"': '"', "'": "'", '`': '`', '\\': '\\' };
const ESCAPE = /\\([ntrfb"'`\\])/g;

/**
 * `text` with one level of backslash escaping removed, a `\r\n` it spelled out read as `\n` (the
 * edit model's line ending: a CRLF file keeps its endings when written); the same string when it
 * holds no backslash.
 */
export function unescapeOnce(text: string): string {
  return text.includes('\\') ? text.replace(ESCAPE, (_, c: string) => ESCAPES[c]).replace(/\r\n/g, '\n') : text;
}

/**
 * The search and replacement with one level of escaping removed, when that is what makes the search
 * text appear in the file (`view()`: its text with `\n` endings, asked for only when the search
 * holds a backslash) and the text as written does not, or when the search holds nothing escaping
 * changes and the replacement says it was escaped twice (`newTextEscaping`), or has quotes escaped
 * outside its strings where the search stands outside a string of the file; `unsure` when the
 * replacement only looks so; otherwise undefined. Never changes a search text already in the file.
 */
export function repairOverEscaped(search: string, replacement: string, view: () => string, backslashes: BackslashUse = 'code'): { search: string; replacement: string } | 'unsure' | undefined {
  if (!search.includes('\\')) {
    // No backslash in the search, and no line break: it reads alike either way, and only the
    // replacement can show the escaping. A quote in the search, written bare, says the search
    // was not escaped twice, not that the new text was not: models escape one string of a call
    // twice and not the other (`DELIMITER = ","` replaced by `DELIMITER = ","\nLINE_END = …`).
    const verdict = /[\n\t\r]/.test(search) ? undefined : newTextEscaping(replacement, search, backslashes);
    if (verdict?.kind === 'twice') return { search, replacement: verdict.text };
    // Quotes escaped outside any string of the new text: escaped twice, unless the old text stands
    // inside a "string" of its line in the file, where `\"` is how the string holds a quote.
    if (verdict?.kind === 'unsure' && verdict.quotesOnly && search.trim() !== '') {
      const place = placeAmongQuotes(view(), search);
      if (place === 'outside') return { search, replacement: unescapeOnce(replacement) };
      if (place === 'inside') return undefined;
    }
    return verdict?.kind;
  }
  if (view().includes(search)) return undefined;
  const unescaped = unescapeOnce(search);
  if (unescaped === search || unescaped.trim() === '' || !view().includes(unescaped)) return undefined;
  return { search: unescaped, replacement: unescapeOnce(replacement) };
}

/** How many places of the old text `placeAmongQuotes` reads before it gives up. */
const MAX_QUOTE_PLACES = 64;

/**
 * Where `search` stands in `view` among its lines' double quotes: `outside` when every place it
 * stands starts outside a "string" of its line (an even number of unescaped `"` before it),
 * `inside` when every one starts inside one, undefined when it is not there or places differ. A
 * string over several lines (a docstring) reads as outside, where a `"` needs no escape either.
 */
function placeAmongQuotes(view: string, search: string): 'outside' | 'inside' | undefined {
  let place: 'outside' | 'inside' | undefined;
  let seen = 0;
  for (let at = view.indexOf(search); at !== -1; at = view.indexOf(search, at + 1)) {
    if (++seen > MAX_QUOTE_PLACES) return undefined; // a text this common says nothing of its place
    let quotes = 0;
    for (let k = view.lastIndexOf('\n', at - 1) + 1; k < at; k++) {
      if (view[k] === '\\') k++;
      else if (view[k] === '"') quotes++;
    }
    const here = quotes % 2 === 0 ? 'outside' : 'inside';
    if (place !== undefined && place !== here) return undefined;
    place = here;
  }
  return place;
}

/**
 * What a tool call's new text says of its escaping, when it has no line break of its own but a `\n`
 * escape where code goes on (outside strings and regular expressions), or a `\"` outside any
 * string:
 * - `twice`, with the text unescaped once, when a `\n` comes before a blank or an indented line
 *   (`\n\n`, `\n` then two spaces or a tab) or another comment line (`# a\n# b`, `/**\n * a`),
 *   ends a `#!` line, or stands where a line of the old text ends or begins (the text is `search`
 *   and `\n` and more, or more and `\n` and `search`; out of comments, also a text that starts or
 *   ends with it): no code puts a backslash and an `n` there;
 * - `unsure` for any other `\n` in code (`import os\nimport sys`) or a `\"` outside strings
 *   (`open(f, encoding=\"utf-8\")`): most likely escaped twice, but a line of a docstring may
 *   mention `\n`, and a part of a line may start inside a string, so a guess could write wrong code;
 * - `twice` too for a whole file's text (`wholeFile`) that ends in `\n`, with any other `\n` out of
 *   strings, comments included: a file of one line that ends so is a file escaped twice;
 * - undefined when nothing says so: a `\n` in a string literal (`print("a\n")`), a regular
 *   expression (`/\n\n/`) or a comment (`# strip \n`) is the text's own, and so is a `\"` in a
 *   shell script or Makefile (`backslashes` `shell`), where it quotes outside strings, and every
 *   backslash of a TeX source (`tex`).
 *
 * Why: a model whose new text is escaped once too often (`"def h():\\n    return 3"` in the JSON)
 * gives an old text that reads alike either way when it holds nothing escaping changes (one line,
 * no quote): the old text is found, and the new one would be written as one line of `\n`s.
 */
export function newTextEscaping(text: string, search?: string, backslashes: BackslashUse = 'code', wholeFile = false): { kind: 'twice'; text: string } | { kind: 'unsure'; quotesOnly: boolean } | undefined {
  // In TeX a backslash starts a command (`\newline`, `\noindent`, `\textit`): its `\n` and `\t`
  // are the text's own wherever they stand, so only a search text can prove the escaping.
  if (backslashes === 'tex' || !text.includes('\\') || text.includes('\n') || text.includes('\r')) return undefined;
  const signals = escapeSignals(text);
  // In a comment, only the old text's own edge: a comment may end by mentioning `\n`.
  const atSearchEdge = search !== undefined && search !== '' && (text.startsWith(search + '\\n') || text.endsWith('\\n' + search));
  const atEdge = atSearchEdge || text.startsWith('\\n') || text.endsWith('\\n');
  const twice =
    signals.beforeLine ||
    // A whole file of one line that ends in `\n` (a comment's included: `// About it.\nexport …\n`).
    (wholeFile && text.endsWith('\\n') && (signals.inCode || signals.inComment)) ||
    (signals.inCode && atEdge) ||
    (signals.inComment && atSearchEdge);
  if (twice) return { kind: 'twice', text: unescapeOnce(text) };
  return signals.inCode || (signals.quoteInCode && backslashes !== 'shell') ? { kind: 'unsure', quotesOnly: !signals.inCode } : undefined;
}

/** Characters after which a `/` opens a regular expression rather than dividing. */
const BEFORE_REGEX = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);

/** The escapes of `text` met outside strings and regular expressions (see `newTextEscaping`). */
function escapeSignals(text: string): { beforeLine: boolean; inCode: boolean; inComment: boolean; quoteInCode: boolean } {
  const signals = { beforeLine: false, inCode: false, inComment: false, quoteInCode: false };
  // A script's `#!` line is one line: a `\n` after it starts the script.
  if (text.startsWith('#!') && text.includes('\\n')) return { ...signals, beforeLine: true };
  let quote = '';
  let previous = '';
  let inComment = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) [quote, previous] = ['', c];
      continue;
    }
    if (c === '\\') {
      const next = text[i + 1];
      if (next === 'n') {
        const after = text.slice(i + 2, i + 4);
        if (/^(?:\\[nt]| {2}|\t)/.test(after) || (inComment && /^\s*(?:#|\/\/|\*)/.test(text.slice(i + 2, i + 40)))) {
          signals.beforeLine = true;
          return signals;
        }
        if (inComment) signals.inComment = true;
        else signals.inCode = true;
      } else if (next === '"' && !inComment) {
        signals.quoteInCode = true;
      }
      i++;
    } else if (inComment) {
      continue; // a comment's words: its quotes open no string
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
    } else if ((c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) || (c === '#' && (text[i + 1] === ' ' || previous === ''))) {
      inComment = true;
    } else if (c === '/' && BEFORE_REGEX.has(previous) && text[i - 1] !== '*') {
      // A regular expression literal, read as a string that ends at the next `/` (a `*/` closes
      // a block comment the text started before).
      quote = '/';
    }
    if (c !== ' ' && c !== '\t') previous = c;
  }
  return signals;
}

/**
 * What a backslash means in a file's text, by its name: `shell` for shell scripts and Makefiles,
 * whose code quotes with `\"` outside strings; `tex` for TeX and LaTeX sources, where it starts a
 * command; `code` for the rest, where outside strings and comments it is an escape.
 */
export type BackslashUse = 'code' | 'shell' | 'tex';

export function backslashUseOf(path: string): BackslashUse {
  if (/(?:\.(?:sh|bash|zsh|fish|ksh|mk|bat|cmd|ps1)|(?:^|\/)(?:GNUmakefile|[Mm]akefile|Dockerfile|Containerfile))$/.test(path)) return 'shell';
  if (/\.(?:tex|latex|ltx|sty|cls|dtx|ins|bib|bbx|cbx|bst)$/i.test(path)) return 'tex';
  return 'code';
}
