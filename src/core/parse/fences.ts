/**
 * Finding fenced blocks in a reply: backtick or tilde fences of any length >= 3 (with an info
 * string), and Aider's `<source>` ... `</source>` fences (used when the file itself holds
 * backticks). A fence closes only with the same character, at least as long as the opener, with
 * nothing but whitespace after it.
 *
 * Beyond CommonMark, one heuristic for how models really write: a file that itself contains a
 * fenced block (a README) is often wrapped in a fence of the SAME length. Inside an open fence, a
 * line that opens a fence with an info string (```` ```bash ````) is counted as a nested opener and
 * the next bare fence closes that one, not the outer block. Without this, the outer block would be
 * cut at the inner block's end and a truncated file would be written.
 *
 * Everything here is one pass over the lines; no regex has nested quantifiers.
 */

import { toLines } from '../text/fileText';
import { fileShapedPath, isConventionalBareName, pathFromLabelLine } from './paths';
import { trimsToEmpty } from '../text/indentation';

/** An opening fence line, parsed. */
export interface FenceOpener {
  /** Leading whitespace width (spaces; a tab counts as 4). */
  readonly indent: number;
  /** '`' or '~' for markdown fences, '<' for `<source>` fences. */
  readonly char: '`' | '~' | '<';
  /** Number of fence characters (0 for `<source>`). */
  readonly length: number;
  /** The info string after the fence characters, trimmed (may be empty). */
  readonly info: string;
}

/** A fenced block found in the reply. Indices are 0-based line indices into the reply. */
export interface FencedBlock {
  readonly open: FenceOpener;
  readonly openIndex: number;
  /** Index of the closing fence line, or undefined when the reply ends inside the block. */
  readonly closeIndex: number | undefined;
  /** First content line index (openIndex + 1) and last content line index (may be < first: empty). */
  readonly contentStart: number;
  readonly contentEnd: number;
  /** True when some line inside was already claimed by another parser: the block is not whole. */
  readonly hasClaimed: boolean;
}

/** What an info string says: the language and, if the model put one there, the file path. */
export interface FenceInfo {
  readonly lang: string | undefined;
  readonly path: string | undefined;
  /** Cursor's code citation (```` ```12:30:src/a.ts ````): a quote of existing code, not an edit. */
  readonly citation: boolean;
}

// The run is taken whole (`(?!`)`): otherwise a line whose rest cannot match (a lone `\r` in it)
// is retried with every shorter run, which is quadratic in a long run of backticks.
const BACKTICK_OR_TILDE = /^([ \t]*)(`{3,}(?!`)|~{3,}(?!~))(.*)$/;
const SOURCE_OPEN = /^([ \t]*)<source>(.*)$/;
const SOURCE_CLOSE = /^[ \t]*<\/source>[ \t]*$/;

function indentWidth(ws: string): number {
  let width = 0;
  for (const ch of ws) width += ch === '\t' ? 4 : 1;
  return width;
}

/**
 * Parses a line as an opening fence (```` ```ts ````, `~~~~`, `<source>python`), or undefined.
 * A backtick fence whose info string contains a backtick is inline code, not a fence.
 */
export function parseFenceOpener(line: string): FenceOpener | undefined {
  // Cheap gate before any regex: the first non-blank character must be able to open a fence.
  const c = firstNonBlankChar(line);
  if (c !== '`' && c !== '~' && c !== '<') return undefined;
  const m = BACKTICK_OR_TILDE.exec(line);
  if (m) {
    const char = m[2][0] as '`' | '~';
    const info = m[3].trim();
    if (char === '`' && info.includes('`')) return undefined;
    return { indent: indentWidth(m[1]), char, length: m[2].length, info };
  }
  const s = SOURCE_OPEN.exec(line);
  if (s && !s[2].includes('<')) return { indent: indentWidth(s[1]), char: '<', length: 0, info: s[2].trim() };
  return undefined;
}

/** True when `line` is `</source>`, the end of Aider's `<source>` fence. */
export function isSourceClose(line: string): boolean {
  return SOURCE_CLOSE.test(line);
}

