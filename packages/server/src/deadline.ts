/** A piece of work did not settle within its deadline (see {@link withDeadline}). */
export class DeadlineExceededError extends Error {
  override readonly name = 'DeadlineExceededError';
}

/**
 * `work` bounded in time: settles as `work` does if it does within `ms` milliseconds, else rejects with
 * DeadlineExceededError(`message`). The work itself is not stopped (its later outcome is ignored); the timer is
 * cleared as soon as either settles and never keeps the process alive. Used where an answer must come in a bounded
 * time whatever a dependency does (`/health`, the rate limit's shared store; R18.18).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(message)), ms);
    timer.unref?.();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
