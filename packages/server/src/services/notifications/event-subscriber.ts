import type { EventDb, EventSubscriber, RecordedEvent } from '../events';
import { matchLabel, ordinal, scheduledSuffix, scoreLine } from './messages';
import {
  loadMatchContext,
  loadMatchContextWithNext,
  type MatchContext,
  participantNames,
  type SideInfo,
  staffOfTournament,
  usersOfParticipants,
  usersOfTournament,
} from './recipients';
import { matchReadyDraftsOf, readyMatchDrafts, readyMatchesQuery } from './match-ready';
import type { NotificationDraft } from './types';
import type { NotificationType } from '../../contract-types';
import { recordNotifications } from './writer';

type Data = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The EventSubscriber that turns domain events into notifications (R15.1 to R15.3), inside the transaction that records
 * the events, using only the `db` it is given. Recipients and texts per type are in the contract (NotificationType):
 * tournament.started, tournament.completed, participant.registered (not while a DRAFT), tournament.published (the
 * registrations of the DRAFT it was), match.started, match.score_reported (the
 * opponent of the reporter), match.completed (and MATCH_READY for the next match it fills), match.disputed (both sides
 * and the staff, except whoever disputed), match.resolved, match.rescheduled, match.result_corrected (both sides),
 * participant.disqualified. Other events are ignored: among them tournament.updated (a moved start announces
 * CHECK_IN_OPEN again for its new time through the time-based sweep, due.ts) and participant.removed (R15.1).
 */
export const notificationSubscriber: EventSubscriber = async (db, events) => {
  // The drafts of events recorded together (one instant) are written in one batch: the same notifications as one
  // batch per event (a key repeated in the batch is skipped like a key already stored), with fewer statements.
  let drafts: NotificationDraft[] = [];
  let at: string | null = null;
  for (const event of events) {
    if (at !== null && event.createdAt !== at && drafts.length > 0) {
      await recordNotifications(db, at, drafts);
      drafts = [];
    }
    at = event.createdAt;
    drafts.push(...(await draftsFor(db, event)));
  }
  if (at !== null && drafts.length > 0) await recordNotifications(db, at, drafts);
};

async function draftsFor(db: EventDb, event: RecordedEvent): Promise<NotificationDraft[]> {
  const data = event.data as Data;
  switch (event.type) {
    case 'tournament.started':
      return tournamentStarted(db, str(data.tournamentId) ?? event.subjectId);
    case 'tournament.completed':
      return tournamentCompleted(db, str(data.tournamentId) ?? event.subjectId);
    case 'participant.registered':
      return participantRegistered(db, data);
    case 'tournament.published':
      return registrationsPublished(db, str(data.tournamentId) ?? event.subjectId);
    case 'participant.disqualified':
      return participantDisqualified(db, str(data.participantId) ?? event.subjectId, str(data.tournamentId));
    case 'match.started':
      return forMatch(db, data, event, 'MATCH_STARTED', (ctx) => ({
        title: `Your match in ${ctx.tournamentName} has started`,
        message: `${matchLabel(ctx)} has started.`,
      }));
    case 'match.score_reported':
      return scoreReported(db, data, event);
    case 'match.completed':
      return matchCompleted(db, data, event);
    case 'match.disputed':
      return matchDisputed(db, data, event);
    case 'match.resolved':
      return forMatch(db, data, event, 'MATCH_RESOLVED', (ctx) => ({
        title: `Dispute resolved in ${ctx.tournamentName}`,
        message: `An organizer resolved ${matchLabel(ctx)}${resultText(ctx, data)}.`,
      }));
    case 'match.rescheduled':
      return forMatch(db, data, event, 'MATCH_RESCHEDULED', (ctx) => ({
        title: `Your match in ${ctx.tournamentName} was rescheduled`,
        message: str(data.scheduledAt)
          ? `${matchLabel(ctx)} is now scheduled${scheduledSuffix(str(data.scheduledAt))}.`
          : `${matchLabel(ctx)} no longer has a scheduled time.`,
        at: str(data.scheduledAt),
      }));
    case 'match.result_corrected':
      return [
        ...(await forMatch(db, data, event, 'MATCH_RESULT_CORRECTED', (ctx) => ({
          title: `Result corrected in ${ctx.tournamentName}`,
          message: `An organizer corrected the result of ${matchLabel(ctx)}${resultText(ctx, data)}.`,
        }))),
        ...(await replayedMatches(db, data, event)),
      ];
    default:
      return [];
  }
}

