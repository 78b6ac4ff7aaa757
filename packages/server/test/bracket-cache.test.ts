import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it as plainIt } from 'vitest';
import { createTenant, createTestDatabase, registerPlayers, request, startTestServer, test, type ApiServer } from './helpers/index';
import { betterSeedWins, getData, playDecided, playEverything, startWithStages } from './formats-helpers';
import { act, scoresBody } from './matches-helpers';
import { joinAll, lifecycle, openTournament } from './tournaments-helpers';
import { BracketCache } from '../src/services/brackets/bracket-cache';
import { isShared } from '../src/services/shared-answer';
import type { Bracket } from '../src/contract-types';

// R18.17: a bracket is built once per change of its tournament and its answer encoded once, on both databases.
test.scoped({ playerCount: 4 });

/** A raw GET of the bracket: status, ETag and body bytes as sent (no transparent decompression). */
function rawBracket(server: ApiServer, id: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string; encoding: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}/tournaments/${id}/bracket`, { headers: { 'accept-encoding': 'identity', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ''), encoding: String(res.headers['content-encoding'] ?? ''), bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const matchesOf = (bracket: any): any[] => bracket.stages.flatMap((s: any) => s.rounds.flatMap((r: any) => r.matches));

describe('bracket answers built once per change (R18.17)', () => {
  test('answers the same bytes and ETag while nothing changes, and every change at once: a result, a reschedule, a disqualification, a correction', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }]);
    const first = await rawBracket(server, id);
    expect(first.status).toBe(200);
    const again = await rawBracket(server, id);
    expect(again.etag).toBe(first.etag);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect((await rawBracket(server, id, { 'if-none-match': first.etag })).status).toBe(304);

    // A result: report and confirm.
    const [semi1, semi2] = matchesOf(JSON.parse(first.bytes.toString()).data).filter((m) => m.round === 1);
    await playDecided(server, semi1, byParticipant, betterSeedWins(semi1));
    const played = await rawBracket(server, id, { 'if-none-match': first.etag });
    expect(played.status).toBe(200);
    expect(matchesOf(JSON.parse(played.bytes.toString()).data).find((m) => m.id === semi1.id).status).toBe('COMPLETED');

    // A reschedule.
    const at = '2031-05-06T07:08:00.000Z';
    const moved = await request(server, 'POST', `/matches/${semi2.id}/reschedule`, { token: tenant.owner.accessToken, body: { scheduledAt: at } });
    expect(moved.status, moved.text).toBe(200);
    const rescheduled = JSON.parse((await rawBracket(server, id)).bytes.toString()).data;
    expect(matchesOf(rescheduled).find((m) => m.id === semi2.id).scheduledAt).toBe(at);

    // A correction of the played semi-final: the other side now advances.
    const [a, b] = semi1.participants.map((s: any) => s.participantId as string);
    const winner = matchesOf(rescheduled).find((m) => m.id === semi1.id).winnerId as string;
    const winnerSlot = winner === a ? 1 : 0;
    const corrected = await act(server, semi1.id, 'correct', tenant.owner.accessToken, { ...scoresBody(a, b, winnerSlot === 0 ? 2 : 0, winnerSlot === 0 ? 0 : 2), reason: 'score sheet misread' });
    expect(corrected.status, corrected.text).toBe(200);
    const afterCorrection = matchesOf((await getData(server, `/tournaments/${id}/bracket`)));
    expect(afterCorrection.find((m) => m.id === semi1.id).winnerId).toBe(winnerSlot === 0 ? a : b);

    // A disqualification: the other semi-final becomes a walkover.
    const out = semi2.participants[0].participantId as string;
    const dq = await request(server, 'PATCH', `/tournaments/${id}/participants/${out}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
    expect(dq.status, dq.text).toBe(200);
    const afterDq = matchesOf(await getData(server, `/tournaments/${id}/bracket`)).find((m) => m.id === semi2.id);
    expect(afterDq).toMatchObject({ status: 'COMPLETED', resultType: 'WALKOVER' });
    expect(afterDq.winnerId).not.toBe(out);
  });

  test('sends a kept bracket compressed as each client asks, the same bytes to every reader, and follows a change', async ({ server, tenant, players }) => {
    const { id, byParticipant } = await startWithStages(server, tenant, players, [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }]);
    const plain = await rawBracket(server, id);
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const decode = { gzip: gunzipSync, br: brotliDecompressSync } as const;
    for (const encoding of ['gzip', 'br'] as const) {
      const [first, second] = [await rawBracket(server, id, { 'accept-encoding': encoding }), await rawBracket(server, id, { 'accept-encoding': encoding })];
      expect([first.encoding, second.encoding]).toEqual([encoding, encoding]);
      expect(second.bytes.equals(first.bytes)).toBe(true);
      expect(decode[encoding](first.bytes).equals(plain.bytes)).toBe(true);
    }
    const semi = matchesOf(JSON.parse(plain.bytes.toString()).data).find((m) => m.round === 1);
    await playDecided(server, semi, byParticipant, betterSeedWins(semi));
    const changed = await rawBracket(server, id, { 'accept-encoding': 'gzip' });
    expect(matchesOf(JSON.parse(gunzipSync(changed.bytes).toString()).data).find((m) => m.id === semi.id).status).toBe('COMPLETED');
  });

  test('answers 409 before the start, then follows the tournament to COMPLETED with its placements', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 4, stages: [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }] });
    const { byParticipant } = await joinAll(server, t.id, players);
    expect((await rawBracket(server, t.id)).status).toBe(409);
    await lifecycle(server, tenant, t.id, 'start');
    const started = await rawBracket(server, t.id);
    expect(JSON.parse(started.bytes.toString()).data).toMatchObject({ status: 'ONGOING', placements: [] });
    await playEverything(server, t.id, byParticipant, betterSeedWins);
    const done = await getData(server, `/tournaments/${t.id}/bracket`);
    expect(done.status).toBe('COMPLETED');
    expect(done.placements).toHaveLength(4);
  });
});

