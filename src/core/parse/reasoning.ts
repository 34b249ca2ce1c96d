/**
 * The model's reasoning, written into its reply: `<think>…</think>` (DeepSeek R1, QwQ, Qwen3 and
 * the models distilled from them) or `<thinking>…</thinking>` (the tag agent prompts such as
 * Cline's ask for). A reasoning model drafts edits there, then changes its mind; what it answers
 * comes after the closing tag. An edit block inside the reasoning is a draft, not the answer: it
 * is never applied (see `parseReply`).
 */
import type { ReasoningSpan } from '../ir';
import type { ReplyText } from './parser';
import { fenceOpen, isFenceClose, type FenceOpen } from './replyScan';

/** Where a reasoning span lies (before its blocks are counted). */
export type ReasoningLines = Omit<ReasoningSpan, 'blocks'>;

/** An opening tag at the start of a line (text may follow it on the line). */
const OPENER = /^[ \t]*<(think|thinking)>/;
/**
 * A closing `</think>` at the start of a line, with no opening tag before it: a chat template
 * that writes `<think>` into the prompt (DeepSeek R1's) leaves the reply to start inside the
 * reasoning, so only its end is in the reply.
 */
const CLOSER_ONLY = /^[ \t]*<\/think>/;

/**
 * The reasoning spans of a reply, in order. An opening tag counts only at the start of a line
 * outside every fence and every block a parser took (`covered`, 1-based), so a file or a diff that
 * holds the tag is read as text; the span ends at the first later line holding the matching
 * closing tag wherever it stands (a draft left inside an unclosed fence does not hide it), or at
 * the reply's end. A closing `</think>` line with no opening tag before it, outside fences and
 * blocks, makes everything above it reasoning (only when `fromReplyStart`: the lines given start
 * the reply). Linear in the reply; a reply without `<think` pays two native searches.
 */
export function reasoningSpans(text: string, lines: readonly string[], covered: (line: number) => boolean, fromReplyStart = true): ReasoningLines[] {
  // `</thi` stands for the closing tag: V8 seeks a pattern under seven characters by its first
  // character, natively, and a longer one by Boyer-Moore-Horspool (a megabyte of code: 0.6 ms to
  // miss `</think`); a first character code seldom holds (`<`) stops that search seldom: the two
  // searches took 0.08 ms with `</thi`, 0.15 ms with `/think` (stopped at every `/` of code's
  // comments and paths). A span needs an opening tag (`<think`) or a closing one (`</think`):
  // without both, there is none.
  if (text.indexOf('<think') === -1 && text.indexOf('</thi') === -1) return [];
  const spans: ReasoningLines[] = [];
  let fence: FenceOpen | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (covered(i + 1)) continue;
    const line = lines[i];
    if (fence) {
      if (isFenceClose(line, fence)) fence = undefined;
      continue;
    }
    fence = fenceOpen(line);
    if (fence) continue;
    const opener = OPENER.exec(line);
    if (opener) {
      const closer = `</${opener[1]}>`;
      let end = line.includes(closer, opener[0].length) ? i : -1;
      for (let j = i + 1; end === -1 && j < lines.length; j++) if (lines[j].includes(closer)) end = j;
      // Unclosed: to the last line (the empty one after a final newline is no line of the reply).
      const last = lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
      spans.push({ startLine: i + 1, endLine: end === -1 ? last : end + 1, tag: opener[1], closed: end !== -1 });
      if (end === -1) break;
      i = end;
      continue;
    }
    if (fromReplyStart && spans.length === 0 && CLOSER_ONLY.test(line)) spans.push({ startLine: 1, endLine: i + 1, tag: 'think', closed: true });
  }
  return spans;
}

/**
 * Runs `parse` over the reply's lines not `claimed` (1-based; `parse` marks the lines of the
 * blocks it finds), then, when the reply holds reasoning (`reasoningSpans` of the lines no block
 * took), runs it again with only the reasoning's lines claimed: the answer's blocks, with no draft
 * among them and none swallowed by a malformed draft. `first` is the first run's result (the
 * drafts included), `spans` the reasoning found (empty: `result` is `first`).
 */
export function parseOutsideReasoning<T>(reply: ReplyText, fromReplyStart: boolean, parse: (claimed: Uint8Array) => T): { result: T; first: T; spans: ReasoningLines[] } {
  const claimed = new Uint8Array(reply.lines.length + 2);
  const first = parse(claimed);
  const spans = reasoningSpans(reply.text, reply.lines, (line) => claimed[line] === 1, fromReplyStart);
  if (spans.length === 0) return { result: first, first, spans };
  claimed.fill(0);
  for (const span of spans) claimed.fill(1, span.startLine, span.endLine + 1);
  return { result: parse(claimed), first, spans };
}
