import type * as vscode from 'vscode';
import type { ReviewService } from '../review/reviewService';

/** What every command handler may use; built once in `extension.ts`. */
export interface CommandContext {
  readonly review: ReviewService;
  readonly log: vscode.LogOutputChannel;
}
