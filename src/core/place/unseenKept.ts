import { diffArrays } from 'diff';
import { isBlank } from '../text/indentation';
import { seenForm, withFileUnseen } from '../text/unseenCharacters';

/** How many lines a line diff of a whole file may add and remove before its lines are not paired (a file rewritten through and through). */
const MAX_PAIRING_DIFF = 4000;

/**
 * A whole file given back with the file's unseen bytes put back where the block lost them: the
 * trailing whitespace of its lines, its no-break and zero-width spaces (`withFileUnseen`), and the
 * blank lines at its end. Models and chat pages strip all of these, and a whole file is the file
 * written again, so without this every such byte of the file went with it: a README's Markdown
 * hard breaks (two trailing spaces; 20 lines of a quote then rendered as one paragraph), a French
 * `.po`'s no-break spaces before `:`. The block's and the file's lines are paired by a line diff
 * of their seen forms (`seenForm`): a line the block keeps is written as the file has it, and a
 * line it changes (one for one in a changed run) keeps the unseen bytes the change leaves alone.
 * A line the block gives with trailing whitespace of its own is written as given. The file's final
 * blank lines come back when the block ends with fewer. Trailing whitespace (a whitespace-only
 * line's too) comes back only with `keepTrailing`, in a file where it is content
 * (`keepsTrailingWhitespace`). `restored` counts the lines put back or given a byte back; a block
 * that lacked only these bytes then changes nothing.
 */
export function withFileUnseenKept(fileLines: readonly string[], lines: readonly string[], keepTrailing: boolean): { lines: readonly string[]; restored: number } {
  const fileSeen = fileLines.map(seenForm);
  if (fileSeen.every((seen, i) => seen === fileLines[i])) return { lines, restored: 0 };
  const parts = diffArrays(fileSeen, lines.map(seenForm), { maxEditLength: MAX_PAIRING_DIFF });
  if (!parts) return { lines, restored: 0 };
  const out: string[] = [];
  let restored = 0;
  let at = 0;
  let next = 0;
  const keep = (fileLine: string, line: string) => {
    // A whitespace-only line given empty is the file's where trailing whitespace is content.
    const own = line === '' && isBlank(fileLine) ? (keepTrailing ? fileLine : line) : withFileUnseen(fileLine, seenForm(fileLine), line, keepTrailing);
    if (own !== line) restored++;
    out.push(own);
  };
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p];
    const count = part.count ?? part.value.length;
    if (part.removed) {
      // A run the block changes line for line: each new line is a version of the file's.
      const added = parts[p + 1]?.added ? parts[p + 1] : undefined;
      if (added && (added.count ?? added.value.length) === count) {
        for (let k = 0; k < count; k++) keep(fileLines[at + k], lines[next + k]);
        next += count;
        p++;
      }
      at += count;
    } else if (part.added) {
      for (let k = 0; k < count; k++) out.push(lines[next + k]);
      next += count;
    } else {
      for (let k = 0; k < count; k++) keep(fileLines[at + k], lines[next + k]);
      at += count;
      next += count;
    }
  }
  const fileEnd = blankLinesAtEnd(fileLines);
  const blockEnd = blankLinesAtEnd(out);
  if (out.length > blockEnd && fileLines.length > fileEnd && fileEnd > blockEnd) {
    out.push(...fileLines.slice(fileLines.length - fileEnd + blockEnd));
    restored += fileEnd - blockEnd;
  }
  return { lines: out, restored };
}

/** How many blank lines (whitespace only) a list of lines ends with. */
export function blankLinesAtEnd(lines: readonly string[]): number {
  let n = 0;
  while (n < lines.length && isBlank(lines[lines.length - 1 - n])) n++;
  return n;
}
