/**
 * A part after a marker must land in the block of the data key the snippet names above it (a
 * workflow's job, a compose file's service): the lines a marker stands for cannot carry it into
 * a sibling's block.
 */
import { type AnchorIndex, anchorKey } from './anchors';
import { type Region, indentOf, isCommentLine } from './lines';

/** How many keys above a part are read at most: the nearest ones name the place. */
const MAX_PATH = 6;

/**
 * A message when the region a part after a marker was placed on starts outside the block of the
 * data key the snippet names it under (or, taking no line, goes in there); undefined otherwise.
 *
 * The snippet's keys above the part (the block's lines from `start` to the next marker) are its
 * nearest lines above the part's first line, each less indented than the one below it, as long
 * as each is a key (a line ending with `:` or a list item: `jobs:`, `ubuntu_build:`, `steps:`).
 * The nearest of them that is a data key (see `isDataKey`) and that the file has exactly once
 * (`ubuntu_build:`, not `steps:`, which every job has) names the part's place: the part stands
 * in that key's block, the lines after it while they are more indented than it. When a line (not
 * blank, not a comment) at the key's depth or less stands in the file between that key and the
 * region (`  ubuntu_build_tar_gz:`, the next job), the key's block ended there, and the region
 * is in a block the snippet did not name.
 *
 * Why: YAML repeats its keys and steps in every sibling block, so the lines after a marker may
 * well stand once in a later sibling only (pyenv's workflow: `#print version`, `python
 * --version` only in the next job, the named job's step having an if/else), and the placers
 * that look past the cursor carried the part into a job the reply did not name. The snippet
 * shows the key to say where the part goes; a part that is not in its block was written against
 * another file, and which job it edits is a guess.
 *
 * Only data keys name places here: in code a marker is read as standing for whatever lines come
 * before the next part, past the end of the block above it (the rest of a function and the head
 * of the next one), and clause words (`else:`, `try:`, `except:`, `finally:`) are continued by
 * their siblings (`except E:`) rather than closed by them.
 */
export function outsideNamedKey(block: readonly string[], start: number, isElision: (line: string) => boolean, region: Region, original: readonly string[], keys: AnchorIndex): string | undefined {
  const isStructure = (line: string) => line.trim() !== '' && !isElision(line) && !isCommentLine(line);
  // The part's first line as the block writes it: its depth is read against the block's lines above.
  let head = start;
  while (head < block.length && !isElision(block[head]) && !isStructure(block[head])) head++;
  if (head === block.length || isElision(block[head])) return undefined;
  // The file's first line the region takes, or where its lines go in when it takes none.
  const first = firstStructure(original, region.from, region.to, isStructure);
  const placedAt = first === -1 ? region.from : first;
  for (const key of keysAbove(block, start, indentOf(block[head]), isStructure)) {
    if (!isDataKey(key)) continue;
    const positions = keys.positions.get(anchorKey(key)) ?? [];
    if (positions.length !== 1) continue;
    const named = positions[0];
    // A part above the key it is shown under is out of order, which is not this check's to judge.
    if (named >= placedAt) return undefined;
    const depth = indentOf(original[named]);
    for (let i = named + 1; i < placedAt; i++) {
      if (!isStructure(original[i]) || indentOf(original[i]) > depth) continue;
      const [shown, ended, part] = [key, original[i], block[head]].map((line) => line.trim().slice(0, 40));
      return `the snippet shows "${part}" under "${shown}" (line ${named + 1}) after an elision, but it matches at line ${placedAt + 1}, past line ${i + 1} ("${ended}"), where the block of "${shown}" ends: the lines are not in the block the snippet names`;
    }
    return undefined;
  }
  return undefined;
}

/**
 * True for a data key: a mapping key with a plain name and nothing after its colon
 * (`ubuntu_build:`, `"com.docker.network":`), or a list item that starts a mapping (`- name:
 * master`). Not code: a name with spaces or brackets before the colon is a statement
 * (`if not attrs:`, `def f():`), and Python's clause words, which stand alone with a colon, are
 * continued by their siblings rather than closed by them.
 */
function isDataKey(line: string): boolean {
  const text = line.trim().replace(/\s+/g, ' ');
  if (/^(?:else|try|except|finally):$/.test(text)) return false;
  return /^["']?[\w$][\w$.\/-]*["']?:$/.test(text) || /^- ["']?[\w$][\w$.\/-]*["']?: \S/.test(text);
}

/** The index of the first line from `from` to `to` (exclusive) with structure, or -1. */
function firstStructure(lines: readonly string[], from: number, to: number, isStructure: (line: string) => boolean): number {
  for (let i = from; i < to; i++) if (isStructure(lines[i])) return i;
  return -1;
}

/**
 * The keys above a line `width` columns deep that follows the block's lines before `start`,
 * nearest first: each the nearest of those lines with structure that is less indented than the
 * last, while each is a key (ends with `:`, or a list item); at most `MAX_PATH`.
 */
function keysAbove(block: readonly string[], start: number, width: number, isStructure: (line: string) => boolean): string[] {
  const path: string[] = [];
  let depth = width;
  for (let j = start - 1; j >= 0 && depth > 0 && path.length < MAX_PATH; j--) {
    if (!isStructure(block[j]) || indentOf(block[j]) >= depth) continue;
    const text = block[j].trim();
    if (!/:$/.test(text) && !/^- \S/.test(text)) break;
    path.push(block[j]);
    depth = indentOf(block[j]);
  }
  return path;
}
