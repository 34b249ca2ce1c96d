// The README's 30-second tour, done in the real workbench on the demo project (npm start opens the
// same folder): open a reply, copy it, Ctrl+K Ctrl+V, see the diff with Accept and Reject on the
// notification and in the status bar, accept from the notification, undo with Ctrl+K Ctrl+Z.
// No "Accept Current Change" lenses on the reply (demo/.vscode/settings.json).
// Screenshots (npm run screenshots): docs/tour-review.png, docs/tour-applied.png.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { hideSideBar, openFile, waitForFile, workbenchReady } from './workbench.mjs';

export default async function ({ page, workspace, log, shoot }) {
  const cart = path.join(workspace, 'src', 'cart.ts');
  const before = fs.readFileSync(cart, 'utf8');
  await workbenchReady(page);

  // 1. Open the code and the reply, as a person with a chat window would have them.
  await openFile(page, 'cart.ts');
  await openFile(page, '01-search-replace.md');
  await hideSideBar(page);
  await page.waitForSelector('.monaco-editor.focused', { timeout: 20000 });
  await page.waitForTimeout(1500);
  assert.strictEqual(await page.locator('.codelens-decoration:has-text("Accept Current Change")').count(), 0, 'no merge-conflict lenses on the reply');

  // 2. Copy it all, and Ctrl+K Ctrl+V.
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('>>>>>>> REPLACE')), null, { timeout: 10000 });
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+V');

  // 3. The review opens beside the reply; focus stays where it was, so the decision is on the
  //    notification and in the status bar.
  await page.waitForSelector('.monaco-diff-editor .editor.modified .view-line:has-text("count += item.quantity")', { timeout: 30000 });
  const toast = page.locator('.notification-toast:has-text("AI edit ready")');
  await toast.waitFor({ timeout: 30000 });
  await toast.locator('.monaco-button:has-text("Accept")').waitFor();
  await page.locator('.statusbar-item:has-text("Accept")').waitFor();
  await page.locator('.statusbar-item:has-text("Reject")').waitFor();
  assert.strictEqual(fs.readFileSync(cart, 'utf8'), before, 'nothing written before accept');
  await page.waitForTimeout(800);
  await shoot('tour-review');
  log('review open with Accept and Reject on the notification and in the status bar');

  // 4. Accept from the notification.
  await toast.locator('.monaco-button:has-text("Accept")').click();
  const expected = before.replace('    let sum = 0;\n', '    let sum = 0;\n    let count = 0;\n').replace('      sum += item.price * item.quantity;\n', '      sum += item.price * item.quantity;\n      count += item.quantity;\n').replace('    return sum;\n', '    return count >= 5 ? sum * 0.9 : sum;\n');
  await waitForFile(cart, expected);
  await page.locator('.notification-toast:has-text("Applied the AI edit to src/cart.ts")').waitFor({ timeout: 10000 });
  await page.click('.tabs-container .tab:has-text("cart.ts")');
  await page.locator('.monaco-editor .view-line:has-text("count >= 5")').waitFor({ timeout: 10000 });
  await page.waitForTimeout(500);
  await shoot('tour-applied');
  log('accepted from the notification; the file is saved');

  // 5. Ctrl+K Ctrl+Z takes it back.
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+Z');
  await waitForFile(cart, before);
  log('Ctrl+K Ctrl+Z undid it');
}
