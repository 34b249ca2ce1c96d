import { isCommentLine, isEditOf } from '../elisionMerge/lines';
import { isBlank } from '../text/indentation';
import type { FileLines } from '../text/fileText';
import { straightMatch, type LineMatch, type Needle } from '../locate/matcher';
import { lineSteps } from '../reanchor/steps';
import { mayBeLeftOut } from '../locate/leftOutLines';

/** A search text and replacement rewritten to the file's lines where the search text left some out, with the straight match they now make. */
export interface WithLeftOutRuns {
  readonly needle: Needle;
  readonly replacement: string[];
  readonly match: LineMatch;
}

/**
 * The edit of the left-out-lines rung's matches, given the file's lines (`withLeftOutRuns`), or why
 * it cannot be, as a message: the search text stands in several places that way, or what the edit
 * means between two of its lines is unknown.
 */
export function leftOutEdit(needle: Needle, replacement: readonly string[], matches: readonly LineMatch[], file: FileLines, lineKinds: string | undefined, path: string): WithLeftOutRuns | string {
  if (matches.length > 1) return `the search text stands in ${path} only with lines it leaves out, at ${matches.length} places: re-send the block with more lines, every line as the file has it`;
  const given = withLeftOutRuns(needle, replacement, matches[0], file, lineKinds);
  if (typeof given !== 'string') return given;
  return `${given} (${path} lines ${matches[0].start + 1}-${matches[0].end}): re-send the block with every line as the file has it, those it left out included`;
}

/**
 * The edit of a match the left-out-lines rung found (`locate/leftOutLines.ts`), given the file's
 * lines between the search text's lines with text (blank lines, comment lines), so that it is
 * written as any straight match is: the search text's runs between two lines become the file's
 * runs at the match, and the replacement's with them where the edit leaves the run alone. Per run
 * that differs, between search lines A and B: when the edit keeps A, the run and B together, the
 * replacement's copy of the run becomes the file's; when the edit rewrites A or B (or both), the
 * file's run goes between their new lines, where those are known (see `boundaryIn`). Anywhere
 * else a message says why instead (a lost comment or a wrong count of blank lines is a wrong
 * write): the edit changes a run the search text has, writes lines between A and B, or rewrites
 * the lines next to the run as a block whose lines there are new, and which of them the file's
 * run then belongs beside is unknown.
 */
