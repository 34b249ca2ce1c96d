import { createHash } from 'node:crypto';

/** A file as the model was shown it: its text and a hash, to tell later whether it changed. */
export interface SeenFile {
  /** Workspace-relative path with `/`. */
  readonly path: string;
  readonly text: string;
  readonly hash: string;
  /** 1-based selected lines in the editor, when the user selected something. */
  readonly selection?: { readonly start: number; readonly end: number };
}

/** A short, stable hash of a file's text (SHA-256, hex, first 16 characters). */
export function hashText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
}

/**
 * The instructions for `/edit`. SEARCH/REPLACE because it is the format models write most reliably
 * and the one whose failures are easiest to report back ("copy these lines exactly").
 */
export const editSystemPrompt = `You are a careful programmer editing files in the user's workspace.
Answer with SEARCH/REPLACE blocks, one per change, each in this exact form:

path/to/file.ext
\`\`\`
<<<<<<< SEARCH
lines copied exactly from the current file
=======
the lines that replace them
>>>>>>> REPLACE
\`\`\`

Rules:
- Put the file's path, relative to the workspace root, alone on the line before each block.
- SEARCH must copy the file's current lines character for character (indentation, comments, blank lines), and just enough of them to match one place.
- Keep blocks small: change only what the instruction needs; use several blocks for several places.
- To create a file, use an empty SEARCH section and the whole content in REPLACE.
- Never elide code with "..." inside a block.
- One or two sentences of explanation before the blocks are fine; nothing after them.`;

function fence(text: string): string {
  let ticks = '```';
  while (text.includes(ticks)) ticks += '`';
  return ticks;
}

/** The files as the model should see them: path, hash, selection, and the text in a safe fence. */
export function filesMessage(files: readonly SeenFile[]): string {
  return files
    .map((file) => {
      const ticks = fence(file.text);
      const selection = file.selection ? ` (the user selected lines ${file.selection.start}-${file.selection.end})` : '';
      return `${file.path}${selection}\n${ticks}\n${file.text}${file.text.endsWith('\n') || file.text === '' ? '' : '\n'}${ticks}`;
    })
    .join('\n\n');
}

/** The first user message of `/edit`: the files, then the instruction. */
export function editRequestMessage(files: readonly SeenFile[], instruction: string): string {
  return `The current files:\n\n${filesMessage(files)}\n\nInstruction: ${instruction}`;
}

/**
 * The message that sends failures back to the model: the engine's failure report (what failed,
 * the nearest lines, which blocks are fine and must not be re-sent) plus the fresh text of files
 * that changed since the model saw them.
 */
export function retryMessage(failureReport: string, refreshed: readonly SeenFile[]): string {
  const fresh = refreshed.length
    ? `\n\nThese files changed since you saw them; their current text is:\n\n${filesMessage(refreshed)}`
    : '';
  return `${failureReport}${fresh}\n\nReply with SEARCH/REPLACE blocks for the failed edits only.`;
}
