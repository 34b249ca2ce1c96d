/**
 * OpenAI's apply_patch envelope (Codex) → Edit IR.
 *
 * ```
 * *** Begin Patch
 * *** Update File: src/a.py
 * *** Move to: lib/a.py        (optional)
 * @@ class Foo                  (zero or more anchors; consecutive ones nest)
 *  context
 * -removed
 * +added
 * *** End of File              (optional: the chunk ends at the end of the file)
 * *** Add File: b.md           (every line starts with +)
 * *** Delete File: c.txt
 * *** End Patch
 * ```
 * A patch is one block and is all-or-nothing, as in Codex: any malformed line makes the whole block a
 * `PARSE_ERROR` with no ops, and a reply that ends before `*** End Patch` is `INCOMPLETE_BLOCK`.
 *
 * Moves: the chunks of an `Update File` with `Move to` are emitted as `ReplaceOp`s on the OLD path,
 * followed by one `MoveFileOp(old → new)`: the planner edits the content, then moves the file.
 */
import type { EditOp, ParseProblem } from '../ir';
import { lineIndexAt, lineStartsOf, type ParsedBlock, type ReplyParser, type ReplyText } from './parser';
import { cleanPath, fenceOpen, isFenceClose, joinLines, problemOf, sourceOf } from './replyScan';
import type { FenceOpen } from './replyScan';
import { isBareDotsLine, isElisionLine } from './elision';
import { stripLineNumbers } from './searchReplace';
import { trimsToEmpty } from '../text/indentation';
import { NUMBERED_HUNK, sectionHeadingOf } from './diffFence';

const FORMAT = 'apply-patch' as const;
const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const NUMBERED_ANCHOR = /^-\d+(?:,\d+)? \+\d+(?:,\d+)?(?: @@)?$/;

/** The result of reading one patch envelope. */
export interface PatchResult {
  readonly ops: EditOp[];
  readonly problems: ParseProblem[];
  /** 0-based index of the `*** End Patch` line, or -1 when the patch was not closed. */
  readonly endIndex: number;
  /** 0-based index of the line the read stopped at (End Patch, a terminator, or the last line). */
  readonly lastIndex: number;
}

interface Chunk {
  anchors: string[];
  lineHint?: number;
  /** The section heading of a unified hunk header standing as the chunk's `@@` line. */
  sectionHeading?: string;
  /** Where the chunk's `...` lines with no prefix stand among its lines: lines left out (see `EditSource.dotsElide`). */
  readonly dotsAt: number[];
  readonly lines: { kind: ' ' | '-' | '+'; text: string }[];
  atEndOfFile: boolean;
  firstIndex: number;
  lastIndex: number;
}

type Section =
  | { kind: 'add'; path: string | undefined; firstIndex: number; lastIndex: number; content: string[] }
  | {
    kind: 'update';
    path: string | undefined;
    /** The patch's chunks stand right under `*** Begin Patch`, with no file header: the host's file is meant. */
    headerless?: boolean;
    firstIndex: number;
    lastIndex: number;
    moveTo?: string;
    chunks: Chunk[];
  };

const FILE_HEADER = /^\*\*\* (?:Add File:|Update File:|Delete File:|Move to:|End of File$)/;

/**
 * A marker line as the format spells it: trimmed, and without the ` ***` some models close every
 * marker with (`*** Begin Patch ***`, `*** Update File: src/index.ts ***`: grok-4.5 wrote every
 * call so, read as no patch at all, or as a file named "src/index.ts ***").
 */
export function patchMarker(line: string): string {
  const trimmed = line.trim();
  return trimmed.length > 7 && trimmed.startsWith('*** ') && trimmed.endsWith(' ***') ? trimmed.slice(0, -4).trimEnd() : trimmed;
}

/**
 * A file header indented by spaces or tabs (`  *** Update File: a.py`), which Codex reads as a
 * header too. Inside an update section a line with exactly one leading space is a context line
 * (the file's own `*** Update File:` text), as Codex reads it.
 */
