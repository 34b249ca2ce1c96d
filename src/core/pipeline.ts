import type { EditFormat, EditOp, ParsedReply, ReplaceOp, RewriteFileOp } from './ir';
import { EditError, nextStepFor, type ErrorCode } from './errors';
import type { EditReceipt, FileAction, FileReceipt, Receipt, ReceiptError, Strategy } from './receipt';
import { resolvePath } from './paths';
import { isBareDotsLine, isElisionLine } from './parse/elision';
import { parseReply } from './parse/registry';
import { FileIndex } from './locate/fileIndex';
import { locate, ladder, type LocateOutcome } from './locate/ladder';
import { straightAlignment, type LineMatch, type Needle } from './locate/matcher';
import { matchCandidates, nearestCandidates } from './locate/nearest';
import { reanchor } from './reanchor';
import { looksLikeFragment, mergeElisions, mergeFragment } from './elisionMerge';
import { charEdit, lineEdit, TextPlan, type TextEdit } from './plan';
import { looksBinary, splitFileText, toLines, lfView, withEol, type FileText } from './text/fileText';
import { repairOverEscaped } from './text/overEscaped';

/**
 * Reads a file's current text for the planner. `path` is workspace-relative with `/` separators.
 * Returns `undefined` when the file does not exist. Hosts preload the files named by
 * `referencedPaths` (the extension from open documents or `workspace.fs`, the CLI from disk).
 */
export type ReadFile = (path: string) => string | undefined;

/** A host's refusal of a path: a message (`OUTSIDE_WORKSPACE`), or a message with its own code. */
export type PathRefusal = string | { readonly code: ErrorCode; readonly message: string };

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
   * For a path the reply names that does not exist: the one workspace file whose path ends with it
   * (`calc.py` or `utils/calc.py` for `src/utils/calc.py`), or undefined when none or several do.
   * Used only by edits of an existing file (a non-empty search, a snippet, an insert); a file the
   * reply creates is created where it says. The host finds it (the core reads no folders).
   */
  readonly locateMissing?: (path: string) => string | undefined;
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

const defaultFuzzyThreshold = 0.85;
const defaultMaxFileChars = 10_000_000;

/** A mutable record of one op's outcome while planning; frozen into an EditReceipt at the end. */
interface EditRecord {
  block: number;
  status: EditReceipt['status'];
  strategy: Strategy;
  score: number;
  startLine: number;
  endLine: number;
  /** The raw edits this op contributed to the file's current base (for new line numbers). */
  edits: TextEdit[];
  reindented?: boolean;
  warnings: string[];
  /** Where the new text landed, kept when the edits are committed to a later base. */
  placed?: { newStartLine: number; newEndLine: number };
}

/** One file's evolving state during planning. */
interface FileState {
  readonly path: string;
  /** The text the plan started from; undefined when the file did not exist. */
  readonly original: string | undefined;
  /** The text edits are currently located against (the original, or a later base after a sequential commit). */
  base: string | undefined;
  file: FileText | undefined;
  index: FileIndex | undefined;
  pending: TextEdit[];
  taken: { start: number; end: number }[];
  /** Line drift (found − hinted) of the last hinted op, carried to the next hunk's hint. */
  drift: number;
  /** Where the last placed op of a diff or patch ended, and its block: the next hunk comes after it. */
  cursor?: { block: number; end: number };
  exists: boolean;
  created: boolean;
  deleted: boolean;
  movedTo?: string;
  failed: boolean;
  touched: boolean;
  records: EditRecord[];
  /** The search and replacement of each replace op placed so far, by block: a repeated block is a duplicate. */
  placedEdits: Map<string, number>;
}

/**
 * Places every op of a parsed reply on the files' current text and returns the proposed files and
 * the receipt. Pure: reads only through `readFile`, writes nothing. Guarantees:
 * - every op is located against the text the reply was written for (the file as it is), hunks of
 *   one file against the same original text, non-overlapping; an op that only fits after an
 *   earlier op of the same file (a chain of tool-call edits) is located on that intermediate text;
 * - a file is in `changes` only if all its ops were placed; `receipt.ok` only if every op of the
 *   reply was placed (or found already applied) and the reply parsed cleanly;
 * - BOM, line endings (per line), the final-newline state and the indent unit are the file's.
 */
export function planReply(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions = {}): PlanResult {
  const started = now();
  const planner = new Planner(readFile, options);
  const hinted = parsed.ops.length === 0 && parsed.problems.length === 0 ? wholeHintFile(parsed, readFile, options) : undefined;
  for (const op of hinted ? [hinted] : parsed.ops) {
    try {
      planner.run(op);
    } catch (error) {
      // An invariant broke (a bug): report it on this op and write nothing, never crash the host.
      planner.errors.push({
        code: EditError.is(error) ? error.code : 'OVERLAPPING_EDITS',
        block: op.source.block,
        path: op.kind === 'move' ? op.from : (op.path ?? null),
        message: `internal error while placing this block: ${(error as Error).message}`,
        candidates: [],
        nextStep: 'Please report this reply; meanwhile apply the block by hand.',
      });
      planner.poison(op);
    }
  }
  for (const problem of parsed.problems) {
    planner.errors.push({
      code: problem.code,
      block: problem.block,
      path: problem.path ?? null,
      message: problem.message,
      candidates: [],
      nextStep: nextStepFor(problem.code),
      replyLines: { start: problem.startLine, end: problem.endLine },
    });
  }
  if (parsed.ops.length === 0 && parsed.problems.length === 0 && !hinted) {
    const unnamed = parsed.unnamedFiles?.length ?? 0;
    planner.errors.push({
      code: 'NO_EDITS_FOUND',
      block: 0,
      path: null,
      message:
        unnamed === 0
          ? 'no edit blocks were found in the reply'
          : `no edit blocks were found in the reply: its ${unnamed === 1 ? 'code block names' : `${unnamed} code blocks name`} no file${options.hintPath === undefined ? ', and no target file was given' : `, and ${unnamed === 1 ? 'it is not' : 'none is'} plainly the whole of ${options.hintPath}`}`,
      candidates: [],
      nextStep: nextStepFor('NO_EDITS_FOUND'),
    });
  }
  const result = planner.finish();
  const locateMs = now() - started;
  return { ...result, receipt: { ...result.receipt, timing: { parseMs: 0, locateMs: round(locateMs), totalMs: round(locateMs) } } };
}

