import * as assert from 'node:assert/strict';
import { isElisionLine } from '../../../src/core/parse/elision';

describe('parse/elision', () => {
  const yes = [
    '...',
    '    ...',
    '…',
    '// ... existing code ...',
    '  // ...existing code...',
    '# ... rest of file unchanged',
    '# ... rest of the class ...',
    '/* ... */',
    '<!-- ... -->',
    '<!-- ... existing markup ... -->',
    '{/* ... existing code ... */}',
    '// rest of the code remains the same',
    '// existing code',
    '-- ...',
    '; ...',
    '// ... more handlers',
    '# (unchanged)',
    '// other methods unchanged',
    '[...]',
    '// ... (omitted for brevity)',
    '// [previous code]',
    '/* rest unchanged */',
    '    ...  # unchanged',
    '... // rest of the handlers',
    '// ... (3 more)',
    '// other methods...',
    '/* ... existing styles ... */',
    '// …',
  ];
  const no = [
    '...args',
    'foo(...args);',
    'const b = [...a];',
    'print("...")',
    '{...props}',
    'return ...;',
    '// Loading...',
    '# wait for it...',
    '# coding: utf-8',
    '#include <stdio.h>',
    '// TODO: handle errors',
    'x = 1',
    '...  # type: ignore',
    '// previous code path kept for old clients',
    '',
    '"..."',
    "'...'",
    '# see the docs for other options and flags...',
    '// ...and then we retry',
    '// TODO: more later...',
  ];
  for (const line of yes) it(`elision: ${JSON.stringify(line)}`, () => assert.equal(isElisionLine(line), true));
  for (const line of no) it(`not an elision: ${JSON.stringify(line)}`, () => assert.equal(isElisionLine(line), false));
});
