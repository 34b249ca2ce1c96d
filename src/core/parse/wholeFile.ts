/**
 * Fenced whole files and elided snippets, compiled to `RewriteFileOp`s. Runs last: it only sees
 * fenced blocks no other parser claimed.
 *
 * What counts as an edit (a chat reply is full of example code that is not one):
 * - a fence with a path (a filename line right above it, the info string, or a first-line comment
 *   `// src/a.ts`, `# a.py`, `<!-- a.html -->`) → a whole-file rewrite, or a snippet (`partial`)
 *   when it holds elision lines;
 * - a fence without a path that holds elision lines → a snippet for the hint file (or for the one
 *   file the sentence above it names in backticks);
 * - a closed fence with no path and no elisions (not a shell session or output) is set aside as
 *   an `UnnamedFile`: an edit only if it is plainly the whole of the hint file (see `planReply`);
 * - anything else (shell sessions and output without an explicit path; diffs; Cursor's
 *   `12:30:path` citations) is an illustration and is ignored;
 * - except that a pathless fence right under a line that would name a file but for backticks inside
 *   the name (`file`2`.py`) is a `PARSE_ERROR`: ignoring it would apply the reply's other files
 *   without it.
 * A fence the reply ends inside of is `INCOMPLETE_BLOCK` when it would have been an edit: writing it
 * would truncate the file. A "Before:" block with an "After:" block under it is one SEARCH/REPLACE
 * edit (see `beforeAfter.ts`).
 */
import type { EditSource, ParseProblem, RewriteFileOp } from '../ir';
import { beforeAfterPairs } from './beforeAfter';
import { isElisionLine } from './elision';
import { listedToolInputs } from './listedToolInput';
import { fenceContent, fenceMayHoldFile, fenceMayHoldSomeFile, findFencedBlocks, firstNonBlankChar, labelLineAbove, NON_FILE_LANGS, parseFenceOpener, parseInfoString, pathLabelAbove, type FencedBlock } from './fences';
import { REPLACE_MARKER, SEARCH_MARKER } from './markers';
import type { ParsedBlock, ReplyParser } from './parser';
import { backtickedPathMentions, isNameLineWithInnerBackticks, pathFromComment, withoutListMarkers, withoutSourcePhrase } from './paths';
import { trimsToEmpty } from '../text/indentation';


/** Fence languages that are never a file's content here (another parser's business). */
const NEVER_LANGS = new Set(['diff', 'patch', 'udiff', 'git-diff']);

/** Lines that mark another format; a fence holding one is not a whole file. */
const FOREIGN_MARKERS = [
  new RegExp(`^[ \\t]*${SEARCH_MARKER}(?:[ \\t]+line="?\\d{1,9}"?)?[ \\t]*$`),
  new RegExp(`^[ \\t]*${REPLACE_MARKER}[ \\t]*$`),
  // Merge-conflict markers (`<<<<<<< HEAD`): a block holding them is an edit in some unknown
  // dialect or an unresolved conflict, never content to write over a file.
  /^<{7} \S/,
  /^>{7} \S/,
  /^\*\*\* Begin Patch\s*$/,
  /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/,
  /^diff --git /,
];

function isForeignMarker(line: string): boolean {
  const c = firstNonBlankChar(line);
  if (c !== '<' && c !== '>' && c !== '-' && c !== '+' && c !== '*' && c !== '@' && c !== 'd') return false;
  return FOREIGN_MARKERS.some((re) => re.test(line));
}

/** The whole-file / snippet parser. See the module comment for what it accepts. Linear in the reply. */
export const wholeFileParser: ReplyParser = {
  format: 'whole-file',
  parse: (reply, isClaimed) => {
    const claimed = (i: number) => isClaimed(i + 1);
    const fences = findFencedBlocks(reply.lines, claimed);
    // A "Before:" block and the "After:" block under it are one edit, not two files.
    const pairs = beforeAfterPairs(reply.lines, fences, claimed);
    // A tool call's input written as a Markdown list, its texts in fences under their items.
    const listed = listedToolInputs(reply.lines, fences, claimed);
    const out: ParsedBlock[] = [...pairs.blocks, ...listed.blocks];
    for (const fence of fences) {
      if (fence.hasClaimed || pairs.taken.has(fence) || listed.taken.has(fence)) continue;
      const block = readFence(reply.lines, fence, claimed);
      const label = pairs.waiting.get(fence);
      if (label === undefined) {
        if (block) out.push(block);
        continue;
      }
      // Held from its label on, as a block more text may finish: a streaming reader's next look
      // must still see the label to pair the block with the "After:" one.
      const end = (fence.closeIndex ?? reply.lines.length - 1) + 1;
      out.push({ ...(block ?? { endLine: end, ops: [], problems: [] }), startLine: Math.min(block?.startLine ?? label + 1, label + 1), openEnded: true });
    }
    return out;
  },
};

