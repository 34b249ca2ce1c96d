import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeRecovery, Journal, readJournal, recover } from '../../../../src/cli/disk/journal';
import { runTransaction } from '../../../../src/cli/disk/transaction';
import { readRegularFile } from '../../../../src/cli/disk/snapshot';

describe('the write journal and its recovery', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-journal-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const at = (name: string) => path.join(dir, name);

  it('puts back a file renamed over and removes a file created, when the process died before the commit', () => {
    fs.writeFileSync(at('a.txt'), 'old a');
    fs.writeFileSync(at('a.tmp'), 'new a');
    fs.writeFileSync(at('b.tmp'), 'new b');
    const journal = Journal.inMemory();
    const identity = (file: string) => ({ dev: fs.statSync(file).dev, ino: fs.statSync(file).ino });
    journal.add({ t: 'temp', path: at('a.tmp') });
    journal.add({ t: 'tempIno', path: at('a.tmp'), ...identity(at('a.tmp')) });
    journal.add({ t: 'temp', path: at('b.tmp') });
    journal.add({ t: 'tempIno', path: at('b.tmp'), ...identity(at('b.tmp')) });
    journal.add({ t: 'backup', path: at('a.orig'), of: at('a.txt') });
    fs.linkSync(at('a.txt'), at('a.orig'));
    journal.add({ t: 'replace', temp: at('a.tmp'), target: at('a.txt'), backup: at('a.orig'), display: 'a.txt' });
    fs.renameSync(at('a.tmp'), at('a.txt'));
    journal.add({ t: 'create', temp: at('b.tmp'), target: at('b.txt'), display: 'b.txt' });
    fs.linkSync(at('b.tmp'), at('b.txt'));
    // Killed here.
    const recovery = recover(journal.entries);
    assert.deepEqual(recovery, { committed: false, restored: ['a.txt'], removed: ['b.txt'], problems: [] });
    assert.deepEqual(fs.readdirSync(dir), ['a.txt']);
    assert.equal(fs.readFileSync(at('a.txt'), 'utf8'), 'old a');
    assert.equal(describeRecovery(recovery), 'every file is as it was before (put back a.txt; removed the new file b.txt)');
  });

  it('keeps an original it cannot put back, and says where it is', () => {
    fs.writeFileSync(at('gone.txt'), 'original');
    const journal = Journal.inMemory();
    journal.add({ t: 'backup', path: at('gone.orig'), of: at('gone.txt') });
    journal.add({ t: 'remove', target: at('gone.txt'), backup: at('gone.orig'), display: 'gone.txt' });
    fs.renameSync(at('gone.txt'), at('gone.orig'));
    fs.writeFileSync(at('gone.txt'), 'someone else made this');
    const recovery = recover(journal.entries);
    assert.equal(recovery.problems.length, 1);
    assert.match(describeRecovery(recovery), /NOT every file could be restored.*gone\.txt was removed and another file now has its name; its original is kept at .*gone\.orig/);
    assert.equal(fs.readFileSync(at('gone.orig'), 'utf8'), 'original');
    assert.equal(fs.readFileSync(at('gone.txt'), 'utf8'), 'someone else made this');
  });

  it('reads a journal file whose last line a kill cut short', () => {
    const file = at('journal.jsonl');
    const journal = Journal.toFile(file);
    journal.add({ t: 'mkdir', path: at('x') });
    journal.add({ t: 'commit' });
    journal.close();
    fs.appendFileSync(file, '{"t":"en');
    assert.deepEqual(readJournal(file).map((e) => e.t), ['mkdir', 'commit']);
  });

  it('runs a transaction (modify, create in new folders, remove) leaving nothing but the new files', () => {
    fs.writeFileSync(at('keep.txt'), 'v1');
    fs.writeFileSync(at('drop.txt'), 'bye');
    fs.chmodSync(at('keep.txt'), 0o640);
    const read = (file: string) => {
      const result = readRegularFile(at(file), 1 << 20);
      assert.ok(result.ok);
      return result.snapshot;
    };
    const none = () => undefined;
    runTransaction(
      [
        { kind: 'write', display: 'keep.txt', target: at('keep.txt'), bytes: Buffer.from('v2'), expect: read('keep.txt'), keep: { mode: 0o640, uid: 0, gid: 0 }, recheck: none },
        { kind: 'write', display: 'n/e/w.txt', target: at('n/e/w.txt'), bytes: Buffer.from('new'), expect: 'absent', recheck: none },
        { kind: 'remove', display: 'drop.txt', target: at('drop.txt'), expect: read('drop.txt'), recheck: none },
      ],
      Journal.inMemory(),
    );
    assert.deepEqual(fs.readdirSync(dir).sort(), ['keep.txt', 'n']);
    assert.equal(fs.readFileSync(at('keep.txt'), 'utf8'), 'v2');
    assert.equal(fs.statSync(at('keep.txt')).mode & 0o777, 0o640);
    assert.equal(fs.readFileSync(at('n/e/w.txt'), 'utf8'), 'new');
  });
});
