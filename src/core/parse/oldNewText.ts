/**
 * Pairs of `<old_text>` / `<new_text>` tags, the edit format of Zed's agent (its default for
 * Claude and most other models). The reply edits one file and does not name it (the tool call
 * around it did), so every op has `path: undefined`: the host's hint file.
 *
 *     <edits>                               <- optional wrapper
 *     <old_text line="23">                  <- `line=23` / `line="23"`: where the text starts (a hint)
 *     original code                         <- found in the file as text, like a tool call's old_string
 *     </old_text>
 *     <new_text>
 *     updated code
 *     </new_text>
 *     </edits>
 *
 * - A newline right after an opening tag and right before a closing tag belongs to the tags, not
 *   to the text: `<old_text>\nLorem\n</old_text>` is `Lorem`. A closing tag alone on its line
 *   after indentation takes that indentation with it.
 * - Text outside the tags is ignored, and pairs may sit mid-line, several to a line.
 * - Closing tags models get wrong are accepted: an old text ends at the first `</old_text>` or
 *   `</new_text>` (Sonnet 3.7 swaps them); a new text at the first `</new_text>`, `</old_text>`,
 *   `</edits>` (Opus 4) or `</parameter></invoke>` (Sonnet 4.5 closes it as a tool call's parameter).
 * - An old text with no new text after it, or a reply that ends inside one of them, is never
 *   applied: `INCOMPLETE_BLOCK` at the end of the reply, `PARSE_ERROR` when the next `<old_text>`
 *   (or `</edits>`, or another parser's block) comes first.
 * - A tag in inline code (`` `<old_text>` ``) is prose. So is an opening tag in the middle of a
 *   sentence that never becomes a whole pair: it is reported only when it starts its line (after
 *   indentation or other tags) or follows a pair already read.
 */
import type { EditOp } from '../ir';
import { editsFromToolInput } from './jsonToolCall';
import { replyHolds, type ParsedBlock, type ReplyParser, type ReplyText } from './parser';
import { problemOf } from './replyScan';

const FORMAT = 'old-new-text' as const;

const OLD_OPEN = '<old_text';
const NEW_OPEN = '<new_text>';
const EDITS_CLOSE = '</edits>';
const PARAMETER_CLOSE = '</parameter>';
const INVOKE_CLOSE = '</invoke>';
const OLD_CLOSERS = ['</old_text>', '</new_text>'];
const NEW_CLOSERS = ['</new_text>', '</old_text>', EDITS_CLOSE];

