import type * as vscode from 'vscode';
import type { ReviewService } from '../review/reviewService';
import type { LiveFeed } from './liveFeed';

/** What the chat participant, the tool and the panel use; built once in `extension.ts`. */
export interface ChatServices {
  readonly review: ReviewService;
  readonly log: vscode.LogOutputChannel;
  /** Where `@apply /edit` publishes its live block list (the panel shows it); absent in hosts without a panel. */
  readonly live?: LiveFeed;
}

/** What a chat request reports back in `ChatResult.metadata` (read by follow-ups and tests). */
export interface ChatOutcomeMetadata {
  readonly command: 'paste' | 'edit' | 'help';
  /** Model rounds run (`/edit`): 1 plus the retries. */
  readonly rounds?: number;
  /** True when every edit placed and the reply was proposed for review. */
  readonly proposed: boolean;
  readonly cancelled?: boolean;
  /** The final receipt's failure codes, when something failed. */
  readonly failures?: string[];
  /** The text of the last failure report, when something failed. */
  readonly failureReport?: string;
  /** The id of the pending proposal this request created. */
  readonly proposalId?: number;
}
