/** Largest share by which a retry delay is moved either way (0.2 = +-20 %), so that failed deliveries spread out. */
export const RETRY_JITTER = 0.2;

/**
 * Total attempts a delivery gets on a schedule: the first one plus one per delay.
 * (config.webhookRetryScheduleSeconds; default 10 attempts over about 24 h.)
 */
export const maxAttemptsOf = (scheduleSeconds: readonly number[]): number => scheduleSeconds.length + 1;

/**
 * Delay before the retry that follows failed attempt number `attempt` (1-based), milliseconds, or null when the
 * schedule is exhausted. The schedule's delay (seconds) is jittered by up to +-{@link RETRY_JITTER} with `random`
 * (a number in [0, 1), default Math.random).
 */
export function retryDelayMs(attempt: number, scheduleSeconds: readonly number[], random: () => number = Math.random): number | null {
  const base = scheduleSeconds[attempt - 1];
  if (base === undefined) return null;
  const factor = 1 + (random() * 2 - 1) * RETRY_JITTER;
  return Math.max(0, Math.round(base * 1000 * factor));
}
