import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/index';
import { postgresDialect } from '../src/db/postgres/postgres-dialect';
import { DatabaseStorage } from '../src/storage/index';
import { createTestDatabase, onPostgres, type TestDatabase } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { antiCheatTenant, artifact, enrolledUsers, presign, put, startSession, withKey } from './anti-cheat-helpers';

// R21.2, R21.3: on PostgreSQL evidence is kept in the database and upload URLs are signed with the shared secret, so
// an upload presigned by one server process is accepted by another, and any process reads the bytes back.
describe.skipIf(!onPostgres)('evidence shared by two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    servers = await Promise.all([startServerProcess(database.location, { timeoutMs: 60_000 }), startServerProcess(database.location, { timeoutMs: 60_000 })]);
  }, 130_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await database?.drop();
  });

  it('evidence presigned through one process is uploaded through the other and read back from the database by any', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const tenant = await antiCheatTenant(a);
    const [alice] = await enrolledUsers(a, tenant, 1);
    await startSession(b, tenant, [alice!], 'shared-1');
    const bytes = artifact('shared', 4096);
    const presigned = await presign(a, tenant, 'shared-1', bytes);
    const uploadUrl = presigned.uploadUrl.replace(a.url, b.url);
    expect(uploadUrl.startsWith(b.url)).toBe(true);
    const res = await put(b, uploadUrl, bytes);
    expect(res.status, res.text).toBe(200);
    const session = await withKey(a, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/shared-1');
    expect(session.body.data.evidenceCount).toBe(1);

    // A third reader on the same database (as a third process would) gets the same bytes and content type.
    const { db, close } = await postgresDialect({ poolSize: 1, statementTimeoutMs: 0 }).connect(database.location);
    try {
      const stored = await new DatabaseStorage(db, new ManualClock(new Date())).get(presigned.key);
      expect(stored).toEqual({ bytes, contentType: 'image/png' });
    } finally {
      await close();
    }
  });
});
