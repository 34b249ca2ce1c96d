/**
 * Failure codes shared by the receipt, the CLI's JSON, the extension and the chat tool.
 * Each code names one situation a person (or a model) can act on; `nextStepFor` says how.
 */
export type ErrorCode =
  | 'NO_MATCH'
  | 'AMBIGUOUS'
  | 'OUT_OF_DATE'
  | 'PARSE_ERROR'
  | 'INCOMPLETE_BLOCK'
  | 'NO_EDITS_FOUND'
  | 'FILE_NOT_FOUND'
  | 'FILE_EXISTS'
  | 'OUTSIDE_WORKSPACE'
  | 'PROTECTED_PATH'
  | 'OVERLAPPING_EDITS'
  | 'BINARY_FILE'
  | 'TOO_LARGE'
  | 'ELISION_UNRESOLVED'
  | 'NO_TARGET_FILE'
  | 'UNSUPPORTED_ENCODING'
  | 'NOT_A_FILE'
  | 'NAME_TOO_LONG'
  | 'SAME_FILE'
  | 'WRITE_FAILED';

/** The next step to suggest for a failure, in words a person and a model can follow. */
export function nextStepFor(code: ErrorCode): string {
  switch (code) {
    case 'NO_MATCH':
      return 'Re-send this block with SEARCH lines copied exactly from the current file (the closest lines it has, when any resemble them, are given with this error).';
    case 'AMBIGUOUS':
      return 'Re-send this block with more surrounding lines in SEARCH so that it matches exactly one place.';
    case 'OUT_OF_DATE':
      return 'The file changed after the edit was planned: read the file again and re-send the edit against its current text.';
    case 'PARSE_ERROR':
      return 'Re-send the block in a well-formed format (SEARCH/REPLACE markers, a unified diff, or *** Begin Patch).';
    case 'INCOMPLETE_BLOCK':
      return 'The reply ended inside this block: re-send the block in full.';
    case 'NO_EDITS_FOUND':
      return 'The reply holds no edit block: ask for SEARCH/REPLACE blocks, a unified diff or whole files with their paths.';
    case 'FILE_NOT_FOUND':
      return 'Check the path; to create a new file, send its whole content with an empty SEARCH section.';
    case 'FILE_EXISTS':
      return 'The file already exists: send an edit of it instead of creating it.';
    case 'OUTSIDE_WORKSPACE':
      return 'Use a path relative to the workspace root; files outside the workspace are never touched.';
    case 'PROTECTED_PATH':
      return "The path is inside the repository's version-control folder (.git, .hg, .svn), which edits never touch: name a file of the workspace, or make that change with git itself.";
    case 'OVERLAPPING_EDITS':
      return 'Two edits change the same lines: merge them into one block.';
    case 'BINARY_FILE':
      return 'Binary files cannot be edited as text.';
    case 'TOO_LARGE':
      return 'The file or reply is over the size limit: edit a smaller file or raise the limit in the settings.';
    case 'ELISION_UNRESOLVED':
      return 'The block elides code ("... existing code ...") at a place that cannot be matched: send the full text of that part instead.';
    case 'NO_TARGET_FILE':
      return 'Name the file the block is for (a path on the line before the block), or run the command from that file.';
    case 'UNSUPPORTED_ENCODING':
      return "The file is not UTF-8 (or UTF-16 with a byte order mark): name its encoding (the CLI's --encoding, e.g. windows-1252) so no byte of it is changed by mistake.";
    case 'NOT_A_FILE':
      return 'The path is a folder, a pipe, a socket or a device, or it goes through a file as if that were a folder: only regular files are read or written. Name a file.';
    case 'NAME_TOO_LONG':
      return 'The file system cannot hold a name this long: choose a shorter file name or fewer folders.';
    case 'SAME_FILE':
      return 'Two paths of the reply are one file on disk (through a symbolic link): send every edit of that file under one path.';
    case 'WRITE_FAILED':
      return 'The disk refused a write (full, read-only or no permission); nothing was changed. Free space or fix the permissions, then run again.';
  }
}

/** An error raised for malformed input that has a code and a place (jsdiff's "throw with line number" habit). */
export class EditError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { readonly path?: string; readonly block?: number; readonly line?: number } = {},
  ) {
    super(message);
    this.name = 'EditError';
  }

  /** Type guard that checks the code, so callers never test message text. */
  static is(value: unknown, code?: ErrorCode): value is EditError {
    return value instanceof EditError && (code === undefined || value.code === code);
  }
}
