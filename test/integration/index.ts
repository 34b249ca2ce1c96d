// The entry the extension host loads (--extensionTestsPath): runs one suite's *.test.js files with
// mocha inside the real VS Code, and prints a closing `N passed, N failed` line for CI logs.
// APPLY_AI_EDIT_SUITE picks the suite: unset, the files next to this one (the extension under
// development, trusted workspace); `untrusted`, the files in untrusted/ (workspace trust enforced);
// `vsix`, the files in vsix/ (the packaged extension installed from its .vsix).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60000, color: false, reporter: 'spec' });
  const grep = process.env.APPLY_AI_EDIT_TEST_GREP;
  if (grep) mocha.grep(grep);
  const folder = path.join(__dirname, process.env.APPLY_AI_EDIT_SUITE ?? '');
  for (const file of fs.readdirSync(folder).sort()) if (file.endsWith('.test.js')) mocha.addFile(path.join(folder, file));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      console.log(`${runner.stats?.passes ?? 0} passed, ${failures} failed`);
      if (failures > 0) reject(new Error(`${failures} tests failed`));
      else resolve();
    });
  });
}
