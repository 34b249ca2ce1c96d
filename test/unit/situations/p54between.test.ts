import * as assert from 'node:assert/strict';
import { onTarget, writtenOnTarget } from '../helpers';

/**
 * Lazy snippets that re-print a method with its signature changed and its docstring elided: the
 * class line, a marker, the new `def` line, a marker for the docstring, then the body. Stage:
 * elision merge (`editedOpenerBetweenParts` in src/core/elisionMerge/openerBetweenParts.ts). The
 * `def` line, between two markers, anchored nothing, and was refused as a version of the file's
 * line that the snippet might quote "as it once was"; the class line above and the body below pin
 * it as closely as the docstring's first line does when the snippet keeps it. A wrapper line with
 * no shown block around it, and a signature with two versions between the parts, stay refused.
 */

/** The snippet the Gemini 3 Pro change for scikit-learn__scikit-learn-25102 was written as (probe p54/b, case 28), with the marker under the `def` given. */
function columnTransformerSnippet(docstringMarker: string): string {
  return [
    'Same change for `ColumnTransformer`:',
    '',
    '```python',
    'class ColumnTransformer(TransformerMixin, _BaseComposition):',
    '    # ... existing code ...',
    '',
    '    def set_output(self, *, transform=None, **kwargs):',
    `        ${docstringMarker}`,
    '        super().set_output(transform=transform)',
    '        transformers = (',
    '            trans',
    '            for _, trans, _ in chain(',
    '                self.transformers, getattr(self, "transformers_", [])',
    '            )',
    '            if trans not in {"passthrough", "drop"}',
    '        )',
    '        for trans in transformers:',
    '            _safe_set_output(trans, transform=transform, **kwargs)',
    '',
    '        return self',
    '',
    '    # ... existing code ...',
    '```',
    '',
  ].join('\n');
}

describe('pasted replies: a method re-printed with a new parameter and its docstring elided (scikit-learn ColumnTransformer.set_output)', () => {
  // sklearn/compose/_column_transformer.py of scikit-learn 1.2.1 (Debian), lines 39-41 and 249-292,
  // the docstring cut to its first and last lines; the file's only `set_output` (line 258 there).
  const path = 'sklearn/compose/_column_transformer.py';
  const file = [
    'class ColumnTransformer(TransformerMixin, _BaseComposition):',
    '    """Applies transformers to columns of an array or pandas DataFrame."""',
    '',
    '    @_transformers.setter',
    '    def _transformers(self, value):',
    '        try:',
    '            self.transformers = [',
    '                (name, trans, col)',
    '                for ((name, trans), (_, _, col)) in zip(value, self.transformers)',
    '            ]',
    '        except (TypeError, ValueError):',
    '            self.transformers = value',
    '',
    '    def set_output(self, *, transform=None):',
    '        """Set the output container when `"transform"` and `"fit_transform"` are called.',
    '',
    '        Calling `set_output` will set the output of all estimators in `transformers`',
    '        and `transformers_`.',
    '        """',
    '        super().set_output(transform=transform)',
    '        transformers = (',
    '            trans',
    '            for _, trans, _ in chain(',
    '                self.transformers, getattr(self, "transformers_", [])',
    '            )',
    '            if trans not in {"passthrough", "drop"}',
    '        )',
    '        for trans in transformers:',
    '            _safe_set_output(trans, transform=transform)',
    '',
    '        return self',
    '',
    '    def get_params(self, deep=True):',
    '        """Get parameters for this estimator."""',
    '        return self._get_params("_transformers", deep=deep)',
    '',
  ].join('\n');
  const meant = file
    .replace('    def set_output(self, *, transform=None):', '    def set_output(self, *, transform=None, **kwargs):')
    .replace('_safe_set_output(trans, transform=transform)', '_safe_set_output(trans, transform=transform, **kwargs)');

  it('changes the signature and the forwarding line and keeps the docstring (was: refused, "quotes it as it once was")', () => {
    assert.equal(writtenOnTarget(path, file, columnTransformerSnippet('# ... existing docstring ...')), meant);
  });

  it('reads a plain marker in the docstring\'s place the same way: the body below it lies inside that method', () => {
    assert.equal(writtenOnTarget(path, file, columnTransformerSnippet('# ... existing code ...')), meant);
  });

  it('still refuses when the part below lands in another method\'s body: what the marker between stands for is no longer that signature\'s own lines', () => {
    const elsewhere = columnTransformerSnippet('# ... existing code ...').replace(/        super\(\)[^]*?        return self\n/, '        return self._get_params("_transformers", deep=deep)\n');
    const planned = onTarget(path, file, elsewhere);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.equal(planned.changes.length, 0);
  });

  it('still refuses when the snippet shows no block around the changed line (its outermost line, as msal\'s wrapper)', () => {
    const unwrapped = columnTransformerSnippet('# ... existing docstring ...').replace('class ColumnTransformer(TransformerMixin, _BaseComposition):\n', '        except (TypeError, ValueError):\n            self.transformers = value\n');
    const planned = onTarget(path, file, unwrapped);
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]?.message ?? '', /"def set_output\(self, \*, transform=None, \*\*kwargs\):" stands nowhere in the file.*whether the snippet changes that line or quotes it as it once was is a guess/);
    assert.equal(planned.changes.length, 0);
  });
});

