import * as assert from 'node:assert/strict';
import { looksLikeFragment, mergeElisions, mergeFragment } from '../../src/core/elisionMerge';
import { isElisionLine } from '../../src/core/parse/elision';
import { bracketSyntaxFor } from '../../src/core/elisionMerge/balance';

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
  it('keeps the blank line a function added beside a written marker has, where the file has none at that edge', () => {
    // Added above the first function shown (under the marker) and below the last (above it): each
    // ran into its neighbour, the blank line dropped as the marker's. The added function's `}` was
    // also taken for the file's `}` of parse above it (refused as unbalanced in a real file).
    const result = merge(`// ... existing code ...

export function stringify(data: unknown) {
  return JSON.stringify(data, null, 2);
}

export async function load(path: string) {
  const text = await readFile(path, 'utf8');
  return parse(text);
}

export async function exists(path: string) {
  return readFile(path).then(() => true, () => false);
}

// ... existing code ...`);
    assert.ok(result.ok);
    assert.deepEqual(result.lines, [
      "import { readFile } from 'node:fs/promises';",
      '',
      'export function parse(text: string) {',
      '  return JSON.parse(text);',
      '}',
      '',
      'export function stringify(data: unknown) {',
      '  return JSON.stringify(data, null, 2);',
      '}',
      '',
      'export async function load(path: string) {',
      "  const text = await readFile(path, 'utf8');",
      '  return parse(text);',
      '}',
      '',
      'export async function exists(path: string) {',
      '  return readFile(path).then(() => true, () => false);',
      '}',
      '',
      'export function save(data: unknown) {',
      '  return JSON.stringify(data);',
      '}',
    ]);
    // A fragment's own edges (no marker written) add no blank line: a code block's last blank line says nothing.
    const fragment = mergeFragment(original, ['export async function load(path: string) {', "  const text = await readFile(path, 'utf8');", '  return parse(text.trim());', '}', '']);
    assert.ok(fragment.ok);
    assert.equal(fragment.lines.join('\n'), original.join('\n').replace('return parse(text);', 'return parse(text.trim());'));
  });

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

  it('keeps the methods after a rewritten one whose new lines repeat a line only a later method has below it (pg)', () => {
    // `const active = this.active()` stands in methods above the rewritten ones and once below them,
    // in `pulse`: taken for the segment's tail anchor there, the methods between were deleted.
    const file = [
      'class Client {',
      '  onComplete(msg) {',
      '    const active = this.active()',
      '    active.complete(msg)',
      '  }',
      '',
      '  onCopy(msg) {',
      '    this.active().copy(msg)',
      '  }',
      '',
      '  onNotice(msg) {',
      "    this.emit('notice', msg)",
      '  }',
      '',
      '  pulse() {',
      '    if (this.ready) {',
      '      const active = this.active()',
      '      active.submit()',
      '    }',
      '  }',
      '}',
    ];
    const snippet = ['// ... existing code ...', '  onCopy(msg) {', '    const active = this.active()', '    if (active == null) return', '    active.copy(msg)', '  }', '', '  // ... existing code ...'];
    const result = mergeElisions(file, snippet, isElisionLine);
    assert.ok(result.ok, result.ok ? '' : result.message);
    if (result.ok) assert.deepEqual(result.lines, [...file.slice(0, 7), '    const active = this.active()', '    if (active == null) return', '    active.copy(msg)', ...file.slice(8)]);
  });

  it('anchors a segment\'s tail inside the `if` whose condition it edits (only the definitions around a tail are compared)', () => {
    const file = ['function find(keys) {', '  for (let k = 0; k < 3; k++) {', '    const at = unique(k);', '    if (at >= 0) {', '      head = k;', '      headAt = at;', '    }', '  }', '}', '', 'function other() {', '  return 1;', '}'];
    const snippet = ['// ... existing code ...', '    const at = unique(k);', '    if (at >= 0 && fits(k, at)) {', '      head = k;', '      headAt = at;', '// ... existing code ...'];
    const result = mergeElisions(file, snippet, isElisionLine);
    assert.ok(result.ok, result.ok ? '' : result.message);
    if (result.ok) assert.deepEqual(result.lines, file.map((line) => (line === '    if (at >= 0) {' ? '    if (at >= 0 && fits(k, at)) {' : line)));
  });

  it('keeps the elided tail when a new import is added at the top', () => {
    const result = merge(`import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
// ... rest of the file unchanged ...`);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [original[0], "import { join } from 'node:path';", ...original.slice(1)]);
  });

  it('keeps as many blank lines above new code as the snippet shows, where the region below takes one of the file\'s blank run', () => {
    // Two blank lines under the marker, one above the class: the class's blank line is the
    // second of the file's two, so only one was left above the new statement.
    const module = ['__all__ = ["ref"]', '', '', 'class WeakMethod(ref):', '    pass', ''];
    const block = ['# ... existing code ...', '', '', 'Set.register(WeakSet)', '', 'class WeakMethod(ref):', '    pass'];
    const result = mergeElisions(module, block, isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, ['__all__ = ["ref"]', '', '', 'Set.register(WeakSet)', '', 'class WeakMethod(ref):', '    pass', '']);
    // A line of the file's under the marker (no new code above it) keeps the file's spacing.
    const shown = mergeElisions(module, ['# ... existing code ...', '', '', '', 'class WeakMethod(ref):', '    pass'], isElisionLine);
    assert.ok(shown.ok);
    if (shown.ok) assert.deepEqual(shown.lines, module);
  });

  it('refuses new lines written after blank lines right above an anchor the file has other lines above (replace them, or go under them?)', () => {
    // The snippet's blank lines may be the file's two above DEFAULT_PORT (the comment then
    // replaces that line) or new ones under it. Written as the latter, the constant the commit
    // replaced stayed above two new blank lines (CPython's lzma.py, `_MODE_CLOSED = 0`).
    const settings = ['import os', '', '', 'DEFAULT_PORT = 8080', 'RETRY_LIMIT = 3', '# 4 is reserved', 'TIMEOUT = 30', '', '', 'def connect(host):', '    return (host, DEFAULT_PORT)', ''];
    const result = mergeElisions(settings, ['# ... existing code ...', '', '', '# the port comes from the environment now', 'RETRY_LIMIT = 3', '# 4 is reserved', '# ... existing code ...'], isElisionLine);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.message, /"DEFAULT_PORT = 8080" \(line 4\).*replace it or go below it is a guess/);
    // Where the file parts them with a blank line of its own, the new lines go between.
    const parted = [...settings.slice(0, 4), '', ...settings.slice(4)];
    const added = mergeElisions(parted, ['# ... existing code ...', '', '# the port comes from the environment now', 'RETRY_LIMIT = 3', '# ... existing code ...'], isElisionLine);
    assert.ok(added.ok);
    if (added.ok) assert.deepEqual(added.lines.slice(3, 7), ['DEFAULT_PORT = 8080', '', '# the port comes from the environment now', 'RETRY_LIMIT = 3']);
  });

  it('puts a function added under a marker above the doc comment or decorator of the function shown next, not between them', () => {
    // The function shown (`load`) has a doc comment the snippet leaves out: the new function goes
    // above that comment, which stays with its function. Written under it, the comment described
    // the new function; refused, a plain addition was turned away.
    const documented = [...original.slice(0, 6), '/**', ' * Reads and parses a JSON file.', ' */', ...original.slice(6)];
    const result = mergeElisions(documented, ['// ... existing code ...', '', 'export function stringify(data: unknown) {', '  return JSON.stringify(data, null, 2);', '}', '', 'export async function load(path: string) {', '// ... existing code ...'], isElisionLine, bracketSyntaxFor('io.ts'));
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...original.slice(0, 6), 'export function stringify(data: unknown) {', '  return JSON.stringify(data, null, 2);', '}', '', ...documented.slice(6)]);
    // A decorator likewise.
    const cls = ['class Box:', '    def size(self):', '        return 1', '', '    @property', '    def empty(self):', '        return self.size() == 0', ''];
    const decorated = mergeElisions(cls, ['class Box:', '    # ... existing code ...', '', '    def clear(self):', '        self.items = []', '', '    def empty(self):', '        return self.size() == 0', ''], isElisionLine, bracketSyntaxFor('box.py'));
    assert.ok(decorated.ok);
    if (decorated.ok) assert.deepEqual(decorated.lines, [...cls.slice(0, 4), '    def clear(self):', '        self.items = []', '', ...cls.slice(4)]);
    // With a marker below too, the blank line the snippet puts under the shown method (the file has
    // none there) is kept as well.
    const packed = [...cls.slice(0, 7), '    def clear_all(self):', '        self.items = []'];
    const both = mergeElisions(packed, ['class Box:', '    # ... existing code ...', '', '    def clear(self):', '        self.items = []', '', '    def empty(self):', '        return self.size() == 0', '', '    # ... existing code ...'], isElisionLine, bracketSyntaxFor('box.py'));
    assert.ok(both.ok);
    if (both.ok) assert.deepEqual(both.lines, [...cls.slice(0, 4), '    def clear(self):', '        self.items = []', '', ...cls.slice(4, 7), '', ...packed.slice(7)]);
    // A `#define` is code, not a comment: above or below it is still a guess.
    const c = ['int one(void) { return 1; }', '', '#define LIMIT 10', 'int limit(void) {', '  return LIMIT;', '}', ''];
    const defined = mergeElisions(c, ['// ... existing code ...', '', 'int two(void) {', '  return 2;', '}', '', 'int limit(void) {', '// ... existing code ...'], isElisionLine, bracketSyntaxFor('limits.c'));
    assert.equal(defined.ok, false);
    if (!defined.ok) assert.match(defined.message, /"#define LIMIT 10" \(line 3\)/);
  });

  it('refuses new lines written before blank lines right below the part shown, where the file has other lines there (replace them, or go above them?)', () => {
    // The mirror below: the last statement rewritten above the marker, the old one (not shown)
    // between the region and the file's blank lines stayed under the new one
    // (CPython's semaphore_tracker.py, an `assert` given a message).
    const sender = ['def send(sock, msg):', '    if len(msg) > 512:', "        raise ValueError('too long')", '    sent = sock.send(msg)', '    assert sent == len(msg)', '', '', 'def close(sock):', '    sock.close()', ''];
    const block = ['# ... existing code ...', "        raise ValueError('too long')", '    sent = sock.send(msg)', '    if sent != len(msg):', "        raise OSError('short write')", '', '', '# ... existing code ...'];
    const result = mergeElisions(sender, block, isElisionLine);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.message, /"assert sent == len\(msg\)" \(line 5\).*replace it or go above it is a guess/);
    // Shown, the old statement is replaced.
    const shown = mergeElisions(sender, [...block.slice(0, 5), '', '', 'def close(sock):', '# ... existing code ...'], isElisionLine);
    assert.ok(shown.ok);
    if (shown.ok) assert.deepEqual(shown.lines, [...sender.slice(0, 4), '    if sent != len(msg):', "        raise OSError('short write')", ...sender.slice(5)]);
  });

  it('replaces the statement between the part shown and the file\'s blank lines when the new lines close the same brackets or declare the same name again', () => {
    // Written above the file's statement, the new lines would close the hook twice, or declare
    // the constant twice: only the replacement is a program.
    const hook = ['useEffect(() => {', '  if (dragging) {', '    listen();', '  }', '}, [dragging]);', '', 'export default 1;', ''];
    const closed = mergeElisions(hook, ['useEffect(() => {', '  if (dragging) {', '    listen();', '  }', '  log();', '}, [dragging, log]);', '', '// ... existing code ...'], isElisionLine, bracketSyntaxFor('hook.js'));
    assert.ok(closed.ok);
    if (closed.ok) assert.deepEqual(closed.lines, [...hook.slice(0, 4), '  log();', '}, [dragging, log]);', ...hook.slice(5)]);
    const limits = ['// limits', "export const UNITS = 'ohm';", '', 'export const x = 1;', ''];
    const declared = mergeElisions(limits, ['// limits', 'export const UNITS =', "  'ohm' | 'farad';", '', '// ... existing code ...'], isElisionLine, bracketSyntaxFor('limits.ts'));
    assert.ok(declared.ok);
    if (declared.ok) assert.deepEqual(declared.lines, ['// limits', 'export const UNITS =', "  'ohm' | 'farad';", ...limits.slice(2)]);
    // A new statement after the new closer is no version of the file's: still a guess.
    const more = mergeElisions(hook, ['useEffect(() => {', '  if (dragging) {', '    listen();', '  }', '}, [dragging, log]);', 'useOther();', '', '// ... existing code ...'], isElisionLine, bracketSyntaxFor('hook.js'));
    assert.equal(more.ok, false);
  });

  it('refuses a segment its anchors put on the file\'s first line when the snippet has a marker and a blank line above it', () => {
    // The second doc comment given a line the first one has: anchored on that line, the first
    // comment's end and the second's start were replaced, the marker standing for nothing.
    const docs = ['/**', ' * @since 2.0.0', ' */', '', '/**', ' * @category parsing', ' */', "export { parse } from './parse';", ''];
    const block = ['// ... existing code ...', '', '/**', ' * @since 2.0.0', ' * @category re-exports', ' */', "export { parse } from './parse';", ''];
    const result = mergeElisions(docs, block, isElisionLine);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.message, /an elision and a blank line above "\/\*\*", which its anchors place on the file's first line/);
    // Without the blank line the marker may stand for nothing: the first lines are edited.
    const top = mergeElisions(['/**', ' * @since 2.0.0', ' */', 'export const version = 2;', ''], ['// ... existing code ...', '/**', ' * @since 2.0.0', ' * @category meta', ' */', 'export const version = 2;', ''], isElisionLine);
    assert.ok(top.ok);
    if (top.ok) assert.deepEqual(top.lines, ['/**', ' * @since 2.0.0', ' * @category meta', ' */', 'export const version = 2;', '']);
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

  it('refuses a changed signature whose only common line with the file is a brace (an edit, or a new overload?)', () => {
    const result = merge(`// ... existing code ...
export function save(data: unknown, space = 2) {
  return JSON.stringify(data, null, space);
}`);
    assert.equal(result.ok, false);
  });
});

