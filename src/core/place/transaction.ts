import type { EditOp, ReplaceOp } from '../ir';
import { nextStepFor, type ErrorCode } from '../errors';
import type { EditReceipt, FileAction, FileReceipt, ReceiptError, Strategy } from '../receipt';
import { resolvePath } from '../paths';
import { FileIndex } from '../locate/fileIndex';
import { overlapsRange } from '../locate/ranges';
import { TextPlan, type TextEdit } from '../plan';
import { EditedText } from '../text/editedText';
import { lineHolding, looksBinary, splitFileText, type FileText } from '../text/fileText';
import { firstAtLeast } from '../sortedSearch';
import type { FileChange, PlanOptions, PlanResult, ReadFile } from '../pipeline';

/** A mutable record of one op's outcome while planning; frozen into an EditReceipt at the end. */
export interface EditRecord {
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

/** What a placement hands to `Transaction.record`: a record whose edits and warnings may be left out. */
export type RecordInput = Omit<EditRecord, 'warnings' | 'edits'> & { warnings?: string[]; edits?: TextEdit[] };

/** One file's evolving state during planning. */
export interface FileState {
  readonly path: string;
  /** The text the plan started from; undefined when the file did not exist. */
  readonly original: string | undefined;
  /** The text edits are currently located against (the original, or a later base after a sequential commit): `file.raw`. */
  readonly base: string | undefined;
  file: FileText | undefined;
  index: FileIndex | undefined;
  /** Edits placed on `base` and not yet committed to it. */
  pending: TextEdit[];
  /** Line ranges of `base` that placed ops already claim: no later op may match inside them. */
  taken: { start: number; end: number }[];
  /** Line drift (found − hinted) of the last hinted op, carried to the next hunk's hint. */
  drift: number;
  /** Where the last placed op of a diff or patch ended, and its block: the next hunk comes after it. */
  cursor?: { block: number; end: number };
  exists: boolean;
  created: boolean;
  deleted: boolean;
  movedTo?: string;
  /** The executable bit a mode change of the reply gives the file (see `placeMode`); undefined: its own. */
  executable?: boolean;
  failed: boolean;
  touched: boolean;
  records: EditRecord[];
  /**
   * The replace ops placed so far, by their search text (trailing whitespace aside), each with
   * what else makes a repeat (its replacement, count and hint) and its record: a repeat adds nothing.
   */
  placedEdits: Map<string, PlacedEdit[]>;
  /** The block that gave the file's text whole (a fenced whole file, written over it), if one did. */
  wholeVersion?: number;
  /**
   * Blocks that take the places of a search text the file repeats, in turn (see `placeInTurn`,
   * replace.ts): each is an edit of its own place, never a repeat of the block before it.
   */
  inTurn?: Set<number>;
}

/** A SEARCH/REPLACE block with a search text for exactly one place, located by its text alone. */
function searchesOnePlace(op: ReplaceOp): boolean {
  // apply_patch chunks too: Codex applies each `*** Update File:` section to the file the sections
  // before it left, each chunk at the first place from its start (or from the chunk before it).
  return (op.source.format === 'search-replace' || op.source.format === 'apply-patch') && op.search !== '' && op.expectedCount === 1 && op.lineHint === undefined && !op.anchors?.length;
}

/** A replace op placed, as `FileState.placedEdits` keeps it. */
export interface PlacedEdit {
  readonly replacement: string;
  readonly expectedCount: number | 'all';
  readonly lineHint: number | undefined;
  /** The diff hunk's section heading, when it had one. */
  readonly sectionHeading: string | undefined;
  readonly record: EditRecord;
}

const defaultMaxFileChars = 10_000_000;

/**
 * The files of one reply while it is planned: each file's state (loaded on first use), the
 * records and errors of every op, and the commit of a file's pending edits to a new base.
 *
 * Guarantees: a file whose ops did not all place is marked failed and never reaches `finish`'s
 * changes; pending edits of one file never overlap (checked again by `TextPlan` when committed
 * and at the end); line numbers in the receipt are those of the original text, new line numbers
 * those of the proposed text.
 */
export class Transaction {
  readonly errors: ReceiptError[] = [];
  private readonly states = new Map<string, FileState>();
  /** Paths a move renamed, pointing at the state of the file they now name. */
  private readonly aliases = new Map<string, FileState>();
  private readonly order: FileState[] = [];
  /** Warnings that belong to a block's records whatever its outcome (which file it was taken to). */
  private readonly notes = new Map<number, string[]>();
  /**
   * For a path as the reply names it (resolved, not existing): the other workspace file each of its
   * ops was taken to (see `targetFileOf`); null once two ops of it went to different files.
   */
  private readonly takenTo = new Map<string, string | null>();

