import type * as vscode from 'vscode';
import { currentText } from '../documents';
import type { WorkspacePlan } from '../apply/planInWorkspace';
import type { Proposal } from '../review/proposalStore';
import type { AcceptOutcome } from '../review/reviewService';
import type { ChatServices } from './chatContext';
import type { FileDecision } from './toolResult';

/** Resolves true once `proposal` is no longer pending (every file accepted or rejected, or replaced), false on cancellation. */
export function waitForReview(services: ChatServices, proposal: Proposal, token: vscode.CancellationToken): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      listener.dispose();
      cancel.dispose();
      resolve(value);
    };
    const listener = services.review.onDidChange(() => {
      if (services.review.pending?.id !== proposal.id) done(true);
    });
    const cancel = token.onCancellationRequested(() => done(false));
    if (services.review.pending?.id !== proposal.id) done(true);
  });
}

/**
 * Which files of a finished review now hold the AI edit (accepted) and which do not (rejected),
 * judged from the workspace itself: a modified file whose text is no longer the planned-from text
 * was accepted, a created file exists, a deleted one is gone, a moved one left its source. Reads
 * the plan, which a review never changes. `handEdited` comes from the accepts themselves (the
 * proposed text differed from the plan's): a file a formatter changed on save was not hand-edited.
 */
export async function decisionsOf(plan: WorkspacePlan, accepts: readonly AcceptOutcome[]): Promise<FileDecision[]> {
  const handEdited = new Set(accepts.flatMap((a) => a.handEdited));
  const decisions: FileDecision[] = [];
  for (const change of plan.changes) {
    const source = plan.uris.get(change.path);
    const target = change.to !== undefined ? plan.uris.get(change.to) : source;
    if (!source || !target) continue;
    const now = await currentText(target);
    let applied: boolean;
    switch (change.action) {
      case 'create':
        applied = now !== undefined;
        break;
      case 'delete':
        applied = now === undefined;
        break;
      case 'move':
        applied = now !== undefined && (await currentText(source)) === undefined;
        break;
      default:
        applied = now !== undefined && now !== change.originalText;
    }
    const path = change.to ?? change.path;
    decisions.push({ path, applied, handEdited: applied && handEdited.has(path) });
  }
  return decisions;
}