describe('mergeElisions: a marker that stands for nothing', () => {
  it('leaves the wider of the blank gaps written around it, not both (new tests after a file\'s only test)', () => {
    const suite = ["describe('cache', () => {", '  it(\'stores\', () => {', '    expect(cache.get(1)).toBe(undefined);', '  });', '});'];
    const snippet = ["describe('cache', () => {", '  it(\'stores\', () => {', '    expect(cache.get(1)).toBe(undefined);', '  });', '', '  // ... existing tests ...', '', '  it(\'evicts\', () => {', '    expect(cache.size).toBe(0);', '  });', '});'];
    const result = mergeElisions(suite, snippet, isElisionLine, bracketSyntaxFor('cache.test.ts'));
    assert.ok(result.ok, result.ok ? '' : result.message);
    assert.deepEqual(result.lines, [...suite.slice(0, 4), '', ...snippet.slice(7)]);
  });
});

describe('mergeElisions: Markdown prose ending in a colon', () => {
  it('takes a new sentence like a later one for new text, not an edit of it (a sentence opens no block)', () => {
    const doc = ['# Service', '', '## Setup', '', 'Install it with npm:', '', '    npm install service', '', '## Running', '', 'Once it is installed, you can start the service:', '', '    npm start', ''];
    const snippet = ['## Setup', '', 'Install it with npm:', '', '    npm install service', '', '## Logging', '', 'Once it is installed, you can point the logs elsewhere:', '', '    export LOG_DIR=/var/log/service', '', '<!-- ... existing sections ... -->', '', '## Running'];
    const result = mergeElisions(doc, snippet, isElisionLine);
    assert.ok(result.ok, result.ok ? '' : result.message);
    assert.deepEqual(result.lines, [...doc.slice(0, 8), ...snippet.slice(6, 12), ...doc.slice(8)]);
  });
});

