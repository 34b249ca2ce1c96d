/**
 * Parsing a reply while the model is still writing it.
 *
 * The streaming parser buffers complete lines and, from time to time, runs the registry's parsers on
 * the unfinished tail only: the lines after the last block it already reported. A block is reported
 * complete once the tail shows it closed (no `INCOMPLETE_BLOCK`) and followed by a non-blank line;
 * it is then never re-read, and the tail starts after it. `end()` parses the whole reply once with
 * `parseReply`, so its result is exactly the one-shot result whatever the events said.
 *
 * Cost: chunks are read in batches (see `push`), and re-parsing the tail is paid from a credit: a
 * start-up credit of 32 KB of tail parses, plus a quarter character per character received. So the
 * tail parses together cost at most a quarter of a parse of the whole reply plus a constant, and
 * `end()` adds one full parse: about 1.25x `parseReply` plus the bookkeeping, whatever the chunk
 * size. A tail parse runs when a line arrives that ends a block in every format (a closing fence,
 * REPLACE, End Patch) and credit covers it, or, when credit covers several, after a line that may
 * end one (a bracket, a diff header), or to find the start of the next block.
 *
 * The price of that bound: live events cover roughly the first 25 KB of a reply (a typical chat
 * reply entirely); once the start-up credit is spent, a tail costs more than the credit it
 * earns, and the blocks after that are reported by `finish()` (once the gap is past
 * `LAZY_MARGIN`, chunks are only gathered: about 0.2x of a parse saved on a 1 MB reply).
 * Reporting every block of any reply live would cost one more full parse (measured: about 3x
 * one-shot in all).
 * Works with any `ReplyParser`: it relies only on the interface.
 */
import type { EditFormat, EditOp, ParsedReply, ParseProblem } from '../ir';
import type { ParsedBlock, ReplyParser, ReplyText } from './parser';
import { parseReply, replyParsers } from './registry';
import { patchMarker } from './applyPatch';
import { isSourceClose, parseFenceOpener } from './fences';
import { outdentListFences } from './listFences';
import { copiedNoBreakSpacesAsSpacesInPlace } from './noBreakSpaces';
import { parseOutsideReasoning } from './reasoning';
import { trimsToEmpty } from '../text/indentation';

/** A block began (the reply is inside it). `startLine` is 1-based in the whole reply. */
export interface BlockStartedEvent {
  readonly type: 'blockStarted';
  readonly format: EditFormat;
  readonly startLine: number;
  readonly path?: string;
}

/**
 * A block is complete. `block` is its 1-based number in the reply, and ops/problems carry it and
 * whole-reply line numbers, as `parseReply` would number them.
 */
export interface BlockCompletedEvent {
  readonly type: 'blockCompleted';
  readonly block: number;
  readonly format: EditFormat;
  readonly startLine: number;
  readonly endLine: number;
  readonly path?: string;
  readonly ops: EditOp[];
  readonly problems: ParseProblem[];
}

/** At the end of the stream: the reply ended inside this block, which is never applied. */
export interface IncompleteEvent {
  readonly type: 'incomplete';
  readonly block: number;
  readonly format: EditFormat;
  readonly startLine: number;
  readonly endLine: number;
  readonly path?: string;
  readonly problems: ParseProblem[];
}

export type StreamEvent = BlockStartedEvent | BlockCompletedEvent | IncompleteEvent;

/** A parser fed chunk by chunk. */
export interface StreamingParser {
  /**
   * Adds the next chunk (any size, split anywhere, CRLF split across chunks included) and returns
   * the events it caused: `blockStarted` once per block, then `blockCompleted` once per block, in
   * reply order. Never throws.
   */
  push(chunk: string): StreamEvent[];
  /** Ends the stream and returns exactly `parseReply(allChunks.join(''), parsers)`. Idempotent. */
  end(): ParsedReply;
  /**
   * Ends the stream like `end()` and also returns the last events: `blockCompleted` for blocks not
   * yet reported and `incomplete` for a block the reply ended inside. Idempotent (events once).
   */
  finish(): { reply: ParsedReply; events: StreamEvent[] };
}

/** Lines kept out of a prose-only tail skip, so a path label before an upcoming block stays in view. */
const LABEL_MARGIN = 3;

/** git's header lines from `diff --git` to `+++`: a diff is under way while they come. */
const GIT_HEADER = /^(?:diff --git |index |old mode |new mode |new file mode |deleted file mode |similarity index |dissimilarity index |rename from |rename to |copy from |copy to |--- |\+\+\+ )/;

