// Test doubles for the chat tests: a ChatResponseStream that records what the participant showed,
// a ChatRequest shaped as VS Code builds it, and the fake language model extension
// (test/fake-model-extension), loaded next to the extension by the runner.
import * as assert from 'node:assert';
import * as vscode from 'vscode';

/** One part the participant pushed, in order. */
export type StreamPart =
  | { readonly kind: 'markdown'; readonly value: string }
  | { readonly kind: 'progress'; readonly value: string }
  | { readonly kind: 'button'; readonly command: vscode.Command }
  | { readonly kind: 'other'; readonly value: unknown };

/** A ChatResponseStream that keeps every part, so tests can read the chat transcript. */
export class RecordingStream implements vscode.ChatResponseStream {
  readonly parts: StreamPart[] = [];
  /** Called after each part (tests use it to act mid-stream). */
  onPart: ((part: StreamPart) => void) | undefined;

  markdown(value: string | vscode.MarkdownString): void {
    this.add({ kind: 'markdown', value: typeof value === 'string' ? value : value.value });
  }
  anchor(value: vscode.Uri | vscode.Location): void {
    this.add({ kind: 'other', value });
  }
  button(command: vscode.Command): void {
    this.add({ kind: 'button', command });
  }
  filetree(value: vscode.ChatResponseFileTree[]): void {
    this.add({ kind: 'other', value });
  }
  progress(value: string): void {
    this.add({ kind: 'progress', value });
  }
  reference(value: vscode.Uri | vscode.Location): void {
    this.add({ kind: 'other', value });
  }
  push(part: vscode.ChatResponsePart): void {
    this.add({ kind: 'other', value: part });
  }

  /** Everything shown as Markdown, joined. */
  get text(): string {
    return this.parts.map((p) => (p.kind === 'markdown' ? p.value : '')).join('');
  }

  get buttons(): vscode.Command[] {
    return this.parts.flatMap((p) => (p.kind === 'button' ? [p.command] : []));
  }

  private add(part: StreamPart): void {
    this.parts.push(part);
    this.onPart?.(part);
  }
}

/** A chat request as VS Code hands it to a participant. */
export function chatRequest(prompt: string, command: string | undefined, model: vscode.LanguageModelChat | undefined): vscode.ChatRequest {
  return { prompt, command, references: [], toolReferences: [], toolInvocationToken: undefined as never, model: model as vscode.LanguageModelChat };
}

export const chatContext: vscode.ChatContext = { history: [] };

/** What the fake model extension exports. */
export interface FakeModelApi {
  readonly vendor: string;
  script(replies: string[], options?: { chunkSize?: number; delayMs?: number }): void;
  readonly requests: string[];
  onChunk(listener: (sent: number, total: number) => void): () => void;
}

/** The fake model's control API and the model itself, as `lm.selectChatModels` returns it. */
export async function fakeModel(): Promise<{ api: FakeModelApi; model: vscode.LanguageModelChat }> {
  const extension = vscode.extensions.getExtension<FakeModelApi>('apply-ai-edit-tests.fake-model');
  assert.ok(extension, 'the runner loads test/fake-model-extension (--extraExtensionDevelopmentPath)');
  const api = await extension.activate();
  let models: vscode.LanguageModelChat[] = [];
  for (let i = 0; i < 50 && models.length === 0; i++) {
    models = await vscode.lm.selectChatModels({ vendor: api.vendor });
    if (models.length === 0) await new Promise((r) => setTimeout(r, 100));
  }
  assert.strictEqual(models.length, 1, 'the fake model is registered');
  return { api, model: models[0] };
}