describe('mergeElisions: a snippet placed by its edited signature', () => {
  const file = [
    'function subtotal(items) {',
    '  if (!items.length) return 0;',
    '  return items.reduce((sum, item) => sum + item.price, 0);',
    '}',
    '',
    'function total(items, region) {',
    '  const rate = rateFor(region);',
    '  const base = subtotal(items);',
    '  return base + base * rate;',
    '}',
  ];

  it('puts new lines that also exist in another function under the signature they follow', () => {
    const snippet = [
      'function total(items, region, exempt = false) {',
      '  if (!items.length) return 0;',
      '  if (exempt) return subtotal(items);',
      '  const rate = rateFor(region);',
      '  // ... existing code ...',
    ];
    const merged = mergeElisions(file, snippet, isElisionLine);
    assert.ok(merged.ok, merged.ok ? '' : merged.message);
    assert.deepEqual(merged.lines, [
      ...file.slice(0, 5),
      'function total(items, region, exempt = false) {',
      '  if (!items.length) return 0;',
      '  if (exempt) return subtotal(items);',
      ...file.slice(6),
    ]);
  });

  it('refuses a new overload beside the function it resembles rather than replace it', () => {
    const overloads = ['class Sum {', '  total(a) {', '    return a;', '  }', '}'];
    const snippet = ['// ... existing code ...', '  total(a, b) {', '    return a + b;', '  }', '// ... existing code ...'];
    const merged = mergeElisions(overloads, snippet, isElisionLine);
    assert.equal(merged.ok, false);
  });

  it('still refuses when the signature resembles two functions', () => {
    const twins = [...file, '', 'function total(items, regions) {', '  return 0;', '}'];
    const snippet = ['function total(items, region, exempt = false) {', '  if (!items.length) return 0;', '  // ... existing code ...'];
    const merged = mergeElisions(twins, snippet, isElisionLine);
    assert.equal(merged.ok, false);
  });
});