  constructor(
    readonly readFile: ReadFile,
    readonly options: PlanOptions,
    /** The file paths the reply's ops name, as written (the files in play for a pathless block). */
    readonly namedPaths: readonly string[] = [],
    /** The reply's ops in reply order (see `blocksSearchingAlike`). */
    private readonly ops: readonly EditOp[] = [],
  ) {}

  /** The reply's ops, in reply order. */
  get replyOps(): readonly EditOp[] {
    return this.ops;
  }

  /** The reply's SEARCH/REPLACE ops that may share places, by search text and path as written, in reply order: built on first use. */
  private searchesAlike: Map<string, Map<string | undefined, ReplaceOp[]>> | undefined;

  /**
   * The ops of the reply, in reply order, that are SEARCH/REPLACE blocks naming the file `op`
   * names (as written) and searching for the same text (trailing whitespace aside), each for one
   * place and without a line hint, `op` among them; empty when `op` is not such a block. Built on
   * first use, so a reply whose search texts are each found once never pays for it. The list is
   * the index's own: callers only read it.
   */
  blocksSearchingAlike(op: ReplaceOp): readonly ReplaceOp[] {
    if (!searchesOnePlace(op)) return [];
    if (!this.searchesAlike) {
      // Keyed by the search text and then the path, not by the two joined: a joined key would copy
      // every block's search text (10 MB for a reply of 10 MB).
      this.searchesAlike = new Map();
      for (const other of this.ops) {
        if (other.kind !== 'replace' || !searchesOnePlace(other)) continue;
        const key = other.search.trimEnd();
        let byPath = this.searchesAlike.get(key);
        if (!byPath) this.searchesAlike.set(key, (byPath = new Map()));
        const group = byPath.get(other.path);
        if (group) group.push(other);
        else byPath.set(other.path, [other]);
      }
    }
    return this.searchesAlike.get(op.search.trimEnd())?.get(op.path) ?? [];
  }

  private replaceOpsByPath: Map<string | undefined, ReplaceOp[]> | undefined;
  private replaceOpPositions: Map<ReplaceOp, number> | undefined;

  /**
   * The reply's replace ops naming `op`'s path as written, in reply order, and `op`'s position
   * among them: built on first use. The list is the index's own.
   */
  replaceOpsBeside(op: ReplaceOp): { ops: readonly ReplaceOp[]; at: number } {
    if (!this.replaceOpsByPath || !this.replaceOpPositions) {
      this.replaceOpsByPath = new Map();
      this.replaceOpPositions = new Map();
      for (const other of this.ops) {
        if (other.kind !== 'replace') continue;
        let list = this.replaceOpsByPath.get(other.path);
        if (!list) this.replaceOpsByPath.set(other.path, (list = []));
        this.replaceOpPositions.set(other, list.length);
        list.push(other);
      }
    }
    return { ops: this.replaceOpsByPath.get(op.path) ?? [], at: this.replaceOpPositions.get(op) ?? -1 };
  }

  private namedCounts: Map<string, number> | undefined;

