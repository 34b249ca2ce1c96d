import type { ParsedReply } from './ir';
import type { FileAction, Receipt } from './receipt';

/**
 * Reads a file's current text for the planner. `path` is workspace-relative with `/` separators.
 * Returns `undefined` when the file does not exist. Hosts preload the files named by
 * `referencedPaths` (the extension from open documents or `workspace.fs`, the CLI from disk).
 */
export type ReadFile = (path: string) => string | undefined;

export interface PlanOptions {
  /** Workspace-relative path for blocks that name no file (the active editor, the CLI's `--file`). */
  readonly hintPath?: string;
  /** Absolute root folder, used to accept absolute paths in the reply that lie inside it. */
  readonly root?: string;
  /** Lowest similarity (0..1) the fuzzy rung accepts. @default 0.85 */
  readonly fuzzyThreshold?: number;
  /** Files longer than this many characters are refused with `TOO_LARGE`. @default 10_000_000 */
  readonly maxFileChars?: number;
}

/** The proposed state of one file. Texts are exactly what the file holds / will hold (BOM, EOLs kept). */
export interface FileChange {
  readonly path: string;
  readonly action: FileAction;
  /** Destination of a move. */
  readonly to?: string;
  /** The text the plan was made from; `undefined` when the file is created. */
  readonly originalText: string | undefined;
  /** The proposed text; `undefined` when the file is deleted. */
  readonly newText: string | undefined;
}

/**
 * The outcome of planning a reply. `changes` holds every file whose ops were all placed, even
 * when `receipt.ok` is false, so a host can offer "review the rest" as an explicit opt-in;
 * a host must write nothing unless `receipt.ok` is true or the user opted in.
 */
export interface PlanResult {
  readonly receipt: Receipt;
  readonly changes: FileChange[];
}

/**
 * Places every op of a parsed reply on the files' current text and returns the proposed files and
 * the receipt. Pure: reads only through `readFile`, writes nothing.
 */
export function planReply(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions = {}): PlanResult {
  void parsed; void readFile; void options;
  throw new Error('planReply: not implemented yet');
}

/**
 * The workspace-relative paths a host must make readable before `planReply` (targets, move
 * destinations, the hint). Paths that resolve outside the root are left out (they fail later).
 */
export function referencedPaths(parsed: ParsedReply, options: PlanOptions = {}): string[] {
  void parsed; void options;
  return options.hintPath ? [options.hintPath] : [];
}
