import * as assert from 'node:assert/strict';
import { splitFileText, lfView, looksBinary, toLines } from '../../../src/core/text/fileText';
import { lineEdit, charEdit, newlinesBefore, TextPlan } from '../../../src/core/plan';

describe('fileText', () => {
  it('keeps every line ending, the BOM and a missing final newline', () => {
    const raw = '\ufeffa\r\nb\nc';
    const file = splitFileText(raw);
    assert.deepEqual(file.lines, ['a', 'b', 'c']);
    assert.deepEqual(file.eols, ['\r\n', '\n', '']);
    assert.equal(file.bom, true);
    assert.equal(file.finalNewline, false);
    assert.equal(lfView(file), 'a\nb\nc');
    assert.equal(file.offsets[0], 1);
    assert.equal(file.offsets[3], raw.length);
  });

  it('picks CRLF for new lines only when most lines use it', () => {
    assert.equal(splitFileText('a\r\nb\r\nc\n').eol, '\r\n');
    assert.equal(splitFileText('a\r\nb\nc\n').eol, '\n');
  });

  it('treats an empty text as no lines, and a final newline as no extra line', () => {
    assert.deepEqual(splitFileText('').lines, []);
    assert.deepEqual(toLines('x\ny\n'), ['x', 'y']);
    assert.deepEqual(toLines(''), []);
  });

  it('splits every mix of LF, CRLF, lone CR, BOM and final newline so that the parts rebuild the text', () => {
    const pieces = ['a', '', '\r', '\n', '\r\n', ' x\r', '\ufeff'];
    let state = 11;
    for (let n = 0; n < 2000; n++) {
      let raw = n % 3 === 0 ? '\ufeff' : '';
      for (let k = n % 9; k > 0; k--) {
        state = (state * 1103515245 + 12345) & 0x7fffffff;
        raw += pieces[state % pieces.length];
      }
      const file = splitFileText(raw);
      const rebuilt = (file.bom ? '\ufeff' : '') + file.lines.map((line, i) => line + file.eols[i]).join('');
      assert.equal(rebuilt, raw, JSON.stringify(raw));
      file.lines.forEach((line, i) => assert.equal(raw.slice(file.offsets[i], file.offsets[i] + line.length), line));
      assert.equal(file.offsets[file.lines.length], raw.length);
      assert.ok(file.lines.every((line, i) => !line.includes('\n') && (file.eols[i] === '' ? i === file.lines.length - 1 : true)));
      assert.equal(file.finalNewline, file.lines.length > 0 && file.eols[file.lines.length - 1] !== '');
      const crlf = file.eols.filter((e) => e === '\r\n').length;
      assert.equal(file.eol, crlf > file.eols.filter((e) => e === '\n').length ? '\r\n' : '\n');
    }
  });

  it('reads single lines, their ends and terminators without building the arrays, as the arrays have them', () => {
    const pieces = ['a', '', '\r', '\n', '\r\n', ' x\r', '\ufeff'];
    let state = 5;
    for (let n = 0; n < 2000; n++) {
      let raw = n % 3 === 0 ? '\ufeff' : '';
      for (let k = n % 9; k > 0; k--) {
        state = (state * 1103515245 + 12345) & 0x7fffffff;
        raw += pieces[state % pieces.length];
      }
      const lazy = splitFileText(raw);
      const built = splitFileText(raw);
      const lines = built.lines;
      const eols = built.eols;
      assert.equal(lazy.lineCount, lines.length, JSON.stringify(raw));
      assert.equal(lazy.hasCrlf, eols.includes('\r\n'));
      for (let i = 0; i < lines.length; i++) {
        assert.equal(lazy.line(i), lines[i], JSON.stringify(raw));
        assert.equal(lazy.eolLength(i), eols[i].length);
        assert.equal(lazy.lineEnd(i), lazy.offsets[i] + lines[i].length);
      }
      // Every offset of the LF view: the newlines before it, as a count from the start finds them.
      const lf = lfView(lazy);
      for (let offset = 0; offset <= lf.length; offset++) assert.equal(newlinesBefore(lazy, offset), lf.slice(0, offset).split('\n').length - 1, `${JSON.stringify(raw)} at ${offset}`);
    }
  });

  it('spots binary text by a NUL character', () => {
    assert.equal(looksBinary('abc\u0000def'), true);
    assert.equal(looksBinary('plain text'), false);
  });
});

describe('plan', () => {
  it('replaces lines in the file conventions: CRLF kept, no final newline kept', () => {
    const file = splitFileText('one\r\ntwo\r\nthree');
    const edit = lineEdit(file, 2, 3, ['THREE', 'FOUR']);
    assert.equal(new TextPlan([edit]).apply(file.raw), 'one\r\ntwo\r\nTHREE\r\nFOUR');
  });

  it('deletes the last lines of a file without a final newline without leaving a dangling newline', () => {
    const file = splitFileText('a\nb\nc');
    assert.equal(new TextPlan([lineEdit(file, 2, 3, [])]).apply(file.raw), 'a\nb');
  });

  it('inserts after a last line that has no newline', () => {
    const file = splitFileText('a\nb');
    assert.equal(new TextPlan([lineEdit(file, 2, 2, ['c'])]).apply(file.raw), 'a\nb\nc');
  });

  it('maps character edits on the LF view back to raw offsets (BOM and CRLF)', () => {
    const file = splitFileText('\ufeffx = 1\r\ny = 2\r\n');
    const at = lfView(file).indexOf('y = 2');
    const edit = charEdit(file, at, at + 5, 'y = 3\nz = 4');
    assert.equal(new TextPlan([edit]).apply(file.raw), '\ufeffx = 1\r\ny = 3\r\nz = 4\r\n');
  });

  it('refuses overlapping edits when constructed', () => {
    assert.throws(() => new TextPlan([{ start: 0, end: 5, text: '' }, { start: 3, end: 6, text: '' }]), /overlap/);
  });

  it('applies sorted edits whatever order they were given in', () => {
    const plan = new TextPlan([{ start: 4, end: 5, text: 'E' }, { start: 0, end: 1, text: 'A' }]);
    assert.equal(plan.apply('abcde'), 'AbcdE');
  });
});
