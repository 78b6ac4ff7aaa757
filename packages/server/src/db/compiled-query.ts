import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Compiles a Kysely query once and returns a runner that executes the same SQL with new parameter values (given in
 * the order the query was built with). For hot read paths such as credential lookups: it skips Kysely's per-call
 * compilation (about 8 µs, R18.7). Build the query with placeholder values of the right type.
 */
export function compileOnce<Row>(db: Kysely<Database>, query: Compilable<Row>): (parameters: readonly unknown[]) => Promise<Row[]> {
  const { sql, parameters: template } = query.compile();
  return async (parameters) => {
    if (parameters.length !== template.length) {
      throw new Error(`compiled query expects ${template.length} parameters, got ${parameters.length}`);
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]))).rows;
  };
}
