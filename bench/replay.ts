/**
 * `npm run replay`: real commits as model replies. Each commit of a git repository (this one by
 * default) is turned into a reply in several formats, planned against the files as they were before
 * it, and the result compared byte for byte with the files after it. A commit is a change whose
 * right answer is known, written by people rather than by this project's own generators: it finds
 * wrong writes the synthetic fuzz cannot (it found a quoted "existing code" comment read as an
 * elision).
 *
 *   npm run replay -- [--repo DIR] [--commits N] [--paths 'src test'] [--format NAME] [--verbose] [--explain] [--dump DIR] [--dump-refused]
 *
 * Formats: `diff` (git diff -U3), `diff-u1`, `diff-u0`, `diff-bare` (-U3 with every `@@` header
 * stripped of its line numbers: context alone must place each hunk), `search-replace` (each -U3
 * hunk as an Aider block: context and removed lines, then context and added lines),
 * `search-replace-stale` (one context line of each hunk of 4+ lines misquoted on both sides: the
 * fuzzy rung must place it and keep the file's line), `search-replace-flush` (the same blocks with their shared indentation taken off, as models often
 * quote code: re-anchoring must put it back), `search-replace-reindent` (two spaces deeper, blank
 * lines written with the next line's indentation), `search-replace-detab` (the blocks with tabs of
 * indentation printed as four spaces each, only commits touching tab-indented lines: the file's
 * tabs must come back), `diff-reversed` (the -U3 diff with each file's hunks in reverse order,
 * their numbers kept, only commits with a file of two or more hunks; `diff-bare-reversed`,
 * `search-replace-reversed`, `apply-patch-reversed`: the same with nothing but the text to place
 * each hunk), `diff-detab` (the diff's tabs of indentation as four spaces, no `index` lines),
 * `apply-patch-anchored` (each chunk under `@@` and git's function line for it),
 * `tool-call-escaped`, `tool-call-fragment-escaped` (every string escaped once too often),
 * `tool-call-numbered`, `search-replace-numbered` (the old lines copied with a file view's line
 * numbers, Claude Code's `    12→` and Roo's `12 | `, the new lines plain),
 * `diff-plus-lost` (one added line per hunk with a space for its `+`: only a refusal is right),
 * `diff-elided` (each file's hunks joined by an `... existing code ...` comment line),
 * `diff-u0-bare` (no context and no line numbers: pure insertions must be refused),
 * `diff-trimmed` (blank context lines without their space, as a pasted diff whose trailing
 * whitespace an editor stripped),
 * `search-replace-elided` (runs of 3+ unchanged
 * lines in REPLACE only cut to an elision between their first and last lines; `search-replace-both-elided`:
 * in SEARCH too), `diff-folded` (the
 * -U3 diff with curly quotes, dashes and ellipses of its context and removed lines as ASCII: the
 * context must keep the file's text) and
 * `apply-patch` (each -U3 hunk as an `*** Update File` chunk; new and deleted files as Add/Delete),
 * `lazy` and `lazy-u0` (each changed file whole, unchanged runs cut to `... existing code ...`: see `lazyReply`),
 * `lazy-copilot` (the same as Copilot writes it: `// filepath: x` inside the fence, `...existing code...`),
 * `whole-reindent` (each changed file whole in another indentation, tabs as 4 spaces and spaces
 * doubled, as chat transcripts often give code back: the file's indentation must be kept),
 * `search-replace-basename`, `tool-call-basename` (the file named by its name alone, as in `diff-basename`),
 * `diff-misfiled`, `search-replace-misfiled`, `apply-patch-misfiled`, `tool-call-misfiled` (each
 * hunk alone, naming another file of its folder: only a refusal is right; see `MISFILED`),
 * `diff-behind`, `search-replace-behind` (each file's change onto the file before its previous
 * change: git's three-way merge is right; see `BEHIND`), `diff-repeated`, `search-replace-repeated`
 * (the reply written twice: the second copy must change nothing more), `diff-webcopy`,
 * `search-replace-webcopy`, `lazy-webcopy` (every run of spaces as a rendered page's `&nbsp; `,
 * as a reply copied out of a chat's web page: the file's spaces must come back; see `asCopiedFromWebPage`).
 * Binary files and files over 1 MB are left out of the commit. A commit counts as:
 * - exact: the engine accepted the reply and every file equals the commit's version;
 * - refused: the engine refused (nothing would be written), with the error codes;
 * - WRONG: the engine accepted it and some file differs: the failure that matters. Exit 1 if any.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTwoFilesPatch, diffArrays } from 'diff';
import { endsWithPath, MAX_PATH_CANDIDATES, runReply } from '../src/core/index';
import { hasText } from '../src/core/elisionMerge/lines';
import { repoRoot } from './common';

interface Options {
  repo: string;
  commits: number;
  paths: string[];
  formats: string[];
  verbose: boolean;
  /** Print the first differing file of each wrong result as a diff, with the reply. */
  explain: boolean;
  /**
   * Write each wrong result to `DIR/<format>-<commit>/`: `reply.md`, the files before the commit
   * under `before/` and after it under `after/`, so that one case can be run again on its own
   * (`node dist/cli.js apply DIR/…/reply.md --root DIR/…/before`).
   */
  dump: string | undefined;
  /** With `dump`: write refused results there too (to study why a reply was refused). */
  dumpRefused: boolean;
}

const FORMATS = [
  'diff', 'diff-fenced', 'diff-u1', 'diff-u0', 'diff-bare', 'diff-miscounted', 'diff-unprefixed', 'diff-basename', 'diff-rooted', 'diff-stale', 'diff-folded', 'diff-reversed', 'diff-bare-reversed',
  'search-replace-reversed', 'apply-patch-reversed', 'apply-patch-anchored', 'diff-detab', 'diff-plus-lost', 'diff-elided', 'diff-u0-bare', 'diff-trimmed',
  'search-replace', 'search-replace-flush', 'search-replace-stale', 'search-replace-reindent', 'search-replace-detab', 'search-replace-elided', 'search-replace-both-elided', 'search-replace-blanks', 'search-replace-uncommented', 'search-replace-dropped',
  'apply-patch', 'apply-patch-unprefixed', 'tool-call', 'tool-call-fragment', 'tool-call-escaped', 'tool-call-fragment-escaped', 'tool-call-numbered', 'search-replace-numbered', 'lazy', 'lazy-u0', 'lazy-copilot', 'whole-reindent',
  'search-replace-basename', 'tool-call-basename',
  'diff-misfiled', 'search-replace-misfiled', 'apply-patch-misfiled', 'tool-call-misfiled',
  'diff-behind', 'search-replace-behind', 'tool-call-behind', 'diff-repeated', 'search-replace-repeated',
  'diff-webcopy', 'search-replace-webcopy', 'lazy-webcopy',
];

/**
 * The behind forms: each modified file's change alone (`diff`, `search-replace`, `tool-call`), applied to the
 * file as it was before the previous commit that touched it: the file the model read has changed
 * since (here, that commit's change is not there), as when the user edited it after the model saw
 * it. The right outcome is git's three-way merge of the change onto that file (`git merge-file`)
 * when it is clean. Where it conflicts (a change next to lines changed since, which git will not
 * place), a write is right only when it keeps every line the file gained since the reply's base
 * and makes the reply's change on top: its lines, counted without indentation, are the file's
 * with the reply's additions and removals (`keepsBothChanges`): the stale context kept, nothing
 * of the user's lost, nothing of the reply's dropped. These forms count files, not commits.
 */
