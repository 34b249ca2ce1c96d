import * as vscode from 'vscode';

/** The `applyAiEdit.*` settings, typed. Mirrors `contributes.configuration` in package.json. */
export interface Config {
  /** Lowest similarity (0.5..1) the fuzzy matcher accepts. */
  readonly fuzzyThreshold: number;
  /** Save the files an accept changed. */
  readonly saveOnAccept: boolean;
  /** Open the diff as soon as a reply is planned (otherwise a notification offers it). */
  readonly openReviewAutomatically: boolean;
  /** Files larger than this (in bytes) are refused with `TOO_LARGE`. */
  readonly maxFileBytes: number;
  /** How long to wait after an apply for new diagnostics; 0 turns the check off. */
  readonly diagnosticsTimeoutMs: number;
  /** Put the failure report for the model on the clipboard when a reply fails. */
  readonly copyFailureReport: boolean;
}

export const configSection = 'applyAiEdit';

/**
 * Reads the settings for `scope` (a file, so folder settings apply), clamping every number to
 * the range package.json declares: a hand-edited settings.json can hold anything.
 */
export function readConfig(scope?: vscode.Uri): Config {
  const c = vscode.workspace.getConfiguration(configSection, scope);
  const num = (key: string, fallback: number, min: number, max: number): number => {
    const value = c.get<number>(key, fallback);
    return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  };
  return {
    fuzzyThreshold: num('fuzzyThreshold', 0.85, 0.5, 1),
    saveOnAccept: c.get<boolean>('saveOnAccept', true) !== false,
    openReviewAutomatically: c.get<boolean>('openReviewAutomatically', true) !== false,
    maxFileBytes: Math.round(num('maxFileSizeMB', 10, 0.001, 1024) * 1024 * 1024),
    diagnosticsTimeoutMs: num('diagnosticsTimeoutMs', 3000, 0, 60000),
    copyFailureReport: c.get<boolean>('copyFailureReportOnFailure', false) === true,
  };
}
