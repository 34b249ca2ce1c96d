import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

/** Runs a diff against a workspace of `files`; a path not among them does not exist. */
function run(diff: string, files: Record<string, string>) {
  return runReply(diff, (path) => files[path]);
}

describe('diff headers as GNU diff and git write them', () => {
  it('reads an epoch timestamp as /dev/null: +++ at the epoch deletes the file, --- at the epoch creates it', () => {
    const removed = run(['diff -ruN a/file b/file', '--- a/file\t1982-09-17 00:00:00.000000000 +0900', '+++ b/file\t1970-01-01 09:00:00.000000000 +0900', '@@ -1 +0,0 @@', '-something', ''].join('\n'), { file: 'something\n' });
    assert.deepEqual(removed.changes.map((c) => [c.path, c.newText]), [['file', undefined]]);
    const created = run(['--- a/notes.txt\t1969-12-31 16:00:00.000000000 -0800', '+++ b/notes.txt\t2024-05-01 10:00:00.000000000 -0700', '@@ -0,0 +1,2 @@', '+one', '+two', ''].join('\n'), {});
    assert.equal(proposed(created, 'notes.txt'), 'one\ntwo\n');
    // Another 1970 time is a date like any other: the file is edited, not deleted.
    const kept = run(['--- a/file\t1982-09-17 00:00:00 +0000', '+++ b/file\t1970-01-01 00:00:01 +0000', '@@ -1 +1 @@', '-something', '+other', ''].join('\n'), { file: 'something\n' });
    assert.equal(proposed(kept, 'file'), 'other\n');
  });

  it('creates a missing file from a lone @@ -0,0 @@ hunk under --- a/x, as git apply does; an existing file gets the lines at its top', () => {
    const diff = ['--- notes.txt.orig', '+++ notes.txt', '@@ -0,0 +1,2 @@', '+one', '+two', ''].join('\n');
    assert.equal(proposed(run(diff, {}), 'notes.txt'), 'one\ntwo\n');
    assert.equal(proposed(run(diff, { 'notes.txt': 'three\n' }), 'notes.txt'), 'one\ntwo\nthree\n');
    const unended = ['--- a/n.txt', '+++ b/n.txt', '@@ -0,0 +1 @@', '+one', '\\ No newline at end of file', ''].join('\n');
    assert.equal(proposed(run(unended, {}), 'n.txt'), 'one');
  });

  it('refuses a git section whose --- or +++ name contradicts its diff --git line for a file it creates or deletes, or that creates and renames at once', () => {
    const files = { f: '1\n', 'f-blah': '1\n' };
    for (const diff of [
      ['diff --git a/f b/f', 'deleted file mode 100644', '--- b/f-blah', '+++ /dev/null', '@@ -1 +0,0 @@', '-1', ''],
      ['diff --git a/g b/g', 'new file mode 100644', '--- /dev/null', '+++ b/g-blah', '@@ -0,0 +1 @@', '+1', ''],
      ['diff --git a/1 b/2', 'new file mode 100644', 'rename from 1', 'rename to 2', ''],
    ]) {
      const result = run(diff.join('\n'), files);
      assert.equal(result.changes.length, 0, diff[0]);
      assert.equal(result.receipt.errors[0]?.code, 'PARSE_ERROR', diff[0]);
    }
  });
});

describe('deletions and names as GNU patch and git apply check them', () => {
  it('deletes a file only while it holds what the diff removes (trailing whitespace and endings aside); an empty file always', () => {
    const diff = ['--- a/f', '+++ /dev/null', '@@ -1,2 +0,0 @@', '-one', '-two', ''].join('\n');
    assert.deepEqual(run(diff, { f: 'one  \r\ntwo\r\n' }).changes.map((c) => [c.path, c.action]), [['f', 'delete']]);
    for (const held of ['other\ntwo\n', 'one\ntwo\nthree\n', 'one\n']) {
      const refused = run(diff, { f: held });
      assert.equal(refused.changes.length, 0, held);
      assert.equal(refused.receipt.errors[0]?.code, 'OUT_OF_DATE', held);
    }
    assert.deepEqual(run(diff, { f: '' }).changes.map((c) => c.action), ['delete']);
    // git's empty blob, no hunk: the file must be empty.
    const emptyBlob = ['diff --git a/f b/f', 'deleted file mode 100644', 'index e69de29..0000000', ''].join('\n');
    assert.equal(run(emptyBlob, { f: 'text\n' }).receipt.errors[0]?.code, 'OUT_OF_DATE');
    assert.deepEqual(run(emptyBlob, { f: '' }).changes.map((c) => c.action), ['delete']);
    // Edited, then deleted by a later diff of the reply: compared with the edited text.
    const editThenDelete = ['--- a/f', '+++ b/f', '@@ -1 +1 @@', '-one', '+two', '--- a/f', '+++ /dev/null', '@@ -1 +0,0 @@', '-two', ''].join('\n');
    assert.deepEqual(run(editThenDelete, { f: 'one\n' }).changes.map((c) => c.action), ['delete']);
  });

  it('writes nothing for a file the reply creates and deletes again', () => {
    const diff = ['--- /dev/null', '+++ b/f', '@@ -0,0 +1 @@', '+one', '--- a/f', '+++ /dev/null', '@@ -1 +0,0 @@', '-one', ''].join('\n');
    const result = run(diff, {});
    assert.deepEqual(result.changes, []);
    assert.equal(result.receipt.ok, true);
  });

  it('edits the shorter of two names that both exist (diff -u f.orig f patches f), and creates the shorter when neither does', () => {
    const diff = ['--- f.orig', '+++ f', '@@ -1 +1 @@', '-one', '+two', ''].join('\n');
    const both = run(diff, { 'f.orig': 'one\n', f: 'one\n' });
    assert.deepEqual(both.changes.map((c) => [c.path, c.newText]), [['f', 'two\n']]);
    // Only one exists: that one, whichever it is.
    assert.deepEqual(run(diff, { 'f.orig': 'one\n' }).changes.map((c) => c.path), ['f.orig']);
    const creation = ['--- f', '+++ f.new', '@@ -0,0 +1 @@', '+one', ''].join('\n');
    assert.deepEqual(run(creation, {}).changes.map((c) => [c.path, c.action]), [['f', 'create']]);
  });
});
