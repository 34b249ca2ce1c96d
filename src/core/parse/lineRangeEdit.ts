/**
 * Edits that place their lines by number alone, in three editors' forms:
 *
 * - SWE-agent's edit command, as its agent wrote it from 2024 on (the public SWE-bench
 *   trajectories hold thousands): a fenced or bare
 *
 *       edit 12:15
 *           new lines, as the file should read
 *       end_of_edit
 *
 *   replaces lines 12 to 15 of the open file (the target file, or the one an `open path` line of
 *   the same reply names) with the lines between, counted on the file as the commands before it
 *   left it. A command whose `end_of_edit` the reply never reaches is `INCOMPLETE_BLOCK` when
 *   another command's is there, and otherwise not seen at all; either way nothing of it is written.
 * - CopilotChat.nvim's code block, as its system prompt asks for every change:
 *   ```` ```lua path=lua/a.lua start_line=40 end_line=50 ```` holds the complete replacement of
 *   lines 40 to 50 of that file (CopilotChat splices it over exactly those lines).
 * - avante.nvim's planning format: a `Replace lines: 40-50` line right above a fenced block, for
 *   the buffer the plugin sent (the target file, or a path on the fence).
 *
 * The last two count every range on the file as the reply found it (each was written against the
 * numbered file the model was shown). The numbers are all there is to place any of them by: the
 * placement checks the old lines resemble the new ones (see `placeReplaceLines`).
 */
import { lineIndexAt, lineStartsOf, replyHolds, type ParsedBlock, type ReplyParser, type ReplyText } from './parser';
import { fenceContent, findFencedBlocks, labelLineAbove, parseInfoString } from './fences';
import { cleanPath, fenceOpen, isFenceClose, joinLines, problemOf, sourceOf } from './replyScan';

const FORMAT = 'line-range' as const;
const EDIT_HEAD = /^edit[ \t]+(\d{1,9})[ \t]*:[ \t]*(\d{1,9})[ \t]*$/;
const OPEN_COMMAND = /^open[ \t]+("?)([^"\s]+)\1(?:[ \t]+\d{1,9})?[ \t]*$/;
/** CopilotChat's range on a fence's info string, in either order. */
const START_ATTRIBUTE = /(?:^|\s)start_line=(\d{1,9})(?=\s|$)/;
const END_ATTRIBUTE = /(?:^|\s)end_line=(\d{1,9})(?=\s|$)/;
/** avante's `Replace lines: 40-50`, bold or in backticks as models also write it. */
const REPLACE_LINES = /^[*_`]*Replace lines:?[ \t]*(\d{1,9})[ \t]*-[ \t]*(\d{1,9})[ \t]*[*_`]*:?$/i;

export const lineRangeEditParser: ReplyParser = {
  format: FORMAT,
  parse(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
    const commands = sweAgentEdits(reply, isClaimed);
    // Most replies hold no range: native searches and done.
    if (!replyHolds(reply.text, 'start_line=', '_line=') && !replaceLinesAboveFence(reply)) return commands;
    const taken = new Set<number>();
    for (const block of commands) for (let line = block.startLine; line <= block.endLine; line++) taken.add(line);
    return [...commands, ...rangedFences(reply, (line) => isClaimed(line) || taken.has(line))];
  },
};

