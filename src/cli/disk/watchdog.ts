/**
 * The watchdog: a small second process that outlives the CLI if the CLI is killed mid-write
 * (SIGKILL, an out-of-memory kill, Ctrl+C). The CLI starts it before the first change to the disk,
 * with a pipe that only the CLI holds open and the path of the write's journal. When the pipe
 * closes, the CLI has ended: if the journal is gone (the CLI removes it when its write is done or
 * undone) or ends with `end` there is nothing to do; otherwise the
 * watchdog runs the same `recover` the CLI runs after a failed step (every file put back, or, past
 * the commit point, only the leftovers removed) and says on stderr what it did. A crash of the
 * whole machine stops the watchdog too: each file is still wholly old or wholly new, and the
 * temporary files and kept originals (`.apply-ai-edit-*`) show where a write stopped.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { describeRecovery, readJournal, recover } from './journal';

/** The hidden command line word that makes `main` run the watchdog. */
export const watchdogCommand = '__watchdog';

/**
 * Starts the watchdog for the journal at `journalFile` (which need not exist yet). `script` is the
 * CLI's entry file. The watchdog shares the CLI's stderr (so a caller waiting for stderr to close
 * waits for its recovery too) and runs in its own process group (Ctrl+C in a terminal stops the
 * CLI, not the watchdog). Returns false when it could not be started.
 */
export function startWatchdog(journalFile: string, script: string): boolean {
  try {
    const child = spawn(process.execPath, [script, watchdogCommand, journalFile], { stdio: ['pipe', 'ignore', 'inherit'], detached: true });
    child.on('error', () => undefined);
    child.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return child.pid !== undefined;
  } catch {
    return false;
  }
}

/** The watchdog process: waits for the CLI to end, then finishes or undoes its write. */
export function runWatchdog(journalFile: string): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    let entries;
    try {
      entries = readJournal(journalFile);
    } catch {
      return; // the CLI ended before its write began
    }
    if (entries.length > 0 && entries[entries.length - 1].t !== 'end') {
      const recovery = recover(entries);
      if (recovery.committed) {
        if (recovery.problems.length) process.stderr.write(`apply-ai-edit: the write finished but the process ended before cleaning up: ${recovery.problems.join('; ')}\n`);
      } else {
        process.stderr.write(`apply-ai-edit: the process ended in the middle of writing; ${describeRecovery(recovery)}.\n`);
      }
    }
    fs.rmSync(journalFile, { force: true });
  };
  process.stdin.on('data', () => undefined);
  process.stdin.on('end', finish);
  process.stdin.on('close', finish);
  process.stdin.on('error', finish);
  process.stdin.resume();
}
