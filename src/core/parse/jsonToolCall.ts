/**
 * JSON tool calls → Edit IR: the edit tools of Claude Code (Edit / MultiEdit / Write), Anthropic's
 * text editor (`str_replace`, `insert`, `create`), Amazon Q (`append`), Gemini CLI (`replace`,
 * `write_file`), Pi (`edit`), Serena (`replace_content`) and OpenAI-style wrappers (`{"name",
 * "arguments": "<json string>"}`), bare in the reply or in fences. A Codex `apply_patch` call
 * carried as a JSON string is read too, also as a bare string literal on a line of its own.
 *
 * JSON is found with a bracket-matching scanner that knows strings and escapes, never a regex, and
 * reads every character of the reply at most once (see `scanFrom`). JSON without an edit shape is
 * ignored (a package.json in a fence is not an edit).
 */
import type { EditOp, ParseProblem, ReplaceOp } from '../ir';
import { readPatch } from './applyPatch';
import { firstNonBlankChar, parseInfoString } from './fences';
import { isElisionLine } from './elision';
import { lineIndexAt, lineStartsOf, type ParsedBlock, type ReplyParser, type ReplyText } from './parser';
import { isSearchMarker, NUMBERED_REPLACEMENT, numberedOnlyInReplacement, searchReplaceParser, stripLineNumbers } from './searchReplace';
import { unifiedDiffParser } from './unifiedDiff';
import { cleanPath, fenceOpen, isFenceClose, pathFromLabelLine, problemOf, sourceOf } from './replyScan';
import { trimsToEmpty } from '../text/indentation';

const FORMAT = 'json-tool' as const;

const PATH_KEYS = ['file_path', 'path', 'filePath', 'filepath', 'file', 'filename', 'target_file', 'target_filepath', 'TargetFile', 'absolute_path'];
/** Windsurf's replace_file_content names its chunks' texts `TargetContent` and `ReplacementContent`. */
const OLD_KEYS = ['old_string', 'oldString', 'old_str', 'oldStr', 'old_text', 'oldText', 'TargetContent'];
/**
 * The old-text keys of the tools that apply edits one after the other, each to the file the edits
 * before it left (`ReplaceOp.sequential`): Claude Code's Edit and MultiEdit (`old_string`),
 * opencode's edit and multiedit (`oldString`), Anthropic's text editor (`old_str`). Not Pi's
 * `oldText`, whose `edits` are each matched against the file as it was, nor keys several tools
 * share with unknown semantics (`old_text`).
 */
const SEQUENTIAL_OLD_KEYS = ['old_string', 'oldString', 'old_str'];
const NEW_KEYS = ['new_string', 'newString', 'new_str', 'newStr', 'new_text', 'newText', 'ReplacementContent'];
/** The operations of OpenAI's apply_patch tool call (`apply_patch_call.operation.type`). */
const PATCH_OPERATIONS = new Set(['create_file', 'update_file', 'delete_file']);
const WRAPPER_ARG_KEYS = new Set(['arguments', 'input', 'args', 'parameters', 'params', 'tool_input']);
/**
 * Keys whose presence makes an unfinished JSON value at the end of the reply an unfinished edit.
 * `content` alone is too common (chat messages) and counts only next to a path key.
 */
const EDIT_KEY_PATTERN = /"(?:old_string|new_string|oldString|newString|old_str|new_str|file_text|edits|code_edit|ReplacementChunks|TargetContent|replacements)"\s*:/;
const WRITE_KEY_PATTERN = /"content"\s*:/;
const PATH_KEY_PATTERN = /"(?:file_path|filePath|path)"\s*:/;

/** How deep inside a parsed value calls are looked for (tool calls nest a few levels, not dozens). */
const MAX_DEPTH = 24;

/** Work guard: characters handed to JSON.parse may not exceed this multiple of the reply. */
const PARSE_BUDGET_FACTOR = 4;

interface Span {
  readonly start: number;
  /** Inclusive offset of the closing bracket. */
  readonly end: number;
}

interface ScanResult {
  /** The balanced value starting at the scan's start, if it closed. */
  readonly whole?: Span;
  /** Every closed candidate value met inside the scan (innermost first), for a failed scan's recovery. */
  readonly inner: Span[];
  /** Offset where the scan stopped (the close, or the failure). */
  readonly stop: number;
  /** The scan ran to the end of the reply with brackets still open. */
  readonly hitEnd: boolean;
}

/** True when the `{`/`[` at `pos` can start a tool call: first on its line, or `{` before a key. */
function isCandidateOpen(text: string, pos: number): boolean {
  let back = pos - 1;
  while (back >= 0 && (text[back] === ' ' || text[back] === '\t')) back--;
  if (back < 0 || text[back] === '\n') return true;
  if (text[pos] !== '{') return false;
  let ahead = pos + 1;
  while (ahead < text.length && (text[ahead] === ' ' || text[ahead] === '\n' || text[ahead] === '\t')) ahead++;
  return text[ahead] === '"';
}

/**
 * Scans one JSON value from `start` (a `{` or `[`): brackets matched, strings and escapes honoured,
 * a raw newline inside a string or a mismatched bracket stops it. `lineClaimed(offset)` stops it at
 * lines another parser owns. Linear in the characters scanned.
 */
