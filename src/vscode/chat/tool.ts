import * as vscode from 'vscode';
import { parseReply, referencedPaths } from '../../core/index';
import { configSection } from '../config';
import { activeFileUri, type AcceptEvent } from '../review/reviewService';
import type { ChatServices } from './chatContext';
import { toolInputToReply, type ApplyEditsInput } from './toolInput';
import { decisionsOf, waitForReview } from './reviewDecisions';
import { receiptForModel } from './toolResult';

/** The tool's name; must match `contributes.languageModelTools` in package.json. */
export const toolName = 'applyAiEdit_applyEdits';

/** How the tool applies: open the review and wait for the person, or write right after the confirmation. */
export type ToolApplyMode = 'review' | 'applyAfterConfirmation';

/** The setting `applyAiEdit.tool.applyMode`. */
export function toolApplyMode(): ToolApplyMode {
  return vscode.workspace.getConfiguration(configSection).get<string>('tool.applyMode') === 'applyAfterConfirmation' ? 'applyAfterConfirmation' : 'review';
}

/**
 * The language model tool for agent mode. `prepareInvocation` only parses (no file is read or
 * opened) and asks for confirmation naming the files and edit counts; `invoke` goes through the
 * same plan → review → apply path as every other host and returns the receipt as text for the
 * model. Guarantees: nothing is written unless every edit placed and the person accepted (in the
 * review, or by confirming when `applyAiEdit.tool.applyMode` is `applyAfterConfirmation`).
 */
export class ApplyEditsTool implements vscode.LanguageModelTool<ApplyEditsInput> {
  constructor(private readonly services: ChatServices) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<ApplyEditsInput>): vscode.PreparedToolInvocation {
    const parsed = parseReply(toolInputToReply(options.input));
    const counts = new Map<string, number>();
    for (const op of parsed.ops) {
      const [path] = referencedPaths({ ops: [op], problems: [] }, { hintPath: '(active file)' });
      const key = path ?? (op.kind === 'move' ? op.from : op.path) ?? '(active file)';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const total = parsed.ops.length;
    const list = [...counts].map(([path, n]) => `- \`${path}\`: ${n} edit${n === 1 ? '' : 's'}`).join('\n');
    const problems = parsed.problems.length ? `\n\n${parsed.problems.length} block${parsed.problems.length === 1 ? '' : 's'} could not be read and will be reported back.` : '';
    const then = toolApplyMode() === 'review' ? 'The diff opens for review; nothing is written until you accept.' : 'The edits are written as soon as you continue (if every edit places).';
    return {
      invocationMessage: `Applying ${total} edit${total === 1 ? '' : 's'} to ${counts.size} file${counts.size === 1 ? '' : 's'}`,
      confirmationMessages: {
        title: `Apply ${total} AI edit${total === 1 ? '' : 's'}?`,
        message: new vscode.MarkdownString(`${list || 'No edits found.'}${problems}\n\n${then}`),
      },
    };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<ApplyEditsInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(await this.run(options.input, token))]);
  }

  /** The tool's text result (see the class comment). */
  async run(input: ApplyEditsInput, token: vscode.CancellationToken): Promise<string> {
    const replyText = toolInputToReply(input);
    const review = toolApplyMode() === 'review';
    // The accepts of this call's proposal: what the person changed, and what saving changed after.
    const accepts: AcceptEvent[] = [];
    const listener = this.services.review.onDidAccept((event) => accepts.push(event));
    try {
      const outcome = await this.services.review.propose(replyText, { hintUri: activeFileUri(), openReview: review, notify: false, source: 'tool' });
      const { receipt, proposal } = outcome;
      if (!receipt.ok) return receiptForModel(receipt, undefined, 'No file was changed.');
      if (!proposal) return receiptForModel(receipt, undefined);
      const ours = () => accepts.filter((a) => a.proposalId === proposal.id).map((a) => a.outcome);
      if (!review) {
        const accepted = await this.services.review.accept();
        if (!accepted.applied) {
          const refused = accepted.refused.map((r) => `- ${r.path}: ${r.code}: ${r.message}`).join('\n');
          return `Not applied: ${accepted.message}${refused ? `\n${refused}` : ''}\nNo file was changed.`;
        }
        return receiptForModel(receipt, await decisionsOf(proposal.plan, ours()), undefined, ours());
      }
      const finished = await waitForReview(this.services, proposal, token);
      if (!finished) {
        await this.services.review.reject();
        return receiptForModel(receipt, await decisionsOf(proposal.plan, ours()), 'Cancelled: the review was closed; files not accepted by then are unchanged.', ours());
      }
      return receiptForModel(receipt, await decisionsOf(proposal.plan, ours()), undefined, ours());
    } finally {
      listener.dispose();
    }
  }
}
