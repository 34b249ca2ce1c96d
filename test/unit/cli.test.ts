/**
 * The CLI on disk: `node dist/cli.js apply REPLY --root DIR [--file HINT] --json --write` over temp copies of golden
 * fixtures. Checks exit codes (0 applied, 1 failed and nothing written, 2 no edits), the bytes on disk against after/
 * (or before/ when refused: every byte of every file unchanged, nothing created), and that the JSON receipt is the
 * fixture's golden receipt (the CLI and the in-process runner are the same engine).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBuilt } from './cliHarness';
import { assertSameWorkspace, loadFixture, loadTree, projectRoot, type Fixture } from './fixtures.test';

const root = projectRoot();
const cli = path.join(root, 'dist', 'cli.js');

interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly workspace: string;
}

/** Copies before/ byte for byte into a fresh temp folder. */
function workspaceFrom(fixture: Fixture): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `apply-ai-edit-${fixture.name.slice(0, 20)}-`));
  const workspace = path.join(dir, 'ws');
  fs.cpSync(path.join(fixture.dir, 'before'), workspace, { recursive: true });
  return workspace;
}

function runCli(fixture: Fixture, extra: string[] = ['--write']): CliRun {
  const workspace = workspaceFrom(fixture);
  const args = [cli, 'apply', path.join(fixture.dir, 'reply.md'), '--root', workspace, '--json', ...extra];
  if (fixture.hint) args.push('--file', fixture.hint);
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, workspace };
}

/** Every file under the folder, next to it included, so a write outside --root would show. */
function snapshot(workspace: string) {
  return loadTree(path.dirname(workspace));
}

function receiptOf(run: CliRun): unknown {
  const { timing, ...rest } = JSON.parse(run.stdout) as { timing: unknown };
  assert.ok(timing, 'the JSON receipt has timing');
  return rest;
}

function goldenOf(fixture: Fixture): unknown {
  return JSON.parse(fs.readFileSync(path.join(fixture.dir, 'receipt.json'), 'utf8'));
}

