import type * as vscode from 'vscode';
import type { Notifier } from '../notify';
import type { PanelProvider } from '../panel/panelProvider';
import type { DetailsProvider } from '../review/details';
import type { ReviewService } from '../review/reviewService';

/** What every command handler may use; built once in `extension.ts`. */
export interface CommandContext {
  readonly review: ReviewService;
  readonly log: vscode.LogOutputChannel;
  readonly notifier: Notifier;
  /** The panel, where a reply can be pasted when neither the clipboard nor the selection holds one. */
  readonly panel: PanelProvider;
  /** The read-only document behind Show Details. */
  readonly details: DetailsProvider;
}
