import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors/app-error';
import { newId } from '../../ids';
import { writeEvents, type EventSink } from '../events';
import { chunks } from '../../db/chunks';
import type { Db } from '../../db/db';
import type { Classification } from '../../contract-types';
import { toHundredths } from './circuit-mapper';
import type { AwardDraft } from './classification-awards';
import { rewriteSeasonStandings } from './season-standings';
import type { CircuitRow, SeasonRow, TournamentRow } from '../../db/rows';

/** 409 CONFLICT for a tournament classified into the circuit before. */
export function alreadyClassified(seasonNumber?: number): AppError {
  const where = seasonNumber === undefined ? '' : ` (season ${seasonNumber})`;
  return new AppError('CONFLICT', `this tournament is already classified in the circuit${where}; a tournament is classified once`);
}

/** Everything a classification writes, computed before the transaction. */
export interface ClassificationInput {
  circuit: CircuitRow;
  season: SeasonRow;
  tournament: TournamentRow;
  multiplier: number;
  awards: AwardDraft[];
}

/**
 * Writes a classification in the caller's transaction (R9.13): re-checks that the season is still
 * ACTIVE, stores the classification (a snapshot of the tournament) and its awards, recomputes the season's
 * standings and records `circuit.standings_updated` (data: circuitId, seasonId, tournamentId, change `CLASSIFIED`).
 * @throws AppError 409 INVALID_STATE when the season was completed meanwhile, 409 CONFLICT when the same
 *   tournament was classified meanwhile.
 */
export async function writeClassification(db: Db, sink: EventSink, input: ClassificationInput, now: string): Promise<Classification> {
  const { circuit, season, tournament, multiplier, awards } = input;
  const fresh = await db.selectFrom('circuit_seasons').select('status').where('id', '=', season.id).executeTakeFirst();
  if (fresh?.status !== 'ACTIVE') throw new AppError('INVALID_STATE', `season ${season.number} is no longer ACTIVE`);
  const classificationId = newId();
  try {
    await db
      .insertInto('circuit_classifications')
      .values({
        id: classificationId,
        circuit_id: circuit.id,
        season_id: season.id,
        tournament_id: tournament.id,
        tournament_name: tournament.name,
        discipline_id: tournament.discipline_id,
        start_date: tournament.start_date,
        completed_at: tournament.completed_at,
        point_multiplier: multiplier,
        participant_count: awards.length,
        classified_at: now,
      })
      .execute();
  } catch (error) {
    throw isUniqueViolation(error) ? alreadyClassified() : error;
  }
  for (const chunk of chunks(awards)) {
    await db
      .insertInto('circuit_awards')
      .values(
        chunk.map((a) => ({
          id: newId(),
          classification_id: classificationId,
          circuit_id: circuit.id,
          season_id: season.id,
          tournament_id: tournament.id,
          participant_id: a.participantId,
          competitor_key: a.competitorKey,
          user_id: a.userId,
          team_name: a.teamName,
          name: a.name,
          placement: a.placement,
          points_hundredths: toHundredths(a.points),
          wins: a.wins,
        })),
      )
      .execute();
  }
  await rewriteSeasonStandings(db, circuit.id, season.id, now);
  await writeEvents(db, sink, [
    {
      projectId: circuit.project_id,
      type: 'circuit.standings_updated',
      subjectId: circuit.id,
      data: { circuitId: circuit.id, seasonId: season.id, tournamentId: tournament.id, change: 'CLASSIFIED' },
    },
  ]);
  return {
    circuitId: circuit.id,
    seasonId: season.id,
    tournamentId: tournament.id,
    pointMultiplier: multiplier,
    awards: awards.map((a) => ({
      participantId: a.participantId,
      userId: a.userId,
      teamName: a.teamName,
      name: a.name,
      placement: a.placement,
      points: a.points,
      wins: a.wins,
    })),
    classifiedAt: now,
  };
}
