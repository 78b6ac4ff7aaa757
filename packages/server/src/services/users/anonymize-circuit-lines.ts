import type { Db } from '../../db/db';
import { rewriteSeasonStandings } from '../circuits/season-standings';
import { deletedPlayerNames } from './deleted-player-name';

/**
 * Takes a deleted account out of the circuits it scored in (deleteMe, R14.8), inside the deleting transaction under
 * the locks of `circuitIds` (the circuits whose standings name it; a classification locks its circuit first, so none
 * rewrites their standings meanwhile). Each award of the account loses its user id and takes the name its entry now
 * has (`renamed`, by participant id; an entry no longer there: its first `Deleted player` name), and the awards of
 * the competitor `user:<id>` (core competitorKey) are keyed `participant:<the smallest of their participant ids>`
 * instead, so they stay one competitor whose points still add up and no key names the account; then the standings
 * of every season they count in are recomputed from the awards (rewriteSeasonStandings: same points, wins and ranks,
 * the new name and no user id). Cumulative standings are computed from the awards when read.
 */
export async function anonymizeCircuitLines(
  db: Db,
  userId: string,
  circuitIds: readonly string[],
  renamed: ReadonlyMap<string, string>,
  now: string,
): Promise<void> {
  const userKey = `user:${userId}`;
  for (const circuitId of circuitIds) {
    const awards = await db
      .selectFrom('circuit_awards')
      .select(['id', 'participant_id', 'season_id', 'competitor_key'])
      .where('circuit_id', '=', circuitId)
      .where((eb) => eb.or([eb('competitor_key', '=', userKey), eb('user_id', '=', userId)]))
      .execute();
    if (awards.length === 0) continue;
    const keyed = awards.filter((a) => a.competitor_key === userKey).map((a) => a.participant_id);
    const newKey = keyed.length > 0 ? `participant:${[...keyed].sort()[0]}` : userKey;
    for (const award of awards) {
      const name = renamed.get(award.participant_id) ?? (deletedPlayerNames(award.participant_id).next().value as string);
      await db
        .updateTable('circuit_awards')
        .set({ user_id: null, name, competitor_key: award.competitor_key === userKey ? newKey : award.competitor_key })
        .where('id', '=', award.id)
        .execute();
    }
    for (const seasonId of [...new Set(awards.map((a) => a.season_id))].sort()) {
      await rewriteSeasonStandings(db, circuitId, seasonId, now);
    }
  }
}
