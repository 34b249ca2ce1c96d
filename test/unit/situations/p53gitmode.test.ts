import * as assert from 'node:assert/strict';
import { runReply, type FileMode, type PlanOptions } from '../../../src/core/pipeline';

/**
 * A git diff's file modes (`old mode 100644` / `new mode 100755`, `new file mode 100755`): part of
 * its file operation, as `git apply` applies them. Stage: parse (`modeChangeOf` in
 * src/core/parse/unifiedDiff.ts, a `ModeOp`) and placement (`placeMode` in src/core/place/mode.ts):
 * the plan's change carries the executable bit (`FileChange.executable`) for the host to set. The
 * mode was dropped while the receipt said ok (p53/f 26, 35), and a diff of the mode alone was
 * refused as "no edit blocks were found" (p53/f 27). Material: bzip2 1.0.8's scripts, real
 * `git diff` output of git 2.39.5.
 */

// bzip2 1.0.8 bzdiff, lines 50-80 (its tabs and trailing spaces as they are).
const bzdiff = [
  "elif test $# -eq 2; then",
  "\tcase \"$1\" in",
  "        *.bz2)",
  "                case \"$2\" in",
  "\t        *.bz2)",
  "\t\t\tF=`echo \"$2\" | sed 's|.*/||;s|.bz2$||'`",
  "\t\t\ttmp=`mktemp \"${TMPDIR:-/tmp}\"/bzdiff.XXXXXXXXXX` || {",
  "\t\t\t      echo 'cannot create a temporary file' >&2",
  "\t\t\t      exit 1",
  "\t\t\t}",
  "                        bzip2 -cdfq \"$2\" > \"$tmp\"",
  "                        bzip2 -cdfq \"$1\" | $comp $OPTIONS - \"$tmp\"",
  "                        STAT=\"$?\"",
  "\t\t\t/bin/rm -f \"$tmp\";;",
  "",
  "                *)      bzip2 -cdfq \"$1\" | $comp $OPTIONS - \"$2\"",
  "                        STAT=\"$?\";;",
  "                esac;;",
  "        *)      case \"$2\" in",
  "\t        *.bz2)",
  "                        bzip2 -cdfq \"$2\" | $comp $OPTIONS \"$1\" -",
  "                        STAT=\"$?\";;",
  "                *)      $comp $OPTIONS \"$1\" \"$2\"",
  "                        STAT=\"$?\";;",
  "                esac;;",
  "\tesac",
  "else",
  "\techo \"Usage: $prog [${comp}_options] file [file]\"",
  "\texit 1",
  "fi",
  "exit \"$STAT\"",
].join('\n') + '\n';

/** The reply planned on `files` (no other file exists), the host saying each file's mode as `modes` does. */
function planned(files: Record<string, string>, reply: string, modes: Record<string, FileMode> = {}, options: PlanOptions = {}) {
  return runReply(reply, (p) => files[p], { modeOf: (p) => modes[p], ...options });
}

const regular: FileMode = { executable: false, link: false };
const executable: FileMode = { executable: true, link: false };

const hunkWithMode = [
  'Make it executable and drop the hard-coded /bin/rm:',
  '',
  '```diff',
  'diff --git a/bin/bzdiff b/bin/bzdiff',
  'old mode 100644',
  'new mode 100755',
  'index ccfac87..fa28e9a',
  '--- a/bin/bzdiff',
  '+++ b/bin/bzdiff',
  '@@ -60,7 +60,7 @@ elif test $# -eq 2; then',
  '                         bzip2 -cdfq "$2" > "$tmp"',
  '                         bzip2 -cdfq "$1" | $comp $OPTIONS - "$tmp"',
  '                         STAT="$?"',
  '-\t\t\t/bin/rm -f "$tmp";;',
  '+\t\t\trm -f "$tmp";;',
  ' ',
  '                 *)      bzip2 -cdfq "$1" | $comp $OPTIONS - "$2"',
  '                         STAT="$?";;',
  '```',
  '',
].join('\n');

const modeOnly = [
  'The script lost its executable bit; restore it:',
  '',
  '```diff',
  'diff --git a/bin/bzmore b/bin/bzmore',
  'old mode 100644',
  'new mode 100755',
  '```',
  '',
].join('\n');

