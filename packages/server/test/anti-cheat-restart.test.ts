import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, ManualClock } from '../src/index';
import { createTestDatabase, onPostgres, startTestServer, type TestDatabase, type TestServer } from './helpers/index';
import { antiCheatTenant, artifact, enrolledUsers, presign, put, startSession, storedEvidence } from './anti-cheat-helpers';

describe('presigned URLs across a restart (TOURNEY_PRESIGN_SECRET)', () => {
  let dir: string;
  let database: TestDatabase;
  const clock = new ManualClock(new Date());
  // databasePath places the evidence (next to it) on PostgreSQL too, where the database itself is at databaseUrl.
  const start = (presignSecret?: string): Promise<TestServer> =>
    startTestServer({ ...database.options, databasePath: join(dir, 'tourney.db'), clock, presignSecret: presignSecret ?? null });
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tourney-restart-'));
    database = await createTestDatabase({ file: true });
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps URLs valid with a configured secret, refuses them (403) after a restart with a random one', async () => {
    let server = await start('configured-secret');
    const tenant = await antiCheatTenant(server);
    const [alice] = await enrolledUsers(server, tenant, 1);
    await startSession(server, tenant, [alice!], 'restart-1');
    const first = artifact('one');
    const second = artifact('two');
    const kept = await presign(server, tenant, 'restart-1', first);
    const lost = await presign(server, tenant, 'restart-1', second);
    await server.close();

    server = await start('configured-secret');
    try {
      const res = await put(server, kept.uploadUrl.replace(/^http:\/\/[^/]+\/api\/v1/, server.url), first);
      expect(res.status).toBe(200);
      if (onPostgres) {
        // Evidence lives in the database on PostgreSQL (R21.3), where any instance reads it.
        expect(await storedEvidence(server, kept.key)).toEqual(first);
      } else {
        // Evidence lives next to the database by default.
        expect(new Uint8Array(await readFile(join(dir, 'evidence', ...kept.key.split('/'))))).toEqual(first);
      }
    } finally {
      await server.close();
    }

    if (onPostgres) {
      // On PostgreSQL a secret is required: no server starts with a random one (R21.2).
      await expect(start()).rejects.toThrow(ConfigError);
      return;
    }
    server = await start();
    try {
      const res = await put(server, lost.uploadUrl.replace(/^http:\/\/[^/]+\/api\/v1/, server.url), second);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain('TOURNEY_PRESIGN_SECRET');
    } finally {
      await server.close();
    }
  });

  it.skipIf(onPostgres)('without a secret, signs with a new random one at each start: a URL of the previous start is refused (403)', async () => {
    let server = await start();
    const tenant = await antiCheatTenant(server);
    const [alice] = await enrolledUsers(server, tenant, 1);
    await startSession(server, tenant, [alice!], 'restart-2');
    const evidence = artifact('three');
    const signed = await presign(server, tenant, 'restart-2', evidence);
    await server.close();

    server = await start();
    try {
      const res = await put(server, signed.uploadUrl.replace(/^http:\/\/[^/]+\/api\/v1/, server.url), evidence);
      expect(res.status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