/** True when `line` closes a fence opened by `open` (same char, at least as long, no info). */
export function closesFence(line: string, open: FenceOpener): boolean {
  if (open.char === '<') return firstNonBlankChar(line) === '<' && SOURCE_CLOSE.test(line);
  const bare = bareFenceLength(line, open.char);
  return bare >= open.length;
}

/** The first character that is not a space or tab ('' for a blank line). */
export function firstNonBlankChar(line: string): string {
  // Every parser asks this of most lines, past indentation that runs deep in code: compared as
  // char codes, the loop reads no one-character strings.
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return line[i];
  }
  return '';
}

/** Length of a bare fence line (fence chars and whitespace only) of `char`, else 0. */
function bareFenceLength(line: string, char: '`' | '~'): number {
  // Asked of every line inside a fence: its end settles most lines at once. A bare fence line ends
  // with its fence character or with blanks, never with another printable ASCII character; the
  // indentation before the first character runs deep in code.
  const last = line.charCodeAt(line.length - 1);
  if (last > 32 && last < 127 && last !== char.charCodeAt(0)) return 0;
  if (firstNonBlankChar(line) !== char) return 0;
  const m = BACKTICK_OR_TILDE.exec(line);
  if (!m || m[2][0] !== char || !trimsToEmpty(m[3])) return 0;
  return m[2].length;
}

/** True when the line is a fence line without an info string (a closer, or a bare opener). */
export function isBareFenceLine(line: string): boolean {
  if (SOURCE_CLOSE.test(line)) return true;
  const open = parseFenceOpener(line);
  return open !== undefined && open.char !== '<' && open.info.length === 0;
}

/**
 * Finds every fenced block in `lines`, in order, never opening or closing a fence on a line another
 * parser claimed (`claimed(index)`, 0-based). A claimed run inside an open fence marks the block
 * `hasClaimed`; if the line after that run (blank lines skipped) is not the fence's closer, the
 * closer was inside the claimed run and the block ends there. A bare fence right after a claimed
 * run, outside any block, is that run's orphaned closer and is skipped.
 */
export function findFencedBlocks(lines: readonly string[], claimed: (index: number) => boolean): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const n = lines.length;
  let i = 0;
  let afterClaimed = false;
  while (i < n) {
    if (claimed(i)) {
      afterClaimed = true;
      i++;
      continue;
    }
    const line = lines[i];
    if (trimsToEmpty(line)) {
      i++;
      continue;
    }
    const open = parseFenceOpener(line);
    if (open === undefined || (afterClaimed && isBareFenceLine(line))) {
      afterClaimed = false;
      i++;
      continue;
    }
    afterClaimed = false;
    const block = scanBlock(lines, i, open, claimed);
    blocks.push(block);
    i = (block.closeIndex ?? n - 1) + 1;
  }
  return blocks;
}

function scanBlock(lines: readonly string[], openIndex: number, open: FenceOpener, claimed: (index: number) => boolean): FencedBlock {
  const n = lines.length;
  const nested: number[] = [];
  let hasClaimed = false;
  let j = openIndex + 1;
  const done = (closeIndex: number | undefined, contentEnd: number): FencedBlock => ({
    open, openIndex, closeIndex, contentStart: openIndex + 1, contentEnd, hasClaimed,
  });
  while (j < n) {
    if (claimed(j)) {
      hasClaimed = true;
      let k = j;
      while (k < n && claimed(k)) k++;
      let next = k;
      while (next < n && !claimed(next) && trimsToEmpty(lines[next])) next++;
      if (next < n && !claimed(next) && closesFence(lines[next], open)) return done(next, next - 1);
      // The closer went with the claimed run: the block ends where the run ends.
      return done(k - 1, k - 1);
    }
    if (closesOuterFence(lines[j], open, nested)) return done(j, j - 1);
    j++;
  }
  return done(undefined, n - 1);
}

