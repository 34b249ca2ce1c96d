import type { EditFormat, EditOp, ParseProblem } from '../ir';

/**
 * The reply, split once into lines for every parser. `lines` are LF-normalised and carry no line
 * terminator; `lines[i]` is reply line i + 1.
 */
export interface ReplyText {
  readonly text: string;
  readonly lines: readonly string[];
  /**
   * In a reply whose line endings are mixed, 1 for each line that ended with CRLF (a git diff of a
   * CRLF file: LF headers, CRLF content). Absent when the endings are uniform: they say nothing then.
   */
  readonly crEnded?: Uint8Array;
}

/**
 * One block a parser recognised. `startLine`/`endLine` (1-based, inclusive) are the reply lines the
 * block occupies, including its fences and the path line before it: the registry uses them to keep
 * later parsers off lines already claimed, and to number blocks in reply order.
 * Ops and problems carry `source.block = 0` / `block = 0`; the registry renumbers them.
 */
export interface ParsedBlock {
  readonly startLine: number;
  readonly endLine: number;
  readonly ops: EditOp[];
  readonly problems: ParseProblem[];
  /** For a block with no ops and no problems: a fenced file with no path (see `UnnamedFile`). */
  readonly unnamedFile?: string;
  /** For such a block: the one file the sentence right above it names (`UnnamedFile.namedInSentence`). */
  readonly unnamedFileNamedIn?: string;
  /** For such a block: that sentence calls the file it names new (`UnnamedFile.namedAsNew`). */
  readonly unnamedFileNamedNew?: boolean;
  /** For such a block: the files the sentence right above it names, when it names several (`UnnamedFile.mentionedInSentence`). */
  readonly unnamedFileMentionedIn?: readonly string[];
  /** For such a block, with the file or files it names: the sentence itself (`UnnamedFile.sentence`). */
  readonly unnamedFileSentence?: string;
  /** For such a block: its fence's language, when that shows commands or text (`UnnamedFile.lang`). */
  readonly unnamedFileLang?: string;
  /** For such a block: it holds elision lines (`UnnamedFile.elided`). */
  readonly unnamedFileElided?: boolean;
  /**
   * The block ends where the reply ends for now, and more text could carry it on: a diff whose
   * fence closed on a line its hunk's counts take for context (see `diffFenceClose`). A streaming
   * reader waits for the rest before reporting it.
   */
  readonly openEnded?: boolean;
}

/**
 * A parser for one reply format. `parse` must be total: malformed input becomes a `PARSE_ERROR`
 * or `INCOMPLETE_BLOCK` problem, never an exception, and it runs in time linear in the reply.
 * `isClaimed(line)` (1-based) tells which lines an earlier parser already took: skip them.
 */
export interface ReplyParser {
  readonly format: EditFormat;
  parse(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[];
}

const lineStartsMemo = new WeakMap<ReplyText, Int32Array>();

/**
 * Where each of the reply's lines starts in `reply.text` (which is `lines` joined by `\n`), found
 * once per reply and shared by the parsers that search the text natively and need the line of a
 * hit (a typed array: a plain one of the reply's length cost more to allocate than a scan).
 */
export function lineStartsOf(reply: ReplyText): Int32Array {
  let starts = lineStartsMemo.get(reply);
  if (starts === undefined) {
    starts = new Int32Array(reply.lines.length);
    for (let i = 0, offset = 0; i < reply.lines.length; i++) {
      starts[i] = offset;
      offset += reply.lines[i].length + 1;
    }
    lineStartsMemo.set(reply, starts);
  }
  return starts;
}

/** The index of the line holding `offset` of the text, given the lines' starts (binary search). */
export function lineIndexAt(lineStarts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * `text.includes(needle)`, for the reply-wide checks a parser makes before it reads a line (does
 * this reply hold `end_of_edit` at all?). `probe` is a short part of `needle` that starts with a
 * character code seldom holds (`_`, `<`): a text without the probe cannot hold the needle. V8 finds
 * a pattern under seven characters by its first character, natively; a longer one it searches with
 * Boyer-Moore-Horspool, which took 0.55 ms to miss `end_of_edit` in a megabyte of code against
 * 0.08 ms for `_of_ed` (the needle is still sought when the probe is there).
 */
export function replyHolds(text: string, needle: string, probe: string): boolean {
  return text.includes(probe) && text.includes(needle);
}
