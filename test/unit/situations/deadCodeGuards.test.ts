import * as assert from 'node:assert/strict';
import { replyOnFile, writtenByReply } from '../helpers';

/**
 * New lines next to an exit that only leaves when its condition holds. Stage: elision merge, the
 * checks of code an exit would leave unreachable (`keptAfterExit`, `addedAfterKeptExit` in
 * src/core/elisionMerge/tails.ts): a Ruby or Perl statement modifier (`return false if ...`,
 * `return unless ...`) makes the exit conditional, so the lines after it run; a Python conditional
 * expression (`return a if b else c`) and a plain `return` still leave the block.
 */

describe('pasted replies: a new guard under a Ruby or Perl `return ... if/unless` guard the file keeps (p53/a 12, 13)', () => {
  // rack 2.2.22 lib/rack/deflater.rb, lines 115-144 (the end of the class).
  const deflater = [
    "        @body.close if @body.respond_to?(:close)",
    "      end",
    "    end",
    "",
    "    private",
    "",
    "    # Whether the body should be compressed.",
    "    def should_deflate?(env, status, headers, body)",
    "      # Skip compressing empty entity body responses and responses with",
    "      # no-transform set.",
    "      if Utils::STATUS_WITH_NO_ENTITY_BODY.key?(status.to_i) ||",
    "          /\\bno-transform\\b/.match?(headers['Cache-Control'].to_s) ||",
    "          headers['Content-Encoding']&.!~(/\\bidentity\\b/)",
    "        return false",
    "      end",
    "",
    "      # Skip if @compressible_types are given and does not include request's content type",
    "      return false if @compressible_types && !(headers.has_key?('Content-Type') && @compressible_types.include?(headers['Content-Type'][/[^;]*/]))",
    "",
    "      # Skip if @condition lambda is given and evaluates to false",
    "      return false if @condition && !@condition.call(env, status, headers, body)",
    "",
    "      # No point in compressing empty body, also handles usage with",
    "      # Rack::Sendfile.",
    "      return false if headers[CONTENT_LENGTH] == '0'",
    "",
    "      true",
    "    end",
    "  end",
    "end",
  ].join('\n');
  const guard = "      return false if @min_size && headers[CONTENT_LENGTH] && headers[CONTENT_LENGTH].to_i < @min_size";
  const rackReply = [
    'Add a `min_size` threshold to `should_deflate?`:',
    '',
    '```ruby',
    '# lib/rack/deflater.rb',
    '    def should_deflate?(env, status, headers, body)',
    '      # ... existing code ...',
    '',
    '      # No point in compressing empty body, also handles usage with',
    '      # Rack::Sendfile.',
    "      return false if headers[CONTENT_LENGTH] == '0'",
    '',
    '      # Skip bodies smaller than the configured :min_size',
    guard,
    '',
    '      true',
    '    end',
    '```',
    '',
  ].join('\n');

  it('adds the new Ruby guard under the kept `return false if ...`, before `true`', () => {
    const lines = deflater.split('\n');
    const at = lines.indexOf("      return false if headers[CONTENT_LENGTH] == '0'");
    const expected = [...lines.slice(0, at + 1), '', '      # Skip bodies smaller than the configured :min_size', guard, ...lines.slice(at + 1)].join('\n');
    assert.equal(writtenByReply('lib/rack/deflater.rb', deflater, rackReply), expected);
  });

  it('still refuses the new line after a plain `return false` the file keeps (it would never run)', () => {
    const plain = deflater.replace("      return false if headers[CONTENT_LENGTH] == '0'", '      return false');
    const planned = replyOnFile('lib/rack/deflater.rb', plain, rackReply.replace("      return false if headers[CONTENT_LENGTH] == '0'", '      return false'));
    assert.equal(planned.receipt.ok, false);
    assert.match(planned.receipt.errors[0].message, /would never run/);
  });

  // git 2.39.5 perl/Git.pm, lines 588-616 (tab-indented).
  const gitPm = [
    "\t\t\tprint STDERR \"\\n\";",
    "\t\t\tSTDERR->flush;",
    "\t\t} else {",
    "\t\t\tchomp($ret = <STDIN>);",
    "\t\t}",
    "\t}",
    "\treturn $ret;",
    "}",
    "",
    "sub _prompt {",
    "\tmy ($askpass, $prompt) = @_;",
    "\treturn unless length $askpass;",
    "\t$prompt =~ s/\\n/ /g;",
    "\tmy $ret;",
    "\topen my $fh, \"-|\", $askpass, $prompt or return;",
    "\t$ret = <$fh>;",
    "\t$ret =~ s/[\\015\\012]//g; # strip \\r\\n, chomp does not work on all systems (i.e. windows) as expected",
    "\tclose ($fh);",
    "\treturn $ret;",
    "}",
    "",
    "=item repo_path ()",
    "",
    "Return path to the git repository. Must be called on a repository instance.",
    "",
    "=cut",
    "",
    "sub repo_path { $_[0]->{opts}->{Repository} }",
    "",
  ].join('\n');
  const perlReply = [
    'Bail out early when GIT_ASKPASS is not executable:',
    '',
    '```perl',
    '# perl/Git.pm',
    'sub _prompt {',
    '\tmy ($askpass, $prompt) = @_;',
    '\treturn unless length $askpass;',
    '\treturn unless -x $askpass;',
    '\t$prompt =~ s/\\n/ /g;',
    '\t# ... existing code ...',
    '}',
    '```',
    '',
  ].join('\n');

  it('adds the Perl `return unless -x $askpass;` between the kept guard and the kept line after it', () => {
    const expected = gitPm.replace('\treturn unless length $askpass;\n', '\treturn unless length $askpass;\n\treturn unless -x $askpass;\n');
    assert.notEqual(expected, gitPm);
    assert.equal(writtenByReply('perl/Git.pm', gitPm, perlReply), expected);
  });

  it('reads a Python conditional expression (`return a if b else c`) as an exit: the line after it is refused', () => {
    const file = ['def pick(a, b, flag):', '    total = a + b', '    return a if flag else b', '', '', 'def other():', '    pass', ''].join('\n');
    const reply = ['```python', '# pick.py', 'def pick(a, b, flag):', '    # ... existing code ...', '    return a if flag else b', '    log(total)', '```', ''].join('\n');
    const planned = replyOnFile('pick.py', file, reply);
    assert.equal(planned.receipt.ok, false);
    assert.match(planned.receipt.errors[0].message, /would never run/);
  });
});
