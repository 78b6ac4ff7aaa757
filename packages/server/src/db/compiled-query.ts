import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Marks the SQL of {@link compileOnce} and {@link reusableQuery}: a fixed, bounded set of texts run on hot paths, which
 * a dialect may prepare once per connection (PostgreSQL: a named statement, postgres.ts; SQLite prepares every text
 * once anyway, statement-cache.ts). A comment, so every database runs the text unchanged.
 */
export const PREPARED_MARK = '/* prepared */ ';

/**
 * Compiles a Kysely query once and returns a runner that executes the same SQL with new parameter values (given in
 * the order the query was built with). For hot read paths such as credential lookups: it skips Kysely's per-call
 * compilation (about 8 µs, R18.7). Build the query with placeholder values of the right type.
 */
export function compileOnce<Row>(db: Kysely<Database>, query: Compilable<Row>): (parameters: readonly unknown[]) => Promise<Row[]> {
  const { sql: compiled, parameters: template } = query.compile();
  const sql = PREPARED_MARK + compiled;
  return async (parameters) => {
    if (parameters.length !== template.length) {
      throw new Error(`compiled query expects ${template.length} parameters, got ${parameters.length}`);
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters]))).rows;
  };
}

/**
 * A query compiled once per query executor (the app's `db`, or one transaction) and then run with new parameter
 * values (given in the order `build` uses them): the hot reads of shared helpers, which run on the app's handle or
 * inside a transaction (R18.7). `build` gets the handle and returns the query built with placeholder values of the
 * right type; it runs once per executor (each transaction compiles anew, as without this). Works on every dialect:
 * the SQL is the dialect's own, compiled by Kysely with the handle's plugins.
 */
export function reusableQuery<Row>(
  build: (db: Kysely<Database>) => Compilable<Row>,
): (db: Kysely<Database>, parameters: readonly unknown[]) => Promise<Row[]> {
  const compiled = new WeakMap<object, { sql: string; parameters: number }>();
  return async (db, parameters) => {
    const executor = db.getExecutor();
    let entry = compiled.get(executor);
    if (!entry) {
      const query = build(db).compile();
      entry = { sql: PREPARED_MARK + query.sql, parameters: query.parameters.length };
      compiled.set(executor, entry);
    }
    if (parameters.length !== entry.parameters) {
      throw new Error(`compiled query expects ${entry.parameters} parameters, got ${parameters.length}`);
    }
    return (await db.executeQuery<Row>(CompiledQuery.raw(entry.sql, [...parameters]))).rows;
  };
}