describe('mergeElisions: new code at the end of the block its context opens', () => {
  const calculator = [
    'class Calculator {', '  constructor() {', '    this.result = 0;', '  }', '',
    '  add(number) {', '    this.result += number;', '    return this;', '  }', '',
    '  reset() {', '    this.result = 0;', '    return this;', '  }', '}', '',
    'module.exports = Calculator;',
  ];
  const merged = (snippet: string[], file = calculator) => mergeElisions(file, snippet, isElisionLine);

  it('adds a method before the closing brace of the class the snippet opens', () => {
    const result = merged(['class Calculator {', '  // ... existing code ...', '', '  exp(number) {', '    this.result = Math.pow(this.result, number);', '    return this;', '  }', '}']);
    assert.ok(result.ok);
    if (result.ok) {
      assert.deepEqual(result.lines, [
        ...calculator.slice(0, 14), '', '  exp(number) {', '    this.result = Math.pow(this.result, number);', '    return this;', '  }', ...calculator.slice(14),
      ]);
    }
  });

  it('adds a line at the end of a method body, before the lines the snippet repeats from it', () => {
    const result = merged(['  add(number) {', '    // ... existing code ...', '    this.log();', '    return this;', '  }']);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...calculator.slice(0, 7), '    this.log();', ...calculator.slice(7)]);
  });

  it('changes nothing when the snippet only repeats the end of the body', () => {
    const result = merged(['  reset() {', '    // ... existing code ...', '    return this;', '  }']);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, calculator);
  });

  it('adds a method at the end of a Python class (no closing line: the last segment only)', () => {
    const python = ['class Greeter:', '    def __init__(self, name):', '        self.name = name', '', '    def hello(self):', '        return f"hi {self.name}"', '', '', 'def main():', '    pass'];
    const added = ['    def bye(self):', '        return f"bye {self.name}"'];
    const result = merged(['class Greeter:', '    # ... existing code ...', '', ...added], python);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...python.slice(0, 6), '', ...added, ...python.slice(6)]);
    // With more elided code after it, the method could go anywhere in the class.
    assert.equal(merged(['class Greeter:', '    # ... existing code ...', ...added, '    # ... existing code ...'], python).ok, false);
  });

  it('refuses when the structure does not say which block: no opener, an elision not inside it, an opener the file has twice', () => {
    const method = ['  exp(number) {', '    return this;', '  }'];
    assert.equal(merged(['// ... existing code ...', ...method, '}']).ok, false);
    assert.equal(merged(['class Calculator {', '// ... existing code ...', ...method, '}']).ok, false);
    const twice = [...calculator.slice(0, 15), 'class Calculator {', '}'];
    assert.equal(merged(['class Calculator {', '  // ... existing code ...', ...method, '}'], twice).ok, false);
  });
});

describe('mergeElisions: a segment whose every line the file has twice, placed above the next segment', () => {
  const records = [
    'class Reader:', '    """Reads records."""', '', '    def open(self, path):', '        self.handle = open(path)', '',
    '    def close(self):', '        self.handle.close()', '        return None', '', '',
    'class Writer:', '    def open(self, path):', "        self.handle = open(path, 'w')", '',
    '    def flush(self):', '        self.handle.flush()', '',
    '    def close(self):', '        self.handle.close()', '        return None', '',
  ];
  const marker = '    # ... existing code ...';

  it('edits the only place between the segments around it (the first class\'s close, the next segment being in the second class)', () => {
    const block = [marker, '    """Reads records."""', marker, '    def close(self):', '        self.handle.close()', '        self.handle = None', '        return None', marker, '    def flush(self):', '        self.handle.flush()', marker];
    const result = mergeElisions(records, block, isElisionLine);
    assert.ok(result.ok, result.ok ? '' : result.message);
    if (result.ok) assert.deepEqual(result.lines, [...records.slice(0, 8), '        self.handle = None', ...records.slice(8)]);
  });

  it('still refuses when the part above the next segment holds the lines twice too', () => {
    // The next segment is past both closes: between the cursor and it, each line stands twice.
    const block = [marker, '    def close(self):', '        self.handle.close()', '        self.handle = None', '        return None', marker, 'def main():', '    Writer().flush()'];
    const result = mergeElisions([...records, 'def main():', '    Writer().flush()', ''], block, isElisionLine);
    assert.equal(result.ok, false);
  });
});

