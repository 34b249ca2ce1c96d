import { describeMatch, lineRange, similarityPercent, type EditFormat, type Receipt, type ReceiptError } from '../../core/index';

/**
 * Where one block of a reply stands, for people: `writing` while the model is inside it, `parsed`
 * when it could not be previewed, `placed` when it located, `already` when its result is already in
 * the file, `failed` with a code, `incomplete` when the reply ended inside it.
 */
export interface BlockStatus {
  /** 1-based block number in the reply; 0 while the block is still being written. */
  readonly block: number;
  readonly format: EditFormat;
  readonly path?: string;
  readonly state: 'writing' | 'parsed' | 'placed' | 'already' | 'failed' | 'incomplete';
  /** How it matched (`exact match, lines 3-5`) or why not (`NO_MATCH: nearest candidate lines 4-8 (82% similar)`). */
  readonly detail: string;
  /** The failure code, when failed. */
  readonly code?: string;
}

const formatNames: Record<EditFormat, string> = {
  'search-replace': 'SEARCH/REPLACE',
  'unified-diff': 'unified diff',
  'apply-patch': 'apply_patch',
  'whole-file': 'whole file',
  'json-tool': 'JSON tool call',
  // No angle brackets: the name is written into chat Markdown, where `<old_text>` would read as HTML.
  'old-new-text': 'old_text/new_text edits',
  'original-patched': 'original/patched modifications',
  'line-range': 'line-range edits',
  snippet: 'snippet',
};

/** The format's name as people say it. */
export function formatName(format: EditFormat): string {
  return formatNames[format] ?? format;
}

/** One failure in a few words, naming the nearest candidate when there is one. */
export function describeFailure(error: ReceiptError): string {
  const nearest = error.candidates[0];
  // The engine's message may already name the nearest lines; say it once.
  const where = nearest && !/nearest/i.test(error.message)
    ? error.code === 'AMBIGUOUS'
      ? `; matches ${error.candidates.map((c) => lineRange(c.startLine, c.endLine)).join(', ')}`
      : `; nearest candidate ${lineRange(nearest.startLine, nearest.endLine)} (${similarityPercent(nearest.score)} similar)`
    : '';
  const differs = error.firstDifference ? `; first difference at line ${error.firstDifference.line}` : '';
  return `${error.code}: ${error.message}${where}${differs}`;
}

/**
 * The status of block `block` in a receipt (of the whole reply or of a preview plan): failed if
 * any error names it, `already` if all its edits were already applied, otherwise placed with how
 * its first edit matched and where.
 */
export function describeReceiptBlock(receipt: Receipt, block: number, format: EditFormat, path: string | undefined): BlockStatus {
  const error = receipt.errors.find((e) => e.block === block);
  if (error) return { block, format, path: error.path ?? path, state: 'failed', detail: describeFailure(error), code: error.code };
  for (const file of receipt.files) {
    const edits = file.edits.filter((e) => e.block === block);
    if (edits.length === 0) continue;
    const target = file.to ?? file.path;
    if (edits.every((e) => e.status === 'alreadyApplied')) return { block, format, path: target, state: 'already', detail: 'already applied (nothing to change)' };
    const placed = edits.filter((e) => e.status === 'applied');
    const first = placed[0] ?? edits[0];
    const where = first.startLine > 0 ? `, ${lineRange(first.startLine, first.endLine)}` : '';
    const more = placed.length > 1 ? ` (+${placed.length - 1} more edit${placed.length > 2 ? 's' : ''})` : '';
    const action = file.action === 'modify' ? '' : ` [${file.action}${file.to ? ` → ${file.to}` : ''}]`;
    return { block, format, path: target, state: 'placed', detail: `${describeMatch(first)}${where}${more}${action}` };
  }
  return { block, format, path, state: 'parsed', detail: 'parsed' };
}

const icons: Record<BlockStatus['state'], string> = {
  writing: '…',
  parsed: '•',
  placed: '✓',
  already: '✓',
  failed: '✗',
  incomplete: '⚠',
};

/** One Markdown line for the chat: `✓ block 2 · \`src/a.ts\` · SEARCH/REPLACE · exact match, lines 3-5`. */
export function statusMarkdown(status: BlockStatus): string {
  const number = status.block > 0 ? `block ${status.block}` : 'block';
  const path = status.path ? ` · \`${status.path}\`` : '';
  return `${icons[status.state]} ${number}${path} · ${formatName(status.format)} · ${escapeMarkdown(status.detail)}`;
}

/** Keeps text from a file or a model from turning into Markdown structure in one status line. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}
