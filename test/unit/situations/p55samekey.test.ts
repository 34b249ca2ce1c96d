import * as assert from 'node:assert/strict';
import { onTarget, writtenOnTarget } from '../helpers';

/**
 * Lazy snippets that change `key = value` lines right below a line they show unchanged and then
 * write a marker (probes p54/a 40 and 24, p53/c 07). Stage: elision merge, a region's new last
 * lines before a marker (`reassignedFileLines` in src/core/elisionMerge/sameTargets.ts, called
 * from blankEdges.ts). Read as written beside the file's lines there, which the marker keeps, the
 * new lines assigned each key twice in a row; the merge refused the guess between that and an
 * edit of those lines. Each new line assigning the same target as the file's line at its
 * position, one for one, is that line's new value. A file line that reads its own target, lines
 * that do not pair up, declarations and augmented assignments keep the old reading.
 */

/** The refusal code of a reply run on `file` at `path` (undefined when it applied). */
function refusal(path: string, file: string, reply: string): string | undefined {
  const planned = onTarget(path, file, reply);
  return planned.receipt.ok ? undefined : planned.receipt.errors[0]?.code;
}

describe('pasted replies: new values for the assignments under a line shown, then a marker (nowinandroid app/build.gradle.kts)', () => {
  // android/nowinandroid app/build.gradle.kts @00efda5, lines 18-45 (the plugins block cut to two lines).
  const path = 'app/build.gradle.kts';
  const file = [
    'plugins {',
    '    alias(libs.plugins.nowinandroid.android.application)',
    '    alias(libs.plugins.kotlin.serialization)',
    '}',
    '',
    'android {',
    '    defaultConfig {',
    '        applicationId = "com.google.samples.apps.nowinandroid"',
    '        versionCode = 8',
    '        versionName = "0.1.2" // X.Y.Z; X = Major, Y = minor, Z = Patch level',
    '',
    '        // Custom test runner to set up Hilt dependency graph',
    '        testInstrumentationRunner = "com.google.samples.apps.nowinandroid.core.testing.NiaTestRunner"',
    '        vectorDrawables {',
    '            useSupportLibrary = true',
    '        }',
    '    }',
    '',
    '    buildTypes {',
    '        debug {',
    '            applicationIdSuffix = NiaBuildType.DEBUG.applicationIdSuffix',
    '        }',
    '    }',
    '}',
    '',
  ].join('\n');
  /** The reply of probe p54/a case 40, with `assignments` in place of its two changed lines. */
  const reply = (assignments: readonly string[]) =>
    [
      'Bump the version for the next release:',
      '',
      '```kotlin',
      '// app/build.gradle.kts',
      '// ... existing code ...',
      'android {',
      '    defaultConfig {',
      '        applicationId = "com.google.samples.apps.nowinandroid"',
      ...assignments.map((line) => `        ${line}`),
      '',
      '        // ... existing code ...',
      '    }',
      '    // ... existing code ...',
      '}',
      '// ... existing code ...',
      '```',
      '',
    ].join('\n');

  it('gives versionCode and versionName their new values (was: refused, "whether the new lines replace them or go above them is a guess")', () => {
    const meant = file.replace('versionCode = 8', 'versionCode = 9').replace('versionName = "0.1.2"', 'versionName = "0.1.3"');
    assert.equal(writtenOnTarget(path, file, reply(['versionCode = 9', 'versionName = "0.1.3" // X.Y.Z; X = Major, Y = minor, Z = Patch level'])), meant);
  });

  it('still refuses when the new lines do not pair up with the file\'s one for one (a third key, or the two swapped)', () => {
    assert.equal(refusal(path, file, reply(['versionCode = 9', 'versionName = "0.1.3"', 'versionNameSuffix = "-beta"'])), 'ELISION_UNRESOLVED');
    assert.equal(refusal(path, file, reply(['versionName = "0.1.3"', 'versionCode = 9'])), 'ELISION_UNRESOLVED');
  });

  it('still refuses declarations and augmented assignments, which say nothing of one target given a new value', () => {
    const declared = file.replace('versionCode = 8', 'val versionCode = 8');
    assert.equal(refusal(path, declared, reply(['val versionCode = 9', 'versionName = "0.1.3" // X.Y.Z; X = Major, Y = minor, Z = Patch level'])), 'ELISION_UNRESOLVED');
    const augmented = file.replace('versionCode = 8', 'versionCode += 8');
    assert.equal(refusal(path, augmented, reply(['versionCode += 9', 'versionName = "0.1.3" // X.Y.Z; X = Major, Y = minor, Z = Patch level'])), 'ELISION_UNRESOLVED');
  });
});

