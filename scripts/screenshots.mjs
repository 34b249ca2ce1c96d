#!/usr/bin/env node
// `npm run screenshots`: refreshes the README's screenshots in docs/ from the real running extension.
// Runs the UI scripts (the same ones npm test runs, which save nothing) with a screenshot folder,
// in a normal full-HD window (1920×1080) and VS Code's default diff settings, so what the pictures
// show is what a user sees. npm test never writes docs/; commit the refreshed pictures yourself.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const common = ['--extensionDevelopmentPath', '.', '--screenshotDir', 'docs', '--viewport', '1920x1080', '--settings', 'test/ui/screenshot-settings.json'];
const runs = [
  ['--uiScript', 'test/ui/demo.mjs', '--workspaceFixture', 'demo'],
  ['--uiScript', 'test/ui/review.mjs', '--workspaceFixture', 'test/workspace'],
  ['--uiScript', 'test/ui/applyFromPalette.mjs', '--workspaceFixture', 'test/workspace'],
  ['--uiScript', 'test/ui/panel.mjs', '--workspaceFixture', 'test/workspace'],
  ['--uiScript', 'test/ui/chat.mjs', '--workspaceFixture', 'test/workspace', '--extraExtensionDevelopmentPath', 'test/fake-model-extension'],
];
let failed = 0;
for (const run of runs) {
  const result = spawnSync(process.execPath, ['scripts/run-extension-tests.mjs', ...common, ...run], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
