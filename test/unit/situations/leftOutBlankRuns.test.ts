import * as assert from 'node:assert/strict';
import { replyOnFile, writtenByReply } from '../helpers';

/**
 * A SEARCH that left out a blank line of the file, next to lines the edit rewrites. Stage: locate
 * (the left-out-lines rung) and placement (`withLeftOutRuns` in src/core/place/leftOutRuns.ts):
 * where the file's blank run goes among the new lines. Blank lines open the paragraph of the
 * comment that follows them, so a run between a kept line and a rewrite that starts with a comment
 * goes above that comment; a rewrite that starts with code may have added its lines on either side
 * of the run, and stays refused.
 */

describe('pasted replies: a SEARCH without the blank line under a docstring, its REPLACE opening with a comment (p53/b 03, 43; Claude on astropy-14508)', () => {
  // astropy 5.2.1 astropy/io/fits/card.py, lines 1331-1364.
  const card = [
    "        return \"\"",
    "",
    "",
    "def _format_float(value):",
    "    \"\"\"Format a floating number to make sure it gets the decimal point.\"\"\"",
    "",
    "    value_str = f\"{value:.16G}\"",
    "    if \".\" not in value_str and \"E\" not in value_str:",
    "        value_str += \".0\"",
    "    elif \"E\" in value_str:",
    "        # On some Windows builds of Python (and possibly other platforms?) the",
    "        # exponent is zero-padded out to, it seems, three digits.  Normalize",
    "        # the format to pad only to two digits.",
    "        significand, exponent = value_str.split(\"E\")",
    "        if exponent[0] in (\"+\", \"-\"):",
    "            sign = exponent[0]",
    "            exponent = exponent[1:]",
    "        else:",
    "            sign = \"\"",
    "        value_str = f\"{significand}E{sign}{int(exponent):02d}\"",
    "",
    "    # Limit the value string to at most 20 characters.",
    "    str_len = len(value_str)",
    "",
    "    if str_len > 20:",
    "        idx = value_str.find(\"E\")",
    "",
    "        if idx < 0:",
    "            value_str = value_str[:20]",
    "        else:",
    "            value_str = value_str[: 20 - (str_len - idx)] + value_str[idx:]",
    "",
    "    return value_str",
    "",
  ].join('\n');
  const reply = "astropy/io/fits/card.py\n```python\n<<<<<<< SEARCH\ndef _format_float(value):\n    \"\"\"Format a floating number to make sure it gets the decimal point.\"\"\"\n    value_str = f\"{value:.16G}\"\n    if \".\" not in value_str and \"E\" not in value_str:\n=======\ndef _format_float(value):\n    \"\"\"Format a floating number to make sure it gets the decimal point.\"\"\"\n    # First try using str() which gives a more concise representation\n    value_str = str(value)\n\n    # If str() gives us a string longer than 20 chars, fall back to the full precision format\n    if len(value_str) > 20:\n        value_str = f\"{value:.16G}\"\n\n    if \".\" not in value_str and \"E\" not in value_str:\n>>>>>>> REPLACE\n```\n";

  it('keeps the file\'s blank line under the docstring, above the rewrite\'s first comment', () => {
    const expected = card.replace(
      '    value_str = f"{value:.16G}"\n    if "."',
      [
        '    # First try using str() which gives a more concise representation',
        '    value_str = str(value)',
        '',
        '    # If str() gives us a string longer than 20 chars, fall back to the full precision format',
        '    if len(value_str) > 20:',
        '        value_str = f"{value:.16G}"',
        '',
        '    if "."',
      ].join('\n'),
    );
    assert.notEqual(expected, card);
    assert.equal(writtenByReply('astropy/io/fits/card.py', card, reply), expected);
  });

  it('still refuses when the rewrite opens with code: which side of the blank line it goes is unknown', () => {
    const codeFirst = reply.replace('    # First try using str() which gives a more concise representation\n', '');
    const planned = replyOnFile('astropy/io/fits/card.py', card, codeFirst);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.receipt.errors[0].code, 'NO_MATCH');
    assert.match(planned.receipt.errors[0].message, /block of another length/);
  });
});
