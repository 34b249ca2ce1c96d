import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { suffixLocator } from '../../../src/cli/findBySuffix';
import { runReply } from '../../../src/core/index';

describe('CLI: the files a missing path is the end of (suffixLocator)', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'apply-ai-edit-suffix-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function write(files: Record<string, string>): void {
    for (const [relative, text] of Object.entries(files)) {
      fs.mkdirSync(path.join(root, path.dirname(relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
  }

  it('offers the files ending with the path but for case only when none ends with it as written (probe p47/d 23, 24: `Button.tsx` for `button.tsx`)', () => {
    // vercel/turborepo examples/basic packages/ui/src/button.tsx, trimmed.
    const button = '"use client";\n\nimport { ReactNode } from "react";\n\ninterface ButtonProps {\n  children: ReactNode;\n  className?: string;\n  appName: string;\n}\n\nexport const Button = ({ children, className, appName }: ButtonProps) => {\n  return (\n    <button className={className} onClick={() => alert(`Hello from your ${appName} app!`)}>\n      {children}\n    </button>\n  );\n};\n';
    write({ 'packages/ui/src/button.tsx': button, 'packages/ui/src/code.tsx': 'export const Code = () => null;\n', '.git/src/Button.tsx': 'x\n' });
    const locate = suffixLocator(root);
    assert.deepEqual(locate('src/button.tsx'), ['packages/ui/src/button.tsx']);
    assert.deepEqual(locate('packages/ui/src/Button.tsx'), ['packages/ui/src/button.tsx']);
    assert.equal(locate('src/Card.tsx'), undefined);
    const read = (relative: string) => (fs.existsSync(path.join(root, relative)) ? fs.readFileSync(path.join(root, relative), 'utf8') : undefined);
    // A whole file under the other case is that file written again: replaced, not created beside it.
    const disabled = button.replace('  appName: string;\n', '  appName: string;\n  disabled?: boolean;\n');
    const whole = runReply(`### packages/ui/src/Button.tsx\n\n\`\`\`tsx\n${disabled}\`\`\`\n`, read, { locateMissing: locate });
    assert.deepEqual(whole.changes.map((c) => [c.path, c.action]), [['packages/ui/src/button.tsx', 'modify']]);
    // A SEARCH/REPLACE under it edits it where the search text is.
    const edit = runReply('packages/ui/src/Button.tsx\n```tsx\n<<<<<<< SEARCH\n  appName: string;\n=======\n  appName: string;\n  size?: "sm" | "lg";\n>>>>>>> REPLACE\n```\n', read, { locateMissing: locate });
    assert.deepEqual(edit.changes.map((c) => c.path), ['packages/ui/src/button.tsx']);
  });
});