describe('pasted replies: a changed attribute right under the attribute shown, then a marker (terraform-aws-security-group main.tf)', () => {
  // terraform-aws-modules/terraform-aws-security-group main.tf @0089455, lines 743-775 (egress_with_self,
  // the `to_port` and `protocol` lookups cut), with ingress_with_self and computed_egress_with_self
  // made from it as the file's template makes them: the comment line above stands twice.
  const egress = [
    '# Security group rules with "self", but without "cidr_blocks" and "source_security_group_id"',
    'resource "aws_security_group_rule" "egress_with_self" {',
    '  count = var.create ? length(var.egress_with_self) : 0',
    '',
    '  security_group_id = local.this_sg_id',
    '  type              = "egress"',
    '',
    '  self            = lookup(var.egress_with_self[count.index], "self", true)',
    '  prefix_list_ids = var.egress_prefix_list_ids',
    '  description = lookup(',
    '    var.egress_with_self[count.index],',
    '    "description",',
    '    "Egress Rule",',
    '  )',
    '',
    '  from_port = lookup(',
    '    var.egress_with_self[count.index],',
    '    "from_port",',
    '    var.rules[lookup(var.egress_with_self[count.index], "rule", "_")][0],',
    '  )',
    '}',
    '',
  ].join('\n');
  const ingress = egress.replace(/egress/g, 'ingress').replace('Egress Rule', 'Ingress Rule');
  const computed = egress.replace(/egress_with_self/g, 'computed_egress_with_self').replace('# Security', '# Computed - Security').replace('length(var.computed_egress_with_self)', 'var.number_of_computed_egress_with_self');
  const path = 'main.tf';
  const file = `${ingress}\n${egress}\n${computed}`;
  /** The reply of probe p54/a case 24, with `tail` after its changed line. */
  const reply = (changed: string, tail: readonly string[]) =>
    [
      'Let each self rule override the prefix lists:',
      '',
      '```hcl',
      '# Security group rules with "self", but without "cidr_blocks" and "source_security_group_id"',
      'resource "aws_security_group_rule" "egress_with_self" {',
      '  # ... existing code ...',
      '',
      '  self            = lookup(var.egress_with_self[count.index], "self", true)',
      `  ${changed}`,
      ...tail,
      '```',
      '',
    ].join('\n');
  const lookup = 'prefix_list_ids = lookup(var.egress_with_self[count.index], "prefix_list_ids", var.egress_prefix_list_ids)';

  it('replaces egress_with_self\'s prefix_list_ids (was: refused, "whether it replaces that statement or goes beside it is a guess")', () => {
    const meant = `${ingress}\n${egress.replace('prefix_list_ids = var.egress_prefix_list_ids', lookup)}\n${computed}`;
    assert.equal(writtenOnTarget(path, file, reply(lookup, ['  # ... existing code ...', '}'])), meant);
  });

  it('keeps the old reading where the file\'s line reads the attribute it sets: the new line goes above it, both meant in order', () => {
    const [old, reads] = ['prefix_list_ids = var.egress_prefix_list_ids\n  description = lookup(\n    var.egress_with_self', 'prefix_list_ids = concat(prefix_list_ids, var.extra)\n  description = lookup(\n    var.egress_with_self'];
    const reading = file.replace(old, reads);
    assert.equal(writtenOnTarget(path, reading, reply(lookup, ['  # ... existing code ...', '}'])), reading.replace(reads, `${lookup}\n  ${reads}`));
  });
});

