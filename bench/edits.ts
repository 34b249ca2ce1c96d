/**
 * Generates the bench's edits: 50 SEARCH/REPLACE blocks spread over a big real file, each with the
 * exact text the file must hold afterwards, in three flavours:
 * - exact: the search text is a verbatim copy of the file's lines;
 * - whitespace-drifted: the same lines re-indented, with trailing spaces, or with spaces added
 *   around punctuation, as models quote code they half remember;
 * - stale: one kept (context) line of the block is slightly different from the file (a renamed
 *   identifier, a changed number), as when the file changed after the model read it.
 * The intended change is the same in every flavour, so the expected result is too: the file's own
 * text for every line the edit keeps, the new line in the file's indentation.
 */
import { Rng } from './common';

export type EditKind = 'exact' | 'whitespace' | 'stale';

export interface GeneratedEdit {
  readonly index: number;
  readonly kind: EditKind;
  /** How a whitespace-drifted edit drifted. */
  readonly drift?: 'indent' | 'trailing' | 'inner';
  /** File lines [start, end) the edit replaces. */
  readonly start: number;
  readonly end: number;
  readonly search: readonly string[];
  readonly replace: readonly string[];
  /** What lines [start, end) must become. */
  readonly expected: readonly string[];
}

/** A block of the file chosen for an edit: unique, with an intended change. */
interface Site {
  readonly start: number;
  readonly end: number;
  /** Block line (relative) the change touches. */
  readonly changed: number;
  /** Block line (relative) a stale edit misquotes; never `changed`. */
  readonly stale: number;
}

/** Whitespace-insensitive key of a line: what every rung up to `innerWhitespace` compares. */
const key = (line: string) => line.replace(/\s+/g, '');

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];

/** Positions of each whitespace-insensitive line, to check a block occurs once. */
export class LineKeys {
  readonly keys: string[];
  private readonly positions = new Map<string, number[]>();

  constructor(lines: readonly string[]) {
    this.keys = lines.map(key);
    this.keys.forEach((k, i) => {
      const list = this.positions.get(k);
      if (list) list.push(i);
      else this.positions.set(k, [i]);
    });
  }

  count(k: string): number {
    return this.positions.get(k)?.length ?? 0;
  }

  /** How many places hold lines [start, end) of the file, whitespace aside. */
  occurrences(start: number, end: number): number {
    let pivot = start;
    for (let i = start; i < end; i++) if (this.count(this.keys[i]) < this.count(this.keys[pivot])) pivot = i;
    let found = 0;
    for (const position of this.positions.get(this.keys[pivot]) ?? []) {
      const s = position - (pivot - start);
      if (s < 0 || s + (end - start) > this.keys.length) continue;
      let equal = true;
      for (let i = 0; i < end - start && equal; i++) equal = this.keys[s + i] === this.keys[start + i];
      if (equal) found++;
    }
    return found;
  }
}

const identifier = /[A-Za-z_$][A-Za-z0-9_$]{2,}/;

/**
 * Picks `count` sites, one per equal slice of the file: 5–8 lines, unique whitespace aside, with
 * at least three lines that occur nowhere else (evidence a fuzzy match can rely on), short lines,
 * and a changed line and a stale line that each hold an identifier.
 */
function chooseSites(lines: readonly string[], keys: LineKeys, count: number, rng: Rng): Site[] {
  const sites: Site[] = [];
  const slice = Math.floor(lines.length / count);
  for (let n = 0; n < count; n++) {
    const from = n * slice + rng.int(0, Math.floor(slice / 4));
    let chosen: Site | undefined;
    for (let start = from; start < (n + 1) * slice - 10 && !chosen; start++) {
      const length = 5 + ((start + n) % 4);
      const end = start + length;
      const block = lines.slice(start, end);
      if (block[0].trim() === '' || block[length - 1].trim() === '') continue;
      if (block.some((line) => line.length > 140 || line.includes('\t') || line.trim() === '')) continue;
      const rare = block.filter((line) => keys.count(key(line)) === 1).length;
      if (rare < 3 || keys.occurrences(start, end) !== 1) continue;
      const withWords = block.map((line, i) => (identifier.test(line) && keys.count(key(line)) === 1 ? i : -1)).filter((i) => i > 0 && i < length - 1);
      if (withWords.length < 2) continue;
      chosen = { start, end, changed: withWords[0], stale: withWords[withWords.length - 1] };
    }
    if (!chosen) throw new Error(`no usable edit site in lines ${n * slice}..${(n + 1) * slice}`);
    sites.push(chosen);
  }
  return sites;
}

/** The intended change of edit `index` on its block: rename a word, insert a line, or delete one. */
function intendedChange(block: readonly string[], site: Site, index: number): string[] {
  const out = [...block];
  const at = site.changed;
  if (index % 3 === 0) out[at] = block[at].replace(identifier, (word) => `${word}Edited${index}`);
  else if (index % 3 === 1) out.splice(at + 1, 0, `${indentOf(block[at])}trace("bench edit ${index}");`);
  else out.splice(at, 1);
  return out;
}

