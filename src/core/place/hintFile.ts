import type { InsertOp, ParsedReply, ReplaceOp, RewriteFileOp, UnnamedFile } from '../ir';
import { type AlignedRun, alignLines, isEditOf, lineGoesOn, onlyDefinitionOf } from '../elisionMerge/lines';
import { resolvePath } from '../paths';
import { fenceMayHoldFile } from '../parse/fences';
import { withoutListMarkers } from '../parse/paths';
import type { PlanOptions, ReadFile } from '../pipeline';
import { FileIndex } from '../locate/fileIndex';
import { looksBinary, splitFileText, toLines } from '../text/fileText';
import { normaliseEol } from './opText';
import { inFileIndentation } from './fileIndentation';
import { type ReplacedDefinition, closedByTheMerge, definitionLine, definitionReplaced, partNameIn, sharesBody } from './hintFile/definitions';
import { importsToAdd } from './hintFile/imports';
import { reprintedPlace } from './hintFile/reprint';
import { importsRelatively } from './bareNewFile';
import { type CopiedFile, copiedFileOf, namesAsModel } from './hintFile/modelFile';

/**
 * The reply's one fenced file without a path, as a rewrite of the hint file (`text`), when that
 * block is plainly the whole file (`plainlyWhole`). Anything less (an example, a function shown on
 * its own, two candidates) is not the whole file: see `hintFileOps` for the parts.
 */
function wholeHintFile(unnamedFiles: readonly UnnamedFile[], hintPath: string, text: string): RewriteFileOp | undefined {
  const matching = unnamedFiles.filter((unnamed) => readsAsWholeFile(unnamed, text));
  if (matching.length !== 1) return undefined;
  const [block] = matching;
  return {
    kind: 'rewrite',
    path: hintPath,
    content: block.content,
    partial: false,
    source: { block: 1, format: 'whole-file', startLine: block.startLine, endLine: block.endLine },
  };
}

/**
 * True when a block (its lines with text, trimmed) is plainly the whole file (`fileLines`, the
 * same): it starts and ends with the file's first and last lines and holds at least half of the
 * file's other lines. Or it writes new lines only above the file's first line and below its last
 * (an import added at the top, a function's last lines rewritten: pi-fast-apply's Python file
 * whose `return` became a `try`/`except`), the file's lines between, at least half of them, in
 * the file's order: a part of the file (a function shown alone, the top of the file) does not
 * hold both its first and its last line. Or it is the file line for line, as many lines, all but a
 * third of them at most the file's own at the same place: a short file with its first or last line
 * changed (a 4-line `.reg` whose value, its last line, was set anew) has nothing else to show. Or
 * its edge lines are the file's edited in place (`editedAtItsEdges`).
 */
function plainlyWhole(lines: readonly string[], fileLines: readonly string[]): boolean {
  if (lines.length < 3) return false;
  if (lines.length === fileLines.length) {
    const changed = lines.filter((line, i) => line !== fileLines[i]).length;
    if (changed <= lines.length / 3) return true;
  }
  const [first, last] = [fileLines[0], fileLines[fileLines.length - 1]];
  if (lines[0] === first && lines[lines.length - 1] === last) {
    const present = new Set(lines);
    return fileLines.filter((line) => present.has(line)).length >= fileLines.length / 2;
  }
  const inFile = new Set(fileLines);
  const start = lines.indexOf(first);
  const end = lines.lastIndexOf(last);
  if (start === -1 || end <= start || [...lines.slice(0, start), ...lines.slice(end + 1)].some((line) => inFile.has(line))) return editedAtItsEdges(lines, fileLines);
  return keptLines(alignLines(fileLines, lines.slice(start, end + 1), (a, b) => a === b)) >= fileLines.length / 2;
}

/** How many lines an alignment keeps of both sides. */
function keptLines(runs: readonly AlignedRun[]): number {
  return runs.filter((run) => !run.added && !run.removed).reduce((sum, run) => sum + run.value.length, 0);
}

/**
 * True when the block is the file, at least half of its lines kept in the file's order, whose
 * first or last lines it does not hold because it edited them in place: aligned with the file,
 * the file's lines above the first line kept (and below the last) are the block's lines there, as
 * many, each an edit of the file's (`isEditOf`, or the line going on: `lineGoesOn`). A README
 * re-printed whole in a ```` ```markdown ```` fence with its last list item extended (`-   Run
 * \`go run main.go\` for development (you can also pass flags: …).`) was refused as naming no
 * place. A part of the file still is not the whole: the top of the file shown alone leaves the
 * file's lines below it with no lines of the block to stand for them.
 */
