import * as vscode from 'vscode';
import {
  editsExistingFile,
  nextStepFor,
  parseReply,
  planReply,
  referencedPaths,
  type FileChange,
  type ParsedReply,
  type PlanOptions,
  type Receipt,
  type ReceiptError,
} from '../../core/index';
import { WorkspaceFiles, type Refusal } from '../documents';

/** A reply planned against the workspace, with every path the plan touches resolved and checked. */
export interface WorkspacePlan {
  readonly replyText: string;
  readonly parsed: ParsedReply;
  readonly files: WorkspaceFiles;
  /** The engine's receipt plus the host's own refusals (outside the workspace, binary, too large). */
  readonly receipt: Receipt;
  /** The files whose ops were all placed and that the host allows to touch. */
  readonly changes: readonly FileChange[];
  /** Resolved URI for every path in `changes` (sources and move destinations). */
  readonly uris: ReadonlyMap<string, vscode.Uri>;
  readonly hintPath?: string;
}

export interface WorkspacePlanOptions {
  readonly hintPath?: string;
  readonly fuzzyThreshold: number;
}

/**
 * Parses `replyText` and plans it on the workspace's current text. Nothing is written.
 *
 * Order: parse → preload every referenced file (open documents first, see
 * {@link WorkspaceFiles.read}) → plan with the engine → check every file the plan touches (inside
 * the workspace, symlinks resolved; not binary; not too large). Files the host refuses are taken
 * out of `changes` and reported in the receipt with their code, which makes `receipt.ok` false.
 * If the engine asks for a file that was not preloaded, or for the files ending with a name that
 * was not looked up, they are read (looked up) and the reply planned again (up to three times), so
 * a plan never rests on a file the host did not look at.
 */
export async function planInWorkspace(replyText: string, files: WorkspaceFiles, options: WorkspacePlanOptions): Promise<WorkspacePlan> {
  const parsed = parseReply(replyText);
  const texts = new Map<string, string>();
  const known = new Set<string>();
  const refusals = new Map<string, Refusal>();
  /** Paths the reply names that do not exist, and the workspace files whose paths end with each. */
  const suffixHits = new Map<string, string[]>();
  /** Paths the engine asked about that were not looked up before it planned (a whole file's name). */
  const suffixAsked = new Set<string>();
  const planOptions: PlanOptions = {
    hintPath: options.hintPath,
    root: files.root.uri.scheme === 'file' ? files.root.uri.fsPath : undefined,
    fuzzyThreshold: options.fuzzyThreshold,
    // The engine fails ops on paths the host proved outside (symlinks) with their own block
    // numbers; the check after planning below stays as the last word.
    refusePath: (path) => {
      const refusal = refusals.get(path);
      return refusal?.code === 'OUTSIDE_WORKSPACE' ? refusal.message : undefined;
    },
    locateMissing: (path) => {
      if (!suffixHits.has(path)) suffixAsked.add(path);
      return suffixHits.get(path);
    },
    openFiles: openTabPaths(files),
  };
  const preload = async (paths: Iterable<string>) => {
    for (const path of paths) {
      if (known.has(path)) continue;
      known.add(path);
      const read = await files.read(path);
      if (read.kind === 'text') texts.set(path, read.text);
      else if (read.kind === 'refused') refusals.set(path, read.refusal);
    }
  };
  const referenced = referencedPaths(parsed, planOptions);
  await preload(referenced);
  // The engine takes a missing path to the file that ends with it, or to the one of several that
  // holds the edit's text (see PlanOptions.locateMissing; it reads them, and the plan is made again
  // once they are loaded); findFiles is asynchronous, so the answers are looked up before planning.
  for (const path of referencedPaths({ ops: parsed.ops.filter(editsExistingFile), problems: [] }, planOptions)) {
    if (texts.has(path) || refusals.has(path)) continue;
    suffixHits.set(path, await files.findBySuffix(path));
  }

  // A whole file asks for the files ending with its name only when its path does not exist, or
  // when it is little like the file there (see targetFileOf), and then reads them: each round
  // looks up and reads what the one before asked for, three at most (names, then their texts).
  const unseen = new Set<string>();
  let result = planReply(parsed, readTracked(texts, known, unseen), planOptions);
  for (let round = 0; round < 3 && (unseen.size > 0 || suffixAsked.size > 0); round++) {
    for (const path of [...suffixAsked]) suffixHits.set(path, await files.findBySuffix(path));
    suffixAsked.clear();
    await preload([...unseen]);
    unseen.clear();
    result = planReply(parsed, readTracked(texts, known, unseen), planOptions);
  }

  const hostErrors: ReceiptError[] = [];
  const uris = new Map<string, vscode.Uri>();
  const changes: FileChange[] = [];
  const blockOf = (path: string) => result.receipt.files.find((f) => f.path === path || f.to === path)?.edits[0]?.block ?? 0;
  const modeNotes = notAppliedModes(result.changes);
  for (const change of result.changes) {
    // A change of the mode alone has nothing this host can write (see `notAppliedModes`).
    if (change.executable !== undefined && change.action === 'modify' && change.newText === change.originalText) continue;
    let refused = false;
    for (const path of change.to ? [change.path, change.to] : [change.path]) {
      const refusal = refusals.get(path) ?? (await resolveOrRefuse(files, path, uris));
      if (refusal) {
        refused = true;
        hostErrors.push({ code: refusal.code, block: blockOf(change.path), path, message: refusal.message, candidates: [], nextStep: nextStepFor(refusal.code) });
      }
    }
    if (!refused) changes.push(change);
  }
  // An engine failure on a file the host refused (e.g. FILE_NOT_FOUND because a binary file was
  // not handed over) is reported with the host's reason instead.
  const engineErrors = result.receipt.errors.map((error) => {
    const refusal = error.path !== null ? refusals.get(error.path) : undefined;
    return refusal && error.code !== refusal.code ? { ...error, code: refusal.code, message: refusal.message, nextStep: nextStepFor(refusal.code) } : error;
  });
  const errors = [...engineErrors, ...hostErrors];
  const notes = [...(result.receipt.notes ?? []), ...modeNotes];
  const receipt: Receipt = { ...result.receipt, ok: result.receipt.ok && hostErrors.length === 0, errors, ...(notes.length > 0 ? { notes } : {}) };
  return { replyText, parsed, files, receipt, changes, uris, hintPath: options.hintPath };
}

