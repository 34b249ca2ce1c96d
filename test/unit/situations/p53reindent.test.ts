import * as assert from 'node:assert/strict';
import { replyOnFile, writtenByReply } from '../helpers';

/**
 * Probe p53's wrong writes in reindentation, on the real files they were written for (trimmed to
 * the part that matters): a continuation line aligned under its `(` scaled as indent levels when a
 * 4-space snippet was written into a 2-space file; a SEARCH/REPLACE quoted two columns shallower
 * than the file whose REPLACE wraps the old lines one level deeper, written at the reply's depth;
 * a git diff printed with four spaces for the file's tabs whose top-level hunk kept the spaces.
 */

describe('p53/a 14: a 4-space lazy snippet in a 2-space file keeps the aligned continuation line as the file has it', () => {
  // google-cloud-sdk 528.0.0 googlecloudsdk/core/util/retry.py (trimmed): the snippet quotes the
  // signature of `RetryOnException` in 4-space style, its continuation under the `(` at 25 columns
  // (the file's 23); converted by levels it went to 13 (six 2-space steps and one). The file has
  // that line twice, `RetryOnResult`'s signature ending the same way under its own `(`.
  const path = 'googlecloudsdk/core/util/retry.py';
  const file = [
    "from __future__ import absolute_import",
    "from __future__ import division",
    "from __future__ import unicode_literals",
    "",
    "import collections",
    "import functools",
    "import itertools",
    "import math",
    "import random",
    "import sys",
    "import time",
    "",
    "from googlecloudsdk.core import exceptions",
    "",
    "",
    "",
    "class Retryer(object):",
    "  \"\"\"Retries a function based on specified retry strategy.\"\"\"",
    "",
    "  def RetryOnException(self, func, args=None, kwargs=None,",
    "                       should_retry_if=None, sleep_ms=None):",
    "    \"\"\"Retries the function if an exception occurs.",
    "",
    "    Args:",
    "      func: The function to call and retry.",
    "      args: a sequence of positional arguments to be passed to func.",
    "      kwargs: a dictionary of positional arguments to be passed to func.",
    "      should_retry_if: func(exc_type, exc_value, exc_traceback, state) that",
    "          returns True or False.",
    "      sleep_ms: int or iterable for how long to wait between trials.",
    "",
    "    Returns:",
    "      Whatever the function returns.",
    "",
    "    Raises:",
    "      RetryException, WaitException: if function is retries too many times,",
    "        or time limit is reached.",
    "    \"\"\"",
    "",
    "    args = args if args is not None else ()",
    "    kwargs = kwargs if kwargs is not None else {}",
    "",
    "    def TryFunc():",
    "      try:",
    "        return func(*args, **kwargs), None",
    "      except:  # pylint: disable=bare-except",
    "        return None, sys.exc_info()",
    "",
    "    if should_retry_if is None:",
    "      should_retry = lambda x, s: x[1] is not None",
    "    else:",
    "      def ShouldRetryFunc(try_func_result, state):",
    "        exc_info = try_func_result[1]",
    "        if exc_info is None:",
    "          # No exception, no reason to retry.",
    "          return False",
    "        return should_retry_if(exc_info[0], exc_info[1], exc_info[2], state)",
    "      should_retry = ShouldRetryFunc",
    "",
    "    result, exc_info = self.RetryOnResult(",
    "        TryFunc, should_retry_if=should_retry, sleep_ms=sleep_ms)",
    "    if exc_info:",
    "      # Exception that was not retried was raised. Re-raise.",
    "      exceptions.reraise(exc_info[1], tb=exc_info[2])",
    "    return result",
    "",
    "  def RetryOnResult(self, func, args=None, kwargs=None,",
    "                    should_retry_if=None, sleep_ms=None):",
    "    \"\"\"Retries the function if the given condition is satisfied.",
    "",
    "    Args:",
    "      func: The function to call and retry.",
    "      args: a sequence of arguments to be passed to func.",
    "      kwargs: a dictionary of positional arguments to be passed to func.",
    "      should_retry_if: result to retry on or func(result, RetryerState) that",
    "          returns True or False if we should retry or not.",
    "      sleep_ms: int or iterable, for how long to wait between trials.",
    "",
    "    Returns:",
    "      Whatever the function returns.",
    "",
    "    Raises:",
    "      MaxRetrialsException: function retried too many times.",
    "      WaitException: time limit is reached.",
    "    \"\"\"",
    "    args = args if args is not None else ()",
    "    kwargs = kwargs if kwargs is not None else {}",
    "",
    "",
  ].join('\n');
  const reply = "`functools.wraps` isn't applied to the inner `TryFunc`, so stack traces and the status callback show `TryFunc` instead of the real function name. Copy the name over right after defining it:\n\n```python\n# googlecloudsdk/core/util/retry.py\n    def RetryOnException(self, func, args=None, kwargs=None,\n                         should_retry_if=None, sleep_ms=None):\n        # ... existing code ...\n        def TryFunc():\n            try:\n                return func(*args, **kwargs), None\n            except:  # pylint: disable=bare-except\n                return None, sys.exc_info()\n        TryFunc.__name__ = getattr(func, '__name__', 'TryFunc')\n\n        if should_retry_if is None:\n            # ... existing code ...\n```\n";
  const added = "    TryFunc.__name__ = getattr(func, '__name__', 'TryFunc')\n";

  it('writes the new line after the nested def and the signature\'s continuation line unchanged', () => {
    assert.equal(writtenByReply(path, file, reply), file.replace('        return None, sys.exc_info()\n', '        return None, sys.exc_info()\n' + added));
  });

  it('aligns a new continuation line as the kept one shows the snippet aligns', () => {
    // `getattr(` at 8 columns in the reply, its argument under the parenthesis at 35: 31 in the file.
    const wrapped = reply.replace("        TryFunc.__name__ = getattr(func, '__name__', 'TryFunc')\n", "        TryFunc.__name__ = getattr(func, '__name__',\n                                   'TryFunc')\n");
    const expected = file.replace('        return None, sys.exc_info()\n', "        return None, sys.exc_info()\n    TryFunc.__name__ = getattr(func, '__name__',\n                               'TryFunc')\n");
    assert.equal(writtenByReply(path, file, wrapped), expected);
  });

  it('reads aligned lines by depth when the kept one shows them scaled with the steps', () => {
    // The signature's continuation given at 45 columns (the file's 23 as eleven 2-space steps and
    // one, each step doubled): the new continuation line, given at 61 (31 so scaled), is read back
    // the same way, not as 57 columns past the `TryFunc.__name__` line.
    const scaled = reply
      .replace('                         should_retry_if=None', ' '.repeat(45) + 'should_retry_if=None')
      .replace("        TryFunc.__name__ = getattr(func, '__name__', 'TryFunc')\n", "        TryFunc.__name__ = getattr(func, '__name__',\n" + ' '.repeat(61) + "'TryFunc')\n");
    const expected = file.replace('        return None, sys.exc_info()\n', "        return None, sys.exc_info()\n    TryFunc.__name__ = getattr(func, '__name__',\n" + ' '.repeat(31) + "'TryFunc')\n");
    assert.equal(writtenByReply(path, file, scaled), expected);
  });
});

