import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { FileIndex } from '../../../src/core/locate/fileIndex';
import { locate, type LocateRequest } from '../../../src/core/locate/ladder';
import type { Needle } from '../../../src/core/locate/matcher';
import { splitFileText } from '../../../src/core/text/fileText';

const inventory = `class Inventory:
    def __init__(self):
        self.items = {}

    def add(self, name, count=1):
        self.items[name] = self.items.get(name, 0) + count

    def remove(self, name, count=1):
        if self.items.get(name, 0) < count:
            raise ValueError("not enough " + name)
        self.items[name] -= count
`;

const needle = (text: string, elisions: number[] = []): Needle => ({ lines: text.split('\n'), elisions: new Set(elisions) });
const request = (extra: Partial<LocateRequest> = {}): LocateRequest => ({ expectedCount: 1, fuzzyThreshold: 0.85, ...extra });
const find = (file: string, n: Needle, extra: Partial<LocateRequest> = {}) => locate(new FileIndex(splitFileText(file)), n, request(extra));

function foundAt(outcome: ReturnType<typeof locate>): [number, number, string] {
  assert.equal(outcome.kind, 'found', JSON.stringify(outcome));
  if (outcome.kind !== 'found') throw new Error();
  return [outcome.matches[0].start, outcome.matches[0].end, outcome.matches[0].strategy];
}

