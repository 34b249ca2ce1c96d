import * as assert from 'node:assert/strict';
import { mergeElisions } from '../../src/core/elisionMerge';
import { isElisionLine } from '../../src/core/parse/elision';

const original = `import { readFile } from 'node:fs/promises';

export function parse(text: string) {
  return JSON.parse(text);
}

export async function load(path: string) {
  const text = await readFile(path, 'utf8');
  return parse(text);
}

export function save(data: unknown) {
  return JSON.stringify(data);
}
`.split('\n').slice(0, -1);

const merge = (block: string) => mergeElisions(original, block.split('\n'), isElisionLine);

describe('mergeElisions', () => {
  it('fills elisions before and after a changed function from the file', () => {
    const result = merge(`// ... existing code ...

export async function load(path: string) {
  const text = await readFile(path, 'utf8');
  return parse(text.trim());
}

// ... existing code ...`);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, original.map((l) => (l === '  return parse(text);' ? '  return parse(text.trim());' : l)));
  });

  it('keeps the elided tail when a new import is added at the top', () => {
    const result = merge(`import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
// ... rest of the file unchanged ...`);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [original[0], "import { join } from 'node:path';", ...original.slice(1)]);
  });

  it('refuses a segment tied to the file only by a closing brace', () => {
    const result = merge(`// ... existing code ...
export function loadAll(paths: string[]) {
  return Promise.all(paths.map(load));
}
// ... existing code ...`);
    assert.equal(result.ok, false);
  });

  it('changes a body under an unchanged signature after an elision', () => {
    const result = merge(`import { readFile } from 'node:fs/promises';
// ... existing code ...
export function save(data: unknown) {
  return JSON.stringify(data, null, 2);
}`);
    assert.ok(result.ok);
    if (result.ok) {
      assert.deepEqual(result.lines.slice(-3), ['export function save(data: unknown) {', '  return JSON.stringify(data, null, 2);', '}']);
      assert.equal(result.lines.length, original.length);
    }
  });

  it('refuses a changed signature whose only common line with the file is a brace', () => {
    const result = merge(`// ... existing code ...
export function save(data: unknown, space = 2) {
  return JSON.stringify(data, null, space);
}`);
    assert.equal(result.ok, false);
  });
});