/**
 * The reply's one fenced file without a path, as a rewrite of the hint file, when the reply has no
 * other edit and that block is plainly the whole file: it starts and ends with the file's first
 * and last lines and holds at least half of the file's other lines. Anything less (an example, a
 * function shown on its own, two candidates) stays an illustration: the caller reports
 * NO_EDITS_FOUND as before.
 */
function wholeHintFile(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions): RewriteFileOp | undefined {
  if (options.hintPath === undefined || !parsed.unnamedFiles?.length) return undefined;
  const resolved = resolvePath(options.hintPath, options.root);
  if (!resolved.ok) return undefined;
  const text = readFile(resolved.path);
  if (text === undefined || looksBinary(text)) return undefined;
  const fileLines = toLines(normaliseEol(text.replace(/^\ufeff/, ''))).map((line) => line.trim()).filter((line) => line !== '');
  if (fileLines.length < 3) return undefined;
  const matching = parsed.unnamedFiles.filter((unnamed) => {
    const lines = toLines(unnamed.content).map((line) => line.trim()).filter((line) => line !== '');
    if (lines.length < 3 || lines[0] !== fileLines[0] || lines[lines.length - 1] !== fileLines[fileLines.length - 1]) return false;
    const present = new Set(lines);
    const kept = fileLines.filter((line) => present.has(line)).length;
    return kept >= fileLines.length / 2;
  });
  if (matching.length !== 1) return undefined;
  const [block] = matching;
  return {
    kind: 'rewrite',
    path: options.hintPath,
    content: block.content,
    partial: false,
    source: { block: 1, format: 'whole-file', startLine: block.startLine, endLine: block.endLine },
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

/** True when `op` can only change a file that exists (a non-empty search, a snippet, an insert). */
export function editsExistingFile(op: EditOp): boolean {
  return (op.kind === 'replace' && op.search !== '') || (op.kind === 'rewrite' && op.partial) || op.kind === 'insert';
}

/**
 * The workspace-relative paths a host must make readable before `planReply` (targets, move
 * destinations, the hint). Paths that resolve outside the root are left out (they fail later).
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
  }
  // A fenced file without a path may be the whole of the hint file (see wholeHintFile).
  if (parsed.ops.length === 0 && parsed.unnamedFiles?.length) add(undefined);
  return [...paths];
}

class Planner {
  readonly errors: ReceiptError[] = [];
  private readonly states = new Map<string, FileState>();
  /** Paths a move renamed, pointing at the state of the file they now name. */
  private readonly aliases = new Map<string, FileState>();
  private readonly order: FileState[] = [];
  /** Warnings that belong to a block's records whatever its outcome (which file it was taken to). */
  private readonly notes = new Map<number, string[]>();

  constructor(
    private readonly readFile: ReadFile,
    private readonly options: PlanOptions,
  ) {}

  run(op: EditOp): void {
    const block = op.source.block;
    const rawPath = op.kind === 'move' ? op.from : (op.path ?? this.options.hintPath);
    if (rawPath === undefined) {
      this.fail('NO_TARGET_FILE', block, null, 'the block names no file and no target file was given', op);
      return;
    }
    const resolved = resolvePath(rawPath, this.options.root);
    if (!resolved.ok) {
      this.fail('OUTSIDE_WORKSPACE', block, rawPath, resolved.message, op);
      return;
    }
    const refusal = this.options.refusePath?.(resolved.path) ?? (op.kind === 'move' ? this.refusedTarget(op.to) : undefined);
    if (refusal) {
      const { code, message } = typeof refusal === 'string' ? { code: 'OUTSIDE_WORKSPACE' as const, message: refusal } : refusal;
      this.fail(code, block, resolved.path, message, op);
      return;
    }
    const state = this.stateFor(this.existingPathFor(resolved.path, op), op);
    if (!state) return;
    switch (op.kind) {
      case 'replace':
        return this.replace(state, op);
      case 'insert':
        return this.insert(state, op.afterLine, toLines(op.text), op);
      case 'create':
        return this.create(state, op.content, op);
      case 'rewrite':
        return this.rewrite(state, op.content, op.partial, op);
      case 'delete':
        return this.remove(state, block);
      case 'move':
        return this.move(state, op.to, block, op);
    }
  }

  /**
   * `path`, or the one workspace file it is the end of when `path` does not exist and `op` can only
   * edit an existing file (see `PlanOptions.locateMissing`). The op's records say which file it took.
   */
  private existingPathFor(path: string, op: EditOp): string {
    if (!editsExistingFile(op) || !this.options.locateMissing || this.aliases.has(path)) return path;
    const known = this.states.get(path);
    if (known ? known.exists || known.created : this.readFile(path) !== undefined) return path;
    const found = this.options.locateMissing(path);
    if (found === undefined || found === path) return path;
    const resolved = resolvePath(found, this.options.root);
    if (!resolved.ok || this.options.refusePath?.(resolved.path)) return path;
    this.notes.set(op.source.block, [...(this.notes.get(op.source.block) ?? []), `the reply names ${path}, which does not exist; ${resolved.path} is the only file whose path ends with it`]);
    return resolved.path;
  }

  /** The host's refusal of a move's destination, if any. */
  private refusedTarget(rawTo: string): PathRefusal | undefined {
    const resolved = resolvePath(rawTo, this.options.root);
    return resolved.ok ? this.options.refusePath?.(resolved.path) : undefined;
  }

  /** The state of a path, loading the file on first use; undefined (and an error) for unreadable files. */
  private stateFor(path: string, op: EditOp): FileState | undefined {
    const alias = this.aliases.get(path);
    if (alias) return alias;
    let state = this.states.get(path);
    if (state) return state;
    const text = this.readFile(path);
    if (text !== undefined && looksBinary(text)) {
      this.fail('BINARY_FILE', op.source.block, path, `${path} is a binary file`, op);
      return undefined;
    }
    if (text !== undefined && text.length > (this.options.maxFileChars ?? defaultMaxFileChars)) {
      this.fail('TOO_LARGE', op.source.block, path, `${path} has ${text.length} characters, over the limit of ${this.options.maxFileChars ?? defaultMaxFileChars}`, op);
      return undefined;
    }
    state = {
      path,
      original: text,
      base: text,
      file: text === undefined ? undefined : splitFileText(text),
      index: undefined,
      pending: [],
      taken: [],
      drift: 0,
      exists: text !== undefined,
      created: false,
      deleted: false,
      failed: false,
      touched: false,
      records: [],
      placedEdits: new Map(),
    };
    this.states.set(path, state);
    this.order.push(state);
    return state;
  }

  private indexOf(state: FileState): FileIndex {
    if (!state.index) state.index = new FileIndex(state.file!);
    return state.index;
  }

  /** Applies the pending edits to the base, so later ops are located on the result. */
  private commit(state: FileState): void {
    if (state.pending.length === 0) return;
    for (const record of state.records) {
      if (record.edits.length === 0) continue;
      const frozen = freeze(record, state);
      if (frozen.newStartLine !== undefined && frozen.newEndLine !== undefined) record.placed = { newStartLine: frozen.newStartLine, newEndLine: frozen.newEndLine };
    }
    state.base = new TextPlan(state.pending).apply(state.base ?? '');
    state.file = splitFileText(state.base);
    state.index = undefined;
    for (const record of state.records) record.edits = [];
    state.pending = [];
    state.taken = [];
  }

  private record(state: FileState, record: Omit<EditRecord, 'warnings' | 'edits'> & { warnings?: string[]; edits?: TextEdit[] }): void {
    state.touched = true;
    const full: EditRecord = { warnings: [], edits: [], ...record };
    const notes = this.notes.get(record.block);
    if (notes) full.warnings = [...notes, ...full.warnings];
    state.records.push(full);
    state.pending.push(...full.edits);
  }

  private fail(code: ErrorCode, block: number, path: string | null, message: string, op: EditOp, extra: Partial<ReceiptError> = {}, state?: FileState): void {
    const notes = this.notes.get(block);
    this.errors.push({
      code,
      block,
      path,
      message: notes ? `${message} (${notes.join('; ')})` : message,
      candidates: [],
      nextStep: nextStepFor(code),
      replyLines: { start: op.source.startLine, end: op.source.endLine },
      ...extra,
    });
    if (state) {
      state.failed = true;
      state.touched = true;
      state.records.push({ block, status: 'failed', strategy: 'none', score: 0, startLine: 0, endLine: 0, edits: [], warnings: [] });
    }
  }

  private replace(state: FileState, op: ReplaceOp): void {
    // Tool calls only: elsewhere a backslash in the search is the file's own text.
    const repaired = op.source.format === 'json-tool' && state.exists && state.file ? repairOverEscaped(op.search, op.replacement, lfView(state.file)) : undefined;
    if (!repaired) return this.replaceAsWritten(state, op);
    const recordsBefore = state.records.length;
    this.replaceAsWritten(state, { ...op, ...repaired });
    for (const record of state.records.slice(recordsBefore)) {
      if (record.block === op.source.block && record.status !== 'failed') record.warnings.push('the old and new text were escaped twice (\\n for a newline); read with one level of escaping removed');
    }
  }

  private replaceAsWritten(state: FileState, op: ReplaceOp): void {
    const block = op.source.block;
    if (!state.exists) {
      if (op.search === '') return this.create(state, op.replacement, op);
      this.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist`, op, {}, state);
      return;
    }
    const file = state.file!;
    if (op.search === '') {
      // Aider's convention: an empty SEARCH fills an empty file or appends to one with content.
      if (file.lines.length === 0) return this.rewrite(state, op.replacement, false, op);
      if (op.replacement.trim() !== '' && lfView(file).trimEnd().endsWith(op.replacement.trimEnd())) {
        this.record(state, { block, status: 'alreadyApplied', strategy: 'append', score: 1, startLine: file.lines.length, endLine: file.lines.length, warnings: ['the appended text is already at the end of the file'] });
        return;
      }
      const lines = toLines(op.replacement);
      this.record(state, {
        block, status: 'applied', strategy: 'append', score: 1, startLine: file.lines.length + 1, endLine: file.lines.length + lines.length,
        edits: [lineEdit(file, file.lines.length, file.lines.length, lines)],
      });
      return;
    }
    if (op.search === op.replacement) {
      this.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: 0, endLine: 0, warnings: ['no-op: the search and replacement texts are identical'] });
      return;
    }
    if (op.granularity === 'chars' && this.replaceChars(state, op)) return;
    this.replaceLines(state, op);
  }

  /**
   * Tool-call semantics (old_string may be part of a line): exact occurrences in the LF view.
   * Returns false when the text does not occur, so the line ladder gets its turn.
   */
  private replaceChars(state: FileState, op: ReplaceOp): boolean {
    const block = op.source.block;
    const file = state.file!;
    const view = lfView(file);
    const occurrences: number[] = [];
    for (let at = view.indexOf(op.search); at !== -1; at = view.indexOf(op.search, at + Math.max(1, op.search.length))) {
      occurrences.push(at);
      if (occurrences.length > 1000) break;
    }
    if (occurrences.length === 0) {
      if (state.pending.length > 0) {
        this.commit(state);
        return this.replaceChars(state, op);
      }
      return false;
    }
    // Line numbers of the occurrences, counted incrementally (they come in ascending order).
    let countedTo = 0;
    let countedLines = 0;
    const lineOf = (offset: number) => {
      if (offset < countedTo) return countNewlines(view, offset);
      for (let at = view.indexOf('\n', countedTo); at !== -1 && at < offset; at = view.indexOf('\n', at + 1)) countedLines++;
      countedTo = offset;
      return countedLines;
    };
    // An insertion-style edit (new text = before + old text + after) whose new text already
    // surrounds every occurrence was applied before: applying it again would duplicate lines.
    const around = op.replacement.indexOf(op.search);
    if (around !== -1 && op.replacement.length > op.search.length) {
      const surrounded = (at: number) => view.startsWith(op.replacement, at - around);
      if (occurrences.every(surrounded)) {
        const line = lineOf(occurrences[0]);
        this.record(state, { block, status: 'alreadyApplied', strategy: 'exact', score: 1, startLine: line + 1, endLine: line + 1, warnings: ['the new text is already in the file'] });
        return true;
      }
    }
    const wanted = op.expectedCount;
    const fits = wanted === 'all' || occurrences.length === wanted;
    if (!fits) {
      const candidates = occurrences.slice(0, 10).map((at) => {
        const line = lineOf(at);
        return { startLine: line + 1, endLine: line + 1 + countNewlines(op.search, op.search.length), score: 1, text: file.lines[line] };
      });
      this.fail('AMBIGUOUS', block, state.path, `the old text occurs ${occurrences.length} times in ${state.path}${wanted === 1 ? '' : `, expected ${wanted}`}`, op, { candidates }, state);
      return true;
    }
    const edits = occurrences.map((at) => charEdit(file, at, at + op.search.length, op.replacement));
    if (overlapsAny(edits, state.pending)) {
      this.commit(state);
      return this.replaceChars(state, op);
    }
    const first = lineOf(occurrences[0]);
    const last = lineOf(occurrences[occurrences.length - 1] + op.search.length);
    this.record(state, { block, status: 'applied', strategy: 'exact', score: 1, startLine: first + 1, endLine: last + 1, edits });
    return true;
  }

  private replaceLines(state: FileState, op: ReplaceOp): void {
    const block = op.source.block;
    // Models sometimes write the same block twice: the second adds nothing, and must not fail the
    // reply as an overlap with the first. Only another block can be a repeat: identical hunks of
    // one diff (a lock file's `-"node": ">=12"` at ten places) are ten edits, and so are identical
    // blocks whose line hints differ.
    const key = `${op.expectedCount}\u0000${op.lineHint ?? ''}\u0000${op.search.trimEnd()}\u0000${op.replacement.trimEnd()}`;
    const twin = state.placedEdits.get(key);
    if (twin !== undefined && twin !== block) {
      const first = state.records.find((record) => record.block === twin && record.status === 'applied');
      const where = first ? { strategy: first.strategy, score: first.score, startLine: first.startLine, endLine: first.endLine } : { strategy: 'none' as const, score: 1, startLine: 0, endLine: 0 };
      this.record(state, { block, status: 'alreadyApplied', ...where, warnings: [`the same edit as block ${twin}, applied once`] });
      return;
    }
    const recordsBefore = state.records.length;
    this.placeLines(state, op);
    const placed = state.records.slice(recordsBefore).some((record) => record.block === block && record.status === 'applied');
    if (placed) state.placedEdits.set(key, block);
  }

  private placeLines(state: FileState, op: ReplaceOp): void {
    const block = op.source.block;
    let needle = toNeedle(op.search, op.source.format);
    let replacementLines = toLines(op.replacement);
    let outcome = this.locateOp(state, op, needle);
    if (outcome.kind === 'notFound') {
      // Models often add or drop a blank line at a block's edge: retry without the blank lines at
      // the edges of the search text, taking the same lines off the replacement when it has them.
      const trimmed = trimBlankEdges(needle, replacementLines);
      if (trimmed) {
        const retry = this.locateOp(state, op, trimmed.needle);
        if (retry.kind !== 'notFound') {
          needle = trimmed.needle;
          replacementLines = trimmed.replacement;
          outcome = retry;
        }
      }
    }
    if (outcome.kind === 'found' && outcome.matches[0].strategy === 'fuzzy' && this.replacementOverlaps(state, op, outcome.matches)) {
      // A fuzzy hit on text that already reads as the replacement is the edit's own result.
      this.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: outcome.matches[0].start + 1, endLine: outcome.matches[0].end, warnings: ['the replacement text is already in the file'] });
      return;
    }
    if (outcome.kind === 'found') return this.placeMatches(state, op, needle, replacementLines, outcome.matches, outcome.notes);
    if (outcome.kind === 'ambiguous' && isLinePrefixed(op.source.format) && state.cursor?.block === block && state.pending.length > 0) {
      // The hunks of one diff (or chunks of one patch) come in file order: among equal places,
      // one alone after the previous hunk is the one meant (Codex searches on from there too).
      const after = outcome.matches.filter((m) => m.start >= state.cursor!.end);
      if (after.length === 1 && op.expectedCount === 1) {
        return this.placeMatches(state, op, needle, replacementLines, after, [`${outcome.matches.length} matches; the only one after the previous hunk was taken`]);
      }
    }
    if (outcome.kind === 'ambiguous') {
      const index = this.indexOf(state);
      this.fail('AMBIGUOUS', block, state.path, `${outcome.reason} in ${state.path} (matched by the ${outcome.strategy} rung)`, op, { candidates: matchCandidates(index, outcome.matches) }, state);
      return;
    }
    // Not found against the current base: an already-applied edit, or one meant to follow an
    // earlier op of this reply (a chain of edits), or a real miss.
    const index = this.indexOf(state);
    if (this.isAlreadyApplied(index, op)) {
      this.record(state, { block, status: 'alreadyApplied', strategy: 'none', score: 1, startLine: 0, endLine: 0, warnings: ['the replacement text is already in the file'] });
      return;
    }
    // Found only where an earlier op of this reply already changed the text: overlapping edits.
    const overlapsEarlier =
      state.taken.length > 0 &&
      locate(index, needle, { expectedCount: op.expectedCount, fuzzyThreshold: this.options.fuzzyThreshold ?? defaultFuzzyThreshold }).kind === 'found';
    if (state.pending.length > 0) {
      this.commit(state);
      const retry = this.locateOp(state, op, needle);
      if (retry.kind === 'found') return this.placeMatches(state, op, needle, replacementLines, retry.matches, [...retry.notes, 'located after the earlier edits of this reply']);
    }
    if (overlapsEarlier) {
      this.fail('OVERLAPPING_EDITS', block, state.path, `the search text is in ${state.path}, but only where an earlier block of this reply already changes it`, op, {}, state);
      return;
    }
    const report = nearestCandidates(this.indexOf(state), needle, op.lineHint !== undefined ? op.lineHint - 1 : undefined);
    const best = report.candidates[0];
    const message = best
      ? `the search text was not found in ${state.path}; the nearest lines are ${best.startLine}-${best.endLine} (${Math.round(best.score * 100)}% similar)`
      : `the search text was not found in ${state.path}, and nothing in the file resembles it`;
    this.fail('NO_MATCH', block, state.path, message, op, { candidates: report.candidates, firstDifference: report.firstDifference }, state);
  }

  private locateOp(state: FileState, op: ReplaceOp, needle: Needle): LocateOutcome {
    const hint = op.lineHint !== undefined ? Math.max(0, op.lineHint - 1 + state.drift) : undefined;
    if (hint !== undefined && needle.lines.every((line) => line.trim() === '')) {
      // Blank lines alone (a `-U0` hunk deleting an empty line) place nothing by their text; a
      // diff's line number places them, when the file has that many blank lines exactly there.
      const lines = state.file!.lines;
      const end = hint + needle.lines.length;
      const blank = end <= lines.length && lines.slice(hint, end).every((line) => line.trim() === '');
      if (!blank || state.taken.some((t) => hint < t.end && t.start < end)) return { kind: 'notFound', notes: [] };
      return { kind: 'found', matches: [{ start: hint, end, score: 1, strategy: 'exact', alignment: straightAlignment(hint, needle.lines.length) }], notes: ['blank lines placed by the line number'] };
    }
    return locate(this.indexOf(state), needle, {
      expectedCount: op.expectedCount,
      lineHint: hint,
      anchors: op.anchors,
      atEndOfFile: op.atEndOfFile,
      fuzzyThreshold: this.options.fuzzyThreshold ?? defaultFuzzyThreshold,
      taken: state.taken,
    });
  }

  /** True when the op's replacement text (rungs 1-5) is in the file overlapping one of `matches`. */
  private replacementOverlaps(state: FileState, op: ReplaceOp, matches: readonly LineMatch[]): boolean {
    return wherePresent(this.indexOf(state), toNeedle(op.replacement, op.source.format), 5).some((r) => matches.some((m) => r.start < m.end && m.start < r.end));
  }

  /** True when the op's replacement is already where its search text would be. */
  private isAlreadyApplied(index: FileIndex, op: ReplaceOp): boolean {
    return wherePresent(index, toNeedle(op.replacement, op.source.format), 5).length > 0;
  }

  private placeMatches(state: FileState, op: ReplaceOp, needle: Needle, replacementLines: string[], matches: LineMatch[], notes: string[]): void {
    const block = op.source.block;
    const file = state.file!;
    const index = this.indexOf(state);
    const replacementElisions = new Set<number>();
    replacementLines.forEach((line, i) => isElisionIn(op.source.format, line) && replacementElisions.add(i));
    // An edit whose result already surrounds the match (the replacement contains the search text
    // and the file already holds the whole replacement there) was applied before: do not repeat it.
    if (matches.length === 1 && containsAppliedReplacement(index, needle, replacementLines, matches[0])) {
      this.record(state, { block, status: 'alreadyApplied', strategy: matches[0].strategy, score: matches[0].score, startLine: matches[0].start + 1, endLine: matches[0].end, warnings: ['the replacement text is already in the file'] });
      return;
    }
    const edits: TextEdit[] = [];
    let reindented = false;
    const warnings = [...notes];
    for (const match of matches) {
      const built = reanchor({ fileLines: file.lines, fileUnit: index.indentUnit, needle, replacement: replacementLines, replacementElisions, match });
      if (built.problem) {
        const extra = built.problem.code === 'OUT_OF_DATE' ? { candidates: matchCandidates(index, [match]) } : {};
        this.fail(built.problem.code, block, state.path, `${built.problem.message} (${state.path} lines ${match.start + 1}-${match.end})`, op, extra, state);
        return;
      }
      reindented ||= built.reindented;
      warnings.push(...(match.warnings ?? []));
      edits.push(withFinalNewline(file, match, lineEdit(file, match.start, match.end, built.lines, built.sources), op.finalNewline));
    }
    if (overlapsAny(edits, state.pending)) {
      // Only possible when an earlier op replaced more than its match (an insert, an append):
      // apply the earlier edits first and place this op on their result.
      this.commit(state);
      const retry = this.locateOp(state, op, needle);
      if (retry.kind === 'found') return this.placeMatches(state, op, needle, replacementLines, retry.matches, notes);
      this.fail('OVERLAPPING_EDITS', block, state.path, `this edit changes lines an earlier edit of the reply already changed in ${state.path}`, op, {}, state);
      return;
    }
    for (const match of matches) state.taken.push({ start: match.start, end: match.end });
    if (op.lineHint !== undefined) state.drift = matches[0].start - (op.lineHint - 1);
    // The hunks of one diff (the chunks of one patch) come in file order: see the ambiguous case.
    if (isLinePrefixed(op.source.format)) state.cursor = { block, end: matches[matches.length - 1].end };
    const first = matches[0];
    const last = matches[matches.length - 1];
    if (reindented) warnings.push('re-indented to fit the file');
    this.record(state, {
      block,
      status: 'applied',
      strategy: first.strategy,
      score: Math.min(...matches.map((m) => m.score)),
      startLine: first.start + 1,
      endLine: Math.max(first.start + 1, last.end),
      edits,
      reindented,
      warnings,
    });
  }

  private insert(state: FileState, afterLine: number, lines: string[], op: EditOp): void {
    const block = op.source.block;
    if (!state.exists) {
      this.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist`, op, {}, state);
      return;
    }
    const file = state.file!;
    if (afterLine < 0 || afterLine > file.lines.length) {
      this.fail('NO_MATCH', block, state.path, `cannot insert after line ${afterLine}: ${state.path} has ${file.lines.length} lines`, op, {}, state);
      return;
    }
    // Inserted before: the same lines (blank edges aside) already stand right at that place. A diff
    // says exactly where its lines end up (`+c`); only there do they count as already inserted (a
    // lock file's new stanza often sits next to an identical one).
    const needle = trimBlankEdges({ lines, elisions: new Set() }, [])?.needle ?? { lines, elisions: new Set<number>() };
    // (Blank lines trimmed off the top of the needle move where it would start.)
    const leadingBlanks = Math.max(0, lines.findIndex((line) => line.trim() !== ''));
    const newStart = op.kind === 'insert' && op.newLine !== undefined ? op.newLine - 1 + leadingBlanks : undefined;
    const there = (start: number) => (newStart !== undefined ? start === newStart : Math.abs(start - afterLine) <= lines.length + 1);
    if (wherePresent(this.indexOf(state), needle, 2).some((m) => there(m.start))) {
      this.record(state, { block, status: 'alreadyApplied', strategy: 'insert', score: 1, startLine: afterLine + 1, endLine: afterLine + lines.length, warnings: ['these lines are already there'] });
      return;
    }
    this.record(state, { block, status: 'applied', strategy: 'insert', score: 1, startLine: afterLine + 1, endLine: afterLine + lines.length, edits: [lineEdit(file, afterLine, afterLine, lines)] });
  }

  private create(state: FileState, content: string, op: EditOp): void {
    const block = op.source.block;
    if (state.exists) {
      if (normaliseEol(state.base ?? '') === content) {
        this.record(state, { block, status: 'alreadyApplied', strategy: 'create', score: 1, startLine: 1, endLine: state.file!.lines.length, warnings: ['the file already has this content'] });
        return;
      }
      this.fail('FILE_EXISTS', block, state.path, `${state.path} already exists and differs from the new content`, op, {}, state);
      return;
    }
    const elided = toLines(content).some((line) => isElisionIn(op.source.format, line));
    // A new file in a diff or a patch spells out every line (git writes such files verbatim): a
    // marker there is the file's text. In a fenced block it is a model leaving code out.
    if (elided && !isLinePrefixed(op.source.format)) {
      this.fail('ELISION_UNRESOLVED', block, state.path, `the new file ${state.path} elides code ("... existing code ..."), but there is no existing file to fill it from`, op, {}, state);
      return;
    }
    state.exists = true;
    state.created = true;
    state.deleted = false;
    state.placedEdits.clear();
    state.base = op.kind === 'create' && op.eol ? withEols(content, op.eol) : content;
    state.file = splitFileText(state.base);
    state.index = undefined;
    state.pending = [];
    state.taken = [];
    const warnings = elided ? ['the new file holds a line that reads like an elision ("... existing code ..."); it is written as given'] : [];
    this.record(state, { block, status: 'applied', strategy: 'create', score: 1, startLine: 1, endLine: toLines(content).length, warnings });
  }

  private rewrite(state: FileState, content: string, partial: boolean, op: EditOp): void {
    const block = op.source.block;
    if (!state.exists) return this.create(state, content, op);
    this.commit(state);
    const file = state.file!;
    let lines = toLines(content);
    const warnings: string[] = [];
    if (lines.some(isElisionLine)) {
      const merged = mergeElisions(file.lines, lines, isElisionLine);
      if (!merged.ok) {
        this.fail('ELISION_UNRESOLVED', block, state.path, `${merged.message} in ${state.path}`, op, {}, state);
        return;
      }
      lines = merged.lines;
    } else if (partial || looksLikeFragment(file.lines, lines)) {
      // A block far shorter than the file that does not span it is a part of it: place it like a
      // snippet, or refuse; never let it delete the rest of the file.
      const merged = mergeFragment(file.lines, lines);
      if (!merged.ok) {
        this.fail('ELISION_UNRESOLVED', block, state.path, `the block has ${lines.length} lines for a file of ${file.lines.length} and does not start and end like it, so it looks like a part of the file, but ${merged.message}`, op, {}, state);
        return;
      }
      lines = merged.lines;
      warnings.push(`treated as a part of ${state.path}: the block is much shorter than the file`);
    }
    const sameText = lines.length === file.lines.length && lines.every((line, i) => line === file.lines[i]);
    if (sameText) {
      this.record(state, { block, status: 'alreadyApplied', strategy: 'rewrite', score: 1, startLine: 1, endLine: file.lines.length, warnings: ['the file already has this content'] });
      return;
    }
    this.record(state, { block, status: 'applied', strategy: 'rewrite', score: 1, startLine: 1, endLine: Math.max(1, file.lines.length), edits: [lineEdit(file, 0, file.lines.length, lines)], warnings });
    state.placedEdits.clear();
    // Later ops of the reply edit the rewritten text, not the original.
    this.commit(state);
  }

  private remove(state: FileState, block: number): void {
    if (!state.exists) {
      this.record(state, { block, status: 'alreadyApplied', strategy: 'delete', score: 1, startLine: 0, endLine: 0, warnings: [`${state.path} does not exist`] });
      return;
    }
    state.exists = false;
    state.deleted = true;
    state.placedEdits.clear();
    state.pending = [];
    this.record(state, { block, status: 'applied', strategy: 'delete', score: 1, startLine: 1, endLine: state.file?.lines.length ?? 0 });
  }

  private move(state: FileState, rawTo: string, block: number, op: EditOp): void {
    const resolved = resolvePath(rawTo, this.options.root);
    if (!resolved.ok) {
      this.fail('OUTSIDE_WORKSPACE', block, rawTo, resolved.message, op, {}, state);
      return;
    }
    if (!state.exists) {
      this.fail('FILE_NOT_FOUND', block, state.path, `${state.path} does not exist, so it cannot be moved`, op, {}, state);
      return;
    }
    if (resolved.path !== state.path && this.readFile(resolved.path) !== undefined && !this.states.get(resolved.path)?.deleted) {
      this.fail('FILE_EXISTS', block, resolved.path, `cannot move ${state.path} to ${resolved.path}: it already exists`, op, {}, state);
      return;
    }
    state.movedTo = resolved.path;
    this.aliases.set(resolved.path, state);
    this.record(state, { block, status: 'applied', strategy: 'move', score: 1, startLine: 0, endLine: 0 });
  }

  /** Keeps the file of an op that broke an invariant out of the plan. */
  poison(op: EditOp): void {
    const raw = op.kind === 'move' ? op.from : (op.path ?? this.options.hintPath);
    const resolved = raw === undefined ? undefined : resolvePath(raw, this.options.root);
    const state = resolved?.ok ? (this.aliases.get(resolved.path) ?? this.states.get(resolved.path)) : undefined;
    if (state) state.failed = true;
  }

  finish(): PlanResult {
    const files: FileReceipt[] = [];
    const changes: FileChange[] = [];
    for (const state of this.order) {
      if (!state.touched) continue;
      const action: FileAction = state.deleted && !state.created ? 'delete' : state.created && state.original === undefined ? 'create' : state.movedTo ? 'move' : 'modify';
      const receipts = state.records.map((record) => freeze(record, state));
      files.push({ path: state.path, action, ...(state.movedTo ? { to: state.movedTo } : {}), edits: receipts });
      if (state.failed) continue;
      let newText: string | undefined;
      try {
        newText = state.deleted ? undefined : state.pending.length ? new TextPlan(state.pending).apply(state.base ?? '') : state.base;
      } catch (error) {
        this.errors.push({ code: 'OVERLAPPING_EDITS', block: state.records[0]?.block ?? 0, path: state.path, message: (error as Error).message, candidates: [], nextStep: nextStepFor('OVERLAPPING_EDITS') });
        continue;
      }
      const changed = action !== 'modify' || newText !== state.original;
      if (!changed) continue;
      changes.push({ path: state.path, action, ...(state.movedTo ? { to: state.movedTo } : {}), originalText: state.original, newText: action === 'delete' ? undefined : newText });
    }
    return {
      receipt: { ok: this.errors.length === 0, files, errors: this.errors, timing: { parseMs: 0, locateMs: 0, totalMs: 0 } },
      changes,
    };
  }
}

