// The entry the extension host loads (--extensionTestsPath): runs every *.test.js next to it with
// mocha inside the real VS Code, and prints a closing `N passed, N failed` line for CI logs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 60000, color: false, reporter: 'spec' });
  const grep = process.env.APPLY_AI_EDIT_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const file of fs.readdirSync(__dirname).sort()) if (file.endsWith('.test.js')) mocha.addFile(path.join(__dirname, file));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      console.log(`${runner.stats?.passes ?? 0} passed, ${failures} failed`);
      if (failures > 0) reject(new Error(`${failures} tests failed`));
      else resolve();
    });
  });
}
