import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registrationRace } from './concurrency-scenarios';
import { createTenant, createTestDatabase, expectStatus, onPostgres, registerUser, request, type ApiServer, type TestDatabase, type TestTenant } from './helpers/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { betterSeed, lifecycle, openTournament, playMatch, allMatches, createTournament } from './tournaments-helpers';

// Three server processes on one PostgreSQL database, requests spread over them: a whole tournament, a registration
// race, and webhooks delivered exactly once while one instance is killed (SIGKILL) and restarted. PostgreSQL only:
// the SQLite run has its two-process invariants in concurrency-processes.test.ts.

/** Every instance: dispatcher on, short attempt timeout and lease (a killed instance's claims come back in 6 s). */
const INSTANCE_ENV: NodeJS.ProcessEnv = {
  TOURNEY_WEBHOOK_DISPATCHER: 'on',
  TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS: 'on',
  TOURNEY_WEBHOOK_TIMEOUT: '5',
  TOURNEY_WEBHOOK_LEASE_MARGIN: '1',
  TOURNEY_WEBHOOK_RETRY_SCHEDULE: '1',
  TOURNEY_NOTIFICATION_SWEEP_INTERVAL: '1',
  TOURNEY_REGISTRATION_SCHEDULE_INTERVAL: '1',
};

let database: TestDatabase;
let servers: ServerProcess[] = [];

/** The id of each process's webhook dispatcher (lease owners are `<id>:<run>`), read from its start-up log. */
const dispatcherIds = new Map<string, ServerProcess>();

/** Starts an instance; its "webhook dispatcher started" line comes before "listening" (kept before later output). */
async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(database.location, { env: INSTANCE_ENV, timeoutMs: 180_000 });
  const id = /"dispatcherId":"([^"]+)","msg":"webhook dispatcher started"/.exec(server.output())?.[1];
  if (!id) throw new Error(`no dispatcher id in the start-up log:\n${server.output().slice(0, 2000)}`);
  dispatcherIds.set(id, server);
  return server;
}

beforeAll(async () => {
  if (!onPostgres) return;
  database = await createTestDatabase();
  servers = await Promise.all([start(), start(), start()]);
}, 240_000);

afterAll(async () => {
  if (!onPostgres) return;
  const codes = await Promise.all(servers.map((s) => s.close()));
  await database?.drop();
  expect(codes).toEqual(servers.map(() => 0));
}, 60_000);

/** The server that takes the i-th request: each in turn. */
const at = (i: number): ApiServer => servers[i % servers.length]!;

/** Runs `task(0..n-1)` with at most `width` at once. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) await task(next++);
  }));
}

/**
 * A webhook receiver that answers 200 unless its gate is closed: then it holds requests unanswered until the gate
 * opens. `answered` counts, per webhook-id, the 200s it actually sent; `abandoned` lists the held requests whose
 * sender hung up before they were answered (a killed instance).
 */
interface GatedReceiver {
  url: string;
  answered: Map<string, number>;
  held: Map<ServerResponse, string>;
  abandoned: string[];
  close(): void;
  open(): void;
  stop(): Promise<void>;
}