/** A line misquoted the way a stale copy would be: one identifier renamed slightly. */
function staleVersion(line: string): string {
  const words = line.match(/[A-Za-z_$][A-Za-z0-9_$]{2,}/g) ?? [];
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  return line.replace(longest, longest.endsWith('s') ? longest.slice(0, -1) : `${longest}s`);
}

/** Spaces around punctuation and doubled spaces between words: equal to the original once whitespace inside lines is ignored. */
function innerDrift(line: string): string {
  const indent = indentOf(line);
  const body = line.slice(indent.length).replace(/([(),;=[\]{}:])/g, ' $1').replace(/ (?=[A-Za-z])/g, '  ');
  return indent + body;
}

/**
 * Builds `count` edits on `lines`. `mixed`: 10 whitespace-drifted and 10 stale edits among them
 * (every fifth edit, offsets 1 and 3), the rest exact; otherwise all exact.
 */
export function generateEdits(lines: readonly string[], count: number, mixed: boolean, seed: number): GeneratedEdit[] {
  const rng = new Rng(seed);
  const keys = new LineKeys(lines);
  const sites = chooseSites(lines, keys, count, rng);
  return sites.map((site, index) => {
    const block = lines.slice(site.start, site.end);
    // The result is the same whatever the flavour: the intended change, kept lines as the file has them.
    const expected = intendedChange(block, site, index);
    const kind: EditKind = !mixed ? 'exact' : index % 5 === 1 ? 'whitespace' : index % 5 === 3 ? 'stale' : 'exact';
    // The reply makes the same change to the lines as it quotes them.
    const edit = (search: string[], drift?: GeneratedEdit['drift']): GeneratedEdit => ({
      index, kind, drift, start: site.start, end: site.end, search, replace: intendedChange(search, site, index), expected,
    });
    if (kind === 'exact') return edit(block);
    if (kind === 'stale') return edit(block.map((line, i) => (i === site.stale ? staleVersion(line) : line)));
    const drift = (['indent', 'trailing', 'inner'] as const)[Math.floor(index / 5) % 3];
    if (drift === 'indent') {
      // Half re-indented deeper, half quoted flush-left (the common indent removed).
      const common = Math.min(...block.map((line) => indentOf(line).length));
      return edit(block.map((line) => (index % 2 === 0 ? '    ' + line : line.slice(common))), drift);
    }
    // Trailing and inner drift touch kept lines only (the reply's new line is written as intended).
    const alter = drift === 'trailing' ? (line: string) => line + (rng.chance(0.5) ? '  ' : ' \t') : innerDrift;
    return edit(block.map((line, i) => (i !== site.changed && i % 2 === 0 ? alter(line) : line)), drift);
  });
}

/** The file after applying `edits` (non-overlapping) to `lines`. */
export function applyExpected(lines: readonly string[], edits: readonly GeneratedEdit[]): string[] {
  const out = [...lines];
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out.splice(edit.start, edit.end - edit.start, ...edit.expected);
  return out;
}

/** One SEARCH/REPLACE block as Aider writes it: path line, fence, markers. */
export function searchReplaceBlock(path: string, search: readonly string[], replace: readonly string[]): string {
  return [path, '```js', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```', ''].join('\n');
}

/** A reply holding every edit, with a sentence of prose before each block as models write. */
export function replyFor(path: string, edits: readonly GeneratedEdit[]): string {
  const parts = ['I made the changes below.', ''];
  for (const edit of edits) {
    parts.push(`Change ${edit.index + 1}: update the code near line ${edit.start + 1}.`, '');
    parts.push(searchReplaceBlock(path, edit.search, edit.replace));
  }
  return parts.join('\n');
}

/** The formats the bench writes the same edits in. */
export const replyFormats = ['search-replace', 'apply-patch', 'unified-diff', 'json-tool'] as const;
export type ReplyFormat = (typeof replyFormats)[number];

/**
 * An edit as a hunk: the lines its search and replacement share at both ends are context, the
 * rest is removed and added. The context is quoted as the reply quotes it (drifted or stale).
 */
function hunkOf(edit: GeneratedEdit): { before: string[]; removed: string[]; added: string[]; after: string[] } {
  const { search, replace } = edit;
  let head = 0;
  while (head < search.length && head < replace.length && search[head] === replace[head]) head++;
  let tail = 0;
  while (tail < search.length - head && tail < replace.length - head && search[search.length - 1 - tail] === replace[replace.length - 1 - tail]) tail++;
  return {
    before: search.slice(0, head),
    removed: search.slice(head, search.length - tail),
    added: replace.slice(head, replace.length - tail),
    after: search.slice(search.length - tail),
  };
}

/** The hunk's body lines with their ` `, `-`, `+` prefixes (shared by unified diffs and apply_patch). */
function prefixedLines(edit: GeneratedEdit): string[] {
  const hunk = hunkOf(edit);
  return [...hunk.before.map((l) => ' ' + l), ...hunk.removed.map((l) => '-' + l), ...hunk.added.map((l) => '+' + l), ...hunk.after.map((l) => ' ' + l)];
}

/** One `git diff`-style unified diff of every edit (in file order), with the hunks' real line numbers. */
export function unifiedDiffFor(path: string, edits: readonly GeneratedEdit[]): string {
  const parts = ['I made the changes below.', '', '```diff', `--- a/${path}`, `+++ b/${path}`];
  let delta = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    const oldCount = edit.search.length;
    const newCount = edit.replace.length;
    parts.push(`@@ -${edit.start + 1},${oldCount} +${edit.start + 1 + delta},${newCount} @@`, ...prefixedLines(edit));
    delta += newCount - oldCount;
  }
  parts.push('```', '');
  return parts.join('\n');
}

