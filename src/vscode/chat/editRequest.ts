import * as vscode from 'vscode';
import {
  failureReportForModel,
  nextStepFor,
  parseReply,
  referencedPaths,
  type ParsedReply,
  type Receipt,
  type ReceiptError,
} from '../../core/index';
import { CommandId } from '../commandIds';
import { readConfig } from '../config';
import { WorkspaceFiles } from '../documents';
import { planInWorkspace } from '../apply/planInWorkspace';
import { activeFileUri } from '../review/reviewService';
import { proposalSummary } from '../review/summary';
import { describeFailure, statusMarkdown } from './blockStatus';
import type { ChatOutcomeMetadata, ChatServices } from './chatContext';
import { ChatEcho } from './chatEcho';
import { LiveReply } from './liveReply';
import { noModelMessage, pickModel } from './models';
import { editRequestMessage, editSystemPrompt, hashText, retryMessage, type SeenFile } from './prompts';
import { collectSeenFiles } from './targets';

/** How often `/edit` sends failures back to the model before it gives up. */
export const maxRetries = 2;

/**
 * `@apply /edit <instruction>`: asks the chat's model for SEARCH/REPLACE blocks on the active
 * file(s), streams its text to the chat with each block's status as it completes, and when the
 * reply is complete plans it as a whole and opens the review.
 *
 * Guarantees:
 * - nothing is written by this request: the review (or the Apply button) does that later;
 * - the files the model saw are hashed; a file that changed before the reply was planned is
 *   reported `OUT_OF_DATE` and its fresh text is sent with the retry;
 * - failures go back to the model with the engine's failure report, at most {@link maxRetries}
 *   times; blocks that placed are kept, and each retry only has to fix the failed ones;
 * - cancellation stops reading the model at once and proposes nothing.
 */
