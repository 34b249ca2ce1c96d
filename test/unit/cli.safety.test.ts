/**
 * The CLI attacked as a hostile repository and an unlucky machine would attack it (issue 10's
 * table, one `describe` per row), on real temporary folders through the built CLI. Each test
 * compares every byte (and mode, link and folder) of the whole sandbox, the folder around --root
 * included, before and after.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { assertSamePicture, ensureBuilt, picture, receiptOf, runCli, searchReplace, startCli, TempFolders, writeFiles } from './cliHarness';

const runningAsRoot = process.getuid?.() === 0;

/** A reply in apply_patch form. */
function patch(...sections: string[]): string {
  return ['*** Begin Patch', ...sections, '*** End Patch', ''].join('\n');
}

/** A sandbox: `base/ws` is --root, `base/outside` a folder next to it that nothing may touch. */
function sandbox(temps: TempFolders, name: string, files: Record<string, string | Buffer> = {}): { base: string; ws: string; outside: string } {
  const base = temps.make(name);
  const ws = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(ws);
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'sentinel.txt'), 'outside: never written\n');
  writeFiles(ws, files);
  return { base, ws, outside };
}

function apply(ws: string, reply: string, extra: string[] = []) {
  return runCli(['apply', '-', '--root', ws, '--write', '--json', ...extra], { input: reply });
}

function codes(run: { stdout: string }): string[] {
  return receiptOf(run).errors.map((e) => e.code);
}

/** The files a test writes anywhere in the sandbox: no temporary file may be left behind. */
function leftovers(dir: string): string[] {
  return [...picture(dir).keys()].filter((key) => /\.apply-ai-edit-/.test(key));
}

