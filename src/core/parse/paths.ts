/**
 * Reading file paths the way models write them in prose and fence headers. Nothing here resolves
 * a path against a root (that is `resolvePath`'s job); this only turns decorated text into a bare
 * relative-looking path, or says "this is not a path".
 *
 * Every function is a handful of anchored, non-nested regexes and string operations per line, so
 * the cost is linear in the line length.
 */

/** Extension-less file names common enough to accept as a path on a line of their own. */
const KNOWN_BARE_NAMES = new Set([
  'makefile', 'dockerfile', 'containerfile', 'gemfile', 'rakefile', 'procfile', 'jenkinsfile',
  'vagrantfile', 'brewfile', 'podfile', 'license', 'licence', 'readme', 'changelog', 'codeowners',
  'justfile', 'caddyfile', 'snakefile', 'pipfile', 'notice', 'authors', 'contributing',
]);

/**
 * True for a token written as a well-known extension-less file name is written by convention
 * (`Makefile`, `Dockerfile`, `LICENSE`, `justfile`): capitalised, or in lower case for the
 * `…file` names tools also read so (`makefile`, `justfile`). A fence's info string puts it after
 * the language (```` ```makefile Makefile ````), where a lower-case word such as `license` or
 * `notice` is more likely an attribute of the fence than a file.
 */
export function isConventionalBareName(token: string): boolean {
  if (!KNOWN_BARE_NAMES.has(token.toLowerCase())) return false;
  return /^[A-Z]/.test(token) || /^[a-z]+file$/.test(token);
}

/**
 * Dotfiles without an extension that a sentence names as often as `a.py` ("Updated `.gitmodules`:"):
 * these by name, and the families of `DOTFILE_FAMILY`. A backticked `.name` is otherwise a method
 * or property as often (`.map`, `.then`, `.length`), so only these count as files.
 */
const KNOWN_DOTFILES = new Set([
  '.gitmodules', '.gitattributes', '.gitconfig', '.gitkeep', '.mailmap', '.htaccess', '.htpasswd', '.flake8',
  '.clang-format', '.clang-tidy', '.profile', '.bash_profile', '.bash_logout', '.bash_aliases', '.nojekyll',
]);

/** Dotfile families: `.npmrc`, `.babelrc` (two letters or more before `rc`: not `.src`), `.dockerignore`, `.python-version`. */
const DOTFILE_FAMILY = /^\.(?:[a-z][a-z0-9_-]*[a-z0-9_-]rc|[a-z][a-z0-9_-]*ignore|[a-z]+-versions?)$/;

/** True for a file name that is a well-known dotfile (`KNOWN_DOTFILES`, `DOTFILE_FAMILY`). */
function isKnownDotfile(base: string): boolean {
  return KNOWN_DOTFILES.has(base) || DOTFILE_FAMILY.test(base);
}

/**
 * File extensions that make a backticked word in a prose sentence count as a file mention, and a
 * bracketed line without a label (`[a.py]`) a file-name line. Deliberately narrower than "anything
 * after a dot": prose is full of `obj.method` and `os.path`, config files of `[tool.poetry]`. Words
 * that are as often a property or a domain as an extension stay out (`props`, `patch`, `config`, `org`).
 */
const KNOWN_EXTENSIONS = new Set((
  'py pyi ipynb ts tsx js jsx mjs cjs mts cts json jsonc json5 md mdx markdown rst txt rs go java kt kts ' +
  'scala c h cc cpp cxx hpp hh cs fs vb rb php swift m mm sh bash zsh fish ps1 bat cmd yaml yml toml ' +
  'ini cfg conf env lock html htm css scss sass less sql xml svg vue svelte astro lua dart ex exs erl ' +
  'hrl hs ml mli r jl clj cljs el vim pl pm proto graphql gql tf tfvars hcl gradle properties csv tsv ' +
  'tex bib zig nim sol mod sum cmake mk dockerfile gitignore editorconfig prisma njk hbs ejs jinja ' +
  'j2 twig liquid pug cabal nix rake gemspec podspec plist xaml csproj sln razor cshtml ino s asm wat ' +
  'reg psm1 psd1 vbs tpl tmpl erb haml slim mustache jsonnet libsonnet rego bzl bazel groovy sbt edn cljc fsx ' +
  'fsi elm vhd vhdl awk tcl pyx pxd pyw jsp aspx ascx resx vcxproj fsproj vbproj nuspec glsl hlsl wgsl cu ' +
  'cuh coffee styl pcss mjml adoc'
).split(' '));

