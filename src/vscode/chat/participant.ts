import * as vscode from 'vscode';
import type { ChatServices } from './chatContext';
import { runEditRequest } from './editRequest';
import { handlePastedReply } from './pastedReply';

/** The participant's id; must match `contributes.chatParticipants` in package.json. */
export const participantId = 'applyAiEdit.apply';

/**
 * The `@apply` request handler: `/edit` asks the chat's model for an edit, anything else is a
 * pasted reply to apply. Never rejects: an unexpected failure is logged and shown in the chat,
 * and nothing is written.
 */
export function createChatHandler(services: ChatServices): vscode.ChatRequestHandler {
  return async (request, _context, stream, token) => {
    try {
      if (request.command === 'edit') return await runEditRequest(request, stream, token, services);
      return await handlePastedReply(request, stream, token, services);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      services.log.error(`[chat] ${error instanceof Error && error.stack ? error.stack : message}`);
      stream.markdown(`\n\nSomething went wrong: ${message}. Nothing was written.`);
      return { errorDetails: { message }, metadata: { command: request.command === 'edit' ? 'edit' : 'paste', proposed: false } };
    }
  };
}
