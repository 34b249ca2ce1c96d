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

describe('place/rewrite: a block indented otherwise than the file', () => {
  const python = 'class Cache:\n  def __init__(self, path):\n    self.path = path\n    self.entries = {}\n\n  def get(self, key):\n    return self.entries.get(key)\n';
  const written = (file: string, path: string, block: string) => proposed(runReply(`${path}\n\`\`\`\n${block}\`\`\`\n`, (p) => (p === path ? file : undefined)), path);

  it('is written in the file\'s indentation: 4 spaces for a 2-space file, spaces for a tab file, depth and alignment kept', () => {
    const four = python.replace(/^( +)/gm, (indent) => indent + indent).replace('return self.entries.get(key)', 'return self.entries.get(key, None)');
    assert.equal(written(python, 'cache.py', four), python.replace('return self.entries.get(key)', 'return self.entries.get(key, None)'));
    const go = 'func main() {\n\tname := "world"\n\tif len(os.Args) > 1 {\n\t\tname = os.Args[1]\n\t\tfmt.Println(name,\n\t\t           "given")\n\t}\n\tfor i := 0; i < 3; i++ {\n\t\tfmt.Println("hello", name)\n\t}\n\tos.Exit(0)\n}\n';
    const spaced = go.replace(/^\t+/gm, (tabs) => '    '.repeat(tabs.length)).replace('"hello"', '"hi"');
    assert.equal(written(go, 'main.go', spaced), go.replace('"hello"', '"hi"'));
  });

  it('leaves a part from deep inside a 2-space file as it is, though on its own it looks 4-space', () => {
    const ts = 'export class Index {\n  constructor(\n    private readonly root: string[],\n    hashOf: (line: string) => number,\n  ) {\n    let slots = 16;\n    while (slots < root.length) slots <<= 1;\n    this.table = new Int32Array(slots);\n    this.hashOf = hashOf;\n  }\n}\n';
    // Every line at 4 columns (a 4-space unit on its own): the file's lines as they stand.
    const deep = '// ... existing code ...\n    let slots = 32;\n    while (slots < root.length) slots <<= 1;\n    this.table = new Int32Array(slots);\n// ... existing code ...\n';
    assert.equal(written(ts, 'index.ts', deep), ts.replace('slots = 16', 'slots = 32'));
  });

  it('changes nothing when it changes only the indentation (as a reply re-applied to the file it wrote), and is written as given when either side mixes its indentation', () => {
    const four = python.replace(/^( +)/gm, (indent) => indent + indent);
    const result = runReply(`cache.py\n\`\`\`\n${four}\`\`\`\n`, (p) => (p === 'cache.py' ? python : undefined));
    assert.equal(result.receipt.ok, true);
    assert.equal(result.changes.length, 0);
    assert.match(JSON.stringify(result.receipt), /indented with 4 spaces and the file with 2 spaces/);
    const mixed = 'func main() {\n\tfmt.Println("a")\n    fmt.Println("b")\n}\n';
    const block = 'func main() {\n    fmt.Println("a")\n    fmt.Println("c")\n}\n';
    assert.equal(written(mixed, 'main.go', block), block);
  });
});