const BEHIND = '-behind';

/**
 * The misfiled forms: each hunk of a modified file alone, as a reply (`diff`, `search-replace`,
 * `apply-patch`, `tool-call`) that names another file of its folder, as a model that mixes up two
 * files it read writes it. Its old lines are not in the file named (hunks whose old lines, blank
 * lines and whitespace aside, are there are left out), so the only right outcome is a refusal:
 * these forms count hunks, not commits, and every hunk written is wrong (the loose rungs placed
 * text where it is not); one reported already applied, with nothing written, counts as refused.
 */
const MISFILED = '-misfiled';

function parseOptions(argv: string[]): Options {
  const options: Options = { repo: repoRoot, commits: 200, paths: [], formats: FORMATS, verbose: false, explain: false, dump: undefined, dumpRefused: false };
  for (let i = 0; i < argv.length; i++) {
    const value = () => argv[++i] ?? '';
    const arg = argv[i];
    if (arg === '--repo') options.repo = value();
    else if (arg === '--commits') options.commits = Number(value());
    else if (arg === '--paths') options.paths = value().split(/\s+/).filter(Boolean);
    else if (arg === '--format') options.formats = [value()];
    else if (arg === '--verbose') options.verbose = true;
    else if (arg === '--explain') options.explain = true;
    else if (arg === '--dump') options.dump = value();
    else if (arg === '--dump-refused') options.dumpRefused = true;
    else throw new Error(`unknown option ${arg}`);
  }
  for (const format of options.formats) if (!FORMATS.includes(format)) throw new Error(`unknown format ${format} (one of ${FORMATS.join(', ')})`);
  return options;
}

