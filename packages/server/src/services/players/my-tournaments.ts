import { sql } from 'kysely';
import type { Db } from '../../db/db';
import { queryPage, type RowPage } from '../../db/page-query';
import type { MyTournamentListQuery, MyTournament, ParticipantStatus, Tournament } from '../../contract-types';
import type { TournamentRow } from '../../db/rows';
import { readTournaments } from '../tournaments/tournament-reader';
import { waitlistPositions } from '../participants/waitlist';

/** A participant of the caller with its tournament row. */
type MyParticipantRow = TournamentRow & {
  participant_id: string;
  participant_name: string;
  participant_status: string;
  participant_placement: string | null;
  participant_tournament_id: string;
};

/**
 * The participants `userId` plays for: those she registered (`participants.user_id`) and those listing her as a
 * member (`participant_members`: herself for solo entries, every member of a team). Participants without an account
 * (no user, no member) never match. The ids come from a UNION of the two indexed lookups (`participants_user_idx`,
 * `participant_members_user_idx`; R3.8): PostgreSQL cannot serve `user_id = ? OR id IN (...)` from an index and read
 * every participant.
 */
export function participantsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('participants as p')
    .where(
      'p.id',
      'in',
      db
        .selectFrom('participants')
        .select('id')
        .where('user_id', '=', userId)
        .union(db.selectFrom('participant_members').select('participant_id as id').where('user_id', '=', userId)),
    );
}

/**
 * One page of the caller's participations (R26.3): unfinished tournaments first, soonest start first, then COMPLETED
 * ones, latest start first; ties by participant id. `status` filters the tournament status (never DRAFT: the contract
 * refuses it, and DRAFT tournaments are never listed, R4.6).
 */
export async function queryMyTournamentPage(db: Db, userId: string, q: MyTournamentListQuery & { totalCap: number }): Promise<RowPage<MyParticipantRow>> {
  // A DRAFT is visible only to its project's keys and staff (R4.6): an organizer may add a player to one, who finds it
  // here once it is published (R26.3).
  let base = participantsOfUser(db, userId).innerJoin('tournaments as t', 't.id', 'p.tournament_id');
  base = q.status !== undefined ? base.where('t.status', '=', q.status) : base.where('t.status', '<>', 'DRAFT');
  const done = sql`case when t.status = 'COMPLETED' then 1 else 0 end`;
  return queryPage(base, q, (b) =>
    b
      .selectAll('t')
      .select([
        'p.id as participant_id',
        'p.name as participant_name',
        'p.status as participant_status',
        'p.placement_range as participant_placement',
        'p.tournament_id as participant_tournament_id',
      ])
      .orderBy(done, 'asc')
      .orderBy(sql`case when t.status = 'COMPLETED' then '' else t.start_date end`, 'asc')
      .orderBy('t.start_date', 'desc')
      .orderBy('p.id', 'asc'),
  );
}

/**
 * The API items of a page of participations, in the page's order (three queries for the tournaments, R26.3), with a
 * waiting entry's place in line (one query per tournament with one, R6.14).
 */
export async function readMyTournaments(db: Db, rows: readonly MyParticipantRow[]): Promise<MyTournament[]> {
  const tournaments = await readTournaments(db, rows);
  const positions = await waitlistPositions(
    db,
    rows.map((r) => ({ id: r.participant_id, tournament_id: r.participant_tournament_id, status: r.participant_status })),
  );
  return rows.map((r, i) => ({
    participantId: r.participant_id,
    participantName: r.participant_name,
    participantStatus: r.participant_status as ParticipantStatus,
    placementRange: r.participant_placement,
    waitlistPosition: positions.get(r.participant_id) ?? null,
    tournament: tournaments[i] as Tournament,
  }));
}
