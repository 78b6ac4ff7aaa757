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

/**
 * Every user acting for a participant of the tournament whose status is neither WITHDRAWN nor DISQUALIFIED, with
 * that participant's status (one entry per user: a user holds one entry per tournament).
 */
export async function usersOfTournament(db: EventDb, tournamentId: string): Promise<{ userId: string; status: string }[]> {
  const rows = await db
    .selectFrom('participant_members as pm')
    .innerJoin('participants as p', 'p.id', 'pm.participant_id')
    .select(['pm.user_id', 'p.status'])
    .where('pm.tournament_id', '=', tournamentId)
    .where('p.status', 'not in', ['WITHDRAWN', 'DISQUALIFIED'])
    .execute();
  const byUser = new Map(rows.map((r) => [r.user_id, r.status]));
  return [...byUser].map(([userId, status]) => ({ userId, status }));
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

/** A side as notification texts need it: the participant's name and the users acting for it. */
export interface SideInfo {
  name: string;
  userIds: string[];
}

/**
 * Names and users of participants by id, in one query (participants left-joined with participant_members);
 * unknown ids are absent.
 */
export async function sidesOf(db: EventDb, participantIds: readonly (string | null)[]): Promise<Map<string, SideInfo>> {
  const ids = [...new Set(participantIds.filter((id): id is string => id !== null))];
  const out = new Map<string, SideInfo>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('participants as p')
      .leftJoin('participant_members as pm', 'pm.participant_id', 'p.id')
      .select(['p.id', 'p.name', 'pm.user_id'])
      .where('p.id', 'in', part)
      .execute();
    for (const r of rows) {
      const side = out.get(r.id) ?? { name: r.name, userIds: [] };
      if (r.user_id !== null) side.userIds.push(r.user_id);
      out.set(r.id, side);
    }
  }
  return out;
}

/** The columns of a match (and its tournament's name) that a MatchContext is made of. */
function contextQuery(db: EventDb) {
  return db
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .select([
      'm.id',
      'm.tournament_id',
      't.name as tournament_name',
      'm.round',
      'm.scheduled_at',
      'm.status',
      'm.participant1_id',
      'm.participant2_id',
      'm.next_winner_match_id',
      'm.next_winner_slot',
      'm.next_loser_match_id',
      'm.next_loser_slot',
    ]);
}

type ContextRow = Awaited<ReturnType<ReturnType<typeof contextQuery>['executeTakeFirstOrThrow']>>;

function toContext(row: ContextRow, sides: Map<string, SideInfo>): MatchContext {
  const sideIds = [row.participant1_id, row.participant2_id];
  return {
    matchId: row.id,
    tournamentId: row.tournament_id,
    tournamentName: row.tournament_name,
    round: row.round,
    scheduledAt: row.scheduled_at,
    sides: sideIds.map((id) => ({ participantId: id, name: id ? (sides.get(id)?.name ?? null) : null, userIds: id ? [...(sides.get(id)?.userIds ?? [])] : [] })),
    nextWinnerMatchId: row.next_winner_match_id,
    nextWinnerSlot: row.next_winner_slot,
    nextLoserMatchId: row.next_loser_match_id,
    nextLoserSlot: row.next_loser_slot,
  };
}

/** Loads a match's context with `db` (two queries); null when the match does not exist. */
export async function loadMatchContext(db: EventDb, matchId: string): Promise<MatchContext | null> {
  const row = await contextQuery(db).where('m.id', '=', matchId).executeTakeFirst();
  if (!row) return null;
  return toContext(row, await sidesOf(db, [row.participant1_id, row.participant2_id]));
}

/** A match's context and the contexts (with status) of the matches its winner and loser go to next. */
export interface MatchContextWithNext {
  match: MatchContext;
  next: Map<string, { context: MatchContext; status: string }>;
}

/**
 * Loads a match's context and those of its next matches (`next_winner_match_id`, `next_loser_match_id`) in two
 * queries, the sides of all of them and of the participants in `alsoSides` in one; null when the match does not exist.
 * `alsoSides` are read into the returned `sides` map for callers that place them into a next match.
 */
export async function loadMatchContextWithNext(
  db: EventDb,
  matchId: string,
  alsoSides: readonly (string | null)[],
): Promise<(MatchContextWithNext & { sides: Map<string, SideInfo> }) | null> {
  const nextOf = (column: 'next_winner_match_id' | 'next_loser_match_id') =>
    db.selectFrom('matches').select(column).where('id', '=', matchId);
  const rows = await contextQuery(db)
    .where((eb) => eb.or([eb('m.id', '=', matchId), eb('m.id', '=', nextOf('next_winner_match_id')), eb('m.id', '=', nextOf('next_loser_match_id'))]))
    .execute();
  const main = rows.find((r) => r.id === matchId);
  if (!main) return null;
  const sides = await sidesOf(db, [...rows.flatMap((r) => [r.participant1_id, r.participant2_id]), ...alsoSides]);
  const next = new Map<string, { context: MatchContext; status: string }>();
  for (const r of rows) if (r.id !== matchId) next.set(r.id, { context: toContext(r, sides), status: r.status });
  return { match: toContext(main, sides), next, sides };
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
