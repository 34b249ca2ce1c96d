// Show Details: a read-only Markdown view of the latest reply, true at the moment it is shown and
// kept true as the reply is accepted and undone.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { activate, allTabs, applyFromClipboard, cleanUp, fresh, put, searchReplace, waitFor } from './helpers';

async function showDetails(): Promise<vscode.TextDocument> {
  const document = await vscode.commands.executeCommand<vscode.TextDocument>('applyAiEdit.showDetails');
  assert.ok(document, 'Show Details returned its document');
  return document;
}

describe('Show Details', () => {
  before(activate);
  afterEach(cleanUp);

  it('is a read-only Markdown preview that says where the reply stands: waiting, applied, undone', async () => {
    const dir = fresh('details');
    put(`${dir}/d.ts`, 'let d = 1;\n');
    await applyFromClipboard(searchReplace(`${dir}/d.ts`, 'let d = 1;\n', 'let d = 2;\n'));
    const document = await showDetails();
    assert.strictEqual(document.uri.scheme, 'apply-ai-edit-details');
    assert.strictEqual(document.languageId, 'markdown');
    assert.strictEqual(document.isUntitled, false);
    assert.strictEqual(document.isDirty, false, 'nothing to save: closing it asks nothing');
    await waitFor(() => allTabs().some((t) => t.label.includes('AI edit details')), 'the Markdown preview tab');
    assert.match(document.getText(), /^# Waiting for review\n/);
    assert.match(document.getText(), new RegExp(`Waiting for Accept or Reject: ${dir}/d\\.ts\\.`));
    assert.doesNotMatch(document.getText(), /will be written|✅/, 'no "ready" wording from before the decision');

    const accepted = await vscode.commands.executeCommand<any>('applyAiEdit.acceptAll');
    await accepted.diagnostics;
    await waitFor(() => /^# Applied\n/.test(document.getText()), 'the open details to say Applied');
    assert.match(document.getText(), new RegExp(`Applied at [^:]+:[^:]+:[^:]+: ${dir}/d\\.ts\\.`));

    await vscode.commands.executeCommand('applyAiEdit.undoLast');
    await waitFor(() => /\*\*Undone\*\* at/.test(document.getText()), 'the open details to say Undone');
  });

  it('a failed reply: Not applied, and no promise of a candidate "below" that is not there', async () => {
    const dir = fresh('details-fail');
    put(`${dir}/f.ts`, 'actual content\n');
    await applyFromClipboard(searchReplace(`${dir}/f.ts`, 'something the file never had at all\n', 'x\n'));
    const text = (await showDetails()).getText();
    assert.match(text, /^# Not applied\n/);
    assert.match(text, /NO_MATCH/);
    if (!/Nearest candidate/.test(text)) assert.doesNotMatch(text, /below/);
  });
});
