#!/usr/bin/env node
// Makes a git history out of an npm package's releases, for `npm run replay -- --repo DIR`: each
// release is unpacked (`npm pack NAME@VERSION`, from the registry, which is reachable where the
// rest of the network is not) over the previous one and committed, so every commit is the real
// change between two releases, written by the package's authors.
//
//   node bench/packageHistory.mjs DIR NAME [--releases N]
//
// Takes the last N (default 10) releases that are not pre-releases, oldest first.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const [dir, name, ...rest] = process.argv.slice(2);
if (!dir || !name) {
  console.error('usage: node bench/packageHistory.mjs DIR NAME [--releases N]');
  process.exit(2);
}
const releases = rest[0] === '--releases' ? Number(rest[1]) : 10;
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });

const versions = JSON.parse(run('npm', ['view', name, 'versions', '--json'])).filter((v) => !v.includes('-')).slice(-releases);
fs.mkdirSync(dir, { recursive: true });
run('git', ['init', '-q'], dir);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'package-history-'));
try {
  for (const version of versions) {
    const tarball = run('npm', ['pack', `${name}@${version}`, '--silent'], scratch).trim().split('\n').pop();
    for (const entry of fs.readdirSync(dir)) if (entry !== '.git') fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    run('tar', ['-xzf', path.join(scratch, tarball), '-C', dir, '--strip-components=1']);
    fs.rmSync(path.join(scratch, tarball));
    run('git', ['add', '-A'], dir);
    run('git', ['-c', 'user.name=replay', '-c', 'user.email=replay@localhost', 'commit', '-q', '--allow-empty', '-m', `${name}@${version}`], dir);
    console.log(`${name}@${version}`);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
