/**
 * The fuzzer's cases: a small workspace of real source files and a reply, either valid (written in
 * one of the formats models use, with the exact expected result) or mutated the ways real replies
 * and hostile input go wrong. Every case is a pure function of (seed, index), so any one of them
 * can be rebuilt and replayed alone.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { caseSeed, Rng, typescriptLines, realSourceFiles } from './common';
import { addDiskTraits, type DiskTraits } from './fuzzDisk';

/** Where the on-disk checks build workspaces; paths in replies climb at most four levels, all inside it. */
export const sandboxBase = path.join(os.tmpdir(), 'apply-ai-edit-fuzz');
/** The workspace root, four levels below the sandbox base so `../../etc/passwd` stays inside the sandbox. */
export const fuzzRoot = path.join(sandboxBase, 'd1', 'd2', 'd3', 'ws');
/** A folder outside the root that replies try to reach. */
export const outsideDir = path.join(sandboxBase, 'outside');

export interface FuzzCase {
  readonly seed: number;
  readonly index: number;
  readonly root: string;
  /** Workspace-relative path → file text. */
  readonly files: Record<string, string>;
  readonly reply: string;
  readonly hint?: string;
  /** What the generator did, in order: the formats written and the mutations applied. */
  readonly recipe: string[];
  /** For unmutated replies whose result is certain: every touched file's expected text (null: deleted). */
  readonly expected?: Record<string, string | null>;
  /** Why the reply must be refused as a whole (e.g. cut off inside a SEARCH/REPLACE block). */
  readonly mustRefuse?: string;
  /** Create `link` → the outside folder in the on-disk workspace. */
  readonly symlink?: boolean;
  /** Encodings, links and special files on disk (fuzzDisk.ts). */
  readonly disk?: DiskTraits;
}

interface Corpus {
  readonly files: { name: string; text: string }[];
  readonly big: string;
}

let corpus: Corpus | undefined;

function loadCorpus(): Corpus {
  if (!corpus) {
    const files = realSourceFiles(80, 40_000);
    const big = typescriptLines().slice(30_000, 60_000).join('\n') + '\n';
    corpus = { files, big };
  }
  return corpus;
}

/** A file's text as lines with its traits, so edits keep the file's conventions in the expectation. */
interface FileModel {
  readonly path: string;
  readonly text: string;
  readonly lines: string[];
  readonly eol: '\n' | '\r\n' | 'mixed';
  readonly bom: boolean;
  readonly finalNewline: boolean;
  readonly binary: boolean;
}

function model(filePath: string, text: string): FileModel {
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  const crlf = (body.match(/\r\n/g) ?? []).length;
  const lf = (body.match(/\n/g) ?? []).length;
  const eol = crlf === 0 ? '\n' : crlf === lf ? '\r\n' : 'mixed';
  const lf1 = body.replace(/\r\n/g, '\n');
  const finalNewline = lf1.endsWith('\n');
  const lines = (finalNewline ? lf1.slice(0, -1) : lf1).split('\n');
  return { path: filePath, text, lines, eol, bom, finalNewline, binary: text.includes('\u0000') };
}

/** Renders LF lines back in a file's own conventions (what the engine promises to keep). */
function render(file: FileModel, lines: readonly string[]): string {
  const eol = file.eol === '\r\n' ? '\r\n' : '\n';
  return (file.bom ? '\uFEFF' : '') + lines.join(eol) + (file.finalNewline && lines.length > 0 ? eol : '');
}

