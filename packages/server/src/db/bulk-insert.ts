import { CompiledQuery, type Insertable } from 'kysely';
import type { Db } from './db';
import type { Database } from './schema';

/** A table of the schema, by name. */
export type TableName = keyof Database & string;

/** The columns of `rows`: every key any row has, in first-seen order (a row without one writes NULL there). */
export function columnsOf(rows: readonly object[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** `name` as a quoted SQL identifier (both dialects quote with double quotes). */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts `rows` into `table` with multi-row `INSERT ... VALUES` statements of at most `maxParameters` bound
 * parameters each (so as few statements as the database's parameter limit allows), built straight as SQL text
 * without Kysely's per-value query tree; `placeholder(i)` writes the i-th (0-based) parameter (`?`, `$1`).
 * A column a row lacks is written NULL; undefined values are NULL. Runs through `db` (a transaction or the app's
 * handle), so the dialect's error translation applies.
 */
export async function insertValues<T extends TableName>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  maxParameters: number,
  placeholder: (index: number) => string,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(rows);
  const perStatement = Math.max(1, Math.floor(maxParameters / columns.length));
  const head = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values `;
  for (let start = 0; start < rows.length; start += perStatement) {
    const slice = rows.slice(start, start + perStatement);
    const parameters: unknown[] = new Array(slice.length * columns.length);
    const tuples: string[] = new Array(slice.length);
    let p = 0;
    for (let r = 0; r < slice.length; r++) {
      const row = slice[r] as Record<string, unknown>;
      const marks: string[] = new Array(columns.length);
      for (let c = 0; c < columns.length; c++) {
        const value = row[columns[c] as string];
        parameters[p] = value === undefined ? null : value;
        marks[c] = placeholder(p);
        p++;
      }
      tuples[r] = `(${marks.join(', ')})`;
    }
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
  }
}