/**
 * `at`, or the `diff --git` line that starts the run of header lines the stream ends with: a tail
 * that started inside them would read the diff without its `diff --git` and `index` lines.
 */
function gitHeaderStart(lines: readonly string[], at: number): number {
  let start = Math.min(at, lines.length);
  for (let i = lines.length - 1; i >= 0 && lines.length - i <= 12 && GIT_HEADER.test(lines[i]); i--) if (lines[i].startsWith('diff --git ')) start = Math.min(start, i);
  return start;
}
/**
 * Credit granted up front, so the blocks of an ordinary reply are reported as they complete; a
 * constant, so the total stays linear (3% of a 1 MB reply).
 */
const INITIAL_CREDIT = 32768;
/** Tail-parse work allowed per character received: bounds the tail parses to a quarter of a full parse. */
const CREDIT_PER_CHAR = 0.25;
/** The largest batch of characters read at once (see `push`). */
const MAX_BATCH = 1024;
/** When credit is this many times the tail, look at it after a line that may close a block. */
const SOFT_PARSE_FACTOR = 3;
/** When credit is this many times the tail, look at it even without such a line. */
const IDLE_PARSE_FACTOR = 6;
/**
 * When the tail exceeds the credit by this much, no look will ever be paid for again: the tail
 * grows at least twice as fast as the credit (a quarter per character; CRLF at worst halves the
 * text), so the gap only widens, and a later batch could close it only by more than this many
 * characters of one unfinished line. From then on the parser only gathers text for `finish()`.
 */
const LAZY_MARGIN = 65536;

/** What `push` returns when it has nothing to report: one shared, frozen empty list (a model streams thousands of chunks). */
const NO_EVENTS: StreamEvent[] = Object.freeze([]) as unknown as StreamEvent[];

interface TailBlock {
  readonly block: ParsedBlock;
  readonly format: EditFormat;
}

/**
 * Creates a streaming parser over `parsers` (the registry's by default). Guarantees: `end()` equals
 * `parseReply` of the concatenated chunks; events come in reply order and a block is reported
 * complete at most once; total work is amortised linear in the reply (about twice one `parseReply`).
 */
