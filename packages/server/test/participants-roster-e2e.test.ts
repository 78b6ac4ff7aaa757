/**
 * End to end over HTTP (R24.9): an organizer imports 24 players from CSV (half of them without accounts), draws the
 * seeds, previews the bracket, starts and plays round 1, reporting for the players without accounts; a player with an
 * account then finds her next match through GET /users/me/matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, createTournament, lifecycle, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const owner = () => tenant.owner.accessToken;

/** A seeded random number source in [0, 1), for a reproducible draw. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('an organizer runs a LAN cup from a CSV', () => {
  it('imports 24 players (12 without accounts), shuffles, previews, starts and plays round 1', async () => {
    const t = await createTournament(server, tenant, { name: 'LAN Cup', maxParticipants: 32 });
    const accounts = await registerPlayers(server, 12);
    const rows = [
      ...accounts.map((u) => `,${u.username}`),
      ...Array.from({ length: 12 }, (_, i) => `"Guest ${i + 1}",`),
    ];
    const imported = await request(server, 'POST', `/tournaments/${t.id}/participants/import`, {
      token: owner(),
      body: { csv: `name,username\n${rows.join('\n')}\n` },
    });
    expectStatus(imported, 201, 'import');
    expect(imported.body.data).toHaveLength(24);
    const userOf = new Map<string, TestUser>();
    for (const p of imported.body.data) {
      const user = accounts.find((u) => u.id === p.userId);
      if (user) userOf.set(p.id, user);
    }
    expect(userOf.size).toBe(12);

    server.deps.random = seededRandom(2030);
    let shuffledSeeds: any[];
    try {
      const shuffle = await request(server, 'POST', `/tournaments/${t.id}/participants/shuffle`, { token: owner() });
      expectStatus(shuffle, 200, 'shuffle');
      shuffledSeeds = shuffle.body.data;
    } finally {
      delete server.deps.random;
    }
    expect(shuffledSeeds.map((p) => p.seed)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    // A draw, not the import order.
    expect(shuffledSeeds.map((p) => p.id)).not.toEqual(imported.body.data.map((p: any) => p.id));

    const preview = await request(server, 'GET', `/tournaments/${t.id}/bracket/preview`, { token: owner() });
    expectStatus(preview, 200, 'preview');
    const pairsOf = (bracket: any) => bracket.stages[0].rounds[0].matches.map((m: any) => m.participants.map((s: any) => s.participantId));
    expect(pairsOf(preview.body.data)).toHaveLength(8);

    await lifecycle(server, tenant, t.id, 'publish');
    await lifecycle(server, tenant, t.id, 'start');
    const bracket = await request(server, 'GET', `/tournaments/${t.id}/bracket`);
    expect(pairsOf(bracket.body.data)).toEqual(pairsOf(preview.body.data));

    const round1 = (await allMatches(server, t.id)).filter((m) => m.round === 1 && m.bracket === 'WINNERS');
    expect(round1).toHaveLength(8);
    const kinds = new Set<string>();
    for (const m of round1) {
      const [a, b] = m.participants.map((s: any) => s.participantId) as [string, string];
      const winner = m.participants[0].seed < m.participants[1].seed ? a : b;
      const loser = winner === a ? b : a;
      const scores = [
        { participantId: winner, score: 2 },
        { participantId: loser, score: 0 },
      ];
      const players = [userOf.get(a), userOf.get(b)].filter((u): u is TestUser => u !== undefined);
      if (players.length === 0) {
        // Nobody of this match has an account: the organizer decides it.
        kinds.add('organizer');
        const res = await request(server, 'POST', `/matches/${m.id}/resolve`, { token: owner(), body: { winnerId: winner, scores, reason: 'reported at the desk' } });
        expectStatus(res, 200, 'resolve');
        expect(res.body.data.status).toBe('RESOLVED');
        continue;
      }
      // A player with an account reports; the other one confirms, or the organizer does for a guest.
      const reporter = players[0] as TestUser;
      const report = await request(server, 'POST', `/matches/${m.id}/report`, { token: reporter.accessToken, body: { winnerId: winner, scores } });
      expectStatus(report, 200, 'report');
      kinds.add(players.length === 2 ? 'players' : 'player and organizer');
      const confirmer = players.length === 2 ? (players[1] as TestUser).accessToken : owner();
      const confirm = await request(server, 'POST', `/matches/${m.id}/confirm`, { token: confirmer });
      expectStatus(confirm, 200, 'confirm');
      expect(confirm.body.data.winnerId).toBe(winner);
    }
    expect([...kinds].sort()).toEqual(['organizer', 'player and organizer', 'players']);
    const round2 = (await allMatches(server, t.id)).filter((m) => m.round === 2 && m.bracket === 'WINNERS');
    expect(round2).toHaveLength(8);
    expect(round2.every((m) => m.participants.every((s: any) => s.participantId !== null))).toBe(true);

    // A player with an account finds her next match: her participant by user id, then her SCHEDULED matches.
    const inRound2 = round2.flatMap((m) => m.participants.map((s: any) => s.participantId)).find((pid: string) => userOf.has(pid)) as string;
    const her = userOf.get(inRound2) as TestUser;
    const list = await request(server, 'GET', `/tournaments/${t.id}/participants`, { query: { limit: 100 } });
    const mine = list.body.data.find((p: any) => p.userId === her.id);
    const next = await request(server, 'GET', `/tournaments/${t.id}/schedule`, { token: her.accessToken, query: { participantId: mine.id, status: 'SCHEDULED' } });
    expect(next.body.data.map((m: any) => m.round)).toEqual([2]);

    // ... and across her tournaments, without knowing any id: GET /users/me/matches puts it first (R26.4).
    const myMatches = await request(server, 'GET', '/users/me/matches', { token: her.accessToken });
    expectStatus(myMatches, 200, 'listMyMatches');
    const first = myMatches.body.data[0];
    expect([first.tournament.id, first.participantId, first.ready, first.match.round]).toEqual([t.id, mine.id, true, 2]);
  });
});
