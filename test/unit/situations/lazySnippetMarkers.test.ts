import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import { replyOnFile as result, writtenByReply as written, writtenOnTarget } from '../helpers';

/**
 * Replies people paste from chat models (answers quoted in Q&A threads and blog posts, editor
 * plugins' outputs, template edits), on the real files they were written for: each was a wrong
 * write or an unexpected refusal when measured. Stage: elision merge, the markers themselves. Here
 * a lazy snippet's "... existing code ..." stands in the file's own comment syntax (Jinja, ERB,
 * Blade, Handlebars, Haskell block comments), as words between dots in a docstring, between a
 * rule's head and its closer, as "rest of the file unchanged" after a whole file re-printed down to
 * a change, for a method's docstring, or naming the lines it keeps ("# ... Linux/Windows/Mac
 * entries ...").
 */

describe('pasted replies: templates elided in their own comment syntax', () => {
  // Flask's tutorial template (flaskr/templates/blog/index.html).
  const template = [
    "{% extends 'base.html' %}",
    "",
    "{% block header %}",
    "  <h1>{% block title %}Posts{% endblock %}</h1>",
    "  {% if g.user %}",
    "    <a class=\"action\" href=\"{{ url_for('blog.create') }}\">New</a>",
    "  {% endif %}",
    "{% endblock %}",
    "",
    "{% block content %}",
    "  {% for post in posts %}",
    "    <article class=\"post\">",
    "      <header>",
    "        <div>",
    "          <h1>{{ post['title'] }}</h1>",
    "          <div class=\"about\">by {{ post['username'] }} on {{ post['created'].strftime('%Y-%m-%d') }}</div>",
    "        </div>",
    "        {% if g.user['id'] == post['author_id'] %}",
    "          <a class=\"action\" href=\"{{ url_for('blog.update', id_=post['id']) }}\">Edit</a>",
    "        {% endif %}",
    "      </header>",
    "      <p class=\"body\">{{ post['body'] }}</p>",
    "    </article>",
    "    {% if not loop.last %}",
    "      <hr>",
    "    {% endif %}",
    "  {% endfor %}",
    "{% endblock %}",
    '',
  ].join('\n');
  const path = 'flaskr/templates/blog/index.html';

  it('fills a Jinja snippet\'s {# ... #} markers from the file (the snippet starts and ends as the file does: it replaced the whole file, 18 lines deleted)', () => {
    const reply = [
      path,
      '```html+jinja',
      "{% extends 'base.html' %}",
      '',
      '{# ... existing code ... #}',
      "        {% if g.user['id'] == post['author_id'] %}",
      "          <a class=\"action\" href=\"{{ url_for('blog.update', id=post['id']) }}\">Edit</a>",
      '        {% endif %}',
      '      </header>',
      '      {# ... existing code ... #}',
      '  {% endfor %}',
      '{% endblock %}',
      '```',
      '',
    ].join('\n');
    assert.equal(written(path, template, reply), template.replace('id_=post', 'id=post'));
  });

  it('reads ERB, Blade and Handlebars comment markers the same way', () => {
    for (const marker of ['<%# ... existing code ... %>', '{{-- ... existing code ... --}}', '{{!-- ... --}}']) {
      const reply = [path, '```html', marker, "        {% if g.user['id'] == post['author_id'] %}", "          <a class=\"action\" href=\"{{ url_for('blog.update', id=post['id']) }}\">Edit</a>", marker, '```', ''].join('\n');
      assert.equal(written(path, template, reply), template.replace('id_=post', 'id=post'), marker);
    }
  });
});

