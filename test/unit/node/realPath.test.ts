import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { realPathInRoot } from '../../../src/node/realPath';

describe('realPathInRoot (every link followed, dangling ones too)', () => {
  let base: string;
  let root: string;

  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-realpath-')));
    root = path.join(base, 'root');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.mkdirSync(path.join(base, 'outside'));
    fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'a');
    fs.writeFileSync(path.join(base, 'outside', 'secret'), 's');
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  const link = (target: string, name: string) => fs.symlinkSync(target, path.join(root, name));
  const resolve = (relative: string) => realPathInRoot(root, relative);

  it('resolves plain files, missing files, and links that stay inside', () => {
    const plain = resolve('src/a.ts');
    assert.ok(plain.ok && plain.real === path.join(root, 'src', 'a.ts') && plain.stat?.isFile() && !plain.isLink && !plain.throughLink);
    const missing = resolve('src/new/b.ts');
    assert.ok(missing.ok && missing.stat === undefined && missing.realRelative === 'src/new/b.ts' && !missing.dangling);
    link('src', 'lib');
    link('lib/a.ts', 'chain.ts');
    const chained = resolve('chain.ts');
    assert.ok(chained.ok && chained.realRelative === 'src/a.ts' && chained.isLink && chained.throughLink);
    const folder = resolve('lib/a.ts');
    assert.ok(folder.ok && folder.realRelative === 'src/a.ts' && !folder.isLink && folder.throughLink);
  });

  it('follows a dangling link to where it would create the file', () => {
    link('src/not-yet/made.ts', 'inside.ts');
    const inside = resolve('inside.ts');
    assert.ok(inside.ok && inside.stat === undefined && inside.realRelative === 'src/not-yet/made.ts' && inside.isLink && inside.dangling);
    link('src', 'lib');
    const created = resolve('lib/new.ts');
    assert.ok(created.ok && created.stat === undefined && !created.dangling && created.realRelative === 'src/new.ts', 'a new file in a linked folder is not dangling');
    link('../outside/new.txt', 'escape.txt');
    link(path.join(base, 'outside', 'new-folder'), 'escape-folder');
    link('escape.txt', 'via-escape.txt');
    for (const relative of ['escape.txt', 'escape-folder/x.txt', 'via-escape.txt']) {
      const result = resolve(relative);
      assert.ok(!result.ok && result.problem === 'outside', relative);
    }
  });

  it('refuses links whose target leaves the root; accepts those that only pass by outside on the way', () => {
    link('../outside/secret', 'out.txt');
    assert.equal((resolve('out.txt') as { problem: string }).problem, 'outside');
    link('../root/src/a.ts', 'round-trip.ts');
    const back = resolve('round-trip.ts');
    assert.ok(back.ok && back.realRelative === 'src/a.ts');
    link('..', 'parent');
    assert.equal((resolve('parent/outside/secret') as { problem: string }).problem, 'outside');
    link('.', 'self');
    assert.equal((resolve('self') as { problem: string }).problem, 'outside', 'the root itself is not a file inside it');
  });

  it('refuses loops, files used as folders, and names too long to hold', () => {
    link('loop-b', 'loop-a');
    link('loop-a', 'loop-b');
    assert.equal((resolve('loop-a') as { problem: string }).problem, 'loop');
    assert.equal((resolve('src/a.ts/child') as { problem: string }).problem, 'notAFolder');
    assert.equal((resolve('n'.repeat(256)) as { problem: string }).problem, 'nameTooLong');
    assert.equal((resolve('folder/'.repeat(600) + 'x') as { problem: string }).problem, 'nameTooLong');
    assert.ok(resolve('n'.repeat(255)).ok);
  });
});
