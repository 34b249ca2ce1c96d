import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/index';
import type { ReplaceLinesOp } from '../../../src/core/ir';
import { parseReply } from '../../../src/core/parse/registry';
import { proposed } from '../helpers';

const file = ['def area(w, h):', '    return w * h', '', 'def perimeter(w, h):', '    return 2 * (w + h)', ''].join('\n');

describe("SWE-agent's edit N:M … end_of_edit", () => {
  it('reads the command, fenced or bare, for the file an open line of the reply names or the target file', () => {
    const r = parseReply(['DISCUSSION', 'Fix it.', '```', 'edit 2:2', '    return abs(w * h)', 'end_of_edit', '```'].join('\n'));
    assert.deepEqual(r.problems, []);
    const op = r.ops[0] as ReplaceLinesOp;
    assert.deepEqual([op.kind, op.path, op.firstLine, op.lastLine, op.text], ['replaceLines', undefined, 2, 2, '    return abs(w * h)\n']);
    const opened = parseReply(['open "src/shapes.py" 12', 'edit 4:5', 'x', 'end_of_edit'].join('\n'));
    assert.equal((opened.ops[0] as ReplaceLinesOp).path, 'src/shapes.py');
    const cut = parseReply(['edit 1:1', 'y', 'end_of_edit', 'edit 4:5', 'x'].join('\n'));
    assert.deepEqual([cut.ops.length, cut.problems.map((p) => p.code)], [1, ['INCOMPLETE_BLOCK']]);
  });

  it('replaces the lines when they resemble the new text, counted on the file as earlier edits left it; refuses numbers that are not this file\'s', () => {
    const read = (p: string) => (p === 'shapes.py' ? file : undefined);
    const one = runReply(['edit 2:2', '    return abs(w * h)', 'end_of_edit'].join('\n'), read, { hintPath: 'shapes.py' });
    assert.equal(proposed(one, 'shapes.py'), file.replace('    return w * h', '    return abs(w * h)'));
    // The second command counts lines after the first one added two.
    const two = runReply(['edit 1:2', '"""Shapes."""', '', 'def area(w, h):', '    return w * h', 'end_of_edit', 'edit 7:7', '    return 2 * abs(w + h)', 'end_of_edit'].join('\n'), read, { hintPath: 'shapes.py' });
    assert.equal(proposed(two, 'shapes.py'), '"""Shapes."""\n\n' + file.replace('2 * (w + h)', '2 * abs(w + h)'));
    for (const wrong of [['edit 4:4', '    return 2 * abs(w + h)', 'end_of_edit'], ['edit 9:10', 'x = 1', 'end_of_edit']]) {
      const refused = runReply(wrong.join('\n'), read, { hintPath: 'shapes.py' });
      assert.equal(refused.changes.length, 0, wrong[0]);
      assert.equal(refused.receipt.errors[0]?.code, 'NO_MATCH', wrong[0]);
    }
  });

  it('refuses a range one line short whose text ends with the line after it (a closing `)` written twice), and moves one whose both edges sit one line off', () => {
    // pydicom's pixel_data_handlers/numpy_handler.py, lines 283-298 as SWE-agent's view showed them
    // (here lines 1-16): GPT-4's `edit 287:295` (here 5:13) rewrote the check through its closing
    // `)`, which is line 296 (14). SWE-agent's lint refused it; its accepted retry was `edit 287:296`.
    const handler = [
      '            "Pixel Data or Double Float Pixel Data must be present in "',
      '            "the dataset"',
      '        )',
      '',
      '    required_elements = [',
      "        'BitsAllocated', 'Rows', 'Columns', 'PixelRepresentation',",
      "        'SamplesPerPixel', 'PhotometricInterpretation'",
      '    ]',
      '    missing = [elem for elem in required_elements if elem not in ds]',
      '    if missing:',
      '        raise AttributeError(',
      '            "Unable to convert the pixel data as the following required "',
      '            "elements are missing from the dataset: " + ", ".join(missing)',
      '        )',
      '',
      '    # May be Pixel Data, Float Pixel Data or Double Float Pixel Data',
      '',
    ].join('\n');
    const block = [
      '    required_elements = [',
      "        'BitsAllocated', 'Rows', 'Columns', 'SamplesPerPixel', 'PhotometricInterpretation'",
      '    ]',
      "    if 'PixelData' in ds:",
      "        required_elements.append('PixelRepresentation')",
      '    missing = [elem for elem in required_elements if elem not in ds]',
      '    if missing:',
      '        raise AttributeError(',
      '            "Unable to convert the pixel data as the following required "',
      '            "elements are missing from the dataset: " + ", ".join(missing)',
      '        )',
    ];
    const read = (p: string) => (p === 'numpy_handler.py' ? handler : undefined);
    const edit = (range: string, lines: readonly string[]) => runReply([`edit ${range}`, ...lines, 'end_of_edit'].join('\n'), read, { hintPath: 'numpy_handler.py' });
    const lines = handler.split('\n');
    const fixed = [...lines.slice(0, 4), ...block, ...lines.slice(14)].join('\n');
    assert.equal(proposed(edit('5:14', block), 'numpy_handler.py'), fixed);
    // The trajectory's second call: one line short.
    const short = edit('5:13', block);
    assert.equal(short.changes.length, 0);
    assert.equal(short.receipt.errors[0]?.code, 'NO_MATCH');
    assert.match(short.receipt.errors[0].message, /ends with line 14 of numpy_handler\.py \(`\)`\).*stand twice.*5:14/);
    // Its first call also left out `required_elements = [`: the text's first line rewrites line 6
    // (the list's first row), so the range moved one line down keeps line 5 and writes the fix.
    const firstCall = edit('5:13', block.slice(1));
    assert.equal(proposed(firstCall, 'numpy_handler.py'), fixed);
    assert.match(JSON.stringify(firstCall.receipt), /its first rewrites line 6: taken as lines 6-14/);
    // Both edge lines one line below the range's (6:15 for 5:14): the one shift that puts them in place.
    const below = edit('6:15', block);
    assert.equal(proposed(below, 'numpy_handler.py'), fixed);
    assert.match(JSON.stringify(below.receipt), /taken as lines 5-14/);
  });

  it('moves a range one line short whose text rewrites the line after its first and ends with the line after its last (was: NO_MATCH, suggesting a range that deleted `) -> None:`)', () => {
    // encode/starlette starlette/middleware/trustedhost.py @0064cae, lines 10-20 (line 16 is `    ) -> None:`).
    const trustedhost = [
      ...Array.from({ length: 9 }, (_, i) => `# line ${i + 1}`),
      'class TrustedHostMiddleware:',
      '    def __init__(',
      '        self,',
      '        app: ASGI3Application,',
      '        allowed_hosts: typing.Sequence[str] = None,',
      '        www_redirect: bool = True,',
      '    ) -> None:',
      '        if allowed_hosts is None:',
      '            allowed_hosts = ["*"]',
      '',
      '        for pattern in allowed_hosts:',
      '',
    ].join('\n');
    const path = 'starlette/middleware/trustedhost.py';
    const edit = (range: string, lines: readonly string[]) => runReply(['Treat an empty list like None.', '', '```', `edit ${range}`, ...lines, 'end_of_edit', '```'].join('\n'), (p) => (p === path ? trustedhost : undefined), { hintPath: path });
    const text = ['        if not allowed_hosts:', '            allowed_hosts = ["*"]'];
    const moved = edit('16:17', text);
    assert.equal(proposed(moved, path), trustedhost.replace('if allowed_hosts is None:', 'if not allowed_hosts:'));
    assert.match(JSON.stringify(moved.receipt), /its last line stands at 18 and its first rewrites line 17: taken as lines 17-18/);
    // A first line that rewrites neither line 16 nor line 17 says nothing of where the text goes.
    const unrelated = edit('16:17', ['        self.strict = True', '            allowed_hosts = ["*"]']);
    assert.deepEqual([unrelated.changes.length, unrelated.receipt.errors[0]?.code], [0, 'NO_MATCH']);
    // Nor does it name 16:18, which would have the text replace line 16's `) -> None:` as well.
    assert.match(unrelated.receipt.errors[0].message, /stand twice, and its first line is neither line 16 nor a version of it/);
    assert.doesNotMatch(unrelated.receipt.errors[0].message, /16:18/);
  });
});

