/**
 * Annotation lines (decorators, attributes) as anchors: such a line says nothing of where it
 * stands but which definition it sits on.
 */
import { correspond, declaredType, definedNameAt, hasText, isCommentLine, sameDefinition } from './lines';

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
 * `trimWhitespace`; an actix messages.rs: the one `#[rtype(result = "Option<Value>")]`, on a
 * struct 24 lines above `ChooseWordMsg`), the snippet's part started there, and every definition
 * between was deleted though the snippet never shows them; or the snippet was refused as leaving
 * them out (tokio's bounded.rs, the `#[cfg]` 23 lines higher on `is_closed`'s neighbour). Lines
 * under the annotations that define nothing (`isDefinition`), or a written definition the file
 * does not have once (a renamed function), say nothing: the line is read as before.
 */
export function annotatesOtherDefinition(written: readonly string[], k: number, original: readonly string[], at: number, onlyPlaceOf: (line: string) => number): boolean {
  if (!isAnnotationLine(written[k])) return false;
  const mine = annotatedLine(written, k + 1);
  const theirs = annotatedLine(original, at + 1);
  if (mine === -1 || theirs === -1 || !isDefinition(written, mine) || !isDefinition(original, theirs)) return false;
  const place = onlyPlaceOf(written[mine]);
  return place >= 0 && place !== theirs;
}

/**
 * True when line `at` defines a name: a function or method (`definedNameAt`) or a type, which
 * annotations sit on as often (`#[derive(Debug, Message)]` over Rust's `pub struct LeaveRoomMsg {`,
 * `@Entity` over `public class Order {`: `declaredType`).
 */
function isDefinition(lines: readonly string[], at: number): boolean {
  return definedNameAt(lines, at) !== undefined || declaredType(lines[at]) !== undefined;
}

/**
 * True when annotation line `k` of `written` is a version of annotation line `at` of `original`,
 * standing at its place: both sit on the same definition, as many lines above it (the line under
 * the annotations, the same or an edit of it: `sameDefinition`, `correspond`), the annotation has
 * the same name (`PreAuthorize`, `rtype`) and the arguments of one are among the other's
 * (`argumentLabels`), and neither stack of annotations over that definition carries the name
 * twice.
 *
 * Why: most annotations can stand once on a definition, so a snippet that shows one with new
 * arguments right above the definition (`@PreAuthorize("hasAnyRole('USER', 'ADMIN')")` for the
 * file's `@PreAuthorize("hasRole('USER')")`) changes it; read as a new line, both were kept (a
 * Spring controller: javac rejects the duplicate annotation, and the old check still held). Lines
 * whose first two words differ read as no edit of each other, hence this rule. Other arguments,
 * neither among the other's (`#[serde(default)]` over a field with `#[serde(rename = "userId")]`),
 * are a second annotation of a kind that stacks, and a name the file already repeats on the
 * definition stacks there: both are left to the line-by-line reading.
 */
export function editsAnnotation(written: readonly string[], k: number, original: readonly string[], at: number): boolean {
  const [mine, theirs] = [annotationParts(written[k]), annotationParts(original[at])];
  if (mine === undefined || theirs === undefined || mine.name !== theirs.name) return false;
  if (!mine.labels.every((label) => theirs.labels.includes(label)) && !theirs.labels.every((label) => mine.labels.includes(label))) return false;
  const [writtenDefinition, existingDefinition] = [annotatedLine(written, k + 1), annotatedLine(original, at + 1)];
  if (writtenDefinition === -1 || existingDefinition === -1 || writtenDefinition - k !== existingDefinition - at) return false;
  const [a, b] = [written[writtenDefinition], original[existingDefinition]];
  if (!correspond(a, b) && !sameDefinition(a.trim(), b.trim())) return false;
  return namedOnce(written, writtenDefinition, mine.name) && namedOnce(original, existingDefinition, mine.name);
}

/**
 * True when the annotations right above line `definition` (up through blank and comment lines)
 * carry `name` at most once.
 */
function namedOnce(lines: readonly string[], definition: number, name: string): boolean {
  let count = 0;
  for (let i = definition - 1; i >= 0 && (!hasText(lines[i]) || isCommentLine(lines[i]) || isAnnotationLine(lines[i])); i--) {
    if (isAnnotationLine(lines[i]) && annotationParts(lines[i])?.name === name) count++;
  }
  return count <= 1;
}

/**
 * An annotation line's name (`PreAuthorize`, `app.route`, `rtype`) and its arguments' labels
 * (`argumentLabels`); undefined for a line that is no annotation.
 */
function annotationParts(line: string): { name: string; labels: string[] } | undefined {
  if (!isAnnotationLine(line)) return undefined;
  const text = line.trim();
  const inner = (text.startsWith('@') ? text.slice(1) : text.slice(text.startsWith('#[') ? 2 : 1, -1)).trim();
  const match = /^([\w.:]+)\s*(?:\((.*)\))?$/.exec(inner);
  if (match === null) return undefined;
  return { name: match[1], labels: argumentLabels(match[2] ?? '') };
}

/**
 * What names each argument of an annotation: the key of a named one (`result` of `result = "bool"`,
 * `methods` of `methods=['POST']`), a bare word or path itself (`default`, `Debug`,
 * `RetentionPolicy.RUNTIME`: a flag or a value that says what the argument is), and an empty
 * label for a literal value (`"hasRole('USER')"`, `{"a", "b"}`, `5`), whose text may change.
 */
function argumentLabels(args: string): string[] {
  // Literals first, so commas, brackets and `=` inside strings split nothing.
  const bare = args.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < bare.length; i++) {
    const c = bare[i];
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(bare.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(bare.slice(start));
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => /^([\w$]+)\s*(?:=(?!=)|:(?!:))/.exec(part)?.[1] ?? (/^[A-Za-z_$][\w$.:]*$/.test(part) ? part : /^([A-Za-z_$][\w$.:]*)\s*\(/.exec(part)?.[1] ?? ''));
}

/**
 * True when annotation line `k` of `written`, over a line the snippet shows, has a copy at file
 * line `at` that annotates a line standing above `before` (the line under the copy's stack of
 * annotations). Reading the snippet's line as that copy, the lines from there down to `before`
 * deleted, would delete the line the copy annotates and hand its annotation to the snippet's.
 *
 * Why: an actix messages file carries `#[rtype(result = "Option<Value>")]` over several structs;
 * a snippet giving `ChooseWordMsg` that result type (its new `#[rtype]` right above `pub struct
 * ChooseWordMsg {`) was refused, the copy 24 lines higher read as maybe the snippet's line with
 * the structs between deleted.
 */
export function copyAnnotatesLineAbove(written: readonly string[], k: number, original: readonly string[], at: number, before: number): boolean {
  if (!isAnnotationLine(written[k]) || annotatedLine(written, k + 1) === -1) return false;
  const theirs = annotatedLine(original, at + 1);
  return theirs !== -1 && theirs < before;
}
