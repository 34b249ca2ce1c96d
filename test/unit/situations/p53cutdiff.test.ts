import * as assert from 'node:assert/strict';
import { replyOnFile, writtenByReply } from '../helpers';

/**
 * A unified diff a model wrote itself (no git `index` line) whose last hunk the reply cuts off
 * mid-change. Stage: parse, the diff's last hunk against its header's counts. Its lines so far
 * were applied: an `if` with no `end`, the function's `return` gone. A model's counts are loose,
 * so only the evidence of a cut together refuses it: both sides short by different amounts, a hunk
 * with context before its change that stops on a changed line, and the diff ending the reply.
 * Whole hunks under miscounted headers are applied as before.
 */

describe('pasted replies: a hand-written diff whose last hunk the reply cuts off', () => {
  // Penlight 1.13.1 lua/pl/path.lua (Debian lua-penlight 1.13.1-3), cut to `path.relpath` and
  // the doc comment after it.
  const path = 'lua/pl/path.lua';
  const file = [
    "--- relative path from current directory or optional start point",
    "-- @string P a path",
    "-- @string[opt] start optional start point (default current directory)",
    "function path.relpath (P,start)",
    "    assert_string(1,P)",
    "    if start then assert_string(2,start) end",
    "    local split,min,append = utils.split, math.min, table.insert",
    "    P = path.abspath(P,start)",
    "    start = start or currentdir()",
    "    local compare",
    "    if path.is_windows then",
    "        P = P:gsub(\"/\",\"\\\\\")",
    "        start = start:gsub(\"/\",\"\\\\\")",
    "        compare = function(v) return v:lower() end",
    "    else",
    "        compare = function(v) return v end",
    "    end",
    "    local startl, Pl = split(start,sep), split(P,sep)",
    "    local n = min(#startl,#Pl)",
    "    if path.is_windows and n > 0 and at(Pl[1],2) == ':' and Pl[1] ~= startl[1] then",
    "        return P",
    "    end",
    "    local k = n+1 -- default value if this loop doesn't bail out!",
    "    for i = 1,n do",
    "        if compare(startl[i]) ~= compare(Pl[i]) then",
    "            k = i",
    "            break",
    "        end",
    "    end",
    "    local rell = {}",
    "    for i = 1, #startl-k+1 do rell[i] = '..' end",
    "    if k <= #Pl then",
    "        for i = k,#Pl do append(rell,Pl[i]) end",
    "    end",
    "    return table.concat(rell,sep)",
    "end",
    "",
    "",
    "--- Replace a starting '~' with the user's home directory.",
    "-- In windows, if HOME isn't set, then USERPROFILE is used in preference to",
    "-- HOMEDRIVE HOMEPATH. This is guaranteed to be writeable on all versions of Windows.",
    "-- @string P A file path",
    "function path.expanduser(P)",
  ].join('\n') + '\n';
  // The reply's diff (no `index` line): the second hunk's header counts 7 old and 11 new lines;
  // the reply stops after 4 old and 5 new, inside the new `if`.
  const cut = [
    "--- a/lua/pl/path.lua",
    "+++ b/lua/pl/path.lua",
    "@@ -460,6 +460,7 @@ function path.relpath (P,start)",
    "     local split,min,append = utils.split, math.min, table.insert",
    "     P = path.abspath(P,start)",
    "     start = start or currentdir()",
    "+    start = path.normpath(start)",
    "     local compare",
    "     if path.is_windows then",
    "         P = P:gsub(\"/\",\"\\\\\")",
    "@@ -485,7 +486,11 @@ function path.relpath (P,start)",
    "     if k <= #Pl then",
    "         for i = k,#Pl do append(rell,Pl[i]) end",
    "     end",
    "-    return table.concat(rell,sep)",
    "+    local res = table.concat(rell,sep)",
    "+    if res == '' then",
  ];
  const lead = 'Normalize `start` and return `"."` for the same-directory case:\n\n';
  const rest = ["+        return '.'", '+    end', '+    return res'];
  const whole = file
    .replace('    start = start or currentdir()\n', '    start = start or currentdir()\n    start = path.normpath(start)\n')
    .replace('    return table.concat(rell,sep)\n', "    local res = table.concat(rell,sep)\n    if res == '' then\n        return '.'\n    end\n    return res\n");

  it('refuses the whole reply when the fence that ends the reply closes inside the hunk, mid-change', () => {
    for (const reply of [lead + '```diff\n' + cut.join('\n') + '\n```\n', lead + '```diff\n' + cut.join('\n') + '\n```\n\n\n', lead + '```diff\n' + cut.join('\n') + '\n```']) {
      const planned = replyOnFile(path, file, reply);
      assert.equal(planned.changes.length, 0);
      assert.deepEqual(planned.receipt.errors.map((e) => e.code), ['INCOMPLETE_BLOCK']);
      assert.match(planned.receipt.errors[0]?.message ?? '', /counts 7 old and 11 new lines, and the fence holds 4 and 5/);
    }
  });

  it('refuses the bare diff when the end of the reply stops inside the hunk, mid-change', () => {
    const planned = replyOnFile(path, file, lead + cut.join('\n') + '\n');
    assert.equal(planned.changes.length, 0);
    assert.deepEqual(planned.receipt.errors.map((e) => e.code), ['INCOMPLETE_BLOCK']);
    assert.match(planned.receipt.errors[0]?.message ?? '', /The reply ends inside this hunk: its header counts 7 old and 11 new lines, and the reply gives 4 and 5/);
  });

  it('refuses it cut after its removed line, before any added line (the `return` deleted)', () => {
    const cutInRemoved = cut.slice(0, -2);
    const planned = replyOnFile(path, file, '```diff\n' + cutInRemoved.join('\n') + '\n```\n');
    assert.deepEqual(planned.receipt.errors.map((e) => e.code), ['INCOMPLETE_BLOCK']);
    assert.equal(planned.changes.length, 0);
  });

  it('applies the whole hunk whose header counts after-context it did not write (both sides short alike)', () => {
    // Case 17 of the probe: the hunk ends on `end`, one of the three context lines counted.
    const reply = lead + '```diff\n' + [...cut, ...rest, ' end'].join('\n') + '\n```\n\nRun `busted spec/path_spec.lua` afterwards.\n';
    assert.equal(writtenByReply(path, file, reply), whole);
    // ...also where the fence ends the reply, and bare at the reply's end.
    assert.equal(writtenByReply(path, file, lead + '```diff\n' + [...cut, ...rest, ' end'].join('\n') + '\n```\n'), whole);
    assert.equal(writtenByReply(path, file, [...cut, ...rest, ' end'].join('\n') + '\n'), whole);
  });

  it('applies the whole hunk whose header miscounts one side, with its after-context or ending on its change', () => {
    // Case 18 of the probe: `+486,12` for 11 new lines, the hunk reaching the next doc comment.
    const overNew = cut.map((line) => line.replace('@@ -485,7 +486,11 @@', '@@ -485,7 +486,12 @@'));
    const withContext = [...overNew, ...rest, ' end', ' ', ' ', " --- Replace a starting '~' with the user's home directory."];
    assert.equal(writtenByReply(path, file, '```diff\n' + withContext.join('\n') + '\n```\n'), whole);
    // No after-context, the header counting three context lines it left out on each side and one
    // new line too few: the new side over, no cut (diff-miscounted's headers are so).
    const noAfter = [...cut.map((line) => line.replace('@@ -485,7 +486,11 @@', '@@ -485,7 +486,7 @@')), ...rest];
    assert.equal(writtenByReply(path, file, '```diff\n' + noAfter.join('\n') + '\n```\n'), whole);
  });

  it('applies a hunk that stops on its change under a header counting more, when the reply goes on after the fence', () => {
    // Only the end of the reply says a stream stopped; a model that writes on after its fence
    // wrote the hunk as it meant it. Here the hunk is whole but for its after-context, which the
    // header counts, with one old line too many (4 old and 3 new lines short).
    const complete = [...cut.map((line) => line.replace('@@ -485,7 +486,11 @@', '@@ -485,8 +486,11 @@')), ...rest];
    assert.equal(writtenByReply(path, file, lead + '```diff\n' + complete.join('\n') + '\n```\n\nThat is all.\n'), whole);
  });

  it('creates a new file whose hand-written header over-counts its lines', () => {
    const planned = replyOnFile(path, file, ['--- /dev/null', '+++ b/lua/pl/extra.lua', '@@ -0,0 +1,6 @@', '+local M = {}', '+return M'].join('\n') + '\n');
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes.find((change) => change.path === 'lua/pl/extra.lua')?.newText, 'local M = {}\nreturn M\n');
  });
});
