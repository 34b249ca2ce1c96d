import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createStreamingParser, type StreamEvent } from '../../../src/core/parse/streaming';
import { parseReply } from '../../../src/core/parse/registry';

function feed(text: string, size: number): { events: StreamEvent[]; final: StreamEvent[]; result: ReturnType<typeof parseReply> } {
  const parser = createStreamingParser();
  const events: StreamEvent[] = [];
  for (let i = 0; i < text.length; i += size) events.push(...parser.push(text.slice(i, i + size)));
  const { reply, events: final } = parser.finish();
  return { events, final, result: reply };
}

const DIFF = ['```diff', '--- a/f.txt', '+++ b/f.txt', '@@ -1,2 +1,2 @@', ' a', '-b', '+B', '```'];
const PATCH = ['*** Begin Patch', '*** Update File: g.py', '@@ def f():', '-    return 1', '+    return 2', '*** End Patch'];
const JSON_CALL = ['```json', '{"file_path": "h.ts", "old_string": "x", "new_string": "y"}', '```'];

const MIXED = ['Intro text.', '', ...DIFF, '', 'Then the patch:', ...PATCH, '', 'And a tool call:', ...JSON_CALL, '', 'Bye.', ''].join('\n');

describe('streaming parser', () => {
  it('end() equals parseReply for every chunk size, CRLF split across chunks included', () => {
    for (const text of [MIXED, MIXED.replace(/\n/g, '\r\n'), MIXED.replace(/\n/g, '\r')]) {
      for (const size of [1, 2, 3, 7, 16, 64, 100000]) {
        const { result } = feed(text, size);
        assert.deepEqual(result, parseReply(text), `size ${size}`);
      }
    }
  });

  it('reports each block started then completed, once, in order, with reply numbering', () => {
    const { events, final } = feed(MIXED, 5);
    const all = [...events, ...final];
    const completed = all.filter((e) => e.type === 'blockCompleted');
    assert.deepEqual(completed.map((e) => e.type === 'blockCompleted' && [e.block, e.format]), [[1, 'unified-diff'], [2, 'apply-patch'], [3, 'json-tool']]);
    // The first blocks are reported while the stream is still running, not only at the end.
    assert.ok(events.filter((e) => e.type === 'blockCompleted').length >= 2);
    const started = all.filter((e) => e.type === 'blockStarted');
    assert.equal(started.length, 3);
    for (const block of completed) {
      const startIndex = all.findIndex((e) => e.type === 'blockStarted' && block.type === 'blockCompleted' && e.startLine === block.startLine);
      assert.ok(startIndex >= 0 && startIndex < all.indexOf(block));
    }
    const expected = parseReply(MIXED);
    const streamedOps = completed.flatMap((e) => (e.type === 'blockCompleted' ? e.ops : []));
    assert.deepEqual(streamedOps, expected.ops);
  });

  it('announces a block as soon as its start is visible', () => {
    const parser = createStreamingParser();
    const events = parser.push(['Intro', '', '*** Begin Patch', '*** Update File: g.py', '@@', '-a', ''].join('\n'));
    assert.deepEqual(events, [{ type: 'blockStarted', format: 'apply-patch', startLine: 3 }]);
    assert.deepEqual(parser.push('+b\n'), []);
  });

  it('reports an unfinished block as incomplete at the end, never as completed', () => {
    const text = ['Intro', ...DIFF, 'then', ...PATCH.slice(0, 4)].join('\n');
    const { events, final, result } = feed(text, 3);
    assert.deepEqual(result, parseReply(text));
    const all = [...events, ...final];
    const incomplete = all.filter((e) => e.type === 'incomplete');
    assert.equal(incomplete.length, 1);
    assert.equal(incomplete[0].type === 'incomplete' && incomplete[0].block, 2);
    assert.ok(!all.some((e) => e.type === 'blockCompleted' && e.format === 'apply-patch'));
  });

  it('end() is idempotent and push after end does nothing', () => {
    const parser = createStreamingParser();
    parser.push(MIXED);
    const first = parser.end();
    assert.deepEqual(parser.push('more'), []);
    assert.equal(parser.end(), first);
    assert.deepEqual(parser.finish().events, parser.finish().events);
  });

  it('matches parseReply on every conformance reply, fed in small chunks', () => {
    const dir = path.resolve(__dirname, '../../../../../shared/conformance/cases');
    if (!fs.existsSync(dir)) return;
    for (const file of fs.readdirSync(dir)) {
      const edit = (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { edit: string }).edit;
      assert.deepEqual(feed(edit, 7).result, parseReply(edit), file);
    }
  });

  it('matches parseReply on every golden fixture reply, fed in odd chunks', () => {
    const dir = path.resolve(__dirname, '../../../../test/fixtures');
    if (!fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name, 'reply.md');
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const size of [1, 13, 97]) assert.deepEqual(feed(text, size).result, parseReply(text), `${name} / ${size}`);
    }
  });

  it('reports, over its events, the same ops as parseReply for every golden fixture reply', () => {
    const dir = path.resolve(__dirname, '../../../../test/fixtures');
    const mismatches: string[] = [];
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name, 'reply.md');
      if (!fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const size of [1, 5, 16, 100_000]) {
        const { events, final, result } = feed(text, size);
        const ops = [...events, ...final].flatMap((e) => (e.type === 'blockCompleted' ? e.ops : []));
        try {
          assert.deepEqual(ops, result.ops);
        } catch {
          mismatches.push(`${name} / ${size}`);
        }
      }
    }
    assert.deepEqual(mismatches, []);
  });

  it('a long reply (400 blocks, 300 KB, CRLF) reports every block once over live and final events, and end() equals parseReply', () => {
    const source = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'src', 'core', 'pipeline.ts'), 'utf8').split('\n');
    const blocks: string[] = [];
    for (let k = 0; k < 400; k++) {
      const at = (k * 7) % (source.length - 12);
      const search = source.slice(at, at + 10);
      blocks.push(`Change ${k + 1}:\r\n\r\nsrc/core/pipeline.ts\r\n\`\`\`ts\r\n<<<<<<< SEARCH\r\n${search.join('\r\n')}\r\n=======\r\n${search.join('\r\n')}\r\n// ${k}\r\n>>>>>>> REPLACE\r\n\`\`\`\r\n`);
    }
    const reply = blocks.join('\r\n');
    assert.ok(reply.length > 250_000);
    const { events, final, result } = feed(reply, 16);
    const completed = [...events, ...final].filter((e) => e.type === 'blockCompleted');
    assert.deepEqual(completed.map((e) => (e.type === 'blockCompleted' ? e.block : 0)), blocks.map((_, k) => k + 1));
    assert.ok(events.some((e) => e.type === 'blockCompleted'), 'the first blocks are reported live');
    assert.deepEqual(completed.flatMap((e) => (e.type === 'blockCompleted' ? e.ops : [])), result.ops);
    assert.deepEqual(result, parseReply(reply));
  });

  it('reports one huge unfinished block as incomplete (its cost is measured by npm run bench)', () => {
    const text = '```diff\n--- a/x\n+++ b/x\n@@\n' + ' context line\n-old line\n+new line\n'.repeat(30000);
    const parser = createStreamingParser();
    for (let i = 0; i < text.length; i += 16) parser.push(text.slice(i, i + 16));
    const result = parser.end();
    assert.equal(result.problems[0].code, 'INCOMPLETE_BLOCK');
  });
});

