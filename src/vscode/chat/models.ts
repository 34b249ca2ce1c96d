import * as vscode from 'vscode';

/** Said when no chat model can be used: what to do, not a stack trace. */
export const noModelMessage =
  'No language model is available. Install a chat model provider (for example GitHub Copilot) and sign in, then pick a model in the chat view. ' +
  'Without a model you can still paste a reply after `@apply` to apply it.';

/**
 * The model for a request: the one selected in the chat view, else the first model VS Code
 * offers; `undefined` when there is none (never throws).
 */
export async function pickModel(request: vscode.ChatRequest): Promise<vscode.LanguageModelChat | undefined> {
  if (request.model) return request.model;
  try {
    const [first] = await vscode.lm.selectChatModels();
    return first;
  } catch {
    return undefined;
  }
}
