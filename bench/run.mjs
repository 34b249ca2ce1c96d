// Builds and runs the benchmark or the fuzzer: `node bench/run.mjs bench|fuzz [args...]`.
// Both are TypeScript bundled here with esbuild (already a dev dependency), straight from src/, so
// they always measure the engine as it is in the working tree, never a stale out/ or dist/ build.
// The fuzzer also gets its own bundle of the CLI (same entry and settings as esbuild.mjs) so its
// on-disk checks run the real CLI code of this tree.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [which, ...args] = process.argv.slice(2);
if (which !== 'bench' && which !== 'fuzz' && which !== 'replay') {
  console.error('usage: node bench/run.mjs bench|fuzz|replay [args...]');
  process.exit(2);
}

// The streaming parser may not exist in every checkout; the bench then reports it as missing
// instead of failing to build.
const streamingFallback = {
  name: 'streaming-fallback',
  setup(build) {
    build.onResolve({ filter: /parse\/streaming$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path + '.ts');
      if (fs.existsSync(resolved)) return undefined;
      return { path: 'streaming-missing', namespace: 'fallback' };
    });
    build.onLoad({ filter: /.*/, namespace: 'fallback' }, () => ({ contents: 'export const createStreamingParser = undefined;', loader: 'js' }));
  },
};

const outdir = path.join(root, 'out', 'bench');
// The bench's CLI stress row and the fuzzer's on-disk checks run the real CLI code of this tree.
const entryPoints = which === 'bench'
  ? { bench: 'bench/bench.ts', cli: 'src/cli/main.ts' }
  : which === 'replay'
  ? { replay: 'bench/replay.ts' }
  : { fuzz: 'bench/fuzz.ts', fuzzWorker: 'bench/fuzzWorker.ts', cli: 'src/cli/main.ts' };
try {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'error',
    plugins: [streamingFallback],
  });
} catch (error) {
  console.error(`building the ${which} failed: ${error.message}`);
  process.exit(2);
}

// --expose-gc lets a stress row collect its input's garbage before it is timed (timed runs go
// back to back: see measure in bench/common.ts).
const result = spawnSync(process.execPath, ['--expose-gc', '--enable-source-maps', path.join(outdir, `${which}.js`), ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
