// UI test of `@apply /edit` in the real workbench: the fake model (test/fake-model-extension)
// streams a reply, the participant's response is shown (the chat view itself needs Copilot's
// online setup, so the helper command renders the participant's real response in the Markdown
// preview), and the review diff opens beside it with the proposed text. Screenshot
// (npm run screenshots): docs/chat.png.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { hideSideBar, openFile, runCommand, workbenchReady } from './workbench.mjs';

export default async function ({ page, workspace, log, shoot }) {
  const file = path.join(workspace, 'src', 'greet.ts');
  const before = 'export function greet(name: string): string {\n  return "Hello " + name;\n}\n\nexport function bye(name: string): string {\n  return "Goodbye " + name;\n}\n';
  fs.writeFileSync(file, before);

  await workbenchReady(page);
  await openFile(page, 'greet.ts');
  await hideSideBar(page);

  // The helper command streams its built-in two-block reply for src/greet.ts.
  await runCommand(page, 'Run @apply /edit with the fake model', 'Apply AI Edit Tests: Run @apply /edit with the fake model and show the chat response');

  await page.waitForSelector('.monaco-diff-editor .editor.modified .view-line:has-text("Goodbye, ${name}!")', { timeout: 30000 });
  await page.waitForSelector('iframe.webview.ready', { timeout: 30000 });
  const preview = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  await preview.locator('text=Ready for review').waitFor({ timeout: 30000 });
  await page.waitForTimeout(800);
  await shoot('chat');
  assert.strictEqual(fs.readFileSync(file, 'utf8'), before, 'nothing written before accept');
  log('@apply /edit streamed, every block placed, the review is open');
}
