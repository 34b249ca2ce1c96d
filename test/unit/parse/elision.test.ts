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
    // Templates' own comments (Jinja, ERB, HEEx, Blade, Handlebars, Razor, JSP): written with
    // `<!-- -->`, such markers applied; with the template's comment, the snippet replaced the file.
    '{# ... existing code ... #}',
    '  <%# ... %>',
    '<%!-- ... existing markup ... --%>',
    '{{-- ... existing fields ... --}}',
    '{{!-- ... --}}',
    '{{! ... }}',
    '@* ... rest of the form ... *@',
    '<%-- ... --%>',
    // Haskell's block comment (xmonad's Tall.hs elided with `{- ... -}` was NO_EDITS_FOUND, the same
    // snippet elided with `-- ...` applied).
    '{- ... -}',
    '    {- ... unchanged ... -}',
    '{- ... existing code ... -}',
    // A batch file's comments (p48/c 13: a ```bat snippet ending in `:: ... existing code ...`
    // was NO_EDITS_FOUND).
    ':: ... existing code ...',
    'REM ... existing code ...',
    'rem ... rest of the script unchanged',
    // The rest of a function named as code names it (Sweep's GPT-4 reply: `# Rest of get_task`).
    '    # Rest of get_task',
    '// rest of render()',
    '# Rest of the update_task function',
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
    '// ... no changes below ...',
    '// No changes needed below',
    '// no other changes needed here',
    '# no changes to the rest of the file',
    '// no further changes beyond this point',
    '// no changes to the rest below',
    '# ... keep everything else ...',
    '// (no changes)',
    '// your existing code here',
    '// ------ existing code ------',
    '// --- rest unchanged ---',
    '// existing imports',
    '// helper functions above',
    '# other options unchanged',
    '// Other functions remain unchanged',
    // In place of a docstring's body, where a comment sign would be docstring text (a class
    // re-printed with `... existing docstring ...`: read as text, it replaced the docstring).
    '    ... existing docstring ...',
    '… rest of the method …',
  ];
  const no = [
    '...args',
    // C++'s global scope and a batch file's own comments.
    '::testing::InitGoogleTest(&argc, argv);',
    ':: Navigate to the React project directory',
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
    "    '    ...  # unchanged',",
    "'// ... existing code ...',",
    '// An elision (`...`, `// ... existing code ...`) is not context: the hunk stays an error.',
    '// The public API is unchanged since version 2, so older callers keep working.',
    '  // "existing code" is explaining something.',
    '// the API is unchanged',
    '// handle existing code paths',
    '// migrate existing code to v2',
    '',
    '"..."',
    "'...'",
    '# see the docs for other options and flags...',
    '// ...and then we retry',
    '// TODO: more later...',
    // Comments a model writes into new code: read as elisions they kept the lines the edit deleted.
    '// previous value',
    '// see above',
    '# Other options',
    '// existing users are migrated',
    '// unchanged if null',
    '// no changes',
    '// no changes needed',
    '// ----------------',
    '{# title block #}',
    '<%# render the sidebar %>',
    '@Override',
    '# get_task rest',
    '{-# LANGUAGE OverloadedStrings #-}',
    '{- | The layout that splits the screen -}',
    // Dots around words that do not say code is left out, or around code: prose and doctest lines.
    '... and then ...',
    '... x = f(y) ...',
    '...args...',
  ];
  for (const line of yes) it(`elision: ${JSON.stringify(line)}`, () => assert.equal(isElisionLine(line), true));
  for (const line of no) it(`not an elision: ${JSON.stringify(line)}`, () => assert.equal(isElisionLine(line), false));

  // A license banner's rule of stars followed by text: the strip of decorations once tried every
  // way to split the run (exponential in its length: 80 stars kept the CLI busy for minutes), so
  // these lines, read in one go, are also a check that it no longer backtracks.
  it('reads long rules of stars, dashes and equals followed by text in one pass', () => {
    for (const rule of ['*', '-', '=']) {
      // Lines past 200 characters are never elisions: the longest run a line can test with.
      const run = rule.repeat(180);
      assert.equal(isElisionLine(`/*! ${run} // edited 0`), false);
      assert.equal(isElisionLine(`// ${run} x`), false);
      assert.equal(isElisionLine(`// ${rule.repeat(40)} existing code ${rule.repeat(40)}`), true);
      assert.equal(isElisionLine(`// x ${run}`), false);
    }
    assert.equal(isElisionLine(`/* ${'*'.repeat(77)} */`), false);
  });
});
