import { accumulateStandings } from '@tourney/core';
import type { Kysely } from 'kysely';
import { chunks } from '../chunks';

/** `name:<name>` as core competitorKey keys a solo entry without an account (R9.15): NFC, trimmed, lower case. */
const nameKeyOf = (name: string): string => `name:${name.normalize('NFC').trim().toLowerCase()}`;

/**
 * Guests are one competitor across a circuit's tournaments (R9.15): a solo entry without an account ("Guest Ann" of
 * two LAN cups) used to be keyed by its participant (`participant:<id>`), so each of its tournaments made a competitor
 * of its own; core competitorKey now keys it by its name (`name:<name>`, any case). This migration gives the awards
 * stored before the same keys and recomputes the standings of every season whose awards changed, so each season's
 * standings, the cumulative standings and the analytics (all computed from the awards) count such a guest once, as if
 * the rule had always applied; completed seasons included (their points, wins and places are unchanged, but a guest's
 * lines there merge into one and the ranks follow).
 * Awards keyed `participant:<id>` that are not a guest's own stay as they are: the awards of a deleted account share
 * one such key in a circuit (anonymize-circuit-lines.ts), and keep it, so that player stays one competitor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const awards: Array<{ id: string; circuit_id: string; season_id: string; participant_id: string; competitor_key: string; name: string }> = await db
    .selectFrom('circuit_awards')
    .select(['id', 'circuit_id', 'season_id', 'participant_id', 'competitor_key', 'name'])
    .where('competitor_key', 'like', 'participant:%')
    .where('user_id', 'is', null)
    .where('team_name', 'is', null)
    .execute();
  const holders = new Map<string, number>();
  for (const a of awards) holders.set(`${a.circuit_id} ${a.competitor_key}`, (holders.get(`${a.circuit_id} ${a.competitor_key}`) ?? 0) + 1);
  const seasons = new Map<string, string>();
  for (const a of awards) {
    const ownKey = a.competitor_key === `participant:${a.participant_id}` && holders.get(`${a.circuit_id} ${a.competitor_key}`) === 1;
    if (!ownKey || a.name.trim() === '') continue;
    await db.updateTable('circuit_awards').set({ competitor_key: nameKeyOf(a.name) }).where('id', '=', a.id).execute();
    seasons.set(a.season_id, a.circuit_id);
  }
  for (const [seasonId, circuitId] of seasons) await recomputeSeasonStandings(db, circuitId, seasonId);
}

/** Keys the awards of guests by their participant again (`participant:<id>`), and recomputes their seasons' standings. */
export async function down(db: Kysely<any>): Promise<void> {
  const awards: Array<{ id: string; circuit_id: string; season_id: string; participant_id: string }> = await db
    .selectFrom('circuit_awards')
    .select(['id', 'circuit_id', 'season_id', 'participant_id'])
    .where('competitor_key', 'like', 'name:%')
    .execute();
  const seasons = new Map<string, string>();
  for (const a of awards) {
    await db.updateTable('circuit_awards').set({ competitor_key: `participant:${a.participant_id}` }).where('id', '=', a.id).execute();
    seasons.set(a.season_id, a.circuit_id);
  }
  for (const [seasonId, circuitId] of seasons) await recomputeSeasonStandings(db, circuitId, seasonId);
}

/**
 * Rewrites a season's `circuit_standings` from its awards in classification order, ranked by core accumulateStandings
 * (points, then wins, then best placement): what the service's rewriteSeasonStandings writes, on the columns of 0004.
 */
async function recomputeSeasonStandings(db: Kysely<any>, circuitId: string, seasonId: string): Promise<void> {
  const rows: Array<{ competitor_key: string; user_id: string | null; team_name: string | null; name: string; points_hundredths: number | string; wins: number; placement: number }> =
    await db
      .selectFrom('circuit_awards as a')
      .innerJoin('circuit_classifications as c', 'c.id', 'a.classification_id')
      .select(['a.competitor_key', 'a.user_id', 'a.team_name', 'a.name', 'a.points_hundredths', 'a.wins', 'a.placement'])
      .where('a.season_id', '=', seasonId)
      .orderBy('c.classified_at', 'asc')
      .orderBy('c.id', 'asc')
      .orderBy('a.placement', 'asc')
      .execute();
  const standings = accumulateStandings(
    rows.map((r) => ({
      competitorKey: r.competitor_key,
      userId: r.user_id,
      teamName: r.team_name,
      name: r.name,
      points: Number(r.points_hundredths) / 100,
      wins: Number(r.wins),
      placement: Number(r.placement),
    })),
  );
  const previous: { updated_at: string } | undefined = await db.selectFrom('circuit_standings').select('updated_at').where('season_id', '=', seasonId).executeTakeFirst();
  const updatedAt = previous?.updated_at ?? new Date().toISOString();
  await db.deleteFrom('circuit_standings').where('season_id', '=', seasonId).execute();
  const lines = standings.map((s, i) => ({
    season_id: seasonId,
    circuit_id: circuitId,
    competitor_key: s.competitorKey,
    user_id: s.userId,
    team_name: s.teamName,
    name: s.name,
    points_hundredths: Math.round(s.points * 100),
    wins: s.wins,
    tournaments_played: s.tournamentsPlayed,
    best_placement: s.bestPlacement,
    rank: s.rank,
    position: i + 1,
    updated_at: updatedAt,
  }));
  for (const chunk of chunks(lines)) await db.insertInto('circuit_standings').values(chunk).execute();
}
