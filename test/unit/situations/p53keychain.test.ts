import * as assert from 'node:assert/strict';
import { replyOnFile, writtenByReply } from '../helpers';

/** A Cursor-style snippet: the fence names the file on its first line, `# ... existing ... #` markers. */
function snippet(path: string, language: string, lines: readonly string[]): string {
  return ['Print the OpenSSL version as well:', '', '```' + language, `# ${path}`, ...lines, '```', ''].join('\n');
}

describe('pasted replies: a part after a marker lands in the block of the data key the snippet names above it (p53/a 08)', () => {
  // pyenv/pyenv .github/workflows/modified_scripts_build.yml @f6a5b40, cut to its last two jobs:
  // `ubuntu_build`'s "#print version" step has a micropython if/else, `ubuntu_build_tar_gz`'s
  // (the next job) has only the two plain lines.
  const path = '.github/workflows/modified_scripts_build.yml';
  const workflow = [
    'name: modified_scripts',
    'on: [pull_request]',
    'jobs:',
    '  ubuntu_build:',
    '    needs: discover_modified_scripts',
    '    if: needs.discover_modified_scripts.outputs.versions != \'[""]\'',
    '    strategy:',
    '      fail-fast: false',
    '      matrix:',
    '        python-version: ${{fromJson(needs.discover_modified_scripts.outputs.versions)}}',
    '        os:',
    '          - ubuntu-22.04',
    '          - ubuntu-24.04',
    '    runs-on: ${{ matrix.os }}',
    '    steps:',
    '      - uses: actions/checkout@v6',
    '      - run: |',
    '          #build',
    '          pyenv --debug install ${{ matrix.python-version }} && rc=$? || rc=$?',
    '          if [[ $rc -ne 0 ]]; then echo config.log:; cat $TMPDIR/python-build*/*/config.log; false; fi',
    '          pyenv global ${{ matrix.python-version }}',
    "      # Micropython doesn't support --version",
    '      - run: |',
    '          #print version',
    '          if [[ "${{ matrix.python-version }}" == "micropython-"* ]]; then',
    "            python -c 'import sys; print(sys.version)'",
    '          else',
    '            python --version',
    '            python -m pip --version',
    '          fi',
    '      # bundled executables in some Anaconda releases cause the post-run step to break',
    '      - run: |',
    '          pyenv global system',
    '          rm -f "$(pyenv root)"/shims/*',
    '  ubuntu_build_tar_gz:',
    '    needs: discover_modified_scripts',
    '    if: needs.discover_modified_scripts.outputs.versions_cpython_only != \'[""]\'',
    '    strategy:',
    '      fail-fast: false',
    '      matrix:',
    '        python-version: ${{fromJson(needs.discover_modified_scripts.outputs.versions_cpython_only)}}',
    '        os: ["ubuntu-latest"]',
    '    runs-on: ${{ matrix.os }}',
    '    steps:',
    '      - uses: actions/checkout@v6',
    '      - run: |',
    '          #build',
    '          pyenv --debug install ${{ matrix.python-version }} && rc=$? || rc=$?',
    '          if [[ $rc -ne 0 ]]; then echo config.log:; cat $TMPDIR/python-build*/*/config.log; false; fi',
    '          pyenv global ${{ matrix.python-version }}',
    '      - run: |',
    '          #print version',
    '          python --version',
    '          python -m pip --version',
    '      - env:',
    '          EXPECTED_PYTHON: ${{ matrix.python-version }}',
    '        run: |',
    '          #check',
    "          python -c '",
    '          import os, sys, os.path',
    '          correct_dir = os.path.join(',
    '            os.environ["PYENV_ROOT"],',
    '            "versions",',
    '            os.environ["EXPECTED_PYTHON"],',
    '            "bin")',
    "          assert os.path.dirname(sys.executable) == correct_dir'",
    '',
  ].join('\n');
  /** The snippet under `jobs:`, the job key, `steps:`, a marker each, then the step and a marker. */
  const underJob = (job: string, step: readonly string[]) => snippet(path, 'yaml', ['jobs:', '  # ... existing jobs ...', `  ${job}:`, '    # ... existing code ...', '    steps:', '      # ... existing steps ...', ...step, '      # ... existing code ...']);
  const plainStep = ['      - run: |', '          #print version', '          python --version', '          python -m pip --version', "          python -c 'import ssl; print(ssl.OPENSSL_VERSION)'"];
  const ssl = "python -c 'import ssl; print(ssl.OPENSSL_VERSION)'";

  it('refuses a step shown under `ubuntu_build:` that only the next job has, instead of writing it there', () => {
    const planned = replyOnFile(path, workflow, underJob('ubuntu_build', plainStep));
    assert.equal(planned.receipt.ok, false);
    assert.deepEqual(planned.receipt.errors.map((e) => e.code), ['ELISION_UNRESOLVED']);
    assert.match(planned.receipt.errors[0].message, /under "ubuntu_build:" \(line 4\).*past line 35 \("ubuntu_build_tar_gz:"\)/);
    assert.equal(planned.changes.length, 0);
  });

  it('still writes the same step under `ubuntu_build_tar_gz:`, the job that has it', () => {
    const expected = workflow.replace('          python -m pip --version\n      - env:', `          python -m pip --version\n          ${ssl}\n      - env:`);
    assert.notEqual(expected, workflow);
    assert.equal(writtenByReply(path, workflow, underJob('ubuntu_build_tar_gz', plainStep)), expected);
  });

  it('still writes into `ubuntu_build:` a step shown as that job has it (the if/else)', () => {
    const ownStep = ['      - run: |', '          #print version', '          if [[ "${{ matrix.python-version }}" == "micropython-"* ]]; then', "            python -c 'import sys; print(sys.version)'", '          else', '            python --version', '            python -m pip --version', `            ${ssl}`, '          fi'];
    const expected = workflow.replace('            python -m pip --version\n          fi', `            python -m pip --version\n            ${ssl}\n          fi`);
    assert.notEqual(expected, workflow);
    assert.equal(writtenByReply(path, workflow, underJob('ubuntu_build', ownStep)), expected);
  });
});

