/**
 * Golden fixture folders (test/fixtures/<name>/): before/ + reply.md [+ hint.txt] and either after/
 * (every file of the workspace after the edit, byte for byte) or expected-error.txt (an error code:
 * nothing may change), plus receipt.json (the receipt minus timing).
 *
 * The engine runs in-process over an in-memory copy of before/, root-independent, the way a host
 * would: changes are written only when receipt.ok. Laws checked on every fixture:
 *  (a) re-applying the reply to after/ changes nothing;
 *  (b) a failing fixture changes no file (receipt.ok is false, so a host writes nothing);
 *  (c) no file outside the reply's targets is touched.
 *
 * `UPDATE_GOLDEN=1 npm run test:unit` rewrites receipt.json files only, never after/.
 * A folder with KNOWN_FAILURE.md is an engine bug kept as truth: its test is skipped with the reason (the whole
 * fixture, or only law (a) when the file says `skip: law-a`). `RUN_KNOWN_FAILURES=1` runs them anyway.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseReply, referencedPaths, resolvePath, runReply, type FileChange, type PlanResult } from '../../src/core/index';

/** The project root: the nearest folder above this file holding package.json. */
export function projectRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + __dirname);
    dir = up;
  }
  return dir;
}

export const fixturesDir = path.join(projectRoot(), 'test', 'fixtures');

export type Workspace = Map<string, string>;

/** Every file under `dir`, keyed by its `/`-separated relative path, read as UTF-8 (BOM kept). */
export function loadTree(dir: string): Workspace {
  const files: Workspace = new Map();
  if (!fs.existsSync(dir)) return files;
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else files.set(rel, fs.readFileSync(path.join(dir, rel), 'utf8'));
    }
  };
  walk('');
  return files;
}

export interface Fixture {
  readonly name: string;
  readonly dir: string;
  readonly reply: string;
  readonly hint?: string;
  readonly before: Workspace;
  readonly after?: Workspace;
  readonly expectedError?: string;
  /** The reason in KNOWN_FAILURE.md's heading (`# Known failure: reason`), when the folder has one. */
  readonly knownFailure?: string;
  /** What the known failure skips: the whole fixture (`all`) or only law (a) (`law-a`: `skip: law-a` in the file). */
  readonly knownFailureScope?: 'all' | 'law-a';
}

export function loadFixture(name: string): Fixture {
  const dir = path.join(fixturesDir, name);
  const read = (file: string) => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : undefined);
  const hint = read('hint.txt')?.trim();
  const expectedError = read('expected-error.txt')?.trim();
  const known = read('KNOWN_FAILURE.md');
  return {
    name,
    dir,
    reply: read('reply.md') ?? '',
    hint: hint || undefined,
    before: loadTree(path.join(dir, 'before')),
    after: fs.existsSync(path.join(dir, 'after')) ? loadTree(path.join(dir, 'after')) : undefined,
    expectedError: expectedError || undefined,
    knownFailure: known === undefined ? undefined : knownFailureReason(known),
    knownFailureScope: known === undefined ? undefined : /^skip:\s*law-a\s*$/m.test(known) ? 'law-a' : 'all',
  };
}

/** `# Known failure: reason` → `reason` (else the first non-empty line). */
function knownFailureReason(text: string): string {
  const heading = /^#\s*Known failure:\s*(.+)$/im.exec(text);
  if (heading) return heading[1].trim();
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? 'known failure';
}

export function fixtureNames(): string[] {
  return fs
    .readdirSync(fixturesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(fixturesDir, e.name, 'reply.md')))
    .map((e) => e.name)
    .sort();
}

/** Runs a reply over an in-memory workspace. */
function run(reply: string, files: Workspace, hint: string | undefined): PlanResult {
  return runReply(reply, (p) => files.get(p), { hintPath: hint });
}