/** SWE-agent's `edit N:M` … `end_of_edit` commands (see the module's comment). */
function sweAgentEdits(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
  // Most replies hold no such command: one native search and done. (A reply cut before its
  // `end_of_edit` holds no command then: nothing is written, as for any unfinished block.)
  if (!replyHolds(reply.text, 'end_of_edit', '_of_ed')) return [];
  const { lines } = reply;
  const claimed = (i: number) => isClaimed(i + 1);
  const blocks: ParsedBlock[] = [];
  let openedPath: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    // Only lines that can hold a command are trimmed and matched.
    if ((!lines[i].includes('edit ') && !lines[i].includes('open ')) || claimed(i)) continue;
    const trimmed = lines[i].trim();
    const opened = OPEN_COMMAND.exec(trimmed);
    if (opened) {
      openedPath = cleanPath(opened[2], false) ?? openedPath;
      continue;
    }
    const head = EDIT_HEAD.exec(trimmed);
    if (!head) continue;
    const fence = i > 0 && !claimed(i - 1) ? fenceOpen(lines[i - 1]) : undefined;
    const start = fence ? i - 1 : i;
    let end = i + 1;
    while (end < lines.length && !claimed(end) && lines[end].trim() !== 'end_of_edit') end++;
    if (end >= lines.length || claimed(end)) {
      blocks.push({ startLine: start + 1, endLine: end, ops: [], problems: [problemOf('INCOMPLETE_BLOCK', FORMAT, start + 1, end, `The reply ends before the \`end_of_edit\` of \`${trimmed}\`.`, openedPath)] });
      break;
    }
    const text = joinLines(lines.slice(i + 1, end));
    let last = end;
    if (fence && last + 1 < lines.length && !claimed(last + 1) && isFenceClose(lines[last + 1], fence)) last++;
    blocks.push({
      startLine: start + 1,
      endLine: last + 1,
      ops: [{ kind: 'replaceLines', path: openedPath, firstLine: Number(head[1]), lastLine: Number(head[2]), text, source: sourceOf(FORMAT, start + 1, last + 1) }],
      problems: [],
    });
    i = last;
  }
  return blocks;
}

/**
 * False when no avante label can stand above a fence: no line one or two lines above a line
 * holding a run of three backticks or tildes is a `Replace lines: N-M` label (the label is the
 * line `labelLineAbove` finds: right above the opener, or above one blank line). The runs are
 * found by native searches (backticks and tildes are rare in code), and only the two lines above
 * each are matched, by the anchored label pattern that turns most lines away at their first
 * character: a case-insensitive search of the whole text for the words cost 0.6 ms on a
 * megabyte of code, a twentieth of the parse, in every reply that holds no range at all.
 */
function replaceLinesAboveFence(reply: ReplyText): boolean {
  const { text, lines } = reply;
  const lineStarts = lineStartsOf(reply);
  const isLabel = (index: number) => index >= 0 && REPLACE_LINES.test(lines[index].trim());
  for (const run of ['```', '~~~']) {
    let checkedLine = -1;
    for (let at = text.indexOf(run); at !== -1; at = text.indexOf(run, at + run.length)) {
      const line = lineIndexAt(lineStarts, at);
      if (line === checkedLine) continue;
      checkedLine = line;
      if (isLabel(line - 1) || isLabel(line - 2)) return true;
    }
  }
  return false;
}

/**
 * CopilotChat's fences with `start_line=` and `end_line=` on the info string, and avante's fences
 * under a `Replace lines: N-M` line (one blank line may stand between): each replaces its range,
 * counted on the file as the reply found it. A fence the reply ends inside is `INCOMPLETE_BLOCK`.
 */
function rangedFences(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
  const { lines } = reply;
  const claimed = (i: number) => isClaimed(i + 1);
  const blocks: ParsedBlock[] = [];
  for (const fence of findFencedBlocks(lines, claimed)) {
    if (fence.hasClaimed || fence.open.char === '<') continue;
    const info = fence.open.info;
    const start = START_ATTRIBUTE.exec(info);
    const end = start ? END_ATTRIBUTE.exec(info) : null;
    let range: { first: number; last: number; from: number } | undefined;
    if (start && end) range = { first: Number(start[1]), last: Number(end[1]), from: fence.openIndex };
    else {
      const above = labelLineAbove(lines, fence.openIndex, 0, claimed);
      const label = above === undefined ? null : REPLACE_LINES.exec(lines[above].trim());
      if (label) range = { first: Number(label[1]), last: Number(label[2]), from: above as number };
    }
    if (!range) continue;
    const path = parseInfoString(info).path;
    if (fence.closeIndex === undefined) {
      blocks.push({ startLine: range.from + 1, endLine: lines.length, ops: [], problems: [problemOf('INCOMPLETE_BLOCK', FORMAT, range.from + 1, lines.length, `The reply ends inside the block for lines ${range.first}-${range.last}.`, path)] });
      continue;
    }
    blocks.push({
      startLine: range.from + 1,
      endLine: fence.closeIndex + 1,
      ops: [{ kind: 'replaceLines', path, firstLine: range.first, lastLine: range.last, text: joinLines(fenceContent(lines, fence)), countedOnOriginal: true, source: sourceOf(FORMAT, range.from + 1, fence.closeIndex + 1) }],
      problems: [],
    });
  }
  return blocks;
}
