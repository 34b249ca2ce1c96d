import * as assert from 'node:assert/strict';
import { readGitQuoted, unquoteGitPath } from '../../../src/core/parse/gitQuotedPath';

describe('git quoted paths', () => {
  it('decodes octal escapes as the UTF-8 bytes of the name', () => {
    assert.equal(unquoteGitPath('"caf\\303\\251.txt"'), 'café.txt');
    assert.equal(unquoteGitPath('"messages_\\346\\227\\245\\346\\234\\254\\350\\252\\236.json"'), 'messages_日本語.json');
  });

  it('decodes the C escapes git writes, and characters written as they are', () => {
    assert.equal(unquoteGitPath('"a\\tb\\\\c\\"d\\ne"'), 'a\tb\\c"d\ne');
    assert.equal(unquoteGitPath('"déjà vu.md"'), 'déjà vu.md');
  });

  it('reads one quoted string at the start and says where it ends', () => {
    assert.deepEqual(readGitQuoted('"a/x y" "b/x y"'), { path: 'a/x y', end: 7 });
  });

  it('leaves anything that is not one well-formed quoted string to be read as a plain path', () => {
    assert.equal(unquoteGitPath('plain/path.txt'), undefined);
    assert.equal(unquoteGitPath('"unterminated'), undefined);
    assert.equal(unquoteGitPath('"bad \\q escape"'), undefined);
    assert.equal(unquoteGitPath('"a" trailing'), undefined);
  });
});
