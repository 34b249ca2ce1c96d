// Files as they are on disk (issue 10, in the extension): a non-UTF-8 file opened in its encoding
// keeps every byte through accept and undo; links are followed one segment at a time, dangling
// ones included; pipes are refused without being read.
import * as assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { abs, activate, applyFromClipboard, bytes, cleanUp, exists, fresh, put, searchReplace } from './helpers';

/** Sets `files.encoding` for the rest of a test; returns a function that puts the old value back. */
async function withFilesEncoding(encoding: string): Promise<() => Promise<void>> {
  const config = vscode.workspace.getConfiguration('files');
  const old = config.inspect('encoding')?.globalValue;
  await config.update('encoding', encoding, vscode.ConfigurationTarget.Global);
  return async () => vscode.workspace.getConfiguration('files').update('encoding', old, vscode.ConfigurationTarget.Global);
}

describe('files on disk: encodings, links, special files', () => {
  before(activate);
  afterEach(cleanUp);

  it('a windows-1252 file opened in its encoding keeps every byte the edit did not change, through accept and undo', async () => {
    const dir = fresh('cp1252');
    // "José", a euro sign (0x80 in windows-1252, not a character in UTF-8) and CRLF endings.
    const original = Buffer.from('name = "Jos\xe9"\r\nprice = "5 \x80"\r\nx = 1\r\n', 'latin1');
    put(`${dir}/prices.py`, original);
    const restore = await withFilesEncoding('windows1252');
    try {
      // The search quotes the accented and euro characters: it matches only if VS Code decoded the file as windows-1252.
      const outcome = await applyFromClipboard(searchReplace(`${dir}/prices.py`, 'price = "5 €"\nx = 1\n', 'price = "6 €" # café\nx = 2\n'));
      assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
      const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
      assert.strictEqual(accepted.applied, true, accepted.message);
      assert.deepStrictEqual(bytes(`${dir}/prices.py`), Buffer.from('name = "Jos\xe9"\r\nprice = "6 \x80" # caf\xe9\r\nx = 2\r\n', 'latin1'));
      const undone = await vscode.commands.executeCommand<any>('applyAiEdit.undoLast');
      assert.strictEqual(undone.ok, true, undone.message);
      assert.deepStrictEqual(bytes(`${dir}/prices.py`), original);
    } finally {
      await restore();
    }
  });

  it('refuses a dangling symlink, pointing outside or inside, and a path through one; creates in a linked folder', async () => {
    const dir = fresh('dangling');
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-dangling-'));
    try {
      put(`${dir}/src/keep.ts`, 'keep\n');
      fs.symlinkSync(path.join(outside, 'evil.txt'), abs(`${dir}/evil.txt`));
      fs.symlinkSync(path.join(outside, 'missing-folder'), abs(`${dir}/evil-folder`));
      fs.symlinkSync('src/later.ts', abs(`${dir}/later.ts`));
      fs.symlinkSync('src', abs(`${dir}/lib`));
      for (const target of [`${dir}/evil.txt`, `${dir}/evil-folder/x.txt`, `${dir}/later.ts`]) {
        const outcome = await applyFromClipboard(searchReplace(target, '', 'owned\n'));
        assert.strictEqual(outcome.receipt.ok, false, `${target} must be refused`);
        assert.deepStrictEqual(outcome.receipt.errors.map((e: any) => e.code), ['OUTSIDE_WORKSPACE'], target);
        assert.strictEqual(outcome.proposal, undefined);
      }
      assert.deepStrictEqual(fs.readdirSync(outside), [], 'nothing was created outside');
      assert.ok(!exists(`${dir}/src/later.ts`));
      const created = await applyFromClipboard(searchReplace(`${dir}/lib/new.ts`, '', 'new\n'));
      assert.strictEqual(created.receipt.ok, true, JSON.stringify(created.receipt.errors));
      const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
      assert.strictEqual(accepted.applied, true, accepted.message);
      assert.strictEqual(fs.readFileSync(abs(`${dir}/src/new.ts`), 'utf8'), 'new\n');
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses a named pipe, a folder and a path through a file as NOT_A_FILE without reading them', async function () {
    const dir = fresh('special');
    put(`${dir}/folder.ts/inner.txt`, 'x\n');
    put(`${dir}/plain.txt`, 'x\n');
    fs.mkdirSync(abs(dir), { recursive: true });
    if (spawnSync('mkfifo', [abs(`${dir}/pipe.txt`)]).status !== 0) this.skip();
    // `plain.txt/inner.ts`: the file stands where the path needs a folder (it was OUTSIDE_WORKSPACE).
    for (const target of [`${dir}/pipe.txt`, `${dir}/folder.ts`, `${dir}/plain.txt/inner.ts`]) {
      for (const search of ['x\n', '']) {
        const outcome = await applyFromClipboard(searchReplace(target, search, 'y\n'));
        assert.strictEqual(outcome.receipt.ok, false, `${target} must be refused`);
        assert.deepStrictEqual(outcome.receipt.errors.map((e: any) => e.code), ['NOT_A_FILE'], `${target}: ${JSON.stringify(outcome.receipt.errors)}`);
      }
    }
    assert.ok(fs.lstatSync(abs(`${dir}/pipe.txt`)).isFIFO());
  });
});
