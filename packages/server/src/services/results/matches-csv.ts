import { sql } from 'kysely';
import type { Db } from '../../db/db';
import { bracketPlayRankSql } from '../matches/play-order';
import { toCsv } from './csv';

/** Columns of matches.csv (R26.7), in order. */
export const MATCH_COLUMNS = [
  'match_id',
  'stage',
  'stage_name',
  'bracket',
  'round',
  'group',
  'number',
  'side1_id',
  'side1',
  'side2_id',
  'side2',
  'score1',
  'score2',
  'status',
  'result_type',
  'winner_id',
  'winner',
  'scheduled_at',
  'completed_at',
] as const;

/**
 * matches.csv of a tournament (R26.7): every match in the play order of getTournamentSchedule (stage, play round,
 * bracket play rank, group, round, number), with stage number and name, both sides (id and name), scores, status,
 * result type, winner (id and name) and the scheduled and completed instants (UTC ISO 8601); unknown values are empty
 * cells. Only the header before the start.
 */
export async function matchesCsv(db: Db, tournamentId: string): Promise<string> {
  const [matches, participants] = await Promise.all([
    db
      .selectFrom('matches')
      .innerJoin('stages', 'stages.id', 'matches.stage_id')
      .selectAll('matches')
      .select(['stages.number as stage_number', 'stages.name as stage_name'])
      .where('matches.tournament_id', '=', tournamentId)
      .orderBy('stages.number')
      .orderBy(sql`coalesce(matches.play_round, matches.round)`)
      .orderBy(bracketPlayRankSql())
      .orderBy(sql`coalesce(matches.group_number, 0)`)
      .orderBy('matches.round')
      .orderBy('matches.number')
      .execute(),
    db.selectFrom('participants').select(['id', 'name']).where('tournament_id', '=', tournamentId).execute(),
  ]);
  const names = new Map(participants.map((p) => [p.id, p.name]));
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  return toCsv(
    MATCH_COLUMNS,
    matches.map((m) => ({
      match_id: m.id,
      stage: m.stage_number,
      stage_name: m.stage_name,
      bracket: m.bracket,
      round: m.round,
      group: m.group_number,
      number: m.number,
      side1_id: m.participant1_id,
      side1: nameOf(m.participant1_id),
      side2_id: m.participant2_id,
      side2: nameOf(m.participant2_id),
      score1: m.score1,
      score2: m.score2,
      status: m.status,
      result_type: m.result_type,
      winner_id: m.winner_id,
      winner: nameOf(m.winner_id),
      scheduled_at: m.scheduled_at,
      completed_at: m.completed_at,
    })),
  );
}