async function startGatedReceiver(): Promise<GatedReceiver> {
  const answered = new Map<string, number>();
  const held = new Map<ServerResponse, string>();
  const abandoned: string[] = [];
  let gateOpen = true;
  const answer = (res: ServerResponse, id: string) => {
    if (res.destroyed || res.socket?.destroyed) return;
    res.once('finish', () => answered.set(id, (answered.get(id) ?? 0) + 1));
    res.statusCode = 200;
    res.end();
  };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      const id = String(req.headers['webhook-id']);
      if (gateOpen) return answer(res, id);
      held.set(res, id);
      res.once('close', () => {
        if (held.delete(res)) abandoned.push(id);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    answered,
    held,
    abandoned,
    close: () => (gateOpen = false),
    open() {
      gateOpen = true;
      for (const [res, id] of [...held]) {
        held.delete(res);
        answer(res, id);
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe.skipIf(!onPostgres)('three server processes on one PostgreSQL database', () => {
  it('play a 64-player double elimination to COMPLETED, requests spread over the three', async () => {
    const tenant = await createTenant(at(0));
    const t = await openTournament(at(1), tenant, {
      maxParticipants: 64,
      stages: [{ name: 'Bracket', format: 'DOUBLE_ELIMINATION', settings: { grandFinal: 'double' } }],
    });
    const players = await Promise.all(Array.from({ length: 64 }, (_, i) => registerUser(at(i))));
    const byParticipant = new Map<string, (typeof players)[number]>();
    await Promise.all(
      players.map(async (p, i) => {
        const res = await request(at(i), 'POST', `/tournaments/${t.id}/participate`, { token: p.accessToken });
        expectStatus(res, 201, 'participate');
        byParticipant.set(res.body.data.id, p);
      }),
    );
    await lifecycle(at(2), tenant, t.id, 'start');
    let played = 0;
    for (let pass = 0; ; pass++) {
      const ready = (await allMatches(at(pass), t.id)).filter(
        (m) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId,
      );
      if (ready.length === 0) break;
      // Every ready match at once, each on another process.
      await Promise.all(ready.map((m, i) => playMatch(at(i + pass), m, byParticipant, { winner: betterSeed(m) })));
      played += ready.length;
    }
    // 63 in the winners' bracket, 62 in the losers', the grand final (the better seed wins it: no reset).
    expect(played).toBe(126);
    for (const server of servers) {
      const res = await request(server, 'GET', `/tournaments/${t.id}`);
      expect(res.body.data.status).toBe('COMPLETED');
    }
  }, 240_000);

  it('register 100 users at once for a tournament of 32: exactly 32 accepted, 68 are 409 TOURNAMENT_FULL', async () => {
    await registrationRace(servers, 100, 32);
  }, 180_000);

  it('deliver 500 webhook events exactly once each while one instance is killed (SIGKILL) and restarted', async () => {
    const receiver = await startGatedReceiver();
    const db = new pg.Client({ connectionString: database.location });
    db.on('error', () => undefined); // the database is dropped after the run
    await db.connect();
    try {
      const tenant: TestTenant = await createTenant(at(0));
      const sub = await request(at(1), 'POST', '/developer/webhooks', { apiKey: tenant.apiKey.key, body: { url: receiver.url, events: ['tournament.published'] } });
      expectStatus(sub, 201, 'subscribe');

      // Producer: 500 tournaments created and published, each on a live instance; the victim is taken out of the
      // rotation (and its requests in flight awaited) before it is killed, so every publish is acknowledged once.
      const alive = new Set(servers);
      const inFlight = new Map<ServerProcess, Set<Promise<unknown>>>(servers.map((s) => [s, new Set()]));
      const on = <T>(i: number, call: (server: ServerProcess) => Promise<T>): Promise<T> => {
        const live = [...alive];
        const server = live[i % live.length]!;
        const pending = call(server);
        inFlight.get(server)!.add(pending);
        void pending.finally(() => inFlight.get(server)!.delete(pending)).catch(() => undefined);
        return pending;
      };
      const published: string[] = [];
      const producing = pool(500, 12, async (i) => {
        const created = await on(i, (s) => createTournament(s, tenant, { name: `Cup ${i}` }));
        await on(i + 1, (s) => lifecycle(s, tenant, created.id, 'publish'));
        published.push(created.id);
      });

      // Mid-run: hold the receiver's answers, so that no answer is in the window between the receiver's 200 and the
      // sender's commit when the victim dies (a 200 there would be sent again: at-least-once, by design).
      await vi.waitFor(() => expect(receiver.answered.size).toBeGreaterThanOrEqual(50), { timeout: 60_000, interval: 20 });
      receiver.close();
      await vi.waitFor(() => expect(receiver.held.size).toBeGreaterThanOrEqual(3), { timeout: 30_000, interval: 20 });
      // Every answered delivery is recorded by its sender (the gate is closed, so this settles).
      await vi.waitFor(
        async () => {
          const { rows } = await db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_id = ANY($1) AND status <> 'SUCCEEDED'`, [[...receiver.answered.keys()]]);
          expect(rows[0].n).toBe(0);
        },
        { timeout: 30_000, interval: 50 },
      );
      // The victim: the instance holding the most of the requests held right now.
      const heldIds = [...receiver.held.values()];
      const { rows: owners } = await db.query(`SELECT event_id, lease_owner FROM webhook_deliveries WHERE event_id = ANY($1)`, [heldIds]);
      const counts = new Map<string, number>();
      for (const row of owners) if (row.lease_owner) counts.set(row.lease_owner.split(':')[0], (counts.get(row.lease_owner.split(':')[0]) ?? 0) + 1);
      const [victimDispatcher] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
      const victim = dispatcherIds.get(victimDispatcher)!;
      expect(victim).toBeDefined();
      const victimHeld = owners.filter((r) => r.lease_owner?.startsWith(`${victimDispatcher}:`)).map((r) => r.event_id as string);
      alive.delete(victim);
      await Promise.allSettled([...inFlight.get(victim)!]);
      expect(await victim.kill('SIGKILL')).toBe('SIGKILL');
      // Its held requests are hung up by the kernel; once the receiver has seen that, the gate opens again.
      await vi.waitFor(() => expect(victimHeld.every((id) => receiver.abandoned.includes(id))).toBe(true), { timeout: 10_000, interval: 10 });
      receiver.open();

      // Restarted: a new process in its place, taking requests and deliveries again.
      const restarted = await start();
      servers[servers.indexOf(victim)] = restarted;
      inFlight.set(restarted, new Set());
      alive.add(restarted);
      await producing;
      expect(published).toHaveLength(500);

      // Every event reaches the receiver; the victim's claims are taken over once their lease (5 s + 1 s) expired.
      await vi.waitFor(
        async () => {
          const { rows } = await db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1 AND status = 'SUCCEEDED'`, [sub.body.data.id]);
          expect(rows[0].n).toBe(500);
        },
        { timeout: 90_000, interval: 200 },
      );
      const { rows: events } = await db.query(`SELECT id FROM events WHERE type = 'tournament.published' AND project_id = $1`, [tenant.project.id]);
      expect(events).toHaveLength(500);
      expect(new Set(receiver.answered.keys())).toEqual(new Set(events.map((e) => e.id)));
      expect([...receiver.answered.values()].filter((n) => n !== 1)).toEqual([]);
      // The victim's deliveries were really in flight when it died, and were delivered by another instance after.
      expect(victimHeld.length).toBeGreaterThan(0);
      for (const id of victimHeld) expect(receiver.answered.get(id)).toBe(1);
    } finally {
      await db.end();
      await receiver.stop();
    }
  }, 300_000);
});
