import { isBlank, leadingWhitespace } from '../text/indentation';

/**
 * A block of space-indented lines converted to a file indented with another number of spaces
 * (`inFileIndentation`), its lines aligned under the line above them (a signature's continuation
 * under its `(`) read as the block shows they were printed: `byDepth` (each line's steps in the
 * block's unit written in the file's, the odd columns beyond kept), or with their columns past
 * the line above kept (`withAlignmentKept`), as the lines the file has say (`alignedWhereShown`).
 */
export function withAlignmentRead(lines: readonly string[], byDepth: readonly string[], step: number, fileLines: readonly string[], fileForm: ReadonlyMap<string, string | null>): readonly string[] {
  return alignedWhereShown(lines, byDepth, withAlignmentKept(lines, byDepth, step), fileLines, fileForm);
}

/**
 * The block's lines converted by depth (`byDepth`), but for a line aligned under the line before
 * it: one whose indentation is no whole number of the block's steps and stands more than a step
 * deeper than the nearest line with text above it (a signature's continuation under its `(`, a
 * value under its key's). It keeps its columns past that line, wherever that line went. Alignment
 * is columns counted from the line above, not levels: `def RetryOnException(self, ...,` moved
 * from 4 spaces to 2 took its continuation from 25 columns (six 4-space steps and one) to 13
 * (six 2-space steps and one), ten columns left of the `(` it lines up with; it belongs at 23.
 * A line within a step of the one above converts the same either way (a doc comment's ` * `).
 * Between space-indented sides only: tabs keep the column at the block's tab width as converted.
 */
function withAlignmentKept(lines: readonly string[], byDepth: readonly string[], step: number): string[] {
  const out = [...byDepth];
  let above = -1;
  lines.forEach((line, i) => {
    if (isBlank(line)) return;
    const width = leadingWhitespace(line).length;
    if (above !== -1 && width % step !== 0) {
      const past = width - leadingWhitespace(lines[above]).length;
      if (past > step) out[i] = leadingWhitespace(out[above]) + ' '.repeat(past) + line.slice(width);
    }
    above = i;
  });
  return out;
}

/**
 * `aligned` (see `withAlignmentKept`) or `byDepth`, as the block's lines the file has say where the
 * two differ: the file's own form of such a line (`fileFormsOf`) is one of them. A block printed
 * again with its alignment kept under the lines it hangs from (a model's 4-space snippet of a
 * 2-space file) is read so, its new aligned lines too; one whose aligned lines were scaled with
 * the rest (every indentation's steps doubled, an odd column kept) is read back by depth, and so
 * is a block that shows neither, as before. A line the file has in either reading keeps the
 * file's form.
 */
function alignedWhereShown(lines: readonly string[], byDepth: readonly string[], aligned: readonly string[], fileLines: readonly string[], fileForm: ReadonlyMap<string, string | null>): readonly string[] {
  const differ = lines.map((_, i) => aligned[i] !== byDepth[i]);
  if (!differ.includes(true)) return byDepth;
  const own = fileFormsOf(lines, fileLines, fileForm);
  let [asAligned, asByDepth] = [0, 0];
  lines.forEach((_, i) => {
    if (!differ[i]) return;
    if (own[i] === aligned[i]) asAligned++;
    else if (own[i] === byDepth[i]) asByDepth++;
  });
  const read = asAligned > asByDepth ? aligned : byDepth;
  // A line the file has, in either reading, is written as the file has it.
  return read.map((line, i) => (differ[i] ? (ownIn(own[i], aligned[i], byDepth[i]) ?? line) : line));
}

/**
 * For each line of the block, the file's own form of it, where one is known: the only form the
 * file gives its text, else the file's line right after (blank lines aside) the one place the
 * file has the block's line above it, when it has the same text. A continuation line repeats (two
 * signatures ending `should_retry_if=None, sleep_ms=None):`, aligned under their own `(`), but
 * the line it continues does not.
 */
function fileFormsOf(lines: readonly string[], fileLines: readonly string[], fileForm: ReadonlyMap<string, string | null>): (string | undefined)[] {
  const onlyAt = new Map<string, number | null>();
  fileLines.forEach((line, at) => {
    if (isBlank(line)) return;
    const key = line.trim();
    onlyAt.set(key, onlyAt.has(key) ? null : at);
  });
  const placeOf: (number | undefined)[] = [];
  let above = -1;
  lines.forEach((line, i) => {
    if (isBlank(line)) return;
    const key = line.trim();
    const only = onlyAt.get(key);
    let at = typeof only === 'number' ? only : undefined;
    const after = above === -1 ? undefined : placeOf[above];
    if (at === undefined && after !== undefined) {
      let next = after + 1;
      while (next < fileLines.length && isBlank(fileLines[next])) next++;
      if (next < fileLines.length && fileLines[next].trim() === key) at = next;
    }
    placeOf[i] = at;
    above = i;
  });
  return lines.map((line, i) => {
    const at = placeOf[i];
    return fileForm.get(line.trim()) ?? (at === undefined ? undefined : fileLines[at]);
  });
}

/** `own` when it is one of the two readings, else undefined. */
function ownIn(own: string | null | undefined, aligned: string, byDepth: string): string | undefined {
  return own === aligned || own === byDepth ? own : undefined;
}