// CopilotChat.nvim's lua/CopilotChat/utils/diff.lua @35ad8ff: its lines 1-58, and its lines 168-180
// (the file the probe's range replies were written against).
const diffLua = [
  "local M = {}",
  "",
  "--- Parse unified diff hunks from diff text",
  "---@param diff_text string",
  "---@return table hunks",
  "local function parse_hunks(diff_text)",
  "  local hunks = {}",
  "  local current_hunk = nil",
  "  for _, line in ipairs(vim.split(diff_text, '\\n')) do",
  "    if line:match('^@@') then",
  "      if current_hunk then",
  "        table.insert(hunks, current_hunk)",
  "      end",
  "      local start_old, len_old, start_new, len_new = line:match('@@%s%-(%d+),?(%d*)%s%+(%d+),?(%d*)%s@@')",
  "      current_hunk = {",
  "        start_old = tonumber(start_old),",
  "        len_old = tonumber(len_old) or 1,",
  "        start_new = tonumber(start_new),",
  "        len_new = tonumber(len_new) or 1,",
  "        old_snippet = {},",
  "        new_snippet = {},",
  "      }",
  "    elseif current_hunk then",
  "      local prefix, rest = line:sub(1, 1), tostring(line:sub(2))",
  "      if prefix == '-' then",
  "        table.insert(current_hunk.old_snippet, rest)",
  "      elseif prefix == '+' then",
  "        table.insert(current_hunk.new_snippet, rest)",
  "      elseif prefix == ' ' then",
  "        table.insert(current_hunk.old_snippet, rest)",
  "        table.insert(current_hunk.new_snippet, rest)",
  "      end",
  "    end",
  "  end",
  "  if current_hunk then",
  "    table.insert(hunks, current_hunk)",
  "  end",
  "  return hunks",
  "end",
  "",
  "--- Apply a single hunk to content, with fallback/context logic",
  "---@param hunk table",
  "---@param content string",
  "---@return string patched_content, boolean applied_cleanly",
  "local function apply_hunk(hunk, content)",
  "  local dmp = require('CopilotChat.vendor.diff_match_patch')",
  "  local patch = dmp.patch_make(table.concat(hunk.old_snippet, '\\n'), table.concat(hunk.new_snippet, '\\n'))",
  "",
  "  -- First try: direct application",
  "  local patched, results = dmp.patch_apply(patch, content)",
  "  if not vim.tbl_contains(results, false) then",
  "    return patched, true",
  "  end",
  "",
  "  -- Fallback: try smaller context window",
  "  local lines = vim.split(content, '\\n')",
  "  local insert_idx = hunk.start_old or 1",
  "  if not hunk.start_old then",
].join('\n') + '\n';
const applyDiffLua = [
  "--- Apply a diff (unified or indices) to buffer lines",
  "---@param block CopilotChat.ui.chat.Block Block containing diff info",
  "---@param bufnr integer Buffer number",
  "---@return table new_lines",
  "function M.apply_diff(block, bufnr)",
  "  local diff, content = M.get_diff(block, bufnr)",
  "  local new_lines, applied, _, _ = M.apply_unified_diff(diff, content)",
  "  if not applied then",
  "    vim.notify('Diff for ' .. block.header.filename .. ' failed to apply cleanly for:\\n' .. diff, vim.log.levels.WARN)",
  "  end",
  "",
  "  return new_lines",
  "end",
].join('\n') + '\n';
const luaPath = 'lua/CopilotChat/utils/diff.lua';

