import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { replyOnFile as result, writtenByReply as written } from '../helpers';
import { listAndWatchBranch } from './situationHelpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: placement and reindent. Here the block's
 * place is known and the question is what is written there and at which depth: apply_patch and git
 * hunks whose context or -/+ lines were copied at another depth, YAML list items that lost their
 * indentation, a workflow step above a deeper comment, a Go function typed with spaces for the
 * file's tabs, gofmt padding, and whole files given again (their last line changed, without a
 * helper they still call).
 */

describe('pasted replies: apply_patch context copied a few columns off above an insertion, exactly below it', () => {
  // The shape of a Codex-family model's patch in a Copilot CLI session (a Lua file's upper context
  // one column deep, its lower context exact, the new function written as the file has it).
  it('writes the added lines as given where the context below them is exact (a return went to the margin, a method into the method above)', () => {
    assert.equal(written('store.py', "import json\n\n\ndef load(path):\n    with open(path) as f:\n        data = f.read()\n    return data\n\n\ndef save(path, data):\n    with open(path, \"w\") as f:\n        f.write(data)\n", "*** Begin Patch\n*** Update File: store.py\n@@\n         with open(path) as f:\n             data = f.read()\n         return data\n+\n+\n+def parse(text):\n+    return json.loads(text)\n \n \n def save(path, data):\n*** End Patch\n"), "import json\n\n\ndef load(path):\n    with open(path) as f:\n        data = f.read()\n    return data\n\n\ndef parse(text):\n    return json.loads(text)\n\n\ndef save(path, data):\n    with open(path, \"w\") as f:\n        f.write(data)\n");
    assert.equal(written('store.py', "import json\n\n\nclass Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n    def save(self, path, data):\n        with open(path, \"w\") as f:\n            f.write(data)\n", "*** Begin Patch\n*** Update File: store.py\n@@\n     with open(path) as f:\n         data = f.read()\n     return data\n \n+    def parse(self, text):\n+        return json.loads(text)\n+\n     def save(self, path, data):\n*** End Patch\n"), "import json\n\n\nclass Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n    def parse(self, text):\n        return json.loads(text)\n\n    def save(self, path, data):\n        with open(path, \"w\") as f:\n            f.write(data)\n");
  });
});

describe('pasted replies: a git hunk dedented by one level, its last context line at the margin (p52/c 42, 43, 46)', () => {
  // matplotlib__matplotlib-25433's agent patch (RepoGraph/Agentless) on lib/matplotlib/widgets.py,
  // trimmed: each hunk's lines moved four columns left, the trailing context `class RangeSlider`
  // (or `def _expand_text_props`) left at column 0, where it cannot move. The changed line took
  // the method's depth, but the two lines added after it took the class line's anchor and went
  // into the class body (`'return' outside function`).
  const file = [
    'class Slider(SliderBase):',
    '    def on_changed(self, func):',
    '        """',
    '        Connect *func* as callback function to changes of the slider value.',
    '',
    '        Returns',
    '        -------',
    '        int',
    '            Connection id (which can be used to disconnect *func*).',
    '        """',
    "        return self._observers.connect('changed', lambda val: func(val))",
    '',
    '',
    'class RangeSlider(SliderBase):',
    '    pass',
    '',
  ].join('\n');
  const path = 'lib/matplotlib/widgets.py';
  const hunk = (header: string) =>
    [
      'diff --git a/lib/matplotlib/widgets.py b/lib/matplotlib/widgets.py',
      'index f12a9a3..13dd03f 100644',
      '--- a/lib/matplotlib/widgets.py',
      '+++ b/lib/matplotlib/widgets.py',
      header,
      '     int',
      '         Connection id (which can be used to disconnect *func*).',
      '     """',
      "-    return self._observers.connect('changed', lambda val: func(val))",
      "+    cid = self._observers.connect('changed', lambda val: func(val))",
      "+    self._observers.process('changed', self.val)  # Ensure the callback is called with the initial value",
      '+    return cid',
      ' ',
      ' ',
      ' class RangeSlider(SliderBase):',
      '',
    ].join('\n');
  const expected = file.replace(
    "        return self._observers.connect('changed', lambda val: func(val))\n",
    "        cid = self._observers.connect('changed', lambda val: func(val))\n        self._observers.process('changed', self.val)  # Ensure the callback is called with the initial value\n        return cid\n",
  );

  it('writes the lines added after the changed line at its depth, not at the column-0 context line\'s', () => {
    assert.equal(written(path, file, hunk('@@ -600,7 +600,9 @@ class Slider(SliderBase):')), expected);
    assert.equal(written(path, file, hunk('@@ -8,7 +8,9 @@')), expected);
  });

  it('still writes lines added after dedented context as given where the context below them is exact at the margin', () => {
    // No changed line above them: the quoted lines above may be the slip and the added ones right.
    const reply = '*** Begin Patch\n*** Update File: store.py\n@@\n     with open(path) as f:\n         data = f.read()\n     return data\n+\n+\n+def parse(text):\n+    return json.loads(text)\n \n \n class Other:\n*** End Patch\n';
    const store = 'class Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n\nclass Other:\n    pass\n';
    assert.equal(written('store.py', store, reply), 'class Store:\n    def load(self, path):\n        with open(path) as f:\n            data = f.read()\n        return data\n\n\ndef parse(text):\n    return json.loads(text)\n\n\nclass Other:\n    pass\n');
  });
});