  /** How many times the reply's ops name `path` as written (so at least how many ops edit it, when its blocks name it so). */
  timesNamed(path: string): number {
    if (!this.namedCounts) {
      this.namedCounts = new Map();
      for (const named of this.namedPaths) this.namedCounts.set(named, (this.namedCounts.get(named) ?? 0) + 1);
    }
    return this.namedCounts.get(path) ?? 0;
  }

  /** The state a path already has in this reply (a move's destination included), if any. */
  known(path: string): FileState | undefined {
    return this.aliases.get(path) ?? this.states.get(path);
  }

  /** The state loaded for `path` itself (not a move's destination), if any. */
  loaded(path: string): FileState | undefined {
    return this.states.get(path);
  }

  /** True when a move of this reply renamed a file to `path`. */
  isMoveDestination(path: string): boolean {
    return this.aliases.has(path);
  }

  /** Makes `path` name `state`'s file from now on (a move's destination). */
  alias(path: string, state: FileState): void {
    this.aliases.set(path, state);
  }

  /** Records that an op naming `named` was taken to the workspace file `path` instead. */
  takePathTo(named: string, path: string): void {
    const before = this.takenTo.get(named);
    this.takenTo.set(named, before === undefined || before === path ? path : null);
  }

  /** The one file the reply's earlier ops naming `named` were taken to, if they all went to one. */
  pathTakenFor(named: string): string | undefined {
    return this.takenTo.get(named) ?? undefined;
  }

  /** Adds a warning to every record of `block`, whatever its outcome. */
  note(block: number, warning: string): void {
    const notes = this.notes.get(block) ?? [];
    // Each op of a block (the hunks of one diff section) may say the same thing: said once.
    if (!notes.includes(warning)) this.notes.set(block, [...notes, warning]);
  }

  /** The state of a path, loading the file on first use; undefined (and an error) for unreadable files. */
  stateFor(path: string, op: EditOp): FileState | undefined {
    return this.known(path) ?? this.ownStateFor(path, op);
  }

  /**
   * The state of the file at `path` as the reply found it, even where a move of this reply has
   * put another file at that path since (see `MoveFileOp.simultaneous`): loaded on first use as
   * `stateFor` loads it.
   */
  ownStateFor(path: string, op: EditOp): FileState | undefined {
    const own = this.states.get(path);
    if (own) return own;
    const text = this.readFile(path);
    if (text !== undefined && looksBinary(text)) {
      this.fail('BINARY_FILE', op.source.block, path, `${path} is a binary file`, op);
      return undefined;
    }
    const maxFileChars = this.options.maxFileChars ?? defaultMaxFileChars;
    if (text !== undefined && text.length > maxFileChars) {
      this.fail('TOO_LARGE', op.source.block, path, `${path} has ${text.length} characters, over the limit of ${maxFileChars}`, op);
      return undefined;
    }
    return this.load(path, text);
  }

