import type { EditOp, ParsedReply, ParseProblem, ReasoningSpan, UnnamedFile } from '../ir';
import { applyPatchParser } from './applyPatch';
import { jsonToolCallParser } from './jsonToolCall';
import { lineRangeEditParser } from './lineRangeEdit';
import { oldNewTextParser } from './oldNewText';
import type { ParsedBlock, ReplyParser, ReplyText } from './parser';
import { outdentListFences } from './listFences';
import { withCopiedNoBreakSpacesAsSpaces } from './noBreakSpaces';
import { parseOutsideReasoning } from './reasoning';
import { searchReplaceParser } from './searchReplace';
import { unifiedDiffParser } from './unifiedDiff';
import { wholeFileParser } from './wholeFile';
import { xmlToolCallParser } from './xmlToolCall';

/**
 * The parsers, most distinctive format first: a later parser never sees lines an earlier one
 * claimed, so a fenced block holding a diff is not also read as a whole file. `<old_text>` pairs
 * come after every format whose blocks may quote such tags as file text (a diff or a tool call
 * editing a prompt that shows them), and before the whole-file parser, which would otherwise take
 * a fence holding pairs for a file.
 */
export const replyParsers: readonly ReplyParser[] = [
  xmlToolCallParser,
  applyPatchParser,
  searchReplaceParser,
  unifiedDiffParser,
  jsonToolCallParser,
  oldNewTextParser,
  lineRangeEditParser,
  wholeFileParser,
];

/**
 * Splits a reply into LF-normalised lines once, for every parser, with fenced blocks that a list
 * item indents moved back to the margin (see `outdentListFences`) and no-break spaces a rendered
 * page put for spaces read as spaces (see `withCopiedNoBreakSpacesAsSpaces`).
 */
export function toReplyText(text: string): ReplyText {
  // Most replies hold no CR at all: one native search instead of a regex pass over the text.
  // A CR not before a LF is the text's own (a file's lone CR in a diff's added line), as in the
  // files themselves: read as a line break, it split that line and the file was written wrong.
  const normalised = withCopiedNoBreakSpacesAsSpaces(text.indexOf('\r') === -1 ? text : text.replace(/\r\n/g, '\n'));
  const lines = normalised.split('\n');
  const crEnded = mixedCrlfLines(text, lines.length);
  // A fence indented by spaces holds a space right before its backticks or tildes: a reply with
  // none (most) has none to move, and a few native searches spare a pass over every line.
  const mayIndentFences = spaceBefore(normalised, '```') || spaceBefore(normalised, '~~~');
  const reply = mayIndentFences && outdentListFences(lines) ? { text: lines.join('\n'), lines } : { text: normalised, lines };
  return crEnded ? { ...reply, crEnded } : reply;
}

/**
 * True when some `run` in the text has a space right before it. Searched by the run, then the
 * character before each hit: V8 searched a megabyte of code for `' ```'` (a space first, found
 * everywhere) as slowly as it split the text into lines.
 */
function spaceBefore(text: string, run: string): boolean {
  for (let at = text.indexOf(run); at !== -1; at = text.indexOf(run, at + run.length)) {
    if (at > 0 && text.charCodeAt(at - 1) === 32) return true;
  }
  return false;
}

/** Which lines ended with CRLF, when some did and others ended with a bare LF; else undefined. */
function mixedCrlfLines(text: string, count: number): Uint8Array | undefined {
  if (text.indexOf('\r\n') === -1 || !/(?:^|[^\r])\n/.test(text)) return undefined;
  const flags = new Uint8Array(count);
  let line = 0;
  for (let at = text.indexOf('\n'); at !== -1 && line < count; at = text.indexOf('\n', at + 1), line++) {
    if (at > 0 && text.charCodeAt(at - 1) === 13) flags[line] = 1;
  }
  return flags;
}

/**
 * Parses a reply in any mix of supported formats. Blocks are numbered 1.. in reply order;
 * every op and problem carries its block number and reply lines. Prose between blocks is ignored,
 * and so is the model's reasoning (`<think>…</think>`, see `parseOutsideReasoning`): a reply that holds
 * some is parsed again with those lines taken, so a draft there, even a malformed one, neither
 * becomes an edit nor swallows the answer's lines; `reasoning` says where it was.
 */
export function parseReply(text: string, parsers: readonly ReplyParser[] = replyParsers): ParsedReply {
  const reply = toReplyText(text);
  const { result: blocks, first, spans } = parseOutsideReasoning(reply, true, (claimed) => parseBlocks(reply, parsers, claimed));
  const reasoning: ReasoningSpan[] | undefined =
    spans.length > 0 ? spans.map((span) => ({ ...span, blocks: first.filter((block) => block.startLine >= span.startLine && block.startLine <= span.endLine).length })) : undefined;
  const ops: EditOp[] = [];
  const problems: ParseProblem[] = [];
  const unnamedFiles: UnnamedFile[] = [];
  let number = 0;
  for (const block of blocks) {
    if (block.unnamedFile !== undefined && block.ops.length === 0 && block.problems.length === 0) {
      unnamedFiles.push({
        content: block.unnamedFile,
        startLine: block.startLine,
        endLine: block.endLine,
        ...(block.unnamedFileNamedIn !== undefined ? { namedInSentence: block.unnamedFileNamedIn } : {}),
        ...(block.unnamedFileNamedNew ? { namedAsNew: true } : {}),
        ...(block.unnamedFileMentionedIn !== undefined ? { mentionedInSentence: block.unnamedFileMentionedIn } : {}),
        ...(block.unnamedFileSentence !== undefined ? { sentence: block.unnamedFileSentence } : {}),
        ...(block.unnamedFileLang !== undefined ? { lang: block.unnamedFileLang } : {}),
        ...(block.unnamedFileElided ? { elided: true } : {}),
      });
      continue;
    }
    number++;
    // The parsers' ops and problems are this parse's own, made for it: numbered in place, not
    // copied (a copy of every op's fields was a twentieth of parsing a long reply). Ops of one
    // block may share a source; they share its number too.
    for (const op of block.ops) {
      (op.source as { block: number }).block = number;
      ops.push(op);
    }
    for (const problem of block.problems) {
      (problem as { block: number }).block = number;
      problems.push(problem);
    }
  }
  return { ops, problems, ...(unnamedFiles.length > 0 ? { unnamedFiles } : {}), ...(reasoning ? { reasoning } : {}) };
}

/**
 * Runs every parser over the lines not yet `claimed` (1-based; marked as blocks are found) and
 * returns their blocks in reply order.
 */
function parseBlocks(reply: ReplyText, parsers: readonly ReplyParser[], claimed: Uint8Array): ParsedBlock[] {
  const blocks: ParsedBlock[] = [];
  for (const parser of parsers) {
    const found = parser.parse(reply, (line) => claimed[line] === 1);
    for (const block of found) {
      for (let line = block.startLine; line <= block.endLine && line < claimed.length; line++) claimed[line] = 1;
      blocks.push(block);
    }
  }
  return blocks.sort((a, b) => a.startLine - b.startLine);
}