describe("CopilotChat's path= start_line= end_line= fences and avante's Replace lines: N-M", () => {
  const run = (reply: string, text: string, hintPath?: string) => runReply(reply, (p) => (p === luaPath ? text : undefined), hintPath ? { hintPath } : {});
  const ranged = (first: number, last: number, body: string[]) => ['```lua path=' + luaPath + ` start_line=${first} end_line=${last}`, ...body, '```'].join('\n');
  const lines = diffLua.split('\n');
  const withLines = (first: number, last: number, body: string[]) => [...lines.slice(0, first - 1), ...body, ...lines.slice(last)].join('\n');

  it('reads the range off the fence, or off the line above it, for the fence\'s file or the target file', () => {
    const copilot = parseReply(ranged(35, 37, ['  end'])).ops[0] as ReplaceLinesOp;
    assert.deepEqual([copilot.kind, copilot.path, copilot.firstLine, copilot.lastLine, copilot.countedOnOriginal], ['replaceLines', luaPath, 35, 37, true]);
    const avante = parseReply(['Flush the last hunk:', '', 'Replace lines: 35-37', '```lua', '  end', '```'].join('\n')).ops[0] as ReplaceLinesOp;
    assert.deepEqual([avante.path, avante.firstLine, avante.lastLine, avante.source.startLine], [undefined, 35, 37, 3]);
    assert.deepEqual(parseReply(['```lua path=a.lua start_line=1 end_line=2', 'x = 1'].join('\n')).problems.map((p) => p.code), ['INCOMPLETE_BLOCK']);
  });

  it('deletes what the range drops though the kept lines are already in the file (was: "already applied", nothing written)', () => {
    const kept = ['  -- Fallback: try smaller context window', "  local lines = vim.split(content, '\\n')"];
    const r = run(ranged(49, 56, kept), diffLua);
    assert.deepEqual(r.receipt.errors, []);
    assert.equal(proposed(r, luaPath), withLines(49, 56, kept));
  });

  it('replaces a range whose lines the file repeats elsewhere (35-37 and, deeper, 11-13), and a range given to avante for the target file', () => {
    const flush = ['  if current_hunk ~= nil then', '    hunks[#hunks + 1] = current_hunk', '  end'];
    assert.equal(proposed(run(ranged(35, 37, flush), diffLua), luaPath), withLines(35, 37, flush));
    const reset = ['      if current_hunk then', '        table.insert(hunks, current_hunk)', '        current_hunk = nil', '      end'];
    assert.equal(proposed(run(ranged(11, 13, reset), diffLua), luaPath), withLines(11, 13, reset));
    assert.equal(proposed(run(['Replace lines: 35-37', '```lua', ...flush, '```'].join('\n'), diffLua, luaPath), luaPath), withLines(35, 37, flush));
  });

  it('moves stale numbers by the one shift that puts the text\'s first and last lines at the range\'s edges; refuses numbers that would repeat the lines next to the range', () => {
    // The new M.apply_diff is lines 5-13 here; the reply says 3-11 (two lines early).
    const body = applyDiffLua.split('\n').slice(4, 13);
    body.splice(4, 1, "    local name = block.header.filename or 'buffer'", "    vim.notify('Diff for ' .. name .. ' failed to apply cleanly for:\\n' .. diff, vim.log.levels.WARN)");
    const expected = [...applyDiffLua.split('\n').slice(0, 4), ...body, ''].join('\n');
    const stale = run(ranged(3, 11, body), applyDiffLua);
    assert.equal(proposed(stale, luaPath), expected);
    assert.match(stale.receipt.files[0].edits[0].warnings?.join() ?? '', /taken as lines 5-13/);
    // Its first line rewritten too, nothing says where it goes: the tail it repeats refuses it.
    const rewritten = ['function M.apply_diff(block, buffer)', ...body.slice(1)];
    const refused = run(ranged(3, 11, rewritten), applyDiffLua);
    assert.deepEqual([refused.changes.length, refused.receipt.errors[0]?.code], [0, 'NO_MATCH']);
    assert.match(refused.receipt.errors[0].message, /repeat those lines/);
  });

  it('still refuses a range whose lines have nothing in common with the new text, or whose text elides code', () => {
    const skipped = ['  -- Direct application is skipped: always use the context window', '  local patched = content'];
    assert.equal(run(ranged(49, 54, skipped), diffLua).receipt.errors[0]?.code, 'NO_MATCH');
    const elided = ['  if current_hunk then', '    -- ... existing code ...', '  end'];
    assert.equal(run(ranged(35, 37, elided), diffLua).receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
  });
});