/** Builds the workspace: 1–4 real files, some with CRLF, BOM, no final newline, tabs; now and then binary, empty or huge. */
function workspace(rng: Rng, recipe: string[]): Record<string, string> {
  const { files, big } = loadCorpus();
  const out: Record<string, string> = {};
  const count = rng.int(1, 4);
  const folders = ['src', 'lib', 'src/util', 'pkg/core', 'test', ''];
  for (let i = 0; i < count; i++) {
    const source = rng.pick(files);
    const base = source.name.split('/').pop()!;
    const folder = rng.pick(folders);
    const name = (folder ? folder + '/' : '') + (i > 0 && out[(folder ? folder + '/' : '') + base] !== undefined ? `${i}-${base}` : base);
    let text = source.text;
    const variant = rng.next();
    if (variant < 0.1) {
      text = text.replace(/\r?\n/g, '\r\n');
      recipe.push(`file ${name}: CRLF`);
    } else if (variant < 0.14) {
      text = text.split('\n').map((line) => (rng.chance(0.3) ? line + '\r' : line)).join('\n');
      recipe.push(`file ${name}: mixed line endings`);
    } else if (variant < 0.2) {
      text = '\uFEFF' + text;
      recipe.push(`file ${name}: BOM`);
    } else if (variant < 0.26) {
      text = text.replace(/\s+$/, '');
      recipe.push(`file ${name}: no final newline`);
    } else if (variant < 0.32) {
      text = text.replace(/^( {2})+/gm, (m) => '\t'.repeat(m.length / 2));
      recipe.push(`file ${name}: tab indentation`);
    } else if (variant < 0.34) {
      text = '';
      recipe.push(`file ${name}: empty`);
    } else if (variant < 0.36) {
      text = text.slice(0, 200) + '\u0000\u0001\u0002binary\u0000' + text.slice(200, 400);
      recipe.push(`file ${name}: binary (NULs)`);
    } else if (variant < 0.38) {
      text = big;
      recipe.push(`file ${name}: 30,000 lines of typescript.js`);
    } else if (variant < 0.39) {
      text = 'x'.repeat(200_000) + '\n' + text;
      recipe.push(`file ${name}: a 200,000-character first line`);
    }
    out[name] = text;
  }
  return out;
}

