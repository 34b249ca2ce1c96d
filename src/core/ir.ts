/**
 * The edit model every parser compiles to and every later stage reads. Plain data: no methods,
 * no references to the reply's original format beyond `source`, which exists for error messages.
 *
 * Paths in the IR are as the reply wrote them, cleaned by `cleanReplyPath` (quotes, backticks and
 * backslashes removed, and git's `a/`/`b/` prefixes where a format uses them: diff headers, file
 * labels; a tool call's argument or an apply_patch header keeps them, as a real folder); they are
 * resolved against the workspace root later, by `resolvePath`. `undefined` means "the reply named no file": the host's hint path applies.
 */

/** The reply formats the parsers understand. */
export type EditFormat =
  | 'search-replace'
  | 'unified-diff'
  | 'apply-patch'
  | 'whole-file'
  | 'json-tool'
  | 'old-new-text'
  | 'original-patched'
  | 'line-range'
  | 'snippet';

/** Where in the reply an operation came from. Lines are 1-based and inclusive. */
export interface EditSource {
  /** 1-based index of the block within the reply, in reply order across all formats. */
  readonly block: number;
  readonly format: EditFormat;
  readonly startLine: number;
  readonly endLine: number;
  /**
   * The block was written by a tool, not a model (a git diff with its `index` line): every line is
   * the file's text as it is, so none is an elision.
   */
  readonly verbatim?: boolean;
  /**
   * The block wrote a line of dots alone where no line of the file stands (`...` with no prefix
   * among an apply_patch chunk's prefixed lines): its bare `...` lines are elisions, as in a
   * SEARCH block, though the format's prefixed `...` is otherwise code (see `isElisionIn`).
   */
  readonly dotsElide?: boolean;
}

/**
 * Replace `search` with `replacement` in `path`.
 * - `search` and `replacement` use `\n` line endings. For `granularity: 'lines'` both are whole
 *   lines, each ending in `\n` (or empty).
 * - An empty `search` means: create the file with `replacement` if it does not exist, fill it if it
 *   is empty, append `replacement` to it otherwise (Aider's convention).
 * - `expectedCount` is how many occurrences must be replaced: 1 (the default: more is `AMBIGUOUS`),
 *   a number n (exactly n, as Claude Code's `expected_replacements`), or `'all'` (at least one).
 * - `lineHint` is a 1-based line of the original file where the search text is believed to start
 *   (unified diff `-a`, Roo `:start_line:`); it only breaks ties, it never places text by itself.
 * - `anchors` are lines that must appear, in order, before the match (apply_patch `@@ class Foo`).
 * - `atEndOfFile`: the search text must end at the end of the file (apply_patch `*** End of File`).
 */
