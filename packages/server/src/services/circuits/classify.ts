import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors/app-error';
import type { AppDeps } from '../../deps';
import { findTournamentRow } from '../tournaments/tournament-reader';
import { buildAwards } from './classification-awards';
import { findSeasonRows } from './circuit-reader';
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

/**
 * Classifies `tournament` (read before the transaction) into the circuit's ACTIVE season, in `trx` once the circuit's
 * row is locked (R9.13): refuses a tournament classified before (409 CONFLICT naming its season), one not COMPLETED or
 * a circuit with no ACTIVE season (409 INVALID_STATE), another discipline (409 CONFLICT); then locks the season and
 * the tournament, reads the tournament again under its lock (404 when deleted meanwhile, 409 INVALID_STATE when a
 * correction reopened it, R18.12), builds the awards and writes the classification.
 */
export async function classifyUnderLock(
  trx: Db,
  deps: Pick<AppDeps, 'dialect'> & EventSink,
  circuit: CircuitRow,
  tournament: TournamentRow,
  multiplier: number,
  now: string,
): Promise<Classification> {
    const seasons = await findSeasonRows(trx, circuit.id);
    const previous = await trx
      .selectFrom('circuit_classifications')
      .select('season_id')
      .where('circuit_id', '=', circuit.id)
      .where('tournament_id', '=', tournament.id)
      .executeTakeFirst();
    if (previous) throw alreadyClassified(seasons.find((s) => s.id === previous.season_id)?.number);
    if (tournament.status !== 'COMPLETED') {
      throw new AppError('INVALID_STATE', `only a COMPLETED tournament can be classified (it is ${tournament.status})`);
    }
    const season = seasons.find((s) => s.status === 'ACTIVE');
    if (!season) {
      throw new AppError('INVALID_STATE', 'the circuit has no ACTIVE season: start one with POST /circuits/{id}/start (a COMPLETED season takes no more tournaments)');
    }
    if (circuit.discipline_id !== null && circuit.discipline_id !== tournament.discipline_id) {
      throw new AppError('CONFLICT', `the circuit is for discipline ${circuit.discipline_id}; the tournament is ${tournament.discipline_id}`);
    }
    await deps.dialect.lockRows(trx, 'circuit_seasons', [season.id]);
    // The awards are read under the tournament's lock, the one a deleted account's entries are renamed under
    // (deleteMe, R14.8): names and user ids read before it could give points to a player deleted meanwhile.
    await deps.dialect.lockRows(trx, 'tournaments', [tournament.id]);
    // Read again under that lock (R18.12): a tournament deleted since would be classified with no one to award, and
    // one reopened by a correction (R8.13) would be classified with placements that are no longer final.
    const current = await findTournamentRow(trx, tournament.id);
    if (!current) throw notFound('tournament');
    if (current.status !== 'COMPLETED') {
      throw new AppError('INVALID_STATE', `only a COMPLETED tournament can be classified (it is ${current.status})`);
    }
    const awards = await buildAwards(trx, tournament.id, JSON.parse(season.scoring), multiplier);
    return writeClassification(trx, deps, { circuit, season, tournament, multiplier, awards }, now);
}
