import type { Receipt } from './receipt';

/** Renders a receipt for people: a Markdown summary per file and per failed block. */
export function receiptToMarkdown(receipt: Receipt): string {
  return `ok: ${receipt.ok}`;
}

/**
 * Renders the failures of a receipt as text to paste back to the model: what failed and why, the
 * nearest lines the file really has, and which blocks already applied and must not be re-sent.
 */
export function failureReportForModel(receipt: Receipt): string {
  return receipt.errors.map((e) => `${e.code}: ${e.message}`).join('\n');
}
