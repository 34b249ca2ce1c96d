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
