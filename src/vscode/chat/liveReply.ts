import {
  createStreamingParser,
  planReply,
  referencedPaths,
  type EditFormat,
  type ParsedReply,
  type PlanOptions,
  type Receipt,
  type StreamEvent,
  type StreamingParser,
} from '../../core/index';
import type { WorkspaceFiles } from '../documents';
import { describeReceiptBlock, type BlockStatus } from './blockStatus';

/** What the live view of a reply should show after a chunk: blocks that began and blocks that ended. */
export interface LiveUpdate {
  /** Blocks the reply entered since the last update (their status is `writing`). */
  readonly started: BlockStatus[];
  /** Blocks that completed since the last update, each already located on its file. */
  readonly completed: BlockStatus[];
}

/**
 * Blocks located live, at most. Each preview plans the block after the earlier blocks of its file,
 * so a reply with thousands of blocks would cost quadratic time; past this many, later blocks show
 * as parsed and the final plan of the whole reply places them.
 */
const maxPreviews = 100;

/** Options of {@link LiveReply}. */
export interface LiveReplyOptions {
  /** Workspace-relative file for blocks that name none. */
  readonly hintPath?: string;
  readonly fuzzyThreshold: number;
  /**
   * File texts to locate blocks on instead of the workspace's current text (what a model was shown).
   * Paths missing here are read from the workspace.
   */
  readonly seen?: ReadonlyMap<string, string>;
}

/**
 * A reply being received chunk by chunk, for a live per-block status.
 *
 * Guarantees: it never writes; each block is reported `writing` at most once and completed at most
 * once, in reply order; a completed block is located on its file (with the earlier blocks of the
 * same file placed first, so chains of edits read right) and carries how it matched or why not.
 * The status is a preview only: the final plan of the whole reply is what decides (see
 * {@link finish}), which is why the statuses never feed a write.
 */
export class LiveReply {
  private readonly parser: StreamingParser = createStreamingParser();
  private readonly texts = new Map<string, string | undefined>();
  private readonly done: ParsedReply[] = [];
  private text = '';
  /** Blocks reported complete so far, and the last reply line they cover. */
  private completedCount = 0;
  private coveredThrough = 0;
  private finished: { reply: ParsedReply; statuses: BlockStatus[] } | undefined;
  /** The status of every block seen so far, by block number (a started block has 0 until it completes). */
  readonly statuses: BlockStatus[] = [];

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly options: LiveReplyOptions,
  ) {}

  /** Everything pushed so far. */
  get replyText(): string {
    return this.text;
  }

  /** Feeds the next chunk of the reply. */
  async push(chunk: string): Promise<LiveUpdate> {
    if (this.finished) return { started: [], completed: [] };
    this.text += chunk;
    return this.handle(this.parser.push(chunk));
  }

  /**
   * Ends the stream: the blocks not yet reported complete are located, a block the reply ended
   * inside is reported `incomplete`. Returns the whole reply parsed exactly as `parseReply` would.
   */
  async finish(): Promise<{ reply: ParsedReply; update: LiveUpdate }> {
    const { reply, events } = this.parser.finish();
    const update = await this.handle(events);
    this.finished = { reply, statuses: this.statuses };
    return { reply, update };
  }

  private async handle(events: readonly StreamEvent[]): Promise<LiveUpdate> {
    const started: BlockStatus[] = [];
    const completed: BlockStatus[] = [];
    for (const event of events) {
      // Blocks never overlap: an event for lines already covered repeats a block (seen when the
      // streaming parser re-reads a tail that starts between a path label and its fence).
      if (event.startLine <= this.coveredThrough) continue;
      if (event.type === 'blockStarted') {
        const status: BlockStatus = { block: 0, format: event.format, path: event.path, state: 'writing', detail: 'being written…' };
        this.statuses.push(status);
        started.push(status);
        continue;
      }
      this.coveredThrough = event.endLine;
      const block = ++this.completedCount;
      const status = event.type === 'incomplete'
        ? { block, format: event.format, path: event.path ?? this.options.hintPath, state: 'incomplete' as const, detail: 'the reply ended inside this block; it will not be applied' }
        : await this.locate(block, event.format, event.path, renumber({ ops: event.ops, problems: event.problems }, block));
      this.replaceWriting(status, event.format);
      completed.push(status);
    }
    return { started, completed };
  }

  /** Places a completed block after the earlier completed blocks (only its file matters). */
  private async locate(block: number, format: EditFormat, path: string | undefined, parsed: ParsedReply): Promise<BlockStatus> {
    if (block > maxPreviews) return { block, format, path: path ?? this.options.hintPath, state: 'parsed', detail: 'parsed; placed when the whole reply is planned' };
    const planOptions: PlanOptions = {
      hintPath: this.options.hintPath,
      root: this.files.root.uri.scheme === 'file' ? this.files.root.uri.fsPath : undefined,
      fuzzyThreshold: this.options.fuzzyThreshold,
    };
    const wanted = new Set(referencedPaths(parsed, planOptions));
    await this.load(wanted);
    // Earlier blocks of the same files go first, so an edit that only fits after them is read right.
    const earlier = this.done.flatMap((d) => d.ops).filter((op) => referencedPaths({ ops: [op], problems: [] }, planOptions).some((p) => wanted.has(p)));
    this.done.push(parsed);
    let receipt: Receipt;
    try {
      receipt = planReply({ ops: [...earlier, ...parsed.ops], problems: parsed.problems }, (p) => this.texts.get(p), planOptions).receipt;
    } catch (error) {
      // The preview must never break the stream; the final plan reports for real.
      return { block, format, path, state: 'parsed', detail: `parsed (could not preview: ${error instanceof Error ? error.message : String(error)})` };
    }
    return describeReceiptBlock(receipt, block, format, path ?? this.options.hintPath);
  }

  private async load(paths: Iterable<string>): Promise<void> {
    for (const path of paths) {
      if (this.texts.has(path)) continue;
      const seen = this.options.seen?.get(path);
      if (seen !== undefined) {
        this.texts.set(path, seen);
        continue;
      }
      const read = await this.files.read(path);
      this.texts.set(path, read.kind === 'text' ? read.text : undefined);
    }
  }

  private replaceWriting(status: BlockStatus, format: EditFormat): void {
    const index = this.statuses.findIndex((s) => s.state === 'writing' && s.format === format);
    if (index >= 0) this.statuses[index] = status;
    else this.statuses.push(status);
  }
}

/** The block's ops and problems carrying `block` as their number (this view's count, in reply order). */
function renumber(parsed: ParsedReply, block: number): ParsedReply {
  return {
    ops: parsed.ops.map((op) => ({ ...op, source: { ...op.source, block } })),
    problems: parsed.problems.map((p) => ({ ...p, block })),
  };
}
