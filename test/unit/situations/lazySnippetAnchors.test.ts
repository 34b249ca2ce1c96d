import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { mergeFragment } from '../../../src/core/elisionMerge';
import { replyOnFile as result, writtenByReply as written, onTarget, writtenOnTarget } from '../helpers';
import { listAndWatchBranch } from './situationHelpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: elision merge, the lines next to a marker.
 * Here a snippet's shown lines must be told apart as the file's lines (anchors) or changed ones: a
 * line right above or after a marker that rewrites the file's (a `render` given one more argument,
 * a Println made Printf, a log call in its printf form, a hook's closing line, a split requirement
 * pin), a Go func header over an inner marker, and Cursor snippets whose changed lines carry a
 * diff's "-" and "+" (also on lines that start with "-" themselves, and deleting a YAML list item).
 */

describe('pasted replies: a marker, then a method\'s last line given one more argument (Mastodon\'s domain blocks controller)', () => {
  // mastodon app/controllers/api/v1/admin/domain_blocks_controller.rb (0486db9, its top): `update`
  // re-printed down to a marker, then its `render` with `, status: 200` added. Once `def update`
  // read as a definition, the new `render` went in beside the old one (the action rendered twice).
  const path = 'app/controllers/api/v1/admin/domain_blocks_controller.rb';
  const file = [
    "class Api::V1::Admin::DomainBlocksController < Api::BaseController",
    "  include Authorization",
    "  include AccountableConcern",
    "",
    "  LIMIT = 100",
    "",
    "  before_action -> { authorize_if_got_token! :'admin:read', :'admin:read:domain_blocks' }, only: [:index, :show]",
    "  before_action -> { authorize_if_got_token! :'admin:write', :'admin:write:domain_blocks' }, except: [:index, :show]",
    "  before_action :set_domain_blocks, only: :index",
    "  before_action :set_domain_block, only: [:show, :update, :destroy]",
    "",
    "  after_action :verify_authorized",
    "  after_action :insert_pagination_headers, only: :index",
    "",
    "  PAGINATION_PARAMS = %i(limit).freeze",
    "",
    "  def create",
    "    authorize :domain_block, :create?",
    "",
    "    existing_domain_block = resource_params[:domain].present? ? DomainBlock.rule_for(resource_params[:domain]) : nil",
    "    return render json: existing_domain_block, serializer: REST::Admin::ExistingDomainBlockErrorSerializer, status: 422 if existing_domain_block.present?",
    "",
    "    @domain_block = DomainBlock.create!(resource_params)",
    "    DomainBlockWorker.perform_async(@domain_block.id)",
    "    log_action :create, @domain_block",
    "    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def index",
    "    authorize :domain_block, :index?",
    "    render json: @domain_blocks, each_serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def show",
    "    authorize @domain_block, :show?",
    "    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def update",
    "    authorize @domain_block, :update?",
    "    @domain_block.update!(domain_block_params)",
    "    DomainBlockWorker.perform_async(@domain_block.id, @domain_block.severity_previously_changed?)",
    "    log_action :update, @domain_block",
    "    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer",
    "  end",
    "",
    "  def destroy",
    "    authorize @domain_block, :destroy?",
    "    UnblockDomainService.new.call(@domain_block)",
    "    log_action :destroy, @domain_block",
    "    render_empty",
    "  end",
    "",
    "  private",
    "",
    "  def set_domain_blocks",
    "    @domain_blocks = filtered_domain_blocks.order(id: :desc).to_a_paginated_by_id(limit_param(LIMIT), params_slice(:max_id, :since_id, :min_id))",
    "  end",
    "",
    "  def set_domain_block"
  ].join('\n');

  it('replaces the `render` the new line adds an argument to, never writes it beside it', () => {
    const planned = runReply('Return 200 explicitly from update:\n\n```ruby\n  def update\n    authorize @domain_block, :update?\n    @domain_block.update!(domain_block_params)\n    # ... existing code ...\n    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer, status: 200\n  end\n```\n', (p) => (p === path ? file : undefined), { hintPath: path });
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    const old = '    log_action :update, @domain_block\n    render json: @domain_block, serializer: REST::Admin::DomainBlockSerializer\n';
    assert.equal(planned.changes[0]?.newText, file.replace(old, old.replace('DomainBlockSerializer\n', 'DomainBlockSerializer, status: 200\n')));
  });
});