function readFence(lines: readonly string[], fence: FencedBlock, claimed: (i: number) => boolean): ParsedBlock | undefined {
  // A closed fence with nothing in it edits nothing (an open one at the end may be a file just starting: see below).
  if (fence.closeIndex !== undefined && fence.contentEnd < fence.contentStart) return undefined;
  const info = parseInfoString(fence.open.info);
  if (info.citation) return undefined;
  const lang = info.lang;
  if (lang !== undefined && NEVER_LANGS.has(lang)) return undefined;

  let content = fenceContent(lines, fence);
  if (content.every((line) => trimsToEmpty(line))) return undefined;
  for (const line of content) if (isForeignMarker(line)) return undefined;

  let start = fence.openIndex;
  let path = info.path;
  let strong = path !== undefined;
  // The text the path was read from: whether it calls the file new (see `declaresNewFile`).
  let namingText = path !== undefined ? fence.open.info : undefined;
  const label = pathLabelAbove(lines, fence.openIndex, 0, claimed);
  if (path === undefined && label?.strong) {
    path = label.path;
    start = label.index;
    namingText = lines[label.index];
  } else if (label?.strong && label.path === path) {
    start = label.index;
    namingText = `${lines[label.index]} ${namingText ?? ''}`;
  }

  const first = firstNonBlank(content);
  const commentPath = first >= 0 ? pathFromComment(content[first]) : undefined;
  // The comment naming the file is taken off as a label; the planner puts it back when the file's
  // own text starts with it (see `RewriteFileOp.label`).
  let labelLine: string | undefined;
  if (commentPath !== undefined) {
    if (path === undefined) {
      path = commentPath;
      strong = true;
      labelLine = content[first];
      namingText = labelLine;
      content = content.slice(first + 1);
    } else if (samePath(commentPath, path)) {
      labelLine = content[first];
      content = content.slice(first + 1);
    }
  }
  if (path !== undefined) strong = true;

  const elided = content.some(isElisionLine);
  let fromSentence = false;
  if (!strong && !elided && label && !label.strong && presentsWholeFile(lines[label.index], label.path) && fenceMayHoldFile(lang, label.path, content, true)) {
    // "Here is the updated `a.py`:": a sentence that names one file and presents the block as its
    // new version names the file as surely as a path line (Aider's whole-file replies do this).
    // In ```bat or ```powershell too when the file is such a script: models tag it so.
    path = label.path;
    strong = true;
    start = label.index;
    fromSentence = true;
    namingText = lines[label.index];
  }
  if (!strong && label === undefined) {
    const above = labelLineAbove(lines, fence.openIndex, 0, claimed);
    if (above !== undefined && isNameLineWithInnerBackticks(lines[above])) {
      // The block is meant for a file whose name cannot be read for sure (`file`2`.py`): taken as
      // unnamed it would be dropped while the reply's other files were written, a silent partial
      // apply. Reported, the reply is applied whole or not at all.
      const end = fence.closeIndex ?? lines.length - 1;
      const problem: ParseProblem = {
        code: 'PARSE_ERROR', block: 0, format: elided ? 'snippet' : 'whole-file', startLine: above + 1, endLine: end + 1,
        message: `The line naming this block, "${lines[above].trim()}", has backticks inside the file name: whether they are part of the name or markdown around part of it is unclear, so the block was not applied. Name the file without inner backticks, or apply the block by hand.`,
      };
      return { startLine: above + 1, endLine: end + 1, ops: [], problems: [problem] };
    }
  }
  if (!strong) {
    // A block naming no file is code for one, maybe with an example of use after it in the same
    // fence (`# Example usage:`, then calls): that part is not the file's code. In a Markdown
    // block, `## Usage` is a heading of the document, its own section: cut there, a README
    // re-printed whole lost its last sections and was no longer the whole file.
    if (!holdsFences(undefined, lang)) content = withoutExampleTail(content);
    if (!elided) {
      // Probably an illustration; kept aside in case it is the whole of the hint file (ParsedReply.unnamedFiles).
      if (fence.closeIndex === undefined || !fenceMayHoldSomeFile(lang, content)) return undefined;
      // One the reply presents as an example of use is not the file's code: its `main` would
      // replace the program's own (placed by the definitions it shares with the file).
      const intro = labelLineAbove(lines, fence.openIndex, 0, claimed);
      if (intro !== undefined && presentsExample(lines[intro])) return undefined;
      // A sentence above that names one file ("Updated `from_file` in `src/flask/config.py`:") is
      // kept with it: the block is that file's when it gives one of the file's definitions anew.
      const namedIn = label && !label.strong ? { unnamedFileNamedIn: label.path, unnamedFileSentence: lines[label.index], ...(callsNamedFileNew(lines[label.index], label.path) ? { unnamedFileNamedNew: true } : {}) } : {};
      // A sentence naming several files ("Leave `config.py` as it is and change `app/__init__.py`
      // so …:") is kept with it too: the block is one of them when it is plainly that file whole.
      const mentions = intro !== undefined ? backtickedPathMentions(lines[intro]) : [];
      const mentionedIn = mentions.length > 1 ? { unnamedFileMentionedIn: mentions, unnamedFileSentence: lines[intro!] } : {};
      return { startLine: start + 1, endLine: fence.closeIndex + 1, ops: [], problems: [], unnamedFile: content.join('\n') + '\n', ...namedIn, ...mentionedIn, ...commandLang(lang) };
    }
    if (label && !label.strong) {
      // A snippet may take its file from the sentence above ("In `src/a.ts`, change:"); in a
      // command language's fence, only a script of that language (commands shown for a file are
      // not a part of it).
      if (!fenceMayHoldFile(lang, label.path, content, false)) return undefined;
      path = label.path;
    } else if (lang !== undefined && NON_FILE_LANGS.has(lang)) {
      // A snippet in ```bat with no file named: the target file's when that is a batch file, an
      // illustration otherwise; which one is known only with the target (see `UnnamedFile.lang`).
      if (fence.closeIndex === undefined || !fenceMayHoldSomeFile(lang, content)) return undefined;
      return { startLine: start + 1, endLine: fence.closeIndex + 1, ops: [], problems: [], unnamedFile: content.join('\n') + '\n', unnamedFileLang: lang, unnamedFileElided: true };
    }
  }

  const end = fence.closeIndex ?? lines.length - 1;
  const source: EditSource = { block: 0, format: elided ? 'snippet' : 'whole-file', startLine: start + 1, endLine: end + 1 };
  if (fence.closeIndex === undefined) {
    const problem: ParseProblem = {
      code: 'INCOMPLETE_BLOCK', block: 0, format: source.format, startLine: start + 1, endLine: end + 1,
      message: 'The reply ends inside this fenced block: it has no closing fence, so the file may be cut off.',
      ...(path !== undefined ? { path } : {}),
    };
    return { startLine: start + 1, endLine: end + 1, ops: [], problems: [problem] };
  }
  if (content.every((line) => trimsToEmpty(line))) return undefined;
  if (!elided && fence.open.char !== '<' && holdsFences(path, lang) && closedTooEarly(lines, fence.closeIndex, fence.open.char, claimed)) {
    const problem: ParseProblem = {
      code: 'PARSE_ERROR', block: 0, format: source.format, startLine: start + 1, endLine: end + 1,
      message: 'This file seems to contain ``` fences of its own, so where it ends is unclear; wrap it in a longer fence (````) or <source> ... </source>.',
      ...(path !== undefined ? { path } : {}),
    };
    return { startLine: start + 1, endLine: end + 1, ops: [], problems: [problem] };
  }
  const declaredNew = !elided && namingText !== undefined && declaresNewFile(namingText);
  const op: RewriteFileOp = {
    kind: 'rewrite', path, content: content.join('\n') + '\n', partial: elided,
    ...(labelLine !== undefined ? { label: labelLine } : {}), ...(fromSentence ? { namedInProse: true } : {}), ...(declaredNew ? { declaredNew: true } : {}), source,
  };
  return { startLine: start + 1, endLine: end + 1, ops: [op], problems: [] };
}

