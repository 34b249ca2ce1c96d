/**
 * What the CLI prints for people: the proposed change as a unified diff (stdout) and the receipt
 * as plain text (stderr), in the CLI's own words (the extension's "review the rest" has no meaning
 * in a terminal). Colour only when the stream is a terminal and `NO_COLOR` is not set. Says
 * exactly what was written, or that nothing was and why.
 */
import { styleText } from 'node:util';
import type { Candidate, FileChange, Receipt, ReceiptError } from '../core/index';
import { describeMatch, differenceWindow, lineRange, quotedCandidateText, similarityPercent } from '../core/index';
import type { Written } from './disk/writeChanges';
import { unifiedDiffChunks } from './unifiedDiff';

type Style = 'red' | 'green' | 'yellow' | 'cyan' | 'bold' | 'dim';
export type Paint = (style: Style, text: string) => string;

/** Colours for `stream`: none unless it is a terminal and NO_COLOR is unset or empty. */
export function paintFor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Paint {
  const colour = stream.isTTY === true && !env.NO_COLOR && typeof styleText === 'function';
  // styleText checks stdout itself; the stream written to here (often stderr) was checked above.
  return colour ? (style, text) => styleText(style, text, { validateStream: false }) : plain;
}

/** No colour: the text as it is. */
const plain: Paint = (_style, text) => text;

/** Similarity under which a candidate is not called "closest text": it does not resemble the edit. */
const resemblance = 0.5;

/** The proposed change as a unified diff, file by file, in pieces of whole lines (see `unifiedDiffChunks`). */
export function* renderDiff(changes: readonly FileChange[], paint: Paint): Generator<string> {
  for (const chunk of unifiedDiffChunks(changes)) {
    // Without colour there is nothing to do per line (a big reply's diff has 200,000 of them).
    if (paint === plain) yield chunk;
    else yield chunk.replace(/^.*$/gm, (line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return paint('bold', line);
      if (line.startsWith('+')) return paint('green', line);
      if (line.startsWith('-')) return paint('red', line);
      if (line.startsWith('@@')) return paint('cyan', line);
      return line;
    });
  }
}

/** What happened after planning, for the closing line. */
export type Outcome =
  | { readonly kind: 'dryRun' }
  | { readonly kind: 'written'; readonly files: readonly Written[] }
  | { readonly kind: 'failed' };

/**
 * The receipt as plain text: each file and how each edit matched, each failure with its place,
 * the text it resembles (only when it does) and the next step, then one closing line that says
 * what is on disk. `root` is the folder paths were looked up in.
 */
export function renderReceipt(receipt: Receipt, outcome: Outcome, root: string, paint: Paint): string {
  const out: string[] = [];
  const edits = receipt.files.flatMap((file) => file.edits);
  const placed = edits.filter((edit) => edit.status !== 'failed').length;
  const already = edits.filter((edit) => edit.status === 'alreadyApplied').length;
  for (const file of receipt.files) {
    const action = file.action === 'move' ? `moved to ${file.to}` : file.action === 'modify' ? 'modified' : file.action === 'create' ? 'created' : 'deleted';
    const state = outcome.kind === 'written' ? ` (${action})` : outcome.kind === 'dryRun' ? ` (to be ${action})` : '';
    out.push(`${paint('bold', file.path)}${state}`);
    for (const edit of file.edits) {
      if (edit.status === 'failed') out.push(`  block ${edit.block}: ${paint('red', 'failed')}`);
      else if (edit.status === 'alreadyApplied') out.push(`  block ${edit.block}: already in the file, nothing to change`);
      else {
        const where = edit.startLine > 0 ? `, ${lineRange(edit.startLine, edit.endLine)}` : '';
        const match = describeMatch(edit).replace(' ⚠ review', '');
        const look = edit.strategy === 'fuzzy' || edit.strategy === 'lineNumbers' || edit.reindented ? paint('yellow', ' (check it)') : '';
        out.push(`  block ${edit.block}: ${match}${where}${look}`);
        for (const warning of edit.warnings ?? []) if (!warning.startsWith('re-indented')) out.push(`    note: ${warning}`);
      }
    }
  }
  for (const note of receipt.notes ?? []) out.push(`note: ${note}`);
  for (const error of receipt.errors) out.push('', ...renderError(error, root, paint));
  out.push('');
  if (!receipt.ok) {
    const failed = receipt.errors.length;
    const problems = `${failed} ${failed === 1 ? 'problem' : 'problems'}`;
    const fine = placed > 0 ? ` ${placed} other ${placed === 1 ? 'edit was' : 'edits were'} placed but, as one reply is written whole or not at all, not written either.` : '';
    out.push(paint('red', `${problems}: nothing was written.`) + fine);
  } else if (outcome.kind === 'dryRun') {
    const count = `${placed} ${placed === 1 ? 'edit' : 'edits'}`;
    out.push(placed === already ? `Every edit is already in the files: nothing to write.` : `${count} ready in ${receipt.files.length} ${receipt.files.length === 1 ? 'file' : 'files'}. Dry run: nothing was written; run again with --write to write ${receipt.files.length === 1 ? 'it' : 'them'}.`);
  } else if (outcome.kind === 'written') {
    // No file to write: every edit was there already, or the edits undo each other (a file created and deleted again).
    if (outcome.files.length === 0) out.push(placed === already ? 'Every edit is already in the files: nothing was written.' : 'The edits leave every file as it was: nothing was written.');
    else out.push(paint('green', `Wrote ${outcome.files.length} ${outcome.files.length === 1 ? 'file' : 'files'} under ${root}: `) + outcome.files.map(describeWrite).join(', ') + '.');
  }
  return out.join('\n').replace(/^\n+/, '');
}

