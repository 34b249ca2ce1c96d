import * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import { readConfig } from '../config';
import { WorkspaceFiles } from '../documents';
import { activeFileUri } from '../review/reviewService';
import { failureSummary, proposalSummary } from '../review/summary';
import { describeFailure, statusMarkdown } from './blockStatus';
import type { ChatOutcomeMetadata, ChatServices } from './chatContext';
import { reviewButtons } from './editRequest';
import { LiveReply } from './liveReply';

/** Chunk size for feeding a pasted reply: small enough to show progress and honour cancel. */
const chunkChars = 4096;

/** Shown when `@apply` gets no reply. */
export const helpMessage = [
  '**@apply** applies the edits a language model wrote.',
  '',
  '- `@apply` followed by a pasted reply (SEARCH/REPLACE blocks, a unified diff, `*** Begin Patch`, whole files, JSON tool calls): shows how each block matched, then **Review** or **Apply**.',
  '- `@apply /edit <instruction>`: asks the selected model to edit the active file, streams its answer, and opens the review.',
].join('\n');

/**
 * `@apply <pasted reply>`: parses the reply (fed in chunks, so a long one shows its blocks as they
 * are read), shows each block's file, format and how it matched or why not, then plans the whole
 * reply and makes it the pending proposal without opening it: the **Review** and **Apply**
 * buttons run the extension's own Show Review and Accept All commands. Nothing is written here.
 */
export async function handlePastedReply(
  request: vscode.ChatRequest,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
  services: ChatServices,
): Promise<vscode.ChatResult> {
  const replyText = request.prompt;
  if (replyText.trim() === '') {
    stream.markdown(helpMessage);
    return result({ command: 'help', proposed: false });
  }
  const hintUri = activeFileUri();
  const config = readConfig(hintUri);
  const files = WorkspaceFiles.forActiveFolder(config.maxFileBytes, hintUri);
  if (!files) {
    stream.markdown('Open a folder first: Apply AI Edit only edits files inside a workspace folder.');
    return result({ command: 'paste', proposed: false });
  }
  const hintPath = hintUri ? files.relativePath(hintUri) : undefined;
  const live = new LiveReply(files, { hintPath, fuzzyThreshold: config.fuzzyThreshold });
  stream.progress('Reading the reply…');
  for (let at = 0; at < replyText.length; at += chunkChars) {
    if (token.isCancellationRequested) return cancelled(stream);
    const update = await live.push(replyText.slice(at, at + chunkChars));
    for (const status of update.completed) stream.markdown(`${statusMarkdown(status)}\n\n`);
  }
  const { update } = await live.finish();
  for (const status of update.completed) stream.markdown(`${statusMarkdown(status)}\n\n`);
  if (token.isCancellationRequested) return cancelled(stream);

  stream.progress('Planning the whole reply…');
  const outcome = await services.review.propose(replyText, { hintUri, openReview: false, notify: false, source: 'chat' });
  const { receipt } = outcome;
  if (receipt.ok && outcome.proposal) {
    stream.markdown(`**Ready:** ${proposalSummary(receipt)} Nothing is written until you apply.\n\n`);
    reviewButtons(stream);
    return result({ command: 'paste', proposed: true, proposalId: outcome.proposal.id });
  }
  if (receipt.ok) {
    stream.markdown(`**Nothing to change:** ${proposalSummary(receipt)}`);
    return result({ command: 'paste', proposed: false });
  }
  stream.markdown(`**${failureSummary(receipt)}** Nothing was written.\n\n`);
  for (const error of receipt.errors) {
    stream.markdown(`- ${describeFailure(error).replace(/\r?\n/g, ' ')}\n`);
    const nearest = error.candidates[0];
    if (nearest && error.code !== 'AMBIGUOUS') stream.markdown(`\n  Nearest lines in \`${error.path}\`:\n\n${indentFence(nearest.text)}\n`);
  }
  stream.markdown('\n');
  stream.button({ command: CommandId.copyFailureReport, title: 'Copy Failure Report' });
  const placed = receipt.files.some((f) => f.edits.every((e) => e.status !== 'failed'));
  if (placed) stream.button({ command: CommandId.apply, title: 'Review the Rest', arguments: [{ text: replyText, hintUri, reviewTheRest: true }] });
  return result({ command: 'paste', proposed: false, failures: receipt.errors.map((e) => e.code), failureReport: outcome.failureReport });
}

function indentFence(text: string): string {
  let ticks = '```';
  while (text.includes(ticks)) ticks += '`';
  return `${ticks}\n${text}\n${ticks}`;
}

function cancelled(stream: vscode.ChatResponseStream): vscode.ChatResult {
  stream.markdown('\n\n**Cancelled.** Nothing was written.');
  return result({ command: 'paste', proposed: false, cancelled: true });
}

function result(metadata: ChatOutcomeMetadata): vscode.ChatResult {
  return { metadata };
}