/** Labels models put before a path: `File: x`, `Path: x`, `New file: x`... (lower-cased, without colon). */
const LABEL_RE = /^(?:(?:new|updated|modified|changed|edited|create|update|edit|modify|full|complete|in)\s+)?(?:file|filename|file\s?name|path|file\s?path|location)\s*:\s*/i;

/** A trailing parenthetical note: `a.ts (new file)`, `a.ts (updated)`, `a.ts (lines 3-9)`. */
// Starting only where a run of whitespace starts: tried from every space of a long run, `\s+`
// would read the rest of it each time (quadratic).
const TRAILING_NOTE_RE = /(?<!\s)\s+\([^()]{0,40}\)$/;

/** Undecorated text that needs none of the peeling: the common case, kept cheap. */
const SIMPLE_PATH = /^[\w./@+~[\]()-]+$/;

/** `[text](target)` (no nesting: `[^\]]` and `[^)]` cannot overlap, so this stays linear). */
const MARKDOWN_LINK = /\[([^\]\n]{1,300})\]\([^)\n]{0,300}\)/;

/** Options for {@link cleanReplyPath}. */
export interface CleanPathOptions {
  /**
   * Remove a leading `a/` or `b/` (git diff prefixes). Default true: diff headers and the file
   * labels models copy from them carry it. Tool-call arguments and apply_patch headers pass false
   * (there it is a real folder; the planner drops it only when that file is missing and the file
   * without it exists).
   */
  readonly stripGitPrefix?: boolean;
}

/**
 * Turns a path as a model wrote it into a bare path, or `undefined` when the text is clearly not a
 * path. Removes: surrounding whitespace, markdown bold `**`, heading `#`s, list bullets (`-`, `*`,
 * `+`, `1.`), blockquote `>`, labels (`File:`, `Path:`, `Filename:`), a trailing colon, wrapping
 * backticks / quotes / single `*`, a trailing parenthetical note (`(new file)`), `./`, git `a/`/`b/`
 * prefixes; turns `\` into `/`. Text containing spaces is refused unless it was quoted or
 * backticked; so are URLs, empty strings, `...`, and text with characters no path holds (`<>|"?*`,
 * `;`, `,`, `=`). Guarantees: the result is non-empty, has no leading/trailing whitespace and no `\`.
 * It does NOT check that the result has a file-like shape: see {@link looksLikeFilePath}.
 */