function isIndentedHeader(line: string, inUpdate: boolean): boolean {
  const c = line[0];
  if (c !== ' ' && c !== '\t') return false;
  if (inUpdate && c === ' ' && line[1] !== ' ' && line[1] !== '\t') return false;
  return FILE_HEADER.test(line.trim());
}

/**
 * Reads the patch whose `*** Begin Patch` is at `begin` (0-based), up to `*** End Patch`, a line for
 * which `isTerminator` is true (a heredoc delimiter, a closing fence), or the end of `lines`.
 * `lineNo` maps a 0-based index to the reply line used in sources and problems. Total, linear.
 */
export function readPatch(
  lines: readonly string[],
  begin: number,
  isTerminator: (index: number) => boolean,
  lineNo: (index: number) => number = (index) => index + 1,
): PatchResult {
  const ops: EditOp[] = [];
  const problems: ParseProblem[] = [];
  const error = (index: number, message: string, path?: string): void => {
    problems.push(problemOf('PARSE_ERROR', FORMAT, lineNo(index), lineNo(index), message, path));
  };
  let section: Section | undefined;
  let chunk: Chunk | undefined;
  /** After an unknown header, its body lines are not reported again one by one. */
  let skipping = false;

  const finishChunk = (): void => {
    if (section?.kind === 'update' && chunk) {
      if (chunk.lines.length === 0) {
        error(chunk.firstIndex, 'An @@ chunk has no lines after it.', section.path);
      } else {
        section.chunks.push(chunk);
      }
    }
    chunk = undefined;
  };
  const finishSection = (): void => {
    finishChunk();
    if (section) compileSection(section, ops, problems, lineNo);
    section = undefined;
  };

  const n = lines.length;
  let k = begin + 1;
  for (; k < n; k++) {
    const line = lines[k];
    if (patchMarker(line) === END) {
      finishSection();
      if (ops.length === 0 && problems.length === 0) {
        error(k, 'The patch between "*** Begin Patch" and "*** End Patch" changes nothing.');
      }
      return done(ops, problems, k, k);
    }
    if (isTerminator(k) || patchMarker(line) === BEGIN) {
      finishSection();
      error(k, 'The patch has no "*** End Patch" line before this one.');
      return done(ops, problems, -1, k - 1);
    }
    if (line.startsWith('***') || isIndentedHeader(line, section?.kind === 'update')) {
      const header = patchMarker(line);
      skipping = false;
      if (section?.kind === 'update' && section.headerless && FILE_HEADER_TEXTS.some((text) => header.startsWith(text))) {
        // Chunks above the first file header could be meant for that file or for the host's: a guess either way.
        finishChunk();
        section = undefined;
        error(k, 'The patch has @@ chunks above its first file header: put them under the "*** Update File:" line of the file they change.');
      }
      if (header.startsWith('*** Add File:')) {
        finishSection();
        const path = cleanPath(header.slice('*** Add File:'.length), false);
        if (path === undefined) error(k, '"*** Add File:" names no file.');
        section = { kind: 'add', path, firstIndex: k, lastIndex: k, content: [] };
      } else if (header.startsWith('*** Update File:')) {
        finishSection();
        const path = cleanPath(header.slice('*** Update File:'.length), false);
        if (path === undefined) error(k, '"*** Update File:" names no file.');
        section = { kind: 'update', path, firstIndex: k, lastIndex: k, chunks: [] };
      } else if (header.startsWith('*** Delete File:')) {
        finishSection();
        const path = cleanPath(header.slice('*** Delete File:'.length), false);
        if (path === undefined) error(k, '"*** Delete File:" names no file.');
        else ops.push({ kind: 'delete', path, source: sourceOf(FORMAT, lineNo(k), lineNo(k)) });
      } else if (header.startsWith('*** Move to:')) {
        const to = cleanPath(header.slice('*** Move to:'.length), false);
        if (section?.kind !== 'update' || section.chunks.length > 0 || chunk !== undefined || section.moveTo !== undefined) {
          error(k, '"*** Move to:" must directly follow "*** Update File:".', section?.path);
        } else if (to === undefined) {
          error(k, '"*** Move to:" names no file.', section.path);
        } else {
          section.moveTo = to;
          section.lastIndex = k;
        }
      } else if (header === '*** End of File') {
        if (section?.kind !== 'update' || !chunk || chunk.lines.length === 0) {
          error(k, '"*** End of File" must end an @@ chunk.', section?.path);
        } else {
          chunk.atEndOfFile = true;
          chunk.lastIndex = k;
          section.lastIndex = k;
          finishChunk();
        }
      } else {
        finishSection();
        skipping = true;
        error(k, `Unknown patch header "${header.slice(0, 80)}": expected Add File, Update File, Delete File, Move to, End of File or End Patch.`);
      }
      continue;
    }
    if (!section && line.startsWith('@@') && ops.length === 0 && problems.length === 0 && onlyBlankBetween(lines, begin, k)) {
      // An `@@` chunk right under `*** Begin Patch`, with no `*** Update File:` line: the diff
      // argument of a tool call that names its file in another argument (oh-my-pi's `{path, diff}`),
      // wrapped as a patch. Its ops name no file, so the host's file is meant, as for a bare hunk;
      // with none, they are refused for want of one.
      section = { kind: 'update', path: undefined, headerless: true, firstIndex: k, lastIndex: k, chunks: [] };
    }
    if (!section) {
      if (!trimsToEmpty(line) && !skipping) error(k, 'A line between "*** Begin Patch" and the first file header: expected "*** Add File:", "*** Update File:" or "*** Delete File:".');
      continue;
    }
    if (section.kind === 'add') {
      if (line.startsWith('+')) {
        section.content.push(line.slice(1));
        section.lastIndex = k;
      } else if (trimsToEmpty(line)) {
        // A blank content line whose "+" was lost counts only when more content follows it.
        const next = nextNonBlank(lines, k, n);
        if (next < n && lines[next].startsWith('+')) {
          for (let b = k; b < next; b++) section.content.push('');
          k = next - 1;
        }
      } else {
        error(k, 'Every line of an "*** Add File:" section must start with "+".', section.path);
      }
      continue;
    }
    // Update section.
    if (line.startsWith('@@')) {
      if (chunk && chunk.lines.length > 0) finishChunk();
      if (!chunk) chunk = { anchors: [], lines: [], dotsAt: [], atEndOfFile: false, firstIndex: k, lastIndex: k };
      let anchor = line.slice(2).trim();
      if (anchor.endsWith('@@')) anchor = anchor.slice(0, -2).trim();
      const numbered = NUMBERED_HUNK.exec(line.trimEnd());
      if (numbered) {
        // A unified hunk header inside a patch, git's section heading after it (`@@ -6,2 +6,2 @@
        // def helper():`), read as a diff reads it: its old line number is a hint and the heading
        // names a line above the place. Taken whole for an anchor, that text stood nowhere in the
        // file, and the number that told two twin functions apart was lost.
        chunk.lineHint = Number(numbered[1]);
        const heading = sectionHeadingOf(line.trimEnd().slice(numbered[0].length));
        if (heading !== undefined) chunk.sectionHeading = heading;
      } else if (NUMBERED_ANCHOR.test(anchor)) {
        // A unified-diff style header inside a patch: its old line number is a hint, not an anchor.
        chunk.lineHint = Number(anchor.slice(1, anchor.search(/[ ,]/)));
      } else if (anchor !== '') {
        chunk.anchors.push(anchor);
      }
      chunk.lastIndex = k;
      section.lastIndex = k;
      continue;
    }
    const c = line[0];
    if (c === ' ' || c === '-' || c === '+') {
      if (!chunk) chunk = { anchors: [], lines: [], dotsAt: [], atEndOfFile: false, firstIndex: k, lastIndex: k };
      chunk.lines.push({ kind: c, text: line.slice(1) });
      chunk.lastIndex = k;
      section.lastIndex = k;
      continue;
    }
    if (trimsToEmpty(line)) {
      // An empty line is a blank context line when more chunk lines follow (its space was lost).
      const next = nextNonBlank(lines, k, n);
      if (chunk && next < n && (isChunkLine(lines[next]) || unprefixedContextEnd(lines, next, n) !== undefined)) {
        for (let b = k; b < next; b++) chunk.lines.push({ kind: ' ', text: '' });
        chunk.lastIndex = next - 1;
        k = next - 1;
      }
      continue;
    }
    if (chunk && chunk.lines.length > 0 && isBareDotsLine(line)) {
      // A `...` with no prefix between a chunk's lines: no line of the file (every one is written
      // with its prefix), but the model's "lines left out here", as in a SEARCH block (oh-my-pi
      // reads it so). It stands on both sides, so the left-out lines stay as they are; the placer
      // finds the lines around it as it does a SEARCH block's (see `compileSection` for where it
      // may stand). Last in its chunk it says nothing a placer could check, and is refused below.
      const next = nextNonBlank(lines, k + 1, n);
      if (next < n && (isChunkLine(lines[next]) || unprefixedContextEnd(lines, next, n) !== undefined)) {
        chunk.dotsAt.push(chunk.lines.length);
        chunk.lines.push({ kind: ' ', text: line.trim() });
        chunk.lastIndex = k;
        section.lastIndex = k;
        continue;
      }
    }
    // Unprefixed lines that more chunk lines follow: context whose leading space was lost. Codex
    // refuses them; the locator checks them against the file like any context, so reading them
    // costs nothing in safety.
    const resume = chunk ? unprefixedContextEnd(lines, k, n) : undefined;
    if (chunk && resume !== undefined) {
      for (let b = k; b < resume; b++) chunk.lines.push({ kind: ' ', text: trimsToEmpty(lines[b]) ? '' : lines[b] });
      chunk.lastIndex = resume - 1;
      section.lastIndex = resume - 1;
      k = resume - 1;
      continue;
    }
    error(k, isBareDotsLine(line)
      ? 'A "..." line in an "*** Update File:" chunk stands for left-out lines only between the chunk\'s lines: quote the lines it stands for, or end the chunk before it.'
      : 'A line in an "*** Update File:" chunk must start with " ", "-", "+" or "@@".', section.path);
  }
  finishSection();
  return done(ops, problems, -1, n - 1);
}

