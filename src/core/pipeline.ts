import type { EditOp, ParsedReply } from './ir';
import { EditError, nextStepFor, type ErrorCode } from './errors';
import type { FileAction, Receipt, ReceiptError } from './receipt';
import { resolvePath } from './paths';
import { parseReply } from './parse/registry';
import { plural } from './report';
import { hintFileOps, importsBesideEdits, blocksLeftUnplaced, wholeFilesNamedBesideEdits, withFencesFittingTheirFiles } from './place/hintFile';
import { placeOp } from './place/target';
import { withDotsReadAsLeftOutLines } from './place/dotsInHunks';
import { absolutePathTails, editsExistingFile, withoutMistakenPrefix } from './place/targetFile';
import { Transaction } from './place/transaction';
import { CrBreakReader } from './text/crLineBreaks';

/**
 * Reads a file's current text for the planner. `path` is workspace-relative with `/` separators.
 * Returns `undefined` when the file does not exist. Hosts preload the files named by
 * `referencedPaths` (the extension from open documents or `workspace.fs`, the CLI from disk).
 */
export type ReadFile = (path: string) => string | undefined;

/** A host's refusal of a path: a message (`OUTSIDE_WORKSPACE`), or a message with its own code. */
export type PathRefusal = string | { readonly code: ErrorCode; readonly message: string };

/** What a host knows of a file's mode on disk (see `PlanOptions.modeOf`). */
export interface FileMode {
  /** git's `100755`: the owner may execute it. */
  readonly executable: boolean;
  /** The path itself is a symbolic link (its mode is not the file's to change). */
  readonly link: boolean;
}

