import type { EventDb } from '../events';
import { scheduledSuffix } from './messages';
import { participantNames, usersOfParticipants } from './recipients';
import type { NotificationDraft } from './types';

/** What a MATCH_READY notification says about a match whose two sides are known. */
export interface ReadyMatch {
  matchId: string;
  tournamentId: string;
  tournamentName: string;
  round: number;
  scheduledAt: string | null;
  sides: Array<{ name: string | null; userIds: string[] }>;
}

/** MATCH_READY drafts for both sides of a ready match, deduplicated per match (`match-ready:<matchId>`). */
export function matchReadyDraftsOf(m: ReadyMatch): NotificationDraft[] {
  const users = [...new Set(m.sides.flatMap((s) => s.userIds))];
  const pairing = `${m.sides[0]?.name ?? 'tbd'} vs ${m.sides[1]?.name ?? 'tbd'}`;
  return users.map((userId) => ({
    userId,
    type: 'MATCH_READY' as const,
    title: `Your match in ${m.tournamentName} is ready`,
    message: `Round ${m.round}: ${pairing}${scheduledSuffix(m.scheduledAt)}.`,
    data: { tournamentId: m.tournamentId, matchId: m.matchId },
    dedupeKey: `match-ready:${m.matchId}`,
    at: m.scheduledAt,
  }));
}

/** SCHEDULED matches with both sides known, with their tournament's name; narrow it further with `.where(...)`. */
export function readyMatchesQuery(db: EventDb) {
  return db
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .select(['m.id', 'm.tournament_id', 't.name as tournament_name', 'm.round', 'm.scheduled_at', 'm.participant1_id', 'm.participant2_id'])
    .where('m.status', '=', 'SCHEDULED')
    .where('m.participant1_id', 'is not', null)
    .where('m.participant2_id', 'is not', null);
}

/** A row of a readyMatchesQuery. */
type ReadyMatchRow = Awaited<ReturnType<ReturnType<typeof readyMatchesQuery>['execute']>>[number];

/** A readyMatchesQuery row as ReadyMatch, its sides named by `names` and their users from `users` (by participant id). */
function readyMatchOf(r: ReadyMatchRow, names: ReadonlyMap<string, string>, users: ReadonlyMap<string, string[]>): ReadyMatch {
  return {
    matchId: r.id,
    tournamentId: r.tournament_id,
    tournamentName: r.tournament_name,
    round: r.round,
    scheduledAt: r.scheduled_at,
    sides: [r.participant1_id, r.participant2_id].map((id) => ({
      name: id ? (names.get(id) ?? null) : null,
      userIds: id ? (users.get(id) ?? []) : [],
    })),
  };
}

/** Runs a readyMatchesQuery and returns the rows as ReadyMatch (names and users loaded in bulk). */
export async function loadReadyMatches(db: EventDb, query: ReturnType<typeof readyMatchesQuery>): Promise<ReadyMatch[]> {
  const rows = await query.execute();
  const ids = rows.flatMap((r) => [r.participant1_id, r.participant2_id]);
  const [users, names] = await Promise.all([usersOfParticipants(db, ids), participantNames(db, ids)]);
  return rows.map((r) => readyMatchOf(r, names, users));
}

/**
 * MATCH_READY drafts for every match a readyMatchesQuery returns (as `loadReadyMatches(...).flatMap(matchReadyDraftsOf)`),
 * reading the sides' names only for matches with a user to notify: a stage start of thousands of matches between
 * participants without accounts reads no names.
 */
export async function readyMatchDrafts(db: EventDb, query: ReturnType<typeof readyMatchesQuery>): Promise<NotificationDraft[]> {
  const rows = await query.execute();
  const users = await usersOfParticipants(db, rows.flatMap((r) => [r.participant1_id, r.participant2_id]));
  if (users.size === 0) return [];
  const notified = rows.filter((r) => (r.participant1_id !== null && users.has(r.participant1_id)) || (r.participant2_id !== null && users.has(r.participant2_id)));
  const names = await participantNames(db, notified.flatMap((r) => [r.participant1_id, r.participant2_id]));
  return notified.flatMap((r) => matchReadyDraftsOf(readyMatchOf(r, names, users)));
}