describe('pasted replies: a list item the snippet names holds the part after its marker (kubernetes/examples guestbook-all-in-one.yaml)', () => {
  // The two Deployments of the guestbook, cut to them: each a `containers:` list of one item,
  // named `master` and `replica`.
  const path = 'k8s/guestbook-all-in-one.yaml';
  const manifest = [
    'apiVersion: apps/v1 #  for k8s versions before 1.9.0 use apps/v1beta2  and before 1.8.0 use extensions/v1beta1',
    'kind: Deployment',
    'metadata:',
    '  name: redis-master',
    'spec:',
    '  selector:',
    '    matchLabels:',
    '      app: redis',
    '      role: master',
    '      tier: backend',
    '  replicas: 1',
    '  template:',
    '    metadata:',
    '      labels:',
    '        app: redis',
    '        role: master',
    '        tier: backend',
    '    spec:',
    '      containers:',
    '      - name: master',
    '        image: k8s.gcr.io/redis:e2e  # or just image: redis',
    '        resources:',
    '          requests:',
    '            cpu: 100m',
    '            memory: 100Mi',
    '        ports:',
    '        - containerPort: 6379',
    '---',
    'apiVersion: apps/v1 #  for k8s versions before 1.9.0 use apps/v1beta2  and before 1.8.0 use extensions/v1beta1',
    'kind: Deployment',
    'metadata:',
    '  name: redis-replica',
    'spec:',
    '  selector:',
    '    matchLabels:',
    '      app: redis',
    '      role: replica',
    '      tier: backend',
    '  replicas: 2',
    '  template:',
    '    metadata:',
    '      labels:',
    '        app: redis',
    '        role: replica',
    '        tier: backend',
    '    spec:',
    '      containers:',
    '      - name: replica',
    '        image: gcr.io/google_samples/gb-redisslave:v1',
    '        resources:',
    '          requests:',
    '            cpu: 100m',
    '            memory: 100Mi',
    '        env:',
    '        - name: GET_HOSTS_FROM',
    '          value: dns',
    '          # If your cluster config does not include a dns service, then to',
    '          # instead access an environment variable to find the master',
    "          # service's host, comment out the 'value: dns' line above, and",
    '          # uncomment the line below:',
    '          # value: env',
    '        ports:',
    '        - containerPort: 6379',
    '',
  ].join('\n');
  const reply = (item: string) => ['```yaml', `# ${path}`, '      containers:', `      - name: ${item}`, '        # ...', '        image: gcr.io/google_samples/gb-redisslave:v1', '        imagePullPolicy: Always', '        # ...', '```', ''].join('\n');

  it('refuses a line shown under `- name: master` that only the replica container has, instead of writing it there', () => {
    // The image line stands once in the file, in the replica's container, past the `---` that
    // ends the master's Deployment.
    const planned = replyOnFile(path, manifest, reply('master'));
    assert.deepEqual(planned.receipt.errors.map((e) => e.code), ['ELISION_UNRESOLVED']);
    assert.match(planned.receipt.errors[0].message, /under "- name: master" \(line 20\).*past line 28 \("---"\)/);
    assert.equal(planned.changes.length, 0);
  });

  it('still writes it under `- name: replica`, the container that has the line', () => {
    const image = '        image: gcr.io/google_samples/gb-redisslave:v1\n';
    assert.equal(writtenByReply(path, manifest, reply('replica')), manifest.replace(image, `${image}        imagePullPolicy: Always\n`));
  });
});

