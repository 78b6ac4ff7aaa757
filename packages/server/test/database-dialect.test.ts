import { sql } from 'kysely';
import { describe, expect, vi } from 'vitest';
import { isUniqueViolation } from '../src/index';
import { newId } from '../src/ids';
import { ForeignKeyViolationError } from '../src/db/foreign-key-violation';
import { toApiError } from '../src/http/errors';
import { onPostgres, test, testDialect } from './helpers/index';
import { createTournament } from './tournaments-helpers';
import { countParticipants, findStageRows, findTournamentDetails, findTournamentRow } from '../src/services/tournaments/tournament-reader';
import { toStage } from '../src/services/tournaments/tournament-mapper';
import { PREPARED_MARK, reusableQuery } from '../src/db/compiled-query';

// The contract of DatabaseDialect (db/dialect.ts) that services rely on, on the run's dialect: values read back alike
// on SQLite and PostgreSQL, unique violations in portable form, row and key locks that make a second transaction wait.
const event = (type: string, createdAt = '2030-01-01T00:00:00.000Z') => ({
  id: newId(),
  project_id: `dialect-${type}`,
  type,
  subject_id: 'dialect-test',
  data: '{}',
  created_at: createdAt,
});

describe(`database dialect contract (${testDialect})`, () => {
  test('counts and sums are numbers; text sorts by code point (uppercase, then _, then lowercase)', async ({ server }) => {
    const db = server.deps.db;
    await db.insertInto('events').values(['b', 'B', 'a', '_'].map((type) => event(type))).execute();
    const totals = await db
      .selectFrom('events')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum(sql<number>`length(type)`).as('letters')])
      .where('subject_id', '=', 'dialect-test')
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ n: 4, letters: 4 });
    const sorted = await db.selectFrom('events').select('type').where('subject_id', '=', 'dialect-test').orderBy('type').execute();
    expect(sorted.map((r) => r.type)).toEqual(['B', '_', 'a', 'b']);
  });

  test('turns a foreign-key violation into ForeignKeyViolationError, which the API answers 409 CONFLICT to send again', async ({ server }) => {
    const db = server.deps.db;
    // A row naming a tournament and a user that do not exist (deleted by another request after this one checked).
    const write = db.insertInto('participant_members').values({ participant_id: newId(), tournament_id: newId(), user_id: newId() }).execute();
    const error = await write.then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ForeignKeyViolationError);
    expect(toApiError(error)).toMatchObject({ code: 'CONFLICT', status: 409, message: expect.stringContaining('send it again') });
  });

  test('UTC ISO 8601 instants compare as instants, also against a date', async ({ server }) => {
    const db = server.deps.db;
    const instants = ['2030-01-01T23:59:59.999Z', '2030-01-02T00:00:00.000Z', '2029-12-31T12:00:00.000Z'];
    await db.insertInto('events').values(instants.map((at, i) => ({ ...event(`instant-${i}`, at), subject_id: 'dialect-instants' }))).execute();
    const after = await db
      .selectFrom('events')
      .select('created_at')
      .where('subject_id', '=', 'dialect-instants')
      .where('created_at', '>=', '2030-01-01')
      .orderBy('created_at', 'desc')
      .execute();
    expect(after.map((r) => r.created_at)).toEqual(['2030-01-02T00:00:00.000Z', '2030-01-01T23:59:59.999Z']);
  });

  test('insertRows writes 20,000 rows in bulk, a column some rows lack as NULL, and reports unique violations', async ({ server }) => {
    const { db, dialect } = server.deps;
    // 20,000 rows x 6 columns: several statements on SQLite (32,766 parameters each), one on PostgreSQL.
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      ...event(`bulk-${i}`),
      project_id: 'dialect-bulk',
      subject_id: i % 2 === 0 ? `s-${i}` : null,
      data: `{"i":${i}}`,
    }));
    const { subject_id: _lacks, ...lacking } = { ...event('bulk-lacking'), project_id: 'dialect-bulk' };
    await db.transaction().execute((trx) => dialect.insertRows(trx, 'events', [...rows, lacking]));
    const read = await db.selectFrom('events').select(['id', 'type', 'subject_id', 'data']).where('project_id', '=', 'dialect-bulk').orderBy('id').execute();
    expect(read).toHaveLength(20_001);
    expect(read.slice(0, 4)).toEqual(rows.slice(0, 4).map((r) => ({ id: r.id, type: r.type, subject_id: r.subject_id, data: r.data })));
    expect(read[20_000]).toEqual({ id: lacking.id, type: 'bulk-lacking', subject_id: null, data: '{}' });
    await dialect.insertRows(db, 'events', []);
    const again = await dialect.insertRows(db, 'events', [rows[7]!]).catch((e: unknown) => e);
    expect(isUniqueViolation(again, 'events.id')).toBe(true);
  });

  test('a unique violation names its table and columns', async ({ server, owner }) => {
    const account = () => ({
      id: newId(),
      user_id: owner.id,
      platform: 'STEAM',
      account_id: '76561198000000000',
      account_key: '76561198000000000',
      display_name: 'dup',
      linked_at: '2030-01-01T00:00:00.000Z',
    });
    await server.deps.db.insertInto('gaming_accounts').values(account()).execute();
    const error = await server.deps.db.insertInto('gaming_accounts').values(account()).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'gaming_accounts.platform')).toBe(true);
    expect(isUniqueViolation(error, 'gaming_accounts.account_key') || isUniqueViolation(error, 'gaming_accounts.user_id')).toBe(true);
    expect(isUniqueViolation(error, 'users.email')).toBe(false);
  });

  test('lockRows and lockKey make a second transaction wait until the first one ends', async ({ server, tenant }) => {
    const { db, dialect } = server.deps;
    const t = await createTournament(server, tenant);
    const locks = [
      (trx: typeof db) => dialect.lockRows(trx, 'tournaments', [t.id]),
      (trx: typeof db) => dialect.lockKey(trx, `dialect-test:${t.id}`),
    ];
    for (const lock of locks) {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const firstLocked = new Promise<void>((resolve) => (locked = resolve));
      const first = db.transaction().execute(async (trx) => {
        await lock(trx);
        order.push('first locked');
        locked();
        await held;
        order.push('first ends');
      });
      await firstLocked;
      const second = db.transaction().execute(async (trx) => {
        await lock(trx);
        order.push('second locked');
      });
      try {
        if (onPostgres) {
          // The second transaction is waiting for a lock (bounded wait until PostgreSQL shows it; a row lock is a
          // wait on the first transaction's id, which names no database: look for sessions on this one).
          await vi.waitFor(
            async () => {
              const waiting = await sql<{ n: number }>`SELECT count(*) AS n FROM pg_locks WHERE NOT granted
                AND pid IN (SELECT pid FROM pg_stat_activity WHERE datname = current_database())`.execute(db);
              expect(waiting.rows[0]!.n).toBeGreaterThan(0);
            },
            { timeout: 5_000, interval: 20 },
          );
        }
        // SQLite: its one connection runs one transaction at a time, so the second cannot even begin yet.
        expect(order).toEqual(['first locked']);
      } finally {
        release();
        await Promise.allSettled([first, second]);
      }
      await Promise.all([first, second]);
      expect(order).toEqual(['first locked', 'first ends', 'second locked']);
    }
  });

  test('jsonArrayFrom reads a row and its children in one statement, values as plain SELECTs read them (R18.7)', async ({ server, tenant }) => {
    const { db, dialect } = server.deps;
    const t = await createTournament(server, tenant);
    const now = '2030-01-01T00:00:00.000Z';
    // A second stage inserted before the first in no particular order, and participants of three statuses.
    await db
      .insertInto('stages')
      .values({ id: newId(), tournament_id: t.id, number: 2, name: 'Finals "B"', format: 'SINGLE_ELIMINATION', status: 'PENDING', settings: '{"thirdPlaceMatch":true}', created_at: now, group_draw: null })
      .execute();
    const statuses = ['REGISTERED', 'REGISTERED', 'REGISTERED', 'CHECKED_IN', 'CHECKED_IN', 'WITHDRAWN'];
    await db
      .insertInto('participants')
      .values(statuses.map((status, i) => ({ id: newId(), tournament_id: t.id, user_id: null, name: `P${i}`, seed: null, status, team_name: null, registered_at: now, checked_in_at: null, final_placement: null, placement_range: null })))
      .execute();
    // One statement: every query of this handle, built or compiled, runs through its executor.
    const executed = vi.spyOn(db.getExecutor(), 'executeQuery');
    const details = await findTournamentDetails(db, dialect, t.id);
    expect(executed).toHaveBeenCalledTimes(1);
    executed.mockRestore();
    expect(details).toEqual({
      row: await findTournamentRow(db, t.id),
      stages: (await findStageRows(db, t.id)).map(toStage),
      counts: await countParticipants(db, t.id),
    });
    expect(details!.stages.map((stage) => stage.number)).toEqual([1, 2]);
    expect(details!.counts).toMatchObject({ registered: 3, checkedIn: 2, withdrawn: 1, active: 0 });
    expect(await findTournamentDetails(db, dialect, newId())).toBeUndefined();
  });
});

describe.skipIf(!onPostgres)('hot reads on PostgreSQL (R18.7)', () => {
  test('run as named prepared statements, parsed once per connection; other SQL stays unnamed', async ({ server, tenant }) => {
    const { db } = server.deps;
    const t = await createTournament(server, tenant);
    const byId = reusableQuery((handle) => handle.selectFrom('tournaments').select('name').where('id', '=', ''));
    const statements = await db.connection().execute(async (connection) => {
      expect(await byId(connection, [t.id])).toEqual([{ name: t.name }]);
      expect(await byId(connection, [t.id])).toEqual([{ name: t.name }]);
      await connection.selectFrom('tournaments').select('id').where('id', '=', t.id).execute();
      return (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(connection)).rows.map((r) => r.statement);
    });
    const text = PREPARED_MARK + db.selectFrom('tournaments').select('name').where('id', '=', '').compile().sql;
    expect(statements.filter((statement) => statement === text)).toHaveLength(1);
    // The plain Kysely query ran unnamed (the rate limiter's own named upsert may be listed too).
    expect(statements.filter((text) => text.includes('select "id" from "tournaments"'))).toEqual([]);
  });
});

