/**
 * Writing to the CLI's standard output without holding what is written. `process.stdout` on a
 * pipe is asynchronous on POSIX: a diff written faster than the reader takes it is queued in
 * memory whole (11 MB of diff, twice over, for a reply of 33,000 blocks). Written here with
 * `fs.writeSync`, each piece waits for the pipe instead.
 */
import * as fs from 'node:fs';

/** File descriptor 1. */
const STDOUT = 1;

/** Set once the reader has gone away (`apply-ai-edit apply … | head`): the rest is not written. */
let readerGone = false;

/**
 * Writes `text` to standard output before returning. A pipe another process left non-blocking
 * (`EAGAIN`) is waited on; a reader that closed the pipe (`EPIPE`) ends the output quietly, as
 * `git diff | head` does.
 */
export function writeOutSync(text: string): void {
  if (readerGone || text === '') return;
  const bytes = Buffer.from(text, 'utf8');
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (let at = 0; at < bytes.length; ) {
    try {
      at += fs.writeSync(STDOUT, bytes, at, bytes.length - at);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(nap, 0, 0, 2);
        continue;
      }
      if (code === 'EPIPE') {
        readerGone = true;
        return;
      }
      throw error;
    }
  }
}
