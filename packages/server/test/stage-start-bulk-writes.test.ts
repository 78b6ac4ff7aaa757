import type { CompiledQuery } from 'kysely';
import { describe, expect } from 'vitest';
import { newId } from '../src/ids';
import { onPostgres, test, type TestServer, type TestTenant } from './helpers/index';
import { statementsOf } from './helpers/query-plans';
import { createTournament, lifecycle } from './tournaments-helpers';

// R7.19: starting a tournament writes stage 1's match rows and entrants with the dialect's bulk insert (`insertRows`:
// multi-row INSERT ... VALUES within SQLite's 32,766 parameters, one INSERT ... SELECT from json_populate_recordset on
// PostgreSQL) and seeds the entrants with one UPDATE ... FROM (VALUES ...) per 8,000 of them. The statements the start
// runs are read off the Kysely executor (its prototype is shared by every executor, transactions included).
const it = test;

/** SQLite's SQLITE_MAX_VARIABLE_NUMBER, the parameter budget of one multi-row INSERT there. */
const SQLITE_PARAMETERS = 32_766;

/** A published tournament of one stage `format` with `n` REGISTERED participants written straight to the database. */
async function publishedWith(server: TestServer, tenant: TestTenant, n: number, format: string, maxParticipants = n): Promise<string> {
  const t = await createTournament(server, tenant, { name: `Bulk ${format} ${n}`, maxParticipants, stages: [{ name: 'Main', format }] });
  await lifecycle(server, tenant, t.id, 'publish');
  const now = server.clock.now().toISOString();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    tournament_id: t.id as string,
    user_id: null,
    name: `Player ${i + 1}`,
    seed: i + 1,
    status: 'REGISTERED',
    team_name: null,
    registered_at: now,
    checked_in_at: null,
    final_placement: null,
    placement_range: null,
  }));
  for (let i = 0; i < rows.length; i += 500) await server.deps.db.insertInto('participants').values(rows.slice(i, i + 500)).execute();
  return t.id as string;
}

/** The bulk inserts into `table` among `statements`, each with the number of rows it writes. */
function insertsInto(statements: readonly CompiledQuery[], table: string): { rows: number; columns: number }[] {
  return statements
    .filter((q) => q.sql.startsWith(`insert into "${table}" (`))
    .map((q) => {
      const columns = (q.sql.slice(q.sql.indexOf('(') + 1, q.sql.indexOf(')')).match(/"[^"]+"/g) ?? []).length;
      // PostgreSQL's bulk insert: the rows travel as one JSON parameter; otherwise one parameter per column of each row.
      const json = q.sql.includes('json_populate_recordset');
      const rows = json ? (JSON.parse(q.parameters[0] as string) as unknown[]).length : q.parameters.length / columns;
      return { rows, columns };
    });
}

/** How many statements the dialect's bulk insert needs for `rows` rows of `columns` columns. */
const bulkStatements = (rows: number, columns: number): number => (onPostgres ? 1 : Math.ceil(rows / Math.floor(SQLITE_PARAMETERS / columns)));

/** The seed UPDATEs among `statements`, each with the number of entrants it seeds (two parameters each). */
function seedUpdates(statements: readonly CompiledQuery[]): number[] {
  return statements.filter((q) => q.sql.startsWith('UPDATE participants SET seed = v.column2')).map((q) => q.parameters.length / 2);
}

async function countRows(server: TestServer, table: 'matches' | 'stage_entrants', tournamentId: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('tournament_id', '=', tournamentId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('starting a stage writes in bulk (R7.19)', () => {
  it('writes the 511 matches and 512 entrants of a single elimination in a few INSERTs and seeds them with one UPDATE', async ({ server, tenant }) => {
    const id = await publishedWith(server, tenant, 512, 'SINGLE_ELIMINATION');
    const statements = await statementsOf(server, () => lifecycle(server, tenant, id, 'start'));

    expect(await countRows(server, 'matches', id)).toBe(511);
    const matchInserts = insertsInto(statements, 'matches');
    expect(matchInserts.reduce((sum, s) => sum + s.rows, 0)).toBe(511);
    expect(matchInserts.length).toBe(bulkStatements(511, matchInserts[0]!.columns));
    expect(matchInserts.length).toBeLessThanOrEqual(1);

    expect(await countRows(server, 'stage_entrants', id)).toBe(512);
    const entrantInserts = insertsInto(statements, 'stage_entrants');
    expect(entrantInserts.map((s) => s.rows)).toEqual([512]);

    expect(seedUpdates(statements)).toEqual([512]);
    // Nothing else writes matches or entrants row by row.
    expect(statements.filter((q) => /^insert into "?(matches|stage_entrants)"?/i.test(q.sql))).toHaveLength(matchInserts.length + entrantInserts.length);
    const seeds = await server.deps.db.selectFrom('participants').select(['seed', 'status']).where('tournament_id', '=', id).orderBy('seed').execute();
    expect(seeds.map((p) => p.seed)).toEqual(Array.from({ length: 512 }, (_, i) => i + 1));
    expect(new Set(seeds.map((p) => p.status))).toEqual(new Set(['ACTIVE']));
  });

  it('seeds 8,001 entrants with one UPDATE per 8,000 and writes a Swiss round 1 of 4,001 rows by the parameter budget', async ({ server, tenant }) => {
    // The API caps a tournament at 4,096 participants, so more than 8,000 entrants are written straight to the
    // database here; the start does not look at maxParticipants.
    const id = await publishedWith(server, tenant, 8001, 'SWISS', 4096);
    const statements = await statementsOf(server, () => lifecycle(server, tenant, id, 'start'));

    expect(seedUpdates(statements)).toEqual([8000, 1]);
    // Round 1: 4,000 boards and the bye.
    expect(await countRows(server, 'matches', id)).toBe(4001);
    const matchInserts = insertsInto(statements, 'matches');
    expect(matchInserts.reduce((sum, s) => sum + s.rows, 0)).toBe(4001);
    expect(matchInserts.length).toBe(bulkStatements(4001, matchInserts[0]!.columns));
    expect(matchInserts.length).toBeLessThanOrEqual(onPostgres ? 1 : 4);
    expect(insertsInto(statements, 'stage_entrants').map((s) => s.rows)).toEqual([8001]);
    const active = await server.deps.db
      .selectFrom('participants')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('seed').as('last')])
      .where('tournament_id', '=', id)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    expect([Number(active.count), Number(active.last)]).toEqual([8001, 8001]);
  });
});