function done(ops: EditOp[], problems: ParseProblem[], endIndex: number, lastIndex: number): PatchResult {
  return { ops, problems, endIndex, lastIndex };
}

/**
 * Where a run of unprefixed lines starting at `from` ends, when a prefixed chunk line follows it
 * within 50 lines, or when the chunk ends after it (a `***` or `@@` line: inside the patch's
 * envelope nothing but chunk lines stands there, so trailing unprefixed lines are its last context,
 * up to the last with text); undefined when an elision, or the end of the reply, comes first.
 */
function unprefixedContextEnd(lines: readonly string[], from: number, to: number): number | undefined {
  let lastText = -1;
  for (let k = from; k < to && k < from + 50; k++) {
    const line = lines[k];
    if (isElisionLine(line)) return undefined;
    if (line.startsWith('***') || line.startsWith('@@')) return lastText === -1 ? undefined : lastText + 1;
    if (trimsToEmpty(line)) continue;
    if (k > from && isChunkLine(line)) return k;
    lastText = k;
  }
  return undefined;
}

function isChunkLine(line: string): boolean {
  const c = line[0];
  return c === ' ' || c === '-' || c === '+';
}

/**
 * True when each `...` line among the chunk's lines can only stand for lines the chunk keeps: a
 * context line is right above it (after `-` lines, `-a` / `...` / `-z`, it may mean "remove all
 * these", and kept, the left-out lines would survive a deletion the model meant) and a context or
 * removed line below it (the old text goes on after the gap, which bounds it). Linear.
 */
