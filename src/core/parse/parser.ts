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
