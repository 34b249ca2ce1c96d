/**
 * Edit text HTML-escaped on its way: models that write their edits inside XML tags (Cline's and
 * Roo's tool calls) or whose output passes through an HTML view sometimes send `&lt;`, `&gt;`,
 * `&amp;`, `&quot;` for the characters the file has. Read as written, such a search text is found
 * nowhere, and a replacement would put the entities into code.
 *
 * The text is read unescaped only when the file proves it was escaped: the search text holds an
 * entity, is not in the file as written and is there once unescaped (or another edit of the reply
 * to the file shows that), and the file holds none of the entities the edit uses (an HTML file's
 * own `&amp;` is text, as Roo Code learned when it unescaped every reply and broke such files).
 */

/** The entities an HTML escaping writes, and the characters they stand for. */
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&apos;': "'", '&#39;': "'", '&#x27;': "'", '&#34;': '"', '&#60;': '<', '&#62;': '>', '&#38;': '&' };
const ENTITY_SOURCE = '&(?:lt|gt|amp|quot|apos|#39|#x27|#34|#60|#62|#38);';

/** `text` with the entities above decoded, once (`&amp;lt;` reads `&lt;`). */
function decodeEntities(text: string): string {
  return text.replace(new RegExp(ENTITY_SOURCE, 'g'), (entity) => ENTITIES[entity]);
}

/** The entities the texts use, when none of them stands in the file (`view`); undefined otherwise (or when they use none). */
function entitiesNewToFile(texts: readonly string[], view: string): Set<string> | undefined {
  const used = new Set<string>();
  for (const text of texts) if (text.includes('&')) for (const m of text.matchAll(new RegExp(ENTITY_SOURCE, 'g'))) used.add(m[0]);
  if (used.size === 0) return undefined;
  for (const entity of used) if (view.includes(entity)) return undefined;
  return used;
}

/** True when the search, unescaped, stands in the file once and, as written, not at all. */
function foundOnlyUnescaped(search: string, view: string): boolean {
  const unescaped = decodeEntities(search);
  if (unescaped === search || view.includes(search)) return false;
  const at = view.indexOf(unescaped);
  return at !== -1 && view.indexOf(unescaped, at + 1) === -1;
}

/**
 * True when this edit proves the reply escaped its text: its search holds an entity, is found in
 * the file (`view`, `\n` endings) only unescaped, once, and the file holds none of the entities
 * the edit uses.
 */
export function provesHtmlEscaped(search: string, replacement: string, view: string): boolean {
  return search.includes('&') && entitiesNewToFile([search, replacement], view) !== undefined && foundOnlyUnescaped(search, view);
}

/**
 * The search and replacement unescaped when this edit proves the escaping (`provesHtmlEscaped`),
 * or when its search holds no entity (nor `<`, `>`, `&`) and stands in the file, its replacement uses entities the file
 * does not hold, and `escapedBeside()` says another edit of the reply to this file proves it (a
 * block whose old text had no `<` to show it: its new text was escaped all the same); undefined
 * otherwise.
 */
export function unescapedHtml(search: string, replacement: string, fileView: () => string, escapedBeside: () => boolean = () => false): { search: string; replacement: string } | undefined {
  // Texts without an `&` hold no entity: the file's text is not even looked up for them.
  if (!replacement.includes('&') && !search.includes('&')) return undefined;
  const view = fileView();
  if (provesHtmlEscaped(search, replacement, view)) return { search: decodeEntities(search), replacement: decodeEntities(replacement) };
  // An escaped search has no `<`, `>` or `&` of its own: one that has them was not escaped.
  if (/[<>&]/.test(search) || entitiesNewToFile([replacement], view) === undefined || !view.includes(search)) return undefined;
  return escapedBeside() ? { search, replacement: decodeEntities(replacement) } : undefined;
}
