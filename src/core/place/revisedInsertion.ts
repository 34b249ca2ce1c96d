import type { ReplaceOp } from '../ir';
import { definedName, indentOf } from '../elisionMerge/lines';
import { declaresFields, keyOf } from '../elisionMerge/versions';
import { type FileLines, toLines } from '../text/fileText';
import type { EditRecord, FileState, Transaction } from './transaction';

/** An earlier block whose insertion this one writes again in another version, and why they are versions. */
export interface RevisedInsertion {
  readonly block: number;
  readonly why: string;
}

/** An earlier edit of the reply with `op`'s search text: its replacement and its record. */
export interface EarlierEdit {
  readonly replacement: string;
  readonly record: EditRecord;
}

/**
 * The earlier block of the reply (of `earlier`, the edits of the file with the same search text)
 * that `op` writes a second version of, when `op` was located on that block's result at the lines
 * it kept (0-based lines `start` to `end` of the current base): both keep the search text whole
 * and add lines around it, and the lines they add are versions of one another (`versionsOf`).
 * Undefined otherwise: a block that adds something else after the same lines (`import os` →
 * `import os` + `import sys`, then `import os` → `import os` + `import re`) is applied in turn, as
 * Aider applies blocks. `file`: the text `start` and `end` are lines of, read for the block the
 * search text stands in (see `versionsOf`).
 *
 * Why: a model that inserts a method and then gives "the corrected version of the block" repeats
 * the block's SEARCH with a new REPLACE. An insertion keeps its search text, so the second block
 * still finds it, and both versions were written side by side, with exit 0 (requests'
 * structures.py got two `__contains__`, and Python keeps the later one: the retracted one). A
 * correction of a block that replaces its lines finds them gone and is refused as overlapping; so
 * is this one: which version is meant is the model's to say.
 */
export function revisedInsertion(op: ReplaceOp, file: FileLines, start: number, end: number, earlier: Iterable<EarlierEdit>): RevisedInsertion | undefined {
  let added: string[] | undefined | null = null;
  let fields: boolean | undefined;
  for (const { replacement, record } of earlier) {
    // Only on the earlier block's committed result, at the lines it wrote: elsewhere (the file
    // repeats the search text) the block edits a place of its own.
    if (record.block === op.source.block || record.status !== 'applied' || record.edits.length > 0 || !record.placed) continue;
    if (start < record.placed.newStartLine - 1 || end > record.placed.newEndLine) continue;
    added ??= addedAround(toLines(op.search), toLines(op.replacement));
    if (!added) return undefined;
    const before = addedAround(toLines(op.search), toLines(replacement));
    fields ??= start < file.lineCount && declaresFields((i) => file.line(i), start);
    const why = before && versionsOf(before, added, fields);
    if (why) return { block: record.block, why };
  }
  return undefined;
}

/** Refuses `op` as a second version of an earlier block's insertion (see `revisedInsertion`), naming both blocks. */
export function failRevisedInsertion(tx: Transaction, state: FileState, op: ReplaceOp, revised: RevisedInsertion): void {
  const [first, second] = [revised.block, op.source.block];
  tx.fail('OVERLAPPING_EDITS', second, state.path, `blocks ${first} and ${second} have the same search text, and each keeps it and adds lines to it in ${state.path}: two versions of one addition (${revised.why}); written both, the file would hold both side by side`, op, { nextStep: `Keep the version meant: re-send the reply with only one of blocks ${first} and ${second}, or make block ${second}'s search text quote the lines block ${first} adds, to change them.` }, state);
}

/** The lines `replacement` adds around `search` when it holds `search` whole, as one run (an insertion); undefined otherwise. */
function addedAround(search: readonly string[], replacement: readonly string[]): string[] | undefined {
  if (search.length === 0 || replacement.length <= search.length) return undefined;
  const same = (a: string, b: string) => a.trimEnd() === b.trimEnd();
  for (let k = 0; k + search.length <= replacement.length; k++) {
    if (search.every((line, i) => same(line, replacement[k + i]))) return [...replacement.slice(0, k), ...replacement.slice(k + search.length)];
  }
  return undefined;
}