/**
 * Reads one line inside the fence `open`, with the heuristic for fences nested in it (see the top
 * of this file): an inner opener with an info string (```` ```bash ````) is pushed on `nested`
 * (the lengths of the inner fences still open), and a bare fence closes the innermost of them
 * first. True when the line closes `open` itself. A `<source>` fence nests nothing.
 */
export function closesOuterFence(line: string, open: FenceOpener, nested: number[]): boolean {
  if (open.char === '<') return closesFence(line, open);
  const bare = bareFenceLength(line, open.char);
  if (bare > 0) {
    if (nested.length > 0 && bare >= nested[nested.length - 1]) {
      nested.pop();
      return false;
    }
    return bare >= open.length;
  }
  const inner = firstNonBlankChar(line) === open.char ? BACKTICK_OR_TILDE.exec(line) : null;
  if (inner && inner[2][0] === open.char && !trimsToEmpty(inner[3]) && !(open.char === '`' && inner[3].includes('`'))) {
    nested.push(inner[2].length);
  }
  return false;
}

/** Languages whose name contains a dot and so must not be read as a file name. */
const DOTTED_LANGS = new Set(['vb.net', 'asp.net', 'c#.net', 'f#.net']);

/**
 * Reads an info string: ```` ```python ```` (lang), ```` ```a.py ```` (path), ```` ```ts:src/a.ts ````
 * (lang and path), ```` ```python title="a.py" ```` / `filename=a.py` / `file=` / `path=`
 * (attributes), ```` ```python a.py ```` and ```` ```makefile Makefile ```` (lang then path), and Cursor citations
 * ```` ```12:30:src/a.ts ```` (flagged `citation`, path kept).
 */
export function parseInfoString(info: string): FenceInfo {
  // A reply's fences repeat a few info strings (```ts, ```diff, ```json, each many times), and
  // several parsers ask of every fence: each answer is kept (a shared, read-only object), up to
  // `KNOWN_INFOS` strings. Keeping only the last one missed whenever formats alternated.
  let parsed = knownInfos.get(info);
  if (parsed === undefined) {
    parsed = readInfoString(info);
    if (knownInfos.size >= KNOWN_INFOS) knownInfos.clear();
    knownInfos.set(info, parsed);
  }
  return parsed;
}

/** How many info strings `parseInfoString` keeps its answers for (a reply with more starts over). */
const KNOWN_INFOS = 256;
const knownInfos = new Map<string, FenceInfo>();

