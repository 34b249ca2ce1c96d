/**
 * The fuzzer's disk traits: what a hostile repository or an odd machine puts on disk that an
 * in-memory copy of the files cannot show. About one case in 16 gets some of:
 * - a file written in Windows-1252 or Latin-1 (its text, with accented letters, stays in
 *   `files`), sometimes with `--encoding` given to the CLI; a UTF-8 file with a stray invalid
 *   byte; a UTF-16 file with a BOM;
 * - symbolic links: dangling ones that point outside the root or inside it, an alias of a file
 *   and an alias of a folder (the in-memory copy holds the alias as a copy of its target);
 * - a named pipe (FIFO), a folder with a file's name, and (as root) a device node;
 * and blocks that edit or create those paths. Every such case runs the real CLI (see fuzz.ts),
 * whose result is checked against what the traits allow: a reply that would write a file the
 * CLI cannot read faithfully, through a link out of the root, into something that is not a
 * regular file, or into one file under two names must change nothing; any other reply that
 * the engine accepts must be written exactly, in each file's own encoding, through the links.
 */
import * as iconv from 'iconv-lite';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { caseSeed, Rng } from './common';
import { parseReply, referencedPaths } from '../src/core/index';
import type { FuzzCase } from './fuzzCases';

export interface DiskTraits {
  /** Files written in another encoding than UTF-8 (their text is in `files`). */
  readonly encoded?: Record<string, 'windows-1252' | 'latin1' | 'utf-16le'>;
  /** UTF-8 files with one invalid byte inserted at this character offset of their text. */
  readonly badByte?: Record<string, number>;
  /** `--encoding` for the CLI. */
  readonly encodingFlag?: string;
  /** Symbolic links: path → the target written in the link. */
  readonly links?: Record<string, string>;
  /** Paths that are not regular files. */
  readonly special?: Record<string, 'fifo' | 'folder' | 'device'>;
}

/** How often a case gets disk traits. */
const share = 1 / 16;
const accented = ['café', 'naïve', 'Größe', 'señor', 'prix: 5 £', 'façade', 'déjà vu'];

