/**
 * SEARCH/REPLACE blocks in the Aider, Cline and Roo dialects, compiled to `ReplaceOp`s.
 *
 *     path/to/file.py            <- path: line before the block or its fence, the fence's info
 *     ```python                     string, or the first line inside the fence (diff-fenced)
 *     <<<<<<< SEARCH             <- 5-9 marker chars; Cline: `------- SEARCH`; Zed: `SEARCH line=12`
 *     :start_line:12             <- Roo (optional), then `-------`
 *     -------
 *     old lines
 *     =======
 *     new lines
 *     >>>>>>> REPLACE            <- Cline: `+++++++ REPLACE`
 *     ```
 *
 * The parser is driven by the markers, not by the fences: once inside a block every line up to the
 * divider / end marker is content, so files that themselves contain ``` fences survive. Fences and
 * path lines only name the file and are claimed with the block.
 */
import type { EditSource, ParseProblem, ReplaceOp } from '../ir';
import { closesFence, firstNonBlankChar, parseFenceOpener, parseInfoString, pathLabelAbove, type FenceOpener } from './fences';
import { REPLACE_MARKER, SEARCH_MARKER } from './markers';
import { isBlank, trimsToEmpty } from '../text/indentation';
import type { ParsedBlock, ReplyParser, ReplyText } from './parser';
import { cleanReplyPath, filenameFromLine, pathFromComment, pathsNamedByLine } from './paths';

// Markers start at column 0, as Aider, Cline and Roo all require: an indented `=======` is the
// file's own text (an rst underline in a list), and ` <<<<<<< SEARCH` is a unified diff's context
// line for a file that holds markers. Cline's tolerated typo `SEARCH>` / `REPLACE>` is accepted,
// and so are `ORIGINAL` / `UPDATED`, the words of Aider's first edit format, which models trained
// on its transcripts still write. Zed's agent writes where the text starts after the word,
// `<<<<<<< SEARCH line=42` (or `line="42"`): a line hint, as Roo's `:start_line:` is. The SEARCH
// and REPLACE markers take 3 to 15 characters (`<<< SEARCH`, `--- SEARCH`, `+++ REPLACE`: models
// shorten them, and Cline and Continue read them so); the divider 5 to 15, since a shorter run of
// `=` is a heading's underline often enough to be the file's own text.
const HEAD = new RegExp(`^${SEARCH_MARKER}>?(?:[ \\t]+line=(?:(\\d{1,9})|"(\\d{1,9})"))?[ \\t]*$`);
const DIVIDER = /^(={5,15})[ \t]*$/;
/** A divider as short as a block's short markers may be (see `shortDividers`). */
const SHORT_DIVIDER = /^(={3,15})[ \t]*$/;
const UPDATE = new RegExp(`^${REPLACE_MARKER}>?[ \\t]*$`);
/**
 * A REPLACE marker written with the SEARCH marker's dashes (`------- REPLACE`), no marker at all in
 * any dialect. Cline's models write it for both the divider and the closer (Cline #5863:
 * `------- SEARCH`, the old lines, `------- REPLACE`, the new lines, `------- REPLACE`); in a block
 * with no `=======`, the first such line is read as the divider and the second as the end. One
 * alone still leaves the block unfinished: which lines are new is not said.
 */
const DASHED_REPLACE = /^[ \t]*-{3,15} (?:REPLACE|UPDATED)[ \t]*$/;
/** Roo's `:start_line:12` (also written `:start_line:[12]`). */
// The bracket and the blanks inside it in one optional group each: `[ \t]*\[?[ \t]*` would let
// two runs share one stretch of blanks, quadratic in a long run of tabs.
const META = /^[ \t]*:(start|end)_line:[ \t]*(?:\[[ \t]*)?(\d{1,9})(?:[ \t]*\])?[ \t]*$/;
const DASHES = /^[ \t]*-{5,9}[ \t]*$/;
/**
 * Roo escapes content lines that look like markers with a backslash: its own markers, and any
 * merge-conflict marker (`\<<<<<<< HEAD`, `\>>>>>>> feature`).
 */
const ESCAPED = /^\\(?=<{5,15}|={5,15}|>{5,15}|-{5,15}|\+{5,15}|:start_line:|:end_line:)/;
/**
 * `12 | code`, `12: code`, `  12\tcode` (cat -n), `    12→code` (Claude Code's Read), `L12: code`
 * (avante.nvim numbers the file it sends that way, and models copy it): a line-number gutter
 * copied from a tool's output. The arrow and the tab are followed by the line itself, its
 * indentation included (Claude Code prints `    12→    return x`); after `|` or `:` a blank may
 * be the gutter's (Roo's `12 | code`) or the line's (crush's `12|code`, grep's `12:code`): see
 * `withoutGutterBlank`. Group 1 holds the number, group 2 the `|` or `:`.
 */
const NUMBER_PREFIX = /^[ \t]*(?:L(?=\d{1,7}:))?(\d{1,7})(?:[ \t]*([|:])|[ \t]*\u2192|\t)/;

