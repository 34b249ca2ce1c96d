import * as assert from 'node:assert/strict';
import { FileIndex } from '../../../src/core/locate/fileIndex';
import { hunkContextRefusal } from '../../../src/core/locate/hunkContext';
import { straightAlignment, type LineMatch } from '../../../src/core/locate/matcher';
import { splitFileText } from '../../../src/core/text/fileText';

const index = (lines: string[]) => new FileIndex(splitFileText(lines.join('\n') + '\n'));
const fuzzy = (start: number, count: number): LineMatch => ({ start, end: start + count, score: 0.9, strategy: 'fuzzy', alignment: straightAlignment(start, count) });
const needle = (lines: string[]) => ({ lines, elisions: new Set<number>() });

describe('locate/hunkContext: git\'s rule for a loose match of a hunk', () => {
  const file = index(['alpha()', 'beta()', 'gamma()', 'delta()', 'epsilon()', 'zeta()', 'eta()', 'theta()']);

  it('lets exact and whitespace-level matches through untouched', () => {
    assert.equal(hunkContextRefusal(file, needle(['alpha()', 'beta()']), ['alpha()', 'BETA()'], { ...fuzzy(0, 2), strategy: 'exact' }), undefined);
  });

  it('refuses a removed line the file does not have', () => {
    assert.match(hunkContextRefusal(file, needle(['alpha()', 'beta', 'gamma()']), ['alpha()', 'BETA()', 'gamma()'], fuzzy(0, 3))!, /removes "beta"/);
  });

  it('refuses a missing context line next to an insertion', () => {
    assert.match(hunkContextRefusal(file, needle(['alpha()', 'beta()', 'gamma2()', 'delta()']), ['alpha()', 'beta()', 'new()', 'gamma2()', 'delta()'], fuzzy(0, 4))!, /next to the change/);
  });

  it('tolerates one missing line away from the change in 4+ context lines, none in fewer', () => {
    const long = needle(['alpha0()', 'beta()', 'gamma()', 'delta()', 'epsilon()', 'zeta()']);
    assert.equal(hunkContextRefusal(file, long, ['alpha0()', 'beta()', 'gamma()', 'DELTA()', 'epsilon()', 'zeta()'], fuzzy(0, 6)), undefined);
    const short = needle(['alpha0()', 'beta()', 'gamma()', 'delta()']);
    assert.match(hunkContextRefusal(file, short, ['alpha0()', 'beta()', 'gamma()', 'DELTA()'], fuzzy(0, 4))!, /context lines are not in the file/);
  });

  it('takes a long context line next to the change misremembered by a word for the file\'s, as one missing line', () => {
    const code = index(['def close(self):', '    self._source.close()', '    self._parser = None', '    self._closed = True', '    return self._result']);
    // `_parserX` stands right above the inserted line.
    const quoted = ['def close(self):', '    self._source.close()', '    self._parserX = None', '    self._closed = True', '    return self._result'];
    const replacement = ['def close(self):', '    self._source.close()', '    self._parserX = None', '    self._flushed = True', '    self._closed = True', '    return self._result'];
    assert.equal(hunkContextRefusal(code, needle(quoted), replacement, fuzzy(0, 5)), undefined);
    // Two such lines in 5 context lines are more than the one tolerated.
    const twice = quoted.map((line) => line.replace('_source', '_sourceX'));
    const inserted = replacement.map((line) => line.replace('_source', '_sourceX'));
    assert.match(hunkContextRefusal(code, needle(twice), inserted, fuzzy(0, 5))!, /2 of the hunk's 5 context lines/);
    // A short one of other words is another line (tr-07: `chill` quoted where the file has `cool`).
    const steps = index(['mix', 'bake', 'cool', 'serve']);
    assert.match(hunkContextRefusal(steps, needle(['mix', 'bake', 'chill', 'serve']), ['mix', 'bake', 'rest', 'chill', 'serve'], fuzzy(0, 4))!, /next to the change/);
  });
});
