/**
 * The fuzzer's engine side, in a worker thread so the main thread can stop a case that hangs.
 * For each case: parse, list referenced paths, plan over an in-memory copy of the files, render
 * the receipts, and stream-parse the reply in random chunks; time it, and check the engine's
 * promises (no exception, nothing proposed outside the root, streaming equals one-shot, pristine
 * replies give the expected files, a reply cut inside a block is refused).
 */
import { parentPort } from 'node:worker_threads';
import { failureReportForModel, parseReply, planReply, receiptToMarkdown, referencedPaths, type PlanResult, type ReadFile } from '../src/core/index';
import { createStreamingParser } from '../src/core/parse/streaming';
import { Rng } from './common';
import { makeCase, type FuzzCase } from './fuzzCases';

export type WorkerRequest = { seed: number; index: number; wantCase: boolean } | { fuzzCase: FuzzCase; wantCase: boolean };

export interface ChangeSummary {
  readonly path: string;
  readonly action: string;
  readonly to?: string;
  readonly newText?: string;
}

export interface WorkerResult {
  readonly index: number;
  readonly ms: number;
  readonly parseMs: number;
  /** The whole streaming parse (pushes and end()); its promise is about 2× parseMs. */
  readonly streamMs: number;
  readonly ok?: boolean;
  readonly errorCodes: string[];
  readonly changes: ChangeSummary[];
  readonly violations: string[];
  /** Pristine replies: 'correct', 'wrong' or 'refused'. */
  readonly pristine?: 'correct' | 'wrong' | 'refused';
  readonly fuzzCase?: FuzzCase;
}

/** A path the engine may propose: workspace-relative, POSIX, without `..`, NUL or a drive. */
function insideRoot(p: string | undefined): boolean {
  if (p === undefined) return true;
  if (p === '' || p.includes('\u0000') || p.includes('\\') || p.startsWith('/') || /^[A-Za-z]:/.test(p)) return false;
  return !p.split('/').some((segment) => segment === '..' || segment === '');
}

/** Runs every check on one case. Exceptions become violations, never escape. */
export function runCase(fuzzCase: FuzzCase): Omit<WorkerResult, 'index' | 'fuzzCase'> {
  const violations: string[] = [];
  const options = { root: fuzzCase.root, ...(fuzzCase.hint === undefined ? {} : { hintPath: fuzzCase.hint }) };
  const readFile: ReadFile = (p) => (Object.prototype.hasOwnProperty.call(fuzzCase.files, p) ? fuzzCase.files[p] : undefined);
  const started = performance.now();
  let result: PlanResult | undefined;
  let stage = 'parseReply';
  let oneShot: ReturnType<typeof parseReply> | undefined;
  let parseMs = 0;
  try {
    oneShot = parseReply(fuzzCase.reply);
    parseMs = performance.now() - started;
    stage = 'referencedPaths';
    for (const p of referencedPaths(oneShot, options)) if (!insideRoot(p)) violations.push(`outside-root: referencedPaths lists ${JSON.stringify(p)}`);
    stage = 'planReply';
    result = planReply(oneShot, readFile, options);
    stage = 'receiptToMarkdown';
    receiptToMarkdown(result.receipt);
    stage = 'failureReportForModel';
    failureReportForModel(result.receipt);
  } catch (error) {
    violations.push(`crash: ${stage} threw ${(error as Error)?.stack ?? String(error)}`);
  }
  const ms = performance.now() - started;

  // Streaming: random chunk sizes (deterministic per case); end() must equal the one-shot parse.
  let streamMs = 0;
  if (createStreamingParser && oneShot) {
    const rng = new Rng(fuzzCase.index ^ 0x5bd1e995);
    const streamStarted = performance.now();
    try {
      const parser = createStreamingParser();
      const maxChunk = fuzzCase.reply.length > 200_000 ? 4096 : 64;
      for (let at = 0; at < fuzzCase.reply.length; ) {
        const size = rng.int(1, maxChunk);
        parser.push(fuzzCase.reply.slice(at, at + size));
        at += size;
      }
      const streamed = parser.finish();
      if (JSON.stringify(streamed.reply) !== JSON.stringify(oneShot)) violations.push('streaming: end() differs from parseReply of the same text');
    } catch (error) {
      violations.push(`crash: streaming parser threw ${(error as Error)?.stack ?? String(error)}`);
    }
    streamMs = performance.now() - streamStarted;
  }

  const changes: ChangeSummary[] = [];
  let pristine: WorkerResult['pristine'];
  if (result) {
    const { receipt } = result;
    for (const change of result.changes) {
      if (!insideRoot(change.path) || !insideRoot(change.to)) violations.push(`outside-root: a change names ${JSON.stringify(change.path)}${change.to ? ` → ${JSON.stringify(change.to)}` : ''}`);
      changes.push({ path: change.path, action: change.action, ...(change.to ? { to: change.to } : {}), ...(change.newText === undefined ? {} : { newText: change.newText }) });
      // A modification is made from the file as it is, never from something else.
      if (change.action !== 'create' && change.originalText !== readFile(change.path)) violations.push(`plan: the change of ${change.path} starts from text that is not the file's`);
    }
    for (const file of receipt.files) if (!insideRoot(file.path) || !insideRoot(file.to)) violations.push(`outside-root: the receipt names ${JSON.stringify(file.path)}`);
    if (receipt.ok && receipt.errors.length > 0) violations.push('receipt: ok with errors');
    if (fuzzCase.mustRefuse && receipt.ok) violations.push(`wrong-write: the reply was ${fuzzCase.mustRefuse}, yet the receipt is ok`);
    if (fuzzCase.expected) {
      if (!receipt.ok) pristine = 'refused';
      else {
        pristine = 'correct';
        for (const [p, want] of Object.entries(fuzzCase.expected)) {
          const change = result.changes.find((c) => c.path === p);
          const got = change ? (change.action === 'delete' ? null : change.newText) : readFile(p);
          if (got !== want) {
            pristine = 'wrong';
            violations.push(`wrong-result: ${p} of an unmutated reply differs from the expected text${firstDifference(got, want)}`);
          }
        }
      }
    }
  }
  return { ms, parseMs, streamMs, ok: result?.receipt.ok, errorCodes: result?.receipt.errors.map((e) => e.code) ?? [], changes, violations, pristine };
}

function firstDifference(got: string | null | undefined, want: string | null): string {
  if (got == null || want === null) return ` (got ${got === null ? 'a deletion' : got === undefined ? 'no change' : 'text'}, expected ${want === null ? 'a deletion' : 'text'})`;
  const a = got.split('\n');
  const b = want.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return ` at line ${i + 1}: got ${JSON.stringify(a[i]?.slice(0, 120))}, expected ${JSON.stringify(b[i]?.slice(0, 120))}`;
  return '';
}

parentPort?.on('message', (request: WorkerRequest) => {
  const fuzzCase = 'fuzzCase' in request ? request.fuzzCase : makeCase(request.seed, request.index);
  const outcome = runCase(fuzzCase);
  const result: WorkerResult = {
    index: fuzzCase.index,
    ...outcome,
    ...(request.wantCase || outcome.violations.length > 0 || outcome.ms > 1000 || fuzzCase.disk ? { fuzzCase } : {}),
  };
  parentPort!.postMessage(result);
});