function readInfoString(info: string): FenceInfo {
  const text = info.trim();
  if (text.length === 0) return { lang: undefined, path: undefined, citation: false };
  const citation = /^(\d+):(\d+):(\S+)$/.exec(text);
  if (citation) return { lang: undefined, path: fileShapedPath(citation[3]), citation: true };
  const attr = /\b(?:title|filename|file|path|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/i.exec(text);
  const tokens = text.split(/\s+/);
  let lang: string | undefined;
  let path: string | undefined;
  const first = tokens[0].replace(/^\{\.?|\}$/g, '');
  const colon = first.indexOf(':');
  if (colon > 0 && !/^[A-Za-z]:[\\/]/.test(first)) {
    // `ts:src/a.ts` (Cursor, Continue) - or `python:a.py`.
    lang = first.slice(0, colon).toLowerCase();
    path = fileShapedPath(first.slice(colon + 1));
  } else if (isPathToken(first)) {
    path = fileShapedPath(first);
  } else if (!first.includes('=')) {
    lang = first.toLowerCase();
  }
  if (attr) path = fileShapedPath(attr[1] ?? attr[2] ?? attr[3]) ?? path;
  // After a language, a well-known file name without a dot is the path as well (```` ```makefile
  // Makefile ````): `sub/Makefile` was read and the root's `Makefile` was not, so the block was left out.
  if (path === undefined && tokens.length >= 2 && (isPathToken(tokens[1]) || (lang !== undefined && isConventionalBareName(tokens[1])))) path = fileShapedPath(tokens[1]);
  return { lang, path, citation: false };
}

function isPathToken(token: string): boolean {
  if (DOTTED_LANGS.has(token.toLowerCase())) return false;
  if (token.includes('=')) return false;
  return token.includes('/') || token.includes('\\') || /\.[A-Za-z0-9_+-]{1,15}$/.test(token);
}

/**
 * The path a label line names right above line `index` (one blank line allowed between), searching
 * no higher than `floor` and no claimed line; undefined when the line above is prose, a fence, or
 * nothing. Shared by the SEARCH/REPLACE and whole-file parsers, which both take a path from there.
 */
export function pathLabelAbove(
  lines: readonly string[],
  index: number,
  floor: number,
  claimed: (i: number) => boolean,
): { path: string; strong: boolean; index: number } | undefined {
  const i = labelLineAbove(lines, index, floor, claimed);
  if (i === undefined) return undefined;
  const line = lines[i];
  if (parseFenceOpener(line) !== undefined) return pathAloneInFence(lines, i, floor, claimed);
  const label = pathFromLabelLine(line);
  // Written out, not spread: asked for every block's label, and a spread copies by a slower path.
  return label ? { path: label.path, strong: label.strong, index: i } : undefined;
}

/**
 * The index of the line where a label for line `index` would stand: the first non-blank line
 * above it, with at most one blank line between, no higher than `floor` and not claimed; undefined
 * when there is none. Whatever that line holds (a label, prose, a fence) is the caller's to judge.
 */
export function labelLineAbove(
  lines: readonly string[],
  index: number,
  floor: number,
  claimed: (i: number) => boolean,
): number | undefined {
  for (let i = index - 1, blanks = 0; i >= floor && !claimed(i); i--) {
    if (!trimsToEmpty(lines[i])) return i;
    if (++blanks > 1) return undefined;
  }
  return undefined;
}

/**
 * A path fenced on its own (```` ``` ```` / `src/a.py` / ```` ``` ````, as some models wrap the
 * file name before the block), given the index of the closing fence line; undefined otherwise.
 */
function pathAloneInFence(
  lines: readonly string[],
  close: number,
  floor: number,
  claimed: (i: number) => boolean,
): { path: string; strong: boolean; index: number } | undefined {
  const open = close - 2;
  if (open < floor || claimed(open) || claimed(close - 1) || !isBareFenceLine(lines[close])) return undefined;
  const opener = parseFenceOpener(lines[open]);
  if (opener === undefined || !closesFence(lines[close], opener)) return undefined;
  const label = pathFromLabelLine(lines[close - 1]);
  return label ? { path: label.path, strong: true, index: open } : undefined;
}

/** Fence languages that show commands or output, not files: edits only with an explicit path. */
export const NON_FILE_LANGS = new Set([
  'bash', 'sh', 'shell', 'zsh', 'fish', 'console', 'terminal', 'shell-session', 'shellsession', 'sh-session',
  'powershell', 'pwsh', 'ps', 'cmd', 'bat', 'batch', 'text', 'txt', 'plaintext', 'plain', 'output', 'log',
  'logs', 'stdout', 'stderr', 'none', 'nohighlight', 'ansi', 'repl', 'pycon', 'python-repl', 'irb',
]);

/**
 * The script files each command language's fence may hold. A model writes commands to type in
 * ```bat, ```powershell or ```bash, and writes a batch file, a PowerShell script or a shell script
 * in the same fence: a block under "Here is the updated `build.bat`:" is that file. The file's own
 * extension tells the two apart; commands to type are never a `.bat`'s content.
 */
const SCRIPT_FILE_EXTENSIONS: ReadonlyMap<string, readonly string[]> = new Map(
  ([
    [['bash', 'sh', 'shell', 'zsh'], ['sh', 'bash', 'zsh', 'ksh']],
    [['fish'], ['fish']],
    [['powershell', 'pwsh', 'ps'], ['ps1', 'psm1', 'psd1']],
    [['cmd', 'bat', 'batch'], ['bat', 'cmd']],
    // A plain-text fence is how a model shows a text file as much as output.
    [['text', 'txt', 'plaintext', 'plain'], ['txt']],
  ] as const).flatMap(([langs, extensions]) => langs.map((lang) => [lang, extensions] as const)),
);

/** Plain-text fences (no highlighting): output as often as a file, but never commands to run. */
const PLAIN_TEXT_LANGS = new Set(['text', 'txt', 'plaintext', 'plain']);

/**
 * A line a terminal session starts with a prompt (`$ npm test`, `PS C:\repo> ./build.ps1`,
 * `C:\repo>build.bat`): what the user typed, not a line of a script.
 */
const PROMPT_LINE = /^[ \t]*(?:\$ |PS(?: [^>]*)?>|[A-Za-z]:\\(?:[^>]*[^ >])?>(?!>))/;

/**
 * True when a fenced block in language `lang` can be the content of the file at `path`, so far as
 * the fence's language tells. Any fence but those of `NON_FILE_LANGS` can. A command language's
 * fence (```bat, ```powershell, ```bash) can hold a script of that language (`SCRIPT_FILE_EXTENSIONS`)
 * that does not read as a terminal session; a plain-text fence can hold a `.txt` file, and any file
 * when the reply presents the block as that file whole (`presentedWhole`: "Here is the updated
 * `build.bat`:"), where output would not be. Shell sessions and output (```console, ```output) never.
 */
export function fenceMayHoldFile(lang: string | undefined, path: string, content: readonly string[], presentedWhole: boolean): boolean {
  if (!fenceMayHoldSomeFile(lang, content)) return false;
  if (lang === undefined || !NON_FILE_LANGS.has(lang)) return true;
  // A command language that may hold a script (fenceMayHoldSomeFile): its extensions are listed.
  const extensions = SCRIPT_FILE_EXTENSIONS.get(lang)!;
  if (presentedWhole && PLAIN_TEXT_LANGS.has(lang)) return true;
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') && extensions.includes(path.slice(dot + 1).toLowerCase());
}

/**
 * True when a fenced block in language `lang` can be the content of some file (`fenceMayHoldFile`
 * for a file of the right type): a fence not of `NON_FILE_LANGS`, or a script's or text file's
 * fence that does not read as a terminal session.
 */
export function fenceMayHoldSomeFile(lang: string | undefined, content: readonly string[]): boolean {
  if (lang === undefined || !NON_FILE_LANGS.has(lang)) return true;
  return SCRIPT_FILE_EXTENSIONS.has(lang) && !content.some((line) => PROMPT_LINE.test(line));
}

/**
 * A fenced block's content lines without the fence's own indentation (a fence inside a list item),
 * tabs counted as four columns: what every reader of a fence takes as its text.
 */
export function fenceContent(lines: readonly string[], fence: FencedBlock): string[] {
  const content = lines.slice(fence.contentStart, fence.contentEnd + 1);
  const indent = fence.open.indent;
  if (indent === 0) return content;
  return content.map((line) => {
    let i = 0;
    let width = 0;
    while (i < line.length && width < indent && (line[i] === ' ' || line[i] === '\t')) {
      width += line[i] === '\t' ? 4 : 1;
      i++;
    }
    return line.slice(i);
  });
}

/**
 * The Markdown fence that wraps all of `text` (its first line opens a ``` or ~~~ fence at the
 * margin, its last non-blank line closes it, and no line between closes it earlier), with the
 * text inside it, without a final newline; undefined when the text is not so wrapped.
 */
export function wrappingFence(text: string): { open: FenceOpener; content: string } | undefined {
  // Every tool call's old text is asked: only one that starts with a fence is split into lines.
  if (!text.startsWith('```') && !text.startsWith('~~~')) return undefined;
  const lines = toLines(text);
  while (lines.length > 0 && trimsToEmpty(lines[lines.length - 1])) lines.pop();
  if (lines.length < 2) return undefined;
  const open = parseFenceOpener(lines[0]);
  if (!open || open.char === '<' || open.indent > 0) return undefined;
  const inner = lines.slice(1, -1);
  if (!closesFence(lines[lines.length - 1], open) || inner.some((line) => closesFence(line, open))) return undefined;
  return { open, content: inner.join('\n') };
}
