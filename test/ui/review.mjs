// The review as a person meets it in the real workbench, keyboard and mouse only:
// - the command reads "Apply AI Edit: Apply Model Reply from Clipboard" in the palette (the name once);
// - the review opens beside the editor and focus stays there: Accept and Reject are on the
//   notification and in the status bar;
// - text typed on the proposed side, the tab closed with Ctrl+W and "Save" chosen, is still there
//   when the review is reopened from the status bar, and is what Accept writes;
// - in the diff's title, Accept and Reject sit side by side;
// - "Applied" shows while the check for new problems still runs (its spinner in the status bar);
// - with no edits on the clipboard, "Apply Model Reply" puts the cursor in the panel's reply box,
//   where a reply of many lines is typed and reviewed.
// Screenshot (npm run screenshots): docs/review-focused.png (the review with its title buttons).
import assert from 'node:assert';
import fs from 'node:fs';
import path from 'node:path';
import { copy, hideSideBar, openFile, runCommand, searchReplace, waitForFile, workbenchReady } from './workbench.mjs';

const reply = searchReplace('src/greet.ts', ['  return "Hello " + name;'], ['  return `Hello, ${name}!`;']);

export default async function ({ page, workspace, log, shoot }) {
  const file = path.join(workspace, 'src', 'greet.ts');
  const before = fs.readFileSync(file, 'utf8');
  await workbenchReady(page);
  await openFile(page, 'greet.ts');
  await page.waitForSelector('.monaco-editor.focused', { timeout: 20000 });
  await hideSideBar(page);

  // The palette names the extension once.
  await copy(page, reply);
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type('Model Reply from Clipboard');
  const entry = page.locator('.quick-input-list .monaco-list-row .label-name').first();
  await entry.waitFor({ timeout: 30000 });
  assert.strictEqual((await entry.textContent())?.trim(), 'Apply AI Edit: Apply Model Reply from Clipboard');
  await page.keyboard.press('Enter');

  // Focus stays in the editor; the decision is on the notification and in the status bar.
  const proposedLine = page.locator('.monaco-diff-editor .editor.modified .view-line:has-text("Hello, ${name}")');
  await proposedLine.waitFor({ timeout: 30000 });
  const ready = page.locator('.notification-toast:has-text("AI edit ready")');
  await ready.waitFor({ timeout: 20000 });
  assert.deepStrictEqual(await ready.locator('.monaco-button').allTextContents(), ['Accept', 'Reject']);
  assert.doesNotMatch(await ready.locator('.notification-list-item-message').textContent(), /^Apply AI Edit/);
  assert.strictEqual(await page.locator('.monaco-diff-editor .monaco-editor.focused').count(), 0, 'the cursor is still in the editor, not in the diff');
  await page.locator('.statusbar-item:has-text("Accept")').waitFor();
  log('review open; Accept and Reject on the notification and in the status bar');

  // Hand edit on the proposed side, the tab closed with Ctrl+W, "Save".
  await proposedLine.click();
  await page.waitForSelector('.monaco-diff-editor .editor.modified .monaco-editor.focused, .monaco-diff-editor .editor.modified.focused, .monaco-diff-editor .monaco-editor.focused', { timeout: 10000 });
  await page.keyboard.press('End');
  await page.keyboard.type(' // checked by hand');
  await page.locator('.tabs-container .tab.active.dirty:has-text("AI edit")').waitFor({ timeout: 10000 });
  await page.keyboard.press('Control+W');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 10000 });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.tabs-container .tab:has-text("AI edit")').waitFor({ state: 'detached', timeout: 10000 });
  assert.strictEqual(fs.readFileSync(file, 'utf8'), before, 'saving the proposal writes nothing to the file');
  await page.locator('.statusbar-item:has-text("AI edit: 1 file")').click();
  await page.locator('.monaco-diff-editor .editor.modified .view-line:has-text("// checked by hand")').waitFor({ timeout: 20000 });
  log('the hand edit survived save, close and reopen');

  // In the focused diff, Accept and Reject sit side by side in the title.
  await page.locator('.monaco-diff-editor .editor.modified .view-line:has-text("checked by hand")').click();
  const accept = page.locator('.editor-actions .action-label[aria-label^="Accept AI Edit (This File)"]');
  await accept.waitFor({ timeout: 20000 });
  const labels = await page.locator('.editor-group-container.active .editor-actions .action-label').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
  const at = labels.findIndex((l) => l.startsWith('Accept AI Edit (This File)'));
  assert.ok(at >= 0 && labels[at + 1]?.startsWith('Reject AI Edit (This File)'), `title buttons: ${labels.join(' | ')}`);
  await page.waitForTimeout(800);
  await shoot('review-focused');

  // Accept from the status bar.
  await page.locator('.statusbar-item:has-text("Accept")').click();
  const applied = page.locator('.notification-toast:has-text("Applied the AI edit to src/greet.ts")');
  await applied.waitFor({ timeout: 10000 });
  await waitForFile(file, before.replace('  return "Hello " + name;', '  return `Hello, ${name}!`; // checked by hand'));
  assert.deepStrictEqual(await applied.locator('.monaco-button').allTextContents(), ['Undo', 'Show Details']);
  log('accepted from the status bar, with the hand edit');
  const afterAccept = fs.readFileSync(file, 'utf8');

  // Ctrl+K Ctrl+V on a file no language server checks (the check runs its whole 1.5 s), accepted
  // from the notification: "Applied" shows while the check for new problems still runs.
  const notes = path.join(workspace, 'notes.txt');
  fs.writeFileSync(notes, 'alpha\nbeta\n');
  await copy(page, searchReplace('notes.txt', ['beta'], ['BETA']));
  await page.locator('.monaco-editor .view-line:has-text("checked by hand")').click();
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+V');
  const notesReady = page.locator('.notification-toast:has-text("AI edit ready")').last();
  await page.locator('.monaco-diff-editor .editor.modified .view-line:has-text("BETA")').waitFor({ timeout: 30000 });
  // The check after the previous accept must be over first: its spinner reads the same.
  await page.locator('.statusbar-item:has-text("Checking 1 file for new problems")').waitFor({ state: 'detached', timeout: 20000 });
  // Watch the page: when the Applied toast appears, and when the check's spinner goes away.
  await page.evaluate(() => {
    const seen = (window.__applyAiEditSeen = {});
    const observer = new MutationObserver(() => {
      const now = performance.now();
      const toasts = [...document.querySelectorAll('.notification-toast')].map((t) => t.textContent ?? '');
      if (seen.applied === undefined && toasts.some((t) => t.includes('Applied the AI edit to notes.txt'))) seen.applied = now;
      const checking = [...document.querySelectorAll('.statusbar-item')].some((i) => (i.textContent ?? '').includes('Checking 1 file for new problems'));
      if (checking) seen.checking = now;
      else if (seen.checking !== undefined && seen.checkEnded === undefined) seen.checkEnded = now;
      if (seen.applied !== undefined && seen.checkEnded !== undefined) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await notesReady.locator('.monaco-button:has-text("Accept")').click();
  await page.locator('.notification-toast:has-text("Applied the AI edit to notes.txt")').waitFor({ timeout: 10000 });
  await page.waitForFunction(() => window.__applyAiEditSeen.checkEnded !== undefined, null, { timeout: 20000 });
  const seen = await page.evaluate(() => window.__applyAiEditSeen);
  assert.ok(seen.applied < seen.checkEnded, `"Applied" (at ${seen.applied} ms) came before the check for problems ended (at ${seen.checkEnded} ms)`);
  await waitForFile(notes, 'alpha\nBETA\n');
  log('accepted from the notification; Applied shown while the check for problems still ran');

  // No edits on the clipboard: the panel's reply box takes a reply of many lines.
  await copy(page, 'a sentence, not a reply');
  await runCommand(page, 'Apply AI Edit: Apply Model Reply');
  const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  const box = view.locator('#reply');
  await box.waitFor({ state: 'visible', timeout: 30000 });
  await view.locator('#notice:has-text("paste the model")').waitFor({ timeout: 20000 });
  await page.waitForFunction(() => true);
  // Typed where the cursor is: the box has focus.
  await page.keyboard.type(reply.replace('  return "Hello " + name;', '  return `Hello, ${name}!`; // checked by hand').replace('  return `Hello, ${name}!`;\n>>>', '  return `Hi, ${name}!`;\n>>>'));
  assert.strictEqual((await box.inputValue()).split('\n').length, reply.split('\n').length, 'every line arrived as its own line');
  await view.locator('.block.placed').waitFor({ timeout: 20000 });
  await view.locator('#summary:has-text("Ready")').waitFor({ timeout: 20000 });
  await view.locator('#review').click();
  await page.locator('.monaco-diff-editor .editor.modified .view-line:has-text("Hi, ${name}")').waitFor({ timeout: 30000 });
  await page.locator('.statusbar-item:has-text("Reject")').click();
  await page.locator('.monaco-diff-editor').waitFor({ state: 'detached', timeout: 20000 });
  assert.strictEqual(fs.readFileSync(file, 'utf8'), afterAccept, 'Reject writes nothing');
  log('a many-line reply typed into the panel was reviewed and rejected');
}
