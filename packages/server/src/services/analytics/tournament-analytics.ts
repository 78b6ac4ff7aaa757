import type { MatchCounts, TournamentAnalytics, TournamentStatus } from '../../contract-types';
import { holdingPlaces } from '../tournaments/tournament-mapper';
import type { Db } from '../../db/db';
import { countParticipants } from '../tournaments/tournament-reader';
import type { TournamentRow } from '../../db/rows';

const STATUS_FIELD: Record<string, keyof MatchCounts> = {
  SCHEDULED: 'scheduled',
  IN_PROGRESS: 'inProgress',
  PENDING_RESULT: 'pendingResult',
  COMPLETED: 'completed',
  DISPUTED: 'disputed',
  RESOLVED: 'resolved',
};

/** Matches of a tournament counted by status, result type and draw: one grouped query. */
async function countMatches(db: Db, tournamentId: string): Promise<MatchCounts> {
  const groups = await db
    .selectFrom('matches')
    .select(['status', 'result_type', 'is_draw', (eb) => eb.fn.countAll<number>().as('count')])
    .where('tournament_id', '=', tournamentId)
    .groupBy(['status', 'result_type', 'is_draw'])
    .execute();
  const counts: MatchCounts = { total: 0, scheduled: 0, inProgress: 0, pendingResult: 0, completed: 0, disputed: 0, resolved: 0, byes: 0, walkovers: 0, draws: 0 };
  for (const g of groups) {
    const n = Number(g.count);
    counts.total += n;
    const field = STATUS_FIELD[g.status];
    if (field) counts[field] += n;
    if (g.result_type === 'BYE') counts.byes += n;
    if (g.result_type === 'WALKOVER') counts.walkovers += n;
    if (g.is_draw === 1) counts.draws += n;
  }
  return counts;
}

/** Distinct matches of the tournament having at least one history entry of `type`. */
async function matchesWithHistory(db: Db, tournamentId: string, type: string): Promise<number> {
  const row = await db
    .selectFrom('match_history as h')
    .innerJoin('matches as m', 'm.id', 'h.match_id')
    .select((eb) => eb.fn.count<number>('h.match_id').distinct().as('count'))
    .where('m.tournament_id', '=', tournamentId)
    .where('h.type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Mean of completedAt - startedAt in seconds over the matches having both (null when none), to the hundredth. */
async function averageDurationSeconds(db: Db, tournamentId: string): Promise<number | null> {
  const rows = await db
    .selectFrom('matches')
    .select(['started_at', 'completed_at'])
    .where('tournament_id', '=', tournamentId)
    .where('started_at', 'is not', null)
    .where('completed_at', 'is not', null)
    .execute();
  if (rows.length === 0) return null;
  const totalMs = rows.reduce((sum, r) => sum + Math.max(0, Date.parse(r.completed_at as string) - Date.parse(r.started_at as string)), 0);
  return Math.round(totalMs / rows.length / 10) / 100;
}

/** Participants holding a place (every status but WITHDRAWN and WAITLISTED) that checked in. */
async function countCheckedIn(db: Db, tournamentId: string): Promise<number> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tournament_id', '=', tournamentId)
    .where('checked_in_at', 'is not', null)
    .where('status', 'not in', ['WITHDRAWN', 'WAITLISTED'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Computes a tournament's analytics from its rows at request time (R17.1):
 * - participants by status and in all; checkInRate = checked-in / participants holding a place (null when check-in
 *   is not required, 0 without participants);
 * - matches by status, byes, walkovers, draws; progress = (COMPLETED + RESOLVED) / all matches (0 without matches);
 * - disputeRate = matches with a DISPUTED history entry / matches with a REPORTED one (0 when none was reported);
 * - averageMatchDurationSeconds over matches with startedAt and completedAt (null when none).
 */
export async function computeTournamentAnalytics(db: Db, row: TournamentRow, now: string): Promise<TournamentAnalytics> {
  const [participants, matches, reported, disputed, average, checkedIn] = await Promise.all([
    countParticipants(db, row.id),
    countMatches(db, row.id),
    matchesWithHistory(db, row.id, 'REPORTED'),
    matchesWithHistory(db, row.id, 'DISPUTED'),
    averageDurationSeconds(db, row.id),
    countCheckedIn(db, row.id),
  ]);
  const holding = holdingPlaces(participants);
  // Every entry whatever its status: those holding a place, the withdrawn and the waiting (R6.14).
  const totalParticipants = holding + participants.withdrawn + participants.waitlisted;
  return {
    tournamentId: row.id,
    status: row.status as TournamentStatus,
    participants,
    totalParticipants,
    matches,
    checkInRate: row.check_in_required ? (holding === 0 ? 0 : checkedIn / holding) : null,
    disputeRate: reported === 0 ? 0 : Math.min(1, disputed / reported),
    averageMatchDurationSeconds: average,
    progress: matches.total === 0 ? 0 : (matches.completed + matches.resolved) / matches.total,
    generatedAt: now,
  };
}
