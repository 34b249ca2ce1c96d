#!/usr/bin/env node
// Makes a git history of CPython's standard library out of the Python installs on this machine, for
// `npm run replay -- --repo DIR`: the first version's modules are committed, then, version by
// version, each module that changed is committed alone, when its change is the size of a real
// commit (1 to MAX changed lines; bigger rewrites are left out, and so are new modules, whole new
// files being no edit). Each commit is a real change to real Python, written by CPython's authors.
//
//   node bench/stdlibHistory.mjs DIR LIB_DIR... [--max N]
//
// LIB_DIR: each version's `lib/pythonX.Y`, oldest first (with pyenv:
// /root/.pyenv/versions/3.6.15/lib/python3.6 … /root/.pyenv/versions/3.13.0/lib/python3.13).
// Tests, IDLE, lib2to3, ensurepip, turtledemo, pydoc_data, site-packages and files over 400 KB
// are left out. MAX defaults to 150.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt === -1 ? 150 : Number(args.splice(maxAt, 2)[1]);
const [dir, ...libs] = args;
if (!dir || libs.length < 2 || !(max > 0)) {
  console.error('usage: node bench/stdlibHistory.mjs DIR LIB_DIR LIB_DIR... [--max N]');
  process.exit(2);
}
const git = (...gitArgs) => execFileSync('git', ['-C', dir, '-c', 'user.name=replay', '-c', 'user.email=replay@localhost', ...gitArgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
const skipped = /^(?:test|tests|idlelib|lib2to3|site-packages|__pycache__|ensurepip|pydoc_data|turtledemo|config-)/;

/** The library's modules: relative path → absolute path. */
function modules(lib) {
  const found = new Map();
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(lib, relative), { withFileTypes: true })) {
      const rel = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!skipped.test(entry.name)) walk(rel);
      } else if (entry.isFile() && entry.name.endsWith('.py') && fs.statSync(path.join(lib, rel)).size < 400_000) {
        found.set(rel, path.join(lib, rel));
      }
    }
  };
  walk('');
  return found;
}

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
git('init', '-q');
for (const [rel, file] of modules(libs[0])) {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.copyFileSync(file, path.join(dir, rel));
}
git('add', '-A');
git('commit', '-q', '-m', `stdlib ${path.basename(libs[0])}`);
let kept = 0;
let left = 0;
for (const lib of libs.slice(1)) {
  const version = path.basename(lib);
  for (const [rel, file] of [...modules(lib)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const target = path.join(dir, rel);
    if (!fs.existsSync(target) || fs.readFileSync(target).equals(fs.readFileSync(file))) continue;
    fs.copyFileSync(file, target);
    const [added, removed] = git('diff', '--numstat', '--', rel).split(/\s+/);
    const changed = added === '-' ? 0 : Number(added) + Number(removed);
    if (changed > 0 && changed <= max) {
      git('commit', '-q', '-a', '-m', `${rel}: ${version}`);
      kept++;
    } else {
      git('checkout', '-q', '--', rel);
      left++;
    }
  }
}
console.log(`${kept} commits (${left} changes over ${max} lines or binary left out)`);