describe('pasted replies: a clause word above a marker names no block (CPython xml/dom/expatbuilder.py, lazy replay)', () => {
  // FragmentBuilder's parseString and external_entity_ref_handler, cut to them: the snippet shows
  // `except:` (once in the file) above a marker that stands for the rest of parseString and the
  // head of the next method, as a lazy snippet may.
  const path = 'xml/dom/expatbuilder.py';
  const source = [
    '    def parseString(self, string):',
    '        """Parse a document fragment from a string, returning the',
    '        fragment node."""',
    '        self._source = string',
    '        parser = self.getParser()',
    '        doctype = self.originalDocument.doctype',
    '        ident = ""',
    '        if doctype:',
    '            subset = doctype.internalSubset or self._getDeclarations()',
    '            if doctype.publicId:',
    '                ident = (\'PUBLIC "%s" "%s"\'',
    '                         % (doctype.publicId, doctype.systemId))',
    '            elif doctype.systemId:',
    '                ident = \'SYSTEM "%s"\' % doctype.systemId',
    '        else:',
    '            subset = ""',
    "        nsattrs = self._getNSattrs() # get ns decls from node's ancestors",
    '        document = _FRAGMENT_BUILDER_TEMPLATE % (ident, subset, nsattrs)',
    '        try:',
    '            parser.Parse(document, True)',
    '        except:',
    '            self.reset()',
    '            raise',
    '        fragment = self.fragment',
    '        self.reset()',
    '##         self._parser = None',
    '        return fragment',
    '',
    '    def _getNSattrs(self):',
    '        return ""',
    '',
    '    def external_entity_ref_handler(self, context, base, systemId, publicId):',
    '        if systemId == _FRAGMENT_BUILDER_INTERNAL_SYSTEM_ID:',
    '            # this entref is the one that we made to put the subtree',
    '            # in; all of our given input is parsed in here.',
    '            old_document = self.document',
    '            old_cur_node = self.curNode',
    '            parser = self._parser.ExternalEntityParserCreate(context)',
    '            # put the real document back, parse into the fragment to return',
    '            self.document = self.originalDocument',
    '            self.fragment = self.document.createDocumentFragment()',
    '            self.curNode = self.fragment',
    '            try:',
    '                parser.Parse(self._source, True)',
    '            finally:',
    '                self.curNode = old_cur_node',
    '                self.document = old_document',
    '                self._source = None',
    '            return -1',
    '        else:',
    '            return ExpatBuilder.external_entity_ref_handler(',
    '                self, context, base, systemId, publicId)',
    '',
  ].join('\n');

  it('still places the part after the marker by its own lines, past the end of the `except:` block', () => {
    const reply = ['```python', `# ${path}`, '        # ... existing code ...', '        document = _FRAGMENT_BUILDER_TEMPLATE % (ident, subset, nsattrs)', '        try:', '            parser.Parse(document, True)', '        except:', '            self.reset()', '            # ... existing code ...', '            self.curNode = self.fragment', '            try:', '                parser.Parse(self._source, True)', '            finally:', '                self.curNode = old_cur_node', '                self.document = old_document', '                self._source = None', '                self._parser = None', '            return -1', '        # ... existing code ...', '```', ''].join('\n');
    const last = '                self._source = None\n';
    assert.equal(writtenByReply(path, source, reply), source.replace(last, `${last}                self._parser = None\n`));
  });
});
