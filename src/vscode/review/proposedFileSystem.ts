import * as vscode from 'vscode';
import { Scheme } from '../commandIds';

interface Entry {
  readonly uri: vscode.Uri;
  bytes: Uint8Array;
  mtime: number;
  readonly ctime: number;
  readonly readonly: boolean;
}

const encoder = new TextEncoder();
// The proposed side is stored as UTF-8 with a byte order mark: VS Code reads a BOM before the
// user's `files.encoding`, so a user with windows-1252 (say) sees the proposal, and saves hand
// edits, as the text it is, not as mojibake that accept would then write. The BOM is not text.
const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
const decoder = new TextDecoder('utf-8', { ignoreBOM: false });

function toBytes(text: string): Uint8Array {
  const body = encoder.encode(text);
  const bytes = new Uint8Array(bom.length + body.length);
  bytes.set(bom);
  bytes.set(body, bom.length);
  return bytes;
}

/**
 * The editable proposed side of every review diff: a tiny in-memory file system under the
 * `apply-ai-edit:` scheme. Because it is a real FileSystemProvider (not a read-only content
 * provider), the diff editor's per-hunk revert arrows and hand edits work, and saving the proposed
 * side stores the shaped text here; accept then writes exactly what the person saw.
 *
 * Guarantees: only URIs put here with {@link set} exist; nothing can be created, renamed or
 * deleted through the file system API; an entry marked read-only (a file the reply deletes)
 * refuses writes. Every change bumps `mtime` so the editor never reports a false save conflict.
 */
export class ProposedFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly changeEmitter = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changeEmitter.event;

  /** Registers the provider for {@link Scheme.proposed}; the registration is pushed to `subscriptions`. */
  static register(subscriptions: vscode.Disposable[]): ProposedFileSystem {
    const provider = new ProposedFileSystem();
    subscriptions.push(provider);
    subscriptions.push(vscode.workspace.registerFileSystemProvider(Scheme.proposed, provider, { isCaseSensitive: true }));
    return provider;
  }

  /** Stores (or replaces) the text at `uri` and tells open editors about it. */
  set(uri: vscode.Uri, text: string, options: { readonly?: boolean } = {}): void {
    const key = uri.toString();
    const now = Date.now();
    const existing = this.entries.get(key);
    this.entries.set(key, { uri, bytes: toBytes(text), ctime: existing?.ctime ?? now, mtime: Math.max(now, (existing?.mtime ?? 0) + 1), readonly: options.readonly ?? false });
    this.changeEmitter.fire([{ type: existing ? vscode.FileChangeType.Changed : vscode.FileChangeType.Created, uri }]);
  }

  /** The stored text at `uri` (as last saved by the editor), or `undefined`. */
  text(uri: vscode.Uri): string | undefined {
    const entry = this.entries.get(uri.toString());
    return entry ? decoder.decode(entry.bytes) : undefined;
  }

  /** Forgets `uri`; open editors see it as deleted. */
  remove(uri: vscode.Uri): void {
    if (this.entries.delete(uri.toString())) this.changeEmitter.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  // --- vscode.FileSystemProvider ---

  watch(): vscode.Disposable {
    // Changes only come from `set`/`remove`/`writeFile`, which fire events themselves.
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const entry = this.entries.get(uri.toString());
    if (entry) {
      return {
        type: vscode.FileType.File,
        ctime: entry.ctime,
        mtime: entry.mtime,
        size: entry.bytes.byteLength,
        permissions: entry.readonly ? vscode.FilePermission.Readonly : undefined,
      };
    }
    if (this.isFolder(uri)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    throw vscode.FileSystemError.FileNotFound(uri);
  }

  readDirectory(uri: vscode.Uri): [string, vscode.FileType][] {
    // Entries differ by query (the proposal id); folders are a view of their paths only.
    const prefix = uri.path.replace(/\/?$/, '/');
    const children = new Map<string, vscode.FileType>();
    for (const entry of this.entries.values()) {
      if (!entry.uri.path.startsWith(prefix)) continue;
      const rest = entry.uri.path.slice(prefix.length);
      const slash = rest.indexOf('/');
      children.set(slash < 0 ? rest : rest.slice(0, slash), slash < 0 ? vscode.FileType.File : vscode.FileType.Directory);
    }
    if (children.size === 0 && !this.isFolder(uri)) throw vscode.FileSystemError.FileNotFound(uri);
    return [...children];
  }

  readFile(uri: vscode.Uri): Uint8Array {
    const entry = this.entries.get(uri.toString());
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return entry.bytes;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): void {
    const entry = this.entries.get(uri.toString());
    // Only proposals this extension made exist here: a save may shape one, never add a file.
    if (!entry) throw options.create ? vscode.FileSystemError.NoPermissions(uri) : vscode.FileSystemError.FileNotFound(uri);
    if (entry.readonly) throw vscode.FileSystemError.NoPermissions('This file is deleted by the proposal; its proposed side cannot be edited.');
    entry.bytes = content;
    entry.mtime = Math.max(Date.now(), entry.mtime + 1);
    this.changeEmitter.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(oldUri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(oldUri);
  }

  dispose(): void {
    this.entries.clear();
    this.changeEmitter.dispose();
  }

  private isFolder(uri: vscode.Uri): boolean {
    const prefix = uri.path.replace(/\/?$/, '/');
    for (const entry of this.entries.values()) if (entry.uri.path.startsWith(prefix)) return true;
    return false;
  }
}
