import { plural, similarityPercent, type EditReceipt, type Receipt, type ReceiptError } from '../../core/index';
import type { Proposal, ProposedFile } from './proposalStore';
import { reviewTitlePrefix } from './proposalStore';

/** Counts of a receipt's edits, by outcome. */
export interface EditCounts {
  readonly applied: number;
  readonly alreadyApplied: number;
  readonly failed: number;
  readonly files: number;
}

/** Counts the edits of a receipt; failures without a file receipt (parse errors) count as failed. */
export function countEdits(receipt: Receipt): EditCounts {
  let applied = 0;
  let alreadyApplied = 0;
  let failedInFiles = 0;
  for (const file of receipt.files) {
    for (const edit of file.edits) {
      if (edit.status === 'applied') applied++;
      else if (edit.status === 'alreadyApplied') alreadyApplied++;
      else failedInFiles++;
    }
  }
  return { applied, alreadyApplied, failed: Math.max(failedInFiles, receipt.errors.length), files: receipt.files.length };
}

/**
 * The diff tab's title: what the reply does, e.g. `AI edit: 7 edits` (VS Code adds the multi-file
 * diff's own `(3 files)`) or `AI edit: a.ts (2 edits)`.
 */
export function reviewTitle(proposal: Proposal): string {
  const files = proposal.files;
  const editsOf = (f: ProposedFile) => proposal.plan.receipt.files.find((r) => r.path === f.change.path)?.edits.filter((e) => e.status === 'applied').length ?? 0;
  const edits = files.reduce((n, f) => n + editsOf(f), 0);
  const partial = proposal.partial ? ' (partial)' : '';
  if (files.length === 1) {
    const f = files[0];
    const name = f.path.split('/').pop() ?? f.path;
    const what = f.action === 'create' ? 'created' : f.action === 'delete' ? 'deleted' : f.action === 'move' ? `moved from ${f.change.path}` : plural(editsOf(f), 'edit');
    return `${reviewTitlePrefix}${name} (${what})${partial}`;
  }
  return `${reviewTitlePrefix}${plural(edits, 'edit')}${partial}`;
}

const strategyWords: Record<string, string> = {
  trailingWhitespace: 'trailing whitespace ignored',
  indentation: 'indentation adjusted',
  innerWhitespace: 'whitespace ignored',
  unicode: 'punctuation folded',
  leftOutLines: 'left-out lines kept',
  elision: 'elisions filled',
  fuzzy: 'fuzzy',
  lineNumbers: 'placed by line numbers',
};

/**
 * The edits a person should look at twice: fuzzy matches (with their score), normalised matches
 * and re-indented replacements, as `a.ts:12 fuzzy 91%` items.
 */
export function lookTwice(receipt: Receipt): string[] {
  const notes: string[] = [];
  for (const file of receipt.files) {
    for (const edit of file.edits) {
      if (edit.status !== 'applied') continue;
      const note = noteFor(edit);
      if (note) notes.push(`${file.to ?? file.path}:${edit.newStartLine ?? edit.startLine} ${note}`);
    }
  }
  return notes;
}

function noteFor(edit: EditReceipt): string | undefined {
  const parts: string[] = [];
  const words = strategyWords[edit.strategy];
  if (words) parts.push(edit.strategy === 'fuzzy' ? `fuzzy ${similarityPercent(edit.score)}` : words);
  if (edit.reindented && edit.strategy !== 'indentation') parts.push('re-indented');
  return parts.length ? parts.join(', ') : undefined;
}

/** One sentence for a planned reply: `7 edits in 3 files (1 already applied). Look twice: a.ts:12 fuzzy 91%.` */
export function proposalSummary(receipt: Receipt): string {
  const counts = countEdits(receipt);
  let text = `${plural(counts.applied, 'edit')} in ${plural(counts.files, 'file')}`;
  if (counts.alreadyApplied) text += ` (${counts.alreadyApplied} already applied)`;
  text += '.';
  const notes = lookTwice(receipt);
  if (notes.length) text += ` Look twice: ${notes.slice(0, 3).join('; ')}${notes.length > 3 ? ` and ${notes.length - 3} more` : ''}.`;
  for (const note of receipt.notes ?? []) text += ` Note: ${note}.`;
  return text;
}

/** One sentence for a reply with failures: `2 of 7 edits failed: NO_MATCH in a.ts (block 3), …`. */
export function failureSummary(receipt: Receipt): string {
  if (receipt.errors.length > 0 && receipt.errors.every((e) => e.code === 'NO_EDITS_FOUND')) {
    return 'The text holds no edits: expected SEARCH/REPLACE blocks, a unified diff, a *** Begin Patch envelope, whole files with their paths, or a JSON tool call.';
  }
  const counts = countEdits(receipt);
  const total = counts.applied + counts.alreadyApplied + counts.failed;
  const shown = receipt.errors.slice(0, 3).map(describeError).join('; ');
  const more = receipt.errors.length > 3 ? ` and ${receipt.errors.length - 3} more` : '';
  return `${counts.failed} of ${plural(total, 'edit')} failed: ${shown}${more}.`;
}

function describeError(error: ReceiptError): string {
  const where = error.path ? ` in ${error.path}` : '';
  const block = error.block > 0 ? ` (block ${error.block})` : '';
  return `${error.code}${where}${block}`;
}