export interface PlanOptions {
  /** Workspace-relative path for blocks that name no file (the active editor, the CLI's `--file`). */
  readonly hintPath?: string;
  /** Absolute root folder, used to accept absolute paths in the reply that lie inside it. */
  readonly root?: string;
  /** Lowest similarity (0..1) the fuzzy rung accepts. @default 0.85 */
  readonly fuzzyThreshold?: number;
  /** Files longer than this many characters are refused with `TOO_LARGE`. @default 10_000_000 */
  readonly maxFileChars?: number;
  /**
   * The host's own check of a resolved path (a symlink that leads out of the workspace, a folder
   * or a device where a file should be, say): a message refuses the path with
   * `OUTSIDE_WORKSPACE`, a `{ code, message }` with that code, undefined lets it through.
   */
  readonly refusePath?: (path: string) => PathRefusal | undefined;
  /**
   * For a path the reply names that does not exist: the workspace files whose paths end with it
   * (`src/utils/calc.py` for `calc.py` or `utils/calc.py`), or undefined when none do (hosts offer
   * none when more than `MAX_PATH_CANDIDATES` do). Used only
   * by edits of an existing file (a non-empty search, a snippet, an insert): with one file, it is
   * edited; with several, the one whose text holds the edit's search text, when only one does. A
   * file the reply creates is created where it says. The host finds them (the core reads no folders).
   */
  readonly locateMissing?: (path: string) => string | readonly string[] | undefined;
  /**
   * Workspace-relative paths of the files the user has open (the editor's documents): with the
   * files the reply names and the hint path, the files in play for a block that names no file.
   */
  readonly openFiles?: readonly string[];
  /**
   * The mode of the file at a workspace-relative path as it is on disk, for a diff's mode change
   * (`ModeOp`): undefined when the host cannot tell (nothing there, or a host that sees no modes),
   * and then the change is planned whatever the file is now.
   */
  readonly modeOf?: (path: string) => FileMode | undefined;
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
  /**
   * The executable bit to give the file as it is written (git's `100755` true, `100644` false),
   * when the reply changes it: the host sets or clears the owner, group and other execute bits
   * alone, or says it could not. Absent: the file keeps its mode (a new file gets the host's
   * default). A change may differ from its original in this alone (`newText === originalText`).
   */
  readonly executable?: boolean;
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
 * the receipt. Pure: reads only through `readFile`, writes nothing. Guarantees:
 * - every op is located against the text the reply was written for (the file as it is), hunks of
 *   one file against the same original text, non-overlapping; an op that only fits after an
 *   earlier op of the same file (a chain of tool-call edits) is located on that intermediate text;
 * - a file is in `changes` only if all its ops were placed; `receipt.ok` only if every op of the
 *   reply was placed (or found already applied) and the reply parsed cleanly;
 * - BOM, line endings (per line; lone-CR breaks of a file that has no LF too), the final-newline
 *   state and the indent unit are the file's;
 * - no path is planned both as a file and as a folder holding another planned file
 *   (`NOT_A_FILE`, see `Transaction.refuseFileFolderClashes`).
 */
export function planReply(reply: ParsedReply, readFileAsIs: ReadFile, options: PlanOptions = {}): PlanResult {
  const started = now();
  // A file broken into lines by lone CRs is planned on as LF lines and written back with CRs.
  const crBreaks = new CrBreakReader(readFileAsIs);
  const readFile = crBreaks.readFile;
  const parsed = withDotsReadAsLeftOutLines(withFencesFittingTheirFiles(reply, options.hintPath), readFile);
  const tx = new Transaction(readFile, options, namedPaths(parsed), parsed.ops);
  const { ops: hinted, twice, modelOnly } = parsed.ops.length === 0 && parsed.problems.length === 0 ? hintFileOps(parsed, readFile, options) : { ops: [], twice: undefined, modelOnly: undefined };
  // Imports-only blocks beside the reply's edits of the hint file: placed first, at the file's top.
  const imports = parsed.ops.length > 0 ? importsBesideEdits(parsed, readFile, options) : [];
  // Whole files a sentence names beside the reply's named edits: part of the reply, not examples.
  const beside = wholeFilesNamedBesideEdits(parsed, readFile, options);
  for (const { op, note } of [...hinted, ...imports, ...beside]) if (note !== undefined) tx.note(op.source.block, note);
  for (const op of hinted.length > 0 ? hinted.map((hint) => hint.op) : [...imports.map((hint) => hint.op), ...parsed.ops, ...beside.map((hint) => hint.op)]) placeGuarded(tx, op);
  // Blocks naming no file that are part of what the reply writes, yet have no place: refused, never dropped.
  for (const { block, why } of blocksLeftUnplaced(parsed, [...imports, ...beside], readFile, options)) {
    tx.errors.push({
      code: 'NO_TARGET_FILE', block: 0, path: null, candidates: [], replyLines: { start: block.startLine, end: block.endLine },
      message: `the code block at reply lines ${block.startLine}-${block.endLine} names no file, and ${why}: where it goes is a guess, and left out, the reply's other edits would be written without it`,
      nextStep: 'Name the file the block is for (a path on the line before it, or as its first line in a comment), then apply the reply again; or apply the other blocks and write this one by hand.',
    });
  }
  if (twice) {
    tx.errors.push({ code: 'AMBIGUOUS', block: 0, path: options.hintPath ?? null, message: twice.message, candidates: [], nextStep: 'Copy only the version you want and apply it, or ask the model for one version.', replyLines: { start: twice.startLine, end: twice.endLine } });
  }
  for (const problem of parsed.problems) {
    tx.errors.push({
      code: problem.code,
      block: problem.block,
      path: problem.path ?? null,
      message: problem.message,
      candidates: [],
      nextStep: nextStepFor(problem.code),
      replyLines: { start: problem.startLine, end: problem.endLine },
    });
  }
  if (parsed.ops.length === 0 && parsed.problems.length === 0 && hinted.length === 0 && !twice) tx.errors.push(noEditsFound(parsed, options, modelOnly));
  tx.refuseFileFolderClashes();
  const result = tx.finish();
  const locateMs = now() - started;
  // A reply with nothing else to apply has its reasoning explained by its NO_EDITS_FOUND already.
  const notes = parsed.ops.length > 0 || parsed.problems.length > 0 || hinted.length > 0 ? reasoningNotes(parsed) : [];
  return { changes: crBreaks.restored(result.changes), receipt: { ...result.receipt, ...(notes.length > 0 ? { notes } : {}), timing: { parseMs: 0, locateMs: round(locateMs), totalMs: round(locateMs) } } };
}

/** For the reviewer: where the reply's reasoning held blocks that were left out. */
function reasoningNotes(parsed: ParsedReply): string[] {
  return (parsed.reasoning ?? [])
    .filter((span) => span.blocks > 0)
    .map((span) => `${plural(span.blocks, 'block')} in the model's reasoning (<${span.tag}>, reply lines ${span.startLine}-${span.endLine}) ${span.blocks === 1 ? 'was' : 'were'} left out: drafts written while thinking are not the answer`);
}

/** Every file path the reply's ops name, as written (a move's both ends, a diff's every name). */
function namedPaths(parsed: ParsedReply): string[] {
  return parsed.ops.flatMap((op) => {
    if (op.kind === 'move') return [op.from, op.to];
    const names = op.kind === 'replace' || op.kind === 'insert' ? (op.namedPaths ?? []) : [];
    return op.path === undefined ? [...names] : [op.path, ...names];
  });
}

/** Places one op; an invariant that breaks (a bug) fails that op and its file, never the host. */
function placeGuarded(tx: Transaction, op: EditOp): void {
  try {
    placeOp(tx, op);
  } catch (error) {
    tx.errors.push({
      code: EditError.is(error) ? error.code : 'OVERLAPPING_EDITS',
      block: op.source.block,
      path: op.kind === 'move' ? op.from : (op.path ?? null),
      message: `internal error while placing this block: ${(error as Error).message}`,
      candidates: [],
      nextStep: 'Please report this reply; meanwhile apply the block by hand.',
    });
    tx.poison(op);
  }
}

/**
 * The error for a reply without edits, saying why its blocks were not taken: they were drafts in
 * the model's reasoning, or code blocks naming no file (`modelOnly`: one that is the whole of the
 * file its sentence takes as the model of another, see `HintedOps`).
 */
function noEditsFound(parsed: ParsedReply, options: PlanOptions, modelOnly?: string): ReceiptError {
  const drafts = (parsed.reasoning ?? []).filter((span) => span.blocks > 0);
  const error = { code: 'NO_EDITS_FOUND' as const, block: 0, path: null, candidates: [] };
  if (drafts.length > 0) {
    const open = drafts.find((span) => !span.closed);
    const count = drafts.reduce((sum, span) => sum + span.blocks, 0);
    return {
      ...error,
      message: open
        ? `no edit blocks were found in the reply's answer: the reply ends inside the model's reasoning (<${open.tag}> opened at line ${open.startLine} and never closed), so its ${plural(count, 'block')} there ${count === 1 ? 'is a draft' : 'are drafts'}, not an answer`
        : `no edit blocks were found in the reply's answer: its ${plural(count, 'block')} ${count === 1 ? 'is' : 'are'} inside the model's reasoning (<${drafts[0].tag}> … </${drafts[0].tag}>, from line ${drafts[0].startLine}), drafts written while thinking, not the answer`,
      nextStep: 'Apply the model\'s answer (the text after its reasoning); if it answered only while thinking, ask it again for the edits.',
    };
  }
  const unnamed = parsed.unnamedFiles?.length ?? 0;
  if (modelOnly !== undefined) {
    return {
      ...error,
      message: `no edit blocks were found in the reply: its code block names no file; ${modelOnly}`,
      nextStep: 'Name the file the block is for (a path on the line before it, or as its first line in a comment), then apply the reply again.',
    };
  }
  // A file a sentence names, whose definitions the blocks did not give (see hintFileOps): said, so
  // the user sees why the name was not enough.
  const sentencePaths = [...new Set((parsed.unnamedFiles ?? []).flatMap((block) => (block.namedInSentence === undefined ? [] : [block.namedInSentence])))];
  const noTarget = sentencePaths.length === 1
    ? `, and no target file was given (the sentence above names ${sentencePaths[0]}, but ${unnamed === 1 ? 'the block is' : 'the blocks are'} neither the whole of it nor a definition it has once)`
    : ', and no target file was given';
  // With a target file, the blocks have a file: what they lack is a place in it.
  const hint = options.hintPath;
  if (unnamed > 0 && hint !== undefined) {
    return {
      ...error,
      message: `no edit blocks were found in the reply: ${unnamed === 1 ? 'its code block names no file of its own, and for' : `its ${unnamed} code blocks name no file of their own, and for`} ${hint}, the target file, ${unnamed === 1 ? 'it is' : 'none is'} neither the whole file, nor a definition it has once, nor a re-print of one place of it, so where ${unnamed === 1 ? 'it goes' : 'they go'} is unknown`,
      nextStep: `Ask for the change as a SEARCH/REPLACE block or a diff of ${hint}, or as the part with "... existing code ..." marking what it leaves out and enough unchanged lines around the change to stand at one place.`,
    };
  }
  return {
    ...error,
    message: unnamed === 0 ? 'no edit blocks were found in the reply' : `no edit blocks were found in the reply: its ${unnamed === 1 ? 'code block names' : `${unnamed} code blocks name`} no file${noTarget}`,
    nextStep: nextStepFor('NO_EDITS_FOUND'),
  };
}

/** Parses and plans a reply in one call, timing both stages (the CLI's and the extension's entry). */
export function runReply(replyText: string, readFile: ReadFile, options: PlanOptions = {}): PlanResult & { parsed: ParsedReply } {
  const started = now();
  const parsed = parseReply(replyText);
  const parsedAt = now();
  const result = planReply(parsed, readFile, options);
  const finished = now();
  return {
    ...result,
    parsed,
    receipt: {
      ...result.receipt,
      timing: { parseMs: round(parsedAt - started), locateMs: round(finished - parsedAt), totalMs: round(finished - started) },
    },
  };
}

/**
 * The workspace-relative paths a host must make readable before `planReply` (targets, move
 * destinations, every name a diff gives a file, the hint, the tails of an absolute path from the
 * model's machine). Paths that resolve outside the root are left out (they fail later).
 */
export function referencedPaths(parsed: ParsedReply, options: PlanOptions = {}): string[] {
  const paths = new Set<string>();
  const add = (raw: string | undefined) => {
    const chosen = raw ?? options.hintPath;
    if (chosen === undefined) return;
    const resolved = resolvePath(chosen, options.root);
    if (resolved.ok) paths.add(resolved.path);
  };
  for (const op of parsed.ops) {
    if (op.kind === 'move') {
      add(op.from);
      add(op.to);
    } else add(op.path);
    if ((op.kind === 'replace' || op.kind === 'insert') && op.namedPaths) for (const name of op.namedPaths) add(name);
    // An absolute path from the model's machine may name a workspace file by its tail.
    if (op.kind !== 'move' && op.path !== undefined && editsExistingFile(op) && !resolvePath(op.path, options.root).ok) {
      for (const tail of absolutePathTails(op.path)) add(tail);
    }
    // A path with a folder put before it by mistake may name the file without it.
    const shorter = op.kind === 'move' || op.path === undefined ? undefined : withoutMistakenPrefix(op.path);
    if (shorter !== undefined) add(shorter);
  }
  // A fenced file without a path may be the whole of the hint file, or a part of it (see hintFileOps).
  if (parsed.ops.length === 0 && parsed.unnamedFiles?.length) {
    add(undefined);
    // Without a hint file, the file a sentence above such a block names (see hintFileOps).
    if (options.hintPath === undefined) {
      for (const block of parsed.unnamedFiles) {
        if (block.namedInSentence !== undefined) add(block.namedInSentence);
        // The files a sentence naming several names: the block may be the whole of one (see hintFileOps).
        for (const path of block.mentionedInSentence ?? []) add(path);
      }
    }
  }
  return [...paths];
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
