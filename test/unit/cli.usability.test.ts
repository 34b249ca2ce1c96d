/**
 * The CLI as a person meets it in a terminal (issue 12, item 13), through the built CLI: help and
 * version, options read strictly, plain text (no Markdown, no colour when not a terminal), a
 * receipt that says what was written or that nothing was and why, in the CLI's own words.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { cliPath, ensureBuilt, projectRootPackage, runCli, searchReplace, TempFolders, writeFiles } from './cliHarness';

/** What a failing or refused run must never print in a terminal. */
const extensionWords = /review the rest|\*\*|Block -|`/i;
const ansi = /\u001b\[/;

describe('CLI usability in a terminal (issue 12, item 13)', function () {
  this.timeout(120_000);
  const temps = new TempFolders();
  before(ensureBuilt);
  afterEach(() => temps.removeAll());

  function workspace(files: Record<string, string> = { 'm.py': 'def a():\n    return 1\n\ndef b():\n    return 2\n' }): string {
    const ws = path.join(temps.make('usability'), 'ws');
    writeFiles(ws, files);
    return ws;
  }

  it('--help, -h, help and apply --help print the usage with every option and examples, exit 0', () => {
    for (const args of [['--help'], ['-h'], ['help'], ['apply', '--help'], ['apply', '-h']]) {
      const run = runCli(args);
      assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
      for (const option of ['--root DIR', '--file PATH', '--write', '--json', '--encoding NAME', '--max-file-size MB', '--version', 'Examples:', 'Exit status']) {
        assert.ok(run.stdout.includes(option), `${args.join(' ')} lacks ${option}`);
      }
    }
  });

  it('--version and -V print the package version', () => {
    for (const flag of ['--version', '-V']) {
      const run = runCli([flag]);
      assert.equal(run.status, 0);
      assert.equal(run.stdout.trim(), `apply-ai-edit ${projectRootPackage().version}`);
    }
  });

  it('an unknown option, a missing value or an unknown command is a usage error (exit 2) that names it, never a file to read', () => {
    const cases: [string[], RegExp][] = [
      [['apply', '--bogus'], /Unknown option '--bogus'/],
      [['apply', 'reply.md', '--root'], /--root <value>' argument missing/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [[], /no command given/],
      [['apply', 'a.md', 'b.md'], /one reply at a time/],
      [['apply', '--encoding', 'klingon'], /unknown encoding "klingon"/],
      [['apply', '--max-file-size', 'lots'], /--max-file-size needs a number/],
    ];
    for (const [args, message] of cases) {
      const run = runCli(args);
      assert.equal(run.status, 2, args.join(' '));
      assert.match(run.stderr, message, args.join(' '));
      assert.match(run.stderr, /--help/);
      assert.equal(run.stdout, '');
    }
  });

  it('a dry run prints the diff on stdout and, on stderr, plain text ending with the hint that --write writes it', () => {
    const ws = workspace();
    const run = runCli(['apply', '-', '--root', ws], { input: searchReplace('m.py', '    return 1\n', '    return 10\n') });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^--- a\/m\.py\n\+\+\+ b\/m\.py\n@@ -1,5 \+1,5 @@\n def a\(\):\n-    return 1\n\+    return 10\n/);
    assert.match(run.stderr, /m\.py \(to be modified\)\n {2}block 1: exact match, line 2\n/);
    assert.match(run.stderr, /Dry run: nothing was written; run again with --write to write it\.\n$/);
    assert.doesNotMatch(run.stderr, extensionWords);
    assert.doesNotMatch(run.stdout + run.stderr, ansi);
    assert.equal(fs.readFileSync(path.join(ws, 'm.py'), 'utf8'), 'def a():\n    return 1\n\ndef b():\n    return 2\n');
  });

  it('a diff many times what a pipe holds arrives whole through a pipe, and a reader that stops early ends it quietly', () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `value_${i} = compute(${i})`);
    const ws = workspace({ 'big.py': lines.join('\n') + '\n' });
    const reply = lines.filter((_, i) => i % 10 === 5).map((line) => searchReplace('big.py', `${line}\n`, `${line}  # checked\n`)).join('\n');
    const replyFile = path.join(path.dirname(ws), 'reply.md');
    fs.writeFileSync(replyFile, reply);
    const piped = runCli(['apply', replyFile, '--root', ws]);
    assert.equal(piped.status, 0, piped.stderr);
    // 3,000 hunks of 7 lines: far more than the 64 KB a pipe holds before the writer must wait.
    assert.ok(piped.stdout.length > 700_000, `${piped.stdout.length}`);
    assert.equal(piped.stdout.match(/^\+value_\d+ = compute\(\d+\)  # checked$/gm)?.length, 3000);
    const toFile = path.join(path.dirname(ws), 'diff.txt');
    const filed = spawnSync('bash', ['-c', `"${process.execPath}" "${cliPath}" apply "${replyFile}" --root "${ws}" > "${toFile}"`], { encoding: 'utf8' });
    assert.equal(filed.status, 0, filed.stderr);
    assert.equal(fs.readFileSync(toFile, 'utf8'), piped.stdout, 'the diff through a pipe is the diff written to a file');
    // `| head`: the reader goes away after 1,000 bytes; the CLI still ends normally, receipt and all.
    const cut = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${cliPath}" apply "${replyFile}" --root "${ws}" | head -c 1000 > /dev/null`], { encoding: 'utf8' });
    assert.equal(cut.status, 0, cut.stderr);
    assert.match(cut.stderr, /3000 edits ready in 1 file\. Dry run: nothing was written/);
    assert.doesNotMatch(cut.stderr, /EPIPE|Error|at /);
  });

  it('after --write it says exactly which files it wrote, and how, under which root', () => {
    const ws = workspace({ 'm.py': 'x = 1\n', 'old.txt': 'old\n', 'gone.txt': 'bye\n' });
    const reply = searchReplace('m.py', 'x = 1\n', 'x = 2\n') + '*** Begin Patch\n*** Add File: new/n.txt\n+n\n*** Delete File: gone.txt\n*** Update File: old.txt\n*** Move to: moved.txt\n*** End Patch\n';
    const run = runCli(['apply', '-', '--root', ws, '--write'], { input: reply });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, new RegExp(`Wrote 4 files under ${ws.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: modified m\\.py, created new/n\\.txt, deleted gone\\.txt, moved old\\.txt to moved\\.txt\\.\\n$`));
    assert.doesNotMatch(run.stderr, /ready|Dry run/);
  });

  it('a failure prints no diff on stdout, says nothing was written, and uses the CLI\'s words', () => {
    const ws = workspace();
    const reply = searchReplace('m.py', '    return 1\n', '    return 10\n') + searchReplace('m.py', 'class Zebra(Animal):\n    pass\n', 'x\n') + searchReplace('nope.py', 'foo\n', 'bar\n');
    const run = runCli(['apply', '-', '--root', ws, '--write'], { input: reply });
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '', 'no partial diff');
    assert.match(run.stderr, /2 problems: nothing was written\. 1 other edit was placed but, as one reply is written whole or not at all, not written either\.\n$/);
    assert.match(run.stderr, /Block 3, nope\.py: FILE_NOT_FOUND\n {2}nope\.py does not exist \(looked under .*ws\)\./);
    assert.doesNotMatch(run.stderr, extensionWords);
  });

  it('a line only 41% similar is not called the nearest or closest text; a close one is shown, above the next step', () => {
    const ws = workspace({ 't.js': 'function total(items) {\n  return items.length;\n}\n' });
    const far = runCli(['apply', '-', '--root', ws], { input: searchReplace('t.js', 'function sum(list) {\n  let acc = 0;\n', 'x\n') });
    assert.equal(far.status, 1);
    assert.doesNotMatch(far.stderr, /nearest|closest text/i);
    assert.match(far.stderr, /Nothing in the file resembles it \(the closest, lines 1-2, is only 41% similar\)\./);
    const near = runCli(['apply', '-', '--root', ws], { input: searchReplace('t.js', 'function total(items) {\n  return items.size;\n', 'x\n') });
    assert.match(near.stderr, /Closest text in the file \(\d+% similar\), lines 1-2:\n {4}\| function total\(items\) \{\n {4}\|   return items\.length;\n {2}Next step: /);
    for (const run of [far, near]) assert.doesNotMatch(run.stderr, /below|above/);
  });

  it('a reply without edits exits 2 and prints the problem without a block number', () => {
    const run = runCli(['apply', '-', '--root', workspace()], { input: 'Just some prose, no edits.\n' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^NO_EDITS_FOUND\n/);
    assert.doesNotMatch(run.stderr, extensionWords);
  });

  it('--json prints the receipt alone on stdout, also when the write is refused', () => {
    const ws = workspace({ 'a.txt': 'a\n' });
    fs.symlinkSync('/etc/hostname', path.join(ws, 'out.txt'));
    const run = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: searchReplace('out.txt', '', 'x\n') });
    assert.equal(run.status, 1);
    const receipt = JSON.parse(run.stdout) as { ok: boolean; errors: { code: string }[] };
    assert.deepEqual(receipt.errors.map((e) => e.code), ['OUTSIDE_WORKSPACE']);
    assert.equal(run.stderr, '');
  });

  it('reads a reply saved as UTF-16 (a Windows shell\'s >), and refuses one that is not UTF-8 instead of writing U+FFFD', () => {
    const ws = workspace({ 'a.txt': 'café\n' });
    const base = path.dirname(ws);
    const reply = searchReplace('a.txt', 'café\n', 'crème\n');
    fs.writeFileSync(path.join(base, 'utf16.md'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(reply, 'utf16le')]));
    const run = runCli(['apply', path.join(base, 'utf16.md'), '--root', ws, '--write']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'crème\n');
    fs.writeFileSync(path.join(base, 'latin1.md'), Buffer.from(searchReplace('a.txt', 'crème\n', 'caf\xe9\n'), 'latin1'));
    const refused = runCli(['apply', path.join(base, 'latin1.md'), '--root', ws, '--write']);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /the reply is not UTF-8: line 4 has the byte 0xE8/);
    assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'crème\n');
  });

  it('--root that is not a folder, or an unreadable reply file, is a usage error', () => {
    const base = temps.make('bad-root');
    const file = path.join(base, 'file.txt');
    fs.writeFileSync(file, 'x');
    assert.match(runCli(['apply', '-', '--root', file]).stderr, /--root .*file\.txt is not a folder/);
    const missing = runCli(['apply', path.join(base, 'missing.md'), '--root', base]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot read the reply: ENOENT/);
  });
});
