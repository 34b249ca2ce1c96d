import { closesFence, type FenceOpener } from './fences';
import { fenceLanguage } from './replyScan';

/** `@@ -a,b +c,d @@` with optional counts; anything else starting with `@@` is a bare hunk header. */
export const NUMBERED_HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The section heading after a hunk header's `@@` (`@@ -10,3 +10,4 @@ def load(path):`), trimmed,
 * when it has a word of three characters; undefined otherwise.
 */
export function sectionHeadingOf(rest: string): string | undefined {
  const heading = rest.trim();
  return /[A-Za-z_]\w{2}/.test(heading) ? heading : undefined;
}

/** Fence languages that say the block is a diff. */
const DIFF_FENCE_LANGUAGES = new Set(['diff', 'patch', 'udiff', 'git-diff', 'gitdiff']);

/** True when the fence's language says its block is a diff (```` ```diff ````, ```` ```patch ````). */
export function isDiffFence(fence: FenceOpener): boolean {
  return DIFF_FENCE_LANGUAGES.has(fenceLanguage(fence.info));
}

/**
 * The line that closes a diff's fence, given the first line that would (`close`). A diff of a
 * Markdown file quotes the file's own code fences as context lines (a space, then the backticks),
 * which read as the closer; the hunk then seemed to end there, its later changes dropped and the
 * reply reported applied. Such a line is context, and the fence goes on, while the hunk's header
 * counts say the hunk has more old and new lines to come and the line stands deeper than the
 * fence's opener (its closer stands where it opened, as a closer written in a list does). When no
 * later line closes the fence so, `close` does, and `openEnded` says that more text could still
 * carry the diff on (a reply still streaming).
 */
export function diffFenceClose(lines: readonly string[], open: number, close: number, fence: FenceOpener, isClaimed: (line: number) => boolean = () => false): { close: number; openEnded: boolean } {
  let oldLeft = 0;
  let newLeft = 0;
  let k = open + 1;
  for (; k < lines.length && !isClaimed(k + 1); k++) {
    const line = lines[k];
    if (closesFence(line, fence)) {
      if (!(line[0] === ' ' && leadingColumns(line) > fence.indent && oldLeft > 0 && newLeft > 0)) return { close: k, openEnded: false };
      oldLeft--;
      newLeft--;
      continue;
    }
    const numbered = NUMBERED_HUNK.exec(line);
    if (numbered) {
      oldLeft = numbered[2] === undefined ? 1 : Number(numbered[2]);
      newLeft = numbered[4] === undefined ? 1 : Number(numbered[4]);
      continue;
    }
    const c = line[0];
    if (c === ' ' || line === '') {
      oldLeft--;
      newLeft--;
    } else if (c === '-') oldLeft--;
    else if (c === '+') newLeft--;
    else oldLeft = newLeft = 0;
  }
  return { close, openEnded: k >= lines.length };
}

/** How many columns of indentation a line has, a tab as four, as fence openers count theirs. */
function leadingColumns(line: string): number {
  let width = 0;
  for (let k = 0; k < line.length && (line[k] === ' ' || line[k] === '\t'); k++) width += line[k] === '\t' ? 4 : 1;
  return width;
}
