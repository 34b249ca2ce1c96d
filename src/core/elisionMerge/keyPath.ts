/**
 * Placing a segment of a snippet in a file whose blocks are made by indentation and named by
 * keys (YAML: a compose file's services, a workflow's jobs, a manifest's containers), by the path
 * of keys the snippet shows above it.
 */
import { collapseWhitespace, hasText } from '../text/normalize';
import { type AnchorIndex, placeFromHead } from './anchors';
import { type Region, indentOf, isCommentLine } from './lines';

/** How many keys of a path are compared at most: the nearest ones name the place. */
const MAX_PATH = 6;

/**
 * Places a segment none of whose lines stands once in the file by the first line of it that
 * stands once under the same keys: the lines the snippet shows above it, each less indented than
 * the one below it (`services:`, `backend:`, then `depends_on:`), read against the lines above each
 * of the file's copies of it the same way. Why: YAML repeats its plain keys in every sibling
 * (`depends_on:`, `ports:`, `environment:` in every service; `steps:` in every job), so a
 * snippet's changed lines rarely stand once, while the keys above them, which a model writes
 * (with markers for the rest) to say where it is, name one place. Every key of the snippet's path
 * must be the nearest less-indented line above that copy in the file, in order, as many as the
 * snippet shows (up to `MAX_PATH`); a key is a line ending with `:` (`backend:`) or a list item
 * (`- name: master`), so that only structure, never code, names the place. Only a copy that is
 * the one place with that path, at or after `cursor`, is taken; the rest (the lines below it, the
 * checks) is `placeFromHead`'s. Undefined when no line of the segment has such a place.
 *
 * `above` is the snippet's lines before the segment (markers and earlier parts), which hold the
 * keys a segment right after a marker is under.
 */
export function placeByKeyPath(segment: readonly string[], above: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex, cursor: number, openEnd: boolean): Region | undefined {
  const snippet = [...above, ...segment];
  const isStructure = (line: string) => line.trim() !== '' && !isElision(line) && !isCommentLine(line);
  for (let k = 0; k < segment.length; k++) {
    const line = segment[k];
    if (!isStructure(line) || !/\w/.test(line)) continue;
    const path = keyPath(snippet, above.length + k, isStructure);
    // A path of keys only, and one that says more than a plain line's place (a key with a name).
    if (path === undefined || path.length === 0 || !path.some(hasText)) continue;
    const wanted = collapseWhitespace(line);
    let found = -1;
    for (let at = cursor; at < original.length && found !== -2; at++) {
      if (collapseWhitespace(original[at]) !== wanted) continue;
      const theirs = keyPath(original, at, isStructure, path.length);
      if (theirs !== undefined && theirs.length === path.length && theirs.every((key, i) => key === path[i])) found = found === -1 ? at : -2;
    }
    if (found < 0) continue;
    const region = placeFromHead(segment, original, keys, cursor, k, found, openEnd);
    return typeof region === 'string' ? undefined : region;
  }
  return undefined;
}

/**
 * The keys above line `i` of `lines`, nearest first (whitespace collapsed): each the nearest line
 * above with structure that is less indented than the last; at most `limit`, stopping at the
 * margin. Undefined when one of them is not a key (a line ending with `:`, or a list item).
 */
function keyPath(lines: readonly string[], i: number, isStructure: (line: string) => boolean, limit = MAX_PATH): string[] | undefined {
  const path: string[] = [];
  let depth = indentOf(lines[i]);
  for (let j = i - 1; j >= 0 && depth > 0 && path.length < limit; j--) {
    if (!isStructure(lines[j]) || indentOf(lines[j]) >= depth) continue;
    const key = lines[j].trim();
    if (!/:$/.test(key) && !/^- \S/.test(key)) return undefined;
    path.push(collapseWhitespace(key));
    depth = indentOf(lines[j]);
  }
  return path;
}