const sideUsers = (ctx: MatchContext): string[] => [...new Set(ctx.sides.flatMap((s) => s.userIds))];

const matchData = (ctx: MatchContext): Record<string, string> => ({ tournamentId: ctx.tournamentId, matchId: ctx.matchId });

async function forMatch(
  db: EventDb,
  data: Data,
  event: RecordedEvent,
  type: NotificationType,
  text: (ctx: MatchContext) => { title: string; message: string; at?: string | null },
  recipients: (ctx: MatchContext) => string[] = sideUsers,
): Promise<NotificationDraft[]> {
  const matchId = str(data.matchId) ?? event.subjectId;
  const ctx = matchId ? await loadMatchContext(db, matchId) : null;
  if (!ctx) return [];
  const { title, message, at } = text(ctx);
  return recipients(ctx).map((userId) => ({ userId, type, title, message, data: matchData(ctx), ...(at ? { at } : {}) }));
}

/**
 * The sides of each played match a correction sent back to be played (`resetMatchIds` of match.result_corrected,
 * R15.3), as they are once the correction is written: a player whose decided match was wiped, maybe in a tournament
 * they were told was over, must come back to play it. A player the correction took out of it is told of the
 * corrected match instead.
 */
async function replayedMatches(db: EventDb, data: Data, event: RecordedEvent): Promise<NotificationDraft[]> {
  const resetIds = Array.isArray(data.resetMatchIds) ? data.resetMatchIds.filter((id): id is string => typeof id === 'string') : [];
  const drafts: NotificationDraft[] = [];
  for (const matchId of resetIds) {
    drafts.push(
      ...(await forMatch(db, { matchId }, event, 'MATCH_RESULT_CORRECTED', (ctx) => ({
        title: `Your match in ${ctx.tournamentName} must be played again`,
        message: `An organizer corrected an earlier result: ${matchLabel(ctx)} is to be played again.`,
      }))),
    );
  }
  return drafts;
}

async function tournamentStarted(db: EventDb, tournamentId: string | null): Promise<NotificationDraft[]> {
  if (!tournamentId) return [];
  const tournament = await db.selectFrom('tournaments').select(['id', 'name']).where('id', '=', tournamentId).executeTakeFirst();
  if (!tournament) return [];
  // Entries that did not check in (NO_SHOW) are told they are out, not sent to a schedule without them (R15.3).
  const drafts: NotificationDraft[] = (await usersOfTournament(db, tournamentId)).map(({ userId, status }) => ({
    userId,
    type: 'TOURNAMENT_STARTED',
    title: `${tournament.name} has started`,
    message:
      status === 'NO_SHOW'
        ? `${tournament.name} has started without you: your entry did not check in, so it was not seeded.`
        : status === 'WAITLISTED'
          ? `${tournament.name} has started without you: no place came free for your entry on the waitlist.`
          : `${tournament.name} has started; your matches are in the schedule.`,
    data: { tournamentId },
  }));
  // MATCH_READY goes to members of the matches' participants: with none in the tournament (participants without
  // accounts), the ready matches of a large first round are not read.
  const anyMember = await db.selectFrom('participant_members').select('user_id').where('tournament_id', '=', tournamentId).limit(1).executeTakeFirst();
  if (anyMember) drafts.push(...(await readyMatchDrafts(db, readyMatchesQuery(db).where('m.tournament_id', '=', tournamentId))));
  return drafts;
}

async function tournamentCompleted(db: EventDb, tournamentId: string | null): Promise<NotificationDraft[]> {
  if (!tournamentId) return [];
  const tournament = await db.selectFrom('tournaments').select(['id', 'name']).where('id', '=', tournamentId).executeTakeFirst();
  if (!tournament) return [];
  const rows = await db
    .selectFrom('participant_members as pm')
    .innerJoin('participants as p', 'p.id', 'pm.participant_id')
    .select(['pm.user_id', 'p.id as participant_id', 'p.final_placement', 'p.placement_range'])
    .where('pm.tournament_id', '=', tournamentId)
    .where('p.status', 'not in', ['WITHDRAWN', 'WAITLISTED'])
    .execute();
  return rows.map((r) => {
    const place =
      r.placement_range !== null && r.placement_range.includes('-')
        ? r.placement_range
        : r.final_placement !== null
          ? ordinal(r.final_placement)
          : null;
    return {
      userId: r.user_id,
      type: 'TOURNAMENT_COMPLETED' as const,
      title: `${tournament.name} is over`,
      message: place ? `${tournament.name} is over: you placed ${place}.` : `${tournament.name} is over.`,
      data: { tournamentId, participantId: r.participant_id },
    };
  });
}

