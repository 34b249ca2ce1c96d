import type { ReplaceOp } from '../ir';
import { charEdit, lfLineStart, newlinesBefore, TextPlan } from '../plan';
import { charOccurrences } from '../locate/charSearch';
import { tokenRuns } from '../locate/tokenRuns';
import { borderTable } from '../locate/lineSearch';
import { EditedText } from '../text/editedText';
import { lfView, toLines, type FileText } from '../text/fileText';
import { indentWidth, isBlank, leadingWhitespace, type IndentUnit } from '../text/indentation';
import { respelledToolCall } from '../reanchor/reanchor';
import { countNewlines, overlapsAny, type FileState, type Transaction } from './transaction';
import { earlierEditsAlike, failRevisedInsertion, revisedInsertion } from './revisedInsertion';
import { canTouch, refusedAsWrittenAgain } from './sequentialReading';

/** How many lines from a line hint the occurrence it picks may start (the line ladder's default slack). */
const HINT_SLACK = 5;

/** The index of the line in `lines` nearest `hint`, when it is within `HINT_SLACK` and strictly nearer than every other. */
function nearestToHint(lines: readonly number[], hint: number): number | undefined {
  let best = -1;
  let tie = false;
  for (let i = 0; i < lines.length; i++) {
    const distance = Math.abs(lines[i] - hint);
    if (best === -1 || distance < Math.abs(lines[best] - hint)) {
      best = i;
      tie = false;
    } else if (distance === Math.abs(lines[best] - hint)) tie = true;
  }
  return best !== -1 && !tie && Math.abs(lines[best] - hint) <= HINT_SLACK ? best : undefined;
}

/**
 * Tool-call semantics (old_string may be part of a line): exact occurrences in the LF view.
 * Returns false when the text does not occur, so the line ladder gets its turn.
 */
