import type { Entrant } from '../formats/types';
import { DomainError } from '../errors/domain-error';
import { enumSetting } from '../stages/enum-setting';

/** How a tournament's participants get their seeds at the start (contract `StageSettings.seeding` of stage 1, R27.10). */
export const SEEDING_MODES = ['MANUAL', 'RATING'] as const;
/** A value of `SEEDING_MODES`. */
export type SeedingMode = (typeof SEEDING_MODES)[number];

/** A participant to seed by rating: its rating (null when unrated) and registration instant (UTC ISO 8601). */
export interface RatedCandidate {
  id: string;
  rating: number | null;
  registeredAt: string;
}

/**
 * Seeds 1..N by rating (R27.10): the highest rating is seed 1; equal ratings keep registration order (then id);
 * unrated participants come after every rated one, in registration order (then id). Explicit seeds play no part.
 * Pure: the input is not changed. Returns entrants in seed order.
 * @throws DomainError VALIDATION_ERROR (path `rating`) for a rating that is not a finite number.
 */
export function seedsByRating(candidates: readonly RatedCandidate[]): Entrant[] {
  for (const c of candidates) {
    if (c.rating !== null && !Number.isFinite(c.rating)) {
      throw new DomainError('VALIDATION_ERROR', `rating of ${c.id} must be a finite number`, [{ path: 'rating', message: 'must be a finite number' }]);
    }
  }
  const ordered = [...candidates].sort((a, b) => {
    if (a.rating !== null && b.rating !== null && a.rating !== b.rating) return b.rating - a.rating;
    if (a.rating !== null && b.rating === null) return -1;
    if (a.rating === null && b.rating !== null) return 1;
    if (a.registeredAt !== b.registeredAt) return a.registeredAt < b.registeredAt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  return ordered.map((c, i) => ({ id: c.id, seed: i + 1 }));
}

/**
 * `settings.seeding` of a stage (default MANUAL: explicit seeds, then registration order; RATING: `seedsByRating`),
 * R27.10. Read for stage 1 at the start; later stages are seeded by the standings of the stage before.
 * @throws DomainError VALIDATION_ERROR (path `settings.seeding`) for another value.
 */
export function seedingSetting(settings: { seeding?: unknown } = {}): SeedingMode {
  return enumSetting(settings, 'seeding', SEEDING_MODES, 'MANUAL');
}
