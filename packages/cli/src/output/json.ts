import type { CliIo } from '../deps';

/** Prints `value` as indented JSON on stdout (the `--json` output of every read command). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
