import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/pipeline';

/**
 * An apply_patch envelope written as the shell command that applies it, the patch one quoted
 * argument (p55/d 17: NO_EDITS_FOUND; Grok's `$ apply_patch "*** Begin Patch` … `*** End Patch"`
 * in openai/codex #678). Stage: parsing (src/core/parse/applyPatch.ts `shellQuotedPatch`).
 * Material: npm 11.19.1's lib/commands/pkg.js, lines 104-127 (`delete`).
 */

// npm 11.19.1 lib/commands/pkg.js, lines 104-127.
const pkgJs = [
  '',
  '  async delete (args, { path }) {',
  '    const setError = () =>',
  '      this.usageError(\'npm pkg delete expects key args.\')',
  '',
  '    if (!args.length) {',
  '      throw setError()',
  '    }',
  '',
  '    const pkgJson = await PackageJson.load(path)',
  '    const q = new Queryable(pkgJson.content)',
  '    for (const key of args) {',
  '      if (!key) {',
  '        throw setError()',
  '      }',
  '',
  '      q.delete(key)',
  '    }',
  '',
  '    return pkgJson.update(q.toJSON())',
  '  }',
  '}',
  '',
  'module.exports = Pkg'
].join('\n') + '\n';

const path = 'lib/commands/pkg.js';

/** The patch of codex #678's shape: the command and the quote on the Begin and End lines. */
function shellPatch(open: string, close: string, extra: readonly string[] = []): string {
  return [
    `${open}*** Begin Patch`,
    `*** Update File: ${path}`,
    '@@   async delete (args, { path }) {',
    '    const pkgJson = await PackageJson.load(path)',
    '    const q = new Queryable(pkgJson.content)',
    ...extra,
    "+    const force = this.npm.config.get('force')",
    '    for (const key of args) {',
    '      if (!key) {',
    '        throw setError()',
    '      }',
    '',
    '-      q.delete(key)',
    '+      q.delete(key, { force })',
    '    }',
    `*** End Patch${close}`,
    '',
  ].join('\n');
}

function planned(reply: string) {
  return runReply(reply, (p) => (p === path ? pkgJs : undefined));
}

describe('pasted replies: apply_patch written as its shell command with the patch quoted (p55/d 17; codex #678)', () => {
  const expected = pkgJs.replace('    for (const key of args) {', "    const force = this.npm.config.get('force')\n    for (const key of args) {").replace('q.delete(key)', 'q.delete(key, { force })');

  it('`$ apply_patch "*** Begin Patch` … `*** End Patch"` is the patch it quotes', () => {
    const result = planned(shellPatch('$ apply_patch "', '"'));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, expected);
  });

  it('a double-quoted patch holding a backslash escape is refused: which characters are the file\'s is a guess', () => {
    const result = planned(shellPatch('apply_patch "', '"', ['+    // say \\"no\\"']));
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.changes, []);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['PARSE_ERROR']);
  });

  it('a single-quoted patch holding a quote is refused the same way', () => {
    const result = planned(shellPatch("apply_patch '", "'"));
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.changes, []);
  });
});
