/**
 * Python's block structure as far as a merge can break it: clauses (`else:`, `elif …:`,
 * `except …:`, `finally:`) that continue a compound statement stand at its depth right after its
 * block, and a header ending its line (`with f:`) has a block indented under it. A merge that puts
 * a segment's lines after the wrong block leaves a clause after a plain statement, or a header
 * with nothing under it: the file no longer parses (an `if flag not in ('c', 'n'): raise` /
 * `else: with f:` segment of `_update` anchored on a `with` line of `_commit`, in CPython's
 * dbm/dumb.py; `else: os.close(slave_fd)` written a second time under pty.fork's `if`). The
 * bracket balance cannot see either: Python closes blocks by indentation.
 *
 * Written by hand: only these lines matter, in one pass, and the file may be partial or broken;
 * it is compared before and after the merge, never judged alone.
 */

/** The headers each clause may follow at its own depth. */
const FOLLOWS: Record<string, readonly string[]> = {
  else: ['if', 'elif', 'for', 'while', 'try', 'except', 'async for'],
  elif: ['if', 'elif'],
  except: ['try', 'except'],
  finally: ['try', 'except', 'else'],
};

/** The clause keyword a line starts with (`else`, `elif`, `except`, `finally`), or undefined. */
function clauseOf(text: string): string | undefined {
  const word = /^(else|elif|except|finally)\b/.exec(text)?.[1];
  if (word === undefined) return undefined;
  // `else:` and `finally:` take nothing before the colon; `elif x:` and `except E:` something.
  return word === 'else' || word === 'finally' ? (/^(?:else|finally)\s*:/.test(text) ? word : undefined) : word;
}

/** The compound statement a header line opens (`if`, `for`, `async for`, `try`…), or undefined. */
function headerOf(text: string): string | undefined {
  return /^(async\s+for|if|elif|else|for|while|try|except|finally)\b/.exec(text)?.[1].replace(/\s+/, ' ');
}

/** True when a line is a compound statement's header ending its line (`with f:`, `else:`), its block below. */
function opensBlock(text: string): boolean {
  // A trailing comment aside (a `#` in a string on the line only hides a header: a check missed).
  const hash = text.indexOf('#');
  const code = hash === -1 ? text : text.slice(0, hash).trimEnd();
  return code.endsWith(':') && /^(?:async\s+)?(?:if|elif|else|for|while|try|except|finally|with|def|class)\b/.test(code);
}

/**
 * The lines (0-based) holding a clause that follows no statement it may continue, or a header
 * whose next line of code is not indented under it (`with f:` with the old loop at its own depth
 * after it), outside triple-quoted strings and comments. A line starting with a closing bracket
 * ends a statement begun above it and is passed over, as are lines more indented than the clause.
 */
export function blockFaults(lines: readonly string[]): number[] {
  const faults: number[] = [];
  /** Each code line's depth and trimmed text, for looking back. */
  const code: { depth: number; text: string }[] = [];
  let inString: string | undefined;
  /** A header line whose block has not shown its first line yet. */
  let open: { line: number; depth: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const text = line.trim();
    const startsInString = inString !== undefined;
    for (const quote of ['"""', "'''"]) {
      if (inString !== undefined && inString !== quote) continue;
      let count = 0;
      for (let at = line.indexOf(quote); at !== -1; at = line.indexOf(quote, at + 3)) count++;
      if (count % 2 === 1) inString = inString === undefined ? quote : undefined;
    }
    if (startsInString || text === '' || text.startsWith('#')) continue;
    const depth = line.length - line.trimStart().length;
    // The header before this line opened a block this line does not indent.
    if (open !== undefined && depth <= open.depth) faults.push(open.line);
    open = opensBlock(text) ? { line: i, depth } : undefined;
    const clause = clauseOf(text);
    if (clause !== undefined) {
      let j = code.length - 1;
      while (j >= 0 && (code[j].depth > depth || /^[)\]}]/.test(code[j].text))) j--;
      const before = j >= 0 && code[j].depth === depth ? headerOf(code[j].text) : undefined;
      if (before === undefined || !FOLLOWS[clause].includes(before)) faults.push(i);
    }
    code.push({ depth, text });
  }
  return faults;
}
