import * as assert from 'node:assert/strict';
import { TextPlan, type TextEdit } from '../../../src/core/plan';
import { FileIndex } from '../../../src/core/locate/fileIndex';
import { EditedText } from '../../../src/core/text/editedText';
import { splitFileText, type FileText } from '../../../src/core/text/fileText';
import { random } from '../helpers';

/** Every accessor of `file` against `splitFileText` of the text it stands for. */
function assertReadsAs(file: FileText, raw: string, label: string): void {
  const split = splitFileText(raw);
  assert.equal(file.lineCount, split.lineCount, `${label}: lineCount`);
  for (let i = 0; i < split.lineCount; i++) {
    assert.equal(file.line(i), split.line(i), `${label}: line ${i}`);
    assert.equal(file.offset(i), split.offset(i), `${label}: offset ${i}`);
    assert.equal(file.lineEnd(i), split.lineEnd(i), `${label}: lineEnd ${i}`);
    assert.equal(file.eolLength(i), split.eolLength(i), `${label}: eolLength ${i}`);
  }
  assert.equal(file.offset(split.lineCount), raw.length, `${label}: end offset`);
  assert.deepEqual([file.bom, file.eol, file.finalNewline, file.hasCrlf], [split.bom, split.eol, split.finalNewline, split.hasCrlf], `${label}: conventions`);
  assert.equal(file.raw, raw, `${label}: raw`);
  assert.deepEqual(file.lines, split.lines, `${label}: lines`);
  assert.deepEqual(file.eols, split.eols, `${label}: eols`);
  assert.deepEqual(Array.from(file.offsets), Array.from(split.offsets), `${label}: offsets`);
}

/** The edited text's index against an index of the text split afresh: what it tells of lines and of the file. */
function assertIndexedAs(file: FileText, raw: string, label: string): void {
  const edited = new FileIndex(file);
  const fresh = new FileIndex(splitFileText(raw));
  assert.deepEqual([edited.blanksIndented, edited.indentUnit, edited.contentEnd], [fresh.blanksIndented, fresh.indentUnit, fresh.contentEnd], `${label}: file properties`);
  for (let i = 0; i < fresh.lineCount; i++) {
    const line = fresh.line(i);
    assert.equal(edited.countExact(line), fresh.countExact(line), `${label}: exact count of line ${i}`);
    assert.deepEqual(edited.linesExact(line), fresh.linesExact(line), `${label}: exact lines like ${i}`);
    assert.equal(edited.countLike(line), fresh.countLike(line), `${label}: skeleton count of line ${i}`);
    assert.deepEqual(edited.linesLike(line), fresh.linesLike(line), `${label}: skeleton lines like ${i}`);
    assert.equal(edited.lineUnder('fold', i), fresh.lineUnder('fold', i), `${label}: folded line ${i}`);
    assert.equal(edited.lineIs(i, line), true);
  }
}

/** Up to `count` random non-overlapping edits of `raw` after its BOM, in order, inserting and removing newlines too. */
function randomEdits(rand: () => number, raw: string, count: number): TextEdit[] {
  const first = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  const pieces = ['', 'x', '\n', 'ab\n', '\r\n', '\r', 'new line\nand another\n', 'tail'];
  const points = Array.from({ length: 2 * count }, () => first + Math.floor(rand() * (raw.length - first + 1))).sort((a, b) => a - b);
  const edits: TextEdit[] = [];
  for (let k = 0; k + 1 < points.length; k += 2) {
    if (rand() < 0.3) edits.push({ start: points[k], end: points[k], text: pieces[Math.floor(rand() * pieces.length)] });
    else edits.push({ start: points[k], end: points[k + 1], text: pieces[Math.floor(rand() * pieces.length)] });
  }
  return edits;
}

describe('EditedText', () => {
  it('reads line by line as the edited text split afresh, through rounds of edits on edits', () => {
    const rand = random(17);
    const lineTexts = ['', 'a', 'bb', '  c', 'x\r', 'line'];
    const endings = ['\n', '\r\n'];
    for (let c = 0; c < 600; c++) {
      let raw = c % 4 === 0 ? '\ufeff' : '';
      const count = Math.floor(rand() * 12);
      for (let i = 0; i < count; i++) raw += lineTexts[Math.floor(rand() * lineTexts.length)] + (i === count - 1 && rand() < 0.3 ? '' : endings[Math.floor(rand() * 2)]);
      let file: FileText = splitFileText(raw);
      for (let round = 0; round < 4; round++) {
        const edits = randomEdits(rand, raw, 1 + Math.floor(rand() * 4));
        const plan = new TextPlan(edits);
        const next = EditedText.of(file, plan.edits);
        assert.ok(next, `case ${c}, round ${round}: edits after the BOM are composed`);
        raw = plan.apply(raw);
        assertReadsAs(next, raw, `case ${c}, round ${round}, ${JSON.stringify(raw)}`);
        assertIndexedAs(next, raw, `case ${c}, round ${round}, ${JSON.stringify(raw)}`);
        file = next;
      }
    }
  });

  it('keeps what the first 2,000 lines of a big file say (blank-line style, indent unit) through edits above and below them', () => {
    const rand = random(29);
    for (let c = 0; c < 60; c++) {
      // Blank lines of both kinds, lines at depths of 2 or 3 spaces, tab-indented lines, block-comment lines.
      const depth = c % 2 ? 2 : 3;
      const lines = Array.from({ length: 2500 + Math.floor(rand() * 1000) }, (_, i) => {
        const roll = rand();
        if (roll < 0.1) return rand() < 0.5 ? '' : '    ';
        if (roll < (c % 3 === 0 ? 0.55 : 0.15)) return '\tline';
        if (roll < 0.2) return ' * comment';
        return ' '.repeat(depth * (i % 4)) + `line ${i}`;
      });
      let raw = lines.join('\n') + '\n';
      let file: FileText = splitFileText(raw);
      for (let round = 0; round < 4; round++) {
        // Mostly blank lines written or removed, around line 2,000 and anywhere.
        const written = ['\n\n', '  \n', '\tx\n', '      y\n', ' * z\n'];
        const edits = randomEdits(rand, raw, 3).map((edit) => ({ ...edit, text: written[Math.floor(rand() * written.length)] }));
        const plan = new TextPlan(edits);
        file = EditedText.of(file, plan.edits)!;
        raw = plan.apply(raw);
        const edited = new FileIndex(file);
        const fresh = new FileIndex(splitFileText(raw));
        assert.deepEqual([edited.blanksIndented, edited.indentUnit, edited.contentEnd, edited.lineCount], [fresh.blanksIndented, fresh.indentUnit, fresh.contentEnd, fresh.lineCount], `case ${c}, round ${round}`);
      }
    }
  });

  it('leaves edits that reach into the BOM or past the end to the caller', () => {
    const file = splitFileText('\ufeffa\nb\n');
    assert.equal(EditedText.of(file, [{ start: 0, end: 1, text: '' }]), undefined);
    assert.equal(EditedText.of(file, [{ start: 4, end: 9, text: 'x' }]), undefined);
    assert.ok(EditedText.of(file, [{ start: 1, end: 1, text: 'x' }]));
  });
});
