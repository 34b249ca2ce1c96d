import type { EditOp, ParsedReply } from '../ir';
import { isBareDotsLine } from '../parse/elision';
import { toLines } from '../text/fileText';
import { isLinePrefixed } from './opText';

/**
 * The reply with the bare `...` context lines of model-written diff hunks read as lines left out
 * (`EditSource.dotsElide`), where the file the hunk edits has no such line of dots, indentation
 * included; every other op as it was (the same object).
 *
 * In a diff every line is copied from the file, so a context line ` ...` is normally the file's own
 * (a Python stub's body, `...` in a doc), and it is matched as text. But models also write ` ...`
 * inside a hunk for "the lines between here are left out" (a hunk that quotes a method's signature,
 * then ` ...` at the margin, then the line it changes twenty lines down: Flask's
 * `handle_user_exception`, in a file whose only `...` lines are a stub's and a doc example's, deeper).
 * Where the file holds no line of dots as the hunk writes it, ` ...` cannot be its text, so it is
 * read as a SEARCH block's `...` is: the lines around it are found as they stand, the lines between
 * kept. Only a kept line (in the old and the new side alike) counts: a `-...` or `+...` line is a
 * change of the file's text. A diff a tool wrote (git's `index` line: `verbatim`) has no elisions;
 * ops whose file cannot be read here are left as they are.
 */
export function withDotsReadAsLeftOutLines(parsed: ParsedReply, readFile: (path: string) => string | undefined): ParsedReply {
  let changed = false;
  const ops = parsed.ops.map((op): EditOp => {
    const dots = keptBareDots(op);
    if (dots.length === 0 || op.kind !== 'replace' || op.path === undefined) return op;
    const text = readFile(op.path);
    if (text === undefined) return op;
    const fileLines = new Set(toLines(text.replace(/\r\n?/g, '\n')).filter(isBareDotsLine).map((line) => line.trimEnd()));
    if (dots.some((line) => fileLines.has(line.trimEnd()))) return op;
    changed = true;
    return { ...op, source: { ...op.source, dotsElide: true } };
  });
  return changed ? { ...parsed, ops } : parsed;
}

/** The bare `...` lines both sides of a model-written diff hunk or patch chunk keep, as written (none for any other op). */
function keptBareDots(op: EditOp): string[] {
  if (op.kind !== 'replace' || op.path === undefined || !isLinePrefixed(op.source.format) || op.source.verbatim || op.source.dotsElide) return [];
  if (op.search.indexOf('.') === -1 && op.search.indexOf('\u2026') === -1) return [];
  const kept = new Set(toLines(op.replacement).filter(isBareDotsLine));
  return toLines(op.search).filter((line) => isBareDotsLine(line) && kept.has(line));
}
