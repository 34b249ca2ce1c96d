/** One exact-text edit, as agents send them (Claude Code's Edit tool shape). */
export interface ToolEdit {
  readonly path: string;
  readonly old_string: string;
  readonly new_string: string;
  readonly replace_all?: boolean;
}

/** The tool's input: a reply in any supported format, a list of edits, or both. */
export interface ApplyEditsInput {
  readonly reply?: string;
  readonly edits?: readonly ToolEdit[];
}

/**
 * The reply text the engine parses for a tool input: the reply as given, then each edit as a
 * fenced JSON tool call (which the engine's JSON parser reads, `replace_all` included). Malformed
 * entries are skipped here and reported by the caller through the receipt (`NO_EDITS_FOUND`).
 */
export function toolInputToReply(input: ApplyEditsInput | undefined): string {
  const parts: string[] = [];
  if (typeof input?.reply === 'string' && input.reply.trim()) parts.push(input.reply);
  const edits = Array.isArray(input?.edits) ? input.edits.filter(isEdit) : [];
  // One fenced call per edit: each is its own block, so the receipt tells the model exactly which
  // edit failed and which must not be re-sent.
  for (const e of edits) {
    const call = { file_path: e.path, old_string: e.old_string, new_string: e.new_string, ...(e.replace_all ? { replace_all: true } : {}) };
    parts.push('```json\n' + JSON.stringify(call, null, 2) + '\n```');
  }
  return parts.join('\n\n');
}

function isEdit(value: unknown): value is ToolEdit {
  const e = value as Partial<ToolEdit> | null;
  return !!e && typeof e.path === 'string' && typeof e.old_string === 'string' && typeof e.new_string === 'string';
}
