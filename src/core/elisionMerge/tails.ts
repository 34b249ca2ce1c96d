/**
 * New lines a placed part ends with, where nothing the snippet writes after them says which of the
 * file's lines come next: a marker right after them, or the snippet's end.
 */
import { isVersion } from './versions';
import { type Region, alignLines, definedName, indentOf, isBareTag, isCloser, isCommentLine } from './lines';

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
  for (let i = region.to; i < Math.min(keptUntil, original.length); i++) {
    const existing = original[i];
    if (existing.trim() === '') continue;
    if (indentOf(existing) < floor && !isCloser(existing)) break;
    if (indentOf(existing) !== floor) continue;
    const line = own.find((written) => written.trim() === existing.trim() || isVersion(written, original, i) || (!joinsNext && sameClause(written, existing)));
    if (line === undefined) continue;
    return `the snippet writes "${line.trim().slice(0, 40)}" as new code right before an elision, and the file has "${existing.trim().slice(0, 40)}" (line ${i + 1}) further down in that block, which the elision keeps: whether the new lines replace the file's lines there or go above them is a guess (show the snippet down to a line the file has after the changed ones)`;
  }
  return undefined;
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