function editedAtItsEdges(lines: readonly string[], fileLines: readonly string[]): boolean {
  const runs = alignLines(fileLines, lines, (a, b) => a === b);
  const keptAt = runs.flatMap((run, i) => (run.added || run.removed ? [] : [i]));
  if (keptAt.length === 0 || keptLines(runs) < fileLines.length / 2) return false;
  const above = runs.slice(0, keptAt[0]);
  const below = runs.slice(keptAt[keptAt.length - 1] + 1);
  return (above.length > 0 || below.length > 0) && editedInPlace(above) && editedInPlace(below);
}

/** True when the runs' lines of the block (`added`) are the file's (`removed`), as many, each edited. */
function editedInPlace(runs: readonly AlignedRun[]): boolean {
  const was = runs.filter((run) => run.removed).flatMap((run) => run.value);
  const now = runs.filter((run) => run.added).flatMap((run) => run.value);
  return was.length === now.length && was.every((line, i) => isEditOf(line, now[i]) || lineGoesOn(line, now[i]));
}

/** True when the block is plainly the whole file `text` (`plainlyWhole`, on both sides' lines with text, trimmed). */
function readsAsWholeFile(unnamed: UnnamedFile, text: string): boolean {
  const fileLines = toLines(normaliseEol(text)).map((line) => line.trim()).filter((line) => line !== '');
  if (fileLines.length < 3) return false;
  return plainlyWhole(toLines(unnamed.content).map((line) => line.trim()).filter((line) => line !== ''), fileLines);
}

/** The hint file's text, when `hintPath` names a readable text file inside the root. */
function hintFileText(readFile: ReadFile, hintPath: string, options: PlanOptions): string | undefined {
  const resolved = resolvePath(hintPath, options.root);
  const text = resolved.ok ? readFile(resolved.path) : undefined;
  return text === undefined || looksBinary(text) ? undefined : text;
}

/** An op the hint file takes from a fenced block without a path, with the note that says why. */
export interface HintedOp {
  readonly op: RewriteFileOp | InsertOp | ReplaceOp;
  readonly note?: string;
}

/**
 * The ops the hint file takes from the reply's fenced blocks without a path, when the reply has no
 * other edit: the one block that is plainly the whole file (`wholeHintFile`), or else the blocks
 * that each give one definition of the file anew, as parts of it ("Here's the updated function:",
 * the function alone; placed like a snippet, see `mergeFragment`). A block gives a definition when
 * its first line of code (below comments and decorators) defines a name (`def save(`, `function
 * save(`, `public void save(`) that the file defines exactly once, whose body goes on like the
 * file's (`sharesBody`), and that no other block of the reply defines otherwise. Blocks that
 * define nothing the file defines (a call, a test of it) stay illustrations, left out as before;
 * two blocks defining the same name differently (two versions) leave the choice to the user:
 * nothing is taken, and `twice` says why. No ops when nothing is.
 *
 * With no hint file, the file a sentence above the blocks names ("Updated `Config.from_file` in
 * `src/flask/config.py`:", then the method whole) takes the blocks under such sentences by the
 * same rules, when all those sentences name that one file: the reply says which file as surely as
 * a target file would, and the rules keep a block the file does not define once out of it.
 */
export function hintFileOps(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions): HintedOps {
  if (!parsed.unnamedFiles?.length) return { ops: [] };
  if (options.hintPath !== undefined) {
    const snippets = parsed.unnamedFiles.filter((block) => block.elided);
    if (snippets.length > 0) return { ops: snippets.map((block, i) => ({ op: snippetOp(block, options.hintPath!, i + 1) })) };
    return fileOpsOf(parsed.unnamedFiles, options.hintPath, false, readFile, options);
  }
  const named = parsed.unnamedFiles.filter((block) => block.namedInSentence !== undefined && !block.elided);
  const paths = new Set(named.map((block) => block.namedInSentence));
  if (paths.size === 1) {
    const [path] = named.map((block) => block.namedInSentence!);
    const taken = fileOpsOf(named, path, true, readFile, options);
    if (taken.ops.length > 0 || taken.twice !== undefined) return taken;
  }
  return wholeFilesAmongMentions(parsed.unnamedFiles, readFile, options);
}

