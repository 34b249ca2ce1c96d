import type { EditOp, ReplaceOp } from '../../src/core/ir';
import * as assert from 'node:assert/strict';
import { planReply, runReply, type PlanOptions, type PlanResult } from '../../src/core/pipeline';

let block = 0;

/** A line-granularity replace op as a SEARCH/REPLACE block would produce it. */
export function replaceOp(path: string | undefined, search: string, replacement: string, extra: Partial<ReplaceOp> = {}): ReplaceOp {
  block++;
  return {
    kind: 'replace',
    path,
    search,
    replacement,
    granularity: 'lines',
    expectedCount: 1,
    source: { block, format: 'search-replace', startLine: 1, endLine: 1 },
    ...extra,
  };
}

/** Plans ops against an in-memory workspace. */
export function plan(files: Record<string, string>, ops: EditOp[], options: PlanOptions = {}): PlanResult {
  return planReply({ ops, problems: [] }, (path) => files[path], options);
}

/** The proposed text of one file, or throws with the receipt when it was not planned. */
export function proposed(result: PlanResult, path: string): string | undefined {
  const change = result.changes.find((c) => c.path === path);
  if (!change) throw new Error(`no change for ${path}: ${JSON.stringify(result.receipt, null, 2)}`);
  return change.newText;
}

/** A small deterministic PRNG (floats in [0, 1)) so that random cases reproduce. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

/** The reply planned against one file (`path` holding `file`; no other file exists). */
export function replyOnFile(path: string, file: string, reply: string) {
  return runReply(reply, (p) => (p === path ? file : undefined));
}

/** The text the reply writes to `path` (the file as it was when it changes nothing); fails the test when the reply is refused. */
export function writtenByReply(path: string, file: string, reply: string): string {
  const planned = replyOnFile(path, file, reply);
  assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
  return planned.changes.find((c) => c.path === path)?.newText ?? file;
}

/**
 * The reply planned as run from `path`, the file the user has open (`hintPath`): blocks that name
 * no file (Cursor's snippets) go to `path`; `path` holds `file` and no other file exists.
 */
export function onTarget(path: string, file: string, reply: string) {
  return runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
}

/** The text a reply run from `path` (as {@link onTarget}) writes there (the file as it was when it changes nothing); fails the test when the reply is refused. */
export function writtenOnTarget(path: string, file: string, reply: string): string {
  const planned = onTarget(path, file, reply);
  assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors, null, 2));
  return planned.changes.find((c) => c.path === path)?.newText ?? file;
}