function scanFrom(text: string, start: number, lineClaimedAfterNewline: (offset: number) => boolean): ScanResult {
  // The open brackets as parallel number stacks (no object per bracket: `[[[[` × 10M stays cheap).
  const openPos: number[] = [];
  /** 1 = `{`, 0 = `[`; +2 when the bracket could start a tool call on its own. */
  const openKind: number[] = [];
  const inner: Span[] = [];
  let inString = false;
  let escaped = false;
  for (let pos = start; pos < text.length; pos++) {
    const c = text.charCodeAt(pos);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 92 /* \\ */) escaped = true;
      else if (c === 34 /* " */) inString = false;
      else if (c === 10) return { inner, stop: pos, hitEnd: restIsBlank(text, pos) };
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      openPos.push(pos);
      openKind.push((c === 123 ? 1 : 0) + (pos === start || isCandidateOpen(text, pos) ? 2 : 0));
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (openPos.length === 0) return { inner, stop: pos, hitEnd: false };
      const openAt = openPos.pop() as number;
      const kind = openKind.pop() as number;
      if ((kind & 1) !== (c === 125 ? 1 : 0)) return { inner, stop: pos, hitEnd: false };
      if (openPos.length === 0) return { whole: { start, end: pos }, inner, stop: pos, hitEnd: false };
      if (kind & 2) inner.push({ start: openAt, end: pos });
    } else if (c === 10 && lineClaimedAfterNewline(pos)) {
      return { inner, stop: pos, hitEnd: false };
    }
  }
  return { inner, stop: text.length, hitEnd: true };
}

function restIsBlank(text: string, from: number): boolean {
  for (let k = from; k < text.length; k++) {
    const c = text[k];
    if (c !== ' ' && c !== '\n' && c !== '\t' && c !== '\r') return false;
  }
  return true;
}

/** Collects the ops and problems of one parsed JSON value. */
class Collector {
  readonly ops: EditOp[] = [];
  readonly problems: ParseProblem[] = [];
  /** True once the value had an edit shape (even one that produced only a problem). */
  matched = false;
  /** The ops of each call read so far, in order, by the path it names (what an undo takes back). */
  private readonly calls: { path: string | undefined; from: number; to: number }[] = [];

  constructor(
    private readonly startLine: number,
    private readonly endLine: number,
    /** The caller's tool applies its edits in turn, whatever the keys say (see `editsFromToolInput`). */
    private readonly appliedInTurn = false,
  ) {}

