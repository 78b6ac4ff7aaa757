import { FINAL_MATCH_STATUSES } from '@tourney/core';
import { completeMatch } from '../matches/match-completion';
import { findMatchRow } from '../matches/match-reader';
import { writeParticipantRemovalEvent } from './participant-events';
import type { WriteContext } from '../matches/write-context';

/** Match statuses that are final (core). */
const FINAL: readonly string[] = FINAL_MATCH_STATUSES;

/**
 * Takes a participant out of a running tournament inside the caller's transaction: sets `status`
 * (DISQUALIFIED or WITHDRAWN) and records `participant.disqualified` or `participant.withdrawn`
 * (participant-events.ts), then every unfinished match of theirs with a known opponent completes as a
 * WALKOVER for the opponent (resultType WALKOVER, no scores, history WALKOVER by `actorUserId`), which
 * advances like a normal completion (match-completion.ts). A match whose opponent is still unknown completes
 * when the opponent arrives. Returns the number of walkovers.
 */
export async function forfeitParticipant(
  ctx: WriteContext,
  participantId: string,
  status: 'DISQUALIFIED' | 'WITHDRAWN',
  actorUserId: string | null,
): Promise<number> {
  const { db } = ctx;
  const before = await db.selectFrom('participants').select('status').where('id', '=', participantId).executeTakeFirst();
  await db.updateTable('participants').set({ status }).where('id', '=', participantId).execute();
  await writeParticipantRemovalEvent(ctx, participantId, status, before?.status ?? status, actorUserId);
  const open = await db
    .selectFrom('matches')
    .select('id')
    .where('tournament_id', '=', ctx.tournament.id)
    .where((eb) => eb.or([eb('participant1_id', '=', participantId), eb('participant2_id', '=', participantId)]))
    .where('status', 'not in', [...FINAL])
    .orderBy('round')
    .execute();
  let walkovers = 0;
  for (const { id } of open) {
    const row = await findMatchRow(db, id);
    if (!row || FINAL.includes(row.status)) continue;
    const opponent = row.participant1_id === participantId ? row.participant2_id : row.participant1_id;
    if (opponent === null) continue;
    await completeMatch(
      ctx,
      row,
      { status: 'COMPLETED', winnerId: opponent, loserId: participantId, scores: null, resultType: 'WALKOVER' },
      {
        type: 'WALKOVER',
        actorUserId,
        data: { winnerId: opponent, loserId: participantId, resultType: 'WALKOVER', reason: `opponent ${status}` },
      },
    );
    walkovers += 1;
  }
  return walkovers;
}
