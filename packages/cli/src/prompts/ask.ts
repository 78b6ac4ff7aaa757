import type { CliDeps } from '../deps';
import { missingValueError } from '../errors';

/** How to obtain one required value. */
export interface AskOptions {
  /** The flag that provides the value, named in the non-interactive error (e.g. `--username`). */
  flag: string;
  /** Prompt text (lower case, no trailing colon). */
  message: string;
  /** Hide input (passwords). */
  secret?: boolean;
  default?: string;
  validate?: (value: string) => true | string;
}

/** True when prompting is allowed: stdin and stdout are terminals. */
export function canPrompt(deps: CliDeps): boolean {
  return deps.io.interactive ?? deps.io.isTTY;
}

/**
 * Returns `value` when given (non-empty); otherwise prompts for it on a terminal.
 * @throws CliError MISSING_VALUE "must provide <flag> when not running interactively" when there is no terminal.
 * @throws CancelledError when the user aborts the prompt.
 */
export async function valueOrAsk(deps: CliDeps, value: string | undefined, options: AskOptions): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (!canPrompt(deps)) throw missingValueError(options.flag);
  const validate = options.validate ?? ((answer: string) => (answer.trim() === '' ? 'required' : true));
  const answer = options.secret
    ? await deps.prompter.password({ message: options.message, validate })
    : await deps.prompter.input({ message: options.message, default: options.default, validate });
  return options.secret ? answer : answer.trim();
}
