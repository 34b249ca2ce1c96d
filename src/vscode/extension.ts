import type * as vscode from 'vscode';

/** Placeholder: the VS Code layer lands with issue 3. */
export function activate(_context: vscode.ExtensionContext): void {}

export function deactivate(): void {}
