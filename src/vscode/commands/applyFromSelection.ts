import type { ProposeOutcome } from '../review/reviewService';
import type { CommandContext } from './context';
import { hintBesides, selectedReply } from './replySources';

/**
 * Apply Selected Model Reply: proposes the selected text (a reply pasted into any editor).
 * Blocks without a path go to another visible editor's file, not to the one holding the reply.
 */
export function applyFromSelectionCommand(ctx: CommandContext) {
  return async (): Promise<ProposeOutcome | undefined> => {
    const selection = selectedReply();
    if (!selection) {
      ctx.notifier.notify('info', 'Select the model\u2019s reply in an editor first.');
      return undefined;
    }
    return ctx.review.propose(selection.text, { source: 'selection', hintUri: hintBesides(selection.editor) });
  };
}
