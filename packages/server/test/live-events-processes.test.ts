import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestDatabase, registerUser, testDialect, type TestDatabase, type TestServer } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { subscribe } from './helpers/sse';
import { betterSeedWins, playDecided, startWithStages } from './formats-helpers';
import { allMatches } from './tournaments-helpers';

// Two server processes on one database (PostgreSQL in the PostgreSQL run): the live stream comes from the database,
// so subscribers of either process receive the same events, once each, in the same order (R28.2).
let database: TestDatabase;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ file: true });
  const options = { timeoutMs: 100_000, env: { TOURNEY_LIVE_POLL_INTERVAL: '50' } };
  servers = await Promise.all([startServerProcess(database.location, options), startServerProcess(database.location, options)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await database?.drop();
});

describe(`live events with two server processes on one ${testDialect === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  it('two subscribers on two processes receive every event once, in order; a reconnect with Last-Event-ID misses none', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const tenant = await createTenant(a);
    const players = [];
    for (let i = 0; i < 8; i++) players.push(await registerUser(a));
    const t = await startWithStages(a as unknown as TestServer, tenant, players, [{ name: 'Playoffs', format: 'DOUBLE_ELIMINATION' }]);
    const onA = await subscribe(a.url, t.id);
    const onB = await subscribe(b.url, t.id);
    const reconnecting = await subscribe(b.url, t.id);

    // Rounds are played with both processes writing at once: half of the ready matches through each.
    let played = 0;
    for (let pass = 0; pass < 30; pass++) {
      const ready = (await allMatches(a, t.id)).filter((m) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId);
      if (ready.length === 0) break;
      await Promise.all(ready.map((m, i) => playDecided((i % 2 ? b : a) as unknown as TestServer, m, t.byParticipant, betterSeedWins(m))));
      played += ready.length;
      if (pass === 1) reconnecting.close();
    }
    expect(played).toBeGreaterThanOrEqual(14);
    const done = (events: { data: any }[]) => events.some((e) => e.data.type === 'tournament.completed');
    await Promise.all([onA.until(done), onB.until(done)]);
    const lastSeen = reconnecting.events.at(-1)!.id!;
    const resumed = await subscribe(a.url, t.id, { 'Last-Event-ID': lastSeen });
    await resumed.until(done);
    for (const s of [onA, onB, resumed]) s.close();

    const seqs = onA.events.map((e) => Number(e.id));
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(onB.events).toEqual(onA.events);
    expect([...reconnecting.events, ...resumed.events]).toEqual(onA.events);
    expect(onA.events.filter((e) => e.data.type === 'match.completed')).toHaveLength(played);
    expect(onA.events.map((e) => e.data.type).slice(-2)).toEqual(['stage.completed', 'tournament.completed']);
  }, 90_000);
});