/** Computes where an op's new text lands in the proposed file, from the edits that precede it. */
function freeze(record: EditRecord, state: FileState): EditReceipt {
  const base: EditReceipt = {
    block: record.block,
    status: record.status,
    strategy: record.strategy,
    score: record.score,
    startLine: record.startLine,
    endLine: record.endLine,
    ...(record.reindented ? { reindented: true } : {}),
    ...(record.warnings.length ? { warnings: record.warnings } : {}),
  };
  if (record.status === 'applied' && record.edits.length === 0 && record.placed) return { ...base, ...record.placed };
  if (record.status !== 'applied' || record.edits.length === 0 || !state.base || !state.file) return base;
  const file = state.file;
  const first = record.edits.reduce((a, b) => (a.start <= b.start ? a : b));
  let shift = 0;
  for (const edit of state.pending) {
    if (edit.start >= first.start) continue;
    shift += countNewlines(edit.text, edit.text.length) - (lineAt(file, edit.end) - lineAt(file, edit.start));
  }
  const newStart = lineAt(file, first.start) + 1 + shift;
  const newLines = Math.max(1, countNewlines(first.text, first.text.length) + (first.text.endsWith('\n') ? 0 : 1));
  return { ...base, newStartLine: newStart, newEndLine: newStart + newLines - 1 };
}