describe('p53/d 04: a SEARCH/REPLACE quoted shallower than the file, its REPLACE wrapping the old lines one level deeper', () => {
  // expressjs/express lib/response.js at 4.17.1 (`res.jsonp`), the 4.17.2 fix: the SEARCH is two
  // columns shallower than the `if (typeof callback ...)` body it matches; the REPLACE opens a new
  // `if` at the SEARCH's depth and nests the old lines under it, which puts them at the file's
  // depth by chance. Written as given, the new `if` stood two columns left of the block it is in.
  const path = 'lib/response.js';
  const file = [
    "res.jsonp = function jsonp(obj) {",
    "  var val = obj;",
    "",
    "  // allow status / body",
    "  if (arguments.length === 2) {",
    "    // res.json(body, status) backwards compat",
    "    if (typeof arguments[1] === 'number') {",
    "      deprecate('res.jsonp(obj, status): Use res.status(status).json(obj) instead');",
    "      this.statusCode = arguments[1];",
    "    } else {",
    "      deprecate('res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead');",
    "      this.statusCode = arguments[0];",
    "      val = arguments[1];",
    "    }",
    "  }",
    "",
    "  // settings",
    "  var app = this.app;",
    "  var escape = app.get('json escape')",
    "  var replacer = app.get('json replacer');",
    "  var spaces = app.get('json spaces');",
    "  var body = stringify(val, replacer, spaces, escape)",
    "  var callback = this.req.query[app.get('jsonp callback name')];",
    "",
    "  // content-type",
    "  if (!this.get('Content-Type')) {",
    "    this.set('X-Content-Type-Options', 'nosniff');",
    "    this.set('Content-Type', 'application/json');",
    "  }",
    "",
    "  // fixup callback",
    "  if (Array.isArray(callback)) {",
    "    callback = callback[0];",
    "  }",
    "",
    "  // jsonp",
    "  if (typeof callback === 'string' && callback.length !== 0) {",
    "    this.set('X-Content-Type-Options', 'nosniff');",
    "    this.set('Content-Type', 'text/javascript');",
    "",
    "    // restrict callback charset",
    "    callback = callback.replace(/[^\\[\\]\\w$.]/g, '');",
    "",
    "    // replace chars not allowed in JavaScript that are in JSON",
    "    body = body",
    "      .replace(/\\u2028/g, '\\\\u2028')",
    "      .replace(/\\u2029/g, '\\\\u2029');",
    "",
    "    // the /**/ is a specific security mitigation for \"Rosetta Flash JSONP abuse\"",
    "    // the typeof check is just to reduce client error noise",
    "    body = '/**/ typeof ' + callback + ' === \\'function\\' && ' + callback + '(' + body + ');';",
    "  }",
    "",
    "  return this.send(body);",
    "};",
    "",
  ].join('\n');
  const reply = "`res.jsonp()` with no argument crashes: `stringify(undefined)` returns `undefined` and then `.replace` is called on it. Guard the escaping:\n\nlib/response.js\n```javascript\n<<<<<<< SEARCH\n  // replace chars not allowed in JavaScript that are in JSON\n  body = body\n    .replace(/\\u2028/g, '\\\\u2028')\n    .replace(/\\u2029/g, '\\\\u2029');\n=======\n  if (body === undefined) {\n    // empty argument\n    body = ''\n  } else if (typeof body === 'string') {\n    // replace chars not allowed in JavaScript that are in JSON\n    body = body\n      .replace(/\\u2028/g, '\\\\u2028')\n      .replace(/\\u2029/g, '\\\\u2029')\n  }\n>>>>>>> REPLACE\n```\n";
  const fixed = [
    '    if (body === undefined) {',
    '      // empty argument',
    "      body = ''",
    "    } else if (typeof body === 'string') {",
    '      // replace chars not allowed in JavaScript that are in JSON',
    '      body = body',
    "        .replace(/\\u2028/g, '\\\\u2028')",
    "        .replace(/\\u2029/g, '\\\\u2029')",
    '    }',
  ].join('\n');
  const old = [
    '    // replace chars not allowed in JavaScript that are in JSON',
    '    body = body',
    "      .replace(/\\u2028/g, '\\\\u2028')",
    "      .replace(/\\u2029/g, '\\\\u2029');",
  ].join('\n');

  it('moves every REPLACE line by the SEARCH\'s drift (two columns)', () => {
    assert.ok(file.includes(old));
    assert.equal(writtenByReply(path, file, reply), file.replace(old, fixed));
  });

  it('still moves a REPLACE that changes the SEARCH\'s lines in place', () => {
    const inPlace = reply.replace(/=======\n[\s\S]*?>>>>>>> REPLACE/, "=======\n  // replace chars not allowed in JavaScript that are in JSON\n  body = String(body)\n    .replace(/\\u2028/g, '\\\\u2028')\n    .replace(/\\u2029/g, '\\\\u2029');\n>>>>>>> REPLACE");
    assert.equal(writtenByReply(path, file, inPlace), file.replace('    body = body\n', '    body = String(body)\n'));
  });
});

