import type { EditOp } from '../ir';
import { toLines } from '../text/fileText';
import { placeCreate } from './create';
import { placeDelete } from './delete';
import { placeInsert } from './insert';
import { placeMove } from './move';
import { placeReplace } from './replace';
import { placeRewrite } from './rewrite';
import { targetFileOf } from './targetFile';
import type { Transaction } from './transaction';

/**
 * Places one op: finds the file it is for (`targetFileOf`), loads the file's state, and hands the
 * op to the placement of its kind.
 */
export function placeOp(tx: Transaction, op: EditOp): void {
  const block = op.source.block;
  const target = targetFileOf(tx, op);
  if (!target.ok) return;
  const state = tx.stateFor(target.path, op);
  if (!state) return;
  switch (op.kind) {
    case 'replace':
      return placeReplace(tx, state, op);
    case 'insert':
      return placeInsert(tx, state, op.afterLine, toLines(op.text), op);
    case 'create':
      return placeCreate(tx, state, op.content, op);
    case 'rewrite':
      return placeRewrite(tx, state, op.content, op.partial, op);
    case 'delete':
      return placeDelete(tx, state, block);
    case 'move':
      return placeMove(tx, state, op.to, op);
  }
}
