import type { Entrant } from '@tourney/core';

/** A participant that enters a stage: its explicit seed (or null) and its registration instant (UTC ISO 8601). */
export interface SeedCandidate {
  id: string;
  seed: number | null;
  registeredAt: string;
}

/**
 * Final seeds of the participants entering a tournament (DESIGN "Tournament and match lifecycle"): those with an
 * explicit seed first, by ascending seed, then the others in registration order (ties by id, which sorts by
 * creation time); returned as entrants with seeds 1..N in that order. Gaps in explicit seeds close up
 * (explicit seeds 2 and 5 become 1 and 2).
 */
export function assignSeeds(candidates: readonly SeedCandidate[]): Entrant[] {
  const ordered = [...candidates].sort((a, b) => {
    if (a.seed !== null && b.seed !== null && a.seed !== b.seed) return a.seed - b.seed;
    if (a.seed !== null && b.seed === null) return -1;
    if (a.seed === null && b.seed !== null) return 1;
    if (a.registeredAt !== b.registeredAt) return a.registeredAt < b.registeredAt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return ordered.map((c, i) => ({ id: c.id, seed: i + 1 }));
}