/**
 * Why two inserted texts are versions of one thing, not two things: they define or assign the
 * same name at their own top level (written both, the name would be defined twice, and the later
 * definition, the one written first, would win at run time); or, when neither names what it
 * defines, most lines with words of the shorter one stand in the longer one too. Undefined when
 * they are two things: they define different names (two methods may share a `return result`).
 *
 * A one-line insertion names what it defines by its key too (`keyOf`: `timeout: 30,`, `color:
 * red;`, and with `fields`, in a block of field declarations, a column `published_at timestamp,`):
 * a model that adds a column and then gives it again "corrected" (`NOT NULL DEFAULT NOW()` added)
 * wrote one column twice, which a SQL table refuses (go-social's posts migration); two new columns
 * with names of their own are two things.
 */
function versionsOf(a: readonly string[], b: readonly string[], fields: boolean): string | undefined {
  const [namesA, namesB] = [topLevelNames(a, fields), topLevelNames(b, fields)];
  const shared = [...namesA].find((name) => namesB.has(name));
  if (shared !== undefined) return `both define \`${shared}\``;
  if (namesA.size > 0 && namesB.size > 0) return undefined;
  const worded = (lines: readonly string[]) => lines.map((line) => line.trim()).filter((line) => /\w/.test(line));
  const [wa, wb] = [worded(a), worded(b)];
  const [fewer, more] = wa.length <= wb.length ? [wa, new Set(wb)] : [wb, new Set(wa)];
  const common = fewer.filter((line) => more.has(line)).length;
  return fewer.length > 0 && common * 2 > fewer.length ? `${common} of the ${fewer.length} lines the shorter one adds are in the other` : undefined;
}

/**
 * The names the lines define (`definedName`) or assign (`x = …`, `const x =`, `x := …`) at their
 * shallowest indentation; of one line alone, the key it gives a value to or the field it declares
 * (`keyOf`, with `fields`).
 */
function topLevelNames(lines: readonly string[], fields: boolean): Set<string> {
  const worded = lines.filter((line) => /\w/.test(line));
  const depth = Math.min(...worded.map(indentOf));
  const names = new Set<string>();
  for (const line of worded) {
    if (indentOf(line) !== depth) continue;
    const name = definedName(line) ?? ASSIGNMENT.exec(line.trim())?.[1] ?? (worded.length === 1 ? keyOf(line, fields)?.name : undefined);
    if (name !== undefined) names.add(name);
  }
  return names;
}

/** A line that gives a name its value: `x = 1`, `self.x: int = 1`, `const x = 1`, `x := 1` (not `==`, `=>`, `+=`). */
const ASSIGNMENT = /^(?:(?:export\s+)?(?:const|let|var|val|final)\s+)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?::[^=]*)?=(?![=>])/;

/**
 * The reply's edits of `op`'s file before it with the same search text, nearest first, with their
 * records: what `revisedInsertion` compares a tool call's edit with (a SEARCH/REPLACE block's
 * are kept in `state.placedEdits`). Looked up only for an edit located after a commit.
 */
export function* earlierEditsAlike(tx: Transaction, state: FileState, op: ReplaceOp): Generator<EarlierEdit> {
  const { ops, at } = tx.replaceOpsBeside(op);
  const search = op.search.trimEnd();
  for (let i = at - 1; i >= 0; i--) {
    const other = ops[i];
    // Trailing whitespace aside, with no copy of each op's text (a reply of chained edits scans them all).
    if (!other.search.startsWith(search) || other.search.slice(search.length).trim() !== '') continue;
    const record = state.records.find((r) => r.block === other.source.block && r.status === 'applied');
    if (record) yield { replacement: other.replacement, record };
  }
}