  /**
   * Reads `value` and everything inside it. `toolName` is the name of the call whose arguments
   * `value` is (`{"name": "edit", "arguments": {...}}`, `<invoke name="edit">`): the shapes that
   * only that name makes an edit (SWE-agent's `search`/`replace`) are read only under it.
   */
  visit(value: unknown, depth: number, toolName?: string): void {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (value.includes('*** Begin Patch')) this.patch(value);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) this.visit(item, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    const before = this.ops.length;
    const path = pickPath(value);
    if (this.editShape(value, path, depth, toolName)) {
      if (this.ops.length > before) this.calls.push({ path, from: before, to: this.ops.length });
      return;
    }
    const name = typeof value.name === 'string' ? value.name : undefined;
    for (const key of Object.keys(value)) {
      const child = value[key];
      const wrapped = WRAPPER_ARG_KEYS.has(key);
      if (typeof child === 'string' && wrapped) {
        // `"arguments": "{\"file_path\": ...}"`: OpenAI sends arguments as a JSON string.
        const trimmed = child.trim();
        if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
          const parsed = tryParse(trimmed);
          if (parsed.ok) { this.visit(parsed.value, depth + 1, name); continue; }
        }
      }
      this.visit(child, depth + 1, wrapped ? name : undefined);
    }
  }

  /** Reads the known edit shapes; returns true when `obj` was one (so it is not searched further). */
  private editShape(obj: Record<string, unknown>, path: string | undefined, depth: number, toolName?: string): boolean {
    // Edits nest in edits (an `edits` object holding its own `edits`): as deep as `visit` reads,
    // and no deeper, or a reply of nested objects runs the call stack out.
    if (depth > MAX_DEPTH) return false;
    const command = typeof obj.command === 'string' ? obj.command : undefined;
    const oldKey = OLD_KEYS.find((key) => key in obj);
    const newKey = NEW_KEYS.find((key) => key in obj);
    const source = sourceOf(FORMAT, this.startLine, this.endLine);

    if (command === 'view') {
      this.matched = true;
      return true;
    }
    if (command === 'undo_edit' || command === 'undo') {
      // The editors that define it revert their last edit of the file: when that edit is a call
      // of this same list, it is taken out; otherwise the undo reaches outside the reply, and
      // applying the rest would write what it took back.
      this.matched = true;
      let undone = this.calls.length - 1;
      while (undone >= 0 && this.calls[undone].path !== path) undone--;
      if (undone === -1) return this.fail(`An "${command}" call takes back an edit made before this reply, which cannot be replayed here: send the edits that should stand, without the undo.`, path);
      const { from, to } = this.calls[undone];
      this.ops.splice(from, to - from);
      this.calls.splice(undone, 1);
      for (const call of this.calls.slice(undone)) {
        call.from -= to - from;
        call.to -= to - from;
      }
      return true;
    }
    if (command === 'write' && path !== undefined && typeof obj.file_text === 'string') {
      // goose's text editor: `write` replaces the file's whole content (or creates it).
      this.matched = true;
      this.ops.push({ kind: 'rewrite', path, content: lf(obj.file_text), partial: false, source });
      return true;
    }
    if (command === 'str_replace' && oldKey === undefined && typeof obj.diff === 'string') {
      // goose's text editor: a str_replace carrying a unified diff instead of old and new text.
      this.matched = true;
      this.unifiedDiff(lf(obj.diff), path);
      return true;
    }
    if (oldKey === undefined && path !== undefined && typeof obj.before === 'string' && typeof obj.after === 'string' && onlyKeys(obj, BEFORE_AFTER_KEYS)) {
      // goose's edit tool: {path, before, after}. Only that exact shape: "before"/"after" are common words in data.
      this.matched = true;
      if (obj.before === '') return this.fail('"before" is empty: it must quote the text to replace.', path);
      return this.replaceText(path, obj.before, obj.after, obj, source);
    }
    if (toolName === 'edit' && oldKey === undefined && typeof obj.search === 'string' && typeof obj.replace === 'string') {
      // SWE-agent's windowed editor: edit {search, replace, replace_all?} on the open file.
      this.matched = true;
      if (obj.search === '') return this.fail('"search" is empty: it must quote the text to replace.', path);
      return this.replaceText(path, obj.search, obj.replace, obj, source);
    }
    if (toolName === 'insert' && command === undefined && typeof obj.text === 'string' && (obj.line === undefined || typeof obj.line === 'number')) {
      // SWE-agent's windowed editor: insert {text, line?} after the line, or at the end without one.
      this.matched = true;
      const text = asLines(obj.text);
      if (obj.line === undefined) this.ops.push({ kind: 'replace', path, search: '', replacement: text, granularity: 'lines', expectedCount: 1, source });
      else if (!Number.isInteger(obj.line) || obj.line < 0) return this.fail('An "insert" call needs a non-negative whole-number line.', path);
      else this.ops.push({ kind: 'insert', path, afterLine: obj.line, text, source });
      return true;
    }
    if (typeof obj.type === 'string' && PATCH_OPERATIONS.has(obj.type) && typeof obj.path === 'string') {
      // OpenAI's apply_patch tool (Responses API): `{"type": "update_file", "path", "diff"}`, the
      // diff in the same V4A lines as a `*** Begin Patch` envelope, which is what it is read as.
      const diff = typeof obj.diff === 'string' ? lf(obj.diff).replace(/\n$/, '') : '';
      if (obj.type === 'delete_file') this.patch(`*** Begin Patch\n*** Delete File: ${obj.path}\n*** End Patch`);
      else if (obj.type === 'create_file') {
        // Each line is `+`-prefixed by the tool's contract; a bare content string is taken as the file.
        const lines = diff.split('\n');
        const added = lines.every((line) => line === '' || line.startsWith('+')) ? lines : lines.map((line) => '+' + line);
        this.patch(['*** Begin Patch', `*** Add File: ${obj.path}`, ...added, '*** End Patch'].join('\n'));
      } else this.patch(`*** Begin Patch\n*** Update File: ${obj.path}\n${diff}\n*** End Patch`);
      return true;
    }
    const blocks = oldKey === undefined && newKey === undefined && command === undefined ? searchReplaceText(obj.diff) : undefined;
    if (blocks !== undefined) {
      // Cline's replace_in_file and Roo Code's apply_diff called natively: {path, diff}, the diff
      // SEARCH/REPLACE blocks as they write them inside XML (Roo's multi-file form gives a list of
      // {content, start_line}); each block is read by that parser, for the call's file.
      this.matched = true;
      this.searchReplace(blocks, path);
      return true;
    }
    if (command === 'create' || (command === undefined && typeof obj.file_text === 'string' && path !== undefined)) {
      const content = typeof obj.file_text === 'string' ? obj.file_text : typeof obj.content === 'string' ? obj.content : undefined;
      this.matched = true;
      if (content === undefined) return this.fail('A "create" command carries no file_text.', path);
      this.ops.push({ kind: 'create', path, content: lf(content), source });
      return true;
    }
    if (command === 'insert') {
      this.matched = true;
      const given = obj.insert_line ?? obj.insertLine ?? obj.line;
      // Models send the number as a string too ("185"); OpenHands reads it as the number.
      const line = typeof given === 'string' && /^\s*\d+\s*$/.test(given) ? Number(given) : given;
      const text = newKey ? obj[newKey] : obj.text;
      if (typeof line !== 'number' || !Number.isInteger(line) || line < 0) return this.fail('An "insert" command needs a non-negative integer insert_line.', path);
      if (typeof text !== 'string') return this.fail('An "insert" command carries no new_str.', path);
      // The command inserts new_str's lines: an empty one is one empty line (as OpenHands' editor does).
      this.ops.push({ kind: 'insert', path, afterLine: line, text: text === '' ? '\n' : asLines(text), source });
      return true;
    }
    if (command === 'append') {
      this.matched = true;
      const text = newKey ? obj[newKey] : obj.content;
      if (typeof text !== 'string') return this.fail('An "append" command carries no new_str.', path);
      // An empty search appends (or creates), which is what append means.
      this.ops.push({ kind: 'replace', path, search: '', replacement: asLines(text), granularity: 'lines', expectedCount: 1, source });
      return true;
    }
    if (oldKey === undefined && typeof obj.needle === 'string' && typeof obj.repl === 'string') {
      // Serena's replace_content: {relative_path, needle, repl, mode, allow_multiple_occurrences}.
      this.matched = true;
      return this.serenaReplace(obj.needle, obj.repl, path ?? (typeof obj.relative_path === 'string' ? pickPath({ path: obj.relative_path }) : undefined), obj, source);
    }
    const listed = editList(obj);
    if (oldKey !== undefined || (newKey !== undefined && (command === 'str_replace' || command === 'replace'))) {
      this.matched = true;
      // Pi's edit tool takes an oldText/newText beside its `edits` list as one more edit after
      // them (models send both): reading only the pair would write part of the call.
      if (listed !== undefined && oldKey !== undefined && !this.editSequence(listed, path, depth)) return true;
      const oldText = oldKey ? obj[oldKey] : undefined;
      const newText = newKey ? obj[newKey] : undefined;
      if (typeof oldText !== 'string') return this.fail(`"${oldKey ?? 'old_string'}" must be a string.`, path);
      if (typeof newText !== 'string') return this.fail(`The edit has "${oldKey}" but no string "new_string".`, path);
      if (oldText === '') {
        // Claude Code and Gemini: an empty old_string creates the file, with the line endings the
        // new text has when it has CRLF throughout.
        const crlf = newText.includes('\r\n') && !/(?:^|[^\r])\n/.test(newText);
        this.ops.push({ kind: 'create', path, content: lf(newText), ...(crlf ? { eol: '\r\n' as const } : {}), source });
        return true;
      }
      return this.replaceText(path, oldText, newText, obj, source);
    }
    if (listed !== undefined && this.editSequence(listed, path, depth, { strict: false })) return true;
    // Codebuff's str_replace ({path, replacements: [{old, new, allowMultiple}]}) and Kimi CLI's
    // StrReplaceFile ({path, edit: {old, new, replace_all}} or a list of them): `old` and `new`
    // are read as the old and new strings inside those lists only.
    const pairs = obj.replacements ?? obj.edit;
    const pairList = Array.isArray(pairs) ? pairs : isRecord(pairs) ? [pairs] : undefined;
    if (path !== undefined && pairList !== undefined && pairList.length > 0 && pairList.every((pair) => isRecord(pair) && typeof pair.old === 'string' && typeof pair.new === 'string')) {
      for (const pair of pairList as Record<string, unknown>[]) {
        const { old: oldString, new: newString, ...options } = pair;
        this.editShape({ ...options, old_string: oldString, new_string: newString }, path, depth + 1);
      }
      return true;
    }
    const codeEdit = obj.code_edit ?? obj.codeEdit ?? obj.CodeEdit ?? snippetOfNamedShape(obj);
    if (path !== undefined && typeof codeEdit === 'string') {
      // Cursor's edit_file (and Morph's apply): {target_file, instructions, code_edit}, the edit
      // written as the file with `// ... existing code ...` where it stays as it is: a snippet,
      // merged into the file or refused, never written as it stands. Without elisions it is the
      // file. Copilot's insert_edit_into_file ({filePath, code}) and Continue's
      // edit_existing_file ({filepath, changes}) say the same.
      this.matched = true;
      const content = asLines(codeEdit);
      this.ops.push({ kind: 'rewrite', path, content, partial: content.split('\n').some(isElisionLine), source });
      return true;
    }
    // Keys that only describe the call (Zed's display_description) do not make it another shape.
    const keys = Object.keys(obj).filter((key) => !DESCRIPTION_KEYS.has(key));
    // Continue's create_new_file says `contents`; Windsurf's write_to_file `CodeContent`.
    const content = obj.content ?? obj.contents ?? obj.CodeContent;
    if (path !== undefined && typeof content === 'string' && keys.length <= 3 && (depth <= 2 || command !== undefined)) {
      // write_file / Write: {file_path, content}: the whole new content of the file.
      this.matched = true;
      this.ops.push({ kind: 'rewrite', path, content: lf(content), partial: false, source });
      return true;
    }
    return false;
  }

  /**
   * Reads a call's `edits` list (Claude MultiEdit, Zed's edit_file, Windsurf's replace_file_content
   * chunks, Pi's edit): the edits apply in sequence to one file, the planner sequences them.
   * Returns false, having read nothing, when no item is an edit (the list is other data). When
   * some items are edits and another is not, that item is a PARSE_ERROR: dropping it would write
   * the call in part. `strict` makes a list with no edit at all a PARSE_ERROR too, for a call
   * whose other keys already make it an edit.
   */
  private editSequence(edits: readonly Record<string, unknown>[], path: string | undefined, depth: number, { strict = true } = {}): boolean {
    const start = { ops: this.ops.length, problems: this.problems.length };
    const notEdits = edits.map((edit, index) => (this.editShape(edit, pickPath(edit) ?? path, depth + 1) ? -1 : index)).filter((index) => index >= 0);
    if (notEdits.length === 0) return true;
    if (notEdits.length === edits.length && !strict) {
      this.ops.length = start.ops;
      this.problems.length = start.problems;
      return false;
    }
    this.fail(`edits[${notEdits[0]}] holds no old and new text: the call is not applied in part.`, path);
    return false;
  }

  /**
   * Serena's replace_content. Its `literal` mode is a plain replacement; its `regex` mode (Python
   * `re`, DOTALL) lets a needle like `def f.*?return x` stand for text it never quotes, which
   * cannot be matched here: applied only when the needle has no regex syntax (then it is literal
   * text) and the replacement no `$!1` group reference, otherwise refused.
   */
  private serenaReplace(needle: string, repl: string, path: string | undefined, obj: Record<string, unknown>, source: EditOp['source']): true {
    const mode = obj.mode ?? 'literal';
    if (mode !== 'literal' && mode !== 'regex') return this.fail(`"mode" must be "literal" or "regex", not ${JSON.stringify(mode)}.`, path);
    if (needle === '') return this.fail('"needle" is empty: it must quote the text to replace.', path);
    if (mode === 'regex' && (/[.^$*+?{}[\]\\|()]/.test(needle) || repl.includes('$!'))) {
      return this.fail('A regex-mode "needle" stands for text it does not quote, which cannot be matched here: send the exact text as the needle, with mode "literal".', path);
    }
    return this.replaceText(path, needle, repl, obj, source);
  }

  private patch(text: string): void {
    const lines = lf(text).split('\n');
    const begin = lines.findIndex((line) => line.trim() === '*** Begin Patch');
    if (begin < 0) return;
    this.matched = true;
    const result = readPatch(lines, begin, () => false, () => this.startLine);
    const problems = result.problems.map((p) => ({ ...p, startLine: this.startLine, endLine: this.endLine }));
    if (result.endIndex < 0 && problems.length === 0) {
      problems.push(problemOf('PARSE_ERROR', 'apply-patch', this.startLine, this.endLine, 'The patch in this tool call has no "*** End Patch" line.'));
    }
    const ops = result.ops.map((op) => ({ ...op, source: { ...op.source, startLine: this.startLine, endLine: this.endLine } }));
    if (problems.length > 0) for (const p of problems) this.problems.push(p);
    else for (const op of ops) this.ops.push(op);
  }

  /** A text replacement (old text → new text, as a fragment), with the call's count options. */
  private replaceText(path: string | undefined, oldText: string, newText: string, obj: Record<string, unknown>, source: EditOp['source']): true {
    let expectedCount: number | 'all' = 1;
    // Gemini CLI's edit tool says `allow_multiple`.
    if (obj.replace_all === true || obj.replaceAll === true || obj['replace-all'] === true || obj.allow_multiple === true || obj.allow_multiple_occurrences === true || obj.allowMultiple === true || obj.AllowMultiple === true) expectedCount = 'all';
    const expected = obj.expected_replacements ?? obj.expectedReplacements;
    if (expected !== undefined) {
      if (typeof expected !== 'number' || !Number.isInteger(expected) || expected < 1) {
        return this.fail('"expected_replacements" must be a positive integer.', path);
      }
      expectedCount = expected;
    }
    // Each text normalised and split once, for both gutter checks.
    const search = lf(oldText);
    const replacement = lf(newText);
    const searchLines = textLines(search);
    const replaceLines = textLines(replacement);
    if (numberedOnlyInReplacement(searchLines, replaceLines)) return this.fail(NUMBERED_REPLACEMENT, path);
    const gutter = withoutGutter(search, replacement, searchLines, replaceLines);
    const sequential = this.appliedInTurn || SEQUENTIAL_OLD_KEYS.some((key) => key in obj);
    this.ops.push({ kind: 'replace', path, ...gutter, granularity: 'chars', expectedCount, ...(sequential ? { sequential: true as const } : {}), source });
    return true;
  }

  /**
   * The ops of a unified diff carried in a call, read by the diff parser. A diff without file
   * headers (hunks only) is for the call's path.
   */
  private unifiedDiff(text: string, path: string | undefined): void {
    const headed = /^(?:diff --git |--- )/m.test(text) || path === undefined ? text : `--- ${path}\n+++ ${path}\n${text}`;
    const blocks = unifiedDiffParser.parse({ text: headed, lines: headed.split('\n') }, () => false);
    const before = this.ops.length + this.problems.length;
    for (const block of blocks) {
      for (const op of block.ops) this.ops.push({ ...op, source: { ...op.source, startLine: this.startLine, endLine: this.endLine } });
      for (const problem of block.problems) this.problems.push({ ...problem, startLine: this.startLine, endLine: this.endLine });
    }
    if (this.ops.length + this.problems.length === before) this.fail('The "diff" of this call holds no hunk.', path);
  }

  private searchReplace(text: string, path: string | undefined): void {
    const reply = lf(text);
    const blocks = searchReplaceParser.parse({ text: reply, lines: reply.split('\n') }, () => false);
    for (const block of blocks) {
      // The blocks name no file of their own (the call does): each op is the call's file's.
      for (const op of block.ops) this.ops.push({ ...op, ...(path !== undefined && 'path' in op ? { path } : {}), source: { ...op.source, startLine: this.startLine, endLine: this.endLine } } as EditOp);
      for (const problem of block.problems) this.problems.push({ ...problem, startLine: this.startLine, endLine: this.endLine });
    }
  }

  private fail(message: string, path: string | undefined): true {
    this.problems.push(problemOf('PARSE_ERROR', FORMAT, this.startLine, this.endLine, message, path));
    return true;
  }
}

