import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { replyOnFile as result, writtenByReply as written, onTarget, writtenOnTarget } from '../helpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: parse, the reply's formats and fences. Here
 * the reply is read into blocks: an apply_patch input exported as a JSON string, a reply that
 * corrects its own SEARCH/REPLACE block, batch and PowerShell scripts in the fences models tag them
 * with, a README whose own ```bash blocks sit inside Cursor's ```markdown fence, and a git diff cut
 * off inside a closed fence.
 */

describe('pasted replies: an apply_patch input exported as a bare JSON string', () => {
  // GitHub Copilot CLI's session export (Cuantum-Computing-Simulator, shared/interfaces.py,
  // trimmed): the call's arguments printed as one JSON string literal in a ```json fence. It was
  // refused with NO_EDITS_FOUND; wrapped as {"input": …} the same patch applied.
  const path = 'shared/interfaces.py';
  const file = [
    'from pydantic import BaseModel',
    'from typing import Optional',
    '',
    'class CircuitInput(BaseModel):',
    '    initial_state: str',
    '    num_qubits: int',
    '    instructions: list[dict]',
    '    #Check quisquit_buider to understand instructions form',
    '    shots: int ',
    '    num_clbits: int',
    '    #How many experiments you will realize     ',
    '',
  ].join('\n');
  const patch = [
    '*** Begin Patch',
    '*** Update File: shared/interfaces.py',
    '@@',
    '-from pydantic import BaseModel',
    '-from typing import Optional',
    '+from typing import Literal',
    '+from pydantic import BaseModel, Field',
    ' ',
    ' class CircuitInput(BaseModel):',
    '     initial_state: str',
    '-    num_qubits: int',
    '+    num_qubits: int = Field(ge=1)',
    '     instructions: list[dict]',
    '     #Check quisquit_buider to understand instructions form',
    '-    shots: int ',
    '-    num_clbits: int',
    '+    shots: int = Field(ge=1)',
    '+    num_clbits: int = Field(ge=0)',
    '     #How many experiments you will realize     ',
    '*** End Patch',
    '',
  ].join('\n');

  it('decodes the string and applies the patch it holds', () => {
    const reply = ['### ✅ `apply_patch`', '', '<details>', '<summary>Arguments</summary>', '', '```json', JSON.stringify(patch), '```', '', '</details>'].join('\n');
    assert.equal(written(path, file, reply), [
      'from typing import Literal',
      'from pydantic import BaseModel, Field',
      '',
      'class CircuitInput(BaseModel):',
      '    initial_state: str',
      '    num_qubits: int = Field(ge=1)',
      '    instructions: list[dict]',
      '    #Check quisquit_buider to understand instructions form',
      '    shots: int = Field(ge=1)',
      '    num_clbits: int = Field(ge=0)',
      '    #How many experiments you will realize     ',
      '',
    ].join('\n'));
  });
});

