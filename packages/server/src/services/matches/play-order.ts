import { BRACKET_KINDS, BRACKETS } from '@tourney/core';
import { sql, type RawBuilder } from 'kysely';

/**
 * Rank of a bracket among matches of the same stage and round in play order (core's `BRACKETS`): pool formats
 * first, then the third-place match (played before the final), winners, losers and grand final.
 */
export const BRACKET_PLAY_RANK: Readonly<Record<string, number>> = Object.fromEntries(BRACKET_KINDS.map((b) => [b, BRACKETS[b].playRank]));

/** Rank of a bracket in the bracket view (core's `BRACKETS`): winners, losers, grand final, third place, then pool formats. */
export const BRACKET_VIEW_RANK: Readonly<Record<string, number>> = Object.fromEntries(BRACKET_KINDS.map((b) => [b, BRACKETS[b].viewRank]));

/** SQL expression of `BRACKET_PLAY_RANK` over the `matches.bracket` column, for ORDER BY. */
export function bracketPlayRankSql(column = 'matches.bracket'): RawBuilder<number> {
  const whens = sql.join(
    Object.entries(BRACKET_PLAY_RANK).map(([bracket, rank]) => sql`WHEN ${sql.lit(bracket)} THEN ${sql.lit(rank)}`),
    sql` `,
  );
  return sql<number>`CASE ${sql.ref(column)} ${whens} ELSE 9 END`;
}
