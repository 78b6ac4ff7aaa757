import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { generateDoubleElimination, type DoubleEliminationOptions } from '../formats/double-elimination';
import { winnersMatchKey } from '../formats/match-key';
import { GRAND_FINAL_KEY, GRAND_FINAL_RESET_KEY } from '../formats/stage-match-key';
import type { Entrant, GeneratedMatch } from '../formats/types';
import { placementRange } from './placement-range';
import type { MatchOutcome, Placement } from './types';

/**
 * Final placements of a double-elimination stage from its match outcomes (R7.6, R7.7). Grand final: winner 1,
 * loser 2 (with a reset: decided by the first match when the winners champion wins it, else by the reset);
 * without a grand final ("none") the winners-bracket champion is 1 and the losers-bracket champion 2. Then
 * by elimination round in the losers bracket: the losers final's loser is 3, and the losers of each earlier
 * losers round share the next places, as many as that round has real matches (8 entrants: 3, 4, 5-6, 7-8;
 * 6 entrants, whose losers round 1 is all byes: 3, 4, 5-6). Only decided places are listed, sorted by
 * placement then seed. O(N + results).
 * @throws DomainError like `generateDoubleElimination` for bad entrants or options; VALIDATION_ERROR (paths
 *   `results[i].key`, `results[i].winnerId`, `results[i].loserId`) for keys not in the stage, unknown or
 *   twice-placed participants, or a grand final reported without the winners final.
 */
export function computeDoubleEliminationPlacements(
  entrants: readonly Entrant[],
  results: readonly MatchOutcome[],
  options: DoubleEliminationOptions = {},
): Placement[] {
  const stage = generateDoubleElimination(entrants, options);
  const byKey = new Map<string, GeneratedMatch>(stage.matches.map((m) => [m.key, m]));
  const seedOf = new Map<string, number>(stage.entrants.map((e) => [e.id, e.seed]));
  const winnersFinal = winnersMatchKey(stage.totalRounds, 1);
  const losersFinalRound = stage.losersRounds;

  // Places per losers round, from the last round up: 3, then as many places as the round has matches.
  const losersRange = new Map<number, [number, number]>();
  let next = 3;
  for (let round = stage.losersRounds; round >= 1; round--) {
    const count = stage.losersRoundMatchCounts[round - 1] as number;
    if (count === 0) continue;
    losersRange.set(round, [next, next + count - 1]);
    next += count;
  }

  const details: DomainErrorDetail[] = [];
  const placed = new Map<string, Placement>();
  const place = (i: number, field: 'winnerId' | 'loserId', id: string | null, low: number, high: number): void => {
    if (id === null) return;
    if (!seedOf.has(id)) details.push({ path: `results[${i}].${field}`, message: `${id} is not an entrant of the stage` });
    else if (placed.has(id)) details.push({ path: `results[${i}].${field}`, message: `${id} is placed twice` });
    else placed.set(id, { participantId: id, placement: low, placementRange: placementRange(low, high) });
  };
  const wbChampion = results.find((r) => r.key === winnersFinal)?.winnerId ?? null;

  results.forEach((result, i) => {
    const match = typeof result?.key === 'string' ? byKey.get(result.key) : undefined;
    if (match === undefined) {
      details.push({ path: `results[${i}].key`, message: `unknown match key ${String(result?.key)}` });
      return;
    }
    if (match.bracket === 'LOSERS') {
      const [low, high] = losersRange.get(match.round) as [number, number];
      place(i, 'loserId', result.loserId, low, high);
      if (match.round === losersFinalRound && stage.grandFinal === 'none') place(i, 'winnerId', result.winnerId, 2, 2);
      return;
    }
    if (match.bracket === 'WINNERS') {
      if (match.key !== winnersFinal || stage.grandFinal !== 'none') return;
      place(i, 'winnerId', result.winnerId, 1, 1);
      if (stage.losersRounds === 0) place(i, 'loserId', result.loserId, 2, 2);
      return;
    }
    // Grand final.
    if (match.key === GRAND_FINAL_RESET_KEY || stage.grandFinal === 'simple') {
      place(i, 'winnerId', result.winnerId, 1, 1);
      place(i, 'loserId', result.loserId, 2, 2);
      return;
    }
    if (match.key === GRAND_FINAL_KEY && result.winnerId !== null) {
      if (wbChampion === null) {
        details.push({ path: `results[${i}].key`, message: `${GRAND_FINAL_KEY} needs the result of ${winnersFinal}` });
      } else if (result.winnerId === wbChampion) {
        place(i, 'winnerId', result.winnerId, 1, 1);
        place(i, 'loserId', result.loserId, 2, 2);
      }
    }
  });
  throwIfInvalid(details, 'match results');
  return [...placed.values()].sort(
    (a, b) => a.placement - b.placement || (seedOf.get(a.participantId) as number) - (seedOf.get(b.participantId) as number),
  );
}
