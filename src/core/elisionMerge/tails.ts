/**
 * New lines a placed part ends with, where nothing the snippet writes after them says which of the
 * file's lines come next: a marker right after them, or the snippet's end.
 */
import { isVersion, splitOfNextLine } from './versions';
import { exitWord } from './widenedEnds';
import { type Region, alignLines, correspond, definedName, hasText, indentOf, isBareTag, isCloser, isCommentLine, newRunAfterKept } from './lines';

/**
 * Why the new lines a region ends with, right before a marker the reply wrote, are unsure: one of
 * the block's own statements among them (the shallowest new lines) is, at the same depth, a line
 * the marker keeps further down in that block (`keptUntil`: where the next part's region starts,
 * or the file's end), a version of one (`isVersion`: the same key given a new value), or a clause
 * of a function the file defines there (`clauseHead`). Undefined when none is.
 *
 * A snippet that re-prints a file's head with its changes and then writes a marker (`{ config,
 * lib, pkgs, ... }:`, a new `let cfg = …;` / `in {` / `meta.maintainers = …;` header, then `# ...
 * existing code ...`; a module's first lines, a new `-export([init/2]).` and a new `init/2`, then
 * `%% ... existing clauses ...`) anchors only on the first lines it shares with the file. The
 * changed lines after them were written as new lines and the marker kept the whole rest of the
 * file, old header included: two `let … in {` headers in a Nix module, two export blocks and two
 * `init` in an Erlang one (home-manager's bashmount.nix, cowboy's echo_get handler). Nothing in
 * the snippet says where the old lines the new ones rewrite end, so the merge does not guess.
 */
export function restatedBeforeMarker(region: Region, original: readonly string[], keptUntil: number): string | undefined {
  const added = trailingNewLines(region, original).filter((line) => /\w/.test(line));
  // A clause ended by `;` is continued by the clause after it: a new clause written above the file's others joins them.
  const joinsNext = added.length > 0 && added[added.length - 1].trimEnd().endsWith(';');
  // A bare tag (`<dependency>`, `</dependency>`) opens or closes an element as `{` and `}` do: the
  // lines inside say which element it is. Read as a statement, a new `<dependency>` added above
  // `<!-- ... -->` stood for every later dependency of a POM, and the snippet was refused.
  const statements = added.filter((line) => !isCloser(line) && !isCommentLine(line) && !/^[}\])]/.test(line.trim()) && !isBareTag(line));
  if (statements.length === 0) return undefined;
  const floor = Math.min(...statements.map(indentOf));
  const own = statements.filter((line) => indentOf(line) === floor);
  let nextLine = region.to;
  while (nextLine < original.length && original[nextLine].trim() === '') nextLine++;
  for (let i = region.to; i < Math.min(keptUntil, original.length); i++) {
    const existing = original[i];
    if (existing.trim() === '') continue;
    if (indentOf(existing) < floor && !isCloser(existing)) break;
    if (indentOf(existing) !== floor) continue;
    // A TOML or INI table ends where the next header stands, at its keys' depth: the same key in
    // the next table (every `[dependencies.x]` of a Cargo.toml has its `features`) is another block's.
    if (isSectionHeader(existing)) break;
    const line = own.find((written) => written.trim() === existing.trim() || isVersion(written, original, i) || (!joinsNext && sameClause(written, existing)) || (i === nextLine && onlyDirective(written, original, i, floor)));
    if (line === undefined) continue;
    return `the snippet writes "${line.trim().slice(0, 40)}" as new code right before an elision, and the file has "${existing.trim().slice(0, 40)}" (line ${i + 1}) further down in that block, which the elision keeps: whether the new lines replace the file's lines there or go above them is a guess (show the snippet down to a line the file has after the changed ones)`;
  }
  return undefined;
}

/**
 * Why the new lines a region ends with, right before a marker the reply wrote, are unsure when
 * their last statement leaves the block (`return`, `raise`, `throw`, `break`, `continue`) and the
 * marker keeps the file's lines after it in that same block (at that depth, before the block
 * closes): kept, those lines would never run. The snippet either means them deleted, the marker
 * written out of habit, or has the exit in the wrong place; which one is a guess. Undefined when
 * the block closes, or goes on with a definition (a hoisted function, a nested one) or a label
 * (`case 2:`), after the exit.
 *
 * Why: a snippet rewriting Spring's `trimWhitespace` to `return str.strip();` went on with a
 * marker where the old loop was, then `}`: read as keeping the loop, the old lines stood under the
 * new `return`, unreachable code that javac rejects.
 */
