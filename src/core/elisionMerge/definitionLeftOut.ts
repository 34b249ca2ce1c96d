/** A whole file given again without a function of the file that it still calls. */
import { blockEnd, identifiers, indentOf, isCommentLine } from './lines';

/** Fewest lines a definition left out must have: a one- or two-line helper is as often inlined or replaced by a builtin of the same name. */
const MIN_DEFINITION_LINES = 3;

/**
 * Why a block given as the whole file may have left one of the file's functions out by mistake,
 * or undefined: the file defines a function (`definedName`, its body at least
 * `MIN_DEFINITION_LINES` lines), and the block calls it by its bare name (`getComponentSymbol(…)`,
 * not `this.x(…)` or `utils.x(…)`) but neither defines nor imports it: every line of the block that
 * names it calls it. Only for files whose names are their own (`path` a Python module, or a
 * JavaScript or TypeScript module: the file or the block imports or exports something), where
 * nothing else defines such a name: a Go package or a C header may define it in another file.
 *
 * A Cursor reply that re-printed a whole React component "with the fix" silently lacked its
 * 66-line `getComponentSymbol` helper, still called in its JSX: written as given, the helper was
 * deleted and the file no longer compiled (the model itself said so in its next turn, "recreate
 * the part that was accidentally removed"). A file meant without the function would not call it.
 */
export function definitionLeftOut(original: readonly string[], block: readonly string[], path: string): string | undefined {
  if (!ownsItsNames(original, block, path)) return undefined;
  // A star import may bring in any name.
  if (block.some((line) => /^\s*(?:from\s+\S+\s+import\s+\*|import\s+\*\s+from\b)/.test(line))) return undefined;
  const code = block.filter((line) => !isCommentLine(line));
  const named = new Set(code.flatMap(identifiers));
  for (let i = 0; i < original.length; i++) {
    const name = functionNameAt(original, i);
    if (name === undefined || !named.has(name)) continue;
    const end = blockEnd(original, i);
    if (end - i < MIN_DEFINITION_LINES) continue;
    const lines = code.filter((line) => identifiers(line).includes(name));
    if (!lines.every((line) => onlyCalls(line, name))) continue;
    return `the block gives the whole file without ${name} (defined at line ${i + 1}), which it still calls ("${lines[0].trim().slice(0, 60)}") and neither defines nor imports: whether it left that function out by mistake, the file keeping it, or means to delete it is a guess`;
  }
  return undefined;
}

/** True when the file's names are its own: a Python module, or a JavaScript or TypeScript module (an import or export in the file or the block). */
function ownsItsNames(original: readonly string[], block: readonly string[], path: string): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  if (extension === 'py') return true;
  if (!/^(?:[cm]?[jt]sx?)$/.test(extension)) return false;
  const moduleLine = (line: string) => /^\s*(?:import\b|export\b)/.test(line);
  return original.some(moduleLine) || block.some(moduleLine);
}

/**
 * The name of the function a line defines with a keyword (`def load(`, `async function load(`,
 * `const load = (…) => {`, `const load = function`), or undefined. A Python method (a `def` right
 * inside a `class`) is not one: it is called through `self.`, and a bare name in prose
 * (`__getitem__() implements…` in a docstring) calls nothing.
 */
function functionNameAt(lines: readonly string[], at: number): string | undefined {
  const line = lines[at];
  const named = DEFINED_FUNCTION.exec(line) ?? BOUND_FUNCTION.exec(line);
  if (named === null) return undefined;
  if (/^\s*(?:async\s+)?def\b/.test(line)) {
    for (let i = at - 1; i >= 0; i--) {
      if (lines[i].trim() === '' || indentOf(lines[i]) >= indentOf(line)) continue;
      if (/^\s*class\b/.test(lines[i])) return undefined;
      break;
    }
  }
  return named[1];
}

/** A function defined by keyword: `def f(`, `function f(`, `function* f(`, exported, default, async. */
const DEFINED_FUNCTION = /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:def\s+|function(?:\s*\*\s*|\s+))([A-Za-z_$][\w$]*)\s*[(<]/;

/** A function bound to a name: `const f = (…) =>`, `const f = async (x) =>`, `let f = function`. */
const BOUND_FUNCTION = /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/;

/** True when every mention of `name` in the line is a call of it by its bare name, and the line does not define it. */
function onlyCalls(line: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  if (new RegExp(`\\b(?:function|def|class)\\s*\\*?\\s*${escaped}(?![\\w$])`).test(line)) return false;
  const mention = new RegExp(`(^|[^\\w$])${escaped}(?![\\w$])`, 'g');
  let found = false;
  for (let match = mention.exec(line); match !== null; match = mention.exec(line)) {
    const after = line.slice(match.index + match[0].length);
    if (match[1] === '.' || match[1] === '#' || !/^\s*\(/.test(after)) return false;
    found = true;
  }
  return found;
}