describe('pasted replies: a line added and the line after it changed, right above the marker (p49/c 34, 41, 42, 44, 45, 50)', () => {
  // The real files of probe p49/c, trimmed: RustPython tests/snippets/function.py (31d7121),
  // cobra-cli tpl/main.go (2db6fd4) and .github/workflows/test.yml (0913535), gardener's
  // network-nginx-configmap.yaml.tpl (ee1c410). Each snippet anchors on the line above a new one
  // and ends with a changed file line, then its marker: the changed line went in above the old
  // one, which the marker kept, or the snippet was refused.
  const snippets = 'tests/snippets/function.py';
  const functionPy = [
    'def foo():',
    '    """test"""',
    '    return 42',
    '',
    'assert foo() == 42',
    'assert foo.__doc__ == "test"',
    'assert foo.__name__ == "foo"',
    'assert foo.__qualname__ == "foo"',
    '',
    'def f2():',
    "    '''test2'''",
    '    pass',
    '',
    'assert f2.__doc__ == "test2"',
    '',
    'def f3():',
    '    """',
    '    test3',
    '    """',
    '    pass',
    '',
    'assert f3.__doc__ == "\\n    test3\\n    "',
    '',
    'def f4():',
    '    "test4"',
    '    pass',
    '',
    'assert f4.__doc__ == "test4"',
    '',
  ].join('\n');
  const template = 'tpl/main.go';
  const mainGo = [
    'package cmd',
    '',
    'import (',
    '\t"fmt"',
    '',
    '\t"github.com/spf13/cobra"',
    ')',
    '',
    '// {{ .CmdName }}Cmd represents the {{ .CmdName }} command',
    'var {{ .CmdName }}Cmd = &cobra.Command{',
    '\tUse:   "{{ .CmdName }}",',
    '\tShort: "A brief description of your command",',
    '\tLong: ` + "`" + `A longer description that spans multiple lines and likely contains examples',
    'and usage of using your command.` + "`" + `,',
    '\tRun: func(cmd *cobra.Command, args []string) {',
    '\t\tfmt.Println("{{ .CmdName }} called")',
    '\t},',
    '}',
    '',
  ].join('\n');
  const workflow = '.github/workflows/test.yml';
  const testYml = [
    'name: Test',
    '',
    'jobs:',
    '',
    '  golangci-lint:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '',
    '      - uses: actions/setup-go@v2',
    '        with:',
    "          go-version: '1.17'",
    '',
    '      - uses: actions/checkout@v2',
    '',
    '  test-win:',
    '    name: MINGW64',
    '    runs-on: windows-latest',
    '    steps:',
    '',
    '    - uses: actions/cache@v2',
    '      with:',
    '        path: ~/go/pkg/mod',
    "        key: ${{ runner.os }}-${{ matrix.go }}-${{ hashFiles('**/go.sum') }}",
    '',
    '    - run: |',
    '        export GOBIN=$HOME/go/bin',
    '        go install github.com/kyoh86/richgo@latest',
    '        go install github.com/mitchellh/gox@latest',
    '',
    '    - run: PATH=$HOME/go/bin:$PATH make test build',
    '',
  ].join('\n');
  const configMap = 'test/framework/resources/templates/network-nginx-configmap.yaml.tpl';
  const nginx = [
    'apiVersion: v1',
    'kind: ConfigMap',
    'data:',
    '  ipv6.conf: |',
    '    server {',
    '        listen [::]:80;',
    '        server_name localhost;',
    '        location / {',
    '            root   /usr/share/nginx/html;',
    '        }',
    '    }',
    '',
  ].join('\n');
  const fence = (tag: string, path: string, lines: string[]) => `\`\`\`${tag}\n${[path, ...lines].join('\n')}\n\`\`\`\n`;

  it('replaces a struct field, a YAML key or an install the snippet changes after a line it adds (41, 50, 44)', () => {
    const shortChanged = fence('go', `// ${template}`, ['// ... existing code ...', 'var {{ .CmdName }}Cmd = &cobra.Command{', '\tUse:   "{{ .CmdName }}",', '\tAliases: []string{"{{ .CmdName }}s"},', '\tShort: "A brief description of the {{ .CmdName }} command",', '// ... existing code ...']);
    assert.equal(written(template, mainGo, shortChanged), mainGo.replace('\tShort: "A brief description of your command",', '\tAliases: []string{"{{ .CmdName }}s"},\n\tShort: "A brief description of the {{ .CmdName }} command",'));
    const keyChanged = fence('yaml', `# ${workflow}`, ['# ... existing code ...', '  golangci-lint:', '    runs-on: ubuntu-latest', '    steps:', '', '      - uses: actions/setup-go@v2', '        with:', '          check-latest: true', "          go-version: '1.18'", '      # ... existing code ...']);
    assert.equal(written(workflow, testYml, keyChanged), testYml.replace("          go-version: '1.17'", "          check-latest: true\n          go-version: '1.18'"));
    const pinned = fence('yaml', `# ${workflow}`, ['# ... existing code ...', '    - run: |', '        export GOBIN=$HOME/go/bin', '        export CGO_ENABLED=0', '        go install github.com/kyoh86/richgo@v0.3.12', '        # ... existing code ...']);
    assert.equal(written(workflow, testYml, pinned), testYml.replace('        go install github.com/kyoh86/richgo@latest', '        export CGO_ENABLED=0\n        go install github.com/kyoh86/richgo@v0.3.12'));
    // Another package installed above the file's: new code beside it, the file's install kept.
    const another = pinned.replace('kyoh86/richgo@v0.3.12', 'golangci/golangci-lint/cmd/golangci-lint@latest');
    assert.equal(written(workflow, testYml, another), testYml.replace('        go install github.com/kyoh86/richgo@latest', '        export CGO_ENABLED=0\n        go install github.com/golangci/golangci-lint/cmd/golangci-lint@latest\n        go install github.com/kyoh86/richgo@latest'));
  });

  it('replaces the assert the snippet rewrites after a function whose docstring it changes, or gives a message (34, 45)', () => {
    const docstring = fence('python', `# ${snippets}`, ['# ... existing code ...', 'def f3():', '    """', '    test3', '    more', '    """', '    pass', '', 'assert f3.__doc__ == "\\n    test3\\n    more\\n    "', '# ... existing code ...']);
    assert.equal(written(snippets, functionPy, docstring), functionPy.replace('    test3\n    """', '    test3\n    more\n    """').replace('assert f3.__doc__ == "\\n    test3\\n    "', 'assert f3.__doc__ == "\\n    test3\\n    more\\n    "'));
    const message = fence('python', `# ${snippets}`, ['# ... existing code ...', 'def f3():', '    """', '    test3', '    """', '    pass', '', 'assert f3.__doc__ == "\\n    test3\\n    ", "docstring whitespace must be kept"', '# ... existing code ...']);
    assert.equal(written(snippets, functionPy, message), functionPy.replace('assert f3.__doc__ == "\\n    test3\\n    "', 'assert f3.__doc__ == "\\n    test3\\n    ", "docstring whitespace must be kept"'));
    // A changed last line the placing already takes for the file's replaces that line only, not the like one below it.
    const taken = fence('python', `# ${snippets}`, ['# ... existing code ...', 'def foo():', '    """tested"""', '    return 42', '', 'assert foo() == 42', 'assert foo.__doc__ == "tested"', '# ... existing code ...']);
    assert.equal(written(snippets, functionPy, taken), functionPy.replace('"""test"""', '"""tested"""').replace('assert foo.__doc__ == "test"', 'assert foo.__doc__ == "tested"'));
  });

  it('refuses a directive its block sets once, written changed under a new line, and adds one beside another (42)', () => {
    const serverName = fence('yaml', `# ${configMap}`, ['data:', '  ipv6.conf: |', '    server {', '        listen [::]:80;', '        listen 80;', '        server_name example.local;', '        # ... existing code ...']);
    const planned = result(configMap, nginx, serverName);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]!.message, /"server_name localhost;" \(line 7\)/);
    assert.equal(planned.changes.length, 0);
    // `listen` alone added: the file's next line sets another directive, and nothing is unsure.
    const listen = fence('yaml', `# ${configMap}`, ['data:', '  ipv6.conf: |', '    server {', '        listen [::]:80;', '        listen 80;', '        # ... existing code ...']);
    assert.equal(written(configMap, nginx, listen), nginx.replace('        listen [::]:80;\n', '        listen [::]:80;\n        listen 80;\n'));
  });
});