async function participantRegistered(db: EventDb, data: Data): Promise<NotificationDraft[]> {
  const tournamentId = str(data.tournamentId);
  const participantId = str(data.participantId);
  if (!tournamentId || !participantId) return [];
  const tournament = await db.selectFrom('tournaments').select(['name', 'status']).where('id', '=', tournamentId).executeTakeFirst();
  // A DRAFT is visible only to its project's keys and staff (R4.6): its players hear of it when it is published.
  if (!tournament || tournament.status === 'DRAFT') return [];
  // A check-in an organizer undid is no news to the player; a reinstatement is (previousStatus WITHDRAWN or
  // DISQUALIFIED), as a first registration.
  if (data.previousStatus === 'CHECKED_IN') return [];
  const listed = Array.isArray(data.memberUserIds) ? data.memberUserIds.filter((u): u is string => typeof u === 'string') : [];
  const users = listed.length > 0 ? listed : ((await usersOfParticipants(db, [participantId])).get(participantId) ?? []);
  const name = (await participantNames(db, [participantId])).get(participantId) ?? 'you';
  // An entry promoted from the waitlist (R6.14) learns that a place came free: it waited, and may have to check in.
  const promoted = data.previousStatus === 'WAITLISTED';
  return [...new Set(users)].map((userId) => ({
    userId,
    type: 'REGISTRATION_CONFIRMED' as const,
    title: promoted ? `A place came free in ${tournament.name}` : `Registered for ${tournament.name}`,
    message: promoted
      ? `${name} moved up from the waitlist and is registered for ${tournament.name}.`
      : `${name} is registered for ${tournament.name}.`,
    data: { tournamentId, participantId },
  }));
}

/**
 * REGISTRATION_CONFIRMED for the participants an organizer added while the tournament was a DRAFT (R15.1, R4.6), sent when
 * it is published: the users of every participant REGISTERED or CHECKED_IN (not one withdrawn or disqualified in the
 * DRAFT), one per participant and user (dedupe key
 * `registration-published:{participantId}`).
 */
async function registrationsPublished(db: EventDb, tournamentId: string | null): Promise<NotificationDraft[]> {
  if (!tournamentId) return [];
  const rows = await db
    .selectFrom('participant_members as pm')
    .innerJoin('participants as p', 'p.id', 'pm.participant_id')
    .innerJoin('tournaments as t', 't.id', 'pm.tournament_id')
    .select(['pm.user_id', 'p.id as participant_id', 'p.name as participant_name', 't.name'])
    .where('pm.tournament_id', '=', tournamentId)
    .where('p.status', 'in', ['REGISTERED', 'CHECKED_IN'])
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    type: 'REGISTRATION_CONFIRMED' as const,
    title: `Registered for ${r.name}`,
    message: `${r.participant_name} is registered for ${r.name}.`,
    data: { tournamentId, participantId: r.participant_id },
    dedupeKey: `registration-published:${r.participant_id}`,
  }));
}

async function participantDisqualified(db: EventDb, participantId: string | null, tournamentId: string | null): Promise<NotificationDraft[]> {
  if (!participantId) return [];
  const row = await db
    .selectFrom('participants as p')
    .innerJoin('tournaments as t', 't.id', 'p.tournament_id')
    .select(['p.tournament_id', 't.name', 't.status'])
    .where('p.id', '=', participantId)
    .executeTakeFirst();
  // A DRAFT is visible only to its project's keys and staff (R4.6): its players hear nothing of it.
  if (!row || row.status === 'DRAFT') return [];
  const users = (await usersOfParticipants(db, [participantId])).get(participantId) ?? [];
  const consequence = row.status === 'ONGOING' ? 'your remaining matches are forfeited' : 'you will not play in it';
  return users.map((userId) => ({
    userId,
    type: 'PARTICIPANT_DISQUALIFIED' as const,
    title: `Disqualified from ${row.name}`,
    message: `An organizer disqualified you from ${row.name}; ${consequence}.`,
    data: { tournamentId: tournamentId ?? row.tournament_id, participantId },
  }));
}

