import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';
import { FileIndex } from '../../../src/core/locate/fileIndex';
import { withoutOuterContext } from '../../../src/core/place/outerContext';
import { splitFileText } from '../../../src/core/text/fileText';

/** CPython 3.11's unittest/__init__.py, as fixture 161 holds it. */
const unittestInit = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', '161-udiff-context-changed-since-placed-by-the-rest', 'before', 'unittest', '__init__.py'), 'utf8');
const target = 'unittest/__init__.py';
const apply = (reply: string, text = unittestInit) => runReply(reply, (p) => (p === target ? text : undefined));
const diff = (hunk: string) => `--- a/${target}\n+++ b/${target}\n${hunk}`;

describe('place/outerContext: unchanged lines around an edit that the file no longer has', () => {
  it('places a hunk whose last context lines changed by its other lines, keeping the file\'s lines, with a note', () => {
    // The file has `# deprecated` where the hunk quotes a blank line and a later comment.
    const result = apply(diff('@@ -67,7 +63,6 @@\n from .runner import TextTestRunner, TextTestResult\n from .signals import installHandler, registerResult, removeResult, removeHandler\n # IsolatedAsyncioTestCase will be imported lazily.\n-from .loader import makeSuite, getTestCaseNames, findTestCases\n \n \n # Lazy import of IsolatedAsyncioTestCase from .async_case\n'));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(proposed(result, target), unittestInit.replace('from .loader import makeSuite, getTestCaseNames, findTestCases\n', ''));
    assert.match((result.receipt.files[0].edits[0].warnings ?? []).join('\n'), /2 after it are not there; it was placed by the rest/);
  });

  it('does the same for a SEARCH/REPLACE block, whose unchanged first and last lines are its context', () => {
    const block = `${target}\n\`\`\`\n<<<<<<< SEARCH\nfrom .signals import installHandler, registerResult, removeResult, removeHandler\n# IsolatedAsyncioTestCase will be imported lazily.\nfrom .loader import makeSuite, getTestCaseNames, findTestCases\n\n\n# Lazy import of IsolatedAsyncioTestCase from .async_case\n=======\nfrom .signals import installHandler, registerResult, removeResult, removeHandler\n# IsolatedAsyncioTestCase will be imported lazily.\n\n\n# Lazy import of IsolatedAsyncioTestCase from .async_case\n>>>>>>> REPLACE\n\`\`\`\n`;
    const result = apply(block);
    assert.equal(proposed(result, target), unittestInit.replace('from .loader import makeSuite, getTestCaseNames, findTestCases\n', ''));
    // Quoted with one line with text before it, the two left out after it outweigh what is left.
    const thin = block.replace('from .signals import installHandler, registerResult, removeResult, removeHandler\n', '').replace('from .signals import installHandler, registerResult, removeResult, removeHandler\n', '');
    assert.equal(apply(thin).receipt.errors[0]?.code, 'NO_MATCH');
  });

  it('never leaves out the last unchanged line at an end: the edit must still stand next to what it was written beside', () => {
    // One line of context after the change, and it differs: nothing is left to place it by at that end.
    const result = apply(diff('@@ -67,3 +67,2 @@\n # IsolatedAsyncioTestCase will be imported lazily.\n-from .loader import makeSuite, getTestCaseNames, findTestCases\n # Lazy import of IsolatedAsyncioTestCase from .async_case\n'));
    assert.equal(result.receipt.errors[0]?.code, 'NO_MATCH');
  });

  it('refuses when the changed lines stand twice, or not at all', () => {
    const twice = unittestInit.replace('# deprecated\n', 'from .loader import makeSuite, getTestCaseNames, findTestCases\n# deprecated\n');
    const hunk = diff('@@ -67,7 +63,6 @@\n from .runner import TextTestRunner, TextTestResult\n from .signals import installHandler, registerResult, removeResult, removeHandler\n # IsolatedAsyncioTestCase will be imported lazily.\n-from .loader import makeSuite, getTestCaseNames, findTestCases\n \n \n # Lazy import of IsolatedAsyncioTestCase from .async_case\n');
    assert.equal(apply(hunk, twice).receipt.errors[0]?.code, 'NO_MATCH');
    const gone = unittestInit.replace('from .loader import makeSuite, getTestCaseNames, findTestCases\n', '');
    const result = apply(hunk, gone);
    assert.equal(result.changes.length, 0, 'nothing written where the changed line is gone');
  });

  it('places an insertion by its context only with lines with text left on both sides, and never writes it twice', () => {
    const insertion = (after: string) => diff(`@@ -24,4 +24,5 @@\n from .signals import installHandler, registerResult, removeResult, removeHandler\n # IsolatedAsyncioTestCase will be imported lazily.\n from .loader import makeSuite, getTestCaseNames, findTestCases\n+from .util import strclass\n${after}`);
    // The file has `# deprecated` where the hunk quotes `# Lazy import ...` two lines down: one line of
    // context after the insertion is left, and three lines with text before it.
    const placed = apply(insertion(' \n \n # Lazy import of IsolatedAsyncioTestCase from .async_case\n'));
    assert.equal(placed.receipt.ok, true, JSON.stringify(placed.receipt.errors));
    assert.equal(proposed(placed, target), unittestInit.replace('findTestCases\n', 'findTestCases\nfrom .util import strclass\n'));
    // Applied once, the same reply finds its line there and writes nothing more.
    const again = apply(insertion(' \n \n # Lazy import of IsolatedAsyncioTestCase from .async_case\n'), proposed(placed, target));
    assert.equal(again.changes.length, 0);
    // With no context after it (a hunk ending at the insertion) and its first line changed, the one side is not enough.
    const oneSided = apply(diff('@@ -23,3 +23,4 @@\n from .runner import TextTestRunner\n from .signals import installHandler, registerResult, removeResult, removeHandler\n # IsolatedAsyncioTestCase will be imported lazily.\n+from .util import strclass\n'));
    assert.equal(oneSided.receipt.errors[0]?.code, 'NO_MATCH');
    // An insertion with unchanged lines on one side only is never placed by them: were it applied
    // already, with its first quoted line changed since, it would be written a second time.
    const quoted = ['import warnings', 'from .signals import installHandler, registerResult, removeResult, removeHandler', '# IsolatedAsyncioTestCase will be imported lazily.', 'from .loader import makeSuite, getTestCaseNames, findTestCases', '', '# deprecated'];
    const index = new FileIndex(splitFileText(unittestInit));
    const needle = { lines: quoted, elisions: new Set<number>() };
    assert.equal(withoutOuterContext(index, needle, [...quoted, '_TextTestResult = TextTestResult'], []), undefined);
    // With a line after it too, the same lines place it.
    const both = withoutOuterContext(index, { lines: [...quoted, '_TextTestResult = TextTestResult'], elisions: new Set() }, [...quoted, 'import os', '_TextTestResult = TextTestResult'], []);
    assert.deepEqual(both?.matches.map((m) => [m.start, m.end]), [[67, 73]]);
  });
});