/** What separates a line's number from its text (`|`, `:`, `→` or a tab), or undefined when it has no gutter. */
function gutterMark(line: string): string | undefined {
  // Asked of every line of a block's SEARCH side: a gutter starts (after blanks) with its number
  // or avante's `L`, and a line that does not is turned away before the regex.
  const c = firstNonBlankChar(line);
  if (!(c >= '0' && c <= '9') && c !== 'L') return undefined;
  const m = NUMBER_PREFIX.exec(line);
  if (!m) return undefined;
  return m[2] ?? (m[0].includes('\u2192') ? '\u2192' : '\t');
}

/**
 * The quoted lines after their gutters, given what each numbered line holds after its number and
 * separator (`rests`) and whether that separator was a `|` or `:` (`separated`; false for a line
 * the model left unnumbered). One blank after such a separator belongs to the gutter when every
 * separated line with text has one (Roo's `12 | code` writes it before `def` at column 0 too);
 * when one does not (`12|def`), no blank does. Taking a blank that was the line's own leaves the
 * quote a column shallower than the file, and a plain replacement re-anchored a column too deep.
 */
function withoutGutterBlank(rests: readonly string[], separated: readonly boolean[]): string[] {
  const gutterBlank = rests.every((rest, k) => !separated[k] || rest === '' || rest[0] === ' ');
  return rests.map((rest, k) => (gutterBlank && separated[k] && rest[0] === ' ' ? rest.slice(1) : rest));
}

/** Marker lines start (after indentation) with one of these characters: a cheap gate before the regexes. */
function mayBeMarker(line: string): boolean {
  // Asked of every line: a char code, not a one-character string.
  const c = line.charCodeAt(0);
  return c === 60 /* < */ || c === 62 /* > */ || c === 61 /* = */ || c === 45 /* - */ || c === 43 /* + */;
}

/**
 * A SEARCH marker a chat export printed at the end of its tool label: IBM Bob's Markdown export
 * writes `> 🔧 **apply_diff** — <<<<<<< SEARCH`, the diff's first line on the label's. Taken for
 * the marker only after a label that starts at the margin with no blank, `<`, `=`, `+` or `-` (a
 * diff's or a marker's line; `>` is the export's blockquote), and
 * when Roo's block header follows at the margin on the next line (`:start_line:N` or `-------`),
 * which a sentence that merely names the marker does not have.
 */
function isLabelledHead(lines: readonly string[], i: number): boolean {
  const line = lines[i];
  // Asked of every line: its first char code settles most (code is indented).
  const first = line.charCodeAt(0);
  if (line.length === 0 || first === 32 || first === 9 || first === 60 || first === 61 || first === 43 || first === 45) return false;
  // Its last char code settles most of the others: a line ending in a printable character other
  // than the marker's `H` keeps it when trimmed (no trimmed copy is made).
  const last = line.charCodeAt(line.length - 1);
  if (last > 32 && last < 127 && last !== 72 /* H */) return false;
  if (!line.trimEnd().endsWith(' <<<<<<< SEARCH')) return false;
  const next = lines[i + 1] ?? '';
  return (next.startsWith(':') && META.test(next)) || (next.startsWith('-') && DASHES.test(next));
}

/** The marker length Aider, Cline and Roo write (`<<<<<<< SEARCH`): shorter markers are a model's shorthand. */
const FULL_MARKER = 7;

/**
 * True when the SEARCH marker line at `at`, inside the SEARCH part of the block opened at `head`,
 * reads as a line of the search text rather than a new block: the block was opened with a full
 * marker (7 characters or more) and this one is shorter, and read as text it leaves a well-formed
 * block, a divider and then a full REPLACE marker following before any full SEARCH marker. A file
 * may hold a `<<< SEARCH` line (Cline's own tests quote one); a shortened block of a model that
 * writes short markers ends with a short REPLACE marker, and one opened after a full block cut off
 * meets no full REPLACE marker first. (The planner still asks the file for the line: see
 * `ReplaceOp.markerLikeSearchLine`.)
 */
function shortMarkerInFullBlock(lines: readonly string[], head: number, at: number): boolean {
  const run = (pattern: RegExp, line: string) => pattern.exec(line)?.[1].length ?? 0;
  if (run(HEAD, lines[head]) < FULL_MARKER || run(HEAD, lines[at]) >= FULL_MARKER) return false;
  let divided = false;
  for (let k = at + 1; k < lines.length; k++) {
    const line = lines[k];
    if (!mayBeMarker(line)) continue;
    if (UPDATE.test(line)) return divided && run(UPDATE, line) >= FULL_MARKER;
    if (HEAD.test(line) && run(HEAD, line) >= FULL_MARKER) return false;
    if (DIVIDER.test(line)) divided = true;
  }
  return false;
}