function leavesOutKeptLines(chunk: Chunk): boolean {
  const dots = new Set(chunk.dotsAt);
  let lastOld = -1;
  chunk.lines.forEach((line, k) => { if (line.kind !== '+' && !dots.has(k)) lastOld = k; });
  return chunk.dotsAt.every((at) => at > 0 && chunk.lines[at - 1].kind === ' ' && !dots.has(at - 1) && lastOld > at);
}

/** True when only blank lines stand strictly between lines `above` and `below`. */
function onlyBlankBetween(lines: readonly string[], above: number, below: number): boolean {
  for (let k = above + 1; k < below; k++) if (!trimsToEmpty(lines[k])) return false;
  return true;
}

function nextNonBlank(lines: readonly string[], from: number, n: number): number {
  let k = from;
  while (k < n && trimsToEmpty(lines[k])) k++;
  return k;
}

function compileSection(section: Section, ops: EditOp[], problems: ParseProblem[], lineNo: (index: number) => number): void {
  if (section.path === undefined && !(section.kind === 'update' && section.headerless)) return; // already reported
  if (section.kind === 'add') {
    ops.push({
      kind: 'create',
      path: section.path,
      content: joinLines(section.content),
      source: sourceOf(FORMAT, lineNo(section.firstIndex), lineNo(section.lastIndex)),
    });
    return;
  }
  if (section.chunks.length === 0 && section.moveTo === undefined) {
    problems.push(problemOf('PARSE_ERROR', FORMAT, lineNo(section.firstIndex), lineNo(section.lastIndex),
      '"*** Update File:" is followed by no @@ chunk.', section.path));
    return;
  }
  for (const chunk of section.chunks) {
    if (chunk.dotsAt.length > 0 && !leavesOutKeptLines(chunk)) {
      problems.push(problemOf('PARSE_ERROR', FORMAT, lineNo(chunk.firstIndex), lineNo(chunk.lastIndex),
        'A "..." line in this chunk stands where it could leave out lines to be removed or added: quote every line it stands for.',
        section.path));
      continue;
    }
    const search: string[] = [];
    const replacement: string[] = [];
    for (const line of chunk.lines) {
      if (line.kind !== '+') search.push(line.text);
      if (line.kind !== '-') replacement.push(line.text);
    }
    const lineKinds = chunk.lines.map((line) => line.kind).join('');
    const lines = sourceOf(FORMAT, lineNo(chunk.firstIndex), lineNo(chunk.lastIndex));
    const source = chunk.dotsAt.length > 0 ? { ...lines, dotsElide: true } : lines;
    if (search.length === 0 && chunk.anchors.length > 0) {
      problems.push(problemOf('PARSE_ERROR', source.format, source.startLine, source.endLine,
        'This chunk only adds lines after an @@ anchor, with no context line to place them by: include the lines around the insertion point.',
        section.path));
      continue;
    }
    // A line-number gutter copied from a numbered read of the file (`3: code` after the marker),
    // read as a SEARCH block's is; the chunk as written goes along for a file whose lines hold it.
    // (Asked only when the first old line starts with a number: most chunks have none.)
    const numbered = search.length > 0 && /^\s*\d/.test(search[0]) ? stripLineNumbers(search, replacement) : { search, replace: replacement, firstNumber: undefined };
    const stripped = numbered.search !== search;
    const lineHint = chunk.lineHint !== undefined && chunk.lineHint > 0 ? chunk.lineHint : numbered.firstNumber;
    // With no context and no anchor, Codex appends the lines to the file: an empty search says so.
    ops.push({
      kind: 'replace',
      path: section.path,
      search: joinLines(numbered.search),
      replacement: joinLines(numbered.replace),
      ...(stripped ? { quotedSearch: joinLines(search) } : {}),
      ...(stripped && numbered.replace !== replacement ? { quotedReplacement: joinLines(replacement) } : {}),
      granularity: 'lines',
      expectedCount: 1,
      ...(lineHint !== undefined ? { lineHint } : {}),
      ...(chunk.anchors.length > 0 ? { anchors: chunk.anchors } : {}),
      ...(chunk.sectionHeading !== undefined ? { sectionHeading: chunk.sectionHeading } : {}),
      ...(chunk.atEndOfFile ? { atEndOfFile: true } : {}),
      lineKinds,
      source,
    });
  }
  if (section.moveTo !== undefined && section.path !== undefined && section.moveTo !== section.path) {
    ops.push({
      kind: 'move',
      from: section.path,
      to: section.moveTo,
      source: sourceOf(FORMAT, lineNo(section.firstIndex), lineNo(section.lastIndex)),
    });
  }
}

