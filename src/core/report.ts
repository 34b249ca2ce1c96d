import type { EditReceipt, Receipt, ReceiptError } from './receipt';

const strategyWords: Record<string, string> = {
  exact: 'exact match',
  trailingWhitespace: 'matched ignoring trailing whitespace',
  indentation: 'matched at another indentation',
  innerWhitespace: 'matched ignoring whitespace',
  unicode: 'matched ignoring typographic quotes and dashes',
  leftOutLines: 'matched with lines it left out (blank, comments, one line of code)',
  elision: 'matched around elided lines',
  fuzzy: 'fuzzy match',
  create: 'new file',
  delete: 'file deleted',
  move: 'file moved',
  rewrite: 'whole file replaced',
  insert: 'lines inserted',
  lineNumbers: 'placed by its line numbers alone',
  append: 'appended',
  mode: 'file mode set',
  none: '',
};

/**
 * A similarity score (0 to 1) as a whole percentage that never reads 100% for text that differs
 * (a one-character change in a 2,000-character line rounds up to it) nor 0% for text that shares
 * something.
 */
export function similarityPercent(score: number): string {
  const percent = Math.round(score * 100);
  return `${score < 1 ? Math.min(99, score > 0 ? Math.max(1, percent) : 0) : 100}%`;
}

/** `1 block`, `3 blocks`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** How an applied edit matched, in words, with a flag for matches a person should look at twice. */
export function describeMatch(edit: EditReceipt): string {
  const words = strategyWords[edit.strategy] ?? edit.strategy;
  const score = edit.strategy === 'fuzzy' ? ` (${similarityPercent(edit.score)} similar)` : '';
  const look = edit.strategy === 'fuzzy' || edit.reindented ? ' ⚠ review' : '';
  return `${words}${score}${edit.reindented ? ', re-indented' : ''}${look}`;
}

/** Past this many characters a quoted line is cut: a minified file's one line is kilobytes long. */
const QUOTED_LINE_CHARS = 160;

/**
 * The two sides of a first difference as they are shown: indentation trimmed, and where a side is
 * longer than a quoted line may be, both cut to the same window around the first character they
 * differ at (`…` marking what is left out), so the difference stays in view on a one-line file.
 */