/** Adds disk traits (and blocks that reach them) to a case, from its own random stream. */
export function addDiskTraits(fuzzCase: FuzzCase): FuzzCase {
  const rng = new Rng(caseSeed(fuzzCase.seed, fuzzCase.index) ^ 0x0d15c0de);
  if (!rng.chance(share)) return fuzzCase;
  const files = { ...fuzzCase.files };
  const recipe = [...fuzzCase.recipe];
  const blocks: string[] = [];
  const encoded: Record<string, 'windows-1252' | 'latin1' | 'utf-16le'> = {};
  const badByte: Record<string, number> = {};
  const links: Record<string, string> = {};
  const special: Record<string, 'fifo' | 'folder' | 'device'> = {};
  const textFiles = Object.keys(files).filter((p) => files[p].length > 0 && !files[p].includes('\u0000'));
  let encodingFlag: string | undefined;
  const kinds = rng.int(1, 3);
  for (let k = 0; k < kinds; k++) {
    const kind = rng.int(0, 6);
    const target = textFiles.length ? rng.pick(textFiles) : undefined;
    if (kind === 0 && target && !encoded[target] && badByte[target] === undefined) {
      const encoding = rng.pick(['windows-1252', 'latin1'] as const);
      const lines = files[target].split('\n');
      lines.splice(rng.int(0, lines.length - 1), 0, `// ${rng.pick(accented)}`);
      files[target] = lines.join('\n').replace(/[^\u0000-\u00ff]/g, '?');
      if (encoding === 'windows-1252') files[target] = files[target].replace(/[\u0080-\u009f]/g, '?');
      encoded[target] = encoding;
      recipe.push(`disk: ${target} written in ${encoding}`);
    } else if (kind === 1 && target && !encoded[target] && badByte[target] === undefined) {
      badByte[target] = rng.int(0, files[target].length);
      recipe.push(`disk: ${target} has an invalid UTF-8 byte`);
    } else if (kind === 2 && target && !encoded[target] && badByte[target] === undefined) {
      if (!files[target].startsWith('\uFEFF')) files[target] = '\uFEFF' + files[target];
      encoded[target] = 'utf-16le';
      recipe.push(`disk: ${target} in UTF-16 with a BOM`);
    } else if (kind === 3) {
      const name = `dangling-${k}.txt`;
      const inside = rng.chance(0.4);
      // ws is four levels below the sandbox base, as is the outside folder's parent (see fuzzCases).
      links[name] = inside ? `made/target-${k}.txt` : rng.pick([`../../../../outside/new-${k}.txt`, `../../../../outside/deeper/new-${k}.txt`]);
      recipe.push(`disk: ${name} is a dangling link to ${links[name]}`);
      blocks.push(rng.chance(0.5) ? `*** Begin Patch\n*** Add File: ${name}\n+written through ${name}\n*** End Patch\n` : `${name}\n\`\`\`\n<<<<<<< SEARCH\n=======\nwritten through ${name}\n>>>>>>> REPLACE\n\`\`\`\n`);
    } else if (kind === 4 && target) {
      const folderLink = rng.chance(0.3) && target.includes('/');
      const name = folderLink ? `alias-folder-${k}` : `alias-${k}-${path.posix.basename(target)}`;
      const linked = folderLink ? target.slice(0, target.indexOf('/')) : target;
      links[name] = linked;
      const aliasPath = folderLink ? name + target.slice(linked.length) : name;
      const line = files[target].split('\n').find((l) => l.trim().length > 8 && files[target].split(l).length === 2);
      recipe.push(`disk: ${name} is a link to ${linked}`);
      if (line !== undefined) {
        const edit = (p: string, tag: string) => `${p}\n\`\`\`\n<<<<<<< SEARCH\n${line}\n=======\n${line} // ${tag}\n>>>>>>> REPLACE\n\`\`\`\n`;
        blocks.push(rng.chance(0.5) ? edit(aliasPath, 'through the alias') : edit(target, 'the target') + '\n' + edit(aliasPath, 'and its alias'));
      }
    } else if (kind === 5 || kind === 6) {
      const what = kind === 6 ? 'folder' : rng.chance(0.3) && process.getuid?.() === 0 ? 'device' : 'fifo';
      const name = `special-${k}.${what === 'folder' ? 'ts' : 'txt'}`;
      special[name] = what;
      recipe.push(`disk: ${name} is a ${what}`);
      blocks.push(rng.chance(0.5) ? `*** Begin Patch\n*** Add File: ${name}\n+into a ${what}\n*** End Patch\n` : `${name}\n\`\`\`\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n\`\`\`\n`);
    }
  }
  // The in-memory view of an alias is a copy of what it links to, as the other traits left it.
  for (const [name, linked] of Object.entries(links)) {
    if (linked.startsWith('../') || linked.startsWith('made/')) continue;
    for (const p of Object.keys(files)) {
      if (p === linked) files[name] = files[p];
      else if (p.startsWith(linked + '/')) files[name + p.slice(linked.length)] = files[p];
    }
  }
  const singleByte = Object.values(encoded).some((e) => e !== 'utf-16le');
  if (singleByte && Object.keys(badByte).length === 0 && rng.chance(0.5)) encodingFlag = rng.pick(['windows-1252', 'latin1']);
  // A windows-1252 file read as latin1 (or the reverse) differs only in 0x80-0x9F, which the texts avoid.
  const disk: DiskTraits = {
    ...(Object.keys(encoded).length ? { encoded } : {}),
    ...(Object.keys(badByte).length ? { badByte } : {}),
    ...(encodingFlag ? { encodingFlag } : {}),
    ...(Object.keys(links).length ? { links } : {}),
    ...(Object.keys(special).length ? { special } : {}),
  };
  if (Object.keys(disk).length === 0) return fuzzCase;
  if (encodingFlag) recipe.push(`disk: --encoding ${encodingFlag}`);
  const reply = blocks.length ? fuzzCase.reply + '\n' + blocks.join('\n') : fuzzCase.reply;
  // Blocks added, or the in-memory text changed: the unmutated reply's expected result no longer holds.
  const { expected: _expected, ...rest } = fuzzCase;
  return { ...rest, files, reply, recipe, disk };
}