/**
 * The blocks without a path under a sentence that names several files (`mentionedInSentence`),
 * each as the whole of the one of them it is plainly the whole of (`plainlyWhole`): "Leave
 * `config.py` as it is and change `app/__init__.py` so …:", "`unique_username` now lives in
 * `validators.py`; here is the updated `forms.py`:", "Read the mail settings in `config.py` rather
 * than in `app/__init__.py`:", each above one file whole, were refused as naming no file, though
 * the block matched one named file almost line for line and the other not at all. Taken only when
 * every file the sentence names exists, the block is plainly the whole of exactly one, no other
 * block is taken for that file, the sentence does not make a file (`makesAFile`): "Copy
 * `config.py` to `config_prod.py` and set DEBUG:" above config.py's lines, changed, means the new
 * file, and writing them over config.py would be a wrong write, and it does not name that file as
 * the model of another (`namesAsModel`): "Make `config/dev.toml` identical to `config/prod.toml`
 * except that `debug` stays on:" above prod.toml with debug on turned debug on in production.
 *
 * Such a sentence that opens by copying one named file to the other, or by making one like the
 * other (`copiedFileOf`), says where the block goes: a block plainly the model whole (and not the
 * other file whole too) is the other file's new text, rewritten, or created when the sentence
 * copies it to a file that does not exist ("Copy `config/prod.toml` to `config/staging.toml` and
 * turn on debug:" was refused as naming no file).
 */
function wholeFilesAmongMentions(blocks: readonly UnnamedFile[], readFile: ReadFile, options: PlanOptions): HintedOps {
  let modelOnly: string | undefined;
  const byPath = new Map<string, { block: UnnamedFile; why: string }[]>();
  const take = (path: string, block: UnnamedFile, why: string) => byPath.set(path, [...(byPath.get(path) ?? []), { block, why }]);
  for (const block of blocks) {
    const mentions = block.mentionedInSentence;
    if (block.elided || mentions === undefined) continue;
    const sentence = block.sentence ?? '';
    const copied = copiedFileOf(sentence, mentions);
    const made = copied === undefined ? undefined : madeAfterModel(block, copied, readFile, options);
    if (made !== undefined) {
      take(copied!.target, block, made);
      continue;
    }
    if (makesAFile(sentence)) continue;
    const texts = mentions.map((path) => hintFileText(readFile, path, options));
    if (texts.some((text) => text === undefined)) continue;
    const wholeOf = mentions.filter((_, i) => readsAsWholeFile(block, texts[i]!));
    if (wholeOf.length !== 1) continue;
    if (namesAsModel(sentence, wholeOf[0])) {
      modelOnly ??= `the sentence above the block at reply lines ${block.startLine}-${block.endLine} names ${mentions.join(' and ')}, and the block is plainly the whole of ${wholeOf[0]}, which the sentence takes as the model of another file: written over it, it would change the model`;
      continue;
    }
    take(wholeOf[0], block, `the code block names no file, and the sentence above it names ${mentions.join(' and ')}: it is plainly the whole of ${wholeOf[0]}, and of no other`);
  }
  const taken = [...byPath].filter(([, found]) => found.length === 1).sort(([, [a]], [, [b]]) => a.block.startLine - b.block.startLine);
  const ops = taken.map(([path, [{ block, why }]], i): HintedOp => ({
    op: { kind: 'rewrite', path, content: block.content, partial: false, source: { block: i + 1, format: 'whole-file', startLine: block.startLine, endLine: block.endLine } },
    note: why,
  }));
  return { ops, ...(ops.length === 0 && modelOnly !== undefined ? { modelOnly } : {}) };
}

/**
 * Why `block` is the new text of the file a sentence makes after another (`copied`), or undefined
 * when it is not: the model must be a readable file the block is plainly the whole of, and the
 * target either a readable file the block is not plainly the whole of too (then which of the two
 * the block shows is a guess), or, when the sentence copies the model, a file that does not exist.
 */
