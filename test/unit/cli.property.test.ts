/**
 * Property, on disk: whatever a reply does, the CLI with --write either exits 0 with the files as
 * the engine planned them, or exits non-zero with every byte of every file (and the folder around
 * --root) exactly as before. Replies are golden fixture replies corrupted at random (cut short,
 * lines dropped or duplicated, characters flipped, paths pointed outside), from a fixed seed.
 */
import * as assert from 'node:assert/strict';
import { execSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fixtureNames, loadFixture, loadTree, projectRoot } from './fixtures.test';

const root = projectRoot();
const cli = path.join(root, 'dist', 'cli.js');

/** A small deterministic PRNG so a failure names a case that reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

/** One random corruption of a reply. */
function corrupt(reply: string, rand: () => number): string {
  const lines = reply.split('\n');
  const at = Math.floor(rand() * lines.length);
  switch (Math.floor(rand() * 6)) {
    case 0:
      return reply.slice(0, Math.floor(rand() * reply.length));
    case 1:
      lines.splice(at, 1);
      return lines.join('\n');
    case 2:
      lines.splice(at, 0, lines[at] ?? '');
      return lines.join('\n');
    case 3: {
      const i = Math.floor(rand() * reply.length);
      return reply.slice(0, i) + String.fromCharCode(33 + Math.floor(rand() * 90)) + reply.slice(i + 1);
    }
    case 4:
      return reply.replace(/(src|app|billing|server|internal)\//, '../../outside/');
    default:
      return reply.replace('=======', '======');
  }
}

describe('CLI property: a reply applies fully or leaves every byte unchanged', function () {
  this.timeout(300_000);
  before(() => {
    if (!fs.existsSync(cli)) execSync('npm run build', { cwd: root, stdio: 'ignore' });
  });

  it('holds for 60 corrupted fixture replies', () => {
    const rand = random(20261122);
    const names = fixtureNames();
    let refused = 0;
    for (let c = 0; c < 60; c++) {
      const fixture = loadFixture(names[Math.floor(rand() * names.length)]);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-prop-'));
      try {
        const workspace = path.join(dir, 'ws');
        fs.cpSync(path.join(fixture.dir, 'before'), workspace, { recursive: true });
        const before = loadTree(dir);
        const reply = corrupt(fs.readFileSync(path.join(fixture.dir, 'reply.md'), 'utf8'), rand);
        fs.writeFileSync(path.join(dir, 'reply.md'), reply);
        const args = [cli, 'apply', path.join(dir, 'reply.md'), '--root', workspace, '--write', '--json', ...(fixture.hint ? ['--file', fixture.hint] : [])];
        const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
        fs.rmSync(path.join(dir, 'reply.md'));
        before.delete('reply.md');
        const after = loadTree(dir);
        after.delete('reply.md');
        if (run.status === 0) {
          // Applied: nothing outside the workspace folder appeared or changed.
          for (const key of after.keys()) assert.ok(key.startsWith('ws/'), `case ${c} (${fixture.name}): wrote ${key} outside --root`);
        } else {
          refused++;
          assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort(), `case ${c} (${fixture.name}): files created or removed on exit ${run.status}`);
          for (const [key, text] of before) assert.equal(after.get(key), text, `case ${c} (${fixture.name}): ${key} changed on exit ${run.status}`);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    assert.ok(refused > 0, 'the corruptions should make some replies fail');
  });
});