describe('locate ladder', () => {
  it('rung 1: exact lines', () => {
    assert.deepEqual(foundAt(find(inventory, needle('    def add(self, name, count=1):'))), [4, 5, 'exact']);
  });

  it('rung 2: trailing whitespace in the search text', () => {
    assert.deepEqual(foundAt(find(inventory, needle('    def add(self, name, count=1):   \n        self.items[name] = self.items.get(name, 0) + count\t'))), [4, 6, 'trailingWhitespace']);
  });

  it('rung 3: the block quoted flush-left or with tabs keeps a uniform offset', () => {
    assert.deepEqual(foundAt(find(inventory, needle('def add(self, name, count=1):\n    self.items[name] = self.items.get(name, 0) + count'))), [4, 6, 'indentation']);
    assert.deepEqual(foundAt(find(inventory, needle('\tdef add(self, name, count=1):\n\t\tself.items[name] = self.items.get(name, 0) + count'))), [4, 6, 'indentation']);
  });

  it('rung 3 refuses a block whose lines shift by different amounts; rung 4 takes it', () => {
    const outcome = find(inventory, needle('def add(self, name, count=1):\nself.items[name] = self.items.get(name, 0) + count'));
    assert.deepEqual(foundAt(outcome), [4, 6, 'innerWhitespace']);
  });

  it('rung 4: whitespace inside lines, but never inside a word', () => {
    assert.deepEqual(foundAt(find(inventory, needle('    def add( self, name, count = 1 ):'))), [4, 5, 'innerWhitespace']);
    assert.equal(find(inventory, needle('    def a dd(self, name, count=1):')).kind, 'notFound');
  });

  it('rung 5: curly quotes and dashes folded', () => {
    const file = 'msg = "it\u2019s done \u2014 ok"\nprint(msg)\n';
    assert.deepEqual(foundAt(find(file, needle(`msg = "it's done - ok"`))), [0, 1, 'unicode']);
  });

  it('rung 6: an elision line stands for any run of lines', () => {
    const n = needle('    def __init__(self):\n...\n    def remove(self, name, count=1):', [1]);
    const outcome = find(inventory, n);
    assert.deepEqual(foundAt(outcome), [1, 8, 'elision']);
    if (outcome.kind === 'found') assert.deepEqual(outcome.matches[0].alignment[1], { from: 2, to: 7 });
  });

  it('rung 7: fuzzy takes one stale line among exact context', () => {
    const n = needle('    def remove(self, name, count=1):\n        if self.items.get(name, 0) <= count:\n            raise ValueError("not enough " + name)\n        self.items[name] -= count');
    const outcome = find(inventory, n);
    assert.deepEqual(foundAt(outcome), [7, 11, 'fuzzy']);
    if (outcome.kind === 'found') assert.ok(outcome.matches[0].score < 1 && outcome.matches[0].score >= 0.85);
  });

  it('rung 7 refuses a block whose lines are mostly not in the file', () => {
    const n = needle('    def remove(self, name, count=1):\n        data = fetch(name)\n        validate(data)\n        self.items[name] -= count');
    assert.equal(find(inventory, n).kind, 'notFound');
  });

  it('rung 7 never matches one or two lines fuzzily', () => {
    assert.equal(find(inventory, needle('    def add(self, nam, count=1):')).kind, 'notFound');
  });

  it('refuses two equal places and lists both', () => {
    const file = 'if a:\n    return 1\nif b:\n    return 1\n';
    const outcome = find(file, needle('    return 1'));
    assert.equal(outcome.kind, 'ambiguous');
    if (outcome.kind === 'ambiguous') assert.deepEqual(outcome.matches.map((m) => m.start), [1, 3]);
  });

  it('a close line hint settles ambiguity; a far one does not', () => {
    const file = 'if a:\n    return 1\n\n\n\n\n\n\n\n\n\n\nif b:\n    return 1\n';
    assert.deepEqual(foundAt(find(file, needle('    return 1'), { lineHint: 12 })), [13, 14, 'exact']);
    assert.equal(find(file, needle('    return 1'), { lineHint: 7 }).kind, 'ambiguous');
  });

  it('an @@ anchor picks the occurrence after it', () => {
    const file = 'def a():\n    return 1\n\ndef b():\n    return 1\n';
    assert.deepEqual(foundAt(find(file, needle('    return 1'), { anchors: ['def b():'] })), [4, 5, 'exact']);
  });

  it('an @@ anchor settles several places after it by the first, unless its own block holds two', () => {
    const file = 'def a():\n    x = 0\n    return 1\n\ndef b():\n    return 1\n\ndef c():\n    return 1\n    return 1\n';
    // In a's block once (b's and c's come after it): a's, the first.
    assert.deepEqual(foundAt(find(file, needle('    return 1'), { anchors: ['def a():'] })), [2, 3, 'exact']);
    // Right under the anchor: that one.
    assert.deepEqual(foundAt(find(file, needle('    return 1'), { anchors: ['def b():'] })), [5, 6, 'exact']);
    // Twice in c's block: the anchor does not say which (qs's tests under the suite's opening line).
    const twice = 'def c():\n    x = 0\n    return 1\n    return 1\n';
    assert.equal(find(twice, needle('    return 1'), { anchors: ['def c():'] }).kind, 'ambiguous');
    // A header over several lines (a class's type parameters) does not end the block at its `> {`.
    const generic = 'class Store<\n  T,\n> {\n  a() {\n    return 1\n  }\n  b() {\n    return 1\n  }\n}\n';
    assert.equal(find(generic, needle('    return 1'), { anchors: ['class Store<'] }).kind, 'ambiguous');
  });

  it('expectedCount: exact counts and all', () => {
    const file = 'x = 1\ny = 2\nx = 1\n';
    const all = find(file, needle('x = 1'), { expectedCount: 'all' });
    assert.equal(all.kind === 'found' && all.matches.length, 2);
    assert.equal(find(file, needle('x = 1'), { expectedCount: 2 }).kind, 'found');
    assert.equal(find(file, needle('x = 1'), { expectedCount: 3 }).kind, 'ambiguous');
  });

  it('atEndOfFile keeps only a match at the end', () => {
    const file = 'end\nmiddle\nend\n';
    assert.deepEqual(foundAt(find(file, needle('end'), { atEndOfFile: true })), [2, 3, 'exact']);
  });

  it('never places a blank search text', () => {
    assert.equal(find(inventory, needle('\n   \n')).kind, 'notFound');
  });
});

describe('locate ladder: a fuzzy tie and a line number', () => {
  // Two methods sharing a block (as matplotlib's hlines and vlines do), each followed by a line
  // the other has otherwise.
  const axes = [
    '    def hlines(self, y, xmin, xmax):',
    '        lines = LineCollection(masked_verts, colors=colors,',
    '                               linestyles=linestyles, label=label)',
    '        self.add_collection(lines, autolim=False)',
    '        lines.update(kwargs)',
    '',
    '        if len(y) > 0:',
    '            # Extreme values of xmin/xmax/y.',
    '            self.update_datalim(corners)',
    '        return lines',
    '',
    '    def vlines(self, x, ymin, ymax):',
    '        lines = LineCollection(masked_verts, colors=colors,',
    '                               linestyles=linestyles, label=label)',
    '        self.add_collection(lines, autolim=False)',
    '        lines.update(kwargs)',
    '',
    '        if len(x) > 0:',
    '            # Extreme values of x/ymin/ymax.',
    '            self.update_datalim(corners)',
    '        return lines',
    '',
  ].join('\n');
  // vlines' block quoted with hlines' `len(y)`: each place differs from it in one line.
  const needle: Needle = { lines: ['                               linestyles=linestyles, label=label)', '        self.add_collection(lines, autolim=False)', '        lines.update(kwargs)', '', '        if len(y) > 0:', '            # Extreme values of x/ymin/ymax.'], elisions: new Set() };

  it('does not let a line number choose between places the search text only resembles', () => {
    const index = new FileIndex(splitFileText(axes));
    for (const lineHint of [2, 13]) {
      const outcome = locate(index, needle, { expectedCount: 1, fuzzyThreshold: 0.8, lineHint });
      assert.equal(outcome.kind, 'ambiguous', `hint ${lineHint}`);
    }
    // Quoted exactly, a block that stands twice is placed by the number.
    const exact: Needle = { lines: needle.lines.slice(0, 4), elisions: new Set() };
    const placed = locate(index, exact, { expectedCount: 1, fuzzyThreshold: 0.8, lineHint: 13 });
    assert.equal(placed.kind === 'found' ? placed.matches[0].start : -1, 13);
  });
});

