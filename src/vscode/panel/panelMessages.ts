import type { BlockStatus } from '../chat/blockStatus';

/** Messages the panel's webview sends to the extension. */
export type FromPanel =
  | { readonly type: 'ready' }
  /** The whole text of the reply box, after every change (paste, typing, a stream). */
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'review' }
  | { readonly type: 'apply' }
  | { readonly type: 'clear' }
  /** Undo one history entry (its own apply, whichever way it came in). */
  | { readonly type: 'undo'; readonly id: number }
  /** Put the failing reply's report for the model on the clipboard. */
  | { readonly type: 'copyReport' }
  /** Review the files whose edits all placed, although others failed (an explicit opt-in). */
  | { readonly type: 'reviewRest' };

/** One applied reply in the panel's history (the extension's one history, from every way in). */
export interface HistoryItem {
  readonly id: number;
  readonly time: string;
  readonly title: string;
  /** Where the reply came from: `clipboard`, `panel`, `tool`, … */
  readonly source: string;
  /** The receipt in plain lines: what was applied and how. */
  readonly lines: readonly string[];
  /** True while the entry can be undone (it is not undone yet). */
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
      /** For a failing reply: what the panel offers (a report to copy; the placed files to review). */
      readonly failure?: { readonly canReviewRest: boolean };
    }
  | { readonly type: 'history'; readonly entries: readonly HistoryItem[] }
  /** The reply a model is streaming through `@apply /edit`, watched live. */
  | {
      readonly type: 'watch';
      readonly source: string;
      readonly blocks: readonly BlockStatus[];
      readonly summary: string;
      readonly state: 'reading' | 'ready' | 'failed' | 'cancelled';
    }
  | { readonly type: 'busy'; readonly busy: boolean; readonly message?: string }
  | { readonly type: 'notice'; readonly message: string; readonly kind: 'info' | 'error' }
  /** Put the cursor in the reply box, with a line saying why. */
  | { readonly type: 'focus'; readonly message: string };