export interface ReplaceOp {
  readonly kind: 'replace';
  readonly path: string | undefined;
  readonly search: string;
  readonly replacement: string;
  readonly granularity: 'lines' | 'chars';
  readonly expectedCount: number | 'all';
  readonly lineHint?: number;
  /**
   * A diff hunk's `+c`: the line its new text starts at in the edited file, when it differs from
   * `lineHint` (the earlier hunks add or remove lines). Found at `lineHint`, the hunk is on a file
   * not yet edited, whatever its neighbourhood looks like (see `placeMatches`).
   */
  readonly newLineHint?: number;
  /**
   * A unified diff hunk's section heading (the text after its second `@@`: git's function
   * context, `class ListedColormap(Colormap):`; or the text of a header without numbers, `@@ class
   * Tag(models.Model):`), which names a line above the hunk in the file.
   */
  readonly sectionHeading?: string;
  readonly anchors?: readonly string[];
  readonly atEndOfFile?: boolean;
  /**
   * Whether the file ends with a newline after this op, when the reply says so explicitly (a
   * unified diff's `\ No newline at end of file`). Only used when the match reaches the end of
   * the file; otherwise the file's own state is kept.
   */
  readonly finalNewline?: boolean;
  /**
   * The line endings a diff shows for each line of `search` and of `replacement`, when its new
   * lines end otherwise than its old ones (git's diff of a commit that moves a file from CRLF to
   * LF, in a reply whose other lines end with LF). Used only where the file's lines end as
   * `search` says (see `placeMatches`); otherwise the file's endings are kept.
   */
  readonly lineEnds?: { readonly search: readonly ('\n' | '\r\n')[]; readonly replacement: readonly ('\n' | '\r\n')[] };
  /**
   * The search text as the reply quoted it, when the parser read it otherwise (a line-number
   * gutter taken off): the planner uses this text instead when the file holds it, with
   * `quotedReplacement` when the gutter came off the replacement too.
   */
  readonly quotedSearch?: string;
  /** The replacement as the reply quoted it, when a gutter came off it as well (see `quotedSearch`). */
  readonly quotedReplacement?: string;
  /** See `NamedPaths`. */
  readonly namedPaths?: NamedPaths;
  /**
   * A diff hunk's or patch chunk's own line structure, one character per line in order: ` ` a
   * context line, `-` a removed one, `+` an added one. It says which of two equal lines the hunk
   * keeps and which it removes, which re-diffing the search and replacement texts cannot.
   */
  readonly lineKinds?: string;
  /**
   * The replacement's first or last line is the SEARCH/REPLACE block's divider again (`=======`
   * right before `>>>>>>> REPLACE`): a second divider models write by mistake, dropped by the
   * planner, unless the file is Markdown-like, where a line of `=` underlines a heading.
   */
  readonly strayDivider?: 'start' | 'end';
  /**
   * The block names no file of its own: `path` is the previous block's (Aider's convention). The
   * planner keeps it when that file holds the search text, else takes the one file in play that does.
   */
  readonly pathInherited?: boolean;
  /**
   * A SEARCH/REPLACE block with several `=======` lines read with another of them as the divider
   * (the file's own text may hold such lines). The planner takes the one reading whose search text
   * the file holds; when several do, the block is ambiguous.
   */
  readonly otherReadings?: readonly Pick<ReplaceOp, 'search' | 'replacement' | 'quotedSearch' | 'quotedReplacement' | 'strayDivider' | 'lineHint' | 'dividerLikeMarkers'>[];
  /**
   * Of a block with several `=======` lines: this reading's divider has as many `=` as the block's
   * markers have `<` and `>` (a heading's underline has its title's length instead).
   */
  readonly dividerLikeMarkers?: true;
  /**
   * A SEARCH/REPLACE block opened with a full marker whose SEARCH part holds a shorter SEARCH
   * marker line (`<<< SEARCH`), read as a line of the search text: taken so only where the file
   * holds the search text as written (its lines, whitespace aside); elsewhere the line may open a
   * block of its own after one cut off, and the block is refused as the marker reading would be.
   */
  readonly markerLikeSearchLine?: true;
  /**
   * Lines `first` to `last` (1-based, inclusive) of the file as the reply's earlier edits left it:
   * only the occurrences of the search text inside them are replaced (Roo's search_and_replace
   * with `start_line`/`end_line`). One elsewhere is not the one the call means.
   */
  readonly withinLines?: { readonly first: number; readonly last: number };
  /**
   * The tool that takes this edit applies it to the file as the edits before it left it, and
   * counts its old text's occurrences there (Claude Code's Edit and MultiEdit: "each edit operates
   * on the result of the previous edit"; opencode's; Anthropic's text editor, one call after the
   * other; Zed's old_text/new_text pairs, streamed into the buffer in turn). An old text the file
   * holds several times, once only after those edits, is that one place; one the file holds once,
   * and again only after those edits wrote it, is ambiguous (see `refusedAsWrittenAgain`). Unset
   * for tools that match a list's edits against the file as it was (Pi's `edits`).
   */
  readonly sequential?: true;
  readonly source: EditSource;
}

/**
 * Every name a reply gives the file an op edits, when they differ without a rename (a diff's
 * `--- original.go` and `+++ updated.go`): the planner edits the first that exists, else the
 * host's hint path; `path` is one of them. Only a rename (git's `rename from`/`rename to`,
 * apply_patch's `*** Move to:`) moves a file.
 */
export type NamedPaths = readonly string[];

/** Create a new file. `content` uses `\n` line endings. Refused with `FILE_EXISTS` if the file exists and differs. */
export interface CreateFileOp {
  readonly kind: 'create';
  readonly path: string | undefined;
  readonly content: string;
  /**
   * The new file's line endings when the reply shows them (a git diff of a CRLF file): one for all
   * lines, or one per line of `content` when they are mixed; else `\n`.
   */
  readonly eol?: '\r\n' | readonly ('\n' | '\r\n')[];
  readonly source: EditSource;
}