describe('pasted replies: a reply that corrects its own block with the same SEARCH (requests\' structures.py)', () => {
  // psf/requests src/requests/structures.py, CaseInsensitiveDict from __iter__ to lower_items.
  const structures = [
    'class CaseInsensitiveDict(MutableMapping[str, _VT], Generic[_VT]):',
    '    def __iter__(self) -> Iterator[str]:',
    '        return (casedkey for casedkey, _ in self._store.values())',
    '',
    '    def __len__(self) -> int:',
    '        return len(self._store)',
    '',
    '    def lower_items(self) -> Iterator[tuple[str, _VT]]:',
    '        """Like iteritems(), but with all lowercase keys."""',
    '        return ((lowerkey, keyval[1]) for (lowerkey, keyval) in self._store.items())',
    '',
  ].join('\n');
  const path = 'src/requests/structures.py';
  const anchor = '    def __len__(self) -> int:\n        return len(self._store)\n';
  const block = (search: string, replacement: string) => `${path}\n\`\`\`python\n<<<<<<< SEARCH\n${search}=======\n${replacement}>>>>>>> REPLACE\n\`\`\`\n`;
  const insertion = (method: string) => block(anchor, `${anchor}\n${method}`);
  const unguarded = '    def __contains__(self, key: object) -> bool:\n        return key.lower() in self._store\n';
  const guarded = '    def __contains__(self, key: object) -> bool:\n        return isinstance(key, str) and key.lower() in self._store\n';

  it('refuses a corrected insertion with the same SEARCH, naming both blocks: both versions were written, the retracted one last (it wins in a class body)', () => {
    const reply = `${insertion(unguarded)}\nWait, that breaks for non-string keys. Here is the corrected version of the block:\n\n${insertion(guarded)}`;
    const planned = result(path, structures, reply);
    assert.equal(planned.changes.length, 0);
    const error = planned.receipt.errors[0];
    assert.equal(error?.code, 'OVERLAPPING_EDITS');
    assert.equal(error?.block, 2);
    assert.match(error?.message ?? '', /blocks 1 and 2 .*both define `def __contains__`/);
    assert.match(error?.nextStep ?? '', /only one of blocks 1 and 2/);
    // A longer "Updated block" (a docstring and a guard) is a version of the same method too.
    const longer = '    def __contains__(self, key: object) -> bool:\n        """Case-insensitive membership test."""\n        if not isinstance(key, str):\n            return False\n        return key.lower() in self._store\n';
    assert.equal(result(path, structures, `${insertion(unguarded)}\nHmm, I should handle non-string keys. Updated block:\n\n${insertion(longer)}`).receipt.errors[0]?.code, 'OVERLAPPING_EDITS');
    // The same pair as two Claude Code Edit calls.
    const call = (method: string) => '```json\n' + JSON.stringify({ type: 'tool_use', name: 'Edit', input: { file_path: path, old_string: anchor.trimEnd(), new_string: `${anchor}\n${method.trimEnd()}` } }) + '\n```\n';
    assert.equal(result(path, structures, `${call(unguarded)}\nCorrected call:\n\n${call(guarded)}`).receipt.errors[0]?.code, 'OVERLAPPING_EDITS');
  });

  it('still applies two different insertions after one anchor in turn, and the same block twice once', () => {
    const clear = '    def clear(self) -> None:\n        self._store.clear()\n';
    assert.equal(written(path, structures, insertion(unguarded) + insertion(clear)), structures.replace(anchor, `${anchor}\n${clear}\n${unguarded}`));
    assert.equal(written(path, structures, insertion(guarded) + insertion(guarded)), structures.replace(anchor, `${anchor}\n${guarded}`));
    // Two imports added under one line, both meant: each block's lines are written.
    const imports = 'import os\n\nprint(os.getcwd())\n';
    const add = (line: string) => `main.py\n\`\`\`python\n<<<<<<< SEARCH\nimport os\n=======\nimport os\n${line}\n>>>>>>> REPLACE\n\`\`\`\n`;
    assert.equal(written('main.py', imports, add('import sys') + add('import re')), 'import os\nimport re\nimport sys\n\nprint(os.getcwd())\n');
  });

  it('names the block a corrected replacement clashes with ("Actually, change that to…")', () => {
    const repr = '    def __repr__(self) -> str:\n        return str(dict(self.items()))\n';
    const file = `${structures}\n${repr}`;
    const reply = `${block(repr, repr.replace('str(dict', 'repr(dict'))}\nActually, change that to show the class name:\n\n${block(repr, repr.replace('str(dict(self.items()))', 'f"CaseInsensitiveDict({dict(self.items())!r})"'))}`;
    const planned = result(path, file, reply);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'OVERLAPPING_EDITS');
    assert.match(planned.receipt.errors[0]?.message ?? '', /only where block 1 of this reply already changes it/);
    assert.match(planned.receipt.errors[0]?.nextStep ?? '', /If block 2 is a corrected version of block 1, re-send the reply with only the version meant/);
  });
});

