import * as assert from 'node:assert/strict';
import { replyOnFile as result, writtenByReply as written } from '../helpers';

/**
 * A block quoted at one place's indentation with, indentation aside, another place's words (p53
 * probe d/15). Stage: locate. lodash's `equalArrays`, `equalByTag` and `equalObjects` each hold
 * an "Assume cyclic values are equal" check; a model fixing `equalObjects` misquoted its `if` line
 * as `if (stacked) {`, which made its block word for word the check in `equalByTag`'s `setTag`
 * case, four spaces deeper. The indentation rung found it there alone and the edit was re-indented
 * into a function the change never touched. The block's indentation is evidence too: where a
 * place at the block's own indentation differs from it in one line only, the two are equally
 * likely and the block is refused with both.
 */

// lodash.js 4.17.15, lines 5600-5831 (equalArrays, equalByTag, equalObjects); the cyclic checks
// stand at lines 22-26 (6 spaces), 136-140 (10 spaces, `if (stacked) {`) and 187-191 (6 spaces).
const lodashLines = [
  '    /**',
  '     * A specialized version of `baseIsEqualDeep` for arrays with support for',
  '     * partial deep comparisons.',
  '     *',
  '     * @private',
  '     * @param {Array} array The array to compare.',
  '     * @param {Array} other The other array to compare.',
  '     * @param {number} bitmask The bitmask flags. See `baseIsEqual` for more details.',
  '     * @param {Function} customizer The function to customize comparisons.',
  '     * @param {Function} equalFunc The function to determine equivalents of values.',
  '     * @param {Object} stack Tracks traversed `array` and `other` objects.',
  '     * @returns {boolean} Returns `true` if the arrays are equivalent, else `false`.',
  '     */',
  '    function equalArrays(array, other, bitmask, customizer, equalFunc, stack) {',
  '      var isPartial = bitmask & COMPARE_PARTIAL_FLAG,',
  '          arrLength = array.length,',
  '          othLength = other.length;',
  '',
  '      if (arrLength != othLength && !(isPartial && othLength > arrLength)) {',
  '        return false;',
  '      }',
  '      // Assume cyclic values are equal.',
  '      var stacked = stack.get(array);',
  '      if (stacked && stack.get(other)) {',
  '        return stacked == other;',
  '      }',
  '      var index = -1,',
  '          result = true,',
  '          seen = (bitmask & COMPARE_UNORDERED_FLAG) ? new SetCache : undefined;',
  '',
  '      stack.set(array, other);',
  '      stack.set(other, array);',
  '',
  '      // Ignore non-index properties.',
  '      while (++index < arrLength) {',
  '        var arrValue = array[index],',
  '            othValue = other[index];',
  '',
  '        if (customizer) {',
  '          var compared = isPartial',
  '            ? customizer(othValue, arrValue, index, other, array, stack)',
  '            : customizer(arrValue, othValue, index, array, other, stack);',
  '        }',
  '        if (compared !== undefined) {',
  '          if (compared) {',
  '            continue;',
  '          }',
  '          result = false;',
  '          break;',
  '        }',
  '        // Recursively compare arrays (susceptible to call stack limits).',
  '        if (seen) {',
  '          if (!arraySome(other, function(othValue, othIndex) {',
  '                if (!cacheHas(seen, othIndex) &&',
  '                    (arrValue === othValue || equalFunc(arrValue, othValue, bitmask, customizer, stack))) {',
  '                  return seen.push(othIndex);',
  '                }',
  '              })) {',
  '            result = false;',
  '            break;',
  '          }',
  '        } else if (!(',
  '              arrValue === othValue ||',
  '                equalFunc(arrValue, othValue, bitmask, customizer, stack)',
  '            )) {',
  '          result = false;',
  '          break;',
  '        }',
  '      }',
  '      stack[\'delete\'](array);',
  '      stack[\'delete\'](other);',
  '      return result;',
  '    }',
  '',
  '    /**',
  '     * A specialized version of `baseIsEqualDeep` for comparing objects of',
  '     * the same `toStringTag`.',
  '     *',
  '     * **Note:** This function only supports comparing values with tags of',
  '     * `Boolean`, `Date`, `Error`, `Number`, `RegExp`, or `String`.',
  '     *',
  '     * @private',
  '     * @param {Object} object The object to compare.',
  '     * @param {Object} other The other object to compare.',
  '     * @param {string} tag The `toStringTag` of the objects to compare.',
  '     * @param {number} bitmask The bitmask flags. See `baseIsEqual` for more details.',
  '     * @param {Function} customizer The function to customize comparisons.',
  '     * @param {Function} equalFunc The function to determine equivalents of values.',
  '     * @param {Object} stack Tracks traversed `object` and `other` objects.',
  '     * @returns {boolean} Returns `true` if the objects are equivalent, else `false`.',
  '     */',
  '    function equalByTag(object, other, tag, bitmask, customizer, equalFunc, stack) {',
  '      switch (tag) {',
  '        case dataViewTag:',
  '          if ((object.byteLength != other.byteLength) ||',
  '              (object.byteOffset != other.byteOffset)) {',
  '            return false;',
  '          }',
  '          object = object.buffer;',
  '          other = other.buffer;',
  '',
  '        case arrayBufferTag:',
  '          if ((object.byteLength != other.byteLength) ||',
  '              !equalFunc(new Uint8Array(object), new Uint8Array(other))) {',
  '            return false;',
  '          }',
  '          return true;',
  '',
  '        case boolTag:',
  '        case dateTag:',
  '        case numberTag:',
  '          // Coerce booleans to `1` or `0` and dates to milliseconds.',
  '          // Invalid dates are coerced to `NaN`.',
  '          return eq(+object, +other);',
  '',
  '        case errorTag:',
  '          return object.name == other.name && object.message == other.message;',
  '',
  '        case regexpTag:',
  '        case stringTag:',
  '          // Coerce regexes to strings and treat strings, primitives and objects,',
  '          // as equal. See http://www.ecma-international.org/ecma-262/7.0/#sec-regexp.prototype.tostring',
  '          // for more details.',
  '          return object == (other + \'\');',
  '',
  '        case mapTag:',
  '          var convert = mapToArray;',
  '',
  '        case setTag:',
  '          var isPartial = bitmask & COMPARE_PARTIAL_FLAG;',
  '          convert || (convert = setToArray);',
  '',
  '          if (object.size != other.size && !isPartial) {',
  '            return false;',
  '          }',
  '          // Assume cyclic values are equal.',
  '          var stacked = stack.get(object);',
  '          if (stacked) {',
  '            return stacked == other;',
  '          }',
  '          bitmask |= COMPARE_UNORDERED_FLAG;',
  '',
  '          // Recursively compare objects (susceptible to call stack limits).',
  '          stack.set(object, other);',
  '          var result = equalArrays(convert(object), convert(other), bitmask, customizer, equalFunc, stack);',
  '          stack[\'delete\'](object);',
  '          return result;',
  '',
  '        case symbolTag:',
  '          if (symbolValueOf) {',
  '            return symbolValueOf.call(object) == symbolValueOf.call(other);',
  '          }',
  '      }',
  '      return false;',
  '    }',
  '',
  '    /**',
  '     * A specialized version of `baseIsEqualDeep` for objects with support for',
  '     * partial deep comparisons.',
  '     *',
  '     * @private',
  '     * @param {Object} object The object to compare.',
  '     * @param {Object} other The other object to compare.',
  '     * @param {number} bitmask The bitmask flags. See `baseIsEqual` for more details.',
  '     * @param {Function} customizer The function to customize comparisons.',
  '     * @param {Function} equalFunc The function to determine equivalents of values.',
  '     * @param {Object} stack Tracks traversed `object` and `other` objects.',
  '     * @returns {boolean} Returns `true` if the objects are equivalent, else `false`.',
  '     */',
  '    function equalObjects(object, other, bitmask, customizer, equalFunc, stack) {',
  '      var isPartial = bitmask & COMPARE_PARTIAL_FLAG,',
  '          objProps = getAllKeys(object),',
  '          objLength = objProps.length,',
  '          othProps = getAllKeys(other),',
  '          othLength = othProps.length;',
  '',
  '      if (objLength != othLength && !isPartial) {',
  '        return false;',
  '      }',
  '      var index = objLength;',
  '      while (index--) {',
  '        var key = objProps[index];',
  '        if (!(isPartial ? key in other : hasOwnProperty.call(other, key))) {',
  '          return false;',
  '        }',
  '      }',
  '      // Assume cyclic values are equal.',
  '      var stacked = stack.get(object);',
  '      if (stacked && stack.get(other)) {',
  '        return stacked == other;',
  '      }',
  '      var result = true;',
  '      stack.set(object, other);',
  '      stack.set(other, object);',
  '',
  '      var skipCtor = isPartial;',
  '      while (++index < objLength) {',
  '        key = objProps[index];',
  '        var objValue = object[key],',
  '            othValue = other[key];',
  '',
  '        if (customizer) {',
  '          var compared = isPartial',
  '            ? customizer(othValue, objValue, key, other, object, stack)',
  '            : customizer(objValue, othValue, key, object, other, stack);',
  '        }',
  '        // Recursively compare objects (susceptible to call stack limits).',
  '        if (!(compared === undefined',
  '              ? (objValue === othValue || equalFunc(objValue, othValue, bitmask, customizer, stack))',
  '              : compared',
  '            )) {',
  '          result = false;',
  '          break;',
  '        }',
  '        skipCtor || (skipCtor = key == \'constructor\');',
  '      }',
  '      if (result && !skipCtor) {',
  '        var objCtor = object.constructor,',
  '            othCtor = other.constructor;',
  '',
  '        // Non `Object` object instances with different constructors are not equal.',
  '        if (objCtor != othCtor &&',
  '            (\'constructor\' in object && \'constructor\' in other) &&',
  '            !(typeof objCtor == \'function\' && objCtor instanceof objCtor &&',
  '              typeof othCtor == \'function\' && othCtor instanceof othCtor)) {',
  '          result = false;',
  '        }',
  '      }',
  '      stack[\'delete\'](object);',
  '      stack[\'delete\'](other);',
  '      return result;',
  '    }',
];
const lodash = lodashLines.join('\n') + '\n';
const path = 'lodash.js';