/** The bytes of a file as the disk holds it. */
function diskBytes(fuzzCase: FuzzCase, file: string, text: string): Buffer {
  const encoding = fuzzCase.disk?.encoded?.[file];
  if (encoding === 'utf-16le') return Buffer.from(text, 'utf16le');
  if (encoding) return iconv.encode(text, encoding);
  const bad = fuzzCase.disk?.badByte?.[file];
  if (bad === undefined) return Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from(text.slice(0, bad).replace(/[\ud800-\udbff]$/, ''), 'utf8'), Buffer.from([0xff]), Buffer.from(text.slice(bad).replace(/^[\udc00-\udfff]/, ''), 'utf8')]);
}

/** Makes the traits in the sandbox workspace (after its files are written). */
export function buildDiskTraits(fuzzCase: FuzzCase): void {
  const disk = fuzzCase.disk;
  if (!disk) return;
  for (const file of [...Object.keys(disk.encoded ?? {}), ...Object.keys(disk.badByte ?? {})]) fs.writeFileSync(path.join(fuzzCase.root, file), diskBytes(fuzzCase, file, fuzzCase.files[file]));
  for (const [name, target] of Object.entries(disk.links ?? {})) {
    const at = path.join(fuzzCase.root, name);
    fs.rmSync(at, { recursive: true, force: true }); // the in-memory copies of an alias
    fs.symlinkSync(target, at);
  }
  for (const [name, what] of Object.entries(disk.special ?? {})) {
    const at = path.join(fuzzCase.root, name);
    if (what === 'folder') fs.mkdirSync(path.join(at, 'inner'), { recursive: true });
    else if (what === 'fifo') spawnSync('mkfifo', [at]);
    else spawnSync('mknod', [at, 'c', '1', '3']);
  }
}

/** The CLI's extra arguments for the case. */
export function diskCliArgs(fuzzCase: FuzzCase): string[] {
  return fuzzCase.disk?.encodingFlag ? ['--encoding', fuzzCase.disk.encodingFlag] : [];
}

interface PlannedChange {
  readonly path: string;
  readonly action: string;
  readonly to?: string;
  readonly newText?: string;
}

type Snapshot = Map<string, string>;

/** `text` in `encoding` (iconv-lite's name; a BOM, if any, is in the text). */
function encodeAs(text: string, encoding: string): Buffer {
  return iconv.encode(text, encoding, { addBOM: false });
}

/** True when `text` survives a round trip through `encoding`. */
function holds(encoding: string, text: string): boolean {
  return iconv.decode(iconv.encode(text, encoding), encoding, { stripBOM: false }) === text;
}

/**
 * The checks of a case with disk traits, after the CLI ran with --write. `before` and `after`
 * are fuzz.ts's snapshots of the sandbox (keys relative to it, `rootRel` the workspace's key).
 */
