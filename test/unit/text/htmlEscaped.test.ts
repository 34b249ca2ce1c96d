import * as assert from 'node:assert/strict';
import { provesHtmlEscaped, unescapedHtml } from '../../../src/core/text/htmlEscaped';

const file = ['export function clamp(value: number, low: number): number {', '  if (value < low && low >= 0) {', '    return low;', '  }', '  return value;', '}', ''].join('\n');

/** The check on a file given as its text. */
const unescaped = (search: string, replacement: string, view: string, escapedBeside?: () => boolean) => unescapedHtml(search, replacement, () => view, escapedBeside);

describe('text/htmlEscaped', () => {
  it('reads an escaped search and its replacement unescaped when the file has the search only unescaped', () => {
    const got = unescaped('  if (value &lt; low &amp;&amp; low &gt;= 0) {\n', '  if (value &lt;= low &amp;&amp; low &gt;= 0) {\n    log(&quot;low&quot;, &amp;lt;);\n', file);
    assert.deepEqual(got, { search: '  if (value < low && low >= 0) {\n', replacement: '  if (value <= low && low >= 0) {\n    log("low", &lt;);\n' });
  });

  it('leaves the texts alone when the search has no entity, stands in the file as written, or is not there unescaped', () => {
    assert.equal(unescaped('  return value;\n', '  return value &gt; 0;\n', file), undefined);
    // Unless another edit of the reply to this file proves the escaping: then its new text is read unescaped.
    assert.deepEqual(unescaped('  return value;\n', '  return value &gt; 0;\n', file, () => true), { search: '  return value;\n', replacement: '  return value > 0;\n' });
    assert.equal(unescaped('  return valu;\n', '  return value &gt; 0;\n', file, () => true), undefined);
    assert.equal(unescaped('return &lt;', 'x', 'return &lt; 1'), undefined);
    assert.equal(unescaped('if (value &lt; high)', 'x', file), undefined);
    // Twice in the file unescaped: which one is meant is for the ladder to refuse, not for this repair.
    assert.equal(unescaped('a &lt; b', 'a &lt;= b', 'a < b\na < b\n'), undefined);
  });

  it('does not look the file up for texts without an &', () => {
    assert.equal(unescapedHtml('x = 1', 'x = 2', () => assert.fail('the file was looked up')), undefined);
  });

  it('never unescapes for a file that holds an entity the edit uses (an HTML file\'s own text)', () => {
    const html = '<p>Tom &amp; Jerry</p>\n<p>1 < 2</p>\n';
    assert.equal(unescaped('<p>1 &lt; 2</p>', '<p>1 &amp;lt; 2</p>', html), undefined);
    assert.equal(unescaped('Tom &amp; Jerry', 'Tom &amp; Jerry!', html), undefined);
    assert.equal(unescaped('<p>1 < 2</p>', '<p>1 &lt; 2</p>', html, () => true), undefined);
    assert.equal(provesHtmlEscaped('1 &lt; 2', '1 &lt;= 2', html), true);
    assert.equal(provesHtmlEscaped('1 &lt; 2', '1 &amp;&amp; 2', html), false);
  });
});
