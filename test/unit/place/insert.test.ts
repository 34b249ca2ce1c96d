import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

describe('place/insert: hunks with no context (git diff -U0)', () => {
  // A C-like file where a closing brace stands two lines below the second insertion point.
  const before = [
    'int clamp(int v, int lo, int hi) {', // 1
    '  if (v < lo) return lo;', //           2
    '  if (v > hi) {', //                    3
    '    return hi;', //                     4
    '  }', //                                5
    '  return v;', //                        6
    '}', //                                  7
    '', //                                   8
  ].join('\n');
  const diff = (hunks: string[]) => ['diff --git a/clamp.c b/clamp.c', 'index 1111111..2222222 100644', '--- a/clamp.c', '+++ b/clamp.c', ...hunks, ''].join('\n');
  // Two lines go in after line 1 (the later lines move down by 2), then `  }` after line 2 lands at
  // new line 5, and line 5 of the file before the diff is a `  }` too: a coincidence the
  // already-applied check must not take for this hunk applied before (git inserts it).
  const reply = diff([
    '@@ -1,0 +2,2 @@', '+  /* a reversed range is swapped first */', '+  if (lo > hi) { int t = lo; lo = hi; hi = t;',
    '@@ -2,0 +5 @@', '+  }',
  ]);
  const after = [
    'int clamp(int v, int lo, int hi) {',
    '  /* a reversed range is swapped first */',
    '  if (lo > hi) { int t = lo; lo = hi; hi = t;',
    '  if (v < lo) return lo;',
    '  }',
    '  if (v > hi) {',
    '    return hi;',
    '  }',
    '  return v;',
    '}',
    '',
  ].join('\n');

  it('inserts a line even when the text before the diff has the same line where `+c` points, once an earlier hunk changed the file', () => {
    const result = runReply(reply, (p) => (p === 'clamp.c' ? before : undefined));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(proposed(result, 'clamp.c'), after);
    assert.deepEqual(result.receipt.files[0].edits.map((e) => e.status), ['applied', 'applied']);
  });

  it('still reports the whole diff already applied on the file after it', () => {
    const again = runReply(reply, (p) => (p === 'clamp.c' ? after : undefined));
    assert.deepEqual(again.receipt.files[0].edits.map((e) => e.status), ['alreadyApplied', 'alreadyApplied']);
    assert.equal(again.changes.length, 0);
  });
});
