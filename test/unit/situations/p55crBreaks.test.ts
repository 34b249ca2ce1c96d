import * as assert from 'node:assert/strict';
import { unifiedDiff } from '../../../src/cli/unifiedDiff';
import { runReply } from '../../../src/core/pipeline';

/**
 * Files broken into lines by lone CRs (p53/f 80, 82: wrong writes). Stage: reading the file
 * (src/core/text/crLineBreaks.ts, through `planReply`) and writing a whole file back
 * (src/core/place/loneCrKept.ts). The engine's lines end at LF, so a CR-only file was one line:
 * a reply re-printing it was written with LF endings, every CR lost; and the lone CRs inside
 * lines of a CRLF feed became CRLFs when the reply showed them as line breaks.
 * Material: the chardet corpus' tests/SHIFT_JIS/_ude_1.txt (Project Gutenberg's Rashomon header,
 * CR-only) and tests/iso-8859-2-hungarian/saraspatak.hu.xml (an RSS feed, CRLF with lone CRs
 * inside its CDATA descriptions), cut to the lines around the change.
 */

// _ude_1.txt, lines 60-75 (its ASCII header), each ending with a lone CR as in the file.
const rashomonLines = [
  '*Sections',
  '',
  '',
  '',
  'Information about Project Gutenberg (one page)',
  '',
  'This etext was prepared by Rick Davis, Ashigawa, Japan.',
  '',
  '',
  '',
  'Rashomon',
  '',
  'by AKUTAGAWA Ryunosuke',
];
const rashomon = rashomonLines.join('\r') + '\r';

// saraspatak.hu.xml, lines 17-30 of its CRLF lines; the descriptions hold lone CRs.
const feedLines = [
  '</item><item>',
  '<title>ILYEN MÉG NEM VOLT IV.</title>',
  '<link>http://www.sarospatak.hu/muvhaz/index.php#1</link>',
  '<description>',
  '<![CDATA[Vidám zenés műsor a Farkas Ferenc Művészeti Iskola szervezésében\r<br>\r<br>- 17.00 órától',
  ']]>',
  '</description>',
  '</item><item>',
  '<title>CINEMA FILMKLUB</title>',
  '<link>http://www.sarospatak.hu/muvhaz/index.php#5</link>',
  '<description>',
  '<![CDATA[<em>Finnország:</em> A MÚLT NÉLKÜLI EMBER\r<br>\r<br><img src="pic/mas/aprilis/multnelkuli.jpg" />',
  ']]>',
  '</description>',
];
const feed = feedLines.join('\r\n') + '\r\n';

/** A chat's re-print of a text: every break, CRLF or lone CR, shown as a line of its own. */
const shown = (text: string) => text.replace(/\r\n?/g, '\n');

function planned(path: string, text: string, reply: string) {
  return runReply(reply, (p) => (p === path ? text : undefined));
}

describe('pasted replies: files whose lines end with lone CRs keep them (p53/f 80, 82)', () => {
  const path = 'tests/SHIFT_JIS/_ude_1.txt';

  it('a CR-only file re-printed whole with one line changed keeps every CR, no LF written (80)', () => {
    const reply = `Here is the whole file with the credit line fixed:\n\n${path}\n\`\`\`\n${shown(rashomon).replace('Rick Davis, Ashigawa', 'Rick Davis of Ashigawa')}\`\`\`\n`;
    const result = planned(path, rashomon, reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, rashomon.replace('Rick Davis, Ashigawa', 'Rick Davis of Ashigawa'));
    assert.equal(result.changes[0].originalText, rashomon);
  });

  it('a SEARCH/REPLACE of two lines of a CR-only file is found (it was one line) and written with CRs', () => {
    const reply = `${path}\n\`\`\`\n<<<<<<< SEARCH\nRashomon\n\nby AKUTAGAWA Ryunosuke\n=======\nRashomon\n\nby Akutagawa Ryunosuke (1915)\n>>>>>>> REPLACE\n\`\`\`\n`;
    const result = planned(path, rashomon, reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, rashomon.replace('by AKUTAGAWA Ryunosuke\r', 'by Akutagawa Ryunosuke (1915)\r'));
    assert.deepEqual(result.receipt.files[0].edits.map((e) => [e.startLine, e.endLine]), [[11, 13]]);
  });

  it('the printed diff of a CR-only file shows its lines, not one line holding the file', () => {
    const newText = rashomon.replace('Rick Davis, Ashigawa', 'Rick Davis of Ashigawa');
    const patch = unifiedDiff([{ path, action: 'modify', originalText: rashomon, newText }]);
    assert.match(patch, /^@@ -4,7 \+4,7 @@$/m);
    assert.match(patch, /^-This etext was prepared by Rick Davis, Ashigawa, Japan\.$/m);
    assert.match(patch, /^\+This etext was prepared by Rick Davis of Ashigawa, Japan\.$/m);
  });

  it('a CRLF feed re-printed whole keeps the lone CRs inside its descriptions (82)', () => {
    const xml = 'tests/iso-8859-2-hungarian/saraspatak.hu.xml';
    const reply = `${xml}\n\`\`\`xml\n${shown(feed).replace('NEM VOLT IV.', 'NEM VOLT V.')}\`\`\`\n`;
    const result = planned(xml, feed, reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, feed.replace('NEM VOLT IV.', 'NEM VOLT V.'));
  });

  it('the same feed re-printed unchanged is already applied, not a change of its CRs', () => {
    const xml = 'tests/iso-8859-2-hungarian/saraspatak.hu.xml';
    const result = planned(xml, feed, `${xml}\n\`\`\`xml\n${shown(feed)}\`\`\`\n`);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.deepEqual(result.changes, []);
    assert.equal(result.receipt.files[0].edits[0].status, 'alreadyApplied');
  });

  it('an LF file with a lone CR inside a line: an edit elsewhere leaves that line as it is', () => {
    const file = feedLines.join('\n') + '\n';
    const reply = `tests/feed.xml\n\`\`\`xml\n<<<<<<< SEARCH\n<title>CINEMA FILMKLUB</title>\n=======\n<title>CINEMA FILMKLUB 2005</title>\n>>>>>>> REPLACE\n\`\`\`\n`;
    const result = planned('tests/feed.xml', file, reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, file.replace('CINEMA FILMKLUB<', 'CINEMA FILMKLUB 2005<'));
  });
});
