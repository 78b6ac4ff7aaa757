import { sql } from 'kysely';
import type { Db } from '../../db/db';
import { queryPage, type RowPage } from '../../db/page-query';
import type { MatchRow } from '../../db/rows';
import type { MyMatch, MyMatchListQuery, TournamentStatus } from '../../contract-types';
import { readMatches } from '../matches/match-reader';
import { participantsOfUser } from './my-tournaments';

/** A match row of the caller with the fields of its tournament that a MyMatch names. */
type MyMatchRow = MatchRow & { t_name: string; t_discipline_id: string; t_status: string };

/**
 * Where a match stands in "next match first" (R26.4): 0 to play (open, both sides known), 1 open but waiting for an
 * opponent, 2 finished (COMPLETED, RESOLVED).
 */
const RANK = sql<number>`case when m.status in ('SCHEDULED', 'IN_PROGRESS', 'PENDING_RESULT', 'DISPUTED') then (case when m.participant1_id is not null and m.participant2_id is not null then 0 else 1 end) else 2 end`;

/** Sorts after every stored instant (an unscheduled match comes after the scheduled ones). */
const NEVER = '9999-12-31T23:59:59.999Z';

/**
 * One page of the matches of `participantIds` (the caller's participants), next match first (R26.4): matches to play
 * by scheduled time (unscheduled last), then open matches waiting for an opponent (same order), then finished ones,
 * latest completed first; ties by id. Filters: match `status`, `tournamentId`. Runs on the participant1/participant2
 * match indexes.
 */
export async function queryMyMatchPage(db: Db, participantIds: readonly string[], q: MyMatchListQuery & { totalCap: number }): Promise<RowPage<MyMatchRow>> {
  let base = db
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .where((eb) => eb.or([eb('m.participant1_id', 'in', [...participantIds]), eb('m.participant2_id', 'in', [...participantIds])]))
    // Matches exist from the start on, so never in a DRAFT; stated so that no DRAFT can show here (R4.6).
    .where('t.status', '<>', 'DRAFT');
  if (q.status !== undefined) base = base.where('m.status', '=', q.status);
  if (q.tournamentId !== undefined) base = base.where('m.tournament_id', '=', q.tournamentId);
  return queryPage(base, q, (b) =>
    b
      .selectAll('m')
      .select(['t.name as t_name', 't.discipline_id as t_discipline_id', 't.status as t_status'])
      .orderBy(RANK, 'asc')
      .orderBy(sql`case when ${RANK} < 2 then coalesce(m.scheduled_at, ${NEVER}) else '' end`, 'asc')
      .orderBy(sql`case when ${RANK} = 2 then coalesce(m.completed_at, '') else '' end`, 'desc')
      .orderBy('m.id', 'asc'),
  );
}

/** The ids of the participants `userId` plays for (see participantsOfUser). */
export async function myParticipantIds(db: Db, userId: string): Promise<string[]> {
  const rows = await participantsOfUser(db, userId).select('p.id').execute();
  return rows.map((r) => r.id);
}

/** The API items of a page of the caller's matches, in the page's order (readMatches once per tournament), without history (R25.9). */
export async function readMyMatches(db: Db, participantIds: readonly string[], rows: readonly MyMatchRow[]): Promise<MyMatch[]> {
  const mine = new Set(participantIds);
  const byTournament = new Map<string, MyMatchRow[]>();
  for (const r of rows) byTournament.set(r.tournament_id, [...(byTournament.get(r.tournament_id) ?? []), r]);
  const matches = new Map<string, MyMatch['match']>();
  for (const [tournamentId, list] of byTournament) {
    for (const m of await readMatches(db, tournamentId, list, { history: false })) matches.set(m.id, m);
  }
  return rows.map((r) => {
    const match = matches.get(r.id)!;
    const open = match.status !== 'COMPLETED' && match.status !== 'RESOLVED';
    return {
      participantId: r.participant1_id !== null && mine.has(r.participant1_id) ? r.participant1_id : (r.participant2_id as string),
      tournament: { id: r.tournament_id, name: r.t_name, disciplineId: r.t_discipline_id, status: r.t_status as TournamentStatus },
      ready: open && r.participant1_id !== null && r.participant2_id !== null,
      match,
    };
  });
}
