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

  it('is written in the file\'s indentation when its only indented line is one level under an opener: the nesting says the step', () => {
    const ts = "import { Clock } from './clock';\n\n/**\n * The time since `start`, in whole seconds.\n */\nexport function elapsedSeconds(clock: Clock, start: number): number {\n  return Math.floor((clock.now() - start) / 1000);\n}\n";
    // One indented line, at 4 columns: too few shared lines to read the unit from, but it stands
    // one bracket inside a line at column 0 in both, so the block steps by 4 where the file steps by 2.
    const four = ts.replace(/^  return/m, '    return').replace('in whole seconds.', 'in whole seconds, rounded down.');
    assert.equal(written(ts, 'elapsed.ts', four), ts.replace('in whole seconds.', 'in whole seconds, rounded down.'));
    // A block whose openers step by different amounts says no step: it is written as given.
    const uneven = 'export function area(width: number, height: number): number {\n    return (\n            width * height\n    );\n}\n';
    assert.equal(written('export function area(width: number, height: number): number {\n  return width * height;\n}\n', 'area.ts', uneven), uneven);
  });

  it('reads its unit from shared lines with text, not from a `});` that happens to stand at the same column in the file', () => {
    const ts = 'export function timed<T>(source: Source<T>): Source<Timed<T>> {\n  return (next) =>\n    source((value) => {\n      next(new Timed(value, Date.now()));\n    });\n}\n\nexport class Timed<T> {\n  /** When the value came. */\n  constructor(public value: T, public at: number) {}\n}\n';
    // The body rewritten, in 4 columns: its `});` at 4 is the file's `    });` by chance, not one of its lines as they are.
    const rewritten = 'export function timed<T>(source: Source<T>): Source<Timed<T>> {\n  let last = Date.now();\n  return (next) => source((value) => {\n    const now = Date.now();\n    next(new Timed(value, now - last));\n    last = now;\n  });\n}\n\nexport class Timed<T> {\n  /** When the value came. */\n  constructor(public value: T, public at: number) {}\n}\n';
    const four = rewritten.replace(/^( +)/gm, (indent) => indent + indent);
    assert.equal(written(ts, 'timed.ts', four), rewritten);
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
describe('place/rewrite: a whole file whose own text has elision-like comments', () => {
  const file = "import { readFile } from 'node:fs/promises';\n\nexport async function load(path: string) {\n  return JSON.parse(await readFile(path, 'utf8'));\n}\n\n// Usage:\n// const settings = await load('settings.json');\n// ...\n";
  const run = (text: string, block: string) => runReply(`settings.ts\n\`\`\`ts\n${block}\`\`\`\n`, (p) => (p === 'settings.ts' ? text : undefined));

  it('is written whole when each such comment stands in the file between the same lines (the old first line is not kept above the new imports)', () => {
    const relaid = file.replace("import { readFile } from 'node:fs/promises';", "import {\n  readFile,\n} from 'node:fs/promises';");
    assert.equal(proposed(run(file, relaid), 'settings.ts'), relaid);
  });

  it('is still a snippet when one of them stands for code the file has there', () => {
    const grown = file.replace('// Usage:', 'export function reset() {\n  return {};\n}\n\n// Usage:');
    const snippet = "import { readFile, stat } from 'node:fs/promises';\n// ...\n// Usage:\n// const settings = await load('settings.json');\n// ...\n";
    assert.equal(proposed(run(grown, snippet), 'settings.ts'), grown.replace('{ readFile }', '{ readFile, stat }'));
  });
});
