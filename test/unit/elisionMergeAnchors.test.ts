import * as assert from 'node:assert/strict';
import { mergeElisions } from '../../src/core/elisionMerge';
import { bracketSyntaxFor } from '../../src/core/elisionMerge/balance';
import { blockFaults } from '../../src/core/elisionMerge/clauses';
import { correspond, definedName } from '../../src/core/elisionMerge/lines';
import { markerClosesDefinition } from '../../src/core/elisionMerge/anchors';
import { isElisionLine } from '../../src/core/parse/elision';

const js = bracketSyntaxFor('range.js');
const merge = (file: readonly string[], block: readonly string[]) => mergeElisions(file, block, isElisionLine, js);

describe('elision merge anchors (situations of real commits replayed as lazy snippets)', () => {
  it('names what a block opener defines, and nothing for calls and control flow', () => {
    assert.equal(definedName('function stepsFor(workspace, change, reply) {'), 'function stepsFor');
    assert.equal(definedName('  const remove = (): DiskStep[] => {'), 'const remove');
    assert.equal(definedName('def load(self, path):'), 'def load');
    assert.equal(definedName('    assert.equal(run.status, 0, {'), undefined);
    assert.equal(definedName("  it('keeps the file', () => {"), undefined);
    assert.equal(definedName('    } else if (isX(p)) {'), undefined);
    assert.equal(definedName('  for (let k = 0; k < n; k++) {'), undefined);
    assert.equal(definedName('const total = compute(a, b);'), undefined);
  });

  it('reads an import of the same module with a name added as an edit of the file\'s import, not as a new line', () => {
    assert.equal(correspond("import { existsSync, readFileSync } from 'node:fs';", "import { readFileSync } from 'node:fs';"), true);
    assert.equal(correspond("const { join, resolve } = require('path');", "const { join } = require('path');"), true);
    assert.equal(correspond("import { readFile } from 'node:fs/promises';", "import { readFileSync } from 'node:fs';"), false);
    assert.equal(correspond("import type { Plan } from './plan';", "import { plan } from './plan';"), false);
  });

  it('reads a Python from-import given more names as an edit of the file\'s import, however many names it grew', () => {
    assert.equal(correspond('from shapes import Circle, unit_square, scale_all', 'from shapes import Circle'), true);
    assert.equal(correspond('from shapes import (Circle, Square)', 'from shapes import Circle'), true);
    assert.equal(correspond('from shapes import Circle, unit_square, scale_all', 'from shapes.draw import Circle'), false);
    assert.equal(correspond('from shapes import Triangle, unit_square, scale_all', 'from shapes import Circle'), false);
    // Merged, the import is rewritten in place, not written a second time under the old one
    // (CPython's tkinter/commondialog.py, two names added).
    const file = ['"""Shapes on a canvas."""', '', "__all__ = ['Canvas']", '', 'from shapes import Circle', '', '', 'class Canvas:', '    def __init__(self):', '        self.items = [Circle()]', ''];
    const block = ['# ... existing code ...', "__all__ = ['Canvas']", '', 'from shapes import Circle, unit_square, scale_all', '', '', '# ... existing code ...'];
    const merged = mergeElisions(file, block, isElisionLine, bracketSyntaxFor('canvas.py'));
    assert.ok(merged.ok);
    if (merged.ok) assert.deepEqual(merged.lines, file.map((line) => (line === 'from shapes import Circle' ? block[3] : line)));
  });

  it('reads a changed return next to a marker as the file\'s return edited, never as a line above it', () => {
    const file = ['function find(items, id) {', '  for (const item of items) {', '    if (item.id === id) return item;', '  }', '  return undefined;', '}', '', 'function count(items) {', '  return items.length;', '}'];
    // Upward: the last line of find, changed, under the marker and above the function shown next.
    const up = merge(file, ['// ... existing code ...', '  return null;', '}', '', 'function count(items) {', '  return items.length;', '}']);
    assert.ok(up.ok);
    if (up.ok) assert.deepEqual(up.lines, file.map((line) => (line === '  return undefined;' ? '  return null;' : line)));
    // Another kind of statement there is new code, not an edit of the return; written below the
    // file's `return undefined;` it would never run, so it is refused (it was written there).
    const added = merge(file, ['// ... existing code ...', '  console.log(id);', '}', '', 'function count(items) {', '  return items.length;', '}']);
    assert.equal(added.ok, false);
    if (!added.ok) assert.match(added.message, /right after the file's "return undefined;"/);
  });

  it('refuses a changed-looking exit line at the part\'s edge when the file has that very line a few lines further out', () => {
    // `return result` after the marker (two functions end so) is either the end of total (its
    // context, the helper between deleted) or an edit of the helper's `return index`: read as the
    // edit, the helper was made to return a name it never defines (CPython's unittest/util.py, a
    // helper removed).
    const py = bracketSyntaxFor('prices.py');
    const file = ['def names(items):', '    result = [item.name for item in items]', '    return result', '', 'def total(items):', '    result = 0', '    for item in items:', '        result += item.price', '    return result', '', 'def _by_name(items):', '    index = {}', '    for item in items:', '        index[item.name] = item', '    return index', '', 'def cheapest(items):', '    return min(items, key=lambda item: item.price)', ''];
    const tail = ['', 'def cheapest(items):', '    return min(items, key=lambda item: item.price, default=None)', ''];
    const refused = mergeElisions(file, ['# ... existing code ...', '    return result', ...tail], isElisionLine, py);
    assert.equal(refused.ok, false);
    if (!refused.ok) assert.match(refused.message, /"return result" the part starts with edits line 15 \("return index"\), but the file has that very line at line 9/);
    // A return the file does not have nearby is still the edit of the one there.
    const edited = mergeElisions(file, ['# ... existing code ...', '    return dict(index)', ...tail], isElisionLine, py);
    assert.ok(edited.ok);
    if (edited.ok) assert.deepEqual(edited.lines, [...file.slice(0, 14), '    return dict(index)', '', 'def cheapest(items):', tail[2], '']);
  });

  it('names methods that no word precedes (a class method, a Go method by its receiver type), and still no call', () => {
    assert.equal(definedName('  save(): void {'), 'save()');
    assert.equal(definedName('save(pretty = false): void {'), 'save()');
    assert.equal(definedName('  async *entries<T>(limit: number): AsyncIterable<T> {'), 'async *entries<T>');
    assert.equal(definedName('  *entries() {'), '*entries()');
    assert.equal(definedName('func (s *Store) Save() error {'), 'func (*Store) Save');
    assert.equal(definedName('func (store *Store) Save(ctx context.Context) error {'), 'func (*Store) Save');
    assert.equal(definedName('func (Store) Name() string {'), 'func (Store) Name');
    assert.equal(definedName('func (l *List[T]) Push(v T) {'), 'func (*List[T]) Push');
    // Calls, control flow and constructors open blocks without defining a method of that name.
    assert.equal(definedName("  describe('save', () => {"), undefined);
    assert.equal(definedName('  items.forEach((item) => {'), undefined);
    assert.equal(definedName('  list.forEach(item) {'), undefined);
    assert.equal(definedName('  if (ready) {'), undefined);
    assert.equal(definedName('  while (queue.length > 0) {'), undefined);
    assert.equal(definedName('  switch (kind) {'), undefined);
    assert.equal(definedName('  synchronized (lock) {'), undefined);
    assert.equal(definedName('  constructor(private readonly file: string) {'), undefined);
    assert.equal(definedName('  return compute(a, b) {'), undefined);
    // Parameters are declared (names, typed or defaulted, destructured); a call passes expressions.
    assert.equal(definedName('  render({ title, items }: Props, map: Map<string, number>, ...rest: unknown[]): void {'), 'render()');
    assert.equal(definedName('  Save(int n, List<String> names) {'), 'Save()');
    assert.equal(definedName('    repeat(3) {'), undefined);
    assert.equal(definedName('    launch(Dispatchers.IO) {'), undefined);
  });

  // Two functions alike, the second already written the way the snippet rewrites the first (a
  // semver commit: `${z}` added to replaceTilde's ranges, as replaceCaret had them).
  const file = [
    'const replaceTilde = (comp, options) => {',
    '  return comp.replace(r, (_, M, m, p, pr) => {',
    '    if (isX(m)) {',
    '      ret = `>=${M}.0.0 <${+M + 1}.0.0-0`',
    '    } else if (pr) {',
    "      debug('replaceTilde pr', pr)",
    '    }',
    '  })',
    '}',
    '',
    'const replaceCaret = (comp, options) => {',
    "  const z = options.includePrerelease ? '-0' : ''",
    '  return comp.replace(r, (_, M, m, p, pr) => {',
    '    if (isX(m)) {',
    '      ret = `>=${M}.0.0${z} <${+M + 1}.0.0-0`',
    '    } else if (pr) {',
    "      debug('replaceCaret pr', pr)",
    '    }',
    '  })',
    '}',
  ];

  it('of two unique lines found in the opposite order, refuses unless one placement changes far fewer lines', () => {
    // `ret = …${z}…` is new in replaceTilde but occurs once in the file, in replaceCaret; the
    // later `debug('replaceTilde pr', pr)` stands above it. Anchored on the first, the snippet
    // rewrote replaceCaret (a wrong write on a real commit). Here either reading changes one or
    // two lines: refused.
    const block = [
      '// ... existing code ...',
      '    if (isX(m)) {',
      '      ret = `>=${M}.0.0${z} <${+M + 1}.0.0-0`',
      '    } else if (pr) {',
      "      debug('replaceTilde pr', pr)",
      '// ... existing code ...',
    ];
    const merged = merge(file, block);
    assert.ok(!merged.ok);
    if (!merged.ok) assert.match(merged.message, /each occur once in the file, but in the opposite order/);
    // With more of replaceTilde around them, placing the lines in replaceCaret would change far
    // more of its lines than placing them in replaceTilde: they go there.
    const rewritten = '      ret = `>=${M}.0.0${z} <${+M + 1}.0.0-0`';
    const longer = ['// ... existing code ...', ...file.slice(1, 3), rewritten, ...file.slice(4, 11), '// ... existing code ...'];
    const placed = merge(file, longer);
    assert.ok(placed.ok, placed.ok ? '' : placed.message);
    assert.deepEqual(placed.lines, file.map((line, i) => (i === 3 ? rewritten : line)));
  });

  it('refuses context that stands a line further out than the snippet shows, with nothing edited between', () => {
    // A real commit dropped `lines = …` above `} for (…) {`; the snippet shows `to = after;`, `}`,
    // `for (…) {`, a loop the function has twice. Kept, the context was written twice; deleting
    // the line is a guess. (Were the loop's line unique, it would anchor the end of the lines the
    // snippet replaces, and the line between would go.)
    const code = [
      'function place(segment, end) {',
      '  let lines;',
      '  if (end > 0) {',
      '    to = end;',
      '  } else {',
      '    const after = end + 1;',
      '    to = after;',
      '    lines = segment.slice(0, 2);',
      '  }',
      '  for (const line of lines) {',
      '    check(line);',
      '  }',
      '  for (const line of lines) {',
      '    log(line);',
      '  }',
      '}',
    ];
    const block = ['// ... existing code ...', '  } else {', '    const after = end + 1;', '    to = after;', '  }', '  for (const line of lines) {', '// ... existing code ...'];
    const merged = merge(code, block);
    assert.ok(!merged.ok);
    if (!merged.ok) assert.match(merged.message, /stand in the file at line 9, .* whether they are to be deleted is a guess/);
  });

  it('adds a loop beside another loop of the file: loops alike are not edits of each other', () => {
    const code = ['function sum(items) {', '  let total = 0;', '  for (let k = 0; k < items.length; k++) {', '    total += items[k];', '  }', '  return total;', '}', '', 'function count(items) {', '  let n = 0;', '  return n;', '}'];
    const block = ['// ... existing code ...', 'function count(items) {', '  let n = 0;', '  for (let k = 0; k < items.length; k++) {', '    if (items[k]) n++;', '  }', '  return n;', '}'];
    const merged = merge(code, block);
    assert.ok(merged.ok, merged.ok ? '' : merged.message);
    assert.deepEqual(merged.lines, [...code.slice(0, 10), ...block.slice(3, 6), ...code.slice(10)]);
  });

  it('does not take a new loop that starts like one of the file\'s for an edit of that loop', () => {
    // A real commit (replayed without context) added a guard loop to one function whose first line
    // is the first line of a loop in another: the other loop's whole body was replaced.
    const code = ['function check(step, needle) {', '  if (step.kind === "change") {', '    apply(step);', '  }', '}', '', 'function paired(step, needle) {', '  let found;', '  for (let n = step.nFrom; n < step.nTo; n++) {', '    if (!needle.elisions.has(n)) continue;', '    found = n;', '  }', '  return found;', '}'];
    const block = ['// ... existing code ...', '    for (let n = step.nFrom; n < step.nTo; n++) {', '      if (needle.elisions.has(n)) return refused();', '    }', '// ... existing code ...'];
    const merged = merge(code, block);
    assert.ok(!merged.ok, 'the loop in paired() must not be replaced');
  });

  it('does not take the last lines of a new function for the end of the function above the anchor', () => {
    // The shape of CPython 3.13's islink() added to genericpath.py between isdir() and getsize():
    // given as a lazy snippet, the new function's `return False` and last `return` stood right
    // above the blank lines before the anchor, as the function above's do: taken for those, the
    // new function was written over that function's last two lines.
    const python = bracketSyntaxFor('checks.py');
    const code = [
      'def is_folder(place):',
      '    """True when the place names a folder that exists."""',
      '    try:',
      '        info = os.stat(place)',
      '    except (OSError, ValueError):',
      '        return False',
      '    return stat.S_ISDIR(info.st_mode)',
      '',
      '',
      'def size_of(place):',
      '    """The size of the file at the place."""',
      '    return os.stat(place).st_size',
    ];
    const added = [
      '# A link that points nowhere is still a link.',
      '',
      'def is_link(place):',
      '    """True when the place names a symbolic link."""',
      '    try:',
      '        info = os.lstat(place)',
      '    except (OSError, ValueError, AttributeError):',
      '        return False',
      '    return stat.S_ISLNK(info.st_mode)',
      '',
      '',
    ];
    const block = ['# ... existing code ...', '', '', ...added, 'def size_of(place):', '    """The size of the file at the place."""', '    # ... existing code ...'];
    const merged = mergeElisions(code, block, isElisionLine, python);
    assert.ok(merged.ok, merged.ok ? '' : merged.message);
    assert.deepEqual(merged.lines, [...code.slice(0, 9), ...added, ...code.slice(9)]);
  });

  it('refuses a tail anchor found only inside a later definition the snippet does not show, instead of deleting everything between', () => {
    // The shape of a lazy snippet of CPython's asynchat.py: it edits on_read's `except OSError as
    // why:` and quotes it as `except OSError:`, a line the file has once below, in flush():
    // taken for the tail, the rest of on_read and every method down to it were replaced by nothing.
    const python = bracketSyntaxFor('channel.py');
    const code = [
      'class Channel(Dispatcher):',
      '    def on_read(self):',
      '        try:',
      '            chunk = self.receive(self.chunk_size)',
      '        except BlockingIOError:',
      '            return',
      '        except OSError as why:',
      '            self.report_error()',
      '            return',
      '',
      '        self.pending = self.pending + chunk',
      '',
      '    def on_write(self):',
      '        self.flush()',
      '',
      '    def flush(self):',
      '        while self.queue and self.open:',
      '            try:',
      '                sent = self.send(self.queue[0])',
      '            except OSError:',
      '                self.report_error()',
      '                return',
      '',
    ];
    const block = ['# ... existing code ...', '        except BlockingIOError:', '            return', '        except OSError:', '            self.report_error()', '            return', '        # ... existing code ...'];
    const merged = mergeElisions(code, block, isElisionLine, python);
    assert.ok(!merged.ok, 'on_read and on_write must not be deleted');
    if (!merged.ok) assert.match(merged.message, /"def flush\(self\):" stands between them/);
  });

  it('refuses new last lines that open a type, block or comment the file opens further down the block, the lines between left out', () => {
    // A union rewritten into named members: the snippet ends `> & {`, `/**`, then the marker.
    // Without text those lines anchor nothing; written as new under `Wrapped<`, the marker kept
    // the old members and the file's own `> & {` under them (the new `/**` hid the old `{` from
    // the bracket count).
    const file = [
      'type Base = { ok: boolean }', '',
      'type Outcome =', '  Wrapped<', '    | Override<', '        Base,', '        { ok: true }', '      >', '    | Override<', '        Base,', '        { ok: false }', '      >',
      '  > & {', '    /**', '     * The time taken.', '     */', '    ms: number', '  }', '',
    ];
    const snippet = ['// ... existing code ...', 'type Success = Override<Base, { ok: true }>', '', 'type Failure = Override<Base, { ok: false }>', '', 'type Outcome =', '  Wrapped<', '    | Success', '    | Failure', '  > & {', '    /**', '    // ... existing code ...'];
    const result = mergeElisions(file, snippet, isElisionLine, bracketSyntaxFor('outcome.ts'));
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.message, /last lines "> & \{ \/\*\*" are new .* stand in the file at line 13/);
    // A last line with text that opens a block (`if ok:`), new where the part shown ends and
    // standing further down the same block (CPython's filecmp.py, the lines between deleted by
    // the commit, kept by the merge): as unsure.
    const checks = ['def second(self, items):', '    for x in items:', '        left = join(self.left, x)', '', '        ok = 1', '        try:', '            a = stat(left)', '        except OSError:', '            ok = 0', '        try:', '            b = stat(left + ".bak")', '        except OSError:', '            ok = 0', '        try:', '            c = stat(left + ".old")', '        except OSError:', '            ok = 0', '', '        if ok:', '            self.same.append(x)', ''];
    const pruned = mergeElisions(checks, ['# ... existing code ...', '        left = join(self.left, x)', '', '        ok = True', '        if ok:', '            # ... existing code ...'], isElisionLine, bracketSyntaxFor('compare.py'));
    assert.equal(pruned.ok, false);
    if (!pruned.ok) assert.match(pruned.message, /last lines "if ok:" are new .* stand in the file at line 19/);
    // Right below the part shown they are the file's lines, as before.
    const kept = mergeElisions(file, ['// ... existing code ...', '        { ok: false }', '      >', '  > & {', '    /**', '    // ... existing code ...'], isElisionLine, bracketSyntaxFor('outcome.ts'));
    assert.ok(kept.ok);
    if (kept.ok) assert.deepEqual(kept.lines, file);
  });

  it('reads an edited step of a promise chain as an edit when the snippet\'s last lines stand right below the lines it edits', () => {
    // The snippet ends `})`, `.then(() => {`, marker: the file has those lines right under the
    // statement the new lines rewrite (same last words). Read instead as a new `.then` step
    // inserted above the file's, whose `.then(() => {` the snippet's last line was taken for,
    // the old step stayed under the new one (@tanstack/query-core's retryer).
    const file = [
      'function retry(run, delay) {', '  sleep(delay)', '    // wait until the page is visible', '    .then(() => {', '      return visible() ? undefined : waitFor(visible)', '    })',
      '    .then(() => {', '      run()', '    })', '}',
    ];
    const snippet = ['// ... existing code ...', '    // wait until the page is visible', '    .then(() => {', '      return done() || visible()', '        ? undefined', '        : waitFor(visible)', '    })', '    .then(() => {', '      // ... existing code ...'];
    const result = merge(file, snippet);
    assert.ok(result.ok);
    if (result.ok) assert.deepEqual(result.lines, [...file.slice(0, 4), '      return done() || visible()', '        ? undefined', '        : waitFor(visible)', ...file.slice(5)]);
    // A new step added above, its last lines the file's next step's first line: placed above it.
    const added = merge(file, ['// ... existing code ...', '    // wait until the page is visible', '    .then(() => {', '      log(delay)', '    })', '    .then(() => {', '      return visible() ? undefined : waitFor(visible)', '      // ... existing code ...']);
    assert.ok(added.ok);
    if (added.ok) assert.deepEqual(added.lines, [...file.slice(0, 4), '      log(delay)', '    })', ...file.slice(3)]);
  });

  it('refuses a Python merge that leaves a header with nothing under it, or an else after no statement it continues', () => {
    // The shape of a lazy snippet of CPython's dbm/dumb.py (3.11 to 3.12): the segment edits the
    // `except` clause of load(), but its only unique line is the `with open(...)` of save(), where
    // it was placed: `else: with handle:` then stood over save()'s loop, unindented under it.
    const python = bracketSyntaxFor('store.py');
    const code = [
      'class Store:',
      '    def create(self, flag):',
      '        try:',
      "            handle = open(self.data_path, 'r')",
      '        except OSError:',
      "            if flag not in ('c', 'n'):",
      '                raise',
      "            with open(self.data_path, 'w') as handle:",
      '                self.protect(self.data_path)',
      '        else:',
      '            handle.close()',
      '',
      '    def load(self, flag):',
      '        try:',
      "            handle = open(self.index_path, 'r')",
      '        except OSError:',
      "            if flag not in ('c', 'n'):",
      '                raise',
      '            self.dirty = True',
      '        else:',
      '            with handle:',
      '                for line in handle:',
      '                    self.read_entry(line)',
      '',
      '    def save(self):',
      '        if not self.dirty:',
      '            return',
      "        with open(self.index_path, 'w') as handle:",
      '            self.protect(self.index_path)',
      '            for key, value in self.entries.items():',
      "                handle.write(f'{key!r}, {value!r}')",
    ];
    const block = ['# ... existing code ...', "            if flag not in ('c', 'n'):", '                raise', "            with open(self.index_path, 'w') as handle:", '                self.protect(self.index_path)', '        else:', '            with handle:', '                # ... existing code ...'];
    const merged = mergeElisions(code, block, isElisionLine, python);
    assert.ok(!merged.ok, merged.ok ? merged.lines.join('\n') : '');
    // The snippet's first lines are load()'s, 9 lines above where save()'s line placed them: that
    // refuses it first now; the blocks it would break are checked alone in the next test.
    if (!merged.ok) assert.match(merged.message, /"with handle:" at line \d+ would break the file's blocks|from `if flag not in \('c', 'n'\):` stand in the file 9 lines above/);
  });

  it('finds the clauses and headers a Python merge leaves out of place, and none in well-formed code', () => {
    const good = [
      'def read(path):',
      '    """Reads a file.',
      '',
      'else: this line is text, not a clause',
      '    """',
      '    try:',
      '        handle = open(path)',
      '    except OSError:  # missing',
      '        return None',
      '    else:',
      '        with handle:',
      '            # the whole text',
      '            return handle.read()',
      '    finally:',
      '        log(path)',
      '    if (path.endswith(".txt") and',
      '            path.startswith("/")):',
      '        pass',
      '    elif compute(',
      '        path,',
      '    ):',
      '        pass',
      '    else:',
      '        pass',
      '    for line in lines: count(line)',
      '    else: done()',
    ];
    assert.deepEqual(blockFaults(good), []);
    const bad = ['def read(path):', '    handle = open(path)', '    else:', '        pass', '    with handle:', '    return handle.read()', '    if ok:', '        pass', '    except OSError:', '        pass'];
    assert.deepEqual(blockFaults(bad), [2, 4, 8]);
  });
  describe('lines without text, and lines the marker above keeps, stand where the file has them', () => {
    const py = bracketSyntaxFor('threading.py');
    const mergePy = (file: readonly string[], block: readonly string[]) => mergeElisions(file, block, isElisionLine, py);
    const daemon = [
      'class Thread:',
      '    @property',
      '    def daemon(self):',
      '        """A boolean value indicating whether this thread is a daemon thread.',
      '',
      '        The entire Python program exits when no alive non-daemon threads are',
      '        left.',
      '',
      '        """',
      '        assert self._initialized, "Thread.__init__() not called"',
      '        return self._daemonic',
    ];

    it('refuses a rewritten sentence whose docstring closer the file has two lines further down', () => {
      // Read as new lines, the `"""` closed the docstring a second time above the old sentence
      // (CPython's threading.py, replayed): the old lines between are deleted, or the snippet
      // adds lines; which is a guess.
      const block = ['# ... existing code ...', '        """A boolean value indicating whether this thread is a daemon thread.', '', '        The entire Python program exits when only daemon threads are left.', '', '        """', '        # ... existing code ...'];
      const merged = mergePy(daemon, block);
      assert.ok(!merged.ok);
      if (!merged.ok) assert.match(merged.message, /the lines from `"""` stand in the file 2 lines below .* whether they are to be deleted is a guess/);
    });

    it('still places a closer that stands right below the new lines', () => {
      const block = ['# ... existing code ...', '        left.', '        Daemon threads are stopped abruptly at shutdown.', '', '        """', '        # ... existing code ...'];
      const merged = mergePy(daemon, block);
      assert.ok(merged.ok);
      if (merged.ok) assert.deepEqual(merged.lines.slice(5, 10), ['        The entire Python program exits when no alive non-daemon threads are', '        left.', '        Daemon threads are stopped abruptly at shutdown.', '', '        """']);
    });

    it('takes a comment the snippet shows between the blank lines where the file has another for its rewrite', () => {
      // CPython's html/__init__.py: `# see <url>` pointed at a new page. Read as a new line, the
      // old comment stayed above the new one; the blank lines around it are the file's.
      const module = ['def escape(s):', '    return s', '', '', '# see http://www.w3.org/TR/html5/syntax.html#tokenizing-character-references', '', '_invalid_charrefs = {', "    0x00: '\\ufffd',", '}'];
      const block = ['# ... existing code ...', '', '', '# see https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state', '', '_invalid_charrefs = {', '    # ... existing code ...'];
      const merged = mergePy(module, block);
      assert.ok(merged.ok);
      if (merged.ok) assert.deepEqual(merged.lines, [...module.slice(0, 4), '# see https://html.spec.whatwg.org/multipage/parsing.html#numeric-character-reference-end-state', ...module.slice(5)]);
    });

    it('never takes a new function above another for its rewrite on the word of blank lines', () => {
      const module = ['import os', '', '', 'def parse(text):', '    return loads(text)', '', '', 'def load(path):', '    return parse(open(path).read())'];
      const block = ['# ... existing code ...', '', '', 'def stringify(data):', '    return dumps(data)', '', '', 'def load(path):', '    # ... existing code ...'];
      const merged = mergePy(module, block);
      assert.ok(merged.ok);
      if (merged.ok) assert.deepEqual(merged.lines, [...module.slice(0, 7), 'def stringify(data):', '    return dumps(data)', '', '', ...module.slice(7)]);
    });

    it('places a part with one line the file has once above the next part, when every line of it stands for the file\'s', () => {
      // CPython's operator.py: a positional-only `/` added to `__call__` of attrgetter and
      // itemgetter; `self._call = func` and the blank line stand in both classes, and only
      // `return self._call(obj)` once above the next part's `__slots__`.
      const getters = [
        'class attrgetter:',
        "    __slots__ = ('_attrs', '_call')",
        '',
        '    def __init__(self, attr, *attrs):',
        '        if not attrs:',
        '            self._attrs = (attr,)',
        '            self._call = func',
        '        else:',
        '            self._attrs = (attr,) + attrs',
        '            self._call = func',
        '',
        '    def __call__(self, obj):',
        '        return self._call(obj)',
        '',
        'class itemgetter:',
        "    __slots__ = ('_items', '_call')",
        '',
        '    def __init__(self, item, *items):',
        '        self._items = (item,) + items',
        '        self._call = func',
        '',
        '    def __call__(self, obj):',
        '        return self._call(obj)',
      ];
      const block = [
        '# ... existing code ...',
        "    __slots__ = ('_attrs', '_call')",
        '',
        '    def __init__(self, attr, /, *attrs):',
        '        if not attrs:',
        '            # ... existing code ...',
        '            self._call = func',
        '',
        '    def __call__(self, obj, /):',
        '        return self._call(obj)',
        '',
        '    # ... existing code ...',
        "    __slots__ = ('_items', '_call')",
        '',
        '    def __init__(self, item, /, *items):',
        '        # ... existing code ...',
      ];
      const merged = mergePy(getters, block);
      assert.ok(merged.ok, merged.ok ? '' : merged.message);
      const changed = (line: string) => line.replace('(self, attr, *attrs)', '(self, attr, /, *attrs)').replace('(self, item, *items)', '(self, item, /, *items)');
      if (merged.ok) assert.deepEqual(merged.lines, getters.map((line, i) => (i === 11 ? '    def __call__(self, obj, /):' : changed(line))));
    });

    it('replaces a method the snippet gives whole, up to a method it adds after it, and keeps a renamed one\'s body', () => {
      const store = ['class Store:', '    def save(self):', '        with open(self.path, "w") as f:', '            json.dump(self.data, f)', '', '    def get(self, key):', '        return self.data.get(key)'];
      const rewritten = ['class Store:', '    def save(self):', '        tmp = self.path + ".tmp"', '        with open(tmp, "w") as f:', '            json.dump(self.data, f, indent=2)', '        os.replace(tmp, self.path)', '', '    def delete(self, key):', '        self.data.pop(key, None)', '', '    # ... existing code ...'];
      const merged = mergePy(store, rewritten);
      assert.ok(merged.ok, merged.ok ? '' : merged.message);
      if (merged.ok) assert.deepEqual(merged.lines, [...rewritten.slice(0, 10), ...store.slice(5)]);
      // CPython's tabnanny.py: the old function renamed under a new wrapper of its name, its first
      // lines shown after the wrapper: its body goes on under the marker, nothing of it replaced.
      const tokens = ['def process_tokens(tokens):', '    INDENT = tokenize.INDENT', '    DEDENT = tokenize.DEDENT', '    for token in tokens:', '        check(token)', '', 'def main():', '    run()'];
      const renamed = ['def process_tokens(tokens):', '    try:', '        _process_tokens(tokens)', '    except TabError as e:', '        raise NannyNag(e.lineno, e.msg, e.text)', '', 'def _process_tokens(tokens):', '    INDENT = tokenize.INDENT', '    DEDENT = tokenize.DEDENT', '    # ... existing code ...'];
      const kept = mergePy(tokens, renamed);
      if (kept.ok) assert.deepEqual(kept.lines, [...renamed.slice(0, 9), ...tokens.slice(3)]);
    });

    it('reads a marker at a method\'s depth after it as the class\'s other members, one deeper or shallower as maybe the rest of its body', () => {
      const method = ['', '    def save(self):', '        tmp = self.path + ".tmp"', '        os.replace(tmp, self.path)', ''];
      assert.equal(markerClosesDefinition(method, '    # ... existing code ...'), true);
      assert.equal(markerClosesDefinition(method, '# ... rest of the file ...'), false);
      assert.equal(markerClosesDefinition(method, '        # ... existing code ...'), false);
      // The segment ends outside the method (a statement at its depth after it), or holds no definition.
      assert.equal(markerClosesDefinition([...method, '    count = 0'], '    # ...'), false);
      assert.equal(markerClosesDefinition(['        x = 1', '        y = 2'], '    # ...'), false);
    });

    it('refuses a first line that the marker above it keeps, further up, when the snippet writes it as new', () => {
      // CPython's fileinput.py: `# repeat with next file` ends `__next__` (and `readline`: it
      // anchors nothing), above `def nextfile`; the snippet shows it right above that, so either
      // the method between was deleted or the comment is new there. Read as new, it was written a
      // second time.
      const reader = [
        'class FileInput:',
        '    def __next__(self):',
        '        while True:',
        '            line = self._readline()',
        '            if line:',
        '                return line',
        '            self.nextfile()',
        '            # repeat with next file',
        '',
        '    def __getitem__(self, i):',
        '        if i != self.lineno():',
        '            raise RuntimeError("accessing lines out of order")',
        '        return self.__next__()',
        '',
        '    def nextfile(self):',
        '        savestdout = self._savestdout',
        '        self._savestdout = None',
        '',
        '    def readline(self):',
        '        while True:',
        '            line = self._readline()',
        '            if line:',
        '                return line',
        '            self.nextfile()',
        '            # repeat with next file',
      ];
      const block = ['# ... existing code ...', '            # repeat with next file', '', '    def nextfile(self):', '        savestdout = self._savestdout', '        # ... existing code ...'];
      const merged = mergePy(reader, block);
      assert.ok(!merged.ok);
      if (!merged.ok) assert.match(merged.message, /the lines from `# repeat with next file` stand in the file 5 lines above/);
    });
  });
});
