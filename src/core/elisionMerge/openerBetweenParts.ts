/**
 * Placing a segment between two markers that is nothing but a definition's head written otherwise
 * (a signature given a new parameter), by the parts around it: the block above that encloses it,
 * and the part below that goes on inside its body.
 */
import type { IndentUnit } from '../text/indentation';
import { type AnchorIndex, anchorKey, placeSegment } from './anchors';
import { atDefinitionDepth } from './depth';
import { type Region, blockEnd, definedName, editedOpenerWithin, firstNonBlank, hasText, indentOf, isOpener } from './lines';

/**
 * A segment between two markers the reply wrote whose only line with anything on it is a block
 * opener that defines a name (`def set_output(self, *, transform=None, **kwargs):`) and stands
 * nowhere in the file, placed on the file's opener it is a version of, as an edit of that line.
 * `segment`, `before` (the block's lines above it) and `nextLines` are the reply's lines as written:
 * their depths are compared with each other only. `next` is where the next segment was placed,
 * which it must keep. Only when:
 * - the snippet shows the block the opener stands in: going up from the opener in the reply, past
 *   markers and lines as deep or deeper, the first line is shallower, and it is the file's line
 *   (by its anchor key) that encloses that opener there, above `cursor` (the parts before placed
 *   it: `class ColumnTransformer(…):` over the method);
 * - the next segment has a place of its own below `cursor`, starts deeper than the opener in the
 *   reply, and lands inside that opener's body in the file (the marker between stands for the
 *   body's first lines: its docstring);
 * - between `cursor` and that place the file has exactly one opener it is a version of, of the
 *   same definition (the same name), and no line the same as it.
 * Undefined otherwise.
 *
 * Why: the parts above and below pin that opener as closely as a neighbouring line would, and a
 * neighbouring line that anchors already makes the engine read the changed signature as an edit
 * of the file's (`sameDefinition` in `placeFromHead`). With the docstring elided instead, the
 * same method re-printed with `**kwargs` added to its signature and forwarded in its body was
 * refused (scikit-learn's ColumnTransformer.set_output), though the file had one candidate in
 * the whole class. The snippet's outermost line is not read so: a wrapper copied from an older
 * version of the file (msal's `export class AuthorizationCodeClient extends BaseClient {`) has no
 * shown block around it, and which of the two versions is meant stays a guess
 * (`staleOpenerMessage`).
 */
export function editedOpenerBetweenParts(
  segment: readonly string[],
  before: readonly string[],
  isElision: (line: string) => boolean,
  nextLines: readonly string[],
  nextOpenEnd: boolean,
  original: readonly string[],
  keys: AnchorIndex,
  cursor: number,
  fileUnit: () => IndentUnit | undefined,
): { region: Region; next: number } | undefined {
  const written = segment.filter((line) => line.trim() !== '');
  if (written.length !== 1) return undefined;
  const opener = written[0];
  if (!isOpener(opener.trim()) || definedName(opener.trim()) === undefined || keys.positions.has(anchorKey(opener))) return undefined;
  const enclosing = enclosingLineAbove(before, isElision, indentOf(opener));
  if (enclosing === undefined) return undefined;
  const nextSegment = atDefinitionDepth(nextLines, original, cursor, fileUnit);
  const nextFirst = firstNonBlank(nextSegment);
  if (nextFirst === -1 || indentOf(nextLines[firstNonBlank(nextLines)]) <= indentOf(opener)) return undefined;
  const next = placeSegment(nextSegment, original, keys, cursor, nextOpenEnd);
  if (typeof next === 'string' || next.from <= cursor) return undefined;
  const at = editedOpenerWithin(opener, original, cursor, next.from);
  if (at === -1 || editedOpenerWithin(opener, original, at + 1, next.from) !== -1) return undefined;
  if (next.from <= at || next.from >= blockEnd(original, at)) return undefined;
  const enclosingAt = fileEnclosingLine(original, at);
  if (enclosingAt === -1 || enclosingAt >= cursor || anchorKey(original[enclosingAt]) !== anchorKey(enclosing)) return undefined;
  return { region: { from: at, to: at + 1, lines: [opener], newAbove: 0, newBelow: 0 }, next: next.from };
}

/**
 * The line of `before` (the reply's lines above the segment) that encloses a line at indentation
 * `depth`: going up past blank lines, markers and lines as deep or deeper, the first other line,
 * when it is shallower and has text enough to anchor; undefined when the reply shows none (the
 * opener is the snippet's outermost line).
 */
function enclosingLineAbove(before: readonly string[], isElision: (line: string) => boolean, depth: number): string | undefined {
  for (let j = before.length - 1; j >= 0; j--) {
    const line = before[j];
    if (line.trim() === '' || isElision(line) || indentOf(line) >= depth) continue;
    return hasText(line) ? line : undefined;
  }
  return undefined;
}

/** The index of the file's nearest line with text above `at` that is shallower than it; -1 when none. */
function fileEnclosingLine(original: readonly string[], at: number): number {
  const depth = indentOf(original[at]);
  for (let j = at - 1; j >= 0; j--) if (original[j].trim() !== '' && indentOf(original[j]) < depth) return j;
  return -1;
}