/** The file with its lines `start`-`end` (1-based, inclusive) replaced by `replacement`. */
function spliced(start: number, end: number, replacement: readonly string[]): string {
  return [...lodashLines.slice(0, start - 1), ...replacement, ...lodashLines.slice(end)].join('\n') + '\n';
}

/** A SEARCH/REPLACE block for lodash.js. */
function block(search: readonly string[], replace: readonly string[]): string {
  return `lodash.js\n\`\`\`js\n<<<<<<< SEARCH\n${search.join('\n')}\n=======\n${replace.join('\n')}\n>>>>>>> REPLACE\n\`\`\`\n`;
}

/** `lines` shifted by `by` columns (negative: dedented). */
function shifted(lines: readonly string[], by: number): string[] {
  return lines.map((line) => (by >= 0 ? ' '.repeat(by) + line : line.slice(-by)));
}

// The checks, at 6 spaces: equalObjects' as it is, and as the model misquoted it (equalByTag's words).
const objectsCheck = [
  '      // Assume cyclic values are equal.',
  '      var stacked = stack.get(object);',
  '      if (stacked && stack.get(other)) {',
  '        return stacked == other;',
  '      }',
];
const misquoted = [
  '      // Assume cyclic values are equal.',
  '      var stacked = stack.get(object);',
  '      if (stacked) {',
  '        return stacked == other;',
  '      }',
];
const objectsFix = [
  '      // Check that cyclic values are equal.',
  '      var objStacked = stack.get(object);',
  '      var othStacked = stack.get(other);',
  '      if (objStacked && othStacked) {',
  '        return objStacked == other && othStacked == object;',
  '      }',
];
const arraysBlock = block(
  ['      // Assume cyclic values are equal.', '      var stacked = stack.get(array);', '      if (stacked && stack.get(other)) {', '        return stacked == other;', '      }'],
  ['      // Check that cyclic values are equal.', '      var arrStacked = stack.get(array);', '      var othStacked = stack.get(other);', '      if (arrStacked && othStacked) {', '        return arrStacked == other && othStacked == array;', '      }'],
);

