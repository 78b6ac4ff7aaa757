import { throwIfInvalid, type DomainErrorDetail } from '../errors/domain-error';
import { generateDoubleElimination, type DoubleEliminationOptions, type DoubleEliminationStage } from '../formats/double-elimination';
import { grandFinalSetting, type GrandFinalMode } from '../stages/stage-settings';
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
 * A stage that stops with `options.stopAt` = A entrants left (R7.21) has no grand final: the A/2 unbeaten (the winners
 * of its last winners round) share places 1 to A/2, the A/2 left in the losers bracket (the winners of its last losers
 * round, or a last-round winners loser who had no one to meet there) A/2 + 1 to A, and the losers of the losers rounds
 * the places after A as above (16 entrants, A = 4: 1-2, 3-4, 5-6, 7-8, 9-12, 13-16).
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
  const shape = shapeOf(stage);
  const seedOf = new Map<string, number>(stage.entrants.map((e) => [e.id, e.seed]));
  const details: DomainErrorDetail[] = [];
  const placed = new Map<string, Placement>();
  const wbChampion = results.find((r) => r.key === shape.winnersFinal)?.winnerId ?? null;

  results.forEach((result, i) => {
    const decided = placesDecided(shape, result, wbChampion);
    if (decided === 'UNKNOWN_KEY') {
      details.push({ path: `results[${i}].key`, message: `unknown match key ${String(result?.key)}` });
      return;
    }
    if (decided === 'NEEDS_WINNERS_FINAL') {
      details.push({ path: `results[${i}].key`, message: `${GRAND_FINAL_KEY} needs the result of ${shape.winnersFinal}` });
      return;
    }
    for (const { field, low, high } of decided) {
      const id = result[field];
      if (id === null) continue;
      if (!seedOf.has(id)) details.push({ path: `results[${i}].${field}`, message: `${id} is not an entrant of the stage` });
      else if (placed.has(id)) details.push({ path: `results[${i}].${field}`, message: `${id} is placed twice` });
      else placed.set(id, { participantId: id, placement: low, placementRange: placementRange(low, high) });
    }
  });
  throwIfInvalid(details, 'match results');
  return [...placed.values()].sort(
    (a, b) => a.placement - b.placement || (seedOf.get(a.participantId) as number) - (seedOf.get(b.participantId) as number),
  );
}

/** What {@link computeDoubleEliminationPlacements} reads of a generated stage: its matches by key and its places. */
interface DoubleEliminationShape {
  byKey: Map<string, GeneratedMatch>;
  winnersFinal: string;
  losersRounds: number;
  grandFinal: GrandFinalMode;
  /** The entrants left when the stage stops (R7.21), null when it plays its whole bracket. */
  stopAt: number | null;
  /** Places [low, high] of the losers of each losers round that has real matches. */
  losersRange: Map<number, [number, number]>;
}

/** The shape of a generated double elimination. */
function shapeOf(stage: DoubleEliminationStage): DoubleEliminationShape {
  // Places per losers round, from the last round up: 3 (after the A left by a cut, A + 1), then as many places as
  // the round has matches.
  const losersRange = new Map<number, [number, number]>();
  let next = stage.stopAt === null ? 3 : stage.stopAt + 1;
  for (let round = stage.losersRounds; round >= 1; round--) {
    const count = stage.losersRoundMatchCounts[round - 1] as number;
    if (count === 0) continue;
    losersRange.set(round, [next, next + count - 1]);
    next += count;
  }
  return {
    byKey: new Map<string, GeneratedMatch>(stage.matches.map((m) => [m.key, m])),
    winnersFinal: winnersMatchKey(stage.totalRounds, 1),
    losersRounds: stage.losersRounds,
    grandFinal: stage.grandFinal,
    stopAt: stage.stopAt,
    losersRange,
  };
}

/** A place one side of a result takes: the side (`winnerId` or `loserId`) and the places [low, high] it shares. */
interface DecidedPlace {
  field: 'winnerId' | 'loserId';
  low: number;
  high: number;
}

/**
 * The places one result decides (R7.6, R7.7), the rules of {@link computeDoubleEliminationPlacements}: a losers
 * match places its loser (and, without a grand final, the losers final its winner 2); a winners match places
 * nobody except the winners final without a grand final (winner 1, and loser 2 when there is no losers bracket);
 * a simple grand final or the reset places both; the first match of a double grand final places both only when the
 * winners champion (`wbChampion`, the winners final's winner) wins it, and needs that result
 * (NEEDS_WINNERS_FINAL when `wbChampion` is null). In a stage that stops at its qualifiers, `cutPlaces`.
 * UNKNOWN_KEY for a key not in the stage.
 */
