import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { plan, proposed, replaceOp } from '../helpers';
import { indentFrom, type MovingFrame } from '../../../src/core/reanchor/indent';

/** Plans a reply against one file and returns its proposed text (throws with the receipt when refused). */
function applied(path: string, file: string, reply: string): string {
  const result = runReply(reply, (p) => (p === path ? file : undefined));
  assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors, null, 2));
  return proposed(result, path)!;
}

function block(path: string, search: string[], replace: string[]): string {
  return [path, '```', '<<<<<<< SEARCH', ...search, '=======', ...replace, '>>>>>>> REPLACE', '```'].join('\n');
}

describe('re-anchoring: whitespace-only lines', () => {
  const file = ['class Invoice:', '    def total(self, lines):', '        amount = 0', '        ', '        for line in lines:', '            amount += line.price', '        return amount', ''].join('\n');

  it('keeps a quoted whitespace-only line as the file has it and shifts a new one like any other line', () => {
    // Quoted one level shallower than the file, as models quote a method out of its class.
    const reply = block('invoice.py', ['def total(self, lines):', '    amount = 0', '    ', '    for line in lines:', '        amount += line.price', '    return amount'], [
      'def total(self, lines):', '    amount = 0', '    ', '    for line in lines:', '        amount += line.price', '    ', '    return round(amount, 2)',
    ]);
    const out = applied('invoice.py', file, reply).split('\n');
    assert.equal(out[3], '        ', 'the quoted whitespace-only line keeps its 8 spaces');
    assert.equal(out[6], '        ', 'the new whitespace-only line moves by the block\'s 4 spaces');
    assert.equal(out[7], '        return round(amount, 2)');
  });

  it('writes a new whitespace-only line empty where the file\'s blank lines are empty', () => {
    const plain = file.replace('        \n        for', '\n        for').replace('        \n    def total', '\n    def total');
    const reply = block('invoice.py', ['def average(self):', '    if not self.invoices:', '        return Decimal("0")'], ['def average(self):', '    if not self.invoices:', '        ', '        return Decimal("0")']);
    assert.equal(applied('invoice.py', plain + '\n    def average(self):\n        if not self.invoices:\n            return Decimal("0")\n', reply).split('\n').slice(-3)[0], '');
  });

  it('keeps an empty new line empty', () => {
    const reply = block('invoice.py', ['        for line in lines:', '            amount += line.price'], ['        for line in lines:', '', '            amount += line.price']);
    assert.equal(applied('invoice.py', file, reply).split('\n')[5], '');
  });
});

describe('re-anchoring: new lines take their quoted neighbours\' indentation', () => {
  it('indents a new method by the method it follows when the reply quotes the class flush but the methods one level in', () => {
    // The model quoted `class` and `def` at the same depth, unlike the file: no single offset fits.
    const file = ['class Stack:', '    def push(self, item):', '        self.items.append(item)', ''].join('\n');
    const reply = block('stack.py', ['class Stack:', 'def push(self, item):', '    self.items.append(item)'], [
      'class Stack:', 'def push(self, item):', '    self.items.append(item)', '', 'def peek(self):', '    return self.items[-1]',
    ]);
    assert.equal(applied('stack.py', file, reply), ['class Stack:', '    def push(self, item):', '        self.items.append(item)', '', '    def peek(self):', '        return self.items[-1]', ''].join('\n'));
  });

  it('keeps a changed signature at its own line\'s depth, and its new body line at its neighbours\'', () => {
    const file = ['export class Cart {', '  total(): number {', '    return this.sum();', '  }', '}', ''].join('\n');
    // Signature quoted flush left, body at the file's depth.
    const reply = block('cart.ts', ['total(): number {', '    return this.sum();', '  }'], ['total(discount = 0): number {', '    const sum = this.sum();', '    return sum - discount;', '  }']);
    assert.equal(applied('cart.ts', file, reply), ['export class Cart {', '  total(discount = 0): number {', '    const sum = this.sum();', '    return sum - discount;', '  }', '}', ''].join('\n'));
  });

  it('indents a line a change adds by the line it changes, not by context quoted at another drift', () => {
    // gpt-engineer's test replies: the context lost a space, the changed line is exact; the line
    // added under it keeps its depth relative to the changed line (it was off by that one space).
    const file = ['def f():', '    head:', '        body', '    tail', ''].join('\n');
    const reply = block('a.py', ['   head:', '        body'], ['   head:', '        body2', '            nested']);
    assert.equal(applied('a.py', file, reply), ['def f():', '    head:', '        body2', '            nested', '    tail', ''].join('\n'));
    const diff = ['--- a/a.py', '+++ b/a.py', '@@ -2,2 +2,3 @@', '    head:', '-        body', '+        body2', '+            nested', ''].join('\n');
    assert.equal(applied('a.py', file, diff), ['def f():', '    head:', '        body2', '            nested', '    tail', ''].join('\n'));
  });

  it('in a file that mixes tabs and spaces, a new sibling line gets the same indentation as its quoted neighbour', () => {
    const file = ['func main() {', '\tif ok {', '\t    log("a")', '\t    log("b")', '\t}', '}', ''].join('\n');
    const reply = block('main.go', ['    if ok {', '        log("a")', '        log("b")', '    }'], ['    if ok {', '        log("a")', '        log("b")', '        log("c")', '    }']);
    assert.equal(applied('main.go', file, reply).split('\n')[4], '\t    log("c")');
  });

  it('scales new lines by the file\'s step when the reply indents by 2 where the file indents by 4', () => {
    const file = ['def run(jobs):', '    for job in jobs:', '        job.start()', ''].join('\n');
    const reply = block('run.py', ['def run(jobs):', '  for job in jobs:', '    job.start()'], ['def run(jobs):', '  for job in jobs:', '    if job.ready:', '      job.start()']);
    assert.equal(applied('run.py', file, reply), ['def run(jobs):', '    for job in jobs:', '        if job.ready:', '            job.start()', ''].join('\n'));
  });
});