describe('p53 twinindent: a block at one place\'s indentation with, indentation aside, another place\'s words', () => {
  it('refuses the equalObjects fix whose misquoted `if` line makes it equalByTag\'s setTag check word for word, 4 spaces deeper (was re-indented and written into equalByTag)', () => {
    const reply = `The cyclic check only looks up one side:\n\n${arraysBlock}\nSame fix in \`equalObjects\`:\n\n${block(misquoted, objectsFix)}`;
    const planned = result(path, lodash, reply);
    assert.equal(planned.receipt.ok, false);
    assert.equal(planned.changes.length, 0);
    assert.deepEqual(planned.receipt.errors.map((error) => [error.code, error.block, error.candidates.map((c) => [c.startLine, c.endLine])]), [['AMBIGUOUS', 2, [[136, 140], [187, 191]]]]);
    assert.match(planned.receipt.errors[0].message, /word for word at lines 136-140, but at another indentation than its own, and at its own indentation at lines 187-191, but for its line "if \(stacked\) \{"/);
  });

  it('refuses equalObjects\' words quoted at equalByTag\'s depth: the words say equalObjects, the indentation and all but one line the setTag check', () => {
    const reply = block(shifted(objectsCheck, 4), shifted(objectsFix, 4));
    const planned = result(path, lodash, reply);
    assert.deepEqual(planned.receipt.errors.map((error) => [error.code, error.candidates.map((c) => c.startLine)]), [['AMBIGUOUS', [136, 187]]]);
    assert.equal(planned.changes.length, 0);
  });

  it('refuses a diff hunk at 6 spaces with the setTag check\'s words whose line numbers point at equalObjects', () => {
    const hunk = [' ' + misquoted[0], ' ' + misquoted[1], '-' + misquoted[2], '+      if (stacked && stack.get(other)) {', ' ' + misquoted[3], ' ' + misquoted[4]];
    const reply = `\`\`\`diff\n--- a/lodash.js\n+++ b/lodash.js\n@@ -187,5 +187,5 @@\n${hunk.join('\n')}\n\`\`\`\n`;
    const planned = result(path, lodash, reply);
    assert.deepEqual(planned.receipt.errors.map((error) => error.code), ['AMBIGUOUS']);
  });

  it('refuses that hunk after one higher up in equalObjects: that it comes next in file order does not make the near place its place', () => {
    const first = ['       if (objLength != othLength && !isPartial) {', '+        // Different key counts.', '         return false;', '       }'];
    const hunk = [' ' + misquoted[0], ' ' + misquoted[1], '-' + misquoted[2], '+      if (stacked && stack.get(other)) {', ' ' + misquoted[3], ' ' + misquoted[4]];
    const reply = `\`\`\`diff\n--- a/lodash.js\n+++ b/lodash.js\n@@ -177,3 +177,4 @@\n${first.join('\n')}\n@@ -187,5 +188,5 @@\n${hunk.join('\n')}\n\`\`\`\n`;
    const planned = result(path, lodash, reply);
    assert.deepEqual(planned.receipt.errors.map((error) => error.code), ['AMBIGUOUS']);
    assert.equal(planned.changes.length, 0);
  });

  // Near cases that keep working.
  it('writes the equalObjects fix quoted as the file has it (exact, at its own place)', () => {
    const reply = `${arraysBlock}\n${block(objectsCheck, objectsFix)}`;
    const arraysFix = ['      // Check that cyclic values are equal.', '      var arrStacked = stack.get(array);', '      var othStacked = stack.get(other);', '      if (arrStacked && othStacked) {', '        return arrStacked == other && othStacked == array;', '      }'];
    const expected = [...lodashLines.slice(0, 21), ...arraysFix, ...lodashLines.slice(26, 186), ...objectsFix, ...lodashLines.slice(191)].join('\n') + '\n';
    assert.equal(written(path, lodash, reply), expected);
  });

  it('writes the setTag check quoted flush-left word for word into equalByTag, re-indented (no place at column 0 is near it)', () => {
    const setTag = shifted(misquoted, 4);
    const reply = block(shifted(setTag, -10), ['// Check that cyclic values are equal.', 'var stacked = stack.get(object);', 'if (stacked) {', '  return stacked == other;', '}']);
    assert.equal(written(path, lodash, reply), spliced(136, 136, ['          // Check that cyclic values are equal.']));
  });

  it('writes a diff hunk at 6 spaces with the setTag check\'s words into equalByTag when its line numbers point there', () => {
    const hunk = [' ' + misquoted[0], ' ' + misquoted[1], '-' + misquoted[2], '+      if (stacked && stack.get(other)) {', ' ' + misquoted[3], ' ' + misquoted[4]];
    const reply = `\`\`\`diff\n--- a/lodash.js\n+++ b/lodash.js\n@@ -136,5 +136,5 @@\n${hunk.join('\n')}\n\`\`\`\n`;
    assert.equal(written(path, lodash, reply), spliced(138, 138, ['          if (stacked && stack.get(other)) {']));
  });
});
