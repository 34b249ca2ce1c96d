/**
 * A tool call's input written out as a Markdown list, each long value in a fence under its item:
 * how SpecStory saves VS Code Copilot's agent edits in `.specstory/history/*.md`, and how chat
 * exports and people quoting a call render one.
 *
 *     - filePath: `/Users/me/project/lib/show.ex`
 *     - newString:
 *
 *     ```
 *       def render(assigns) do
 *     ```
 *
 *     - oldString:
 *
 *     ```
 *       def render(assigns) do
 *     ```
 *
 * The items are read into the object the call was given (`filePath`, `oldString`, `newString`,
 * `content`, `code` and their other spellings, inline values with their backticks taken off) and
 * that object is read as a JSON tool call's input is (`editsFromToolInput`). Read left alone, the
 * fences were two unnamed blocks and the reply held no edit. Called with the fences the whole-file
 * parser finds, not as a pass over the reply of its own: only the item right above a fence is read
 * first, so a reply without such items costs one regular expression per fence.
 */
import { fenceContent, labelLineAbove, type FencedBlock } from './fences';
import { editsFromToolInput } from './jsonToolCall';
import type { ParsedBlock } from './parser';
import { trimsToEmpty } from '../text/indentation';

/** A list item naming a key: `- oldString:`, `* **newString**:`, `` - `filePath`: `src/a.ts` ``. */
const ITEM = /^[ \t]*[-*][ \t]+(?:\*\*)?`?([A-Za-z_]{2,20})`?(?:\*\*)?:(.*)$/;

/** Keys whose value is a fence under the item (the text of the edit). */
const FENCED_KEYS = new Set(['oldString', 'old_string', 'old_str', 'newString', 'new_string', 'new_str', 'content', 'code', 'code_edit', 'old_text', 'new_text']);

/** The keys of the old text, and of the call's file. */
const OLD_KEYS = new Set(['oldString', 'old_string', 'old_str', 'old_text']);
const PATH_KEYS = new Set(['filePath', 'file_path', 'path', 'filepath', 'target_file', 'file']);

/** How many lines above the first fenced item the call's other items (its path) are looked for. */
const ITEMS_ABOVE = 12;

/**
 * The tool calls written as lists among `fences` (in reply order): one block per call, and the
 * fences they take (the whole-file parser reads the rest).
 */
export function listedToolInputs(lines: readonly string[], fences: readonly FencedBlock[], claimed: (i: number) => boolean): { blocks: ParsedBlock[]; taken: Set<FencedBlock> } {
  const blocks: ParsedBlock[] = [];
  const taken = new Set<FencedBlock>();
  for (let k = 0; k < fences.length; k++) {
    const first = fencedItem(lines, fences[k], claimed);
    if (first === undefined) continue;
    // The call's fenced items in a row: each next fence's item right after the one before closes.
    const items: { key: string; fence: FencedBlock }[] = [first];
    while (k + 1 < fences.length) {
      const next = fencedItem(lines, fences[k + 1], claimed);
      const previous = items[items.length - 1].fence;
      if (next === undefined || !onlyItemsBetween(lines, previous.closeIndex! + 1, next.label)) break;
      items.push(next);
      k++;
    }
    const input: Record<string, unknown> = {};
    const start = itemsAbove(lines, first.label, claimed, input);
    for (const item of items) input[item.key] = fenceContent(lines, item.fence).join('\n');
    const last = items[items.length - 1].fence.closeIndex!;
    for (let i = first.label; i < last; i++) inlineItem(lines[i], input);
    // A lone `- code:` or `- content:` fence with no path item is a chat list's code: the whole-file parser's to read.
    const hasOldAndNew = items.some((item) => OLD_KEYS.has(item.key)) && items.some((item) => !OLD_KEYS.has(item.key));
    if (!hasOldAndNew && !Object.keys(input).some((key) => PATH_KEYS.has(key))) continue;
    const result = editsFromToolInput(input, start + 1, last + 1);
    if (!result.matched) continue;
    blocks.push({ startLine: start + 1, endLine: last + 1, ops: result.ops, problems: result.problems });
    for (const item of items) taken.add(item.fence);
  }
  return { blocks, taken };
}

/** The fence's key and its item's line, when a list item naming a fenced key stands right above a closed fence. */
function fencedItem(lines: readonly string[], fence: FencedBlock, claimed: (i: number) => boolean): { key: string; fence: FencedBlock; label: number } | undefined {
  if (fence.closeIndex === undefined || fence.hasClaimed) return undefined;
  const label = labelLineAbove(lines, fence.openIndex, 0, claimed);
  if (label === undefined) return undefined;
  const item = ITEM.exec(lines[label]);
  if (!item || !trimsToEmpty(item[2]) || !FENCED_KEYS.has(item[1])) return undefined;
  return { key: item[1], fence, label };
}

/** True when lines [from, to) hold only blank lines and list items with inline values. */
function onlyItemsBetween(lines: readonly string[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!trimsToEmpty(lines[i]) && !ITEM.test(lines[i])) return false;
  return true;
}

/**
 * Reads the call's items above its first fenced one (its path, its explanation) into `input`,
 * going up past blank lines and items only; returns the first line of the call.
 */
function itemsAbove(lines: readonly string[], label: number, claimed: (i: number) => boolean, input: Record<string, unknown>): number {
  let start = label;
  for (let i = label - 1; i >= 0 && i >= label - ITEMS_ABOVE && !claimed(i); i--) {
    if (trimsToEmpty(lines[i])) continue;
    if (!inlineItem(lines[i], input)) break;
    start = i;
  }
  return start;
}

/** Reads an item with an inline value (`` - filePath: `src/a.ts` ``) into `input`; false when the line is no such item. */
function inlineItem(line: string, input: Record<string, unknown>): boolean {
  const item = ITEM.exec(line);
  if (!item) return false;
  const value = item[2].trim();
  if (value === '' || item[1] in input) return true;
  const quoted = /^`([^`]+)`$/.exec(value);
  input[item[1]] = value === 'true' ? true : value === 'false' ? false : quoted ? quoted[1] : value;
  return true;
}
