import * as assert from 'node:assert/strict';
import { parseCliArgs } from '../../../src/cli/args';

describe('CLI arguments (util.parseArgs)', () => {
  it('reads apply with every option; the reply defaults to stdin and --root to the current folder', () => {
    assert.deepEqual(parseCliArgs(['apply'], '/work'), { command: 'apply', replyFile: '-', root: '/work', write: false, json: false, maxBytes: 10 * 1024 * 1024 });
    assert.deepEqual(parseCliArgs(['apply', 'r.md', '--root', 'proj', '--file', 'src/a.ts', '--write', '--json', '--encoding', 'windows-1252', '--max-file-size', '2.5'], '/work'), {
      command: 'apply',
      replyFile: 'r.md',
      root: '/work/proj',
      hint: 'src/a.ts',
      write: true,
      json: true,
      encoding: 'windows-1252',
      maxBytes: Math.floor(2.5 * 1024 * 1024),
    });
    assert.equal((parseCliArgs(['apply', '--root=/abs'], '/work') as { root: string }).root, '/abs');
  });

  it('takes -h, --help, help and -V, --version anywhere', () => {
    for (const argv of [['-h'], ['--help'], ['help'], ['apply', '-h'], ['apply', 'x.md', '--help']]) assert.equal(parseCliArgs(argv, '/').command, 'help', argv.join(' '));
    for (const argv of [['-V'], ['--version'], ['apply', '--version']]) assert.equal(parseCliArgs(argv, '/').command, 'version', argv.join(' '));
  });

  it('refuses what it does not know, with a message, instead of reading it as a file', () => {
    for (const argv of [['apply', '--bogus'], ['apply', '-x'], ['apply', '--write=yes'], ['apply', '--root'], ['nope'], [], ['apply', 'a', 'b'], ['apply', '--encoding', 'no-such'], ['apply', '--max-file-size', '0']]) {
      const parsed = parseCliArgs(argv, '/');
      assert.equal(parsed.command, 'usageError', argv.join(' '));
      assert.ok((parsed as { message: string }).message.length > 5);
    }
  });
});