async function scoreReported(db: EventDb, data: Data, event: RecordedEvent): Promise<NotificationDraft[]> {
  const reported = (data.reportedResult ?? {}) as Data;
  const reporter = str(reported.reportedBy);
  const scores = Array.isArray(reported.scores) ? (reported.scores as Array<{ participantId: string | null; score: number }>) : null;
  return forMatch(
    db,
    data,
    event,
    'MATCH_RESULT_REPORTED',
    (ctx) => {
      const score = scoreLine(scores, ctx);
      return {
        title: `Result reported in ${ctx.tournamentName}: confirm or dispute it`,
        message: `A result${score ? ` of ${score}` : ''} was reported for ${matchLabel(ctx)}. Confirm it, or open a dispute if it is wrong.`,
      };
    },
    (ctx) => {
      const opponents = ctx.sides.filter((s) => !reporter || !s.userIds.includes(reporter));
      return [...new Set(opponents.flatMap((s) => s.userIds))];
    },
  );
}

function resultText(ctx: MatchContext, data: Data): string {
  const winnerId = str(data.winnerId);
  const winner = ctx.sides.find((s) => s.participantId !== null && s.participantId === winnerId);
  const scores = Array.isArray(data.scores) ? (data.scores as Array<{ participantId: string | null; score: number }>) : null;
  const score = scoreLine(scores, ctx);
  if (!winner) return score ? `: ${score}` : '';
  return `: ${winner.name ?? 'the winner'} won${score ? ` ${score}` : ''}`;
}

async function matchCompleted(db: EventDb, data: Data, event: RecordedEvent): Promise<NotificationDraft[]> {
  const matchId = str(data.matchId) ?? event.subjectId;
  const winnerId = str(data.winnerId);
  const loserId = str(data.loserId);
  const loaded = matchId ? await loadMatchContextWithNext(db, matchId, [winnerId, loserId]) : null;
  if (!loaded) return [];
  const ctx = loaded.match;
  const title = 'Match result confirmed';
  const message = `${matchLabel(ctx)} is over${resultText(ctx, data)}.`;
  const drafts: NotificationDraft[] = sideUsers(ctx).map((userId) => ({ userId, type: 'MATCH_COMPLETED', title, message, data: matchData(ctx) }));
  // The winner (and the loser, in double elimination) advance after this event, in the same transaction:
  // the next match becomes ready when its other slot is already filled.
  const paths: Array<[string | null, number | null, string | null]> = [
    [ctx.nextWinnerMatchId, ctx.nextWinnerSlot, winnerId],
    [ctx.nextLoserMatchId, ctx.nextLoserSlot, loserId],
  ];
  for (const [nextId, slot, advancing] of paths) {
    if (!nextId || !slot || !advancing) continue;
    const next = loaded.next.get(nextId);
    if (!next) continue;
    drafts.push(...matchReadyDrafts(next.context, next.status, { slot, participantId: advancing }, loaded.sides));
  }
  return drafts;
}

/**
 * MATCH_READY for a match whose two sides are known once `incoming` (a participant about to enter `slot`, by the
 * advancement that follows the event in the same transaction) is in. Nothing when the match is not SCHEDULED.
 * `sides` holds the incoming participant's name and users.
 */
function matchReadyDrafts(
  ctx: MatchContext,
  status: string,
  incoming: { slot: number; participantId: string },
  sides: Map<string, SideInfo>,
): NotificationDraft[] {
  if (status !== 'SCHEDULED') return [];
  const index = incoming.slot === 1 ? 0 : 1;
  const side = sides.get(incoming.participantId);
  const filled = [...ctx.sides];
  filled[index] = { participantId: incoming.participantId, name: side?.name ?? null, userIds: [...(side?.userIds ?? [])] };
  if (!filled[0]?.participantId || !filled[1]?.participantId) return [];
  return matchReadyDraftsOf({ ...ctx, sides: filled });
}

async function matchDisputed(db: EventDb, data: Data, event: RecordedEvent): Promise<NotificationDraft[]> {
  const actor = str(data.disputedBy) ?? str(data.actorUserId) ?? str(data.userId);
  const matchId = str(data.matchId) ?? event.subjectId;
  const ctx = matchId ? await loadMatchContext(db, matchId) : null;
  if (!ctx) return [];
  const staff = await staffOfTournament(db, ctx.tournamentId);
  const users = [...new Set([...sideUsers(ctx), ...staff])].filter((u) => u !== actor);
  const reason = str(data.reason);
  return users.map((userId) => ({
    userId,
    type: 'MATCH_DISPUTED' as const,
    title: `Match result disputed in ${ctx.tournamentName}`,
    message: `The result of ${matchLabel(ctx)} is disputed${reason ? `: ${reason}` : ''}. An organizer will review it.`,
    data: matchData(ctx),
  }));
}