/** The texts of a SEARCH/REPLACE block read with one of its `=======` lines as the divider. */
type BlockReading = NonNullable<ReplaceOp['otherReadings']>[number];

/** Past this many `=======` lines a block's other readings are not offered to the planner. */
const MAX_READINGS = 8;

/** Opening tags of a tool-call wrapper alone on a line: `<diff>`, `<file>`, `<content><![CDATA[`. */
const XML_OPEN_TAG = /^(?:<[A-Za-z_][\w-]{0,30}>|<!\[CDATA\[){1,4}$/;
/** `<path>src/a.ts</path>` (also `file_path`, `target_file`). */
const XML_PATH = /^<(path|file_path|target_file)>([^<]{1,500})<\/\1>$/;

/** How far above a SEARCH marker an open fence may start and still be this block's fence. */
const MAX_FENCE_TO_HEAD = 5;

/** The line a start marker names (`<<<<<<< SEARCH line=42`), when it names a positive one. */
function headLineHint(line: string): number | undefined {
  const m = HEAD.exec(line);
  const hint = m ? Number(m[2] ?? m[3] ?? 0) : 0;
  return hint >= 1 ? hint : undefined;
}

/** True when a line is a SEARCH/REPLACE start marker (any dialect). */
export function isSearchMarker(line: string): boolean {
  return HEAD.test(line);
}

/** True when a line is a SEARCH/REPLACE end marker (any dialect). */
export function isReplaceMarker(line: string): boolean {
  return UPDATE.test(line);
}

interface FenceContext {
  readonly open: FenceOpener;
  readonly path: string | undefined;
}

interface Mention {
  readonly index: number;
  readonly path: string;
}

/**
 * The SEARCH/REPLACE parser. Guarantees, per block: one `ReplaceOp` (whole lines, `\n` endings,
 * `expectedCount: 1`, `granularity: 'lines'`), or one problem: `INCOMPLETE_BLOCK` when the reply ends
 * inside it, `PARSE_ERROR` when its markers are missing or out of order. Each block's line range
 * covers its path line, fences and markers. Linear in the reply.
 */
export const searchReplaceParser: ReplyParser = {
  format: 'search-replace',
  parse: (reply, isClaimed) => new SearchReplaceScan(reply, (i) => isClaimed(i + 1)).run(),
};

class SearchReplaceScan {
  private readonly lines: readonly string[];
  private readonly blocks: ParsedBlock[] = [];
  /** First line index not yet consumed by a block. */
  private floor = 0;
  private lastPath: string | undefined;
  private havePrevious = false;
  /** Files named by fence info strings in the prose since the last block. */
  private mentions: Mention[] = [];
  /**
   * The prose lines since the last block (outside prose fences, not blank) whose file mentions
   * count for a block without a path. Read only when such a block asks (`inherited`): most blocks
   * name their file, and reading every prose line of a long reply for paths cost a third of this parser's time.
   */
  private proseLines: number[] = [];
  /** Set when the previous block ended inside a fence that goes on with another block. */
  private continuing: FenceContext | undefined;
  /** A fence that is open in the prose (an example code block), tracked so that a block inside it knows its fence. */
  private proseFence: { open: FenceOpener; index: number } | undefined;

  constructor(reply: ReplyText, private readonly claimed: (index: number) => boolean) {
    this.lines = reply.lines;
  }

  run(): ParsedBlock[] {
    const { lines } = this;
    let i = 0;
    while (i < lines.length) {
      if (this.claimed(i)) {
        i++;
        continue;
      }
      const line = lines[i];
      const marker = mayBeMarker(line);
      if ((marker && HEAD.test(line)) || isLabelledHead(lines, i)) {
        i = this.block(i);
        this.floor = i;
        this.proseFence = undefined;
        this.mentions = [];
        this.proseLines = [];
        continue;
      }
      // `++++++++ REPLACE` after a `+` line is a diff adding a Cline `+++++++ REPLACE` line to a
      // file: the diff parser's, not a stray marker.
      if (marker && UPDATE.test(line) && !(line[0] === '+' && i > 0 && lines[i - 1].startsWith('+'))) {
        this.problem(i, i, 'PARSE_ERROR', `\`${line.trim()}\` without a matching \`<<<<<<< SEARCH\` before it.`, undefined);
        this.continuing = undefined;
        this.floor = i + 1;
        i++;
        continue;
      }
      this.trackProse(i, line);
      i++;
    }
    return this.blocks;
  }

  /** Follows fences in the prose and records file names mentioned outside them. */
  private trackProse(i: number, line: string): void {
    if (this.proseFence) {
      if (closesFence(line, this.proseFence.open)) this.proseFence = undefined;
      return;
    }
    const open = parseFenceOpener(line);
    if (open) {
      this.proseFence = { open, index: i };
      const info = parseInfoString(open.info);
      if (info.path !== undefined && !info.citation) this.mentions.push({ index: i, path: info.path });
      return;
    }
    if (!isBlank(line)) this.proseLines.push(i);
  }

  /** Parses the block whose SEARCH marker is at `head`; returns the index to continue from. */
  private block(head: number): number {
    const { lines } = this;
    const n = lines.length;
    const ctx = this.context(head);

    // Zed's hint on the marker, then Roo metadata (which wins) and separator.
    let j = head + 1;
    let lineHint = headLineHint(lines[head]);
    let hadMeta = false;
    while (j < n && META.test(lines[j])) {
      const m = META.exec(lines[j]) as RegExpExecArray;
      if (m[1] === 'start') lineHint = Number(m[2]);
      hadMeta = true;
      j++;
    }
    const separator = j < n && DASHES.test(lines[j]) ? j : -1;

    const dividers: number[] = [];
    let k = separator >= 0 ? separator + 1 : j;
    /** A shorter SEARCH marker line was read as the search text's own line (see `shortMarkerInFullBlock`). */
    let markerLikeSearchLine = false;
    /** A `------- REPLACE` line seen with no divider before it (see `DASHED_REPLACE`). */
    let dashedReplace = -1;
    while (k < n) {
      const line = lines[k];
      if (mayBeMarker(line)) {
        if (UPDATE.test(line)) break;
        if (dividers.length === 0 && DASHED_REPLACE.test(line)) {
          if (dashedReplace !== -1) {
            dividers.push(dashedReplace);
            break;
          }
          dashedReplace = k;
        }
        if (HEAD.test(line)) {
          if (dividers.length > 0 || !shortMarkerInFullBlock(lines, head, k)) break;
          markerLikeSearchLine = true;
        } else if (DIVIDER.test(line)) dividers.push(k);
      }
      k++;
    }
    if (k >= n) {
      const where = dividers.length > 0 ? 'in its REPLACE part' : 'in its SEARCH part';
      this.problem(ctx.start, n - 1, 'INCOMPLETE_BLOCK', `The reply ends ${where}: the block has no \`>>>>>>> REPLACE\`.`, ctx.path);
      this.settle(ctx.path);
      this.continuing = undefined;
      return n;
    }
    if (HEAD.test(lines[k])) {
      const what = dividers.length > 0 ? '`>>>>>>> REPLACE`' : '`=======` and `>>>>>>> REPLACE`';
      this.problem(ctx.start, k - 1, 'PARSE_ERROR', `The block has no ${what} before the next \`<<<<<<< SEARCH\` (line ${k + 1}).`, ctx.path);
      this.settle(ctx.path);
      this.continuing = ctx.fence ? { open: ctx.fence, path: ctx.path } : undefined;
      return k;
    }
    const end = this.blockEnd(k, ctx);
    if (dividers.length === 0) dividers.push(...shortDividers(lines, j, k, lines[head], lines[k]));
    if (dividers.length === 0) {
      this.problem(ctx.start, end, 'PARSE_ERROR', 'The block has `<<<<<<< SEARCH` and `>>>>>>> REPLACE` but no `=======` between them.', ctx.path);
      this.settle(ctx.path);
      return end + 1;
    }
    const bodyStart = separator >= 0 ? separator + 1 : j;
    const divider = chooseDivider(lines, dividers, bodyStart, k, lines[head], lines[k]);
    // Roo's line markers start (after blanks) with `:`: the other lines are not matched.
    let metaInReplace = -1;
    for (let r = divider + 1; r < k; r++) {
      if (firstNonBlankChar(lines[r]) === ':' && META.test(lines[r])) {
        metaInReplace = r - (divider + 1);
        break;
      }
    }
    if (metaInReplace !== -1) {
      // Roo's line markers belong before SEARCH's text: in REPLACE they would be written into the file.
      this.problem(ctx.start, end, 'PARSE_ERROR', `The block's REPLACE part holds a \`${lines[divider + 1 + metaInReplace].trim()}\` line: line markers go right after \`<<<<<<< SEARCH\`.`, ctx.path);
      this.settle(ctx.path);
      return end + 1;
    }
    /** The op's texts when `at` is the divider: the block read that way. */
    const readAt = (at: number): BlockReading => {
      let searchLines = lines.slice(bodyStart, at).map(unescape);
      const replaceLines = lines.slice(at + 1, k).map(unescape);
      const stray = strayDivider(searchLines, replaceLines, lines[at]);
      if (separator >= 0 && !hadMeta && replaceLines.length > 0 && replaceLines[0].trim() === lines[separator].trim()) {
        // Not Roo's separator: the file's own text starts with a dashed line (and the replacement keeps it).
        searchLines = [lines[separator], ...searchLines];
      }
      const numbered = stripLineNumbers(searchLines, replaceLines);
      // The block as written goes along: a file whose lines really start with numbers holds it.
      const stripped = numbered.search !== searchLines;
      return {
        search: joinLines(numbered.search),
        replacement: joinLines(numbered.replace),
        ...(stripped ? { quotedSearch: joinLines(searchLines) } : {}),
        ...(stripped && numbered.replace !== replaceLines ? { quotedReplacement: joinLines(replaceLines) } : {}),
        ...(stray ? { strayDivider: stray } : {}),
        ...((lineHint ?? numbered.firstNumber) !== undefined ? { lineHint: lineHint ?? numbered.firstNumber } : {}),
        ...(dividers.length > 1 && dividerLikeMarkers(lines[at], lines[head], lines[k]) ? { dividerLikeMarkers: true as const } : {}),
      };
    };
    if (numberedOnlyInReplacement(lines.slice(bodyStart, divider), lines.slice(divider + 1, k))) {
      this.problem(ctx.start, end, 'PARSE_ERROR', NUMBERED_REPLACEMENT, ctx.path);
      this.settle(ctx.path);
      return end + 1;
    }
    // With several `=======` lines the split is a guess until the file is seen: the other readings
    // go with the op (at most a few), for the planner to check against the file.
    const others = dividers.length > 1 && dividers.length <= MAX_READINGS ? dividers.filter((at) => at !== divider).map(readAt) : [];
    const source: EditSource = { block: 0, format: 'search-replace', startLine: ctx.start + 1, endLine: end + 1 };
    const op: ReplaceOp = {
      kind: 'replace',
      path: ctx.path,
      ...readAt(divider),
      granularity: 'lines',
      expectedCount: 1,
      ...(others.length > 0 ? { otherReadings: others } : {}),
      ...(ctx.inherited ? { pathInherited: true } : {}),
      ...(markerLikeSearchLine ? { markerLikeSearchLine: true as const } : {}),
      source,
    };
    this.blocks.push({ startLine: ctx.start + 1, endLine: end + 1, ops: [op], problems: [] });
    this.settle(ctx.path);
    return end + 1;
  }

  /** Remembers the path for inheritance by the next block. */
  private settle(path: string | undefined): void {
    this.lastPath = path;
    this.havePrevious = true;
  }

  /**
   * Where the block starts (its path line or fence) and which file it targets. Sets or clears
   * `continuing` as a side effect of consuming it.
   */
  private context(head: number): { start: number; path: string | undefined; fence: FenceOpener | undefined; inherited?: true } {
    const { lines } = this;
    const usable = (i: number) => i >= this.floor && !this.claimed(i);
    const prevNonBlank = (from: number) => {
      let i = from;
      while (usable(i) && trimsToEmpty(lines[i])) i--;
      return i;
    };

    const continuing = this.continuing;
    this.continuing = undefined;
    if (continuing) {
      // Another block inside the fence the previous block was in: a path line may sit between.
      const k = prevNonBlank(head - 1);
      const own = usable(k) ? filenameFromLine(lines[k]) : undefined;
      return { start: this.floor, path: own ?? continuing.path, fence: continuing.open };
    }

    let k = prevNonBlank(head - 1);
    let start = head;
    let inFencePath: string | undefined;
    if (usable(k) && parseFenceOpener(lines[k]) === undefined) {
      // Aider's diff-fenced path line, a plain path line, or a path comment (`// src/a.ts`).
      const own = filenameFromLine(lines[k]) ?? pathFromComment(lines[k]);
      if (own !== undefined) {
        inFencePath = own;
        start = k;
        k = prevNonBlank(k - 1);
      }
    }

    let fence: FenceOpener | undefined;
    let fenceIndex = -1;
    if (this.proseFence && this.proseFence.index >= this.floor && head - this.proseFence.index <= MAX_FENCE_TO_HEAD) {
      fence = this.proseFence.open;
      fenceIndex = this.proseFence.index;
    }
    if (inFencePath === undefined && fence && fenceIndex < k && usable(k)) inFencePath = this.pathOpeningOuterFence(fenceIndex, k);
    let infoPath: string | undefined;
    let beforePath: string | undefined;
    if (fence) {
      start = fenceIndex;
      const info = parseInfoString(fence.info);
      if (!info.citation) infoPath = info.path;
      const label = pathLabelAbove(this.lines, fenceIndex, this.floor, this.claimed);
      if (label) {
        beforePath = label.path;
        if (label.strong) start = label.index;
      }
    } else if (inFencePath === undefined) {
      const label = pathLabelAbove(this.lines, head, this.floor, this.claimed);
      if (label) {
        beforePath = label.path;
        if (label.strong) start = label.index;
      }
    }
    if (inFencePath === undefined && !fence) inFencePath = this.xmlPath(head);
    const path = inFencePath ?? infoPath ?? beforePath;
    if (path === undefined) {
      const inherited = this.inherited(start);
      return { start, path: inherited, fence, ...(inherited !== undefined ? { inherited: true } : {}) };
    }
    return { start, path, fence };
  }

  /**
   * The path written as the only line of an outer fence that is never closed, right before the
   * block's own fence opener, given the two openers' indices; undefined for any other layout.
   *
   *     ```solidity              <- outer: the open prose fence
   *     sc/src/Counter.sol
   *     ```python                <- the block's own fence, read as the outer fence's text
   *     <<<<<<< SEARCH
   *
   * Qwen2.5-Coder and DeepSeek-Coder write this (aider's `find_filename` names the habit and
   * looks back past fence lines for it); the same layout with the outer fence closed is read by
   * `pathLabelAbove`. Guarantees: the line is taken only when nothing but blank lines stands
   * between it and each opener, and only when it is a whole file-name line (`filenameFromLine`:
   * never a fence line, a language tag or a bare word), so a line of code or prose in a fence is
   * never read as the path.
   */
  private pathOpeningOuterFence(outer: number, inner: number): string | undefined {
    const { lines } = this;
    if (parseFenceOpener(lines[inner]) === undefined) return undefined;
    let label = inner - 1;
    while (label > outer && trimsToEmpty(lines[label])) label--;
    if (label === outer || this.claimed(label)) return undefined;
    for (let i = label - 1; i > outer; i--) if (!trimsToEmpty(lines[i])) return undefined;
    return filenameFromLine(lines[label]);
  }

  /**
   * Cline's `replace_in_file` / Roo's `apply_diff` tool calls written as XML: `<path>x</path>`
   * above a `<diff>` (and `<content>`, `<file>`) wrapper that holds the blocks.
   */
  private xmlPath(head: number): string | undefined {
    for (let i = head - 1, seen = 0; i >= this.floor && !this.claimed(i) && seen < 6; i--, seen++) {
      const line = this.lines[i].trim();
      if (line.length === 0 || XML_OPEN_TAG.test(line)) continue;
      const m = XML_PATH.exec(line);
      return m ? cleanReplyPath(m[2]) : undefined;
    }
    return undefined;
  }

  /**
   * The path a block without its own label takes: the previous block's, unless prose between the
   * two named another file (then that file if it is the only one named, else none: the hint).
   */
  private inherited(start: number): string | undefined {
    // Before the first block, a file named somewhere in the preamble is too weak a signal: the hint wins.
    if (!this.havePrevious) return undefined;
    const named = new Set<string>();
    for (const m of this.mentions) if (m.index < start) named.add(m.path);
    for (const index of this.proseLines) {
      if (index >= start) break;
      for (const path of pathsNamedByLine(this.lines[index])) named.add(path);
    }
    if (this.lastPath !== undefined) named.delete(this.lastPath);
    if (named.size === 0) return this.lastPath;
    return named.size === 1 ? [...named][0] : undefined;
  }

  /**
   * The last line of a block ending with the REPLACE marker at `update`: the fence's closing line
   * when it follows (blank lines allowed), else the marker itself. If another SEARCH marker follows
   * inside the same fence, the fence goes on with that block.
   */
  private blockEnd(update: number, ctx: { fence: FenceOpener | undefined; path: string | undefined }): number {
    const { lines } = this;
    if (!ctx.fence) return update;
    let nonBlank = 0;
    for (let q = update + 1; q < lines.length && !this.claimed(q); q++) {
      const line = lines[q];
      if (closesFence(line, ctx.fence)) return nonBlank <= 3 ? q : update;
      if (HEAD.test(line)) {
        this.continuing = { open: ctx.fence, path: ctx.path };
        return update;
      }
      if (parseFenceOpener(line) !== undefined || UPDATE.test(line)) return update;
      if (!trimsToEmpty(line) && ++nonBlank > 3) return update;
    }
    return update;
  }

  private problem(from: number, to: number, code: ParseProblem['code'], message: string, path: string | undefined): void {
    const problem: ParseProblem = {
      code, block: 0, format: 'search-replace', startLine: from + 1, endLine: to + 1, message,
      ...(path !== undefined ? { path } : {}),
    };
    this.blocks.push({ startLine: from + 1, endLine: to + 1, ops: [], problems: [problem] });
  }
}

/**
 * Where REPLACE repeats the block's own divider line, first or last (right after the divider,
 * right before the end marker), when SEARCH does not have it at that end too: the second divider
 * models write by mistake, or a heading underline in a Markdown file (see `ReplaceOp.strayDivider`).
 */
function strayDivider(search: readonly string[], replace: readonly string[], dividerLine: string): 'start' | 'end' | undefined {
  const divider = dividerLine.trim();
  const isDivider = (line: string | undefined) => line !== undefined && line.trim() === divider;
  if (isDivider(replace[replace.length - 1]) && !isDivider(search[search.length - 1])) return 'end';
  if (isDivider(replace[0]) && !isDivider(search[0])) return 'start';
  return undefined;
}

function unescape(line: string): string {
  // Only a line starting with a backslash can be escaped: the others skip the regex.
  return line.charCodeAt(0) === 92 && ESCAPED.test(line) ? line.slice(1) : line;
}

function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

/**
 * Picks the real divider among several `=======` lines in one block (the file itself may hold
 * such lines: reStructuredText headings, merge-conflict docs). Preference, in order:
 * 1. a line whose `=` count equals the SEARCH or REPLACE marker's length (Markers come in a set;
 *    a heading underline has the length of its title);
 * 2. the split whose two sides share the most lines (an edit keeps most of what it replaces);
 * 3. the split that leaves as many `=======` lines on each side (edits rarely add or drop them);
 * 4. the earliest (Aider's choice).
 * The sweep moves lines from one side to the other one candidate at a time, so it is linear.
 */
export function chooseDivider(lines: readonly string[], candidates: readonly number[], bodyStart: number, update: number, headLine: string, updateLine: string): number {
  if (candidates.length === 1) return candidates[0];
  // Dozens of `=======` lines in one block is not a real edit; keep the cost bounded and pick the balanced split.
  if (candidates.length > 64) return candidates[candidates.length >> 1];
  const searchCount = new Map<string, number>();
  const replaceCount = new Map<string, number>();
  let overlap = 0;
  let searchDividers = 0;
  let replaceDividers = 0;
  const key = (line: string) => line.trim();
  const add = (map: Map<string, number>, other: Map<string, number>, line: string, delta: 1 | -1) => {
    const k = key(line);
    if (k.length === 0) return;
    const before = Math.min(map.get(k) ?? 0, other.get(k) ?? 0);
    map.set(k, (map.get(k) ?? 0) + delta);
    overlap += Math.min(map.get(k) ?? 0, other.get(k) ?? 0) - before;
  };
  const first = candidates[0];
  for (let i = bodyStart; i < first; i++) add(searchCount, replaceCount, lines[i], 1);
  for (let i = first + 1; i < update; i++) add(replaceCount, searchCount, lines[i], 1);
  searchDividers = 0;
  replaceDividers = candidates.length - 1;

  let best = first;
  let bestScore: number[] | undefined;
  for (let c = 0; c < candidates.length; c++) {
    const at = candidates[c];
    if (c > 0) {
      const prev = candidates[c - 1];
      // prev joins the search side; lines prev+1 .. at-1 move from replace to search; `at` leaves replace.
      add(searchCount, replaceCount, lines[prev], 1);
      for (let i = prev + 1; i < at; i++) {
        add(replaceCount, searchCount, lines[i], -1);
        add(searchCount, replaceCount, lines[i], 1);
      }
      add(replaceCount, searchCount, lines[at], -1);
      searchDividers++;
      replaceDividers--;
    }
    const score = [
      dividerLikeMarkers(lines[at], headLine, updateLine) ? 1 : 0,
      overlap,
      -Math.abs(searchDividers - replaceDividers),
    ];
    if (bestScore === undefined || greater(score, bestScore)) {
      best = at;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The lines between `from` and `update` that are a run of `=` as short as the block's markers
 * (3 or 4 characters), when its SEARCH and REPLACE markers are both that short: the markers' own
 * divider. Sweep's blog and the models that learnt from it write Aider's first format with 4
 * characters throughout (`<<<< ORIGINAL` / `====` / `>>>> UPDATED`); alone, so short a run of `=`
 * is too often the file's text (a heading's underline) to be taken, but markers come in a set.
 */
function shortDividers(lines: readonly string[], from: number, update: number, headLine: string, updateLine: string): number[] {
  const length = HEAD.exec(headLine)?.[1].length;
  if (length === undefined || length >= 5 || UPDATE.exec(updateLine)?.[1].length !== length) return [];
  const found: number[] = [];
  for (let k = from; k < update; k++) if (SHORT_DIVIDER.exec(lines[k])?.[1].length === length) found.push(k);
  return found;
}

/** True when the `=======` line has as many `=` as the block's SEARCH or REPLACE marker has `<` or `>` (markers come in a set). */
function dividerLikeMarkers(dividerLine: string, headLine: string, updateLine: string): boolean {
  const length = (SHORT_DIVIDER.exec(dividerLine) as RegExpExecArray)[1].length;
  return length === ((HEAD.exec(headLine)?.[1].length) ?? 7) || length === ((UPDATE.exec(updateLine)?.[1].length) ?? 7);
}

/**
 * A SEARCH side whose gutter is missing from some lines (`1 | function f() {`, `    return x;`,
 * `3 | }`: the model dropped one line's number): read as numbered when every number is the one
 * its place in the block gives (the first number plus the line's index, as in the view it was
 * copied from) and the numbered lines outnumber the other non-blank ones, at least two of them.
 * The lines without a number are kept as they are.
 */
function gappedGutter(lines: readonly string[]): { lines: string[]; first: number } | undefined {
  const out: string[] = [];
  const separated: boolean[] = [];
  let base: number | undefined;
  let numbered = 0;
  let plain = 0;
  for (let k = 0; k < lines.length; k++) {
    const m = startsWithDigit(lines[k]) ? NUMBER_PREFIX.exec(lines[k]) : null;
    if (!m) {
      // Past half the lines plain, the numbered ones cannot outnumber them: most blocks stop here.
      if (!trimsToEmpty(lines[k]) && ++plain * 2 >= lines.length) return undefined;
      out.push(lines[k]);
      separated.push(false);
      continue;
    }
    const number = Number(m[1]);
    base ??= number - k;
    if (number !== base + k) return undefined;
    numbered++;
    out.push(lines[k].slice(m[0].length));
    separated.push(m[2] !== undefined);
  }
  return base !== undefined && base >= 1 && numbered >= 2 && numbered > plain ? { lines: withoutGutterBlank(out, separated), first: base } : undefined;
}

/** True when the line's first character after spaces and tabs is a digit (what a gutter starts with). */
function startsWithDigit(line: string): boolean {
  const c = firstNonBlankChar(line);
  return c >= '0' && c <= '9';
}

function greater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/** Why a block whose new lines alone carry a file view's numbers is refused. */
export const NUMBERED_REPLACEMENT = 'The new lines carry a file view\'s line numbers (`12 | code`) and the old ones do not: written, the numbers would go into the file, and taking them off is a guess. Re-send the edit without the line numbers.';

/**
 * True when every new line (two or more) carries a read tool's gutter, `12 | ` or `12→`, numbered
 * consecutively, and no old line carries one (a model copied its read_file output into the new
 * text only). Roo itself takes the numbers off only when both sides carry them, and writes them
 * otherwise; a file is not meant to hold them, and which lines the model meant is not certain.
 */
export function numberedOnlyInReplacement(search: readonly string[], replace: readonly string[]): boolean {
  if (search.length === 0 || replace.length < 2 || search.some((line) => gutterMark(line) !== undefined)) return false;
  let previous: number | undefined;
  for (const line of replace) {
    const m = NUMBER_PREFIX.exec(line);
    const mark = gutterMark(line);
    if (!m || (mark !== '|' && mark !== '\u2192')) return false;
    const number = Number(m[1]);
    if (previous !== undefined && number !== previous + 1) return false;
    previous = number;
  }
  return true;
}

/**
 * Removes a line-number gutter (`12 | code`, `12: code`, `12<TAB>code`, `12→code`) when EVERY
 * line of both sides carries one and the SEARCH side's numbers run consecutively (so a YAML list
 * of `1: a` keys or code that starts with numbers is not mistaken for a gutter); or from SEARCH
 * alone when its two or more lines (one, after Claude Code's `→`) carry consecutive numbers and
 * no REPLACE line is numbered the same way (the model copied a tool's numbered read into SEARCH
 * only): `searchOnly` then says so. Callers keep the block as written too: the planner uses it
 * when the file itself has those lines (a YAML map with keys `1:`, `2:` runs consecutively as well). The first SEARCH number becomes a line hint.
 * A block without SEARCH lines is left as written: nothing shows its numbers came from a view.
 * A SEARCH side where the model left the gutter off a few lines is read too (`gappedGutter`).
 */
export function stripLineNumbers(search: readonly string[], replace: readonly string[]): { search: readonly string[]; replace: readonly string[]; firstNumber?: number; searchOnly?: true } {
  const unchanged = { search, replace };
  // Without search lines nothing shows the numbers came from a file view: new text is as written.
  if (search.length === 0) return unchanged;
  const strip = (lines: readonly string[], consecutive: boolean): { lines: string[]; first?: number } | undefined => {
    const out: string[] = [];
    const separated: boolean[] = [];
    let first: number | undefined;
    let previous = -1;
    for (const line of lines) {
      const m = NUMBER_PREFIX.exec(line);
      if (!m) return undefined;
      const number = Number(m[1]);
      if (consecutive && previous >= 0 && number !== previous + 1) return undefined;
      if (first === undefined) first = number;
      previous = number;
      out.push(line.slice(m[0].length));
      separated.push(m[2] !== undefined);
    }
    return { lines: withoutGutterBlank(out, separated), first };
  };
  const s = strip(search, true) ?? gappedGutter(search);
  if (!s) return unchanged;
  const r = strip(replace, search.length === 0);
  if (!r) {
    // A REPLACE line numbered in another way than SEARCH's gutter is the file's own text (a
    // doctest's `   0: (    MARK` under Roo's `2505 | `); one numbered the same way leaves it
    // unclear which lines were copied from the view.
    const searchMarks = new Set(search.map(gutterMark));
    const plainReplace = replace.every((line) => { const mark = gutterMark(line); return mark === undefined || !searchMarks.has(mark); });
    // One numbered line is too little evidence (a YAML `1: a` key), unless its mark is Claude
    // Code's arrow, which code does not start a line with.
    const evidence = search.length >= 2 || searchMarks.has('\u2192');
    if (!evidence || !plainReplace || s.first === undefined) return unchanged;
    return { search: s.lines, replace, firstNumber: s.first, searchOnly: true };
  }
  return { search: s.lines, replace: r.lines, ...(search.length > 0 && s.first !== undefined ? { firstNumber: s.first } : {}) };
}
