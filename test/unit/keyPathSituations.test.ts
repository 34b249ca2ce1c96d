import * as assert from 'node:assert/strict';
import { runReply } from '../../src/core/index';

/** A reply applied to `path` as the file the user runs it from (a snippet that names no file). */
function onTarget(path: string, file: string, reply: string) {
  return runReply(reply, (p) => (p === path ? file : undefined), { hintPath: path });
}

describe('pasted replies: a YAML snippet placed by the keys above it (p52/f 12, kubernetes/examples guestbook-all-in-one.yaml)', () => {
  // Two Deployments of the guestbook, each with `containers:`, a list item, `resources:` and
  // `ports:` at the same depths: only the list item's name tells them apart.
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
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    '  name: redis-replica',
    '  labels:',
    '    app: redis',
    '    tier: backend',
    '    role: replica',
    'spec:',
    '  ports:',
    '  - port: 6379',
    '  selector:',
    '    app: redis',
    '    tier: backend',
    '    role: replica',
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
    '          # service\'s host, comment out the \'value: dns\' line above, and',
    '          # uncomment the line below:',
    '          # value: env',
    '        ports:',
    '        - containerPort: 6379',
    '',
  ].join('\n');
  const path = 'k8s/guestbook-all-in-one.yaml';
  const probe = ['        livenessProbe:', '          tcpSocket:', '            port: 6379', '          initialDelaySeconds: 15'];
  const reply = (item: string) => ['```yaml', '      containers:', `      - name: ${item}`, '        # ...', '        ports:', '        - containerPort: 6379', ...probe, '```', ''].join('\n');

  it('adds a probe under the ports of the container its snippet names, where every line of it stands in both', () => {
    // Refused: `the lines around "ports:" have no line that occurs exactly once in the file`.
    const planned = onTarget(path, manifest, reply('master'));
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    const lines = manifest.split('\n');
    const masterPorts = lines.indexOf('        - containerPort: 6379') + 1;
    assert.equal(planned.changes[0].newText, [...lines.slice(0, masterPorts), ...probe, ...lines.slice(masterPorts)].join('\n'));
    const replica = onTarget(path, manifest, reply('replica'));
    assert.equal(replica.receipt.ok, true, JSON.stringify(replica.receipt.errors));
    const replicaPorts = lines.lastIndexOf('        - containerPort: 6379') + 1;
    assert.equal(replica.changes[0].newText, [...lines.slice(0, replicaPorts), ...probe, ...lines.slice(replicaPorts)].join('\n'));
  });

  it('still refuses it where the keys it shows name no one place', () => {
    // No item named `worker`, and `containers:` alone stands in both Deployments.
    assert.equal(onTarget(path, manifest, reply('worker')).changes.length, 0);
    const bare = ['```yaml', '      containers:', '        # ...', '        ports:', '        - containerPort: 6379', ...probe, '```', ''].join('\n');
    assert.equal(onTarget(path, manifest, bare).changes.length, 0);
  });
});

describe('pasted replies: a new generic function is no second definition of its type parameter (p52/d 26, vscode arrays.ts)', () => {
  // The file's own lines (microsoft/vscode src/vs/base/common/arrays.ts), trimmed: generic
  // functions whose `<T>` stood for the name they define.
  const arrays = [
    'export function tail<T>(array: ArrayLike<T>, n: number = 0): T | undefined {',
    '\treturn array[array.length - (1 + n)];',
    '}',
    '',
    'export const numberComparator: Comparator<number> = (a, b) => a - b;',
    '',
    'export function reverseOrder<TItem>(comparator: Comparator<TItem>): Comparator<TItem> {',
    '\treturn (a, b) => -comparator(a, b);',
    '}',
    '',
    'export class ArrayQueue<T> {',
    '\tprivate firstIdx = 0;',
    '}',
    '',
  ].join('\n');
  const added = [
    '/**',
    ' * Returns a new comparator that treats `undefined` as the smallest value.',
    '*/',
    'export function compareUndefinedSmallest<T>(comparator: Comparator<T>): Comparator<T | undefined> {',
    '\treturn (a, b) => (a === undefined ? (b === undefined ? 0 : -1) : b === undefined ? 1 : comparator(a, b));',
    '}',
    '',
  ];
  const path = 'src/vs/base/common/arrays.ts';

  it('writes it between the definitions the snippet shows around it', () => {
    // Refused: `the file already defines T at line 1, which an elision keeps`.
    const reply = ['```ts', '// ... existing code ...', 'export function reverseOrder<TItem>(comparator: Comparator<TItem>): Comparator<TItem> {', '\treturn (a, b) => -comparator(a, b);', '}', '', ...added, 'export class ArrayQueue<T> {', '\t// ... existing code ...', '```', ''].join('\n');
    const planned = onTarget(path, arrays, reply);
    assert.equal(planned.receipt.ok, true, JSON.stringify(planned.receipt.errors));
    assert.equal(planned.changes[0].newText, arrays.replace('export class ArrayQueue', `${added.join('\n')}\nexport class ArrayQueue`));
  });

  it('still refuses a new function of a name the file defines, type parameters or not', () => {
    const again = ['```ts', '// ... existing code ...', 'export const numberComparator: Comparator<number> = (a, b) => a - b;', '', 'export function tail<U>(items: readonly U[]): U | undefined {', '\treturn items[items.length - 1];', '}', '', '// ... existing code ...', '```', ''].join('\n');
    assert.equal(onTarget(path, arrays, again).changes.length, 0);
  });
});
