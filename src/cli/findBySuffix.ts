import * as fs from 'node:fs';
import * as path from 'node:path';
import { endsWithPath, MAX_PATH_CANDIDATES } from '../core/index';

/** Folders never searched: version control and installed packages are not what a model edits. */
const SKIPPED_FOLDERS = new Set(['.git', '.hg', '.svn', 'node_modules']);
/** A bound on the walk, so a huge tree costs a fixed amount before the answer is "not found". */
const MAX_FILES = 200_000;

/**
 * The CLI's `locateMissing` (see `PlanOptions`): the files under `root` whose relative paths end
 * with the given one, sorted, or undefined when none does or more than `MAX_PATH_CANDIDATES` do (a
 * name that common says too little, and the engine would read every one to choose). When none
 * ends with it as written, those that do but for case (`Button.tsx` for `button.tsx`: a model
 * writes a React component's file name as it writes the component; on macOS and Windows it is that
 * file). Walks the tree once, on the first question (most replies name existing files and never
 * ask); symbolic links are not followed.
 */
export function suffixLocator(root: string): (relative: string) => readonly string[] | undefined {
  let files: string[] | undefined;
  return (relative) => {
    files ??= listFiles(root);
    const wanted = relative.replace(/^\/+/, '');
    if (wanted === '') return undefined;
    const lowered = wanted.toLowerCase();
    return endingWith(files, (file) => endsWithPath(file, wanted)) ?? endingWith(files, (file) => endsWithPath(file.toLowerCase(), lowered));
  };
}

/** The files `ends` accepts, sorted; undefined for none or more than `MAX_PATH_CANDIDATES`. */
function endingWith(files: readonly string[], ends: (file: string) => boolean): string[] | undefined {
  const found: string[] = [];
  for (const file of files) {
    if (!ends(file)) continue;
    found.push(file);
    if (found.length > MAX_PATH_CANDIDATES) return undefined;
  }
  return found.length > 0 ? found.sort() : undefined;
}

function listFiles(root: string): string[] {
  const out: string[] = [];
  const pending = [''];
  while (pending.length > 0 && out.length < MAX_FILES) {
    const folder = pending.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) pending.push(relative);
      } else if (entry.isFile()) {
        out.push(relative);
      }
    }
  }
  return out;
}
