import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { proposed } from '../helpers';

const SERVICE = [
  'export async function pay(id: string) {',
  '  const invoice = await invoices.find(id);',
  '  if (invoice.status === InvoiceStatus.Paid) return invoice;',
  '  invoice.status = InvoiceStatus.Paid;',
  '  return invoices.save(invoice);',
  '}',
  '',
].join('\n');

/** Plans `reply` on one file and returns its text afterwards (the file as it was when nothing changes). */
function after(path: string, text: string, reply: string): string {
  const result = runReply(reply, (p) => (p === path ? text : undefined));
  assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
  return result.changes.find((c) => c.path === path)?.newText ?? text;
}

describe('place/replace: a re-sent reply changes nothing', () => {
  it('replace_all whose new text contains the old: applied once, then already applied (y -> yy never grows)', () => {
    const tool = '```json\n' + JSON.stringify({ file_path: 'pay.ts', old_string: 'InvoiceStatus.Paid', new_string: 'InvoiceStatus.PaidInFull', replace_all: true }) + '\n```\n';
    const once = after('pay.ts', SERVICE, tool);
    assert.equal(once, SERVICE.replaceAll('InvoiceStatus.Paid', 'InvoiceStatus.PaidInFull'));
    const twice = runReply(tool, (p) => (p === 'pay.ts' ? once : undefined));
    assert.equal(twice.changes.length, 0);
    assert.equal(twice.receipt.files[0].edits[0].status, 'alreadyApplied');
    // Occurrences already inside the new text are left alone; the others are replaced.
    const mixed = SERVICE.replace('InvoiceStatus.Paid) return', 'InvoiceStatus.PaidInFull) return');
    assert.equal(after('pay.ts', mixed, tool), once);
    const y = '```json\n' + JSON.stringify({ file_path: 'y.txt', old_string: 'y', new_string: 'yy', replace_all: true }) + '\n```\n';
    assert.equal(after('y.txt', 'a y b y\n', y), 'a yy b yy\n');
    assert.equal(after('y.txt', 'a yy b yy\n', y), 'a yy b yy\n');
  });

  it('the same hunk twice in one diff with the same line numbers is applied once', () => {
    const hunk = ['@@ -3,2 +3,2 @@', '   if (invoice.status === InvoiceStatus.Paid) return invoice;', '-  invoice.status = InvoiceStatus.Paid;', '+  invoice.status = InvoiceStatus.PaidInFull;'];
    const diff = ['```diff', '--- a/pay.ts', '+++ b/pay.ts', ...hunk, ...hunk, '```'].join('\n');
    const result = runReply(diff, (p) => (p === 'pay.ts' ? SERVICE : undefined));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.deepEqual(result.receipt.files[0].edits.map((e) => e.status), ['applied', 'alreadyApplied']);
    assert.equal(proposed(result, 'pay.ts'), SERVICE.replace('  invoice.status = InvoiceStatus.Paid;', '  invoice.status = InvoiceStatus.PaidInFull;'));
  });
});

describe('place/replace: markers and gutters the parser flagged', () => {
  it('drops a stray second divider in code, keeps it as a heading underline in Markdown', () => {
    const reply = (path: string, search: string, replace: string) => `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}=======\n${replace}=======\n>>>>>>> REPLACE\n\`\`\`\n`;
    assert.equal(after('app.py', 'DEBUG = False\nPORT = 8000\n', reply('app.py', 'PORT = 8000\n', 'PORT = 8080\n')), 'DEBUG = False\nPORT = 8080\n');
    assert.equal(after('README.md', 'Intro\n', reply('README.md', 'Intro\n', 'Intro\n\nInstall\n')), 'Intro\n\nInstall\n=======\n');
  });

  it('uses the SEARCH as quoted when the file itself has the numbered lines', () => {
    const listing = '1: first step\n2: second step\n';
    const reply = 'steps.txt\n```\n<<<<<<< SEARCH\n1: first step\n2: second step\n=======\nfirst step\nsecond step, carefully\n>>>>>>> REPLACE\n```\n';
    assert.equal(after('steps.txt', listing, reply), 'first step\nsecond step, carefully\n');
  });
});

describe('place/replace: a loose match of a diff hunk', () => {
  const ci = ['jobs:', '  test:', '    steps:', '      - uses: actions/checkout@v4', '      - run: npm ci', '      - run: npm test -- --coverage', '      - name: Upload coverage', ''].join('\n');

  it('is refused when the context next to an insertion is not in the file', () => {
    const diff = ['```diff', '--- a/ci.yml', '+++ b/ci.yml', '@@ -4,3 +4,4 @@', '       - uses: actions/checkout@v4', '       - run: npm ci', '+      - run: npm run typecheck', '       - run: npm run test:unit -- --coverage', '```'].join('\n');
    const result = runReply(diff, (p) => (p === 'ci.yml' ? ci : undefined));
    assert.equal(result.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(result.receipt.errors[0].message, /context line next to the change/);
  });

  it('is refused when a line it removes is not in the file as it is (cut short)', () => {
    const diff = ['```diff', '--- a/ci.yml', '+++ b/ci.yml', '@@ -3,4 +3,4 @@', '     steps:', '       - uses: actions/checkout@v4', '-      - run: npm', '+      - run: npm ci --ignore-scripts', '       - run: npm test -- --coverage', '       - name: Upload coverage', '```'].join('\n');
    const result = runReply(diff, (p) => (p === 'ci.yml' ? ci : undefined));
    assert.equal(result.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(result.receipt.errors[0].message, /the hunk removes/);
  });

  it('still tolerates one stale context line away from the change in a hunk with enough context', () => {
    const file = ['def load(path):', '    """Read the config at path."""', '    with open(path) as handle:', '        raw = handle.read()', '    data = json.loads(raw)', '    validate(data)', '    return data', ''].join('\n');
    const diff = ['```diff', '--- a/load.py', '+++ b/load.py', '@@ -1,7 +1,7 @@', ' def load(path):', '     """Read the configuration at path."""', '     with open(path) as handle:', '         raw = handle.read()', '-    data = json.loads(raw)', '+    data = json.loads(raw, strict=False)', '     validate(data)', '     return data', '```'].join('\n');
    assert.equal(after('load.py', file, diff), file.replace('json.loads(raw)', 'json.loads(raw, strict=False)'));
  });
});
