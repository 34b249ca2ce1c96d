import * as assert from 'node:assert/strict';
import type { EditOp } from '../../../src/core/ir';
import { parseReply } from '../../../src/core/parse/registry';
import { searchReplaceParser } from '../../../src/core/parse/searchReplace';
import { wholeFileParser } from '../../../src/core/parse/wholeFile';

const parsers = [searchReplaceParser, wholeFileParser];
const key = (op: EditOp) => JSON.stringify({ ...op, source: undefined });

const REPLIES = [
  'Fix both.\n\nsrc/a.py\n```python\n<<<<<<< SEARCH\nx = 1\ny = 2\n=======\nx = 3\ny = 4\n>>>>>>> REPLACE\n```\n\n```python\n<<<<<<< SEARCH\nz = 1\n=======\nz = 2\n>>>>>>> REPLACE\n```\nDone.',
  '<<<<<<< SEARCH\n:start_line:4\n-------\n\treturn a\n=======\n\treturn b\n>>>>>>> REPLACE\n\n<<<<<<< SEARCH\n\tx()\n=======\n\ty()\n>>>>>>> REPLACE',
  'conf.toml\n```toml\n[server]\nport = 2\nhost = "x"\n```\n\nsrc/b.ts\n```ts\n// ... existing code ...\nexport const b = 2;\n// ... existing code ...\n```\n',
  'README.md\n````markdown\n# Title\n\n```bash\nnpm i\n```\n\nMore.\n````\n',
];

describe('parse: a reply cut off anywhere', () => {
  it('never yields an op the whole reply does not have (the cut block is incomplete, not shorter)', () => {
    for (const reply of REPLIES) {
      const full = new Set(parseReply(reply, parsers).ops.map(key));
      assert.ok(full.size > 0);
      for (let end = 1; end < reply.length; end++) {
        for (const op of parseReply(reply.slice(0, end), parsers).ops) {
          assert.ok(full.has(key(op)), `cut at ${end}: ${key(op)}`);
        }
      }
    }
  });
});
