import * as vscode from 'vscode';
import type { ChatServices } from './chatContext';
import { LiveFeed } from './liveFeed';
import { createChatHandler, participantId } from './participant';
import { ApplyEditsTool, toolName } from './tool';

/** What {@link registerChat} exposes (through the extension's API) to tests and other hosts. */
export interface ChatApi {
  /** The `@apply` handler, exactly as VS Code calls it. */
  readonly handler: vscode.ChatRequestHandler;
  /** The agent-mode tool, exactly as VS Code calls it. */
  readonly tool: ApplyEditsTool;
  /** The live block list of the reply `@apply /edit` is streaming (the panel watches it). */
  readonly live: LiveFeed;
}

/**
 * Registers the `@apply` chat participant and the `applyAiEdit_applyEdits` tool, each disposable
 * pushed as it is created. Where the running VS Code has no chat or tool API, that part is
 * skipped (the palette and the panel still work).
 */
export function registerChat(subscriptions: vscode.Disposable[], services: ChatServices): ChatApi {
  const live = new LiveFeed();
  subscriptions.push(live);
  const withFeed: ChatServices = { ...services, live };
  const handler = createChatHandler(withFeed);
  const tool = new ApplyEditsTool(withFeed);
  if (typeof vscode.chat?.createChatParticipant === 'function') {
    const participant = vscode.chat.createChatParticipant(participantId, handler);
    subscriptions.push(participant);
    participant.iconPath = new vscode.ThemeIcon('diff');
  }
  if (typeof vscode.lm?.registerTool === 'function') subscriptions.push(vscode.lm.registerTool(toolName, tool));
  return { handler, tool, live };
}
