import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import type { ReplaceLinesOp } from '../../../src/core/ir';
import { parseReply } from '../../../src/core/parse/registry';
import { proposed } from '../helpers';

const file = ['def area(w, h):', '    return w * h', '', 'def perimeter(w, h):', '    return 2 * (w + h)', ''].join('\n');

describe("SWE-agent's edit N:M … end_of_edit", () => {
  it('reads the command, fenced or bare, for the file an open line of the reply names or the target file', () => {
    const r = parseReply(['DISCUSSION', 'Fix it.', '```', 'edit 2:2', '    return abs(w * h)', 'end_of_edit', '```'].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceLinesOp;
    assert.deepEqual([op.kind, op.path, op.firstLine, op.lastLine, op.text], ['replaceLines', undefined, 2, 2, '    return abs(w * h)\n']);
    const opened = parseReply(['open "src/shapes.py" 12', 'edit 4:5', 'x', 'end_of_edit'].join('\n'));
    assert.equal((opened.ops[0] as ReplaceLinesOp).path, 'src/shapes.py');
    const cut = parseReply(['edit 1:1', 'y', 'end_of_edit', 'edit 4:5', 'x'].join('\n'));
    assert.deepEqual([cut.ops.length, cut.problems.map((p) => p.code)], [1, ['INCOMPLETE_BLOCK']]);
  });

  it('replaces the lines when they resemble the new text, counted on the file as earlier edits left it; refuses numbers that are not this file\'s', () => {
    const read = (p: string) => (p === 'shapes.py' ? file : undefined);
    const one = runReply(['edit 2:2', '    return abs(w * h)', 'end_of_edit'].join('\n'), read, { hintPath: 'shapes.py' });
    assert.equal(proposed(one, 'shapes.py'), file.replace('    return w * h', '    return abs(w * h)'));
    // The second command counts lines after the first one added two.
    const two = runReply(['edit 1:2', '"""Shapes."""', '', 'def area(w, h):', '    return w * h', 'end_of_edit', 'edit 7:7', '    return 2 * abs(w + h)', 'end_of_edit'].join('\n'), read, { hintPath: 'shapes.py' });
    assert.equal(proposed(two, 'shapes.py'), '"""Shapes."""\n\n' + file.replace('2 * (w + h)', '2 * abs(w + h)'));
    for (const wrong of [['edit 4:4', '    return 2 * abs(w + h)', 'end_of_edit'], ['edit 9:10', 'x = 1', 'end_of_edit']]) {
      const refused = runReply(wrong.join('\n'), read, { hintPath: 'shapes.py' });
      assert.equal(refused.changes.length, 0, wrong[0]);
      assert.equal(refused.receipt.errors[0]?.code, 'NO_MATCH', wrong[0]);
    }
  });
});