export function createStreamingParser(parsers: readonly ReplyParser[] = replyParsers): StreamingParser {
  /** Text received and read into lines, one entry per batch. */
  const received: string[] = [];
  /** Chunks received and not read yet, and their length. */
  const pending: string[] = [];
  let pendingChars = 0;
  /** Complete lines, LF-normalised. */
  const lines: string[] = [];
  /** `lineStart[i]`: characters (with `\n`) before line i among complete lines. */
  const lineStart: number[] = [];
  /** For each complete line: the index of the fence opener it lies inside, or -1. */
  const fenceOf: number[] = [];
  let openFence: { index: number; char: string; length: number } | undefined;
  let completeChars = 0;
  let partial = '';
  let pendingCR = false;
  /** First line (0-based) of the tail that is re-parsed. */
  let boundary = 0;
  let credit = INITIAL_CREDIT;
  /** Past `LAZY_MARGIN`: lines are no longer split or tracked (see there). */
  let lazy = false;
  let committed = 0;
  /** Whole-reply end line of the last block reported complete: a tail block starting at or before it was reported already (the tail restarted at a fence). */
  let lastCommittedEnd = 0;
  /** Whole-reply start lines already announced with `blockStarted`. */
  const announced = new Set<number>();
  /** Start line of the block announced and not yet reported finished. */
  let openAnnouncement: number | undefined;
  let finished: { reply: ParsedReply; events: StreamEvent[] } | undefined;
  /** Where to read from so that a SEARCH/REPLACE block without a path sees the one it inherits from (see examineTail). */
  let pathContext: number | undefined;

  const addLine = (line: string): void => {
    const index = lines.length;
    lines.push(line);
    lineStart.push(completeChars);
    completeChars += line.length + 1;
    trackFence(index, line);
  };

  const trackFence = (index: number, line: string): void => {
    // Runs on every line of the stream: look at the first non-blank character before making
    // any trimmed copy (most lines are not fences).
    let first = 0;
    while (first < line.length && (line[first] === ' ' || line[first] === '\t')) first++;
    const char = line[first];
    let run = 0;
    let onlyRun = false;
    if (char === '`' || char === '~') {
      while (first + run < line.length && line[first + run] === char) run++;
      onlyRun = line.slice(first + run).trim() === '';
    }
    if (openFence) {
      fenceOf.push(openFence.index);
      if (openFence.char === '<' ? char === '<' && isSourceClose(line) : run >= openFence.length && char === openFence.char && onlyRun) openFence = undefined;
    } else {
      fenceOf.push(-1);
      if (run >= 3) openFence = { index, char, length: run };
      // Aider's `<source>` fence: closed by `</source>`.
      else if (char === '<' && parseFenceOpener(line)?.char === '<') openFence = { index, char, length: 0 };
    }
  };

  /**
   * Chunks are gathered until a batch is worth the bookkeeping: a model streams a few characters
   * per chunk, and splitting lines and checking fences chunk by chunk cost as much as the parse
   * itself. A batch grows with the reply (1/64 of what was read, at most `MAX_BATCH`), so a short
   * reply is read chunk by chunk and reports at once, and a long one pays per kilobyte; what a
   * batch holds back at the end is read by `finish()`.
   */
  const push = (chunk: string): StreamEvent[] => {
    if (finished || chunk.length === 0) return NO_EVENTS;
    pending.push(chunk);
    pendingChars += chunk.length;
    // Batches are joined as they come even once only gathered for finish(): joining tens of
    // thousands of chunks there at once costs more than the parse's share.
    if (pendingChars < (lazy ? MAX_BATCH : Math.min(MAX_BATCH, completeChars >> 6))) return NO_EVENTS;
    return takePending();
  };

  /** Reads the gathered chunks into lines and looks at the tail when credit allows. */
  const takePending = (): StreamEvent[] => {
    if (pendingChars === 0) return [];
    const batch = pending.length === 1 ? pending[0] : pending.join('');
    pending.length = 0;
    credit += pendingChars * CREDIT_PER_CHAR;
    pendingChars = 0;
    received.push(batch);
    if (lazy) return [];
    let text = pendingCR ? '\r' + batch : batch;
    pendingCR = text.endsWith('\r');
    if (pendingCR) text = text.slice(0, -1);
    if (text.includes('\r')) text = text.replace(/\r\n/g, '\n');
    let newline = text.indexOf('\n');
    if (newline < 0) {
      partial += text;
      return [];
    }
    const firstNew = lines.length;
    let from = 0;
    while (newline >= 0) {
      addLine(partial + text.slice(from, newline));
      partial = '';
      from = newline + 1;
      newline = text.indexOf('\n', from);
    }
    partial = text.slice(from);
    // A line that ends a block in every format (a closing fence, REPLACE, End Patch) is worth a
    // look whenever credit allows; a line that may end one (a bracket, a diff header) only when
    // credit is plentiful, as is a look with no such line at all.
    let hard = false;
    let soft = false;
    for (let i = firstNew; i < lines.length && !hard; i++) {
      if (!mayCloseBlock(lines[i])) continue;
      soft = true;
      // Inside a fence that is still open nothing can be reported complete (see examineTail): a
      // REPLACE line there waits for the closing fence.
      hard = isHardClose(lines[i]) && (fenceOf[i] === -1 || openFence?.index !== fenceOf[i]);
    }
    const tailChars = completeChars - (boundary < lineStart.length ? lineStart[boundary] : completeChars);
    if (tailChars - credit > LAZY_MARGIN) {
      lazy = true;
      // The lines are never looked at again (finish() reads the one-shot parse): let them go.
      lines.length = 0;
      lineStart.length = 0;
      fenceOf.length = 0;
      return [];
    }
    // Without such a line a look can only find a new block's start: none while a block is under
    // way (its start is announced already), nor inside its open fence even after a soft line.
    const waiting = openAnnouncement !== undefined;
    const factor = hard ? 1 : waiting && openFence ? Infinity : soft ? SOFT_PARSE_FACTOR : waiting ? Infinity : IDLE_PARSE_FACTOR;
    if (credit >= factor * tailChars) {
      credit -= tailChars;
      return examineTail();
    }
    return [];
  };

  const examineTail = (): StreamEvent[] => {
    const events: StreamEvent[] = [];
    if (boundary >= lines.length) return events;
    let offset = boundary;
    let tailLines = lines.slice(offset);
    let { found, openReasoning } = runParsers(parsers, replyTextOf([...tailLines, '']), offset === 0);
    // A SEARCH/REPLACE block with no path of its own takes the previous one's, which may lie before
    // the tail: read again from the last block that had a path, as the one-shot parse reads it
    // (blocks reported already are skipped below). Costs a second look only for such blocks.
    const orphan = found.some(({ block, format }) => format === 'search-replace' && block.startLine + offset > lastCommittedEnd && pathOf(block) === undefined);
    if (orphan && pathContext !== undefined && pathContext < offset) {
      offset = pathContext;
      tailLines = lines.slice(offset);
      ({ found, openReasoning } = runParsers(parsers, replyTextOf([...tailLines, '']), offset === 0));
    }
    let lastNonBlank = tailLines.length - 1;
    while (lastNonBlank >= 0 && trimsToEmpty(tailLines[lastNonBlank])) lastNonBlank--;
    // Diff header lines at the end may still become part of the block before them (`---` whose
    // `+++` has not come yet): only a line after them shows that block has ended.
    while (lastNonBlank >= 0 && GIT_HEADER.test(tailLines[lastNonBlank])) lastNonBlank--;
    let committedThrough = -1; // 0-based whole-reply index of the last committed line
    let pendingStart: number | undefined;
    for (const { block, format } of found) {
      if (block.startLine + offset <= lastCommittedEnd) continue; // reported before (tail restarted at a fence)
      if (block.ops.length === 0 && block.problems.length === 0) {
        pendingStart = block.startLine + offset;
        break;
      }
      events.push(...announce(block, format, offset));
      // Closed: not cut off, and it ends on a line that closes every format (a fence, End Patch...)
      // or a non-blank line follows it (a bare diff could still grow otherwise).
      const incomplete = block.problems.some((p) => p.code === 'INCOMPLETE_BLOCK');
      // A block inside a fence that is still open may yet take the closing fence line as its last.
      const insideOpenFence = openFence !== undefined && openFence.index <= block.endLine + offset - 1;
      const closed = !insideOpenFence && !block.openEnded && (block.endLine <= lastNonBlank || isHardClose(tailLines[block.endLine - 1] ?? ''));
      if (incomplete || !closed) {
        pendingStart = block.startLine + offset;
        break;
      }
      events.push(complete(block, format, offset));
      committedThrough = block.endLine + offset - 1;
      // Remember the last SEARCH/REPLACE block with a path, for a later block without one (above).
      // Another format in between lets it go, to keep those second looks short.
      if (format === 'search-replace' && pathOf(block) !== undefined) {
        // Where to read from: a few lines above the block for its path label, never inside a fence.
        const from = Math.max(0, block.startLine + offset - 1 - LABEL_MARGIN);
        pathContext = fenceOf[from] >= 0 ? fenceOf[from] : from;
      } else if (format !== 'search-replace') pathContext = undefined;
    }
    // Move the tail start: past committed blocks, or past prose when no block is under way, but
    // never into a fence (a tail that starts inside a fence would read its closing line as an opener).
    let target = committedThrough + 1;
    if (pendingStart === undefined) target = Math.max(target, gitHeaderStart(lines, lines.length - LABEL_MARGIN));
    else target = Math.min(Math.max(target, boundary), pendingStart - 1);
    if (openFence && openFence.index < target) target = openFence.index;
    // Reasoning still open: the tail keeps its opening tag, or its drafts would be read as answer.
    if (openReasoning !== undefined) target = Math.min(target, openReasoning - 1 + offset);
    target = Math.min(target, lines.length);
    if (target < lines.length && target > boundary && fenceOf[target] >= 0) target = fenceOf[target];
    if (target > boundary) boundary = target;
    return events;
  };

  /**
   * A `blockStarted` event for a tail block, once per block. A block whose range grew at the top
   * since it was announced (a fence line joined it) is the same block: not announced again.
   */
  const announce = (block: ParsedBlock, format: EditFormat, offset: number): StreamEvent[] => {
    const startLine = block.startLine + offset;
    if (announced.has(startLine)) return [];
    if (openAnnouncement !== undefined && startLine <= openAnnouncement && openAnnouncement <= block.endLine + offset) return [];
    announced.add(startLine);
    openAnnouncement = startLine;
    const path = pathOf(block);
    return [path === undefined ? { type: 'blockStarted', format, startLine } : { type: 'blockStarted', format, startLine, path }];
  };

  /** Reports a tail block as finished (completed, or incomplete at the end), numbered after the last. */
  const complete = (block: ParsedBlock, format: EditFormat, offset: number): StreamEvent => {
    const number = ++committed;
    const startLine = block.startLine + offset;
    openAnnouncement = undefined;
    const endLine = block.endLine + offset;
    lastCommittedEnd = endLine;
    const path = pathOf(block);
    const where = path === undefined ? {} : { path };
    const problems = block.problems.map((p) => ({ ...p, block: number, startLine: p.startLine + offset, endLine: p.endLine + offset }));
    if (problems.some((p) => p.code === 'INCOMPLETE_BLOCK')) {
      return { type: 'incomplete', block: number, format, startLine, endLine, ...where, problems };
    }
    const ops = block.ops.map((op) => ({
      ...op,
      source: { ...op.source, block: number, startLine: op.source.startLine + offset, endLine: op.source.endLine + offset },
    }));
    return { type: 'blockCompleted', block: number, format, startLine, endLine, ...where, ops, problems };
  };

  const finish = (): { reply: ParsedReply; events: StreamEvent[] } => {
    if (finished) return finished;
    const events: StreamEvent[] = takePending();
    const reply = parseReply(received.join(''), parsers);
    if (pendingCR && !lazy) {
      // A CR that ends the reply is no line break (only CRLF is): it is the last line's text.
      partial += '\r';
      pendingCR = false;
    }
    const tailChars = completeChars + partial.length - (boundary < lineStart.length ? lineStart[boundary] : completeChars);
    if (!lazy && tailChars <= credit) {
      // The last tail, read as the end of the reply: the same blocks the one-shot parse numbers last.
      let offset = boundary;
      let tailLines = [...lines.slice(offset), partial];
      let found = runParsers(parsers, replyTextOf([...tailLines]), offset === 0).found;
      // As in examineTail: a block without a path is read with the one it inherits from.
      if (pathContext !== undefined && pathContext < offset && found.some(({ block, format }) => format === 'search-replace' && block.startLine + offset > lastCommittedEnd && pathOf(block) === undefined)) {
        offset = pathContext;
        tailLines = [...lines.slice(offset), partial];
        found = runParsers(parsers, replyTextOf([...tailLines]), offset === 0).found;
      }
      for (const { block, format } of found) {
        if (block.startLine + offset <= lastCommittedEnd) continue;
        events.push(...announce(block, format, offset), complete(block, format, offset));
      }
    } else {
      // Out of credit (one huge block): describe the remaining blocks from the one-shot result.
      for (const summary of summariseBlocks(reply)) {
        if (summary.block <= committed) continue;
        const where = summary.path === undefined ? {} : { path: summary.path };
        if (!announced.has(summary.startLine)) {
          events.push({ type: 'blockStarted', format: summary.format, startLine: summary.startLine, ...where });
        }
        if (summary.problems.some((p) => p.code === 'INCOMPLETE_BLOCK')) {
          events.push({ type: 'incomplete', block: summary.block, format: summary.format, startLine: summary.startLine, endLine: summary.endLine, ...where, problems: summary.problems });
        } else {
          events.push({ type: 'blockCompleted', block: summary.block, format: summary.format, startLine: summary.startLine, endLine: summary.endLine, ...where, ops: summary.ops, problems: summary.problems });
        }
      }
    }
    finished = { reply, events };
    return finished;
  };

  return { push, end: () => finish().reply, finish };
}

