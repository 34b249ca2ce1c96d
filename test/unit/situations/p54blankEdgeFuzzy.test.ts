import * as assert from 'node:assert/strict';
import { onTarget, writtenOnTarget } from '../helpers';
import { sortedList } from './situationHelpers';

/**
 * A SEARCH opening with a blank line whose other lines lost their indentation (Aider's test
 * `test_replace_part_with_missing_leading_whitespace_including_blank_line`, issue #25): found
 * fuzzily, the blank line was matched to the file's `"""` above the lines and read as a line the
 * edit deletes, refused as OUT_OF_DATE (p54/c 06). Stage: placement (`placeLines` in
 * src/core/place/replace.ts): a fuzzy match is retried without the search's blank edges, and a
 * stricter match of the rest is taken. Material: sortedcontainers 2.4.0 sortedlist.py,
 * SortedList.clear.
 */


function aiderBlock(search: readonly string[], replace: readonly string[]): string {
  return ['Use `list.clear()` in `SortedList.clear`:', '', 'sortedcontainers/sortedlist.py', '```', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```', ''].join('\n');
}

const oldBody = ['  self._len = 0', '  del self._lists[:]', '  del self._maxes[:]', '  del self._index[:]', '  self._offset = 0'];
const newBody = ['  self._len = 0', '  self._lists.clear()', '  self._maxes.clear()', '  self._index.clear()', '  self._offset = 0'];

describe('pasted replies: a SEARCH\'s blank first line is padding when the rest stands under a stricter rung (p54/c 06, Aider #25)', () => {
  it('a blank line over five lines quoted 2 spaces deep: the body is rewritten at the file\'s depth, the docstring kept', () => {
    const written = writtenOnTarget('sortedcontainers/sortedlist.py', sortedList, aiderBlock(['', ...oldBody], newBody));
    assert.equal(written, sortedList.replace(/del self\.(_\w+)\[:\]/g, 'self.$1.clear()'));
  });

  it('a stale line among them still is not read past: the match stays fuzzy and the edit is refused', () => {
    const stale = oldBody.map((line) => line.replace('_maxes', '_maximums'));
    const result = onTarget('sortedcontainers/sortedlist.py', sortedList, aiderBlock(['', ...stale], newBody));
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['OUT_OF_DATE']);
  });
});
