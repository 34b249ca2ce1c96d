/**
 * Every command the extension contributes, in one table. The values must match
 * `contributes.commands` in package.json (an integration test checks both directions), and each
 * id links to the file that implements it.
 */
export const CommandId = {
  /** {@link import('./commands/apply').applyCommand}: clipboard if it holds edits, else selection, else an input box. */
  apply: 'applyAiEdit.apply',
  /** {@link import('./commands/applyFromClipboard').applyFromClipboardCommand} */
  applyFromClipboard: 'applyAiEdit.applyFromClipboard',
  /** {@link import('./commands/applyFromSelection').applyFromSelectionCommand} */
  applyFromSelection: 'applyAiEdit.applyFromSelection',
  /** {@link import('./commands/accept').acceptCommand}: the file of the focused diff. */
  accept: 'applyAiEdit.accept',
  /** {@link import('./commands/reject').rejectCommand}: the file of the focused diff. */
  reject: 'applyAiEdit.reject',
  /** {@link import('./commands/acceptAll').acceptAllCommand} */
  acceptAll: 'applyAiEdit.acceptAll',
  /** {@link import('./commands/rejectAll').rejectAllCommand} */
  rejectAll: 'applyAiEdit.rejectAll',
  /** {@link import('./commands/showReview').showReviewCommand}: reopen the pending review's diff. */
  showReview: 'applyAiEdit.showReview',
  /** {@link import('./commands/undoLast').undoLastCommand} */
  undoLast: 'applyAiEdit.undoLast',
  /** {@link import('./commands/copyFailureReport').copyFailureReportCommand} */
  copyFailureReport: 'applyAiEdit.copyFailureReport',
  /** {@link import('./commands/showDetails').showDetailsCommand}: the last receipt as Markdown. */
  showDetails: 'applyAiEdit.showDetails',
  /** {@link import('./commands/showLog').showLogCommand} */
  showLog: 'applyAiEdit.showLog',
} as const;

export type CommandId = (typeof CommandId)[keyof typeof CommandId];

/** Context keys the extension sets, for `when` clauses in package.json. */
export const ContextKey = {
  /** True while a proposal waits for accept or reject. */
  reviewPending: 'applyAiEdit.reviewPending',
  /** How many files the pending proposal still has (0 when none). */
  reviewFiles: 'applyAiEdit.reviewFiles',
  /** True while the active tab is one of the pending proposal's diffs (single or multi-file). */
  reviewFocused: 'applyAiEdit.reviewFocused',
  /** True while the last apply can be undone with Undo Last AI Edit. */
  canUndo: 'applyAiEdit.canUndo',
  /** True while there is a failure report to copy. */
  hasFailureReport: 'applyAiEdit.hasFailureReport',
} as const;

/** URI schemes of the review documents. */
export const Scheme = {
  /** The editable proposed side of a diff (a FileSystemProvider). */
  proposed: 'apply-ai-edit',
  /** The read-only snapshot of the text a proposal was planned from. */
  original: 'apply-ai-edit-original',
} as const;
