import * as assert from 'node:assert/strict';
import { withCopiedNoBreakSpacesAsSpaces } from '../../../src/core/parse/noBreakSpaces';
import { createStreamingParser } from '../../../src/core/parse/streaming';
import { parseReply } from '../../../src/core/parse/registry';
import type { ReplaceOp } from '../../../src/core/ir';

const NBSP = '\u00a0';

describe('parse/noBreakSpaces', () => {
  it('reads runs of no-break spaces a rendered page wrote for indentation as spaces', () => {
    assert.equal(withCopiedNoBreakSpacesAsSpaces(`${NBSP.repeat(4)}return x`), '    return x');
    // `&nbsp; &nbsp;`: every other character of the run.
    assert.equal(withCopiedNoBreakSpacesAsSpaces(`${NBSP} ${NBSP} return x`), '    return x');
    // After a diff's `+` or a JSON string's `\n`: the run is still a run.
    assert.equal(withCopiedNoBreakSpacesAsSpaces(`+${NBSP}${NBSP}y = 1`), '+  y = 1');
    assert.equal(withCopiedNoBreakSpacesAsSpaces(`"a\\n${NBSP}${NBSP}b"`), '"a\\n  b"');
    // At a line's start or end, and inside a line next to a space (aligned comments).
    assert.equal(withCopiedNoBreakSpacesAsSpaces(`${NBSP}x = 1${NBSP} # one${NBSP}\ny`), ' x = 1  # one \ny');
  });

  it('keeps a no-break space standing alone between visible characters, as text means it', () => {
    const text = `label = "Attention${NBSP}!"\ncount = "10${NBSP}000"`;
    assert.equal(withCopiedNoBreakSpacesAsSpaces(text), text);
  });

  it('is applied by the one-shot and the streaming parse alike', () => {
    const reply = ['m.py', '```python', '<<<<<<< SEARCH', 'def f():', `${NBSP} ${NBSP} return 1`, '=======', 'def f():', `${NBSP}${NBSP}${NBSP}${NBSP}return 2${NBSP}`, '>>>>>>> REPLACE', '```', ''].join('\n');
    const oneShot = parseReply(reply);
    const op = oneShot.ops[0] as ReplaceOp;
    assert.equal(op.search, 'def f():\n    return 1\n');
    assert.equal(op.replacement, 'def f():\n    return 2 \n');
    // Twice, so that a block is reported both while the stream runs and at its end.
    const streamed = `${reply}\n${reply}`;
    const parser = createStreamingParser();
    const events = [];
    for (let at = 0; at < streamed.length; at += 5) events.push(...parser.push(streamed.slice(at, at + 5)));
    const final = parser.end();
    const completed = events.filter((e) => e.type === 'blockCompleted');
    assert.ok(completed.length >= 1, 'a block is reported while the stream runs');
    const streamedOps = completed.flatMap((e) => (e.type === 'blockCompleted' ? e.ops : []));
    assert.deepEqual(streamedOps, final.ops.slice(0, streamedOps.length));
    assert.deepEqual((streamedOps[0] as ReplaceOp).replacement, op.replacement);
    assert.deepEqual(final, parseReply(streamed));
  });
});