describe('mergeElisions: context a little away from the anchor', () => {
  const file = ['function a() {', '  return compute(0);', '}', '', 'function b() {', '  return compute(0);', '}', '', 'function c() {', '  return 3;', '}'];

  it('takes repeated context above new lines for the file\'s lines there, not new ones', () => {
    const result = mergeElisions(file, ['// ... existing code ...', '  return compute(0);', '}', '', '// c computes three', 'function c() {', '  return 3;', '}'], isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...file.slice(0, 8), '// c computes three', ...file.slice(8)]);
  });

  it('refuses a statement written as new code beside the file\'s statement it restates, parted by blank lines from the marker that keeps that one', () => {
    // A call re-wrapped over several lines after the last line shown: read as added above the
    // file's one-line call, the marker below kept both and the call was made twice.
    const calls = ['def load(path):', '    return open(path).read()', '', 'register(Loader, FileLoader)', '', '', 'class Store:', '    pass', ''];
    const rewrapped = mergeElisions(calls, ['# ... existing code ...', '    return open(path).read()', '', 'register(', '    Loader,', '    FileLoader,', '    CachedLoader,', ')', '', '', '# ... existing code ...'], isElisionLine, bracketSyntaxFor('loaders.py'));
    assert.equal(rewrapped.ok, false);
    if (!rewrapped.ok) assert.match(rewrapped.message, /"register\(" as new code right above "register\(Loader, FileLoader\)" \(line 4\)/);
    // A constant given a new value: assigned twice in a row, the new value is dead.
    const constant = ['import sys', '', 'DEBUG = (hasattr(sys, "flags") and', '         sys.flags.debug)', '', 'def main():', '    pass', ''];
    const reassigned = mergeElisions(constant, ['import sys', '', 'DEBUG = bool(sys.flags.debug)', '', '# ... existing code ...'], isElisionLine, bracketSyntaxFor('app.py'));
    assert.equal(reassigned.ok, false);
    // The file's statement reads the name the new line assigns: the new line comes first.
    const counted = ['def total(parts):', '    return sum(parts)', '', 'count = count + 1', ''];
    const initialised = mergeElisions(counted, ['# ... existing code ...', '    return sum(parts)', '', 'count = 0', '', '# ... existing code ...'], isElisionLine, bracketSyntaxFor('app.py'));
    assert.ok(initialised.ok);
    if (initialised.ok) assert.deepEqual(initialised.lines, [...counted.slice(0, 3), 'count = 0', '', ...counted.slice(3)]);
    // Above the part shown, mirrored.
    const above = mergeElisions(calls, ['# ... existing code ...', '', 'register(', '    Loader,', '    FileLoader,', '    CachedLoader,', ')', '', '', 'class Store:', '    pass', ''], isElisionLine, bracketSyntaxFor('loaders.py'));
    assert.equal(above.ok, false);
    // Another call of the same function, with other names, is an addition.
    const another = mergeElisions(calls, ['# ... existing code ...', '    return open(path).read()', '', 'register(CachedLoader)', '', '# ... existing code ...'], isElisionLine, bracketSyntaxFor('loaders.py'));
    assert.ok(another.ok);
    if (another.ok) assert.deepEqual(another.lines, [...calls.slice(0, 3), 'register(CachedLoader)', '', ...calls.slice(3)]);
  });

  it('keeps the doc comment of a function it shows when the snippet quotes it right under the function before it, leaving the comment out', () => {
    // `parse` and `load` side by side in the snippet, `load`'s doc comment between them left out:
    // a segment replaces the file's lines between two lines it shows, and the comment was deleted.
    const documented = [...original.slice(0, 6), '/**', ' * Reads and parses a JSON file.', ' */', ...original.slice(6)];
    const quoted = mergeElisions(documented, ['// ... existing code ...', 'export function parse(text: string) {', '  return JSON.parse(text.trim());', '}', '', 'export async function load(path: string) {', '// ... existing code ...'], isElisionLine, bracketSyntaxFor('io.ts'));
    assert.ok(quoted.ok);
    if (quoted.ok) assert.deepEqual(quoted.lines, [...documented.slice(0, 3), '  return JSON.parse(text.trim());', ...documented.slice(4)]);
    // Python's `#` comments likewise.
    const py = ['def parse(text):', '    return text.split()', '', '# Reads the file and parses it.', 'def load(path):', '    return parse(open(path).read())', ''];
    const pyQuoted = mergeElisions(py, ['def parse(text):', '    return text.strip().split()', '', 'def load(path):', '    # ... existing code ...'], isElisionLine, bracketSyntaxFor('io.py'));
    assert.ok(pyQuoted.ok);
    if (pyQuoted.ok) assert.deepEqual(pyQuoted.lines, [py[0], '    return text.strip().split()', ...py.slice(2)]);
    // A snippet that quotes a comment's first lines and goes on with the definition deletes the rest.
    const noted = ['LIMIT = 3', '', '# Finds the source tree.', '# Setup.dist is there on Windows.', 'def source_dir(d):', '    return d', ''];
    const trimmed = mergeElisions(noted, ['# ... existing code ...', '# Finds the source tree.', 'def source_dir(d):', '    return d', ''], isElisionLine, bracketSyntaxFor('io.py'));
    assert.ok(trimmed.ok);
    if (trimmed.ok) assert.deepEqual(trimmed.lines, [...noted.slice(0, 3), ...noted.slice(4)]);
    // A left-out statement is still deleted, and so is a comment over a line that defines nothing
    // (the comment goes with the code the snippet rewrites).
    const code = ['def parse(text):', '    return text.split()', '', 'LIMIT = 3', '# the limit above', 'count = LIMIT * 2', ''];
    const dropped = mergeElisions(code, ['def parse(text):', '    return text.split()', '', 'count = LIMIT * 2', ''], isElisionLine, bracketSyntaxFor('io.py'));
    assert.ok(dropped.ok);
    if (dropped.ok) assert.deepEqual(dropped.lines, [...code.slice(0, 3), ...code.slice(5)]);
  });

  it('replaces the lines between that context and the anchor when the new lines edit each of them (a reworded doc comment)', () => {
    const documented = ['export const a = 1;', '', '/**', ' * Inserts the lines after a line number.', ' * Lines already there are applied.', ' */', 'export function insert() {}'];
    const snippet = ['// ... existing code ...', '', '/**', ' * Inserts the lines after a line number, counted anew.', ' * Calls before it count too.', ' * Lines already there are applied.', ' */', 'export function insert() {}'];
    const result = mergeElisions(documented, snippet, isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, ['export const a = 1;', ...snippet.slice(1)]);
    // Lines no new line edits are not read across, but a comment the snippet writes from its
    // opening line replaces the file's comment of that place whole: written inside the old one,
    // the old comment's first lines stayed above a second `/**`.
    const other = ['export const a = 1;', '', '/**', ' * Something else entirely, about tables.', ' * Lines already there are applied.', ' */', 'export function insert() {}'];
    const rewritten = mergeElisions(other, snippet, isElisionLine);
    assert.ok(rewritten.ok);
    if (rewritten.ok) assert.deepEqual(rewritten.lines, ['export const a = 1;', ...snippet.slice(1)]);
  });

  it('reads a segment\'s first lines as the context right above the new lines, not the repeated lines the new code ends with', () => {
    // A new test above an older one ends with the same lines as the test above the anchor: the
    // snippet's leading `});` and blank line are the file's, the new test goes after them.
    const tests = ["describe('sums', () => {", "  it('adds one', () => {", '    const r = run(1);', '    check(r);', '  });', '', "  it('counts others', () => {", '    other();', '  });', '});'];
    const snippet = ['// ... existing code ...', '  });', '', "  it('removes two', () => {", '    const gone = remove(2);', '    check(r);', '  });', '', "  it('counts others', () => {", '// ... existing code ...'];
    const result = mergeElisions(tests, snippet, isElisionLine, bracketSyntaxFor('a.ts'));
    assert.ok(result.ok, result.ok ? '' : result.message);
    if (result.ok) assert.deepEqual(result.lines, [...tests.slice(0, 6), ...snippet.slice(3, 8), ...tests.slice(6)]);
  });

  it('refuses a segment whose first lines stand below the line that anchors it, among the lines it would replace', () => {
    // `index: number,` is the only such line in the file, but the snippet's is a new function's
    // parameter (`labelLine`, not the file's `label`): no anchor; the snippet's first lines are
    // the old function's, further down, and stand in the file twice.
    const code = [
      'export function label(', '  lines: string[],', '  index: number,', '  claimed: boolean,', '): string | undefined {', '  for (let i = index - 1; i >= 0; i--) {', '    if (lines[i]) return lines[i];', '  }', '  return undefined;', '}',
      '', 'export function other(', '  claimed: boolean,', '): string | undefined {', '  return undefined;', '}',
    ];
    const snippet = ['// ... existing code ...', '  claimed: boolean,', '): string | undefined {', '  const i = labelLine(lines, index, claimed);', '  return i === undefined ? undefined : lines[i];', '}', '', 'export function labelLine(', '  lines: string[],', '  index: number,', '  claimed: boolean,', '): number | undefined {', '  for (let i = index - 1; i >= 0; i--) {', '    if (lines[i]) return i;', '  }', '  return undefined;', '}'];
    const result = mergeElisions(code, snippet, isElisionLine, bracketSyntaxFor('a.ts'));
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.message, /the lines around "claimed: boolean," have no line that occurs exactly once/);
  });

  it('replaces a statement rewritten with new arguments between the context and the anchor', () => {
    const code = ['function read(args) {', '  if (args.help) {', '    return 2;', '  }', '  if (!args.file) {', '    return 2;', '  }', '  const decoded = decode(readFileSync(args.file === "-" ? 0 : args.file));', '  if (!decoded.ok) {', '    fail(decoded.reason);', '  }', '}'];
    const snippet = ['// ... existing code ...', '    return 2;', '  }', '  const decoded = decode(args.file === "-" ? await readAllOfStdin(process.stdin, { wait: true }) : readFileSync(args.file, "utf8"));', '  if (!decoded.ok) {', '// ... existing code ...'];
    const result = mergeElisions(code, snippet, isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...code.slice(0, 7), snippet[3], ...code.slice(8)]);
  });

  it('takes repeated context below new lines for the file\'s lines there', () => {
    const result = mergeElisions(file, ['function a() {', '  log();', '  return compute(0);', '}', '', '// ... existing code ...'], isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [file[0], '  log();', ...file.slice(1)]);
  });
});