function madeAfterModel(block: UnnamedFile, copied: CopiedFile, readFile: ReadFile, options: PlanOptions): string | undefined {
  const model = hintFileText(readFile, copied.model, options);
  if (model === undefined || !readsAsWholeFile(block, model)) return undefined;
  const target = hintFileText(readFile, copied.target, options);
  if (target === undefined ? !(copied.copies && isMissing(readFile, copied.target, options)) : readsAsWholeFile(block, target)) return undefined;
  const says = copied.copies ? `copies ${copied.model} to ${copied.target}` : `makes ${copied.target} like ${copied.model}`;
  return `the code block names no file, and the sentence above it ${says}: the block, plainly the whole of ${copied.model}, is ${copied.target}'s new text, not ${copied.model}'s`;
}

/**
 * True when a sentence says a file is made, copied or moved ("create", "new file", "copy …
 * to", "based on", "rename", "split", "move"), its backticked names aside: a block under it may be
 * a new file's, one that resembles the file it is made from.
 */
function makesAFile(sentence: string): boolean {
  const words = sentence.toLowerCase().replace(/`[^`]*`/g, ' ');
  return /\b(?:creat(?:e|es|ed|ing)|new|cop(?:y|ies|ied|ying)|duplicat(?:e|es|ed|ing)|clon(?:e|es|ed|ing)|templates?|based\s+on|renam(?:e|es|ed|ing)|split(?:s|ting)?|mov(?:e|es|ed|ing)|extract(?:s|ed|ing)?)\b/.test(words);
}

/**
 * A snippet with elision lines in a command language's fence (```bat), naming no file, as an edit
 * of the target file `path`: left to `withFencesFittingTheirFiles`, it is one of that script's.
 */
function snippetOp(block: UnnamedFile, path: string, number: number): RewriteFileOp {
  return { kind: 'rewrite', path, content: block.content, partial: true, source: { block: number, format: 'snippet', startLine: block.startLine, endLine: block.endLine } };
}

/**
 * `parsed` without the unnamed blocks whose fence's language says they are not the content of the
 * file they would go to (`UnnamedFile.lang`): the target file `hintPath`, or else the file the
 * sentence above names. A ```bat block is a batch file's content, not a Python file's: for that it
 * shows commands to type. Kept, such a block was read as the file whole, or as a part of it.
 */
export function withFencesFittingTheirFiles(parsed: ParsedReply, hintPath: string | undefined): ParsedReply {
  const unnamed = parsed.unnamedFiles;
  if (unnamed === undefined || !unnamed.some((block) => block.lang !== undefined)) return parsed;
  const fitting = unnamed.filter((block) => {
    if (block.lang === undefined) return true;
    const target = hintPath ?? block.namedInSentence;
    return target !== undefined && fenceMayHoldFile(block.lang, target, toLines(block.content), false);
  });
  const { unnamedFiles: _dropped, ...rest } = parsed;
  return fitting.length > 0 ? { ...rest, unnamedFiles: fitting } : rest;
}

/**
 * The ops `path` takes from `blocks` (see `hintFileOps`): the hint file's, or (`namedInSentence`)
 * the file the sentences above the blocks name, which the notes then say.
 */
