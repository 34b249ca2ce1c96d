import { plural, type Receipt } from '../../core/index';
import { formatDiagnostics, type NewDiagnostic } from '../apply/diagnostics';
import { countEdits, lookTwice } from './summary';

/** How many look-twice places a toast names before it says "and N more". */
const toastNotes = 2;

/**
 * The "AI edit ready" toast. A toast shows only its first lines, so what needs a second look comes
 * first and the text stays short: `Look twice: src/a.ts:12 fuzzy 91%. AI edit ready: 3 edits in 2 files.`
 */
export function readyMessage(receipt: Receipt, trusted: boolean): string {
  const counts = countEdits(receipt);
  const notes = lookTwice(receipt);
  const look = notes.length ? `Look twice: ${notes.slice(0, toastNotes).join('; ')}${notes.length > toastNotes ? ` and ${notes.length - toastNotes} more` : ''}. ` : '';
  const already = counts.alreadyApplied ? ` (${counts.alreadyApplied} already applied)` : '';
  const ready = `AI edit ready: ${plural(counts.applied, 'edit')} in ${plural(counts.files, 'file')}${already}.`;
  return `${look}${ready}${trusted ? '' : ' Preview only: this workspace is not trusted, so nothing can be applied.'}`;
}

/** What an accept did, in one or two sentences (the "Applied" toast, the log, command results). */
export function appliedMessage(facts: {
  readonly written: readonly string[];
  readonly deleted: readonly string[];
  readonly merged: readonly string[];
  readonly unsaved: readonly string[];
  readonly reshaped: readonly string[];
}): string {
  const targets = [...facts.written, ...facts.deleted.map((d) => `${d} (deleted)`)];
  let message = `Applied the AI edit to ${targets.join(', ') || 'nothing (already in place)'}.`;
  if (facts.merged.length) message += ` Merged with your newer edits in ${facts.merged.join(', ')}.`;
  if (facts.unsaved.length) message += ` Not saved: ${facts.unsaved.join(', ')}.`;
  if (facts.reshaped.length) message += ` Saving then changed ${facts.reshaped.join(', ')} (format on save); Show Details has the diff.`;
  return message;
}

/** The toast after the language servers reported: `The AI edit introduced 1 error: a.ts:3 error: …`. */
export function problemsMessage(found: readonly NewDiagnostic[]): string {
  const errors = found.filter((d) => d.severity === 'error').length;
  const warnings = found.length - errors;
  const counts = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(' and ');
  return `The AI edit introduced ${counts}: ${formatDiagnostics(found.slice(0, 2)).join('; ')}${found.length > 2 ? '…' : ''}`;
}
