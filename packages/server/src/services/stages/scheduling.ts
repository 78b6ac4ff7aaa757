/**
 * Scheduled start of a match of `round` (1-based): the stage's start plus (round - 1) round intervals.
 * `startIso` is a UTC ISO 8601 instant, `intervalMinutes` in minutes; returns a UTC ISO 8601 instant.
 */
export function scheduledAtForRound(startIso: string, round: number, intervalMinutes: number): string {
  const startMs = new Date(startIso).getTime();
  return new Date(startMs + (round - 1) * intervalMinutes * 60_000).toISOString();
}