describe('pasted replies: the same change on twin methods, the class line above deciding (scikit-learn Pipeline / FeatureUnion set_output)', () => {
  // sklearn/pipeline.py of scikit-learn 1.2.1 (Debian), lines 52, 145-171 and 910, 995-1026 (the
  // docstrings cut): Pipeline.set_output and FeatureUnion.set_output share their signature.
  const path = 'sklearn/pipeline.py';
  const file = [
    'class Pipeline(_BaseComposition):',
    '    _required_parameters = ["steps"]',
    '',
    '    def __init__(self, steps, *, memory=None, verbose=False):',
    '        self.steps = steps',
    '        self.memory = memory',
    '        self.verbose = verbose',
    '',
    '    def set_output(self, *, transform=None):',
    '        """Set the output container when `"transform"` and `"fit_transform"` are called.',
    '',
    '        Calling `set_output` will set the output of all estimators in `steps`.',
    '        """',
    '        for _, _, step in self._iter():',
    '            _safe_set_output(step, transform=transform)',
    '        return self',
    '',
    '',
    'class FeatureUnion(TransformerMixin, _BaseComposition):',
    '    _required_parameters = ["transformer_list"]',
    '',
    '    def __init__(',
    '        self, transformer_list, *, n_jobs=None, transformer_weights=None, verbose=False',
    '    ):',
    '        self.transformer_list = transformer_list',
    '        self.n_jobs = n_jobs',
    '        self.transformer_weights = transformer_weights',
    '        self.verbose = verbose',
    '',
    '    def set_output(self, *, transform=None):',
    '        """Set the output container when `"transform"` and `"fit_transform"` are called.',
    '',
    '        `set_output` will set the output of all estimators in `transformer_list`.',
    '        """',
    '        super().set_output(transform=transform)',
    '        for _, step, _ in self._iter():',
    '            _safe_set_output(step, transform=transform)',
    '        return self',
    '',
    '    @property',
    '    def named_transformers(self):',
    '        return Bunch(**dict(self.transformer_list))',
    '',
  ].join('\n');
  // Probe p54/b, case 13: the FeatureUnion part of the same Gemini 3 Pro change.
  const snippet = (classLine: string) => [
    '`FeatureUnion.set_output` should accept the new keyword and forward it to every transformer:',
    '',
    '```python',
    classLine,
    '    # ... existing code ...',
    '',
    '    def set_output(self, *, transform=None, **kwargs):',
    '        # ... existing docstring ...',
    '        super().set_output(transform=transform)',
    '        for _, step, _ in self._iter():',
    '            _safe_set_output(step, transform=transform, **kwargs)',
    '        return self',
    '',
    '    # ... existing code ...',
    '```',
    '',
  ].join('\n');

  it('changes FeatureUnion\'s signature and forwarding line, not Pipeline\'s (was: refused)', () => {
    const featureUnion = file.indexOf('class FeatureUnion');
    const meant = file.slice(0, featureUnion) + file.slice(featureUnion)
      .replace('    def set_output(self, *, transform=None):', '    def set_output(self, *, transform=None, **kwargs):')
      .replace('_safe_set_output(step, transform=transform)', '_safe_set_output(step, transform=transform, **kwargs)');
    assert.equal(writtenOnTarget(path, file, snippet('class FeatureUnion(TransformerMixin, _BaseComposition):')), meant);
  });

  it('refuses when the class line above is not the class the method stands in (FeatureUnion\'s, Pipeline\'s own set_output cut from the file)', () => {
    const pipelineWithout = file.replace(/    def set_output[^]*?        return self\n\n/, '');
    const planned = onTarget(path, pipelineWithout, snippet('class Pipeline(_BaseComposition):'));
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.equal(planned.changes.length, 0);
  });

  it('refuses when the class line above leaves both versions of the signature between the parts (Pipeline\'s class line over FeatureUnion\'s body)', () => {
    const planned = onTarget(path, file, snippet('class Pipeline(_BaseComposition):'));
    assert.equal(planned.receipt.errors[0]?.code, 'ELISION_UNRESOLVED');
    assert.match(planned.receipt.errors[0]?.message ?? '', /have no line that occurs exactly once in the file/);
    assert.equal(planned.changes.length, 0);
  });
});