describe('CLI on golden fixtures (node dist/cli.js apply --write)', function () {
  this.timeout(180_000);
  const temps: string[] = [];

  // Builds when dist/cli.js is missing or older than the sources it bundles (a stale CLI would test old code).
  before(ensureBuilt);

  after(() => {
    for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
  });

  const track = (run: CliRun) => {
    temps.push(path.dirname(run.workspace));
    return run;
  };

  for (const name of ['04-sr-csharp-crlf-kept', '05-sr-bom-first-line-kept', '06-sr-no-final-newline-last-line', '22-gitdiff-create-delete-rename', '26-patch-move-and-edit', '33-toolcall-multiedit-go', '102-zed-old-new-text-pairs']) {
    it(`${name}: exit 0 and the disk holds after/ byte for byte`, () => {
      const fixture = loadFixture(name);
      assert.ok(fixture.after, `${name} has after/`);
      const run = track(runCli(fixture));
      assert.equal(run.status, 0, run.stderr);
      assertSameWorkspace(loadTree(run.workspace), fixture.after, `${name} on disk`);
      assert.deepEqual(
        [...snapshot(run.workspace).keys()].filter((p) => !p.startsWith('ws/')),
        [],
        'nothing written next to --root',
      );
      assert.deepEqual(receiptOf(run), goldenOf(fixture));
    });
  }

  it('without --write prints the receipt, exits 0 and writes nothing', () => {
    const fixture = loadFixture('22-gitdiff-create-delete-rename');
    const run = track(runCli(fixture, []));
    assert.equal(run.status, 0, run.stderr);
    assertSameWorkspace(loadTree(run.workspace), fixture.before, 'a dry run');
    assert.deepEqual(receiptOf(run), goldenOf(fixture));
  });

  for (const name of ['11-sr-truncated-final-block', '13-sr-ambiguous-refused', '42-outside-workspace-refused', '43-patch-add-existing-file-refused', '38-snippet-elision-unresolved']) {
    it(`${name}: exit 1 and every byte of every file unchanged`, () => {
      const fixture = loadFixture(name);
      assert.ok(fixture.expectedError, `${name} expects an error`);
      const run = track(runCli(fixture));
      assert.equal(run.status, 1, run.stderr);
      const after = snapshot(run.workspace);
      const expected = new Map([...fixture.before].map(([p, text]) => [`ws/${p}`, text]));
      assertSameWorkspace(after, expected, `${name} on disk (and next to --root)`);
      const receipt = receiptOf(run) as { ok: boolean; errors: { code: string }[] };
      assert.equal(receipt.ok, false);
      assert.ok(receipt.errors.some((e) => e.code === fixture.expectedError), JSON.stringify(receipt.errors));
      assert.deepEqual(receipt, goldenOf(fixture));
    });
  }

  it('41-prose-only-no-edits: exit 2 (no edits) and nothing written', () => {
    const fixture = loadFixture('41-prose-only-no-edits');
    const run = track(runCli(fixture));
    assert.equal(run.status, 2, run.stderr);
    assertSameWorkspace(loadTree(run.workspace), fixture.before, 'a reply without edits');
    assert.deepEqual(receiptOf(run), goldenOf(fixture));
  });

  it('a failing block among applicable ones (12 + a good block) writes nothing at all', () => {
    // The good block of 01 followed by the hallucinated block of 12, in one reply over both workspaces.
    const good = loadFixture('01-sr-aider-ts-two-blocks');
    const bad = loadFixture('12-sr-hallucinated-search-refused');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-mixed-'));
    temps.push(dir);
    const workspace = path.join(dir, 'ws');
    fs.cpSync(path.join(good.dir, 'before'), workspace, { recursive: true });
    fs.cpSync(path.join(bad.dir, 'before'), workspace, { recursive: true });
    const reply = path.join(dir, 'reply.md');
    fs.writeFileSync(reply, good.reply + '\n' + bad.reply);
    const before = loadTree(workspace);
    const result = spawnSync(process.execPath, [cli, 'apply', reply, '--root', workspace, '--json', '--write'], { encoding: 'utf8' });
    assert.equal(result.status, 1, result.stderr);
    assertSameWorkspace(loadTree(workspace), before, 'a partly failing reply');
    const receipt = JSON.parse(result.stdout) as { ok: boolean; errors: { code: string }[] };
    assert.equal(receipt.ok, false);
    assert.deepEqual(
      receipt.errors.map((e) => e.code),
      ['NO_MATCH'],
    );
  });
  it('takes a path that does not exist to the one file that ends with it, or of two to the one holding the edit\'s text, and refuses when both do', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-suffix-'));
    temps.push(dir);
    const workspace = path.join(dir, 'ws');
    const calc = 'import math\n\n\ndef perimeter(r):\n    return 2 * math.pi * r\n';
    fs.mkdirSync(path.join(workspace, 'src', 'utils'), { recursive: true });
    fs.mkdirSync(path.join(workspace, 'node_modules', 'x', 'utils'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'src', 'utils', 'calc.py'), calc);
    // Installed packages are never searched: this copy does not make the name ambiguous.
    fs.writeFileSync(path.join(workspace, 'node_modules', 'x', 'utils', 'calc.py'), calc);
    const reply = path.join(dir, 'reply.md');
    fs.writeFileSync(reply, 'utils/calc.py\n```python\n<<<<<<< SEARCH\n    return 2 * math.pi * r\n=======\n    return math.tau * r\n>>>>>>> REPLACE\n```\n');
    const run = () => spawnSync(process.execPath, [cli, 'apply', reply, '--root', workspace, '--json', '--write'], { encoding: 'utf8' });
    const result = run();
    assert.equal(result.status, 0, result.stderr);
    const receipt = JSON.parse(result.stdout) as { files: { path: string; edits: { warnings?: string[] }[] }[] };
    assert.equal(receipt.files[0].path, 'src/utils/calc.py');
    assert.match(receipt.files[0].edits[0].warnings!.join(' '), /names utils\/calc\.py, which does not exist/);
    assert.equal(fs.readFileSync(path.join(workspace, 'src', 'utils', 'calc.py'), 'utf8'), calc.replace('2 * math.pi * r', 'math.tau * r'));
    assert.equal(fs.existsSync(path.join(workspace, 'utils')), false);
    // Two files end with the path: nothing is guessed.
    fs.mkdirSync(path.join(workspace, 'lib', 'utils'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'lib', 'utils', 'calc.py'), calc);
    fs.writeFileSync(path.join(workspace, 'src', 'utils', 'calc.py'), calc);
    const before = loadTree(workspace);
    const ambiguous = run();
    assert.equal(ambiguous.status, 1);
    const refusal = JSON.parse(ambiguous.stdout) as { errors: { code: string; message: string }[] };
    assert.equal(refusal.errors[0].code, 'FILE_NOT_FOUND');
    assert.match(refusal.errors[0].message, /2 files end with it \(lib\/utils\/calc\.py, src\/utils\/calc\.py\), and more than one of them holds the search text/);
    assertSameWorkspace(loadTree(workspace), before, 'an ambiguous path');
    // Two files end with it, one holds the edit's text: that one is edited.
    fs.writeFileSync(path.join(workspace, 'lib', 'utils', 'calc.py'), 'def area(r):\n    return r * r\n');
    const chosen = run();
    assert.equal(chosen.status, 0, chosen.stderr);
    assert.match((JSON.parse(chosen.stdout) as { files: { edits: { warnings?: string[] }[] }[] }).files[0].edits[0].warnings!.join(' '), /only src\/utils\/calc\.py holds the search text/);
    assert.equal(fs.readFileSync(path.join(workspace, 'src', 'utils', 'calc.py'), 'utf8'), calc.replace('2 * math.pi * r', 'math.tau * r'));
    assert.equal(fs.readFileSync(path.join(workspace, 'lib', 'utils', 'calc.py'), 'utf8'), 'def area(r):\n    return r * r\n');
  });
});