/**
 * The ops of one tool call's input, given as an object (from JSON, or from an XML tool call whose
 * parameters were read into an object): the same shapes the JSON parser understands. With
 * `appliedInTurn`, every replace is `sequential`, whatever its keys: the caller knows its tool
 * applies each edit to the file the edits before it left (Zed's old_text/new_text pairs).
 */
export function editsFromToolInput(value: Record<string, unknown>, startLine: number, endLine: number, toolName?: string, appliedInTurn = false): { ops: EditOp[]; problems: ParseProblem[]; matched: boolean } {
  const collector = new Collector(startLine, endLine, appliedInTurn);
  collector.visit(value, 0, toolName);
  return { ops: collector.ops, problems: collector.problems, matched: collector.matched };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickPath(obj: Record<string, unknown>): string | undefined {
  for (const key of PATH_KEYS) {
    const value = obj[key];
    if (typeof value !== 'string') continue;
    // A path the call names is the path it means, even one no file has (`.`, `src/`): kept, so
    // the planner refuses it, never dropped for the target file (which would edit another file).
    // A `path:line` (or `path:line:column`) reference names the file before the colon.
    const named = value.trim().replace(/^(.+\.[\w-]+):\d+(?::\d+)?$/, '$1');
    // Kept with a leading `a/` or `b/`: in an argument that is a real folder, not a diff's prefix
    // (the planner falls back to the path without it only when that file exists and this does not).
    return cleanPath(named, false) ?? (named === '' ? undefined : named.replace(/\\/g, '/'));
  }
  return undefined;
}

/**
 * Old and new text with the line-number gutter of a file view taken off (`  12|`, `    12→`,
 * `12\t`: models copy it from the read tool's output), by the SEARCH/REPLACE parser's rule
 * (consecutive numbers on every old line; on every new line too, or on none). The text as written
 * are kept (`quotedSearch`, `quotedReplacement`): a file that holds those very lines is edited as
 * they stand. `searchLines` and `replaceLines` are the texts' `textLines`, split once by the caller.
 */
function withoutGutter(
  search: string,
  replacement: string,
  searchLines: readonly string[],
  replaceLines: readonly string[],
): Pick<ReplaceOp, 'search' | 'replacement' | 'quotedSearch' | 'quotedReplacement' | 'lineHint'> {
  const ending = (text: string) => (text.endsWith('\n') ? '\n' : '');
  const numbered = stripLineNumbers(searchLines, replaceLines);
  // No gutter taken off (most calls): the lines joined again would be `search` itself.
  if (numbered.search === searchLines) return { search, replacement };
  const stripped = numbered.search.join('\n') + ending(search);
  if (stripped === search) return { search, replacement };
  return {
    search: stripped,
    replacement: numbered.searchOnly ? replacement : numbered.replace.join('\n') + ending(replacement),
    quotedSearch: search,
    ...(numbered.searchOnly ? {} : { quotedReplacement: replacement }),
    ...(numbered.firstNumber !== undefined ? { lineHint: numbered.firstNumber } : {}),
  };
}

/** The lines of a tool call's text (a final newline adds none). */
function textLines(text: string): string[] {
  return text === '' ? [] : (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
}

/** The keys of Copilot's insert_edit_into_file and of Continue's edit_existing_file, with the describing ones. */
const COPILOT_SNIPPET_KEYS = new Set([...PATH_KEYS, 'code', 'languageId']);
const CONTINUE_SNIPPET_KEYS = new Set([...PATH_KEYS, 'changes']);

/**
 * The snippet of a call that gives one under a common word, read only in that tool's exact shape
 * (`code` and `changes` name data in other JSON): Copilot's `{filePath, code, explanation}`,
 * Continue's `{filepath, changes}`.
 */
function snippetOfNamedShape(obj: Record<string, unknown>): unknown {
  if (typeof obj.code === 'string' && onlyKeys(obj, COPILOT_SNIPPET_KEYS)) return obj.code;
  if (typeof obj.changes === 'string' && onlyKeys(obj, CONTINUE_SNIPPET_KEYS)) return obj.changes;
  return undefined;
}

/** The keys goose's {path, before, after} edit may have (with the describing ones). */
const BEFORE_AFTER_KEYS = new Set([...PATH_KEYS, 'before', 'after']);

/** True when every key of `obj` is in `allowed` or only describes the call. */
function onlyKeys(obj: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  return Object.keys(obj).every((key) => allowed.has(key) || DESCRIPTION_KEYS.has(key));
}

/** The keys that only describe a call, not what it edits. */
const DESCRIPTION_KEYS = new Set(['display_description', 'displayDescription', 'description', 'explanation', 'instructions']);

/**
 * A call's list of edits (`edits`, Windsurf's `ReplacementChunks`): a non-empty list of objects,
 * one object alone (Pi takes `edits: {oldText, newText}`), or either as a JSON string (some models
 * send the argument so); undefined for anything else.
 */
function editList(obj: Record<string, unknown>): Record<string, unknown>[] | undefined {
  const given = obj.edits ?? obj.ReplacementChunks;
  const parsed = typeof given === 'string' ? tryParse(given.trim()) : { ok: true as const, value: given };
  if (!parsed.ok) return undefined;
  const list = isRecord(parsed.value) ? [parsed.value] : parsed.value;
  return Array.isArray(list) && list.length > 0 && list.every(isRecord) ? list : undefined;
}

function lf(text: string): string {
  // Most texts hold no CR: one native search instead of a regex pass that changes nothing.
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Text inserted as whole lines must end in a newline. */
function asLines(text: string): string {
  const normalised = lf(text);
  return normalised === '' || normalised.endsWith('\n') ? normalised : normalised + '\n';
}

/**
 * False when the bracket at `start` cannot open JSON by its next character past JSON's whitespace:
 * an object's is a key's `"` or its `}`, an array's a value's first character or its `]`. Most
 * bracketed spans of a reply are code (`{ const x = …; }`), and JSON.parse of each copied span,
 * failing by an exception, was a fifth of parsing a long reply; the same spans fail here without
 * a copy. Exactly JSON's own rule at that character: nothing JSON.parse accepts is turned away.
 */
function opensLikeJson(text: string, start: number): boolean {
  let at = start + 1;
  for (let c = text.charCodeAt(at); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++at));
  const next = text[at];
  if (text[start] === '{') return next === '"' || next === '}';
  return next !== undefined && '"{[]-0123456789tfn'.includes(next);
}

/** `text` parsed as JSON, or `ok: false` when it is not JSON. */
export function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function parseJsonToolCalls(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
  const { text, lines } = reply;
  const lineStarts = lineStartsOf(reply);
  const blocks: ParsedBlock[] = [];
  let budget = PARSE_BUDGET_FACTOR * text.length + 100_000;
  // A newline at `offset` ends line i; the scan must not enter line i + 1 if it is claimed.
  const claimedAfter = (offset: number): boolean => isClaimed(lineIndexAt(lineStarts, offset) + 2);

  /** Tries one closed span; returns true when it was valid JSON (so nothing inside needs a look). */
  const trySpan = (span: Span): boolean => {
    const length = span.end - span.start + 1;
    if (length > budget) return false;
    budget -= length;
    if (!opensLikeJson(text, span.start)) return false;
    const parsed = tryParse(text.slice(span.start, span.end + 1));
    if (!parsed.ok) return false;
    const first = lineIndexAt(lineStarts, span.start);
    const last = lineIndexAt(lineStarts, span.end);
    const range = withFence(lines, first, last, span, lineStarts, isClaimed);
    const collector = new Collector(range.startLine, range.endLine);
    collector.visit(parsed.value, 0);
    if (collector.matched && !looksLikeJsonFile(collector, range.startLine, lines, isClaimed)) {
      blocks.push({ startLine: range.startLine, endLine: range.endLine, ops: collector.ops, problems: collector.problems });
    }
    return true;
  };

  let line = 0;
  while (line < lines.length) {
    if (isClaimed(line + 1)) { line++; continue; }
    const patchString = patchStringOnLine(lines[line]);
    if (patchString !== undefined) {
      const span = { start: lineStarts[line] + lines[line].indexOf('"'), end: lineStarts[line] + lines[line].lastIndexOf('"') };
      const range = withFence(lines, line, line, span, lineStarts, isClaimed);
      const collector = new Collector(range.startLine, range.endLine);
      collector.visit(patchString, 0);
      if (collector.matched) blocks.push({ startLine: range.startLine, endLine: range.endLine, ops: collector.ops, problems: collector.problems });
      line++;
      continue;
    }
    const start = candidateInLine(text, lines[line], lineStarts[line]);
    if (start < 0) { line++; continue; }
    const scan = scanFrom(text, start, claimedAfter);
    if (scan.whole) {
      if (!trySpan(scan.whole)) {
        // Not JSON as a whole (JS code, JSON with comments): its complete inner values may be.
        let coveredUntil = -1;
        for (const span of [...scan.inner].sort((a, b) => a.start - b.start || b.end - a.end)) {
          if (span.start <= coveredUntil) continue;
          if (trySpan(span)) coveredUntil = span.end;
        }
      }
    } else if (scan.hitEnd) {
      const region = text.slice(start, scan.stop);
      if (EDIT_KEY_PATTERN.test(region) || (WRITE_KEY_PATTERN.test(region) && PATH_KEY_PATTERN.test(region))) {
        const first = lineIndexAt(lineStarts, start);
        const startLine = fenceOpenAbove(lines, first, isClaimed) ? first : first + 1;
        blocks.push({
          startLine,
          endLine: lines.length,
          ops: [],
          problems: [problemOf('INCOMPLETE_BLOCK', FORMAT, startLine, lines.length,
            'The reply ended inside this JSON tool call: it is not applied.')],
        });
        break;
      }
    } else {
      let coveredUntil = -1;
      for (const span of [...scan.inner].sort((a, b) => a.start - b.start || b.end - a.end)) {
        if (span.start <= coveredUntil) continue;
        if (trySpan(span)) coveredUntil = span.end;
      }
    }
    // Every character up to `stop` has been scanned once: go on after it.
    const stopLine = lineIndexAt(lineStarts, Math.min(scan.stop, text.length - 1));
    line = Math.max(line + 1, stopLine + 1);
  }
  // Blocks found inside a failed scan's recovery can come out of order; the registry sorts, but keep ours tidy.
  return blocks.sort((a, b) => a.startLine - b.startLine);
}

/**
 * A `{path, content}` object in a fence that a file name labels (`config.json` above it, or in the
 * info string) is that file's whole text, not a write_file call: the whole-file parser owns it.
 */
function looksLikeJsonFile(collector: Collector, startLine: number, lines: readonly string[], isClaimed: (line: number) => boolean): boolean {
  if (collector.problems.length > 0 || collector.ops.length === 0 || !collector.ops.every((op) => op.kind === 'rewrite')) return false;
  const openIndex = startLine - 1;
  const fence = fenceOpen(lines[openIndex] ?? '');
  if (!fence) return false;
  if (parseInfoString(fence.info).path !== undefined) return true;
  return openIndex > 0 && !isClaimed(openIndex) && pathFromLabelLine(lines[openIndex - 1]) !== undefined;
}

/**
 * The text of a line that is nothing but one JSON string holding a `*** Begin Patch` envelope, or
 * undefined. GitHub Copilot CLI's session export prints an apply_patch call's arguments so (the
 * input as a bare JSON string literal in a ```json fence, not wrapped in `{"input": …}`): decoded,
 * it is the same patch the object forms carry. A JSON string cannot hold a raw newline, so the
 * literal is one line, and its quotes at both ends with JSON.parse accepting what lies between
 * leave no other reading.
 */
function patchStringOnLine(line: string): string | undefined {
  // Asked of every line: one whose last character is printable and not a quote cannot trim to a
  // quoted string (its end is read at once; its first character lies past the indentation), nor
  // can one whose first character after blanks is; neither is trimmed (a copy of each indented line).
  const last = line.charCodeAt(line.length - 1);
  if (last > 32 && last < 127 && last !== 34 /* " */) return undefined;
  const first = firstNonBlankChar(line);
  if (first !== '"' && first > ' ' && first < '\x7f') return undefined;
  const text = line.trim();
  if (text.length < 2 || text[0] !== '"' || text[text.length - 1] !== '"' || !text.includes('*** Begin Patch')) return undefined;
  const parsed = tryParse(text);
  return parsed.ok && typeof parsed.value === 'string' && parsed.value.includes('*** Begin Patch') ? parsed.value : undefined;
}

/** Offset of the first place in the line where a tool call can start, or -1. */
function candidateInLine(text: string, line: string, lineStart: number): number {
  let k = 0;
  // Asked of every line: char codes, no one-character strings read past the indentation.
  while (k < line.length && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)) k++;
  if (line.charCodeAt(k) === 123 /* { */ || line.charCodeAt(k) === 91 /* [ */) return lineStart + k;
  let at = line.indexOf('{', k);
  while (at >= 0) {
    if (isCandidateOpen(text, lineStart + at)) return lineStart + at;
    at = line.indexOf('{', at + 1);
  }
  return -1;
}

function fenceOpenAbove(lines: readonly string[], first: number, isClaimed: (line: number) => boolean): boolean {
  return first > 0 && !isClaimed(first) && fenceOpen(lines[first - 1]) !== undefined;
}

function restBlank(lines: readonly string[], from: number): boolean {
  for (let k = from; k < lines.length; k++) if (!trimsToEmpty(lines[k])) return false;
  return true;
}

/** The block's reply lines, widened to a fence that holds nothing but this JSON value. */
function withFence(
  lines: readonly string[],
  first: number,
  last: number,
  span: Span,
  lineStarts: Int32Array,
  isClaimed: (line: number) => boolean,
): { startLine: number; endLine: number } {
  const openIndex = first - 1;
  const closeIndex = last + 1;
  const aloneStart = lines[first].slice(0, span.start - lineStarts[first]).trim() === '';
  const aloneEnd = lines[last].slice(span.end - lineStarts[last] + 1).trim() === '';
  if (aloneStart && aloneEnd && openIndex >= 0 && !isClaimed(openIndex + 1)) {
    const fence = fenceOpen(lines[openIndex]);
    if (fence && closeIndex < lines.length && !isClaimed(closeIndex + 1) && isFenceClose(lines[closeIndex], fence)) {
      return { startLine: openIndex + 1, endLine: closeIndex + 1 };
    }
    // The reply ended before the closing fence: the opener still belongs to this block.
    if (fence && restBlank(lines, closeIndex)) return { startLine: openIndex + 1, endLine: last + 1 };
  }
  return { startLine: first + 1, endLine: last + 1 };
}

/**
 * The JSON tool-call parser. Guarantees: total, linear (one scan per character, JSON.parse work
 * bounded by a small multiple of the reply), one block per top-level JSON value that has an edit
 * shape (fence lines included); old/new-string edits become char-granular `ReplaceOp`s (`replace_all`
 * → `'all'`, `expected_replacements` → n), an empty old string or `create` becomes `CreateFileOp`,
 * `insert` becomes `InsertOp`, `{path, content}` becomes `RewriteFileOp`; a value cut off by the end
 * of the reply that has edit keys becomes `INCOMPLETE_BLOCK`.
 */
export const jsonToolCallParser: ReplyParser = {
  format: FORMAT,
  parse: parseJsonToolCalls,
};

/**
 * The text of a call's `diff` when it holds SEARCH/REPLACE blocks: the string itself, or the
 * `content` strings of a list of `{content, start_line}` (Roo Code's multi-file apply_diff) joined;
 * undefined for anything else (a unified diff in a `diff` field is another tool's shape).
 */
function searchReplaceText(diff: unknown): string | undefined {
  const parts = typeof diff === 'string' ? [diff] : Array.isArray(diff) && diff.length > 0 && diff.every((item) => isRecord(item) && typeof item.content === 'string') ? diff.map((item) => (item as { content: string }).content) : undefined;
  if (parts === undefined || !parts.every((part) => lf(part).split('\n').some(isSearchMarker))) return undefined;
  return parts.join('\n');
}
