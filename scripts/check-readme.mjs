#!/usr/bin/env node
// Checks that what README.md (and demo/README.md) tells a reader is true of this repository:
// - every relative link and image points at a file that exists, and every #anchor at a heading;
// - every `npm run <script>` (and npm start / npm test) names a script package.json has;
// - every repository path in backticks (`demo/replies/…`, `src/vscode/…`) exists;
// - every command the extension contributes is in the Commands table with its keybinding as
//   package.json declares it, and every keybinding named in the README belongs to a command.
// Prints one line per failed check and a closing `N passed, N failed`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
let passed = 0;
let failed = 0;
const check = (ok, what) => {
  if (ok) passed++;
  else {
    failed++;
    console.log(`✗ ${what}`);
  }
};

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function anchors(markdown) {
  const seen = new Map();
  const out = new Set();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = !fence && line.match(/^#{1,6}\s+(.*)$/);
    if (!heading) continue;
    const base = heading[1].trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The text outside fenced code blocks (links in code are not links). */
function prose(markdown) {
  let fence = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fence = !fence;
      return false;
    }
    return !fence;
  }).join('\n');
}

/** `Ctrl+K Ctrl+V` as package.json writes it: `ctrl+k ctrl+v`. */
const keyOf = (label) => label.toLowerCase().replace(/\s+/g, ' ').trim();

for (const file of ['README.md', 'demo/README.md']) {
  const markdown = fs.readFileSync(path.join(root, file), 'utf8');
  const dir = path.dirname(path.join(root, file));
  const headings = anchors(markdown);
  const text = prose(markdown);
  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)[^)]*\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [where, anchor] = target.split('#');
    if (where) check(fs.existsSync(path.join(dir, where)), `${file}: link target ${where} does not exist`);
    if (anchor !== undefined) {
      const targetHeadings = where ? anchors(fs.readFileSync(path.join(dir, where), 'utf8')) : headings;
      check(targetHeadings.has(anchor), `${file}: #${anchor} is no heading of ${where || file}`);
    }
  }
  for (const [, script] of markdown.matchAll(/\bnpm run ([\w:.-]+)/g)) check(script in manifest.scripts, `${file}: npm run ${script} is no script in package.json`);
  for (const [, script] of markdown.matchAll(/\bnpm (start|test)\b/g)) check(script in manifest.scripts, `${file}: npm ${script} is no script in package.json`);
  for (const [, script] of markdown.matchAll(/`(test:[\w:.-]+)`/g)) check(script in manifest.scripts, `${file}: ${script} is no script in package.json`);
  // Paths of this repository (examples in the prose, like `src/utils/calc.py`, are not checked).
  for (const [, ref] of text.matchAll(/`((?:demo|docs|src\/(?:vscode|core|cli)|test|scripts|media|bench|replies)\/[\w./-]+)`/g)) {
    const candidates = [path.join(root, ref), path.join(dir, ref), path.join(root, 'demo', ref)];
    check(candidates.some((c) => fs.existsSync(c)), `${file}: \`${ref}\` does not exist`);
  }
}

// The Commands table against the manifest.
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const rows = new Map([...readme.matchAll(/^\|([^|]*)\|([^|]*)\|([^|]*)\|$/gm)].map((m) => [m[1].trim(), m[2].trim()]));
for (const command of manifest.contributes.commands) {
  check(rows.has(command.title), `README.md: the Commands table has no row for ${command.title}`);
  const binding = manifest.contributes.keybindings.find((k) => k.command === command.command);
  if (binding && rows.has(command.title)) {
    const cell = rows.get(command.title).replace(/\s*\(.*\)$/, '');
    check(keyOf(cell) === binding.key, `README.md: ${command.title} is bound to ${binding.key}, the table says ${cell}`);
  }
}
const bound = new Set(manifest.contributes.keybindings.flatMap((k) => [k.key, k.mac].filter(Boolean)));
for (const [label] of readme.matchAll(/\b(?:Ctrl|Cmd)\+K (?:Ctrl|Cmd)\+\w+/g)) check(bound.has(keyOf(label)), `README.md: ${label} is no keybinding of the extension`);
check(!/Ctrl\+Alt\+[A-Z]\b/.test(readme), 'README.md: names a Ctrl+Alt+letter keybinding');

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
