import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/pipeline';

/**
 * A bare `...` in a replacement that shows every line of its search text is code, not an elision
 * (p55/c 37, 39, 40: wrong writes and a refusal; the trap from Gemini CLI's edit tool tests,
 * "normal code that contains placeholder text is written as is"). Stage: placement
 * (src/core/place/dotsAsCode.ts). An `@overload` stub's `...` was filled with the search line
 * after it (the function's `"""`, leaving the docstring open), and a `Protocol` with several
 * `...` bodies was refused as "two elisions".
 * Material: distro 1.8.0's src/distro/distro.py, cut to the lines around `os_release_attr`.
 */

// distro 1.8.0 src/distro/distro.py, lines 545-570 and 67-75 (joined by the file's own lines between).
const distroPy = [
  'class InfoDict(TypedDict):',
  '    id: str',
  '    version: str',
  '    version_parts: VersionDict',
  '    like: str',
  '    codename: str',
  '',
  '',
  '_UNIXCONFDIR = os.environ.get("UNIXCONFDIR", "/etc")',
  '',
  '',
  'def os_release_attr(attribute: str) -> str:',
  '    """',
  '    Return a single named information item from the os-release file data source',
  '    of the current OS distribution.',
  '',
  '    Parameters:',
  '',
  '    * ``attribute`` (string): Key of the information item.',
  '',
  '    See `os-release file`_ for details about these information items.',
  '    """',
  '    return _distro.os_release_attr(attribute)',
  '',
  '',
  'def lsb_release_attr(attribute: str) -> str:',
  '    """',
  '    Return a single named information item from the lsb_release command output',
  '    data source of the current OS distribution.',
  '    """',
  '    return _distro.lsb_release_attr(attribute)',
].join('\n') + '\n';

const path = 'src/distro/distro.py';
const head = ['def os_release_attr(attribute: str) -> str:', '    """', '    Return a single named information item from the os-release file data source', '    of the current OS distribution.'];
const withOverload = ['@overload', 'def os_release_attr(attribute: str) -> str:', '    ...', '', '', 'def os_release_attr(attribute: str, default: str = "") -> str:', ...head.slice(1)];

function searchReplace(search: readonly string[], replacement: readonly string[]): string {
  return `${path}\n\`\`\`python\n<<<<<<< SEARCH\n${search.join('\n')}\n=======\n${replacement.join('\n')}\n>>>>>>> REPLACE\n\`\`\`\n`;
}

function planned(reply: string) {
  return runReply(reply, (p) => (p === path ? distroPy : undefined));
}

describe('pasted replies: a bare `...` in a replacement that shows its whole search text is code (p55/c 37, 39, 40)', () => {
  const expected = distroPy.replace(head.join('\n') + '\n', withOverload.join('\n') + '\n');

  it('an @overload stub above the function: its `...` body is written, the docstring untouched (39)', () => {
    const result = planned(searchReplace(head, withOverload));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, expected);
  });

  it('the same stub in a JSON Edit call (40)', () => {
    const call = { type: 'tool_use', id: 'toolu_01', name: 'Edit', input: { file_path: path, old_string: head.join('\n'), new_string: withOverload.join('\n') } };
    const result = planned('```json\n' + JSON.stringify(call, null, 2) + '\n```\n');
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, expected);
  });

  it('a Protocol whose methods are `...` stubs, added under a shown class, is written as given (37)', () => {
    const shown = distroPy.split('\n').slice(0, 6);
    const protocol = ['', '', 'class _SupportsDistroInfo(Protocol):', '    """What main() needs from a distribution object."""', '', '    def name(self, pretty: bool = False) -> str:', '        ...', '', '    def codename(self) -> str:', '        ...'];
    const result = planned(searchReplace(shown, [...shown, ...protocol]));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, distroPy.replace(shown.join('\n') + '\n', [...shown, ...protocol].join('\n') + '\n'));
  });

  it('a `...` where the replacement leaves search lines out still stands for them: the body is kept', () => {
    const whole = distroPy.split('\n').slice(11, 23);
    const result = planned(searchReplace(whole, ['@functools.cache', 'def os_release_attr(attribute: str) -> str:', '    ...']));
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, distroPy.replace('def os_release_attr(', '@functools.cache\ndef os_release_attr('));
  });
});
