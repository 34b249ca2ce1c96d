import type { ReplaceOp } from '../ir';
import { lineEdit } from '../plan';
import { lfView, toLines } from '../text/fileText';
import type { FileState, Transaction } from './transaction';
import { definedName, hasText } from '../elisionMerge/lines';
import { looksLikeFragment } from '../elisionMerge';
import { placeRewrite } from './rewrite';

/**
 * Aider's empty SEARCH on a file with content: the replacement goes at the end of the file,
 * unless the file already ends with it (then it is already applied). Refused (`FILE_EXISTS`) when
 * the replacement repeats lines in a row of the file (`repeatedRun`) or defines again a top-level
 * name the file defines (`redefinition`): that is the file, or a part of it, written again, the
 * way a model "creates" a file it thinks is new; appended, the file would hold its code twice.
 * When it is the whole file (`rewritesWhole`), it is placed as a whole-file block is.
 */
export function placeAppend(tx: Transaction, state: FileState, op: ReplaceOp): void {
  const block = op.source.block;
  const file = state.file!;
  if (op.replacement.trim() !== '' && lfView(file).trimEnd().endsWith(op.replacement.trimEnd())) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'append', score: 1, startLine: file.lines.length, endLine: file.lines.length, warnings: ['the appended text is already at the end of the file'] });
    return;
  }
  const lines = toLines(op.replacement);
  const repeat = repeatedRun(file.lines, lines) ?? redefinition(file.lines, lines);
  if (repeat !== undefined) {
    // The whole file written again, with its change: the model took the file for a new one. Read
    // as the file's new text, as a whole file in a fence under its path is read.
    if (rewritesWhole(file.lines, lines)) return placeRewrite(tx, state, op.replacement, false, op, [`the empty SEARCH's text is the whole of ${state.path} written again: read as the file's new text, not appended`]);
    const message = `the empty SEARCH would append to ${state.path}, but its text ${repeat.what} line ${repeat.line + 1} ("${file.lines[repeat.line].trim().slice(0, 60)}"): it reads as the file, or a part of it, written again, not as code to add at its end`;
    tx.fail('FILE_EXISTS', block, state.path, message, op, {}, state);
    return;
  }
  tx.record(state, {
    block, status: 'applied', strategy: 'append', score: 1, startLine: file.lines.length + 1, endLine: file.lines.length + lines.length,
    edits: [lineEdit(file, file.lines.length, file.lines.length, lines)],
  });
}

/**
 * Where the appended `lines` repeat three non-blank lines in a row of the file (blank lines
 * between them aside, whitespace at the ends aside), two of them with some text: the first such
 * file line (0-based). One or two lines prove little (an `import`, a `return x;` and its `}` come
 * again in new code); three in a row are the file's code written again.
 */
function repeatedRun(fileLines: readonly string[], lines: readonly string[]): { what: string; line: number } | undefined {
  const RUN = 3;
  const runs = (source: readonly string[], visit: (key: string, first: number) => boolean): void => {
    const last: { text: string; at: number }[] = [];
    for (let i = 0; i < source.length; i++) {
      const text = source[i].trim();
      if (text === '') continue;
      last.push({ text, at: i });
      if (last.length > RUN) last.shift();
      if (last.length === RUN && last.filter((line) => hasText(line.text)).length >= 2 && visit(last.map((line) => line.text).join('\n'), last[0].at)) return;
    }
  };
  const written = new Set<string>();
  runs(lines, (key) => {
    written.add(key);
    return false;
  });
  if (written.size === 0) return undefined;
  let found: number | undefined;
  runs(fileLines, (key, first) => {
    if (written.has(key)) found = first;
    return found !== undefined;
  });
  return found === undefined ? undefined : { what: 'repeats the lines of the file from', line: found };
}

/**
 * Where an unindented line of the appended `lines` defines again what an unindented line of the
 * file defines (`sameDefinition`: `def sub(a, b):`, `export function load(…) {`, parameters aside):
 * that file line (0-based). Appended, the file would hold two top-level definitions of one name.
 */
function redefinition(fileLines: readonly string[], lines: readonly string[]): { what: string; line: number } | undefined {
  const unindented = (line: string) => line !== '' && line[0] !== ' ' && line[0] !== '\t';
  const names = new Set(lines.filter(unindented).map((line) => definedName(line.trim())).filter((name): name is string => name !== undefined));
  if (names.size === 0) return undefined;
  const line = fileLines.findIndex((existing) => unindented(existing) && names.has(definedName(existing.trim()) ?? ''));
  return line === -1 ? undefined : { what: 'defines again what the file defines at', line };
}

/**
 * True when the appended `lines` are the whole file written again: they start with the file's
 * first non-blank line, hold at least 80% of the file's distinct non-blank lines (whitespace at
 * the ends aside), and are not a part of it (`looksLikeFragment`). A part of the file, or new
 * code that repeats some of it, is not: where it goes would be a guess.
 */
function rewritesWhole(fileLines: readonly string[], lines: readonly string[]): boolean {
  const text = (source: readonly string[]) => source.map((line) => line.trim()).filter((line) => line !== '');
  const [file, written] = [text(fileLines), text(lines)];
  if (file.length === 0 || written[0] !== file[0] || looksLikeFragment(fileLines, lines)) return false;
  const distinct = new Set(file);
  const present = new Set(written);
  let held = 0;
  for (const line of distinct) if (present.has(line)) held++;
  return held >= distinct.size * 0.8;
}
