// UI test of the Apply AI Edit panel in the real workbench: open it from the activity bar, paste a
// reply into its box, watch each block's status, click Apply, see the file written and the reply
// in the history with Undo, then undo it. Then a failing reply: its Copy Failure Report button puts
// the report on the clipboard. Screenshots (npm run screenshots): docs/panel.png and
// docs/panel-history.png.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { copy, openFile, searchReplace, waitForFile, workbenchReady } from './workbench.mjs';

const reply = [
  'Greet with a template literal, and add a farewell:',
  '',
  searchReplace('src/greet.ts', ['  return "Hello " + name;'], ['  return `Hello, ${name}!`;']),
  searchReplace('src/greet.ts', ['  return "Goodbye " + name;'], ['  return `Goodbye, ${name}!`;']),
].join('\n');

export default async function ({ page, workspace, log, shoot }) {
  const file = path.join(workspace, 'src', 'greet.ts');
  const before = 'export function greet(name: string): string {\n  return "Hello " + name;\n}\n\nexport function bye(name: string): string {\n  return "Goodbye " + name;\n}\n';
  fs.writeFileSync(file, before);

  await workbenchReady(page);
  // Open greet.ts so the workbench shows the file the reply edits.
  await openFile(page, 'greet.ts');

  // The panel lives in its own activity bar container.
  await page.click('.activitybar .action-item a[aria-label^="Apply AI Edit"]');
  const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  const box = view.locator('#reply');
  await box.waitFor({ state: 'visible', timeout: 30000 });
  log('panel open');

  // Paste the reply (a real paste into the textarea), as from a chat window.
  await copy(page, reply);
  await box.click();
  await page.keyboard.press('Control+V');
  await view.locator('.block.placed').nth(1).waitFor({ timeout: 20000 });
  await view.locator('#summary:has-text("Ready")').waitFor({ timeout: 20000 });
  const statuses = await view.locator('.block').allTextContents();
  log('blocks: ' + JSON.stringify(statuses));
  assert.strictEqual(statuses.length, 2);
  assert.ok(statuses.every((s) => s.includes('exact match')), statuses.join(' | '));
  await shoot('panel');

  // Keyboard: Tab from the box reaches Review, then Apply; Enter on Apply writes.
  await box.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const expected = 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n\nexport function bye(name: string): string {\n  return `Goodbye, ${name}!`;\n}\n';
  await waitForFile(file, expected);
  await view.locator('.entry button.undo').waitFor({ timeout: 20000 });
  await view.locator('.entry summary').first().click();
  await page.waitForTimeout(500);
  await shoot('panel-history');
  log('applied from the panel; history shows the receipt');

  await view.locator('.entry button.undo').click();
  await waitForFile(file, before);
  await view.locator('.entry.undone').waitFor({ timeout: 20000 });
  log('undone from the panel');

  // A failing reply: the summary says why once, and Copy Failure Report is a button away.
  await view.locator('#clear').click();
  const failing = reply.replace('  return "Hello " + name;', '  return "Hi " + name;') + '\n' + searchReplace('src/farewell.ts', [], ['export const farewell = "bye";']);
  await copy(page, failing);
  await box.click();
  await page.keyboard.press('Control+V');
  await view.locator('#summary.failed').waitFor({ timeout: 20000 });
  await view.locator('#review-rest').waitFor({ state: 'visible', timeout: 20000 });
  await view.locator('#copy-report').click();
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('could not be applied')), null, { timeout: 10000 });
  assert.strictEqual(fs.readFileSync(file, 'utf8'), before, 'a failing reply writes nothing');
  log('failing reply: Copy Failure Report put the report on the clipboard');
}