export function placeReplaceChars(tx: Transaction, state: FileState, op: ReplaceOp, afterCommit = false): boolean {
  const block = op.source.block;
  const file = state.file!;
  const occurrences = charOccurrences(tx.indexOf(state), op.search, 1000, tx.timesNamed(state.path));
  if (occurrences.length === 0) {
    if (state.pending.length > 0 && mayStandAfterPending(state, op.search, true, true)) {
      tx.commit(state);
      return placeReplaceChars(tx, state, op, true);
    }
    return false;
  }
  // Line numbers of the occurrences: the newlines before them.
  const lineOf = (offset: number) => newlinesBefore(file, offset);
  // When the new text contains the old (`y` → `yy`, `foo` → `foo_bar`, an insertion around the old
  // text), an occurrence of the old text inside an occurrence of the new one is the edit's own
  // result: with every occurrence so, the edit was applied before (applying it again would grow
  // the text on every re-send); `replace_all` replaces only the others.
  const inNew = insideNewText(file, op.search, op.replacement, occurrences);
  if (inNew.every(Boolean)) {
    const line = lineOf(occurrences[0]);
    tx.record(state, { block, status: 'alreadyApplied', strategy: 'exact', score: 1, startLine: line + 1, endLine: line + 1, warnings: ['the new text is already in the file'] });
    return true;
  }
  const skipped = op.expectedCount === 'all' ? inNew.filter(Boolean).length : 0;
  if (skipped > 0) {
    const left = occurrences.filter((_, i) => !inNew[i]);
    occurrences.length = 0;
    occurrences.push(...left);
  }
  const wanted = op.expectedCount;
  // A scan that goes on after each occurrence skips one starting inside it (`aaaa` in `aaaaa`,
  // `}\n}` in `}\n}\n}`): another place the old text stands, so the edit's place is not certain.
  // (`replace_all` replaces left to right, as `String.replaceAll` does: overlaps do not count.)
  const overlapping = wanted === 'all' ? undefined : overlappingOccurrence(file, op.search, occurrences);
  if (overlapping !== undefined) {
    occurrences.push(overlapping);
    occurrences.sort((a, b) => a - b);
  }
  // A line number given with the old text (Zed's `<old_text line=N>`, a numbered listing) picks
  // among equal occurrences as it does on the line ladder: the one nearest it, within a few lines
  // and nearer than any other (npm's `set` and `delete` open with the same guard; line 109 is
  // delete's). Counted on the text the reply saw, not on one an earlier edit rewrote.
  if (wanted === 1 && overlapping === undefined && occurrences.length > 1 && op.lineHint !== undefined && !afterCommit) {
    const chosen = nearestToHint(occurrences.map(lineOf), Math.max(0, op.lineHint - 1 + state.drift));
    if (chosen !== undefined) occurrences.splice(0, occurrences.length, occurrences[chosen]);
  }
  const fits = overlapping === undefined && (wanted === 'all' || occurrences.length === wanted);
  if (!fits && op.sequential && !afterCommit && state.pending.length > 0) {
    // The tool counts the old text on the result of the edits before it (a MultiEdit whose first
    // edit changes one of two equal lines, quoting the line above it, and whose second edit is the
    // bare line: unique once the first ran, as Claude Code applies the list): counted there.
    tx.commit(state);
    const recordsBefore = state.records.length;
    const placed = placeReplaceChars(tx, state, op, true);
    for (const record of state.records.slice(recordsBefore)) if (record.status === 'applied') record.warnings.push('located after the earlier edits of this reply, where the tool looks for it');
    return placed;
  }
  if (!fits) {
    const candidates = occurrences.slice(0, 10).map((at) => {
      const line = lineOf(at);
      return { startLine: line + 1, endLine: line + 1 + countNewlines(op.search, op.search.length), score: 1, text: file.line(line) };
    });
    const overlap = overlapping === undefined ? '' : ' (two of them overlapping)';
    tx.fail('AMBIGUOUS', block, state.path, `the old text occurs ${occurrences.length} times in ${state.path}${overlap}${wanted === 1 ? '' : `, expected ${wanted}`}`, op, { candidates }, state);
    return true;
  }
  const split = splitLine(lfView(file), op.search, op.replacement, occurrences);
  if (split) {
    const line = lineOf(split.at);
    tx.fail('NO_MATCH', block, state.path, `the old text ${split.side === 'end' ? 'ends' : 'starts'} inside line ${line + 1} of ${state.path}, whose ${split.side === 'end' ? 'rest' : 'start'} (\`${split.part.trim().slice(0, 80)}\`) it leaves out, and the new text adds lines ${split.side === 'end' ? 'after' : 'before'} it: that part of the line would be carried to the far side of the new lines. Quote the line whole`, op, { candidates: [{ startLine: line + 1, endLine: line + 1, score: 1, text: file.line(line) }] }, state);
    return true;
  }
  const index = tx.indexOf(state);
  const view = lfView(file);
  const syntax = indentSyntaxOf(state.path);
  const placed = occurrences.map((at) => newTextAtLineIndent(view, at, op.search, op.replacement, syntax));
  const unclear = placed.findIndex((reading) => typeof reading === 'object');
  if (unclear !== -1) {
    const line = lineOf(occurrences[unclear]);
    const { unclear: readings, laidOut = 'stand at the margin' } = placed[unclear] as Unclear;
    tx.fail('AMBIGUOUS', block, state.path, `the old text is line ${line + 1} of ${state.path} after its indentation, and the new text's later lines ${laidOut}: ${readings}. Quote the old text with its indentation and write the new text as the file is to have it`, op, { candidates: [{ startLine: line + 1, endLine: line + 1, score: 1, text: file.line(line) }], nextStep: 'Re-send the edit with the old text quoted from its line\'s start, indentation included, and the new text indented as the file is to have it.' }, state);
    return true;
  }
  let respelled = false;
  let shifted = false;
  const texts: string[] = [];
  const edits = occurrences.map((at, k) => {
    const lastLine = lineOf(at + Math.max(0, op.search.length - (op.search.endsWith('\n') ? 1 : 0)));
    const around = { fileLines: file, fileUnit: index.indentUnit, fileIndentedLines: () => index.indentedLines, start: lineOf(at), end: lastLine + 1, startsLine: at === 0 || view[at - 1] === '\n' };
    const respelling = respelledToolCall(op.search, op.replacement, around);
    respelled ||= respelling !== undefined;
    const replacement = respelling ?? op.replacement;
    const indent = placed[k] as string | undefined;
    shifted ||= indent !== undefined;
    texts.push(indent === undefined ? replacement : indentedAfterFirst(replacement, indent));
    return charEdit(file, at, at + op.search.length, texts[k]);
  });
  const untabbed = syntax === 'make' ? occurrences.findIndex((at, k) => commandWithoutTab(view.slice(view.lastIndexOf('\n', at - 1) + 1, at), texts[k]) !== undefined) : -1;
  if (untabbed !== -1) {
    const line = lineOf(occurrences[untabbed]);
    const command = commandWithoutTab(view.slice(view.lastIndexOf('\n', occurrences[untabbed] - 1) + 1, occurrences[untabbed]), texts[untabbed])!;
    tx.fail('AMBIGUOUS', block, state.path, `the new text puts \`${command.trim().slice(0, 60)}\` under a recipe line of ${state.path} without the tab a recipe's command starts with, and it does not read as make's own line (a rule, a variable, a directive): written so, make stops with \`missing separator\`. Start each command of the recipe with a tab, as the file's recipes do`, op, { candidates: [{ startLine: line + 1, endLine: line + 1, score: 1, text: file.line(line) }], nextStep: 'Re-send the edit with each new command of the recipe starting with a tab.' }, state);
    return true;
  }
  if (overlapsAny(edits, state.pending)) {
    tx.commit(state);
    return placeReplaceChars(tx, state, op, true);
  }
  // Its places on the file as it was, untouched by the earlier edits: the tool counts it after them.
  if (refusedAsWrittenAgain(tx, state, op, occurrences.map((at) => lineOf(at) + 1))) return true;
  if (afterCommit && occurrences.length === 1) {
    const line = lineOf(occurrences[0]);
    const revised = revisedInsertion(op, file, line, lineOf(occurrences[0] + op.search.length) + 1, earlierEditsAlike(tx, state, op));
    if (revised) {
      failRevisedInsertion(tx, state, op, revised);
      return true;
    }
  }
  const first = lineOf(occurrences[0]);
  const last = lineOf(occurrences[occurrences.length - 1] + op.search.length);
  const warnings = skipped > 0 ? [`${skipped} occurrence${skipped === 1 ? '' : 's'} already inside the new text ${skipped === 1 ? 'was' : 'were'} left as ${skipped === 1 ? 'it is' : 'they are'}`] : [];
  if (respelled) warnings.push('re-indented to fit the file');
  if (shifted) warnings.push("the old text starts after its line's indentation and the new text's later lines were written from the margin: they were indented as that line is");
  tx.record(state, { block, status: 'applied', strategy: 'exact', score: 1, startLine: first + 1, endLine: last + 1, edits, warnings, ...(respelled || shifted ? { reindented: true } : {}) });
  return true;
}

