import type { Needle } from '../locate/matcher';

/**
 * The needle without blank lines at its start and end, and the replacement without the same
 * number of blank lines at the same ends (only those it really has); undefined when there is
 * nothing to trim or nothing would be left.
 */
export function trimBlankEdges(needle: Needle, replacement: string[]): { needle: Needle; replacement: string[] } | undefined {
  const blank = (line: string) => line.trim() === '';
  let head = 0;
  while (head < needle.lines.length && blank(needle.lines[head])) head++;
  let tail = 0;
  while (tail < needle.lines.length - head && blank(needle.lines[needle.lines.length - 1 - tail])) tail++;
  if ((head === 0 && tail === 0) || head + tail >= needle.lines.length) return undefined;
  let replacementHead = 0;
  while (replacementHead < head && replacementHead < replacement.length && blank(replacement[replacementHead])) replacementHead++;
  let replacementTail = 0;
  while (replacementTail < tail && replacementTail < replacement.length - replacementHead && blank(replacement[replacement.length - 1 - replacementTail])) replacementTail++;
  const lines = needle.lines.slice(head, needle.lines.length - tail);
  const elisions = new Set<number>();
  for (const i of needle.elisions) if (i >= head && i < needle.lines.length - tail) elisions.add(i - head);
  return { needle: { lines, elisions }, replacement: replacement.slice(replacementHead, replacement.length - replacementTail) };
}
