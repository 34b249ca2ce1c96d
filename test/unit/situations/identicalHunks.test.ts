import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { replyOnFile } from '../helpers';

/**
 * Hunks of one diff that write the same change at several places the file holds their old lines,
 * numbered wrong by the same offset. Stage: placement (`placeIdenticalInTurn` in
 * src/core/place/inTurn.ts). Golden fixture 181 holds the reply that is applied (two identical
 * hunks, each taking one place); here the near cases that must stay refused.
 */
/** The project root: the nearest folder above this file holding package.json (the test runs from out/). */
function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

describe('pasted replies: identical hunks at places their numbers miss alike (p53/d 07, express response.js)', () => {
  const dir = path.join(projectRoot(), 'test', 'fixtures', '181-udiff-identical-hunks-numbers-off-alike');
  const file = fs.readFileSync(path.join(dir, 'before', 'lib', 'response.js'), 'utf8');
  const reply = fs.readFileSync(path.join(dir, 'reply.md'), 'utf8');

  it('refuses two hunks with the same old lines and different new lines: which goes where is not settled', () => {
    const hunks = reply.split('@@ -460,7');
    const different = hunks[0] + '@@ -460,7' + hunks[1].replace('`res.headersSent`', '`res.headersSent` (see below)');
    const planned = replyOnFile('lib/response.js', file, different);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0].code, 'AMBIGUOUS');
  });

  it('refuses one hunk alone with a number far from both places', () => {
    const one = reply.slice(0, reply.indexOf('@@ -460,7')) + '```\n';
    const planned = replyOnFile('lib/response.js', file, one);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0].code, 'AMBIGUOUS');
  });
});