describe('pasted replies: batch and PowerShell scripts in the fences models tag them with (p48/c 46, 47, 51, 13)', () => {
  // A React build-and-zip .bat (CRLF, no final newline), its first 19 lines.
  const bat = [
    '@echo off', 'setlocal enabledelayedexpansion', '', 'set react_path=react\\firemap', 'set build_folder=build', 'set zip_prefix=build_', '',
    ':: Navigate to the React project directory', 'cd %react_path%', '', ':: Run the build command (replace this with your actual build command)', 'call npm run build', '',
    ':: Check if the build command was successful before proceeding', 'if %errorlevel% neq 0 (', '    echo Error: npm build failed.', '    pause', '    exit /b 1', ')',
  ];
  const batFile = bat.join('\r\n');
  const withPopd = [...bat.slice(0, 17), '    popd', ...bat.slice(17)];
  const wholeIn = (tag: string, name = 'build.bat') => `Here is the updated \`${name}\`:\n\n\`\`\`${tag}\n${withPopd.join('\n')}\n\`\`\`\n`;

  it('writes a whole .bat presented in a ```bat, ```batch, ```cmd or ```text fence, as in a plain one', () => {
    for (const tag of ['bat', 'batch', 'cmd', 'text', '']) assert.equal(written('build.bat', batFile, wholeIn(tag)), withPopd.join('\r\n'), tag);
  });

  it('still leaves a command fence alone for a file of another type, and a terminal session for any', () => {
    // ```powershell is no batch file's content, nor ```bat a Python file's.
    assert.equal(result('build.bat', batFile, wholeIn('powershell')).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    const py = bat.map((line) => line.replace(/^::/, '#')).join('\n');
    assert.equal(result('build.py', py, wholeIn('bat', 'build.py')).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    const session = 'Here is the updated `build.bat`:\n\n```cmd\nC:\\app>build.bat\nBuild completed and zipped to build_1.zip\n```\n';
    assert.equal(result('build.bat', batFile, session).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });

  it('reads `:: ... existing code ...` and `REM ... existing code ...` as elisions, in a ```bat snippet for the target .bat', () => {
    const snippet = (marker: string, tag: string) => `Check that npm exists before building:\n\n\`\`\`${tag}\n@echo off\nsetlocal enabledelayedexpansion\n\nwhere npm >nul 2>&1 || (echo npm not found & exit /b 1)\n\nset react_path=react\\firemap\n${marker}\n\`\`\`\n`;
    const expected = [...bat.slice(0, 3), 'where npm >nul 2>&1 || (echo npm not found & exit /b 1)', '', ...bat.slice(3)].join('\r\n');
    for (const [marker, tag] of [[':: ... existing code ...', 'bat'], ['REM ... existing code ...', 'cmd'], [':: ... existing code ...', '']]) {
      const planned = runReply(snippet(marker, tag), (p) => (p === 'build.bat' ? batFile : undefined), { hintPath: 'build.bat' });
      assert.equal(planned.changes[0]?.newText, expected, `${marker} in ${tag}: ${JSON.stringify(planned.receipt.errors)}`);
    }
    // Without a target file the ```bat snippet names no file: an illustration, as before.
    assert.equal(result('build.bat', batFile, snippet(':: ... existing code ...', 'bat')).receipt.errors[0]?.code, 'NO_EDITS_FOUND');
    // For a target of another type, a ```bat snippet shows commands, not a part of it.
    const other = runReply(snippet(':: ... existing code ...', 'bat'), (p) => (p === 'build.py' ? 'import os\n' : undefined), { hintPath: 'build.py' });
    assert.equal(other.receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });

  // PowerShell/PowerShell tools/verifyCopyright.ps1 (BOM, CRLF), its param block and what follows.
  const ps1 = '\uFEFF# Copyright (c) Microsoft Corporation.\r\n# Licensed under the MIT License.\r\n\r\nparam(\r\n    [string[]]$ChangedFiles\r\n)\r\n\r\n$ErrorActionPreference = \'Stop\'\r\n\r\n# Define copyright patterns for different file types (only those in CONTRIBUTING.md)\r\n$copyrightPatterns = @{\r\n    # C# files\r\n}\r\n';
  const strict = ps1.replace("'Stop'\r\n", "'Stop'\r\nSet-StrictMode -Version Latest\r\n");

  it('writes a whole .ps1 in a ```powershell or ```pwsh fence, and a snippet of it with `# ... existing code ...`', () => {
    const whole = strict.slice(1).replace(/\r\n/g, '\n');
    for (const tag of ['powershell', 'pwsh']) {
      assert.equal(written('tools/verifyCopyright.ps1', ps1, `Updated \`tools/verifyCopyright.ps1\`:\n\n\`\`\`${tag}\n${whole}\`\`\`\n`), strict, tag);
    }
    const snippet = "In `tools/verifyCopyright.ps1`, make the script strict:\n\n```powershell\nparam(\n    [string[]]$ChangedFiles\n)\n\n$ErrorActionPreference = 'Stop'\nSet-StrictMode -Version Latest\n\n# ... existing code ...\n```\n";
    assert.equal(written('tools/verifyCopyright.ps1', ps1, snippet), strict);
  });
});

describe('pasted replies: a README with list-indented ```bash blocks, in Cursor\'s ```markdown fence (p51/b 17, 18)', () => {
  // A Cursor export ("Docker log collector to SQLite", index id 46918649880): the README it wrote,
  // trimmed to one Setup step and three schema rows.
  const path = 'README.md';
  const readme = (binary: string) => [
    '# Docker Log Collector to SQLite',
    '',
    'This Go application connects to running Docker containers, streams their logs, and stores them in an SQLite database.',
    '',
    '## Setup',
    '',
    '1.  **Initialize Go Module (if not already done):**',
    '    ```bash',
    '    go mod init bw_util',
    '    ```',
    '',
    '## Usage',
    '',
    '1.  **Build the application:**',
    '    ```bash',
    `    go build -o ${binary}`,
    '    ```',
    '',
    '2.  **Run the application:**',
    '    ```bash',
    `    ./${binary}`,
    '    ```',
    '    The application will create an SQLite database file named `docker_logs.db` in the same directory and start collecting logs from all running containers.',
    '',
    '## Database Schema',
    '',
    '-   `id` (INTEGER, PRIMARY KEY, AUTOINCREMENT)',
    '-   `timestamp` (TEXT) - Log entry timestamp (RFC3339Nano format)',
    '-   `log_message` (TEXT) - The actual log content',
    '',
    '## Development',
    '',
    '-   Ensure Docker daemon is accessible.',
    '-   Run `go run main.go` for development.',
    '',
  ].join('\n');

  it('keeps the second ```bash block in its list item when the section is re-printed between markers (was: written at the margin)', () => {
    const usage = readme('docker-util').split('\n').slice(11, 23);
    const reply = ['I\'ll update the `README.md` file accordingly in both the build and run command examples.', '', '```markdown', '// ... existing code ...', ...usage, '// ... existing code ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget(path, readme('docker-log-collector'), reply), readme('docker-util'));
  });

  // The turn "implement these suggestions": the whole README again, five places changed, the last
  // list item among them, and a blank line above the closing fence.
  const improved = readme('docker-util')
    .replace('streams their logs,', 'streams their logs in real-time,')
    .replace('    ./docker-util\n', '    ./docker-util [options]\n')
    .replace('named `docker_logs.db` in the same directory and', '(defaults to `./docker_logs.db` if not specified) and')
    .replace('start collecting logs from all running containers.\n', 'start collecting logs from all running containers.\n\n    **Options:**\n    *   `--dbpath <path>`: Specifies the path for the SQLite database file.\n')
    .replace('(RFC3339Nano format)', '(RFC3339Nano format, typically UTC)')
    .replace('for development.', 'for development (you can also pass flags: `go run main.go --dbpath ./custom_dev.db`).');

  it('writes the whole README re-printed with its last line extended, without the blank line above the fence (was: NO_EDITS_FOUND, "neither the whole file")', () => {
    assert.equal(writtenOnTarget(path, readme('docker-util'), '```markdown\n' + improved + '\n```\n'), improved);
    assert.equal(writtenOnTarget(path, readme('docker-util'), '````markdown\n' + improved + '\n````\n'), improved);
  });

  it('changes nothing with the README re-printed as it is, a blank line above the fence', () => {
    const planned = onTarget(path, readme('docker-util'), '```markdown\n' + readme('docker-util') + '\n```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.receipt.files[0]?.edits[0]?.status, 'alreadyApplied');
  });

  it('still takes the top of the README alone, its last line edited, for a part: the file\'s later lines stay', () => {
    const top = improved.split('\n').slice(0, 24).join('\n');
    const planned = onTarget(path, readme('docker-util'), '```markdown\n' + top + '\n```\n');
    const text = planned.changes[0]?.newText ?? readme('docker-util');
    assert.ok(text.includes('-   Run `go run main.go` for development.\n'), text);
    assert.ok(text.includes('## Database Schema'), text);
  });
});

describe('pasted replies: a git diff cut off mid-hunk inside a closed fence', () => {
  // pytest's src/_pytest/skipping.py at the pytest-dev__pytest-7432 base (blob 7bd975e5a), the hook
  // the patch changes; the patch is an agent's "Completion A" (index 7bd975e5a..a630dbd4f): one
  // hunk turning the hook's `elif` chain into `else:` and a nested `if`.
  const path = 'src/_pytest/skipping.py';
  const hook = "@hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item: Item, call: CallInfo[None]):\n    outcome = yield\n    rep = outcome.get_result()\n    xfailed = item._store.get(xfailed_key, None)\n    # unittest special case, see setting of unexpectedsuccess_key\n    if unexpectedsuccess_key in item._store and rep.when == \"call\":\n        reason = item._store[unexpectedsuccess_key]\n        if reason:\n            rep.longrepr = \"Unexpected success: {}\".format(reason)\n        else:\n            rep.longrepr = \"Unexpected success\"\n        rep.outcome = \"failed\"\n    elif item.config.option.runxfail:\n        pass  # don't interfere\n    elif call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n        assert call.excinfo.value.msg is not None\n        rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n        rep.outcome = \"skipped\"\n    elif not rep.skipped and xfailed:\n        if call.excinfo:\n            raises = xfailed.raises\n            if raises is not None and not isinstance(call.excinfo.value, raises):\n                rep.outcome = \"failed\"\n            else:\n                rep.outcome = \"skipped\"\n                rep.wasxfail = xfailed.reason\n        elif call.when == \"call\":\n            if xfailed.strict:\n                rep.outcome = \"failed\"\n                rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n            else:\n                rep.outcome = \"passed\"\n                rep.wasxfail = xfailed.reason\n    elif (\n        item._store.get(skipped_by_mark_key, True)\n        and rep.skipped\n        and type(rep.longrepr) is tuple\n    ):\n        # skipped by mark.skipif; change the location of the failure\n        # to point to the item definition, otherwise it will display\n        # the location of where the skip exception was raised within pytest\n        _, _, reason = rep.longrepr\n        filename, line = item.reportinfo()[:2]\n        assert line is not None\n        rep.longrepr = str(filename), line + 1, reason\n";
  const diff = "diff --git a/src/_pytest/skipping.py b/src/_pytest/skipping.py\nindex 7bd975e5a..a630dbd4f 100644\n--- a/src/_pytest/skipping.py\n+++ b/src/_pytest/skipping.py\n@@ -270,35 +270,33 @@ def pytest_runtest_makereport(item: Item, call: CallInfo[None]):\n         else:\n             rep.longrepr = \"Unexpected success\"\n         rep.outcome = \"failed\"\n-    elif item.config.option.runxfail:\n-        pass  # don't interfere\n-    elif call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n-        assert call.excinfo.value.msg is not None\n-        rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n-        rep.outcome = \"skipped\"\n-    elif not rep.skipped and xfailed:\n-        if call.excinfo:\n-            raises = xfailed.raises\n-            if raises is not None and not isinstance(call.excinfo.value, raises):\n-                rep.outcome = \"failed\"\n-            else:\n+    else:\n+        if not item.config.option.runxfail:\n+            if call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n+                assert call.excinfo.value.msg is not None\n+                rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n                 rep.outcome = \"skipped\"\n-                rep.wasxfail = xfailed.reason\n-        elif call.when == \"call\":\n-            if xfailed.strict:\n-                rep.outcome = \"failed\"\n-                rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n-            else:\n-                rep.outcome = \"passed\"\n-                rep.wasxfail = xfailed.reason\n-    elif (\n+            elif not rep.skipped and xfailed:\n+                if call.excinfo:\n+                    raises = xfailed.raises\n+                    if raises is not None and not isinstance(call.excinfo.value, raises):\n+                        rep.outcome = \"failed\"\n+                    else:\n+                        rep.outcome = \"skipped\"\n+                        rep.wasxfail = xfailed.reason\n+                elif call.when == \"call\":\n+                    if xfailed.strict:\n+                        rep.outcome = \"failed\"\n+                        rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n+                    else:\n+                        rep.outcome = \"passed\"\n+                        rep.wasxfail = xfailed.reason\n+\n+    if (\n         item._store.get(skipped_by_mark_key, True)\n         and rep.skipped\n         and type(rep.longrepr) is tuple\n     ):\n-        # skipped by mark.skipif; change the location of the failure\n-        # to point to the item definition, otherwise it will display\n-        # the location of where the skip exception was raised within pytest\n         _, _, reason = rep.longrepr\n         filename, line = item.reportinfo()[:2]\n         assert line is not None\n";
  // The same diff cut off after `+            elif not rep.skipped and xfailed:` (its header still
  // counts 35 old and 33 new lines), the fence closed after it.
  const cutBody = "diff --git a/src/_pytest/skipping.py b/src/_pytest/skipping.py\nindex 7bd975e5a..a630dbd4f 100644\n--- a/src/_pytest/skipping.py\n+++ b/src/_pytest/skipping.py\n@@ -270,35 +270,33 @@ def pytest_runtest_makereport(item: Item, call: CallInfo[None]):\n         else:\n             rep.longrepr = \"Unexpected success\"\n         rep.outcome = \"failed\"\n-    elif item.config.option.runxfail:\n-        pass  # don't interfere\n-    elif call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n-        assert call.excinfo.value.msg is not None\n-        rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n-        rep.outcome = \"skipped\"\n-    elif not rep.skipped and xfailed:\n-        if call.excinfo:\n-            raises = xfailed.raises\n-            if raises is not None and not isinstance(call.excinfo.value, raises):\n-                rep.outcome = \"failed\"\n-            else:\n+    else:\n+        if not item.config.option.runxfail:\n+            if call.excinfo and isinstance(call.excinfo.value, xfail.Exception):\n+                assert call.excinfo.value.msg is not None\n+                rep.wasxfail = \"reason: \" + call.excinfo.value.msg\n                 rep.outcome = \"skipped\"\n-                rep.wasxfail = xfailed.reason\n-        elif call.when == \"call\":\n-            if xfailed.strict:\n-                rep.outcome = \"failed\"\n-                rep.longrepr = \"[XPASS(strict)] \" + xfailed.reason\n-            else:\n-                rep.outcome = \"passed\"\n-                rep.wasxfail = xfailed.reason\n-    elif (\n+            elif not rep.skipped and xfailed:\n";

  it('refuses the hunk whose fence closes before the lines its git header counts, when the missing lines hold changes (the `elif` chain was deleted and the new `elif` left without its body)', () => {
    for (const reply of ['Here is the fix:\n\n```diff\n' + cutBody + '```\n', 'Here is the fix:\n\n```diff\n' + cutBody + '```\n\nThis should resolve the issue.\n']) {
      const planned = result(path, hook, reply);
      assert.equal(planned.changes.length, 0);
      assert.equal(planned.receipt.errors[0]?.code, 'INCOMPLETE_BLOCK');
      assert.match(planned.receipt.errors[0]?.message ?? '', /counts 35 old and 33 new lines, and the fence holds 25 and 10/);
    }
  });

  it('applies the whole hunk in a closed fence, and under a header over-counting both sides alike (after-context counted, not written)', () => {
    const whole = written(path, hook, '```diff\n' + diff + '```\n');
    assert.match(whole, /    else:\n        if not item.config.option.runxfail:\n/);
    assert.match(whole, /                        rep.wasxfail = xfailed.reason\n\n    if \(\n/);
    assert.equal(written(path, hook, '```diff\n' + diff.replace('@@ -270,35 +270,33 @@', '@@ -270,37 +270,35 @@') + '```\n'), whole);
    // Its three after-context lines left out, still counted: both sides 3 short alike, which
    // context alone explains (bare at the reply's end, git's counts refuse it as cut).
    const withoutAfterContext = diff.split('\n').slice(0, -4).join('\n') + '\n';
    assert.match(withoutAfterContext, /# the location of where the skip exception was raised within pytest\n$/);
    assert.equal(written(path, hook, '```diff\n' + withoutAfterContext + '```\n'), whole);
  });
});