/** The 0-based line holding raw offset `offset` (binary search over line starts). */
function lineAt(file: FileText, offset: number): number {
  let low = 0;
  let high = file.lines.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (file.offsets[mid] <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * Honours a reply's explicit final-newline state (a diff's `\ No newline at end of file`) for an
 * edit that reaches the end of the file; any other edit keeps the file's own state.
 */
function withFinalNewline(file: FileText, match: LineMatch, edit: TextEdit, finalNewline: boolean | undefined): TextEdit {
  if (finalNewline === undefined || match.end !== file.lines.length || edit.text === '') return edit;
  const eol = file.eol;
  const endsWithEol = edit.text.endsWith('\n');
  if (finalNewline && !endsWithEol) return { ...edit, text: edit.text + eol };
  if (!finalNewline && endsWithEol) return { ...edit, text: edit.text.slice(0, edit.text.endsWith('\r\n') ? -2 : -1) };
  return edit;
}

/** True when the file holds the whole replacement around `match`, with the search text inside it. */
function containsAppliedReplacement(index: FileIndex, needle: Needle, replacement: string[], match: LineMatch): boolean {
  const n = needle.lines.length;
  if (replacement.length <= n || match.strategy === 'fuzzy' || match.strategy === 'elision') return false;
  const norm = (line: string) => line.trim();
  const wanted = needle.lines.map(norm);
  for (let k = 0; k + n <= replacement.length; k++) {
    if (!wanted.every((line, i) => norm(replacement[k + i]) === line)) continue;
    const start = match.start - k;
    if (start < 0 || start + replacement.length > index.lines.length) continue;
    if (replacement.every((line, i) => norm(index.lines[start + i]) === norm(line))) return true;
  }
  return false;
}

/**
 * The needle without blank lines at its start and end, and the replacement without the same
 * number of blank lines at the same ends (only those it really has); undefined when there is
 * nothing to trim or nothing would be left.
 */
function trimBlankEdges(needle: Needle, replacement: string[]): { needle: Needle; replacement: string[] } | undefined {
  const blank = (line: string) => line.trim() === '';
  let head = 0;
  while (head < needle.lines.length && blank(needle.lines[head])) head++;
  let tail = 0;
  while (tail < needle.lines.length - head && blank(needle.lines[needle.lines.length - 1 - tail])) tail++;
  if ((head === 0 && tail === 0) || head + tail >= needle.lines.length) return undefined;
  let replacementHead = 0;
  while (replacementHead < head && replacementHead < replacement.length && blank(replacement[replacementHead])) replacementHead++;
  let replacementTail = 0;
  while (replacementTail < tail && replacementTail < replacement.length - replacementHead && blank(replacement[replacement.length - 1 - replacementTail])) replacementTail++;
  const lines = needle.lines.slice(head, needle.lines.length - tail);
  const elisions = new Set<number>();
  for (const i of needle.elisions) if (i >= head && i < needle.lines.length - tail) elisions.add(i - head);
  return { needle: { lines, elisions }, replacement: replacement.slice(replacementHead, replacement.length - replacementTail) };
}

/**
 * Every place the needle's text already stands in the file under the first `rungs` rungs of the
 * ladder (no fuzzy guessing): the already-applied checks. A blank needle stands nowhere.
 */
function wherePresent(index: FileIndex, needle: Needle, rungs: number): LineMatch[] {
  if (needle.lines.every((line) => line.trim() === '')) return [];
  const found = locate(index, needle, { expectedCount: 'all', fuzzyThreshold: 1, rungs: ladder.slice(0, rungs) });
  return found.kind === 'found' ? found.matches : [];
}

/**
 * True for the formats whose every line is prefixed and copied from a file, git's way: unified
 * diffs and apply_patch. Their blocks list changes in file order, their new files are spelled out
 * verbatim, and only dotted comments in them are elisions (see `isElisionIn`).
 */
function isLinePrefixed(format: EditFormat | undefined): boolean {
  return format === 'unified-diff' || format === 'apply-patch';
}

/** `\n`-terminated `content` with the endings a create op states: one for all lines, or one per line. */
function withEols(content: string, eol: '\r\n' | readonly ('\n' | '\r\n')[]): string {
  if (typeof eol === 'string') return withEol(content, eol);
  let line = 0;
  return content.replace(/\n/g, () => eol[line++] ?? '\n');
}

function toNeedle(search: string, format?: EditFormat): Needle {
  const lines = toLines(search);
  const elisions = new Set<number>();
  lines.forEach((line, i) => isElisionIn(format, line) && elisions.add(i));
  return { lines, elisions };
}

/**
 * Whether `line` stands for omitted code in an op of `format`. In diffs and apply_patch every line
 * is prefixed and copied from a file, so there only a comment with dots in it
 * (`// ... existing code ...`) counts: a bare `...` is code (a Python stub's body), and a comment
 * in words alone (`// the rest stays as is`) is the file's text, as git writes it.
 */
function isElisionIn(format: EditFormat | undefined, line: string): boolean {
  if (!isElisionLine(line)) return false;
  if (!isLinePrefixed(format)) return true;
  return !isBareDotsLine(line) && (line.includes('...') || line.includes('\u2026'));
}

function overlapsAny(edits: readonly TextEdit[], pending: readonly TextEdit[]): boolean {
  return edits.some((a) => pending.some((b) => a.start < b.end && b.start < a.end));
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function normaliseEol(text: string): string {
  return text.replace(/^\ufeff/, '').replace(/\r\n/g, '\n');
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