export function keptAfterExit(region: Region, original: readonly string[], keptUntil: number): string | undefined {
  const added = trailingNewLines(region, original).filter((line) => hasText(line) && !isCommentLine(line));
  if (added.length === 0) return undefined;
  const floor = Math.min(...added.map(indentOf));
  // The last statement at the new lines' own depth (closers aside) starts with the exit.
  const own = added.filter((line) => indentOf(line) === floor && !isCloser(line) && !/^[}\])]/.test(line.trim()));
  const exit = own[own.length - 1];
  if (exit === undefined || !leavesBlock(exit)) return undefined;
  let next = region.to;
  while (next < Math.min(keptUntil, original.length) && (!hasText(original[next]) || isCommentLine(original[next]))) next++;
  if (next >= Math.min(keptUntil, original.length)) return undefined;
  const line = original[next];
  if (indentOf(line) < floor || runsAfterExit(line)) return undefined;
  return `the snippet writes "${exit.trim().slice(0, 40)}" right before an elision, which keeps the file's "${line.trim().slice(0, 40)}" (line ${next + 1}) after it in the same block, where it would never run: whether the new lines replace the rest of that block or the exit stands elsewhere is a guess (show the block down to its end)`;
}

/**
 * True when a line leaves its block whenever it runs: it starts with an exit (`exitWord`) that no
 * statement modifier makes conditional. Ruby's and Perl's `return false if size == '0'`, `return
 * unless length $askpass;`, `next if line.empty?` leave only when their condition holds, and the
 * lines after them run otherwise: read as plain exits, a new guard added under the file's guard was
 * refused as dead code (rack's `should_deflate?`, git's Git.pm `_prompt`). An `if` followed by
 * `else` is a conditional expression (Python's `return a if b else c`), which always leaves.
 * String literals are set aside first, so a word inside a message is no modifier.
 */
function leavesBlock(line: string): boolean {
  const word = exitWord(line);
  if (word === undefined) return false;
  const rest = line.slice(line.indexOf(word) + word.length).replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return !/\s(?:if|unless)\s/.test(rest) || /\belse\b/.test(rest);
}

/**
 * True when a line may stand right after an exit at its depth and still be reached, or is no
 * statement: a closer, a definition (hoisted or nested), or a label (`case 2:`, `default:`).
 * Shared by the two checks of code an exit would leave unreachable (`keptAfterExit`,
 * `addedAfterKeptExit`).
 */
function runsAfterExit(line: string): boolean {
  return isCloser(line) || /^[}\])]/.test(line.trim()) || definedName(line) !== undefined || /^(?:case\b.*|default\s*|[A-Za-z_]\w*\s*):$/.test(line.trim());
}

/**
 * Why new lines a region writes right after an exit the file keeps (`return total;`, then the new
 * lines, at its depth, in the same block) are unsure: written there they would never run. The
 * snippet either means the exit (and what stands between) replaced, or the lines somewhere above
 * it; which one is a guess. Read from the line above the new lines as the merge leaves it: a line
 * of the region the new lines follow, or the file's nearest line with text above the region.
 * Undefined when the new lines are a definition (a hoisted function, a nested one), a label
 * (`case 2:`), or closers, or when the exit is itself new.
 *
 * Why: a snippet of `function compute(items) {`, a marker, `audit(total);`, `cleanup();` and `}`,
 * whose `audit(total);` the file has above `notify(total); return total;`, was placed at the end
 * of the body, after the `return`: the new call and a second `audit` never ran.
 */
export function addedAfterKeptExit(region: Region, original: readonly string[]): string | undefined {
  // Every line with anything on it counts as the line above: `if l <= 0.5:` (no word of three
  // letters) opens the block the new lines stand in, below CPython colorsys's `return 0.0, l, 0.0`.
  const has = (line: string): boolean => line.trim() !== '' && !isCommentLine(line);
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trimEnd() === b.trimEnd());
  let above: string | undefined;
  for (let i = region.from - 1; i >= 0 && above === undefined; i--) if (has(original[i])) above = original[i];
  for (const part of parts) {
    if (part.removed) continue;
    if (!part.added) {
      const last = [...part.value].reverse().find((line) => has(line));
      if (last !== undefined) above = last;
      continue;
    }
    const first = part.value.find((line) => has(line));
    if (first === undefined) continue;
    if (above !== undefined && leavesBlock(above) && indentOf(above) === indentOf(first) && !runsAfterExit(first)) {
      return `the snippet writes "${first.trim().slice(0, 40)}" as new code right after the file's "${above.trim().slice(0, 40)}", which it keeps, in the same block, where it would never run: whether the new lines replace the exit and the lines before it or go above it is a guess (show the block's lines down to its end)`;
    }
    const last = [...part.value].reverse().find((line) => has(line));
    if (last !== undefined) above = last;
  }
  return undefined;
}