function placesDecided(shape: DoubleEliminationShape, result: MatchOutcome, wbChampion: string | null): DecidedPlace[] | 'UNKNOWN_KEY' | 'NEEDS_WINNERS_FINAL' {
  const match = typeof result?.key === 'string' ? shape.byKey.get(result.key) : undefined;
  if (match === undefined) return 'UNKNOWN_KEY';
  if (shape.stopAt !== null) return cutPlaces(shape, match, shape.stopAt);
  if (match.bracket === 'LOSERS') {
    const [low, high] = shape.losersRange.get(match.round) as [number, number];
    const places: DecidedPlace[] = [{ field: 'loserId', low, high }];
    if (match.round === shape.losersRounds && shape.grandFinal === 'none') places.push({ field: 'winnerId', low: 2, high: 2 });
    return places;
  }
  if (match.bracket === 'WINNERS') {
    if (match.key !== shape.winnersFinal || shape.grandFinal !== 'none') return [];
    const places: DecidedPlace[] = [{ field: 'winnerId', low: 1, high: 1 }];
    if (shape.losersRounds === 0) places.push({ field: 'loserId', low: 2, high: 2 });
    return places;
  }
  // Grand final.
  const both: DecidedPlace[] = [
    { field: 'winnerId', low: 1, high: 1 },
    { field: 'loserId', low: 2, high: 2 },
  ];
  if (match.key === GRAND_FINAL_RESET_KEY || shape.grandFinal === 'simple') return both;
  if (match.key === GRAND_FINAL_KEY && result.winnerId !== null) {
    if (wbChampion === null) return 'NEEDS_WINNERS_FINAL';
    if (result.winnerId === wbChampion) return both;
  }
  return [];
}

/**
 * The places one match of a double elimination that stops with `stopAt` = A entrants left decides (R7.21): a side
 * that goes nowhere from it is left in when the stage stops, the winner of a winners match unbeaten (1 to A/2), any
 * other with one loss (A/2 + 1 to A); a losers match's loser takes its round's places.
 */
function cutPlaces(shape: DoubleEliminationShape, match: GeneratedMatch, stopAt: number): DecidedPlace[] {
  const half = stopAt / 2;
  const places: DecidedPlace[] = [];
  if (match.next.winner === null) {
    places.push(match.bracket === 'WINNERS' ? { field: 'winnerId', low: 1, high: half } : { field: 'winnerId', low: half + 1, high: stopAt });
  }
  if (match.bracket === 'LOSERS') {
    const [low, high] = shape.losersRange.get(match.round) as [number, number];
    places.push({ field: 'loserId', low, high });
  } else if (match.next.loser === null) {
    places.push({ field: 'loserId', low: half + 1, high: stopAt });
  }
  return places;
}

/**
 * What a completed double-elimination match needs to give the placements it decides (R7.6, R7.7), from its key
 * and the stage's settings alone: NOTHING when it decides none (a winners-bracket match while there is a grand
 * final: its loser drops to the losers bracket, its winner plays on), STAGE for the first match of a double grand
 * final (its places depend on the winners final: compute the stage's placements from every result), else SHAPE
 * ({@link doubleEliminationMatchPlacements} with the stage's entrant count). In a stage that stops at its qualifiers
 * (`options.stopAt`, R7.21) every match needs SHAPE (a last-round winners match places both sides).
 * @throws DomainError VALIDATION_ERROR for a bad `grandFinal` setting.
 */
export function doubleEliminationLiveNeeds(key: string, options: DoubleEliminationOptions = {}): 'NOTHING' | 'SHAPE' | 'STAGE' {
  if (options.stopAt !== undefined) return 'SHAPE';
  const grandFinal = grandFinalSetting(options);
  if (key.startsWith('W-') && grandFinal !== 'none') return 'NOTHING';
  if (key === GRAND_FINAL_KEY && grandFinal === 'double') return 'STAGE';
  return 'SHAPE';
}

/** Shapes of recently placed stages by entrant count and options (generating a large bracket costs more than placing). */
const shapes = new Map<string, DoubleEliminationShape>();
const SHAPES_KEPT = 16;

/**
 * The placements one completed match of a double elimination of `entrantCount` entrants decides on its own, by the
 * rules of {@link computeDoubleEliminationPlacements} (R7.6, R7.7): what that function places for this result
 * among the stage's, for any match except the first of a double grand final (see {@link doubleEliminationLiveNeeds}).
 * The bracket's shape depends on the entrant count and the options only. Sorted by placement. Pure.
 * @throws DomainError like `generateDoubleElimination` for a bad count or options; VALIDATION_ERROR (path
 *   `result.key`) for a key not in the stage or the first match of a double grand final.
 */
export function doubleEliminationMatchPlacements(entrantCount: number, result: MatchOutcome, options: DoubleEliminationOptions = {}): Placement[] {
  const cacheKey = JSON.stringify([entrantCount, grandFinalSetting(options), options.seedOrdering ?? null, options.skipFirstRound ?? null, options.stopAt ?? null]);
  let shape = shapes.get(cacheKey);
  if (shape === undefined) {
    const entrants = Array.from({ length: entrantCount }, (_, i) => ({ id: `#${i + 1}`, seed: i + 1 }));
    shape = shapeOf(generateDoubleElimination(entrants, options));
    if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value as string);
    shapes.set(cacheKey, shape);
  }
  const decided = placesDecided(shape, result, null);
  if (decided === 'UNKNOWN_KEY' || decided === 'NEEDS_WINNERS_FINAL') {
    const message = decided === 'UNKNOWN_KEY' ? `unknown match key ${String(result?.key)}` : `${GRAND_FINAL_KEY} needs the result of ${shape.winnersFinal}`;
    throwIfInvalid([{ path: 'result.key', message }], 'match result');
  }
  const placements: Placement[] = [];
  for (const { field, low, high } of decided as DecidedPlace[]) {
    const id = result[field];
    if (id !== null) placements.push({ participantId: id, placement: low, placementRange: placementRange(low, high) });
  }
  return placements.sort((a, b) => a.placement - b.placement);
}
