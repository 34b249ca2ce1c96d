// Never lose a user's code: drift between proposal and accept, undo, failures, paths outside.
import * as assert from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { abs, activate, applyFromClipboard, bytes, cleanUp, exists, fresh, open, put, reviewDiffTabs, searchReplace, text, uri, waitFor, withSetting } from './helpers';

describe('safety', () => {
  /** Folders a test made outside the workspace, removed after it whatever happened. */
  const cleanUps: (() => void)[] = [];
  before(activate);
  afterEach(cleanUp);
  afterEach(() => {
    for (const clean of cleanUps.splice(0)) clean();
  });

  it('a user edit between proposal and accept on other lines is merged, not lost', async () => {
    const dir = fresh('drift-merge');
    put(`${dir}/m.ts`, 'line 1\nline 2\nline 3\nline 4\nline 5\n');
    await applyFromClipboard(searchReplace(`${dir}/m.ts`, 'line 4\n', 'line four\n'));
    const editor = await open(`${dir}/m.ts`);
    await editor.edit((e) => e.replace(new vscode.Range(0, 0, 0, 6), 'LINE ONE (mine)'));
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.deepStrictEqual(accepted.merged, [`${dir}/m.ts`]);
    assert.strictEqual(text(`${dir}/m.ts`), 'LINE ONE (mine)\nline 2\nline 3\nline four\nline 5\n');
  });

  it('a user edit of the same lines refuses the accept with OUT_OF_DATE and writes nothing', async () => {
    const dir = fresh('drift-refuse');
    put(`${dir}/r.ts`, 'keep\nchange me\nkeep\n');
    put(`${dir}/other.ts`, 'other\n');
    await applyFromClipboard(searchReplace(`${dir}/r.ts`, 'change me\n', 'AI version\n') + '\n' + searchReplace(`${dir}/other.ts`, 'other\n', 'OTHER\n'));
    const editor = await open(`${dir}/r.ts`);
    await editor.edit((e) => e.replace(new vscode.Range(1, 0, 1, 9), 'my version'));
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, false);
    assert.deepStrictEqual(accepted.refused.map((e: any) => e.code), ['OUT_OF_DATE']);
    assert.strictEqual(editor.document.getText(), 'keep\nmy version\nkeep\n', 'the newer edit is still there');
    assert.strictEqual(text(`${dir}/r.ts`), 'keep\nchange me\nkeep\n');
    assert.strictEqual(text(`${dir}/other.ts`), 'other\n', 'atomic: the other file was not written either');
    assert.ok((await activate()).review.pending, 'the proposal stays pending for a decision');
    assert.match(await vscode.commands.executeCommand<string>('applyAiEdit.copyFailureReport'), /OUT_OF_DATE/);
  });

  it('Undo Last AI Edit restores every byte (CRLF, BOM, created, deleted, moved files)', async () => {
    const dir = fresh('undo');
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const before = {
      crlf: Buffer.from('a\r\nb\r\nc\r\n'),
      bom: Buffer.concat([bom, Buffer.from('x = 1\ny = 2\n')]),
      gone: Buffer.from('to be deleted\n'),
      from: Buffer.from('moving\n'),
    };
    put(`${dir}/crlf.txt`, before.crlf);
    put(`${dir}/bom.py`, before.bom);
    put(`${dir}/gone.txt`, before.gone);
    put(`${dir}/from.txt`, before.from);
    const reply = [
      '*** Begin Patch',
      `*** Update File: ${dir}/crlf.txt`,
      '@@',
      ' a',
      '-b',
      '+B',
      ` c`,
      `*** Update File: ${dir}/bom.py`,
      '@@',
      '-y = 2',
      '+y = 3',
      `*** Add File: ${dir}/new.txt`,
      '+brand new',
      `*** Delete File: ${dir}/gone.txt`,
      `*** Update File: ${dir}/from.txt`,
      `*** Move to: ${dir}/to.txt`,
      '@@',
      '-moving',
      '+moved',
      '*** End Patch',
    ].join('\n');
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, true, JSON.stringify(outcome.receipt.errors));
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    assert.deepStrictEqual(bytes(`${dir}/crlf.txt`), Buffer.from('a\r\nB\r\nc\r\n'));
    assert.ok(exists(`${dir}/new.txt`) && exists(`${dir}/to.txt`) && !exists(`${dir}/gone.txt`) && !exists(`${dir}/from.txt`));

    const undone = await vscode.commands.executeCommand<any>('applyAiEdit.undoLast');
    assert.strictEqual(undone.ok, true, undone.message);
    assert.deepStrictEqual(bytes(`${dir}/crlf.txt`), before.crlf);
    assert.deepStrictEqual(bytes(`${dir}/bom.py`), before.bom);
    assert.deepStrictEqual(bytes(`${dir}/gone.txt`), before.gone);
    assert.deepStrictEqual(bytes(`${dir}/from.txt`), before.from);
    assert.ok(!exists(`${dir}/new.txt`), 'the created file is deleted');
    assert.ok(!exists(`${dir}/to.txt`), 'the move is taken back');
    const crlfDocument = await vscode.workspace.openTextDocument(uri(`${dir}/crlf.txt`));
    await waitFor(() => crlfDocument.getText() === 'a\r\nb\r\nc\r\n', 'the open document to reload');
  });

  it('Undo Last AI Edit refuses when a touched file changed since', async () => {
    const dir = fresh('undo-refuse');
    put(`${dir}/u.ts`, 'v1\n');
    await applyFromClipboard(searchReplace(`${dir}/u.ts`, 'v1\n', 'v2\n'));
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    put(`${dir}/u.ts`, 'v3 by the user\n');
    const document = await vscode.workspace.openTextDocument(uri(`${dir}/u.ts`));
    await waitFor(() => document.getText() === 'v3 by the user\n', 'the document to see the disk change');
    const undone = await vscode.commands.executeCommand<any>('applyAiEdit.undoLast');
    assert.strictEqual(undone.ok, false);
    assert.strictEqual(text(`${dir}/u.ts`), 'v3 by the user\n');
  });

  it('a failing reply writes nothing, proposes nothing, and leaves the clipboard alone; the report is one command away', async () => {
    const dir = fresh('fail');
    put(`${dir}/ok.ts`, 'fine\n');
    put(`${dir}/bad.ts`, 'actual content\n');
    const reply = searchReplace(`${dir}/ok.ts`, 'fine\n', 'finer\n') + '\n' + searchReplace(`${dir}/bad.ts`, 'something the file never had\n', 'x\n');
    const outcome = await applyFromClipboard(reply);
    assert.strictEqual(outcome.receipt.ok, false);
    assert.strictEqual(outcome.proposal, undefined, 'nothing proposed without the explicit opt-in');
    assert.strictEqual(reviewDiffTabs().length, 0);
    assert.strictEqual(text(`${dir}/ok.ts`), 'fine\n');
    assert.strictEqual(text(`${dir}/bad.ts`), 'actual content\n');
    assert.strictEqual(await vscode.env.clipboard.readText(), reply, 'the reply the user copied is still on the clipboard');
    assert.match(outcome.failureReport, /NO_MATCH/);
    assert.strictEqual(await vscode.commands.executeCommand('applyAiEdit.copyFailureReport'), outcome.failureReport);
    assert.strictEqual(await vscode.env.clipboard.readText(), outcome.failureReport);
  });

  it('with copyFailureReportOnFailure on, a failing reply puts the report on the clipboard at once', async () => {
    const restore = await withSetting('copyFailureReportOnFailure', true);
    try {
      const dir = fresh('fail-copy');
      put(`${dir}/bad.ts`, 'actual content\n');
      const outcome = await applyFromClipboard(searchReplace(`${dir}/bad.ts`, 'never there\n', 'x\n'));
      assert.strictEqual(outcome.receipt.ok, false);
      assert.strictEqual(await vscode.env.clipboard.readText(), outcome.failureReport);
    } finally {
      await restore();
    }
  });

  it('Review the Rest is an explicit opt-in that proposes only the placed files', async () => {
    const dir = fresh('rest');
    put(`${dir}/ok.ts`, 'fine\n');
    put(`${dir}/bad.ts`, 'actual\n');
    const reply = searchReplace(`${dir}/ok.ts`, 'fine\n', 'finer\n') + '\n' + searchReplace(`${dir}/bad.ts`, 'missing\n', 'x\n');
    const outcome = await vscode.commands.executeCommand<any>('applyAiEdit.apply', { text: reply, reviewTheRest: true });
    assert.strictEqual(outcome.receipt.ok, false);
    assert.deepStrictEqual(outcome.proposal.files.map((f: any) => f.path), [`${dir}/ok.ts`]);
    assert.strictEqual(outcome.proposal.partial, true);
    await vscode.commands.executeCommand('applyAiEdit.acceptAll');
    assert.strictEqual(text(`${dir}/ok.ts`), 'finer\n');
    assert.strictEqual(text(`${dir}/bad.ts`), 'actual\n');
  });

  it('refuses a path outside the workspace (.., absolute, symlink) and writes nothing', async () => {
    const dir = fresh('outside');
    const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-outside-'));
    cleanUps.push(() => fs.rmSync(outsideDir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(outsideDir, 'secret.txt'), 'secret\n');
    put(`${dir}/inside.txt`, 'inside\n');
    fs.symlinkSync(outsideDir, abs(`${dir}/link`));
    for (const target of [`../${path.basename(outsideDir)}/secret.txt`, path.join(outsideDir, 'secret.txt'), `${dir}/link/secret.txt`, `${dir}/link/new.txt`]) {
      const reply = searchReplace(`${dir}/inside.txt`, 'inside\n', 'changed\n') + '\n' + searchReplace(target, target.endsWith('new.txt') ? '' : 'secret\n', 'pwned\n');
      const outcome = await applyFromClipboard(reply);
      assert.strictEqual(outcome.receipt.ok, false, `${target} must be refused`);
      assert.ok(outcome.receipt.errors.some((e: any) => e.code === 'OUTSIDE_WORKSPACE' || e.code === 'FILE_NOT_FOUND'), `${target}: ${JSON.stringify(outcome.receipt.errors)}`);
      assert.strictEqual(outcome.proposal, undefined);
    }
    // The symlink cases must be refused as outside, whatever the engine thought of them.
    const outcome = await applyFromClipboard(searchReplace(`${dir}/link/secret.txt`, 'secret\n', 'pwned\n'));
    assert.deepStrictEqual(outcome.receipt.errors.map((e: any) => e.code), ['OUTSIDE_WORKSPACE']);
    assert.strictEqual(fs.readFileSync(path.join(outsideDir, 'secret.txt'), 'utf8'), 'secret\n');
    assert.ok(!fs.existsSync(path.join(outsideDir, 'new.txt')));
    assert.strictEqual(text(`${dir}/inside.txt`), 'inside\n');
  });

  it('refuses binary and over-large files', async () => {
    const dir = fresh('binary');
    put(`${dir}/image.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    const binary = await applyFromClipboard(searchReplace(`${dir}/image.png`, 'PNG\n', 'JPG\n'));
    assert.deepStrictEqual(binary.receipt.errors.map((e: any) => e.code), ['BINARY_FILE']);
    const restore = await withSetting('maxFileSizeMB', 0.01);
    try {
      put(`${dir}/big.txt`, 'line\n'.repeat(5000));
      const big = await applyFromClipboard(searchReplace(`${dir}/big.txt`, 'line\n', 'LINE\n'));
      assert.deepStrictEqual(big.receipt.errors.map((e: any) => e.code), ['TOO_LARGE']);
    } finally {
      await restore();
    }
  });

  it('reports the errors an apply introduced (post-apply diagnostics)', async () => {
    const dir = fresh('diagnostics');
    put(`${dir}/config.json`, '{\n  "name": "demo",\n  "port": 8080\n}\n');
    await open(`${dir}/config.json`);
    await applyFromClipboard(searchReplace(`${dir}/config.json`, '  "port": 8080\n', '  "port": 8080,,\n'));
    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    assert.strictEqual(accepted.applied, true, accepted.message);
    const found = await accepted.diagnostics;
    assert.ok(found.length > 0, 'the JSON language server reported the broken file');
    assert.strictEqual(found[0].path, `${dir}/config.json`);
    assert.strictEqual(found[0].line, 3);
    assert.strictEqual(found[0].severity, 'error');
    const details = await vscode.commands.executeCommand<vscode.TextDocument>('applyAiEdit.showDetails');
    assert.match(details!.getText(), /New problems after the apply/);
  });

  it('text without edits leaves the clipboard alone', async () => {
    const outcome = await applyFromClipboard('const notAReply = 42; // just some code I copied\n');
    assert.strictEqual(outcome.receipt.ok, false);
    assert.deepStrictEqual(outcome.receipt.errors.map((e: any) => e.code), ['NO_EDITS_FOUND']);
    assert.strictEqual(await vscode.env.clipboard.readText(), 'const notAReply = 42; // just some code I copied\n');
  });
});
