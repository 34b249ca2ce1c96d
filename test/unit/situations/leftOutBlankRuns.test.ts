import * as assert from 'node:assert/strict';
import { replyOnFile, writtenByReply } from '../helpers';

/**
 * A SEARCH that left out a blank line of the file (or a doc comment's empty ` *` line), next to
 * lines the edit rewrites or between lines it keeps. Stage: locate
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

describe('pasted replies: a SEARCH without a doc comment\'s empty ` *` line, its REPLACE writing ` *`, a new note, ` *` there (p53/d 22, lodash _.random)', () => {
  // lodash 4.17.23 lodash.js: _.random's doc comment (lines 14153-14175) and _.range's (16046-16075),
  // which shares the IEEE-754 note lines.
  const lodash = [
    "",
    "    /**",
    "     * Produces a random number between the inclusive `lower` and `upper` bounds.",
    "     * If only one argument is provided a number between `0` and the given number",
    "     * is returned. If `floating` is `true`, or either `lower` or `upper` are",
    "     * floats, a floating-point number is returned instead of an integer.",
    "     *",
    "     * **Note:** JavaScript follows the IEEE-754 standard for resolving",
    "     * floating-point values which can produce unexpected results.",
    "     *",
    "     * @static",
    "     * @memberOf _",
    "     * @since 0.7.0",
    "     * @category Number",
    "     * @param {number} [lower=0] The lower bound.",
    "     * @param {number} [upper=1] The upper bound.",
    "     * @param {boolean} [floating] Specify returning a floating-point number.",
    "     * @returns {number} Returns the random number.",
    "     * @example",
    "     *",
    "     * _.random(0, 5);",
    "     * // => an integer between 0 and 5",
    "     *",
    "    // ... other number functions ...",
    "    function propertyOf(object) {",
    "      return function(path) {",
    "        return object == null ? undefined : baseGet(object, path);",
    "      };",
    "    }",
    "",
    "    /**",
    "     * Creates an array of numbers (positive and/or negative) progressing from",
    "     * `start` up to, but not including, `end`. A step of `-1` is used if a negative",
    "     * `start` is specified without an `end` or `step`. If `end` is not specified,",
    "     * it's set to `start` with `start` then set to `0`.",
    "     *",
    "     * **Note:** JavaScript follows the IEEE-754 standard for resolving",
    "     * floating-point values which can produce unexpected results.",
    "     *",
    "     * @static",
    "     * @since 0.1.0",
    "     * @memberOf _",
    "     * @category Util",
    "     * @param {number} [start=0] The start of the range.",
    "     * @param {number} end The end of the range.",
    "     * @param {number} [step=1] The value to increment or decrement by.",
    "     * @returns {Array} Returns the range of numbers.",
    "     * @see _.inRange, _.rangeRight",
    "     * @example",
    "     *",
    "     * _.range(4);",
    "     * // => [0, 1, 2, 3]",
    "     *",
    "     * _.range(-4);",
  ].join('\n');
  const reply = "`_.random(5, 0)` silently swaps the bounds; let's say so in the docs.\n\nlodash.js\n```js\n<<<<<<< SEARCH\n     * **Note:** JavaScript follows the IEEE-754 standard for resolving\n     * floating-point values which can produce unexpected results.\n     * @static\n     * @memberOf _\n     * @since 0.7.0\n=======\n     * **Note:** JavaScript follows the IEEE-754 standard for resolving\n     * floating-point values which can produce unexpected results.\n     *\n     * **Note:** If `lower` is greater than `upper`, the values are swapped.\n     *\n     * @static\n     * @memberOf _\n     * @since 0.7.0\n>>>>>>> REPLACE\n```\n";

  it('adds the note between two ` *` lines, in _.random\'s comment only', () => {
    const at = lodash.indexOf('Produces a random number');
    const expected = lodash.slice(0, at) + lodash.slice(at).replace(
      '     * floating-point values which can produce unexpected results.\n     *\n     * @static',
      '     * floating-point values which can produce unexpected results.\n     *\n     * **Note:** If `lower` is greater than `upper`, the values are swapped.\n     *\n     * @static',
    );
    assert.notEqual(expected, lodash);
    assert.equal(writtenByReply('lodash.js', lodash, reply), expected);
  });

  it('still refuses when the REPLACE writes the new note without ` *` on both sides: which side the file\'s goes is unknown', () => {
    const oneSided = reply.replace('     *\n     * **Note:** If', '     * **Note:** If');
    const planned = replyOnFile('lodash.js', lodash, oneSided);
    assert.equal(planned.receipt.ok, false);
  });
});