describe('pasted replies: a table re-printed with one key changed, its lines standing in another table too (bat Cargo.toml)', () => {
  // sharkdp/bat Cargo.toml @004e06f (0.12.1), lines 29-49: [dependencies.git2] and
  // [dependencies.error-chain] have the same three lines; syntect's and clap's `features` differ.
  const path = 'Cargo.toml';
  const file = [
    'unicode-width = "0.1.7"',
    '',
    '[dependencies.git2]',
    'version = "0.12"',
    'default-features = false',
    'features = []',
    '',
    '[dependencies.syntect]',
    'version = "3.3.0"',
    'default-features = false',
    'features = ["parsing", "yaml-load", "dump-load", "dump-create"]',
    '',
    '[dependencies.clap]',
    'version = "2.33"',
    'default-features = false',
    'features = ["suggestions", "color", "wrap_help"]',
    '',
    '[dependencies.error-chain]',
    'version = "0.12"',
    'default-features = false',
    'features = []',
    '',
    '[dev-dependencies]',
    'tempdir = "0.3"',
    '',
  ].join('\n');
  /** The reply of probe p53/c case 07, with `lines` as the table's last lines. */
  const reply = (lines: readonly string[]) =>
    ['To get HTTPS support for git2 you need its `https` feature:', '', '```toml', '# Cargo.toml', '# ...', '', '[dependencies.git2]', 'version = "0.12"', ...lines, '', '# ...', '```', ''].join('\n');

  it('changes git2\'s features, the next tables\' `features` being other tables\' keys (was: refused twice over)', () => {
    assert.equal(writtenOnTarget(path, file, reply(['default-features = false', 'features = ["https"]'])), file.replace('features = []', 'features = ["https"]'));
  });

  it('still refuses a new key written where the file has another, the marker keeping that one', () => {
    assert.equal(refusal(path, file, reply(['default-features = false', 'optional = true'])), 'ELISION_UNRESOLVED');
  });

  it('still refuses a new value written above another key of the table when the table sets that key further down', () => {
    // `features` right under `version`, where git2's table has `default-features` and then its own `features`.
    assert.equal(refusal(path, file, reply(['features = ["https"]'])), 'ELISION_UNRESOLVED');
  });
});

describe('the new rule beside the one that refuses a re-wrapped statement next to a marker', () => {
  it('still refuses a one-line new value over the file\'s statement wrapped over two lines (a re-wrap, not a line for a line)', () => {
    const file = ['import sys', '', 'DEBUG = (hasattr(sys, "flags") and', '         sys.flags.debug)', 'LEVEL = 1', '', 'def main():', '    pass', ''].join('\n');
    const reply = ['```python', '# app.py', 'import sys', '', 'DEBUG = bool(sys.flags.debug)', '# ... existing code ...', '```', ''].join('\n');
    assert.equal(refusal('app.py', file, reply), 'ELISION_UNRESOLVED');
  });

  it('replaces a one-line constant the file assigns on one line, right above a marker that keeps the code after it', () => {
    const file = ['import sys', '', 'DEBUG = False', 'LEVEL = 1', '', 'def main():', '    pass', ''].join('\n');
    const reply = ['```python', '# app.py', 'import sys', '', 'DEBUG = bool(sys.flags.debug)', '# ... existing code ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget('app.py', file, reply), file.replace('DEBUG = False', 'DEBUG = bool(sys.flags.debug)'));
  });

  it('keeps writing the new line above a file line that reads its own target (`count = count + 1`)', () => {
    const file = ['def total(parts):', '    return sum(parts)', '', 'count = count + 1', 'print(count)', ''].join('\n');
    const reply = ['```python', '# app.py', '# ... existing code ...', '    return sum(parts)', '', 'count = 0', '# ... existing code ...', '```', ''].join('\n');
    assert.equal(writtenOnTarget('app.py', file, reply), file.replace('count = count + 1', 'count = 0\ncount = count + 1'));
  });
});
