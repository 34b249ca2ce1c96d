import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';

/** Part of CPython's asyncio/base_tasks.py (3.7), as a model quoting it would find it. */
const file = `
def _task_repr_info(task):
    info = base_futures._future_repr_info(task)

    if task._must_cancel:
        # replace status
        info[0] = 'cancelling'

    coro = coroutines._format_coroutine(task._coro)
    info.insert(1, f'coro=<{coro}>')

    if task._fut_waiter is not None:
        info.insert(2, f'wait_for={task._fut_waiter!r}')
    return info


def _task_get_stack(task, limit):
    frames = []
    try:
        # 'async def' coroutines
        f = task._coro.cr_frame
    except AttributeError:
        f = task._coro.gi_frame
    if f is not None:
        while f is not None:
            if limit is not None:
                if limit <= 0:
                    break
                limit -= 1
            frames.append(f)
            f = f.f_back
        frames.reverse()
    elif task._exception is not None:
        tb = task._exception.__traceback__
`;

const reply = (search: string[], replace: string[]) => ['asyncio/base_tasks.py', '```python', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```', ''].join('\n');
const run = (search: string[], replace: string[]) => runReply(reply(search, replace), (p) => (p === 'asyncio/base_tasks.py' ? file : undefined));

describe('fuzzy rung: a line left out of the quote', () => {
  // The quote skips `f = task._coro.gi_frame`: every line after it stands one line further down.
  const search = [
    "def _task_repr_info(task):",
    "    info = base_futures._future_repr_info(task)",
    "",
    "    if task._must_cancel:",
    "        # replace status",
    "        info[0] = 'cancelling'",
    "",
    "    coro = coroutines._format_coroutine(task._coro)",
    "    info.insert(1, f'coro=<{coro}>')",
    "",
    "    if task._fut_waiter is not None:",
    "        info.insert(2, f'wait_for={task._fut_waiter!r}')",
    "    return info",
    "",
    "",
    "def _task_get_stack(task, limit):",
    "    frames = []",
    "    try:",
    "        # 'async def' coroutines",
    "        f = task._coro.cr_frame",
    "    except AttributeError:",
    "    if f is not None:",
    "        while f is not None:",
    "            if limit is not None:",
    "                if limit <= 0:",
  ];

  it('is no stale line: the left-out-lines rung places the quote around it and keeps it; the window one line off is never written', () => {
    const replace = search.map((line) => line.replace('if limit <= 0:', 'if limit < 1:'));
    const result = run(search, replace);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.receipt.files[0]?.edits[0]?.strategy, 'leftOutLines');
    assert.equal(result.changes[0]?.newText, file.replace('if limit <= 0:', 'if limit < 1:'));
    // Two lines of code left out: no rung before the fuzzy one reads that, and its window one
    // line off is refused, naming the line it misses.
    const twice = search.filter((line) => line !== '        f = task._coro.cr_frame');
    const refused = run(twice, twice.map((line) => line.replace('if limit <= 0:', 'if limit < 1:')));
    assert.equal(refused.receipt.ok, false);
    assert.equal(refused.changes.length, 0);
    const error = refused.receipt.errors[0];
    assert.equal(error?.code, 'NO_MATCH');
    assert.match(error?.message ?? '', /where it leaves out file line 21 \(`f = task\._coro\.cr_frame`\)/);
  });

  it('is placed where the edit changes only lines before the first difference: the lines after it are written from the file, in order', () => {
    const replace = search.map((line) => line.replace('frames = []', 'frames: list = []'));
    const result = run(search, replace);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0]?.newText, file.replace('frames = []', 'frames: list = []'));
  });

  it('still places a quote whose one stale line differs where it stands', () => {
    const stale = search.map((line) => line.replace('frames = []', 'frames = list()'));
    const at = stale.indexOf('    except AttributeError:') + 1;
    const full = [...stale.slice(0, at), '        f = task._coro.gi_frame', ...stale.slice(at)];
    const replace = full.map((line) => line.replace('if limit <= 0:', 'if limit < 1:'));
    const result = run(full, replace);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.receipt.files[0]?.edits[0]?.strategy, 'fuzzy');
    assert.equal(result.changes[0]?.newText, file.replace('if limit <= 0:', 'if limit < 1:'));
  });
});

describe('fuzzy shift check past the end of the file', () => {
  it('reports the nearest lines of a search longer than the file, whose lines array was built, without reading past its end', async () => {
    const { FileIndex } = await import('../../../src/core/locate/fileIndex');
    const { splitFileText } = await import('../../../src/core/text/fileText');
    const { nearestCandidates } = await import('../../../src/core/locate/nearest');
    const text = 'alpha = 1\nbeta = 2\ngamma = 3\n';
    const file = splitFileText(text);
    assert.equal(file.lines.length, 3); // builds the file's array of lines, as some placements do
    // Its last lines stand past the file's end, where the shift check looks one line up and down.
    const needle = { lines: ['alpha = 1', 'beta = 2', 'gamma = 3', 'delta = 7', 'omega = 8'], elisions: new Set<number>() };
    const report = nearestCandidates(new FileIndex(file), needle, undefined);
    assert.ok(report.candidates.length > 0);
    assert.equal(report.candidates[0].startLine, 1);
  });
});

describe('nearest place: a search text with a line the file lacks', () => {
  // msal-common's Authority.ts (16.13.0): the reply quotes a `// dSTS authorities` comment the
  // switch does not have, and deletes it with the DSTS case.
  const authority = [
    '        const pathSegments = authorityUri.PathSegments;',
    '        if (pathSegments.length) {',
    '            switch (pathSegments[0].toLowerCase()) {',
    '                case Constants.ADFS:',
    '                    return AuthorityType.Adfs;',
    '                case Constants.DSTS:',
    '                    return AuthorityType.Dsts;',
    '                default:',
    '                    break;',
    '            }',
    '        }',
    '',
  ].join('\n');
  const reply = 'src/authority/Authority.ts\n```ts\n<<<<<<< SEARCH\n                case Constants.ADFS:\n                    return AuthorityType.Adfs;\n                // dSTS authorities\n                case Constants.DSTS:\n                    return AuthorityType.Dsts;\n                default:\n=======\n                case Constants.ADFS:\n                    return AuthorityType.Adfs;\n                default:\n>>>>>>> REPLACE\n```\n';

  it('is refused without saying it leaves out the line above it (the `switch`): its lines after the extra one stand in their places', () => {
    const result = runReply(reply, (p) => (p === 'src/authority/Authority.ts' ? authority : undefined));
    assert.equal(result.receipt.errors[0]?.code, 'NO_MATCH');
    assert.equal(result.changes.length, 0);
    assert.doesNotMatch(result.receipt.errors[0]?.message ?? '', /leaves out/);
  });
});