function fileOpsOf(blocks: readonly UnnamedFile[], path: string, namedInSentence: boolean, readFile: ReadFile, options: PlanOptions): HintedOps {
  const text = hintFileText(readFile, path, options);
  if (text === undefined) return { ops: [] };
  const why = namedInSentence ? namedInSentenceWhy(path) : 'the code block names no file';
  const whole = wholeHintFile(blocks, path, text);
  if (whole) return { ops: [{ op: whole, ...(namedInSentence ? { note: plainlyWholeNote(path) } : {}) }] };
  const fileLines = toLines(normaliseEol(text));
  const defined = new Map<string, UnnamedFile[]>();
  const partName = partNameIn(path);
  const spans = new Map<UnnamedFile, ReplacedDefinition & { note?: string }>();
  for (const unnamed of blocks) {
    const lines = toLines(unnamed.content);
    const headAt = definitionLine(lines, partName);
    if (headAt === -1) continue;
    const name = partName(lines, headAt)!;
    const at = onlyDefinitionOf(name, fileLines, 0, partName);
    if (at === -1 || !sharesBody(lines, headAt, fileLines, at, partName)) continue;
    if (!closedByTheMerge(fileLines, at)) {
      // A Lisp form or a function of equations: the elision merge knows neither's extent, and
      // kept the old body beside the new one; the block is placed over the definition it gives.
      // In the file's indentation, as a part placed by the merge is: a Makefile rule given with
      // four spaces for its recipe's tabs would no longer run (`missing separator`).
      const indented = inFileIndentation(fileLines, lines);
      const span = definitionReplaced(indented.lines, headAt, fileLines, at, partName);
      if (span === undefined) continue;
      spans.set(unnamed, { ...span, ...(indented.note !== undefined ? { note: indented.note } : {}) });
    }
    const known = defined.get(name) ?? [];
    // The same version shown twice is one version.
    if (!known.some((other) => other.content === unnamed.content)) defined.set(name, [...known, unnamed]);
  }
  // Under a target file, a block that defines nothing may still re-print one place of it, edited;
  // under a sentence naming the file, when that sentence asks for the change (`asksToEdit`).
  // One that reads as the whole file is no place of it: two such blocks stay two candidates.
  let index: FileIndex | undefined;
  const reprinted = blocks.flatMap((block) => {
    if (namedInSentence && !asksToEdit(block.sentence ?? '')) return [];
    if ([...defined.values()].some((versions) => versions.includes(block)) || readsAsWholeFile(block, text)) return [];
    const place = reprintedPlace(toLines(block.content), (index ??= new FileIndex(splitFileText(text))), fileLines, path);
    return place === undefined ? [] : [{ block, place }];
  });
  for (const { block, place } of reprinted) {
    // Blocks re-printing overlapping places are versions of one part, as blocks giving one definition are.
    const first = reprinted.find((other) => other.place.start < place.end && place.start < other.place.end)!;
    const key = `lines ${first.place.start + 1}-${first.place.end}`;
    const versions = defined.get(key) ?? [];
    if (!versions.some((other) => other.content === block.content)) defined.set(key, [...versions, block]);
  }
  const twice = [...defined].find(([, versions]) => versions.length > 1);
  if (twice) {
    const [name, versions] = twice;
    return { ops: [], twice: { message: `the reply's code blocks name no file, and ${versions.length} of them (reply lines ${versions.map((b) => `${b.startLine}-${b.endLine}`).join(', ')}) each give \`${name}\` of ${path}, differently: which version is meant is a guess`, startLine: versions[0].startLine, endLine: versions[versions.length - 1].endLine } };
  }
  const parts = [...defined].map(([name, [block]]) => ({ block, name }));
  // Blocks of imports only ("Don't forget the imports:"), beside a definition taken: the imports
  // the file lacks go after its own (a part alone would use a name nothing imports).
  const imports = parts.length === 0 ? [] : blocks.flatMap((block) => {
    const insert = importsToAdd(toLines(block.content), fileLines);
    return insert === undefined ? [] : [{ block, insert }];
  });
  const taken = [...parts.map((part) => ({ startLine: part.block.startLine, part })), ...imports.map((entry) => ({ startLine: entry.block.startLine, entry }))].sort((a, b) => a.startLine - b.startLine);
  const ops = taken.flatMap((item, i): HintedOp[] => {
    if ('part' in item) {
      const { block, name } = item.part;
      const span = spans.get(block);
      const source = { block: i + 1, format: 'snippet' as const, startLine: block.startLine, endLine: block.endLine };
      if (span !== undefined) {
        return [{
          op: { kind: 'replace', path, search: span.search, replacement: span.replacement, granularity: 'lines', expectedCount: 1, lineHint: span.line, source },
          note: `${why}; it gives \`${name}\` whole, which ${path} defines once (lines ${span.line}-${span.endLine}): written over it${span.note === undefined ? '' : `; ${span.note}`}`,
        }];
      }
      const reprint = reprinted.some((r) => r.block === block);
      return [{
        op: { kind: 'rewrite', path, content: block.content, partial: true, asPart: true, source: { block: i + 1, format: 'snippet', startLine: block.startLine, endLine: block.endLine } },
        note: reprint
          ? `${why}; it re-prints ${name} of ${path} with lines changed, and no other place of ${path} holds as many of its lines: placed there as a part of ${path}`
          : `${why}; it gives \`${name}\`, which ${path} defines once: placed there as a part of ${path}`,
      }];
    }
    const { block, insert } = item.entry;
    return importOps(path, fileLines, block, insert, i + 1);
  });
  return { ops };
}

