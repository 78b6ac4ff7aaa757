/**
 * The statements a server runs while `call` runs (also counted by the bulk-write tests, R7.19), and for the index
 * tests (R3.8) the full scans in the plan the database makes for one of them.
 * - SQLite: EXPLAIN QUERY PLAN; a `SCAN <table>` (every row) or a `SCAN <table> USING INDEX` (every index entry)
 *   of a table, named or aliased (`"participants" as "p"`), is a full scan; a subquery's alias is no table.
 * - PostgreSQL: EXPLAIN with sequential scans disabled, so the planner takes any index that serves the query whatever
 *   the table's size; a `Seq Scan` then means no index serves it, an index scan without an index condition a walk of
 *   the whole index.
 * The plans do not depend on the rows: the question is which index a query can use.
 */
import { type CompiledQuery, sql } from 'kysely';
import type { TestServer } from './server';
import { onPostgres } from './test-database';

/** Runs `call` and returns the statements Kysely executed meanwhile (every executor: they share the class). */
export async function statementsOf(server: TestServer, call: () => Promise<unknown>): Promise<CompiledQuery[]> {
  const proto = Object.getPrototypeOf(server.deps.db.getExecutor()) as { executeQuery: (query: CompiledQuery, ...rest: unknown[]) => Promise<unknown> };
  const original = proto.executeQuery;
  const seen: CompiledQuery[] = [];
  proto.executeQuery = function (this: unknown, query: CompiledQuery, ...rest: unknown[]) {
    seen.push(query);
    return original.call(this, query, ...rest);
  };
  try {
    await call();
  } finally {
    proto.executeQuery = original;
  }
  return seen;
}

/** Whether a statement reads rows a plan can show: SELECT (WITH), UPDATE or DELETE, with or without a leading comment. */
export const isPlannedRead = (query: CompiledQuery, kinds = /select|with|update|delete/): boolean =>
  new RegExp(`^\\s*(\\/\\*.*?\\*\\/\\s*)?(${kinds.source})\\b`, 'i').test(query.sql);

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PostgresPlanNode[];
}

/** Reads the names of the SQLite database's tables (empty on PostgreSQL, whose plans name relations themselves). */
export async function tablesOf(server: TestServer): Promise<Set<string>> {
  if (onPostgres) return new Set();
  const rows = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(server.deps.db);
  return new Set(rows.rows.map((r) => r.name));
}

/** The full scans in the plan of `query`, e.g. `SCAN tournaments` or `Seq Scan on tournaments`; `tables` from tablesOf. */
export async function fullScans(server: TestServer, query: CompiledQuery, tables: ReadonlySet<string>): Promise<string[]> {
  if (!onPostgres) {
    const plan = await server.deps.db.executeQuery<{ detail: string }>({ ...query, sql: `EXPLAIN QUERY PLAN ${query.sql}` });
    const aliases = new Map([...query.sql.matchAll(/"(\w+)" as "(\w+)"/g)].map(([, table, alias]) => [alias!, table!]));
    return plan.rows
      .map((r) => /^SCAN (\w+)( USING (COVERING )?INDEX \w+)?$/.exec(r.detail))
      .filter((m): m is RegExpExecArray => m !== null && tables.has(aliases.get(m[1]!) ?? m[1]!))
      .map((m) => m[0]);
  }
  const plan = await server.deps.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return trx.executeQuery<{ 'QUERY PLAN': { Plan: PostgresPlanNode }[] }>({ ...query, sql: `EXPLAIN (FORMAT JSON) ${query.sql}` });
  });
  const found: string[] = [];
  const walk = (node: PostgresPlanNode) => {
    if (node['Node Type'] === 'Seq Scan') found.push(`Seq Scan on ${node['Relation Name']}`);
    if (/^(Index (Only )?|Bitmap Index )Scan$/.test(node['Node Type']) && !node['Index Cond']) {
      found.push(`${node['Node Type']} using ${node['Index Name']}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''} without a condition`);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.rows[0]!['QUERY PLAN'][0]!.Plan);
  return found;
}
