import { readFile, writeFile } from 'node:fs/promises';
import type { CliDeps } from '../deps';
import { CliError } from '../errors';
import { printDone } from './shared';

/** How a command's file-reading error reads. */
export interface ReadFileOptions {
  /** How the error names the file (default: its path), e.g. `--file draw.yaml`. */
  label?: string;
  /** What the error says of the failure: the system message (default) or its errno code alone (e.g. ENOENT). */
  reason?: 'message' | 'code';
}

function unreadable(file: string, error: unknown, options: ReadFileOptions): CliError {
  const reason = options.reason === 'code' ? ((error as NodeJS.ErrnoException).code ?? String(error)) : (error as Error).message;
  return new CliError('FILE_NOT_READABLE', `cannot read ${options.label ?? file}: ${reason}`, { cause: error });
}

/**
 * Reads a file named on the command line (an argument or a flag's value) as UTF-8 text.
 * @throws CliError FILE_NOT_READABLE "cannot read {label}: {reason}" when it cannot be read.
 */
export async function readTextFile(file: string, options: ReadFileOptions = {}): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw unreadable(file, error, options);
  }
}

/**
 * Reads a file named on the command line as bytes.
 * @throws CliError FILE_NOT_READABLE "cannot read {label}: {reason}" when it cannot be read.
 */
export async function readBytesFile(file: string, options: ReadFileOptions = {}): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    throw unreadable(file, error, options);
  }
}

/** What a failed write of an --output file says, by errno code. */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
};

/**
 * Writes an export (CSV, iCalendar) to stdout, or to the `--output` file as UTF-8 and then says so ("wrote FILE"
 * on a terminal, the path when piped).
 * @throws CliError FILE_NOT_WRITABLE "cannot write --output FILE: {reason}" when the file cannot be written (a missing
 *   folder, no permission), with a hint for a missing folder.
 */
export async function writeOutput(deps: CliDeps, text: string, output: string | undefined): Promise<void> {
  if (output === undefined) return void deps.io.stdout.write(text);
  try {
    await writeFile(output, text, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = WRITE_FAILURES[code ?? ''] ?? (error as Error).message;
    throw new CliError('FILE_NOT_WRITABLE', `cannot write --output ${output}: ${reason}`, {
      cause: error,
      ...(code === 'ENOENT' ? { hint: 'create the folder first, or give a path in an existing one' } : {}),
    });
  }
  printDone(deps, `wrote ${output}`, output);
}
