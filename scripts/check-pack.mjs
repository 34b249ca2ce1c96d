#!/usr/bin/env node
// `npm run test:pack`: the npm package is an installable CLI. Packs the project (`npm pack`, which
// builds dist/cli.js in prepack), checks what the tarball holds, installs it into a throw-away
// folder (offline: the CLI has no runtime dependencies), and runs it there as `npx apply-ai-edit`
// on a real temp project: a dry run changes nothing, --write writes exactly the edit.
// Prints one line per check and `N passed, N failed`; everything happens in one temp folder,
// removed at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-pack-'));
let passed = 0;
let failed = 0;

function check(what, ok, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? '✔' : '✗'} ${what}${ok || !detail ? '' : `\n    ${detail.trim().split('\n').join('\n    ')}`}`);
  return ok;
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  return { code: result.status, out: `${result.stdout ?? ''}${result.stderr ?? ''}`, stdout: result.stdout ?? '' };
}

try {
  const packed = run(npm, ['pack', '--json', '--pack-destination', tmp], root);
  const info = packed.code === 0 ? JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) : undefined;
  if (check('npm pack makes a tarball', info !== undefined, packed.out)) {
    const files = info[0].files.map((f) => f.path).sort();
    check('the tarball holds the CLI bundle, package.json, README, LICENSE and CHANGELOG, and nothing else', JSON.stringify(files) === JSON.stringify(['CHANGELOG.md', 'LICENSE', 'README.md', 'dist/cli.js', 'package.json']), files.join(', '));
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    check('the package needs nothing installed at run time (every dependency is bundled)', Object.keys(manifest.dependencies ?? {}).length === 0, JSON.stringify(manifest.dependencies));

    const installDir = path.join(tmp, 'install');
    fs.mkdirSync(installDir);
    fs.writeFileSync(path.join(installDir, 'package.json'), '{"name":"pack-check","private":true}\n');
    const installed = run(npm, ['install', '--offline', '--no-save', path.join(tmp, info[0].filename)], installDir);
    if (check('the tarball installs offline', installed.code === 0, installed.out)) {
      const project = path.join(tmp, 'project');
      fs.mkdirSync(path.join(project, 'src'), { recursive: true });
      const before = 'export function greet(name: string) {\n  return "Hello " + name;\n}\n';
      const after = 'export function greet(name: string) {\n  return `Hello, ${name}!`;\n}\n';
      fs.writeFileSync(path.join(project, 'src', 'greet.ts'), before);
      const reply = path.join(tmp, 'reply.md');
      fs.writeFileSync(reply, 'src/greet.ts\n```ts\n<<<<<<< SEARCH\n  return "Hello " + name;\n=======\n  return `Hello, ${name}!`;\n>>>>>>> REPLACE\n```\n');
      const dry = run(npx, ['apply-ai-edit', 'apply', reply, '--root', project], installDir);
      check('npx apply-ai-edit apply (dry run) exits 0 and writes nothing', dry.code === 0 && fs.readFileSync(path.join(project, 'src', 'greet.ts'), 'utf8') === before, dry.out);
      const wrote = run(npx, ['apply-ai-edit', 'apply', reply, '--root', project, '--write'], installDir);
      check('npx apply-ai-edit apply --write writes exactly the edit', wrote.code === 0 && fs.readFileSync(path.join(project, 'src', 'greet.ts'), 'utf8') === after, wrote.out);
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
