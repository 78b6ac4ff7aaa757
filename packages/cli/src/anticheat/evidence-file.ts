import { createHash } from 'node:crypto';
import { access, writeFile } from 'node:fs/promises';
import type { CliIo, TextSink } from '../deps';
import { CliError } from '../errors';

/** Where `tourney anticheat evidence download` puts the bytes: the `-o` file (replaced only with `force`), else stdout. */
export interface EvidenceTarget {
  output?: string;
  force?: boolean;
}

/** What a failed write of the -o file says, by errno code. */
const WRITE_FAILURES: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
};

function fileExists(output: string): CliError {
  return new CliError('FILE_EXISTS', `--output ${output} already exists`, { hint: 'add --force to replace it, or give another file' });
}

/**
 * Checks where the evidence bytes will go before anything is downloaded (R20.13): a file that does not exist yet (or
 * any with --force), or stdout when it is not a terminal (binary bytes would garble it).
 * @throws CliError INVALID_ARGUMENT for --force without --output; TERMINAL_OUTPUT when stdout is a terminal and no
 *   --output is given; FILE_EXISTS when --output names an existing file and --force is not given.
 */
export async function checkEvidenceTarget(io: CliIo, target: EvidenceTarget): Promise<void> {
  if (target.output === undefined) {
    if (target.force) throw new CliError('INVALID_ARGUMENT', '--force goes with --output');
    if (io.isTTY) {
      throw new CliError('TERMINAL_OUTPUT', 'will not write evidence bytes to a terminal', {
        hint: 'use -o FILE to save them, or pipe the output (e.g. > shot.png)',
      });
    }
    return;
  }
  if (target.force) return;
  const exists = await access(target.output).then(
    () => true,
    () => false,
  );
  if (exists) throw fileExists(target.output);
}

/** A sink that takes bytes: process.stdout does (a Node stream); so must a test's stand-in. */
interface ByteSink {
  write(chunk: Uint8Array): unknown;
}

/**
 * Writes evidence bytes to the -o file (created; an existing one only replaced with `force`, so a file that appeared
 * since {@link checkEvidenceTarget} is not overwritten either) or to stdout, then says on stderr what was written:
 * `wrote 7 bytes (sha256 0123456789ab…) to shot.png` (`to stdout`); the checksum is of the bytes written, to compare
 * with the sha256 `detection get` lists.
 * @throws CliError FILE_EXISTS when the file exists and `force` is not set; FILE_NOT_WRITABLE "cannot write --output
 *   FILE: {reason}" when it cannot be written (a missing folder, no permission, a directory).
 */
export async function writeEvidence(io: CliIo, bytes: Uint8Array, target: EvidenceTarget): Promise<void> {
  if (target.output === undefined) {
    // The CLI's io types stdout as text; in a real run it is process.stdout, which takes bytes as they are.
    (io.stdout as TextSink & ByteSink).write(bytes);
  } else {
    try {
      await writeFile(target.output, bytes, { flag: target.force ? 'w' : 'wx' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'EEXIST') throw fileExists(target.output);
      throw new CliError('FILE_NOT_WRITABLE', `cannot write --output ${target.output}: ${WRITE_FAILURES[code] ?? (error as Error).message}`, {
        cause: error,
        ...(code === 'ENOENT' ? { hint: 'create the folder first, or give a path in an existing one' } : {}),
      });
    }
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  io.stderr.write(`wrote ${bytes.byteLength} bytes (sha256 ${sha256.slice(0, 12)}…) to ${target.output ?? 'stdout'}\n`);
}
