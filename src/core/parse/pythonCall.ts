/**
 * OpenHands' CodeAct agent edited files by calling Python functions in its sandbox (2024, in its
 * public SWE-bench trajectories):
 *
 *     <execute_ipython>
 *     edit_file_by_replace(
 *         'django/db/models/query.py',
 *         to_replace="""        return self._result_cache""",
 *         new_content="""        return list(self._result_cache)""",
 *     )
 *     </execute_ipython>
 *
 * The call's string arguments are read as Python reads them (quotes, triple quotes, `r` prefixes,
 * escapes, adjacent literals joined) and given to the tool-call shapes as `{path, old_str,
 * new_str}`: the old text found as text, as Claude's `str_replace` is. `insert_content_at_line(file,
 * n, content)` (the content starting at line n) and `append_file(file, content)` are read too.
 * Calls of other functions, and arguments that are not literals (a variable, an f-string), are not
 * edits.
 */
import type { ParsedBlock } from './parser';
import { editsFromToolInput } from './jsonToolCall';

/**
 * The editing functions, their parameters in order (for positional arguments), and the tool-call
 * input each call is: `insert_content_at_line` puts its lines so that they start at that line.
 */
const CALLS: Record<string, { readonly parameters: readonly string[]; readonly input: (args: Record<string, unknown>) => Record<string, unknown> | undefined }> = {
  edit_file_by_replace: {
    parameters: ['file_name', 'to_replace', 'new_content'],
    input: (a) => (typeof a.to_replace === 'string' && typeof a.new_content === 'string' ? { path: a.file_name, old_str: a.to_replace, new_str: a.new_content } : undefined),
  },
  insert_content_at_line: {
    parameters: ['file_name', 'line_number', 'content'],
    input: (a) => (typeof a.line_number === 'number' && Number.isInteger(a.line_number) && a.line_number >= 1 && typeof a.content === 'string' ? { path: a.file_name, command: 'insert', insert_line: a.line_number - 1, new_str: a.content } : undefined),
  },
  append_file: {
    parameters: ['file_name', 'content'],
    input: (a) => (typeof a.content === 'string' ? { path: a.file_name, command: 'append', new_str: a.content } : undefined),
  },
};
const CALL_START = /(?<![\w.])(edit_file_by_replace|insert_content_at_line|append_file)\(/g;

/**
 * The edits of the editing calls in an `<execute_ipython>` cell (`cell`: its text, tags included;
 * lines `startLine`..`endLine` of the reply, 1-based). Undefined when the cell holds none.
 */
export function pythonCellEdits(cell: string, startLine: number, endLine: number): ParsedBlock | undefined {
  const ops: ParsedBlock['ops'] = [];
  const problems: ParsedBlock['problems'] = [];
  let matched = false;
  // A call, not the end of another name (`my_edit_file_by_replace(`, `self.append_file(`).
  for (const call of cell.matchAll(CALL_START)) {
    const known = CALLS[call[1]];
    const args = readArguments(cell, call.index! + call[0].length);
    if (args === undefined) continue;
    const given: Record<string, unknown> = {};
    args.positional.forEach((value, i) => {
      if (i < known.parameters.length) given[known.parameters[i]] = value;
    });
    for (const [name, value] of args.named) given[name] = value;
    const input = typeof given.file_name === 'string' ? known.input(given) : undefined;
    if (input === undefined) continue;
    const result = editsFromToolInput(input, startLine, endLine);
    matched ||= result.matched;
    ops.push(...result.ops);
    problems.push(...result.problems);
  }
  return matched ? { startLine, endLine, ops, problems } : undefined;
}

/**
 * The arguments of a call whose `(` is right before `from`: string literals and whole numbers,
 * positional or by keyword, up to the closing `)`. Undefined when an argument is anything else or the call never
 * closes.
 */
function readArguments(text: string, from: number): { positional: (string | number)[]; named: Map<string, string | number> } | undefined {
  const positional: (string | number)[] = [];
  const named = new Map<string, string | number>();
  let at = skipBlanks(text, from);
  while (at < text.length && text[at] !== ')') {
    let name: string | undefined;
    const keyword = /^([A-Za-z_]\w*)[ \t]*=(?!=)/.exec(text.slice(at, at + 80));
    if (keyword) {
      name = keyword[1];
      at = skipBlanks(text, at + keyword[0].length);
    }
    const read = readLiteral(text, at);
    if (read === undefined) return undefined;
    if (name === undefined) positional.push(read.value);
    else named.set(name, read.value);
    at = skipBlanks(text, read.end);
    if (text[at] === ',') at = skipBlanks(text, at + 1);
    else if (text[at] !== ')') return undefined;
  }
  return at < text.length ? { positional, named } : undefined;
}

/** A whole number or a string literal (adjacent ones joined) at `from`, and where it ends. */
function readLiteral(text: string, from: number): { value: string | number; end: number } | undefined {
  const number = /^\d{1,9}(?![\w.])/.exec(text.slice(from, from + 12));
  if (number) return { value: Number(number[0]), end: from + number[0].length };
  const strings = readStrings(text, from);
  return strings && { value: strings.text, end: strings.end };
}

/** The position of the next character that is not whitespace or a `#` comment. */
function skipBlanks(text: string, from: number): number {
  let at = from;
  for (;;) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (text[at] !== '#') return at;
    while (at < text.length && text[at] !== '\n') at++;
  }
}