/**
 * Lines that can start or end a block in some format: worth a look at the tail. Blank lines and
 * indented braces are left out on purpose: they are everywhere inside code and would spend the
 * credit on looks that find nothing new.
 */
function mayCloseBlock(line: string): boolean {
  const c = line[0];
  if (c === '}' || c === ']' || c === '{' || c === '[') return true;
  // Cheap exit first: a line starting with a lower-case letter (prose, code), or one space then a
  // letter (diff context), closes nothing, except a `diff --git` header.
  const second = line[1];
  if (((c >= 'a' && c <= 'z') && !line.startsWith('diff ')) || (c === ' ' && second !== undefined && second >= 'a' && second <= 'z')) return false;
  const trimmed = line.trim();
  const t = trimmed[0];
  if (t === '`' || t === '~') return true;
  if (trimmed.startsWith('***') || trimmed.startsWith('>>>>>') || trimmed.startsWith('<<<<<') || trimmed.startsWith('=====')) return true;
  if (line.startsWith('--- ') || line.startsWith('diff --git ') || trimmed.startsWith('</')) return true;
  // Heredoc delimiters (`EOF`, `PATCH`) are one upper-case word.
  return trimmed.length > 0 && trimmed.length <= 12 && /^[A-Z_]+$/.test(trimmed);
}

