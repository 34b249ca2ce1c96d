/**
 * Test hooks of the write path, read from the environment only by `npm run crashtest` and the unit
 * tests: they make a chosen step of a write fail, or announce the write, so that a test can prove
 * every step restores every byte. Unset (always, outside those tests) they do nothing.
 *
 * - `APPLY_AI_EDIT_TEST_FAIL_STEP=N`: the N-th step (1-based) throws an `EIO` error instead of running.
 * - `APPLY_AI_EDIT_TEST_ANNOUNCE=1`: print `apply-ai-edit: writing` to stderr as the write begins.
 */
const failAt = Number(process.env.APPLY_AI_EDIT_TEST_FAIL_STEP ?? 0);
let steps = 0;

/**
 * Counts one step of a write (a mkdir, a temporary file written, a rename...) and, under test,
 * fails it. Called right before the step's system call.
 */
export function step(what: string): void {
  steps++;
  if (failAt > 0 && steps === failAt) {
    const error = new Error(`injected failure at step ${steps} (${what})`) as NodeJS.ErrnoException;
    error.code = 'EIO';
    throw error;
  }
}

/** Under test: says on stderr that the write has begun (the crash test kills the CLI after it). */
export function announceWrite(): void {
  if (process.env.APPLY_AI_EDIT_TEST_ANNOUNCE === '1') process.stderr.write('apply-ai-edit: writing\n');
}
