import type { EventDb } from '../events';
import { chunks } from '../../db/chunks';

/** The users acting for each participant (the player, or every team member), by participant id. */
export async function usersOfParticipants(db: EventDb, participantIds: readonly (string | null)[]): Promise<Map<string, string[]>> {
  const ids = [...new Set(participantIds.filter((id): id is string => id !== null))];
  const out = new Map<string, string[]>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('participant_members').select(['participant_id', 'user_id']).where('participant_id', 'in', part).execute();
    for (const r of rows) out.set(r.participant_id, [...(out.get(r.participant_id) ?? []), r.user_id]);
  }
  return out;
}

/** Every user acting for a participant of the tournament whose status is not WITHDRAWN. */
export async function usersOfTournament(db: EventDb, tournamentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('participant_members as pm')
    .innerJoin('participants as p', 'p.id', 'pm.participant_id')
    .select('pm.user_id')
    .where('pm.tournament_id', '=', tournamentId)
    .where('p.status', '!=', 'WITHDRAWN')
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** The staff (any role) of the organization owning the tournament's project. */
export async function staffOfTournament(db: EventDb, tournamentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tournaments as t')
    .innerJoin('projects as pr', 'pr.id', 't.project_id')
    .innerJoin('organization_members as m', 'm.organization_id', 'pr.organization_id')
    .select('m.user_id')
    .where('t.id', '=', tournamentId)
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** A match with what notification texts need: its tournament's name and both sides' names and users. */
export interface MatchContext {
  matchId: string;
  tournamentId: string;
  tournamentName: string;
  round: number;
  scheduledAt: string | null;
  sides: Array<{ participantId: string | null; name: string | null; userIds: string[] }>;
  nextWinnerMatchId: string | null;
  nextWinnerSlot: number | null;
  nextLoserMatchId: string | null;
  nextLoserSlot: number | null;
}

/** Loads a match's context with `db`; null when the match does not exist. */
export async function loadMatchContext(db: EventDb, matchId: string): Promise<MatchContext | null> {
  const row = await db
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .select([
      'm.id',
      'm.tournament_id',
      't.name as tournament_name',
      'm.round',
      'm.scheduled_at',
      'm.participant1_id',
      'm.participant2_id',
      'm.next_winner_match_id',
      'm.next_winner_slot',
      'm.next_loser_match_id',
      'm.next_loser_slot',
    ])
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  if (!row) return null;
  const sideIds = [row.participant1_id, row.participant2_id];
  const users = await usersOfParticipants(db, sideIds);
  const names = await participantNames(db, sideIds);
  return {
    matchId: row.id,
    tournamentId: row.tournament_id,
    tournamentName: row.tournament_name,
    round: row.round,
    scheduledAt: row.scheduled_at,
    sides: sideIds.map((id) => ({ participantId: id, name: id ? (names.get(id) ?? null) : null, userIds: id ? (users.get(id) ?? []) : [] })),
    nextWinnerMatchId: row.next_winner_match_id,
    nextWinnerSlot: row.next_winner_slot,
    nextLoserMatchId: row.next_loser_match_id,
    nextLoserSlot: row.next_loser_slot,
  };
}

/** Participant names by id. */
export async function participantNames(db: EventDb, participantIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(participantIds.filter((id): id is string => id !== null))];
  const out = new Map<string, string>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('participants').select(['id', 'name']).where('id', 'in', part).execute();
    for (const r of rows) out.set(r.id, r.name);
  }
  return out;
}