/** The edits that put a block's imports (`importsToAdd`) into the file, as block `number` of the reply. */
function importOps(path: string, fileLines: readonly string[], block: UnnamedFile, insert: NonNullable<ReturnType<typeof importsToAdd>>, number: number): HintedOp[] {
  const source = { block: number, format: 'snippet' as const, startLine: block.startLine, endLine: block.endLine };
  const note = `the code block names no file and holds imports only: those ${path} lacks go among its own imports`;
  const replaced = insert.replaced.map(({ line, text }): HintedOp => ({ op: { kind: 'replace', path, search: fileLines[line] + '\n', replacement: text + '\n', granularity: 'lines', expectedCount: 1, lineHint: line + 1, source }, note }));
  const added: HintedOp[] = insert.lines.length === 0 ? [] : [{ op: { kind: 'insert', path, afterLine: insert.afterLine, text: insert.lines.join('\n') + '\n', source }, note }];
  return [...replaced, ...added];
}

/**
 * A block of imports only that names no file ("and add `strings` to the imports:"), beside edits
 * of the reply that go to the hint file (a snippet with elisions, a block with the file's path):
 * the imports the file lacks, as edits numbered after the reply's blocks. Left out, the function
 * written used a package nothing imported, and the reply was reported applied.
 */
export function importsBesideEdits(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions): HintedOp[] {
  const path = options.hintPath;
  if (path === undefined || !parsed.unnamedFiles?.length) return [];
  if (!parsed.ops.some((op) => op.kind !== 'move' && (op.path === undefined || op.path === path))) return [];
  const text = hintFileText(readFile, path, options);
  if (text === undefined) return [];
  const fileLines = toLines(normaliseEol(text));
  let number = parsed.ops.reduce((max, op) => Math.max(max, op.source.block), 0);
  return parsed.unnamedFiles.flatMap((block) => {
    if (block.elided) return [];
    const insert = importsToAdd(toLines(block.content), fileLines);
    return insert === undefined ? [] : importOps(path, fileLines, block, insert, ++number);
  });
}

/**
 * True when a sentence opens by asking for a change ("Add the `glob` crate to
 * `crates/ignore/Cargo.toml`:", "Then bump `serde` in `Cargo.toml`:", "In `pom.xml`, …", "Reword the
 * backup bullet in `README.md`:"): a block under it that re-prints a place of the file it names,
 * with lines added or changed, is that change, as under a target file. One that only talks about the file ("`Cargo.toml` now reads
 * like this:", "This is how `main.py` uses it:") may show anything: its block stays an example.
 */
function asksToEdit(sentence: string): boolean {
  const text = withoutListMarkers(sentence.trim()).replace(/\*\*/g, '').toLowerCase();
  return /^(?:(?:and|then|now|next|finally|also|first),?\s+)?(?:add|insert|append|put|include|declare|register|pin|bump|set|change|update|modify|edit|fix|adjust|extend|replace|reword|rephrase|rewrite|rename|correct|tweak|in)\b/.test(text);
}

/** Why a block without a path goes to the file the sentence above it names. */
function namedInSentenceWhy(path: string): string {
  return `the code block names no file, and the sentence above it names ${path}`;
}

/** The note on a block without a path taken as the whole of the file a sentence names. */
function plainlyWholeNote(path: string): string {
  return `${namedInSentenceWhy(path)}: it is plainly the whole of ${path}`;
}

/**
 * Beside a reply's named edits, the fenced blocks without a path that a sentence above names a file
 * for, one block per file, the file not edited by the reply otherwise:
 * - a file that exists, with no target file given ("Update `flaskr/__init__.py` to use the new
 *   file `flaskr/health.py`:", then that file), when the block is plainly the whole of it
 *   (`plainlyWhole`): a rewrite of it. Left as an illustration (as `hintFileOps` does when the
 *   reply has other edits), such a block was dropped while the reply's other file was created and
 *   the reply reported done: the new blueprint was never registered. A block that is less than the
 *   whole file stays an illustration;
 * - a file that does not exist, which the sentence says the block goes into as a new file
 *   (`UnnamedFile.namedAsNew`: "Move `CustomJSONEncoder` from `app/__init__.py` into a new module
 *   `app/json_encoder.py`:"): created with the block. Dropped, the reply's edits of `__init__.py`
 *   that import the class from it were written alone, and the package no longer imported. The
 *   rewrite is `declaredNew` and `namedInProse`, so a file that turns out to exist is not
 *   overwritten by text unlike it (see `placeRewrite`).
 */
