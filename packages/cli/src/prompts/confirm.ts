import type { CliDeps } from '../deps';
import { CancelledError, CliError } from '../errors';
import { safeText } from '../output/safe-text';
import { canPrompt } from './ask';

/**
 * Asks before a destructive action. `--yes` skips the question; on a terminal the user answers (no: CancelledError,
 * exit 2); without a terminal `--yes` is required.
 * @throws CliError CONFIRMATION_REQUIRED (exit 1) when not interactive and `yes` is not set.
 * @throws CancelledError when the user answers no or aborts.
 */
export async function confirmOrStop(deps: CliDeps, yes: boolean | undefined, unsafeQuestion: string): Promise<void> {
  if (yes) return;
  // The question names participants and tournaments: no control characters to the terminal (R20.5).
  const question = safeText(unsafeQuestion);
  if (!canPrompt(deps)) {
    throw new CliError('CONFIRMATION_REQUIRED', `${question.replace(/\?$/, '')}: add --yes to confirm (not running interactively)`);
  }
  const ok = await deps.prompter.confirm({ message: question, default: false });
  if (!ok) throw new CancelledError('cancelled; nothing was changed');
}
