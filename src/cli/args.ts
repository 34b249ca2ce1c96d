/**
 * The command line, read with Node's own `util.parseArgs` (strict: an unknown option or a missing
 * value is a usage error, never a file name). Pure: argv and the environment in, a value out.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { isKnownEncoding } from './disk/encoding';

export interface ApplyArgs {
  readonly command: 'apply';
  /** The reply's file, or `-` for stdin. */
  readonly replyFile: string;
  /** Absolute, as given (it may be a symbolic link; the real folder is resolved later). */
  readonly root: string;
  readonly hint?: string;
  readonly write: boolean;
  readonly json: boolean;
  readonly encoding?: string;
  readonly maxBytes: number;
}

export type CliArgs =
  | ApplyArgs
  | { readonly command: 'help'; readonly text: string }
  | { readonly command: 'version' }
  | { readonly command: 'watchdog'; readonly journal: string }
  | { readonly command: 'usageError'; readonly message: string };

const defaultMaxMegabytes = 10;

export const usage = `Usage: apply-ai-edit apply [REPLY_FILE | -] [options]
       apply-ai-edit --help | --version

Applies the edits in a language model's reply (SEARCH/REPLACE blocks, unified or git diffs,
*** Begin Patch envelopes, whole files, JSON tool calls, snippets with "... existing code ...")
to the files under a folder. Every edit is located first; nothing is written unless every edit
of the reply was placed, and without --write nothing is written at all.

Options:
  --root DIR            the folder the reply's paths are relative to (default: the current folder);
                        nothing outside it is read or written, symbolic links included
  --file PATH           the file for blocks that name none (relative to --root)
  --write               write the changes (without it: a dry run that prints the diff)
  --json                print the receipt as JSON on stdout (the contract for scripts and tools)
  --encoding NAME       read and write files that are not UTF-8 in this encoding
                        (e.g. windows-1252, latin1, shift_jis); without it they are refused
  --max-file-size MB    refuse files larger than this without reading them (default: ${defaultMaxMegabytes})
  -h, --help            show this help
  -V, --version         show the version

Reads the reply from REPLY_FILE, or from stdin when it is - or left out.

Exit status: 0 every edit applied (or already was), 1 an edit failed or the write was refused
(nothing written), 2 a usage error or a reply without edits.

Examples:
  pbpaste | apply-ai-edit apply                    preview the reply on the clipboard as a diff
  apply-ai-edit apply reply.md --write             apply it to the current folder
  apply-ai-edit apply reply.md --root ~/project --file src/app.ts --write
  apply-ai-edit apply - --json < reply.md | jq .errors
  apply-ai-edit apply reply.md --encoding windows-1252 --write`;

const options = {
  root: { type: 'string' },
  file: { type: 'string' },
  write: { type: 'boolean' },
  json: { type: 'boolean' },
  encoding: { type: 'string' },
  'max-file-size': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/** Reads argv (without `node` and the script). `cwd` resolves a relative `--root`. */
export function parseCliArgs(argv: readonly string[], cwd: string): CliArgs {
  if (argv[0] === '__watchdog' && argv.length === 2) return { command: 'watchdog', journal: argv[1] };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    return usageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help', text: usage };
  if (values.version) return { command: 'version' };
  const [command, ...rest] = positionals;
  if (command === undefined) return usageError('no command given (the command is apply)');
  if (command === 'help') return { command: 'help', text: usage };
  if (command !== 'apply') return usageError(`unknown command "${command}" (the command is apply)`);
  if (rest.length > 1) return usageError(`one reply at a time: unexpected "${rest[1]}"`);
  if (values.encoding !== undefined && !isKnownEncoding(values.encoding)) return usageError(`unknown encoding "${values.encoding}" (try windows-1252, latin1, shift_jis, gbk, utf-16le)`);
  let maxMegabytes = defaultMaxMegabytes;
  if (values['max-file-size'] !== undefined) {
    maxMegabytes = Number(values['max-file-size']);
    if (!(maxMegabytes > 0)) return usageError(`--max-file-size needs a number of megabytes above 0, not "${values['max-file-size']}"`);
  }
  return {
    command: 'apply',
    replyFile: rest[0] ?? '-',
    root: path.resolve(cwd, values.root ?? '.'),
    ...(values.file === undefined ? {} : { hint: values.file }),
    write: values.write ?? false,
    json: values.json ?? false,
    ...(values.encoding === undefined ? {} : { encoding: values.encoding }),
    maxBytes: Math.floor(maxMegabytes * 1024 * 1024),
  };
}

function usageError(message: string): CliArgs {
  return { command: 'usageError', message };
}
