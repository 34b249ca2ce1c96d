import * as vscode from 'vscode';
import { currentText, exists, findOpenDocument } from '../documents';
import type { FileWrite } from './recheck';
import { restoreFiles, type FileSnapshot } from './restore';

/** What an apply changed, captured just before it writes (see {@link EditHistory.capture}). */
export interface Capture {
  readonly files: FileSnapshot[];
  /** Folders that did not exist before the apply, deepest first (the apply may create them). */
  readonly newFolders: vscode.Uri[];
}

/** What the history shows of an apply, besides its files. */
export interface EntryInfo {
  /** One line: what was applied, e.g. `2 edits in src/a.ts`. */
  readonly title: string;
  /** Where the reply came from (`clipboard`, `panel`, `tool`, …). */
  readonly source: string;
  /** The receipt in plain lines, one per edit: `src/a.ts · block 1 · exact match`. */
  readonly lines: readonly string[];
}

/** One accepted apply, undoable on its own. */
export interface HistoryEntry extends EntryInfo {
  readonly id: number;
  readonly time: Date;
  readonly files: readonly FileSnapshot[];
  readonly newFolders: readonly vscode.Uri[];
  /** Set once the entry was undone. */
  undoneAt?: Date;
}

/** What {@link EditHistory.undo} did. */
export interface UndoResult {
  readonly ok: boolean;
  readonly message: string;
  /** Workspace-relative paths put back. */
  readonly restored: string[];
  /** The entry it was about, if any. */
  readonly entry?: HistoryEntry;
}

/**
 * The one history of applied AI edits, shared by every way in (palette, keybindings, panel, chat,
 * agent tool): newest first, bounded. Each entry undoes itself, not "the last one".
 *
 * Guarantees of {@link undo}: it restores every file the entry touched to its exact bytes before the
 * apply (created files deleted, deleted ones re-created, moves moved back), gives editors that had
 * unsaved text that text back, closes editors left on files that no longer exist, and removes
 * folders the apply created once they are empty. It does so only if every touched file is still
 * exactly as the apply left it; otherwise it changes nothing and names the files that moved on.
 * An older entry can be undone while newer ones stand, as long as they touched other files.
 */
export class EditHistory implements vscode.Disposable {
  private readonly list: HistoryEntry[] = [];
  private nextId = 1;
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Fires when an entry is added or undone. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly limit = 50) {}

  /** Every entry, newest first. */
  get entries(): readonly HistoryEntry[] {
    return this.list;
  }

  /** True while some entry can still be undone. */
  get canUndo(): boolean {
    return this.list.some((e) => !e.undoneAt);
  }

  get(id: number): HistoryEntry | undefined {
    return this.list.find((e) => e.id === id);
  }

  /** Records the state before writing `writes`; pass it to {@link commit} after the apply. */
  async capture(writes: readonly FileWrite[], relative: (uri: vscode.Uri) => string): Promise<Capture> {
    const files: FileSnapshot[] = [];
    const newFolders = new Map<string, vscode.Uri>();
    for (const write of writes) {
      if (write.unchanged) continue;
      const { uri, toUri } = write.item;
      for (const target of toUri ? [uri, toUri] : [uri]) {
        const open = findOpenDocument(target);
        const existed = await exists(target);
        files.push({
          uri: target,
          label: relative(target),
          beforeBytes: existed ? await vscode.workspace.fs.readFile(target) : undefined,
          beforeDirtyText: open?.isDirty ? open.getText() : undefined,
          // A move's destination: when undo removes it, its editor shows the source instead.
          movedFrom: target === toUri ? uri : undefined,
        });
        if (!existed) for (const folder of await missingFolders(target)) newFolders.set(folder.toString(), folder);
      }
    }
    const deepestFirst = [...newFolders.values()].sort((a, b) => b.path.length - a.path.length);
    return { files, newFolders: deepestFirst };
  }

  /** Reads what the apply left in each captured file and adds the entry, newest first. */
  async commit(capture: Capture, info: EntryInfo): Promise<HistoryEntry> {
    for (const file of capture.files) file.afterText = await currentText(file.uri);
    const entry: HistoryEntry = { ...info, id: this.nextId++, time: new Date(), files: capture.files, newFolders: capture.newFolders };
    this.list.unshift(entry);
    if (this.list.length > this.limit) this.list.pop();
    this.changeEmitter.fire();
    return entry;
  }

  /** Undoes entry `id`, or the newest entry not undone yet (see the class comment). */
  async undo(id?: number): Promise<UndoResult> {
    const entry = id === undefined ? this.list.find((e) => !e.undoneAt) : this.get(id);
    if (!entry) return { ok: false, message: id === undefined ? 'There is no AI edit to undo.' : 'That AI edit is no longer in the history.', restored: [] };
    if (entry.undoneAt) return { ok: false, message: `${entry.title} was already undone.`, restored: [], entry };
    const moved: string[] = [];
    for (const file of entry.files) if ((await currentText(file.uri)) !== file.afterText) moved.push(file.label);
    if (moved.length > 0) {
      return { ok: false, message: `Not undone: ${moved.join(', ')} changed after the AI edit (${entry.title}). Nothing was changed.`, restored: [], entry };
    }
    entry.undoneAt = new Date();
    this.changeEmitter.fire();
    await restoreFiles(entry.files, entry.newFolders);
    return { ok: true, message: `Undid the AI edit: ${entry.title}.`, restored: entry.files.map((f) => f.label), entry };
  }

  dispose(): void {
    this.changeEmitter.dispose();
  }
}

/** The ancestors of `uri` that do not exist, deepest first (stops at the first one that does). */
async function missingFolders(uri: vscode.Uri): Promise<vscode.Uri[]> {
  const missing: vscode.Uri[] = [];
  for (let folder = vscode.Uri.joinPath(uri, '..'); folder.path !== '/' && !(await exists(folder)); folder = vscode.Uri.joinPath(folder, '..')) {
    missing.push(folder);
  }
  return missing;
}