// bzip2 1.0.8 bzgrep's first five lines, as git diff gives a new executable (the count fitted to them).
const newScript = [
  'Add a bzgrep wrapper next to bzdiff:',
  '',
  '```diff',
  'diff --git a/bin/bzgrep b/bin/bzgrep',
  'new file mode 100755',
  'index 0000000..af472e9',
  '--- /dev/null',
  '+++ b/bin/bzgrep',
  '@@ -0,0 +1,5 @@',
  '+#!/bin/sh',
  '+',
  '+# bzgrep -- a wrapper around a grep program that decompresses files as needed',
  '+# Adapted from zgrep of the Debian gzip package by Anibal Monsalve Salazar.',
  '+# Adapted from a version sent by Charles Levert <charles@comm.polymtl.ca>',
  '```',
  '',
].join('\n');
const bzgrep = [
  '#!/bin/sh',
  '',
  '# bzgrep -- a wrapper around a grep program that decompresses files as needed',
  '# Adapted from zgrep of the Debian gzip package by Anibal Monsalve Salazar.',
  '# Adapted from a version sent by Charles Levert <charles@comm.polymtl.ca>',
  '',
].join('\n');

describe('pasted replies: a git diff\'s file mode is part of its file operation (p53/f 26, 27, 35; bzip2 scripts)', () => {
  it('old mode 100644 / new mode 100755 over a hunk: the hunk is applied and the change makes the file executable, the receipt says so (26)', () => {
    const result = planned({ 'bin/bzdiff': bzdiff }, hunkWithMode, { 'bin/bzdiff': regular });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes.length, 1);
    const [change] = result.changes;
    assert.equal(change.newText, bzdiff.replace('\t\t\t/bin/rm -f "$tmp";;\n', '\t\t\trm -f "$tmp";;\n'));
    assert.equal(change.executable, true);
    const [file] = result.receipt.files;
    assert.equal(file.executable, true);
    assert.deepEqual(file.edits.map((e) => [e.strategy, e.status]), [['exact', 'applied'], ['mode', 'applied']]);
    assert.deepEqual(file.edits[1].warnings, ['made executable (mode 100755)']);
  });

  it('the same diff on a file already executable: the mode is already applied, the change is the text alone', () => {
    const result = planned({ 'bin/bzdiff': bzdiff }, hunkWithMode, { 'bin/bzdiff': executable });
    assert.equal(result.receipt.ok, true);
    assert.equal(result.changes[0].executable, undefined);
    assert.equal(result.receipt.files[0].edits[1].status, 'alreadyApplied');
  });

  it('a diff of the mode alone is a change of its own, the text untouched: never NO_EDITS_FOUND (27)', () => {
    const bzmore = '#!/bin/sh\n\n# Bzmore wrapped for bzip2,\n';
    const result = planned({ 'bin/bzmore': bzmore }, modeOnly, { 'bin/bzmore': regular });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.deepEqual(result.changes, [{ path: 'bin/bzmore', action: 'modify', originalText: bzmore, newText: bzmore, executable: true }]);
    assert.deepEqual(result.receipt.files[0].edits.map((e) => [e.block, e.strategy, e.status]), [[1, 'mode', 'applied']]);
  });

  it('a diff of the mode alone on a file already so: already applied, nothing to write', () => {
    const result = planned({ 'bin/bzmore': '#!/bin/sh\n' }, modeOnly, { 'bin/bzmore': executable });
    assert.equal(result.receipt.ok, true);
    assert.deepEqual(result.changes, []);
    assert.equal(result.receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('new file mode 100755: the file is created with its text and made executable (35)', () => {
    const result = planned({ 'bin/bzdiff': bzdiff }, newScript);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.deepEqual(result.changes, [{ path: 'bin/bzgrep', action: 'create', originalText: undefined, newText: bzgrep, executable: true }]);
    assert.equal(result.receipt.files[0].executable, true);
  });

  it('new file mode 100644 is what a new file is anyway: created with no mode to set', () => {
    const result = planned({}, newScript.replace('new file mode 100755', 'new file mode 100644'));
    assert.equal(result.receipt.ok, true);
    assert.deepEqual(result.changes, [{ path: 'bin/bzgrep', action: 'create', originalText: undefined, newText: bzgrep }]);
  });

  it('new mode 100644 on an executable takes its executable bit away', () => {
    const reply = modeOnly.replace('old mode 100644\nnew mode 100755', 'old mode 100755\nnew mode 100644');
    const result = planned({ 'bin/bzmore': '#!/bin/sh\n' }, reply, { 'bin/bzmore': executable });
    assert.equal(result.receipt.ok, true);
    assert.equal(result.changes[0].executable, false);
    assert.deepEqual(result.receipt.files[0].edits[0].warnings, ['no longer executable (mode 100644)']);
  });

  it('a rename that also changes the mode: the moved file is made executable', () => {
    const reply = ['```diff', 'diff --git a/bin/bzmore b/bin/bzless', 'old mode 100644', 'new mode 100755', 'similarity index 100%', 'rename from bin/bzmore', 'rename to bin/bzless', '```', ''].join('\n');
    const result = planned({ 'bin/bzmore': '#!/bin/sh\n' }, reply, { 'bin/bzmore': regular });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.deepEqual(result.changes, [{ path: 'bin/bzmore', action: 'move', to: 'bin/bzless', originalText: '#!/bin/sh\n', newText: '#!/bin/sh\n', executable: true }]);
  });

  it('git\'s index line with the file\'s mode (index a..b 100755) changes no mode', () => {
    const reply = hunkWithMode.replace('old mode 100644\nnew mode 100755\nindex ccfac87..fa28e9a', 'index ccfac87..fa28e9a 100755');
    const result = planned({ 'bin/bzdiff': bzdiff }, reply, { 'bin/bzdiff': regular });
    assert.equal(result.receipt.ok, true);
    assert.equal(result.changes[0].executable, undefined);
    assert.equal(result.receipt.files[0].edits.length, 1);
  });

  it('a deleted file\'s mode is the file\'s going: deleted, no mode set', () => {
    const reply = ['```diff', 'diff --git a/bin/bzmore b/bin/bzmore', 'deleted file mode 100755', 'index e69de29..0000000', '```', ''].join('\n');
    const result = planned({ 'bin/bzmore': '' }, reply, { 'bin/bzmore': executable });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.deepEqual(result.changes, [{ path: 'bin/bzmore', action: 'delete', originalText: '', newText: undefined }]);
  });

  it('a mode change through a symbolic link is refused (NOT_A_FILE): it would change the file the link points to', () => {
    const result = planned({ 'bin/bzdiff': bzdiff }, hunkWithMode, { 'bin/bzdiff': { executable: false, link: true } });
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['NOT_A_FILE']);
    assert.deepEqual(result.changes, []);
  });

  it('a hunk that is not placed fails its file whole: no text and no mode is written, and the receipt gives the file no mode', () => {
    const stale = bzdiff.replace('/bin/rm -f "$tmp";;', 'command rm -f "$tmp";;');
    const result = planned({ 'bin/bzdiff': stale }, hunkWithMode, { 'bin/bzdiff': regular });
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.changes, []);
    assert.equal(result.receipt.files[0].executable, undefined);
  });

  it('a mode change of a file that does not exist is FILE_NOT_FOUND', () => {
    const result = planned({}, modeOnly);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['FILE_NOT_FOUND']);
  });

  it('a mode that is not a regular file\'s (a type change to a link, 120000) is refused by name, nothing changed', () => {
    const result = planned({ 'bin/bzmore': '#!/bin/sh\n' }, modeOnly.replace('new mode 100755', 'new mode 120000'), { 'bin/bzmore': regular });
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['PARSE_ERROR']);
    assert.match(result.receipt.errors[0].message, /symbolic link's mode \(120000\)/);
    assert.deepEqual(result.changes, []);
  });

  it('a host that cannot tell modes gets the change, to set or to say it could not', () => {
    const result = runReply(modeOnly, (p) => (p === 'bin/bzmore' ? '#!/bin/sh\n' : undefined));
    assert.equal(result.receipt.ok, true);
    assert.equal(result.changes[0].executable, true);
  });

  it('a diff written from a folder above the workspace (`bzip2-1.0.8/bin/bzdiff`): the mode goes where its hunk was taken, never FILE_NOT_FOUND (CPython replay, diff-rooted)', () => {
    const reply = hunkWithMode.replace(/([ab])\/bin\/bzdiff/g, '$1/bzip2-1.0.8/bin/bzdiff');
    const result = planned({ 'bin/bzdiff': bzdiff }, reply, { 'bin/bzdiff': regular });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes.length, 1);
    assert.equal(result.changes[0].path, 'bin/bzdiff');
    assert.equal(result.changes[0].executable, true);
    assert.deepEqual(result.receipt.files[0].edits.map((e) => [e.strategy, e.status]), [['exact', 'applied'], ['mode', 'applied']]);
  });

  it('a mode-only section for a path that does not exist, with no hunk taken anywhere, is still FILE_NOT_FOUND', () => {
    const result = planned({ 'bin/bzmore': '#!/bin/sh\n' }, modeOnly.replace(/bin\/bzmore/g, 'bzip2-1.0.8/bin/bzmore'), { 'bin/bzmore': regular });
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['FILE_NOT_FOUND']);
  });
});
