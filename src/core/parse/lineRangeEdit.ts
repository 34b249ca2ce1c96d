/**
 * SWE-agent's edit command, as its agent wrote it from 2024 on (the public SWE-bench trajectories
 * hold thousands): a fenced or bare
 *
 *     edit 12:15
 *         new lines, as the file should read
 *     end_of_edit
 *
 * replaces lines 12 to 15 of the open file (the target file, or the one an `open path` line of
 * the same reply names) with the lines between. The numbers are all there is to place it by: the
 * placement checks the old lines resemble the new ones (see `placeReplaceLines`). A command whose
 * `end_of_edit` the reply never reaches is `INCOMPLETE_BLOCK` when another command's is there, and
 * otherwise not seen at all; either way nothing of it is written.
 */
import type { ParsedBlock, ReplyParser, ReplyText } from './parser';
import { cleanPath, fenceOpen, isFenceClose, joinLines, problemOf, sourceOf } from './replyScan';

const FORMAT = 'line-range' as const;
const EDIT_HEAD = /^edit[ \t]+(\d{1,9})[ \t]*:[ \t]*(\d{1,9})[ \t]*$/;
const OPEN_COMMAND = /^open[ \t]+("?)([^"\s]+)\1(?:[ \t]+\d{1,9})?[ \t]*$/;

export const lineRangeEditParser: ReplyParser = {
  format: FORMAT,
  parse(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
    // Most replies hold no such command: one native search and done. (A reply cut before its
    // `end_of_edit` holds no command then: nothing is written, as for any unfinished block.)
    if (reply.text.indexOf('end_of_edit') === -1) return [];
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
  },
};
