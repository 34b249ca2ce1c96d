/**
 * A git diff's file modes on disk, through the built CLI (p53/f 26, 27, 35): `--write` sets or
 * clears the execute bits the diff's `new mode` / `new file mode` give (the other bits kept), a dry
 * run changes no mode, and a symbolic link's target is never chmodded. Checked with `fs.statSync`.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureBuilt, receiptOf, runCli, TempFolders, writeFiles } from './cliHarness';

const posix = process.platform !== 'win32';

/** A mode-only git section for `file` (real `git diff` output, as bzip2's bzmore got it). */
function modeDiff(file: string, from: string, to: string): string {
  return ['```diff', `diff --git a/${file} b/${file}`, `old mode ${from}`, `new mode ${to}`, '```', ''].join('\n');
}

const bzmore = '#!/bin/sh\n\n# Bzmore wrapped for bzip2,\n# adapted from zmore by Philippe Troin <phil@fifi.org> for Debian GNU/Linux.\n';

/** bzip2 1.0.8 bzdiff's lines 60-64 and the git diff that drops its /bin/rm and makes it executable. */
const bzdiff = ['                        bzip2 -cdfq "$2" > "$tmp"', '                        bzip2 -cdfq "$1" | $comp $OPTIONS - "$tmp"', '                        STAT="$?"', '\t\t\t/bin/rm -f "$tmp";;', ''].join('\n') + '\n';
const bzdiffReply = [
  '```diff', 'diff --git a/bin/bzdiff b/bin/bzdiff', 'old mode 100644', 'new mode 100755', '--- a/bin/bzdiff', '+++ b/bin/bzdiff', '@@ -1,5 +1,5 @@',
  '                         bzip2 -cdfq "$2" > "$tmp"', '                         bzip2 -cdfq "$1" | $comp $OPTIONS - "$tmp"', '                         STAT="$?"', '-\t\t\t/bin/rm -f "$tmp";;', '+\t\t\trm -f "$tmp";;', ' ', '```', '',
].join('\n');

const newScriptReply = ['```diff', 'diff --git a/bin/bzgrep b/bin/bzgrep', 'new file mode 100755', 'index 0000000..af472e9', '--- /dev/null', '+++ b/bin/bzgrep', '@@ -0,0 +1,2 @@', '+#!/bin/sh', '+# bzgrep -- a wrapper around a grep program that decompresses files as needed', '```', ''].join('\n');

function modeOf(file: string): number {
  return fs.statSync(file).mode & 0o7777;
}

(posix ? describe : describe.skip)('CLI: a git diff\'s file mode on disk (p53/f 26, 27, 35)', function () {
  this.timeout(120_000);
  const temps = new TempFolders();
  before(ensureBuilt);
  afterEach(() => temps.removeAll());

  /** A root holding `files`, each given its mode. */
  function root(files: Record<string, [string, number]>): string {
    const ws = temps.make('gitmode');
    for (const [rel, [text, mode]] of Object.entries(files)) {
      writeFiles(ws, { [rel]: text });
      fs.chmodSync(path.join(ws, rel), mode);
    }
    return ws;
  }

  it('--write applies the hunk and makes the file executable (644 becomes 755); the dry run before changes no mode (26)', () => {
    const ws = root({ 'bin/bzdiff': [bzdiff, 0o644] });
    const dry = runCli(['apply', '-', '--root', ws, '--json'], { input: bzdiffReply });
    assert.equal(dry.status, 0, dry.stderr);
    assert.equal(modeOf(path.join(ws, 'bin/bzdiff')), 0o644);
    assert.equal(fs.readFileSync(path.join(ws, 'bin/bzdiff'), 'utf8'), bzdiff);
    const run = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: bzdiffReply });
    assert.equal(run.status, 0, run.stderr);
    assert.equal((receiptOf(run).files[0] as { executable?: boolean }).executable, true);
    assert.equal(modeOf(path.join(ws, 'bin/bzdiff')), 0o755);
    assert.equal(fs.readFileSync(path.join(ws, 'bin/bzdiff'), 'utf8'), bzdiff.replace('/bin/rm -f', 'rm -f'));
  });

  it('a diff of the mode alone: --write makes the file executable, its bytes as they were; says so (27)', () => {
    const ws = root({ 'bin/bzmore': [bzmore, 0o644] });
    const dry = runCli(['apply', '-', '--root', ws], { input: modeDiff('bin/bzmore', '100644', '100755') });
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /old mode 100644\nnew mode 100755/);
    assert.equal(modeOf(path.join(ws, 'bin/bzmore')), 0o644);
    const run = runCli(['apply', '-', '--root', ws, '--write'], { input: modeDiff('bin/bzmore', '100644', '100755') });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /modified bin\/bzmore \(made executable\)/);
    assert.equal(modeOf(path.join(ws, 'bin/bzmore')), 0o755);
    assert.equal(fs.readFileSync(path.join(ws, 'bin/bzmore'), 'utf8'), bzmore);
  });

  it('run again, the mode is already so: nothing is written (the file is the same inode)', () => {
    const ws = root({ 'bin/bzmore': [bzmore, 0o755] });
    const before = fs.statSync(path.join(ws, 'bin/bzmore')).ino;
    const run = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: modeDiff('bin/bzmore', '100644', '100755') });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(receiptOf(run).ok, true);
    assert.equal(fs.statSync(path.join(ws, 'bin/bzmore')).ino, before);
    assert.equal(modeOf(path.join(ws, 'bin/bzmore')), 0o755);
  });

  it('a new file with new file mode 100755 is created executable, as readable as any new file (35)', () => {
    const ws = root({});
    const run = runCli(['apply', '-', '--root', ws, '--write'], { input: newScriptReply });
    assert.equal(run.status, 0, run.stderr);
    const mode = modeOf(path.join(ws, 'bin/bzgrep'));
    assert.equal(mode & 0o100, 0o100, mode.toString(8));
    // Each class that may read it may execute it: the umask decides both.
    assert.equal(mode & 0o111, (mode & 0o444) >> 2, mode.toString(8));
  });

  it('only the execute bits change: a private 600 file becomes 700; new mode 100644 takes 755 to 644', () => {
    const ws = root({ 'a.sh': ['#!/bin/sh\n', 0o600], 'b.sh': ['#!/bin/sh\n', 0o755] });
    const reply = modeDiff('a.sh', '100644', '100755') + modeDiff('b.sh', '100755', '100644');
    const run = runCli(['apply', '-', '--root', ws, '--write'], { input: reply });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(modeOf(path.join(ws, 'a.sh')), 0o700);
    assert.equal(modeOf(path.join(ws, 'b.sh')), 0o644);
  });

  it('a mode change through a symbolic link is refused; the file it points to keeps its mode', () => {
    const ws = root({ 'bin/bzmore.real': [bzmore, 0o644] });
    fs.symlinkSync('bzmore.real', path.join(ws, 'bin/bzmore'));
    const run = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: modeDiff('bin/bzmore', '100644', '100755') });
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(receiptOf(run).errors.map((e) => e.code), ['NOT_A_FILE']);
    assert.equal(modeOf(path.join(ws, 'bin/bzmore.real')), 0o644);
  });
});