describe('pasted replies: a docstring elided by words between dots', () => {
  // SymPy's sympy/core/_print_helpers.py (trimmed), and a class re-printed with its docstring
  // body given as `... existing docstring ...` (no comment sign: inside a docstring, one would be
  // text) to add `__slots__`: read as a line of text, it replaced the seven lines of the docstring.
  const file = [
    'class Printable:',
    '    """',
    '    The default implementation of printing for SymPy classes.',
    '',
    '    This implements a hack that allows us to print elements of built-in',
    '    Python containers in a readable way.',
    '',
    '    This also adds support for LaTeX printing in jupyter notebooks.',
    '    """',
    '',
    '    # Note, we always use the default ordering (lex) in __str__ and __repr__,',
    '    # regardless of the global setting. See issue 5487.',
    '    def __str__(self):',
    '        from sympy.printing.str import sstr',
    '        return sstr(self, order=None)',
    '',
    '    __repr__ = __str__',
    '',
  ].join('\n');
  const path = 'sympy/core/_print_helpers.py';

  it('keeps the docstring `... existing docstring ...` stands for and adds only the new lines', () => {
    const reply = [
      'In `sympy/core/_print_helpers.py`:',
      '',
      '```python',
      'class Printable:',
      '    """',
      '    ... existing docstring ...',
      '    """',
      '',
      '    # Since this class is used as a mixin we set empty slots.',
      '    __slots__ = ()',
      '',
      '    # Note, we always use the default ordering (lex) in __str__ and __repr__,',
      '    # regardless of the global setting. See issue 5487.',
      '    def __str__(self):',
      '        # ... existing code ...',
      '```',
    ].join('\n');
    const lines = file.split('\n');
    const expected = [...lines.slice(0, 10), '    # Since this class is used as a mixin we set empty slots.', '    __slots__ = ()', '', ...lines.slice(10)].join('\n');
    assert.equal(written(path, file, reply), expected);
  });
});

