/**
 * Placing a segment of a snippet in a file whose blocks are made by indentation and named by
 * keys (YAML: a compose file's services, a workflow's jobs, a manifest's containers), by the path
 * of keys the snippet shows above it.
 */
import { collapseWhitespace } from '../text/normalize';
import { type AnchorIndex, anchorCount, anchorKey, placeSegmentFrom } from './anchors';
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
 * (with markers for the rest) to say where it is, name one place. The snippet's keys, nearest
 * first, up to the first that the file has once (`backend:`, `- name: master`; a path of keys
 * every block has, `else:` above `return None`, names nothing), must be the nearest
 * less-indented lines above that copy in the file, in order, the last of them that very line. A
 * key is a line ending with `:` or a list item (`- name: master`). Only a copy that is the one
 * place with that path, at or after `cursor`, is taken; the rest (the lines below it, the checks)
 * is `placeSegmentFrom`'s. Undefined when no line of the segment has such a place.
 *
 * `above` is the snippet's lines before the segment (markers and earlier parts), which hold the
 * keys a segment right after a marker is under.
 */
export function placeByKeyPath(segment: readonly string[], above: readonly string[], isElision: (line: string) => boolean, original: readonly string[], keys: AnchorIndex, cursor: number, openEnd: boolean): Region | undefined {
  // Only where no line anchors the segment by itself: a segment whose own anchors were refused
  // was refused for a reason (two of them in the opposite order: except clauses reordered in
  // CPython's tabnanny.py, placed by the path, kept the old clause and wrote the new one below).
  if (anchorCount(segment, original, keys, cursor) > 0) return undefined;
  const snippet = [...above, ...segment];
  const isStructure = (line: string) => line.trim() !== '' && !isElision(line) && !isCommentLine(line);
  for (let k = 0; k < segment.length; k++) {
    const line = segment[k];
    if (!isStructure(line) || !/\w/.test(line)) continue;
    const path = keyPath(snippet, above.length + k, isStructure);
    if (path === undefined) continue;
    // The path must reach a key the file has once: `else:` above `return None` names no place,
    // `backend:` or `- name: master` does.
    const places = path.map((key) => onlyAt(keys, key.line));
    const named = places.findIndex((at) => at >= 0);
    if (named === -1) continue;
    const namedAt = places[named];
    const wanted = collapseWhitespace(line);
    let found = -1;
    for (let at = cursor; at < original.length && found !== -2; at++) {
      if (collapseWhitespace(original[at]) !== wanted) continue;
      const theirs = keyPath(original, at, isStructure, named + 1);
      const same = theirs !== undefined && theirs.length === named + 1 && theirs.every((key, i) => key.text === path[i].text) && theirs[named].at === namedAt;
      if (same) found = found === -1 ? at : -2;
    }
    if (found < 0) continue;
    const region = placeSegmentFrom(segment, original, keys, cursor, k, found, openEnd);
    return typeof region === 'string' ? undefined : region;
  }
  return undefined;
}

/** A key above a line: its text (whitespace collapsed), the line itself, and its index. */
interface Key {
  readonly text: string;
  readonly line: string;
  readonly at: number;
}

/**
 * The file line with the anchor key of `line`, when the file has exactly one; else -1. Sought in
 * the whole file: the key may stand above the cursor, placed by the part before the marker.
 */
function onlyAt(keys: AnchorIndex, line: string): number {
  const positions = keys.positions.get(anchorKey(line)) ?? [];
  return positions.length === 1 ? positions[0] : -1;
}

/**
 * The keys above line `i` of `lines`, nearest first: each the nearest line above with structure
 * that is less indented than the last; at most `limit`, stopping at the margin. Undefined when
 * one of them is not a key (a line ending with `:`, or a list item).
 */
function keyPath(lines: readonly string[], i: number, isStructure: (line: string) => boolean, limit = MAX_PATH): Key[] | undefined {
  const path: Key[] = [];
  let depth = indentOf(lines[i]);
  for (let j = i - 1; j >= 0 && depth > 0 && path.length < limit; j--) {
    if (!isStructure(lines[j]) || indentOf(lines[j]) >= depth) continue;
    const key = lines[j].trim();
    if (!/:$/.test(key) && !/^- \S/.test(key)) return undefined;
    path.push({ text: collapseWhitespace(key), line: lines[j], at: j });
    depth = indentOf(lines[j]);
  }
  return path;
}