/** A last line after which no format continues its block: a closing fence, End Patch, REPLACE, EOF. */
function isHardClose(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length >= 3 && (/^`+$/.test(trimmed) || /^~+$/.test(trimmed))) return true;
  if (patchMarker(trimmed) === '*** End Patch' || trimmed.startsWith('>>>>>>')) return true;
  return trimmed.length > 0 && trimmed.length <= 12 && /^[A-Z_]+$/.test(trimmed);
}

/** The parsers' view of some lines (a fresh array: it is changed in place), as `toReplyText` builds it. */
function replyTextOf(lines: string[]): ReplyText {
  copiedNoBreakSpacesAsSpacesInPlace(lines);
  outdentListFences(lines);
  return { text: lines.join('\n'), lines };
}

/**
 * Runs the parsers the way the registry does, remembering which parser produced each block, and
 * leaves out the model's reasoning as `parseReply` does (a closing tag alone counts only when the
 * lines start the reply, `fromReplyStart`). `openReasoning`: the tail line (1-based) where
 * reasoning begins that the lines do not close yet; nothing after it is reported.
 */
function runParsers(parsers: readonly ReplyParser[], reply: ReplyText, fromReplyStart: boolean): { found: TailBlock[]; openReasoning?: number } {
  const { result: found, spans } = parseOutsideReasoning(reply, fromReplyStart, (claimed) => parseTail(parsers, reply, claimed));
  const open = spans.find((span) => !span.closed);
  return open ? { found, openReasoning: open.startLine } : { found };
}

/** One run of the parsers over the lines not `claimed` (1-based; marked as blocks are found). */
function parseTail(parsers: readonly ReplyParser[], reply: ReplyText, claimed: Uint8Array): TailBlock[] {
  const found: TailBlock[] = [];
  for (const parser of parsers) {
    let blocks: ParsedBlock[];
    try {
      blocks = parser.parse(reply, (line) => claimed[line] === 1);
    } catch {
      // Parsers are total by contract; a broken one must not break progress reporting (end() is exact).
      blocks = [];
    }
    for (const block of blocks) {
      for (let line = block.startLine; line <= block.endLine && line < claimed.length; line++) claimed[line] = 1;
      // A fenced file with no path is not an edit block (the registry does not number it either),
      // unless more text could make it one (a "Before:" block whose "After:" has not come yet):
      // then it holds the tail there, unannounced.
      if (block.ops.length === 0 && block.problems.length === 0 && !block.openEnded) continue;
      const first = block.ops[0]?.source.format ?? block.problems[0]?.format ?? parser.format;
      found.push({ block, format: first });
    }
  }
  return found.sort((a, b) => a.block.startLine - b.block.startLine);
}

function pathOf(block: { ops: readonly EditOp[]; problems: readonly ParseProblem[] }): string | undefined {
  for (const op of block.ops) {
    const path = op.kind === 'move' ? op.from : op.path;
    if (path !== undefined) return path;
  }
  for (const problem of block.problems) if (problem.path !== undefined) return problem.path;
  return undefined;
}

interface BlockSummary {
  readonly block: number;
  readonly format: EditFormat;
  startLine: number;
  endLine: number;
  path?: string;
  readonly ops: EditOp[];
  readonly problems: ParseProblem[];
}

/** Regroups a parsed reply's ops and problems by block number. */
function summariseBlocks(reply: ParsedReply): BlockSummary[] {
  const byBlock = new Map<number, BlockSummary>();
  const get = (block: number, format: EditFormat, startLine: number, endLine: number): BlockSummary => {
    let summary = byBlock.get(block);
    if (!summary) {
      summary = { block, format, startLine, endLine, ops: [], problems: [] };
      byBlock.set(block, summary);
    }
    summary.startLine = Math.min(summary.startLine, startLine);
    summary.endLine = Math.max(summary.endLine, endLine);
    return summary;
  };
  for (const op of reply.ops) get(op.source.block, op.source.format, op.source.startLine, op.source.endLine).ops.push(op);
  for (const problem of reply.problems) get(problem.block, problem.format, problem.startLine, problem.endLine).problems.push(problem);
  const summaries = [...byBlock.values()].sort((a, b) => a.block - b.block);
  for (const summary of summaries) summary.path = pathOf(summary);
  return summaries;
}