/** Applies planned changes to a copy of the workspace, as a host writing them would. */
export function applyChanges(files: Workspace, changes: readonly FileChange[]): Workspace {
  const out: Workspace = new Map(files);
  for (const change of changes) {
    switch (change.action) {
      case 'delete':
        assert.ok(out.has(change.path), `delete of missing ${change.path}`);
        out.delete(change.path);
        break;
      case 'move':
        assert.ok(change.to, `move of ${change.path} without a destination`);
        assert.ok(change.newText !== undefined, `move of ${change.path} without text`);
        out.delete(change.path);
        out.set(change.to, change.newText);
        break;
      case 'create':
      case 'modify':
        assert.ok(change.newText !== undefined, `${change.action} of ${change.path} without text`);
        out.set(change.path, change.newText);
        break;
    }
  }
  return out;
}

/** Byte-level comparison of two workspaces, with a readable first difference. */
export function assertSameWorkspace(actual: Workspace, expected: Workspace, what: string): void {
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort(), `${what}: the set of files differs`);
  for (const [file, text] of expected) {
    const got = actual.get(file) ?? '';
    if (Buffer.compare(Buffer.from(got, 'utf8'), Buffer.from(text, 'utf8')) === 0) continue;
    const a = got.split('\n');
    const e = text.split('\n');
    let line = 0;
    while (line < Math.max(a.length, e.length) && a[line] === e[line]) line++;
    assert.fail(
      `${what}: ${file} differs at line ${line + 1}\n  expected: ${JSON.stringify(e[line])}\n  actual:   ${JSON.stringify(a[line])}`,
    );
  }
}

/** The receipt as JSON without timing: the golden form. */
export function goldenReceipt(result: PlanResult): unknown {
  const { timing: _timing, ...rest } = result.receipt;
  return JSON.parse(JSON.stringify(rest));
}

/** Workspace-relative paths the reply may touch: its targets, move destinations and the hint. */
function targetPaths(reply: string, hint: string | undefined): Set<string> {
  const parsed = parseReply(reply);
  const paths = new Set(referencedPaths(parsed, { hintPath: hint }));
  if (hint !== undefined) {
    const resolved = resolvePath(hint);
    if (resolved.ok) paths.add(resolved.path);
  }
  return paths;
}

const updateGolden = process.env.UPDATE_GOLDEN === '1';
/** `RUN_KNOWN_FAILURES=1` runs known failures as ordinary tests, to see which engine bugs are fixed. */
const runKnown = process.env.RUN_KNOWN_FAILURES === '1';

