import { describeMatch, failureReportForModel, type Receipt } from '../../core/index';
import type { AcceptOutcome } from '../review/reviewService';

/** What happened to each proposed file after the review. */
export interface FileDecision {
  readonly path: string;
  readonly applied: boolean;
  /** True when the person changed the proposed text before accepting it. */
  readonly handEdited?: boolean;
}

/**
 * The tool's answer to the model, in plain text it can act on: what was applied and how (so it
 * does not re-send those edits), what the person rejected, files that saving changed after the edit
 * (format on save: with the diff, so the next edit quotes the file as it is now, not as the model
 * wrote it), and for failures the engine's report with the nearest lines the files really have.
 */
export function receiptForModel(receipt: Receipt, decisions: readonly FileDecision[] | undefined, note?: string, accepts: readonly Pick<AcceptOutcome, 'reshaped'>[] = []): string {
  const out: string[] = [];
  if (note) out.push(note, '');
  const decisionOf = (path: string) => decisions?.find((d) => d.path === path);
  const applied: string[] = [];
  const rejected: string[] = [];
  // A failed reply wrote nothing; the failure report already names the blocks that are fine.
  const files = receipt.ok || decisions ? receipt.files : [];
  for (const file of files) {
    const target = file.to ?? file.path;
    const decision = decisionOf(target) ?? decisionOf(file.path);
    const edits = file.edits.filter((e) => e.status !== 'failed');
    if (edits.length === 0) continue;
    const how = edits
      .map((e) => (e.status === 'alreadyApplied' ? `block ${e.block} was already applied` : `block ${e.block} ${describeMatch(e).replace(' ⚠ review', '')}${e.newStartLine ? ` at lines ${e.newStartLine}-${e.newEndLine}` : ''}`))
      .join('; ');
    const line = `- ${target}${file.action === 'modify' ? '' : ` (${file.action}${file.to ? ` from ${file.path}` : ''})`}: ${how}`;
    // A file with no decision was never written either (its review ended before it was proposed).
    if (decisions && !decision?.applied) rejected.push(`- ${target}`);
    else applied.push(decision?.handEdited ? `${line} (the user adjusted the proposed text before accepting; read the file before editing it again)` : line);
  }
  if (applied.length) out.push(decisions ? 'Applied and saved (do not re-send these edits):' : 'Placed (do not re-send these edits):', ...applied);
  if (rejected.length) out.push('', 'The user rejected these files; they are unchanged:', ...rejected);
  const reshaped = accepts.flatMap((a) => a.reshaped);
  if (reshaped.length) {
    out.push('', 'Saving then changed these files (the user\'s format on save), so they no longer read exactly as your edit wrote them. Quote them as they are now in any further edit (- lines are as you wrote them, + lines as the file is now):');
    for (const file of reshaped) out.push('', `${file.path}:`, '```diff', file.diff.replace(/\n$/, ''), '```');
  }
  const report = failureReportForModel(receipt);
  if (report) out.push('', report);
  if (!applied.length && !rejected.length && !report) out.push('Nothing to change: the files already hold these edits.');
  return out.join('\n').trim();
}
