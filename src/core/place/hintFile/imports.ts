/**
 * Blocks of import lines only, beside a part of the target file: the imports the file lacks, as
 * lines to add among its own or as edits of its one-line imports from the same module.
 */
import { hasText, identifiers, indentOf, isCommentLine, sameModuleImport } from '../../elisionMerge/lines';
import { isImport } from '../../elisionMerge/wholeOrPart';

/** Go's grouped import: `import (` alone on its line, one package a line (`"strings"`, `str "strings"`), `)`. */
const GROUP_OPEN = /^import[ \t]*\($/;
const GROUP_ENTRY = /^(?:[A-Za-z_.][\w.]*[ \t]+)?"[^"\s]+"$/;

/**
 * For a block that is one grouped import (Go's `import (` … `)`), beside a file with one at its
 * top: the packages the file's group lacks, indented as its entries, to add before its `)`;
 * undefined when it lacks none or the file has no such group; null when the block is no grouped
 * import (the one-line reading then applies).
 */
function groupedImportsToAdd(lines: readonly string[], fileLines: readonly string[]): { lines: string[]; replaced: { line: number; text: string }[]; afterLine: number } | undefined | null {
  if (lines.length < 3 || !GROUP_OPEN.test(lines[0].trim()) || lines[lines.length - 1].trim() !== ')') return null;
  const entries = lines.slice(1, -1).map((line) => line.trim());
  if (!entries.every((entry) => GROUP_ENTRY.test(entry))) return null;
  const open = fileLines.findIndex((line) => GROUP_OPEN.test(line) && indentOf(line) === 0);
  if (open === -1) return undefined;
  let close = open + 1;
  while (close < fileLines.length && fileLines[close].trim() !== ')') close++;
  if (close === fileLines.length) return undefined;
  const present = new Set(fileLines.slice(open + 1, close).map((line) => line.trim()));
  const indent = fileLines.slice(open + 1, close).find((line) => line.trim() !== '')?.match(/^[ \t]*/)?.[0] ?? '\t';
  const missing = entries.filter((entry) => !present.has(entry)).map((entry) => indent + entry);
  return missing.length === 0 ? undefined : { lines: missing, replaced: [], afterLine: close };
}

/**
 * For a block of import lines only: the ones the file lacks (trimmed, compared with the file's
 * lines), as edits of the file's one-line imports from the same module whose names they hold
 * (`replaced`: `from .models import Post, Tag` for `from .models import Post`) or as lines to add
 * after `afterLine` (1-based), the end of the file's own imports at its top (a statement whose
 * list runs over several lines included); undefined when every line is there, the block holds
 * anything but imports, or the file has no import to put them beside.
 */
export function importsToAdd(block: readonly string[], fileLines: readonly string[]): { lines: string[]; replaced: { line: number; text: string }[]; afterLine: number } | undefined {
  const lines = block.filter((line) => line.trim() !== '');
  const grouped = groupedImportsToAdd(lines, fileLines);
  if (grouped !== null) return grouped;
  if (lines.length === 0 || !lines.every((line) => isImport(line) && !/[{(]\s*$/.test(line))) return undefined;
  let last = -1;
  for (let i = 0; i < fileLines.length; i++) {
    const line = fileLines[i];
    if (!hasText(line) || indentOf(line) > 0 || isCommentLine(line)) continue;
    // A module docstring above the imports.
    const quote = line.startsWith('"""') ? '"""' : line.startsWith("'''") ? "'''" : undefined;
    if (quote !== undefined && last === -1) {
      if (!line.slice(3).includes(quote)) while (i + 1 < fileLines.length && !fileLines[++i].includes(quote));
      continue;
    }
    if (!isImport(line)) {
      if (/^(?:package|namespace|module)\b|^['"]use /.test(line.trim())) continue;
      break;
    }
    last = i;
    // A list left open (`import {`, `from x import (`) ends at the line that closes it.
    if (/[{(]\s*$/.test(line)) while (last + 1 < fileLines.length && !/^\s*[})]/.test(fileLines[last])) last++;
  }
  if (last === -1) return undefined;
  const present = new Set(fileLines.map((line) => line.trim()));
  const missing = lines.map((line) => line.trim()).filter((line) => !present.has(line));
  // A line importing more names from a module the file imports from on one line is that line edited.
  const replaced: { line: number; text: string }[] = [];
  const added: string[] = [];
  for (const text of missing) {
    const names = new Set(identifiers(text));
    const at = fileLines.findIndex((line, i) => i <= last && indentOf(line) === 0 && sameModuleImport(text, line.trim()) && identifiers(line).every((name) => names.has(name)));
    if (at !== -1 && !replaced.some((entry) => entry.line === at)) replaced.push({ line: at, text });
    else added.push(text);
  }
  return missing.length === 0 ? undefined : { lines: added, replaced, afterLine: last + 1 };
}