describe('locate ladder: a diff hunk\'s section heading', () => {
  const colors = [
    'class LinearSegmentedColormap(Colormap):',
    '    def resampled(self, lutsize):',
    '        new_cmap = LinearSegmentedColormap(self.name, self._segmentdata, lutsize)',
    '        new_cmap._rgba_over = self._rgba_over',
    '        new_cmap._rgba_under = self._rgba_under',
    '        new_cmap._rgba_bad = self._rgba_bad',
    '        return new_cmap',
    '',
    '',
    'class ListedColormap(Colormap):',
    '    def resampled(self, lutsize):',
    '        colors = self(np.linspace(0, 1, lutsize))',
    '        new_cmap = ListedColormap(colors, name=self.name)',
    '        new_cmap._rgba_over = self._rgba_over',
    '        new_cmap._rgba_under = self._rgba_under',
    '        new_cmap._rgba_bad = self._rgba_bad',
    '        return new_cmap',
    '',
  ].join('\n');
  const hunk = (start: number, heading: string) =>
    `--- a/colors.py\n+++ b/colors.py\n@@ -${start},3 +${start},3 @@ ${heading}\n         new_cmap._rgba_over = self._rgba_over\n-        new_cmap._rgba_under = self._rgba_under\n+        new_cmap._rgba_under = self._rgba_under.copy()\n         new_cmap._rgba_bad = self._rgba_bad\n`;
  const run = (reply: string) => runReply(reply, (p) => (p === 'colors.py' ? colors : undefined));
  const second = colors.split('\n').map((line, i) => (i === 14 ? line + '.copy()' : line)).join('\n');

  it('places a hunk of lines two classes share in the class its heading names when the number points into the other', () => {
    assert.equal(run(hunk(4, 'class ListedColormap(Colormap):')).changes[0]?.newText, second);
    // The number and the heading agree: as before.
    assert.equal(run(hunk(14, 'class ListedColormap(Colormap):')).changes[0]?.newText, second);
  });

  it('keeps to the number where the heading stands above its place too, and ignores a heading the file does not have', () => {
    // git's heading is the nearest such line above, not always the block holding the hunk.
    const first = colors.split('\n').map((line, i) => (i === 4 ? line + '.copy()' : line)).join('\n');
    assert.equal(run(hunk(4, 'class LinearSegmentedColormap(Colormap):')).changes[0]?.newText, first);
    assert.equal(run(hunk(4, 'def made_up_function():')).changes[0]?.newText, first);
  });
});

describe('locate ladder: a diff hunk\'s heading far above', () => {
  it('places a hunk whose heading stands hundreds of kilobytes above it, as git finds it in a long file', () => {
    const filler = Array.from({ length: 6000 }, (_, i) => `    var value${i} = compute(${i}, "a line long enough to fill the file");`);
    const file = ['merge(Compressor.prototype, {', ...filler, '    function drop(node) {', '        return node.left;', '    }', '});', ''].join('\n');
    assert.ok(file.length > 300_000);
    const reply = '--- a/compress.js\n+++ b/compress.js\n@@ -6002,3 +6002,3 @@ merge(Compressor.prototype, {\n     function drop(node) {\n-        return node.left;\n+        return node.right;\n     }\n';
    const planned = runReply(reply, (p) => (p === 'compress.js' ? file : undefined));
    assert.equal(planned.changes[0]?.newText, file.replace('return node.left;', 'return node.right;'));
  });
});
