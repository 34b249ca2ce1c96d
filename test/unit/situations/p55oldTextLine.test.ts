import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/pipeline';

/**
 * A line number given with an old text picks among its equal occurrences (p55/d 22: refused as
 * AMBIGUOUS; Zed's `<old_text line=N>`, zed-industries/zed #32628). Stage: placement of
 * tool-call texts (src/core/place/replaceChars.ts): the line ladder used a hint so, the
 * character search did not. Material: npm 11.19.1's lib/commands/pkg.js, lines 80-127, whose
 * `set` and `delete` open with the same guard (lines 5-7 and 30-32 here).
 */

// npm 11.19.1 lib/commands/pkg.js, lines 80-127.
const pkgJs = [
  '  async set (args, { path }) {',
  '    const setError = () =>',
  '      this.usageError(\'npm pkg set expects a key=value pair of args.\')',
  '',
  '    if (!args.length) {',
  '      throw setError()',
  '    }',
  '',
  '    const force = this.npm.config.get(\'force\')',
  '    const json = this.npm.config.get(\'json\')',
  '    const pkgJson = await PackageJson.load(path)',
  '    const q = new Queryable(pkgJson.content)',
  '    for (const arg of args) {',
  '      const [key, ...rest] = arg.split(\'=\')',
  '      const value = rest.join(\'=\')',
  '      if (!key || !value) {',
  '        throw setError()',
  '      }',
  '',
  '      q.set(key, json ? JSON.parse(value) : value, { force })',
  '    }',
  '',
  '    return pkgJson.update(q.toJSON())',
  '  }',
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
const guard = ['    if (!args.length) {', '      throw setError()', '    }'];
const stricter = ['    if (!args.length || args.some(key => !key.trim())) {', '      throw setError()', '    }'];

function zedEdit(line: number | undefined): string {
  const tag = line === undefined ? '<old_text>' : `<old_text line=${line}>`;
  return ['<edits>', '', tag, ...guard, '</old_text>', '<new_text>', ...stricter, '</new_text>', '', '</edits>', ''].join('\n');
}

function planned(reply: string) {
  return runReply(reply, (p) => (p === path ? pkgJs : undefined), { hintPath: path });
}

describe('pasted replies: a line number picks among equal old texts (p55/d 22; Zed old_text line=N)', () => {
  const at = (line: number) => {
    const lines = pkgJs.split('\n');
    lines.splice(line - 1, 3, ...stricter);
    return lines.join('\n');
  };

  it('line=30 names delete\'s guard: it changes, set\'s stays', () => {
    const result = planned(zedEdit(30));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, at(30));
  });

  it('a number a line or two off still names the nearer one', () => {
    const result = planned(zedEdit(7));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, at(5));
  });

  it('without a number, or with one far from both, it is refused as ambiguous', () => {
    for (const line of [undefined, 18]) {
      const result = planned(zedEdit(line));
      assert.equal(result.receipt.ok, false, `line ${line}`);
      assert.deepEqual(result.receipt.errors.map((e) => e.code), ['AMBIGUOUS']);
    }
  });
});
