// UI test in the real workbench, driven by the keyboard and mouse like a person would:
// copy a reply, run "Apply Model Reply from Clipboard" from the Command Palette, see the diff with
// the proposed change, click the Accept button in the editor title, and find the file saved.
// Then a multi-file reply by keybinding (Ctrl+K Ctrl+V), shown in the multi-file diff, rejected
// with Ctrl+K Ctrl+Backspace. Screenshot (npm run screenshots): docs/review-multi.png.
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { copy, hideSideBar, openFile, searchReplace, waitForFile, workbenchReady } from './workbench.mjs';

const reply = [
  'Use a template literal and say hello properly:',
  '',
  searchReplace('src/greet.ts', ['  return "Hello " + name;'], ['  const greeting = `Hello, ${name}!`;', '  return greeting;']),
].join('\n');

export default async function ({ page, workspace, log, shoot }) {
  const file = path.join(workspace, 'src', 'greet.ts');
  const before = fs.readFileSync(file, 'utf8');
  assert.ok(before.includes('return "Hello " + name;'), 'fixture file');

  const started = Date.now();
  await workbenchReady(page);
  log(`workbench ready after ${Date.now() - started} ms`);

  // Open the file the reply edits.
  await openFile(page, 'greet.ts');
  await page.waitForSelector('.monaco-editor.focused', { timeout: 20000 });
  log(`editor open after ${Date.now() - started} ms`);
  await hideSideBar(page);

  // The model's reply goes to the clipboard, as when copied from a chat.
  await copy(page, reply);

  // Command Palette: F1, the command's title, Enter.
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type('Apply Model Reply from Clipboard');
  await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("Apply Model Reply from Clipboard")', { timeout: 30000 });
  await page.keyboard.press('Enter');

  // The review: a side-by-side diff whose proposed side shows the new lines.
  await page.waitForSelector('.monaco-diff-editor .editor.modified .view-line:has-text("const greeting")', { timeout: 30000 });
  log(`review open after ${Date.now() - started} ms`);
  const title = await page.textContent('.tabs-container .tab:has-text("AI edit")');
  log('review tab:', title?.trim());
  assert.match(title ?? '', /AI edit: greet\.ts \(1 edit\)/);
  assert.strictEqual(fs.readFileSync(file, 'utf8'), before, 'nothing is written before accept');
  // Focus the review (title actions show on the active group): Accept and Reject appear in the
  // editor title, only on our diffs.
  await page.click('.monaco-diff-editor .editor.modified .view-line:has-text("return greeting")');
  await page.waitForTimeout(800); // let the diff decorations settle

  const accept = page.locator('.editor-group-container .action-label[aria-label^="Accept AI Edit (This File)"]').first();
  await accept.waitFor({ state: 'visible', timeout: 20000 });
  await accept.click();

  await waitForFile(file, before.replace('  return "Hello " + name;\n', '  const greeting = `Hello, ${name}!`;\n  return greeting;\n'));
  log('file saved on disk after Accept');
  await page.waitForSelector('.monaco-diff-editor', { state: 'detached', timeout: 20000 });
  await page.waitForSelector('.notification-toast:has-text("Applied the AI edit")', { timeout: 30000 });
  await page.waitForTimeout(500);

  // A multi-file reply: Ctrl+K Ctrl+V, the multi-file diff, Ctrl+K Ctrl+Backspace rejects it all.
  const multiReply = [
    '*** Begin Patch',
    '*** Update File: src/greet.ts',
    '@@',
    '-export function greet(name: string): string {',
    '+export function greet(name: string, punctuation = "!"): string {',
    '*** Add File: src/farewell.ts',
    '+export function farewell(name: string): string {',
    '+  return `Goodbye, ${name}.`;',
    '+}',
    '*** Delete File: README.md',
    '*** End Patch',
    '',
  ].join('\n');
  const readme = path.join(workspace, 'README.md');
  const readmeBefore = fs.readFileSync(readme, 'utf8');
  const greetBefore = fs.readFileSync(file, 'utf8');
  await copy(page, multiReply);
  await page.click('.monaco-editor .view-line:has-text("return greeting")');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+V');
  await page.waitForSelector('.tabs-container .tab.active:has-text("AI edit: 3 edits (3 files)")', { timeout: 30000 });
  await page.waitForSelector('.monaco-diff-editor .view-line:has-text("farewell")', { timeout: 30000 });
  await page.waitForTimeout(1000);
  await shoot('review-multi');
  await page.click('.tabs-container .tab:has-text("AI edit: 3 edits")');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+Backspace');
  await page.waitForSelector('.tabs-container .tab:has-text("AI edit: 3 edits")', { state: 'detached', timeout: 20000 });
  assert.strictEqual(fs.readFileSync(file, 'utf8'), greetBefore, 'reject leaves greet.ts as it was');
  assert.strictEqual(fs.readFileSync(readme, 'utf8'), readmeBefore, 'reject leaves README.md');
  assert.ok(!fs.existsSync(path.join(workspace, 'src', 'farewell.ts')), 'reject creates nothing');
  log('multi-file review rejected with Ctrl+K Ctrl+Backspace; nothing written');
}
