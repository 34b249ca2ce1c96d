import * as assert from 'node:assert/strict';
import { runReply } from '../../../src/core/pipeline';

/**
 * A `git format-patch` mail pasted in a fence with no language (p55/c 21: NO_EDITS_FOUND; the
 * shape of git's t4150-am and t4014-format-patch tests). Stage: parsing
 * (src/core/parse/unifiedDiff.ts `bodyStartsWithDiff`): a fence was read as a diff only when its
 * first line started one, and a mail's headers, message and diffstat stand above the diff.
 * Material: rack 2.2.22's lib/rack/request.rb, `Request#port`.
 */

// rack 2.2.22 lib/rack/request.rb, lines 304-325.
const requestRb = [
  '      def hostname',
  '        split_authority(self.authority)[1]',
  '      end',
  '',
  '      def port',
  '        if authority = self.authority',
  '          _, _, port = split_authority(self.authority)',
  '',
  '          if port',
  '            return port',
  '          end',
  '        end',
  '',
  '        if forwarded_port = self.forwarded_port',
  '          return forwarded_port.first',
  '        end',
  '',
  '        if scheme = self.scheme',
  '          if port = DEFAULT_PORTS[self.scheme]',
  '            return port',
  '          end',
  '        end',
].join('\n') + '\n';

const path = 'lib/rack/request.rb';

const diff = [
  `diff --git a/${path} b/${path}`,
  'index 5d8c2a1..e0b7f43 100644',
  `--- a/${path}`,
  `+++ b/${path}`,
  '@@ -6,12 +6,12 @@ module Rack',
  '           _, _, port = split_authority(self.authority)',
  ' ',
  '           if port',
  '-            return port',
  '+            return port.to_i',
  '           end',
  '         end',
  ' ',
  '         if forwarded_port = self.forwarded_port',
  '-          return forwarded_port.first',
  '+          return forwarded_port.first.to_i',
  '         end',
  ' ',
  '         if scheme = self.scheme',
];

const mailHead = [
  'From 6b1f0e2c9d4a7e3b58c1f02d9a6e4b7c3d2f1a08 Mon Sep 17 00:00:00 2001',
  'From: Dev <dev@example.com>',
  'Date: Mon, 3 Jun 2024 10:12:44 +0200',
  'Subject: [PATCH] Request#port: return an Integer for authority and',
  ' forwarded ports',
  '',
  'DEFAULT_PORTS and server_port already give Integers; the two other',
  'branches returned Strings.',
  '---',
  ` ${path} | 4 ++--`,
  ' 1 file changed, 2 insertions(+), 2 deletions(-)',
  '',
];

const expected = requestRb.replace('            return port\n          end\n        end', '            return port.to_i\n          end\n        end').replace('forwarded_port.first\n', 'forwarded_port.first.to_i\n');

function planned(reply: string) {
  return runReply(reply, (p) => (p === path ? requestRb : undefined));
}

describe('pasted replies: a git format-patch mail in a fence with no language is a diff (p55/c 21)', () => {
  it('the mbox line, headers, message and diffstat above the diff, a signature under it', () => {
    const reply = `Here is the patch as produced by \`git format-patch\`:\n\n\`\`\`\n${[...mailHead, ...diff, '-- ', '2.39.2', ''].join('\n')}\n\`\`\`\n`;
    const result = planned(reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, expected);
  });

  it('a mail copied from its From: header on, without the mbox line', () => {
    const reply = `\`\`\`\n${[...mailHead.slice(1), ...diff, '-- ', '2.39.2'].join('\n')}\n\`\`\`\n`;
    const result = planned(reply);
    assert.equal(result.receipt.ok, true, JSON.stringify(result.receipt.errors));
    assert.equal(result.changes[0].newText, expected);
  });

  it('a fenced mail with no diff in it is no edit', () => {
    const reply = `\`\`\`\n${mailHead.slice(0, 8).join('\n')}\n\`\`\`\n`;
    const result = planned(reply);
    assert.equal(result.receipt.ok, false);
    assert.deepEqual(result.receipt.errors.map((e) => e.code), ['NO_EDITS_FOUND']);
  });
});
