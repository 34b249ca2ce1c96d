import type { BlockStatus } from '../chat/blockStatus';

/** Messages the panel's webview sends to the extension. */
export type FromPanel =
  | { readonly type: 'ready' }
  /** The whole text of the reply box, after every change (paste, typing, a stream). */
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'review' }
  | { readonly type: 'apply' }
  | { readonly type: 'clear' }
  | { readonly type: 'undo' };

/** One applied reply in the panel's history. */
export interface HistoryEntry {
  readonly id: number;
  readonly time: string;
  readonly title: string;
  /** The receipt in plain lines: what was applied and how. */
  readonly lines: string[];
  /** True for the newest entry while Undo Last AI Edit can take it back. */
  readonly canUndo: boolean;
  readonly undone: boolean;
}

/** Messages the extension sends to the panel's webview. */
export type ToPanel =
  | {
      readonly type: 'blocks';
      readonly blocks: readonly BlockStatus[];
      /** One line about the whole reply (`3 edits in 2 files ready`, `1 of 3 edits failed: …`), when planned. */
      readonly summary: string;
      readonly state: 'empty' | 'reading' | 'ready' | 'failed';
    }
  | { readonly type: 'history'; readonly entries: readonly HistoryEntry[] }
  /** The reply a model is streaming through `@apply /edit`, watched live. */
  | {
      readonly type: 'watch';
      readonly source: string;
      readonly blocks: readonly BlockStatus[];
      readonly summary: string;
      readonly state: 'reading' | 'ready' | 'failed' | 'cancelled';
    }
  | { readonly type: 'busy'; readonly busy: boolean; readonly message?: string }
  | { readonly type: 'notice'; readonly message: string; readonly kind: 'info' | 'error' };
