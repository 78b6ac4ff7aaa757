import type { EventDb } from '../events';
import { loadReadyMatches, matchReadyDraftsOf, readyMatchesQuery } from './match-ready';
import { scheduledSuffix } from './messages';
import { type NotificationDraft, STARTING_SOON_MINUTES } from './types';

/** Longest check-in window the contract allows (Tournament.checkInOpensMinutesBefore maximum), minutes. */
const MAX_CHECK_IN_MINUTES = 1440;
const MINUTE_MS = 60_000;

/**
 * The time-based notifications due at `now` (R15.4), for one user or, without `userId`, for everyone:
 * CHECK_IN_OPEN (registered, not checked in, check-in window of a not yet started tournament open: from
 * `startDate - checkInOpensMinutesBefore` to `startDate`), MATCH_READY (SCHEDULED match of an ONGOING tournament with
 * both sides known: the safety net for matches filled without an event, e.g. a later stage's first round) and
 * MATCH_STARTING_SOON (such a match whose scheduledAt is within 15 minutes either side of now). Each carries a
 * dedupe key, so running this again creates nothing twice (recordNotifications skips known keys); the keys of
 * CHECK_IN_OPEN and MATCH_STARTING_SOON hold the instant they announce, so a moved start or a rescheduled match is
 * announced again for its new time.
 */
export async function dueNotificationDrafts(db: EventDb, now: Date, userId?: string): Promise<NotificationDraft[]> {
  return [...(await checkInOpen(db, now, userId)), ...(await readyAndSoon(db, now, userId))];
}

async function checkInOpen(db: EventDb, now: Date, userId: string | undefined): Promise<NotificationDraft[]> {
  let query = db
    .selectFrom('participant_members as pm')
    .innerJoin('participants as p', 'p.id', 'pm.participant_id')
    .innerJoin('tournaments as t', 't.id', 'pm.tournament_id')
    .select(['pm.user_id', 'p.id as participant_id', 't.id as tournament_id', 't.name', 't.start_date', 't.check_in_opens_minutes_before'])
    .where('t.check_in_required', '=', 1)
    .where('t.status', 'in', ['PUBLISHED', 'REGISTRATION_OPEN', 'REGISTRATION_CLOSED'])
    .where('p.status', '=', 'REGISTERED')
    .where('p.checked_in_at', 'is', null)
    .where('t.start_date', '>', now.toISOString())
    .where('t.start_date', '<=', new Date(now.getTime() + MAX_CHECK_IN_MINUTES * MINUTE_MS).toISOString());
  if (userId) query = query.where('pm.user_id', '=', userId);
  const rows = await query.execute();
  return rows
    .filter((r) => Date.parse(r.start_date) - r.check_in_opens_minutes_before * MINUTE_MS <= now.getTime())
    .map((r) => ({
      userId: r.user_id,
      type: 'CHECK_IN_OPEN' as const,
      title: `Check-in is open for ${r.name}`,
      message: `Check in for ${r.name} before it starts${scheduledSuffix(r.start_date)}, or you will not be seeded.`,
      data: { tournamentId: r.tournament_id, participantId: r.participant_id },
      // Per start date: a tournament moved to a later start opens a new window, announced again.
      dedupeKey: `check-in-open:${r.tournament_id}:${r.start_date}`,
      at: r.start_date,
    }));
}

async function readyAndSoon(db: EventDb, now: Date, userId: string | undefined): Promise<NotificationDraft[]> {
  let query = readyMatchesQuery(db).where('t.status', '=', 'ONGOING');
  if (userId) {
    const mine = db.selectFrom('participant_members').select('participant_id').where('user_id', '=', userId);
    query = query.where((eb) => eb.or([eb('m.participant1_id', 'in', mine), eb('m.participant2_id', 'in', mine)]));
  }
  const matches = await loadReadyMatches(db, query);
  const from = now.getTime() - STARTING_SOON_MINUTES * MINUTE_MS;
  const to = now.getTime() + STARTING_SOON_MINUTES * MINUTE_MS;
  const drafts: NotificationDraft[] = [];
  for (const m of matches) {
    const ready = matchReadyDraftsOf(m);
    drafts.push(...ready);
    const at = m.scheduledAt ? Date.parse(m.scheduledAt) : Number.NaN;
    if (!(at >= from && at <= to)) continue;
    const pairing = `${m.sides[0]?.name ?? 'tbd'} vs ${m.sides[1]?.name ?? 'tbd'}`;
    for (const d of ready) {
      drafts.push({
        userId: d.userId,
        type: 'MATCH_STARTING_SOON',
        title: `Your match in ${m.tournamentName} starts soon`,
        message: `Round ${m.round}: ${pairing}${scheduledSuffix(m.scheduledAt)}.`,
        data: { tournamentId: m.tournamentId, matchId: m.matchId },
        // Per scheduled time: a rescheduled match is announced again before its new time.
        dedupeKey: `match-soon:${m.matchId}:${m.scheduledAt}`,
        at: m.scheduledAt,
      });
    }
  }
  return drafts;
}
