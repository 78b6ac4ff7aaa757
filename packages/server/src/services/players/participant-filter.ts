import type { Db } from '../../db/db';

/**
 * The participant ids a `participantId` filter of a tournament's match list stands for (R26.5): the id itself (a
 * participant id), plus the participants of that tournament a user with this id plays for (registered herself, or a
 * member of a team), so that a user id finds that user's matches instead of none.
 */
export async function participantFilterIds(db: Db, tournamentId: string, id: string): Promise<string[]> {
  const ofUser = await db
    .selectFrom('participants as p')
    .select('p.id')
    .where('p.tournament_id', '=', tournamentId)
    .where((eb) =>
      eb.or([
        eb('p.user_id', '=', id),
        eb('p.id', 'in', eb.selectFrom('participant_members').select('participant_id').where('tournament_id', '=', tournamentId).where('user_id', '=', id)),
      ]),
    )
    .execute();
  return [...new Set([id, ...ofUser.map((r) => r.id)])];
}