describe('CLI safety: what the write path must survive (issue 10)', function () {
  this.timeout(300_000);
  const temps = new TempFolders();
  before(ensureBuilt);
  afterEach(() => temps.removeAll());

  describe('a dangling symlink inside the root that points outside', () => {
    it('is refused as OUTSIDE_WORKSPACE when a reply creates it, moves onto it, creates under it, or names it with --file; nothing appears outside', () => {
      const { base, ws } = sandbox(temps, 'dangling', { 'a.txt': 'a\n' });
      fs.symlinkSync('../outside/evil.txt', path.join(ws, 'evil.txt'));
      fs.symlinkSync('../outside/new-folder', path.join(ws, 'linked'));
      fs.symlinkSync('evil.txt', path.join(ws, 'chain.txt')); // a link to the dangling link
      const before = picture(base);
      const attacks: [string, string, string[]][] = [
        ['SEARCH/REPLACE create', searchReplace('evil.txt', '', 'owned\n'), []],
        ['Add File', patch('*** Add File: evil.txt', '+owned'), []],
        ['Add File through a chain of links', patch('*** Add File: chain.txt', '+owned'), []],
        ['Add File under a dangling folder link', patch('*** Add File: linked/x.txt', '+owned'), []],
        ['Move to', patch('*** Update File: a.txt', '*** Move to: evil.txt', '@@', '-a', '+b'), []],
        ['--file', '<<<<<<< SEARCH\n=======\nowned\n>>>>>>> REPLACE\n', ['--file', 'evil.txt']],
      ];
      for (const [what, reply, extra] of attacks) {
        const run = apply(ws, reply, extra);
        assert.equal(run.status, 1, `${what}: ${run.stderr}`);
        assert.ok(codes(run).includes('OUTSIDE_WORKSPACE'), `${what}: ${run.stdout}`);
        assertSamePicture(picture(base), before, what);
      }
    });

    it('pointing inside the root (to a file not made yet) is written through, inside', () => {
      const { base, ws } = sandbox(temps, 'dangling-inside');
      fs.symlinkSync('sub/target.txt', path.join(ws, 'alias.txt'));
      const run = apply(ws, patch('*** Add File: alias.txt', '+made through the link'));
      assert.equal(run.status, 0, run.stderr);
      assert.equal(fs.readFileSync(path.join(ws, 'sub', 'target.txt'), 'utf8'), 'made through the link\n');
      assert.equal(fs.readlinkSync(path.join(ws, 'alias.txt')), 'sub/target.txt', 'the link itself is kept');
      assert.deepEqual(leftovers(base), []);
    });
  });

  describe('the repository\'s .git folder inside the root', () => {
    it('is refused as PROTECTED_PATH when a reply names it, or a link inside the root leads into it; nothing in .git changes', () => {
      // Case p47/d 34, 50, 51: `*** Add File: .git/hooks/pre-commit` and `.git/config` edits were written.
      const config = '[core]\n\trepositoryformatversion = 0\n\tbare = false\n';
      const { base, ws } = sandbox(temps, 'dotgit', { '.git/config': config, 'turbo.json': '{}\n' });
      fs.mkdirSync(path.join(ws, '.git', 'hooks'));
      fs.symlinkSync('.git/hooks', path.join(ws, 'hooks'));
      const before = picture(base);
      const attacks: [string, string, string[]][] = [
        ['Add File', patch('*** Add File: .git/hooks/pre-commit', '+#!/bin/sh', '+pnpm lint'), []],
        ['SEARCH/REPLACE', searchReplace('.git/config', '\tbare = false\n', '\tbare = false\n\thooksPath = .githooks\n'), []],
        ['a diff', '```diff\n--- a/.git/config\n+++ b/.git/config\n@@ -3 +3,2 @@\n \tbare = false\n+\thooksPath = .githooks\n```\n', []],
        ['another case (a case-insensitive file system opens it)', searchReplace('.GIT/config', '\tbare = false\n', '\tbare = true\n'), []],
        ['a link into .git', patch('*** Add File: hooks/pre-commit', '+#!/bin/sh'), []],
        ['--file', '<<<<<<< SEARCH\n\tbare = false\n=======\n\tbare = true\n>>>>>>> REPLACE\n', ['--file', '.git/config']],
      ];
      for (const [what, reply, extra] of attacks) {
        const run = apply(ws, reply, extra);
        assert.equal(run.status, 1, `${what}: ${run.stderr}`);
        assert.deepEqual(codes(run), ['PROTECTED_PATH'], `${what}: ${run.stdout}`);
        assertSamePicture(picture(base), before, what);
      }
    });
  });

  describe('a file that is not UTF-8', () => {
    // "José", a euro sign and CRLF line endings, as Windows-1252 bytes.
    const cp1252 = Buffer.from('name = "Jos\xe9"\r\nprice = "5 \x80"\r\nx = 1\r\n', 'latin1');

    it('is refused with UNSUPPORTED_ENCODING naming the line of the first bad byte, every byte kept', () => {
      const { base, ws } = sandbox(temps, 'latin', { 'prices.py': cp1252 });
      const before = picture(base);
      const run = apply(ws, searchReplace('prices.py', 'x = 1\n', 'x = 2\n'));
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(codes(run), ['UNSUPPORTED_ENCODING']);
      assert.match(receiptOf(run).errors[0].message, /line 1 has the byte 0xE9/);
      assertSamePicture(picture(base), before, 'a refused Windows-1252 file');
    });

    it('with --encoding windows-1252 is edited with every other byte as it was', () => {
      const { ws } = sandbox(temps, 'latin-ok', { 'prices.py': cp1252 });
      const run = apply(ws, searchReplace('prices.py', 'x = 1\n', 'x = 2\n'), ['--encoding', 'windows-1252']);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(fs.readFileSync(path.join(ws, 'prices.py')), Buffer.from('name = "Jos\xe9"\r\nprice = "5 \x80"\r\nx = 2\r\n', 'latin1'));
      // The edit may quote and add the encoding's own characters: they are written in it.
      const again = apply(ws, searchReplace('prices.py', 'price = "5 €"\n', 'price = "6 €" # café\n'), ['--encoding', 'windows-1252']);
      assert.equal(again.status, 0, again.stderr);
      assert.deepEqual(fs.readFileSync(path.join(ws, 'prices.py')), Buffer.from('name = "Jos\xe9"\r\nprice = "6 \x80" # caf\xe9\r\nx = 2\r\n', 'latin1'));
    });

    it('an edit adding a character the encoding has no byte for is refused, nothing written', () => {
      const { base, ws } = sandbox(temps, 'latin-lossy', { 'prices.py': cp1252 });
      const before = picture(base);
      const run = apply(ws, searchReplace('prices.py', 'x = 1\n', 'x = "日本"\n'), ['--encoding', 'windows-1252']);
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(codes(run), ['UNSUPPORTED_ENCODING']);
      assert.match(receiptOf(run).errors[0].message, /line 3 holds "日"/);
      assertSamePicture(picture(base), before, 'a lossy encode');
    });

    it('the dry run refuses that edit as the write does, saying which character on which line (p48/c 29)', () => {
      // messages_de.properties of BurghardH86/BookManagementExample, in Latin-1; the reply adds "→".
      const props = Buffer.from('index.actions = Aktionen\r\n\r\ncreate.title = Bucherfassung\r\ncreate.author = Autor\r\ncreate.publishDate = Ver\xf6ffentlichungsdatum', 'latin1');
      const { base, ws } = sandbox(temps, 'latin-lossy-dry', { 'messages_de.properties': props });
      const before = picture(base);
      const reply = searchReplace('messages_de.properties', 'create.title = Bucherfassung\n', 'create.title = Bucherfassung\ncreate.hint = Autor → Titel → Preis\n');
      const dryRun = runCli(['apply', '-', '--root', ws, '--json', '--encoding', 'latin1'], { input: reply });
      for (const run of [dryRun, apply(ws, reply, ['--encoding', 'latin1'])]) {
        assert.equal(run.status, 1, run.stderr);
        assert.deepEqual(codes(run), ['UNSUPPORTED_ENCODING']);
        const [error] = receiptOf(run).errors;
        assert.match(error.message, /line 4 holds "→", which latin1 has no byte for/);
        // The encoding was named: the next step is not to name it.
        assert.doesNotMatch(error.nextStep, /--encoding/);
        assert.match(error.nextStep, /"→" on line 4/);
      }
      assertSamePicture(picture(base), before, 'a lossy encode, dry run and write');
    });

    it('a UTF-8 file with one invalid byte names its line; other files of the reply are not written either', () => {
      const broken = Buffer.concat([Buffer.from('first\nsecond ok é\n'), Buffer.from([0x74, 0xff, 0x0a]), Buffer.from('last\n')]);
      const { base, ws } = sandbox(temps, 'bad-utf8', { 'broken.txt': broken, 'fine.txt': 'fine\n' });
      const before = picture(base);
      const run = apply(ws, searchReplace('fine.txt', 'fine\n', 'finer\n') + searchReplace('broken.txt', 'last\n', 'LAST\n'));
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(codes(run), ['UNSUPPORTED_ENCODING']);
      assert.match(receiptOf(run).errors[0].message, /line 3 has the byte 0xFF/);
      assertSamePicture(picture(base), before, 'a file with a bad byte');
    });

    it('UTF-16 LE and BE with a BOM are decoded and written back in UTF-16, byte for byte', () => {
      const text = 'première ligne\r\nx = 1\r\nemoji 😀\r\n';
      const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
      const { ws } = sandbox(temps, 'utf16', { 'le.txt': le, 'be.txt': be });
      const run = apply(ws, searchReplace('le.txt', 'x = 1\n', 'x = 2\n') + searchReplace('be.txt', 'x = 1\n', 'x = 3\n'));
      assert.equal(run.status, 0, run.stderr);
      const expected = (value: string) => Buffer.from(text.replace('x = 1', value), 'utf16le');
      assert.deepEqual(fs.readFileSync(path.join(ws, 'le.txt')), Buffer.concat([Buffer.from([0xff, 0xfe]), expected('x = 2')]));
      assert.deepEqual(fs.readFileSync(path.join(ws, 'be.txt')), Buffer.concat([Buffer.from([0xfe, 0xff]), expected('x = 3').swap16()]));
    });
  });

  describe('a write that fails half-way (a full disk)', () => {
    /** A reply that modifies, creates in a new folder, deletes and moves (an executable) at once. */
    const files = { 'a.txt': 'alpha\n', 'tool.sh': '#!/bin/sh\necho one\n', 'gone.txt': 'to delete\n', 'old/name.txt': 'moving\n' };
    const reply = patch(
      '*** Update File: a.txt',
      '@@',
      '-alpha',
      '+ALPHA',
      '*** Update File: tool.sh',
      '@@',
      '-echo one',
      '+echo two',
      '*** Add File: new/deep/made.txt',
      '+new file',
      '*** Delete File: gone.txt',
      '*** Update File: old/name.txt',
      '*** Move to: moved/here/name.txt',
      '@@',
      '-moving',
      '+moved',
    );

    function prepared(name: string) {
      const box = sandbox(temps, name, files);
      fs.chmodSync(path.join(box.ws, 'tool.sh'), 0o755);
      fs.chmodSync(path.join(box.ws, 'gone.txt'), 0o600);
      return box;
    }

    it('at every step, puts every byte, mode and folder back, says so, and leaves no temporary file', () => {
      const probe = prepared('fail-probe');
      const clean = runCli(['apply', '-', '--root', probe.ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_ANNOUNCE: '1' } });
      assert.equal(clean.status, 0, clean.stderr);
      const steps = Number(/written in (\d+) steps/.exec(clean.stderr)?.[1]);
      assert.ok(steps >= 15, `a five-file write takes many steps (${steps})`);
      for (let step = 1; step <= steps; step++) {
        const { base, ws } = prepared(`fail-${step}`);
        const before = picture(base);
        const run = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_FAIL_STEP: String(step) } });
        assert.equal(run.status, 1, `step ${step}: ${run.stderr}`);
        const receipt = receiptOf(run);
        assert.equal(receipt.ok, false);
        assert.deepEqual(codes(run), ['WRITE_FAILED'], `step ${step}`);
        assert.match(receipt.errors[0].message, new RegExp(`injected failure at step ${step} .*every file is as it was before`), `step ${step}`);
        assertSamePicture(picture(base), before, `a failure at step ${step}`);
        temps.removeAll();
      }
    });

    it('a real full disk (a 1 MB tmpfs): the files that fit are not left half-written', function () {
      if (!runningAsRoot) this.skip();
      const base = temps.make('tmpfs');
      const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', base]);
      if (mounted.status !== 0) this.skip();
      try {
        const ws = path.join(base, 'ws');
        const line = 'x'.repeat(99) + '\n';
        // Two files of 300 KB; the edit grows the second by 500 KB, more than the disk has left
        // (written in place, it was cut off half-way).
        writeFiles(ws, { 'one.txt': 'first\n' + line.repeat(3000), 'two.txt': 'second\n' + line.repeat(3000) });
        const before = picture(base);
        const run = apply(ws, searchReplace('one.txt', 'first\n', 'FIRST\n') + searchReplace('two.txt', 'second\n', 'second\n' + 'y'.repeat(99).concat('\n').repeat(5000)));
        assert.equal(run.status, 1, run.stderr);
        assert.deepEqual(codes(run), ['WRITE_FAILED']);
        assert.match(receiptOf(run).errors[0].message, /ENOSPC.*every file is as it was before/);
        assertSamePicture(picture(base), before, 'a full disk');
      } finally {
        spawnSync('umount', [base]);
      }
    });
  });

  describe('a kill -9 during a 20-file write', () => {
    it('at any step leaves every file wholly old (the watchdog puts back what was renamed) and no temporary file', () => {
      const files: Record<string, string> = {};
      for (let i = 0; i < 20; i++) files[`src/f${i}.txt`] = `file ${i}\n${'body line\n'.repeat(50)}`;
      const reply = Object.keys(files).map((file, i) => searchReplace(file, `file ${i}\n`, `FILE ${i} edited\n`)).join('\n') + '\n' + patch('*** Add File: made/here/new.txt', '+new');
      const probe = sandbox(temps, 'kill-probe', files);
      const clean = runCli(['apply', '-', '--root', probe.ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_ANNOUNCE: '1' } });
      assert.equal(clean.status, 0, clean.stderr);
      assert.deepEqual(leftovers(probe.base), []);
      assert.match(fs.readFileSync(path.join(probe.ws, 'src', 'f19.txt'), 'utf8'), /^FILE 19 edited\n/);
      const steps = Number(/written in (\d+) steps/.exec(clean.stderr)?.[1]);
      // Every step of the first and last file, and every third one in between.
      const chosen = [...Array(steps).keys()].map((i) => i + 1).filter((s) => s <= 8 || s > steps - 30 || s % 3 === 0);
      for (const step of chosen) {
        const { base, ws } = sandbox(temps, `kill-${step}`, files);
        const before = picture(base);
        const run = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_KILL_STEP: String(step) } });
        assert.equal(run.signal, 'SIGKILL', `step ${step}: ${run.stderr}`);
        assertSamePicture(picture(base), before, `killed at step ${step}`);
        temps.removeAll();
      }
    });
  });

  describe('another program writing a file between the read and the write', () => {
    async function race(pauseAt: string, change: (file: string) => void) {
      const { base, ws } = sandbox(temps, 'race', { 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
      const resume = path.join(base, 'resume');
      const cli = startCli(['apply', '-', '--root', ws, '--write', '--json'], {
        input: searchReplace('a.txt', 'alpha\n', 'ALPHA\n') + searchReplace('b.txt', 'beta\n', 'BETA\n'),
        env: { APPLY_AI_EDIT_TEST_PAUSE_AT: pauseAt, APPLY_AI_EDIT_TEST_RESUME_FILE: resume },
      });
      await cli.waitFor(/paused at step/);
      change(path.join(ws, 'b.txt'));
      fs.writeFileSync(resume, '');
      const run = await cli.done;
      fs.rmSync(resume);
      return { run, ws, base };
    }

    it('an append before the write aborts the whole reply with OUT_OF_DATE; the append is kept, nothing written', async () => {
      const { run, ws, base } = await race('create', (file) => fs.appendFileSync(file, 'appended by someone else\n'));
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(codes(run), ['OUT_OF_DATE']);
      assert.equal(receiptOf(run).errors[0].path, 'b.txt');
      assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'alpha\n');
      assert.equal(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8'), 'beta\nappended by someone else\n');
      assert.deepEqual(leftovers(base), []);
    });

    it('an append at the very instant of the rename (after the check) is caught too, and kept', async () => {
      const { run, ws, base } = await race('rename over b.txt', (file) => fs.appendFileSync(file, 'just in time\n'));
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(codes(run), ['OUT_OF_DATE']);
      assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'alpha\n', 'the file already renamed is put back');
      assert.equal(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8'), 'beta\njust in time\n');
      assert.deepEqual(leftovers(base), []);
    });

    it('a file saved over (replaced) by an editor before the write is not overwritten', async () => {
      const { run, ws } = await race('create', (file) => {
        fs.writeFileSync(file + '.new', 'saved by the editor\n');
        fs.renameSync(file + '.new', file);
      });
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(codes(run), ['OUT_OF_DATE']);
      assert.equal(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8'), 'saved by the editor\n');
      assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'alpha\n');
    });
  });

  describe('two names of one file inside the root', () => {
    it('a symlink and its target, a path through a linked folder, or hard links are refused as SAME_FILE; nothing written', () => {
      const { base, ws } = sandbox(temps, 'alias', { 'src/a.ts': 'one\ntwo\n' });
      fs.symlinkSync('src/a.ts', path.join(ws, 'alias.ts'));
      fs.symlinkSync('src', path.join(ws, 'lib'));
      fs.linkSync(path.join(ws, 'src', 'a.ts'), path.join(ws, 'hard.ts'));
      const before = picture(base);
      for (const other of ['alias.ts', 'lib/a.ts', 'hard.ts']) {
        const run = apply(ws, searchReplace('src/a.ts', 'one\n', 'ONE\n') + searchReplace(other, 'two\n', 'TWO\n'));
        assert.equal(run.status, 1, `${other}: ${run.stderr}`);
        assert.deepEqual(codes(run), ['SAME_FILE', 'SAME_FILE'], other);
        assert.match(receiptOf(run).errors[0].message, new RegExp(`src/a\\.ts and ${other.replace('.', '\\.')} are one file`));
        assertSamePicture(picture(base), before, other);
      }
    });

    it('one name through a linked folder edits the real file and keeps the links', () => {
      const { base, ws } = sandbox(temps, 'alias-one', { 'src/a.ts': 'one\n' });
      fs.symlinkSync('src', path.join(ws, 'lib'));
      fs.symlinkSync('src/a.ts', path.join(ws, 'alias.ts'));
      assert.equal(apply(ws, searchReplace('lib/a.ts', 'one\n', 'ONE\n')).status, 0);
      assert.equal(apply(ws, searchReplace('alias.ts', 'ONE\n', 'ONE!\n')).status, 0);
      assert.equal(fs.readFileSync(path.join(ws, 'src', 'a.ts'), 'utf8'), 'ONE!\n');
      assert.ok(fs.lstatSync(path.join(ws, 'lib')).isSymbolicLink() && fs.lstatSync(path.join(ws, 'alias.ts')).isSymbolicLink());
      assert.deepEqual(leftovers(base), []);
    });

    it('moving or deleting a symlink itself is refused (NOT_A_FILE) before anything is written', () => {
      const { base, ws } = sandbox(temps, 'link-move', { 'src/a.ts': 'one\n', 'b.txt': 'b\n' });
      fs.symlinkSync('src/a.ts', path.join(ws, 'alias.ts'));
      const before = picture(base);
      for (const reply of [patch('*** Delete File: alias.ts'), patch('*** Update File: alias.ts', '*** Move to: moved.ts'), searchReplace('b.txt', 'b\n', 'B\n') + patch('*** Delete File: alias.ts')]) {
        const run = apply(ws, reply);
        assert.equal(run.status, 1, run.stderr);
        assert.ok(codes(run).includes('NOT_A_FILE'), run.stdout);
        assertSamePicture(picture(base), before, reply);
      }
    });

    it('a hard link keeps the old bytes: the rename gives the edited name a new file (as documented)', () => {
      const { ws } = sandbox(temps, 'hardlink', { 'a.txt': 'old\n' });
      fs.linkSync(path.join(ws, 'a.txt'), path.join(ws, 'b.txt'));
      assert.equal(apply(ws, searchReplace('a.txt', 'old\n', 'new\n')).status, 0);
      assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'new\n');
      assert.equal(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8'), 'old\n');
    });
  });

  describe('a 1.2 GB file named by a reply', () => {
    it('is refused as TOO_LARGE from its size alone: not a byte is read', () => {
      const { ws } = sandbox(temps, 'huge');
      const huge = path.join(ws, 'huge.log');
      const fd = fs.openSync(huge, 'w');
      fs.ftruncateSync(fd, Math.round(1.2 * 1024 * 1024 * 1024)); // sparse: costs no disk
      fs.closeSync(fd);
      // With relatime, reading a file whose access time is older than its modification time updates
      // it: an access time left alone proves the file was not read.
      const past = new Date(Date.now() - 86_400_000 * 30);
      fs.utimesSync(huge, past, new Date());
      const run = apply(ws, searchReplace('huge.log', 'x\n', 'y\n'));
      assert.equal(run.status, 1, run.stderr);
      assert.deepEqual(codes(run), ['TOO_LARGE']);
      assert.match(receiptOf(run).errors[0].message, /huge\.log is 1\.2 GB, over the limit of 10\.0 MB/);
      assert.ok(Math.abs(fs.statSync(huge).atimeMs - past.getTime()) < 1, 'the file was read');
    });
  });

  describe('a FIFO, a socket or a device node at a target path', () => {
    it('is refused as NOT_A_FILE when planned, without blocking or writing into it', async function () {
      const { base, ws } = sandbox(temps, 'special');
      assert.equal(spawnSync('mkfifo', [path.join(ws, 'pipe.txt')]).status, 0, 'mkfifo');
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(path.join(ws, 'socket.txt'), resolve));
      const names = ['pipe.txt', 'socket.txt'];
      if (runningAsRoot && spawnSync('mknod', [path.join(ws, 'null.txt'), 'c', '1', '3']).status === 0) names.push('null.txt');
      try {
        const before = picture(base);
        for (const name of names) {
          for (const reply of [searchReplace(name, 'x\n', 'y\n'), patch(`*** Add File: ${name}`, '+owned'), searchReplace(name, '', 'owned\n')]) {
            const run = apply(ws, reply);
            assert.equal(run.status, 1, `${name}: ${run.stderr}`);
            assert.deepEqual(codes(run), ['NOT_A_FILE'], `${name}: ${run.stdout}`);
          }
          assertSamePicture(picture(base), before, name);
        }
      } finally {
        server.close();
      }
    });
  });

  describe('Add File onto a folder; names the file system cannot hold', () => {
    it('are refused when planned (NOT_A_FILE, NAME_TOO_LONG), never "ready" and then failing at write time', () => {
      const { base, ws } = sandbox(temps, 'names', { 'dir/inside.txt': 'x\n', 'file.txt': 'f\n' });
      const before = picture(base);
      const cases: [string, string, string][] = [
        ['Add File onto a folder', patch('*** Add File: dir', '+hello'), 'NOT_A_FILE'],
        ['a file used as a folder', patch('*** Add File: file.txt/child.txt', '+hello'), 'NOT_A_FILE'],
        ['a 300-character name', patch(`*** Add File: ${'n'.repeat(296)}.txt`, '+hello'), 'NAME_TOO_LONG'],
      ];
      for (const [what, reply, code] of cases) {
        const run = apply(ws, reply);
        assert.equal(run.status, 1, `${what}: ${run.stderr}`);
        assert.deepEqual(codes(run), [code], what);
        assertSamePicture(picture(base), before, what);
      }
      // Parsers take shorter paths; --file takes any, so a 4,500-byte path is refused here.
      for (const what of ['a 4,500-byte path']) {
        const run = apply(ws, '<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\n', ['--file', `${'folder/'.repeat(640)}x.txt`]);
        assert.equal(run.status, 1, `${what}: ${run.stderr}`);
        assert.deepEqual(codes(run), ['NAME_TOO_LONG'], what);
        assertSamePicture(picture(base), before, what);
      }
    });
  });

  describe('modes and folders', () => {
    it('a moved executable keeps its mode; an edited file keeps its mode (and owner, as root)', () => {
      const { ws } = sandbox(temps, 'modes', { 'run.sh': '#!/bin/sh\necho hi\n', 'secret.txt': 'key\n' });
      fs.chmodSync(path.join(ws, 'run.sh'), 0o755);
      fs.chmodSync(path.join(ws, 'secret.txt'), 0o600);
      if (runningAsRoot) fs.chownSync(path.join(ws, 'secret.txt'), 1234, 2345);
      const run = apply(ws, patch('*** Update File: run.sh', '*** Move to: bin/tools/run.sh', '@@', '-echo hi', '+echo hello') + searchReplace('secret.txt', 'key\n', 'new key\n'));
      assert.equal(run.status, 0, run.stderr);
      assert.equal(fs.statSync(path.join(ws, 'bin', 'tools', 'run.sh')).mode & 0o7777, 0o755);
      const secret = fs.statSync(path.join(ws, 'secret.txt'));
      assert.equal(secret.mode & 0o7777, 0o600);
      if (runningAsRoot) assert.deepEqual([secret.uid, secret.gid], [1234, 2345]);
    });

    it('a rollback of a move and a delete puts modes back and removes the folders the write made', () => {
      const files = { 'run.sh': '#!/bin/sh\n', 'gone.sh': '#!/bin/sh\nexit 1\n', 'z.txt': 'z\n' };
      const reply = patch('*** Update File: run.sh', '*** Move to: bin/tools/run.sh', '*** Delete File: gone.sh') + searchReplace('z.txt', 'z\n', 'Z\n');
      const make = (name: string) => {
        const box = sandbox(temps, name, files);
        fs.chmodSync(path.join(box.ws, 'run.sh'), 0o755);
        fs.chmodSync(path.join(box.ws, 'gone.sh'), 0o750);
        return box;
      };
      const probe = make('rollback-probe');
      const counted = runCli(['apply', '-', '--root', probe.ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_ANNOUNCE: '1' } });
      assert.equal(counted.status, 0, counted.stderr);
      const steps = Number(/written in (\d+) steps/.exec(counted.stderr)?.[1]);
      // The last step comes after every rename: the move, the delete and the edit have all happened.
      const { base, ws } = make('rollback');
      const before = picture(base);
      const failed = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_FAIL_STEP: String(steps) } });
      assert.equal(failed.status, 1, failed.stderr);
      assert.match(receiptOf(failed).errors[0].message, /put back .*gone\.sh/);
      assertSamePicture(picture(base), before, 'rolled back');
    });
  });

  describe('a path the reply frees and writes again', () => {
    it('a delete and a move onto the freed name are one replacement; a failure at the last step puts both files back', () => {
      const reply = patch('*** Delete File: b.txt', '*** Update File: a.txt', '*** Move to: b.txt', '@@', '-a', '+a moved');
      const made = sandbox(temps, 'freed', { 'a.txt': 'a\n', 'b.txt': 'b\n' });
      const run = runCli(['apply', '-', '--root', made.ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_ANNOUNCE: '1' } });
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(fs.readdirSync(made.ws), ['b.txt']);
      assert.equal(fs.readFileSync(path.join(made.ws, 'b.txt'), 'utf8'), 'a moved\n');
      const steps = Number(/written in (\d+) steps/.exec(run.stderr)?.[1]);
      const { base, ws } = sandbox(temps, 'freed-fail', { 'a.txt': 'a\n', 'b.txt': 'b\n' });
      const before = picture(base);
      const failed = runCli(['apply', '-', '--root', ws, '--write', '--json'], { input: reply, env: { APPLY_AI_EDIT_TEST_FAIL_STEP: String(steps) } });
      assert.equal(failed.status, 1, failed.stderr);
      assertSamePicture(picture(base), before, 'rolled back');
    });
  });

  describe('--root given through a symlink', () => {
    it('accepts absolute paths inside its real folder, and through the link', () => {
      const base = temps.make('root-link');
      const real = path.join(base, 'real');
      writeFiles(real, { 'a.txt': 'a\n', 'b.txt': 'b\n', 'c.txt': 'c\n' });
      const link = path.join(base, 'link');
      fs.symlinkSync('real', link);
      const realRoot = fs.realpathSync(real);
      const run = apply(link, searchReplace(path.join(realRoot, 'a.txt'), 'a\n', 'A\n') + searchReplace(path.join(link, 'b.txt'), 'b\n', 'B\n'));
      assert.equal(run.status, 0, run.stderr);
      const hinted = apply(link, '<<<<<<< SEARCH\nc\n=======\nC\n>>>>>>> REPLACE\n', ['--file', path.join(link, 'c.txt')]);
      assert.equal(hinted.status, 0, hinted.stderr);
      assert.deepEqual(['a.txt', 'b.txt', 'c.txt'].map((f) => fs.readFileSync(path.join(real, f), 'utf8')), ['A\n', 'B\n', 'C\n']);
      // A path outside both spellings is still outside.
      const outside = apply(link, searchReplace(path.join(base, 'x.txt'), '', 'x\n'));
      assert.deepEqual(codes(outside), ['OUTSIDE_WORKSPACE']);
    });
  });
});
