import * as assert from 'node:assert/strict';
import type { Receipt } from '../../../src/core/index';
import { paintFor, renderReceipt } from '../../../src/cli/render';

const receipt = (over: Partial<Receipt> = {}): Receipt => ({
  ok: true,
  files: [{ path: 'a.ts', action: 'modify', edits: [{ block: 1, status: 'applied', strategy: 'fuzzy', score: 0.9, startLine: 3, endLine: 4 }] }],
  errors: [],
  timing: { parseMs: 1, locateMs: 1, totalMs: 2 },
  ...over,
});

describe('CLI rendering', () => {
  it('colours only a terminal, and never when NO_COLOR is set', () => {
    assert.match(paintFor({ isTTY: true }, {})('red', 'x'), /\u001b\[31mx/);
    assert.equal(paintFor({ isTTY: true }, { NO_COLOR: '1' })('red', 'x'), 'x');
    assert.equal(paintFor({ isTTY: false }, {})('red', 'x'), 'x');
    assert.equal(paintFor({}, {})('red', 'x'), 'x');
  });

  it('says which edits to check and what a dry run did not do', () => {
    const text = renderReceipt(receipt(), { kind: 'dryRun' }, '/w', paintFor({}));
    assert.equal(text, 'a.ts (to be modified)\n  block 1: fuzzy match (90% similar), lines 3-4 (check it)\n\n1 edit ready in 1 file. Dry run: nothing was written; run again with --write to write it.');
  });

  it('names a write failure without a block number, and says what is on disk', () => {
    const failed = receipt({
      ok: false,
      errors: [{ code: 'OUT_OF_DATE', block: 0, path: 'a.ts', message: 'a.ts was modified after the plan was made; every file is as it was before', candidates: [], nextStep: 'Read it again.' }],
    });
    const text = renderReceipt(failed, { kind: 'failed' }, '/w', paintFor({}));
    assert.match(text, /\n\na\.ts: OUT_OF_DATE\n {2}a\.ts was modified after the plan was made; every file is as it was before\.\n {2}Next step: Read it again\.\n\n1 problem: nothing was written\. 1 other edit was placed/);
    assert.doesNotMatch(text, /Block/);
  });

  it('lists every place an ambiguous edit matches', () => {
    const ambiguous = receipt({
      ok: false,
      errors: [{ code: 'AMBIGUOUS', block: 2, path: 'a.ts', message: 'the search text matches 2 places in a.ts', candidates: [{ startLine: 1, endLine: 1, score: 1, text: 'x = 1' }, { startLine: 3, endLine: 3, score: 1, text: 'x = 1' }], nextStep: 'Add context.' }],
    });
    assert.match(renderReceipt(ambiguous, { kind: 'failed' }, '/w', paintFor({})), /Block 2, a\.ts: AMBIGUOUS\n {2}the search text matches 2 places in a\.ts\.\n {2}Match 1 of 2, line 1:\n {4}\| x = 1\n {2}Match 2 of 2, line 3:\n {4}\| x = 1\n {2}Next step: Add context\./);
  });

  it('says when every edit was already there', () => {
    const already = receipt({ files: [{ path: 'a.ts', action: 'modify', edits: [{ block: 1, status: 'alreadyApplied', strategy: 'exact', score: 1, startLine: 1, endLine: 1 }] }] });
    assert.match(renderReceipt(already, { kind: 'written', files: [] }, '/w', paintFor({})), /Every edit is already in the files: nothing was written\.$/);
  });

  it('says the edits undo each other when they were placed and leave nothing to write (a file created and deleted again)', () => {
    const undone = receipt({ files: [{ path: 'f', action: 'delete', edits: [{ block: 1, status: 'applied', strategy: 'create', score: 1, startLine: 1, endLine: 1 }, { block: 2, status: 'applied', strategy: 'delete', score: 1, startLine: 1, endLine: 1 }] }] });
    const text = renderReceipt(undone, { kind: 'written', files: [] }, '/w', paintFor({}));
    assert.match(text, /The edits leave every file as it was: nothing was written\.$/);
    assert.doesNotMatch(text, /already in the files/);
  });
});
