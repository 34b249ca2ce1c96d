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