export function withLeftOutRuns(needle: Needle, replacement: readonly string[], match: LineMatch, file: FileLines, lineKinds?: string): WithLeftOutRuns | string {
  const text: number[] = [];
  needle.lines.forEach((line, i) => {
    if (!isBlank(line)) text.push(i);
  });
  const placeOf = (i: number) => match.alignment[i] as number;
  const kept = keptLines(needle, replacement, lineKinds);
  const lines = [...needle.lines];
  const written = [...replacement];
  /** Edits of the replacement, applied last to first: at `at`, `remove` lines out, `insert` in. */
  const edits: { at: number; remove: number; insert: string[] }[] = [];
  /** Edits of the search text, likewise. */
  const searchEdits: { at: number; remove: number; insert: string[] }[] = [];
  for (let k = 1; k < text.length; k++) {
    const a = text[k - 1];
    const b = text[k];
    const ours = b - a - 1;
    const fileRun: string[] = [];
    for (let f = placeOf(a) + 1; f < placeOf(b); f++) fileRun.push(file.line(f));
    if (fileRun.length === ours && fileRun.every(isBlank)) continue;
    searchEdits.push({ at: a + 1, remove: ours, insert: fileRun });
    const codeAt = fileRun.findIndex((line) => !mayBeLeftOut(line));
    const code = codeAt === -1 ? '' : ` (\`${fileRun[codeAt].trim().slice(0, 60)}\`, line ${placeOf(a) + 2 + codeAt})`;
    const unknown = (why: string) =>
      `between "${needle.lines[a].trim().slice(0, 50)}" and "${needle.lines[b].trim().slice(0, 50)}" the search text has ${linesIn(ours, 0, 0)} where the file has ${linesIn(fileRun.filter(isBlank).length, fileRun.filter((line) => !isBlank(line) && mayBeLeftOut(line)).length, fileRun.filter((line) => !mayBeLeftOut(line)).length)}${code}, and ${why}, so what the edit leaves there is unknown`;
    const together = (from: number, to: number) => {
      for (let i = from; i <= to; i++) if (kept.of[i] === -1 || (i > from && kept.of[i] !== kept.of[i - 1] + 1)) return false;
      return true;
    };
    if (together(a, b)) {
      // A, the run and B as they were: the replacement's copy of the run becomes the file's.
      edits.push({ at: kept.of[a] + 1, remove: ours, insert: fileRun });
      continue;
    }
    if (ours > 0) {
      // The run kept as it was, right between the new lines of A and of B (kept, or rewritten into
      // a line that reads as its edit): its copy becomes the file's. A run the edit changes, or
      // writes other lines beside, is the model's to lay out: what it meant there, given the
      // file's run, is unknown.
      const from = kept.of[a + 1];
      const to = kept.of[b - 1] + 1;
      const imageOf = (r: number, i: number) => kept.of[i] === r || (kept.of[i] === -1 && readsAsEditOf(written[r], needle.lines[i]));
      if (!together(a + 1, b - 1) || !imageOf(from - 1, a) || !imageOf(to, b)) return unknown('the edit changes the lines around them');
      edits.push({ at: from, remove: ours, insert: fileRun });
      continue;
    }
    const aKept = kept.of[a] !== -1;
    const bKept = kept.of[b] !== -1;
    if (aKept && bKept) {
      // The replacement writes the very lines the search text left out (a comment retyped in
      // REPLACE only): nothing changes there.
      const between = written.slice(kept.of[a] + 1, kept.of[b]);
      if (between.length === fileRun.length && between.every((line, j) => line.trim() === fileRun[j].trim())) continue;
      // Blank lines the search text dropped between two lines it keeps, where the new lines go
      // between them set off by as many blank lines on each side (a SEARCH ending `}` then
      // `resyncerrc := …` with the file's blank line between lost, a REPLACE writing `}`, a blank,
      // the new log line, a blank, `resyncerrc := …`): whichever side of the new lines the file's
      // blank lines stood on, they stand there as written, so the replacement is the edit.
      // So too a doc comment's empty lines (` *`, `///`, `#`) between two of its lines: a SEARCH that
      // dropped lodash's ` *` between a note and `@static`, its REPLACE writing ` *`, a new note,
      // ` *` there.
      const sameAsRun = (lines: readonly string[]) => lines.every((line, j) => line.trim() === fileRun[j].trim());
      if (fileRun.every(isSeparatorLine) && between.length > 2 * fileRun.length && sameAsRun(between.slice(0, fileRun.length)) && sameAsRun(between.slice(-fileRun.length))) continue;
      return unknown('the edit writes lines between them');
    }
    // A or B rewritten: the file's run goes where the new lines of A end and those of B
    // begin. Known when the rewrite is line for line, or when the new line next to the kept one
    // reads as the old line edited (B's first new line an edit of B, A's last an edit of A); a
    // rewrite that adds lines there may add them on either side of the run (an import
    // joins the imports above them), so it is unknown.
    const change = kept.changes.find((c) => c.searchFrom <= (aKept ? b : a) && (bKept ? a : b) < c.searchTo);
    const at = change === undefined ? undefined : boundaryIn(change, a, b, aKept, bKept, needle.lines, written, codeAt !== -1, fileRun.every(isBlank));
    if (at === undefined) return unknown('the edit rewrites the lines next to them as a block of another length');
    edits.push({ at, remove: 0, insert: fileRun });
  }
  for (const edit of edits.sort((x, y) => y.at - x.at)) written.splice(edit.at, edit.remove, ...edit.insert);
  for (const edit of searchEdits.sort((x, y) => y.at - x.at)) lines.splice(edit.at, edit.remove, ...edit.insert);
  const elisions = new Set<number>();
  return { needle: { lines, elisions }, replacement: written, match: straightMatch(match.start, lines.length, match.score, match.strategy) };
}

/**
 * Where, in the replacement, the new lines of search line A end and those of B (the next line with
 * text, no blank line between them in the search text) begin, `change` being the rewrite of
 * the one not kept (or of both): see `withLeftOutRuns`. `code`: the file's run there holds a line
 * of code; `blankRun`: it holds only blank lines. Undefined when unknown.
 */
