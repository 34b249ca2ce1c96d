import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { leftOutLinesMatcher } from '../../../src/core/locate/leftOutLines';
import { FileIndex } from '../../../src/core/locate/fileIndex';
import { locate } from '../../../src/core/locate/ladder';
import type { Needle, SearchScope } from '../../../src/core/locate/matcher';
import { splitFileText } from '../../../src/core/text/fileText';
import { runReply } from '../../../src/core/index';

/** CPython's bisect.py (3.13), as the fixtures hold it: two blank lines between its functions. */
const bisect = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', '142-sr-blank-lines-one-for-two', 'before', 'bisect.py'), 'utf8');
const needle = (lines: string[]): Needle => ({ lines, elisions: new Set() });
const scope = (file: string): SearchScope => ({ from: 0, to: splitFileText(file).lineCount, fuzzyThreshold: 0.85 });
const find = (file: string, lines: string[]) => leftOutLinesMatcher.find(new FileIndex(splitFileText(file)), needle(lines), scope(file));

describe('left-out-lines rung', () => {
  it('finds a search text whose blank lines are fewer than the file\'s, and aligns each line', () => {
    const matches = find(bisect, ['    a.insert(lo, x)', '', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']);
    assert.equal(matches.length, 1);
    const [match] = matches;
    assert.deepEqual([match.start, match.end, match.strategy], [17, 21, 'leftOutLines']);
    // The text lines at their file lines; the one blank line at the first of the file's two.
    assert.deepEqual(match.alignment, [17, 18, 20]);
  });

  it('finds one with a blank line the file lacks, and one with none where the file has some', () => {
    const extra = find(bisect, ['    if key is None:', '', '        lo = bisect_right(a, x, lo, hi)']);
    assert.deepEqual(extra.map((m) => [m.start, m.end, m.alignment]), [[13, 15, [13, undefined, 14]]]);
    const none = find(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']);
    assert.deepEqual(none.map((m) => [m.start, m.end]), [[17, 21]]);
  });

  it('never skips a line with text, and leaves a place whose blank runs all match to the earlier rungs', () => {
    // `def insort_right` and `def bisect_right` have insort_right's body between them.
    assert.deepEqual(find(bisect, ['def insort_right(a, x, lo=0, hi=None, *, key=None):', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']).length, 0);
    assert.deepEqual(find(bisect, ['    a.insert(lo, x)', '', '', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']), []);
    // The exact rung places it.
    const exact = locate(new FileIndex(splitFileText(bisect)), needle(['    a.insert(lo, x)', '', '', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']), { expectedCount: 1, fuzzyThreshold: 0.85 });
    assert.equal(exact.kind === 'found' && exact.matches[0].strategy, 'exact');
  });

  it('passes over comment lines the search text left out (`//`, `# `), never over code (`#include`)', () => {
    const ts = 'function total(items) {\n  let sum = 0;\n  // skip what is out of stock\n  for (const item of items) {\n    sum += item.price;\n  }\n  return sum;\n}\n';
    assert.deepEqual(find(ts, ['  let sum = 0;', '  for (const item of items) {']).map((m) => [m.start, m.end]), [[1, 4]]);
    const py = 'def f(x):\n    y = x + 1\n    # one more\n\n    return y\n';
    assert.deepEqual(find(py, ['    y = x + 1', '    return y']).map((m) => [m.start, m.end]), [[1, 5]]);
    const c = '#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  return 0;\n}\n';
    assert.deepEqual(find(c, ['#include <stdio.h>', 'int main(void) {']), []);
  });

  it('passes over one line of code in a search text of four lines with text or more, never two, never in a shorter one', () => {
    const py = 'def wait(fs):\n    """Wait."""\n    with lock(fs):\n        done = set(fs)\n        not_done = set()\n        return done, not_done\n';
    const skipped = find(py, ['def wait(fs):', '    """Wait."""', '        done = set(fs)', '        not_done = set()', '        return done, not_done']);
    assert.deepEqual(skipped.map((m) => [m.start, m.end, m.alignment]), [[0, 6, [0, 1, 3, 4, 5]]]);
    assert.deepEqual(find(py, ['def wait(fs):', '    """Wait."""', '        not_done = set()', '        return done, not_done']), [], 'two lines of code');
    assert.deepEqual(find(py, ['    """Wait."""', '        done = set(fs)', '        not_done = set()']), [], 'three lines with text');
  });

  it('counts only lines with a word among the four: closing braces say nothing of which code they close', () => {
    // mobx's computedannotation.ts: a quote of another file's `make_` leaves out `this: Annotation,`.
    const ts = '        return true\n    }\n}\n\nfunction make_(\n    this: Annotation,\n    adm: ObservableObjectAdministration,\n    key: PropertyKey,\n) {\n';
    assert.deepEqual(find(ts, ['    }', '}', '', 'function make_(', '    adm: ObservableObjectAdministration,', '    key: PropertyKey,']), []);
    // With a fourth line with text, the line of code is passed over.
    const placed = find(ts, ['        return true', '    }', '}', '', 'function make_(', '    adm: ObservableObjectAdministration,', '    key: PropertyKey,']);
    assert.deepEqual(placed.map((m) => [m.start, m.end]), [[0, 8]]);
  });

  it('asks the file for the blank lines at the search text\'s edges', () => {
    // A blank line above `def insort_right` stands in the file; three do not.
    assert.equal(find(bisect, ['', 'def insort_right(a, x, lo=0, hi=None, *, key=None):', '    """Insert item x in list a, and keep it sorted assuming a is sorted.', '    If x is already in a, insert it to the right of the rightmost x.']).length, 1);
    assert.equal(find(bisect, ['', '', '', 'def insort_right(a, x, lo=0, hi=None, *, key=None):', '    """Insert item x in list a, and keep it sorted assuming a is sorted.', '    If x is already in a, insert it to the right of the rightmost x.']).length, 0);
  });

  it('returns every place that fits (a search text that fits two is ambiguous), and none for a line alone', () => {
    const twice = 'def f():\n    return 1\n\n\ndef g():\n    pass\n\ndef f():\n    return 1\n\ndef g():\n    pass\n';
    assert.equal(find(twice, ['    return 1', 'def g():']).length, 2);
    const reply = 'a.py\n```\n<<<<<<< SEARCH\n    return 1\ndef g():\n=======\n    return 2\ndef g():\n>>>>>>> REPLACE\n```\n';
    const result = runReply(reply, (p) => (p === 'a.py' ? twice : undefined));
    assert.equal(result.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(result.receipt.errors[0]?.message ?? '', /matches 2 places .* leftOutLines rung/);
    assert.deepEqual(find(bisect, ['', '    a.insert(lo, x)', '']), []);
  });
});

describe('left-out-lines rung: the edit given the file\'s lines', () => {
  const written = (file: string, search: string[], replace: string[]) => {
    const reply = ['mod.py', '```python', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```', ''].join('\n');
    const result = runReply(reply, (p) => (p === 'mod.py' ? file : undefined));
    return result.receipt.ok ? { text: result.changes[0]?.newText, strategy: result.receipt.files[0]?.edits[0]?.strategy } : { error: result.receipt.errors[0]?.message };
  };

  it('keeps the file\'s blank lines next to a line the edit keeps when it rewrites the other line for line', () => {
    const got = written(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):']);
    assert.equal(got.strategy, 'leftOutLines');
    assert.equal(got.text, bisect.replace('def bisect_right(a, x, lo=0, hi=None, *, key=None):', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):'));
  });

  it('puts them between the new lines of two lines rewritten line for line', () => {
    const got = written(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)  # done', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):']);
    assert.equal(got.text, bisect.replace('    a.insert(lo, x)\n\n\ndef bisect_right(a, x, lo=0, hi=None, *, key=None):', '    a.insert(lo, x)  # done\n\n\ndef bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):'));
  });

  it('puts them before a rewrite of the next line that starts with that line edited, and keeps a run between two edited lines', () => {
    const longer = written(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):', '    """Strict: equal items are not skipped."""']);
    assert.equal(longer.text, bisect.replace('def bisect_right(a, x, lo=0, hi=None, *, key=None):', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):\n    """Strict: equal items are not skipped."""'));
    const run = written(bisect, ['    a.insert(lo, x)', '', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', '', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):']);
    assert.equal(run.text, bisect.replace('def bisect_right(a, x, lo=0, hi=None, *, key=None):', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):'));
    // A new line first: it may belong above the blank lines as well as below them.
    const newFirst = written(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', 'STRICT = False', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=STRICT):']);
    assert.match(newFirst.error ?? '', /the search text has no line where the file has 2 blank lines, and the edit rewrites the lines next to them/);
  });

  it('keeps a comment the search text left out and the replacement writes again, once', () => {
    const file = 'function total(items) {\n  let sum = 0;\n  for (const item of items) {\n    // skip what is out of stock\n    if (item.stock === 0) continue;\n    sum += item.price;\n  }\n  return sum;\n}\n';
    const reply = ['total.js', '```js', '<<<<<<< SEARCH', '  for (const item of items) {', '    if (item.stock === 0) continue;', '    sum += item.price;', '=======', '  for (const item of items) {', '    // skip what is out of stock', '    if (item.stock === 0) continue;', '    sum += item.price * item.count;', '>>>>>>> REPLACE', '```', ''].join('\n');
    const result = runReply(reply, (p) => (p === 'total.js' ? file : undefined));
    assert.equal(result.changes[0]?.newText, file.replace('sum += item.price;', 'sum += item.price * item.count;'));
  });

  it('drops a blank line the search text has and the file does not, where the edit keeps it', () => {
    const got = written(bisect, ['    if key is None:', '', '        lo = bisect_right(a, x, lo, hi)', '    else:'], ['    if key is None:', '', '        lo = bisect_right(a, x, lo, hi)', '    elif key is ...:', '        pass', '    else:']);
    assert.equal(got.text, bisect.replace('        lo = bisect_right(a, x, lo, hi)\n    else:', '        lo = bisect_right(a, x, lo, hi)\n    elif key is ...:\n        pass\n    else:'));
  });

  it('keeps a line of code the search text left out where the edit keeps its neighbours, and refuses a rewrite that only keeps the count around it', () => {
    // CPython concurrent/futures/_base.py: `with _AcquireFutures(fs):` left out of the quote.
    const file = 'def wait(fs):\n    """Wait."""\n    with lock(fs):\n        done = set(f for f in fs)\n        not_done = set(fs) - done\n        return done, not_done\n';
    const search = ['    """Wait."""', '        done = set(f for f in fs)', '        not_done = set(fs) - done', '        return done, not_done'];
    const kept = written(file, search, search.map((line) => line.replace('return done, not_done', 'return (done, not_done)')));
    assert.equal(kept.text, file.replace('return done, not_done', 'return (done, not_done)'), kept.error);
    // A statement added under the docstring, another deleted below it: the rewrite keeps the
    // count, but whether `fs = set(fs)` goes above the `with` or under it is unknown.
    const rewritten = ['    """Wait."""', '    fs = set(fs)', '        done = {f for f in fs}', '        return done, fs - done'];
    assert.match(written(file, search, rewritten).error ?? '', /a line of code \(`with lock\(fs\):`, line 3\)/);
  });

  it('refuses a line of code left out beside a line the edit moves rather than rewrites (the old line still in the replacement)', () => {
    // immer's arrayMethods.ts: `if (markLength) …` moved into a new function, `markChanged(state)`
    // (left out of the quote) moved with it in the commit; kept in place, it stayed behind.
    const file = 'function run(state, operation, markLength) {\n  prepare(state)\n  const result = operation()\n  markChanged(state)\n  if (markLength) state.length = true\n  return result\n}\n';
    const search = ['  prepare(state)', '  const result = operation()', '  if (markLength) state.length = true', '  return result', '}'];
    const replace = ['  prepare(state)', '  const result = operation()', '  mark(state, markLength)', '  return result', '}', '', 'function mark(state, markLength) {', '  if (markLength) state.length = true', '}'];
    assert.match(written(file, search, replace).error ?? '', /a line of code \(`markChanged\(state\)`, line 4\)/);
    // Rewritten, the old line nowhere in the replacement: the line of code stays where it stood.
    const rewritten = ['  prepare(state)', '  const result = operation()', '  state.length = markLength', '  return result', '}'];
    assert.equal(written(file, search, rewritten).text, file.replace('  if (markLength) state.length = true', '  state.length = markLength'));
  });

  it('writes new lines set off by blank lines on both sides between two kept lines whose blank line the search text dropped (kubernetes reflector.go)', () => {
    // client-go tools/cache/reflector.go @2b02db1, ListAndWatch, verbatim; the REPLACE is the
    // upstream change that logs "Caches populated", the SEARCH has lost the blank line before
    // `resyncerrc`.
    const reflector = ['\tif fallbackToList {', '\t\terr = r.list(stopCh)', '\t\tif err != nil {', '\t\t\treturn err', '\t\t}', '\t}', '', '\tresyncerrc := make(chan error, 1)', '\tcancelCh := make(chan struct{})', ''].join('\n');
    const search = ['\tif fallbackToList {', '\t\terr = r.list(stopCh)', '\t\tif err != nil {', '\t\t\treturn err', '\t\t}', '\t}', '\tresyncerrc := make(chan error, 1)'];
    const logged = '\tklog.V(2).Infof("Caches populated for %v from %s", r.typeDescription, r.name)';
    const replace = [...search.slice(0, 6), '', logged, '', search[6]];
    const path = 'staging/src/k8s.io/client-go/tools/cache/reflector.go';
    const reply = [path, '```go', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```', ''].join('\n');
    const result = runReply(reply, (p) => (p === path ? reflector : undefined));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0]?.newText, reflector.replace('\t}\n\n\tresyncerrc', `\t}\n\n${logged}\n\n\tresyncerrc`));
    // Set off on one side only, the file's blank line may belong on either: still refused.
    const oneSide = written(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', '', '', '    return None', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']);
    assert.match(oneSide.error ?? '', /writes lines between them/);
  });

  it('refuses where the count the edit means is unknown: it changes the run, adds a blank line of its own, or rewrites a neighbour as more lines', () => {
    const changesRun = written(bisect, ['    a.insert(lo, x)', '', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']);
    assert.match(changesRun.error ?? '', /the search text has a blank line where the file has 2 blank lines, and the edit changes the lines around them/);
    const ownBlank = written(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', '', 'def bisect_right(a, x, lo=0, hi=None, *, key=None, strict=False):']);
    assert.match(ownBlank.error ?? '', /rewrites the lines next to them as a block of another length/);
    const longer = written(bisect, ['    a.insert(lo, x)', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):'], ['    a.insert(lo, x)', '    return None', 'def bisect_right(a, x, lo=0, hi=None, *, key=None):']);
    assert.match(longer.error ?? '', /writes lines between them/);
  });
});