describe('pasted replies: a Cursor snippet whose last line before `// ... existing code ...` changes the file\'s (p49/b 11, 15, 02)', () => {
  // A Cursor 0.50 chat export ("App Development for Electronics Simulation", index id
  // 22595775517): each file is as the transcript wrote it, cut to the part the reply touches.
  // The replies name no file: they are applied to the file the user runs the command from.
  const planned = (path: string, file: string, reply: string) => runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
  const writtenTo = (path: string, file: string, reply: string) => {
    const plan = planned(path, file, reply);
    assert.equal(plan.receipt.ok, true, JSON.stringify(plan.receipt.errors));
    return plan.changes.find((c) => c.path === path)?.newText ?? file;
  };
  const componentPath = 'src/app/components/CircuitComponent.tsx';
  const component = [
    "'use client';",
    "",
    "import { Component, ComponentType } from '../lib/circuitEngine';",
    "import { useState, useEffect } from 'react';",
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
    "  // Move component while dragging",
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
    "  // End dragging",
    "  const handleMouseUp = () => {",
    "    setDragging(false);",
    "  };",
    "",
    "  // Add and remove event listeners with proper cleanup",
    "  useEffect(() => {",
    "    if (dragging) {",
    "      window.addEventListener('mousemove', handleMouseMove);",
    "      window.addEventListener('mouseup', handleMouseUp);",
    "      ",
    "      // Cleanup function to remove event listeners",
    "      return () => {",
    "        window.removeEventListener('mousemove', handleMouseMove);",
    "        window.removeEventListener('mouseup', handleMouseUp);",
    "      };",
    "    }",
    "  }, [dragging]); // Only re-add listeners when dragging state changes",
    "",
    "  return (",
    "    <g ",
    "      className={`circuit-component ${selected ? 'selected' : ''}`} ",
    "      onClick={(e) => e.stopPropagation()}",
    "      onMouseDown={handleMouseDown}",
    "      style={{ cursor: selected ? 'move' : 'pointer' }}",
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

  it('replaces a hook\'s closing line the snippet re-prints with new dependencies, which written beside the old one closed the hook twice', () => {
    const reply = "Now, we need to fix a potential issue with event handler dependencies in the useEffect:\n\n```typescriptreact\n  // Add and remove event listeners with proper cleanup\n  useEffect(() => {\n    if (dragging) {\n      window.addEventListener('mousemove', handleMouseMove);\n      window.addEventListener('mouseup', handleMouseUp);\n      \n      // Cleanup function to remove event listeners\n      return () => {\n        window.removeEventListener('mousemove', handleMouseMove);\n        window.removeEventListener('mouseup', handleMouseUp);\n      };\n    }\n  }, [dragging, handleMouseMove, handleMouseUp]); // Add all dependencies\n\n// ... existing code ...\n```\n";
    const fixed = component.replace('  }, [dragging]); // Only re-add listeners when dragging state changes', '  }, [dragging, handleMouseMove, handleMouseUp]); // Add all dependencies');
    assert.equal(writtenTo(componentPath, component, reply), fixed);
    // The file's closing line followed by a statement of its own before its blank line: the new
    // closer stands for the first, and whether the second is deleted is still a guess.
    const followed = component.replace('  }, [dragging]); // Only re-add listeners when dragging state changes', '  }, [dragging]); // Only re-add listeners when dragging state changes\n  const ready = true;');
    assert.equal(planned(componentPath, followed, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('replaces a one-line union the snippet widens over fifteen lines right under the file\'s first line, which written above it declared the type twice', () => {
    const enginePath = 'src/app/lib/circuitEngine.ts';
    const engine = [
      "// Types for electronic components",
      "export type ComponentType = 'resistor' | 'capacitor' | 'inductor' | 'diode' | 'transistor' | 'voltageSource' | 'currentSource' | 'wire';",
      "",
      "export interface Point {",
      "  x: number;",
      "  y: number;",
      "}",
      "",
      "export interface Component {",
      "  id: string;",
      "  type: ComponentType;",
      "  position: Point;",
      "  rotation: number;",
      "  value: number;",
      "  terminals: Point[];",
      "  properties: Record<string, number | string | boolean>;",
      "}",
      "",
      "export interface Wire {",
    ].join('\n');
    const reply = "I'll add these source components to your Electronics Lab. Let's start by updating the component types and then add their visual representations.\n\n```typescript\n// Types for electronic components\nexport type ComponentType = \n  | 'resistor' \n  | 'capacitor' \n  | 'inductor' \n  | 'diode' \n  | 'transistor' \n  | 'voltageSource' \n  | 'currentSource' \n  | 'wire'\n  | 'ground'\n  | 'battery'\n  | 'dcCurrentSource'\n  | 'acVoltageSource'\n  | 'acCurrentSource'\n  | 'squareWaveSource';\n\n// ... existing code ...\n```\n";
    const union = reply.slice(reply.indexOf('export type'), reply.indexOf('\n\n// ...'));
    assert.equal(writtenTo(enginePath, engine, reply), engine.replace(/^export type ComponentType = .*$/m, union));
    // A second declaration between the union and the file's blank line is not the union: whether
    // the new lines replace both or go above them is still a guess.
    const two = engine.replace("'wire';\n", "'wire';\nexport type Unit = 'ohm';\n");
    assert.equal(planned(enginePath, two, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('writes no blank line of its own after a re-printed line the file has, where the snippet only parts it from its trailing marker', () => {
    const pagePath = 'src/app/page.tsx';
    const page = [
      "import CircuitBoard from './components/CircuitBoard';",
      "",
      "export default function Home() {",
      "  return (",
      "    <div className=\"flex flex-col min-h-screen p-4\">",
      "      <header className=\"mb-6\">",
      "        <h1 className=\"text-3xl font-bold\">Electronics Lab</h1>",
      "        <p className=\"text-gray-600\">Create and simulate electronic circuits</p>",
      "      </header>",
      "      ",
      "      <main className=\"flex-grow\">",
      "        <CircuitBoard />",
      "      </main>",
      "      ",
      "      <footer className=\"mt-8 pt-4 border-t text-center text-gray-500 text-sm\">",
      "        <p>Electronics Lab Simulation - Built with Next.js</p>",
      "        <p>Use the toolbar to add components. Select components to move or delete them.</p>",
      "        <p>Press 'r' to rotate selected components. Delete key removes selected items.</p>",
      "      </footer>",
      "    </div>",
      "  );",
      "}",
      "",
    ].join('\n');
    const reply = "Let's fix the linter errors:\n\n```typescriptreact\n// ... existing code ...\n\n      <footer className=\"mt-8 pt-4 border-t text-center text-gray-500 text-sm\">\n        <p>Electronics Lab Simulation - Built with Next.js</p>\n        <p>Use the toolbar to add components. Select components to move or delete them.</p>\n        <p>Press &apos;r&apos; to rotate selected components. Delete key removes selected items.</p>\n      </footer>\n\n// ... existing code ...\n```\n";
    assert.equal(writtenTo(pagePath, page, reply), page.replace("Press 'r' to rotate", 'Press &apos;r&apos; to rotate'));
  });
});

describe('pasted replies: a Cursor snippet whose changed lines carry a diff\'s "-" and "+" (p50/b 05, 09, 12, 10)', () => {
  // App.tsx of LeonidYasin/ConstruBot's chat export, cut to the two inputs the reply changes.
  const inputs = (width: string, height: string) =>
    [
      '        <label>',
      '          Ширина (м):',
      '          <input',
      '            type="number"',
      '            value={inputWidth}',
      `            onChange={e => setInputWidth(${width})}`,
      '            style={{ marginLeft: 8, width: 60 }}',
      '          />',
      '        </label>',
      '        <label>',
      '          Высота (м):',
      '          <input',
      '            type="number"',
      '            value={inputHeight}',
      `            onChange={e => setInputHeight(${height})}`,
      '            style={{ marginLeft: 8, width: 60 }}',
      '          />',
      '        </label>',
      '',
    ].join('\n');
  const before = inputs('e.target.value', 'e.target.value');
  const after = inputs('Number(e.target.value)', 'Number(e.target.value)');
  const reply = [
    '```typescriptreact',
    '// ... existing code ...',
    '            value={inputWidth}',
    '-            onChange={e => setInputWidth(e.target.value)}',
    '+            onChange={e => setInputWidth(Number(e.target.value))}',
    '// ... existing code ...',
    '            value={inputHeight}',
    '-            onChange={e => setInputHeight(e.target.value)}',
    '+            onChange={e => setInputHeight(Number(e.target.value))}',
    '// ... existing code ...',
    '```',
    '',
    'Ошибка типов исправлена: теперь значения из input преобразуются в число через `Number(e.target.value)`.',
    '',
  ].join('\n');

  it('replaces each "-" line, found once where the lines above it stand, by its "+" line', () => {
    // Refused: the "-" line was read as new code "shallower than the file's lines after it".
    assert.equal(writtenOnTarget('App.tsx', before, reply), after);
  });

  it('reports the snippet already applied on the file that has its "+" lines', () => {
    const planned = onTarget('App.tsx', after, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.length, 0);
  });

  it('gives the "+" lines the depth the file gives the "-" line, the prefix put right before the code', () => {
    const atCode = reply.replace(/^-( +)/gm, '$1-').replace(/^\+( +)/gm, '$1+');
    assert.equal(writtenOnTarget('App.tsx', before, atCode), after);
  });

  it('does not read the prefixes so where the "-" line is not surely the file\'s line there', () => {
    // No line above it: the old line stands twice, once for each input.
    const twice = inputs('e.target.value', 'e.target.value').replace('setInputHeight(e.target.value)', 'setInputWidth(e.target.value)');
    const bare = ['```typescriptreact', '// ... existing code ...', '-            onChange={e => setInputWidth(e.target.value)}', '+            onChange={e => setInputWidth(Number(e.target.value))}', '// ... existing code ...', '```', ''].join('\n');
    assert.equal(onTarget('App.tsx', twice, bare).changes.length, 0);
    // A "-" line with no "+" line beside it: a deletion, or a line of code that starts so.
    const deletion = reply.replace('+            onChange={e => setInputWidth(Number(e.target.value))}\n', '');
    assert.equal(onTarget('App.tsx', before, deletion).changes.length, 0);
    // Markdown's bullets are the file's own text: "- pears" is the file's line, not "pears" without a prefix.
    const list = '# Shopping\n\n- apples\n- pears\n\n## Notes\n\nBuy early.\n';
    const bullets = '```markdown\n<!-- ... existing content ... -->\n- apples\n- pears\n+ plums\n<!-- ... existing content ... -->\n```\n';
    assert.ok(!/^plums$/m.test(onTarget('list.md', list, bullets).changes[0]?.newText ?? ''));
  });
});

describe('pasted replies: a Cursor "-"/"+" snippet on lines that themselves start with "-" (p51/a 42, 43, 43b, 43c, 43d, 45)', () => {
  // opencode-model-sync's README.md, cut to its features list and configuration table.
  const readme = (backup: string, backupRow: string) =>
    [
      '# opencode-model-sync',
      '',
      'Automated model catalog synchronization. Fetches latest model information and validates against the known catalog on a weekly/daily schedule.',
      '',
      '## Features',
      '',
      '- **Catalog Sync**: Pull latest model data from providers',
      '- **Validation**: Verify synced models against known catalog',
      `- **Backup**: ${backup}`,
      '- **Configurable Interval**: Weekly or daily sync schedule',
      '',
      '## Usage',
      '',
      '```bash',
      '# Run sync manually',
      'bun run sync',
      '```',
      '',
      '## Configuration',
      '',
      '| Env Variable | Default | Description |',
      '|-------------|---------|-------------|',
      "| `MODEL_SYNC_INTERVAL` | `'weekly'` | Sync frequency (`weekly` or `daily`) |",
      '| `MODEL_CATALOG_PATH` | `opencode-config/models/catalog-2026.json` | Catalog file path |',
      `| \`MODEL_BACKUP_DIR\` | ${backupRow} |`,
      '',
      '## License',
      '',
      'MIT',
      '',
    ].join('\n');
  const before = readme('Auto-backup before sync operations', 'Auto-detected | Backup directory for pre-sync state');
  const after = readme('Automatic backup of the catalog before every sync', 'Auto-detected | Backup directory for pre-sync state');
  const bullets = [
    '- **Catalog Sync**: Pull latest model data from providers',
    '- **Validation**: Verify synced models against known catalog',
    '-- **Backup**: Auto-backup before sync operations',
    '+- **Backup**: Automatic backup of the catalog before every sync',
    '- **Configurable Interval**: Weekly or daily sync schedule',
  ];
  const fenced = (lines: readonly string[]) => ['Reword the backup bullet in `README.md`:', '', '```markdown', ...lines, '```', ''].join('\n');
  const marker = '<!-- ... existing content ... -->';

  it('reads "-- item" as the bullet "- item" removed and "+- item" as the bullet added, the other bullets as the file\'s own', () => {
    // Written as code, "-- **Backup**" and "+- **Backup**" replaced the bullet; or the block was refused.
    assert.equal(writtenOnTarget('README.md', before, fenced(['## Features', '', ...bullets])), after);
    assert.equal(writtenOnTarget('README.md', before, fenced([marker, ...bullets.slice(1, 4), marker])), after);
    assert.equal(writtenOnTarget('README.md', before, fenced([marker, ...bullets.slice(2, 4), marker])), after);
    // Named only by the sentence above ("Reword ... in `README.md`"), with no target file.
    assert.equal(written('README.md', before, fenced(['## Features', '', ...bullets])), after);
  });

  it('reports the snippet already applied on the file that has its "+" bullet', () => {
    const planned = onTarget('README.md', after, fenced([marker, ...bullets.slice(1, 4), marker]));
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.length, 0);
  });

  it('refuses a "-" row that is a near copy of the file\'s row, not the row, instead of writing the prefixed rows', () => {
    // The "-" row is the row before "for pre-sync state" was added: the old row was kept and both
    // prefixed rows were written under the one before it.
    const reply = [
      'Give the backup directory a fixed default in `README.md`:',
      '',
      '```markdown',
      marker,
      '| `MODEL_CATALOG_PATH` | `opencode-config/models/catalog-2026.json` | Catalog file path |',
      '-| `MODEL_BACKUP_DIR` | Auto-detected | Backup directory |',
      '+| `MODEL_BACKUP_DIR` | `./backups` | Backup directory for pre-sync state |',
      marker,
      '```',
      '',
    ].join('\n');
    const planned = onTarget('README.md', before, reply);
    assert.equal(planned.changes.length, 0);
    assert.equal(planned.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(planned.receipt.errors[0].message, /only a near copy of it/);
    // Without markers, the block is no re-print of one place of the file: refused too.
    const bare = onTarget('README.md', before, reply.split('\n').filter((line) => line !== marker).join('\n'));
    assert.equal(bare.receipt.ok, false);
    assert.equal(bare.changes.length, 0);
  });

  it('reads "---" Lua comment lines as the comments "--" removed, under a marker followed by an "Example:" comment', () => {
    // neovim's lua/options.lua, cut to the comment the reply edits. The "Example:" comment right
    // under the marker was taken for an example of use and the block cut there.
    const options = (art: string[]) => ['-- Split windows', 'vim.opt.splitright = true', '', '-- Add "-" to the chars that can be used to define a key word', '--     Example: ____aaaa-bbbb___', ...art, '--', '--     With this active, in "Normal" mode, do "Ctrl+W" and it will delete "aaaa-bbbb"', 'vim.opt.iskeyword:append("-")', ''].join('\n');
    const reply = [
      'Fix the typo in the comment and drop the caret line in `lua/options.lua`:',
      '',
      '```lua',
      '-- ... existing code ...',
      '--     Example: ____aaaa-bbbb___',
      '---                           ^',
      '---                           +-- Cursor position',
      '+--                           ^-- Cursor position',
      '--',
      '-- ... existing code ...',
      '```',
      '',
    ].join('\n');
    const file = options(['--                           ^', '--                           +-- Cursor position']);
    assert.equal(written('lua/options.lua', file, reply), options(['--                           ^-- Cursor position']));
  });
});

describe('pasted replies: a requirement pin split in two by environment markers right above the marker (p50/a 22)', () => {
  // The case's requirements.txt and reply: numpy 1.24 has no wheels for Python 3.12, so the
  // snippet writes one pin for each side of 3.12 where the file pins numpy once. Kept beside
  // them, the unconditional pin conflicted with the 3.12 one and pip refused to install.
  const path = 'requirements.txt';
  const requirements = 'Flask==2.3.3\nFlask-SQLAlchemy==3.1.1\nnumpy==1.24.4\npandas==2.0.3\n';
  const split = ['numpy==1.24.4; python_version < "3.12"', 'numpy==1.26.4; python_version >= "3.12"'];
  const reply = ['numpy 1.24 has no wheels for Python 3.12, so pin it per Python version in `requirements.txt`:', '', '```text', '# ... existing code ...', 'Flask-SQLAlchemy==3.1.1', ...split, '# ... existing code ...', '```', ''].join('\n');

  it('replaces the file\'s pin by the two marker pins', () => {
    assert.equal(written(path, requirements, reply), requirements.replace('numpy==1.24.4\n', `${split.join('\n')}\n`));
  });

  it('replaces it the same way at the end of a marker-less fragment', () => {
    const merged = mergeFragment(requirements.split('\n'), ['Flask-SQLAlchemy==3.1.1', ...split]);
    assert.deepEqual(merged, { ok: true, lines: requirements.replace('numpy==1.24.4\n', `${split.join('\n')}\n`).split('\n') });
  });

  it('adds a pin of another package beside the file\'s numpy pin', () => {
    const scipy = reply.replace(`${split.join('\n')}\n`, 'scipy==1.11.4\n');
    assert.equal(written(path, requirements, scipy), requirements.replace('numpy==1.24.4\n', 'scipy==1.11.4\nnumpy==1.24.4\n'));
  });
});

describe('pasted replies: a snippet that ends with a split pin, after a leading marker only (p51/a 70)', () => {
  // The probe's requirements.txt: the snippet marks the file's top as left out, shows its
  // typing_extensions line, then pins numpy per Python version and ends, with no marker after.
  // The file's last line, the unconditional numpy pin, stayed beside the two new ones: pip then
  // saw 1.24.4 and 1.26.4 together on Python 3.9 and up.
  const path = 'requirements.txt';
  const requirements = '# Core\nfastapi==0.110.0\nuvicorn[standard]==0.27.1\npydantic==2.6.3\nSQLAlchemy==2.0.28\npsycopg2-binary==2.9.9\ntyping_extensions==4.10.0\nnumpy==1.24.4\n';
  const split = ['numpy==1.24.4; python_version < "3.9"', 'numpy==1.26.4; python_version >= "3.9"'];
  const reply = (lines: readonly string[]) => ['numpy 1.24 has no wheels for Python 3.12. Pin by interpreter in `requirements.txt`:', '', '```text', '# ... existing code ...', 'typing_extensions==4.10.0', ...lines, '```', ''].join('\n');

  it('replaces the file\'s next pin by the two marker pins, as before a closing marker', () => {
    assert.equal(written(path, requirements, reply(split)), requirements.replace('numpy==1.24.4\n', `${split.join('\n')}\n`));
  });

  it('adds a pin of another package above the file\'s numpy pin, which stays', () => {
    assert.equal(written(path, requirements, reply(['scipy==1.11.4'])), requirements.replace('numpy==1.24.4\n', 'scipy==1.11.4\nnumpy==1.24.4\n'));
  });
});

describe('pasted replies: a marker, then a Println rewritten as Printf one level deeper (p51/a 25)', () => {
  // The probe's Go CLI main.go, its argument switch trimmed: the marker stands for the `if` line
  // and the snippet goes on with the `Printf` form of the file's `Println`. Written after the old
  // call, which the marker kept, the message printed twice.
  const path = 'main.go';
  const main = [
    'package main',
    '',
    'func parseArgs() {',
    '	for i := 1; i < len(os.Args); i++ {',
    '		switch os.Args[i] {',
    '		case "--in-bin":',
    '			inputAsBinary = true',
    '		case "--out-file":',
    '			outputFile = os.Args[i+1]',
    '			if _, err = os.Stat(outputFile); !os.IsNotExist(err) {',
    '				fmt.Println("Output file " + outputFile + " already exists.")',
    '				os.Exit(1)',
    '			}',
    '			i++',
    '		case "--out-bin":',
    '			outputAsBinary = true',
    '		}',
    '	}',
    '}',
    '',
  ].join('\n');
  const reply = (call: string) => ['Use `Printf` for the file-exists message:', '', path, '```go', '\t\tcase "--out-file":', '\t\t\toutputFile = os.Args[i+1]', '\t\t\t// ... existing code ...', call, '\t\t\t\tos.Exit(1)', '\t\t\t}', '\t\t\ti++', '\t\tcase "--out-bin":', '```', ''].join('\n');

  it('refuses it, naming the Println the elision ends with, rather than print the message twice', () => {
    const planned = result(path, main, reply('\t\t\t\tfmt.Printf("Output file %s already exists.\\n", outputFile)'));
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]?.message ?? '', /whose last line is "fmt\.Println\(.*\(line 11\), the same call in its other form/);
  });

  it('still adds another function\'s call after the elision', () => {
    const log = '\t\t\t\tlog.Printf("refusing to overwrite %s", outputFile)';
    assert.equal(written(path, main, reply(log)), main.replace('\t\t\t\tos.Exit(1)', `${log}\n\t\t\t\tos.Exit(1)`));
  });
});

describe('pasted replies: a marker, then a log call rewritten in its printf form (p50/d 12, kubernetes reflector.go)', () => {
  // kubernetes' client-go tools/cache/reflector.go (2b02db1), ListAndWatch's watch-list branch,
  // trimmed. The snippet re-prints the branch after upstream's change: a marker where the file
  // has the IsInvalid check and `klog.Warning(…)`, then the new `klog.Warningf(…, err)`. Written
  // after the old call, which the marker kept, it logged two warnings for one event.
  const path = 'staging/src/k8s.io/client-go/tools/cache/reflector.go';
  const reflector = [
    'func (r *Reflector) ListAndWatch(stopCh <-chan struct{}) error {',
    ...listAndWatchBranch,
    '\t}',
    '\treturn nil',
    '}',
    '',
  ].join('\n');
  const warningf = '\t\t\tklog.Warningf("The watchlist request ended with an error, falling back to the standard LIST/WATCH semantics because making progress is better than deadlocking, err = %v", err)';
  const snippet = (call: string) => ['Always fall back to LIST when watch-list fails:', '', path, '```go', '\tif r.UseWatchList {', '\t\tw, err = r.watchList(stopCh)', '\t\tif w == nil && err == nil {', '\t\t\t// stopCh was closed', '\t\t\treturn nil', '\t\t}', '\t\tif err != nil {', '\t\t\t// ... existing code ...', call, '\t\t\tfallbackToList = true', '\t\t\t// ensure that we won\'t accidentally pass some garbage down the watch.', '\t\t\tw = nil', '\t\t}', '\t}', '```', ''].join('\n');

  it('refuses it, naming the call the elision ends with, rather than keep both warnings', () => {
    const planned = result(path, reflector, snippet(warningf));
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]?.message ?? '', /right after an elision whose last line is "klog\.Warning\(.*\(line 16\), the same call in its other form/);
  });

  it('still adds a call of another function, or the same function again, after the elision', () => {
    for (const call of ['\t\t\tklog.Infof("watch-list failed: %v", err)', '\t\t\tklog.Warning("making progress is better than deadlocking")']) {
      const expected = reflector.replace('\t\t\tfallbackToList = true\n\t\t\t// Ensure', `${call}\n\t\t\tfallbackToList = true\n\t\t\t// ensure`);
      assert.equal(written(path, reflector, snippet(call)), expected);
    }
  });
});

describe('pasted replies: a Go func header, an inner marker, the changed `if !ok {` block (p51/b 09-12, 27, 28, a Cursor export)', () => {
  // pkg/dao/mem/user_mem.go as the transcript printed it, trimmed to its imports and the two
  // methods the snippet edits: both have an `if !ok {` block, too plain a line to anchor anywhere.
  const userMem = [
    'package mem',
    '',
    'import (',
    '\t"context"',
    '\t"errors"',
    '\t"sync"',
    '',
    '\t"github.com/yourusername/truecaller-lite/pkg/models"',
    ')',
    '',
    '// GetUserByPhoneNumber retrieves a user by phone number.',
    'func (dao *UserMemDAO) GetUserByPhoneNumber(ctx context.Context, phoneNumber string) (*models.User, error) {',
    '\tif ctx.Err() != nil {',
    '\t\treturn nil, ctx.Err()',
    '\t}',
    '\tdao.mu.RLock()',
    '\tdefer dao.mu.RUnlock()',
    '\tuser, ok := dao.users[phoneNumber]',
    '\tif !ok {',
    '\t\treturn nil, errors.New("user not found")',
    '\t}',
    '\t// Return a copy to avoid external mutation',
    '\tcopyUser := *user',
    '\treturn &copyUser, nil',
    '}',
    '',
    '// UpdateSpamStatus updates the spam status for a user.',
    'func (dao *UserMemDAO) UpdateSpamStatus(ctx context.Context, phoneNumber string, isSpam bool) error {',
    '\tif ctx.Err() != nil {',
    '\t\treturn ctx.Err()',
    '\t}',
    '\tdao.mu.Lock()',
    '\tdefer dao.mu.Unlock()',
    '\tuser, ok := dao.users[phoneNumber]',
    '\tif !ok {',
    '\t\treturn errors.New("user not found")',
    '\t}',
    '\tuser.IsSpam = isSpam',
    '\treturn nil',
    '}',
    '',
  ].join('\n');
  const daoerrors = '\t"github.com/yourusername/truecaller-lite/pkg/dao/daoerrors"';
  const path = 'pkg/dao/mem/user_mem.go';
  const getHeader = 'func (dao *UserMemDAO) GetUserByPhoneNumber(ctx context.Context, phoneNumber string) (*models.User, error) {';
  const spamHeader = 'func (dao *UserMemDAO) UpdateSpamStatus(ctx context.Context, phoneNumber string, isSpam bool) error {';
  const fenced = (lines: string[]) => [path, '```go', ...lines, '```', ''].join('\n');

  it('edits the block in the body of each function whose header the snippet shows above a marker', () => {
    const reply = fenced([
      '// ... existing code ...',
      'import (',
      '\t// ... existing imports ...',
      daoerrors,
      ')',
      '// ... existing code ...',
      getHeader,
      '\t// ... existing code ...',
      '\tif !ok {',
      '\t\treturn nil, daoerrors.ErrUserNotFound',
      '\t}',
      '\t// ... existing code ...',
      '}',
      '// ... existing code ...',
      spamHeader,
      '\t// ... existing code ...',
      '\tif !ok {',
      '\t\treturn daoerrors.ErrUserNotFound',
      '\t}',
      '\t// ... existing code ...',
      '}',
      '// ... existing code ...',
    ]);
    const expected = userMem
      .replace('/pkg/models"\n', `/pkg/models"\n${daoerrors}\n`)
      .replace('return nil, errors.New("user not found")', 'return nil, daoerrors.ErrUserNotFound')
      .replace('return errors.New("user not found")', 'return daoerrors.ErrUserNotFound');
    assert.equal(written(path, userMem, reply), expected);
  });

  it('still refuses when the body has that line twice', () => {
    const twice = userMem.replace('\tuser.IsSpam = isSpam\n', '\tif !ok {\n\t\treturn nil\n\t}\n\tuser.IsSpam = isSpam\n');
    const reply = fenced([spamHeader, '\t// ... existing code ...', '\tif !ok {', '\t\treturn daoerrors.ErrUserNotFound', '\t}', '\t// ... existing code ...', '}']);
    assert.equal(result(path, twice, reply).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });

  it('says that the line too plain to anchor on occurs once, when no header places it (the diagnosis was "no line occurs exactly once")', () => {
    const once = userMem.replace('\tuser, ok := dao.users[phoneNumber]\n\tif !ok {\n\t\treturn errors', '\tuser, found := dao.users[phoneNumber]\n\tif !found {\n\t\treturn errors');
    const reply = fenced(['// ... existing code ...', '\tif !ok {', '\t\treturn nil, daoerrors.ErrUserNotFound', '\t}', '// ... existing code ...']);
    const refused = result(path, once, reply);
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /no line that occurs exactly once in the file but "if !ok \{", too plain a line to place them by itself/);
  });

  it('refuses the block written right under the header without the marker, rather than write it over the body\'s first block', () => {
    // 27 and 28: the real snippet with its inner marker above `if !ok {` dropped. Its closer was
    // taken for the one of `if ctx.Err() != nil {`, and the context check was overwritten.
    const reply = fenced(['// ... existing code ...', spamHeader, '\tif !ok {', '\t\treturn daoerrors.ErrUserNotFound', '\t}', '\t// ... existing code ...', '}', '// ... existing code ...']);
    const refused = result(path, userMem, reply);
    assert.equal(refused.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(refused.receipt.errors[0]?.message ?? '', /"if !ok \{" is new right below/);
    assert.equal(refused.changes.length, 0);
    // The body's first block itself, shown under the header, is still edited whole.
    const first = fenced(['// ... existing code ...', spamHeader, '\tif ctx.Err() != nil {', '\t\treturn fmt.Errorf("update spam status: %w", ctx.Err())', '\t}', '\t// ... existing code ...', '}', '// ... existing code ...']);
    assert.equal(written(path, userMem, first), userMem.replace('\t\treturn ctx.Err()\n', '\t\treturn fmt.Errorf("update spam status: %w", ctx.Err())\n'));
  });
});

describe('pasted replies: a Cursor snippet deleting a whole YAML list item with "-" lines (p52/a 39, an Ansible tasks/main.yml)', () => {
  // The probe's Ansible role: three top-level tasks, the last two ending with the same `notify:`.
  const tasks = [
    '---',
    '- name: Install nginx',
    '  apt:',
    '    name: nginx',
    '    state: present',
    '    update_cache: yes',
    '',
    '- name: Copy site config',
    '  template:',
    '    src: site.conf.j2',
    '    dest: /etc/nginx/sites-available/site.conf',
    '  notify: reload nginx',
    '',
    '- name: Enable site',
    '  file:',
    '    src: /etc/nginx/sites-available/site.conf',
    '    dest: /etc/nginx/sites-enabled/site.conf',
    '    state: link',
    '  notify: reload nginx',
    '',
  ];
  const path = 'roles/web/tasks/main.yml';
  const reply = (lines: readonly string[]) => ['The site is enabled by the package\'s default config now; remove the symlink task:', '', '```yaml', ...lines, '```', ''].join('\n');
  const enableSite = tasks.slice(13, 19);
  const copyConfig = tasks.slice(7, 12);

  it('deletes the last task, and the blank line that parted it from the one above', () => {
    const block = ['# ... existing code ...', '  notify: reload nginx', '', ...enableSite.map((line) => `-${line}`)];
    assert.equal(writtenOnTarget(path, tasks.join('\n'), reply(block)), [...tasks.slice(0, 12), ''].join('\n'));
  });

  it('deletes a task between two others, its blank line given with a "-" as well', () => {
    const block = ['# ... existing code ...', '    update_cache: yes', '', ...[...copyConfig, ''].map((line) => `-${line}`), '- name: Enable site', '# ... existing code ...'];
    assert.equal(writtenOnTarget(path, tasks.join('\n'), reply(block)), [...tasks.slice(0, 7), ...tasks.slice(13)].join('\n'));
  });

  it('keeps reading comment lines given one more "-" at one depth as the lines changed (Lua\'s "--" made LuaDoc\'s "---")', () => {
    const lua = ['-- Split windows', 'vim.opt.splitright = true', '', '-- Returns the sum', '-- of a and b', 'local function add(a, b)', '  return a + b', 'end', ''];
    const docs = ['```lua', '-- ... existing code ...', 'vim.opt.splitright = true', '', '--- Returns the sum', '--- of a and b', 'local function add(a, b)', '-- ... existing code ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget('init.lua', lua.join('\n'), docs), lua.join('\n').replace('-- Returns the sum\n-- of a and b', '--- Returns the sum\n--- of a and b'));
  });
});