export async function runEditRequest(
  request: vscode.ChatRequest,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
  services: ChatServices,
): Promise<vscode.ChatResult> {
  const instruction = request.prompt.trim();
  if (!instruction) {
    stream.markdown('Tell me what to change, e.g. `@apply /edit rename the function total to sum`. The active file (and any `#file` you reference) is sent to the model.');
    return result({ command: 'edit', proposed: false });
  }
  const model = await pickModel(request);
  if (!model) {
    stream.markdown(noModelMessage);
    return result({ command: 'edit', proposed: false });
  }
  const hintUri = activeFileUri();
  const config = readConfig(hintUri);
  const files = WorkspaceFiles.forActiveFolder(config.maxFileBytes, hintUri);
  if (!files) {
    stream.markdown('Open a folder first: `@apply /edit` only edits files inside a workspace folder.');
    return result({ command: 'edit', proposed: false });
  }
  const { seen, skipped } = await collectSeenFiles(request, files);
  if (skipped.length) stream.markdown(`Not sent to the model: ${skipped.join(', ')}.\n\n`);
  if (seen.length === 0) {
    stream.markdown('Open the file to edit (or reference it with `#file`) and ask again: `/edit` sends the active file to the model.');
    return result({ command: 'edit', proposed: false });
  }
  const hintPath = hintUri ? files.relativePath(hintUri) : undefined;
  const seenByPath = new Map(seen.map((f) => [f.path, f]));
  stream.markdown(`Sent ${seen.map((f) => `\`${f.path}\``).join(', ')} to ${model.name}.\n\n`);

  const messages = [vscode.LanguageModelChatMessage.User(editSystemPrompt), vscode.LanguageModelChatMessage.User(editRequestMessage(seen, instruction))];
  /** The blocks of earlier rounds that placed: kept, so a retry only sends the fixes. */
  let kept = '';
  let lastReceipt: Receipt | undefined;
  let lastReport = '';
  let lastCombined = '';
  for (let round = 0; round <= maxRetries; round++) {
    if (round > 0) stream.markdown(`\n\n---\n**Retry ${round} of ${maxRetries}:** sent the failure report back to ${model.name}.\n\n`);
    const live = new LiveReply(files, { hintPath, fuzzyThreshold: config.fuzzyThreshold, seen: new Map([...seenByPath].map(([p, f]) => [p, f.text])) });
    const source = `@apply /edit${round > 0 ? ` (retry ${round})` : ''}`;
    const publish = (state: 'reading' | 'ready' | 'failed' | 'cancelled', summary: string) => services.live?.publish({ source, blocks: live.statuses, summary, state });
    publish('reading', `${model.name} is writing…`);
    const streamed = await streamRound(model, messages, live, stream, token, () => publish('reading', `${model.name} is writing…`));
    if (streamed.kind === 'cancelled') {
      publish('cancelled', 'Cancelled: nothing was written.');
      stream.markdown('\n\n**Cancelled.** Nothing was written.');
      return result({ command: 'edit', rounds: round + 1, proposed: false, cancelled: true });
    }
    if (streamed.kind === 'error') {
      publish('failed', streamed.message);
      stream.markdown(`\n\n${streamed.message}`);
      return result({ command: 'edit', rounds: round + 1, proposed: false });
    }
    const combined = kept ? `${kept}\n\n${streamed.text}` : streamed.text;
    lastCombined = combined;
    stream.progress('Planning the whole reply…');

    // A file the model saw that changed since: its blocks were written for text that is gone.
    const stale = await staleFiles(combined, seenByPath, files, hintPath);
    const plan = await planInWorkspace(combined, files, { hintPath, fuzzyThreshold: config.fuzzyThreshold });
    const parsed = plan.parsed;
    let receipt: Receipt = stale.errors.length === 0
      ? plan.receipt
      : { ...plan.receipt, ok: false, errors: [...stale.errors, ...plan.receipt.errors.filter((e) => !stale.paths.has(e.path ?? ''))] };
    if (token.isCancellationRequested) {
      stream.markdown('\n\n**Cancelled.** Nothing was written.');
      return result({ command: 'edit', rounds: round + 1, proposed: false, cancelled: true });
    }
    lastReceipt = receipt;

    if (receipt.ok) {
      const outcome = await services.review.propose(combined, { hintUri, openReview: true, notify: false, source: 'chat /edit' });
      if (outcome.receipt.ok) {
        services.log.info(`[chat] /edit proposed after ${round + 1} round(s)`);
        if (!outcome.proposal) {
          stream.markdown('\n\n**Nothing to change:** every edit is already in the files.');
          return result({ command: 'edit', rounds: round + 1, proposed: false });
        }
        publish('ready', `Ready for review: ${proposalSummary(outcome.receipt)}`);
        stream.markdown(`\n\n**Ready for review:** ${proposalSummary(outcome.receipt)} The diff is open beside your editor; nothing is written until you accept.\n\n`);
        reviewButtons(stream);
        return result({ command: 'edit', rounds: round + 1, proposed: true, proposalId: outcome.proposal.id });
      }
      // The workspace moved between the check and the proposal: report it like any failure.
      receipt = outcome.receipt;
      lastReceipt = receipt;
    }

    lastReport = failureReportForModel(receipt);
    publish('failed', `${receipt.errors.length} problem${receipt.errors.length === 1 ? '' : 's'}${round < maxRetries ? ': sending the failure report back to the model' : ': gave up, nothing was written'}.`);
    stream.markdown(`\n\n**${receipt.errors.length} problem${receipt.errors.length === 1 ? '' : 's'}:**\n\n${receipt.errors.map((e) => `- ${escapeLine(describeFailure(e))}`).join('\n')}\n`);
    if (round === maxRetries) break;
    // Blocks that placed stay; the failed ones go, and the model re-sends only those.
    kept = withoutBlocks(combined, parsed, failedBlocks(receipt));
    for (const file of stale.refreshed) seenByPath.set(file.path, file);
    messages.push(vscode.LanguageModelChatMessage.Assistant(streamed.text));
    messages.push(vscode.LanguageModelChatMessage.User(retryMessage(lastReport, stale.refreshed)));
  }

  // Planned once more through the review service. A reply whose only problem was a file changed
  // under the model may still place on the current text: then it is proposed like any other
  // (the accept re-checks it again). Otherwise nothing is proposed, and the service keeps the
  // failure report for Copy Failure Report (and, by setting, puts it on the clipboard).
  const final = await services.review.propose(lastCombined, { hintUri, openReview: true, notify: false, source: 'chat /edit' });
  if (final.receipt.ok && final.proposal) {
    services.live?.publish({ source: '@apply /edit', blocks: services.live.latest?.blocks ?? [], summary: `Ready for review: ${proposalSummary(final.receipt)}`, state: 'ready' });
    stream.markdown(`\n\n**Ready for review:** the edits place on the files as they are now. ${proposalSummary(final.receipt)}\n\n`);
    reviewButtons(stream);
    return result({ command: 'edit', rounds: maxRetries + 1, proposed: true, proposalId: final.proposal.id });
  }
  stream.markdown(`\n\nGave up after ${maxRetries} retries. Nothing was written.\n\n`);
  stream.button({ command: CommandId.copyFailureReport, title: 'Copy Failure Report' });
  return result({
    command: 'edit',
    rounds: maxRetries + 1,
    proposed: false,
    failures: lastReceipt?.errors.map((e) => e.code),
    failureReport: lastReport,
  });
}

type RoundResult = { kind: 'done'; text: string } | { kind: 'cancelled' } | { kind: 'error'; message: string };

/** Streams one model answer into the chat and the live parser. */
async function streamRound(
  model: vscode.LanguageModelChat,
  messages: vscode.LanguageModelChatMessage[],
  live: LiveReply,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
  onUpdate: () => void,
): Promise<RoundResult> {
  const echo = new ChatEcho(stream);
  try {
    const response = await model.sendRequest(messages, { justification: 'Apply AI Edit sends the active file and your instruction to write the edit.' }, token);
    for await (const fragment of response.text) {
      if (token.isCancellationRequested) return { kind: 'cancelled' };
      echo.text(fragment);
      const update = await live.push(fragment);
      for (const status of update.completed) echo.note(statusMarkdown(status));
      if (update.started.length || update.completed.length) onUpdate();
    }
  } catch (error) {
    if (token.isCancellationRequested) return { kind: 'cancelled' };
    echo.close();
    return { kind: 'error', message: modelErrorMessage(error) };
  }
  if (token.isCancellationRequested) return { kind: 'cancelled' };
  const { update } = await live.finish();
  for (const status of update.completed) echo.note(statusMarkdown(status));
  echo.close();
  onUpdate();
  return { kind: 'done', text: live.replyText };
}

/** The files the reply edits whose text changed since the model saw them, as `OUT_OF_DATE` errors. */
async function staleFiles(
  replyText: string,
  seen: ReadonlyMap<string, SeenFile>,
  files: WorkspaceFiles,
  hintPath: string | undefined,
): Promise<{ errors: ReceiptError[]; paths: Set<string>; refreshed: SeenFile[] }> {
  const parsed = parseReply(replyText);
  const root = files.root.uri.scheme === 'file' ? files.root.uri.fsPath : undefined;
  const errors: ReceiptError[] = [];
  const paths = new Set<string>();
  const refreshed: SeenFile[] = [];
  for (const path of referencedPaths(parsed, { hintPath, root })) {
    const before = seen.get(path);
    if (!before) continue;
    const read = await files.read(path);
    const now = read.kind === 'text' ? read.text : undefined;
    if (now !== undefined && hashText(now) === before.hash) continue;
    paths.add(path);
    if (now !== undefined) refreshed.push({ path, text: now, hash: hashText(now), selection: before.selection });
    const blocks = [...new Set(parsed.ops.filter((op) => referencedPaths({ ops: [op], problems: [] }, { hintPath, root }).includes(path)).map((op) => op.source.block))];
    for (const block of blocks.length ? blocks : [0]) {
      errors.push({
        code: 'OUT_OF_DATE',
        block,
        path,
        message: now === undefined ? `${path} was deleted after the model read it` : `${path} changed after the model read it (hash ${before.hash} then, ${hashText(now)} now)`,
        candidates: [],
        nextStep: nextStepFor('OUT_OF_DATE'),
      });
    }
  }
  return { errors, paths, refreshed };
}

/** Block numbers that failed, from the errors and the failed edits of a receipt. */
function failedBlocks(receipt: Receipt): Set<number> {
  const blocks = new Set(receipt.errors.map((e) => e.block));
  for (const file of receipt.files) for (const edit of file.edits) if (edit.status === 'failed') blocks.add(edit.block);
  return blocks;
}

/** The reply without the lines of `blocks` (prose and the other blocks kept, in order). */
export function withoutBlocks(replyText: string, parsed: ParsedReply, blocks: ReadonlySet<number>): string {
  if (parsed.ops.length === 0 && parsed.problems.length === 0) return '';
  const lines = replyText.replace(/\r\n/g, '\n').split('\n');
  const drop = new Uint8Array(lines.length + 2);
  const mark = (start: number, end: number) => {
    for (let line = Math.max(1, start); line <= end && line <= lines.length; line++) drop[line] = 1;
  };
  for (const op of parsed.ops) if (blocks.has(op.source.block)) mark(op.source.startLine, op.source.endLine);
  for (const problem of parsed.problems) if (blocks.has(problem.block)) mark(problem.startLine, problem.endLine);
  return lines.filter((_, i) => drop[i + 1] === 0).join('\n').trim();
}

/** Review / Apply / Reject buttons that run the extension's own commands on the pending proposal. */
export function reviewButtons(stream: vscode.ChatResponseStream): void {
  stream.button({ command: CommandId.showReview, title: 'Review' });
  stream.button({ command: CommandId.acceptAll, title: 'Apply' });
  stream.button({ command: CommandId.rejectAll, title: 'Reject' });
}

function modelErrorMessage(error: unknown): string {
  if (error instanceof vscode.LanguageModelError) {
    if (error.code === vscode.LanguageModelError.NoPermissions.name) return 'The model may not be used by this extension yet: allow Apply AI Edit to use it when VS Code asks, then try again. Nothing was written.';
    if (error.code === vscode.LanguageModelError.NotFound.name) return `${noModelMessage} Nothing was written.`;
    if (error.code === vscode.LanguageModelError.Blocked.name) return 'The model refused the request (rate limit or policy). Try again later. Nothing was written.';
  }
  return `The model failed: ${error instanceof Error ? error.message : String(error)}. Nothing was written.`;
}

function escapeLine(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/[`*_<>]/g, (c) => `\\${c}`);
}

function result(metadata: ChatOutcomeMetadata): vscode.ChatResult {
  return { metadata };
}
