import * as vscode from 'vscode';

/** A problem that was not there before the apply. */
export interface NewDiagnostic {
  /** Workspace-relative path. */
  readonly path: string;
  /** 1-based line in the file after the apply. */
  readonly line: number;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly source?: string;
}

type Snapshot = Map<string, vscode.Diagnostic[]>;

/** How long diagnostics must stay quiet before they count as settled. */
const quietMs = 400;

/**
 * Records the current diagnostics of each file an apply will write, to compare with afterwards.
 * `from` names where the file's problems are now when that differs (a move's source), so problems
 * a moved file already had do not count as new.
 */
export function snapshotDiagnostics(files: readonly { readonly uri: vscode.Uri; readonly from?: vscode.Uri }[]): Snapshot {
  return new Map(files.map((f) => [f.uri.toString(), vscode.languages.getDiagnostics(f.from ?? f.uri)]));
}

/**
 * Waits (at most `timeoutMs`) for the language servers to re-check `uris` after an apply and
 * returns the errors and warnings the apply introduced: those whose severity, message, source and
 * code were not already reported for the file (as many times) before. Line numbers are the new
 * file's. Waiting ends early once every file has been re-checked and diagnostics have been quiet
 * for a moment; files no language server looks at simply cost the timeout, which is why it is
 * bounded (setting `applyAiEdit.diagnosticsTimeoutMs`, 0 = do not wait).
 */
export async function newDiagnosticsAfter(
  before: Snapshot,
  uris: readonly vscode.Uri[],
  timeoutMs: number,
  relative: (uri: vscode.Uri) => string,
): Promise<NewDiagnostic[]> {
  if (timeoutMs > 0 && uris.length > 0) await waitForSettledDiagnostics(uris, timeoutMs);
  const found: NewDiagnostic[] = [];
  for (const uri of uris) {
    const remaining = new Map<string, number>();
    for (const d of before.get(uri.toString()) ?? []) remaining.set(keyOf(d), (remaining.get(keyOf(d)) ?? 0) + 1);
    for (const d of vscode.languages.getDiagnostics(uri)) {
      if (d.severity !== vscode.DiagnosticSeverity.Error && d.severity !== vscode.DiagnosticSeverity.Warning) continue;
      const key = keyOf(d);
      const left = remaining.get(key) ?? 0;
      if (left > 0) {
        remaining.set(key, left - 1);
        continue;
      }
      found.push({
        path: relative(uri),
        line: d.range.start.line + 1,
        severity: d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning',
        message: d.message,
        source: d.source,
      });
    }
  }
  return found.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || a.path.localeCompare(b.path) || a.line - b.line);
}

/** One line per problem: `a.ts:12 error: message (source)`. */
export function formatDiagnostics(found: readonly NewDiagnostic[]): string[] {
  return found.map((d) => `${d.path}:${d.line} ${d.severity}: ${d.message}${d.source ? ` (${d.source})` : ''}`);
}

function keyOf(d: vscode.Diagnostic): string {
  const code = typeof d.code === 'object' && d.code !== null ? String(d.code.value) : String(d.code ?? '');
  return `${d.severity}\u0000${d.source ?? ''}\u0000${code}\u0000${d.message}`;
}

function waitForSettledDiagnostics(uris: readonly vscode.Uri[], timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const waiting = new Set(uris.map((u) => u.toString()));
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(deadline);
      if (quietTimer) clearTimeout(quietTimer);
      listener.dispose();
      resolve();
    };
    const deadline = setTimeout(done, timeoutMs);
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      const ours = event.uris.filter((uri) => waiting.delete(uri.toString()) || uris.some((u) => u.toString() === uri.toString()));
      if (ours.length === 0) return;
      // Files no language server covers never report: once the others have, a longer quiet
      // spell ends the wait too.
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = setTimeout(done, waiting.size === 0 ? quietMs : quietMs * 4);
    });
  });
}