/** An opening `<old_text …>` tag longer than this (attributes included) is not one. */
const MAX_TAG = 200;
/** `line=23`, `line="23"`, `line='23'` (the tag is short, so this regex stays cheap). */
const LINE_ATTRIBUTE = /(?:^|[ \t])line[ \t]*=[ \t]*["']?(\d{1,9})/;

/**
 * The old_text/new_text parser. Guarantees, per pair: the ops a JSON tool call with the same
 * `old_text` / `new_text` gives (`editsFromToolInput`: a char-granular `ReplaceOp` with
 * `expectedCount: 1`, or a `CreateFileOp` when the old text is empty), with `path: undefined`,
 * format `old-new-text`, `sequential` (see `asOldNewText`), and the `line` attribute, when it
 * is a positive whole number, as `lineHint`; or one problem, and no op, for a pair the reply
 * leaves unfinished. A pair's lines run from its `<old_text>` tag to the tag that closes its new
 * text; pairs that share a line share a block, so blocks never overlap. Only lines no earlier parser claimed are read, and a pair never
 * spans a claimed line. Linear in the reply: every search is an `indexOf` that moves forward, and a
 * failed search is remembered.
 */
export const oldNewTextParser: ReplyParser = {
  format: FORMAT,
  parse(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
    // Most replies hold no such tag: one native search and done.
    if (!replyHolds(reply.text, OLD_OPEN, '<old_')) return [];
    return new OldNewTextScan(reply, isClaimed).run();
  },
};

class OldNewTextScan {
  private readonly text: string;
  private readonly lineCount: number;
  /** Offset where each reply line starts. */
  private readonly lineStarts: Int32Array;
  /** For each line index, the first claimed line index at or after it (`lineCount` when none). */
  private readonly nextClaimed: Int32Array;
  private readonly blocks: ParsedBlock[] = [];
  private readonly oldClosers: TagFinder;
  private readonly newOpeners: TagFinder;
  private readonly newClosers: TagFinder;
  /** Backticks counted so far on the stretch of line before the next opening tag (see `inInlineCode`). */
  private ticks = { from: -1, to: -1, count: 0 };
  /** Set once a pair was read: an unfinished one after it is surely an edit. */
  private sawPair = false;
  /** Another parser claimed lines of the reply: it holds edits in another format. */
  private readonly otherBlocks: boolean;

  constructor(reply: ReplyText, isClaimed: (line: number) => boolean) {
    this.text = reply.text;
    const { lines } = reply;
    this.lineCount = lines.length;
    this.lineStarts = new Int32Array(lines.length + 1);
    for (let i = 0, offset = 0; i <= lines.length; i++) {
      this.lineStarts[i] = offset;
      if (i < lines.length) offset += lines[i].length + 1;
    }
    this.nextClaimed = new Int32Array(lines.length + 1);
    this.nextClaimed[lines.length] = lines.length;
    for (let i = lines.length - 1; i >= 0; i--) this.nextClaimed[i] = isClaimed(i + 1) ? i : this.nextClaimed[i + 1];
    this.otherBlocks = this.nextClaimed[0] < lines.length;
    const barrier = (from: number) => this.barrierAfter(from);
    this.oldClosers = new TagFinder(this.text, oldCloserAt, barrier);
    this.newOpeners = new TagFinder(this.text, newOpenerAt, barrier);
    this.newClosers = new TagFinder(this.text, newCloserAt, barrier);
  }

  run(): ParsedBlock[] {
    const { text } = this;
    let pos = 0;
    /** Where the text before the next tag starts: after the last pair or problem (or its line's start). */
    let segmentStart = 0;
    while (pos < text.length) {
      const at = text.indexOf(OLD_OPEN, pos);
      if (at === -1) break;
      const line = this.lineOf(at);
      if (this.nextClaimed[line] === line) {
        pos = this.lineStarts[line + 1];
        continue;
      }
      const tagEnd = openingTagEnd(text, at);
      const before = Math.max(segmentStart, this.lineStarts[line]);
      // In a reply whose edits are in another format, a pair inside a sentence is the prose
      // describing the format ("you would write <old_text>a</old_text> then <new_text>b</new_text>"):
      // Zed's agent, whose stray text pairs may sit in, writes nothing but pairs.
      const prose = this.otherBlocks && !onlyTagsBefore(text, before, at);
      if (tagEnd === -1 || prose || this.inInlineCode(before, at)) {
        pos = at + OLD_OPEN.length;
        continue;
      }
      const read = this.pair(at, tagEnd, line, before);
      if (read.next === -1) break;
      pos = read.next;
      if (read.consumed) segmentStart = read.next;
    }
    return this.blocks;
  }

  /**
   * Reads the pair whose `<old_text …>` tag spans `at`..`tagEnd` on line index `line`, after the
   * text that starts at `before`. Returns the offset to go on from (-1 when the reply ended inside
   * the pair), and whether the pair (or its problem) took the text up to there.
   */
  private pair(at: number, tagEnd: number, line: number, before: number): { next: number; consumed: boolean } {
    const { text } = this;
    const reported = this.sawPair || onlyTagsBefore(text, before, at);
    const startLine = line + 1;
    const oldEnd = this.oldClosers.next(tagEnd);
    if (oldEnd.tag === '') {
      return this.unfinished(reported, startLine, oldEnd.at, 'The reply ends inside this <old_text>: the edit is not applied.', 'This <old_text> is not closed before another block starts: the edit is not applied.', tagEnd);
    }
    const afterOld = oldEnd.at + oldEnd.tag.length;
    const newStart = this.newOpeners.next(afterOld);
    if (newStart.tag !== NEW_OPEN) {
      const what = newStart.tag === OLD_OPEN ? 'the next <old_text>' : newStart.tag === EDITS_CLOSE ? EDITS_CLOSE : 'another block';
      return this.unfinished(reported, startLine, newStart.at, 'The reply ends after this <old_text> without its <new_text>: the edit is not applied.', `This <old_text> has no <new_text> before ${what}: the edit is not applied.`, afterOld);
    }
    const newTextStart = newStart.at + NEW_OPEN.length;
    const newEnd = this.newClosers.next(newTextStart);
    if (newEnd.tag === '') {
      return this.unfinished(reported, startLine, newEnd.at, 'The reply ends inside this <new_text>: the edit is not applied.', 'This <new_text> is not closed before another block starts: the edit is not applied.', newTextStart);
    }
    const endLine = this.lineOf(newEnd.at) + 1;
    const hint = lineHintOf(text.slice(at, tagEnd));
    const found = editsFromToolInput({ old_text: innerText(text, tagEnd, oldEnd.at), new_text: innerText(text, newTextStart, newEnd.at) }, startLine, endLine, undefined, true);
    const ops = found.ops.map((op) => asOldNewText(op, hint));
    const problems = found.problems.map((problem) => ({ ...problem, format: FORMAT }));
    this.add({ startLine, endLine, ops, problems });
    this.sawPair = true;
    return { next: newEnd.at + newEnd.tag.length, consumed: true };
  }

  /**
   * Records a pair the reply leaves unfinished, when `reported` (else it was prose: the scan goes
   * on at `resume`, after the opening tag). `stop` is where the search ended: the end of the reply
   * (the reply was cut off: `INCOMPLETE_BLOCK`), or what came first (`PARSE_ERROR`, and the scan
   * goes on from there: a next `<old_text>` there is the next pair).
   */
  private unfinished(reported: boolean, startLine: number, stop: number, endsMessage: string, cutMessage: string, resume: number): { next: number; consumed: boolean } {
    if (!reported) return { next: resume, consumed: false };
    if (stop >= this.text.length) {
      this.add(problemBlock('INCOMPLETE_BLOCK', startLine, this.lineCount, endsMessage));
      return { next: -1, consumed: true };
    }
    // The block ends on the line before the one that interrupted it (at least its own first line).
    const stopLine = this.lineOf(stop) + 1;
    const endLine = Math.max(startLine, stop === this.lineStarts[stopLine - 1] ? stopLine - 1 : stopLine);
    this.add(problemBlock('PARSE_ERROR', startLine, endLine, cutMessage));
    this.sawPair = true;
    return { next: stop, consumed: true };
  }

  /**
   * Adds a pair's block; a pair that starts on the line where the one before it ended joins that
   * pair's block, so that blocks never share a line (the streaming parser resumes after a block's
   * last line, and would lose the rest of it).
   */
  private add(block: ParsedBlock): void {
    const last = this.blocks[this.blocks.length - 1];
    if (last === undefined || block.startLine > last.endLine) {
      this.blocks.push(block);
      return;
    }
    // In place: a line of thousands of pairs must not copy the block's ops once per pair.
    for (const op of block.ops) last.ops.push(op);
    for (const problem of block.problems) last.problems.push(problem);
    if (block.endLine > last.endLine) this.blocks[this.blocks.length - 1] = { ...last, endLine: block.endLine };
  }

  /**
   * True when the opening tag at `at` is inside inline code: an odd number of backticks between
   * `from` (the start of its line, or the end of the pair before it on that line) and it.
   * Counts incrementally, so repeated calls on one line cost the line once.
   */
  private inInlineCode(from: number, at: number): boolean {
    if (this.ticks.from !== from || this.ticks.to > at) this.ticks = { from, to: from, count: 0 };
    let count = this.ticks.count;
    for (let k = this.ticks.to; k < at; k++) if (this.text.charCodeAt(k) === 96 /* ` */) count++;
    this.ticks = { from, to: at, count };
    return count % 2 === 1;
  }

  /** The offset where the first claimed line at or after `offset`'s line starts, or the reply's end. */
  private barrierAfter(offset: number): number {
    const claimed = this.nextClaimed[this.lineOf(offset)];
    return claimed >= this.lineCount ? this.text.length : this.lineStarts[claimed];
  }

  /** 0-based line index of `offset`, by binary search over line starts. */
  private lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lineCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** A tag found at offset `at`; `tag` is empty when none was found before `at`. */
interface Tag {
  readonly at: number;
  readonly tag: string;
}

/** Which tag, if any, starts at offset `k` of the text (`k` holds a `<`). */
type TagAt = (text: string, k: number) => string | undefined;

/** An old text ends at `</old_text>`, or at `</new_text>` (Sonnet 3.7 swaps the closing tags). */
const oldCloserAt: TagAt = (text, k) => OLD_CLOSERS.find((tag) => text.startsWith(tag, k));

/**
 * After an old text: its `<new_text>`, or what shows there is none: the next `<old_text>` tag or
 * the end of the edits.
 */
const newOpenerAt: TagAt = (text, k) => {
  if (text.startsWith(NEW_OPEN, k)) return NEW_OPEN;
  if (text.startsWith(EDITS_CLOSE, k)) return EDITS_CLOSE;
  return text.startsWith(OLD_OPEN, k) && openingTagEnd(text, k) !== -1 ? OLD_OPEN : undefined;
};

/**
 * A new text ends at `</new_text>`, `</old_text>` (swapped), `</edits>` (Opus 4 closes the new text
 * with the wrapper's tag), or `</parameter>` when `</invoke>` or the end of the reply follows it
 * (Sonnet 4.5 closes it as if it were a tool call's parameter). A `</parameter>` followed by other
 * text is the new text's own: files of tool-call examples hold such lines.
 */
const newCloserAt: TagAt = (text, k) => {
  const tag = NEW_CLOSERS.find((candidate) => text.startsWith(candidate, k));
  if (tag !== undefined || !text.startsWith(PARAMETER_CLOSE, k)) return tag;
  let after = k + PARAMETER_CLOSE.length;
  while (after < text.length && (text[after] === ' ' || text[after] === '\t' || text[after] === '\n')) after++;
  return after === text.length || text.startsWith(INVOKE_CLOSE, after) ? PARAMETER_CLOSE : undefined;
};

/**
 * Finds the first tag (as `tagAt` reads them) at or after an offset, never past the barrier (a
 * line another parser claimed). It remembers its last answer: asked again from a later offset
 * still before that answer, it gives it again without searching, so a reply of many unfinished
 * opening tags is scanned once, not once per tag.
 */
class TagFinder {
  private askedFrom = -1;
  private answer: Tag = { at: -1, tag: '' };

  constructor(
    private readonly text: string,
    private readonly tagAt: TagAt,
    private readonly barrierAfter: (offset: number) => number,
  ) {}

  /** The first tag at or after `from`, or `{ at: stop, tag: '' }` with `stop` the barrier (or the reply's end). */
  next(from: number): Tag {
    if (this.askedFrom !== -1 && from >= this.askedFrom && from <= this.answer.at) return this.answer;
    const barrier = this.barrierAfter(from);
    let answer: Tag = { at: barrier, tag: '' };
    for (let k = this.text.indexOf('<', from); k !== -1 && k < barrier; k = this.text.indexOf('<', k + 1)) {
      const tag = this.tagAt(this.text, k);
      if (tag !== undefined) {
        answer = { at: k, tag };
        break;
      }
    }
    this.askedFrom = from;
    this.answer = answer;
    return answer;
  }
}

/**
 * The offset just after the `>` of an opening `<old_text>` / `<old_text line=…>` tag at `at`, or
 * -1 when that is not such a tag (`<old_text_2>`, a tag running past its line or `MAX_TAG`).
 */
function openingTagEnd(text: string, at: number): number {
  let k = at + OLD_OPEN.length;
  const c = text[k];
  if (c === '>') return k + 1;
  if (c !== ' ' && c !== '\t') return -1;
  for (const limit = Math.min(text.length, at + MAX_TAG); k < limit; k++) {
    const d = text[k];
    if (d === '>') return k + 1;
    if (d === '\n' || d === '<') return -1;
  }
  return -1;
}

/** True when nothing but blanks and other tags (`<edits>`, `</new_text>`) stands before `at` since `from`. */
function onlyTagsBefore(text: string, from: number, at: number): boolean {
  let k = at - 1;
  while (k >= from && (text[k] === ' ' || text[k] === '\t')) k--;
  return k < from || text[k] === '>';
}

/** The `line` attribute of an opening tag as a 1-based line, when it is a positive whole number. */
function lineHintOf(tag: string): number | undefined {
  const m = LINE_ATTRIBUTE.exec(tag);
  const line = m ? Number(m[1]) : 0;
  return line >= 1 ? line : undefined;
}

/**
 * The text between an opening tag ending at `start` and a closing tag at `end`, without the
 * newline that follows the opening tag (blanks before it too) and the one before the closing tag
 * (with the indentation of a closing tag alone on its line).
 */
function innerText(text: string, start: number, end: number): string {
  let from = start;
  let k = start;
  while (k < end && (text[k] === ' ' || text[k] === '\t')) k++;
  if (k < end && text[k] === '\n') from = k + 1;
  let to = end;
  let j = end;
  while (j > from && (text[j - 1] === ' ' || text[j - 1] === '\t')) j--;
  if (j > from && text[j - 1] === '\n') to = j - 1;
  return to > from ? text.slice(from, to) : '';
}

/**
 * An op of the JSON tool-call shapes as this format's: its source says so, and a replace carries
 * the line hint. (A replace is read `sequential` already: Zed's edit agent writes each pair into
 * the buffer as it streams, so the next pair's old text is looked for in the buffer the pairs
 * before it left, as its own test_dependent_edits has it, `def` → `DEF` then `DEF` → `DeF`, and
 * one that stands there in several places is an ambiguous edit range.) (An empty old text is the JSON shapes' empty old_string: a file to create, which
 * an existing file with other content refuses as `FILE_EXISTS`. Zed skips such a pair; here it
 * can neither be skipped unseen nor guess a place in a file, and a missing hint file is created.)
 */
function asOldNewText(op: EditOp, lineHint: number | undefined): EditOp {
  const source = { ...op.source, format: FORMAT };
  if (op.kind === 'replace') return lineHint === undefined ? { ...op, source } : { ...op, lineHint, source };
  return { ...op, source };
}

function problemBlock(code: 'PARSE_ERROR' | 'INCOMPLETE_BLOCK', startLine: number, endLine: number, message: string): ParsedBlock {
  return { startLine, endLine, ops: [], problems: [problemOf(code, FORMAT, startLine, endLine, message)] };
}
