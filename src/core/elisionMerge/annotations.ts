/**
 * Annotation lines (decorators, attributes) as anchors: such a line says nothing of where it
 * stands but which definition it sits on.
 */
import { definedNameAt, hasText, isCommentLine } from './lines';

/**
 * A line that only annotates the definition under it: a decorator or annotation (`@Deprecated`,
 * `@app.route("/items")`), a Rust attribute (`#[cfg(feature = "sync")]`, not the inner `#![…]`,
 * which annotates the block around it), a C# attribute (`[Obsolete]`, `[HttpGet("{id}")]`).
 */
export function isAnnotationLine(line: string): boolean {
  const text = line.trim();
  return /^@[\w.]+(?:\(.*\))?$/.test(text) || /^#\[.*\]$/.test(text) || /^\[[A-Z]\w*(?:\(.*\))?\]$/.test(text);
}

/** The first line at or after `from` that is not blank, a comment or an annotation; -1 when there is none. */
function annotatedLine(lines: readonly string[], from: number): number {
  let at = from;
  while (at < lines.length && (!hasText(lines[at]) || isCommentLine(lines[at]) || isAnnotationLine(lines[at]))) at++;
  return at < lines.length ? at : -1;
}

/**
 * True when annotation line `k` of `written` and file line `at` (the same text) annotate two
 * different definitions: the definition under the written line stands in the file once
 * (`onlyPlaceOf`: the only file line with a line's text, -1 when none or several), and the file's
 * line at `at` sits on another definition. The written line is then a new annotation repeating
 * one the file has elsewhere, not that line.
 *
 * Why: annotations repeat across a file and a snippet adding one is among the commonest edits
 * (`@Deprecated` put on a method, `#[cfg(feature = "sync")]` on a function). Taken for the file's
 * only other copy (Spring's StringUtils: the one `@Deprecated`, on `isEmpty()`, 125 lines above
 * `trimWhitespace`), the snippet's part started there, and every method between was deleted
 * though the snippet never shows them; or the snippet was refused as leaving them out (tokio's
 * bounded.rs, the `#[cfg]` 23 lines higher on `is_closed`'s neighbour). Lines under the
 * annotations that define nothing, or a written definition the file does not have once (a renamed
 * function), say nothing: the line is read as before.
 */
export function annotatesOtherDefinition(written: readonly string[], k: number, original: readonly string[], at: number, onlyPlaceOf: (line: string) => number): boolean {
  if (!isAnnotationLine(written[k])) return false;
  const mine = annotatedLine(written, k + 1);
  const theirs = annotatedLine(original, at + 1);
  if (mine === -1 || theirs === -1 || definedNameAt(written, mine) === undefined || definedNameAt(original, theirs) === undefined) return false;
  const place = onlyPlaceOf(written[mine]);
  return place >= 0 && place !== theirs;
}