describe('streaming parser: blocks with a path line before their fence', () => {
  it('reports each block completed once when fed in small chunks', () => {
    const reply = 'Two edits:\n\nsrc/a.ts\n```ts\n<<<<<<< SEARCH\nconst a = 1;\n=======\nconst a = 2;\n>>>>>>> REPLACE\n```\n\nsrc/b.ts\n```ts\n<<<<<<< SEARCH\nconst b = 1;\n=======\nconst b = 2;\n>>>>>>> REPLACE\n```\n';
    const parser = createStreamingParser();
    const events = [];
    for (let i = 0; i < reply.length; i += 9) events.push(...parser.push(reply.slice(i, i + 9)));
    const result = parser.finish();
    events.push(...result.events);
    const completed = events.filter((e) => e.type === 'blockCompleted');
    assert.deepEqual(completed.map((e) => e.type === 'blockCompleted' && e.path), ['src/a.ts', 'src/b.ts']);
  });
});

describe('streaming parser: a reply of ordinary length', () => {
  it('reports every finished block while the stream runs, not only at the end (30 blocks, 16-character chunks)', () => {
    // Real code as block content: this repository's own ladder and planner, cut into 30 edits of 12 lines.
    const core = path.join(__dirname, '..', '..', '..', '..', 'src', 'core');
    const files = ['locate', 'place'].flatMap((folder) => fs.readdirSync(path.join(core, folder)).sort().map((name) => path.join(core, folder, name))).filter((file) => fs.statSync(file).isFile());
    const source = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n').split('\n');
    assert.ok(source.length >= 360, `${source.length} lines of source`);
    const blocks: string[] = [];
    for (let k = 0; k < 30; k++) {
      const search = source.slice(k * 12, k * 12 + 12);
      const replace = [...search.slice(0, 11), search[11] + ' // edited'];
      blocks.push(`Change ${k + 1}:\n\nsrc/core/pipeline.ts\n\`\`\`ts\n<<<<<<< SEARCH\n${search.join('\n')}\n=======\n${replace.join('\n')}\n>>>>>>> REPLACE\n\`\`\`\n`);
    }
    const reply = blocks.join('\n');
    assert.ok(reply.length > 20_000, `the reply has ${reply.length} characters`);
    const parser = createStreamingParser();
    const live: StreamEvent[] = [];
    for (let i = 0; i < reply.length; i += 16) live.push(...parser.push(reply.slice(i, i + 16)));
    const { reply: result, events: final } = parser.finish();
    const liveCompleted = live.filter((e) => e.type === 'blockCompleted');
    // The last block can only be seen closed once the stream ends.
    assert.ok(liveCompleted.length >= 29, `${liveCompleted.length} of 30 blocks reported during the stream`);
    const all = [...liveCompleted, ...final.filter((e) => e.type === 'blockCompleted')];
    assert.deepEqual(all.flatMap((e) => (e.type === 'blockCompleted' ? e.ops : [])), result.ops);
    assert.deepEqual(result, parseReply(reply));
  });
});