function boundaryIn(change: Change, a: number, b: number, aKept: boolean, bKept: boolean, search: readonly string[], written: readonly string[], code: boolean, blankRun: boolean): number | undefined {
  if (change.searchTo - change.searchFrom === change.replacementTo - change.replacementFrom) {
    const at = change.replacementFrom + (b - change.searchFrom);
    // Line for line by count alone is not enough beside a line of code when several lines are
    // rewritten: a statement added above and another deleted below keep the count, and the code
    // line then went into the wrong block. The new lines on each side of the run must then read
    // as edits of A and B. One line rewritten into one is that line's rewrite, unless the
    // replacement still has the old line elsewhere: then it moved, and the code line beside it
    // may have moved with it (immer: `if (markLength) …` moved into a new function).
    const one = change.searchTo - change.searchFrom === 1 && !written.some((line) => line.trim() === search[aKept ? b : a].trim());
    if (code && !one && ((!aKept && !readsAsEditOf(written[at - 1], search[a])) || (!bKept && !readsAsEditOf(written[at], search[b])))) return undefined;
    return at;
  }
  // Blank lines stand above the comment that follows them, whose paragraph they open: a blank run
  // left out between a kept line and a rewrite that starts with a comment goes above that comment
  // (astropy's `_format_float`: the docstring, the file's blank line, then the rewrite's `# First
  // try using str() ...` and its code), and one between a rewrite and a kept comment line stays
  // above that comment.
  if (aKept) return readsAsEditOf(written[change.replacementFrom], search[b]) || (blankRun && isCommentLine(written[change.replacementFrom] ?? '')) ? change.replacementFrom : undefined;
  if (bKept) return readsAsEditOf(written[change.replacementTo - 1], search[a]) || (blankRun && isCommentLine(search[b])) ? change.replacementTo : undefined;
  // Both rewritten: the one place where an edit of A is followed by an edit of B.
  let found: number | undefined;
  for (let r = change.replacementFrom + 1; r < change.replacementTo; r++) {
    if (!readsAsEditOf(written[r - 1], search[a]) || !readsAsEditOf(written[r], search[b])) continue;
    if (found !== undefined) return undefined;
    found = r;
  }
  return found;
}

/** True for a line that only parts other lines: blank, or a comment marker with nothing after it (` *`, `//`, `#`, `--`). */
function isSeparatorLine(line: string): boolean {
  return /^(?:\*|\/\/\/?|#|--)?$/.test(line.trim());
}

/** `2 blank lines and a comment line`, `a line of code`, `no line`. */
function linesIn(blank: number, comments: number, code: number): string {
  const count = (n: number, what: string) => (n === 1 ? `a ${what} line` : `${n} ${what} lines`);
  const parts = [...(blank > 0 ? [count(blank, 'blank')] : []), ...(comments > 0 ? [count(comments, 'comment')] : []), ...(code > 0 ? [code === 1 ? 'a line of code' : `${code} lines of code`] : [])];
  return parts.length > 0 ? parts.join(' and ') : 'no line';
}

/** True when a replacement line reads as search line `old` edited (or is it, trimmed): not a blank line. */
function readsAsEditOf(line: string | undefined, old: string): boolean {
  return line !== undefined && !isBlank(line) && (line.trim() === old.trim() || isEditOf(line.trim(), old.trim()));
}

/** A run of search lines the edit replaces with a run of replacement lines (either may be empty). */
interface Change {
  searchFrom: number;
  searchTo: number;
  replacementFrom: number;
  replacementTo: number;
}

/** How the replacement keeps the search text's lines: `of[i]`, the replacement line search line i is kept as, or -1; and the changes. */
interface Kept {
  readonly of: Int32Array;
  readonly changes: Change[];
}

/**
 * How the replacement keeps the search text's lines, read from the steps re-anchoring writes by
 * (`lineSteps`: the hunk's own line kinds when they describe the texts, else jsdiff's line diff),
 * adjacent changes taken as one.
 */
function keptLines(needle: Needle, replacement: readonly string[], lineKinds: string | undefined): Kept {
  const of = new Int32Array(needle.lines.length).fill(-1);
  const changes: Change[] = [];
  for (const step of lineSteps(needle, replacement, lineKinds)) {
    if (step.kind === 'keep') {
      of[step.n] = step.r;
      continue;
    }
    if (step.kind !== 'change') continue;
    const last = changes[changes.length - 1];
    if (last && last.searchTo === step.nFrom && last.replacementTo === step.rFrom) {
      last.searchTo = step.nTo;
      last.replacementTo = step.rTo;
    } else changes.push({ searchFrom: step.nFrom, searchTo: step.nTo, replacementFrom: step.rFrom, replacementTo: step.rTo });
  }
  return { of, changes };
}
