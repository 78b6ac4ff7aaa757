import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import type { MatchOutcome, Placement } from '../placements/types';
import { placementRange } from '../placements/placement-range';
import { parseMatchKey, winnersMatchKey } from './match-key';
import type { Entrant, GeneratedMatch, GeneratedStage } from './types';
import { validateEntrants } from './validate-entrants';

/** Fewest entrants of a stepladder stage. */
export const STEPLADDER_MIN_ENTRANTS = 2;
/** Most entrants of a stepladder stage (one round per entrant but the first: 255 rounds at most). */
export const STEPLADDER_MAX_ENTRANTS = 256;

/** A generated stepladder stage: N - 1 rounds of one match each, in the winners bracket. */
export type StepladderStage = GeneratedStage & { format: 'STEPLADDER' };

/**
 * Generates a stepladder (gauntlet) stage (R27.7): the two lowest seeds meet in round 1 ("W-r1-n1": seed N-1 in
 * slot 1, seed N in slot 2); the winner of round r meets seed N-1-r in round r+1 (the waiting seed in slot 1, the
 * climber in slot 2, through `next.winner`), so the final (round N-1) is seed 1 against the last climber. N - 1
 * matches, no byes; `bracketSize` is N and `totalRounds` N - 1. O(N).
 * @throws DomainError NOT_ENOUGH_PARTICIPANTS below 2 entrants; VALIDATION_ERROR above 256 or for bad entrants.
 */
export function generateStepladder(entrants: readonly Entrant[]): StepladderStage {
  const ranked = validateEntrants(entrants, STEPLADDER_MIN_ENTRANTS, STEPLADDER_MAX_ENTRANTS);
  const n = ranked.length;
  const matches: GeneratedMatch[] = [];
  for (let round = 1; round <= n - 1; round++) {
    const waiting = (ranked[n - 1 - round] as Entrant).id;
    const climber = round === 1 ? (ranked[n - 1] as Entrant).id : null;
    const match: GeneratedMatch = {
      key: winnersMatchKey(round, 1),
      bracket: 'WINNERS',
      round,
      number: 1,
      participants: [waiting, climber],
      next: { winner: null, loser: null },
    };
    const previous = matches[matches.length - 1];
    if (previous !== undefined) previous.next.winner = { key: match.key, slot: 2 };
    matches.push(match);
  }
  return { format: 'STEPLADDER', entrantCount: n, bracketSize: n, totalRounds: n - 1, thirdPlaceMatch: false, entrants: ranked, byes: [], matches };
}

/**
 * Placements of a stepladder stage from its match outcomes (R27.7): the loser of round r places N + 1 - r (each
 * place distinct), the winner of the final (round N - 1) places 1. Only decided places, sorted by placement.
 * O(N + results).
 * @throws DomainError like `generateStepladder` for bad entrants; VALIDATION_ERROR (paths `results[i].key`,
 *   `results[i].winnerId`, `results[i].loserId`) for keys not in the stage or participants not entrants of it.
 */
export function computeStepladderPlacements(entrants: readonly Entrant[], results: readonly MatchOutcome[]): Placement[] {
  const ranked = validateEntrants(entrants, STEPLADDER_MIN_ENTRANTS, STEPLADDER_MAX_ENTRANTS);
  const n = ranked.length;
  const seedOf = new Map(ranked.map((e) => [e.id, e.seed]));
  const details: DomainErrorDetail[] = [];
  const placed = new Map<string, Placement>();
  const place = (i: number, field: 'winnerId' | 'loserId', id: string | null, position: number) => {
    if (id === null) return;
    if (!seedOf.has(id)) details.push({ path: `results[${i}].${field}`, message: `${id} is not an entrant of the stage` });
    else placed.set(id, { participantId: id, placement: position, placementRange: placementRange(position, position) });
  };
  results.forEach((result, i) => {
    const parsed = typeof result?.key === 'string' ? parseMatchKey(result.key) : null;
    if (parsed === null || parsed.bracket !== 'WINNERS' || parsed.number !== 1 || parsed.round > n - 1) {
      details.push({ path: `results[${i}].key`, message: `unknown match key ${String(result?.key)}` });
      return;
    }
    place(i, 'loserId', result.loserId, n + 1 - parsed.round);
    if (parsed.round === n - 1) place(i, 'winnerId', result.winnerId, 1);
  });
  throwIfInvalid(details, 'match results');
  return [...placed.values()].sort((a, b) => a.placement - b.placement);
}
