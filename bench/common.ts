/**
 * Helpers shared by the benchmark and the fuzzer: a seeded random generator (so every run can be
 * reproduced from its seed), timing statistics, and real source text to edit.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root (bench/ bundles run from out/bench/, sources live at the root). */
export const repoRoot = findRepoRoot();

function findRepoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'src', 'core'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

/** A small, fast, seedable generator (mulberry32); Math.random cannot be replayed. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

/** Mixes a run seed and a case number into an independent seed, so one case can be replayed alone. */
export function caseSeed(seed: number, index: number): number {
  // The seed is mixed on its own before the index joins it: XOR-ing both into one word first made
  // seed 2's case 2 seed 1's case 3, so runs with seeds 1 and 2 tested the same cases.
  let h = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul((h ^ index) >>> 0, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x27d4eb2f) >>> 0;
  return (h ^ (h >>> 15)) >>> 0;
}

export interface Stats {
  readonly median: number;
  readonly min: number;
  readonly p90: number;
  readonly max: number;
  readonly runs: number;
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], p90: at(0.9), max: sorted[sorted.length - 1], runs: sorted.length };
}

/**
 * Times `run` `runs` times after `warmup` untimed runs, back to back, as a host that handles reply
 * after reply runs them: each run's garbage is collected during the runs after it, so the
 * collector's work is shared out in proportion to what each allocates. (Forcing a full collection
 * before each run, as this bench once did, made the runs after it two to three times slower than
 * a warm process runs them: a full collection shrinks the young generation, and the next run's
 * allocations pay for regrowing it.)
 */
export function measure<T>(run: () => T, runs = 15, warmup = 3, results?: T[]): Stats & { cpu: Stats } {
  for (let i = 0; i < warmup; i++) run();
  const samples: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuStarted = process.cpuUsage();
    const started = performance.now();
    const result = run();
    samples.push(performance.now() - started);
    // CPU time of the process: close to wall time on an idle machine, and much less inflated
    // than wall time when other work competes for the CPUs.
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    results?.push(result);
  }
  return { ...stats(samples), cpu: stats(cpu) };
}

/** A case timed against the floor, both in the same loop. */
export interface Paired {
  readonly stats: Stats & { cpu: Stats };
  readonly floor: Stats;
  /** Median of the per-iteration ratios case / floor (each pair timed back to back). */
  readonly ratio: number;
}

/**
 * Times `run` and `floor` alternately, `runs` times each after `warmup` untimed pairs, back to
 * back (see `measure`). Timing them in one loop makes their ratio steady on a busy machine:
 * whatever slows one iteration down slows both. The ratio is the median of the per-iteration
 * ratios; the floor's own garbage (a split allocates a string per line) is collected along the
 * way like the case's.
 */
export function measurePaired<T>(run: () => T, floor: () => unknown, runs = 15, warmup = 3, results?: T[]): Paired {
  for (let i = 0; i < warmup; i++) {
    floor();
    run();
  }
  const samples: number[] = [];
  const cpu: number[] = [];
  const floors: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    floor();
    const floorTime = performance.now() - started;
    const cpuStarted = process.cpuUsage();
    started = performance.now();
    const result = run();
    const time = performance.now() - started;
    const used = process.cpuUsage(cpuStarted);
    samples.push(time);
    cpu.push((used.user + used.system) / 1000);
    floors.push(floorTime);
    ratios.push(time / floorTime);
    results?.push(result);
  }
  return { stats: { ...stats(samples), cpu: stats(cpu) }, floor: stats(floors), ratio: stats(ratios).median };
}

/** Milliseconds with a sensible number of digits for a table. */
export function ms(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

/** Renders rows as an aligned plain-text table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * The lines of TypeScript's own compiler (node_modules/typescript/lib/typescript.js, about 200,000
 * lines of real, hand-written-looking code): the text the bench edits. Real code has the repeats
 * that make placement hard (`}`, `return result;`), which synthetic text would not.
 */
export function typescriptLines(): string[] {
  const file = path.join(repoRoot, 'node_modules', 'typescript', 'lib', 'typescript.js');
  return fs.readFileSync(file, 'utf8').replace(/\r\n?/g, '\n').split('\n');
}

/**
 * Real text files for the fuzzer: sources of the dependencies and of this repository, each
 * capped in size so one case stays small (a few are kept large on purpose, see the fuzzer).
 */
export function realSourceFiles(limit = 60, maxChars = 60_000): { name: string; text: string }[] {
  const roots = [
    'src/core',
    'src/cli',
    'node_modules/diff/libcjs',
    'node_modules/fastest-levenshtein',
    'node_modules/mocha/lib',
    'node_modules/esbuild/lib',
    'node_modules/typescript/lib',
  ];
  const wanted = /\.(ts|js|mjs|cjs|json|md|py|go|css|html|yml|yaml)$/;
  const found: { name: string; text: string }[] = [];
  const seen = new Set<string>();
  const visit = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= limit) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < 3 && entry.name !== 'node_modules') visit(full, depth + 1);
        continue;
      }
      if (!wanted.test(entry.name) || /^lib\..*\.d\.ts$/.test(entry.name) && found.filter((f) => /lib\./.test(f.name)).length > 3) continue;
      const size = fs.statSync(full).size;
      if (size === 0 || size > maxChars) continue;
      const text = fs.readFileSync(full, 'utf8');
      if (seen.has(text)) continue;
      seen.add(text);
      found.push({ name: path.relative(repoRoot, full).replace(/\\/g, '/'), text });
    }
  };
  for (const dir of roots) visit(path.join(repoRoot, dir), 0);
  return found;
}