describe('mergeElisions: a line of new code that the file also has elsewhere', () => {
  const file = [
    "it('reports a failure', () => {", '  const failed = receipt({', '    ok: false,', "    errors: ['stale'],", '  });', '  assert.match(render(failed), /stale/);', '});', '',
    "it('says when nothing changed', () => {", '  assert.match(render(receipt()), /nothing/);', '});',
  ];
  /** A new test between the two, written after an elision, with `ok` and its last line given. */
  const snippetWith = (ok: string, lastLine: string) => [
    '// ... existing code ...', '});', '', "it('lists every match', () => {", '  const ambiguous = receipt({', `    ok: ${ok},`, "    errors: ['twice'],", '  });',
    lastLine, '});', '', "it('says when nothing changed', () => {", '// ... existing code ...',
  ];
  const placedBetween = (snippet: string[]) => {
    const result = mergeElisions(file, snippet, isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...file.slice(0, 8), ...snippet.slice(3, 11), ...file.slice(8)]);
  };

  it('is no anchor when the block around it differs: the new test goes in, the other test keeps its lines', () => {
    placedBetween(snippetWith('false', '  assert.deepEqual(listMatches(ambiguous), [1, 3]);'));
  });

  it('takes a new line that resembles the file\'s line there for new code when the lines beyond it differ, not for an edit', () => {
    // The new test's last assertion resembles the older test's (same words, 60% alike); the lines
    // above it are not the older test's, so it is no edit of it.
    placedBetween(snippetWith('true', '  assert.match(render(ambiguous), /twice/);'));
  });
});

describe('mergeElisions: new top-level code after the elided rest of the file', () => {
  const module = ['import os', '', '', 'def a():', '    return 1', '', '', 'def b():', '    return 2'];
  const added = ['def c():', '    return 3'];

  it('appends it when it continues the file\'s last top-level statement in kind', () => {
    const result = mergeElisions(module, ['# ... existing code ...', '', '', ...added], isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...module, '', '', ...added]);
    const withImport = mergeElisions(module, ['import os', 'import sys', '# ... existing code ...', '', ...added], isElisionLine);
    assert.ok(withImport.ok);
    if (withImport.ok) assert.deepEqual(withImport.lines, ['import os', 'import sys', ...module.slice(1), '', ...added]);
  });

  it('appends a decorated definition after the file\'s last decorated one', () => {
    const routes = ['from fastapi import FastAPI', '', 'app = FastAPI()', '', '@app.get("/")', 'def read_root():', '    return {}'];
    const route = ['@app.get("/items")', 'def read_items():', '    return []'];
    const result = mergeElisions(routes, ['# ... existing code ...', '', ...route], isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...routes, '', ...route]);
  });

  it('appends a definition after a last definition of another kind (a function after a class), still not after a call', () => {
    const withClass = ['import json', '', '', 'class Cache:', '    def __init__(self, path):', '        self.path = path'];
    const factory = ['def make_cache(path):', '    return Cache(path)'];
    const result = mergeElisions(withClass, ['# ... existing code ...', '', ...factory], isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...withClass, '', ...factory]);
    const exported = ['const express = require("express");', '', 'const app = express();', 'app.listen(3000);'];
    assert.equal(mergeElisions(exported, ['// ... existing code ...', '', 'function health(req, res) {', '  res.send("ok");', '}'], isElisionLine).ok, false);
    const moduleExports = ['function a() {}', '', 'module.exports = { a };'];
    assert.equal(mergeElisions(moduleExports, ['// ... existing code ...', '', 'function b() {', '  return 1;', '}'], isElisionLine).ok, false);
  });

  it('refuses after a closing statement of another kind, inside a block, with more elided code after it, or for an edited function', () => {
    const guarded = [...module, '', '', 'if __name__ == "__main__":', '    a()'];
    assert.equal(mergeElisions(guarded, ['# ... existing code ...', '', ...added], isElisionLine).ok, false);
    assert.equal(mergeElisions(module, ['    # ... existing code ...', '', ...added], isElisionLine).ok, false);
    assert.equal(mergeElisions(module, ['# ... existing code ...', ...added, '# ... existing code ...'], isElisionLine).ok, false);
    assert.equal(mergeElisions(module, ['# ... existing code ...', '', 'def b(x):', '    return x'], isElisionLine).ok, false);
  });
});

