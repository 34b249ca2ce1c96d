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
 * Apply Model Reply: takes the reply from the clipboard when it holds edits, otherwise from the
 * active editor's selection; otherwise it opens the panel with the cursor in its reply box, where a
 * reply of any length can be pasted (an input box would flatten it to one line). Resolves with
 * what was proposed (`undefined` when the reply is to be pasted into the panel).
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
    await ctx.panel.askForReply('Neither the clipboard nor the selection holds edits: paste the model\u2019s reply here.');
    return undefined;
  };
}