export function wholeFilesNamedBesideEdits(parsed: ParsedReply, readFile: ReadFile, options: PlanOptions): HintedOp[] {
  if (!parsed.unnamedFiles?.length || parsed.ops.length === 0) return [];
  const edited = new Set(parsed.ops.flatMap((op) => (op.kind === 'move' ? [op.from, op.to] : [op.path])).flatMap((path) => (path === undefined ? [] : [resolvedOrAsWritten(path, options)])));
  const byPath = new Map<string, UnnamedFile[]>();
  for (const block of parsed.unnamedFiles) {
    if (block.elided || block.namedInSentence === undefined || edited.has(resolvedOrAsWritten(block.namedInSentence, options))) continue;
    byPath.set(block.namedInSentence, [...(byPath.get(block.namedInSentence) ?? []), block]);
  }
  let number = parsed.ops.reduce((max, op) => Math.max(max, op.source.block), 0);
  const taken: HintedOp[] = [];
  for (const [path, blocks] of byPath) {
    if (blocks.length !== 1) continue;
    const [block] = blocks;
    const source = () => ({ block: ++number, format: 'whole-file' as const, startLine: block.startLine, endLine: block.endLine });
    if (block.namedAsNew && isMissing(readFile, path, options)) {
      const op: RewriteFileOp = { kind: 'rewrite', path, content: block.content, partial: false, namedInProse: true, declaredNew: true, source: source() };
      taken.push({ op, note: `the code block names no file, and the sentence above it says it goes into ${path}, a new file, which the reply does not write otherwise: created with the block` });
      continue;
    }
    if (options.hintPath !== undefined) continue;
    const text = hintFileText(readFile, path, options);
    if (text === undefined || !readsAsWholeFile(block, text)) continue;
    const op: RewriteFileOp = { kind: 'rewrite', path, content: block.content, partial: false, source: source() };
    taken.push({ op, note: plainlyWholeNote(path) });
  }
  return taken;
}

/** `path` resolved inside the root, or as written when it does not resolve (to compare the paths a reply names). */
function resolvedOrAsWritten(path: string, options: PlanOptions): string {
  const resolved = resolvePath(path, options.root);
  return resolved.ok ? resolved.path : path;
}

/** True when `path` resolves inside the root and no file is there. */
function isMissing(readFile: ReadFile, path: string, options: PlanOptions): boolean {
  const resolved = resolvePath(path, options.root);
  return resolved.ok && readFile(resolved.path) === undefined;
}

/**
 * The fenced blocks without a path, beside the reply's edits and not taken by any of them
 * (`taken`), that read as a file of their own using a file the reply writes: the block's code opens
 * with imports, one of them a relative import of a file some edit of the reply writes
 * (`from './physics'` beside the new `physics.ts`), and goes on with more code. Such a block is a
 * file whose name the reply left out (Cursor's `physics.test.ts`, printed bare under the
 * `// physics.ts` it tests), or code for a file the reply does not say: dropped, the rest was
 * written and reported done without it. The caller refuses the reply: which file it is, is a
 * guess. Blocks the reply presents as examples were left out when it was parsed
 * (`presentsExample`); blocks in a command or output fence (`UnnamedFile.lang`) are not files here.
 * So is a block a sentence says goes into a new file (`UnnamedFile.namedAsNew`) that was not
 * taken for it (the file exists, or the reply writes it otherwise): the reply is at odds with the
 * workspace or with itself. And so is a block defining a function an edit of the reply calls while
 * the file it edits lacks it (`newDefinitionUsed`): written without it, the edit calls nothing.
 */
export function blocksLeftUnplaced(parsed: ParsedReply, taken: readonly HintedOp[], readFile?: ReadFile, options?: PlanOptions): { block: UnnamedFile; why: string }[] {
  if (!parsed.unnamedFiles?.length || parsed.ops.length === 0) return [];
  const written = [...new Set(parsed.ops.flatMap((op) => (op.kind === 'move' || op.kind === 'delete' || op.path === undefined ? [] : [op.path.slice(op.path.lastIndexOf('/') + 1)])))];
  const takenAt = new Set(taken.map((hint) => hint.op.source.startLine));
  return parsed.unnamedFiles.flatMap((block) => {
    if (block.elided || block.lang !== undefined || takenAt.has(block.startLine)) return [];
    if (block.namedAsNew) return [{ block, why: `the sentence above it says it goes into ${block.namedInSentence}, a new file, but that file exists or the reply writes it otherwise` }];
    const used = newDefinitionUsed(block, parsed, readFile, options);
    if (used !== undefined) return [{ block, why: `it defines \`${used.name}\`, which the reply's edit of ${used.path} calls and ${used.path} does not have` }];
    if (!opensWithImportsThenCode(toLines(block.content))) return [];
    const imported = written.find((name) => importsRelatively(block.content, name));
    return imported === undefined ? [] : [{ block, why: `it reads as a file of its own: it opens with imports, one of them of ${imported}, which the reply writes, and goes on with code` }];
  });
}