describe('mergeElisions: a closer after an elision that stands inside a block', () => {
  const registry = `export class Registry {
  private readonly items: string[] = [];

  add(item: string): void {
    this.items.push(item);
  }

  *each(): Generator<string> {
    for (const item of this.items) yield item;
  }

  *reversed(): Generator<string> {
    for (let i = this.items.length - 1; i >= 0; i--) yield this.items[i];
  }

  /** How many items there are. */
  get size(): number {
    return this.items.length;
  }
}`.split('\n');

  it('refuses when the lines after the closer match further down than the block ends: the lines between deleted or kept is a guess', () => {
    // A real reply replaced two generators by a getter this way; another, adding a method, left
    // out a function between the same way and meant it kept. The snippet cannot tell them apart.
    const block = ['  add(item: string): void {', '    // ... existing code ...', '  }', '', '  get all(): readonly string[] {', '    return this.items;', '  }', '', '  /** How many items there are. */', '  // ... existing code ...'];
    const result = mergeElisions(registry, block, isElisionLine);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.message, /the "}" after the elision closes the block that ends at line 6, but the lines after it match from line 14/);
  });

  it('places the lines after the closer where the block ends when they go on as the file does there', () => {
    const block = ['  add(item: string): void {', '    // ... existing code ...', '  }', '', '  *each(): Generator<string> {', '    for (const item of [...this.items]) yield item;', '  }', '  // ... existing code ...'];
    const result = mergeElisions(registry, block, isElisionLine);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...registry.slice(0, 8), '    for (const item of [...this.items]) yield item;', ...registry.slice(9)]);
  });

  it('is not read into an elision indented as the closer, which may stand for whole blocks', () => {
    const block = ['  add(item: string): void {', '    this.items.push(item);', '  }', '  // ... existing code ...', '  }', '', '  get all(): readonly string[] {', '    return this.items;', '  }', '', '  /** How many items there are. */', '  // ... existing code ...'];
    const result = mergeElisions(registry, block, isElisionLine);
    if (!result.ok) assert.doesNotMatch(result.message, /closes the block that ends/);
  });
});

describe('looksLikeFragment', () => {
  const calc = ['import math', '', '', 'def area(r):', '    """Area of a circle."""', '    return math.pi * r * r', '', '', 'def perimeter(r):', '    return 2 * math.pi * r'];

  it('takes a block that starts at a line further down a small file for a part of it', () => {
    assert.equal(looksLikeFragment(calc, ['def perimeter(r):', '    return math.tau * r']), true);
  });

  it('takes a small file rewritten from its top, shorter and ending elsewhere, for the whole file', () => {
    assert.equal(looksLikeFragment(calc, ['import math', '', '', 'def area(r):', '    return math.pi * r ** 2']), false);
    // New text from the first line on is a rewrite too; so is anything for a file of under 6 lines.
    assert.equal(looksLikeFragment(calc, ['"""Geometry."""', 'import math']), false);
    assert.equal(looksLikeFragment(['a = 1', 'b = 2', 'c = 3'], ['c = 4']), false);
  });
});

describe('mergeFragment: a definition given to its end, with no marker after it', () => {
  const store = `import json
import logging

log = logging.getLogger(__name__)


def load(path):
    with open(path) as f:
        return json.load(f)


def save(path, data):
    with open(path, "w") as f:
        json.dump(data, f)
    os.chmod(path, 0o600)


def merge(a, b):
    out = dict(a)
    out.update(b)
    return out
`.split('\n');
  const fragment = (text: string) => mergeFragment(store, text.split('\n'), bracketSyntaxFor('store.py'));

  it('rewrites the rest of the definition when its new last lines edit the old ones (the old lines were kept under a new raise)', () => {
    const result = fragment(`def save(path, data):
    try:
        with open(path, "w") as f:
            json.dump(data, f, indent=2)
    except OSError as e:
        log.error("could not save %s: %s", path, e)
        raise`);
    assert.ok(result.ok, result.ok ? '' : result.message);
    // The whole definition is the block's: the old dump and the chmod it no longer has are gone.
    const start = store.indexOf('def save(path, data):');
    assert.deepEqual(result.lines.slice(start, start + 9), [
      'def save(path, data):', '    try:', '        with open(path, "w") as f:', '            json.dump(data, f, indent=2)',
      '    except OSError as e:', '        log.error("could not save %s: %s", path, e)', '        raise', '', '',
    ]);
    assert.deepEqual(result.lines.slice(0, start), store.slice(0, start));
    assert.deepEqual(result.lines.slice(start + 9), store.slice(store.indexOf('def merge(a, b):')));
  });

  it('reads the definition under its decorators, and under a signature given a new parameter', () => {
    const views = ['@app.route("/items", methods=["POST"])', 'def create_item():', '    item = db.insert(request.json)', '    return jsonify(item), 201', '', '', 'def other():', '    return 1', ''];
    const decorated = mergeFragment(views, ['@app.route("/items", methods=["POST"])', 'def create_item():', '    payload = request.get_json()', '    item = db.insert(payload)', '    return jsonify(id=item.id), 201'], bracketSyntaxFor('views.py'));
    assert.ok(decorated.ok, decorated.ok ? '' : decorated.message);
    if (decorated.ok) assert.deepEqual(decorated.lines, [...views.slice(0, 2), '    payload = request.get_json()', '    item = db.insert(payload)', '    return jsonify(id=item.id), 201', ...views.slice(4)]);
    const repo = ['class Repo:', '    def get(self, key):', '        row = self.db.find(key)', '        return row', '', '    def put(self, key, value):', '        self.db.save(key, value)', ''];
    const widened = mergeFragment(repo, ['    def get(self, key, default=None):', '        row = self.db.find(key)', '        if row is None:', '            return default', '        return row.value'], bracketSyntaxFor('repo.py'));
    assert.ok(widened.ok, widened.ok ? '' : widened.message);
    if (widened.ok) assert.deepEqual(widened.lines, ['class Repo:', '    def get(self, key, default=None):', '        row = self.db.find(key)', '        if row is None:', '            return default', '        return row.value', ...repo.slice(4)]);
  });

  it('refuses new lines that neither show nor edit the rest of the definition: added before it, or written instead of it, is a guess', () => {
    for (const body of ['    log.info("saving %s", path)', '    pathlib.Path(path).write_text(json.dumps(data))']) {
      const result = fragment(`def save(path, data):\n${body}`);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.message, /3 more lines \(13-15\) that it neither shows nor edits/);
    }
  });

  it('leaves the rest alone where a marker says so, where the block stops on the file\'s own lines, and after a block that is not a definition', () => {
    const marked = mergeElisions(store, ['def save(path, data):', '    log.info("saving %s", path)', '    # ... rest of save unchanged ...'], isElisionLine, bracketSyntaxFor('store.py'));
    assert.ok(marked.ok);
    if (marked.ok) assert.deepEqual(marked.lines, [...store.slice(0, 12), '    log.info("saving %s", path)', ...store.slice(12)]);
    const stopped = fragment('def save(path, data):\n    with open(path, "w") as f:\n        json.dump(data, f, indent=2)');
    assert.ok(stopped.ok);
    if (stopped.ok) assert.deepEqual(stopped.lines, store.map((line) => (line === '        json.dump(data, f)' ? '        json.dump(data, f, indent=2)' : line)));
    const loop = ['for key in keys:', '    total += key', ''];
    const statement = mergeFragment([...loop, 'print(total)', ''], ['for key in keys:', '    total += key', '    count += 1'], bracketSyntaxFor('loop.py'));
    assert.ok(statement.ok);
    if (statement.ok) assert.deepEqual(statement.lines, [...loop.slice(0, 2), '    count += 1', '', 'print(total)', '']);
  });
});