describe('pasted replies: a Haskell snippet elided with block comments', () => {
  // xmonad's tests/Properties/Layout/Tall.hs (@69c5dae), its message properties; the reply is the
  // hlint clean-up (@45a8913: brackets around `SomeMessage …` taken out) written as a snippet with
  // `{- ... -}` markers, at the top, the bottom and inside two bodies.
  const tall = [
    "-- Test message handling of Tall",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_shrink_tall (NonNegative n) (Positive delta) (NonNegative frac) =",
    "        n == n' && delta == delta' -- these state components are unchanged",
    "    && frac' <= frac  && (if frac' < frac then frac' == 0 || frac' == frac - delta",
    "                                          else frac == 0 )",
    "        -- remaining fraction should shrink",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` (SomeMessage Shrink)",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_expand_tall (NonNegative n)",
    "                 (Positive delta)",
    "                 (NonNegative n1)",
    "                 (Positive d1) =",
    "",
    "       n == n'",
    "    && delta == delta' -- these state components are unchanged",
    "    && frac' >= frac",
    "    && (if frac' > frac",
    "           then frac' == 1 || frac' == frac + delta",
    "           else frac == 1 )",
    "",
    "        -- remaining fraction should shrink",
    "    where",
    "         frac                 = min 1 (n1 % d1)",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` (SomeMessage Expand)",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "-- what happens when we send an IncMaster message to Tall",
    "prop_incmaster_tall (NonNegative n) (Positive delta) (NonNegative frac)",
    "                    (NonNegative k) =",
    "       delta == delta'  && frac == frac' && n' == n + k",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` (SomeMessage (IncMasterN k))",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "",
    "",
    "     --   toMessage LT = SomeMessage Shrink",
    "     --   toMessage EQ = SomeMessage Expand",
    "     --   toMessage GT = SomeMessage (IncMasterN 1)",
    "",
    "",
    "prop_desc_mirror n r1 r2 = description (Mirror $! t) == \"Mirror Tall\"",
    "    where t = Tall n r1 r2",
  ].join('\n');
  const path = 'tests/Properties/Layout/Tall.hs';
  const snippet = [
    "{- ... -}",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_shrink_tall (NonNegative n) (Positive delta) (NonNegative frac) =",
    "    {- ... unchanged ... -}",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` SomeMessage Shrink",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "",
    "-- what happens when we send a Shrink message to Tall",
    "prop_expand_tall (NonNegative n)",
    "    {- ... unchanged ... -}",
    "    where",
    "         frac                 = min 1 (n1 % d1)",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` SomeMessage Expand",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "-- what happens when we send an IncMaster message to Tall",
    "prop_incmaster_tall (NonNegative n) (Positive delta) (NonNegative frac)",
    "                    (NonNegative k) =",
    "       delta == delta'  && frac == frac' && n' == n + k",
    "    where",
    "         l1                   = Tall n delta frac",
    "         Just l2@(Tall n' delta' frac') = l1 `pureMessage` SomeMessage (IncMasterN k)",
    "        --  pureMessage :: layout a -> SomeMessage -> Maybe (layout a)",
    "",
    "{- ... -}",
  ];

  it('fills {- ... -} and {- ... existing code ... -} markers from the file as it fills -- ... ones (both were NO_EDITS_FOUND)', () => {
    const cleaned = tall.replace('(SomeMessage Shrink)', 'SomeMessage Shrink').replace('(SomeMessage Expand)', 'SomeMessage Expand').replace('(SomeMessage (IncMasterN k))', 'SomeMessage (IncMasterN k)');
    for (const marker of ['{- ... -}', '{- ... existing code ... -}']) {
      const reply = '```haskell\n' + snippet.map((line) => line.replace(/\{- \.\.\. (?:unchanged \.\.\. )?-\}/, marker)).join('\n') + '\n```\n';
      const planned = runReply(reply, (p) => (p === path ? tall : undefined), { hintPath: path });
      assert.equal(planned.receipt.ok, true, `${marker}: ${JSON.stringify(planned.receipt.errors, null, 2)}`);
      assert.equal(planned.changes[0]?.newText, cleaned, marker);
    }
  });
});

describe('pasted replies: a rule kept by a marker between its head and its closer (p49/b 20, Cursor\'s float toy)', () => {
  // float-toy/styles.css as the transcript wrote it, cut to the rules around the edit, rules that
  // share its `.bit` lines (`display: flex;`, `align-items: center;`), and the @media block whose
  // `.bit {` makes that line occur twice.
  const css = [
    '.bits-container {', '    position: relative;', '    margin-bottom: 1.5rem;', '    overflow-x: auto;', '    padding-bottom: 2rem;', '}', '',
    '.bits-wrapper {', '    display: inline-flex;', '    gap: 2px;', '    position: relative;', '    min-width: 100%;', '}', '',
    '.bit {', '    width: 24px;', '    height: 24px;', '    border: 2px solid;', '    border-radius: 4px;', '    display: flex;', '    align-items: center;', '    justify-content: center;', '    font-weight: bold;', '    font-size: 0.8rem;', '    cursor: pointer;', '    transition: all 0.2s ease;', '    user-select: none;', '    flex-shrink: 0;', '}', '',
    '.bit:hover {', '    transform: scale(1.1);', '    z-index: 10;', '}', '',
    '.bit.sign {', '    border-color: #e74c3c;', '    background-color: rgba(231, 76, 60, 0.1);', '}', '',
    '.bit-labels {', '    display: flex;', '    position: absolute;', '    bottom: 0;', '    left: 0;', '    height: 1.5rem;', '    pointer-events: none;', '}', '',
    '.bit-label {', '    font-size: 0.7rem;', '    text-transform: uppercase;', '    color: #666;', '    text-align: center;', '    display: flex;', '    align-items: center;', '    justify-content: center;', '    position: absolute;', '    white-space: nowrap;', '}', '',
    '.value-display .decimal-value {', '    font-size: 1.3rem;', '    font-weight: bold;', '    color: #f39c12;', '    margin-bottom: 0.5rem;', '    display: flex;', '    align-items: center;', '    gap: 0.5rem;', '}', '',
    '@media (max-width: 768px) {', '    .container {', '        padding: 1rem;', '    }', '    ', '    .bit {', '        width: 20px;', '        height: 20px;', '        font-size: 0.7rem;', '    }', '    ', '    .bit-label {', '        font-size: 0.6rem;', '    }', '}', '',
  ].join('\n');

  it('keeps the rule\'s body for the marker and edits the rules around it', () => {
    // `.bits-wrapper {`, the marker flush left, `}`: the lone `}` anchored nothing, and the whole
    // reply was refused ("the lines from `}` stand in the file 9 lines above …").
    const reply = [
      'First, I\'ll update the CSS to resize the bits and add styling for the new index labels.', '', '```css', '// ... existing code ...',
      '.bits-container {', '    position: relative;', '    margin-bottom: 1.5rem;', '    overflow-x: auto;', '    padding-bottom: 2rem;', '    padding-top: 1.5rem; /* Add space for indices */', '}', '',
      '.bits-wrapper {', '// ... existing code ...', '}', '',
      '.bit {', '    width: 18px; /* Thinner bits */', '    height: 18px; /* Thinner bits */', '    border: 1px solid; /* Thinner border */', '    border-radius: 3px;', '    display: flex;', '    align-items: center;',
      '    justify-content: center;', '    font-weight: bold;', '    font-size: 0.7rem; /* Smaller font */', '    cursor: pointer;', '    transition: all 0.2s ease;', '    user-select: none;',
      '// ... existing code ...', '```', '',
    ].join('\n');
    const expected = css
      .replace('    padding-bottom: 2rem;\n', '    padding-bottom: 2rem;\n    padding-top: 1.5rem; /* Add space for indices */\n')
      .replace('    width: 24px;\n    height: 24px;\n    border: 2px solid;\n    border-radius: 4px;', '    width: 18px; /* Thinner bits */\n    height: 18px; /* Thinner bits */\n    border: 1px solid; /* Thinner border */\n    border-radius: 3px;')
      .replace('    font-size: 0.8rem;', '    font-size: 0.7rem; /* Smaller font */');
    // The reply names no file: the user gives it (`--file float-toy/styles.css`).
    const planned = runReply(reply, (p) => (p === 'float-toy/styles.css' ? css : undefined), { hintPath: 'float-toy/styles.css' });
    assert.equal(planned.changes[0]?.newText, expected, JSON.stringify(planned.receipt.errors));
  });

  it('does not take the closer for its block\'s when the lines after it are not the file\'s next ones', () => {
    // Anchored from `foo`'s `}`, `bar` would have been written over `middle`, which the snippet never shows.
    const code = 'function foo(a) {\n  const x = a + 1;\n  return x;\n}\n\nfunction middle(b) {\n  return b * 2;\n}\n\nfunction bar(c) {\n  console.log(c);\n  return c;\n}\n';
    const reply = '```js\nfunction foo(a) {\n// ... existing code ...\n}\n\nfunction bar(c) {\n  console.log(\'bar\', c);\n  return c;\n}\n```\n';
    const planned = runReply(reply, (p) => (p === 'a.js' ? code : undefined), { hintPath: 'a.js' });
    assert.equal(planned.changes[0]?.newText, code.replace('console.log(c)', 'console.log(\'bar\', c)'), JSON.stringify(planned.receipt.errors));
  });
});

