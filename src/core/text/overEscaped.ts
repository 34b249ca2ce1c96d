/**
 * Tool-call text escaped twice. A model that writes a JSON tool call sometimes escapes its strings
 * once more than JSON needs, so that after decoding, `old_string` still holds `\n`, `\t`, `\"` as
 * two characters each where the file has a newline, a tab, a quote. Gemini CLI's edit tool meets
 * the same failure and repairs it the same way: only when the text as written is not in the file.
 */

/** The backslash sequences a second escaping leaves behind, and what each one stood for. */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', "'": "'", '`': '`', '\\': '\\' };
const ESCAPE = /\\([ntr"'`\\])/g;

/** `text` with one level of backslash escaping removed; the same string when it holds none. */
export function unescapeOnce(text: string): string {
  return text.includes('\\') ? text.replace(ESCAPE, (_, c: string) => ESCAPES[c]) : text;
}

/**
 * The search and replacement with one level of escaping removed, when that is what makes the search
 * text appear in the file (`view()`: its text with `\n` endings, asked for only when the search
 * holds a backslash) and the text as written does not; otherwise undefined. Never changes an
 * edit whose search text is already in the file.
 */
export function repairOverEscaped(search: string, replacement: string, view: () => string): { search: string; replacement: string } | undefined {
  if (!search.includes('\\') || view().includes(search)) return undefined;
  const unescaped = unescapeOnce(search);
  if (unescaped === search || unescaped.trim() === '' || !view().includes(unescaped)) return undefined;
  return { search: unescaped, replacement: unescapeOnce(replacement) };
}