/**
 * The heredoc delimiter of an `apply_patch <<'EOF'` / `applypatch <<"PATCH"` / `apply_patch <<EOF`
 * line, or undefined when the line is not such a command.
 */
export function heredocDelimiter(line: string): string | undefined {
  const at = Math.max(line.indexOf('apply_patch'), line.indexOf('applypatch'));
  if (at < 0) return undefined;
  const here = line.indexOf('<<', at);
  if (here < 0) return undefined;
  let k = here + 2;
  if (line[k] === '-') k++;
  while (line[k] === ' ') k++;
  const quote = line[k] === "'" || line[k] === '"' ? line[k] : '';
  if (quote) k++;
  const start = k;
  while (k < line.length && /[A-Za-z0-9_]/.test(line[k])) k++;
  if (k === start) return undefined;
  return line.slice(start, k);
}

/**
 * The folder a heredoc command line changes into before it runs the patch (`cd alt && apply_patch
 * <<'EOF'`, `cd "my app"; apply_patch <<EOF`: Codex's models write this, and Codex runs the
 * patch there), or undefined when it changes into none (or into `.`).
 */
export function heredocFolder(line: string): string | undefined {
  const m = /^[ \t]*(?:\$[ \t]*)?cd[ \t]+(?:"([^"]{1,300})"|'([^']{1,300})'|([^\s'"&;]{1,300}))[ \t]*(?:&&|;)[ \t]*(?:apply_patch|applypatch)\b/.exec(line);
  if (!m) return undefined;
  let folder = (m[1] ?? m[2] ?? m[3]).replace(/\\/g, '/');
  while (folder.startsWith('./')) folder = folder.slice(2);
  while (folder.endsWith('/')) folder = folder.slice(0, -1);
  return folder === '' || folder === '.' ? undefined : folder;
}

