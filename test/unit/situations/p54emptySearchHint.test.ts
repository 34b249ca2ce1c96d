import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/pipeline';
import { sortedList } from './situationHelpers';

/**
 * An empty SEARCH with a line hint (Roo's `:start_line:N` metadata): an insertion before line N,
 * as Roo's own insertion tests read it ("should insert code at specified line when search block is
 * empty", "should preserve indentation when inserting at nested location"). Stage: placement
 * (src/core/place/append.ts). The hint was ignored and the lines appended after the file's last
 * line (p54/c 26, 37: an import below the whole module, an indented statement after the file's end).
 * Material: packaging 26.2's src/packaging/version.py and sortedcontainers 2.4.0's sortedlist.py,
 * cut to the lines around the hint.
 */

// packaging 26.2 src/packaging/version.py, lines 1-16.
const versionPy = [
  '# This file is dual licensed under the terms of the Apache License, Version',
  '# 2.0, and the BSD License. See the LICENSE file in the root of this repository',
  '# for complete details.',
  '"""',
  '.. testsetup::',
  '',
  '    from packaging.version import parse, normalize_pre, Version, _cmpkey',
  '"""',
  '',
  'from __future__ import annotations',
  '',
  'import re',
  'import sys',
  'import typing',
  'from typing import (',
  '    Any,',
].join('\n') + '\n';


/** Roo's apply_diff with one empty SEARCH under `:start_line:${line}`. */
function rooInsertion(path: string, line: number | undefined, replacement: readonly string[]): string {
  return ['<apply_diff>', `<path>${path}</path>`, '<diff>', '<<<<<<< SEARCH', ...(line === undefined ? [] : [`:start_line:${line}`]), '-------', '=======', ...replacement, '>>>>>>> REPLACE', '</diff>', '</apply_diff>', ''].join('\n');
}

function planned(path: string, text: string, reply: string) {
  return runReply(reply, (p) => (p === path ? text : undefined));
}

describe('pasted replies: an empty SEARCH with a line hint inserts before that line (p54/c 26, 37; Roo insertion)', () => {
  it('`:start_line:12` over `import re`: `import functools` goes above it, not after the last line (26)', () => {
    const result = planned('src/packaging/version.py', versionPy, rooInsertion('src/packaging/version.py', 12, ['import functools']));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, versionPy.replace('import re\n', 'import functools\nimport re\n'));
    assert.deepEqual(result.receipt.files[0].edits.map((e) => [e.strategy, e.startLine]), [['insert', 12]]);
  });

  it('a hint inside a method body: the statement goes there, at the depth it is written (37)', () => {
    const result = planned('sortedcontainers/sortedlist.py', sortedList, rooInsertion('sortedcontainers/sortedlist.py', 11, ['        self._check_not_iterating()']));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, sortedList.replace('        del self._lists[:]\n', '        self._check_not_iterating()\n        del self._lists[:]\n'));
  });

  it('the same lines already standing at the hint are already applied', () => {
    const result = planned('src/packaging/version.py', versionPy, rooInsertion('src/packaging/version.py', 12, ['import re']));
    assert.equal(result.receipt.ok, true);
    assert.deepEqual(result.changes, []);
    assert.equal(result.receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('a hint past the end of the file is refused (NO_MATCH), never appended', () => {
    const result = planned('src/packaging/version.py', versionPy, rooInsertion('src/packaging/version.py', 40, ['import functools']));
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['NO_MATCH']);
    assert.deepEqual(result.changes, []);
  });

  it('the hint one past the last line, or no hint at all, appends as an empty SEARCH always did', () => {
    for (const line of [17, undefined]) {
      const result = planned('src/packaging/version.py', versionPy, rooInsertion('src/packaging/version.py', line, ['__all__ = ["Version"]']));
      assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
      assert.equal(result.changes[0].newText, versionPy + '__all__ = ["Version"]\n');
    }
  });

  it('the file written again under a hint is still refused (FILE_EXISTS), never inserted into itself', () => {
    const again = versionPy.trimEnd().split('\n').slice(9);
    const result = planned('src/packaging/version.py', versionPy, rooInsertion('src/packaging/version.py', 1, again));
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['FILE_EXISTS']);
  });
});
