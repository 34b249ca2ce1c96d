/**
 * Unified and git diffs → Edit IR.
 *
 * A diff is read the way models write them, not the way `patch` wants them: hunk line numbers and
 * counts are hints only (models miscount), so a hunk ends at the next `@@`, the next file header, or
 * the first line that is not a diff line; an empty line inside a hunk is a blank context line whose
 * leading space was lost. Each hunk becomes one line-granular `ReplaceOp` (context + removed lines →
 * context + added lines) that the locate ladder places by its content.
 *
 * Blocks: a fenced diff (```diff, ```patch, or any fence whose body starts with diff headers) is one
 * block covering the fence lines; a bare diff is one block covering its contiguous diff lines.
 */
import type { EditOp, ParseProblem } from '../ir';
import type { ParsedBlock, ReplyParser, ReplyText } from './parser';
import { readGitQuoted, unquoteGitPath } from './gitQuotedPath';
import { cleanPath, fenceOpen, isFenceClose, joinLines, problemOf, sourceOf } from './replyScan';
import { isElisionLine } from './elision';
import { toLines } from '../text/fileText';
import { parseFenceOpener, pathLabelAbove } from './fences';
import { diffFenceClose, isDiffFence, NUMBERED_HUNK, sectionHeadingOf } from './diffFence';
import { trimsToEmpty } from '../text/indentation';
import { cutOffHunk, type DiffStop } from './diffCut';

const FORMAT = 'unified-diff' as const;
/** Why a hunk of added lines alone, with no line number, is refused (but in an empty file). */
export const ADDS_WITHOUT_PLACE = 'This hunk only adds lines and has neither context lines nor a line number to place them by';

/** Mentat's line after the last hunk of a diff. */
const END_OF_DIFF = /^@@ end @@[ \t]*$/;

interface HunkLine {
  readonly kind: ' ' | '-' | '+';
  readonly text: string;
}

interface Hunk {
  /** 0-based reply line of the `@@` header. */
  readonly headerIndex: number;
  lastIndex: number;
  readonly oldStart?: number;
  readonly newStart?: number;
  readonly oldCount?: number;
  readonly newCount?: number;
  /** The header's section heading (git's function context, or the text of a header without numbers; see `headingOf`), when it names a line. */
  readonly heading?: string;
  readonly body: HunkLine[];
  /** A `\ No newline at end of file` marker was seen: the hunk reaches the end of the file. */
  atEndOfFile: boolean;
  /** The marker followed an added or context line: the new text has no final newline. */
  newHasNoFinalNewline: boolean;
  /** The marker followed a removed or context line: the old text had no final newline. */
  oldHasNoFinalNewline: boolean;
  oldSeen: number;
  newSeen: number;
}

interface FileSection {
  readonly firstIndex: number;
  lastIndex: number;
  gitOld?: string;
  gitNew?: string;
  /** `null` is `/dev/null`. */
  oldPath?: string | null;
  newPath?: string | null;
  renameFrom?: string;
  renameTo?: string;
  /** git's `copy from`/`copy to` (a diff made with -C): the new file starts as a copy of another. */
  copyFrom?: string;
  copyTo?: string;
  newFileMode: boolean;
  deletedFileMode: boolean;
  /**
   * The mode git's `new mode` or `new file mode` line gives the file (`100755`, `100644`,
   * `120000`...), with the reply line it stands on (0-based): what the file is to be.
   */
  newMode?: { readonly mode: string; readonly index: number };
  /** git's `index abc1234..def5678` line: the diff was written by git, every line as the file has it. */
  machineMade: boolean;
  /** git's `index` line names the empty blob as the file before the diff (`index e69de29..`). */
  fromEmptyBlob: boolean;
  binary: boolean;
  /** A mode line or git's index line gives a symbolic link's (120000) or a submodule's (160000) mode. */
  notAFile?: 'link' | 'submodule';
  readonly hunks: Hunk[];
  problems: ParseProblem[];
}

/** A header's timestamp (GNU diff's `2024-01-02 10:00:00.000000000 +0100`), read for the epoch test. */
const STAMP = /(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:[ \t]*([-+])(\d\d):?(\d\d))?[ \t]*$/;

/**
 * True when the header's timestamp is the Unix epoch (in any time zone: `1969-12-31 16:00:00
 * -0800`): GNU diff's (`diff -N`) way of writing the side of a file that does not exist, as git
 * reads it. Such a `+++` deletes the file; such a `---` creates it.
 */
