/**
 * New lines a fragment of a file ends with (a block re-printed from the file without elision
 * markers) that are versions of the lines right below the part it shows: the same key, field or
 * attribute given a new value.
 */
import { isVersion, splitOfNextLine } from './versions';
import { type Region, correspond, hasText, indentOf, isCloser, isOpener, newRunAfterKept } from './lines';

/**
 * The region widened down over the file's lines right below it that its last new lines are
 * versions of, in order and at their depth; a refusal when a new line before that run is a version
 * of a line the fragment's implied elision keeps further down in the block; or the region as it is.
 *
 * A fragment is read as the file's own lines from where it starts, down to where it stops, with
 * the rest of the file kept on both sides. Its lines are placed by those the file has; a changed
 * line at its very end has nothing after it to place it, and only a line that resembles the
 * file's closely enough was taken for it. A changed value that does not (`features = []` made
 * `features = ["https"]` in a Cargo table, `<scope>test</scope>` made `<scope>runtime</scope>`
 * in a POM dependency, `"collapsed": false` made `true` in a notebook cell, an OpenAPI response's
 * `description:` rewritten) was written as a new line above the old one, which the implied
 * elision kept: a duplicate TOML or YAML key, a second `<scope>`, invalid JSON. At the place the
 * fragment's other lines reach, a line setting the key the file's next line sets can only be that
 * line's new text: a second one in the same mapping, element or tag is no valid file (see
 * `isFieldVersion`). Several last new lines that are each a version of the file's next line (a
 * requirement's pin split by Python version) replace that one line (`splitOfNextLine`).
 */
export function versionsBelowFragment(region: Region, original: readonly string[], keptUntil: number): Region | string {
  const ending = newRunAfterKept(region, original);
  if (ending === undefined) return region;
  const added = ending.added;
  // The file's depth less the fragment's, read from the last line both have (the one right above the new ones).
  const sharedLine = ending.kept[ending.kept.length - 1];
  const shift = indentOf(original[region.to - 1]) - indentOf(sharedLine);
  // The new lines end the fragment: blank lines after them would be the fragment's own edge.
  if (added.length === 0 || !hasText(added[added.length - 1])) return region;
  const sameDepth = (line: string, at: number) => indentOf(line) + shift === indentOf(original[at]);
  const versionOf = (line: string, at: number) => at < original.length && sameDepth(line, at) && isFieldVersion(line, original, at);
  // The longest run of the last new lines that are, in order, versions of the file's next lines.
  let run = 0;
  for (let n = added.length; n >= 1 && run === 0; n--) {
    const tail = added.slice(added.length - n);
    if (tail.every((line, i) => versionOf(line, region.to + i))) run = n;
  }
  // Or, when that reads more of them, the last new lines each a version of the file's next line:
  // that one line split in several. `replaced`: how many of the file's lines the run replaces.
  const split = splitOfNextLine(added, (line) => versionOf(line, region.to));
  const replaced = split > run ? 1 : run;
  run = Math.max(run, split);
  if (run === 0) return region;
  // A new line above the run that is a version of a line the block keeps below it says the
  // fragment rewrites more than the lines it reaches: which ones is a guess.
  const depth = indentOf(original[region.to]);
  for (const line of added.slice(0, added.length - run)) {
    for (let i = region.to + replaced; i < Math.min(keptUntil, original.length); i++) {
      if (!hasText(original[i])) continue;
      if (indentOf(original[i]) < depth) break;
      if (versionOf(line, i)) {
        return `the fragment ends with "${added[added.length - 1].trim().slice(0, 40)}", the new text of line ${region.to + replaced}, but its new line "${line.trim().slice(0, 40)}" is a version of line ${i + 1} ("${original[i].trim().slice(0, 40)}"), which it does not reach: whether it replaces that line or goes beside it is a guess (show the fragment down to that line)`;
      }
    }
  }
  return { ...region, to: region.to + replaced };
}

/**
 * True when a written line sets what the file's line `at` sets, with another value: a key, a field
 * or an assignment (`isVersion`: `features = […]`, `"collapsed": …`, `description: …`); an XML
 * attribute with a namespace (`android:label="…"`: a tag holds an attribute once); or an XML
 * element on one line (`<scope>runtime</scope>`) whose tag no other child of the file's element
 * there has. An element its siblings repeat (`<module>`, `<PackageVersion … />`) is an entry of a
 * list, which a new one may join: that is left to the other rules.
 */
function isFieldVersion(written: string, original: readonly string[], at: number): boolean {
  const existing = original[at];
  if (written.trim() === existing.trim()) return false;
  if (isVersion(written, original, at)) return true;
  const attribute = (line: string) => /^\s*([A-Za-z_][\w.-]*:[A-Za-z_][\w.-]*)\s*=\s*["']/.exec(line)?.[1];
  const name = attribute(written);
  if (name !== undefined) return name === attribute(existing);
  const tag = elementTag(written);
  return tag !== undefined && tag === elementTag(existing) && siblingsWithTag(original, at, tag) === 1;
}

/** The tag of an XML element written whole on one line (`<scope>test</scope>`, `<a:b x="1"/>`), or undefined. */
function elementTag(line: string): string | undefined {
  const match = /^\s*<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?(?:\/>|>[^<]*<\/([A-Za-z_][\w.:-]*)>)\s*$/.exec(line);
  if (match === null || (match[2] !== undefined && match[2] !== match[1])) return undefined;
  return match[1];
}

/**
 * How many lines of the file's element around line `at` (the lines at its depth, up and down to a
 * shallower line) are elements with `tag`.
 */
function siblingsWithTag(original: readonly string[], at: number, tag: string): number {
  const depth = indentOf(original[at]);
  let count = 0;
  for (const step of [-1, 1]) {
    for (let i = at + (step === 1 ? 0 : -1); i >= 0 && i < original.length; i += step) {
      if (!hasText(original[i])) continue;
      if (indentOf(original[i]) < depth) break;
      if (indentOf(original[i]) === depth && elementTag(original[i]) === tag) count++;
    }
  }
  return count;
}

/**
 * The region with the comma kept at the end of its last line, when that line is the new text of
 * the file's last line of the region, which ends with a comma the written line lacks, and the
 * file's next line with text is another entry at its depth (no closer): the fragment stops at the
 * changed entry, and the entries the implied elision keeps below still need the separator.
 * Written as given, `"test": "mocha --exit"` above the kept `"lint": "eslint ."` left a
 * package.json's scripts without a comma. The region as it is otherwise.
 */
export function separatorKeptAtEnd(region: Region, original: readonly string[]): Region {
  if (region.to <= region.from || region.to > original.length) return region;
  let last = region.lines.length - 1;
  while (last >= 0 && region.lines[last].trim() === '') last--;
  const existing = original[region.to - 1];
  if (last < 0 || !existing.trimEnd().endsWith(',')) return region;
  const written = region.lines[last];
  const text = written.trim();
  if (text.endsWith(',') || !hasText(text) || isOpener(text) || isCloser(text) || written.trimEnd() === existing.trimEnd()) return region;
  if (!isFieldVersion(written, original, region.to - 1) && !correspond(written, existing)) return region;
  let next = region.to;
  while (next < original.length && original[next].trim() === '') next++;
  if (next >= original.length || isCloser(original[next]) || indentOf(original[next]) !== indentOf(existing)) return region;
  const lines = [...region.lines];
  lines[last] = `${written.trimEnd()},`;
  return { ...region, lines };
}