/** The fence's language for an unnamed block, when it is one of `NON_FILE_LANGS` (see `UnnamedFile.lang`). */
function commandLang(lang: string | undefined): { unnamedFileLang?: string } {
  return lang !== undefined && NON_FILE_LANGS.has(lang) ? { unnamedFileLang: lang } : {};
}

/** A sentence whose colon follows a verb of output ("now prints:", "should output:", "you will see:"). */
const OUTPUT_LEAD_IN = /\b(?:prints?|printed|outputs?|output|shows?|displays?|logs?|returns?|produces?|yields?|emits?|responds(?:\s+with)?|gives?\s+(?:you\s+)?(?:this|the\s+following)|(?:will|should|you'?ll)\s+see)\s*[:：]$/;

/**
 * True for a sentence that presents the block below as the new version of the file it names,
 * whole: an adjective on the file itself ("the updated `a.py`", "a new version of `a.txt`", "the
 * modified `hello.py` file", "the complete `config.json`"), a short lead-in that only hands it
 * over ("And here is `b.txt`:"), or one that ends with a colon and opens by making the file
 * ("Create a new file `middleware/httpsredirect.py`:", "New file `bodysize.py`:", "Add a file
 * named `x.py`:"), also after a phrase saying what the new file follows ("Based on `config.py`,
 * create `config_test.py`:"). Not one about a part of it ("the updated `render` method in `view.py`", "an
 * example of calling it from `main.py`"), nor one that only mentions a file ("this works like
 * `a.py`:", "Then import it from the new file `x.py`:" above the lines that import it).
 */
function presentsWholeFile(line: string, path: string): boolean {
  const lower = line.trim().toLowerCase();
  // "Running it with the new `db.py` now prints:": the colon hands over what the program prints,
  // not the file (a ```text block of output was written over db.py as its new version).
  if (OUTPUT_LEAD_IN.test(lower)) return false;
  const named = namePattern(path);
  const adjective = '(?:updated|modified|new|revised|rewritten|corrected|complete|entire|full|whole|final|fixed)';
  if (new RegExp(`\\b${adjective}\\s+(?:version\\s+of\\s+)?(?:the\\s+)?${named}`).test(lower)) return true;
  // "And here is `b.txt`:": a short lead-in that only hands the file over.
  if (/^(?:and |then |now )?here(?: is|'s|\u2019s| are)\b/.test(lower) && /:$/.test(lower) && lower.split(/\s+/).length <= 6) return true;
  // "Create a new file `a.py`:": the sentence opens by making the file the block then holds.
  // Only at its start: further on, "the new file `x.py`" is as often where the block's lines go.
  // "Based on `config.py`, create `config_test.py`:": the opening phrase only says what the new file follows.
  const lead = withoutSourcePhrase(withoutListMarkers(lower).replace(/\*/g, ''));
  if (!/:$/.test(lead)) return false;
  const makes = `^(?:(?:and|then|now|next|finally),?\\s+)?(?:create\\s+(?:(?:a|the)\\s+)?(?:new\\s+)?(?:file\\s+)?|add\\s+(?:(?:a|the)\\s+)?(?:new\\s+)?file\\s+|(?:(?:a|the)\\s+)?new\\s+file\\s+)(?:(?:named|called|at)\\s+)?${named}`;
  return new RegExp(makes).test(lead);
}

/**
 * True when a sentence ends by naming `path` as a new file the block goes into: "Move the class
 * from `app/__init__.py` into a new module `app/json_encoder.py`:", "Put it in the new file
 * `a.py`:". Only "new" right before the name, after "in", "into" or "inside", and the colon
 * right after it: "Then import it from the new file `x.py`:" hands over lines that import from
 * `x.py`, which another block of the reply writes, not the lines `x.py` holds.
 */
function callsNamedFileNew(line: string, path: string): boolean {
  const text = withoutListMarkers(line.trim().toLowerCase()).replace(/\*\*/g, '');
  return new RegExp(`\\b(?:in|into|inside)\\s+(?:an?|the)\\s+new\\s+(?:(?:file|module)\\s+)?(?:(?:named|called)\\s+)?${namePattern(path)}(?:\\s+(?:file|module))?\\s*[:：]$`).test(text);
}

/** A regex source for `path`'s file name as prose writes it, lower-cased: in backticks, quotes or bold, with any folders before it. */
function namePattern(path: string): string {
  const name = path.toLowerCase().split('/').pop()!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `[\`*"']*(?:[\\w./-]*/)?${name}[\`*"']*`;
}

/**
 * True when the text a block's path was read from calls the file new: `(new file)`, `(new)` or
 * `(created)` after the path, "New file:", or it opens with "Create" or "Add a file" (after a
 * phrase saying what the file follows: "Based on `config.py`, create …", `withoutSourcePhrase`). The path's
 * own words are left out (a file named `create_user.py` or `src/new/file.ts` says nothing), so are
 * backticked spans; a "create" further on ("the updated `a.py`, which creates the user:") is
 * about the code.
 */
function declaresNewFile(text: string): boolean {
  const words = withoutSourcePhrase(withoutListMarkers(text.trim())).toLowerCase().replace(/`[^`]*`/g, ' ').split(/\s+/).filter((word) => !/[./\\]/.test(withoutClosingPunctuation(word))).join(' ');
  return /\bnew\s+file\b|\((?:new|created)\)|^[^a-z]*(?:(?:and|then|now|next|finally),?\s+)?(?:create\b|add\s+(?:(?:a|the)\s+)?file\b)/.test(words);
}

/**
 * True for the prose line right above a block that presents it as an example of use rather than
 * code for the file: a heading or short label (`### Example usage`, `Example:`, `Usage:`, `Test
 * it:`), or a sentence offering it to try the code out ("You can try it quickly with:", "Here is an
 * example of how to call it:"). "For example, change it like this:" is not one.
 */
function presentsExample(line: string): boolean {
  const text = line.trim().toLowerCase().replace(/^#+\s*/, '').replace(/[*_`]/g, '').trim().replace(/[:.!]$/, '').trim();
  if (text.split(/\s+/).length <= 4 && /\b(?:examples?|usage|demo|test it|try it|sample run)\b/.test(text)) return true;
  return /\b(?:example usage|usage example|example of (?:how to )?(?:use|call|run|using|calling|running)|(?:try|test|run|call|use) it (?:out |quickly )?(?:with|like|by)|you can (?:now )?(?:try|test|call|use|run) it)\b/.test(text);
}

/**
 * `content` without its tail from a comment line at the margin that presents what follows as an
 * example of use (`# Example usage:`, `// Usage`, or as a block comment), when code stands above it:
 * the calls after it try the code out (`print(f(3))`, `int main() {…}`), and placed with the code
 * they were written into the module, or inside its namespace. The content as it is otherwise.
 * A doc comment line (`/// # Examples`, `//! Usage`) is no such line: it documents the item under
 * it, its heading a section of that documentation (rustdoc's `# Examples`). Read as one, tokio's
 * bounded.rs re-printed with a closing marker lost everything after its first documented struct,
 * and the 80 lines left matched the file as it was: "already in the file", both changes dropped.
 */
function withoutExampleTail(content: string[]): string[] {
  for (let i = 1; i < content.length; i++) {
    const line = content[i];
    if (line.length === 0 || line[0] === ' ' || line[0] === '\t' || /^\/\/[/!]/.test(line)) continue;
    const comment = /^(?:#|\/\/|--|\/\*)(.*)$/.exec(line);
    if (comment === null || !presentsExample(comment[1].replace(/\*\/$/, ''))) continue;
    // Code, not an elision marker (`-- ... existing code ...` has words but stands for the file's
    // lines): an "Example:" comment right under markers is the file's own comment, not a use after code.
    if (!content.slice(0, i).some((code) => !isElisionLine(code) && /[A-Za-z_]\w{2}/.test(code))) return content;
    let end = i;
    while (end > 0 && trimsToEmpty(content[end - 1])) end--;
    return content.slice(0, end);
  }
  return content;
}

/** `word` without the punctuation that closes a phrase after it (`file).`, `a.py:`): cut by hand, as a regex's `+$` is quadratic on a long run. */
function withoutClosingPunctuation(word: string): string {
  let end = word.length;
  while (end > 0 && '.:;,!)'.includes(word[end - 1])) end--;
  return word.slice(0, end);
}

/** Markdown-like files, where fenced blocks inside the file are normal. */
function holdsFences(path: string | undefined, lang: string | undefined): boolean {
  if (lang === 'md' || lang === 'markdown' || lang === 'mdx' || lang === 'rst') return true;
  return path !== undefined && /\.(?:md|mdx|markdown|rst|txt)$/i.test(path);
}

/**
 * A markdown file wrapped in a fence of the same length as its own bare inner fences closes at
 * the first inner one: what follows is the file's rest, then its real end. Seen from here: the
 * closer is followed at once (no blank line) by text, and a bare fence comes before a blank line.
 */
function closedTooEarly(lines: readonly string[], closeIndex: number, char: '`' | '~' | '<', claimed: (i: number) => boolean): boolean {
  const next = closeIndex + 1;
  if (next >= lines.length || claimed(next) || trimsToEmpty(lines[next])) return false;
  for (let i = next; i < lines.length && i < next + 200 && !claimed(i); i++) {
    const line = lines[i];
    if (trimsToEmpty(line)) return false;
    const open = parseFenceOpener(line);
    if (open && open.char === char && open.info.length === 0) return true;
  }
  return false;
}

function samePath(a: string, b: string): boolean {
  if (a === b) return true;
  return a.endsWith('/' + b) || b.endsWith('/' + a);
}

function firstNonBlank(lines: readonly string[]): number {
  for (let i = 0; i < lines.length; i++) if (!trimsToEmpty(lines[i])) return i;
  return -1;
}
