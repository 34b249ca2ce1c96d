#!/usr/bin/env node
// `npm test`: every check this project has, in order, each step's output shown as it runs, and one
// closing line `N passed, N failed` that counts every test of every step.
//
//   node scripts/test.mjs [--only unit,integration,...]
//
// Steps: setup (installs what the tests need, see scripts/setup.mjs), build, lint, the unit tests,
// the integration suites in a real VS Code (trusted, untrusted), the packaged .vsix installed into
// that VS Code, the npm package's CLI installed from its tarball, the Playwright UI scripts, and the
// README's links and commands. A step that cannot count its tests (lint, a UI script) counts as one.
// Setup and build failing stop the run (nothing after them could mean anything); any other failing
// step is counted and the run goes on, so one run shows everything that is wrong.
// Nothing here writes into the repository except the git-ignored out/, dist/ and the .vsix.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** How a step's output says how many tests passed and failed; `undefined` when it does not say. */
const counters = {
  /** mocha's spec reporter: `  733 passing (12s)` and, when some fail, `  2 failing`. */
  mocha: (out) => {
    const passing = out.match(/^\s*(\d+) passing\b/m);
    if (!passing) return undefined;
    return { passed: Number(passing[1]), failed: Number(out.match(/^\s*(\d+) failing\b/m)?.[1] ?? 0) };
  },
  /** Our extension-host entry and the scripts print `N passed, N failed` as their last count. */
  total: (out) => {
    const all = [...out.matchAll(/^(\d+) passed, (\d+) failed$/gm)];
    const last = all[all.length - 1];
    return last ? { passed: Number(last[1]), failed: Number(last[2]) } : undefined;
  },
};

const steps = [
  // Preparation, not a test: it counts only when it fails.
  { name: 'setup', run: ['node', 'scripts/setup.mjs', '--for', 'test'], stop: true, count: () => ({ passed: 0, failed: 0 }) },
  { name: 'build', run: [npm, 'run', '--silent', 'build'], stop: true },
  { name: 'lint', run: [npm, 'run', '--silent', 'lint'] },
  { name: 'unit', run: [npm, 'run', '--silent', 'test:unit'], count: counters.mocha },
  { name: 'integration', run: [npm, 'run', '--silent', 'test:integration'], count: counters.total },
  { name: 'untrusted', run: [npm, 'run', '--silent', 'test:untrusted'], count: counters.total },
  { name: 'vsix', run: [npm, 'run', '--silent', 'test:vsix'], count: counters.total },
  { name: 'cli-package', run: [npm, 'run', '--silent', 'test:pack'], count: counters.total },
  { name: 'ui', run: [npm, 'run', '--silent', 'test:ui'] },
  { name: 'ui-review', run: [npm, 'run', '--silent', 'test:ui:review'] },
  { name: 'ui-demo', run: [npm, 'run', '--silent', 'test:ui:demo'] },
  { name: 'ui-panel', run: [npm, 'run', '--silent', 'test:ui:panel'] },
  { name: 'ui-chat', run: [npm, 'run', '--silent', 'test:ui:chat'] },
  { name: 'readme', run: ['node', 'scripts/check-readme.mjs'], count: counters.total },
];

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? new Set(process.argv[i + 1].split(',')) : undefined;
})();

/** Runs one step with its output passed through; resolves with the exit code and the output. */
function runStep([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      out += d;
      process.stderr.write(d);
    });
    child.on('error', (error) => resolve({ code: 127, out: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const results = [];
const started = Date.now();
for (const step of steps) {
  if (only && !only.has(step.name) && !step.stop) continue;
  console.log(`\n=== ${step.name}: ${step.run.join(' ')}`);
  const t0 = Date.now();
  const { code, out } = await runStep(step.run);
  const counted = step.count?.(out);
  // A step that exits non-zero without a failing count (a crash, a timeout) still counts as failed.
  const passed = counted ? counted.passed : code === 0 ? 1 : 0;
  const failed = counted ? Math.max(counted.failed, code === 0 ? 0 : 1) : code === 0 ? 0 : 1;
  results.push({ name: step.name, passed, failed, seconds: Math.round((Date.now() - t0) / 1000) });
  if (code !== 0 && step.stop) {
    console.error(`\n${step.name} failed (exit code ${code}); nothing after it can run.`);
    break;
  }
}

console.log(`\n=== summary (${Math.round((Date.now() - started) / 1000)} s)`);
for (const r of results) console.log(`${r.failed ? '✗' : '✓'} ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed, ${r.failed} failed  (${r.seconds} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