/**
 * The receipt's word on each mode change of the reply (a git diff's `new mode 100755`): a
 * `WorkspaceEdit` writes text, creates, deletes and renames, and has no way to set a file's mode,
 * and this host writes nothing else. The text is written; the mode is said not to be, never
 * dropped in silence (a script left without its execute bit fails with "Permission denied").
 */
function notAppliedModes(changes: readonly FileChange[]): string[] {
  return changes
    .filter((change) => change.executable !== undefined)
    .map((change) => {
      const path = change.to ?? change.path;
      const [mode, command] = change.executable ? ['100755 (executable)', `chmod +x ${path}`] : ['100644 (not executable)', `chmod -x ${path}`];
      return `the reply gives ${path} the mode ${mode}, which VS Code's edits cannot set: the mode was not changed; run \`${command}\` where it is not so already`;
    });
}

function readTracked(texts: ReadonlyMap<string, string>, known: ReadonlySet<string>, unseen: Set<string>): (path: string) => string | undefined {
  return (path) => {
    if (!known.has(path)) unseen.add(path);
    return texts.get(path);
  };
}

async function resolveOrRefuse(files: WorkspaceFiles, path: string, uris: Map<string, vscode.Uri>): Promise<Refusal | undefined> {
  const resolved = await files.resolveInside(path);
  if (!(resolved instanceof vscode.Uri)) return resolved;
  uris.set(path, resolved);
  return undefined;
}

/**
 * The workspace-relative paths of the files open in the editor's tabs: with the files a reply
 * names, the candidates for a block that names no file (see `PlanOptions.openFiles`). Tabs, not
 * `workspace.textDocuments`, which also holds documents extensions opened in the background.
 */
function openTabPaths(files: WorkspaceFiles): string[] {
  const paths = new Set<string>();
  for (const tab of vscode.window.tabGroups.all.flatMap((group) => group.tabs)) {
    const uri = tab.input instanceof vscode.TabInputText ? tab.input.uri : tab.input instanceof vscode.TabInputTextDiff ? tab.input.modified : undefined;
    const path = uri && uri.scheme === files.root.uri.scheme ? files.relativePath(uri) : undefined;
    if (path !== undefined) paths.add(path);
  }
  return [...paths];
}
