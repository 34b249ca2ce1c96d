/**
 * Small line-level helpers shared by the diff, apply_patch and tool-call parsers: fence recognition
 * (on top of `fences.ts`), header path cleaning (on top of `paths.ts`), and problem construction. Every function here is
 * total and runs in time linear in its input (no backtracking regexes).
 */
import type { EditFormat, EditSource, ParseProblem } from '../ir';
import { closesFence, parseFenceOpener, type FenceOpener } from './fences';
import { cleanReplyPath, filenameFromLine } from './paths';

/** An opening fence (markdown backticks/tildes, or Aider's `<source>`), as the shared `fences.ts` reads it. */
export type FenceOpen = FenceOpener;

/**
 * Recognises an opening fence with the shared reader, so every parser agrees on what a fence is
 * (any indentation, 3+ backticks or tildes, `<source>`; a backtick info string with a backtick is
 * inline code, not a fence).
 */
export function fenceOpen(line: string): FenceOpen | undefined {
  return parseFenceOpener(line);
}

/** True when `line` closes `open`: the same character, at least as long, nothing else but spaces. */
export function isFenceClose(line: string, open: FenceOpen): boolean {
  return closesFence(line, open);
}

/** The first word of a fence info string, lower-cased (`diff title="x"` → `diff`). */
export function fenceLanguage(info: string): string {
  let end = 0;
  while (end < info.length && info[end] !== ' ' && info[end] !== '\t' && info[end] !== '{') end++;
  return info.slice(0, end).toLowerCase();
}

/**
 * Cleans a path from a header or a tool-call field with the shared `cleanReplyPath`; a leading
 * `a/`/`b/` goes unless `stripGitPrefix` is false (formats whose paths never carry git's prefix pass false). A header path with spaces inside
 * (`*** Update File: docs/my notes.md`) is kept, because a header line holds nothing but the path.
 * Returns `undefined` for an empty result.
 */
export function cleanPath(raw: string, stripGitPrefix = true): string | undefined {
  const shared = cleanReplyPath(raw, { stripGitPrefix });
  if (shared !== undefined) return shared;
  const trimmed = raw.trim();
  if (!/\s/.test(trimmed) || /[<>|"?*`]/.test(trimmed)) return undefined;
  let path = trimmed.replace(/\\/g, '/');
  if (stripGitPrefix && (path.startsWith('a/') || path.startsWith('b/'))) path = path.slice(2);
  while (path.startsWith('./')) path = path.slice(2);
  return path.length > 0 ? path : undefined;
}

/** The path named by the line right above a block (`src/a.ts`, `**a.ts**:`, a heading), if any. */
export function pathFromLabelLine(line: string): string | undefined {
  return filenameFromLine(line);
}

/** Builds an `EditSource` with block 0 (the registry renumbers blocks). Lines are 1-based. */
export function sourceOf(format: EditFormat, startLine: number, endLine: number): EditSource {
  return { block: 0, format, startLine, endLine };
}

/** Builds a problem with block 0 (the registry renumbers blocks). Lines are 1-based. */
export function problemOf(
  code: ParseProblem['code'],
  format: EditFormat,
  startLine: number,
  endLine: number,
  message: string,
  path?: string,
): ParseProblem {
  return path === undefined
    ? { code, block: 0, format, startLine, endLine, message }
    : { code, block: 0, format, startLine, endLine, path, message };
}

/** Joins lines as whole lines, each ending in `\n` (the IR's `granularity: 'lines'` convention). */
export function joinLines(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  return lines.join('\n') + '\n';
}
