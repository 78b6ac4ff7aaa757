import type { Kysely } from 'kysely';

/**
 * The draw and group names (R23.2, R23.3): `stages.group_draw` holds an explicit draw of a group stage (JSON
 * array of groups, each an array of participant ids in fixture order; null without one), `matches.group_name`
 * the name of a group match's group (null outside group stages; rows written before read as A, B, ...).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stages').addColumn('group_draw', 'text').execute();
  await db.schema.alterTable('matches').addColumn('group_name', 'text').execute();
}

/** Drops the two columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('matches').dropColumn('group_name').execute();
  await db.schema.alterTable('stages').dropColumn('group_draw').execute();
}