/**
 * Replace the whole content of a file (a fenced whole file). `content` may hold elision markers
 * (`// ... existing code ...`): they are filled from the original or refused, never written.
 * When the file does not exist, this creates it (elisions are then an error).
 */
export interface RewriteFileOp {
  readonly kind: 'rewrite';
  readonly path: string | undefined;
  readonly content: string;
  /** True when the block is a partial snippet (Cursor style) rather than a whole file. */
  readonly partial: boolean;
  /**
   * The block is a part of the file whatever its content: a block without a path, placed in the
   * hint file by a definition both have (see `hintFileOps`). Otherwise `partial` only says that
   * the content holds elision-like lines, which may be the file's own text.
   */
  readonly asPart?: boolean;
  /**
   * The block's first line, a comment naming the file (`// src/panel.tsx`), taken off `content` as
   * a label. The planner puts it back when the existing file's own text starts with that line: it
   * is then the file's content, not a label.
   */
  readonly label?: string;
  /**
   * The path came from a sentence presenting the block ("Here is the updated `a.py`:"), not from
   * a path line: an existing file of three or more lines is rewritten only when the block
   * resembles it (see `placeRewrite`).
   */
  readonly namedInProse?: boolean;
  /**
   * The reply calls the file new where it names it (`### middleware/timing.py (new file)`, "Create
   * a new file `a.py`:"): a path that does not exist is created where it says, never taken for
   * another workspace file whose path ends with it, however alike their texts (see `targetFileOf`).
   */
  readonly declaredNew?: true;
  readonly source: EditSource;
}

/** Delete a file. */
export interface DeleteFileOp {
  readonly kind: 'delete';
  readonly path: string;
  /**
   * What the file holds, as the reply says (a diff's removed lines, `\n`-joined, ending as its
   * `\ No newline at end of file` marker says; `''` for git's empty blob): it is deleted only while
   * it holds that. Undefined when the reply says nothing of the content (apply_patch's `Delete File`).
   */
  readonly expectedText?: string;
  readonly source: EditSource;
}

/** Rename a file; the ops on `from` that precede or follow it in the reply edit its content. */
export interface MoveFileOp {
  readonly kind: 'move';
  readonly from: string;
  readonly to: string;
  /**
   * A git diff's rename: the diff's renames happen at once, as `git apply` makes them. Its `from`
   * is the file as it was before the reply, even where another rename of the diff has put a file
   * at that path, and its `to` may be a path another rename of the diff moves away (a swap, GNU
   * patch's criss-cross test). Unset for formats applied section by section (apply_patch).
   */
  readonly simultaneous?: true;
  readonly source: EditSource;
}

/** Insert `text` (whole lines, `\n` endings) after 1-based line `afterLine` (0 = at the top). */
export interface InsertOp {
  readonly kind: 'insert';
  readonly path: string | undefined;
  readonly afterLine: number;
  readonly text: string;
  /** Where the text starts once inserted (a diff's `+c`), 1-based: where a repeat would find it. */
  readonly newLine?: number;
  /**
   * Whether the file ends with a newline after this op, when the reply says so (a `-U0` diff's
   * `\ No newline at end of file` under lines added at the end). Only used when the lines go
   * after the file's last line, as `ReplaceOp.finalNewline`.
   */
  readonly finalNewline?: boolean;
  /**
   * A diff hunk whose old side is empty at the file's start (`@@ -0,0 +1,N @@`): for a file that
   * does not exist, it is the file's whole text (git apply creates it).
   */
  readonly fromEmpty?: true;
  /**
   * A diff hunk of added lines alone that gives no line number (`@@ ... @@`): nothing says where
   * they go, except in a file with nothing in it, which has one place. Any other file refuses it.
   */
  readonly intoEmptyOnly?: true;
  /** See `NamedPaths`. */
  readonly namedPaths?: NamedPaths;
  readonly source: EditSource;
}

/**
 * Replace lines `firstLine`..`lastLine` (1-based, inclusive) of the file, as the edits before it in
 * the reply left it, with `text` (whole lines, `\n`-joined): SWE-agent's `edit 12:15` … `end_of_edit`,
 * CopilotChat's `path=… start_line= end_line=` fence, avante's `Replace lines: N-M`.
 * The reply quotes nothing of the old lines; the placement checks they resemble the new ones.
 */