/**
 * The name a block defines (its first line of code below comments and decorators: `def f(`,
 * `async function f(`, `func f(`, `fn f(`, `const f = (`, `fun f(`), when an edit of the reply
 * writes it in its new text, its old text does not hold it, and the file it edits holds it
 * nowhere: the edit calls a function only this block gives. Undefined otherwise.
 *
 * Why: a Roo Code proposal ("1. Add the helper, after the imports:" over `async def
 * process_in_chunks(...)` in a plain fence, then "2. Change the endpoint:" with a SEARCH/REPLACE
 * calling it) had its second block written and its first dropped, exit 0: every request to the
 * server then failed with a NameError. Where the file already has the name (an import, its own
 * definition) the edit stands without the block, and the block stays what it was (an example).
 */
function newDefinitionUsed(block: UnnamedFile, parsed: ParsedReply, readFile: ReadFile | undefined, options: PlanOptions | undefined): { name: string; path: string } | undefined {
  if (readFile === undefined || options === undefined) return undefined;
  const code = toLines(block.content).map((line) => line.trim()).find((line) => line !== '' && !COMMENT_LINE.test(line) && !line.startsWith('@'));
  const name = code === undefined ? undefined : DEFINITION_LINE.exec(code)?.slice(1).find((group) => group !== undefined);
  if (name === undefined || name.length < 3) return undefined;
  const uses = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*\\(`);
  for (const op of parsed.ops) {
    if (op.kind !== 'replace' && op.kind !== 'insert') continue;
    const added = op.kind === 'replace' ? op.replacement : op.text;
    if (!uses.test(added) || (op.kind === 'replace' && op.search.includes(name))) continue;
    const path = op.path ?? options.hintPath;
    const text = path === undefined ? undefined : hintFileText(readFile, path, options);
    if (path !== undefined && text !== undefined && !text.includes(name)) return { name, path };
  }
  return undefined;
}

/** A line that opens a function's definition, its name captured: Python, JS/TS, Go, Rust, PHP, Kotlin. */
const DEFINITION_LINE = /^(?:(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(|(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s+([A-Za-z_$][\w$]*)\s*\(|(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)|func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*\(|(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+([A-Za-z_]\w*)|(?:(?:public|private|protected|static)\s+)*function\s+([A-Za-z_]\w*)\s*\(|fun\s+([A-Za-z_]\w*)\s*\()/;

/** A line that imports a module: `import …`, `from x import …`, `const x = require(…)`, `#include …`, `use …;`. */
const IMPORT_LINE = /^(?:import\b|from\s+\S+\s+import\b|(?:const|let|var)\s[^=]*=\s*require\(|#\s*include\b|use\s+[\w:]+)/;

/** A comment line of the C, shell or Python families, or a line inside a block comment. */
const COMMENT_LINE = /^(?:\/\/|#(?!\s*include\b)|\/\*|\*|--)/;

/**
 * True when the block's code (below blank and comment lines) opens with an import and, after its
 * imports, holds a line of other code: a module, not an imports-only block (`importsBesideEdits`)
 * nor a lone call.
 */
function opensWithImportsThenCode(lines: readonly string[]): boolean {
  const code = lines.map((line) => line.trim()).filter((line) => line !== '' && !COMMENT_LINE.test(line));
  if (code.length === 0 || !IMPORT_LINE.test(code[0])) return false;
  return code.some((line) => !IMPORT_LINE.test(line) && !/^[}\])]/.test(line) && !/^\w+,?$/.test(line));
}

/**
 * What `hintFileOps` takes; `twice` when blocks give one definition in several versions, and
 * nothing is taken; `modelOnly`, when nothing is taken, why a block that is plainly one named file
 * whole was not written to it: the sentence takes that file as the model of another.
 */
export interface HintedOps {
  readonly ops: readonly HintedOp[];
  readonly twice?: { readonly message: string; readonly startLine: number; readonly endLine: number };
  readonly modelOnly?: string;
}
