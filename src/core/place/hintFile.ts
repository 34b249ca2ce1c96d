import type { ParsedReply, RewriteFileOp } from '../ir';
import { resolvePath } from '../paths';
import type { PlanOptions, ReadFile } from '../pipeline';
import { looksBinary, toLines } from '../text/fileText';
import { normaliseEol } from './opText';

/**
 * The reply's one fenced file without a path, as a rewrite of the hint file, when the reply has no
 * other edit and that block is plainly the whole file: it starts and ends with the file's first
 * and last lines and holds at least half of the file's other lines. Anything less (an example, a
 * function shown on its own, two candidates) stays an illustration: the caller reports
 * NO_EDITS_FOUND as before.
 */
export function wholeHintFile(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions): RewriteFileOp | undefined {
  if (options.hintPath === undefined || !parsed.unnamedFiles?.length) return undefined;
  const resolved = resolvePath(options.hintPath, options.root);
  if (!resolved.ok) return undefined;
  const text = readFile(resolved.path);
  if (text === undefined || looksBinary(text)) return undefined;
  const fileLines = toLines(normaliseEol(text)).map((line) => line.trim()).filter((line) => line !== '');
  if (fileLines.length < 3) return undefined;
  const matching = parsed.unnamedFiles.filter((unnamed) => {
    const lines = toLines(unnamed.content).map((line) => line.trim()).filter((line) => line !== '');
    if (lines.length < 3 || lines[0] !== fileLines[0] || lines[lines.length - 1] !== fileLines[fileLines.length - 1]) return false;
    const present = new Set(lines);
    const kept = fileLines.filter((line) => present.has(line)).length;
    return kept >= fileLines.length / 2;
  });
  if (matching.length !== 1) return undefined;
  const [block] = matching;
  return {
    kind: 'rewrite',
    path: options.hintPath,
    content: block.content,
    partial: false,
    source: { block: 1, format: 'whole-file', startLine: block.startLine, endLine: block.endLine },
  };
}