/** One OpenAI apply_patch envelope updating the file with one `@@` chunk per edit (in file order). */
export function applyPatchFor(path: string, edits: readonly GeneratedEdit[]): string {
  const parts = ['I made the changes below.', '', '*** Begin Patch', `*** Update File: ${path}`];
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) parts.push('@@', ...prefixedLines(edit));
  parts.push('*** End Patch', '');
  return parts.join('\n');
}

/** One Claude Code MultiEdit tool call (`file_path` and `edits: [{old_string, new_string}]`) in a JSON fence. */
export function jsonToolCallFor(path: string, edits: readonly GeneratedEdit[]): string {
  const call = { file_path: path, edits: edits.map((edit) => ({ old_string: edit.search.join('\n'), new_string: edit.replace.join('\n') })) };
  return ['I made the changes below.', '', '```json', JSON.stringify(call, null, 2), '```', ''].join('\n');
}

/** The reply holding `edits` in `format`. */
export function replyIn(format: ReplyFormat, path: string, edits: readonly GeneratedEdit[]): string {
  switch (format) {
    case 'search-replace':
      return replyFor(path, edits);
    case 'apply-patch':
      return applyPatchFor(path, edits);
    case 'unified-diff':
      return unifiedDiffFor(path, edits);
    case 'json-tool':
      return jsonToolCallFor(path, edits);
  }
}

/**
 * `count` exact edits spread over `lines`: from the start of each equal slice (or the end of the
 * previous block, if later), the first block of one to six lines that occurs once in the file
 * (whitespace aside) and starts with a non-blank line, its first line changed. For the stress
 * rows that put thousands of blocks in one reply; fewer come out only when the file runs out.
 */
export function manyExactEdits(lines: readonly string[], count: number): GeneratedEdit[] {
  const keys = new LineKeys(lines);
  const slice = Math.floor(lines.length / count);
  const edits: GeneratedEdit[] = [];
  let next = 0;
  for (let n = 0; n < count; n++) {
    let site: { start: number; length: number } | undefined;
    for (let start = Math.max(next, n * slice); start < lines.length && !site; start++) {
      if (lines[start].trim() === '') continue;
      for (let length = 1; length <= 6 && start + length <= lines.length && !site; length++) {
        if (keys.occurrences(start, start + length) === 1) site = { start, length };
      }
    }
    if (!site) break;
    next = site.start + site.length;
    const block = lines.slice(site.start, next);
    const expected = [`${block[0]} // edited ${n}`, ...block.slice(1)];
    edits.push({ index: n, kind: 'exact', start: site.start, end: next, search: block, replace: expected, expected });
  }
  return edits;
}

/**
 * `count` near-miss edits, one per equal slice: six lines of the file with four of them misquoted
 * (an identifier renamed, or a comment added), so that no rung may place them (a fuzzy match needs
 * half of the lines verbatim) and each is refused with its nearest candidates. `expected` is the
 * file's own lines: nothing may change.
 */
export function nearMissEdits(lines: readonly string[], count: number): GeneratedEdit[] {
  const slice = Math.floor(lines.length / count);
  const edits: GeneratedEdit[] = [];
  for (let n = 0; n < count; n++) {
    const start = n * slice;
    const block = lines.slice(start, Math.min(start + 6, (n + 1) * slice));
    const search = block.map((line, i) => (i % 3 === 1 ? line : misquoted(line)));
    edits.push({ index: n, kind: 'stale', start, end: start + block.length, search, replace: search.map((l, i) => (i === 2 ? `${l} // edited` : l)), expected: block });
  }
  return edits;
}

/** The line with one identifier renamed, or a comment added when it has none. */
export function misquoted(line: string): string {
  const stale = staleVersion(line);
  return stale !== line ? stale : `${line} /* changed */`;
}