export function differenceWindow(expected: string, actual: string): { expected: string; actual: string } {
  const [a, b] = [expected.trim(), actual.trim()];
  if (a.length <= QUOTED_LINE_CHARS && b.length <= QUOTED_LINE_CHARS) return { expected: a, actual: b };
  let at = 0;
  while (at < a.length && at < b.length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  const from = Math.max(0, at - 40);
  const cut = (line: string) => (from > 0 ? '…' : '') + line.slice(from, from + QUOTED_LINE_CHARS) + (line.length > from + QUOTED_LINE_CHARS ? '…' : '');
  return { expected: cut(a), actual: cut(b) };
}

/** A candidate's text with each line cut to a quoted line's length (the rest counted). */
export function quotedCandidateText(text: string): string {
  return text.split('\n').map((line) => (line.length > QUOTED_LINE_CHARS ? `${line.slice(0, QUOTED_LINE_CHARS)}… (${line.length - QUOTED_LINE_CHARS} more characters)` : line)).join('\n');
}

/** `line 5` or `lines 5-9` (1-based, inclusive), as every receipt and message names a place. */
export function lineRange(start: number, end: number): string {
  return start === end ? `line ${start}` : `lines ${start}-${end}`;
}

/** A fenced block that cannot be closed early by backticks inside `text`. */
function fence(text: string): string {
  let ticks = '```';
  while (text.includes(ticks)) ticks += '`';
  return `${ticks}\n${text}\n${ticks}`;
}

function errorDetails(error: ReceiptError, forModel: boolean): string[] {
  const out: string[] = [];
  const where = error.path ? ` in \`${error.path}\`` : '';
  out.push(`${forModel ? '##' : '###'} Block ${error.block || '-'}${where}: ${error.code}`);
  out.push('', /[.!?]$/.test(error.message) ? error.message : error.message + '.');
  if (error.firstDifference) {
    const shown = differenceWindow(error.firstDifference.searchLine, error.firstDifference.fileLine);
    out.push('', `First difference at line ${error.firstDifference.line}:`, `- the edit expects: \`${shown.expected}\``, `- the file has:     \`${shown.actual}\``);
  }
  const shown = error.code === 'AMBIGUOUS' ? error.candidates : error.candidates.slice(0, forModel ? 1 : 3);
  for (const candidate of shown) {
    const label = error.code === 'AMBIGUOUS' ? 'Matches' : `Nearest candidate (${similarityPercent(candidate.score)} similar)`;
    // A model is given the lines whole, to copy them into its next try; a person, the start of each.
    out.push('', `${label}, ${lineRange(candidate.startLine, candidate.endLine)}:`, fence(forModel ? candidate.text : quotedCandidateText(candidate.text)));
  }
  out.push('', `Next step: ${error.nextStep}`);
  return out;
}

/** Renders a receipt for people: a summary, each file's edits and how they matched, then each failure. */
export function receiptToMarkdown(receipt: Receipt): string {
  const edits = receipt.files.flatMap((file) => file.edits);
  const applied = edits.filter((e) => e.status === 'applied').length;
  const already = edits.filter((e) => e.status === 'alreadyApplied').length;
  const out: string[] = [];
  const summary = receipt.ok
    ? `✅ ${plural(applied, 'edit')} ready in ${plural(receipt.files.length, 'file')}`
    : `❌ ${plural(receipt.errors.length, 'problem')}: nothing will be written unless you choose to review the rest`;
  out.push(`**${summary}**${already ? ` (${already} already applied)` : ''}`);
  for (const note of receipt.notes ?? []) out.push('', `_Note: ${note}._`);
  for (const file of receipt.files) {
    const action = file.action === 'move' ? `moved to \`${file.to}\`` : file.action;
    out.push('', `- \`${file.path}\` (${action})`);
    for (const edit of file.edits) {
      if (edit.status === 'failed') out.push(`  - block ${edit.block}: **failed**`);
      else if (edit.status === 'alreadyApplied') out.push(`  - block ${edit.block}: already applied${edit.warnings?.length ? ` (${edit.warnings[0]})` : ''}`);
      else {
        const where = edit.startLine > 0 ? `, ${lineRange(edit.startLine, edit.endLine)}` : '';
        out.push(`  - block ${edit.block}: ${describeMatch(edit)}${where}`);
        for (const warning of edit.warnings ?? []) if (!warning.startsWith('re-indented')) out.push(`    - ${warning}`);
      }
    }
  }
  for (const error of receipt.errors) out.push('', ...errorDetails(error, false));
  out.push('', `_parse ${receipt.timing.parseMs} ms, locate ${receipt.timing.locateMs} ms_`);
  return out.join('\n');
}

/**
 * Renders the failures of a receipt as text to paste back to the model: what failed and why, the
 * lines the file really has, and which blocks already applied and must not be re-sent. Empty
 * when nothing failed.
 */
export function failureReportForModel(receipt: Receipt): string {
  if (receipt.errors.length === 0) return '';
  const out: string[] = [];
  const failedBlocks = new Set(receipt.errors.map((e) => e.block));
  out.push(
    `# ${plural(receipt.errors.length, 'edit block')} could not be applied`,
    '',
    'No file was changed. Fix the blocks below and send only those blocks again.',
  );
  for (const error of receipt.errors) out.push('', ...errorDetails(error, true));
  const fine = receipt.files.flatMap((file) =>
    file.edits.filter((edit) => edit.status !== 'failed' && !failedBlocks.has(edit.block)).map((edit) => `block ${edit.block} (\`${file.path}\`)`),
  );
  if (fine.length) {
    out.push(
      '',
      `The other blocks matched and are ${receipt.ok ? 'applied' : 'ready'}: ${fine.join(', ')}. Do not re-send them; send only the fixed blocks.`,
    );
  }
  return out.join('\n');
}