function hasEpochStamp(rest: string): boolean {
  const m = STAMP.exec(rest);
  if (!m || (m[1] !== '1969' && m[1] !== '1970')) return false;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  const zoneMinutes = m[7] === undefined ? 0 : (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
  return utc - zoneMinutes * 60_000 === 0;
}

/** Parses the path of a `---`/`+++` header: `null` for `/dev/null` (or an epoch timestamp), timestamps and quotes removed. */
function headerPath(rest: string, side: 'old' | 'new'): string | null | undefined {
  if (hasEpochStamp(rest)) return null;
  const text = headerName(rest);
  if (text === '/dev/null' || text === 'dev/null' || text === '"/dev/null"') return null;
  void side;
  return diffPath(text, true);
}

/** The name a `---`/`+++` header gives, its timestamp taken off (after a tab, or after spaces). */
function headerName(rest: string): string {
  let text = rest;
  const tab = text.indexOf('\t');
  if (tab >= 0) text = text.slice(0, tab);
  text = text.trim();
  // `--- a/x.py 2024-01-02 10:00:00` written with spaces instead of a tab.
  const stamp = /\s\d{4}-\d\d-\d\d[\sT]/.exec(text);
  return stamp ? text.slice(0, stamp.index).trim() : text;
}

/**
 * The new file's path of a `diff -urN OLD-TREE NEW-TREE` creation (`--- linux-vanilla/src/new.c`
 * with the epoch's stamp, `+++ linux/src/new.c`): the two trees' names differ, the rest is the
 * same, and what follows the tree's name is the file's path in the project (git apply and GNU
 * patch -p1 take off that first name). Kept, the file was created under a new top folder named
 * after the tree. `newPath` as it is when the names do not differ so.
 */
function withoutTreeName(oldRest: string, newPath: string): string {
  const oldPath = diffPath(headerName(oldRest), false);
  const slash = newPath.indexOf('/');
  const oldSlash = oldPath?.indexOf('/') ?? -1;
  if (!oldPath || slash <= 0 || oldSlash <= 0) return newPath;
  const rest = newPath.slice(slash + 1);
  return rest !== '' && oldPath.slice(oldSlash + 1) === rest && oldPath.slice(0, oldSlash) !== newPath.slice(0, slash) ? rest : newPath;
}

/**
 * A path as a diff header writes it: git's quoted form decoded (see `gitQuotedPath`), else read as
 * any path is; `a/`/`b/` removed when `stripGitPrefix`.
 */
function diffPath(text: string, stripGitPrefix: boolean): string | undefined {
  const unquoted = unquoteGitPath(text);
  if (unquoted === undefined) return cleanPath(text, stripGitPrefix);
  const path = stripGitPrefix ? unquoted.replace(/^[ab]\/(?=.)/, '') : unquoted;
  return path.length > 0 ? path : undefined;
}

/** Splits `diff --git a/x b/y` into its two paths (the last ` b/` separates them; git-quoted paths end at their quote). */
function gitHeaderPaths(rest: string): { old?: string; new?: string } {
  const text = rest.trim();
  const quotedOld = readGitQuoted(text);
  if (quotedOld) return { old: diffPath(text.slice(0, quotedOld.end), true), new: diffPath(text.slice(quotedOld.end).trim(), true) };
  const quotedNew = text.endsWith('"') ? text.lastIndexOf(' "') : -1;
  if (quotedNew > 0 && unquoteGitPath(text.slice(quotedNew + 1)) !== undefined) {
    return { old: cleanPath(text.slice(0, quotedNew), true), new: diffPath(text.slice(quotedNew + 1), true) };
  }
  const separator = text.lastIndexOf(' b/');
  if (text.startsWith('a/') && separator > 0) {
    return { old: cleanPath(text.slice(0, separator), true), new: cleanPath(text.slice(separator + 1), true) };
  }
  const space = text.indexOf(' ');
  if (space > 0) return { old: cleanPath(text.slice(0, space), true), new: cleanPath(text.slice(space + 1), true) };
  return {};
}

function isBodyLine(line: string): boolean {
  const c = line[0];
  return c === ' ' || c === '-' || c === '+' || c === '\\';
}

/**
 * The first line from `from` on that is a hunk line with its prefix (`-`, `+`, or a space and more),
 * when only unprefixed lines come before it; undefined when the run reaches `to`, a hunk header,
 * a file header or `\ No newline`. At most 50 lines ahead: a longer run is not a hunk's context.
 */
function nextPrefixedLine(lines: readonly string[], from: number, to: number): number | undefined {
  if (isElisionLine(lines[from - 1])) return undefined;
  for (let k = from; k < to && k < from + 50; k++) {
    const line = lines[k];
    const c = line[0];
    if (c === '-' || c === '+') return line.startsWith('--- ') || line.startsWith('+++ ') ? undefined : k;
    if (c === ' ' && !trimsToEmpty(line)) return k;
    // An elision (`...`, `// ... existing code ...`) is not context: the hunk stays an error.
    if (c === '\\' || line.startsWith('@@') || line.startsWith('diff --git ') || parseFenceOpener(line) !== undefined || isElisionLine(line)) return undefined;
  }
  return undefined;
}

/** True when line `index` starts a diff outside a fence: `diff --git`, `---`+`+++`, or a numbered `@@`. */
function startsBareDiff(lines: readonly string[], index: number): boolean {
  const line = lines[index];
  if (line.startsWith('diff --git ')) return true;
  if (line.startsWith('--- ') && index + 1 < lines.length && lines[index + 1].startsWith('+++ ')) return true;
  return NUMBERED_HUNK.test(line);
}

/**
 * True when line `index` is an `@@` line with no numbers (`@@`, `@@ def load(path):`) that only
 * blank lines stand above, followed by hunk lines with at least one `-` and one `+` among them:
 * a reply that is a hunk and nothing else, as a tool call's diff argument is (oh-my-pi's
 * `{path, diff: "@@\n-original\n+modified"}`). In a fence such a body was read; bare, it was
 * no edit at all. Only at the reply's start: in prose, an `@@` line over a `-` list is no diff.
 */
function opensReplyWithBareHunk(lines: readonly string[], index: number): boolean {
  if (!lines[index].startsWith('@@') || NUMBERED_HUNK.test(lines[index])) return false;
  for (let k = 0; k < index; k++) if (!trimsToEmpty(lines[k])) return false;
  let end = index + 1;
  while (end < lines.length && end < index + 1 + MAX_BARE_HUNK_PROBE && isBodyLine(lines[end]) && !trimsToEmpty(lines[end])) end++;
  return isHunkBodyOnly(lines, index + 1, end);
}

/** How many lines under a bare `@@` at the reply's start are looked at for its `-` and `+` lines. */
const MAX_BARE_HUNK_PROBE = 200;

/** True when the first non-blank line in [from, to) looks like the start of a diff. */
function bodyStartsWithDiff(lines: readonly string[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    if (trimsToEmpty(lines[k])) continue;
    if (startsBareDiff(lines, k) || lines[k].startsWith('@@')) return true;
    return opensPatchMail(lines[k]) && holdsFileDiff(lines, k + 1, to);
  }
  return false;
}

/**
 * True for the first line of a mail `git format-patch` writes: its mbox line (`From <commit>` and
 * the fixed date git puts there) or a `From:` header. Its headers, message and diffstat stand above
 * the diff; in a fence with no language the diff under them was never read (git's t4150 shapes).
 */
function opensPatchMail(line: string): boolean {
  return FORMAT_PATCH_MBOX.test(line) || line.startsWith('From: ');
}

const FORMAT_PATCH_MBOX = /^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001$/;

/** True when a line in [from, to) opens a file's diff (`diff --git`, or `---` over `+++`). */
function holdsFileDiff(lines: readonly string[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (lines[k].startsWith('diff --git ') || (lines[k].startsWith('--- ') && k + 1 < to && lines[k + 1].startsWith('+++ '))) return true;
  return false;
}

interface RegionResult {
  readonly ops: EditOp[];
  readonly problems: ParseProblem[];
  /** Exclusive 0-based end of the lines the region consumed. */
  readonly end: number;
}

/**
 * Reads the diff in lines [from, to). Fenced regions read to `to`; bare regions stop at the first
 * line that is not part of a diff. `fallbackPath` applies to hunks that come with no file header.
 */
function parseRegion(
  lines: readonly string[],
  from: number,
  to: number,
  fenced: boolean,
  fallbackPath: string | undefined,
  isClaimed: (line: number) => boolean = () => false,
  bodyOnly = false,
): RegionResult {
  const ops: EditOp[] = [];
  const problems: ParseProblem[] = [];
  let file: FileSection | undefined;
  let hunk: Hunk | undefined;
  /** A non-diff line that ended a hunk inside a fence; diff lines after it are an error. */
  let strayIndex: number | undefined;
  let end = from;

  const newFile = (index: number): FileSection => ({
    firstIndex: index,
    lastIndex: index,
    newFileMode: false,
    deletedFileMode: false,
    binary: false,
    machineMade: false,
    fromEmptyBlob: false,
    hunks: [],
    problems: [],
  });
  const finishFile = (isEndOfText: boolean, blanksAtEnd = 0, fenceStop?: Exclude<DiffStop, 'reply-end'>): void => {
    if (file) emitFile(file, fallbackPath, isEndOfText, ops, problems, blanksAtEnd, fenceStop);
    file = undefined;
    hunk = undefined;
    strayIndex = undefined;
  };

  if (bodyOnly) {
    // Hunk lines with no `@@` above them (the fence opener, `from - 1`, stands in for it): one bare hunk.
    file = newFile(from - 1);
    hunk = { headerIndex: from - 1, lastIndex: from - 1, body: [], atEndOfFile: false, newHasNoFinalNewline: false, oldHasNoFinalNewline: false, oldSeen: 0, newSeen: 0 };
    file.hunks.push(hunk);
  }
  /**
   * Where the hunk goes on after the lines from `at` that have no prefix (blank lines among them,
   * and before them from `runStart`), when it does: they are context whose leading space the model
   * left out (as it does on blank lines), checked against the file like any context. Inside a
   * fence, when a line with its prefix follows (see `nextPrefixedLine`); outside one, where prose
   * may follow a diff and a bullet list reads as removed lines, only when the header's counts also
   * say the hunk has that many old lines still to come. Undefined when they end the hunk.
   */
  const unprefixedContextEnd = (at: number, runStart = at): number | undefined => {
    const line = lines[at];
    if (!hunk || line.startsWith('@@') || line.startsWith('diff --git ')) return undefined;
    const next = nextPrefixedLine(lines, at + 1, to);
    if (next === undefined || fenced) return next;
    if (hunk.oldCount === undefined || hunk.oldSeen + (next - runStart) >= hunk.oldCount) return undefined;
    for (let b = runStart; b < next; b++) if (isClaimed(b + 1)) return undefined;
    return next;
  };
  /** Adds lines [from, to) as context (see `unprefixedContextEnd`). */
  const addUnprefixedContext = (from: number, to: number): void => {
    for (let b = from; b < to; b++) addBodyLine(hunk!, ' ', trimsToEmpty(lines[b]) ? '' : lines[b]);
    hunk!.lastIndex = to - 1;
    end = to;
  };
  let k = from;
  while (k < to) {
    // A bare diff never runs into lines another parser claimed.
    if (!fenced && isClaimed(k + 1)) break;
    const line = lines[k];

    if (hunk) {
      const oldNeedsMore = hunk.oldCount !== undefined && hunk.oldSeen < hunk.oldCount;
      const c = line[0];
      const looksLikeHeader = line.startsWith('--- ') && k + 1 < to && lines[k + 1].startsWith('+++ ');
      if ((line === '-- ' || line === '--') && hunkCountsMet(hunk)) {
        // `git format-patch` ends a mail with a signature under `-- ` (some mailers cut it to
        // `--`): after a hunk its header's counts say is complete, that line is not the removal
        // of a line `- ` (the line after the hunk was deleted, or the patch refused).
        hunk = undefined;
        k++;
        continue;
      }
      if ((c === ' ' || c === '-' || c === '+') && !(looksLikeHeader && !oldNeedsMore)) {
        addBodyLine(hunk, c, line.slice(1));
        hunk.lastIndex = k;
        end = k + 1;
        k++;
        continue;
      }
      if (c === '\\') {
        // `\ No newline at end of file`: the hunk reaches the end of the file.
        hunk.atEndOfFile = true;
        const last = hunk.body[hunk.body.length - 1];
        // After an added or context line it speaks of the new text, after a removed or context
        // line of the old: that text ends without a newline.
        if (last && last.kind !== '-') hunk.newHasNoFinalNewline = true;
        if (last && last.kind !== '+') hunk.oldHasNoFinalNewline = true;
        hunk.lastIndex = k;
        end = k + 1;
        k++;
        continue;
      }
      if (trimsToEmpty(line)) {
        // Blank context whose leading space was lost, if more hunk lines follow the run of blanks.
        let next = k;
        while (next < to && trimsToEmpty(lines[next]) && (fenced || !isClaimed(next + 1))) next++;
        const bareAndDone = !fenced && hunkCountsMet(hunk);
        if (next < to && isBodyLine(lines[next]) && !bareAndDone && !lines[next].startsWith('--- ')) {
          for (let b = k; b < next; b++) addBodyLine(hunk, ' ', '');
          hunk.lastIndex = next - 1;
          end = next;
          k = next;
          continue;
        }
        const resume = next < to ? unprefixedContextEnd(next, k) : undefined;
        if (resume !== undefined) {
          addUnprefixedContext(k, resume);
          k = resume;
          continue;
        }
        if (!fenced && next < to && (startsBareDiff(lines, next) || lines[next].startsWith('@@'))) {
          // A bare diff goes on after blank lines when the next hunk or file follows: they are
          // its last context lines with their space stripped (an editor that trims trailing
          // whitespace), as many as the hunk's counts still want, and a gap beyond that.
          const wanted = hunk.oldCount !== undefined && hunk.newCount !== undefined ? Math.max(0, Math.min(hunk.oldCount - hunk.oldSeen, hunk.newCount - hunk.newSeen, next - k)) : 0;
          for (let b = 0; b < wanted; b++) addBodyLine(hunk, ' ', '');
          if (wanted > 0) {
            hunk.lastIndex = k + wanted - 1;
            end = k + wanted;
          }
          k = next;
          continue;
        }
        hunk = undefined;
        if (!fenced) break;
        // Text after the blank lines ends the hunk: diff lines after it are an error, never dropped.
        if (next < to && !isBodyLine(lines[next]) && !lines[next].startsWith('@@') && !lines[next].startsWith('diff --git ')) strayIndex = next;
        k = next;
        continue;
      }
      const resume = looksLikeHeader ? undefined : unprefixedContextEnd(k);
      if (resume !== undefined) {
        addUnprefixedContext(k, resume);
        k = resume;
        continue;
      }
      // Any other line ends the hunk; `@@` and headers are handled below.
      hunk = undefined;
      if (!line.startsWith('@@') && !line.startsWith('diff --git ') && !looksLikeHeader) {
        if (!fenced) break;
        strayIndex = k;
        k++;
        continue;
      }
    }

    if (line.startsWith('diff --git ')) {
      finishFile(false);
      file = newFile(k);
      const paths = gitHeaderPaths(line.slice('diff --git '.length));
      file.gitOld = paths.old;
      file.gitNew = paths.new;
      end = k + 1;
      k++;
      continue;
    }
    if (line.startsWith('--- ') && k + 1 < to && lines[k + 1].startsWith('+++ ')) {
      // A `---` header starts a new file unless it completes a `diff --git` section.
      if (!file || file.hunks.length > 0 || file.oldPath !== undefined) {
        finishFile(false);
        file = newFile(k);
      }
      file.oldPath = headerPath(line.slice(4), 'old');
      file.newPath = headerPath(lines[k + 1].slice(4), 'new');
      if (file.oldPath === null && typeof file.newPath === 'string' && hasEpochStamp(line.slice(4))) file.newPath = withoutTreeName(line.slice(4), file.newPath);
      file.lastIndex = k + 1;
      end = k + 2;
      k += 2;
      continue;
    }
    if (file && file.hunks.length > 0 && END_OF_DIFF.test(line)) {
      // Mentat closes its diffs with `@@ end @@`: the diff's end, not a hunk with nothing in it.
      hunk = undefined;
      file.lastIndex = k;
      end = k + 1;
      k++;
      if (!fenced) break;
      continue;
    }
    if (line.startsWith('@@')) {
      if (!file) file = newFile(k);
      const m = NUMBERED_HUNK.exec(line);
      const oldCount = m ? (m[2] === undefined ? 1 : Number(m[2])) : undefined;
      const newCount = m ? (m[4] === undefined ? 1 : Number(m[4])) : undefined;
      hunk = {
        headerIndex: k,
        lastIndex: k,
        oldStart: m ? Number(m[1]) : undefined,
        newStart: m ? Number(m[3]) : undefined,
        oldCount,
        newCount,
        ...headingOf(line, m),
        body: [],
        atEndOfFile: false,
        newHasNoFinalNewline: false,
        oldHasNoFinalNewline: false,
        oldSeen: 0,
        newSeen: 0,
      };
      file.hunks.push(hunk);
      strayIndex = undefined;
      end = k + 1;
      k++;
      continue;
    }
    if (file && file.hunks.length === 0 && isGitExtendedHeader(line, file, k)) {
      file.lastIndex = k;
      end = k + 1;
      k++;
      continue;
    }
    if (file && file.hunks.length === 0 && file.newPath !== undefined && k === file.lastIndex + 1 && !trimsToEmpty(line) && line[0] !== '\\' && isBodyLine(line)) {
      // Hunk lines right under a file's `---`/`+++` header with no `@@` line (a model left it
      // out): one bare hunk, as in a fence of hunk lines only. A new file's lines were dropped and
      // the file created empty.
      hunk = { headerIndex: k - 1, lastIndex: k - 1, body: [], atEndOfFile: false, newHasNoFinalNewline: false, oldHasNoFinalNewline: false, oldSeen: 0, newSeen: 0 };
      file.hunks.push(hunk);
      continue;
    }
    if (fenced && file && strayIndex !== undefined && isBodyLine(line) && !trimsToEmpty(line)) {
      const strayLine = strayIndex + 1;
      file.problems.push(
        problemOf('PARSE_ERROR', FORMAT, strayLine, strayLine,
          `Line ${strayLine} inside a hunk is not a diff line: every hunk line must start with ' ', '-' or '+'.`),
      );
      strayIndex = undefined;
      k++;
      continue;
    }
    if (!fenced) break;
    // Prose or stray text inside a fence between files: ignored.
    k++;
  }
  let rest = end;
  while (rest < to && trimsToEmpty(lines[rest])) rest++;
  // The reply's final newline leaves an empty last line: no blank line of the diff.
  // A fenced diff whose hunk reaches its closing fence stops there; where nothing but blank lines
  // follows that fence, it stops where the reply does (a model's own counts are asked then only).
  const fenceStop = !fenced || rest < to ? undefined : onlyBlankFrom(lines, to + 1) ? 'fence-at-reply-end' : 'fence';
  finishFile(!fenced && rest >= to, rest - end - (rest > end && to === lines.length && lines[to - 1] === '' ? 1 : 0), fenceStop);
  return { ops, problems, end: fenced ? to : Math.max(end, from + 1) };
}

/**
 * True when git wrote the hunk at the file's end: context lines before its change and none after
 * (git gives a change as many lines after it as before, but where the file ends; a diff made with
 * no context has none before either). git apply then matches it at the end only; matched higher
 * up, in a file that has since grown below those lines, its new lines went in above the file's
 * own end (t4150's moved paragraph written twice, reported exact). Asked only of a diff with
 * git's `index` line whose hunk holds the lines its header counts: a model's hunk often stops
 * short of the context after it.
 */
function endsTheFile(hunk: Hunk): boolean {
  const body = hunk.body;
  let trailing = 0;
  while (trailing < body.length && body[body.length - 1 - trailing].kind === ' ') trailing++;
  return trailing === 0 && body.length > 0 && body[0].kind === ' ';
}

/** True when lines from `from` to the end are blank (or there are none). */
function onlyBlankFrom(lines: readonly string[], from: number): boolean {
  for (let k = from; k < lines.length; k++) if (!trimsToEmpty(lines[k])) return false;
  return true;
}

/** True when a numbered hunk holds as many old and new lines as its header says. */
function hunkCountsMet(hunk: Hunk): boolean {
  return hunk.oldCount !== undefined && hunk.newCount !== undefined && hunk.oldSeen >= hunk.oldCount && hunk.newSeen >= hunk.newCount;
}

function addBodyLine(hunk: Hunk, kind: ' ' | '-' | '+', text: string): void {
  hunk.body.push({ kind, text });
  if (kind !== '+') hunk.oldSeen++;
  if (kind !== '-') hunk.newSeen++;
}

/** Reads git's extended header lines (mode, rename, index, binary) into `file`, the one at reply line `index`; false if not one. */
function isGitExtendedHeader(line: string, file: FileSection, index: number): boolean {
  const mode = /^(?:new file mode|deleted file mode|old mode|new mode|index \S+) (120000|160000)\s*$/.exec(line);
  if (mode) file.notAFile = mode[1] === '120000' ? 'link' : 'submodule';
  const newMode = /^(?:new file mode|new mode) ([0-7]{6})\s*$/.exec(line);
  if (newMode) file.newMode = { mode: newMode[1], index };
  if (line.startsWith('new file mode')) { file.newFileMode = true; return true; }
  if (line.startsWith('deleted file mode')) { file.deletedFileMode = true; return true; }
  if (line.startsWith('rename from ')) { file.renameFrom = diffPath(line.slice(12), false); return true; }
  if (line.startsWith('rename to ')) { file.renameTo = diffPath(line.slice(10), false); return true; }
  if (line.startsWith('copy from ')) { file.copyFrom = diffPath(line.slice(10), false); return true; }
  if (line.startsWith('copy to ')) { file.copyTo = diffPath(line.slice(8), false); return true; }
  if (line.startsWith('old mode ') || line.startsWith('new mode ')) return true;
  if (line.startsWith('Binary files ') || line.startsWith('GIT binary patch')) { file.binary = true; return true; }
  if (/^index [0-9a-f]{7,64}\.\.[0-9a-f]{7,64}\b/.test(line)) {
    file.machineMade = true;
    file.fromEmptyBlob = /^index e69de29(?:bb2d1d6434b8b29ae775ad8c2e48c5391)?\.\./.test(line);
    return true;
  }
  return (
    line.startsWith('index ') ||
    line.startsWith('similarity index') ||
    line.startsWith('dissimilarity index')
  );
}

/** Compiles one file section to ops, or to problems when it cannot be applied safely. */
function emitFile(
  file: FileSection,
  fallbackPath: string | undefined,
  isEndOfText: boolean,
  ops: EditOp[],
  problems: ParseProblem[],
  blanksAtEnd = 0,
  fenceStop?: Exclude<DiffStop, 'reply-end'>,
): void {
  // A loop, not Math.max(...spread): a huge reply can hold more hunks than the call stack has room for.
  let lastIndex = file.lastIndex;
  for (const hunk of file.hunks) if (hunk.lastIndex > lastIndex) lastIndex = hunk.lastIndex;
  const startLine = file.firstIndex + 1;
  const endLine = lastIndex + 1;
  const isNew = file.oldPath === null || file.newFileMode;
  const isDeleted = file.newPath === null || file.deletedFileMode;
  const oldPath = file.renameFrom ?? (file.oldPath ?? undefined) ?? file.gitOld;
  const newPath = file.renameTo ?? (file.newPath ?? undefined) ?? file.gitNew;
  const isRename = file.renameFrom !== undefined && file.renameTo !== undefined && file.renameFrom !== file.renameTo;
  // Edits name the file as it is before the diff for a rename (edit, then move), else the `+++` name.
  const path = (isRename ? oldPath : (newPath ?? oldPath)) ?? fallbackPath;
  // `--- original.go` / `+++ updated.go` with no rename line: two names for the file being edited
  // (only git's rename lines move a file); the planner edits the one that exists.
  const namedPaths = !isRename && oldPath !== undefined && newPath !== undefined && oldPath !== newPath ? { namedPaths: [oldPath, newPath] } : {};

  if (file.problems.length > 0) {
    for (const p of file.problems) problems.push(path === undefined ? p : { ...p, path });
    return;
  }
  const cut = cutOffHunk(file, isEndOfText ? 'reply-end' : fenceStop, blanksAtEnd);
  if (cut !== undefined) {
    const counted = `its header counts ${cut.oldCount} old and ${cut.newCount} new lines`;
    problems.push(problemOf('INCOMPLETE_BLOCK', FORMAT, cut.headerIndex + 1, endLine, isEndOfText
      ? `The reply ends inside this hunk: ${counted}, and the reply gives ${cut.oldSeen} and ${cut.newSeen} before it stops. The diff was cut off, so nothing of it is applied; send the rest of it (or the whole diff again).`
      : `The fence closes inside this hunk: ${counted}, and the fence holds ${cut.oldSeen} and ${cut.newSeen}. The missing lines hold changes, not only context (which would leave both sides short alike), so the diff was cut off and nothing of it is applied; send the rest of it (or the whole diff again).`, path));
    return;
  }
  if (file.binary) {
    problems.push(problemOf('PARSE_ERROR', FORMAT, startLine, endLine,
      `the diff changes ${path ?? 'a file'} as binary data, which cannot be applied as text: apply that part with git apply (it needs git's "GIT binary patch" data), or leave it out of the reply`, path));
    return;
  }
  if (file.notAFile !== undefined && file.hunks.length > 0) {
    // A link's text is the path it points to, a submodule's the commit it is at: written as a file's lines it would be neither.
    const what = file.notAFile === 'link' ? 'a symbolic link (mode 120000): its lines are the path the link points to' : 'a submodule (mode 160000): its line is the commit it is at';
    problems.push(problemOf('PARSE_ERROR', FORMAT, startLine, endLine,
      `the diff changes ${path ?? 'a file'} as ${what}, not a file's text, so it is not applied. Nothing was changed; apply that part with git apply, or leave it out of the reply.`, path));
    return;
  }
  const contradiction = namesContradicting(file, isNew, isDeleted);
  if (contradiction !== undefined) {
    problems.push(problemOf('PARSE_ERROR', FORMAT, startLine, endLine, `${contradiction}: which file is meant is a guess, so the section is not applied. Nothing was changed; send it again with one name for the file.`, path));
    return;
  }
  if (file.copyFrom !== undefined || file.copyTo !== undefined) {
    // A copy's hunks are written against the source file's text, and its `---` names the source:
    // read as an edit they would change the source, which the diff leaves as it is. The new file
    // needs the source's text, which a parser does not have: refused, never placed on the source.
    const target = file.copyTo ?? newPath ?? path;
    problems.push(problemOf('PARSE_ERROR', FORMAT, startLine, endLine,
      `A git copy (copy from ${file.copyFrom ?? '?'}, copy to ${file.copyTo ?? '?'}) is not applied: its hunks are written against the source, which stays as it is, and the new file would be made from the source's text. Nothing was changed; send ${target ?? 'the new file'} as a new file (its whole text, or a diff from /dev/null).`, target));
    return;
  }
  if (isDeleted) {
    const target = oldPath ?? path;
    if (target === undefined) {
      problems.push(problemOf('PARSE_ERROR', FORMAT, startLine, endLine, 'A deleted-file diff names no file.'));
      return;
    }
    ops.push({ kind: 'delete', path: target, ...deletedText(file), source: sourceOf(FORMAT, startLine, endLine) });
    return;
  }
  const mode = modeChangeOf(file, isNew);
  if (mode?.kind === 'refused') {
    problems.push(problemOf('PARSE_ERROR', FORMAT, startLine, endLine, `the diff gives ${path ?? 'a file'} ${mode.why}, which is not a regular file's mode: it is not applied. Nothing was changed; apply that part with git apply, or leave it out of the reply.`, path));
    return;
  }
  /** The section's mode change, after its other ops: on the file as they leave it (moved, for a rename). */
  const modeOp = (on: string | undefined): EditOp[] => (mode?.kind === 'mode' ? [{ kind: 'mode', path: on, executable: mode.executable, source: sourceOf(FORMAT, mode.line, mode.line) }] : []);
  // `--- /dev/null` over a hunk that removes lines (with no git `new file mode` line): the model
  // wrote a new-file header for a file it edits (Aider's transcripts hold such diffs). The hunk's
  // removed and context lines say more than the header: read as an edit of the `+++` file, they
  // are placed only where the file holds them.
  const editsExisting = isNew && !file.newFileMode && file.hunks.some((hunk) => hunk.body.some((line) => line.kind === '-'));
  if (isNew && !editsExisting) {
    const content: string[] = [];
    let noFinalNewline = false;
    for (const hunk of file.hunks) {
      for (const line of hunk.body) {
        if (line.kind === '-') {
          problems.push(problemOf('PARSE_ERROR', FORMAT, hunk.headerIndex + 1, hunk.lastIndex + 1,
            'A new-file diff removes lines: a file that does not exist has nothing to remove.', newPath));
          return;
        }
        content.push(line.text);
      }
      noFinalNewline = hunk.newHasNoFinalNewline;
    }
    let text = joinLines(content);
    if (noFinalNewline && text.endsWith('\n')) text = text.slice(0, -1);
    ops.push({ kind: 'create', path: newPath ?? fallbackPath, content: text, source: sourceOf(FORMAT, startLine, endLine) }, ...modeOp(newPath ?? fallbackPath));
    return;
  }
  if (file.hunks.length === 0) {
    if (isRename) {
      ops.push({ kind: 'move', from: file.renameFrom as string, to: file.renameTo as string, simultaneous: true, source: sourceOf(FORMAT, startLine, endLine) }, ...modeOp(file.renameTo));
    } else if (mode !== undefined) {
      // A section that only changes the mode (`old mode 100644` / `new mode 100755`): an op of its own.
      ops.push(...modeOp(path));
    } else {
      problems.push(problemOf(isEndOfText ? 'INCOMPLETE_BLOCK' : 'PARSE_ERROR', FORMAT, startLine, endLine,
        isEndOfText ? 'The reply ended after the diff header, before any hunk.' : 'A diff header is followed by no hunk.', path));
    }
    return;
  }
  const fileOps: EditOp[] = [];
  for (const hunk of file.hunks) {
    const hunkStart = hunk.headerIndex + 1;
    const hunkEnd = hunk.lastIndex + 1;
    const search: string[] = [];
    const replacement: string[] = [];
    for (const line of hunk.body) {
      if (line.kind !== '+') search.push(line.text);
      if (line.kind !== '-') replacement.push(line.text);
    }
    if (hunk.body.length === 0) {
      problems.push(problemOf('PARSE_ERROR', FORMAT, hunkStart, hunkEnd, 'A hunk header is followed by no diff lines.', path));
      return;
    }
    const source = { ...sourceOf(FORMAT, hunkStart, hunkEnd), ...(file.machineMade ? { verbatim: true } : {}) };
    if (search.length === 0) {
      // Pure addition: no context to place it by. A line number is the only placement left.
      if (hunk.oldStart === undefined) {
        // ...unless the file is empty, which has one place for them: a named file's only hunk
        // goes along, for the placement to check (CopilotChat's own suite adds every line of an
        // empty file with one `@@ ... @@` hunk of `+` lines).
        if (path !== undefined && file.hunks.length === 1) {
          fileOps.push({ kind: 'insert', path, ...namedPaths, afterLine: 0, text: joinLines(replacement), intoEmptyOnly: true, source });
          continue;
        }
        problems.push(problemOf('PARSE_ERROR', FORMAT, hunkStart, hunkEnd, `${ADDS_WITHOUT_PLACE}.`, path));
        return;
      }
      const afterLine = hunk.oldCount === 0 ? hunk.oldStart : Math.max(0, hunk.oldStart - 1);
      // The marker under added lines only (the file had its newline; lines added at its end go without one).
      const finalNewline = hunk.atEndOfFile && hunk.newHasNoFinalNewline !== hunk.oldHasNoFinalNewline ? { finalNewline: !hunk.newHasNoFinalNewline } : {};
      const fromEmpty = hunk.oldStart === 0 && hunk.oldCount === 0 && file.hunks.length === 1 ? { fromEmpty: true as const } : {};
      fileOps.push({ kind: 'insert', path, ...namedPaths, afterLine, text: joinLines(replacement), ...(hunk.newStart ? { newLine: hunk.newStart } : {}), ...finalNewline, ...fromEmpty, source });
      continue;
    }
    fileOps.push({
      kind: 'replace',
      path,
      ...namedPaths,
      lineKinds: hunk.body.map((line) => line.kind).join(''),
      search: joinLines(search),
      replacement: joinLines(replacement),
      granularity: 'lines',
      expectedCount: 1,
      ...(hunk.oldStart !== undefined && hunk.oldStart > 0 ? { lineHint: hunk.oldStart } : {}),
      ...(hunk.oldStart !== undefined && hunk.oldStart > 0 && hunk.newStart !== undefined && hunk.newStart > 0 && hunk.newStart !== hunk.oldStart ? { newLineHint: hunk.newStart } : {}),
      ...(hunk.heading !== undefined ? { sectionHeading: hunk.heading } : {}),
      // A marker on one side only says the diff changes the final-newline state (IR
      // `finalNewline`); on both sides, or on context, the state is unchanged: the file keeps its
      // own (a model copying the marker to both sides of a file that does end in a newline).
      ...(hunk.atEndOfFile ? { atEndOfFile: true, ...(hunk.newHasNoFinalNewline !== hunk.oldHasNoFinalNewline ? { finalNewline: !hunk.newHasNoFinalNewline } : {}) } : {}),
      ...(!hunk.atEndOfFile && file.machineMade && hunk.oldSeen === hunk.oldCount && hunk.newSeen === hunk.newCount && endsTheFile(hunk) ? { atEndOfFile: true } : {}),
      source,
    });
  }
  for (const op of fileOps) ops.push(op);
  if (isRename) {
    ops.push({ kind: 'move', from: file.renameFrom as string, to: file.renameTo as string, simultaneous: true, source: sourceOf(FORMAT, startLine, startLine) });
  }
  ops.push(...modeOp(isRename ? file.renameTo : path));
}

/**
 * The mode a git section gives its file, as `git apply` reads it: `new mode 100755` makes it
 * executable and `new mode 100644` not (whatever `old mode` says: a file already so is already
 * applied); a new file's `new file mode 100755` makes it executable, its `100644` is what a new
 * file is anyway (nothing to do). A mode that is not a regular file's (a link's 120000, a
 * submodule's 160000, a type change) is refused: written as a file, it would be neither. Undefined
 * when the section changes no mode.
 */
function modeChangeOf(file: FileSection, isNew: boolean): { kind: 'mode'; executable: boolean; line: number } | { kind: 'refused'; why: string } | undefined {
  const given = file.newMode;
  if (given === undefined) return undefined;
  const line = given.index + 1;
  if (given.mode === '100755') return { kind: 'mode', executable: true, line };
  if (given.mode === '100644') return isNew ? undefined : { kind: 'mode', executable: false, line };
  const what = given.mode === '120000' ? 'a symbolic link\'s mode (120000)' : given.mode === '160000' ? 'a submodule\'s mode (160000)' : `the mode ${given.mode}`;
  return { kind: 'refused', why: what };
}

/**
 * What a deletion's hunks say the file holds (its removed and context lines, ending as the
 * `\ No newline at end of file` marker says), or `''` for a hunkless git deletion of the empty
 * blob; nothing when the section says nothing of it (a hunkless deletion of another blob).
 */
function deletedText(file: FileSection): { expectedText?: string } {
  if (file.hunks.length === 0) return file.fromEmptyBlob ? { expectedText: '' } : {};
  const lines: string[] = [];
  let unended = false;
  for (const hunk of file.hunks) {
    for (const line of hunk.body) if (line.kind !== '+') lines.push(line.text);
    unended = hunk.oldHasNoFinalNewline;
  }
  const text = joinLines(lines);
  return { expectedText: unended && text.endsWith('\n') ? text.slice(0, -1) : text };
}

/**
 * Why a git section's headers cannot be read as one file's change, when they contradict each
 * other (as `git apply` refuses them): a new or deleted file whose `---`/`+++` name is not the one
 * its `diff --git` line gives, or a new file that is also renamed. Undefined when they agree. An
 * edit keeps both names (the planner edits the one that exists); a file made or deleted on a
 * guess is not.
 */
function namesContradicting(file: FileSection, isNew: boolean, isDeleted: boolean): string | undefined {
  if (file.newFileMode && file.renameFrom !== undefined) return `the diff both creates ${file.renameTo ?? file.gitNew ?? 'a file'} and renames ${file.renameFrom} to it`;
  if (file.gitOld === undefined || file.gitNew === undefined || file.renameFrom !== undefined || file.copyFrom !== undefined) return undefined;
  if (isNew && typeof file.newPath === 'string' && file.newPath !== file.gitNew) return `the diff --git line names ${file.gitNew}, the +++ line of the new file ${file.newPath}`;
  if (isDeleted && typeof file.oldPath === 'string' && file.oldPath !== file.gitOld) return `the diff --git line names ${file.gitOld}, the --- line of the deleted file ${file.oldPath}`;
  return undefined;
}

/** Finds and compiles every unified/git diff in the reply. Total and linear in the reply. */
function parseUnifiedDiffs(reply: ReplyText, isClaimed: (line: number) => boolean): ParsedBlock[] {
  const lines = reply.lines;
  const n = lines.length;
  const blocks: ParsedBlock[] = [];
  let i = 0;
  while (i < n) {
    if (isClaimed(i + 1)) { i++; continue; }
    const fence = fenceOpen(lines[i]);
    if (fence) {
      let close = i + 1;
      let claimedInside = false;
      while (close < n && !isFenceClose(lines[close], fence)) {
        if (isClaimed(close + 1)) claimedInside = true;
        close++;
      }
      const isDiff = isDiffFence(fence) || bodyStartsWithDiff(lines, i + 1, close) || isHunkBodyOnly(lines, i + 1, close);
      let openEnded = false;
      if (isDiff && close < n) {
        const hunkClose = diffFenceClose(lines, i, close, fence, isClaimed);
        for (let k = close; k < hunkClose.close; k++) if (isClaimed(k + 1)) claimedInside = true;
        close = hunkClose.close;
        openEnded = hunkClose.openEnded;
      }
      const closed = close < n;
      if (isDiff && !claimedInside && !(closed && isClaimed(close + 1))) {
        const block = fencedBlock(lines, i, close, closed, isClaimed, isDiffFence(fence));
        // A ```diff fence with nothing diff-like in it is an illustration: leave it to other parsers.
        if (block.ops.length > 0 || block.problems.length > 0) blocks.push(openEnded ? { ...block, openEnded } : block);
        else if (closed && isDiffFence(fence) && onlyAddedLines(lines, i + 1, close)) blocks.push(unplaceableAddition(i, close));
      }
      i = closed ? close + 1 : n;
      continue;
    }
    if (startsBareDiff(lines, i) || opensReplyWithBareHunk(lines, i)) {
      const region = parseRegion(lines, i, n, false, undefined, isClaimed);
      blocks.push({ startLine: i + 1, endLine: region.end, ops: region.ops, problems: region.problems });
      i = region.end;
      continue;
    }
    i++;
  }
  return reply.crEnded ? blocks.map((block) => withLineEnds(withCreatedEols(block, lines, reply.crEnded!), lines, reply.crEnded!)) : blocks;
}

/**
 * Hunks of a reply with mixed line endings whose added lines end otherwise than the lines they
 * replace (a commit that moves a file from CRLF to LF: every `-` line ends with CRLF, every `+`
 * line with LF) carry each line's ending (`ReplaceOp.lineEnds`): the reply's text is normalised
 * to LF before parsing, and only the line flags still tell. A hunk whose old lines end in both
 * ways, or whose last line is the reply's last, says nothing certain and is left as it is.
 */
function withLineEnds(block: ParsedBlock, lines: readonly string[], crEnded: Uint8Array): ParsedBlock {
  if (!block.ops.some((op) => op.kind === 'replace')) return block;
  const ops = block.ops.map((op) => {
    if (op.kind !== 'replace' || op.source.endLine >= lines.length) return op;
    const search: ('\n' | '\r\n' | null)[] = [];
    const replacement: ('\n' | '\r\n' | null)[] = [];
    // The hunk's body: the lines after its `@@` header, `\ No newline` markers aside. A line that
    // such a marker follows has no ending in its file (null): the diff's line break after it says nothing.
    for (let k = op.source.startLine; k < op.source.endLine; k++) {
      const line = lines[k];
      if (line.startsWith('\\')) continue;
      const eol = lines[k + 1]?.startsWith('\\') ? null : crEnded[k] === 1 ? '\r\n' : '\n';
      if (!line.startsWith('+')) search.push(eol);
      if (!line.startsWith('-')) replacement.push(eol);
    }
    const old = search.find((eol) => eol !== null);
    if (old === undefined || search.some((eol) => eol !== null && eol !== old) || replacement.every((eol) => eol === null || eol === old)) return op;
    if (search.length !== toLines(op.search).length || replacement.length !== toLines(op.replacement).length) return op;
    // (An unended line is the file's last: written unended, or as the marker-free side says, by `lineEditWithEnds`.)
    const ended = (eols: ('\n' | '\r\n' | null)[]) => eols.map((eol) => eol ?? old);
    return { ...op, lineEnds: { search: ended(search), replacement: ended(replacement) } };
  });
  return { ...block, ops };
}

/**
 * New files of a diff whose content lines ended with CRLF while its headers did not (git's diff of
 * a CRLF file, in an LF reply) are created with those endings, line by line when they are mixed:
 * the reply's text is normalised to LF before parsing, and only these line flags still tell.
 */
function withCreatedEols(block: ParsedBlock, lines: readonly string[], crEnded: Uint8Array): ParsedBlock {
  if (!block.ops.some((op) => op.kind === 'create')) return block;
  const ops = block.ops.map((op) => {
    if (op.kind !== 'create' || op.content === '') return op;
    const eols: ('\n' | '\r\n')[] = [];
    for (let k = op.source.startLine - 1; k < op.source.endLine && k < lines.length; k++) {
      const line = lines[k];
      const header = line.startsWith('@@') || line.startsWith('--- ') || line.startsWith('+++ ') || line.startsWith('diff --git ');
      if (header && crEnded[k] === 1) return op;
      if (!header && line.startsWith('+')) eols.push(crEnded[k] === 1 ? '\r\n' : '\n');
    }
    if (!eols.includes('\r\n')) return op;
    return { ...op, eol: eols.every((eol) => eol === '\r\n') ? ('\r\n' as const) : eols };
  });
  return { ...block, ops };
}

function fencedBlock(lines: readonly string[], open: number, close: number, closed: boolean, isClaimed: (line: number) => boolean, inDiffFence: boolean): ParsedBlock {
  // Headerless hunks take their file from a path line just above the fence, or (a blank line
  // between allowed) from a lead-in sentence that names exactly one file ("In `src/app.py`:").
  const above = pathLabelAbove(lines, open, 0, (i) => isClaimed(i + 1));
  const label = above?.path;
  const hasHeaders = bodyHasHeaders(lines, open + 1, close);
  const useLabel = !hasHeaders && label !== undefined;
  const startLine = useLabel ? above!.index + 1 : open + 1;
  const endLine = closed ? close + 1 : lines.length;
  if (!closed) {
    return {
      startLine,
      endLine,
      ops: [],
      problems: [problemOf('INCOMPLETE_BLOCK', FORMAT, startLine, endLine,
        'The reply ended inside this diff (no closing fence): it is not applied.')],
    };
  }
  const bodyOnly = !hasHeaders && isHunkBodyOnly(lines, open + 1, close, inDiffFence);
  const region = parseRegion(lines, open + 1, close, true, useLabel ? label : undefined, undefined, bodyOnly);
  const ops = bodyOnly ? region.ops.map(withoutSeparatorSpace) : region.ops;
  return { startLine, endLine, ops, problems: region.problems };
}

/**
 * A headerless hunk that removes nothing but blank lines writes its new lines with no file line to
 * re-anchor them to (an empty file filled). Cursor's agent writes a space between a line's marker
 * and its text (`+ import x`): when every non-blank new line starts with a space and some with
 * just one (a whole file whose every line stands one column deep is no file), that space is the
 * separator's and is taken off every line. Where the hunk has old lines to match, the ladder
 * re-anchors the new lines to them and the separator never reaches the file.
 */
function withoutSeparatorSpace(op: EditOp): EditOp {
  if (op.kind !== 'replace' || !trimsToEmpty(op.search) || trimsToEmpty(op.replacement)) return op;
  const lines = op.replacement.split('\n');
  let least = Infinity;
  for (const line of lines) {
    if (trimsToEmpty(line)) continue;
    if (line[0] !== ' ') return op;
    least = Math.min(least, line.length - line.trimStart().length);
  }
  if (least !== 1) return op;
  return { ...op, replacement: lines.map((line) => (line[0] === ' ' ? line.slice(1) : line)).join('\n') };
}

/**
 * True when lines [from, to) are hunk lines and nothing else: no `@@`, no file header, every
 * non-blank line led by a space, `-` or `+`. Such a fence is a diff whose model left out the `@@`
 * line (Cursor's agent writes every diff so): read as a whole file it would write the diff's own
 * text over the file. In a fence of any language it takes at least one `-` and one `+` line (an
 * added-only body has nothing to place it by; a list of `-` bullets is not a diff). In a fence
 * whose language says diff (`inDiffFence`), a body that only removes lines, or only adds them
 * beside a context line to place them by, is a hunk too: left out, a reply's deletions and
 * insertions were dropped while its mixed blocks were applied, and the reply reported applied.
 */
function isHunkBodyOnly(lines: readonly string[], from: number, to: number, inDiffFence = false): boolean {
  let minus = false;
  let plus = false;
  let context = false;
  for (let k = from; k < to; k++) {
    const line = lines[k];
    const c = line[0];
    if (c === '-') {
      if (line.startsWith('--- ')) return false;
      minus = true;
    } else if (c === '+') {
      if (line.startsWith('+++ ')) return false;
      plus = true;
    } else if (c === ' ' && !trimsToEmpty(line)) {
      context = true;
    } else if (!trimsToEmpty(line)) {
      return false;
    }
  }
  return inDiffFence ? minus || (plus && context) : minus && plus;
}

/** True when lines [from, to) hold added lines (`+`) and blank lines only, at least one added. */
function onlyAddedLines(lines: readonly string[], from: number, to: number): boolean {
  let added = false;
  for (let k = from; k < to; k++) {
    const line = lines[k];
    if (line[0] === '+' && !line.startsWith('+++ ')) added = true;
    else if (!trimsToEmpty(line)) return false;
  }
  return added;
}

/**
 * A diff fence of added lines only, with no header and no line of the file around them: where they
 * go is a guess. Refused with a problem, never left out: beside other blocks it was dropped and the
 * reply reported applied.
 */
function unplaceableAddition(open: number, close: number): ParsedBlock {
  return {
    startLine: open + 1,
    endLine: close + 1,
    ops: [],
    problems: [problemOf('PARSE_ERROR', FORMAT, open + 1, close + 1,
      'This diff only adds lines and shows no line of the file around them (no @@ line, no context): where they go is a guess, so it is not applied. Nothing was changed; send it again with a line of the file above or below the added ones (led by a space), as a SEARCH/REPLACE block, or with --- /dev/null and +++ b/PATH headers for a new file.')],
  };
}

function bodyHasHeaders(lines: readonly string[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const line = lines[k];
    if (line.startsWith('diff --git ') || line.startsWith('+++ ')) return true;
    if (line.startsWith('@@')) return false;
  }
  return false;
}

/**
 * The unified / git diff parser. Guarantees: total (malformed diffs become `PARSE_ERROR` problems,
 * a fenced diff cut off by the end of the reply becomes `INCOMPLETE_BLOCK` with no ops), linear
 * time, one line-granular `ReplaceOp` per hunk with `lineHint` from `-a` when present, `CreateFileOp`
 * for `/dev/null` sources, `DeleteFileOp` for `/dev/null` targets, `MoveFileOp` after the edits of a
 * git rename (edits name the old path), `InsertOp` for a context-free pure-addition hunk that has a
 * line number.
 */
export const unifiedDiffParser: ReplyParser = {
  format: FORMAT,
  parse: parseUnifiedDiffs,
};

/**
 * The section heading a hunk header gives, when it gives one: the text after a numbered header's
 * second `@@`, or the whole text of a header without numbers (`@@ class Tag(models.Model):`, with
 * or without `... @@` before it or `@@` after it).
 * Why: models write hunks without numbers and name the class or function they edit on the `@@`
 * line, as apply_patch does; two twin classes' identical lines are told apart by that name alone
 * (a Django models.py's Category and Tag, one hunk each, were refused as ambiguous).
 */
function headingOf(line: string, numbered: RegExpExecArray | null): { heading?: string } {
  const rest = numbered ? line.slice(numbered[0].length) : line.slice(2).replace(/^\s*\.\.\.\s*@@/, '').replace(/@@\s*$/, '');
  const heading = sectionHeadingOf(rest);
  return heading !== undefined ? { heading } : {};
}
