import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { random } from '../helpers';

describe('near misses past the scan budget', () => {
  it('refuses every block of a reply of many near misses, and stops looking for their nearest lines once the budget is spent', () => {
    const rand = random(3);
    const words = ['value', 'count', 'items', 'node', 'factory', 'result', 'name', 'index'];
    const line = () => `  const ${words[Math.floor(rand() * words.length)]}${Math.floor(rand() * 1000)} = ${words[Math.floor(rand() * words.length)]}(${Math.floor(rand() * 100)});`;
    const file = Array.from({ length: 20_000 }, line).join('\n') + '\n';
    // Blocks of invented lines that share no line with the file: each is looked for line by line.
    const blocks = Array.from({ length: 260 }, (_, k) => ['src/a.ts', '```ts', '<<<<<<< SEARCH', `  let missing${k} = other(${k});`, `  let also${k} = other(${k} + 1);`, '=======', `  let found${k} = 1;`, '>>>>>>> REPLACE', '```', ''].join('\n'));
    const result = runReply(blocks.join('\n'), (p) => (p === 'src/a.ts' ? file : undefined));
    assert.equal(result.receipt.ok, false);
    assert.equal(result.receipt.errors.length, 260);
    assert.ok(result.receipt.errors.every((e) => e.code === 'NO_MATCH'));
    const cut = result.receipt.errors.filter((e) => e.message.includes('too many such blocks'));
    // The first blocks were looked for in full (the budget is about a tenth of a second of the
    // first engine's scans: ten scans of this file's 20,000 lines), the rest were not.
    assert.ok(result.receipt.errors.slice(0, 9).every((e) => !e.message.includes('too many such blocks')));
    assert.ok(result.receipt.errors.slice(20).every((e) => e.message.includes('too many such blocks')));
    assert.ok(result.receipt.errors[0].candidates.length > 0);
    assert.ok(cut.length > 0, 'the last blocks were refused without their nearest lines');
    assert.ok(cut.every((e) => e.candidates.length === 0));
  });
});