describe('pasted replies: a whole file re-printed down to a change, then "// ... rest of the file unchanged ..." (p51/d 37)', () => {
  // tokio's bounded.rs, trimmed: `channel`'s doc comment at the file's margin has rustdoc's
  // `/// # Examples` section. Read as an "Example usage" comment ending the code, it cut the
  // block there; what was left matched the file, and the reply was "already in the file".
  const path = 'src/bounded.rs';
  const bounded = [
    'use crate::sync::batch_semaphore::{self as semaphore, TryAcquireError};',
    'use crate::sync::mpsc::chan;',
    'use crate::sync::mpsc::error::{SendError, TryRecvError, TrySendError};',
    '',
    'cfg_time! {',
    '    use crate::sync::mpsc::error::SendTimeoutError;',
    '    use crate::time::Duration;',
    '}',
    '',
    'use std::fmt;',
    'use std::task::{Context, Poll};',
    '',
    '/// Send values to the associated `Receiver`.',
    '///',
    '/// Instances are created by the [`channel`](channel) function.',
    '///',
    '/// To use the `Sender` in a poll function, you can use the [`PollSender`]',
    '/// utility.',
    '///',
    '/// [`PollSender`]: https://docs.rs/tokio-util/0.6/tokio_util/sync/struct.PollSender.html',
    'pub struct Sender<T> {',
    '    chan: chan::Tx<T, Semaphore>,',
    '}',
    '',
    '/// Creates a bounded mpsc channel for communicating between asynchronous tasks',
    '/// with backpressure.',
    '///',
    '/// The channel will buffer up to the provided number of messages.  Once the',
    '/// buffer is full, attempts to `send` new messages will wait until a message is',
    '/// received from the channel. The provided buffer capacity must be at least 1.',
    '///',
    '/// All data sent on `Sender` will become available on `Receiver` in the same',
    '/// order as it was sent.',
    '///',
    '/// The `Sender` can be cloned to `send` to the same channel from multiple code',
    '/// locations. Only one `Receiver` is supported.',
    '///',
    '/// If the `Receiver` is disconnected while trying to `send`, the `send` method',
    '/// will return a `SendError`. Similarly, if `Sender` is disconnected while',
    '/// trying to `recv`, the `recv` method will return a `RecvError`.',
    '///',
    '/// # Panics',
    '///',
    '/// Panics if the buffer capacity is 0.',
    '///',
    '/// # Examples',
    '///',
    '/// ```rust',
    '/// use tokio::sync::mpsc;',
    '///',
    '/// #[tokio::main]',
    '/// async fn main() {',
    '///     let (tx, mut rx) = mpsc::channel(100);',
    '///',
    '///     tokio::spawn(async move {',
    '///         for i in 0..10 {',
    '///             if let Err(_) = tx.send(i).await {',
    '///                 println!("receiver dropped");',
    '///                 return;',
    '///             }',
    '///         }',
    '///     });',
    '///',
    '///     while let Some(i) = rx.recv().await {',
    '///         println!("got = {}", i);',
    '///     }',
    '/// }',
    '/// ```',
    'pub fn channel<T>(buffer: usize) -> (Sender<T>, Receiver<T>) {',
    '    assert!(buffer > 0, "mpsc bounded channel requires buffer > 0");',
    '    let semaphore = (semaphore::Semaphore::new(buffer), buffer);',
    '    let (tx, rx) = chan::channel(semaphore);',
    '',
    '    let tx = Sender::new(tx);',
    '    let rx = Receiver::new(rx);',
    '',
    '    (tx, rx)',
    '}',
    '',
    '/// Channel semaphore is a tuple of the semaphore implementation and a `usize`',
    '/// representing the channel bound.',
    'type Semaphore = (semaphore::Semaphore, usize);',
    '',
    'impl<T> Sender<T> {',
    '    /// Tries to acquire a slot in the channel without waiting for the slot to become',
    '    /// available.',
    '    pub fn try_reserve(&self) -> Result<Permit<\'_, T>, TrySendError<()>> {',
    '        match self.chan.semaphore().0.try_acquire(1) {',
    '            Ok(_) => {}',
    '            Err(_) => return Err(TrySendError::Full(())),',
    '        }',
    '',
    '        Ok(Permit { chan: &self.chan })',
    '    }',
    '',
    '    /// Returns `true` if senders belong to the same channel.',
    '    pub fn same_channel(&self, other: &Self) -> bool {',
    '        self.chan.same_channel(&other.chan)',
    '    }',
    '}',
  ].join('\n') + '\n';
  const split = '            Err(TryAcquireError::Closed) => return Err(TrySendError::Closed(())),\n            Err(TryAcquireError::NoPermits) => return Err(TrySendError::Full(())),';
  const changed = bounded.replace('            Err(_) => return Err(TrySendError::Full(())),', split);
  const shown = changed.slice(0, changed.indexOf('    /// Returns `true` if senders belong to the same channel.'));

  it('applies the change, the doc comment\'s `# Examples` read as documentation (was: nothing written, exit 0)', () => {
    const reply = `Here is the updated \`${path}\`:\n\n\`\`\`rust\n${shown}    // ... rest of the file unchanged ...\n\`\`\`\n`;
    assert.equal(written(path, bounded, reply), changed);
  });
});

