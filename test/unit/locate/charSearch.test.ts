import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { charOccurrences } from '../../../src/core/locate/charSearch';
import { FileIndex } from '../../../src/core/locate/fileIndex';
import { lfView, splitFileText } from '../../../src/core/text/fileText';
import { random } from '../helpers';

/** Every occurrence as a scan of the LF view finds it (each after the end of the one before). */
function scannedOccurrences(view: string, search: string, limit: number): number[] {
  const found: number[] = [];
  for (let at = view.indexOf(search); at !== -1 && found.length <= limit; at = view.indexOf(search, at + Math.max(1, search.length))) found.push(at);
  return found;
}

describe('charOccurrences (tool-call searches in the flat text)', () => {
  const source = readFileSync(path.join(__dirname, '..', '..', '..', '..', 'src', 'core', 'locate', 'fileIndex.ts'), 'utf8');
  // The file twice, CRLF the second time, so searches that are whole lines meet repeats and both endings.
  const raw = source + source.replace(/\n/g, '\r\n');
  const view = lfView(splitFileText(raw));

  it('finds by the exact table what scanning finds, for a reply that searches the file more often than scanning pays', () => {
    const next = random(5);
    const searches: string[] = [];
    for (let i = 0; i < 400; i++) {
      // Cut anywhere, mid-line or at a line's edge, 0 to 6 lines long.
      const start = Math.floor(next() * view.length);
      let end = start;
      const lines = Math.floor(next() * 7);
      for (let k = 0; k <= lines && end !== -1; k++) end = view.indexOf('\n', end + 1);
      if (end === -1) continue;
      searches.push(view.slice(start, end - Math.floor(next() * 3)));
    }
    searches.push('  }\n}\n', '\n\n', 'no such text\nanywhere\nhere');
    let multiLine = 0;
    for (const search of searches) {
      const expected = scannedOccurrences(view, search, 1000);
      // A fresh index each time: one that scans (one search expected), one that builds its table at once.
      assert.deepEqual(charOccurrences(new FileIndex(splitFileText(raw)), search, 1000, 1), expected, JSON.stringify(search));
      const byTable = new FileIndex(splitFileText(raw));
      assert.deepEqual(charOccurrences(byTable, search, 1000, 50), expected, JSON.stringify(search));
      if (search.split('\n').length >= 3) {
        assert.ok(byTable.hasExactTable, `${JSON.stringify(search)}: answered without the table`);
        multiLine++;
      }
    }
    assert.ok(multiLine > 200, `only ${multiLine} searches spanning a whole line`);
  });
});