export function cleanReplyPath(raw: string, options: CleanPathOptions = {}): string | undefined {
  let text = raw.trim();
  if (text.length === 0 || text.length > 1000) return undefined;
  let quoted = false;
  if (SIMPLE_PATH.test(text) && !text.startsWith('[')) return finishPath(text, options);
  // A markdown link `[src/a.ts](src/a.ts)` (possibly in a label or backticks): its text names the file.
  const link = MARKDOWN_LINK.exec(text);
  if (link) text = text.slice(0, link.index) + link[1] + text.slice(link.index + link[0].length);
  // Decorations nest in any order (`**`a.ts`:**`, `### File: `a.ts``): peel until nothing changes.
  for (let round = 0; round < 6; round++) {
    const before = text;
    text = text.replace(/\*\*/g, '').trim();
    text = text.replace(/^#{1,6}\s+/, '');
    text = text.replace(/^>\s+/, '');
    text = text.replace(/^(?:[-*+]|\d{1,3}[.)])\s+/, '');
    text = text.replace(LABEL_RE, '');
    text = text.replace(/:$/, '').trim();
    const unwrapped = unwrap(text);
    if (unwrapped !== undefined) {
      text = unwrapped.trim();
      quoted = true;
    }
    if (TRAILING_NOTE_RE.test(text)) text = text.replace(TRAILING_NOTE_RE, '');
    text = text.trim();
    if (text === before) break;
  }
  if (text.length === 0 || text === '...' || text === '…') return undefined;
  if (!quoted && /\s/.test(text)) return undefined;
  if (text.includes('://')) return undefined;
  if (/[<>|"?*;,=`\u201c\u201d]/.test(text)) return undefined;
  return finishPath(text, options);
}

function finishPath(raw: string, options: CleanPathOptions): string | undefined {
  let text = raw.replace(/\\/g, '/');
  if (/^\.+$/.test(text)) return undefined;
  // A colon only as a Windows drive (`C:/x`); `ts:src/a.ts` is an info string, handled by the fence reader.
  const colon = text.indexOf(':');
  if (colon >= 0 && !(colon === 1 && /^[A-Za-z]:\//.test(text))) return undefined;
  while (text.startsWith('./')) text = text.slice(2);
  if (options.stripGitPrefix !== false && /^[ab]\/./.test(text)) text = text.slice(2);
  if (text.length === 0 || text.endsWith('/')) return undefined;
  return text;
}

/** Strips one layer of matching backticks, quotes or single `*`/`_` emphasis; undefined if not wrapped. */
function unwrap(text: string): string | undefined {
  if (text.length < 2) return undefined;
  const first = text[0];
  const last = text[text.length - 1];
  const pairs: Record<string, string> = { '`': '`', '"': '"', "'": "'", '*': '*', '\u201c': '\u201d', '\u2018': '\u2019' };
  if (pairs[first] === last) return text.slice(1, -1);
  return undefined;
}

/** `cleanReplyPath` of `raw` when the result has the shape of a file (`looksLikeFilePath`); undefined otherwise. */
export function fileShapedPath(raw: string): string | undefined {
  const path = cleanReplyPath(raw);
  return path !== undefined && looksLikeFilePath(path) ? path : undefined;
}

/**
 * True when a cleaned path has the shape of a file: it contains `/`, or its last segment has an
 * extension (`.ts`, `.gitignore`), or is a well-known extension-less name (`Makefile`,
 * `Dockerfile`). Rejects version-like numbers (`1.2.3`) and abbreviations ending in a dot (`e.g.`).
 */
export function looksLikeFilePath(path: string): boolean {
  if (path.startsWith('-') || path.startsWith('!')) return false;
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.length === 0) return false;
  if (/^[\d.]+$/.test(base)) return false;
  if (KNOWN_BARE_NAMES.has(base.toLowerCase())) return true;
  const dot = base.lastIndexOf('.');
  if (dot >= 0 && dot < base.length - 1 && /^[A-Za-z0-9_+-]{1,15}$/.test(base.slice(dot + 1))) return true;
  return path.includes('/') && /[A-Za-z0-9_]/.test(base);
}

/**
 * True when a whole line is a file name and nothing else (after decoration is removed): the kind
 * of line models put right before a fenced block or a SEARCH/REPLACE block. Prose sentences,
 * fence lines, edit markers and bare words without an extension are rejected.
 */
export function looksLikeFilenameLine(line: string): boolean {
  return filenameFromLine(line) !== undefined;
}

/** The path a filename line names (see {@link looksLikeFilenameLine}), or undefined. */
export function filenameFromLine(line: string): string | undefined {
  return remembered(filenames, line, filenameOf);
}

function filenameOf(line: string): string | undefined {
  const trimmed = line.trim();
  if (trimmed.length === 0 || trimmed.length > 300) return undefined;
  if (trimmed.startsWith('```')) return nameBetweenBacktickRuns(trimmed);
  if (trimmed.startsWith('~~~')) return undefined;
  if (!quickFilenameGate(trimmed)) return undefined;
  if (/^(?:<{3,15}|>{3,15}|={5,15}|-{3,9}|\+{3,9}|\*{3})(?:\s|$)/.test(trimmed)) return undefined;
  if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
    const inside = trimmed.slice(1, -1);
    // `[lang]/[slug]` (Next.js segments) is not one bracketed label: it is read as a path, as before.
    if (!inside.includes('[') && !inside.includes(']')) return nameInBrackets(inside);
  }
  return fileShapedPath(trimmed);
}

/** A TOML / INI dotted key of three or more parts (`tool.coverage.html`); see {@link nameInBrackets}. */
const DOTTED_KEY = /^[\w-]+(?:\.[\w-]+){2,}$/;

/**
 * The file a whole bracketed line names (`[FILE: a.py]`, `[a.py]`, gpt-engineer's old name lines),
 * given the text between the brackets; undefined when the brackets hold something else.
 *
 * Guarantees: a labelled form (`FILE:`, `File:`, `Path:`, `Filename:`... as in {@link LABEL_RE})
 * names whatever file-shaped path follows the label (no section header holds `Label: `). An
 * unlabelled one is also how TOML / INI write a section header (`[tool.poetry]`, `[section.name]`,
 * `[tool.coverage.html]`), so it names a file only when it ends in a known extension
 * ({@link KNOWN_EXTENSIONS}: a header's last key rarely is one) and, without a `/` (which no bare
 * key holds), is not a dotted key of three or more parts (headers often are; `[jquery.min.js]`
 * needs a label). A two-part header can still collide (`[build.env]`): accepted, because file-name
 * lines are only looked for where a block's label stands and in the prose between blocks, not in
 * a fenced file's text, where headers are written. Never read from a first-line comment (see
 * {@link pathFromComment}).
 */
function nameInBrackets(inside: string): string | undefined {
  const text = inside.trim();
  const label = LABEL_RE.exec(text);
  if (label !== null) return fileShapedPath(text.slice(label[0].length));
  const path = cleanReplyPath(text);
  if (path === undefined || !hasKnownExtension(path)) return undefined;
  if (!path.includes('/') && DOTTED_KEY.test(path)) return undefined;
  return path;
}

/** True when the path's last segment ends in one of {@link KNOWN_EXTENSIONS}. */
function hasKnownExtension(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot >= 0 && KNOWN_EXTENSIONS.has(base.slice(dot + 1).toLowerCase());
}

/**
 * The file a line such as "```major1.py````" names: a name between two backtick runs, of any
 * lengths. CommonMark does not read a backtick line whose info string holds a backtick as a fence
 * (`parseFenceOpener` follows it), so the line is text, and written alone above a block it is the
 * block's name, as `` `major1.py` `` is. Guarantees: undefined for every line that opens or closes
 * a fence (```` ```python ````, ```` ```a.py ````, ```` ``` ````), and unless what the runs enclose
 * is a single file-shaped path with no backtick or space in it.
 */
function nameBetweenBacktickRuns(trimmed: string): string | undefined {
  let start = 0;
  while (start < trimmed.length && trimmed[start] === '`') start++;
  // No backtick after the opening run: a fence line, which is never a name line.
  if (!trimmed.includes('`', start)) return undefined;
  let end = trimmed.length;
  while (end > start && trimmed[end - 1] === '`') end--;
  const name = trimmed.slice(start, end).trim();
  if (name.length === 0 || /[\s`]/.test(name)) return undefined;
  return fileShapedPath(name);
}

/**
 * True when a line is not a file-name line but would be one without its backticks, naming a file
 * with a known extension or a well-known bare name: backticks inside the name (`file`2`.py`,
 * `File: src/`a`.ts`). Whether the name holds those backticks or they are markdown around part of
 * it cannot be told, so the caller should report the block such a line labels, rather than write
 * it under either name or leave it out while writing the rest. Lines that start with a fence or a
 * backtick run (see {@link nameBetweenBacktickRuns}) are never this.
 */
export function isNameLineWithInnerBackticks(line: string): boolean {
  if (!line.includes('`')) return false;
  const trimmed = line.trim();
  if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) return false;
  if (filenameFromLine(line) !== undefined) return false;
  // Only a clear file name (a known extension or bare name): `GET`/`POST`: above an example is prose.
  const withoutBackticks = filenameFromLine(trimmed.replace(/`/g, ''));
  return withoutBackticks !== undefined && isMentionShaped(withoutBackticks);
}

/**
 * A cheap test that rejects most prose before the regex work of cleanReplyPath: a path has a dot
 * followed by a name character, a slash or a backslash, or is a known bare name; and a sentence
 * has many words.
 */
function quickFilenameGate(trimmed: string): boolean {
  let words = 1;
  let hasPathChar = false;
  /** Whether the line holds a quote, looked for once it has more than eight words (see below). */
  let quoted: boolean | undefined;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed.charCodeAt(i);
    if (c === 32 || c === 9) {
      // More than eight words and no quote: prose (`### File: `a b/c.ts` (new file)` has six; real
      // prose has more and is refused by cleanReplyPath anyway). Settled at the ninth word, so a
      // sentence is not read to its end; a quote may still make a long line a label.
      if (++words > 8 && !(quoted ??= /["'`\u201c]/.test(trimmed))) return false;
    } else if (c === 47 || c === 92) hasPathChar = true;
    // A dot counts when a name goes on after it (`a.ts`, `.env`), not when it ends a sentence.
    else if (c === 46 && i + 1 < trimmed.length && isNameChar(trimmed.charCodeAt(i + 1))) hasPathChar = true;
  }
  if (hasPathChar) return true;
  // The line's letters, lower-cased, end with a known bare name: only its last letters can, as
  // many as the longest name has, collected from the end.
  let letters = '';
  for (let i = trimmed.length - 1; i >= 0 && letters.length < LONGEST_BARE_NAME; i--) {
    const c = trimmed.charCodeAt(i);
    if (isAsciiLetter(c)) letters = String.fromCharCode(c | 32) + letters;
  }
  for (const name of KNOWN_BARE_NAMES) if (letters.endsWith(name)) return true;
  return false;
}

const LONGEST_BARE_NAME = Math.max(...[...KNOWN_BARE_NAMES].map((name) => name.length));

function isNameChar(c: number): boolean {
  return isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 95;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * The file paths a prose line mentions in backticks (`` `src/a.ts` ``), limited to tokens that are
 * clearly files: they contain `/` or end in a known extension. Used to name the target of a block
 * whose only label is a sentence ("Now update `b.py`:"), and to stop path inheritance when prose
 * between two blocks names another file.
 */
export function backtickedPathMentions(line: string): string[] {
  const found: string[] = [];
  let from = 0;
  // A pathological line of a million backticks must stay cheap: look at the first pairs only.
  for (let pairs = 0; found.length < 8 && pairs < 200; pairs++) {
    const open = line.indexOf('`', from);
    if (open < 0) break;
    const close = line.indexOf('`', open + 1);
    if (close < 0) break;
    const token = line.slice(open + 1, close);
    from = close + 1;
    // A word without a dot or a slash names a file only when it is a well-known one (`Dockerfile`).
    if (token.length < 3 || token.length > 300 || /\s/.test(token) || (!/[./]/.test(token) && !KNOWN_BARE_NAMES.has(token.toLowerCase()))) continue;
    const path = cleanReplyPath(token);
    if (path === undefined || !isMentionShaped(path)) continue;
    if (!found.includes(path)) found.push(path);
  }
  return found;
}

/** Stricter than {@link looksLikeFilePath}: for words inside sentences. */
function isMentionShaped(path: string): boolean {
  if (!looksLikeFilePath(path)) return false;
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (KNOWN_BARE_NAMES.has(base.toLowerCase()) || isKnownDotfile(base)) return true;
  if (hasKnownExtension(path)) return true;
  // `src/util` names a folder or a module as often as a file: only count it with an extension.
  return false;
}

/**
 * The path a line names for the block that follows it: a filename line, or else a prose line that
 * mentions exactly one file in backticks. `strong` tells which of the two it was; a weak (prose)
 * path is good enough to aim a SEARCH/REPLACE block or a snippet, not to overwrite a whole file.
 */
export function pathFromLabelLine(line: string): { path: string; strong: boolean } | undefined {
  const strong = filenameFromLine(line);
  if (strong !== undefined) return { path: strong, strong: true };
  const mentions = backtickedPathMentions(line);
  if (mentions.length === 1) return { path: mentions[0], strong: false };
  if (mentions.length > 1) {
    const target = editedAmongMentions(line, mentions);
    return target !== undefined ? { path: target, strong: false } : undefined;
  }
  if (mentions.length === 0) {
    const plain = plainLabelMentions(line);
    if (plain.length === 1) return { path: plain[0], strong: false };
  }
  return undefined;
}

/** A prose line without the list, quote and heading markers it opens with (`- `, `1. `, `> `, `### `). */
export function withoutListMarkers(text: string): string {
  return text.replace(/^(?:[-*+>#]+\s*|\d{1,3}[.)]\s*)+/, '');
}

/**
 * Of the files a sentence names in backticks, the one it presents the block below as a change of:
 * the object of an editing or creating verb that opens it ("Update `flaskr/__init__.py` to use the
 * new file `flaskr/health.py`:"), also after an opening phrase saying what that file follows
 * ("Based on `config.py`, create `config_test.py`:", see `withoutSourcePhrase`), or the file after
 * "in", "into" or "inside" that ends it ("register the blueprint from `health.py` in
 * `flaskr/__init__.py`:", "then read it in `flaskr/__init__.py`:", "Move the class from
 * `app/__init__.py` into a new module `app/json_encoder.py`:"), not after "like in" or "as in"
 * ("Turn off CSRF in `config_prod.py`, like in `config.py`:" is about config_prod.py).
 * A sentence that names a second file only says what the first uses or where something came from;
 * read as naming no file, its block was dropped while the reply's other files were written.
 * Undefined when the files are joined as co-objects ("Update `a.py` and `b.py`:") or the sentence
 * reads otherwise: the block then names no file.
 */
function editedAmongMentions(line: string, mentions: readonly string[]): string | undefined {
  const text = withoutListMarkers(line.trim()).replace(/\*\*/g, '');
  const main = withoutSourcePhrase(text);
  const opening = /^(?:(?:and|then|now|next|finally|also|first),?\s+)?(?:update|modify|change|edit|fix|patch|adjust|extend|amend|rewrite|refactor|create)\s+(?:the\s+|your\s+|a\s+)?(?:new\s+)?(?:file\s+)?`([^`]+)`(.*)$/i.exec(main);
  if (opening && !/^\s*(?:,|and\b|or\b|&|\+|as well as\b)/i.test(opening[2])) {
    const path = cleanReplyPath(opening[1]);
    if (path !== undefined && path === backtickedPathMentions(main)[0]) return path;
  }
  // "into a new module `app/json_encoder.py`:" names the file the block goes into as surely as
  // "into `app/json_encoder.py`:" does: the article and the kind of file say it is made there.
  const closing = /\b(?:in|into|inside)\s+(?:the\s+|your\s+|an?\s+)?(?:new\s+)?(?:(?:file|module)\s+)?`([^`]+)`(?:\s+(?:file|module))?\s*[:：]$/i.exec(text);
  // "…, like in `config.py`:" compares with the file, it does not put the block there.
  if (closing && !/\b(?:like|as|unlike|than)$/i.test(text.slice(0, closing.index).trimEnd())) {
    const path = cleanReplyPath(closing[1]);
    if (path !== undefined && path === mentions[mentions.length - 1]) return path;
  }
  return undefined;
}

/**
 * A sentence without the phrase it opens with to say which file the rest follows ("Based on
 * `config.py`, create `config_test.py` for the test suite:", "Using `a.py` as a template,"): the
 * main clause, whose verb and object say which file the block is. The sentence itself otherwise.
 */
export function withoutSourcePhrase(text: string): string {
  return text.replace(/^(?:based\s+on|(?:modell?ed|patterned)\s+(?:on|after)|following|like|similar\s+to|starting\s+from|using)\s+(?:the\s+|your\s+)?(?:file\s+)?`[^`]+`(?:\s+file)?(?:\s+as\s+(?:a\s+|the\s+)?(?:template|base|model|reference|starting\s+point))?\s*,\s*/i, '');
}

/**
 * Files named without backticks in a short lead-in that ends with a colon: `In app/x.py:`,
 * `Changes to src/a.ts:`. Only words that are clearly files count (a `/` or a known extension),
 * and only in lines of at most eight words, so an ordinary sentence names nothing.
 */
export function plainLabelMentions(line: string): string[] {
  const trimmed = line.trim();
  if (trimmed.length > 200 || !/[:：]$/.test(trimmed)) return [];
  const words = trimmed.slice(0, -1).split(/\s+/);
  if (words.length > 8) return [];
  const found: string[] = [];
  for (const word of words) {
    const token = word.replace(/^[*_"'(]+|(?<![*_"'),.;])[*_"'),.;]+$/g, '');
    if (token.length < 3 || !/[./]/.test(token)) continue;
    const path = cleanReplyPath(token);
    if (path !== undefined && isMentionShaped(path) && !found.includes(path)) found.push(path);
  }
  return found;
}

/**
 * Paths a line names for the purpose of "another file was named here": filename lines, backticked
 * file mentions, and diff / apply_patch headers (`+++ b/x`, `*** Update File: x`).
 */
export function pathsNamedByLine(line: string): readonly string[] {
  return remembered(namedPaths, line, pathsNamedBy);
}

function pathsNamedBy(line: string): readonly string[] {
  const header = /^(?:\+\+\+ |\*\*\* (?:Add|Update|Delete) File: )(.+)$/.exec(line);
  if (header) {
    // A tab ends the path (git puts a timestamp after it); cut there, not by `\t.*$`, which a
    // long run of tabs before a `\r` makes quadratic.
    const tab = header[1].indexOf('\t');
    const path = cleanReplyPath(tab === -1 ? header[1] : header[1].slice(0, tab));
    return path !== undefined && path !== '/dev/null' ? [path] : [];
  }
  const own = filenameFromLine(line);
  if (own !== undefined) return [own];
  const ticked = line.includes('`') ? backtickedPathMentions(line) : [];
  return ticked.length > 0 ? ticked : plainLabelMentions(line);
}

/**
 * The path a first-line comment names: `// src/a.ts`, `# a.py`, `-- q.sql`, `; x.ini`,
 * `/* a.css *\/`, `<!-- a.html -->`, `{/* a.tsx *\/}`, also with a `File:` label. The comment must
 * hold nothing but the path, so `# coding: utf-8`, `#!/bin/sh`, `#include <x.h>` are not paths.
 */
export function pathFromComment(line: string): string | undefined {
  const text = line.trim();
  const forms: ReadonlyArray<readonly [string, string]> = [
    ['{/*', '*/}'], ['<!--', '-->'], ['/*', '*/'], ['//', ''], ['#', ''], ['--', ''], [';', ''], ['%', ''],
  ];
  for (const [open, close] of forms) {
    if (!text.startsWith(open)) continue;
    let body = text.slice(open.length);
    if (close) {
      if (!body.endsWith(close)) return undefined;
      body = body.slice(0, body.length - close.length);
    }
    // `#` must be followed by a space: `#include`, `#!/bin/sh`, `#region` are code.
    if (open === '#' && !/^\s/.test(body)) return undefined;
    if (filenameFromLine(body) === undefined) return undefined;
    // The path must also read as a plain path: the name-line-only forms (`[a.py]`, "```a.py```")
    // are not taken from a comment, where `# [build.env]` is a commented-out TOML header.
    return fileShapedPath(body);
  }
  return undefined;
}

/** How many lines each cache below holds before it starts afresh. */
const REMEMBERED = 512;
const filenames = new Map<string, string | undefined>();
const namedPaths = new Map<string, readonly string[]>();

/**
 * `compute(line)`, kept for lines seen lately: a reply repeats its path lines (`src/a.ts` above
 * each of fifty blocks), and the path functions are pure. Results are not changed by callers
 * (strings, and lists that are only read); each cache starts afresh when full.
 */
function remembered<T>(cache: Map<string, T>, line: string, compute: (line: string) => T): T {
  // Only lines without a space are kept: the repeated path lines; prose sentences differ each time.
  if (line.length > 300 || line.includes(' ')) return compute(line);
  if (cache.has(line)) return cache.get(line) as T;
  const value = compute(line);
  if (cache.size >= REMEMBERED) cache.clear();
  cache.set(line, value);
  return value;
}
