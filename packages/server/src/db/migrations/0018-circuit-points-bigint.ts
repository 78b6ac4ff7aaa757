import { type Kysely, PostgresAdapter } from 'kysely';

/** The columns holding points in hundredths (R9.11): one award, and a competitor's season total. */
const POINT_COLUMNS = [
  ['circuit_awards', 'points_hundredths'],
  ['circuit_standings', 'points_hundredths'],
] as const;

/**
 * Points in hundredths as 64-bit integers on PostgreSQL (R9.11, R2.22): the contract allows 1,000,000 points a place
 * and a multiplier of 100, i.e. 10^10 hundredths for one award, and a season total sums any number of them, while
 * PostgreSQL's `integer` stops at 2^31 - 1 (21,474,836.47 points) and answered such a classification with an
 * overflow (500). SQLite's integers are 64-bit already: nothing to do there. Values read back as numbers (the
 * PostgreSQL dialect parses int8), exact up to 2^53.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of POINT_COLUMNS) {
    await db.schema.alterTable(table).alterColumn(column, (c) => c.setDataType('bigint')).execute();
  }
}

/** Back to 32-bit integers (fails if a stored value no longer fits). */
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [table, column] of POINT_COLUMNS) {
    await db.schema.alterTable(table).alterColumn(column, (c) => c.setDataType('integer')).execute();
  }
}
