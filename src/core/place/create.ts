import type { EditOp } from '../ir';
import { toLines } from '../text/fileText';
import { isElisionIn, isLinePrefixed, normaliseEol, withEols } from './opText';
import type { FileState, Transaction } from './transaction';

/**
 * Places a new file's content. An existing file with exactly this content is already applied; an
 * existing empty one (nothing but whitespace) is filled; one with other content is `FILE_EXISTS`
 * (never overwritten by a create). Elisions in a fenced
 * new file are refused: there is nothing to fill them from.
 */
export function placeCreate(tx: Transaction, state: FileState, content: string, op: EditOp): void {
  const block = op.source.block;
  if (state.exists) {
    if (normaliseEol(state.base ?? '') === content) {
      tx.record(state, { block, status: 'alreadyApplied', strategy: 'create', score: 1, startLine: 1, endLine: state.file!.lines.length, warnings: ['the file already has this content'] });
      return;
    }
    if (normaliseEol(state.base ?? '').trim() === '') {
      // The file is there but holds nothing (an empty placeholder): creating it fills it.
      const file = state.file!;
      const text = op.kind === 'create' && op.eol ? withEols(content, op.eol) : file.eol === '\n' ? content : content.replace(/\n/g, file.eol);
      tx.record(state, {
        block, status: 'applied', strategy: 'create', score: 1, startLine: 1, endLine: toLines(content).length,
        edits: [{ start: file.bom ? 1 : 0, end: (state.base ?? '').length, text }],
        warnings: [`${state.path} existed but was empty; filled with the new content`],
      });
      return;
    }
    tx.fail('FILE_EXISTS', block, state.path, `${state.path} already exists and differs from the new content`, op, {}, state);
    return;
  }
  const elided = toLines(content).some((line) => isElisionIn(op.source, line));
  // A new file in a diff or a patch spells out every line (git writes such files verbatim): a
  // marker there is the file's text. In a fenced block it is a model leaving code out.
  if (elided && !isLinePrefixed(op.source.format)) {
    tx.fail('ELISION_UNRESOLVED', block, state.path, `the new file ${state.path} elides code ("... existing code ..."), but there is no existing file to fill it from`, op, {}, state);
    return;
  }
  state.exists = true;
  state.created = true;
  state.deleted = false;
  state.placedEdits.clear();
  tx.rebase(state, op.kind === 'create' && op.eol ? withEols(content, op.eol) : content);
  const warnings = elided ? ['the new file holds a line that reads like an elision ("... existing code ..."); it is written as given'] : [];
  tx.record(state, { block, status: 'applied', strategy: 'create', score: 1, startLine: 1, endLine: toLines(content).length, warnings });
  // A fenced file created whole: a second, different whole version of it is a guess (see placeRewrite).
  if (op.kind === 'rewrite' && op.source.format === 'whole-file') state.wholeVersion = block;
}