describe('pasted replies: a method\'s docstring elided by a marker, then its new body (p52/c 40, 50, matplotlib widgets.py)', () => {
  // lib/matplotlib/widgets.py (3.4), cut to Slider's and RangeSlider's twin `on_changed` methods:
  // the same signature and last line, docstrings that differ in one sentence.
  const docstring = (accepts: string[]) => [
    '        """',
    '        Connect *func* as callback function to changes of the slider value.',
    '',
    '        Parameters',
    '        ----------',
    '        func : callable',
    ...accepts,
    '',
    '        Returns',
    '        -------',
    '        int',
    '            Connection id (which can be used to disconnect *func*).',
    '        """',
  ];
  const onChanged = (accepts: string[]) => ['    def on_changed(self, func):', ...docstring(accepts), "        return self._observers.connect('changed', lambda val: func(val))"];
  const sliderAccepts = ['            Function to call when slider is changed.', '            The function must accept a single float as its arguments.'];
  const rangeAccepts = ['            Function to call when slider is changed. The function', '            must accept a numpy array with shape (2,) as its argument.'];
  const widgets = [
    'class Slider(SliderBase):',
    '    """',
    '    A slider representing a floating point range.',
    '    """',
    '',
    ...onChanged(sliderAccepts),
    '',
    '',
    'class RangeSlider(SliderBase):',
    '    """',
    '    A slider representing a range of floating point values.',
    '    """',
    '',
    '    def set_val(self, val):',
    '        self.val = val',
    '        if self.eventson:',
    '            self._observers.process("changed", val)',
    '',
    ...onChanged(rangeAccepts),
    '',
    '',
    'def _expand_text_props(props):',
    '    props = cbook.normalize_kwargs(props, mtext.Text)',
    '    return cycler(**props)() if props else itertools.repeat(props)',
    '',
  ];
  const newBody = [
    "        cid = self._observers.connect('changed', lambda val: func(val))",
    "        self._observers.process('changed', self.val)  # Ensure the callback is called with the initial value",
    '        return cid',
  ];
  const reply = (head: string[], marker: string) => [
    'In `lib/matplotlib/widgets.py`, update `RangeSlider.on_changed`:',
    '',
    '```python',
    ...head,
    '    def on_changed(self, func):',
    marker,
    ...newBody,
    '```',
    '',
  ].join('\n');
  const path = 'lib/matplotlib/widgets.py';
  const rangeHead = ['class RangeSlider(SliderBase):', '    # ... existing code ...', ''];

  it('reads `# ... existing docstring ...` or `"""..."""` under the method as its docstring in the file, and rewrites the body after it', () => {
    const at = widgets.indexOf("        return self._observers.connect('changed', lambda val: func(val))", widgets.indexOf('class RangeSlider(SliderBase):'));
    const expected = [...widgets.slice(0, at), ...newBody, ...widgets.slice(at + 1)].join('\n');
    for (const marker of ['        # ... existing docstring ...', '        """..."""']) {
      assert.equal(written(path, widgets.join('\n'), reply(rangeHead, marker)), expected, marker);
    }
  });

  it('still refuses the twin method named by nothing but its own line', () => {
    for (const marker of ['        # ... existing docstring ...', '        """..."""']) {
      const planned = result(path, widgets.join('\n'), reply([], marker));
      assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED', marker);
      assert.equal(planned.changes.length, 0);
    }
  });
});

