/**
 * AutoCodeRover's modifications (the patch format of its SWE-bench agent, whose replies fill the
 * public SWE-bench trajectories) → Edit IR:
 *
 *     # modification 1
 *     ```                                 <- a fence around it, or none
 *     <file>sympy/core/basic.py</file>
 *     <original>
 *         return self._args               <- lines of the file, as SEARCH quotes them
 *     </original>
 *     <patched>
 *         return tuple(self._args)
 *     </patched>
 *     ```
 *
 * Each `<original>`/`<patched>` pair is a line-granular replace in the `<file>` above it, placed by
 * the ladder as a SEARCH/REPLACE block is (whitespace drift, indentation, stale lines); several
 * pairs may follow one `<file>`. The newline right after an opening tag and right before a closing
 * tag belong to the tags. A reply that ends inside a pair is `INCOMPLETE_BLOCK`; an `<original>`
 * without `<patched>`, or an empty one, is `PARSE_ERROR`, never applied. A `<file>` line followed by
 * anything else is prose.
 */
import type { EditOp, ParseProblem } from '../ir';
import type { ParsedBlock } from './parser';
import { cleanPath, fenceOpen, isFenceClose, joinLines, problemOf, sourceOf } from './replyScan';
import { trimsToEmpty } from '../text/indentation';

const FORMAT = 'original-patched' as const;
const FILE_TAG = /^<file>(.+?)<\/file>$/;

/**
 * The modification whose `<file>` tag is on line `at` (0-based), when an `<original>` follows it;
 * undefined otherwise (a `<file>` tag in prose). Read from the XML tool-call parser's scan of the
 * lines that start with a tag, so that a reply without one costs no search of its own.
 * `claimed(i)` (0-based) tells the lines another parser took.
 */
export function modificationAt(lines: readonly string[], at: number, claimed: (i: number) => boolean): ParsedBlock | undefined {
  const named = FILE_TAG.exec(lines[at].trim());
  if (!named) return undefined;
  const next = nextText(lines, at + 1, claimed);
  if (next === undefined || !lines[next].trim().startsWith('<original>')) return undefined;
  return readModification(lines, at, named[1], claimed);
}

/** The index of the first non-blank line from `from` on, unless a claimed line comes first. */
function nextText(lines: readonly string[], from: number, claimed: (i: number) => boolean): number | undefined {
  for (let i = from; i < lines.length && !claimed(i); i++) if (!trimsToEmpty(lines[i])) return i;
  return undefined;
}

/** The text inside `<tag>` … `</tag>` starting on line `at`: its lines, and the line holding the closing tag; undefined lines when the reply ends first. */
function readTagged(lines: readonly string[], at: number, tag: string, claimed: (i: number) => boolean): { text: string[] | undefined; end: number } {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const first = lines[at].slice(lines[at].indexOf(open) + open.length);
  const text: string[] = [];
  const closesOn = (line: string) => line.indexOf(close);
  const sameLine = closesOn(first);
  if (sameLine !== -1) return { text: [first.slice(0, sameLine)], end: at };
  // A newline right after the opening tag belongs to the tag.
  if (!trimsToEmpty(first)) text.push(first);
  for (let i = at + 1; i < lines.length && !claimed(i); i++) {
    const end = closesOn(lines[i]);
    if (end === -1) {
      text.push(lines[i]);
      continue;
    }
    // So does one right before the closing tag (with the indentation before it).
    const before = lines[i].slice(0, end);
    if (!trimsToEmpty(before)) text.push(before);
    return { text, end: i };
  }
  return { text: undefined, end: lines.length - 1 };
}

/** Reads the modification whose `<file>` tag is on line `at`: its pairs, and the fence around it. */
function readModification(lines: readonly string[], at: number, rawPath: string, claimed: (i: number) => boolean): ParsedBlock {
  const path = cleanPath(rawPath.trim(), false);
  // A fence opened right above the `<file>` line is the modification's: its closing line is too.
  let start = at;
  const above = at - 1 >= 0 && !claimed(at - 1) ? fenceOpen(lines[at - 1]) : undefined;
  if (above) start = at - 1;
  const ops: EditOp[] = [];
  const problems: ParseProblem[] = [];
  let end = at;
  let k = nextText(lines, at + 1, claimed);
  while (k !== undefined && lines[k].trim().startsWith('<original>')) {
    const original = readTagged(lines, k, 'original', claimed);
    if (original.text === undefined) {
      problems.push(problemOf('INCOMPLETE_BLOCK', FORMAT, start + 1, lines.length, 'The reply ends inside an <original> tag.', path));
      return { startLine: start + 1, endLine: lines.length, ops: [], problems };
    }
    const p = nextText(lines, original.end + 1, claimed);
    if (p === undefined || !lines[p].trim().startsWith('<patched>')) {
      end = original.end;
      problems.push(problemOf(p === undefined ? 'INCOMPLETE_BLOCK' : 'PARSE_ERROR', FORMAT, k + 1, end + 1, 'An <original> is not followed by its <patched>: the modification is not applied.', path));
      break;
    }
    const patched = readTagged(lines, p, 'patched', claimed);
    if (patched.text === undefined) {
      problems.push(problemOf('INCOMPLETE_BLOCK', FORMAT, start + 1, lines.length, 'The reply ends inside a <patched> tag.', path));
      return { startLine: start + 1, endLine: lines.length, ops: [], problems };
    }
    end = patched.end;
    if (path === undefined) problems.push(problemOf('PARSE_ERROR', FORMAT, at + 1, end + 1, `The <file> tag names no usable path (${JSON.stringify(rawPath.trim())}).`));
    else if (original.text.every((line) => trimsToEmpty(line))) problems.push(problemOf('PARSE_ERROR', FORMAT, k + 1, end + 1, 'The <original> is empty: there is nothing to find in the file.', path));
    else ops.push({ kind: 'replace', path, search: joinLines(original.text), replacement: joinLines(patched.text), granularity: 'lines', expectedCount: 1, source: sourceOf(FORMAT, k + 1, end + 1) });
    k = nextText(lines, end + 1, claimed);
  }
  if (above) {
    const close = nextText(lines, end + 1, claimed);
    if (close !== undefined && isFenceClose(lines[close], above)) end = close;
  }
  // A modification's problems keep it from being applied in part.
  return { startLine: start + 1, endLine: end + 1, ops: problems.length > 0 ? [] : ops, problems };
}