const options = parseOptions(process.argv.slice(2));
const git = (...args: string[]) => execFileSync('git', ['-C', options.repo, ...args], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
const say = (line = '') => process.stdout.write(line + '\n');

/** The file's text at `commit`, or undefined when it does not exist there or is binary or huge. */
function fileAt(commit: string, path: string): string | undefined {
  try {
    const text = git('show', `${commit}:${path}`);
    return text.length > 1_000_000 || text.includes('\u0000') ? undefined : text;
  } catch {
    return undefined;
  }
}

interface FileDiff {
  readonly path: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
  readonly hunks: string[][];
  /** Each hunk's `@@` line. */
  readonly headers: string[];
}

/** Splits `git diff` output into files and hunks (lines after each `@@` header, header excluded). */
function splitDiff(text: string, before: (p: string) => string | undefined, after: (p: string) => string | undefined): FileDiff[] {
  const files: FileDiff[] = [];
  for (const section of text.split(/^diff --git /m).slice(1)) {
    const lines = section.split('\n');
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    const plus = lines.find((l) => l.startsWith('+++ '));
    const minus = lines.find((l) => l.startsWith('--- '));
    // An empty file added or deleted has no `---`/`+++` lines: its name is on the `diff --git` line.
    const path = plus && plus !== '+++ /dev/null' ? plus.slice(6) : (minus?.slice(6) ?? / b\/(.*)$/.exec(lines[0])?.[1]);
    if (!path) continue;
    const hunks: string[][] = [];
    const headers: string[] = [];
    for (const line of lines) {
      if (line.startsWith('@@')) {
        hunks.push([]);
        headers.push(line);
      }
      else if (hunks.length > 0 && line !== '') hunks[hunks.length - 1].push(line);
      else if (hunks.length > 0 && line === '') hunks[hunks.length - 1].push(' ');
    }
    files.push({ path, before: before(path), after: after(path), hunks, headers });
  }
  return files;
}

const WEBCOPY = '-webcopy';

/**
 * The reply as copied out of a rendered page: each run of two or more spaces written as the HTML
 * `&nbsp; &nbsp;` a renderer emits to keep it (no-break space and space in turn), single spaces
 * left alone.
 */
function asCopiedFromWebPage(reply: string): string {
  return reply.replace(/ {2,}/g, (run) => Array.from(run, (_, i) => (i % 2 === 0 ? '\u00a0' : ' ')).join(''));
}

function replyFor(format: string, commit: string, paths: string[], files: FileDiff[]): string {
  const diff = (context: number) => git('diff', '--no-color', '--no-ext-diff', '--no-renames', `-U${context}`, `${commit}~1`, commit, '--', ...paths);
  if (format === 'diff') return diff(3);
  if (format.endsWith(WEBCOPY)) return asCopiedFromWebPage(replyFor(format.slice(0, -WEBCOPY.length), commit, paths, files));
  // The whole reply written twice, as a model that repeats its answer (or a reply pasted twice)
  // gives it: the second copy finds its change made, and must change nothing more.
  if (format === 'diff-repeated' || format === 'search-replace-repeated') {
    const once = replyFor(format.slice(0, -'-repeated'.length), commit, paths, files);
    return once.trim() === '' ? '' : `${once.replace(/\n*$/, '\n')}\nAgain, the same change:\n\n${once}`;
  }
  // In a ```diff fence, as chat replies hold diffs: a Markdown file's own fences are context lines.
  if (format === 'diff-fenced') return '```diff\n' + diff(3).replace(/\n$/, '') + '\n```\n';
  if (format === 'diff-u1') return diff(1);
  if (format === 'diff-u0') return diff(0);
  if (format === 'diff-bare') return diff(3).replace(/^@@ [^@\n]* @@/gm, '@@ ... @@');
  // No context and no line numbers: only the removed lines place a hunk (a pure insertion has
  // nothing to go by and must be refused).
  if (format === 'diff-u0-bare') return diff(0).replace(/^@@ [^@\n]* @@/gm, '@@ ... @@');
  // Trimmed: blank context lines with their one space taken off, as editors and chat boxes that
  // strip trailing whitespace leave a pasted diff.
  if (format === 'diff-trimmed') return diff(3).replace(/^ $/gm, '');
  if (format === 'diff-miscounted') {
    // Hunk headers as models write them from memory: every start line off by 1 to 12 lines (up
    // or down, alike on both sides) and every count off by one, so neither the numbers nor the
    // counts can be trusted: the bodies must be read by their prefixes and placed by their text.
    let n = 0;
    return diff(3).replace(/^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm, (_all, a: string, b: string | undefined, c: string, d: string | undefined) => {
      n++;
      const shift = (n % 2 === 0 ? 1 : -1) * (1 + ((n * 7) % 12));
      const at = (start: string) => Math.max(1, Number(start) + shift);
      const count = (value: string | undefined, k: number) => Math.max(0, Number(value ?? '1') + ((n + k) % 2 === 0 ? 1 : -1));
      return `@@ -${at(a)},${count(b, 0)} +${at(c)},${count(d, 1)} @@`;
    });
  }
  if (format === 'search-replace-basename' || format === 'tool-call-basename') {
    // The file's name alone in SEARCH/REPLACE blocks and tool calls, as diff-basename; a new
    // file keeps its path (named by its name alone, it is rightly created at the root).
    if (!files.some((file) => file.before !== undefined && file.path.includes('/'))) return '';
    const named = files.map((file) => (file.before === undefined ? file : { ...file, path: file.path.slice(file.path.lastIndexOf('/') + 1) }));
    return replyFor(format === 'tool-call-basename' ? 'tool-call' : 'search-replace', commit, paths, named);
  }
  if (format === 'diff-basename' || format === 'diff-rooted') {
    // Paths as models misremember them: the file's name alone (its folders left out), or under
    // one folder too many (the repository's own name, as a model that saw the path from its
    // parent writes it). The engine must find the one file meant, or refuse.
    const rename = (path: string) => (format === 'diff-basename' ? path.slice(path.lastIndexOf('/') + 1) : `stdlib/${path}`);
    const renamed = diff(3).replace(/^(--- a\/|\+\+\+ b\/)(.+)$/gm, (_all, side: string, path: string) => side + rename(path)).replace(/^diff --git a\/(\S+) b\/(\S+)$/gm, (_all, a: string, b: string) => `diff --git a/${rename(a)} b/${rename(b)}`);
    return format === 'diff-basename' && !/^--- a\/.*\//m.test(diff(3)) ? '' : renamed; // basename: only commits with a file in a folder
  }
  if (format === 'diff-stale') {
    // A model misremembering one line of context in each hunk (as search-replace-stale): the
    // middle context line gets a changed word; the file's line must stay as it is.
    const hunks = diff(3).split(/^(?=@@ )/m);
    let changed = false;
    const out = hunks.map((hunk, h) => {
      if (h === 0) return hunk;
      const lines = hunk.split('\n');
      const context = lines.map((l, k) => (k > 0 && l[0] === ' ' && l.trim().length > 8 ? k : -1)).filter((k) => k >= 0);
      if (context.length < 2 || lines.filter((l) => l[0] === '-' || l[0] === ' ').length < 4) return hunk;
      const k = context[context.length >> 1];
      const stale = lines[k].replace(/[A-Za-z_]{3,}/, (word) => word + 'X');
      if (stale === lines[k]) return hunk;
      lines[k] = stale;
      changed = true;
      return lines.join('\n');
    });
    return changed ? out.join('') : '';
  }
  if (format === 'diff-unprefixed') {
    // Context lines written without their leading space, as models retyping code often do, in a
    // fenced diff block: the parser must read them as context (an indented line then quotes one
    // space less, and the added lines must keep their own indentation).
    let inHunk = false;
    return '```diff\n' + diff(3).replace(/\n$/, '').split('\n').map((line) => {
      if (line.startsWith('@@')) inHunk = true;
      else if (line.startsWith('diff --git ')) inHunk = false;
      return inHunk && line[0] === ' ' ? line.slice(1) : line;
    }).join('\n') + '\n```\n';
  }
  if (format === 'diff-folded') {
    // A model quoting context and removed lines with ASCII punctuation where the file has curly
    // quotes, dashes or an ellipsis: the context must keep the file's text.
    const plain = diff(3);
    const folded = plain.split('\n').map((line) => (line[0] === ' ' || (line[0] === '-' && !line.startsWith('--- ')) ? line[0] + foldPunctuation(line.slice(1)) : line)).join('\n');
    return folded === plain ? '' : folded; // only commits whose quoted lines have such punctuation
  }
  if (format === 'search-replace-reversed' || format === 'apply-patch-reversed') {
    // The blocks (or a patch's chunks) of each file in reverse order, as diff-reversed, in the
    // formats with no line numbers to place them by: a search that goes on from the previous
    // block's place (Codex's and Cline's cursor) must not take a later copy of the text. The
    // patch is one `*** Update File` per file with its chunks under bare `@@` lines, as models
    // write it. Only commits with a file of two or more hunks.
    if (!files.some((file) => file.hunks.length > 1 && file.before !== undefined && file.after !== undefined)) return '';
    const reversed = files.map((file) => ({ ...file, hunks: [...file.hunks].reverse(), headers: [...file.headers].reverse() }));
    if (format === 'search-replace-reversed') return replyFor('search-replace', commit, paths, reversed);
    files = reversed; // the patch: built below, one section per file
  }
  if (format === 'diff-elided') {
    // Each file's hunks joined into one, the lines between them written as a `# ... existing code ...` context line,
    // as models shorten a diff; the headers bare (their counts would not hold). Only files with
    // two or more hunks: the `...` must stand for exactly the lines between, nothing more.
    // No `index` lines: a diff that has them was written by git, whose lines are all the file's.
    let elided = false;
    const out = diff(3).replace(/^index .*\n/gm, '').split(/^(?=diff --git )/m).map((section) => {
      const [head, ...hunks] = section.split(/^(?=@@ )/m);
      if (hunks.length < 2) return section;
      elided = true;
      const bodies = hunks.map((hunk) => hunk.slice(hunk.indexOf('\n') + 1).replace(/\n$/, ''));
      // A comment in the file's syntax: in a diff a bare `...` is code (a Python stub's body).
      const comment = /\.(?:py|sh|rb|ya?ml|toml|cfg)$/.test(/^diff --git a\/(\S+)/.exec(head)?.[1] ?? '') ? '#' : '//';
      return `${head}@@ ... @@\n${bodies.join(`\n ${comment} ... existing code ...\n`)}\n`;
    });
    return elided ? out.join('') : '';
  }
  if (format === 'diff-plus-lost') {
    // One added line per hunk written with a space for its `+`, as a model retyping a diff loses
    // a prefix: the line reads as context the file does not have (the old count raised to match).
    // Only hunks with another change, and the line one with a word: the engine must add it or
    // refuse, never drop it as a stale quote of the file.
    let lost = false;
    const out = diff(3).split(/^(?=@@ )/m).map((hunk, h) => {
      if (h === 0 || !hunk.startsWith('@@ ')) return hunk;
      const lines = hunk.split('\n');
      const changed = lines.filter((l, k) => k > 0 && (l[0] === '+' || l[0] === '-')).length;
      const k = lines.findIndex((l, j) => j > 0 && l[0] === '+' && hasText(l.slice(1)) && l.trim().length > 8);
      if (changed < 2 || k === -1) return hunk;
      lines[k] = ' ' + lines[k].slice(1);
      lines[0] = lines[0].replace(/^@@ -(\d+)(?:,(\d+))?/, (_all, a: string, b: string | undefined) => `@@ -${a},${Number(b ?? '1') + 1}`);
      lost = true;
      return lines.join('\n');
    });
    return lost ? out.join('') : '';
  }
  if (format === 'diff-detab') {
    // Tabs of indentation printed as four spaces on every line of the diff, as models print code
    // (search-replace-detab's mistake in a diff): the file's tabs must come back, on added lines
    // too. Only commits that touch tab-indented lines.
    // Without git's `index` lines: a diff that has them was written by git, whose lines are the
    // file's as they are (the engine then takes them verbatim), and a model retyping one drops them.
    // A new file is written as the reply gives it: only existing files' hunks are detabbed.
    const plain = diff(3).replace(/^index .*\n/gm, '');
    const detabbed = plain.split(/^(?=diff --git )/m).map((section) => (/^--- \/dev\/null$/m.test(section) ? section : section.replace(/^([ +-])(\t+)/gm, (_all, prefix: string, tabs: string) => prefix + '    '.repeat(tabs.length)))).join('');
    return detabbed === plain ? '' : detabbed;
  }
  if (format === 'diff-reversed' || format === 'diff-bare-reversed') {
    // Each file's hunks in reverse order, their `@@` numbers kept: a model that writes the change
    // it thought of last first; bare, with the numbers taken off too, so the text alone places
    // each hunk. Only commits with a file of two or more hunks.
    if (format === 'diff-bare-reversed') return replyFor('diff-reversed', commit, paths, files).replace(/^@@ [^@\n]* @@/gm, '@@ ... @@');
    const sections = diff(3).split(/^(?=diff --git )/m);
    let reversed = false;
    const out = sections.map((section) => {
      const [head, ...hunks] = section.split(/^(?=@@ )/m);
      if (hunks.length < 2) return section;
      reversed = true;
      return head + hunks.map((hunk) => (hunk.endsWith('\n') ? hunk : hunk + '\n')).reverse().join('');
    });
    return reversed ? out.join('') : '';
  }
  if (format === 'lazy' || format === 'lazy-u0' || format === 'lazy-copilot') return lazyReply(files, format === 'lazy-u0' ? 0 : 2, format === 'lazy-copilot');
  if (format.startsWith('tool-call') && !format.endsWith(MISFILED) && !format.endsWith(BEHIND)) return toolCallReply(files, format.includes('-fragment'), format.endsWith('-escaped'), format.endsWith('-numbered'));
  if (format === 'whole-reindent') return reindentedWholeReply(files);
  const out: string[] = [];
  let elided = false;
  let detabbed = false;
  let blanked = false;
  let uncommented = false;
  let dropped = false;
  for (const file of files) {
    if (format.startsWith('apply-patch')) {
      // Unprefixed: context lines written without their leading space (see diff-unprefixed).
      const line = (l: string) => (format === 'apply-patch-unprefixed' && l[0] === ' ' ? l.slice(1) : l);
      // Anchored: each chunk under `@@` and the line git names in its hunk header (the enclosing
      // `def`, `class` or function, as Codex writes `@@ def handler():`), cut at 80 columns by git.
      const anchor = (k: number) => (format === 'apply-patch-anchored' ? /^@@ [^@]* @@ ?(.*)$/.exec(file.headers[k] ?? '')?.[1] ?? '' : '');
      if (file.before === undefined) out.push(`*** Add File: ${file.path}`, ...toLines(file.after ?? '').map((l) => '+' + l));
      else if (file.after === undefined) out.push(`*** Delete File: ${file.path}`);
      // Reversed: one section per file, its chunks under bare `@@` lines; else one per hunk.
      else if (format === 'apply-patch-reversed') out.push(`*** Update File: ${file.path}`, ...file.hunks.flatMap((hunk) => ['@@', ...hunk.filter((l) => !l.startsWith('\\'))]));
      else file.hunks.forEach((hunk, k) => out.push(`*** Update File: ${file.path}`, anchor(k) === '' ? '@@' : `@@ ${anchor(k)}`, ...hunk.filter((l) => !l.startsWith('\\')).map(line)));
      continue;
    }
    // search-replace
    if (file.after === undefined) continue; // no SEARCH/REPLACE form for a deletion
    for (const [h, hunk] of file.hunks.entries()) {
      const body = hunk.filter((l) => !l.startsWith('\\'));
      if (format === 'search-replace-stale') {
        // A model misremembering one line of context: the middle context line of the hunk gets
        // a changed word on both sides. The fuzzy rung must place it and keep the file's line.
        const context = body.map((l, k) => (l[0] === ' ' && l.trim().length > 8 ? k : -1)).filter((k) => k >= 0);
        if (context.length >= 2 && body.filter((l) => l[0] !== '+').length >= 4) {
          const k = context[context.length >> 1];
          body[k] = body[k].replace(/[A-Za-z_]{3,}/, (word) => word + 'X');
        }
      }
      if (format === 'search-replace-blanks') {
        // Blank lines quoted as models misquote them, on both sides alike: a lone blank line
        // between two context lines left out, a run of two or more written as one. Only runs of
        // context inside the hunk (a line with text on each side).
        const blank = (k: number) => body[k] !== undefined && body[k][0] === ' ' && body[k].trim() === '';
        for (let k = body.length - 2; k > 0; k--) {
          if (!blank(k) || blank(k + 1)) continue;
          let from = k;
          while (from > 0 && blank(from - 1)) from--;
          if (from === 0 || body[from - 1].slice(1).trim() === '' || body[k + 1].slice(1).trim() === '') continue;
          body.splice(from, k - from + 1, ...(k === from ? [] : [body[from]]));
          blanked = true;
          k = from;
        }
      }
      if (format === 'search-replace-uncommented') {
        // Comment lines of context left out on both sides, as models quote code they retype: a
        // line that is a `#` or `//` comment alone, with a context line of text before and after
        // it in the hunk (blank context lines between aside). Not next to an added or removed
        // line: the quote would then not say on which side of the comment the change goes.
        const comment = (k: number) => body[k] !== undefined && body[k][0] === ' ' && /^\s*(?:\/\/|#(?:\s|$))/.test(body[k].slice(1));
        const textAt = (k: number, step: 1 | -1) => {
          for (let j = k + step; j >= 0 && j < body.length; j += step) {
            if (body[j][0] !== ' ') return false;
            if (body[j].slice(1).trim() !== '') return !comment(j);
          }
          return false;
        };
        for (let k = body.length - 2; k > 0; k--) {
          if (comment(k) && textAt(k, -1) && textAt(k, 1)) {
            body.splice(k, 1);
            uncommented = true;
          }
        }
      }
      if (format === 'search-replace-dropped') {
        // One line of code left out of the quote on both sides, as a model retyping a block skips
        // one: the middle context line with text of a hunk whose neighbours both have text too.
        const context = body.map((l, k) => (k > 0 && k < body.length - 1 && l[0] === ' ' && l.trim().length > 8 && body[k - 1].slice(1).trim() !== '' && body[k + 1].slice(1).trim() !== '' ? k : -1)).filter((k) => k >= 0);
        if (context.length >= 3) {
          body.splice(context[context.length >> 1], 1);
          dropped = true;
        }
      }
      let search = body.filter((l) => l[0] !== '+').map((l) => l.slice(1));
      let replace = body.filter((l) => l[0] !== '-').map((l) => l.slice(1));
      if (format === 'search-replace-reindent' && file.before !== undefined) {
        // Re-emitted two spaces deeper, blank lines written with the indentation of the next line
        // (as editors that keep indentation on blank lines do): re-anchoring must put the block
        // back, and blank lines must come out as the file writes them. (A new file has nothing
        // to re-anchor against: it is written as given.)
        const deeper = (lines: string[]) => lines.map((l, k) => (l.trim() === '' ? indentOfNext(lines, k) : '  ' + l));
        search = deeper(search);
        replace = deeper(replace);
      }
      if (format === 'search-replace-detab' && file.before !== undefined) {
        // Tabs of indentation written as four spaces, as models often print code: re-anchoring
        // must write the file's tabs back. Only commits that touch tab-indented lines.
        const detab = (lines: string[]) => lines.map((l) => l.replace(/^\t+/, (tabs) => '    '.repeat(tabs.length)));
        const [spacedSearch, spacedReplace] = [detab(search), detab(replace)];
        detabbed ||= spacedSearch.some((l, k) => l !== search[k]) || spacedReplace.some((l, k) => l !== replace[k]);
        search = spacedSearch;
        replace = spacedReplace;
      }
      if (format === 'search-replace-elided' || format === 'search-replace-both-elided') {
        // REPLACE only: a run of three or more unchanged lines written as an elision, its first
        // and last lines kept as its neighbours (SEARCH spells everything out). Both: SEARCH cut
        // the same way, as models that skip lines in the quote write it.
        const cut = elideUnchanged(body, file.path);
        elided ||= cut.length < replace.length;
        replace = cut;
        if (format === 'search-replace-both-elided') search = elideUnchanged(body, file.path, 'old');
      }
      if (format === 'search-replace-flush') {
        // As models often quote code: flush left (the indentation both sides share taken off).
        const indents = [...search, ...replace].filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
        const cut = indents.length > 0 ? Math.min(...indents) : 0;
        search = search.map((l) => l.slice(Math.min(cut, /^[ \t]*/.exec(l)![0].length)));
        replace = replace.map((l) => l.slice(Math.min(cut, /^[ \t]*/.exec(l)![0].length)));
      }
      // Numbered: SEARCH copied from Roo's numbered read, `12 | code` (REPLACE plain).
      if (format === 'search-replace-numbered') search = withLineNumbers(search, oldStart(file.headers[h]), (n) => `${n} | `);
      out.push(file.path, '````', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '````', '');
    }
  }
  if ((format === 'search-replace-elided' || format === 'search-replace-both-elided') && !elided) return ''; // only commits with a run to elide
  if (format === 'search-replace-detab' && !detabbed) return ''; // only commits with tab-indented lines
  if (format === 'search-replace-blanks' && !blanked) return ''; // only commits whose quoted blank lines were changed
  if (format === 'search-replace-uncommented' && !uncommented) return ''; // only commits that quote a comment line
  if (format === 'search-replace-dropped' && !dropped) return ''; // only commits with a line to drop
  return format.startsWith('apply-patch') ? ['*** Begin Patch', ...out, '*** End Patch', ''].join('\n') : out.join('\n');
}

/**
 * The commit as lazy whole-file snippets, the way chat models rewrite a file: each changed code
 * file's new text under its path in a fence, every run of unchanged lines (more than `context` on
 * each side of a change, and at least three) cut to one `... existing code ...` comment at its
 * indentation, `context` unchanged lines kept next to each change. Empty when a file is added,
 * deleted, not code, or nothing could be elided, or when the snippet could not say what was
 * removed (see below): only modifications a lazy snippet can state are stated this way.
 * (A removal next to an elision, at the file's edges, or whose context on a cut side is braces and
 * blank lines that the removed lines end or start with too, is left out: the snippet would not
 * say which lines go.)
 */
function reindentedWholeReply(files: readonly FileDiff[]): string {
  const out: string[] = [];
  for (const file of files) {
    // Markdown's indented lines are list continuations and code blocks, not code's depth.
    if (file.before === undefined || file.after === undefined || /\.(?:md|markdown|txt)$/i.test(file.path) || file.after.includes('\r') || file.before.includes('\r')) return '';
    // Tabs as 4 spaces; each step of spaces doubled (a 2-space file given in 4, a 4-space file in
    // 8), an odd column beyond the steps kept (the ` * ` of a doc comment).
    // The step is the one the file's lines go in by most often: a 4-space file may have a few lines
    // two columns in (a docstring's text), which a 2-space reading would double as steps.
    const widths = file.before.split('\n').filter((line) => /\S/.test(line)).map((line) => /^ */.exec(line)![0].length);
    let [twos, fours] = [0, 0];
    for (let i = 1; i < widths.length; i++) {
      if (widths[i] - widths[i - 1] === 2) twos++;
      else if (widths[i] - widths[i - 1] === 4) fours++;
    }
    const step = twos >= fours && twos > 0 ? 2 : 4;
    const reindent = (line: string) => line.replace(/^[\t ]+/, (indent) => (indent.includes('\t') ? indent.replace(/\t/g, '    ') : ' '.repeat(Math.floor(indent.length / step) * step * 2 + (indent.length % step))));
    const content = file.after.split('\n').map(reindent).join('\n');
    if (content === file.after) return '';
    const fence = content.includes('```') ? '````' : '```';
    out.push(file.path, fence, content.endsWith('\n') ? content.slice(0, -1) : content, fence, '');
  }
  return out.join('\n');
}

function lazyReply(files: readonly FileDiff[], context: number, copilot = false): string {
  const out: string[] = [];
  let elided = false;
  for (const file of files) {
    const comment = /\.(?:py|rb|sh|ya?ml|toml)$/i.test(file.path) ? '#' : /\.(?:[cm]?[jt]sx?|go|rs|java|kt|c|h|cc|cpp|cs|swift|php|scala)$/i.test(file.path) ? '//' : undefined;
    if (file.before === undefined || file.after === undefined || comment === undefined) return '';
    if (!file.after.endsWith('\n') || file.after.includes('\r') || file.before.includes('\r')) return '';
    const lines: string[] = [];
    const parts = diffArrays(toLines(file.before), toLines(file.after));
    // Removed lines a snippet cannot state: next to an elision (with no context kept, every
    // removal), or at the file's first or last lines (the snippet then starts or ends with the
    // context after or before them, as a part of the file does). Such commits are left out.
    const n = parts.length;
    if (context === 0 && parts.some((part) => part.removed)) return '';
    if (parts[0]?.removed || (parts[0]?.added && parts[1]?.removed) || parts[n - 1]?.removed || (parts[n - 1]?.added && parts[n - 2]?.removed)) return '';
    // Nor one whose kept context on a side cut to an elision is only braces and blank lines that
    // the removed lines also end (or start) with: that context stands at the removed block's own
    // edge just as well (`}` and a blank line after a removed method), so the snippet does not
    // say which lines go.
    const cut = (k: number) => parts[k] !== undefined && !parts[k].added && !parts[k].removed && parts[k].value.length - (k === 0 ? 0 : context) - (k === n - 1 ? 0 : context) >= 3;
    const weak = (lines: readonly string[]) => !lines.some(hasText);
    const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((line, k) => line.trim() === b[k].trim());
    for (let k = 0; k < n; k++) {
      if (!parts[k].removed) continue;
      const removed = parts[k].value;
      const above = parts[k - 1]?.added ? k - 2 : k - 1;
      const below = parts[k + 1]?.added ? k + 2 : k + 1;
      const before = cut(above) ? parts[above].value.slice(-context) : [];
      const after = cut(below) ? parts[below].value.slice(0, context) : [];
      if (before.length > 0 && weak(before) && same(before, removed.slice(-before.length))) return '';
      if (after.length > 0 && weak(after) && same(after, removed.slice(0, after.length))) return '';
    }
    parts.forEach((part, i) => {
      if (part.removed) return;
      if (part.added) {
        lines.push(...part.value);
        return;
      }
      const keepBefore = i === 0 ? 0 : context;
      const keepAfter = i === parts.length - 1 ? 0 : context;
      const run = part.value;
      if (run.length - keepBefore - keepAfter < 3) {
        lines.push(...run);
        return;
      }
      const cut = run.slice(keepBefore, run.length - keepAfter);
      const indent = /^[ \t]*/.exec(cut.find((l) => l.trim() !== '') ?? '')![0];
      lines.push(...run.slice(0, keepBefore), copilot ? `${indent}${comment} ...existing code...` : `${indent}${comment} ... existing code ...`, ...run.slice(run.length - keepAfter));
      elided = true;
    });
    // Copilot: the path in a comment on the fence's first line, the fence named by language.
    if (copilot) out.push('```' + (comment === '#' ? 'python' : 'typescript'), `${comment} filepath: ${file.path}`, ...lines, '```', '');
    else out.push(file.path, '```', ...lines, '```', '');
  }
  return elided ? out.join('\n') : '';
}

/**
 * Whether `format` can state this commit at all: SEARCH/REPLACE and apply_patch have no way to say
 * "no newline at the end", nor to give a new file CRLF endings; such commits are left out of them.
 */
function expressible(format: string, files: readonly FileDiff[]): boolean {
  if (!format.startsWith('search-replace') && !format.startsWith('apply-patch') && !format.startsWith('tool-call')) return true;
  return files.every((file) => {
    if (file.hunks.some((hunk) => hunk.some((line) => line.startsWith('\\')))) return false;
    if (file.before === undefined && file.after !== undefined) return file.after.endsWith('\n') && !file.after.includes('\r');
    return true;
  });
}

/**
 * Claude Code's Edit and Write tool calls, one JSON object per hunk in a fence, applied in turn:
 * `old_string` the hunk's old lines, `new_string` its new lines (a new file: `content`). Fragment:
 * as models trim them, only the changed lines (an insertion or a deletion keeps the line above it), the first
 * line's indentation left out of both strings (a fragment that starts mid-line). A deletion has no
 * form here.
 */
function toolCallReply(files: readonly FileDiff[], fragment: boolean, escaped: boolean, numbered: boolean): string {
  const out: string[] = [];
  // Escaped: every string escaped once more than JSON needs (`\\n` in the JSON for a line break),
  // as models that write tool calls by hand sometimes do: read back, the texts hold `\n`, `\"`.
  const twice = (text: string) => (escaped ? JSON.stringify(text).slice(1, -1) : text);
  const call = (value: Record<string, string>) => out.push('```json', JSON.stringify(Object.fromEntries(Object.entries(value).map(([key, text]) => [key, key === 'file_path' ? text : twice(text)])), null, 2), '```', '');
  for (const file of files) {
    if (file.after === undefined) continue;
    if (file.before === undefined) {
      call({ file_path: file.path, content: file.after });
      continue;
    }
    for (const [h, hunk] of file.hunks.entries()) {
      let body = hunk.filter((l) => !l.startsWith('\\'));
      if (fragment) {
        const changed = body.map((l, k) => (l[0] === '-' || l[0] === '+' ? k : -1)).filter((k) => k >= 0);
        let from = changed[0];
        const to = changed[changed.length - 1] + 1;
        // An insertion alone says nothing of where it goes, and a deletion alone would leave its
        // last line break: the line above comes along.
        const part = body.slice(from, to);
        if (!part.some((l) => l[0] === '-') || !part.some((l) => l[0] === '+')) {
          // Up to a line with text (a blank line says nothing either).
          while (from > 0 && (from === changed[0] || body[from].slice(1).trim() === '' || body[from][0] === '+')) from--;
        }
        body = body.slice(from, to);
      }
      let oldLines = body.filter((l) => l[0] !== '+').map((l) => l.slice(1));
      let newLines = body.filter((l) => l[0] !== '-').map((l) => l.slice(1));
      if (fragment && oldLines.length > 0) {
        const indent = /^[ \t]*/.exec(oldLines[0])![0];
        if (newLines[0]?.startsWith(indent)) {
          oldLines = [oldLines[0].slice(indent.length), ...oldLines.slice(1)];
          newLines = [newLines[0].slice(indent.length), ...newLines.slice(1)];
        }
      }
      // Numbered: the old lines as Claude Code's Read shows them, `    12→code`, copied with its
      // numbers (the new lines plain).
      if (numbered) oldLines = withLineNumbers(oldLines, oldStart(file.headers[h]), (n) => `${String(n).padStart(6)}\u2192`);
      call({ file_path: file.path, old_string: oldLines.join('\n'), new_string: newLines.join('\n') });
    }
  }
  return out.join('\n');
}

/** The old side's first line number in a hunk's `@@ -12,5 +12,6 @@` header (1 when it has none). */
function oldStart(header: string | undefined): number {
  return Math.max(1, Number(/^@@ -(\d+)/.exec(header ?? '')?.[1] ?? 1));
}

/** `lines` as a file view prints them from line `first` on, each after `gutter(number)`. */
function withLineNumbers(lines: readonly string[], first: number, gutter: (n: number) => string): string[] {
  return lines.map((line, k) => gutter(first + k) + line);
}

/** ASCII for the typographic punctuation models cannot reproduce (what the unicode rung folds). */
function foldPunctuation(line: string): string {
  return line.replace(/[\u2018\u2019\u201a\u2032]/g, "'").replace(/[\u201c\u201d\u201e\u2033]/g, '"').replace(/[\u2013\u2014\u2212]/g, '-').replace(/\u2026/g, '...').replace(/\u00a0/g, ' ');
}

/** The indentation of the first non-blank line after `k` (a blank line written as editors keep it). */
function indentOfNext(lines: readonly string[], k: number): string {
  for (let i = k + 1; i < lines.length; i++) if (lines[i].trim() !== '') return /^[ \t]*/.exec(lines[i])![0];
  return '';
}

/**
 * A hunk's replacement with each run of three or more context lines between non-blank first and
 * last lines cut to those two around an elision marker (in the file's comment syntax). A hunk
 * without such a run is returned in full.
 */
function elideUnchanged(body: readonly string[], path: string, side: 'new' | 'old' = 'new'): string[] {
  const hash = /\.(?:py|sh|bash|ya?ml|toml|rb|pl|r|cfg|ini|conf|mk)$|(?:^|\/)(?:Makefile|Dockerfile)$/i.test(path);
  const out: string[] = [];
  let k = 0;
  while (k < body.length) {
    if (body[k][0] !== ' ') {
      if (body[k][0] !== (side === 'new' ? '-' : '+')) out.push(body[k].slice(1));
      k++;
      continue;
    }
    let end = k;
    while (end < body.length && body[end][0] === ' ') end++;
    const run = body.slice(k, end).map((l) => l.slice(1));
    if (run.length >= 3 && run[0].trim() !== '' && run[run.length - 1].trim() !== '') {
      const indent = /^[ \t]*/.exec(run[1].trim() === '' ? run[0] : run[1])![0];
      out.push(run[0], `${indent}${hash ? '#' : '//'} ... existing code ...`, run[run.length - 1]);
    } else out.push(...run);
    k = end;
  }
  return out;
}

function toLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const commits = git('log', '--no-merges', '--format=%h', '-n', String(options.commits)).split('\n').filter(Boolean);
say(`Replaying up to ${commits.length} commits of ${options.repo} in ${options.formats.length} formats`);
say(`Reproduce: npm run replay -- --repo ${options.repo} --commits ${options.commits}${options.paths.length ? ` --paths '${options.paths.join(' ')}'` : ''}`);
const totals = new Map<string, { exact: number; refused: number; wrong: number; codes: Map<string, number> }>();
const wrongs: string[] = [];
/** Per behind form: files written where git's merge conflicts, every change of both sides kept. */
const behindPastConflicts = new Map<string, number>();

for (const format of options.formats) totals.set(format, { exact: 0, refused: 0, wrong: 0, codes: new Map() });

for (const commit of commits) {
  let changed: string[];
  try {
    changed = git('diff', '--name-only', '--no-renames', `${commit}~1`, commit, '--', ...options.paths).split('\n').filter(Boolean);
  } catch {
    continue; // the root commit has no parent
  }
  const before = new Map(changed.map((p) => [p, fileAt(`${commit}~1`, p)] as const));
  const after = new Map(changed.map((p) => [p, fileAt(commit, p)] as const));
  // Files that are binary or huge on either side (and were not simply added or deleted) are left out.
  const paths = changed.filter((p) => (before.get(p) !== undefined || after.get(p) !== undefined) && !isSkipped(p, commit));
  if (paths.length === 0) continue;
  const files = splitDiff(git('diff', '--no-color', '--no-renames', '-U3', `${commit}~1`, commit, '--', ...paths), (p) => before.get(p), (p) => after.get(p));
  for (const format of options.formats) {
    if (!expressible(format, files)) continue;
    if (format.endsWith(MISFILED)) {
      replayMisfiled(format, commit, paths, files);
      continue;
    }
    if (format.endsWith(BEHIND)) {
      replayBehind(format, commit, files);
      continue;
    }
    const reply = replyFor(format, commit, paths, files);
    if (reply.trim() === '') continue;
    const tally = totals.get(format)!;
    // Path forms name files the engine must find: it is given the tree as the CLI's suffix
    // search sees it, and reads any file of it.
    const pathForm = format === 'diff-basename' || format === 'diff-rooted' || format.endsWith('-basename');
    const tree = pathForm ? git('ls-tree', '-r', '--name-only', `${commit}~1`).split('\n').filter(Boolean) : [];
    const read = (p: string) => (before.has(p) ? before.get(p) : pathForm && tree.includes(p) ? fileAt(`${commit}~1`, p) : undefined);
    const locateMissing = (wanted: string) => {
      const found = tree.filter((file) => endsWithPath(file, wanted));
      return found.length > 0 && found.length <= MAX_PATH_CANDIDATES ? found.sort() : undefined;
    };
    const result = runReply(reply, read, pathForm ? { locateMissing } : {});
    if (!result.receipt.ok) {
      tally.refused++;
      for (const code of new Set(result.receipt.errors.map((e) => e.code))) tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
      if (options.dump !== undefined && options.dumpRefused) dumpCase(join(options.dump, `refused-${format}-${commit}`), reply, paths, before, after);
      if (options.verbose) say(`refused ${format} ${commit}: ${result.receipt.errors.slice(0, 2).map((e) => `${e.code} ${e.path}: ${e.message.slice(0, 160)}`).join(' | ')}`);
      continue;
    }
    const proposed = new Map<string, string | undefined>();
    for (const c of result.changes) {
      if (c.to !== undefined) proposed.set(c.path, undefined);
      proposed.set(c.to ?? c.path, c.newText);
    }
    const differs = paths.filter((p) => {
      const expected = after.get(p);
      const got = proposed.has(p) ? proposed.get(p) : before.get(p);
      // A SEARCH/REPLACE reply cannot delete a file: its deletions are not counted against it.
      if ((format.startsWith('search-replace') || format.startsWith('tool-call')) && expected === undefined) return false;
      return got !== expected;
    });
    if (differs.length === 0) tally.exact++;
    else {
      tally.wrong++;
      wrongs.push(`${format} ${commit}: ${differs.join(', ')}`);
      if (options.dump !== undefined) dumpCase(join(options.dump, `${format}-${commit}`), reply, paths, before, after);
      if (options.explain) {
        const p = differs[0];
        const got = proposed.has(p) ? proposed.get(p) : before.get(p);
        say(`--- ${format} ${commit} ${p}: the commit's version (-) against the engine's (+)`);
        say(createTwoFilesPatch(`commit/${p}`, `engine/${p}`, after.get(p) ?? '', got ?? '', '', '', { context: 2 }).split('\n').slice(2, 60).join('\n'));
        say('--- reply:');
        say(reply.slice(0, 3000));
      }
    }
  }
}

/**
 * Replays each hunk of the commit's modified files alone, in the misfiled form `format`, against
 * the file's sibling: the next file of its folder (in name order, same extension, not changed by
 * the commit) at the commit's parent. See `MISFILED`.
 */
function replayMisfiled(format: string, commit: string, paths: string[], files: FileDiff[]): void {
  const base = format.slice(0, -MISFILED.length);
  const tally = totals.get(format)!;
  const tree = git('ls-tree', '-r', '--name-only', `${commit}~1`).split('\n').filter(Boolean);
  const squeezed = (lines: readonly string[]) => lines.map((l) => l.replace(/\s+/g, '')).filter((l) => l !== '');
  for (const file of files) {
    if (file.before === undefined || file.after === undefined) continue;
    const folder = file.path.slice(0, file.path.lastIndexOf('/') + 1);
    const extension = /\.[^./]*$/.exec(file.path)?.[0] ?? '';
    const candidates = tree.filter((p) => p.startsWith(folder) && !p.slice(folder.length).includes('/') && p.endsWith(extension) && !paths.includes(p)).sort();
    const sibling = candidates.find((p) => p > file.path) ?? candidates[0];
    const text = sibling === undefined ? undefined : fileAt(`${commit}~1`, sibling);
    if (sibling === undefined || text === undefined) continue;
    const theirs = '\n' + squeezed(toLines(text)).join('\n') + '\n';
    file.hunks.forEach((hunk, h) => {
      const old = squeezed(hunk.filter((l) => l[0] === ' ' || l[0] === '-').map((l) => l.slice(1)));
      if (old.length === 0 || theirs.includes('\n' + old.join('\n') + '\n')) return;
      const one: FileDiff = { ...file, path: sibling, hunks: [hunk], headers: [file.headers[h]] };
      if (!expressible(base, [one])) return;
      const reply = base === 'diff' ? [`diff --git a/${sibling} b/${sibling}`, `--- a/${sibling}`, `+++ b/${sibling}`, file.headers[h], ...hunk, ''].join('\n') : replyFor(base, commit, [sibling], [one]);
      if (reply.trim() === '') return;
      const result = runReply(reply, (p) => (p === sibling ? text : undefined));
      const written = result.receipt.ok && result.changes.some((c) => c.newText !== text);
      const codes = result.receipt.ok ? ['ALREADY_APPLIED'] : result.receipt.errors.map((e) => e.code);
      if (!written) {
        tally.refused++;
        for (const code of new Set(codes)) tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
        return;
      }
      tally.wrong++;
      wrongs.push(`${format} ${commit}: ${file.path} hunk ${h + 1} written into ${sibling}`);
      if (options.dump !== undefined) dumpCase(join(options.dump, `${format}-${commit}-${h + 1}`), reply, [sibling], new Map([[sibling, text]]), new Map([[sibling, text]]));
      if (options.verbose) say(`wrong ${format} ${commit}: ${file.path} hunk ${h + 1} into ${sibling}: ${result.receipt.files.flatMap((f) => f.edits.map((e) => `${e.strategy} ${e.score}`)).join(', ')}`);
    });
  }
}

/** Replays each modified file's change alone onto the file before its previous change: see `BEHIND`. */
function replayBehind(format: string, commit: string, files: FileDiff[]): void {
  const base = format.slice(0, -BEHIND.length);
  const tally = totals.get(format)!;
  for (const file of files) {
    if (file.before === undefined || file.after === undefined || !expressible(base, [file])) continue;
    const previous = git('log', '-n', '1', '--format=%h', `${commit}~1`, '--', file.path).trim();
    const older = previous === '' ? undefined : fileAt(`${previous}~1`, file.path);
    if (older === undefined || older === file.before || older.includes('\r') || file.before.includes('\r')) continue;
    const merged = mergeFile(older, file.before, file.after);
    const reply = base === 'diff' ? [`diff --git a/${file.path} b/${file.path}`, `--- a/${file.path}`, `+++ b/${file.path}`, ...file.hunks.flatMap((hunk, h) => [file.headers[h], ...hunk]), ''].join('\n') : replyFor(base, commit, [file.path], [file]);
    if (reply.trim() === '') continue;
    const result = runReply(reply, (p) => (p === file.path ? older : undefined));
    const label = `${format} ${commit}: ${file.path} onto ${previous}~1`;
    if (!result.receipt.ok) {
      tally.refused++;
      for (const code of new Set(result.receipt.errors.map((e) => e.code))) tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
      if (merged.clean) tally.codes.set('(merge clean)', (tally.codes.get('(merge clean)') ?? 0) + 1);
      if (options.verbose) say(`refused ${label}${merged.clean ? ' (the merge is clean)' : ''}: ${result.receipt.errors.slice(0, 2).map((e) => `${e.code} ${e.message.slice(0, 160)}`).join(' | ')}`);
      continue;
    }
    const got = result.changes.find((c) => c.path === file.path)?.newText ?? older;
    if (merged.clean ? got === merged.text : keepsBothChanges(older, file.before, file.after, got)) {
      tally.exact++;
      if (!merged.clean) behindPastConflicts.set(format, (behindPastConflicts.get(format) ?? 0) + 1);
      continue;
    }
    tally.wrong++;
    wrongs.push(`${label}: ${merged.clean ? 'differs from the clean merge' : 'written where the merge conflicts'}`);
    if (options.dump !== undefined) {
      const dir = join(options.dump, `${format}-${commit}-${file.path.replace(/\//g, '_')}`);
      dumpCase(dir, reply, [file.path], new Map([[file.path, older]]), new Map([[file.path, merged.text]]));
      writeFileSync(join(dir, 'merge.txt'), merged.clean ? 'clean\n' : 'conflicts: after/ holds the conflict markers\n');
    }
    if (options.explain) say(createTwoFilesPatch(`merge/${file.path}`, `engine/${file.path}`, merged.text, got, '', '', { context: 2 }).split('\n').slice(2, 60).join('\n'));
  }
}

/**
 * True when `result`'s lines, indentation and blank lines aside, are `ours`'s plus what `theirs`
 * adds to `base` and minus what it removes, counted per distinct line: the order is not checked
 * (git could not merge these), but a line of the user's lost or of the reply's dropped is.
 */
function keepsBothChanges(ours: string, base: string, theirs: string, result: string): boolean {
  const counts = (text: string) => {
    const map = new Map<string, number>();
    for (const line of text.split('\n')) {
      const key = line.trim();
      if (key !== '') map.set(key, (map.get(key) ?? 0) + 1);
    }
    return map;
  };
  const [o, b, t, r] = [ours, base, theirs, result].map(counts);
  for (const key of new Set([...o.keys(), ...b.keys(), ...t.keys(), ...r.keys()])) {
    const expected = Math.max(0, (o.get(key) ?? 0) + (t.get(key) ?? 0) - (b.get(key) ?? 0));
    if ((r.get(key) ?? 0) !== expected) return false;
  }
  return true;
}

/** `git merge-file -p`: `theirs`'s change from `base` merged into `ours`; clean when it has no conflicts. */
function mergeFile(ours: string, base: string, theirs: string): { clean: boolean; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'replay-merge-'));
  try {
    const [a, b, c] = ['ours', 'base', 'theirs'].map((name, k) => {
      const path = join(dir, name);
      writeFileSync(path, [ours, base, theirs][k]);
      return path;
    });
    try {
      return { clean: true, text: execFileSync('git', ['merge-file', '-p', a, b, c], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }) };
    } catch (error) {
      const { status, stdout } = error as { status: number | null; stdout: string };
      if (status !== null && status > 0) return { clean: false, text: stdout };
      throw error;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes one case as files: the reply, and each path's text before and after the commit. */
function dumpCase(dir: string, reply: string, paths: readonly string[], before: ReadonlyMap<string, string | undefined>, after: ReadonlyMap<string, string | undefined>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'reply.md'), reply);
  for (const [side, texts] of [['before', before], ['after', after]] as const) {
    for (const p of paths) {
      const text = texts.get(p);
      if (text === undefined) continue;
      mkdirSync(dirname(join(dir, side, p)), { recursive: true });
      writeFileSync(join(dir, side, p), text);
    }
  }
}

function isSkipped(path: string, commit: string): boolean {
  for (const rev of [`${commit}~1`, commit]) {
    try {
      const size = Number(git('cat-file', '-s', `${rev}:${path}`).trim());
      if (size > 1_000_000) return true;
      if (fileAt(rev, path) === undefined) return true;
    } catch {
      // absent on this side: an added or deleted file
    }
  }
  return false;
}

say();
say('format                 exact  refused  WRONG  refusals by code');
for (const [format, t] of totals) {
  const codes = [...t.codes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(', ');
  say(`${format.padEnd(21)} ${String(t.exact).padStart(6)} ${String(t.refused).padStart(8)} ${String(t.wrong).padStart(6)}  ${codes}`);
}
for (const [format, count] of behindPastConflicts) say(`${format}: ${count} of its exact files were written where git's merge conflicts, every change of both sides kept`);
if (wrongs.length > 0) {
  say();
  say('Wrong results (accepted, but a file differs from the commit):');
  for (const line of wrongs) say(`  ${line}`);
}
process.exit(wrongs.length > 0 ? 1 : 0);
