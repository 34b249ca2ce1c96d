import type { EditOp } from '../ir';
import { lineEdit, withFinalNewline } from '../plan';
import { wherePresent } from './alreadyApplied';
import { trimBlankEdges } from './blankEdges';
import { placeCreate } from './create';
import { ADDS_WITHOUT_PLACE } from '../parse/unifiedDiff';
import type { FileState, Transaction } from './transaction';

/**
 * Inserts whole lines after 1-based line `afterLine` (0: at the top) of the file as the reply's
 * earlier tool calls left it (a diff's: of the original file). Lines that already stand
 * right there (where a diff's `+c` says they end up, or next to the insertion point) are already
 * applied; an insertion point past the end of the file is `NO_MATCH`. Lines added after the
 * file's last line end as the op says (`InsertOp.finalNewline`), when it says. A diff's lone
 * `@@ -0,0 @@` hunk for a file that does not exist creates it (`InsertOp.fromEmpty`). A hunk that
 * gives no place (`InsertOp.intoEmptyOnly`) goes only into a file with nothing in it.
 */
export function placeInsert(tx: Transaction, state: FileState, afterLine: number, lines: string[], op: EditOp): void {
  const block = op.source.block;
  if (!state.exists) {
    if (op.kind === 'insert' && op.source.format === 'unified-diff' && afterLine === 0 && op.fromEmpty) {
      // A `@@ -0,0 +1,N @@` hunk (nothing before it) for a file that is not there, under
      // `--- a/x` rather than `--- /dev/null` (GNU diff without -N, a model's hand-written diff):
      // the file the hunk fills, as git apply reads it.
      return placeCreate(tx, state, op.finalNewline === false ? lines.join('\n') : lines.join('\n') + '\n', op);
    }
    tx.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist`, op, {}, state);
    return;
  }
  // A tool call's line number counts the lines of the file as the calls before it left it: the
  // tools that define the command (OpenHands' and Anthropic's editors, Roo's insert_content) run
  // each call on the result of the one before. A diff's numbers are all the original file's.
  if (op.source.format === 'json-tool' && state.pending.length > 0) tx.commit(state);
  const file = state.file!;
  if (op.kind === 'insert' && op.intoEmptyOnly && (file.raw !== '' || state.pending.length > 0)) {
    tx.fail('PARSE_ERROR', block, state.path, `${ADDS_WITHOUT_PLACE}: ${state.path} is not empty, so they could go anywhere in it`, op, {}, state);
    return;
  }
  if (afterLine < 0 || afterLine > file.lines.length) {
    tx.fail('NO_MATCH', block, state.path, `cannot insert after line ${afterLine}: ${state.path} has ${file.lines.length} lines`, op, {}, state);
    return;
  }
  // Inserted before: the same lines (blank edges aside) already stand right at that place. A diff
  // says exactly where its lines end up (`+c`); only there do they count as already inserted (a
  // lock file's new stanza often sits next to an identical one).
  const needle = trimBlankEdges({ lines, elisions: new Set() }, [])?.needle ?? { lines, elisions: new Set<number>() };
  // (Blank lines trimmed off the top of the needle move where it would start.)
  const leadingBlanks = Math.max(0, lines.findIndex((line) => line.trim() !== ''));
  const newStart = op.kind === 'insert' && op.newLine !== undefined ? op.newLine - 1 + leadingBlanks : undefined;
  const there = (start: number) => (newStart !== undefined ? start === newStart : Math.abs(start - afterLine) <= lines.length + 1);
  // `+c` is where the lines stand once the whole diff is in: read against the file only while the
  // file may be that result. Once an earlier hunk of this reply changed the file, it is the text
  // before the diff, and lines equal to the inserted ones at `+c` (a `}` after a `}`) are a
  // coincidence, not this hunk applied before: skipping the insertion would drop it.
  const fileIsBeforeTheDiff = newStart !== undefined && state.records.some((record) => record.status === 'applied');
  if (!fileIsBeforeTheDiff && wherePresent(tx.indexOf(state), needle, 2).some((m) => there(m.start))) {
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'insert', score: 1, startLine: afterLine + 1, endLine: afterLine + lines.length, warnings: ['these lines are already there'] });
    return;
  }
  tx.record(state, { block, status: 'applied', strategy: 'insert', score: 1, startLine: afterLine + 1, endLine: afterLine + lines.length, edits: [withFinalNewline(file, afterLine, afterLine, lineEdit(file, afterLine, afterLine, lines), op.kind === 'insert' ? op.finalNewline : undefined)] });
}