export function checkDiskCase(fuzzCase: FuzzCase, inProcess: { ok?: boolean; changes: readonly PlannedChange[] }, status: number, stdout: string, before: Snapshot, after: Snapshot, rootRel: string): string[] {
  const disk = fuzzCase.disk!;
  const violations: string[] = [];
  // The generic `link` to the sentinel folder outside the root (fuzz.ts) leads outside too.
  const links: Record<string, string> = { ...(disk.links ?? {}), ...(fuzzCase.symlink ? { link: '../outside' } : {}) };
  const outsideLink = (name: string) => links[name].startsWith('../');
  /** The link a path goes through (itself or its first folder), if any. */
  const linkOf = (p: string) => Object.keys(links).find((name) => p === name || p.startsWith(name + '/'));
  /** A path as the disk resolves it (through an inside link). */
  const real = (p: string) => {
    const name = linkOf(p);
    return name === undefined ? p : links[name] + p.slice(name.length);
  };
  /** The encoding the CLI reads (and writes) a file in: a single-byte file in the --encoding given. */
  const readAs = (p: string) => {
    const encoding = disk.encoded?.[p];
    return encoding === undefined ? 'utf8' : encoding === 'utf-16le' ? encoding : (disk.encodingFlag ?? encoding);
  };
  const unreadable = (p: string) => (disk.badByte?.[p] !== undefined) || (disk.encoded?.[p] !== undefined && disk.encoded[p] !== 'utf-16le' && !disk.encodingFlag);
  // Every path the CLI resolves and reads before planning (as it does: the same function).
  const referenced = referencedPaths(parseReply(fuzzCase.reply), { root: fuzzCase.root, ...(fuzzCase.hint ? { hintPath: fuzzCase.hint } : {}) });
  const touched = [...new Set([...referenced, ...inProcess.changes.flatMap((c) => (c.to ? [c.path, c.to] : [c.path]))])];
  const mustRefuse: string[] = [];
  for (const p of touched) {
    const name = linkOf(p);
    if (unreadable(real(p))) mustRefuse.push(`${p} cannot be read as UTF-8`);
    if (name !== undefined && outsideLink(name)) mustRefuse.push(`${p} leads outside through the link ${name}`);
    if (disk.special?.[p] || (disk.special && Object.keys(disk.special).some((s) => p.startsWith(s + '/')))) mustRefuse.push(`${p} is not a regular file`);
  }
  for (const change of inProcess.changes) if ((change.action === 'delete' || change.action === 'move') && links[change.path] !== undefined) mustRefuse.push(`${change.path} is a link, not a file to move or delete`);
  for (const change of inProcess.changes) {
    // New text the file's encoding cannot hold (a BOM or "€" in a latin1 file, a lone surrogate) is refused.
    const encoding = change.action === 'create' ? 'utf8' : readAs(real(change.path));
    if (change.newText !== undefined && !holds(encoding, change.newText)) mustRefuse.push(`${change.path}'s new text cannot be written in ${encoding}`);
  }
  if (new Set(touched.map(real)).size < touched.length) mustRefuse.push(`two paths of the reply are one file (${touched.join(', ')})`);

  if (status !== 0) {
    // The generic checks saw that nothing changed; a refusal must have a reason the traits give.
    if (inProcess.ok && mustRefuse.length === 0) {
      let codes = '';
      try {
        codes = (JSON.parse(stdout) as { errors: { code: string; message: string }[] }).errors.map((e) => `${e.code}: ${e.message}`).join('; ');
      } catch {
        codes = stdout.slice(0, 200);
      }
      violations.push(`disk: the CLI refused (${codes}) a reply the engine placed and no disk trait forbids`);
    }
    return violations;
  }
  if (mustRefuse.length) violations.push(`wrote-on-failure: exit 0 although ${mustRefuse.join('; ')}`);
  if (!inProcess.ok) return violations;
  // Exit 0: every planned change on disk, in its file's encoding, through inside links.
  const key = (p: string) => path.join(rootRel, real(p));
  const expected = new Map(before);
  for (const change of inProcess.changes) {
    const as = (p: string) => `file:${encodeAs(change.newText ?? '', readAs(real(p))).toString('base64')}`;
    if (change.action === 'delete') expected.delete(key(change.path));
    else if (change.action === 'move' && change.to) {
      expected.delete(key(change.path));
      expected.set(key(change.to), as(change.path)); // a moved file keeps its encoding
    } else expected.set(key(change.path), change.action === 'create' ? `file:${Buffer.from(change.newText ?? '', 'utf8').toString('base64')}` : as(change.path));
  }
  const files = (s: Snapshot) => new Map([...s].filter(([k, v]) => !k.endsWith('/') && v !== 'dir'));
  const want = files(expected);
  const got = files(after);
  const mismatch = [...new Set([...want.keys(), ...got.keys()])].filter((k) => want.get(k) !== got.get(k));
  if (mismatch.length) violations.push(`disk-mismatch: after --write the files differ from the plan (through links, in their encodings): ${mismatch.slice(0, 8).join(', ')}`);
  return violations;
}