function describeWrite(file: Written): string {
  const mode = file.executable === undefined ? '' : file.executable ? ' (made executable)' : ' (no longer executable)';
  const encoding = (file.encoding ? ` (kept in ${file.encoding})` : '') + mode;
  switch (file.action) {
    case 'create':
      return `created ${file.path}${encoding}`;
    case 'delete':
      return `deleted ${file.path}`;
    case 'move':
      return `moved ${file.path} to ${file.to}${encoding}`;
    default:
      return `modified ${file.path}${encoding}`;
  }
}

function renderError(error: ReceiptError, root: string, paint: Paint): string[] {
  const out: string[] = [];
  const where = [error.block > 0 ? `Block ${error.block}` : '', error.path ?? ''].filter(Boolean).join(', ');
  out.push(paint('red', `${where ? `${where}: ` : ''}${error.code}`));
  let message = /[.!?]$/.test(error.message) ? error.message : error.message + '.';
  if (error.code === 'FILE_NOT_FOUND') message = message.replace(/\.$/, ` (looked under ${root}).`);
  out.push(`  ${message}`);
  if (error.firstDifference) {
    const shown = differenceWindow(error.firstDifference.searchLine, error.firstDifference.fileLine);
    out.push(`  First difference at line ${error.firstDifference.line}:`, `    the edit expects: ${shown.expected}`, `    the file has:     ${shown.actual}`);
  }
  if (error.code === 'AMBIGUOUS') {
    error.candidates.forEach((candidate, i) => out.push(`  Match ${i + 1} of ${error.candidates.length}, ${lineRange(candidate.startLine, candidate.endLine)}:`, ...quote(candidate, paint)));
  } else {
    const [closest] = error.candidates;
    if (closest && closest.score >= resemblance) {
      out.push(`  Closest text in the file (${similarityPercent(closest.score)} similar), ${lineRange(closest.startLine, closest.endLine)}:`, ...quote(closest, paint));
    } else if (closest) {
      out.push(`  Nothing in the file resembles it (the closest, ${lineRange(closest.startLine, closest.endLine)}, is only ${similarityPercent(closest.score)} similar).`);
    }
  }
  out.push(`  Next step: ${nextStep(error)}`);
  return out;
}

/** The next step in the CLI's terms: its options, not the extension's settings. */
function nextStep(error: ReceiptError): string {
  if (error.code === 'TOO_LARGE') return 'Edit a smaller file, or raise the limit with --max-file-size MB.';
  return error.nextStep;
}

function quote(candidate: Candidate, paint: Paint): string[] {
  return quotedCandidateText(candidate.text).split('\n').map((line) => paint('dim', `    | ${line}`));
}
