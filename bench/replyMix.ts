/**
 * A large reply in the mix real models write: prose between blocks, SEARCH/REPLACE in the Aider
 * (path line + fence) and Roo (`:start_line:`, no fence) dialects, fenced unified diffs, apply_patch
 * envelopes, JSON tool calls and whole files, with code taken from real source lines.
 */
import { Rng } from './common';

export interface MixedReply {
  readonly text: string;
  /** Blocks written, by format: the parse must find as many. */
  readonly blocks: Record<string, number>;
}

const sentences = [
  'The bug comes from the cache being read before it is filled.',
  'I moved the check up so the early return happens first.',
  'Here is the updated function; nothing else in the file changes.',
  'This keeps the public API the same while fixing the off-by-one.',
  'Next, update the caller so it passes the new flag.',
  'Finally, the test helper needs the same change.',
  'Note that the loop now stops at the last element instead of one past it.',
];

/** Builds a reply of at least `size` characters from `source` lines. */
export function mixedReply(source: readonly string[], size: number, seed: number): MixedReply {
  const rng = new Rng(seed);
  const parts: string[] = [];
  const blocks: Record<string, number> = {};
  let length = 0;
  let n = 0;
  const add = (format: string, text: string) => {
    if (format !== 'prose') blocks[format] = (blocks[format] ?? 0) + 1;
    parts.push(text);
    length += text.length + 1;
  };
  const take = (count: number): { lines: string[]; at: number } => {
    const at = rng.int(0, source.length - count - 1);
    // Blank lines would make the block's end ambiguous in formats that trim them; real quotes rarely start or end blank.
    return { lines: source.slice(at, at + count).map((line) => line.replace(/\t/g, '    ')), at };
  };
  const changed = (lines: string[]) => lines.map((line, i) => (i === lines.length >> 1 ? `${line} // changed ${n}` : line));
  while (length < size) {
    n++;
    const path = `src/compiler/part${n % 97}.ts`;
    add('prose', rng.pick(sentences) + ' ' + rng.pick(sentences) + '\n');
    const { lines, at } = take(rng.int(3, 12));
    switch (rng.int(0, 6)) {
      case 0:
      case 1:
        add('search-replace', [path, '```ts', '<<<<<<< SEARCH', ...lines, '=======', ...changed(lines), '>>>>>>> REPLACE', '```', ''].join('\n'));
        break;
      case 2:
        add('search-replace', ['<<<<<<< SEARCH', `:start_line:${at + 1}`, '-------', ...lines, '=======', ...changed(lines), '>>>>>>> REPLACE', ''].join('\n'));
        break;
      case 3: {
        const middle = lines.length >> 1;
        const hunk = lines.map((line, i) => (i === middle ? `-${line}\n+${line} // changed ${n}` : ` ${line}`));
        add('unified-diff', ['```diff', `--- a/${path}`, `+++ b/${path}`, `@@ -${at + 1},${lines.length} +${at + 1},${lines.length} @@`, ...hunk, '```', ''].join('\n'));
        break;
      }
      case 4: {
        const middle = lines.length >> 1;
        const chunk = lines.map((line, i) => (i === middle ? `-${line}\n+${line} // changed ${n}` : ` ${line}`));
        add('apply-patch', ['*** Begin Patch', `*** Update File: ${path}`, '@@', ...chunk, '*** End Patch', ''].join('\n'));
        break;
      }
      case 5: {
        const call = { file_path: path, old_string: lines.join('\n'), new_string: changed(lines).join('\n') };
        add('json-tool', ['```json', JSON.stringify(call, null, 2), '```', ''].join('\n'));
        break;
      }
      default: {
        const whole = take(rng.int(15, 40)).lines;
        add('whole-file', [`${path}`, '```ts', ...whole, '```', ''].join('\n'));
      }
    }
  }
  return { text: parts.join('\n'), blocks };
}