  /** A fresh state for a file read as `text` (undefined: the file does not exist). */
  private load(path: string, text: string | undefined): FileState {
    const state: FileState = {
      path,
      original: text,
      get base() {
        return this.file?.raw;
      },
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

  /**
   * The state of a path for looking at it only (a pathless block's candidate file): loaded like
   * `stateFor`, but a binary or over-large file is undefined, with no error recorded.
   */
  lookup(path: string): FileState | undefined {
    const known = this.known(path);
    if (known) return known;
    const text = this.readFile(path);
    if (text !== undefined && (looksBinary(text) || text.length > (this.options.maxFileChars ?? defaultMaxFileChars))) return undefined;
    return this.load(path, text);
  }

  /** The matching index of the state's current base, built on first use. */
  indexOf(state: FileState): FileIndex {
    if (!state.index) state.index = new FileIndex(state.file!);
    return state.index;
  }

  /** Applies the pending edits to the base, so later ops are located on the result. */
  commit(state: FileState): void {
    if (state.pending.length === 0) return;
    for (const record of state.records) {
      if (record.edits.length === 0) {
        // Placed at an earlier commit: the edits committed now may add or remove lines above it.
        if (record.placed) record.placed = shiftedByPending(record.placed, state);
        continue;
      }
      const frozen = freeze(record, state);
      if (frozen.newStartLine !== undefined && frozen.newEndLine !== undefined) record.placed = { newStartLine: frozen.newStartLine, newEndLine: frozen.newEndLine };
    }
    // The edited text is read through the old one and the edits (see EditedText): committing
    // costs the edits' size; the text is built when it is read whole, or as a last resort.
    const plan = new TextPlan(state.pending);
    const edited = state.file && EditedText.of(state.file, plan.edits);
    if (edited) this.rebaseOnto(state, edited);
    else this.rebase(state, plan.apply(state.base ?? ''));
    for (const record of state.records) record.edits = [];
  }

  /** Makes `text` the state's base with nothing pending (a created file, a committed one). */
  rebase(state: FileState, text: string): void {
    this.rebaseOnto(state, splitFileText(text));
  }

  /** Makes `file` the state's base with nothing pending. */
  private rebaseOnto(state: FileState, file: FileText): void {
    state.file = file;
    state.index = undefined;
    state.pending = [];
    state.taken = [];
  }

  /** Records an op's outcome on its file; its edits join the file's pending edits. */
  record(state: FileState, record: RecordInput): void {
    state.touched = true;
    const full: EditRecord = { warnings: [], edits: [], ...record };
    const notes = this.notes.get(record.block);
    if (notes) full.warnings = [...notes, ...full.warnings];
    state.records.push(full);
    state.pending.push(...full.edits);
  }

  /** Records a failed op: an error in the receipt, and its file (when there is one) kept out of the plan. */
  fail(code: ErrorCode, block: number, path: string | null, message: string, op: EditOp, extra: Partial<ReceiptError> = {}, state?: FileState): void {
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

  /** Keeps the file of an op that broke an invariant out of the plan. */
  poison(op: EditOp): void {
    const raw = op.kind === 'move' ? op.from : (op.path ?? this.options.hintPath);
    const resolved = raw === undefined ? undefined : resolvePath(raw, this.options.root);
    const state = resolved?.ok ? this.known(resolved.path) : undefined;
    if (state) state.failed = true;
  }

  /**
   * Fails the files the plan would put at a path that it also makes a folder of, or inside a
   * path it also makes a file, each error naming the other side: one reply writing
   * `seniales/test` whole and files inside `seniales/test/` (a model's whole-file block for "the
   * new test folder", beside the tests it puts there). A disk holds a file or a folder at one
   * path, never both: planned apart, each looks fine, and the write fails half-way through the
   * reply; which of the two the reply meant is its reader's to say, so every side the reply
   * makes fails (a file it creates or moves there). A file that exists and stays (edited or
   * not) is a side too, but not one to fail: what the reply puts inside it is what cannot be.
   * A file the reply deletes or moves away frees its path.
   */
  refuseFileFolderClashes(): void {
    const standing = new Map<string, { state: FileState; made: boolean }>();
    for (const state of this.order) {
      if (state.deleted) continue;
      const moved = state.movedTo !== undefined && !state.failed;
      if (state.original !== undefined) standing.set(moved ? state.movedTo! : state.path, { state, made: moved });
      else if (state.created && !state.failed) standing.set(state.movedTo ?? state.path, { state, made: true });
    }
    const inside = new Map<string, string[]>();
    for (const path of standing.keys()) {
      for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) {
        const folder = path.slice(0, cut);
        if (standing.has(folder)) inside.set(folder, [...(inside.get(folder) ?? []), path]);
      }
    }
    for (const [folder, paths] of inside) {
      const file = standing.get(folder)!;
      const contents = paths.map((path) => ({ path, ...standing.get(path)! }));
      if (!file.made && !contents.some((c) => c.made)) continue;
      const asFile = file.made ? `which ${blocksNamed(file.state)} of this reply writes as a file` : 'a file this reply keeps';
      const nextStep = `Say which one is meant: re-send the reply with the file ${folder} under another name, or with the files of a ${folder}/ folder in another folder.`;
      if (file.made) this.failAfterPlacing(file.state, folder, `this reply writes ${folder} as a file, and also files inside a folder of that name (${listed(paths)}): one path cannot be both a file and a folder`, nextStep);
      for (const content of contents) {
        if (content.made) this.failAfterPlacing(content.state, content.path, `${content.path} would be inside ${folder}, ${asFile}: one path cannot be both a file and a folder`, nextStep);
      }
    }
  }

  /** Fails a placed file whole (each of its blocks), with one NOT_A_FILE error at its first block. */
  private failAfterPlacing(state: FileState, path: string, message: string, nextStep: string): void {
    if (state.failed) return;
    const block = state.records[0]?.block ?? 0;
    const op = this.ops.find((o) => o.source.block === block);
    this.errors.push({ code: 'NOT_A_FILE', block, path, message, candidates: [], nextStep, ...(op ? { replyLines: { start: op.source.startLine, end: op.source.endLine } } : {}) });
    state.failed = true;
    for (const record of state.records) {
      record.status = 'failed';
      record.edits = [];
    }
    state.pending = [];
  }

  /** The receipt's files and the proposed change of every file whose ops all placed. */
  finish(): PlanResult {
    const files: FileReceipt[] = [];
    const changes: FileChange[] = [];
    for (const state of this.order) {
      if (!state.touched) continue;
      // Deleted last is deleted, whatever the reply made of it before (a file created and deleted again).
      const action: FileAction = state.deleted ? 'delete' : state.created && state.original === undefined ? 'create' : state.movedTo ? 'move' : 'modify';
      // A file the reply creates and then moves is created where it was moved to: nothing stands
      // at its first path to move (the writer created it there and dropped the move).
      const path = action === 'create' && state.movedTo ? state.movedTo : state.path;
      const movedTo = action === 'move' ? state.movedTo : undefined;
      const receipts = state.records.map((record) => freeze(record, state));
      // A deleted file has no mode to set, a failed one is not written.
      const mode = state.executable !== undefined && !state.deleted && !state.failed ? { executable: state.executable } : {};
      files.push({ path, action, ...(movedTo ? { to: movedTo } : {}), ...mode, edits: receipts });
      // A file the reply made and deleted again was never there: nothing to write.
      if (state.failed || (state.deleted && state.original === undefined)) continue;
      let newText: string | undefined;
      try {
        newText = state.deleted ? undefined : state.pending.length ? withPending(state) : state.base;
      } catch (error) {
        this.errors.push({ code: 'OVERLAPPING_EDITS', block: state.records[0]?.block ?? 0, path: state.path, message: (error as Error).message, candidates: [], nextStep: nextStepFor('OVERLAPPING_EDITS') });
        continue;
      }
      // A mode change is a change even where the text stays as it is.
      const changed = action !== 'modify' || newText !== state.original || mode.executable !== undefined;
      if (!changed) continue;
      changes.push({ path, action, ...(movedTo ? { to: movedTo } : {}), originalText: state.original, newText: action === 'delete' ? undefined : newText, ...mode });
    }
    return {
      receipt: { ok: this.errors.length === 0, files, errors: this.errors, timing: { parseMs: 0, locateMs: 0, totalMs: 0 } },
      changes,
    };
  }
}

/** The state's base with its pending edits applied; onto an edited text they are composed and the text built once. */
function withPending(state: FileState): string {
  const plan = new TextPlan(state.pending);
  const edited = state.file instanceof EditedText ? EditedText.of(state.file, plan.edits) : undefined;
  return edited ? edited.raw : plan.apply(state.base ?? '');
}

/** True when any of `edits` overlaps one of `pending`. */
export function overlapsAny(edits: readonly TextEdit[], pending: readonly TextEdit[]): boolean {
  return edits.some((a) => overlapsRange(pending, a.start, a.end));
}

/** Computes where an op's new text lands in the proposed file, from the edits that precede it. */
function freeze(record: EditRecord, state: FileState): EditReceipt {
  // Built by adding properties to one literal, never by spreading objects into a new one: V8 gave
  // every receipt spread together here a hidden class of its own (33,000 of them, 10 MB, on a
  // reply of 33,000 blocks). The properties keep their order (and so the JSON receipt its shape).
  const receipt: Mutable<EditReceipt> = {
    block: record.block,
    status: record.status,
    strategy: record.strategy,
    score: record.score,
    startLine: record.startLine,
    endLine: record.endLine,
  };
  if (record.reindented) receipt.reindented = true;
  if (record.warnings.length) receipt.warnings = record.warnings;
  const placed = newLinesOf(record, state);
  if (placed) {
    receipt.newStartLine = placed.newStartLine;
    receipt.newEndLine = placed.newEndLine;
  }
  return receipt;
}

/** Where an applied record's new text sits in the proposed file; undefined when it has none. */
function newLinesOf(record: EditRecord, state: FileState): { newStartLine: number; newEndLine: number } | undefined {
  if (record.status === 'applied' && record.edits.length === 0 && record.placed) return shiftedByPending(record.placed, state);
  // An empty base (its length, without building an edited text) has no lines to move.
  if (record.status !== 'applied' || record.edits.length === 0 || !state.file || state.file.offset(state.file.lineCount) === 0) return undefined;
  const file = state.file;
  const first = record.edits.reduce((a, b) => (a.start <= b.start ? a : b));
  const shift = linesAddedBefore(state.pending, file, first.start);
  const newStart = lineHolding(file, first.start) + 1 + shift;
  const newLines = Math.max(1, countNewlines(first.text, first.text.length) + (first.text.endsWith('\n') ? 0 : 1));
  return { newStartLine: newStart, newEndLine: newStart + newLines - 1 };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Where lines placed by an edit committed earlier (their place in the state's base) stand once
 * the base's pending edits are applied: moved by the lines those edits add above them.
 */
function shiftedByPending(placed: { newStartLine: number; newEndLine: number }, state: FileState): { newStartLine: number; newEndLine: number } {
  const file = state.file;
  if (!file || state.pending.length === 0) return placed;
  const shift = linesAddedBefore(state.pending, file, file.offset(Math.min(placed.newStartLine - 1, file.lineCount)));
  return shift === 0 ? placed : { newStartLine: placed.newStartLine + shift, newEndLine: placed.newEndLine + shift };
}

/** Per pending list (and its length then): its edits' starts, sorted, and the lines they add, summed in that order. */
const addedLines = new WeakMap<readonly TextEdit[], { file: FileText; count: number; starts: number[]; sums: number[] }>();

/**
 * How many lines the pending edits that start before `offset` add (removed lines count
 * negative): where an edit's new text lands. Sorted once per pending list, so freezing every
 * record of a file costs O(n log n), not O(n²).
 */
function linesAddedBefore(pending: readonly TextEdit[], file: FileText, offset: number): number {
  let sums = addedLines.get(pending);
  if (!sums || sums.count !== pending.length || sums.file !== file) {
    const sorted = [...pending].sort((a, b) => a.start - b.start);
    const running = [0];
    for (const edit of sorted) running.push(running[running.length - 1] + countNewlines(edit.text, edit.text.length) - (lineHolding(file, edit.end) - lineHolding(file, edit.start)));
    sums = { file, count: pending.length, starts: sorted.map((edit) => edit.start), sums: running };
    addedLines.set(pending, sums);
  }
  return sums.sums[firstAtLeast(sums.starts, offset)];
}

/** How many `\n` stand in `text` before `end`. */
export function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** `block 5`, `blocks 2 and 4`: the blocks that placed edits on the state's file. */
function blocksNamed(state: FileState): string {
  const blocks = [...new Set(state.records.map((record) => record.block))];
  return `${blocks.length === 1 ? 'block' : 'blocks'} ${listed(blocks.map(String))}`;
}

/** `a`, `a and b`, `a, b and c`. */
function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
