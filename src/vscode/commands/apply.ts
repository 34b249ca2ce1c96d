import * as vscode from 'vscode';
import type { ProposeOutcome } from '../review/reviewService';
import type { CommandContext } from './context';
import { hintBesides, holdsEdits, selectedReply } from './replySources';

/** Arguments other hosts (and tests) may pass instead of letting the command look for the reply. */
export interface ApplyArgs {
  readonly text?: string;
  readonly hintUri?: vscode.Uri;
  readonly reviewTheRest?: boolean;
}

/**
 * Apply AI Edit: takes the reply from the clipboard when it holds edits, otherwise from the
 * active editor's selection, otherwise from an input box, and proposes it for review. Resolves
 * with what was proposed (`undefined` when the user gave no reply).
 */
export function applyCommand(ctx: CommandContext) {
  return async (args?: ApplyArgs): Promise<ProposeOutcome | undefined> => {
    if (args && typeof args.text === 'string') {
      return ctx.review.propose(args.text, { source: 'argument', hintUri: args.hintUri, reviewTheRest: args.reviewTheRest });
    }
    const clipboard = await vscode.env.clipboard.readText();
    if (holdsEdits(clipboard)) return ctx.review.propose(clipboard, { source: 'clipboard' });
    const selection = selectedReply();
    if (selection && holdsEdits(selection.text)) {
      return ctx.review.propose(selection.text, { source: 'selection', hintUri: hintBesides(selection.editor) });
    }
    const typed = await vscode.window.showInputBox({
      title: 'Apply AI Edit',
      prompt: 'Neither the clipboard nor the selection holds edits. Paste the reply (or a JSON tool call) here.',
      placeHolder: '{"file_path": "src/a.ts", "old_string": "...", "new_string": "..."}',
      ignoreFocusOut: true,
    });
    if (!typed) return undefined;
    return ctx.review.propose(typed, { source: 'input box' });
  };
}
