import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

describe('place/create', () => {
  const init = '"""Billing package."""\nfrom .tax import compute_tax\n';

  it('fills an existing empty file (empty old_string, Add File, empty SEARCH)', () => {
    const tool = JSON.stringify({ file_path: 'billing/__init__.py', old_string: '', new_string: init });
    for (const empty of ['', '\n', '\ufeff']) {
      const result = runReply('```json\n' + tool + '\n```\n', (p) => (p === 'billing/__init__.py' ? empty : undefined));
      assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
      assert.equal(proposed(result, 'billing/__init__.py'), (empty === '\ufeff' ? '\ufeff' : '') + init);
    }
    const patch = runReply('*** Begin Patch\n*** Add File: billing/__init__.py\n+"""Billing package."""\n+from .tax import compute_tax\n*** End Patch\n', (p) => (p === 'billing/__init__.py' ? '' : undefined));
    assert.equal(proposed(patch, 'billing/__init__.py'), init);
  });

  it('still refuses to create over a file with content', () => {
    const tool = JSON.stringify({ file_path: 'billing/__init__.py', old_string: '', new_string: init });
    const result = runReply('```json\n' + tool + '\n```\n', (p) => (p === 'billing/__init__.py' ? 'VERSION = 2\n' : undefined));
    assert.equal(result.receipt.errors[0].code, 'FILE_EXISTS');
  });
});
