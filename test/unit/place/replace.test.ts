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

  it('a tool call that only adds whitespace around its old text is applied: the line\'s own indentation and line break are no sign of it', () => {
    // CPython asyncio/transports.py: a continuation line indented four columns deeper, quoted from its first character.
    const deeper = '```json\n' + JSON.stringify({ file_path: 'pay.ts', old_string: 'return invoices.save(invoice);', new_string: '    return invoices.save(invoice);' }) + '\n```\n';
    assert.equal(after('pay.ts', SERVICE, deeper), SERVICE.replace('  return invoices.save(invoice);', '      return invoices.save(invoice);'));
    // A blank line added after a line that a line break ends, as every line is.
    const spaced = '```json\n' + JSON.stringify({ file_path: 'pay.ts', old_string: 'invoice.status = InvoiceStatus.Paid;', new_string: 'invoice.status = InvoiceStatus.Paid;\n' }) + '\n```\n';
    assert.equal(after('pay.ts', SERVICE, spaced), SERVICE.replace('InvoiceStatus.Paid;\n', 'InvoiceStatus.Paid;\n\n'));
  });

  it('the same hunk twice in one diff with the same line numbers is applied once', () => {
    const hunk = ['@@ -3,2 +3,2 @@', '   if (invoice.status === InvoiceStatus.Paid) return invoice;', '-  invoice.status = InvoiceStatus.Paid;', '+  invoice.status = InvoiceStatus.PaidInFull;'];
    const diff = ['```diff', '--- a/pay.ts', '+++ b/pay.ts', ...hunk, ...hunk, '```'].join('\n');
    const result = runReply(diff, (p) => (p === 'pay.ts' ? SERVICE : undefined));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.deepEqual(result.receipt.files[0].edits.map((e) => e.status), ['applied', 'alreadyApplied']);
    assert.equal(proposed(result, 'pay.ts'), SERVICE.replace('  invoice.status = InvoiceStatus.Paid;', '  invoice.status = InvoiceStatus.PaidInFull;'));
  });

  it('an elided block whose removed line still stands is applied, though its elided replacement reads the same to the whitespace rungs', () => {
    // CPython's random.py (commit 44961e9, as SEARCH/REPLACE blocks eliding both sides): a change
    // of whitespace inside a line, and a block that takes comment lines out between two elisions.
    const random = [
      'def randrange(self, start, stop=None, step=1):',
      '    istart = int(start)',
      '    if istart != start:',
      '        raise ValueError("non-integer arg 1 for randrange()")',
      '    width = istop - istart',
      '    if step == 1 and width > 0:',
      '        return istart + self._randbelow(width)',
      '    if step == 1:',
      '        raise ValueError("empty range for randrange() (%d,%d, %d)" % (istart, istop, width))',
      '',
    ].join('\n');
    const block = (search: string[], replace: string[]) => ['random.py', '```', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```', ''].join('\n');
    const spaced = block(
      ['    width = istop - istart', '    # ... existing code ...', '    if step == 1:', '        raise ValueError("empty range for randrange() (%d,%d, %d)" % (istart, istop, width))'],
      ['    width = istop - istart', '    # ... existing code ...', '    if step == 1:', '        raise ValueError("empty range for randrange() (%d, %d, %d)" % (istart, istop, width))'],
    );
    assert.equal(after('random.py', random, spaced), random.replace('(%d,%d, %d)', '(%d, %d, %d)'));
    // Applied once, the same block is then reported applied: the removed line is gone.
    assert.equal(after('random.py', random.replace('(%d,%d, %d)', '(%d, %d, %d)'), spaced), random.replace('(%d,%d, %d)', '(%d, %d, %d)'));
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

describe('place/replace: one SEARCH/REPLACE block per place of a repeated search text', () => {
  const FILE = ['def load(path):', '    data = read(path)', '    return None', '', 'def save(path, data):', '    write(path, data)', '    return None', ''].join('\n');
  const block = (search: string, replace: string) => `store.py\n\`\`\`python\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\`\`\`\n`;
  const plan = (text: string, reply: string) => runReply(reply, (p) => (p === 'store.py' ? text : undefined));

  it('gives each block the next place in file order, different replacements or the same, and a re-sent reply changes nothing', () => {
    const two = block('    return None\n', '    return data\n') + block('    return None\n', '    return True\n');
    const done = after('store.py', FILE, two);
    assert.equal(done, FILE.replace('    return None', '    return data').replace('    return None', '    return True'));
    const again = plan(done, two);
    assert.equal(again.receipt.ok, true, JSON.stringify(again.receipt.errors));
    assert.equal(again.changes.length, 0);
    const same = block('    return None\n', '    return 0\n').repeat(2);
    const both = after('store.py', FILE, same);
    assert.equal(both, FILE.replaceAll('    return None', '    return 0'));
    // Applied twice over: each place is the replacement now, once per block.
    const resent = plan(both, same);
    assert.equal(resent.receipt.ok, true, JSON.stringify(resent.receipt.errors));
    assert.deepEqual(resent.receipt.files[0].edits.map((e) => e.status), ['alreadyApplied', 'alreadyApplied']);
  });

  it('gives each apply_patch chunk of a repeated text the next place, one `*** Update File:` section after another, as Codex applies them', () => {
    // nan's header: the same change at two identical sites, each in a section of its own.
    const chunk = ['*** Update File: store.py', '@@', '     data = read(path)', '-    return None', '+    return data'];
    const patch = ['*** Begin Patch', ...chunk, ...chunk.map((line) => line.replace('data = read(path)', 'write(path, data)').replace('return data', 'return True')), '*** End Patch', ''].join('\n');
    const sameChange = ['*** Begin Patch', '*** Update File: store.py', '@@', '-    return None', '+    return 0', '*** Update File: store.py', '@@', '-    return None', '+    return 0', '*** End Patch', ''].join('\n');
    assert.equal(after('store.py', FILE, patch), FILE.replace('    return None', '    return data').replace('    return None', '    return True'));
    const both = after('store.py', FILE, sameChange);
    assert.equal(both, FILE.replaceAll('    return None', '    return 0'));
    const resent = plan(both, sameChange);
    assert.equal(resent.receipt.ok, true, JSON.stringify(resent.receipt.errors));
    assert.equal(resent.changes.length, 0);
    // One chunk for two places is still a guess.
    const one = ['*** Begin Patch', '*** Update File: store.py', '@@', '-    return None', '+    return 0', '*** End Patch', ''].join('\n');
    assert.equal(plan(FILE, one).receipt.errors[0]?.code, 'AMBIGUOUS');
  });

  it('a replacement that keeps the search text still moves the next block on to the next place', () => {
    const reply = block('    return None\n', '    log("done")\n    return None\n').repeat(2);
    assert.equal(after('store.py', FILE, reply), FILE.replaceAll('    return None', '    log("done")\n    return None'));
  });

  it('refuses when the places outnumber the blocks, when the places overlap, and in tool calls', () => {
    const three = FILE + '\ndef drop(path):\n    return None\n';
    const two = block('    return None\n', '    return data\n') + block('    return None\n', '    return True\n');
    const outnumbered = plan(three, two);
    assert.equal(outnumbered.receipt.ok, false);
    assert.deepEqual(outnumbered.receipt.errors.map((e) => e.code), ['AMBIGUOUS', 'AMBIGUOUS']);
    // `}` `}` stands twice in three closing lines, overlapping: not two places.
    const closers = 'a {\nb {\n}\n}\n}\n';
    const overlapping = runReply(block('}\n}\n', '}\n}\n// end\n').replaceAll('store.py', 'x.c').repeat(2), (p) => (p === 'x.c' ? closers : undefined));
    assert.equal(overlapping.receipt.ok, false);
    assert.equal(overlapping.receipt.errors[0].code, 'AMBIGUOUS');
    // Claude Code applies a tool call's edits one after another, each old text unique: never in turn.
    const calls = '```json\n' + JSON.stringify({ file_path: 'store.py', edits: [{ old_string: '    return None', new_string: '    return data' }, { old_string: '    return None', new_string: '    return True' }] }) + '\n```\n';
    const tool = plan(FILE, calls);
    assert.equal(tool.receipt.ok, false);
    assert.equal(tool.receipt.errors[0].code, 'AMBIGUOUS');
  });

  it('counts only blocks for the same file, and not a block with a line number', () => {
    const other = block('    return None\n', '    return data\n').replace('store.py', 'other.py');
    const mixed = runReply(other + block('    return None\n', '    return True\n'), (p) => (p === 'store.py' || p === 'other.py' ? FILE : undefined));
    assert.equal(mixed.receipt.ok, false);
    assert.ok(mixed.receipt.errors.every((e) => e.code === 'AMBIGUOUS'));
    const hinted = block('    return None\n', '    return data\n').replace('<<<<<<< SEARCH\n', '<<<<<<< SEARCH\n:start_line:40\n-------\n') + block('    return None\n', '    return True\n');
    const withHint = plan(FILE, hinted);
    assert.equal(withHint.receipt.ok, false);
  });
});