export interface ReplaceLinesOp {
  readonly kind: 'replaceLines';
  readonly path: string | undefined;
  readonly firstLine: number;
  readonly lastLine: number;
  readonly text: string;
  /**
   * The numbers count the lines of the file as the reply found it, not as its earlier edits left
   * it: CopilotChat's and avante's ranges were each written against the numbered file the model
   * was shown.
   */
  readonly countedOnOriginal?: true;
  readonly source: EditSource;
}

/**
 * Give a file git's executable mode (`100755`) or take it away (`100644`): a git diff's `new mode`
 * line (under `old mode`), or `new file mode 100755` beside the new file's create. The mode is a
 * part of the diff's file operation, as `git apply` applies it: dropped, a new script would fail
 * with "Permission denied" while the receipt said everything was applied. Only the executable
 * bits change (the host sets or clears them); a file already so is already applied.
 */
export interface ModeOp {
  readonly kind: 'mode';
  readonly path: string | undefined;
  /** True for git's `100755`, false for `100644`. */
  readonly executable: boolean;
  readonly source: EditSource;
}

export type EditOp = ReplaceOp | CreateFileOp | RewriteFileOp | DeleteFileOp | MoveFileOp | InsertOp | ReplaceLinesOp | ModeOp;

/** A problem found while reading the reply, before any file was looked at. */
export interface ParseProblem {
  readonly code: 'PARSE_ERROR' | 'INCOMPLETE_BLOCK';
  readonly block: number;
  readonly format: EditFormat;
  readonly startLine: number;
  readonly endLine: number;
  readonly path?: string;
  readonly message: string;
}

/**
 * A fenced code block with no path and no elisions: in a chat reply, usually an illustration. It
 * becomes an edit only when the reply has no other and the block is plainly the whole of the
 * host's hint file, or of the file the sentence above it names, or gives one definition of that
 * file anew (see `hintFileOps`).
 */
export interface UnnamedFile {
  /** The block's lines, `\n`-terminated. */
  readonly content: string;
  /** 1-based reply lines of the block, fences included. */
  readonly startLine: number;
  readonly endLine: number;
  /**
   * The one file the sentence right above the block names, without presenting the block as that
   * file whole ("Updated `Config.from_file` in `src/flask/config.py`:"), as the reply wrote it.
   */
  readonly namedInSentence?: string;
  /**
   * The sentence calls the file it names new, right before its name ("into a new module
   * `app/json_encoder.py`:", "into the new `a.py`:"): when that file does not exist, the block is
   * all the reply gives of it (see `wholeFilesNamedBesideEdits`).
   */
  readonly namedAsNew?: true;
  /**
   * Every file the sentence right above the block names in backticks, when it names two or more
   * ("Leave `config.py` as it is and change `app/__init__.py` so …:"), in the reply's order. The
   * block is one of them only when it is plainly the whole of exactly one (see
   * `wholeFilesAmongMentions`).
   */
  readonly mentionedInSentence?: readonly string[];
  /** With `namedInSentence` or `mentionedInSentence`: that sentence, as the reply wrote it. */
  readonly sentence?: string;
  /**
   * The fence's language, when it is one that shows commands or output (```bat, ```powershell,
   * ```text): the block is a file's only when that file is a script of that language or a text
   * file (`fenceMayHoldFile`); for any other file it is an illustration, left out before planning.
   */
  readonly lang?: string;
  /**
   * The block holds elision lines: a snippet of the target file in a command language's fence,
   * placed like any snippet when the target is a script of that language.
   */
  readonly elided?: boolean;
}

/** What a parser (or the whole registry) found in a reply. */
export interface ParsedReply {
  readonly ops: EditOp[];
  readonly problems: ParseProblem[];
  /** Present only when the reply has such blocks; they are not numbered with the edit blocks. */
  readonly unnamedFiles?: UnnamedFile[];
  /** Present only when the reply holds the model's reasoning (`<think>…</think>`): read, never applied. */
  readonly reasoning?: ReasoningSpan[];
}

/** Reply lines (1-based, inclusive) that are the model's reasoning, not its answer (see `parse/reasoning.ts`). */
export interface ReasoningSpan {
  readonly startLine: number;
  readonly endLine: number;
  /** The tag's name: `think` or `thinking`. */
  readonly tag: string;
  /** False when the reply ended before the closing tag: everything after the opening one is reasoning. */
  readonly closed: boolean;
  /** Blocks (edit blocks and code blocks naming no file) written there, left out of the reply's edits. */
  readonly blocks: number;
}
