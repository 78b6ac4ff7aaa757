import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { PREPARED_MARK } from '../compiled-query';
import { type CustomTypesConfig, Pool, type PoolClient, types } from 'pg';
import { DatabaseUnavailableError } from '../connection-error';
import { withErrorTranslation } from '../error-translation';
import type { Database } from '../schema';
import { toForeignKeyViolation, toUniqueViolation } from './unique-violation';

/** Pool settings of a PostgreSQL database (config: databasePoolSize, databaseStatementTimeoutMs). */
export interface PostgresPoolOptions {
  /** Most connections the process opens at once; requests beyond wait for a free one. */
  poolSize: number;
  /** Milliseconds after which PostgreSQL cancels a statement (0: no limit). */
  statementTimeoutMs: number;
  /** Milliseconds to wait for a new connection before failing (default 10 000). */
  connectTimeoutMs?: number;
}

/**
 * How much longer than the statement timeout node-postgres waits for the answer of a statement before failing it
 * itself (`query_timeout`, ms): PostgreSQL cancels a slow statement first (an error of the statement), so only a
 * connection that stopped answering at all (a black-holed network, a server gone without closing it) reaches it.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/** Idle time after which TCP keepalive probes start on a connection (ms), so that a dead peer is noticed. */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

/** OIDs of the types parsed to numbers: int8 (`count(*)`, `sum` of integers) and numeric (`avg`). */
const INT8 = 20;
const NUMERIC = 1700;

/**
 * The values node-postgres returns, made the same as SQLite's: a bigint or numeric result becomes a JS number (pg
 * returns them as strings so as not to lose precision; counts and sums here stay far below 2^53). Integer, text
 * and double precision columns are numbers and strings already; the schema has no boolean, timestamp or JSON
 * column type (integers 0/1, ISO 8601 text and JSON text, see migrations/columns.ts), so no other parser matters.
 */
const sameAsSqlite: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return types.getTypeParser(oid, format as 'text');
  }) as CustomTypesConfig['getTypeParser'],
};

/**
 * A node-postgres pool on `url` (postgres://user:password@host:port/database?...) with the settings above; its
 * connections are named `tourney` (pg_stat_activity.application_name). A connection that fails while idle (the
 * server restarted, the network dropped) is discarded by the pool and replaced at the next query; the pool's
 * 'error' event for it is handled here, as an unhandled one would end the process. No statement waits for ever on a
 * dead connection (R18.18): with a statement timeout, node-postgres gives up on an answer
 * {@link QUERY_TIMEOUT_MARGIN_MS} after it (`query_timeout`), and TCP keepalive probes idle connections.
 */
export function createPostgresPool(url: string, options: PostgresPoolOptions): Pool {
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize,
    statement_timeout: options.statementTimeoutMs > 0 ? options.statementTimeoutMs : undefined,
    query_timeout: options.statementTimeoutMs > 0 ? options.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    application_name: 'tourney',
    types: sameAsSqlite,
  });
  pool.on('error', () => {});
  return pool;
}

/**
 * Kysely over `pool` with the contract of DatabaseDialect.connect (db/dialect.ts): `db.transaction()` is a plain
 * BEGIN (READ COMMITTED; invariants lock rows with `lockRows`), unique violations are thrown as
 * UniqueViolationError, and Kysely's migrator runs pending migrations in one transaction under an advisory lock, so
 * two processes starting on one new database migrate it once.
 */
export function createPostgresDatabase(pool: Pool): Kysely<Database> {
  const dialect = new PostgresDialect({ pool: preparingHotStatements(pool) });
  return new Kysely<Database>({ dialect: withErrorTranslation(dialect, (error) => toUniqueViolation(error) ?? toForeignKeyViolation(error) ?? error) });
}

/**
 * `pool` as Kysely's PostgreSQL driver uses it, except that SQL marked {@link PREPARED_MARK} (the hot reads of
 * compileOnce and reusableQuery, a fixed set of texts) runs as a named prepared statement: node-postgres parses it
 * once per connection and then only binds and executes it, instead of parsing and planning the text on every call
 * (R18.7). Names are given per pool in order of first use (`tourney_1`, ...), one per text. A connection that drops
 * while checked out fails its next statement instead of ending the process (R21.4). A connection that cannot be
 * taken (refused, timed out, too many connections, the database not accepting any) is a DatabaseUnavailableError
 * (R18.18), and one whose statement got no answer in time is discarded at its release rather than reused.
 */
function preparingHotStatements(pool: Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = `tourney_${names.size + 1}`));
    return name;
  };
  return {
    async connect() {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // Whatever the reason, a request that gets no connection could not reach the database (R18.18).
        throw new DatabaseUnavailableError(`no connection to PostgreSQL: ${error instanceof Error ? error.message : String(error)}`, error);
      }
      // A connection that drops while checked out but between statements (inside a transaction, or held by
      // runExclusive for its lock) makes the client emit 'error', and node-postgres leaves a checked-out client
      // without a listener: unhandled, it would end the process. Kept here, the next statement on it fails instead,
      // and the release hands the error back, so the pool discards the client rather than reuse it.
      let dropped: Error | undefined;
      const onError = (error: Error) => {
        dropped = error;
      };
      client.on('error', onError);
      const query = (text: unknown, values?: readonly unknown[]): unknown => {
        const result: unknown =
          typeof text === 'string' && text.startsWith(PREPARED_MARK)
            ? client.query({ name: nameOf(text), text, values: values as unknown[] })
            : client.query(text as string, values as unknown[]);
        if (!(result instanceof Promise)) return result;
        // The answer of a statement past query_timeout may still come, and would be taken for the next one's: the
        // connection is not given back to the pool.
        return result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') dropped ??= error;
          throw error;
        });
      };
      const release = () => {
        client.removeListener('error', onError);
        client.release(dropped);
      };
      return { query, release } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
