import { computeSingleEliminationPlacements, type Entrant, type MatchOutcome, type Placement } from '@tourney/core';
import { ApiError } from '../../http/errors';
import { thirdPlaceMatchOf, parseStageSettings } from './stage-settings';
import type { StageRow } from './tournament-mapper';
import type { Db } from './tournament-reader';

/** Formats whose brackets this server builds so far (docs/decisions.md "Formats not yet built"). */
export const IMPLEMENTED_FORMATS: readonly string[] = ['SINGLE_ELIMINATION'];

/** 501 NOT_IMPLEMENTED naming a stage format the server does not build yet. */
export function formatNotImplemented(format: string): ApiError {
  return new ApiError('NOT_IMPLEMENTED', `stage format ${format} is not implemented yet; only a single SINGLE_ELIMINATION stage can be started`);
}

/**
 * The entrants of a tournament's (single) stage: its seeded participants, as {id, seed}. Seeds are given
 * 1..N at start and cleared for everyone who did not enter (tournament-start.ts).
 */
export async function stageEntrants(db: Db, tournamentId: string): Promise<Entrant[]> {
  const rows = await db
    .selectFrom('participants')
    .select(['id', 'seed'])
    .where('tournament_id', '=', tournamentId)
    .where('seed', 'is not', null)
    .orderBy('seed')
    .execute();
  return rows.map((r) => ({ id: r.id, seed: r.seed as number }));
}

/**
 * Placements decided by match outcomes of a stage, computed by core: by default from every match of the stage
 * (partial while it runs, complete once every match is final); pass `outcomes` to place only the participants
 * those matches decide (e.g. the loser of the match just completed). Sorted by placement.
 * @throws ApiError 501 NOT_IMPLEMENTED for formats other than SINGLE_ELIMINATION.
 */
export async function computeStagePlacements(db: Db, stage: StageRow, outcomes?: readonly MatchOutcome[]): Promise<Placement[]> {
  if (stage.format !== 'SINGLE_ELIMINATION') throw formatNotImplemented(stage.format);
  const [entrants, results] = await Promise.all([
    stageEntrants(db, stage.tournament_id),
    outcomes ??
      db.selectFrom('matches').select(['key', 'winner_id as winnerId', 'loser_id as loserId']).where('stage_id', '=', stage.id).execute(),
  ]);
  if (entrants.length < 2) return [];
  return computeSingleEliminationPlacements(entrants, results, { thirdPlaceMatch: thirdPlaceMatchOf(parseStageSettings(stage.settings)) });
}