describe('pasted replies: a "# ... Linux/Windows/Mac entries ..." marker naming the lines it stands for (p52/f 25, 77, flask tests.yaml)', () => {
  // pallets/flask .github/workflows/tests.yaml @0066040, cut to the matrix and the last steps.
  const workflow = [
    'jobs:',
    '  tests:',
    '    strategy:',
    '      fail-fast: false',
    '      matrix:',
    '        include:',
    "          - {name: Linux, python: '3.12', os: ubuntu-latest, tox: py312}",
    "          - {name: Windows, python: '3.12', os: windows-latest, tox: py312}",
    "          - {name: Mac, python: '3.12', os: macos-latest, tox: py312}",
    "          - {name: '3.11', python: '3.11', os: ubuntu-latest, tox: py311}",
    "          - {name: '3.10', python: '3.10', os: ubuntu-latest, tox: py310}",
    '          - {name: Typing, python: \'3.12\', os: ubuntu-latest, tox: typing}',
    '    steps:',
    '      - run: pip install tox',
    '      - run: tox run -e ${{ matrix.tox }}',
    '',
  ].join('\n');
  const path = '.github/workflows/tests.yaml';
  const py313 = "          - {name: '3.13', python: '3.13', os: ubuntu-latest, tox: py313}";
  const reply = (first: string) => ['```yaml', '      matrix:', '        include:', first, py313, "          - {name: '3.11', python: '3.11', os: ubuntu-latest, tox: py311}", '          # ... remaining entries ...', '```', ''].join('\n');

  it('keeps the three entries the marker names and adds the new one before 3.11', () => {
    // Was: the marker written as a comment in place of the Linux, Windows and Mac entries, exit 0.
    const expected = workflow.replace("          - {name: '3.11'", `${py313}\n          - {name: '3.11'`);
    assert.equal(writtenOnTarget(path, workflow, reply('          # ... Linux/Windows/Mac entries ...')), expected);
    assert.equal(writtenOnTarget(path, workflow, reply('          # ... 3.12 entries ...')), expected);
  });

  it('writes such a comment where it stands for nothing, and keeps one the file has as the file\'s line', () => {
    // Right above the lines it is written over, it stands for no line: a comment the reply adds.
    const comment = '          # ... main platforms ...';
    const added = ['```yaml', '        include:', comment, "          - {name: Linux, python: '3.12', os: ubuntu-latest, tox: py312}", '          # ... remaining entries ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget(path, workflow, added), workflow.replace('        include:\n', `        include:\n${comment}\n`));
    // The file's own comment of that shape is text it quotes, not a marker.
    const commented = workflow.replace('        include:\n', `        include:\n${comment}\n`);
    const quoted = ['```yaml', '        include:', comment, py313, "          - {name: Linux, python: '3.12', os: ubuntu-latest, tox: py312}", '          # ... remaining entries ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget(path, commented, quoted), commented.replace(`${comment}\n`, `${comment}\n${py313}\n`));
  });
});
