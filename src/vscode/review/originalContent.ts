import * as vscode from 'vscode';
import { Scheme } from '../commandIds';

/**
 * The read-only left side of every review diff: the exact text a proposal was planned from, so the
 * diff shows what the reply changes even if the real file moves on meanwhile.
 */
export class OriginalContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changeEmitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changeEmitter.event;

  /** Registers the provider for {@link Scheme.original}; the registration is pushed to `subscriptions`. */
  static register(subscriptions: vscode.Disposable[]): OriginalContentProvider {
    const provider = new OriginalContentProvider();
    subscriptions.push(provider);
    subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(Scheme.original, provider));
    return provider;
  }

  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changeEmitter.fire(uri);
  }

  remove(uri: vscode.Uri): void {
    this.texts.delete(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.texts.clear();
    this.changeEmitter.dispose();
  }
}