/** A region of the file that occurs once (as whole lines), 1–8 lines, for an edit to target. */
function uniqueRegion(file: FileModel, rng: Rng): { start: number; end: number } | undefined {
  const lf = file.lines.join('\n');
  for (let attempt = 0; attempt < 12; attempt++) {
    const length = rng.int(1, 8);
    if (file.lines.length < length) return undefined;
    const start = rng.int(0, file.lines.length - length);
    const block = file.lines.slice(start, start + length);
    if (block.every((line) => line.trim() === '')) continue;
    if (block.some((line) => line.length > 2000 || /^(<{5,9}|={5,9}|>{5,9}|-{5,9}|\+{5,9}|`{3,}|~{3,}|\*\*\*|@@|\+\+\+ |--- )/.test(line.trim()))) continue;
    const needle = block.join('\n');
    const first = lf.indexOf(needle);
    if (first === -1) continue;
    // Unique as text at all, not only at line boundaries: tool-call edits match substrings.
    if (lf.indexOf(needle, first + 1) !== -1) continue;
    // Unique whitespace aside too, so a looser rung has nothing else to find.
    const squash = (s: string) => s.replace(/\s+/g, '');
    if (file.lines.filter((_, i) => squash(file.lines.slice(i, i + length).join('\n')) === squash(needle)).length !== 1) continue;
    return { start, end: start + length };
  }
  return undefined;
}

/** The change an edit makes to a block: rewrite a line, insert one, or delete one (never empty the block). */
function change(block: readonly string[], rng: Rng, n: number): string[] {
  const out = [...block];
  const at = rng.int(0, block.length - 1);
  const indent = /^[ \t]*/.exec(block[at])![0];
  const kind = block.length > 1 ? rng.int(0, 2) : rng.int(0, 1);
  if (kind === 0) out[at] = `${indent}fuzzEdit${n}(${JSON.stringify(block[at].trim().slice(0, 20))});`;
  else if (kind === 1) out.splice(at + 1, 0, `${indent}const fuzzAdded${n} = ${n};`);
  else out.splice(at, 1);
  return out;
}

interface Written {
  text: string;
  /** Character spans of SEARCH/REPLACE blocks: from after the SEARCH line to the start of the REPLACE line. */
  srSpans: { from: number; to: number }[];
}

/** Writes one edit of `file` in a random format; returns the block text and records the expected result. */
function writeEdit(file: FileModel, rng: Rng, n: number, recipe: string[], expected: Record<string, string | null>, certain: { value: boolean }): Written | undefined {
  const name = file.path;
  const region = file.binary ? undefined : uniqueRegion(file, rng);
  const format = rng.int(0, 11);
  const srSpans: Written['srSpans'] = [];
  const sr = (head: string[], search: string[], replace: string[], tail: string[], open = '<<<<<<< SEARCH', mid = '=======', close = '>>>>>>> REPLACE') => {
    const before = [...head, open].join('\n') + '\n';
    const body = [...search, mid, ...replace].join('\n') + '\n';
    srSpans.push({ from: before.length, to: before.length + body.length });
    return before + body + [close, ...tail].join('\n') + '\n';
  };
  const fence = rng.pick(['```', '````', '~~~']);
  if (format >= 9 || !region) {
    // Whole-file, create, delete or move: no region needed.
    const which = region ? format - 9 : rng.int(0, 3);
    if (which === 0 && !file.binary && file.text.length < 20_000 && !file.text.includes('```') && !file.text.includes('~~~') && file.lines.length > 2) {
      const lines = [...file.lines];
      lines.splice(rng.int(0, lines.length - 1), 1, `// fuzz rewrite ${n}`);
      expected[name] = render(file, lines);
      recipe.push(`whole file ${name}`);
      certain.value = false; // a file's own `...` lines may read as elisions: correct either way, not certain
      return { text: `${name}\n${fence}\n${lines.join('\n')}\n${fence}\n`, srSpans };
    }
    if (which === 1) {
      const created = `${path.posix.dirname(name) === '.' ? '' : path.posix.dirname(name) + '/'}new-${n}.txt`;
      const content = [`created by fuzz case ${n}`, 'second line'];
      expected[created] = content.join('\n') + '\n';
      recipe.push(`create ${created}`);
      if (rng.chance(0.5)) return { text: `*** Begin Patch\n*** Add File: ${created}\n${content.map((l) => '+' + l).join('\n')}\n*** End Patch\n`, srSpans };
      return { text: sr([created, fence], [], content, [fence]), srSpans };
    }
    if (which === 2) {
      expected[name] = null;
      recipe.push(`delete ${name}`);
      return { text: `*** Begin Patch\n*** Delete File: ${name}\n*** End Patch\n`, srSpans };
    }
    recipe.push(`move ${name}`);
    certain.value = false;
    return { text: `*** Begin Patch\n*** Update File: ${name}\n*** Move to: moved/${n}-${path.posix.basename(name)}\n*** End Patch\n`, srSpans };
  }
  const block = file.lines.slice(region.start, region.end);
  const replaced = change(block, rng, n);
  const after = [...file.lines];
  after.splice(region.start, block.length, ...replaced);
  if (file.eol === 'mixed') certain.value = false;
  expected[name] = render(file, after);
  switch (format) {
    case 0:
    case 1:
      recipe.push(`SEARCH/REPLACE (Aider, fenced) ${name}`);
      return { text: sr([rng.pick([name, `\`${name}\``, `**${name}**`, `${name}:`, `### ${name}`]), fence], block, replaced, [fence]), srSpans };
    case 2:
      recipe.push(`SEARCH/REPLACE (Roo) ${name}`);
      return { text: sr([name], [`:start_line:${region.start + 1}`, '-------', ...block], replaced, []), srSpans };
    case 3:
      recipe.push(`SEARCH/REPLACE (Cline) ${name}`);
      return { text: sr([name, fence], block, replaced, [fence], '------- SEARCH', '=======', '+++++++ REPLACE'), srSpans };
    case 4:
    case 5: {
      recipe.push(`unified diff ${name}`);
      const ctxBefore = file.lines.slice(Math.max(0, region.start - 2), region.start);
      const ctxAfter = file.lines.slice(region.end, region.end + 2);
      const hunk = [...ctxBefore.map((l) => ' ' + l), ...block.map((l) => '-' + l), ...replaced.map((l) => '+' + l), ...ctxAfter.map((l) => ' ' + l)];
      const from = region.start - ctxBefore.length + 1;
      const header = rng.chance(0.3) ? '@@ @@' : `@@ -${from},${ctxBefore.length + block.length + ctxAfter.length} +${from},${ctxBefore.length + replaced.length + ctxAfter.length} @@`;
      const eofMarker = region.end + ctxAfter.length >= file.lines.length && !file.finalNewline ? ['\\ No newline at end of file'] : [];
      if (eofMarker.length) certain.value = false;
      return { text: ['```diff', `--- a/${name}`, `+++ b/${name}`, header, ...hunk, ...eofMarker, '```', ''].join('\n'), srSpans };
    }
    case 6:
    case 7: {
      recipe.push(`apply_patch ${name}`);
      const ctxBefore = file.lines.slice(Math.max(0, region.start - 3), region.start);
      const ctxAfter = file.lines.slice(region.end, region.end + 3);
      const chunk = [...ctxBefore.map((l) => ' ' + l), ...block.map((l) => '-' + l), ...replaced.map((l) => '+' + l), ...ctxAfter.map((l) => ' ' + l)];
      return { text: ['*** Begin Patch', `*** Update File: ${name}`, '@@', ...chunk, '*** End Patch', ''].join('\n'), srSpans };
    }
    default: {
      recipe.push(`JSON tool call ${name}`);
      const call = { file_path: name, old_string: block.join('\n'), new_string: replaced.join('\n') };
      return { text: ['```json', JSON.stringify(call, null, 2), fence === '```' ? '```' : '```', ''].join('\n'), srSpans };
    }
  }
}

const prose = ['Here are the changes.', 'This fixes the off-by-one in the loop.', 'Let me know if anything else should change.', '', 'Next, the helper:'];

/** Builds case `index` of run `seed`. */
export function makeCase(seed: number, index: number): FuzzCase {
  const rng = new Rng(caseSeed(seed, index));
  const recipe: string[] = [];
  const files = workspace(rng, recipe);
  const models = Object.entries(files).map(([p, t]) => model(p, t));
  const expected: Record<string, string | null> = {};
  const certain = { value: true };
  const parts: string[] = [];
  const spans: Written['srSpans'] = [];
  let length = 0;
  const usedFiles = new Set<string>();
  const edits = rng.int(1, 4);
  for (let n = 0; n < edits; n++) {
    const candidates = models.filter((m) => !usedFiles.has(m.path));
    if (candidates.length === 0) break;
    const file = rng.pick(candidates);
    usedFiles.add(file.path); // one edit per file keeps the expected result certain
    if (rng.chance(0.6)) {
      const text = rng.pick(prose) + '\n';
      parts.push(text);
      length += text.length;
    }
    const written = writeEdit(file, rng, index * 10 + n, recipe, expected, certain);
    if (!written) continue;
    for (const span of written.srSpans) spans.push({ from: span.from + length, to: span.to + length });
    parts.push(written.text);
    length += written.text.length;
  }
  let reply = parts.join('');
  const hint = rng.chance(0.2) ? rng.pick(Object.keys(files)) : undefined;
  const mutations = rng.chance(0.25) ? 0 : rng.int(1, 3);
  let mustRefuse: string | undefined;
  let symlink = false;
  for (let m = 0; m < mutations; m++) {
    const result = mutate(reply, rng, files);
    reply = result.reply;
    recipe.push(result.name);
    if (result.symlink) symlink = true;
    if (mutations === 1 && result.truncatedAt !== undefined) {
      const inside = spans.findIndex((s) => result.truncatedAt! > s.from && result.truncatedAt! < s.to);
      if (inside !== -1) mustRefuse = `cut off at character ${result.truncatedAt}, inside SEARCH/REPLACE block ${inside + 1}`;
    }
  }
  const pristine = mutations === 0 && certain.value && Object.values(files).every((t) => !t.includes('\u0000'));
  return addDiskTraits({
    seed,
    index,
    root: fuzzRoot,
    files,
    reply,
    ...(hint === undefined ? {} : { hint }),
    recipe,
    ...(pristine && Object.keys(expected).length > 0 ? { expected } : {}),
    ...(mustRefuse ? { mustRefuse } : {}),
    ...(symlink ? { symlink } : {}),
  });
}

interface Mutation {
  reply: string;
  name: string;
  truncatedAt?: number;
  symlink?: boolean;
}

// Fences by their first three characters: `{3,}.*$ backtracked over every run length of a line of
// 100,000 backticks with a CR inside (a CRLF reply's corrupted marker), 26 s for one case.
const markerPattern = /^(<{3,12} ?SEARCH|={3,12}|>{3,12} ?REPLACE|-{5,9} ?SEARCH|\+{5,9} ?REPLACE|\*\*\* (Begin|End) Patch|\*\*\* (Update|Add|Delete) File:.*|@@.*|--- .*|\+\+\+ .*|`{3}.*|~{3}.*|:start_line:\d+)$/;

/** Hostile paths: climbing out (at most four levels: the sandbox is that deep), absolute, odd, or symlinked. */
function hostilePath(rng: Rng, files: Record<string, string>): { path: string; symlink?: boolean } {
  const some = rng.pick(Object.keys(files));
  const choices = [
    '../../etc/passwd',
    '../../../../outside/sentinel.txt',
    '..\\..\\..\\..\\outside\\sentinel.txt',
    path.join(outsideDir, 'sentinel.txt'),
    path.join(outsideDir, 'passwd'),
    `${fuzzRoot}/../../../../outside/sentinel.txt`,
    `${fuzzRoot}/${some}`,
    `./${some}`,
    `a/${some}`,
    some.replace(/\//g, '\\'),
    'C:\\Windows\\system32\\drivers\\etc\\hosts',
    '\\\\server\\share\\file.txt',
    'src/../../../../../outside/x.txt'.replace('../../../../../', '../../../../'),
    '~/.bashrc',
    'file:///etc/passwd',
    `src/nul\u0000byte.ts`,
    'x/'.repeat(2000) + 'deep.ts',
    '.',
    '..',
    '/',
    ' ',
    `"${some}"`,
    `${some}/`,
  ];
  if (rng.chance(0.15)) return { path: 'link/sentinel.txt', symlink: true };
  return { path: rng.pick(choices) };
}

/** One mutation of a reply, chosen at random. */
function mutate(reply: string, rng: Rng, files: Record<string, string>): Mutation {
  const lines = reply.split('\n');
  const lineAt = () => rng.int(0, Math.max(0, lines.length - 1));
  const insertLine = (text: string) => {
    lines.splice(lineAt(), 0, text);
    return lines.join('\n');
  };
  let kind = rng.int(0, 18);
  // 1 MB blobs only now and then (about 1 case in 100): they dominate the run time.
  if (kind === 15 && !rng.chance(0.15)) kind = 8;
  switch (kind) {
    case 0:
    case 1: {
      const at = rng.chance(0.5) ? rng.int(0, reply.length) : reply.split('\n').slice(0, lineAt()).join('\n').length;
      return { reply: reply.slice(0, at), name: `truncate at ${at}`, truncatedAt: at };
    }
    case 2: {
      const markers = lines.map((l, i) => (markerPattern.test(l.trim()) ? i : -1)).filter((i) => i >= 0);
      if (markers.length === 0) return { reply: reply + '\n>>>>>>> REPLACE\n', name: 'stray REPLACE marker' };
      const i = rng.pick(markers);
      const line = lines[i];
      const options = [
        () => line.replace(/([<>=`~+-])\1+/, (run) => run[0].repeat(rng.int(1, 14))),
        () => line.replace(/SEARCH|REPLACE|Patch|File/, (w) => w.slice(0, rng.int(0, w.length - 1))),
        () => '',
        () => line + line,
        () => ' '.repeat(rng.int(1, 8)) + line,
        () => line.toLowerCase(),
        () => line.replace(/\d+/g, () => String(rng.int(-5, 999999))),
      ];
      const which = rng.int(0, options.length - 1);
      lines[i] = options[which]();
      if (which === 3) lines.splice(i, 0, line);
      return { reply: lines.join('\n'), name: `corrupt marker line ${i + 1} (way ${which})` };
    }
    case 3: {
      const palette = ['\u0000', '\r', '\n', '\t', '\uFEFF', '<', '=', '>', '`', '~', '@', '*', '+', '-', ' ', '"', '\\', '{', '}', '\u00e9', '\u2019', '\u{1F600}', 'a'];
      let out = reply;
      const flips = rng.int(1, 8);
      for (let f = 0; f < flips && out.length > 0; f++) {
        const at = rng.int(0, out.length - 1);
        // Keep surrogate pairs whole: the CLI reads the reply as UTF-8, which has no lone surrogates.
        const end = /[\ud800-\udbff]/.test(out[at]) ? at + 2 : at + 1;
        const start = /[\udc00-\udfff]/.test(out[at]) && at > 0 ? at - 1 : at;
        out = out.slice(0, start) + rng.pick(palette) + out.slice(end);
      }
      return { reply: out, name: `${flips} character flips` };
    }
    case 4: {
      const from = lineAt();
      const to = Math.min(lines.length, from + rng.int(1, 20));
      const copy = lines.slice(from, to);
      lines.splice(rng.chance(0.5) ? to : lines.length, 0, ...copy);
      return { reply: lines.join('\n'), name: `duplicate lines ${from + 1}-${to}` };
    }
    case 5: {
      if (lines.length < 4) return { reply: reply + '\n' + reply, name: 'duplicate whole reply' };
      const a = rng.int(0, lines.length - 2);
      const b = rng.int(a + 1, lines.length - 1);
      const lenA = rng.int(1, Math.max(1, b - a));
      const lenB = rng.int(1, Math.max(1, lines.length - b));
      const first = lines.slice(a, a + lenA);
      const second = lines.slice(b, b + lenB);
      const swapped = [...lines.slice(0, a), ...second, ...lines.slice(a + lenA, b), ...first, ...lines.slice(b + lenB)];
      return { reply: swapped.join('\n'), name: `swap lines ${a + 1}+${lenA} with ${b + 1}+${lenB}` };
    }
    case 6: {
      const size = rng.pick([10_000, 100_000, 300_000]);
      const unit = rng.pick(['x', ' ', 'ab ', '<', '=', '`', '-', '\t', 'é']);
      return { reply: insertLine(unit.repeat(Math.ceil(size / unit.length))), name: `huge line (${size} × ${JSON.stringify(unit)})` };
    }
    case 7: {
      const depth = rng.pick([100, 1000, 10_000]);
      const shapes = [
        () => '['.repeat(depth) + ']'.repeat(depth),
        () => '{"edits":'.repeat(depth) + '[]' + '}'.repeat(depth),
        () => Array.from({ length: Math.min(depth, 300) }, (_, i) => '`'.repeat(3 + i)).join('\n'),
        () => '<<<<<<< SEARCH\n'.repeat(Math.min(depth, 2000)),
        () => '*** Begin Patch\n'.repeat(Math.min(depth, 2000)),
        () => '```diff\n--- a/x\n+++ b/x\n'.repeat(Math.min(depth, 1000)),
      ];
      const which = rng.int(0, shapes.length - 1);
      return { reply: insertLine(shapes[which]()), name: `deep nesting (shape ${which}, depth ${depth})` };
    }
    case 8: {
      const n = rng.pick([1000, 20_000, 100_000]);
      const baits = [
        ' '.repeat(n) + 'x',
        '<'.repeat(n),
        '='.repeat(n),
        '>'.repeat(n) + ' REPLACE',
        '-'.repeat(n) + ' SEARCH',
        '@@ ' + ' '.repeat(n) + '@',
        '@@ -' + '1,'.repeat(n) + ' @@',
        '*** ' + ' '.repeat(n) + 'File:',
        '.'.repeat(n),
        '// ' + '.'.repeat(n) + ' existing code',
        '\t'.repeat(n) + '...',
        '"old_string": "' + '\\'.repeat(n),
        ' '.repeat(n) + '\n' + ' '.repeat(n),
        'a'.repeat(n) + '!',
        '# ... ' + ' ...'.repeat(n / 4),
        // Each once slow: a rule of stars before text in a comment (exponential in the elision
        // check; comments past 200 characters are not read, so the run stays under that), two
        // runs of blanks around Roo's line number, a long run before a lone CR.
        '/*! ' + '*'.repeat(180) + ' // edited',
        ':start_line:' + '\t'.repeat(n) + 'x',
        '```' + '`'.repeat(n) + 'py\rx',
        '+++ b/a.txt' + '\t'.repeat(n) + '\rx',
        'const' + ' '.repeat(n) + 'x',
      ];
      const which = rng.int(0, baits.length - 1);
      return { reply: insertLine(baits[which]), name: `regex bait ${which} (${n})` };
    }
    case 9:
    case 10: {
      const names = Object.keys(files).filter((p) => reply.includes(p));
      const hostile = hostilePath(rng, files);
      if (names.length === 0) return { reply: `${hostile.path}\n\`\`\`\n<<<<<<< SEARCH\n=======\nowned\n>>>>>>> REPLACE\n\`\`\`\n` + reply, name: `new block for ${JSON.stringify(hostile.path)}`, symlink: hostile.symlink };
      const target = rng.pick(names);
      return { reply: reply.split(target).join(hostile.path), name: `path ${target} → ${JSON.stringify(hostile.path.slice(0, 80))}`, symlink: hostile.symlink };
    }
    case 11: {
      let out = reply;
      const count = rng.int(1, 5);
      for (let i = 0; i < count; i++) {
        const at = rng.int(0, out.length);
        out = out.slice(0, at) + '\u0000'.repeat(rng.int(1, 3)) + out.slice(at);
      }
      return { reply: out, name: `${count} NUL insertions` };
    }
    case 12: {
      const way = rng.int(0, 2);
      if (way === 0) return { reply: reply.replace(/\n/g, '\r\n'), name: 'reply in CRLF' };
      if (way === 1) return { reply: lines.map((l) => (rng.chance(0.4) ? l + '\r' : l)).join('\n'), name: 'some reply lines CRLF' };
      return { reply: lines.join(rng.chance(0.5) ? '\r' : '\n\r'), name: 'lone CR line breaks' };
    }
    case 13: {
      if (rng.chance(0.5)) return { reply: '\uFEFF' + reply, name: 'BOM at reply start' };
      return { reply: insertLine('\uFEFF' + (lines[0] ?? '')), name: 'BOM inside reply' };
    }
    case 14: {
      // Empty SEARCH: the block becomes a create/append.
      const match = /(<{5,9} SEARCH\n)([\s\S]*?)(\n={5,9}\n)/.exec(reply);
      if (!match) return { reply: `${Object.keys(files)[0]}\n<<<<<<< SEARCH\n=======\nappended\n>>>>>>> REPLACE\n` + reply, name: 'empty SEARCH block added' };
      return { reply: reply.replace(match[0], match[1] + match[3].slice(1)), name: 'SEARCH emptied' };
    }
    case 15: {
      // Something the engine must cope with at 1 MB.
      const size = 1 << 20;
      const shape = rng.int(0, 3);
      const filler = (width: number) => Array.from({ length: Math.ceil(size / width) }, (_, i) => `line ${i} ${'v'.repeat(width - 12)}`).join('\n');
      const name = Object.keys(files)[0];
      if (shape === 0) return { reply: filler(70) + '\n' + reply, name: '1 MB of prose before the reply' };
      if (shape === 1) return { reply: reply + `\n${name}\n\`\`\`\n${filler(60)}\n\`\`\`\n`, name: '1 MB whole file' };
      if (shape === 2) return { reply: reply + `\n${name}\n<<<<<<< SEARCH\n${filler(50)}\n=======\nx\n>>>>>>> REPLACE\n`, name: '1 MB SEARCH text' };
      return { reply: reply + `\n${name}\n<<<<<<< SEARCH\n${(files[name] ?? '').split('\n').slice(0, 3).join('\n')}\n=======\n${filler(80)}\n>>>>>>> REPLACE\n`, name: '1 MB REPLACE text' };
    }
    case 16: {
      // The file changed after the model read it: the reply is stale against the workspace.
      const names = Object.keys(files).filter((p) => files[p].length > 0);
      if (names.length === 0) return { reply, name: 'no file to make stale' };
      const target = rng.pick(names);
      const fileLines = files[target].split('\n');
      const at = rng.int(0, fileLines.length - 1);
      fileLines[at] = fileLines[at].replace(/[A-Za-z]{3,}/, (w) => w + 'Changed');
      files[target] = fileLines.join('\n');
      return { reply, name: `file ${target} line ${at + 1} changed after the reply` };
    }
    case 17: {
      // A second edit of a file the reply already edits (after a whole file, a diff, a patch).
      const names = Object.keys(files).filter((p) => reply.includes(p) && files[p].trim() !== '');
      if (names.length === 0) return { reply, name: 'no file for a second edit' };
      const target = rng.pick(names);
      const head = files[target].replace(/\r/g, '').split('\n').filter((l) => l.trim() !== '').slice(0, 2);
      const block = `${target}\n<<<<<<< SEARCH\n${head.join('\n')}\n=======\n${head.join('\n')}\n// second edit\n>>>>>>> REPLACE\n`;
      return { reply: rng.chance(0.5) ? reply + '\n' + block : block + '\n' + reply, name: `second edit of ${target}` };
    }
    default: {
      // Whitespace drift in the quoted code: re-indent or trail spaces on some lines.
      const out = lines.map((l) => (rng.chance(0.3) ? (rng.chance(0.5) ? '  ' + l : l + '   ') : l));
      return { reply: out.join('\n'), name: 'whitespace drift on random lines' };
    }
  }
}
