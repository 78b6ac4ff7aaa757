import { TOURNAMENT_STATUSES_BEFORE_START } from '@tourney/core';
import type { DatabaseDialect } from '../../db/dialect';
import type { Db } from '../../db/db';
import type { ParticipantRow, TournamentRow } from '../../db/rows';
import { writeEvents, type DomainEvent, type EventSink } from '../events';
import { readHeldNames } from '../participants/participant-names';
import { writeParticipantRemovalEvent } from '../participants/participant-events';
import { ENTERING_STATUSES } from '../participants/participant-status';
import { fillPlacesFromWaitlist } from '../participants/waitlist';
import { freeDeletedPlayerName } from './deleted-player-name';

/** One tournament entry of an account being deleted, as it is under its tournament's lock. */
export interface AccountEntry {
  participant: ParticipantRow;
  tournament: TournamentRow;
}

/** What anonymizing entries writes with: the deleting transaction, its event sink and dialect, and its instant. */
export interface EntryWriteContext {
  db: Db;
  sink: EventSink;
  dialect: DatabaseDialect;
  now: string;
}

const BEFORE_START: readonly string[] = TOURNAMENT_STATUSES_BEFORE_START;
/** Entries a deletion before the start withdraws: those that would play, and those waiting for a place (R6.14). */
const WITHDRAWN_BY_DELETION: readonly string[] = [...ENTERING_STATUSES, 'WAITLISTED'];

/**
 * The entries of `userId` in `tournamentIds` (call it under those tournaments' locks): every participant it is a
 * member of (solo, or in a team) or that names it as its user, with its tournament, in tournament id order.
 */
export async function readAccountEntries(db: Db, userId: string, tournamentIds: readonly string[]): Promise<AccountEntry[]> {
  if (tournamentIds.length === 0) return [];
  const [participants, tournaments] = await Promise.all([
    db
      .selectFrom('participants as p')
      .selectAll('p')
      .where('p.tournament_id', 'in', tournamentIds)
      .where((eb) =>
        eb.or([
          eb('p.user_id', '=', userId),
          eb.exists(eb.selectFrom('participant_members as pm').select('pm.user_id').whereRef('pm.participant_id', '=', 'p.id').where('pm.user_id', '=', userId)),
        ]),
      )
      .execute(),
    db.selectFrom('tournaments').selectAll().where('id', 'in', tournamentIds).execute(),
  ]);
  const byId = new Map(tournaments.map((t) => [t.id, t]));
  return participants
    .flatMap((participant) => {
      const tournament = byId.get(participant.tournament_id);
      return tournament ? [{ participant, tournament }] : [];
    })
    .sort((a, b) => (a.tournament.id < b.tournament.id ? -1 : a.tournament.id > b.tournament.id ? 1 : 0));
}

/** The entries still playing: ACTIVE in an ONGOING tournament (an account with one cannot be deleted, R14.8). */
export function entriesInPlay(entries: readonly AccountEntry[]): AccountEntry[] {
  return entries.filter((e) => e.tournament.status === 'ONGOING' && e.participant.status === 'ACTIVE');
}

/**
 * Takes `userId` out of its entries (deleteMe, R14.8), inside the deleting transaction under the entries'
 * tournament locks, none of them in play (entriesInPlay): each entry loses its link to the account (`user_id` null
 * where it named it; the account's participant_members rows go, so it leaves its teams); a solo entry is renamed
 * `Deleted player <suffix>` (deleted-player-name.ts), free in its tournament; an entry of a tournament that has not
 * started, still REGISTERED, CHECKED_IN or WAITLISTED, is withdrawn as withdrawFromTournament does (WITHDRAWN, seed
 * cleared, the place freed) with `participant.withdrawn` (userId null, R6.10); then every entry records `participant.anonymized`
 * (data tournamentId, participantId, status, userId null: no personal data), which moves its tournament's live
 * stream, so pages, brackets kept by the bracket cache (R18.17) and webhook subscribers learn of the new name.
 * Returns the new name of each renamed entry, by participant id.
 */
export async function anonymizeEntries(ctx: EntryWriteContext, userId: string, entries: readonly AccountEntry[]): Promise<Map<string, string>> {
  const { db, sink, dialect, now } = ctx;
  const renamed = new Map<string, string>();
  for (const { participant: p, tournament: t } of entries) {
    const solo = p.team_name === null && p.user_id === userId;
    const withdraw = BEFORE_START.includes(t.status) && WITHDRAWN_BY_DELETION.includes(p.status);
    const name = solo ? freeDeletedPlayerName(await readHeldNames(db, t.id, p.id), p.id) : p.name;
    await db
      .updateTable('participants')
      .set({ name, user_id: p.user_id === userId ? null : p.user_id, ...(withdraw ? { status: 'WITHDRAWN', seed: null } : {}) })
      .where('id', '=', p.id)
      .execute();
    if (withdraw) await writeParticipantRemovalEvent({ db, sink, tournament: t, now, dialect }, p.id, 'WITHDRAWN', p.status, null);
    const anonymized: DomainEvent = {
      projectId: t.project_id,
      type: 'participant.anonymized',
      subjectId: p.id,
      data: { tournamentId: t.id, participantId: p.id, status: withdraw ? 'WITHDRAWN' : p.status, userId: null },
    };
    await writeEvents(db, sink, [anonymized]);
    // The place it freed goes to the first entry of the waitlist, as for any withdrawal (R6.14).
    if (withdraw) await fillPlacesFromWaitlist(db, sink, t.id);
    if (solo) renamed.set(p.id, name);
  }
  await db.deleteFrom('participant_members').where('user_id', '=', userId).execute();
  return renamed;
}
