import { sql, type RawBuilder } from 'kysely';

/**
 * Rank of a bracket among matches of the same stage and round in play order: pool formats first, then the
 * third-place match (played before the final), winners, losers and grand final.
 */
export const BRACKET_PLAY_RANK: Readonly<Record<string, number>> = {
  GROUP: 0,
  ROUND_ROBIN: 0,
  SWISS: 0,
  THIRD_PLACE: 1,
  WINNERS: 2,
  LOSERS: 3,
  GRAND_FINAL: 4,
};

/** Rank of a bracket in the bracket view: winners, losers, grand final, third place, then pool formats. */
export const BRACKET_VIEW_RANK: Readonly<Record<string, number>> = {
  WINNERS: 0,
  LOSERS: 1,
  GRAND_FINAL: 2,
  THIRD_PLACE: 3,
  GROUP: 4,
  ROUND_ROBIN: 4,
  SWISS: 4,
};

/** SQL expression of `BRACKET_PLAY_RANK` over the `matches.bracket` column, for ORDER BY. */
export function bracketPlayRankSql(column = 'matches.bracket'): RawBuilder<number> {
  const whens = sql.join(
    Object.entries(BRACKET_PLAY_RANK).map(([bracket, rank]) => sql`WHEN ${sql.lit(bracket)} THEN ${sql.lit(rank)}`),
    sql` `,
  );
  return sql<number>`CASE ${sql.ref(column)} ${whens} ELSE 9 END`;
}