describe('golden fixtures (test/fixtures)', () => {
  const names = fixtureNames();

  it('has at least 30 fixture folders, each with after/ or expected-error.txt and receipt.json', () => {
    assert.ok(names.length >= 30, `only ${names.length} fixtures`);
    for (const name of names) {
      const f = loadFixture(name);
      assert.ok((f.after === undefined) !== (f.expectedError === undefined), `${name}: needs exactly one of after/ and expected-error.txt`);
      assert.ok(f.before.size > 0, `${name}: before/ is empty`);
      // A fixture skipped as a known failure has no golden receipt: the engine cannot produce the right one yet.
      const skipped = f.knownFailureScope === 'all';
      assert.ok(updateGolden || skipped || fs.existsSync(path.join(f.dir, 'receipt.json')), `${name}: receipt.json missing`);
    }
  });

  for (const name of names) {
    const loaded = loadFixture(name);
    const fixture: Fixture = runKnown ? { ...loaded, knownFailure: undefined, knownFailureScope: undefined } : loaded;
    const title = fixture.expectedError ? `${name} (refused: ${fixture.expectedError})` : name;
    if (fixture.knownFailure !== undefined && fixture.knownFailureScope === 'all') {
      it.skip(`${title} — KNOWN FAILURE: ${fixture.knownFailure}`, () => undefined);
      continue;
    }

    describe(title, () => {
      // Planned in a hook, so an engine that throws fails this fixture only, not the collection of the suite.
      let result: PlanResult;
      before(() => {
        result = run(fixture.reply, fixture.before, fixture.hint);
      });

      it('matches the golden receipt (minus timing)', () => {
        const actual = goldenReceipt(result);
        const file = path.join(fixture.dir, 'receipt.json');
        if (updateGolden) {
          fs.writeFileSync(file, JSON.stringify(actual, null, 2) + '\n');
          return;
        }
        assert.deepEqual(actual, JSON.parse(fs.readFileSync(file, 'utf8')));
      });

      if (fixture.after) {
        const after = fixture.after;
        it('produces after/ byte for byte', () => {
          assert.ok(result.receipt.ok, `receipt not ok: ${JSON.stringify(result.receipt.errors, null, 2)}`);
          assertSameWorkspace(applyChanges(fixture.before, result.changes), after, 'after applying reply.md to before/');
          const unchanged = fixture.before.size === after.size && [...after].every(([file, text]) => fixture.before.get(file) === text);
          if (unchanged) {
            // A reply already in the files: every edit says so.
            for (const file of result.receipt.files) {
              for (const edit of file.edits) assert.equal(edit.status, 'alreadyApplied', `${file.path} block ${edit.block}`);
            }
          }
        });

        const lawA = fixture.knownFailureScope === 'law-a' ? it.skip : it;
        const lawATitle = fixture.knownFailureScope === 'law-a' ? ` — KNOWN FAILURE: ${fixture.knownFailure}` : '';
        lawA(`law (a): re-applying the reply to after/ changes nothing${lawATitle}`, () => {
          const again = run(fixture.reply, after, fixture.hint);
          // A host writes only when ok; when it would write, the writes must be no-ops.
          if (again.receipt.ok) assertSameWorkspace(applyChanges(after, again.changes), after, 're-applying to after/');
          for (const file of again.receipt.files) {
            if (file.action !== 'modify') continue;
            for (const edit of file.edits) assert.notEqual(edit.status, 'applied', `${file.path} block ${edit.block} applied twice`);
          }
        });
      } else {
        it(`is refused with ${fixture.expectedError} and law (b): no file changes`, () => {
          assert.equal(result.receipt.ok, false, 'the receipt must not be ok');
          const codes = result.receipt.errors.map((e) => e.code);
          assert.ok(codes.includes(fixture.expectedError as never), `expected ${fixture.expectedError}, got ${codes.join(', ') || 'no error'}`);
          // A host writes nothing when the receipt is not ok: the workspace stays as before/.
          const written = result.receipt.ok ? applyChanges(fixture.before, result.changes) : fixture.before;
          assertSameWorkspace(written, loadFixture(name).before, 'after a refused reply');
          // The opt-in "review the rest" subset never holds a file one of whose edits could not be placed
          // (a block the reply did not finish is no edit of the file: the file's complete blocks may be offered).
          const parseCodes = new Set(['PARSE_ERROR', 'INCOMPLETE_BLOCK', 'NO_EDITS_FOUND']);
          const failedPaths = new Set(
            result.receipt.errors.filter((e) => !parseCodes.has(e.code)).map((e) => e.path).filter((p): p is string => p !== null),
          );
          for (const change of result.changes) {
            assert.ok(!failedPaths.has(change.path), `${change.path} is offered although a block for it failed`);
          }
        });
      }

      it('law (c): touches no file outside the reply\'s targets', () => {
        const targets = targetPaths(fixture.reply, fixture.hint);
        for (const change of result.changes) {
          assert.ok(targets.has(change.path), `${change.path} changed but is not a target of the reply`);
          if (change.to) assert.ok(targets.has(change.to), `${change.to} written but is not a target of the reply`);
        }
        if (fixture.after) {
          for (const [file, text] of fixture.before) {
            if (!targets.has(file)) assert.equal(fixture.after.get(file), text, `fixture error: after/${file} differs but is no target`);
          }
        }
      });
    });
  }
});
