import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/pipeline';

/**
 * A SEARCH/REPLACE block whose divider and closer are both written `------- REPLACE` (p55/d 13:
 * INCOMPLETE_BLOCK; the marker shape of Cline #5863, where Cline reported success and changed
 * nothing). Stage: parsing (src/core/parse/searchReplace.ts `DASHED_REPLACE`).
 * Material: PyJWT 2.6.0's jwt/algorithms.py, its first 12 lines.
 */

// PyJWT 2.6.0 jwt/algorithms.py, lines 1-12.
const algorithmsPy = [
  'import hashlib',
  'import hmac',
  'import json',
  '',
  'from .exceptions import InvalidKeyError',
  'from .utils import (',
  '    base64url_decode,',
  '    base64url_encode,',
  '    der_to_raw_signature,',
  '    force_bytes,',
  '    from_base64url_uint,',
  '    is_pem_format,',
].join('\n') + '\n';

const path = 'jwt/algorithms.py';
const imports = ['import hashlib', 'import hmac', 'import json'];

function clineBlock(...parts: (readonly string[])[]): string {
  return ['<replace_in_file>', `<path>${path}</path>`, '<diff>', ...parts.flat(), '</diff>', '</replace_in_file>', ''].join('\n');
}

function planned(reply: string) {
  return runReply(reply, (p) => (p === path ? algorithmsPy : undefined));
}

describe('pasted replies: `------- REPLACE` written for both the divider and the closer (p55/d 13; Cline #5863)', () => {
  it('the first is the divider, the second the end: `import warnings` is added', () => {
    const result = planned(clineBlock(['------- SEARCH'], imports, ['------- REPLACE'], [...imports, 'import warnings'], ['------- REPLACE']));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, algorithmsPy.replace('import json\n', 'import json\nimport warnings\n'));
  });

  it('one such line alone leaves the block unfinished: nothing is written', () => {
    const result = planned(clineBlock(['------- SEARCH'], imports, ['------- REPLACE'], [...imports, 'import warnings']));
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['INCOMPLETE_BLOCK']);
  });
});
