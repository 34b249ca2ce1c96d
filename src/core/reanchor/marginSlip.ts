import type { LineMatch, Needle } from '../locate/matcher';
import type { FileLines } from '../text/fileText';
import { indentWidth, isBlank, leadingWhitespace, sameIndentation } from '../text/indentation';
import type { Step } from './steps';

/**
 * True for a file whose lines' indentation is its structure, so that a line written at another
 * depth is another document rather than badly laid-out code: YAML (a line's depth says which
 * mapping or list it belongs to).
 */
export function indentationIsStructure(path: string | undefined): boolean {
  return path !== undefined && /\.ya?ml$/i.test(path);
}

/**
 * The replacement with the lines that slipped to the margin put back at the depth of the lines
 * they replace, or undefined when none did (see `slippedSteps`). Each slipped line keeps its depth
 * relative to the others of its change; blank lines are left as they are.
 */
export function withMarginSlipsUndone(steps: readonly Step[], needle: Needle, replacement: readonly string[], replacementElisions: ReadonlySet<number>, match: LineMatch, file: FileLines): string[] | undefined {
  const slips = slippedSteps(steps, needle, replacement, replacementElisions, match, file);
  if (slips.length === 0) return undefined;
  const undone = [...replacement];
  for (const { step, indent } of slips) {
    for (let r = step.rFrom; r < step.rTo; r++) if (!isBlank(undone[r])) undone[r] = indent + undone[r];
  }
  return undone;
}

/**
 * The changes of a YAML edit whose new lines lost the indentation of the lines they replace, each
 * with that indentation (the file's own characters). A model that retypes only the lines it
 * changes starts them at the margin (docker-compose's `environment:` items at six spaces replaced
 * by `- KEY=value` at column 0): written so, they end every mapping and list above them, and the
 * file's next lines either stand under nothing or hang from the new ones; the compose file no
 * longer parsed. A change reads so only when the slip is plain:
 * - the lines it replaces are quoted as the file has them, and all stand indented (comments aside,
 *   which YAML reads at any column): the search text shows the model saw their depth;
 * - its new lines (comments aside) start at the margin and none reaches that depth: lines written
 *   at it would show the change was laid out from the file, its margin lines meant there;
 * - the file's next line after the replaced ones (comments aside) is indented, no deeper than
 *   they are: the block they stood in goes on, so lines at the margin would cut it in two. Where
 *   it ends there, lines at the margin may be new top-level keys after it; where it is deeper,
 *   it hangs from the last replaced line, and a key moved to the top level with its children
 *   (`  nested:` rewritten as `top:`) reads the same: both are written as given.
 */
function slippedSteps(steps: readonly Step[], needle: Needle, replacement: readonly string[], replacementElisions: ReadonlySet<number>, match: LineMatch, file: FileLines): { step: Extract<Step, { kind: 'change' }>; indent: string }[] {
  const slips: { step: Extract<Step, { kind: 'change' }>; indent: string }[] = [];
  const width = (line: string) => indentWidth(leadingWhitespace(line), 4);
  for (const step of steps) {
    if (step.kind !== 'change' || step.nFrom === step.nTo) continue;
    let replacedIndent: string | undefined;
    let lastPlace = -1;
    let quotedAsFile = true;
    for (let n = step.nFrom; n < step.nTo; n++) {
      const line = needle.lines[n];
      const place = match.alignment[n];
      if (isBlank(line)) continue;
      if (typeof place !== 'number' || needle.elisions.has(n) || !sameIndentation(line, file.line(place))) quotedAsFile = false;
      else {
        lastPlace = Math.max(lastPlace, place);
        if (!isYamlComment(line) && (replacedIndent === undefined || width(line) < indentWidth(replacedIndent, 4))) replacedIndent = leadingWhitespace(file.line(place));
      }
    }
    if (!quotedAsFile || replacedIndent === undefined || replacedIndent === '') continue;
    const written = replacement.slice(step.rFrom, step.rTo).filter((line, k) => !isBlank(line) && !replacementElisions.has(step.rFrom + k));
    const structural = written.filter((line) => !isYamlComment(line));
    if (structural.length === 0 || Math.min(...structural.map(width)) !== 0 || structural.some((line) => width(line) >= indentWidth(replacedIndent!, 4))) continue;
    let next = lastPlace + 1;
    while (next < file.lineCount && (isBlank(file.line(next)) || isYamlComment(file.line(next)))) next++;
    if (next >= file.lineCount || leadingWhitespace(file.line(next)) === '' || width(file.line(next)) > indentWidth(replacedIndent, 4)) continue;
    slips.push({ step, indent: replacedIndent });
  }
  return slips;
}

/** A YAML comment line: not part of the structure, at any column. */
function isYamlComment(line: string): boolean {
  return line.trimStart().startsWith('#');
}