/** One string literal or several adjacent ones (Python joins them), starting at `from`. */
function readStrings(text: string, from: number): { text: string; end: number } | undefined {
  let first = readString(text, from);
  if (first === undefined) return undefined;
  let joined = first.text;
  for (;;) {
    const next = skipBlanks(text, first.end);
    const more = readString(text, next);
    if (more === undefined) return { text: joined, end: first.end };
    joined += more.text;
    first = more;
  }
}

/** A Python string literal at `from` (prefix `r`/`u` in either case, any quotes), decoded; undefined for anything else (an f-string, bytes, a name). */
function readString(text: string, from: number): { text: string; end: number } | undefined {
  const prefix = /^(?:[rR][uU]?|[uU][rR]?)?/.exec(text.slice(from, from + 2))![0];
  const raw = /r/i.test(prefix);
  let at = from + prefix.length;
  const quote = text[at];
  if (quote !== '"' && quote !== "'") return undefined;
  const triple = text.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  at += close.length;
  let out = '';
  while (at < text.length) {
    if (text.startsWith(close, at)) return { text: out, end: at + close.length };
    const c = text[at];
    if (c === '\n' && !triple) return undefined;
    if (c !== '\\') {
      out += c;
      at++;
      continue;
    }
    const next = text[at + 1];
    if (next === undefined) return undefined;
    if (raw) {
      // A raw string keeps its backslashes; one still stops a quote from closing it.
      out += c + next;
      at += 2;
      continue;
    }
    const escaped = decodeEscape(text, at);
    out += escaped.text;
    at = escaped.end;
  }
  return undefined;
}

const SIMPLE_ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '\n': '' };

/** The character a backslash escape at `at` stands for, as Python reads it: an unknown escape keeps its backslash. */
function decodeEscape(text: string, at: number): { text: string; end: number } {
  const next = text[at + 1];
  if (next in SIMPLE_ESCAPES) return { text: SIMPLE_ESCAPES[next], end: at + 2 };
  const hex = next === 'x' ? /^[0-9a-fA-F]{2}/ : next === 'u' ? /^[0-9a-fA-F]{4}/ : next === 'U' ? /^[0-9a-fA-F]{8}/ : undefined;
  const digits = hex?.exec(text.slice(at + 2, at + 10))?.[0];
  if (digits !== undefined) return { text: String.fromCodePoint(parseInt(digits, 16)), end: at + 2 + digits.length };
  const octal = /^[0-7]{1,3}/.exec(text.slice(at + 1, at + 4))?.[0];
  if (octal !== undefined) return { text: String.fromCharCode(parseInt(octal, 8)), end: at + 1 + octal.length };
  return { text: '\\' + next, end: at + 2 };
}
