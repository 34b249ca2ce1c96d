import * as assert from 'node:assert/strict';
import { referencedPaths, runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

const TAX = 'RATES_FILE = Path(__file__).with_name("rates.csv")\nCENT = Decimal("0.01")\n';
const CACHE = 'func New(capacity int) *Cache {\n\tif capacity <= 0 {\n\t\tpanic("cache: capacity must be positive")\n\t}\n\treturn &Cache{capacity: capacity}\n}\n';
const files: Record<string, string> = { 'billing/tax.py': TAX, 'internal/cache/lru.go': CACHE };
const read = (p: string) => files[p];
const block = (path: string | undefined, search: string, replace: string) =>
  `${path ? path + '\n' : ''}\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;

describe('place/targetFile: an absolute path from the model\'s machine', () => {
  it('goes to the workspace file its longest tail names, with a note, and is listed for the host to read', () => {
    const reply = block('/home/ana/projects/shop/billing/tax.py', 'CENT = Decimal("0.01")\n', 'CENT = Decimal("0.001")\n');
    const result = runReply(reply, read, { root: '/work/shop' });
    assert.equal(proposed(result, 'billing/tax.py'), TAX.replace('0.01', '0.001'));
    assert.match(result.receipt.files[0].edits[0].warnings!.join(' '), /outside the workspace; billing\/tax\.py/);
    assert.ok(referencedPaths(result.parsed, { root: '/work/shop' }).includes('billing/tax.py'));
    // Windows paths too.
    const windows = runReply(block('C:\\Users\\ana\\shop\\billing\\tax.py', 'CENT = Decimal("0.01")\n', 'CENT = Decimal("0.001")\n'), read, { root: '/work/shop' });
    assert.equal(windows.receipt.ok, true);
  });

  it('stays refused when no tail names a file, and for a file the reply creates', () => {
    const missing = runReply(block('/home/ana/other/settings.py', 'DEBUG = True\n', 'DEBUG = False\n'), read, { root: '/work/shop' });
    assert.equal(missing.receipt.errors[0].code, 'OUTSIDE_WORKSPACE');
    const created = runReply(block('/home/ana/projects/shop/billing/tax.py', '', 'NEW = 1\n'), read, { root: '/work/shop' });
    assert.equal(created.receipt.errors[0].code, 'OUTSIDE_WORKSPACE');
    assert.equal(created.changes.length, 0);
  });
});

describe('place/targetFile: a block that names no file', () => {
  const pathless = block(undefined, '\tif capacity <= 0 {\n\t\tpanic("cache: capacity must be positive")\n\t}\n', '\tif capacity <= 0 {\n\t\tpanic("cache: capacity must be at least 1")\n\t}\n');
  const named = block('billing/tax.py', 'CENT = Decimal("0.01")\n', 'CENT = Decimal("0.001")\n');

  it('goes to the one file in play whose text holds its search text', () => {
    const result = runReply(pathless + '\n' + named, read, { hintPath: 'internal/cache/lru.go' });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.match(proposed(result, 'internal/cache/lru.go')!, /at least 1/);
    // The host's open files are in play too.
    const open = runReply(pathless + '\n' + named, read, { openFiles: ['internal/cache/lru.go'] });
    assert.equal(open.receipt.ok, true, JSON.stringify(open.receipt.errors));
  });

  it('is refused with NO_TARGET_FILE listing the files in play when none or several hold it', () => {
    const none = runReply(block(undefined, 'DEBUG = True\n', 'DEBUG = False\n') + '\n' + named, read, { hintPath: 'internal/cache/lru.go' });
    assert.equal(none.receipt.errors[0].code, 'NO_TARGET_FILE');
    assert.match(none.receipt.errors[0].message, /billing\/tax\.py/);
    assert.match(none.receipt.errors[0].message, /internal\/cache\/lru\.go/);
    const twice: Record<string, string> = { ...files, 'internal/cache/lru_test.go': CACHE };
    const several = runReply(pathless + '\n' + named, (p) => twice[p], { hintPath: 'internal/cache/lru.go', openFiles: ['internal/cache/lru_test.go'] });
    assert.equal(several.receipt.errors[0].code, 'NO_TARGET_FILE');
    assert.equal(several.changes.length, 1, 'the named block still plans; a host writes nothing while receipt.ok is false');
  });

  it('takes the hint path when the reply names no other file', () => {
    const result = runReply(pathless, read, { hintPath: 'internal/cache/lru.go' });
    assert.equal(result.receipt.ok, true);
  });

  it('keeps a path inherited from the block before when that file holds the search, else moves to the one that does', () => {
    const inherited = named + '\nThen:\n\n```\n<<<<<<< SEARCH\n\tif capacity <= 0 {\n\t\tpanic("cache: capacity must be positive")\n\t}\n=======\n\tif capacity < 1 {\n\t\tpanic("cache: capacity must be positive")\n\t}\n>>>>>>> REPLACE\n```\n';
    const moved = runReply(block('internal/cache/lru.go', '\treturn &Cache{capacity: capacity}\n', '\treturn &Cache{capacity: capacity, items: nil}\n') + '\n' + inherited, read);
    assert.equal(moved.receipt.ok, true, JSON.stringify(moved.receipt.errors));
    assert.match(proposed(moved, 'internal/cache/lru.go')!, /capacity < 1/);
  });
});

describe('place/targetFile: a diff naming its file twice without a rename', () => {
  const diff = (minus: string, plus: string) => ['```diff', `--- ${minus}`, `+++ ${plus}`, '@@ -1,2 +1,2 @@', '-RATES_FILE = Path(__file__).with_name("rates.csv")', '+RATES_FILE = Path(__file__).with_name("tax_rates.csv")', ' CENT = Decimal("0.01")', '```'].join('\n');

  it('edits the name that exists, never creates or moves', () => {
    const result = runReply(diff('billing/tax.py', 'billing/tax_new.py'), read);
    assert.equal(result.receipt.ok, true);
    assert.deepEqual(result.changes.map((c) => [c.path, c.action]), [['billing/tax.py', 'modify']]);
    const reversed = runReply(diff('billing/tax_old.py', 'billing/tax.py'), read);
    assert.deepEqual(reversed.changes.map((c) => [c.path, c.action]), [['billing/tax.py', 'modify']]);
  });

  it('edits the target file when neither name exists', () => {
    const result = runReply(diff('original.py', 'updated.py'), read, { hintPath: 'billing/tax.py' });
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.match(result.receipt.files[0].edits[0].warnings!.join(' '), /neither exists/);
  });
});