describe('pasted replies: a hunk whose context stands at the file\'s depth and whose -/+ lines are at column 0 (p52/e 94, 100, 102)', () => {
  // oh-my-pi's adversarial fixture "fuzzy under-indented context can shift indentation", rebuilt in
  // Python (p52/e 100, 102): the context lines are indented as the file has them, the changed lines
  // retyped at the margin. Paired by position, `tag = "sum"` took the anchor of the `for` line and
  // the retyped `for`, left with none, took the exact context below and went to column 0
  // (IndentationError).
  const file = 'def total(values, offset):\n    total = 0\n    for value in values:\n        total += value + offset\n        total += 1\n    return total + 1\n';
  const body = ['@@ -1,6 +1,7 @@', ' def total(values, offset):', '-total = 0', '-for value in values:', '+total = 0', '+tag = "sum"', '+for value in values:', '         total += value + offset', '         total += 1', '     return total + 1'];
  const expected = file.replace('    total = 0\n', '    total = 0\n    tag = "sum"\n');

  it('writes a line the hunk only retypes at the depth of its own quote, as an apply_patch envelope and as a unified diff', () => {
    assert.equal(written('sum.py', file, ['*** Begin Patch', '*** Update File: sum.py', ...body, '*** End Patch', ''].join('\n')), expected);
    assert.equal(written('sum.py', file, ['```diff', '--- a/sum.py', '+++ b/sum.py', ...body, '```', ''].join('\n')), expected);
  });

  it('keeps the retyped line at the file\'s depth in the fixture\'s own TypeScript file', () => {
    // p52/e 94 verbatim: the added line is written two columns deeper than the retyped lines, and
    // keeps that depth relative to them; the unchanged `for` line must not move.
    const ts = 'function sum(values, offset) {\n  let total = 0;\n  for (const value of values) {\n    total += value + offset;\n    total += 1;\n  }\n  return total + 1;\n}\n';
    const reply = ['*** Begin Patch', '*** Update File: under-indent.ts', '@@ -1,6 +1,7 @@', ' function sum(values, offset) {', '-let total = 0;', '-for (const value of values) {', '+let total = 0;', '+  const tag = "sum";', '+for (const value of values) {', '     total += value + offset;', '     total += 1;', '   }', '', '*** End Patch', ''].join('\n');
    const out = written('under-indent.ts', ts, reply);
    assert.equal(out.replace(/^ *const tag = "sum";\n/m, ''), ts);
    assert.match(out, /^  let total = 0;\n +const tag = "sum";\n  for \(const value of values\) \{$/m);
  });
});

describe('pasted replies: a YAML SEARCH/REPLACE whose new list items lost their indentation (p52/b 33, 34)', () => {
  // AndreasDebel/HaaV-CatalogService's docker-compose.yaml (trimmed) and its aider turn "do option
  // 1 for me" (claude-sonnet-4), with the new `environment:` items typed at column 0 in REPLACE
  // only. Written so, they ended the service's mapping and the compose file no longer parsed.
  const compose = [
    'services:',
    '  catalogservice:',
    '    image: andreasdebel/catalogservice-image:2.0.0',
    '    restart: always',
    '    environment:',
    '      - MONGODB_CONNECTION_STRING=mongodb://admin:secret123@mongodb:27017',
    '      - MONGODB_DATABASE_NAME=ProductDB',
    '    ports:',
    '      - 5000:8080',
    '',
    'volumes:',
    '  mongo-data:',
    '',
  ].join('\n');
  const path = 'docker-compose.yaml';
  const changed = compose
    .replace('MONGODB_CONNECTION_STRING=', 'ConnectionStrings__MongoDB=')
    .replace('MONGODB_DATABASE_NAME=', 'MongoDB__DatabaseName=');
  const block = (search: string[], replacement: string[]) => ['docker-compose.yaml', '```yaml', '<<<<<<< SEARCH', ...search, '=======', ...replacement, '>>>>>>> REPLACE', '```', ''].join('\n');
  const oldItems = ['      - MONGODB_CONNECTION_STRING=mongodb://admin:secret123@mongodb:27017', '      - MONGODB_DATABASE_NAME=ProductDB'];
  const newItems = ['- ConnectionStrings__MongoDB=mongodb://admin:secret123@mongodb:27017', '- MongoDB__DatabaseName=ProductDB'];

  it('writes new items at the depth of the items they replace, the block going on below them', () => {
    assert.equal(written(path, compose, block(['    environment:', ...oldItems, '    ports:', '      - 5000:8080'], ['    environment:', ...newItems, '    ports:', '      - 5000:8080'])), changed);
    const onlyItems = result(path, compose, block(oldItems, newItems));
    assert.equal(onlyItems.changes[0]?.newText, changed);
    assert.equal(onlyItems.receipt.files[0].edits[0].reindented, true);
  });

  it('writes lines at the margin as given where the block ends after the lines they replace or hangs from them, and a comment at the margin beside items at their depth', () => {
    // Top-level keys may follow the last items of a block: nothing says these are a slip.
    const tail = 'services:\n  app:\n    ports:\n      - 80:80\nvolumes:\n  data:\n';
    assert.equal(written(path, tail, block(['      - 80:80'], ['      - 80:80', 'networks:', '  default:'])), 'services:\n  app:\n    ports:\n      - 80:80\nnetworks:\n  default:\nvolumes:\n  data:\n');
    // A key whose children follow it, moved to the top level, reads the same as a slip: as given.
    const nested = 'app:\n  name: x\n  extra:\n    a: 1\n';
    assert.equal(written(path, nested, block(['  extra:'], ['extra:'])), 'app:\n  name: x\nextra:\n    a: 1\n');
    // YAML reads a comment at any column: the items say the change was laid out from the file.
    assert.equal(written(path, compose, block(oldItems, ['      - A=1', '# B is set by the host'])), compose.replace(oldItems.join('\n'), '      - A=1\n# B is set by the host'));
  });
});

describe('pasted replies: a step added at the end of a workflow job, a comment deeper than the next job below it', () => {
  // ripgrep's .github/workflows/ci.yml around the end of its test job (trimmed).
  const ci = [
    'jobs:',
    '  test:',
    '    runs-on: ${{ matrix.os }}',
    '    steps:',
    '    - name: Checkout repository',
    '      uses: actions/checkout@v4',
    '',
    '    - name: Print available short flags',
    '      shell: bash',
    '      run: cargo test --bin rg flags::defs::tests::available_shorts -- --nocapture',
    '',
    '     # Setup and compile on the wasm32-wasi target',
    '  wasm:',
    '    runs-on: ubuntu-latest',
    '',
  ].join('\n');

  it('adds the step after the job\'s last step: the comment below is no line of that step\'s block (refused as cutting a block)', () => {
    const reply = ['In `.github/workflows/ci.yml`:', '', '```yaml', '  test:', '    # ... existing config ...', '    steps:', '    # ... existing steps ...', '', '    - name: Print available short flags', '      shell: bash', '      run: cargo test --bin rg flags::defs::tests::available_shorts -- --nocapture', '', '    - name: Upload rg binary', '      uses: actions/upload-artifact@v4', '```', ''].join('\n');
    const text = written('.github/workflows/ci.yml', ci, reply);
    assert.ok(text.includes('--nocapture\n\n    - name: Upload rg binary\n      uses: actions/upload-artifact@v4\n'), text);
    assert.ok(text.endsWith('     # Setup and compile on the wasm32-wasi target\n  wasm:\n    runs-on: ubuntu-latest\n'), text);
  });
});

describe('pasted replies: a whole file re-printed under the target file, its last line changed or a Markdown section named Usage (pi-fast-apply S06, S07)', () => {
  const hinted = (path: string, file: string, reply: string) => runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
  // pi-fast-apply's Morph scenario S06: a Python loader given a try/except, the file re-printed.
  const config = "import json\n\ndef load_config(path):\n    with open(path) as fh:\n        return json.load(fh)\n";
  const guarded = "import json\n\ndef load_config(path):\n    try:\n        with open(path) as fh:\n            return json.load(fh)\n    except FileNotFoundError as exc:\n        raise RuntimeError(f'Config not found: {path}') from exc\n";

  it('takes a block that writes new lines only below the file\'s last line (and above its first) as the whole file (NO_EDITS_FOUND)', () => {
    const planned = hinted('config.py', config, '```python\n' + guarded + '```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, guarded);
    const imported = 'import os\n' + guarded;
    assert.equal(hinted('config.py', config, '```python\n' + imported + '```\n').changes[0]?.newText, imported);
  });

  it('never takes the top of a file, or a part holding the file\'s last line among other lines, as the whole file', () => {
    const file = "import json\nimport os\n\n\ndef load_config(path):\n    with open(path) as fh:\n        return json.load(fh)\n\n\ndef save_config(path, data):\n    with open(path, 'w') as fh:\n        json.dump(data, fh)\n\n\ndef main():\n    print(load_config(os.environ['CONFIG']))\n";
    // The file's first lines and one function, then a new one: the rest of the file is not shown.
    const top = "import json\nimport os\n\n\ndef load_config(path):\n    with open(path) as fh:\n        return json.load(fh)\n\n\ndef load_default():\n    return load_config('default.json')\n";
    // The file's last line inside new code, with few of the file's other lines.
    const moved = "import json\n\ndef run():\n    print(load_config(os.environ['CONFIG']))\n    print('done')\n";
    // The top is a part of the file (a function added after load_config), never the file whole.
    const placed = hinted('config.py', file, '```python\n' + top + '```\n');
    assert.equal(placed.receipt.ok, true, JSON.stringify(placed.receipt.errors, null, 2));
    const text = placed.changes[0]?.newText ?? '';
    assert.ok(text.includes("def load_default():\n    return load_config('default.json')\n") && text.includes('def save_config(path, data):') && text.endsWith("def main():\n    print(load_config(os.environ['CONFIG']))\n"), text);
    const planned = hinted('config.py', file, '```python\n' + moved + '```\n');
    assert.deepEqual(planned.receipt.errors.map((error) => error.code), ['NO_EDITS_FOUND'], moved);
  });

  // S07: a README given a Troubleshooting section, re-printed whole; its last section is "## Usage".
  const readme = '# Tool\n\n## Install\n\nRun pnpm install.\n\n## Usage\n\nRun pnpm dev.\n';
  const troubleshooting = readme.replace('## Usage', '## Troubleshooting\n\nIf install fails, run pnpm install --force and retry.\n\n## Usage');

  it('keeps a Markdown block\'s "## Usage" section: a heading of the document, not an example of use after the code (the README lost it and was refused)', () => {
    const planned = hinted('README.md', readme, '```markdown\n' + troubleshooting + '```\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
    assert.equal(planned.changes[0]?.newText, troubleshooting);
  });
});

describe('pasted replies: a short file given whole with its last line changed (p48/c 48)', () => {
  // The .reg of index id 14989489943, as regedit exports it (CRLF; the BOM and UTF-16 are the CLI's).
  const reg = 'Windows Registry Editor Version 5.00\r\n\r\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System]\r\n"LocalAccountTokenFilterPolicy"=dword:00000001\r\n';
  const off = reg.replace('dword:00000001', 'dword:00000000');
  const block = off.replace(/\r\n/g, '\n');

  it('writes it for the file the sentence names, and for the target file, as the file line for line', () => {
    assert.equal(written('policy.reg', reg, `To turn it back off, \`policy.reg\` becomes:\n\n\`\`\`reg\n${block}\`\`\`\n`), off);
    const planned = runReply(`\`\`\`\n${block}\`\`\`\n`, (p) => (p === 'policy.reg' ? reg : undefined), { hintPath: 'policy.reg' });
    assert.equal(planned.changes[0]?.newText, off, JSON.stringify(planned.receipt.errors));
  });

  it('still leaves out a block of as many lines that changes more than a third of them', () => {
    const other = 'Windows Registry Editor Version 5.00\n\n[HKEY_CURRENT_USER\\Software\\Demo]\n"Enabled"=dword:00000000\n';
    const planned = runReply(`\`\`\`\n${other}\`\`\`\n`, (p) => (p === 'policy.reg' ? reg : undefined), { hintPath: 'policy.reg' });
    assert.equal(planned.receipt.errors[0]?.code, 'NO_EDITS_FOUND');
  });
});

describe('pasted replies: a whole file given again without a helper it still calls (p49/b 14)', () => {
  // The same Cursor export: CircuitComponent.tsx "with the fix", complete-looking but for its
  // getComponentSymbol helper (its switch cut here to one case), still called in its JSX. Cursor
  // wrote it, and the model's next turn had to "recreate the part that was accidentally removed".
  const path = 'src/app/components/CircuitComponent.tsx';
  const component = [
    "'use client';",
    "",
    "import { Component, ComponentType } from '../lib/circuitEngine';",
    "import { useState } from 'react';",
    "",
    "interface CircuitComponentProps {",
    "  component: Component;",
    "  selected: boolean;",
    "  onClick: (id: string) => void;",
    "  onMove: (id: string, x: number, y: number) => void;",
    "}",
    "",
    "export default function CircuitComponent({ component, selected, onClick, onMove }: CircuitComponentProps) {",
    "  const [dragging, setDragging] = useState(false);",
    "  const [dragOffset, setDragOffset] = useState({ x: 0, y: 0 });",
    "",
    "  const getComponentSymbol = (type: ComponentType) => {",
    "    switch (type) {",
    "      case 'resistor':",
    "        return (",
    "          <g transform={`rotate(${component.rotation}, ${component.position.x}, ${component.position.y})`}>",
    "            <line x1={component.position.x - 40} y1={component.position.y} x2={component.position.x - 20} y2={component.position.y} stroke=\"black\" strokeWidth=\"2\" />",
    "            <rect x={component.position.x - 20} y={component.position.y - 10} width=\"40\" height=\"20\" fill=\"white\" stroke=\"black\" strokeWidth=\"2\" />",
    "            <line x1={component.position.x + 20} y1={component.position.y} x2={component.position.x + 40} y2={component.position.y} stroke=\"black\" strokeWidth=\"2\" />",
    "            <text x={component.position.x} y={component.position.y + 5} textAnchor=\"middle\" fontSize=\"12\">{component.value}Ω</text>",
    "          </g>",
    "        );",
    "      default:",
    "        return (",
    "          <g transform={`rotate(${component.rotation}, ${component.position.x}, ${component.position.y})`}>",
    "            <rect x={component.position.x - 20} y={component.position.y - 20} width=\"40\" height=\"40\" fill=\"white\" stroke=\"black\" strokeWidth=\"2\" />",
    "            <text x={component.position.x} y={component.position.y + 5} textAnchor=\"middle\" fontSize=\"12\">{component.type}</text>",
    "          </g>",
    "        );",
    "    }",
    "  };",
    "",
    "  const handleMouseDown = (e: React.MouseEvent) => {",
    "    e.stopPropagation();",
    "    onClick(component.id);",
    "    setDragging(true);",
    "    setDragOffset({",
    "      x: e.clientX - component.position.x,",
    "      y: e.clientY - component.position.y",
    "    });",
    "  };",
    "",
    "  const handleMouseMove = (e: MouseEvent) => {",
    "    if (dragging) {",
    "      onMove(",
    "        component.id,",
    "        e.clientX - dragOffset.x,",
    "        e.clientY - dragOffset.y",
    "      );",
    "    }",
    "  };",
    "",
    "  const handleMouseUp = () => {",
    "    setDragging(false);",
    "  };",
    "",
    "  // Add event listeners for mouse move and up",
    "  if (dragging) {",
    "    window.addEventListener('mousemove', handleMouseMove);",
    "    window.addEventListener('mouseup', handleMouseUp);",
    "  } else {",
    "    window.removeEventListener('mousemove', handleMouseMove);",
    "    window.removeEventListener('mouseup', handleMouseUp);",
    "  }",
    "",
    "  return (",
    "    <g ",
    "      className={`circuit-component ${selected ? 'selected' : ''}`} ",
    "      onClick={(e) => e.stopPropagation()}",
    "      onMouseDown={handleMouseDown}",
    "      style={{ cursor: 'move' }}",
    "    >",
    "      {getComponentSymbol(component.type)}",
    "      {selected && (",
    "        <rect ",
    "          x={component.position.x - 45} ",
    "          y={component.position.y - 45} ",
    "          width=\"90\" ",
    "          height=\"90\" ",
    "          fill=\"none\" ",
    "          stroke=\"blue\" ",
    "          strokeWidth=\"2\" ",
    "          strokeDasharray=\"5,5\" ",
    "        />",
    "      )}",
    "    </g>",
    "  );",
    "}",
    "",
  ].join('\n');
  const reply = "Let's fix the issue with components following the cursor after selection. The problem is with the mouse event handling in the CircuitComponent:\n\n```typescriptreact\n'use client';\n\nimport { Component, ComponentType } from '../lib/circuitEngine';\nimport { useState, useEffect } from 'react';\n\ninterface CircuitComponentProps {\n  component: Component;\n  selected: boolean;\n  onClick: (id: string) => void;\n  onMove: (id: string, x: number, y: number) => void;\n}\n\nexport default function CircuitComponent({ component, selected, onClick, onMove }: CircuitComponentProps) {\n  const [dragging, setDragging] = useState(false);\n  const [dragOffset, setDragOffset] = useState({ x: 0, y: 0 });\n\n  // Handle component selection\n  const handleMouseDown = (e: React.MouseEvent) => {\n    e.stopPropagation();\n    onClick(component.id);\n    \n    // Only start dragging if component is selected\n    if (selected) {\n      setDragging(true);\n      setDragOffset({\n        x: e.clientX - component.position.x,\n        y: e.clientY - component.position.y\n      });\n    }\n  };\n\n  // Move component while dragging\n  const handleMouseMove = (e: MouseEvent) => {\n    if (dragging) {\n      onMove(\n        component.id,\n        e.clientX - dragOffset.x,\n        e.clientY - dragOffset.y\n      );\n    }\n  };\n\n  // End dragging\n  const handleMouseUp = () => {\n    setDragging(false);\n  };\n\n  // Add and remove event listeners with proper cleanup\n  useEffect(() => {\n    if (dragging) {\n      window.addEventListener('mousemove', handleMouseMove);\n      window.addEventListener('mouseup', handleMouseUp);\n      \n      // Cleanup function to remove event listeners\n      return () => {\n        window.removeEventListener('mousemove', handleMouseMove);\n        window.removeEventListener('mouseup', handleMouseUp);\n      };\n    }\n  }, [dragging]); // Only re-add listeners when dragging state changes\n\n  return (\n    <g \n      className={`circuit-component ${selected ? 'selected' : ''}`} \n      onClick={(e) => e.stopPropagation()}\n      onMouseDown={handleMouseDown}\n      style={{ cursor: selected ? 'move' : 'pointer' }}\n    >\n      {getComponentSymbol(component.type)}\n      {selected && (\n        <rect \n          x={component.position.x - 45} \n          y={component.position.y - 45} \n          width=\"90\" \n          height=\"90\" \n          fill=\"none\" \n          stroke=\"blue\" \n          strokeWidth=\"2\" \n          strokeDasharray=\"5,5\" \n        />\n      )}\n    </g>\n  );\n}\n```\n";

  it('refuses it as a guess, naming the helper, rather than delete the helper', () => {
    const planned = runReply(reply, (p) => (p === path ? component : undefined), { hintPath: path });
    assert.equal(planned.receipt.errors[0]?.code, 'AMBIGUOUS');
    assert.match(planned.receipt.errors[0]?.message ?? '', /without getComponentSymbol \(defined at line 17\), which it still calls/);
  });

  it('still writes it whole where the block imports the helper from elsewhere', () => {
    const moved = reply.replace("import { useState, useEffect } from 'react';", "import { useState, useEffect } from 'react';\nimport { getComponentSymbol } from './symbols';");
    const planned = runReply(moved, (p) => (p === path ? component : undefined), { hintPath: path });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.ok(planned.changes[0]?.newText?.includes("import { getComponentSymbol } from './symbols';"));
  });
});

describe('pasted replies: a whole Go function re-printed with spaces for the file\'s tabs, under its path (p50/d 14, 39)', () => {
  // kubernetes client-go tools/cache/reflector.go at 2b02db1, trimmed to its license comment and
  // ListAndWatch between its neighbours. The comment's one space-indented line (the license URL)
  // makes the file mix tabs and spaces, so the block is not converted before the merge.
  const reflector = [
    '/*',
    'Copyright 2014 The Kubernetes Authors.',
    '',
    'Licensed under the Apache License, Version 2.0 (the "License");',
    'you may not use this file except in compliance with the License.',
    'You may obtain a copy of the License at',
    '',
    '    http://www.apache.org/licenses/LICENSE-2.0',
    '',
    'Unless required by applicable law or agreed to in writing, software',
    'distributed under the License is distributed on an "AS IS" BASIS,',
    'WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.',
    'See the License for the specific language governing permissions and',
    'limitations under the License.',
    '*/',
    '',
    'package cache',
    '',
    '// resyncChan returns a channel which will receive something when a resync is',
    '// required, and a cleanup function.',
    'func (r *Reflector) resyncChan() (<-chan time.Time, func() bool) {',
    '\tif r.resyncPeriod == 0 {',
    '\t\treturn neverExitWatch, func() bool { return false }',
    '\t}',
    '\t// The cleanup function is required: imagine the scenario where watches',
    '\t// always fail so we end up listing frequently. Then, if we don\'t',
    '\t// manually stop the timer, we could end up with many timers active',
    '\t// concurrently.',
    '\tt := r.clock.NewTimer(r.resyncPeriod)',
    '\treturn t.C(), t.Stop',
    '}',
    '',
    '// ListAndWatch first lists all items and get the resource version at the moment of call,',
    '// and then use the resource version to watch.',
    '// It returns error if ListAndWatch didn\'t even try to initialize watch.',
    'func (r *Reflector) ListAndWatch(stopCh <-chan struct{}) error {',
    '\tklog.V(3).Infof("Listing and watching %v from %s", r.typeDescription, r.name)',
    ...listAndWatchBranch,
    '\t\tif err != nil {',
    '\t\t\treturn err',
    '\t\t}',
    '\t}',
    '',
    '\tresyncerrc := make(chan error, 1)',
    '\tcancelCh := make(chan struct{})',
    '\tdefer close(cancelCh)',
    '\tgo r.startResync(stopCh, cancelCh, resyncerrc)',
    '\treturn r.watch(w, stopCh, resyncerrc)',
    '}',
    '',
    '// startResync periodically calls r.store.Resync() method.',
    '// Note that this method is blocking and should be',
    '// called in a separate goroutine.',
    'func (r *Reflector) startResync(stopCh <-chan struct{}, cancelCh <-chan struct{}, resyncerrc chan error) {',
    '\tresyncCh, cleanup := r.resyncChan()',
    '\tdefer func() {',
    '\t\tcleanup() // Call the last one written into cleanup',
    '\t}()',
    '\tfor {',
    '\t\tselect {',
    '\t\tcase <-resyncCh:',
    '\t\tcase <-stopCh:',
    '\t\t\treturn',
    '\t\tcase <-cancelCh:',
    '\t\t\treturn',
    '\t\t}',
    '\t\tif r.ShouldResync == nil || r.ShouldResync() {',
    '\t\t\tklog.V(4).Infof("%s: forcing resync", r.name)',
    '\t\t\tif err := r.store.Resync(); err != nil {',
    '\t\t\t\tresyncerrc <- err',
    '\t\t\t\treturn',
    '\t\t\t}',
    '\t\t}',
    '\t\tcleanup()',
    '\t\tresyncCh, cleanup = r.resyncChan()',
    '\t}',
    '}',
    '',
  ].join('\n');
  // The upstream change C3+C4 (commit 000c665): the IsInvalid check dropped, a log line added.
  const updated = reflector
    .replace('\t\t\tif !apierrors.IsInvalid(err) {\n\t\t\t\treturn err\n\t\t\t}\n\t\t\tklog.Warning("the watch-list feature is not supported by the server, falling back to the previous LIST/WATCH semantic")\n\t\t\tfallbackToList = true\n\t\t\t// Ensure', '\t\t\tklog.Warningf("The watchlist request ended with an error, falling back to the standard LIST/WATCH semantics because making progress is better than deadlocking, err = %v", err)\n\t\t\tfallbackToList = true\n\t\t\t// ensure')
    .replace('\t}\n\n\tresyncerrc', '\t}\n\n\tklog.V(2).Infof("Caches populated for %v from %s", r.typeDescription, r.name)\n\n\tresyncerrc');
  const start = updated.indexOf('func (r *Reflector) ListAndWatch');
  const listAndWatch = updated.slice(start, updated.indexOf('\n}\n', start) + 3);

  it('writes the function in the file\'s tabs, typed with 4 spaces or with 2, as a snippet of it is written', () => {
    assert.ok(updated.includes('Caches populated') && !updated.includes('IsInvalid'));
    for (const step of ['    ', '  ']) {
      const typed = listAndWatch.replace(/^\t+/gm, (tabs) => step.repeat(tabs.length));
      const reply = '### staging/src/k8s.io/client-go/tools/cache/reflector.go\n\n```go\n' + typed + '```\n';
      assert.equal(written('staging/src/k8s.io/client-go/tools/cache/reflector.go', reflector, reply), updated, `${step.length} spaces`);
    }
  });
});

describe('pasted replies: a gofmt-aligned struct literal quoted with its padding collapsed, its longest key dropped (p50/d 03, 37)', () => {
  // kubernetes client-go tools/cache/reflector.go at 2b02db1: NewReflectorWithOptions down to
  // the end of its struct literal.
  const constructor = [
    'func NewReflectorWithOptions(lw ListerWatcher, expectedType interface{}, store Store, options ReflectorOptions) *Reflector {',
    '\treflectorClock := options.Clock',
    '\tif reflectorClock == nil {',
    '\t\treflectorClock = clock.RealClock{}',
    '\t}',
    '\tr := &Reflector{',
    '\t\tname:            options.Name,',
    '\t\tresyncPeriod:    options.ResyncPeriod,',
    '\t\ttypeDescription: options.TypeDescription,',
    '\t\tlisterWatcher:   lw,',
    '\t\tstore:           store,',
    '\t\t// We used to make the call every 1sec (1 QPS), the goal here is to achieve ~98% traffic reduction when',
    '\t\t// API server is not healthy. With these parameters, backoff will stop at [30,60) sec interval which is',
    '\t\t// 0.22 QPS. If we don\'t backoff for 2min, assume API server is healthy and we reset the backoff.',
    '\t\tbackoffManager:         wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, reflectorClock),',
    '\t\tinitConnBackoffManager: wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, reflectorClock),',
    '\t\tclock:                  reflectorClock,',
    '\t\twatchErrorHandler:      WatchErrorHandler(DefaultWatchErrorHandler),',
    '\t\texpectedType:           reflect.TypeOf(expectedType),',
    '\t}',
    '',
  ].join('\n');
  const path = 'staging/src/k8s.io/client-go/tools/cache/reflector.go';
  const call = 'wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0, 1.0, reflectorClock),';
  // The SEARCH as a model re-typed it (one space after every key), and the upstream change C1
  // (commit 000c665): initConnBackoffManager dropped, the group realigned on watchErrorHandler.
  const collapsed = ['\t\tbackoffManager: ' + call, '\t\tinitConnBackoffManager: ' + call, '\t\tclock: reflectorClock,', '\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),', '\t\texpectedType: reflect.TypeOf(expectedType),', ''].join('\n');
  const realigned = ['\t\tbackoffManager:    ' + call, '\t\tclock:             reflectorClock,', '\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),', '\t\texpectedType:      reflect.TypeOf(expectedType),', ''].join('\n');
  const upstream = constructor.replace(/\t\tbackoffManager:[^]*\t\texpectedType: +reflect\.TypeOf\(expectedType\),\n/, realigned);

  it('writes the line the REPLACE leaves as the SEARCH has it with the group\'s new padding, in SEARCH/REPLACE and MultiEdit alike', () => {
    assert.notEqual(upstream, constructor);
    const searchReplace = path + '\n```go\n<<<<<<< SEARCH\n' + collapsed + '=======\n' + realigned + '>>>>>>> REPLACE\n```\n';
    assert.equal(written(path, constructor, searchReplace), upstream);
    const multiEdit = JSON.stringify({ name: 'MultiEdit', input: { file_path: '/home/dev/go/src/k8s.io/kubernetes/' + path, edits: [{ old_string: collapsed, new_string: realigned }] } }, null, 2);
    assert.equal(written(path, constructor, 'I\'ll drop `initConnBackoffManager`:\n\n```json\n' + multiEdit + '\n```\n'), upstream);
  });

  it('keeps the file\'s padding of a kept line when the changed lines next to it are not aligned with the reply\'s', () => {
    // Only the clock line changes, and the REPLACE keeps the SEARCH's collapsed padding: nothing realigns.
    const oneChange = path + '\n```go\n<<<<<<< SEARCH\n\t\tclock: reflectorClock,\n\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),\n=======\n\t\tclock: clock.RealClock{},\n\t\twatchErrorHandler: WatchErrorHandler(DefaultWatchErrorHandler),\n>>>>>>> REPLACE\n```\n';
    assert.equal(written(path, constructor, oneChange), constructor.replace('\t\tclock:                  reflectorClock,', '\t\tclock: clock.RealClock{},'));
  });
});
