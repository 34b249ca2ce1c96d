/**
 * Small line-level helpers shared by the diff, apply_patch and tool-call parsers: markdown fence
 * recognition, a path cleaner for header paths, and problem construction. Every function here is
 * total and runs in time linear in its input (no backtracking regexes).
 */
import type { EditFormat, EditSource, ParseProblem } from '../ir';

/** An opening markdown fence: its character, its length and its info string (trimmed). */
export interface FenceOpen {
  readonly char: '`' | '~';
  readonly length: number;
  readonly info: string;
}

/**
 * Recognises an opening fence (three or more backticks or tildes). Any indentation is accepted
 * because models nest fences inside list items. Backtick fences may not have a backtick in the
 * info string (CommonMark), which keeps inline code spans like ```` ```x``` ```` out.
 */
export function fenceOpen(line: string): FenceOpen | undefined {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  const char = line[i];
  if (char !== '`' && char !== '~') return undefined;
  let j = i;
  while (j < line.length && line[j] === char) j++;
  const length = j - i;
  if (length < 3) return undefined;
  const info = line.slice(j).trim();
  if (char === '`' && info.includes('`')) return undefined;
  return { char, length, info };
}

/** True when `line` closes `open`: the same character, at least as long, nothing else but spaces. */
export function isFenceClose(line: string, open: FenceOpen): boolean {
  const trimmed = line.trim();
  if (trimmed.length < open.length) return false;
  for (let i = 0; i < trimmed.length; i++) if (trimmed[i] !== open.char) return false;
  return true;
}

/** The first word of a fence info string, lower-cased (`diff title="x"` → `diff`). */
export function fenceLanguage(info: string): string {
  let end = 0;
  while (end < info.length && info[end] !== ' ' && info[end] !== '\t' && info[end] !== '{') end++;
  return info.slice(0, end).toLowerCase();
}

/**
 * Cleans a path as a model wrote it: surrounding quotes, backticks and `**` go, backslashes become
 * `/`, a leading `./` goes, and with `stripGitPrefix` a leading `a/` or `b/` (diff headers).
 * Returns `undefined` for an empty result. Used until the shared `paths.ts` cleaner exists.
 */
export function cleanPath(raw: string, stripGitPrefix = false): string | undefined {
  let path = raw.trim();
  // Peel matching wrappers a few times: **`a.ts`**, "`a.ts`".
  for (let round = 0; round < 3; round++) {
    const before = path;
    if (path.startsWith('**') && path.endsWith('**') && path.length > 4) path = path.slice(2, -2).trim();
    const first = path[0];
    if ((first === '"' || first === "'" || first === '`') && path.length > 1 && path[path.length - 1] === first) {
      path = path.slice(1, -1).trim();
    }
    if (path === before) break;
  }
  path = path.replace(/\\/g, '/');
  if (stripGitPrefix && (path.startsWith('a/') || path.startsWith('b/'))) path = path.slice(2);
  while (path.startsWith('./')) path = path.slice(2);
  return path.length > 0 ? path : undefined;
}

/**
 * A loose test for "this line is a bare file path", used for the line before a fenced diff that has
 * no headers. It must contain a dot or a slash, no spaces inside, and may be wrapped in backticks,
 * quotes or bold markers, end in a colon, or be a markdown heading.
 */
export function pathFromLabelLine(line: string): string | undefined {
  let text = line.trim();
  while (text.startsWith('#')) text = text.slice(1);
  text = text.trim();
  if (text.endsWith(':')) text = text.slice(0, -1).trim();
  const cleaned = cleanPath(text);
  if (cleaned === undefined || cleaned.length > 300) return undefined;
  if (/\s/.test(cleaned)) return undefined;
  if (!cleaned.includes('.') && !cleaned.includes('/')) return undefined;
  if (/[`*"'<>|]/.test(cleaned)) return undefined;
  return cleaned;
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
