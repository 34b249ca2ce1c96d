import * as vscode from 'vscode';
import type { BlockStatus } from './blockStatus';

/** Where a reply being written by a model stands, for views that watch it (the panel). */
export interface LiveSnapshot {
  /** Who is writing, e.g. `@apply /edit (round 2)`. */
  readonly source: string;
  readonly blocks: readonly BlockStatus[];
  readonly summary: string;
  readonly state: 'reading' | 'ready' | 'failed' | 'cancelled';
}

/**
 * The latest state of the reply a model is streaming through `@apply /edit`, published as it
 * changes so the panel can show the same live block list as the chat. Publishing never blocks
 * or fails the stream: listeners only get copies.
 */
export class LiveFeed implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<LiveSnapshot>();
  private last: LiveSnapshot | undefined;
  /** Fires with every new snapshot. */
  readonly onDidUpdate = this.emitter.event;

  /** The newest snapshot, if a model has streamed since activation. */
  get latest(): LiveSnapshot | undefined {
    return this.last;
  }

  publish(snapshot: LiveSnapshot): void {
    this.last = { ...snapshot, blocks: snapshot.blocks.map((b) => ({ ...b })) };
    this.emitter.fire(this.last);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
