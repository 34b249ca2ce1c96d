import type * as vscode from 'vscode';

/**
 * Writes a model's text to the chat as it arrives and slips status notes in between, never inside a
 * code fence (a note inside a fence would render as code, and break the fence for the rest).
 *
 * Guarantees: the model's text reaches the chat unchanged and in order; a note appears on its own
 * paragraph at the first line boundary outside a fence; notes left when the text ends (an
 * unclosed fence) are written after closing that fence.
 */
export class ChatEcho {
  private line = '';
  private fence: { char: string; length: number } | undefined;
  private readonly queued: string[] = [];

  constructor(private readonly stream: vscode.ChatResponseStream) {}

  /** Passes model text through and tracks fences line by line. */
  text(chunk: string): void {
    if (!chunk) return;
    // Written line by line, so a note released at a line end lands before the next line's text.
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
      this.stream.markdown(chunk.slice(from, nl + 1));
      this.endLine(this.line + chunk.slice(from, nl));
      this.line = '';
      from = nl + 1;
    }
    if (from < chunk.length) {
      this.stream.markdown(chunk.slice(from));
      this.line += chunk.slice(from);
    }
  }

  /** Shows `markdown` as its own paragraph now, or as soon as the text leaves the current fence. */
  note(markdown: string): void {
    this.queued.push(markdown);
    if (!this.fence && this.line === '') this.flush();
  }

  /** Ends the model's text: closes a fence it left open, then writes the queued notes. */
  close(): void {
    if (this.fence) this.stream.markdown(`${this.line === '' ? '' : '\n'}${this.fence.char.repeat(this.fence.length)}\n`);
    else if (this.line !== '') this.stream.markdown('\n');
    this.fence = undefined;
    this.line = '';
    this.flush();
  }

  private endLine(line: string): void {
    const trimmed = line.trim();
    const char = trimmed[0];
    let run = 0;
    if (char === '`' || char === '~') while (run < trimmed.length && trimmed[run] === char) run++;
    if (this.fence) {
      if (char === this.fence.char && run >= this.fence.length && run === trimmed.length) this.fence = undefined;
    } else if (run >= 3) this.fence = { char, length: run };
    if (!this.fence) this.flush();
  }

  private flush(): void {
    if (this.queued.length === 0) return;
    this.stream.markdown(`\n${this.queued.map((q) => `> ${q}\n`).join('>\n')}\n`);
    this.queued.length = 0;
  }
}