/** `op` with its paths taken as relative to `folder` (see `heredocFolder`). */
function underFolder(op: EditOp, folder: string): EditOp {
  const inside = (path: string) => `${folder}/${path}`;
  if (op.kind === 'move') return { ...op, from: inside(op.from), to: inside(op.to) };
  return op.path === undefined ? op : { ...op, path: inside(op.path) };
}

/** The file headers a patch starts with. */
const FILE_HEADER_TEXTS = ['*** Update File:', '*** Add File:', '*** Delete File:'];
/** What every text `hitFinder` seeks starts with. */
const STAR_RUN = '*** ';

/**
 * A search for the next `*** Begin Patch` (or, with `headers`, file header) at or after a position
 * that only grows; -1 when there is none. Every text sought starts with `*** `, so one native
 * search for that run finds them all, each hit then told apart by the text that follows it: V8
 * seeks a pattern under seven characters by its first character, natively, and a longer one by
 * Boyer-Moore-Horspool, which cost 0.5 ms per text per megabyte of code (four texts, a twentieth
 * of parsing a long reply). Linear in the reply over all calls, since `from` only grows and each
 * call stops at the first hit.
 */
function hitFinder(text: string, headers: boolean): (from: number) => number {
  const texts = headers ? [BEGIN, ...FILE_HEADER_TEXTS] : [BEGIN];
  return (from) => {
    for (let at = text.indexOf(STAR_RUN, from); at !== -1; at = text.indexOf(STAR_RUN, at + 1)) {
      for (const wanted of texts) if (text.startsWith(wanted, at)) return at;
    }
    return -1;
  };
}

