import type { EditOp } from '../ir';
import { toLines } from '../text/fileText';
import { backslashUseOf, newTextEscaping } from '../text/overEscaped';
import { placeCreate } from './create';
import { placeDelete } from './delete';
import { placeInsert } from './insert';
import { placeMode } from './mode';
import { placeMove } from './move';
import { ESCAPED_TWICE_PERHAPS, escapedTwiceNote, placeReplace } from './replace';
import { placeReplaceLines } from './replaceLines';
import { placeRewrite } from './rewrite';
import { targetFileOf } from './targetFile';
import type { FileState, Transaction } from './transaction';

/**
 * Places one op: finds the file it is for (`targetFileOf`), loads the file's state, and hands the
 * op to the placement of its kind.
 */
export function placeOp(tx: Transaction, op: EditOp): void {
  const target = targetFileOf(tx, op);
  if (!target.ok) return;
  // A git rename moves the file that stood at its `from` before the reply, whatever another rename put there.
  const state = op.kind === 'move' && op.simultaneous ? tx.ownStateFor(target.path, op) : tx.stateFor(target.path, op);
  if (!state) return;
  switch (op.kind) {
    case 'replace':
      return placeReplace(tx, state, op);
    case 'insert': {
      const text = asWritten(tx, state, op, op.text);
      return text === undefined ? undefined : placeInsert(tx, state, op.afterLine, toLines(text), op);
    }
    case 'create': {
      const content = asWritten(tx, state, op, op.content);
      return content === undefined ? undefined : placeCreate(tx, state, content, op);
    }
    case 'rewrite': {
      const content = asWritten(tx, state, op, op.content);
      return content === undefined ? undefined : placeRewrite(tx, state, content, op.partial, op);
    }
    case 'delete':
      return placeDelete(tx, state, op);
    case 'move':
      return placeMove(tx, state, op.to, op);
    case 'replaceLines':
      return placeReplaceLines(tx, state, op);
    case 'mode':
      return placeMode(tx, state, op);
  }
}

/**
 * A tool call's new text as its author meant it: code escaped once too often (a file of one line
 * of `\n`s, see `newTextEscaping`) is read with one level of escaping removed, with a note;
 * undefined (the op refused) when it only looks so.
 */
function asWritten(tx: Transaction, state: FileState, op: EditOp, text: string): string | undefined {
  const verdict = op.source.format === 'json-tool' ? newTextEscaping(text.endsWith('\n') ? text.slice(0, -1) : text, undefined, backslashUseOf(state.path), op.kind === 'create' || op.kind === 'rewrite') : undefined;
  if (verdict === undefined) return text;
  if (verdict.kind === 'unsure') {
    tx.fail('PARSE_ERROR', op.source.block, state.path, ESCAPED_TWICE_PERHAPS, op, {}, state);
    return undefined;
  }
  tx.note(op.source.block, escapedTwiceNote(false));
  return text.endsWith('\n') && !verdict.text.endsWith('\n') ? verdict.text + '\n' : verdict.text;
}