/**
 * A replacement limited to lines `first`–`last` of the file as the reply's earlier edits left it
 * (Roo's search_and_replace with `start_line`/`end_line`, which counts them so): every exact
 * occurrence of the old text that lies inside those lines, left to right, and only those. None
 * there is NO_MATCH, even when the text stands elsewhere: that one is not the one the call means.
 */
export function placeReplaceWithinLines(tx: Transaction, state: FileState, op: ReplaceOp, { first, last }: { first: number; last: number }): void {
  const block = op.source.block;
  tx.commit(state);
  const file = state.file!;
  const view = lfView(file);
  // The range in the LF view: from line `first`'s start to the start of the line after `last`.
  const start = first - 1 < file.lineCount ? lfLineStart(file, first - 1) : -1;
  const end = last < file.lineCount ? lfLineStart(file, last) : view.length;
  const occurrences: number[] = [];
  if (start !== -1 && start < view.length && op.search !== '') {
    for (let at = view.indexOf(op.search, start); at !== -1 && at + op.search.length <= end; at = view.indexOf(op.search, at + op.search.length)) occurrences.push(at);
  }
  if (occurrences.length === 0) {
    tx.fail('NO_MATCH', block, state.path, `the old text does not occur in lines ${first}-${last} of ${state.path}, the lines the call limits it to`, op, {}, state);
    return;
  }
  const edits = occurrences.map((at) => charEdit(file, at, at + op.search.length, op.replacement));
  const lineOf = (offset: number) => newlinesBefore(file, offset);
  const endLine = lineOf(occurrences[occurrences.length - 1] + op.search.length);
  tx.record(state, { block, status: 'applied', strategy: 'exact', score: 1, startLine: lineOf(occurrences[0]) + 1, endLine: endLine + 1, edits, warnings: [] });
}

/**
 * How the new text's later lines are to be indented when the old text is one line quoted from its
 * first non-blank character to its end (`return int(...)` for the file's `        return int(...)`):
 * the file keeps that line's indentation in front of the new text's first line, and the model may
 * have written the lines after it from the margin, relative to that first line. SWE-agent's
 * marshmallow demonstration did so (`# round to nearest int\nreturn int(round(...))`): written as
 * given, the `return` fell to column 0 and the module no longer parsed; the model's own retry put
 * it at the line's eight spaces. Read so only when certain:
 * - some later non-blank line stands at the margin, and none at or deeper than the quoted line
 *   (a line at that depth shows the text was written as the file is to have it, and its margin
 *   lines are meant there: a preprocessor line, a label);
 * - the block the line stands in goes on after it: the file's next non-blank line is indented, or
 *   closes a bracket. Where it is the last line before the margin (or the file's last), lines at the
 *   margin may as well be new top-level code after it (a function added after the last one): the
 *   occurrence is unclear.
 * A file whose syntax rests on its indentation has its own rules (see `yamlReading`,
 * `recipeReading`). Returns the quoted line's indentation (the file's own characters) to put
 * before every later non-blank line, the readings when it is unclear, or undefined when the new
 * text is to be written as given.
 */
function newTextAtLineIndent(view: string, at: number, search: string, replacement: string, syntax: IndentSyntax | undefined): string | Unclear | undefined {
  const lineStart = view.lastIndexOf('\n', at - 1) + 1;
  const indent = view.slice(lineStart, at);
  if (indent === '' || leadingWhitespace(indent) !== indent || search.trimEnd().includes('\n') || isBlank(search)) return undefined;
  const end = at + search.length;
  if (!search.endsWith('\n') && end < view.length && view[end] !== '\n') return undefined;
  const later = replacement.split('\n').slice(1).filter((line) => !isBlank(line));
  const width = (line: string) => indentWidth(leadingWhitespace(line), 4);
  const after = search.endsWith('\n') ? end : end + 1;
  if (!later.some((line) => width(line) === 0) || later.some((line) => width(line) >= indentWidth(indent, 4))) return nestedLinesReading(view, lineStart, after, search, replacement, indent, later, syntax);
  if (syntax === 'yaml') return yamlReading(view, lineStart, search, indent, later, nextLineWithText(view, after, isYamlComment));
  if (syntax === 'make' && indent.startsWith('\t')) {
    const recipe = recipeReading(indent, later);
    if (recipe !== undefined) return recipe;
  }
  const next = nextLineWithText(view, after);
  // Written as given, do the new lines still hold the file's next line where it stands? Then they
  // may well be meant where they are (CPython's locale.py: a call's closing line, then a
  // `return` at the function's depth and a new `def` at the margin whose body the file's next,
  // deeper line becomes). Only a reading the file's next line contradicts is re-indented: that
  // line deeper than the last new line, which opens no block (marshmallow: a `return` at the
  // margin above a method's `def`), or a closing bracket no shallower than it.
  const last = later[later.length - 1];
  const closes = next !== undefined && /^\s*[}\])]/.test(next);
  const contradicted = next !== undefined && (closes ? width(next) >= width(last) : width(next) > width(last) && !OPENS_BLOCK.test(last.trimEnd()));
  if (next !== undefined && !contradicted) return undefined;
  const goesOn = next !== undefined && (leadingWhitespace(next) !== '' || closes);
  return goesOn ? indent : { unclear: 'they may be lines of the same block written relative to its first line, or new lines at the top level after the block that line ends' };
}

