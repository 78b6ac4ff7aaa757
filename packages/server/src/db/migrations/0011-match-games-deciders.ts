import type { Kysely } from 'kysely';
import { columns } from './columns';

/**
 * Best-of series and deciders (R25.2, R25.4): `matches.games` holds the per-game scores of the decided result (JSON
 * array of `{ scores: [a, b], map? }` in slot order) and `matches.decider` what decided a drawn score (JSON
 * `{ kind, scores: [a, b] }`); both NULL when not reported, and emptied with the rest of the result when a match is
 * reset. Portable DDL (SQLite and PostgreSQL; text with the "C" collation there).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { textType } = columns(db);
  await db.schema.alterTable('matches').addColumn('games', textType).execute();
  await db.schema.alterTable('matches').addColumn('decider', textType).execute();
}

/** Drops the two columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('matches').dropColumn('decider').execute();
  await db.schema.alterTable('matches').dropColumn('games').execute();
}
