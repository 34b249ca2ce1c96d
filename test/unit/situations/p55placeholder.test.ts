import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/pipeline';

/**
 * A whole file with a placeholder in square brackets where its unchanged part went (p55/d 20: a
 * wrong write; Cline #3183, where a model's `[original content here]` was written over the code).
 * Stage: parsing markers (src/core/parse/elision.ts `isElisionLine`): a bracketed placeholder was
 * a marker only with dots in it, so the whole file was written and 97 lines became the one line.
 * Material: npm 11.19.1's lib/commands/pkg.js, lines 1-26 and 104-127.
 */

// npm 11.19.1 lib/commands/pkg.js, lines 1-26 and 104-127.
const pkgJs = [
  'const { output } = require(\'proc-log\')',
  'const PackageJson = require(\'@npmcli/package-json\')',
  'const BaseCommand = require(\'../base-cmd.js\')',
  'const Queryable = require(\'../utils/queryable.js\')',
  '',
  'class Pkg extends BaseCommand {',
  '  static description = \'Manages your package.json\'',
  '  static name = \'pkg\'',
  '  static usage = [',
  '    \'set <key>=<value> [<key>=<value> ...]\',',
  '    \'get [<key> [<key> ...]]\',',
  '    \'delete <key> [<key> ...]\',',
  '    \'set [<array>[<index>].<key>=<value> ...]\',',
  '    \'set [<array>[].<key>=<value> ...]\',',
  '    \'fix\',',
  '  ]',
  '',
  '  static params = [',
  '    \'force\',',
  '    \'json\',',
  '    \'workspace\',',
  '    \'workspaces\',',
  '  ]',
  '',
  '  static workspaces = true',
  '  static ignoreImplicitWorkspace = false',
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

function written(placeholder: string): string {
  const lines = pkgJs.split('\n');
  const changedTail = lines.slice(26).join('\n').replace('    return pkgJson.update(q.toJSON())\n  }\n}', '    await pkgJson.update(q.toJSON())\n    return pkgJson\n  }\n}');
  return [...lines.slice(0, 6), `  ${placeholder}`, '', changedTail].join('\n');
}

function planned(reply: string) {
  return runReply(reply, (p) => (p === path ? pkgJs : undefined));
}

describe('pasted replies: a whole file with a `[original content here]` placeholder (p55/d 20; Cline #3183)', () => {
  const expected = pkgJs.replace('    return pkgJson.update(q.toJSON())\n  }\n}', '    await pkgJson.update(q.toJSON())\n    return pkgJson\n  }\n}');

  it('the placeholder keeps the lines it stands for; only delete()\'s tail changes', () => {
    const reply = `<write_to_file>\n<path>${path}</path>\n<content>\n${written('[original content here]')}</content>\n</write_to_file>\n`;
    const result = planned(reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, expected);
  });

  it('`[rest of the class unchanged]` in a fenced whole file, the same', () => {
    const reply = `${path}\n\`\`\`js\n${written('[rest of the class unchanged]')}\`\`\`\n`;
    const result = planned(reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, expected);
  });

  it('a bracketed name is no placeholder: a TOML table header is written as given', () => {
    const toml = '[tool.poetry]\nname = "demo"\n';
    const reply = '```toml\n<<<<<<< SEARCH\nname = "demo"\n=======\nname = "demo"\n\n[tool.black]\nline-length = 100\n>>>>>>> REPLACE\n```\n';
    const result = runReply(reply, (p) => (p === 'pyproject.toml' ? toml : undefined), { hintPath: 'pyproject.toml' });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, '[tool.poetry]\nname = "demo"\n\n[tool.black]\nline-length = 100\n');
  });
});