describe('re-anchoring: a search quoted in 2 spaces for a 4-space file, its replacement in the file\'s 4', () => {
  it('writes the replacement at its own depths, not scaled with the search (codecompanion\'s "different whitespace formatting")', () => {
    // The body went to 8 and 16 columns: the replacement was read in the search's 2-space step.
    const file = ['def calculate_sum(numbers):', '    total = 0', '    for num in numbers:', '        total += num', '    return total', ''].join('\n');
    const average = ['def calculate_average(numbers):', '    if not numbers:', '        return 0', '    total = sum(numbers)', '    return total / len(numbers)'];
    const call = JSON.stringify({ filepath: 'stats.py', edits: [{ oldText: 'def calculate_sum(numbers):\n  total = 0\n  for num in numbers:\n    total += num\n  return total', newText: average.join('\n') }] });
    assert.equal(applied('stats.py', file, call), average.join('\n') + '\n');
    const reply = block('stats.py', ['def calculate_sum(numbers):', '  total = 0', '  for num in numbers:', '    total += num', '  return total'], average);
    assert.equal(applied('stats.py', file, reply), average.join('\n') + '\n');
  });
});

describe('re-anchoring: an elision in the replacement only', () => {
  const file = ['class Stack:', '    def __init__(self):', '        self.items = []', '', '    def push(self, x):', '        self.items.append(x)', '', '    def pop(self):', '        return self.items.pop()', ''].join('\n');

  it('stands for the search lines between its neighbours: a new method after it is added, not written over the last one', () => {
    const reply = block('stack.py', file.trimEnd().split('\n'), ['class Stack:', '    def __init__(self):', '        self.items = []', '', '    # ... existing code ...', '', '    def peek(self):', '        return self.items[-1]']);
    assert.equal(applied('stack.py', file, reply), file + '\n    def peek(self):\n        return self.items[-1]\n');
  });

  it('lets a line written after it edit the last line it would cover (a changed return)', () => {
    const source = ['function total(items) {', '  let sum = 0;', '  for (const item of items) sum += item.price;', '  return sum;', '}', ''].join('\n');
    const reply = block('total.js', source.trimEnd().split('\n'), ['function total(items) {', '  // ... existing code ...', '  return Math.round(sum);', '}']);
    assert.equal(applied('total.js', source, reply), source.replace('  return sum;', '  return Math.round(sum);'));
  });

  it('is written as given, with a warning, when there is nothing between its neighbours', () => {
    const source = ['def main():', '    run()', ''].join('\n');
    const result = runReply(block('main.py', ['def main():', '    run()'], ['def main():', '    # ... existing code ...', '    run()']), (p) => (p === 'main.py' ? source : undefined));
    assert.equal(proposed(result, 'main.py'), 'def main():\n    # ... existing code ...\n    run()\n');
    assert.match(result.receipt.files[0].edits[0].warnings!.join(' '), /nothing for it to stand for/);
  });

  it('is refused when the lines written around it would edit every line it could stand for', () => {
    const source = ['retries = 3', 'timeout = 30', 'backoff = 2', ''].join('\n');
    const result = plan({ 'settings.py': source }, [replaceOp('settings.py', source, 'retries = 3\ntimeout = 60\n# ... existing code ...\nbackoff = 4\n')]);
    assert.equal(result.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.equal(result.changes.length, 0);
  });
});

describe('re-anchoring: elisions in both halves', () => {
  const file = ['def load(path):', '    with open(path) as f:', '        data = f.read()', '    checked = validate(data)', '    log(checked)', '    return parse(checked)', ''].join('\n');

  it('pairs markers at the same place by their neighbours and changes what follows', () => {
    const reply = block('load.py', ['def load(path):', '    # ...', '    return parse(checked)'], ['def load(path):', '    # ...', '    return parse(checked, strict=True)']);
    assert.equal(applied('load.py', file, reply), file.replace('parse(checked)', 'parse(checked, strict=True)'));
  });

  it('pairs them by their neighbours, not by position, when they sit at slightly different places', () => {
    // SEARCH elides after `with open`, REPLACE elides right after the signature: the REPLACE marker
    // stands for everything up to the edited return, which keeps `with open` and what SEARCH elided.
    const reply = block('load.py', ['def load(path):', '    with open(path) as f:', '    # ...', '    return parse(checked)'], ['def load(path):', '    # ...', '    log("parsed")', '    return parse(checked)']);
    assert.equal(applied('load.py', file, reply), file.replace('    return parse(checked)', '    log("parsed")\n    return parse(checked)'));
  });
});

describe('re-anchoring: a reply prettified on its way', () => {
  it('reads the new lines with ASCII punctuation when its quote of the file has curly quotes the file lacks', () => {
    const file = 'def greet(name):\n    print("Hello, " + name)\n    return name\n';
    const reply = block('greet.py', ['def greet(name):', '    print(\u201cHello, \u201d + name)'], ['def greet(name):', '    print(\u201cHello, \u201d + name)', '    print(\u201cWelcome back \u2014 it\u2019s been a while\u201d)']);
    assert.equal(applied('greet.py', file, reply), 'def greet(name):\n    print("Hello, " + name)\n    print("Welcome back - it\'s been a while")\n    return name\n');
  });
});

describe('re-anchoring: context keeps the file\'s text', () => {
  it('in a diff, a context line quoted with ASCII punctuation keeps the file\'s dashes and curly quotes', () => {
    const file = '# Limits \u2014 see \u201cdocs/limits.md\u201d\nMAX = 5\nMIN = 1\n';
    const diff = ['```diff', '--- a/limits.py', '+++ b/limits.py', '@@ -1,3 +1,3 @@', ' # Limits - see "docs/limits.md"', '-MAX = 5', '+MAX = 6', ' MIN = 1', '```'].join('\n');
    assert.equal(applied('limits.py', file, diff), file.replace('MAX = 5', 'MAX = 6'));
    const patch = ['*** Begin Patch', '*** Update File: limits.py', '@@', ' # Limits - see "docs/limits.md"', '-MAX = 5', '+MAX = 6', '*** End Patch'].join('\n');
    assert.equal(applied('limits.py', file, patch), file.replace('MAX = 5', 'MAX = 6'));
  });
});

describe('re-anchoring: an elision in the search text only', () => {
  it('is refused: the lines it matched would be deleted without ever being shown', () => {
    const file = ['def load(path):', '    with open(path) as f:', '        data = f.read()', '    return parse(data)', ''].join('\n');
    const result = runReply(block('load.py', ['def load(path):', '    ...', '    return parse(data)'], ['def load(path):', '    return parse(data, strict=True)']), (p) => (p === 'load.py' ? file : undefined));
    assert.equal(result.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.equal(result.changes.length, 0);
  });
});

describe('indentFrom: an anchor whose indentation mixes tabs and spaces', () => {
  const frame: MovingFrame = {
    verbatim: false,
    unit: { kind: 'tabs' },
    tabSize: 4,
    scale: 1,
    first: undefined,
    byWidth: new Map([[4, '\t'], [5, '\t '], [8, '\t\t'], [12, '\t\t\t'], [16, '\t\t\t\t']]),
    replyUsesTabs: true,
    indentedBlanks: false,
  };

  it('writes a deeper line that does not extend it in the reply at its whole depth, not after the doc comment\'s space', () => {
    // A doc comment's ` * ` line (`\t ` in the file, `  \t ` in a reply that put two spaces before every line).
    const docLine = { replyIndent: '  \t ', fileIndent: '\t ' };
    assert.equal(indentFrom('  \t\t\t\tskips.push(ns);', docLine, frame), '\t\t\t\tskips.push(ns);');
    // An anchor of tabs alone is still the prefix of the line below it.
    assert.equal(indentFrom('  \t\t\t\tskips.push(ns);', { replyIndent: '  \t\t\t', fileIndent: '\t\t\t' }, frame), '\t\t\t\tskips.push(ns);');
  });
});

describe('re-anchoring: new lines in the other indentation character than the file', () => {
  const tabbed = ['package store', '', 'func (s *Store) Get(key string) (string, bool) {', '\tvalue, ok := s.items[key]', '\treturn value, ok', '}', ''].join('\n');

  it('writes a tab-indented file\'s tabs for new lines printed with four spaces per level, the quoted lines exact', () => {
    const reply = block('store.go', ['\tvalue, ok := s.items[key]'], ['\tvalue, ok := s.items[key]', '    if !ok {', '        s.misses++', '    }']);
    assert.equal(applied('store.go', tabbed, reply), tabbed.replace('\treturn', '\tif !ok {\n\t\ts.misses++\n\t}\n\treturn'));
  });

  it('writes new lines indented with tabs in a file of spaces as given (models print tabs only where they copy them)', () => {
    // classnames 2.3.3 added tab-indented lines to its space-indented index.d.ts; an exact quote
    // of that commit was written with spaces.
    const spaced = tabbed.replace(/\t/g, '    ');
    const reply = block('store.go', ['    value, ok := s.items[key]'], ['    value, ok := s.items[key]', '\tif !ok {', '\t\ts.misses++', '\t}']);
    assert.equal(applied('store.go', spaced, reply), spaced.replace('    return', '\tif !ok {\n\t\ts.misses++\n\t}\n    return'));
  });

  it('writes the new lines as given when the replacement re-indents a line it quotes (the edit changes the file\'s style)', () => {
    const reply = block('store.go', ['\tvalue, ok := s.items[key]', '\treturn value, ok'], ['    value, ok := s.items[key]', '    return value, ok']);
    assert.equal(applied('store.go', tabbed, reply), tabbed.replace('\tvalue', '    value').replace('\treturn', '    return'));
  });

  it('writes the file\'s tabs for a quoted line the edit moves to another depth with spaces (no change of style)', () => {
    // execa's types/ipc.d.ts: type arguments at the margin put under a new opener, given with four
    // spaces where the commit has a tab.
    const reply = block('store.go', ['\treturn value, ok'], ['\tif ok {', '        return value, ok', '\t}']);
    assert.equal(applied('store.go', tabbed, reply), tabbed.replace('\treturn value, ok', '\tif ok {\n\t\treturn value, ok\n\t}'));
  });

  it('writes the file\'s tabs when the search quotes a doc comment\'s aligned ` * ` lines', () => {
    // debug's src/browser.js: a diff's context ended in `/**` and ` * Colors.`, which are aligned,
    // not indented with spaces.
    const documented = tabbed.replace('func (s *Store)', '/**\n * Get returns the value.\n */\nfunc (s *Store)');
    const diff = ['--- a/store.go', '+++ b/store.go', '@@ -1,5 +1,8 @@', ' package store', '+var hits = func() int {', '+    return 0', '+}()', ' ', ' /**', ' * Get returns the value.', ' */', ''].join('\n');
    assert.equal(applied('store.go', documented, diff), documented.replace('package store\n', 'package store\nvar hits = func() int {\n\treturn 0\n}()\n'));
  });

  it('keeps new lines at the reply\'s depth in a file of spaces whose quoted lines are a template string\'s tabs', () => {
    // zod's standard-schema.test.ts: an inline snapshot indented with tabs, quoted with four spaces
    // each; its tabs measured in the file's two-space step read as a scale of one half.
    const spaced = ['test("a", () => {', '  const x = 1;', '  const y = 2;', '  if (x) {', '    go(y);', '  }', '  expect(x).toMatchInlineSnapshot(`', '\t\t{', '\t\t}', '\t`);', '});', ''].join('\n');
    const diff = ['--- a/a.test.ts', '+++ b/a.test.ts', '@@ -9,3 +9,7 @@', '         }', '     `);', ' });', '+', '+test("b", () => {', '+  expect(y).toBe(1);', '+});', ''].join('\n');
    assert.equal(applied('a.test.ts', spaced, diff), spaced + '\ntest("b", () => {\n  expect(y).toBe(1);\n});\n');
  });

  it('writes them as given where the search text quotes a line indented like them (the file mixes both there)', () => {
    const mixed = tabbed.replace('\treturn value, ok', '    // aligned note\n\treturn value, ok');
    const reply = block('store.go', ['    // aligned note'], ['    // aligned note', '    // and a second one']);
    assert.equal(applied('store.go', mixed, reply), mixed.replace('    // aligned note\n', '    // aligned note\n    // and a second one\n'));
  });

  it('writes a git diff\'s new lines as given (a tool wrote them: a build that moved to spaces)', () => {
    const diff = ['diff --git a/store.go b/store.go', 'index 1a2b3c4..5d6e7f8 100644', '--- a/store.go', '+++ b/store.go', '@@ -5 +5,2 @@', '-\treturn value, ok', '+    // spaces from now on', '+    return value, true', ''].join('\n');
    assert.equal(applied('store.go', tabbed, diff), tabbed.replace('\treturn value, ok', '    // spaces from now on\n    return value, true'));
    const modelWritten = diff.replace(/^index .*\n/m, '');
    assert.equal(applied('store.go', tabbed, modelWritten), tabbed.replace('\treturn value, ok', '\t// spaces from now on\n\treturn value, true'));
  });

  it('reads a reply\'s step of spaces from its lines\' steps, not from a line aligned at another width', () => {
    // Quoted with four spaces for the file's tab; one continuation line aligned at six columns
    // made the step read as two, and every four spaces became two tabs.
    const reply = block('store.go', ['func (s *Store) Get(key string) (string, bool) {', '    value, ok := s.items[key]'], [
      'func (s *Store) Get(key string) (string, bool) {', '    value, ok := s.items[key]', '    log.Printf("get %s",', '      key)', '    if !ok {', '        s.misses++', '    }',
    ]);
    assert.equal(applied('store.go', tabbed, reply), tabbed.replace('\treturn', '\tlog.Printf("get %s",\n\t  key)\n\tif !ok {\n\t\ts.misses++\n\t}\n\treturn'));
  });

  it('writes new lines as given when some are indented by two or six spaces (alignment as often as levels)', () => {
    // A doc comment's Markdown list, its continuation lines under `- ` (globby's utilities.js).
    const reply = block('store.go', ['\tvalue, ok := s.items[key]'], ['\tvalue, ok := s.items[key]', '\t/*', '- a first point,', '  continued', '\t*/']);
    assert.equal(applied('store.go', tabbed, reply), tabbed.replace('\treturn', '\t/*\n- a first point,\n  continued\n\t*/\n\treturn'));
  });

  it('writes them as given in a file that indents other lines so too (a bundle with tab-indented data)', () => {
    const bundle = ['var a = {', '    x: 1,', '    y: 2,', '    z: 3,', '    w: 4,', '    v: 5,', '    u: 6,', '};', 'var data = [', '\t"one",', '\t"two",', '\t"three",', '];', 'var b = 1;', ''].join('\n');
    const reply = block('bundle.js', ['var b = 1;'], ['var b = 1;', 'var more = [', '\t"four",', '];']);
    assert.equal(applied('bundle.js', bundle, reply), bundle.replace('var b = 1;\n', 'var b = 1;\nvar more = [\n\t"four",\n];\n'));
  });

  it('leaves odd runs of spaces alone (alignment, not levels)', () => {
    const reply = block('store.go', ['\tvalue, ok := s.items[key]'], ['\tvalue, ok := s.items[key]', '   // three spaces']);
    assert.equal(applied('store.go', tabbed, reply), tabbed.replace('\treturn', '   // three spaces\n\treturn'));
  });
});

describe('re-anchoring: a diff whose context lost its prefix', () => {
  // CPython reprlib.py's recursive_repr, its wrapper's last lines.
  const file = ['def recursive_repr(fillvalue):', '    def decorating_function(user_function):', '        wrapper.__qualname__ = qualname', '        wrapper.__doc__ = doc', '        return wrapper', '', '    return decorating_function', ''].join('\n');
  const diff = (lines: string[]) => ['```diff', '--- a/reprlib.py', '+++ b/reprlib.py', '@@ -3,3 +3,4 @@', ...lines, '```'].join('\n');

  it('writes added lines as given when every indented context line is one column shallower and removed lines are exact', () => {
    // Each context line lost its leading space: the parser takes one column of indentation for it.
    const lost = applied('reprlib.py', file, diff(['        wrapper.__qualname__ = qualname', '-        wrapper.__doc__ = doc', '+        wrapper.__doc__ = doc or ""', '+        wrapper.__wrapped__ = user_function', '        return wrapper']));
    assert.equal(lost, file.replace('        wrapper.__doc__ = doc\n', '        wrapper.__doc__ = doc or ""\n        wrapper.__wrapped__ = user_function\n'));
    // Context alone (a pure insertion), one column shallower: the same.
    const inserted = applied('reprlib.py', file, diff(['        wrapper.__doc__ = doc', '+        wrapper.__wrapped__ = user_function', '        return wrapper']));
    assert.equal(inserted, file.replace('        return wrapper', '        wrapper.__wrapped__ = user_function\n        return wrapper'));
  });

  it('re-anchors as before when the removed lines are one column shallower too (the hunk re-indented as a whole)', () => {
    const shifted = applied('reprlib.py', file, diff(['        wrapper.__qualname__ = qualname', '-       wrapper.__doc__ = doc', '+       wrapper.__doc__ = doc or ""', '        return wrapper']));
    assert.equal(shifted, file.replace('        wrapper.__doc__ = doc\n', '        wrapper.__doc__ = doc or ""\n'));
  });
});

describe('re-anchoring: a search quoted without the impl\'s indentation, its replacement with it (p51/d 38)', () => {
  // tokio's sync/mpsc/bounded.rs, `try_reserve` in `impl<T> Sender<T>` (trimmed). The SEARCH
  // drops the impl's 4 columns, the REPLACE keeps them: the search's +4 was added to the
  // replacement as well, and its six lines went 4 columns deeper than the body they sit in.
  const file = [
    'impl<T> Sender<T> {',
    '    pub fn try_reserve(&self) -> Result<Permit<\'_, T>, TrySendError<()>> {',
    '        match self.chan.semaphore().0.try_acquire(1) {',
    '            Ok(_) => {}',
    '            Err(_) => return Err(TrySendError::Full(())),',
    '        }',
    '',
    '        Ok(Permit { chan: &self.chan })',
    '    }',
    '}',
    '',
  ].join('\n');
  const search = ['pub fn try_reserve(&self) -> Result<Permit<\'_, T>, TrySendError<()>> {', '    match self.chan.semaphore().0.try_acquire(1) {', '        Ok(_) => {}', '        Err(_) => return Err(TrySendError::Full(())),', '    }'];
  const arms = ['            Err(TryAcquireError::Closed) => return Err(TrySendError::Closed(())),', '            Err(TryAcquireError::NoPermits) => return Err(TrySendError::Full(())),'];

  it('writes the replacement as given when its quoted lines have the file\'s indentation', () => {
    const replace = ['    pub fn try_reserve(&self) -> Result<Permit<\'_, T>, TrySendError<()>> {', '        match self.chan.semaphore().0.try_acquire(1) {', '            Ok(_) => {}', ...arms, '        }'];
    assert.equal(applied('tokio/src/sync/mpsc/bounded.rs', file, block('tokio/src/sync/mpsc/bounded.rs', search, replace)), file.replace('            Err(_) => return Err(TrySendError::Full(())),', arms.join('\n')));
  });

  it('still moves a replacement written at the search\'s depth to the file\'s', () => {
    const replace = search.slice(0, 3).concat(arms.map((line) => line.slice(4)), ['    }']);
    assert.equal(applied('tokio/src/sync/mpsc/bounded.rs', file, block('tokio/src/sync/mpsc/bounded.rs', search, replace)), file.replace('            Err(_) => return Err(TrySendError::Full(())),', arms.join('\n')));
  });
});