/**
 * True when line `i` is a file header at the start of its line with no `*** Begin Patch` above it
 * (the nearest line with text above is not one, nor a line of a patch), and an `*** End Patch`
 * stands below before any other Begin line (`stopBelow(i)`: the first line below `i` that is
 * either, or claimed): a patch that lost its first line.
 */
function opensHeaderless(lines: readonly string[], i: number, isClaimed: (line: number) => boolean, stopBelow: (i: number) => number): boolean {
  if (!FILE_HEADER_TEXTS.some((header) => lines[i].startsWith(header))) return false;
  let above = i - 1;
  while (above >= 0 && trimsToEmpty(lines[above])) above--;
  if (above >= 0 && (patchMarker(lines[above]).startsWith('***') || isClaimed(above + 1))) return false;
  const stop = stopBelow(i);
  return stop < lines.length && patchMarker(lines[stop]) === END;
}

/** Finds every patch envelope in the reply. */
function parseApplyPatches(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
  const lines = reply.lines;
  const n = lines.length;
  const blocks: ParsedBlock[] = [];
  // The envelopes' starts are found by a native search of the text, not line by line: most
  // replies hold none, and the line of each hit comes from the shared line starts.
  const lineStarts = lineStartsOf(reply);
  let i = 0;
  // A patch whose model left out its `*** Begin Patch` line starts at its first file header, when
  // an `*** End Patch` closes it: looked for only when the reply has such a header and that line.
  const headerless = reply.text.includes(END) && FILE_HEADER_TEXTS.some((header) => reply.text.includes(header));
  // The first line below a header that is an End or Begin line, or claimed: found going forward
  // only (headers are met in reply order), so every line is looked at once.
  let stop = -1;
  const stopBelow = (at: number): number => {
    if (stop > at) return stop;
    for (stop = at + 1; stop < n; stop++) {
      const marker = patchMarker(lines[stop]);
      if (marker === END || marker === BEGIN || isClaimed(stop + 1)) break;
    }
    return stop;
  };
  const nextHit = hitFinder(reply.text, headerless);
  while (i < n) {
    const hit = nextHit(lineStarts[i]);
    if (hit === -1) break;
    i = lineIndexAt(lineStarts, hit);
    const marker = patchMarker(lines[i]);
    const begins = marker === BEGIN;
    const quoted = !begins && !isClaimed(i + 1) ? shellQuotedPatch(lines, i) : undefined;
    if (quoted !== undefined) {
      blocks.push(quoted.block);
      i = quoted.end + 1;
      continue;
    }
    if ((!begins && !(headerless && opensHeaderless(lines, i, isClaimed, stopBelow))) || isClaimed(i + 1)) { i++; continue; }
    // Without its Begin line, the patch is read as if that line stood right above its first header.
    const read = begins ? i : i - 1;
    // What wraps the patch: a heredoc command line and/or a fence just above it.
    let start = i;
    let delimiter: string | undefined;
    if (start > 0 && !isClaimed(start)) {
      delimiter = heredocDelimiter(lines[start - 1]);
      if (delimiter !== undefined) start--;
    }
    let fence: FenceOpen | undefined;
    if (start > 0 && !isClaimed(start)) {
      fence = fenceOpen(lines[start - 1]);
      if (fence) start--;
    }
    const isTerminator = (index: number): boolean =>
      isClaimed(index + 1) ||
      (delimiter !== undefined && lines[index].trim() === delimiter) ||
      (fence !== undefined && isFenceClose(lines[index], fence));
    const result = readPatch(lines, read, isTerminator);
    let end = result.lastIndex;
    let problems = result.problems;
    if (result.endIndex < 0 && result.lastIndex >= n - 1) {
      // The reply ended inside the patch: a truncated patch is never applied.
      problems = [problemOf('INCOMPLETE_BLOCK', FORMAT, start + 1, n,
        'The reply ended before "*** End Patch": the patch is incomplete and is not applied.')];
      end = n - 1;
    } else {
      // Swallow the heredoc delimiter and the closing fence that belong to this patch.
      let next = end + 1;
      if (delimiter !== undefined && next < n && !isClaimed(next + 1) && lines[next].trim() === delimiter) end = next++;
      if (fence !== undefined && next < n && !isClaimed(next + 1) && isFenceClose(lines[next], fence)) end = next;
      else if (fence !== undefined && delimiter === undefined && start === i - 1) {
        // A bare fence line above the patch with no closing fence after it was the END of an
        // earlier block (a diff fence right before the patch): it is not this patch's, so the
        // lines above stay for the parser they belong to.
        start = i;
      }
    }
    const failed = problems.length > 0;
    const folder = delimiter !== undefined ? heredocFolder(lines[i - 1]) : undefined;
    const ops = failed ? [] : folder === undefined ? result.ops : result.ops.map((op) => underFolder(op, folder));
    blocks.push({ startLine: start + 1, endLine: end + 1, ops, problems });
    i = end + 1;
  }
  return blocks;
}