/**
 * The region widened down over the file's lines right below it that its last new lines stand for,
 * when a marker the reply wrote comes right after them (`keptUntil`: where the next part's region
 * starts, or the file's end); otherwise the region as it is.
 *
 * A snippet that adds a line and then changes the line after it, right above its marker (`Aliases:`
 * added to a cobra.Command literal and `Short:` reworded; `check-latest: true` added and
 * `go-version: '1.17'` made `'1.18'`; `export CGO_ENABLED=0` added and `go install …/richgo@latest`
 * pinned to `@v0.3.12`), anchors on the line above the two: its placing takes the changed line for
 * the file's own only when the lines line up one for one, and the added line kept them from it.
 * The changed line then went in above the old one, which the marker kept (two `Short:` fields, a
 * pin that the old install after it undid), or the snippet was refused. The changed lines say
 * which lines they are:
 * - the new lines end with a run that stands, line for line, for the file's first lines below the
 *   region: each of its lines a version of the file's line (`isVersion`: the same key given a new
 *   value, the same call given an argument, the same package pinned to another version) at its
 *   depth, and blank where the file's is blank. When the run is all the new lines, a line with the
 *   same first words and mostly the same text (`correspond`: an assert on a docstring given the
 *   docstring's new text) is enough too: that is the line the placing itself takes for the file's
 *   right after an anchor, had the snippet's lines above it not been new (a docstring line added);
 * - the run replaces those lines, and the new lines above it go in above them, unless one of those
 *   is, or is a version of, a line of the block the marker keeps or the run replaces: then which
 *   line stands for which is a guess, and `restatedBeforeMarker` refuses the region as it is;
 * - else, when the new lines end with two or more that are each a version of the file's next line
 *   (`splitOfNextLine`: a package pin split by Python version), they replace that one line, on the
 *   same terms for the new lines above them.
 */
export function versionsBeforeMarker(region: Region, original: readonly string[], keptUntil: number): Region {
  const added = linesAfterLastKept(region, original);
  const texts = added.map((_, k) => k).filter((k) => hasText(added[k]));
  const limit = Math.min(keptUntil, original.length);
  for (let n = texts.length; n >= 1; n--) {
    let start = texts[texts.length - n];
    while (start > 0 && added[start - 1].trim() === '') start--;
    const run = added.slice(start);
    if (region.to + run.length > limit) continue;
    const replaced = original.slice(region.to, region.to + run.length);
    const whole = n === texts.length;
    const standsFor = (line: string, k: number) =>
      line.trim() === '' ? replaced[k].trim() === '' : hasText(replaced[k]) && indentOf(line) === indentOf(replaced[k]) && (isVersion(line, original, region.to + k) || (whole && correspond(line, replaced[k])));
    if (!run.every(standsFor)) continue;
    const others = added.slice(0, start).filter(hasText);
    if (others.some((line) => standsInBlock(line, original, region.to, limit))) break;
    return { ...region, to: region.to + run.length };
  }
  // The last new lines each a version of the file's next line, at its depth: that line split in several.
  const next = original[region.to];
  const split = region.to < limit ? splitOfNextLine(added, (line) => indentOf(line) === indentOf(next) && isVersion(line, original, region.to)) : 0;
  if (split === 0) return region;
  const others = added.slice(0, added.length - split).filter(hasText);
  if (others.some((line) => standsInBlock(line, original, region.to, limit))) return region;
  return { ...region, to: region.to + 1 };
}

/** The region's new lines written below the last of the file's lines it keeps as they are (`newRunAfterKept`), or none. */
function linesAfterLastKept(region: Region, original: readonly string[]): readonly string[] {
  return newRunAfterKept(region, original)?.added ?? [];
}

/** True when the file has the line, or a version of it (`isVersion`), at its depth from line `from` to the end of that block (before `limit`). */
function standsInBlock(line: string, original: readonly string[], from: number, limit: number): boolean {
  const depth = indentOf(line);
  for (let i = from; i < limit; i++) {
    const existing = original[i];
    if (existing.trim() === '') continue;
    if (indentOf(existing) < depth && !isCloser(existing)) return false;
    if (indentOf(existing) === depth && (existing.trim() === line.trim() || isVersion(line, original, i))) return true;
  }
  return false;
}

/**
 * True when the new line sets the same directive as the file's line `at`, and that line is the
 * only one of its block (at `depth`) to set it, in a block of settings: every line of the block
 * at that depth a directive (a name, its arguments and `;`), a nested block's opener, a closer or
 * a comment, as in an nginx `server { … }` (`server_name example.local;` for `server_name
 * localhost;`, inside a ConfigMap's `|` block). Such a line has no key `isVersion` reads; written
 * above the file's, both stood and the server still answered to the old name. A directive the
 * block sets more than once (`listen 80;` and `listen [::]:80;`) may well be set once more, and
 * lines of code are not settings (an `echo "…";` added above another, a file's `import` lines at
 * its top level): those are left alone.
 */
