import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runReply, type FileChange } from '../../src/core/index';

/**
 * The shared conformance cases (real replies with exact expected results), run in-process with the
 * same rules as `../shared/conformance/run.mjs`. Skipped when the shared folder is not beside the
 * project (a fresh clone elsewhere); CI has it.
 */
const casesDir = path.resolve(__dirname, '../../../../shared/conformance/cases');

interface ConformanceCase {
  id: string;
  target?: string;
  files: Record<string, string>;
  edit: string;
  expect?: Record<string, string | null>;
  expectError?: string;
}

/** Applies planned changes to an in-memory workspace, as the CLI's --write does on disk. */
export function applyChanges(files: Map<string, string>, changes: readonly FileChange[]): void {
  for (const change of changes) {
    if (change.action === 'delete') files.delete(change.path);
    else if (change.action === 'move') {
      files.delete(change.path);
      files.set(change.to!, change.newText ?? '');
    } else files.set(change.path, change.newText ?? '');
  }
}

describe('shared conformance cases', function () {
  if (!fs.existsSync(casesDir)) {
    it.skip(`needs ${casesDir}`);
    return;
  }
  for (const name of fs.readdirSync(casesDir).filter((f) => f.endsWith('.json')).sort()) {
    const c = JSON.parse(fs.readFileSync(path.join(casesDir, name), 'utf8')) as ConformanceCase;
    it(c.id, () => {
      const files = new Map(Object.entries(c.files));
      const paths = Object.keys(c.files);
      const hint = c.target ?? (paths.length === 1 ? paths[0] : undefined);
      const result = runReply(c.edit, (p) => files.get(p), { hintPath: hint });
      if (c.expectError) {
        // A refusal, or an "already applied" no-op: either way nothing may change.
        if (result.receipt.ok) assert.equal(result.changes.length, 0, `${c.id}: expected ${c.expectError} but changes were planned`);
        return;
      }
      assert.ok(result.receipt.ok, JSON.stringify(result.receipt.errors, null, 2));
      applyChanges(files, result.changes);
      for (const [p, want] of Object.entries(c.expect ?? {})) assert.equal(files.get(p) ?? null, want, `${c.id}: ${p}`);
      for (const p of paths) if (!(p in (c.expect ?? {}))) assert.equal(files.get(p), c.files[p], `${c.id}: ${p} should be unchanged`);
    });
  }
});
