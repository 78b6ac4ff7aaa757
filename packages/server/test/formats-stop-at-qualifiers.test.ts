/**
 * A single elimination that stops once its qualifiers are known (`StageSettings.stopAtQualifiers`, R7.20), over HTTP:
 * an open qualifier of 16 whose 4 unbeaten go on to a 4-player playoff, and the plan checks at create, update and start.
 */
import { describe, expect } from 'vitest';
import { it, request, test } from './helpers/index';
import { betterSeedWins, createRaw, getData, playDecided, playEverything, seedOf, startWithStages, type Decide } from './formats-helpers';
import { allMatches, joinAll, openTournament } from './tournaments-helpers';

test.scoped({ playerCount: 16 });

const qualifier = { name: 'Open qualifier', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 4, stopAtQualifiers: true } };
const playoffs = { name: 'Playoffs', format: 'SINGLE_ELIMINATION' };

describe('a 16-player single elimination that stops at its 4 qualifiers, into a 4-player single elimination (R7.20)', () => {
  it('plays 12 matches, seeds the 4 unbeaten by seed into stage 2 as the last quarter-final is confirmed, and places all 16', async ({ server, tenant, players }) => {
    const { id, started, byParticipant, participantOf } = await startWithStages(server, tenant, players, [qualifier, playoffs]);
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    const seedOfId = new Map(players.map((u, i) => [participantOf.get(u.id)!, i + 1]));
    expect(started.stages.map((s: any) => s.status)).toEqual(['ONGOING', 'PENDING']);
    expect(started.stages[0].settings).toMatchObject({ advanceCount: 4, stopAtQualifiers: true });
    // Absent means false, and answers do not add it to a stage that did not set it.
    expect(started.stages[1].settings).not.toHaveProperty('stopAtQualifiers');

    const stage1 = await allMatches(server, id);
    expect(stage1).toHaveLength(12);
    expect([1, 2].map((r) => stage1.filter((m) => m.round === r).length)).toEqual([8, 4]);
    const quarterFinals = stage1.filter((m) => m.round === 2);
    expect(quarterFinals.every((m) => m.bracket === 'WINNERS' && m.next.winner === null && m.next.loser === null)).toBe(true);
    // The calendar does not call them the final: the stage has none.
    const ics = (await request(server, 'GET', '/calendar/export', { token: tenant.owner.accessToken, query: { tournamentId: id } })).text;
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).not.toMatch(/Final/);

    // Seed 16 beats seeds 1 and 8; otherwise the better seed wins.
    const decide: Decide = (m) => {
      const [a, b] = [seedOf(m, 0), seedOf(m, 1)];
      if (m.stageNumber === 1 && Math.max(a, b) === 16 && (Math.min(a, b) === 1 || Math.min(a, b) === 8)) {
        return a === 16 ? { winnerId: m.participants[0].participantId, scores: [2, 1] } : { winnerId: m.participants[1].participantId, scores: [1, 2] };
      }
      return betterSeedWins(m);
    };
    for (const m of stage1.filter((x) => x.round === 1)) await playDecided(server, m, byParticipant, decide(m));
    const ready = (await allMatches(server, id)).filter((m) => m.round === 2);
    expect(ready.every((m) => m.participants.every((s: any) => s.participantId !== null))).toBe(true);
    // The quarter-final of seed 16 first: the qualifiers are seeded by seed, not in the order they qualify.
    const order = [...ready].sort((a, b) => Number(b.participants.some((s: any) => s.participantId === p(16))) - Number(a.participants.some((s: any) => s.participantId === p(16))));
    for (const [i, m] of order.entries()) {
      await playDecided(server, m, byParticipant, decide(m));
      const stages = await getData(server, `/tournaments/${id}/stages`);
      const stage2 = (await allMatches(server, id)).filter((x) => x.stageNumber === 2);
      if (i < 3) {
        expect(stages.map((s: any) => s.status)).toEqual(['ONGOING', 'PENDING']);
        expect(stage2).toEqual([]);
      } else {
        expect(stages.map((s: any) => s.status)).toEqual(['COMPLETED', 'ONGOING']);
        // The 4 unbeaten (seeds 2, 3, 4 and 16) are stage seeds 1-4 in their seed order: 1 v 4 and 2 v 3.
        const semis = stage2.filter((x) => x.round === 1);
        expect(semis.map((x) => x.participants.map((s: any) => [seedOfId.get(s.participantId), s.seed]))).toEqual([
          [[2, 1], [16, 4]],
          [[3, 2], [4, 3]],
        ]);
        expect(stage2).toHaveLength(3);
      }
    }

    // Stage 1 is over: its 12 others are out with the places after the 4 the playoffs fill.
    const afterStage1 = await getData(server, `/tournaments/${id}/participants`);
    const status = new Map(afterStage1.map((x: any) => [x.id, [x.status, x.placementRange]]));
    for (const seed of [2, 3, 4, 16]) expect(status.get(p(seed))).toEqual(['ACTIVE', null]);
    for (const seed of [5, 6, 7, 8]) expect(status.get(p(seed))).toEqual(['ELIMINATED', '5-8']);
    for (const seed of [1, 9, 10, 11, 12, 13, 14, 15]) expect(status.get(p(seed))).toEqual(['ELIMINATED', '9-16']);

    await playEverything(server, id, byParticipant, decide);
    const done = await getData(server, `/tournaments/${id}`);
    expect(done.status).toBe('COMPLETED');
    expect((await allMatches(server, id)).filter((m) => m.stageNumber === 1)).toHaveLength(12);

    const bracket = await getData(server, `/tournaments/${id}/bracket`);
    const range = new Map(bracket.placements.map((x: any) => [x.participantId, x.placementRange]));
    expect(bracket.placements).toHaveLength(16);
    expect([2, 3, 4, 16].map((seed) => range.get(p(seed)))).toEqual(['1', '2', '3-4', '3-4']);
    for (const seed of [5, 6, 7, 8]) expect(range.get(p(seed))).toBe('5-8');
    for (const seed of [1, 9, 10, 11, 12, 13, 14, 15]) expect(range.get(p(seed))).toBe('9-16');
    const participants = await getData(server, `/tournaments/${id}/participants`);
    expect(participants.filter((x: any) => x.status === 'ACTIVE').map((x: any) => x.id)).toEqual([p(2)]);

    // The bracket read and the public page show the truncated tree: two rounds, the second of 4 matches.
    const rounds: any[] = bracket.stages[0].rounds;
    expect(rounds.map((r) => r.name)).toEqual(['Round of 16', 'Quarter-finals']);
    expect(bracket.stages[1].rounds.map((r: any) => r.name)).toEqual(['Semi-finals', 'Final']);
    expect(rounds.map((r) => [r.bracket, r.round, r.matches.length])).toEqual([
      ['WINNERS', 1, 8],
      ['WINNERS', 2, 4],
    ]);
    const page = await fetch(`${server.url.replace(/\/api\/v1$/, '')}/t/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h4>Quarter-finals</h4>');
    const shown = new Set([...html.matchAll(/data-match="([^"]+)"/g)].map((m) => m[1]));
    expect(shown).toEqual(new Set(bracket.stages.flatMap((s: any) => s.rounds.flatMap((r: any) => r.matches.map((m: any) => m.id)))));
  });
});

describe('where a single elimination may stop at its qualifiers (R7.20, R7.14)', () => {
  const refusedAt = async (res: { status: number; body: any }, path: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: any) => d.path)).toContain(path);
  };
  const field = 'body.stages[0].settings.stopAtQualifiers';

  it('refuses it at create and update on the last stage, another format, with play-offs or without a power of two below the entrants; a slot map ranks only its qualifiers', async ({ server, tenant }) => {
    await refusedAt(await createRaw(server, tenant, [{ ...qualifier, settings: { stopAtQualifiers: true } }]), field);
    await refusedAt(await createRaw(server, tenant, [{ ...qualifier, format: 'ROUND_ROBIN' }, playoffs]), field);
    await refusedAt(await createRaw(server, tenant, [{ ...qualifier, settings: { ...qualifier.settings, thirdPlaceMatch: true } }, playoffs]), field);
    await refusedAt(await createRaw(server, tenant, [{ ...qualifier, settings: { ...qualifier.settings, consolation: 'FULL' } }, playoffs]), field);
    await refusedAt(await createRaw(server, tenant, [{ ...qualifier, settings: { advanceCount: 6, stopAtQualifiers: true } }, playoffs]), field);
    await refusedAt(await createRaw(server, tenant, [{ ...qualifier, settings: { advanceCount: 4, stopAtQualifiers: 'yes' } }, playoffs]), field);
    // maxParticipants 16 can never be cut down to 16.
    await refusedAt(await createRaw(server, tenant, [{ ...qualifier, settings: { advanceCount: 16, stopAtQualifiers: true } }, playoffs]), field);
    // The next stage's slot map ranks only the qualifiers: the others are out before the stage's result is known.
    const beyond = await createRaw(server, tenant, [qualifier, { ...playoffs, settings: { slotMap: [{ rank: 1 }, { rank: 5 }, { rank: 2 }, { rank: 3 }] } }]);
    await refusedAt(beyond, 'body.stages[1].settings.slotMap[1].rank');
    expect(beyond.body.error.details.find((d: any) => d.path === 'body.stages[1].settings.slotMap[1].rank').message).toBe(
      'must be from 1 to 4, the qualifiers of the stage before (it stops at its qualifiers)',
    );
    const created = await createRaw(server, tenant, [qualifier, playoffs]);
    expect(created.status).toBe(201);
    const update = (body: object) => request(server, 'PUT', `/tournaments/${created.body.data.id}`, { token: tenant.owner.accessToken, body });
    await refusedAt(await update({ stages: [{ ...qualifier, settings: { advanceCount: 4, stopAtQualifiers: true, consolation: 'THIRD_PLACE' } }, playoffs] }), field);
    await refusedAt(await update({ maxParticipants: 4 }), field);
    // A DRAFT tournament: read as its owner.
    const kept = (await request(server, 'GET', `/tournaments/${created.body.data.id}`, { token: tenant.owner.accessToken })).body.data;
    expect(kept.maxParticipants).toBe(16);
    expect(kept.stages[0].settings).toMatchObject({ advanceCount: 4, stopAtQualifiers: true });
  });

  it('is 409 NOT_ENOUGH_PARTICIPANTS at the start when the players are not more than advanceCount, the tournament left unstarted', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 16, stages: [{ ...qualifier, settings: { advanceCount: 8, stopAtQualifiers: true } }, playoffs] });
    await joinAll(server, t.id, players.slice(0, 8));
    const res = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NOT_ENOUGH_PARTICIPANTS');
    expect(res.body.error.details.map((d: any) => d.path)).toEqual(['stages[0].settings.stopAtQualifiers']);
    expect((await getData(server, `/tournaments/${t.id}`)).status).toBe('REGISTRATION_OPEN');
    // One more player makes a bracket of 16 slots: one match, the 7 seeds given a bye qualify with its winner.
    await joinAll(server, t.id, players.slice(8, 9));
    const startedRes = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(startedRes.status).toBe(200);
    const matches = await allMatches(server, t.id);
    expect(matches.map((m) => [m.round, m.participants.map((s: any) => s.seed)])).toEqual([[1, [8, 9]]]);
  });
});

describe('a tournament that ends with a stage stopped at its qualifiers (R7.20, R7.15)', () => {
  it('places disqualified unbeaten after the unbeaten still in: never a disqualified champion', async ({ server, tenant, players }) => {
    // 3 players, 2 qualify: seed 1 has a bye (qualified without a match), seeds 2 and 3 play the one match.
    const cut = { name: 'Qualifier', format: 'SINGLE_ELIMINATION', settings: { advanceCount: 2, stopAtQualifiers: true } };
    const { id, participantOf } = await startWithStages(server, tenant, players.slice(0, 3), [cut, playoffs], { maxParticipants: 4 });
    const p = (seed: number) => participantOf.get(players[seed - 1]!.id)!;
    for (const seed of [1, 2]) {
      const res = await request(server, 'PATCH', `/tournaments/${id}/participants/${p(seed)}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
      expect(res.status, res.text).toBe(200);
    }
    // Seed 2's match is a walkover for seed 3; one qualifier is left, so the tournament ends with this stage.
    const t = await getData(server, `/tournaments/${id}`);
    expect(t.status).toBe('COMPLETED');
    expect(t.stages.map((s: any) => s.status)).toEqual(['COMPLETED', 'PENDING']);
    const participants = await getData(server, `/tournaments/${id}/participants`);
    const range = new Map(participants.map((x: any) => [x.id, x.placementRange]));
    expect([1, 2, 3].map((seed) => range.get(p(seed)))).toEqual(['2', '3', '1']);
    const completed = await server.deps.db.selectFrom('events').select('data').where('subject_id', '=', id).where('type', '=', 'tournament.completed').execute();
    expect(completed.map((e) => JSON.parse(e.data)).at(-1)).toMatchObject({ championId: p(3), championIds: [p(3)] });
  });
});
