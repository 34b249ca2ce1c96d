/**
 * A chat reply's "before" and "after" pair: two fenced blocks in a row, the first under a label
 * that presents it as the code as it is and the second under one that presents it as the code to
 * put there instead:
 *
 *     **Before:**                  Change this:                 Replace:
 *     ```java                      ```python                    ```
 *     …                            …                            …
 *     ```                          ```                          ```
 *     **After:**                   To this:                     With:
 *     ```java                      ```python                    ```
 *     …                            …                            …
 *     ```                          ```                          ```
 *
 * Each pair is one SEARCH/REPLACE edit (`granularity: 'lines'`). Read as two fenced files, the
 * first (the old code) was placed as a part of the file and reported already applied, and the
 * second was left out: the reply's change was never made. The file is the one a comment heading
 * both blocks (`// src/a.ts`, then taken off them), either block's info string, or the sentence
 * right above the first label names; else the hint file. Runs before the whole-file parser, which would take the blocks as files.
 */
import type { ReplaceOp } from '../ir';
import { fenceContent, labelLineAbove, NON_FILE_LANGS, parseInfoString, type FencedBlock } from './fences';
import type { ParsedBlock } from './parser';
import { pathFromComment, pathFromLabelLine } from './paths';
import { joinLines, sourceOf } from './replyScan';
import { trimsToEmpty } from '../text/indentation';

/** Labels of the code as it is (lower case, markdown and a final colon taken off). */
const BEFORE_LABEL = /^(?:in [^,]{1,80}, )?(?:(?:your|the) )?(?:before|old|old code|old version|original|original code|current|current code|existing code|change this|change these lines|change this line|replace this|replace these lines|replace this line|replace|find this|find|instead of this|instead of)$/;
/** Labels of the code to put in its place. */
const AFTER_LABEL = /^(?:(?:the|your) )?(?:after|new|new code|new version|updated|updated code|updated version|fixed|fixed code|fixed version|corrected|corrected code|to this|to|with this|with|replace with|replace it with|change it to|change to|into|use this instead|use this)$/;

/** A label line's words, for the patterns above: lower case, without markdown emphasis, heading marks, or a final colon. */
function labelWords(line: string): string {
  return line.trim().toLowerCase().replace(/^#{1,6}\s+/, '').replace(/[*_]/g, '').replace(/:$/, '').trim();
}

/**
 * The before/after pairs among a reply's fenced blocks (`fences`, in reply order, none claimed):
 * one block, with one op, per pair, and the fences they take (for the whole-file parser, which
 * reads the rest); `waiting`: a "Before:" block with no closed block after it (or still open itself), and its label line
 * (a streaming reader holds both until the rest of the reply shows whether an "After:" block
 * follows). Looks at the
 * label lines above fences only, not at the reply's other lines.
 */
export function beforeAfterPairs(lines: readonly string[], fences: readonly FencedBlock[], claimed: (i: number) => boolean): { blocks: ParsedBlock[]; taken: Set<FencedBlock>; waiting: Map<FencedBlock, number> } {
  const blocks: ParsedBlock[] = [];
  const taken = new Set<FencedBlock>();
  // A "Before:" block with no closed block after it yet: a reply still streaming may bring its pair.
  const waiting = new Map<FencedBlock, number>();
  for (let k = Math.max(0, fences.length - 2); k < fences.length; k++) {
    const fence = fences[k];
    // The last fence (closed or still open), or the one before an open fence.
    const open = k === fences.length - 1 || fences[k + 1].closeIndex === undefined;
    if (!open || (fence.closeIndex === undefined && k !== fences.length - 1) || fence.hasClaimed) continue;
    const label = labelLineAbove(lines, fence.openIndex, 0, claimed);
    if (label !== undefined && BEFORE_LABEL.test(labelWords(lines[label]))) waiting.set(fence, label);
  }
  for (let k = 0; k + 1 < fences.length; k++) {
    const [old, next] = [fences[k], fences[k + 1]];
    if (old.hasClaimed || next.hasClaimed || old.closeIndex === undefined || next.closeIndex === undefined) continue;
    const beforeLabel = labelLineAbove(lines, old.openIndex, 0, claimed);
    if (beforeLabel === undefined || !BEFORE_LABEL.test(labelWords(lines[beforeLabel]))) continue;
    const afterLabel = labelLineAbove(lines, next.openIndex, old.closeIndex + 1, claimed);
    if (afterLabel === undefined || !AFTER_LABEL.test(labelWords(lines[afterLabel]))) continue;
    // Commands and their output shown before and after are not code of a file.
    if ([old, next].some((fence) => NON_FILE_LANGS.has(parseInfoString(fence.open.info).lang ?? ''))) continue;
    let search = fenceContent(lines, old);
    let replacement = fenceContent(lines, next);
    // Both blocks headed by the same comment naming the file (`// src/utils/format.ts`): a label, not code.
    const labelled = pathFromComment(search[0] ?? '');
    if (labelled !== undefined && search[0] === replacement[0]) [search, replacement] = [search.slice(1), replacement.slice(1)];
    if (search.every((line) => trimsToEmpty(line))) continue;
    const path = labelled ?? namedPath(lines, old, next, beforeLabel);
    const op: ReplaceOp = {
      kind: 'replace',
      path,
      search: joinLines(search),
      replacement: joinLines(replacement),
      granularity: 'lines',
      expectedCount: 1,
      source: sourceOf('search-replace', beforeLabel + 1, next.closeIndex + 1),
    };
    blocks.push({ startLine: beforeLabel + 1, endLine: next.closeIndex + 1, ops: [op], problems: [] });
    taken.add(old).add(next);
    k++;
  }
  return { blocks, taken, waiting };
}

/** The file a pair names: in either block's info string, the first label (`In \`app.py\`, change this:`), or the line above it. */
function namedPath(lines: readonly string[], old: FencedBlock, next: FencedBlock, beforeLabel: number): string | undefined {
  const fromInfo = parseInfoString(old.open.info).path ?? parseInfoString(next.open.info).path;
  if (fromInfo !== undefined) return fromInfo;
  const own = pathFromLabelLine(lines[beforeLabel])?.path;
  if (own !== undefined) return own;
  const lead = labelLineAbove(lines, beforeLabel, 0, () => false);
  return lead === undefined ? undefined : pathFromLabelLine(lines[lead])?.path;
}
