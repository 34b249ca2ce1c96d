/**
 * The SEARCH/REPLACE markers, as regular-expression source, for every module that must know one
 * when it sees it (the parser itself, the list-fence outdent, the whole-file guard): the SEARCH
 * and REPLACE markers take 3 to 15 characters (`<<< SEARCH`, `------- SEARCH`, `+++ REPLACE`),
 * with Aider's older words `ORIGINAL` / `UPDATED`. Each user anchors them as its reading needs;
 * the marker's own characters are the expression's first group (their count tells a block's
 * dialect: see `chooseDivider`).
 */
export const SEARCH_MARKER = '(<{3,15}|-{3,15}) (?:SEARCH|ORIGINAL)';
export const REPLACE_MARKER = '(>{3,15}|\\+{3,15}) (?:REPLACE|UPDATED)';