function onlyDirective(written: string, original: readonly string[], at: number, depth: number): boolean {
  const name = directiveName(written);
  if (depth === 0 || name === undefined || name !== directiveName(original[at]) || indentOf(original[at]) !== depth) return false;
  let top = at;
  while (top > 0 && (original[top - 1].trim() === '' || indentOf(original[top - 1]) >= depth)) top--;
  let bottom = at + 1;
  while (bottom < original.length && (original[bottom].trim() === '' || indentOf(original[bottom]) >= depth)) bottom++;
  const own = original.slice(top, bottom).filter((line) => line.trim() !== '' && indentOf(line) === depth);
  const setting = (line: string) => directiveName(line) !== undefined || line.trimEnd().endsWith('{') || isCloser(line) || isCommentLine(line);
  return own.every(setting) && own.filter((line) => directiveName(line) === name).length === 1;
}

/** The name a directive line sets (`server_name` of `server_name localhost;`): a word, its arguments (no `=`, no call), then `;`. */
function directiveName(line: string): string | undefined {
  return /^([A-Za-z_][\w-]*)\s+[^\s=(][^=]*;$/.exec(line.trim())?.[1];
}

/**
 * Why a region that the snippet ends with (no marker after it) is unsure: its last lines are new,
 * inside a block (indented), they open no definition, and the file's block goes on after them with
 * lines of code the snippet does not show (not closers, comments or a definition's head).
 * Undefined otherwise.
 *
 * A snippet that ends a function with a new last line (`Cmd.v (Cmd.info "clean" ~doc ~man) term`
 * after `in`, for the file's `(term, Term.info "clean" ~doc ~man)`: dune's bin/clean.ml) was placed
 * by its last line the file has, and the new line went in above the old one, which stayed: both
 * results in one function. The new lines may replace the lines left out or go before them; with
 * no marker to keep them, that is a guess. `definitionEnd` asks the same of a segment that opens
 * the definition it ends in; this asks it of any block. A new definition written after the part
 * shown (a method added after the one re-printed, the file's next method left out) is new code
 * beside the block's others, and left alone, as are new lines at the file's top level.
 */
export function unshownAfterOpenTail(region: Region, original: readonly string[]): string | undefined {
  const added = trailingNewLines(region, original);
  const first = added.find((line) => line.trim() !== '' && !isCommentLine(line));
  if (first === undefined || definedName(first) !== undefined) return undefined;
  const floor = Math.min(...added.filter((line) => line.trim() !== '').map(indentOf));
  if (floor === 0) return undefined;
  // The file's next line of code: closers end the block or a deeper one, and a comment says
  // nothing of the block (a workflow's step commented out deeper than the next job's key).
  let next = region.to;
  while (next < original.length && (original[next].trim() === '' || isCloser(original[next]) || isCommentLine(original[next]))) {
    if (isCloser(original[next]) && indentOf(original[next]) < floor) return undefined;
    next++;
  }
  if (next >= original.length || indentOf(original[next]) < floor || definedName(original[next]) !== undefined) return undefined;
  const last = added.filter((line) => line.trim() !== '').pop() ?? first;
  return `the snippet ends with "${last.trim().slice(0, 40)}", new after line ${region.to}, and no elision marker after it, while the file's block goes on with "${original[next].trim().slice(0, 40)}" (line ${next + 1}), which the snippet does not show: whether the new lines replace the file's lines there or go above them is a guess (end the snippet with a "... existing code ..." comment to keep them, or show them)`;
}

/** True for a TOML or INI section header alone on its line: `[dependencies.git2]`, `[[bin]]`, `[tool.poetry]`. */
function isSectionHeader(line: string): boolean {
  return /^\[\[?[\w."' -]+\]\]?$/.test(line.trim());
}

/** The region's last lines that are new (written below the last of the file's lines it places), or none. */
function trailingNewLines(region: Region, original: readonly string[]): readonly string[] {
  const parts = alignLines(original.slice(region.from, region.to), region.lines, (a, b) => a.trimEnd() === b.trimEnd());
  const last = parts[parts.length - 1];
  return last !== undefined && last.added ? last.value : [];
}

/**
 * True when both lines head a clause of the same function in the languages whose clauses need no
 * keyword (Erlang's `init(Req, Opts) ->` and `init(_Transport, Req, []) ->`): a name at the line's
 * start, its parameters, an optional guard, then `->`. The arity may differ: rewriting a callback
 * to another arity (Cowboy 1's `init/3` to Cowboy 2's `init/2`) replaces it, and whether the old
 * one stays is what the snippet does not say.
 */
function sameClause(a: string, b: string): boolean {
  const name = (line: string) => /^([a-z][\w@]*)\(.*\)\s*(?:when\b.*)?->$/.exec(line.trim())?.[1];
  const mine = name(a);
  return mine !== undefined && mine === name(b);
}
