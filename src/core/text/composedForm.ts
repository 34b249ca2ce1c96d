/**
 * Accented letters written in another Unicode form than the file's. `é` is one character in
 * composed form (NFC, U+00E9: what editors and almost every source file hold) and two in
 * decomposed form (NFD, `e` + U+0301): text copied through macOS (its pasteboard, file names,
 * some terminals) arrives decomposed. The two forms look the same on screen, so a search text
 * quoting the file in the other form is found nowhere, and the refusal showed two lines that read
 * alike. The ladder cannot fold the forms itself: its whitespace-blind prefilter hashes lines
 * character by character without allocating (`skeletonHash`), and composing a line changes its
 * characters.
 */

/**
 * The search and replacement in composed form (NFC), when the search text is not and the file
 * (`view`) is composed throughout; undefined otherwise. A decomposed letter cannot stand in a
 * composed file, so the search as written could only be found by a guess, and its composed form
 * is the same text. The replacement is composed too: its new lines then take the file's form (a
 * line it keeps is written as the file has it anyway). A file that holds decomposed text is left
 * alone: its own form is unknown, and the search may quote it.
 */
export function composedTexts(search: string, replacement: string, view: () => string): { search: string; replacement: string } | undefined {
  // Text below U+0300 (the combining accents) is composed as it stands: most searches, read
  // without normalizing them (normalize() copied each, a twentieth of placing an exact edit).
  if (!MAY_DECOMPOSE.test(search)) return undefined;
  const composed = search.normalize('NFC');
  if (composed === search) return undefined;
  const file = view();
  if (file.normalize('NFC') !== file) return undefined;
  return { search: composed, replacement: replacement.normalize('NFC') };
}

const MAY_DECOMPOSE = /[\u0300-\uffff]/;

/** True when two lines differ, but not once both are in composed form (NFC): they differ only in how their accents are encoded. */
export function differOnlyInForm(a: string, b: string): boolean {
  return a !== b && a.normalize('NFC') === b.normalize('NFC');
}

/** The note on an edit read in the file's composed form (see `composedTexts`). */
export const COMPOSED_NOTE = "the reply's accented letters were decomposed (Unicode NFD: `e` + a combining accent) where the file has them composed (NFC): read and written composed, as the file has them";
