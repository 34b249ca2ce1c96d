import type { ErrorCode } from './errors';

/** How a located edit was matched: the ladder rung's id, or how a non-search op was placed. */
export type Strategy =
  | 'exact'
  | 'trailingWhitespace'
  | 'indentation'
  | 'innerWhitespace'
  | 'unicode'
  | 'leftOutLines'
  | 'elision'
  | 'fuzzy'
  | 'create'
  | 'delete'
  | 'move'
  | 'rewrite'
  | 'insert'
  | 'lineNumbers'
  | 'append'
  | 'mode'
  | 'none';

export type EditStatus = 'applied' | 'alreadyApplied' | 'failed';

/** One op's outcome. Lines are 1-based, inclusive, in the original file. */
export interface EditReceipt {
  readonly block: number;
  readonly status: EditStatus;
  readonly strategy: Strategy;
  /** 1 for exact, lower for normalised and fuzzy matches; 0 when failed. */
  readonly score: number;
  readonly startLine: number;
  readonly endLine: number;
  /** Where the new text sits in the proposed file (1-based, inclusive); absent when failed. */
  readonly newStartLine?: number;
  readonly newEndLine?: number;
  /** True when the replacement's indentation was changed to fit the file. */
  readonly reindented?: boolean;
  /** Short notes a reviewer should read ("fuzzy match: line 12 differs"). */
  readonly warnings?: readonly string[];
}

export type FileAction = 'modify' | 'create' | 'delete' | 'move';

export interface FileReceipt {
  readonly path: string;
  readonly action: FileAction;
  readonly to?: string;
  /**
   * The executable bit the plan gives the file (a git diff's mode, `100755` true, `100644`
   * false), when it changes it; absent when the file keeps its mode.
   */
  readonly executable?: boolean;
  readonly edits: EditReceipt[];
}

/** A place in the file that resembles what a failed edit looked for. */
export interface Candidate {
  readonly startLine: number;
  readonly endLine: number;
  /** Similarity to the search text, 0..1. */
  readonly score: number;
  readonly text: string;
}

export interface ReceiptError {
  readonly code: ErrorCode;
  readonly block: number;
  readonly path: string | null;
  readonly message: string;
  readonly candidates: Candidate[];
  /** The first search line that the nearest candidate does not have, and what it has instead. */
  readonly firstDifference?: { readonly searchLine: string; readonly fileLine: string; readonly line: number };
  readonly nextStep: string;
  /** Reply lines (1-based, inclusive) of the block. */
  readonly replyLines?: { readonly start: number; readonly end: number };
}

export interface Timing {
  readonly parseMs: number;
  readonly locateMs: number;
  readonly totalMs: number;
}

/** What happened to a reply: the contract of the CLI's `--json` output and the chat tool's result. */
export interface Receipt {
  readonly ok: boolean;
  readonly files: FileReceipt[];
  readonly errors: ReceiptError[];
  /** Notes on the reply as a whole for the reviewer (blocks in the model's reasoning left out); absent when none. */
  readonly notes?: readonly string[];
  readonly timing: Timing;
}
