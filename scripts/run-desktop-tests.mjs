#!/usr/bin/env node
// The same integration suites as `npm run test:integration`, in desktop VS Code through
// @vscode/test-electron, for machines that can download VS Code (it fetches a build into
// .vscode-test/ on first use). The offline runner is scripts/run-extension-tests.mjs.
//
//   node scripts/run-desktop-tests.mjs [--version stable|insiders|1.95.0] [--extraExtensionDevelopmentPath <dir>[,<dir>]]
//
// Like the offline runner it opens a temp copy of test/workspace with a throw-away user-data
// folder holding test/integration/settings.json, and exits with the suites' result.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';

const argv = process.argv.slice(2);
const option = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const extras = (option('extraExtensionDevelopmentPath') ?? '').split(',').filter(Boolean).map((p) => path.resolve(p));
const testsPath = path.join(root, 'out', 'test', 'integration', 'index.js');
if (!fs.existsSync(testsPath)) {
  console.error(`${testsPath} is missing: run tsc -p tsconfig.integration.json first`);
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-desktop-'));
const workspace = path.join(tmp, 'workspace');
fs.cpSync(path.join(root, 'test', 'workspace'), workspace, { recursive: true });
const userData = path.join(tmp, 'user-data');
fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
const settings = {
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'files.autoSave': 'off',
  ...JSON.parse(fs.readFileSync(path.join(root, 'test', 'integration', 'settings.json'), 'utf8')),
};
fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(settings, null, 2));

let code = 0;
try {
  await runTests({
    version: option('version') ?? 'stable',
    extensionDevelopmentPath: extras.length ? [root, ...extras] : root,
    extensionTestsPath: testsPath,
    launchArgs: [workspace, '--user-data-dir', userData, '--extensions-dir', path.join(tmp, 'extensions'), '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
  });
} catch (error) {
  console.error(String(error?.message ?? error));
  code = 1;
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
