import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

describe('place/rewrite: the label line of a whole file', () => {
  const body = "import { useState } from 'react';\n\nexport function Panel() {\n  const [open, setOpen] = useState(false);\n  return <div onClick={() => setOpen(!open)}>{open ? 'Hide' : 'Show'}</div>;\n}\n";
  const reply = '```tsx\n// src/panel.tsx\n' + body.replace('useState(false)', 'useState(true)') + '```\n';

  it('is kept when the file itself starts with that comment', () => {
    const file = '// src/panel.tsx\n' + body;
    const result = runReply(reply, (p) => (p === 'src/panel.tsx' ? file : undefined));
    assert.equal(proposed(result, 'src/panel.tsx'), file.replace('useState(false)', 'useState(true)'));
  });

  it('is dropped when the file does not have it, and when the reply creates the file', () => {
    const result = runReply(reply, (p) => (p === 'src/panel.tsx' ? body : undefined));
    assert.equal(proposed(result, 'src/panel.tsx'), body.replace('useState(false)', 'useState(true)'));
    const created = runReply(reply, () => undefined);
    assert.equal(proposed(created, 'src/panel.tsx'), body.replace('useState(false)', 'useState(true)'));
  });
});
