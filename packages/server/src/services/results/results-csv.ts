import { sql } from 'kysely';
import type { Db } from '../../db/db';
import { toCsv } from './csv';

/** Columns of results.csv (R26.6), in order. */
export const RESULT_COLUMNS = ['place', 'participant_id', 'name', 'username', 'team', 'seed', 'status', 'wins', 'draws', 'losses'] as const;

/** Win, draw and loss counts of one participant. */
interface Record3 {
  wins: number;
  draws: number;
  losses: number;
}

/**
 * Decided matches per participant of a tournament: a win for the winner and a loss for the loser of each COMPLETED or
 * RESOLVED match decided by play or walkover (NORMAL, WALKOVER), a draw for both sides of a drawn one; byes, double
 * forfeits and grand-final resets not needed do not count.
 */
async function recordsOf(db: Db, tournamentId: string): Promise<Map<string, Record3>> {
  const rows = await db
    .selectFrom('matches')
    .select(['participant1_id', 'participant2_id', 'winner_id', 'loser_id', 'is_draw'])
    .where('tournament_id', '=', tournamentId)
    .where('status', 'in', ['COMPLETED', 'RESOLVED'])
    .where('result_type', 'in', ['NORMAL', 'WALKOVER'])
    .execute();
  const out = new Map<string, Record3>();
  const of = (id: string) => out.get(id) ?? (out.set(id, { wins: 0, draws: 0, losses: 0 }), out.get(id)!);
  for (const m of rows) {
    if (m.is_draw === 1) {
      for (const id of [m.participant1_id, m.participant2_id]) if (id !== null) of(id).draws++;
      continue;
    }
    if (m.winner_id !== null) of(m.winner_id).wins++;
    if (m.loser_id !== null) of(m.loser_id).losses++;
  }
  return out;
}

/**
 * results.csv of a tournament (R26.6): one row per participant, placed ones first by place, then by seed (unseeded
 * last), name and id. `place` is the placement range ("1", "3-4"), empty while unknown; `username` is empty for a
 * participant without an account, `team` for a solo entry.
 */
export async function resultsCsv(db: Db, tournamentId: string): Promise<string> {
  const [participants, records] = await Promise.all([
    db
      .selectFrom('participants as p')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.name', 'p.team_name', 'p.seed', 'p.status', 'p.final_placement', 'p.placement_range', 'u.username'])
      .where('p.tournament_id', '=', tournamentId)
      .orderBy(sql`case when p.final_placement is null then 1 else 0 end`)
      .orderBy('p.final_placement')
      .orderBy(sql`case when p.seed is null then 1 else 0 end`)
      .orderBy('p.seed')
      .orderBy('p.name')
      .orderBy('p.id')
      .execute(),
    recordsOf(db, tournamentId),
  ]);
  return toCsv(
    RESULT_COLUMNS,
    participants.map((p) => {
      const record = records.get(p.id) ?? { wins: 0, draws: 0, losses: 0 };
      return {
        place: p.placement_range ?? (p.final_placement !== null ? String(p.final_placement) : null),
        participant_id: p.id,
        name: p.name,
        username: p.username,
        team: p.team_name,
        seed: p.seed,
        status: p.status,
        ...record,
      };
    }),
  );
}
