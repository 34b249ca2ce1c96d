/**
 * Test hooks of the write path, read from the environment only by `npm run crashtest` and the unit
 * tests, so that a test can prove what happens at every step of a write: a failure, a kill, or
 * another program writing at that very instant. Unset (always, outside those tests) they do nothing.
 *
 * - `APPLY_AI_EDIT_TEST_FAIL_STEP=N`: the N-th step (1-based) throws an `EIO` error instead of running.
 * - `APPLY_AI_EDIT_TEST_KILL_STEP=N`: the process kills itself (SIGKILL) at the N-th step.
 * - `APPLY_AI_EDIT_TEST_PAUSE_AT=TEXT` and `APPLY_AI_EDIT_TEST_RESUME_FILE=PATH`: at the first step
 *   whose description starts with TEXT, print `apply-ai-edit: paused at step N (...)` to stderr and
 *   wait until PATH exists (30 s at most).
 * - `APPLY_AI_EDIT_TEST_ANNOUNCE=1`: print `apply-ai-edit: writing` to stderr as the write begins,
 *   and `apply-ai-edit: written in N steps` when it is done.
 */
import * as fs from 'node:fs';

const env = process.env;
const failAt = Number(env.APPLY_AI_EDIT_TEST_FAIL_STEP ?? 0);
const killAt = Number(env.APPLY_AI_EDIT_TEST_KILL_STEP ?? 0);
const pauseAt = env.APPLY_AI_EDIT_TEST_PAUSE_AT;
let steps = 0;
let paused = false;

/**
 * Counts one step of a write (a folder made, a temporary file written, a rename...) and, under
 * test, fails it, dies at it or pauses before it. Called right before the step's system call.
 */
export function step(what: string): void {
  steps++;
  if (killAt > 0 && steps === killAt) process.kill(process.pid, 'SIGKILL');
  if (failAt > 0 && steps === failAt) {
    const error = new Error(`injected failure at step ${steps} (${what})`) as NodeJS.ErrnoException;
    error.code = 'EIO';
    throw error;
  }
  if (pauseAt !== undefined && !paused && what.startsWith(pauseAt)) {
    paused = true;
    process.stderr.write(`apply-ai-edit: paused at step ${steps} (${what})\n`);
    const resume = env.APPLY_AI_EDIT_TEST_RESUME_FILE ?? '';
    const nap = new Int32Array(new SharedArrayBuffer(4));
    for (const until = Date.now() + 30_000; !fs.existsSync(resume) && Date.now() < until; ) Atomics.wait(nap, 0, 0, 10);
  }
}

/** Under test: says on stderr that the write has begun (the crash test kills the CLI after it). */
export function announceWrite(): void {
  if (env.APPLY_AI_EDIT_TEST_ANNOUNCE === '1') process.stderr.write('apply-ai-edit: writing\n');
}

/** Under test: says on stderr how many steps the write took (a test then fails or kills each one). */
export function announceWritten(): void {
  if (env.APPLY_AI_EDIT_TEST_ANNOUNCE === '1') process.stderr.write(`apply-ai-edit: written in ${steps} steps\n`);
}
