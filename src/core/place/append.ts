import type { ReplaceOp } from '../ir';
import { lineEdit } from '../plan';
import { lfView, toLines } from '../text/fileText';
import { leadingWhitespace } from '../text/indentation';
import type { FileState, Transaction } from './transaction';
import { definedName, hasText } from '../elisionMerge/lines';
import { placeInsert } from './insert';
import { placeRewrite, rewritesWhole } from './rewrite';

/**
 * Aider's empty SEARCH on a file with content: the replacement goes at the end of the file,
 * unless the file already ends with it (then it is already applied). An empty SEARCH with a line
 * hint (Roo's `:start_line:12`) is an insertion before that line, as Roo's own insertion reads it
 * (a line past the file's end is `NO_MATCH`, the line right after it the end): the hint is the one
 * place the reply gives, and appending ignored it (an import meant above `import re` landed after
 * the file's last line). Refused (`FILE_EXISTS`) when the replacement repeats lines in a row of the
 * file (`repeatedRun`) or defines again a top-level name the file defines (`redefinition`): that
 * is the file, or a part of it, written again, the way a model "creates" a file it thinks is new;
 * added, the file would hold its code twice. When it is the whole file (`rewritesWhole`), it is
 * placed as a whole-file block is.
 */
export function placeAppend(tx: Transaction, state: FileState, op: ReplaceOp): void {
  const block = op.source.block;
  const file = state.file!;
  // One past the last line is the end; further, the line is not in the file: placeInsert refuses it.
  const hinted = op.lineHint !== undefined && op.lineHint >= 1 && op.lineHint !== file.lines.length + 1;
  if (!hinted && op.replacement.trim() !== '' && lfView(file).trimEnd().endsWith(op.replacement.trimEnd())) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'append', score: 1, startLine: file.lines.length, endLine: file.lines.length, warnings: ['the appended text is already at the end of the file'] });
    return;
  }
  const lines = toLines(op.replacement);
  const repeat = repeatedRun(file.lines, lines) ?? redefinition(file.lines, lines);
  if (repeat !== undefined) {
    // The whole file written again, with its change: the model took the file for a new one. Read
    // as the file's new text, as a whole file in a fence under its path is read.
    if (rewritesWhole(file.lines, lines)) return placeRewrite(tx, state, op.replacement, false, op, [`the empty SEARCH's text is the whole of ${state.path} written again: read as the file's new text, not appended`]);
    const message = `the empty SEARCH would ${hinted ? `insert its text before line ${op.lineHint} of` : 'append to'} ${state.path}, but its text ${repeat.what} line ${repeat.line + 1} ("${file.lines[repeat.line].trim().slice(0, 60)}"): it reads as the file, or a part of it, written again, not as code to add${hinted ? '' : ' at its end'}`;
    tx.fail('FILE_EXISTS', block, state.path, message, op, {}, state);
    return;
  }
  if (hinted) return placeInsert(tx, state, op.lineHint! - 1, lines, op);
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
  const written = new Set(Array.from(runsOf(lines), (run) => run.key));
  if (written.size === 0) return undefined;
  for (const run of runsOf(fileLines)) if (written.has(run.key)) return { what: 'repeats the lines of the file from', line: run.at };
  return undefined;
}

/** How many non-blank lines in a row `repeatedRun` takes for the file's code written again. */
const RUN = 3;

/** Each `RUN` non-blank lines in a row of `source` with two or more of them with text: the trimmed lines joined, and the first one's index. */
function* runsOf(source: readonly string[]): Generator<{ key: string; at: number }> {
  const nonBlank = source.flatMap((line, at) => (line.trim() === '' ? [] : [{ text: line.trim(), at }]));
  for (let i = 0; i + RUN <= nonBlank.length; i++) {
    const run = nonBlank.slice(i, i + RUN);
    if (run.filter((line) => hasText(line.text)).length >= 2) yield { key: run.map((line) => line.text).join('\n'), at: run[0].at };
  }
}

/**
 * Where an unindented line of the appended `lines` defines again what an unindented line of the
 * file defines (`sameDefinition`: `def sub(a, b):`, `export function load(…) {`, parameters aside):
 * that file line (0-based). Appended, the file would hold two top-level definitions of one name.
 */
function redefinition(fileLines: readonly string[], lines: readonly string[]): { what: string; line: number } | undefined {
  const unindented = (line: string) => leadingWhitespace(line) === '';
  const names = new Set(lines.filter(unindented).map((line) => definedName(line.trim())).filter((name): name is string => name !== undefined));
  if (names.size === 0) return undefined;
  const line = fileLines.findIndex((existing) => unindented(existing) && names.has(definedName(existing.trim()) ?? ''));
  return line === -1 ? undefined : { what: 'defines again what the file defines at', line };
}
