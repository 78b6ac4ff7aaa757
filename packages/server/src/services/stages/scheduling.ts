/**
 * Scheduled start of a match of `round` (1-based): the stage's start plus (round - 1) round intervals.
 * `startIso` is a UTC ISO 8601 instant, `intervalMinutes` in minutes; returns a UTC ISO 8601 instant.
 */
export function scheduledAtForRound(startIso: string, round: number, intervalMinutes: number): string {
  const startMs = new Date(startIso).getTime();
  return new Date(startMs + (round - 1) * intervalMinutes * 60_000).toISOString();
}

/** `iso` (UTC ISO 8601) plus `minutes`, as a UTC ISO 8601 instant (a match's offset within its round, R25.7). */
export function addMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}