/** Why the new text's later lines after an indented line are not re-indented: the readings they allow. */
interface Unclear {
  readonly unclear: string;
  /** How the later lines are laid out, for the refusal; "stand at the margin" when not given. */
  readonly laidOut?: string;
}

/** A kind of file whose indentation is its syntax beyond what nesting shows. */
type IndentSyntax = 'yaml' | 'make' | 'python';

/** The kind of file a path names, for `newTextAtLineIndent`: YAML, a Makefile, Python, or undefined. */
function indentSyntaxOf(path: string): IndentSyntax | undefined {
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  if (/(?:^|\/)(?:GNUmakefile|[Mm]akefile)$|\.mk$/.test(path)) return 'make';
  if (/\.pyw?$|\.pyi$/i.test(path)) return 'python';
  return undefined;
}

/**
 * The new text's later lines when the first of them is indented, though no deeper than the quoted
 * line stands in the file (`if db is not None:` quoted for the file's `    if db is not None:`, its
 * new body line `    current_app.logger.debug(...)`: four spaces, the body's depth counted from
 * the quoted text). Written as given that line leaves the block the quoted line opens: flaskr's
 * db.py no longer imported (IndentationError), a workflow step's `env:` became a job. Read so only
 * where the text as given cannot be what was meant:
 * - in YAML, see `yamlNestedReading`;
 * - in Python, where the quoted line and the new text's first line are each a whole compound
 *   statement's head (`if`, `for`, `def`, `with`, ... ending with its `:`, brackets closed), the
 *   quoted one opens a block in the file (its next line there is deeper), and the first later line
 *   of code stands no deeper than the head: as given Python stops with `expected an indented
 *   block`, so the later lines were written relative to the head. Anything short of that is
 *   written as given: a line ending with `(` or `,` may be followed by continuation lines at any
 *   column (CPython's replay, quoted signatures: re-indented, their aligned continuation lines
 *   moved), a docstring's `:param x:` opens nothing, and in languages of brackets a line at the
 *   opener's depth still parses.
 * Returns the quoted line's indentation when the later lines are to be indented as it is, the
 * readings when that is unclear, or undefined when they are written as given.
 */
function nestedLinesReading(view: string, lineStart: number, after: number, search: string, replacement: string, indent: string, later: readonly string[], syntax: IndentSyntax | undefined): string | Unclear | undefined {
  if (later.length === 0) return undefined;
  const width = (line: string) => indentWidth(leadingWhitespace(line), 4);
  const depth = indentWidth(indent, 4);
  if (syntax === 'yaml') {
    const column = width(later[0]);
    if (column === 0 || column > depth) return undefined;
    return yamlNestedReading(view, lineStart, search, indent, later, nextLineWithText(view, after, isYamlComment));
  }
  if (syntax !== 'python' || !isPythonBlockHead(search) || !isPythonBlockHead(replacement.slice(0, replacement.indexOf('\n')))) return undefined;
  const code = later.find((line) => !line.trimStart().startsWith('#'));
  if (code === undefined || width(code) === 0 || width(code) > depth) return undefined;
  const next = nextLineWithText(view, after, (line) => line.trimStart().startsWith('#'));
  // The quoted head opens a block in the file (a line looking like one in a string does not).
  if (next === undefined || width(next) <= depth) return undefined;
  return later.some((line) => depth + width(line) === width(next)) ? indent : undefined;
}

/**
 * Whether a line of Python is a compound statement's whole head: a block keyword first, its `:`
 * last (a trailing comment aside) and every bracket it opens closed, so the next line of code must
 * be its body, deeper than it. Strings are skipped for the brackets' count; a `:` inside one
 * (`if x == ":"`) is not taken for the end.
 */
function isPythonBlockHead(line: string): boolean {
  const text = line.trim();
  if (!/^(?:async\s+)?(?:if|elif|else|for|while|def|class|with|try|except|finally|match|case)\b/.test(text)) return false;
  let depth = 0;
  let quote = '';
  let last = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote !== '') {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '#') break;
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (ch.trim() !== '') last = ch;
  }
  return quote === '' && depth === 0 && last === ':';
}

