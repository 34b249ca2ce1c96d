/**
 * git writes a path in double quotes, C style, when it holds a byte outside printable ASCII, a
 * quote, a backslash or a control character (`core.quotePath`, on by default): `café.txt` becomes
 * `"a/caf\303\251.txt"` in `diff --git`, `---`/`+++`, `rename from`/`to` and `copy from`/`to`
 * lines. Read as written, such a path names no file (or, worse, the backslashes read as folders).
 */

/** The escapes git writes (`quote_c_style` in git's quote.c), by the letter after the backslash. */
const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * Reads one git-quoted path at the start of `text`: its decoded value (octal escapes are bytes of
 * the UTF-8 name) and where the closing quote ends, or undefined when `text` does not start with
 * a well-formed quoted string (then it is read as an ordinary, unquoted path).
 */
export function readGitQuoted(text: string): { path: string; end: number } | undefined {
  if (text[0] !== '"') return undefined;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return { path: new TextDecoder().decode(new Uint8Array(bytes)), end: i + 1 };
    if (c !== '\\') {
      // Characters written as they are (printable ASCII, or text a model re-typed): their UTF-8 bytes.
      const code = text.codePointAt(i)!;
      if (code > 0xffff) i++;
      for (const byte of encoder.encode(String.fromCodePoint(code))) bytes.push(byte);
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) return undefined;
    const octal = /^[0-3][0-7]{2}/.exec(text.slice(i + 1, i + 4));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += 3;
    } else if (ESCAPES[next] !== undefined) {
      bytes.push(ESCAPES[next]);
      i += 1;
    } else return undefined;
  }
  return undefined;
}

/** `text` (trimmed) as one git-quoted path, decoded; undefined when it is not exactly one. */
export function unquoteGitPath(text: string): string | undefined {
  const trimmed = text.trim();
  const quoted = readGitQuoted(trimmed);
  return quoted && quoted.end === trimmed.length ? quoted.path : undefined;
}
