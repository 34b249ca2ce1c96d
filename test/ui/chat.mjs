// UI test of `@apply /edit` in the real workbench: the fake model (test/fake-model-extension)
// streams a reply, the participant's response is shown (the chat view itself needs Copilot's
// online setup, so the helper command renders the participant's real response in the Markdown
// preview), and the review diff opens beside it with the proposed text. Screenshot
// (npm run screenshots): docs/chat.png.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';

export default async function ({ page, workspace, log, shoot }) {
  const file = path.join(workspace, 'src', 'greet.ts');
  const before = 'export function greet(name: string): string {\n  return "Hello " + name;\n}\n\nexport function bye(name: string): string {\n  return "Goodbye " + name;\n}\n';
  fs.writeFileSync(file, before);

  await page.waitForSelector('.explorer-folders-view', { timeout: 60000 });
  await page.waitForTimeout(1500);
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type('greet.ts');
  await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("greet.ts")', { timeout: 20000 });
  await page.keyboard.press('Enter');
  await page.waitForSelector('.tabs-container .tab.active:has-text("greet.ts")', { timeout: 20000 });
  await page.keyboard.press('Control+B');

  // The helper command streams its built-in two-block reply for src/greet.ts.
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type('Run @apply /edit with the fake model');
  await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("Run @apply /edit")', { timeout: 20000 });
  await page.keyboard.press('Enter');

  await page.waitForSelector('.monaco-diff-editor .editor.modified .view-line:has-text("Goodbye, ${name}!")', { timeout: 30000 });
  await page.waitForSelector('iframe.webview.ready', { timeout: 30000 });
  const preview = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  await preview.locator('text=Ready for review').waitFor({ timeout: 30000 });
  await page.waitForTimeout(800);
  await shoot('chat');
  assert.strictEqual(fs.readFileSync(file, 'utf8'), before, 'nothing written before accept');
  log('@apply /edit streamed, every block placed, the review is open');
}