describe('two servers on one database (R18.17)', () => {
  plainIt('a change made through one server is in the next bracket the other answers', async () => {
    const database = await createTestDatabase({ file: true });
    const a = await startTestServer({ ...database.options });
    const b = await startTestServer({ ...database.options });
    try {
      const tenant = await createTenant(a);
      const players = await registerPlayers(a, 4);
      const { id, byParticipant } = await startWithStages(a, tenant, players, [{ name: 'Bracket', format: 'SINGLE_ELIMINATION' }]);
      const before = await rawBracket(b, id);
      expect((await rawBracket(b, id)).etag).toBe(before.etag);
      const semi = matchesOf(JSON.parse(before.bytes.toString()).data).find((m) => m.round === 1);
      await playDecided(a, semi, byParticipant, betterSeedWins(semi));
      const after = await rawBracket(b, id, { 'if-none-match': before.etag });
      expect(after.status).toBe(200);
      expect(matchesOf(JSON.parse(after.bytes.toString()).data).find((m) => m.id === semi.id).status).toBe('COMPLETED');
    } finally {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
    }
  }, 60_000);
});

/** A bracket of one stage with `matches` matches and `standings` standings lines (only the counts matter here). */
function fakeBracket(matches: number, standings = 0): Bracket {
  return {
    tournamentId: 't',
    status: 'ONGOING',
    placements: [],
    stages: [{ stage: {} as never, rounds: [{ bracket: 'WINNERS', round: 1, name: 'Round 1', matches: Array.from({ length: matches }, () => ({}) as never) }], standings: Array.from({ length: standings }, () => ({}) as never) }],
  };
}

describe('BracketCache', () => {
  plainIt('answers a bracket only at the live stream number it was built at, frozen and shared', () => {
    const cache = new BracketCache(100);
    const kept = cache.keep('t1', 3, fakeBracket(2));
    expect(cache.get('t1', 3)).toBe(kept);
    expect(cache.get('t1', 4)).toBeUndefined();
    expect(cache.get('t2', 3)).toBeUndefined();
    expect(isShared(kept)).toBe(true);
    expect(Object.isFrozen(kept.stages[0]!.rounds[0]!.matches)).toBe(true);
    expect(() => (kept.stages as unknown[]).push({})).toThrow(TypeError);
  });

  plainIt('never replaces a later bracket by an earlier one, and a later one replaces an earlier one', () => {
    const cache = new BracketCache(100);
    const newer = cache.keep('t1', 5, fakeBracket(1));
    const older = fakeBracket(1);
    expect(cache.keep('t1', 4, older)).toBe(older);
    expect(cache.get('t1', 5)).toBe(newer);
    expect(cache.get('t1', 4)).toBeUndefined();
    const newest = cache.keep('t1', 6, fakeBracket(1));
    expect(cache.get('t1', 6)).toBe(newest);
  });

  plainIt('keeps at most its bound of matches and standings lines, the least recently read evicted first; 0 keeps nothing', () => {
    const cache = new BracketCache(30);
    cache.keep('a', 1, fakeBracket(9)); // 10 rows with the stage's own
    cache.keep('b', 1, fakeBracket(4, 5));
    expect(cache.get('a', 1)).toBeDefined();
    cache.keep('c', 1, fakeBracket(14)); // 15 rows: 'b' (least recently read) goes
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
    cache.keep('huge', 1, fakeBracket(40));
    expect(cache.get('huge', 1)).toBeUndefined();
    const off = new BracketCache(0);
    const bracket = fakeBracket(1);
    expect(off.keep('a', 1, bracket)).toBe(bracket);
    expect(off.get('a', 1)).toBeUndefined();
    expect(Object.isFrozen(bracket)).toBe(false);
  });
});