describe('p53/d 28: a git diff printed with four spaces for a tab-indented file\'s tabs', () => {
  // jquery dist/jquery.js at 3.6.0 (trimmed), two hunks of the gh-4926 change as a page printed
  // them: the first quotes indented lines (four spaces each where the file has a tab), the second
  // adds `rtrimCSS` at the top level between blank lines, its own context showing no indentation.
  // The diff's `index` line reads as git's, whose lines are the file's: the second hunk's new lines
  // were written with the page's spaces into a file of tabs.
  const path = 'jquery.js';
  const file = [
    "} );",
    "var rnumnonpx = new RegExp( \"^(\" + pnum + \")(?!px)[a-z%]+$\", \"i\" );",
    "",
    "var getStyles = function( elem ) {",
    "",
    "\t\t// Support: IE <=11 only, Firefox <=30 (#15098, #14150)",
    "\t\t// IE throws on elements created in popups",
    "\t\t// FF meanwhile throws on frame elements through \"defaultView.getComputedStyle\"",
    "\t\tvar view = elem.ownerDocument.defaultView;",
    "",
    "\t\tif ( !view || !view.opener ) {",
    "\t\t\tview = window;",
    "\t\t}",
    "",
    "\t\treturn view.getComputedStyle( elem );",
    "\t};",
    "",
    "var swap = function( elem, options, callback ) {",
    "\tvar ret, name,",
    "\t\told = {};",
    "",
    "\t// Remember the old values, and insert the new ones",
    "\tfor ( name in options ) {",
    "\t\told[ name ] = elem.style[ name ];",
    "\t\telem.style[ name ] = options[ name ];",
    "\t}",
    "",
    "\tret = callback.call( elem );",
    "",
    "\t// Revert the old values",
    "\tfor ( name in options ) {",
    "\t\telem.style[ name ] = old[ name ];",
    "\t}",
    "",
    "\treturn ret;",
    "};",
    "",
    "",
    "var rboxStyle = new RegExp( cssExpand.join( \"|\" ), \"i\" );",
    "",
    "",
    "",
    "( function() {",
    "",
    "\t// Executing both pixelPosition & boxSizingReliable tests require only one layout",
    "\t// so they're executed at the same time to save the second computation.",
    "\tfunction computeStyleTests() {",
    "",
    "\t\t// This is a singleton, we need to execute it only once",
    "\t\tif ( !div ) {",
    "\t\t\treturn;",
    "\t\t}",
    "",
    "",
  ].join('\n');
  const header = ['diff --git a/jquery.js b/jquery.js', 'index 1d0b6ef..85f9aa1 100644', '--- a/jquery.js', '+++ b/jquery.js'];
  const getStyles = [
    '@@ -1,9 +1,12 @@',
    ' } );',
    ' var rnumnonpx = new RegExp( "^(" + pnum + ")(?!px)[a-z%]+$", "i" );',
    ' ',
    '+var rcustomProp = /^--/;',
    '+',
    '+',
    ' var getStyles = function( elem ) {',
    ' ',
    '-        // Support: IE <=11 only, Firefox <=30 (#15098, #14150)',
    '+        // Support: IE <=11 only, Firefox <=30 (trac-15098, trac-14150)',
    '         // IE throws on elements created in popups',
    '         // FF meanwhile throws on frame elements through "defaultView.getComputedStyle"',
    '         var view = elem.ownerDocument.defaultView;',
  ];
  const rtrimCSS = (indent: string) => [
    '@@ -38,6 +41,15 @@',
    ' ',
    ' var rboxStyle = new RegExp( cssExpand.join( "|" ), "i" );',
    ' ',
    '+var whitespace = "[\\x20\\t\\r\\n\\f]";',
    '+',
    '+',
    '+var rtrimCSS = new RegExp(',
    `+${indent}"^" + whitespace + "+|((?:^|[^\\\\])(?:\\\\.)*)" + whitespace + "+$",`,
    `+${indent}"g"`,
    '+);',
    '+',
    '+',
    ' ',
    ' ',
    ' ( function() {',
  ];
  const diff = (...hunks: string[][]) => ['```diff', ...header, ...hunks.flat(), '```', ''].join('\n');
  const withRtrim = (indent: string) =>
    file.replace(
      'var rboxStyle = new RegExp( cssExpand.join( "|" ), "i" );\n\n',
      `var rboxStyle = new RegExp( cssExpand.join( "|" ), "i" );\n\nvar whitespace = "[\\x20\\t\\r\\n\\f]";\n\n\nvar rtrimCSS = new RegExp(\n${indent}"^" + whitespace + "+|((?:^|[^\\\\])(?:\\\\.)*)" + whitespace + "+$",\n${indent}"g"\n);\n\n\n`,
    );
  const withGetStyles = (text: string) => text.replace('var getStyles', 'var rcustomProp = /^--/;\n\n\nvar getStyles').replace('(#15098, #14150)', '(trac-15098, trac-14150)');

  it('writes the top-level hunk\'s new lines with tabs when another hunk quotes the file\'s tabs as spaces', () => {
    assert.equal(writtenByReply(path, file, diff(getStyles, rtrimCSS('    '))), withGetStyles(withRtrim('\t')));
  });

  it('does so whichever hunk comes first', () => {
    const planned = replyOnFile(path, file, diff(rtrimCSS('    '), getStyles));
    assert.deepEqual(planned.receipt.errors, []);
    assert.equal(planned.changes.find((c) => c.path === path)?.newText, withGetStyles(withRtrim('\t')));
  });

  it('writes a tool\'s diff as given when none of its quotes shows the tabs printed otherwise', () => {
    assert.equal(writtenByReply(path, file, diff(rtrimCSS('    '))), withRtrim('    '));
    const tabbed = getStyles.map((line) => line.replace(/^([ +-]) {8}/, '$1\t\t'));
    assert.equal(writtenByReply(path, file, diff(tabbed, rtrimCSS('    '))), withGetStyles(withRtrim('    ')));
  });
});
