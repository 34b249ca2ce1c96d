// Steps the UI scripts share, each waiting for the state it leads to (a script that races the
// keyboard types into the wrong place): the workbench ready, a file opened with Quick Open, a
// command run from the palette, the clipboard filled, a file on disk awaited.
import assert from 'node:assert';
import fs from 'node:fs';

/** Waits until the workbench shows its explorer, then a moment for the extensions to settle. */
export async function workbenchReady(page) {
  await page.waitForSelector('.explorer-folders-view', { timeout: 60000 });
  await page.waitForTimeout(1500);
}

/** Opens `name` with Quick Open (Ctrl+P) and waits for its tab to be the active one. */
export async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type(name);
  await page.waitForSelector(`.quick-input-list .monaco-list-row:has-text("${name}")`, { timeout: 20000 });
  await page.keyboard.press('Enter');
  await page.waitForSelector(`.tabs-container .tab.active:has-text("${name}")`, { timeout: 20000 });
}

/** Hides the side bar (Ctrl+B): room for a side-by-side diff, which VS Code shows inline below 900 px. */
export async function hideSideBar(page) {
  await page.keyboard.press('Control+B');
  await page.waitForSelector('.explorer-folders-view', { state: 'hidden', timeout: 10000 });
}

/**
 * Runs a command from the palette (F1): types `typed`, waits for the row whose label is exactly
 * `label` (default: `typed`), and picks it. Resolves with the label shown.
 */
export async function runCommand(page, typed, label = typed) {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await page.keyboard.type(typed);
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exact }) }).first();
  await row.waitFor({ timeout: 30000 });
  await row.click();
}

/** Puts `text` on the clipboard, as when copied from a chat window. */
export async function copy(page, text) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
}

/** Waits until `file` on disk holds exactly `expected`; fails with what it holds. */
export async function waitForFile(file, expected, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (fs.readFileSync(file, 'utf8') !== expected) {
    if (Date.now() > deadline) assert.fail(`${file} on disk:\n${fs.readFileSync(file, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A SEARCH/REPLACE block for `path`, fenced as models write it (lines without their newlines). */
export function searchReplace(path, search, replace) {
  return [path, '```ts', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```', ''].join('\n');
}