/**
 * `nestedLinesReading` in YAML, where a line shallower than the quoted one is as valid a place as
 * one under it, so each reading is weighed. Under the quoted line (its indentation before each
 * later line) the first later line must be one YAML lets stand there: a key of the mapping a
 * `- key: ...` item holds, at the column after its dash (a step's `env:` under `- run: ...`), or
 * any line under a key whose value follows on the next lines (`key:`, `key: |`). As given it
 * stands only where a line around the quoted one has its column and its kind (a key, or a list
 * item), and where the file's next line is no deeper than it (a deeper one would hang under the
 * new lines). Re-indented only when the reading under the quoted line holds, keeps the file's next
 * line beside the quoted line, one of the new lines or further out, and the reading as given does
 * not hold (flask's workflow: `env:` at column 2 between two steps at column 6). Where both hold
 * (the file's last step: a step's `env:`, or a new job at column 2), or the reading under the
 * quoted line does not (a key under `state: present`, which holds a value: the text nests it
 * there, and as given it would be the task's own keyword, which the text does not show), the
 * occurrence is unclear. A first later line at the quoted line's own column is beside it as
 * given: undefined.
 */
function yamlNestedReading(view: string, lineStart: number, search: string, indent: string, later: readonly string[], next: string | undefined): string | Unclear | undefined {
  const width = (line: string) => indentWidth(leadingWhitespace(line), 4);
  const depth = indentWidth(indent, 4);
  const first = later[0];
  const column = width(first);
  if (column === depth) return undefined;
  const dash = /^-\s+/.exec(search);
  const holdsBlock = /:\s*(?:[|>][-+0-9]*\s*)?(?:#.*)?$/.test(search);
  const holdsMapping = dash !== null && /^[^\s#{[!&*'"][^#]*?:(?:\s|$)/.test(search.slice(dash[0].length));
  const under = depth + column;
  const fitsUnder = (holdsBlock && under > depth + (holdsMapping ? dash[0].length : 0)) || (holdsMapping && under === depth + dash[0].length && !isYamlItem(first));
  const nextStays = next === undefined || width(next) <= depth || later.some((line) => depth + width(line) === width(next));
  const around = yamlLinesAround(view, lineStart, depth);
  const standsAsGiven = around.some((line) => (line.width === column && line.item === isYamlItem(first)) || (line.content === column && !isYamlItem(first))) && (next === undefined || width(next) <= column);
  if (fitsUnder && nextStays && !standsAsGiven) return indent;
  const laidOut = `are indented less than it is in the file (the first at column ${column})`;
  const relative = !fitsUnder
    ? `written relative to it (column ${under}) they would stand under \`${search.trim().slice(0, 60)}\`, where YAML allows no such line`
    : nextStays
      ? `written relative to it they stand under it (column ${under})`
      : `written relative to it (column ${under}) they would take the file's next line under them`;
  const given = standsAsGiven ? `as given they belong to a mapping or list around it (column ${column})` : `as given (column ${column}) they fit none of the lines around it`;
  return { laidOut, unclear: `in YAML their depth is their place: ${relative}; ${given}; neither reading is certain` };
}

/** A YAML line that is a list item (`- x`, `-`). */
function isYamlItem(line: string): boolean {
  return /^-(?:\s|$)/.test(line.trimStart());
}

/**
 * The lines a YAML line (starting at `lineStart`, `depth` columns deep) stands inside, nearest
 * first: each line above it shallower than every line between (blank lines and comments aside),
 * up to one at the margin. Each with its column, whether it is a list item, and for an item the
 * column its text starts at (where the keys of a mapping it holds stand).
 */
function yamlLinesAround(view: string, lineStart: number, depth: number): { width: number; item: boolean; content?: number }[] {
  const found: { width: number; item: boolean; content?: number }[] = [];
  let shallowest = depth;
  for (let end = lineStart - 1; end >= 0 && shallowest > 0; ) {
    const start = view.lastIndexOf('\n', end - 1) + 1;
    const line = view.slice(start, end);
    end = start - 1;
    if (isBlank(line) || isYamlComment(line)) continue;
    const column = indentWidth(leadingWhitespace(line), 4);
    if (column >= shallowest) continue;
    shallowest = column;
    const dash = /^-\s+/.exec(line.trimStart());
    found.push({ width: column, item: isYamlItem(line), ...(dash ? { content: column + dash[0].length } : {}) });
  }
  return found;
}

/**
 * Margin lines after a YAML line quoted without its indentation. In YAML the depth is the
 * structure, and lines written relative to the quoted line say only that they are not deeper than
 * it: a key or an item beside it, or one of a mapping or list around it. Starlette's workflow: a
 * new step (`- name: ...`) after a step's `run:` line went to `run:`'s depth, where a list item
 * cannot stand, and a step's `env:` after the last input of its `with:` went into `with:`, both
 * written because the next line, a step at column 6, contradicted the margin. Only where the file's
 * next line (comments aside) stands at the quoted line's own depth, and the margin lines are what
 * the quoted line is (list items, or not), are they its siblings for certain: the quoted line's
 * indentation. New list items after a list's last item are so too where no list around it can take
 * them (compose's `depends_on`, an Ansible task's `when:` list, a matrix's `include`, each followed
 * by a key of the mapping around it): the file's next line is a shallower key (or there is none),
 * and no line the quoted one stands inside is a list item as deep as that next line or deeper (an
 * outer list the new items may continue; a shallower one cannot take them, as the next line would
 * then hang under them). Otherwise the occurrence is unclear.
 */
function yamlReading(view: string, lineStart: number, search: string, indent: string, later: readonly string[], next: string | undefined): string | Unclear {
  const sameKind = later.every((line) => leadingWhitespace(line) !== '' || isYamlItem(line) === isYamlItem(search));
  if (next !== undefined && leadingWhitespace(next) === indent && sameKind) return indent;
  const column = indentWidth(indent, 4);
  if (isYamlItem(search) && sameKind && (next === undefined || (indentWidth(leadingWhitespace(next), 4) < column && !isYamlItem(next)))) {
    const below = next === undefined ? 0 : indentWidth(leadingWhitespace(next), 4);
    const outerList = yamlLinesAround(view, lineStart, column).some((line) => line.item && (next === undefined || line.width >= below));
    if (!outerList) return indent;
  }
  const where = next === undefined ? 'the file ends after it' : `the file's next line stands at column ${indentWidth(leadingWhitespace(next), 4)}`;
  return { unclear: `in YAML their depth is their place, and they may be written relative to it (column ${column}, beside it) or belong to a mapping or list around it (${where})` };
}

/** A YAML line that is a comment: not part of the structure. */
function isYamlComment(line: string): boolean {
  return line.trimStart().startsWith('#');
}

/**
 * Margin lines after a Makefile recipe line (a tab-indented command) quoted after its tab. Make
 * reads a line at the margin as its own (a rule, a variable, a directive): a shell command there
 * is `missing separator` and the Makefile no longer runs (aos-cd-jobs' pyartcd/Makefile: a second
 * `lint:` command after the recipe's last line, with a blank line and the next rule below it, went
 * to the margin). Margin lines none of which reads as make's own (comments aside) are recipe
 * lines: the quoted line's tab. Some of either kind: unclear. All make's own (a new `test:` rule
 * after a recipe): undefined, for the general reading.
 */
function recipeReading(indent: string, later: readonly string[]): string | Unclear | undefined {
  const margin = later.filter((line) => leadingWhitespace(line) === '' && !line.startsWith('#'));
  const own = margin.filter((line) => MAKE_OWN_LINE.test(line));
  if (margin.length === 0 || own.length === margin.length) return undefined;
  if (own.length === 0) return indent;
  const command = margin.find((line) => !MAKE_OWN_LINE.test(line))!;
  return { unclear: `in a Makefile a line at the margin is make's own: \`${own[0].trim().slice(0, 60)}\` reads as a rule or a variable, and \`${command.trim().slice(0, 60)}\` as a command of the recipe, which needs its tab; which lines are which is not shown` };
}

/**
 * The first line of a Makefile edit's new text (after its first, which goes after `head`, the
 * file's text before the old one on its line) that stands under a recipe line (a tab-indented one,
 * blank lines aside) without a tab, does not continue the line above (`\\`), and is not make's own:
 * make reads it as its own all the same and stops (`missing separator`). Undefined when none does.
 * The lines a margin reading has already given the tab (`recipeReading`) pass; a command quoted
 * with its tab whose new line has none, or one indented with spaces, does not.
 */
function commandWithoutTab(head: string, text: string): string | undefined {
  const lines = text.split('\n');
  let above = head + lines[0];
  for (const line of lines.slice(1)) {
    if (isBlank(line)) continue;
    const underRecipe = above.startsWith('\t') && !above.trimEnd().endsWith('\\');
    if (underRecipe && !line.startsWith('\t') && !MAKE_OWN_LINE.test(line.trimStart())) return line;
    above = line;
  }
  return undefined;
}

/**
 * A line make reads as its own at the margin: a directive (`include`, `ifeq`, `endif`, `define`,
 * `export`...), a variable assignment (`NAME = value`, `:=`, `?=`, `+=`, `!=`), or a rule
 * (`target: prerequisites`, a colon not starting `:=`).
 */
const MAKE_OWN_LINE = /^(?:(?:-|s)?include\s|(?:ifeq|ifneq|ifdef|ifndef|else|endif|define|endef|export|unexport|override|undefine|private|vpath)\b|[^\s=:#]+\s*(?:::?|:::|[?+!])?=|[^\t#='"]*?:(?!=))/;

/** A line that ends by opening a block its next lines are indented under (`def f():`, `if (x) {`, `items = [`, `x =>`, `do`). */
const OPENS_BLOCK = /(?:[:{([,\\]|=>|->|\bdo|\bthen)$/;

/** The first line with text (and not `skipped`) that starts at or after `from` in `view`; undefined when none does. */
function nextLineWithText(view: string, from: number, skipped: (line: string) => boolean = () => false): string | undefined {
  let start = from;
  while (start < view.length) {
    const newline = view.indexOf('\n', start);
    const line = view.slice(start, newline === -1 ? view.length : newline);
    if (!isBlank(line) && !skipped(line)) return line;
    if (newline === -1) return undefined;
    start = newline + 1;
  }
  return undefined;
}

/** `text` with `indent` put before each of its non-blank lines but the first. */
function indentedAfterFirst(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 || isBlank(line) ? line : indent + line))
    .join('\n');
}

/**
 * An occurrence that a text edit would split wrongly: the old text stops inside a line (text
 * follows it there) and the new text is the old text with lines added after it, or the old text
 * starts inside a line and the new text adds lines before it. Written literally, the rest of the
 * line would be carried past the new lines (`del types, weakref` quoted for the file's `del types,
 * weakref, PyStringMap`, a function added after it: `, PyStringMap` ended up after the function's
 * last line). The model took the part it quoted for the whole line, so the edit is refused.
 */
function splitLine(view: string, search: string, replacement: string, occurrences: readonly number[]): { at: number; side: 'start' | 'end'; part: string } | undefined {
  const appends = !search.endsWith('\n') && replacement.startsWith(search) && /^\r?\n/.test(replacement.slice(search.length));
  const prepends = !search.startsWith('\n') && replacement.endsWith(search) && replacement.slice(0, replacement.length - search.length).endsWith('\n');
  if (!appends && !prepends) return undefined;
  for (const at of occurrences) {
    if (appends) {
      const end = at + search.length;
      const lineEnd = view.indexOf('\n', end);
      const rest = view.slice(end, lineEnd === -1 ? view.length : lineEnd);
      if (rest.trim() !== '') return { at: end, side: 'end', part: rest };
    }
    if (prepends) {
      const head = view.slice(view.lastIndexOf('\n', at - 1) + 1, at);
      if (head.trim() !== '') return { at, side: 'start', part: head };
    }
  }
  return undefined;
}

/** Files whose LF view is longer than this are not searched token by token (see `placeReplaceByTokens`). */
const TOKEN_SEARCH_MAX_CHARS = 2_000_000;

/**
 * Tool-call semantics, last resort: the old text found with whitespace, line breaks included, left
 * out of the comparison (see `tokenRuns`), when neither its characters nor its lines are in the
 * file. The new text replaces the matched characters as written. Several places where one is
 * wanted are `AMBIGUOUS`; returns false when there is no such place (or the search would cost more
 * than its bounds), so the caller reports the miss.
 */
export function placeReplaceByTokens(tx: Transaction, state: FileState, op: ReplaceOp): boolean {
  const file = state.file!;
  const view = lfView(file);
  if (view.length > TOKEN_SEARCH_MAX_CHARS) return false;
  const runs = tokenRuns(view, op.search);
  if (runs === undefined || runs.length === 0) return false;
  // A SEARCH/REPLACE block (whole lines) laid out otherwise (three lines quoted as one): taken only
  // where its text covers whole lines of the file, so what it replaces is lines, as it says.
  if (op.granularity === 'lines' && !runs.every((run) => coversWholeLines(view, run))) return false;
  if (!writtenAsFileIndents(view, runs, op.replacement, tx.indexOf(state).indentUnit)) return false;
  const block = op.source.block;
  const wanted = op.expectedCount;
  // `replace_all` replaces left to right, skipping a place that overlaps the one before.
  const distinct = runs.filter((run, i) => i === 0 || run.start >= runs[i - 1].end);
  const chosen = wanted === 'all' ? distinct : runs;
  if (wanted !== 'all' && (runs.length !== wanted || distinct.length !== runs.length)) {
    const candidates = runs.slice(0, 10).map((run) => {
      const line = newlinesBefore(file, run.start);
      return { startLine: line + 1, endLine: newlinesBefore(file, run.end) + 1, score: 1, text: view.slice(run.start, run.end) };
    });
    tx.fail('AMBIGUOUS', block, state.path, `the old text occurs ${runs.length} times in ${state.path} with whitespace left out of the comparison${wanted === 1 ? '' : `, expected ${wanted}`}`, op, { candidates }, state);
    return true;
  }
  const replacement = op.granularity === 'lines' ? op.replacement.replace(/\n$/, '') : op.replacement;
  const edits = chosen.map((run) => charEdit(file, run.start, run.end, replacement));
  if (overlapsAny(edits, state.pending)) {
    tx.fail('OVERLAPPING_EDITS', block, state.path, `the old text is in ${state.path} (whitespace aside), but only where an earlier edit of this reply already changes it`, op, {}, state);
    return true;
  }
  const first = newlinesBefore(file, chosen[0].start);
  const last = newlinesBefore(file, chosen[chosen.length - 1].end);
  const warnings = ['matched with whitespace and line breaks left out of the comparison: the new text replaces the matched text as written'];
  tx.record(state, { block, status: 'applied', strategy: 'innerWhitespace', score: 1, startLine: first + 1, endLine: last + 1, edits, warnings });
  return true;
}

/** True when the run starts at its line's first non-blank character and ends at its line's last one. */
function coversWholeLines(view: string, run: { start: number; end: number }): boolean {
  const lineStart = view.lastIndexOf('\n', run.start - 1) + 1;
  let lineEnd = view.indexOf('\n', run.end);
  if (lineEnd === -1) lineEnd = view.length;
  return isBlank(view.slice(lineStart, run.start)) && isBlank(view.slice(run.end, lineEnd));
}

/**
 * Whether the new text can stand as written where the token search found the old: nothing here
 * re-indents it (the line ladder does, for matches it finds by lines). True for a new text of one
 * line; for several lines, only when each place starts on a line of the file that is not indented
 * (the new lines are then relative to the file's own margin) and the new text indents with the
 * file's own character (tabs or spaces). Otherwise the miss is reported rather than code written
 * at a depth or in a style the file does not use.
 */
function writtenAsFileIndents(view: string, runs: readonly { start: number }[], replacement: string, unit: IndentUnit | undefined): boolean {
  const lines = toLines(replacement);
  if (lines.length <= 1) return true;
  for (const run of runs) {
    const lineStart = view.lastIndexOf('\n', run.start - 1) + 1;
    if (view.charCodeAt(lineStart) === 32 || view.charCodeAt(lineStart) === 9) return false;
  }
  const indents = lines.slice(1).filter((line) => !isBlank(line)).map(leadingWhitespace);
  const allowed = unit === undefined ? undefined : unit.kind === 'tabs' ? '\t' : ' ';
  if (allowed !== undefined) return indents.every((indent) => [...indent].every((c) => c === allowed));
  // No unit known (a file without indented lines): the new text must not mix tabs and spaces.
  return !(indents.some((indent) => indent.includes('\t')) && indents.some((indent) => indent.includes(' ')));
}

/**
 * For each occurrence of `search` (ascending offsets in the file's LF view): true when it lies inside an
 * occurrence of `replacement`, which contains `search`; all false when it does not, or when the
 * new text only adds whitespace around the old (`x` → `    x`, a line indented deeper; `x` →
 * `x\n`, a blank line after it): a line's own indentation and line break stand around the old
 * text before the edit as after it, so they say nothing of the edit.
 */
function insideNewText(file: FileText, search: string, replacement: string, occurrences: readonly number[]): boolean[] {
  const at = replacement.length > search.length ? replacement.indexOf(search) : -1;
  if (at === -1 || (replacement.slice(0, at).trim() === '' && replacement.slice(at + search.length).trim() === '')) return occurrences.map(() => false);
  const view = lfView(file);
  const spans: { start: number; end: number }[] = [];
  for (let at = view.indexOf(replacement); at !== -1 && spans.length <= occurrences.length; at = view.indexOf(replacement, at + 1)) {
    spans.push({ start: at, end: at + replacement.length });
  }
  let s = 0;
  return occurrences.map((at) => {
    while (s < spans.length && spans[s].end < at + search.length) s++;
    // Spans are sorted by start (and so by end, all being the same length).
    return s < spans.length && spans[s].start <= at && at + search.length <= spans[s].end;
  });
}

/**
 * An occurrence of `search` that starts inside one of `occurrences` (found left to right, each
 * after the end of the one before), or undefined. Only a text whose start is also its end (a
 * border: `aa`, `}\n}`) can overlap itself, so other texts cost no scan.
 */
function overlappingOccurrence(file: FileText, search: string, occurrences: readonly number[]): number | undefined {
  if (!hasBorder(search)) return undefined;
  const view = lfView(file);
  for (const at of occurrences) {
    const next = view.indexOf(search, at + 1);
    if (next !== -1 && next < at + search.length) return next;
  }
  return undefined;
}

/** True when a proper prefix of `text` is also its suffix. */
function hasBorder(text: string): boolean {
  const codes = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return text.length > 1 && borderTable(codes)[text.length - 1] > 0;
}

/**
 * Whether `search`, which does not occur in the state's base, may occur once its pending edits
 * are applied (an edit meant to follow an earlier one of the reply). Such an occurrence overlaps
 * an edit's new text or spans the place where text was removed, so it lies within
 * `search.length` of an edit: each run of pending edits closer together than that is applied to
 * its stretch of the text alone and searched there. A search that stands nowhere then costs a
 * few short scans, not a commit (which builds the edited text for every later search). On a base
 * with CRLF endings each stretch is read with its endings as LF (the search is LF) and reaches
 * twice as far, since a line of the search is a character longer there. An edited base (a text
 * read through earlier commits) is not looked into: `unknown` (true by default: the caller
 * commits). `absentFromBase`: the caller knows `search` stands nowhere in the base's LF view (a
 * tool call's exact scan found nothing); then an occurrence in a stretch must touch its edit, and
 * a stretch of one edit the search cannot touch (`canTouch`) is not built: without that, each
 * edit of a long tool call built the stretch around every edit before it.
 */
export function mayStandAfterPending(state: FileState, search: string, unknown = true, absentFromBase = false): boolean {
  const file = state.file!;
  if (file instanceof EditedText) return unknown;
  const raw = file.raw;
  const crlf = file.hasCrlf;
  const reach = crlf ? 2 * search.length : search.length;
  // In text order; insertions at one offset in the order they were placed.
  const { edits } = new TextPlan(state.pending);
  for (let i = 0; i < edits.length; ) {
    let j = i + 1;
    while (j < edits.length && edits[j].start - edits[j - 1].end < reach) j++;
    if (absentFromBase && !crlf && j === i + 1 && !canTouch(file, edits[i], search)) {
      i = j;
      continue;
    }
    let stretch = '';
    let at = Math.max(0, edits[i].start - reach);
    for (let k = i; k < j; k++) {
      stretch += raw.slice(at, edits[k].start) + edits[k].text;
      at = edits[k].end;
    }
    stretch += raw.slice(at, Math.min(raw.length, edits[j - 1].end + reach));
    if (crlf) stretch = stretch.replace(/\r\n/g, '\n');
    if (stretch.includes(search)) return true;
    i = j;
  }
  return false;
}
