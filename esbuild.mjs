// Bundles the two hosts of the core: the VS Code extension (vscode is provided by the host)
// and the CLI (self-contained: a value import of `vscode` from the core would fail to resolve here).
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** Prints esbuild errors in the `file:line:col: error` shape VS Code's problem matcher reads. */
const problemMatcherPlugin = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: watch ? [problemMatcherPlugin] : [],
};

const targets = [
  { ...common, entryPoints: ['src/vscode/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const options of targets) await (await esbuild.context(options)).watch();
} else {
  const results = await Promise.allSettled(targets.map((options) => esbuild.build(options)));
  const failed = results.filter((r) => r.status === 'rejected');
  for (const f of failed) console.error(f.reason?.message ?? f.reason);
  if (failed.length) process.exit(1);
}
