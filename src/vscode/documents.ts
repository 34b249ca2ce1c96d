import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { endsWithPath, MAX_PATH_CANDIDATES, type ErrorCode } from '../core/index';
import { realPathInRoot } from '../node/realPath';

/** Why the host will not let the engine see or touch a file. */
export interface Refusal {
  readonly code: Extract<ErrorCode, 'OUTSIDE_WORKSPACE' | 'BINARY_FILE' | 'TOO_LARGE' | 'FILE_NOT_FOUND' | 'NOT_A_FILE'>;
  readonly message: string;
}

/** A file as the host read it for planning. */
export type ReadResult =
  | { readonly kind: 'text'; readonly uri: vscode.Uri; readonly text: string }
  | { readonly kind: 'missing'; readonly uri: vscode.Uri }
  | { readonly kind: 'refused'; readonly uri: vscode.Uri | undefined; readonly refusal: Refusal };

/** How many leading bytes are scanned for NUL to call a file binary (git and VS Code do the same). */
const binaryProbeBytes = 8000;

/**
 * The workspace as the engine sees it: one root folder, paths relative to it with `/`.
 *
 * Guarantees: `resolve` and `read` never hand out a URI outside the root folder, neither by
 * `..`, nor by an absolute path, nor (for `file:` workspaces) through a symlink whose target lies
 * outside. Text is read from the open document when there is one (unsaved edits included),
 * otherwise the file is checked for size and binary content before VS Code loads it, so the text
 * the engine plans on is exactly the text a WorkspaceEdit will later change.
 */
export class WorkspaceFiles {
  constructor(
    readonly root: vscode.WorkspaceFolder,
    private readonly maxBytes: number,
  ) {}

  /**
   * Picks the root for a command: the folder holding `preferred` (the active editor's file), else
   * the first folder. `undefined` when no folder is open.
   */
  static forActiveFolder(maxBytes: number, preferred?: vscode.Uri): WorkspaceFiles | undefined {
    const folder = (preferred && vscode.workspace.getWorkspaceFolder(preferred)) ?? vscode.workspace.workspaceFolders?.[0];
    return folder ? new WorkspaceFiles(folder, maxBytes) : undefined;
  }

  /** The root-relative `/` path of `uri`, or `undefined` when it is not inside the root. */
  relativePath(uri: vscode.Uri): string | undefined {
    if (uri.scheme !== this.root.uri.scheme || uri.authority !== this.root.uri.authority) return undefined;
    let base = this.root.uri.path;
    while (base.endsWith('/')) base = base.slice(0, -1);
    if (!uri.path.startsWith(base + '/')) return undefined;
    return uri.path.slice(base.length + 1);
  }