/** `apply_patch "*** Begin Patch` (or `applypatch`, single quotes, a `$ ` prompt): the command and the string's opening quote. */
const QUOTED_BEGIN = /^[ \t]*(?:\$[ \t]*)?(?:apply_patch|applypatch)[ \t]+(["'])\*\*\* Begin Patch[ \t]*$/;

/**
 * A patch written as the shell command that applies it, its text one quoted argument
 * (`$ apply_patch "*** Begin Patch` … `*** End Patch"`: Grok in Codex #678, read as no edit at
 * all): the block from the command line to the End line that closes the quote, read as the patch
 * it quotes. The text is the patch's only where the shell would pass it on unchanged: a
 * double-quoted one with no `\"`, `\\`, `\$` or `` \` `` in it, a single-quoted one with no `'`.
 * Otherwise which characters are escapes is a guess: refused, nothing read. Undefined when line
 * `i` opens no such command or no End line closes it.
 */
function shellQuotedPatch(lines: readonly string[], i: number): { block: ParsedBlock; end: number } | undefined {
  const quote = QUOTED_BEGIN.exec(lines[i])?.[1];
  if (quote === undefined) return undefined;
  let end = i + 1;
  while (end < lines.length && lines[end].trim() !== END + quote) {
    if (patchMarker(lines[end]) === BEGIN) return undefined;
    end++;
  }
  if (end === lines.length) return undefined;
  const escaped = quote === '"' ? /\\["\\$`]/ : /'/;
  for (let k = i + 1; k < end; k++) {
    if (!escaped.test(lines[k])) continue;
    const message = `The patch is the quoted argument of an apply_patch command, and line ${k + 1} holds ${quote === '"' ? 'a backslash escape the shell would remove' : 'a quote that ends the argument'}: which characters are the file's is a guess. Re-send the patch alone, without the command around it.`;
    return { block: { startLine: i + 1, endLine: end + 1, ops: [], problems: [problemOf('PARSE_ERROR', FORMAT, k + 1, k + 1, message)] }, end };
  }
  const unquoted = lines.slice();
  unquoted[i] = BEGIN;
  unquoted[end] = END;
  const result = readPatch(unquoted, i, () => false);
  return { block: { startLine: i + 1, endLine: end + 1, ops: result.problems.length > 0 ? [] : result.ops, problems: result.problems }, end };
}

/**
 * The apply_patch parser. Guarantees: total and linear; one block per `*** Begin Patch` envelope
 * (including a wrapping `apply_patch <<'EOF'` heredoc line and fence); a block with any problem has
 * no ops (patches are atomic); Add → `CreateFileOp`, Delete → `DeleteFileOp`, each Update chunk →
 * line-granular `ReplaceOp` with `anchors` / `atEndOfFile`, Move → `MoveFileOp` after the chunks.
 */
export const applyPatchParser: ReplyParser = {
  format: FORMAT,
  parse: parseApplyPatches,
};
