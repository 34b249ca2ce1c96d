import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

describe('place/replaceChars: a text edit that would split a line', () => {
  const copyPy = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', '162-toolcall-old-text-ends-mid-line-new-lines-after-refused', 'before', 'copy.py'), 'utf8');
  const call = (old: string, replacement: string) => '```json\n' + JSON.stringify({ file_path: 'copy.py', old_string: old, new_string: replacement }) + '\n```\n';
  const run = (reply: string) => runReply(reply, (p) => (p === 'copy.py' ? copyPy : undefined));

  it('refuses new lines added after an old text that stops inside a line, naming the rest of the line', () => {
    const result = run(call('del types, weakref', 'del types, weakref\n\ndef replace(obj):\n    return obj'));
    assert.equal(result.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(result.receipt.errors[0].message, /ends inside line \d+ of copy\.py, whose rest \(`, PyStringMap`\)/);
  });

  it('refuses new lines added before an old text that starts inside a line', () => {
    const result = run(call('weakref, PyStringMap', '# kept for pickles\nweakref, PyStringMap'));
    assert.equal(result.receipt.errors[0]?.code, 'NO_MATCH');
  });

  it('still edits inside a line, rewraps a line, and adds lines after an old text that ends its line', () => {
    assert.equal(proposed(run(call('del types, weakref', 'del types, weakref as wr')), 'copy.py'), copyPy.replace('del types, weakref, PyStringMap', 'del types, weakref as wr, PyStringMap'));
    assert.equal(proposed(run(call('del types, weakref, PyStringMap', 'del types, weakref, PyStringMap\n\nreplace = None')), 'copy.py'), copyPy.replace('del types, weakref, PyStringMap', 'del types, weakref, PyStringMap\n\nreplace = None'));
    assert.equal(proposed(run(call('del types, ', 'del (\n    types,\n    ')), 'copy.py'), copyPy.replace('del types, weakref, PyStringMap', 'del (\n    types,\n    weakref, PyStringMap'));
  });
});
