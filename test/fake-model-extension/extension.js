'use strict';
// A deterministic, offline "language model" for Apply AI Edit's integration tests.
//
// It registers one chat model (vendor `apply-ai-edit-fake`) through
// `lm.registerLanguageModelChatProvider`, which is newer than the 1.95 API the extension targets and
// so is only used here. Tests drive it through the exported API: `script(replies, options)` queues
// the answers of the next requests; each answer streams in `chunkSize`-character pieces with
// `delayMs` between them and stops at once when the request is cancelled. `requests` records the
// text of every request's messages, so tests can check what the extension sent (a retry's failure
// report, a file's fresh text).
const vscode = require('vscode');

const vendor = 'apply-ai-edit-fake';
const info = {
  id: 'fake-editor',
  name: 'Fake Editor',
  family: 'fake',
  version: '1',
  maxInputTokens: 100000,
  maxOutputTokens: 100000,
  capabilities: {},
};

function activate(context) {
  const queue = [];
  const requests = [];
  let options = { chunkSize: 7, delayMs: 2 };
  const chunkListeners = new Set();

  const provider = {
    provideLanguageModelChatInformation: async () => [info],
    provideLanguageModelChatResponse: async (_model, messages, _options, progress, token) => {
      const text = messages.map((m) => m.content.map((p) => (typeof p.value === 'string' ? p.value : '')).join('')).join('\n\n');
      requests.push(text);
      const reply = queue.length ? queue.shift() : 'No scripted reply.';
      for (let at = 0; at < reply.length; at += options.chunkSize) {
        if (token.isCancellationRequested) return;
        const chunk = reply.slice(at, at + options.chunkSize);
        progress.report(new vscode.LanguageModelTextPart(chunk));
        for (const listener of chunkListeners) listener(at + chunk.length, reply.length);
        if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      }
    },
    provideTokenCount: async (_model, text) => (typeof text === 'string' ? Math.ceil(text.length / 4) : 1),
  };
  if (typeof vscode.lm.registerLanguageModelChatProvider === 'function') {
    context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider(vendor, provider));
  }

  // For the README screenshot: the chat view needs Copilot's setup, which cannot run offline, so
  // this command calls the real @apply handler as the chat view would, with this fake model, and
  // shows the response it streamed (Markdown and buttons) in VS Code's Markdown preview.
  context.subscriptions.push(vscode.commands.registerCommand('applyAiEditTests.showChatTranscript', async (prompt = 'use template literals', reply = demoReply) => {
    const manifest = require('../../package.json');
    const applyAiEdit = vscode.extensions.getExtension(`${manifest.publisher}.${manifest.name}`);
    const api = await applyAiEdit.activate();
    const [model] = await vscode.lm.selectChatModels({ vendor });
    queue.splice(0, queue.length, reply);
    options = { chunkSize: 6, delayMs: 2 };
    let markdown = `**You:** @apply /edit ${prompt}\n\n---\n\n**@apply:**\n\n`;
    const buttons = [];
    const stream = {
      markdown: (value) => { markdown += typeof value === 'string' ? value : value.value; },
      progress: () => {},
      button: (command) => buttons.push(command.title),
      anchor: () => {},
      reference: () => {},
      filetree: () => {},
      push: () => {},
    };
    const request = { prompt, command: 'edit', references: [], toolReferences: [], toolInvocationToken: undefined, model };
    await api.chat.handler(request, { history: [] }, stream, new vscode.CancellationTokenSource().token);
    if (buttons.length) markdown += `\n\n${buttons.map((b) => `\`[ ${b} ]\``).join('  ')}\n`;
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preview: false });
    await vscode.commands.executeCommand('markdown.showPreview');
  }));

  return {
    vendor,
    /** Queues the replies of the next requests (one per request) and sets how they stream. */
    script(replies, streamOptions) {
      queue.splice(0, queue.length, ...replies);
      requests.length = 0;
      options = { chunkSize: 7, delayMs: 2, ...(streamOptions || {}) };
    },
    /** The text of every request since the last `script`. */
    requests,
    /** Calls `listener(sentChars, totalChars)` after every chunk; returns a function that stops it. */
    onChunk(listener) {
      chunkListeners.add(listener);
      return () => chunkListeners.delete(listener);
    },
  };
}

/** The reply the fake model streams for the screenshot: two blocks on the demo's src/greet.ts. */
const demoReply = [
  'Use template literals in both functions.',
  '',
  ...['Hello', 'Goodbye'].flatMap((word) => [
    'src/greet.ts',
    '```ts',
    '<<<<<<< SEARCH',
    `  return "${word} " + name;`,
    '=======',
    `  return \`${word}, \${name}!\`;`,
    '>>>>>>> REPLACE',
    '```',
    '',
  ]),
].join('\n');

function deactivate() {}

module.exports = { activate, deactivate };