  /**
   * Lexical resolution of an engine path. Refuses absolute paths, drive letters, and `..` that
   * climbs above the root; does not look at the disk (see {@link checkInside} for symlinks).
   */
  resolve(path: string): vscode.Uri | Refusal {
    const outside: Refusal = { code: 'OUTSIDE_WORKSPACE', message: `${path} is outside the workspace folder ${this.root.name}` };
    if (path === '' || path.startsWith('/') || path.startsWith('\\') || /^[a-zA-Z]:/.test(path) || path.includes('\0')) return outside;
    const segments: string[] = [];
    for (const segment of path.split(/[\\/]+/)) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') {
        if (segments.length === 0) return outside;
        segments.pop();
      } else segments.push(segment);
    }
    if (segments.length === 0) return outside;
    return vscode.Uri.joinPath(this.root.uri, ...segments);
  }

  /**
   * True when `uri`, with every symlink on its way resolved (dangling ones too, one segment at a
   * time: see `realPathInRoot`), still lies inside the root. A path through a dangling link is
   * refused even when the link points inside: VS Code would create the link's target, which the
   * review never showed. Non-`file:` workspaces are checked lexically only: their providers have
   * no symlinks we could see.
   */
  async checkInside(uri: vscode.Uri): Promise<boolean> {
    return (await this.whyRefused(uri)) === undefined;
  }

  /**
   * Why `uri` is not a path inside the root on disk, or undefined when it is. A path through a
   * file (`notes.txt/child.md`, the file standing where a folder should) is `NOT_A_FILE`, as the
   * CLI says it: the path is not outside, and creating it would fail at the write.
   */
  private async whyRefused(uri: vscode.Uri): Promise<Refusal | undefined> {
    const outside = (message: string): Refusal => ({ code: 'OUTSIDE_WORKSPACE', message });
    const relative = this.relativePath(uri);
    if (relative === undefined) return outside(`${uri.toString()} is outside the workspace folder ${this.root.name}`);
    if (this.root.uri.scheme !== 'file') return undefined;
    let rootReal: string;
    try {
      rootReal = await fs.promises.realpath(this.root.uri.fsPath);
    } catch {
      return outside(`the workspace folder ${this.root.name} cannot be read`);
    }
    const resolved = realPathInRoot(rootReal, relative);
    if (!resolved.ok) return resolved.problem === 'notAFolder' ? { code: 'NOT_A_FILE', message: resolved.message } : outside(resolved.message);
    if (resolved.dangling) return outside(`${relative} is a symbolic link to ${resolved.real}, which does not exist`);
    return undefined;
  }

  /** Resolves `path` and proves it inside the root, or says why not. */
  async resolveInside(path: string): Promise<vscode.Uri | Refusal> {
    const resolved = this.resolve(path);
    if (!(resolved instanceof vscode.Uri)) return resolved;
    return (await this.whyRefused(resolved)) ?? resolved;
  }

  /** Reads `path` for planning: the open document's text, else the file checked and loaded by VS Code. */
  /**
   * The files in the root whose relative paths end with `path` (`src/utils/calc.py` for
   * `calc.py`), sorted; empty when none does or more than `MAX_PATH_CANDIDATES` do (a name that
   * common says too little, and each would be read to choose). Uses the search index VS Code keeps (`findFiles`,
   * `files.exclude` applied; `node_modules` and `.git` left out).
   */
  async findBySuffix(path: string): Promise<string[]> {
    const wanted = path.replace(/^\/+/, '');
    if (wanted === '' || /[*?[\]{}]/.test(wanted)) return [];
    const hits = await vscode.workspace.findFiles(new vscode.RelativePattern(this.root, `**/${wanted}`), '**/{node_modules,.git}/**', MAX_PATH_CANDIDATES + 1);
    if (hits.length > MAX_PATH_CANDIDATES) return [];
    const relatives = hits.map((hit) => this.relativePath(hit)).filter((relative): relative is string => relative !== undefined);
    // As the CLI's: those ending with it as written, else those that do but for case (`Button.tsx`).
    const exact = relatives.filter((relative) => endsWithPath(relative, wanted));
    const lowered = wanted.toLowerCase();
    return (exact.length > 0 ? exact : relatives.filter((relative) => endsWithPath(relative.toLowerCase(), lowered))).sort();
  }

  async read(path: string): Promise<ReadResult> {
    const resolved = await this.resolveInside(path);
    if (!(resolved instanceof vscode.Uri)) return { kind: 'refused', uri: undefined, refusal: resolved };
    const uri = resolved;
    const open = findOpenDocument(uri);
    let stat: vscode.FileStat;
    try {
      stat = await vscode.workspace.fs.stat(uri);
    } catch {
      // An editor may still show a deleted file; only unsaved text there is the user's.
      return open?.isDirty ? { kind: 'text', uri, text: open.getText() } : { kind: 'missing', uri };
    }
    if (stat.type & vscode.FileType.Directory) {
      return { kind: 'refused', uri, refusal: { code: 'NOT_A_FILE', message: `${path} is a folder, not a file` } };
    }
    if (!(stat.type & vscode.FileType.File)) {
      // A pipe, socket or device: reading it could block forever or read a device.
      return { kind: 'refused', uri, refusal: { code: 'NOT_A_FILE', message: `${path} is not a regular file (a pipe, a socket or a device)` } };
    }
    if (open) return { kind: 'text', uri, text: open.getText() };
    if (stat.size > this.maxBytes) {
      return { kind: 'refused', uri, refusal: { code: 'TOO_LARGE', message: `${path} is ${formatBytes(stat.size)}, over the limit of ${formatBytes(this.maxBytes)} (setting applyAiEdit.maxFileSizeMB)` } };
    }
    const bytes = await vscode.workspace.fs.readFile(uri);
    if (isBinary(bytes)) {
      return { kind: 'refused', uri, refusal: { code: 'BINARY_FILE', message: `${path} is a binary file` } };
    }
    try {
      // VS Code decodes (encoding setting, BOM) and keeps the BOM and EOL for the save; the text
      // we plan on is the text a later WorkspaceEdit addresses.
      const document = await vscode.workspace.openTextDocument(uri);
      return { kind: 'text', uri, text: document.getText() };
    } catch (error) {
      return { kind: 'refused', uri, refusal: { code: 'BINARY_FILE', message: `${path} cannot be opened as text: ${error instanceof Error ? error.message : String(error)}` } };
    }
  }
}

/** The already-open document for `uri`, if any (its text includes unsaved edits). */
export function findOpenDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
}

/**
 * The current text of `uri`: an open document's (unsaved edits included), else the file's; or
 * `undefined` when there is no such file. A clean open document whose file was deleted counts as
 * gone (editors keep showing deleted files); a dirty one still holds the user's text.
 */
export async function currentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = findOpenDocument(uri);
  const onDisk = await exists(uri);
  if (open && (onDisk || open.isDirty)) return open.getText();
  if (!onDisk) return undefined;
  return (await vscode.workspace.openTextDocument(uri)).getText();
}

/** True when something exists at `uri`. */
export async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** NUL in the first bytes means binary, unless a UTF-16 BOM says the NULs are text. */
export function isBinary(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return false;
  const end = Math.min(bytes.length, binaryProbeBytes);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
}