describe('mergeElisions: a part quoted at another depth than the file has it', () => {
  it('writes a method quoted flush left at its class\'s depth (it was written at the margin, out of the class)', () => {
    const repo = ['class Repo:', '    def get(self, key):', '        row = self.db.find(key)', '        return row', '', '    def put(self, key, value):', '        self.db.save(key, value)', ''];
    const result = mergeFragment(repo, ['def get(self, key):', '    try:', '        row = self.db.find(key)', '    except KeyError:', '        return None', '    return row'], bracketSyntaxFor('repo.py'));
    assert.ok(result.ok, result.ok ? '' : result.message);
    if (result.ok) assert.deepEqual(result.lines, ['class Repo:', '    def get(self, key):', '        try:', '            row = self.db.find(key)', '        except KeyError:', '            return None', '        return row', ...repo.slice(4)]);
    const ts = ['export class Cache {', '\tget(key: string) {', '\t\treturn this.map.get(key);', '\t}', '', '\tclear() {', '\t\tthis.map.clear();', '\t}', '}', ''];
    const tabs = mergeElisions(ts, ['get(key: string) {', '  // ... existing code ...', '}', '', 'clear() {', '  this.map.clear();', '  this.hits = 0;', '}'], isElisionLine, bracketSyntaxFor('cache.ts'));
    assert.ok(tabs.ok, tabs.ok ? '' : tabs.message);
    if (tabs.ok) assert.deepEqual(tabs.lines, [...ts.slice(0, 7), '\t\tthis.hits = 0;', ...ts.slice(7)]);
  });

  it('keeps the depths of a part at the file\'s depth, or whose lines go shallower than its first', () => {
    const file = ['def run():', '    load_config()', '    start_server()', '', '', 'def stop():', '    return 1', ''];
    // At the file's depth: the body moved under a new `if` stays where the block puts it.
    const wrapped = mergeFragment(file, ['def run():', '    if ready():', '        load_config()', '        start_server()'], bracketSyntaxFor('f.py'));
    assert.ok(wrapped.ok, wrapped.ok ? '' : wrapped.message);
    if (wrapped.ok) assert.deepEqual(wrapped.lines, ['def run():', '    if ready():', '        load_config()', '        start_server()', ...file.slice(3)]);
    // A line shallower than the first: no one depth to move the part by, so it is written as given.
    const shallower = mergeFragment(file, ['    load_config()', '    start_server()', 'def stop():', '    return 2'], bracketSyntaxFor('f.py'));
    assert.ok(shallower.ok, shallower.ok ? '' : shallower.message);
    if (shallower.ok) assert.deepEqual(shallower.lines, ['def run():', '    load_config()', '    start_server()', 'def stop():', '    return 2', '']);
  });
});

describe('mergeElisions: new lines after an exit the file keeps', () => {
  const compute = ['const a = 1;', '', 'function compute(items) {', '  const total = sum(items);', '  log(total);', '  audit(total);', '  notify(total);', '  return total;', '}', '', 'module.exports = { compute };'];

  it('refuses new lines that would stand after the body\'s return, where they never run', () => {
    // Placed at the body's end, after `return total;`: a second `audit(total);` and the new call never ran.
    const result = mergeElisions(compute, ['function compute(items) {', '  // ... existing code ...', '  audit(total);', '  cleanup();', '}'], isElisionLine);
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.message, /right after the file's "return total;".*never run/);
  });

  it('still writes new lines above the return, and a function after a return in the file\'s block above', () => {
    const above = mergeElisions(compute, ['function compute(items) {', '  // ... existing code ...', '  notify(total);', '  cleanup();', '  return total;', '}'], isElisionLine);
    assert.equal(above.ok, true, above.ok ? '' : above.message);
    assert.deepEqual(above.ok ? above.lines.slice(6, 9) : [], ['  notify(total);', '  cleanup();', '  return total;']);
    const after = mergeElisions(compute, ['// ... existing code ...', '  return total;', '}', '', 'function cleanup() {', '  audit(0);', '}', '', 'module.exports = { compute };'], isElisionLine);
    assert.equal(after.ok, true, after.ok ? '' : after.message);
  });
});
