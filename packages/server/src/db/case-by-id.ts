import { sql, type RawBuilder } from 'kysely';

/**
 * SQL `CASE id WHEN ... THEN ... END` giving each row of a multi-row UPDATE its own value, for bulk writes
 * (`UPDATE t SET col = CASE id ... END WHERE id IN (...)`). Values are cast to `sqlType` so PostgreSQL types
 * the parameters as SQLite does. Keep `items` to a chunk (see chunks.ts).
 */
export function caseById<T extends string | number | null>(
  items: readonly { id: string; value: T }[],
  sqlType: 'INTEGER' | 'TEXT',
): RawBuilder<T> {
  const type = sql.raw(sqlType);
  const whens = sql.join(
    items.map((item) => sql`WHEN ${item.id} THEN CAST(${item.value} AS ${type})`),
    sql` `,
  );
  return sql<T>`CASE id ${whens} END`;
}
