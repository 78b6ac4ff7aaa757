import { describe, expect } from 'vitest';
import { ManualClock } from '../src/index';
import { expectStatus, request, test } from './helpers/index';
import { getData } from './formats-helpers';
import { act } from './matches-helpers';
import { gamesBody, reportAndConfirm, schedule, sidesBySeed } from './series-helpers';
import { allMatches, joinAll, lifecycle, openTournament } from './tournaments-helpers';

// Best-of series, per-game scores, deciders and stage schedules (R25.1 to R25.9), over HTTP.
test.scoped({ serverOptions: { clock: new ManualClock('2030-05-01T00:00:00.000Z') }, playerCount: 8 });

const START = '2030-06-01T12:00:00.000Z';
const PLAYOFFS_AT = '2030-06-03T15:00:00.000Z';

describe('an 8-team esports cup: Bo1 groups, Bo3 playoffs, Bo5 final', () => {
  test('plays per-map scores through the series, refuses impossible series, corrects with maps, and schedules every stage from its own start', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, {
      startDate: START,
      stages: [
        { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2, qualifiersPerGroup: 2, bestOf: 1, roundIntervalMinutes: 180, matchIntervalMinutes: 45 } },
        { name: 'Playoffs', format: 'SINGLE_ELIMINATION', settings: { bestOf: 3, bestOfByRound: { '2': 5 }, startsAt: PLAYOFFS_AT, roundIntervalMinutes: 240 } },
      ],
    });
    const { byParticipant } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');

    // Kick-offs: round 1 of the groups at START, its 4 matches 45 minutes apart (group 1, then group 2); round 2 three hours later.
    const groups = await schedule(server, t.id, { stage: 1 });
    expect(groups.pagination.total).toBe(12);
    const round1 = groups.data.filter((m: any) => m.round === 1);
    expect(round1.map((m: any) => [m.groupNumber, m.scheduledAt])).toEqual([
      [1, '2030-06-01T12:00:00.000Z'],
      [1, '2030-06-01T12:45:00.000Z'],
      [2, '2030-06-01T13:30:00.000Z'],
      [2, '2030-06-01T14:15:00.000Z'],
    ]);
    expect(groups.data.find((m: any) => m.round === 2).scheduledAt).toBe('2030-06-01T15:00:00.000Z');
    // Filters by stage, group and round within the stage; lists carry no history, getMatch does.
    const group2 = await schedule(server, t.id, { stage: 1, groupNumber: 2 });
    expect(group2.pagination.total).toBe(6);
    expect(group2.data.every((m: any) => m.groupNumber === 2 && m.stageNumber === 1)).toBe(true);
    expect((await schedule(server, t.id, { stage: 1, round: 1, groupNumber: 1 })).data).toHaveLength(2);
    expect((await schedule(server, t.id, { stage: 2 })).pagination.total).toBe(0);
    expect(groups.data.every((m: any) => !('history' in m) && m.bestOf === 1 && m.games === null && m.decider === null)).toBe(true);
    expect((await getData(server, `/matches/${round1[0].id}`)).history).toEqual([]);
    const badStage = await request(server, 'GET', `/tournaments/${t.id}/schedule`, { query: { stage: 0 } });
    expect(badStage.status).toBe(400);
    expect(badStage.body.error.details[0].path).toBe('query.stage');

    // A per-match slot: one kick-off moved by the organizer.
    const moved = await act(server, round1[3].id, 'reschedule', tenant.owner.accessToken, { scheduledAt: '2030-06-01T18:30:00.000Z' });
    expectStatus(moved, 200, 'reschedule');

    // Groups, best-of-1: one map each, its score is the match score.
    for (const m of groups.data) {
      const { winnerId, loserId } = sidesBySeed(m);
      const done = await reportAndConfirm(server, m, byParticipant, winnerId, loserId, gamesBody(m, winnerId, [[13, 9]]));
      expect(done.participants.find((s: any) => s.participantId === winnerId).score).toBe(13);
      expect(done.games).toHaveLength(1);
      expect(done.games[0].map).toBe('Inferno');
    }
    // The playoffs were scheduled from their own start date, not the instant the groups completed.
    const playoffs = await schedule(server, t.id, { stage: 2 });
    expect(playoffs.data.map((m: any) => [m.round, m.bestOf, m.scheduledAt])).toEqual([
      [1, 3, PLAYOFFS_AT],
      [1, 3, PLAYOFFS_AT],
      [2, 5, '2030-06-03T19:00:00.000Z'],
    ]);
    // `round` counts within each stage: alone it gives round 1 of both stages, with `stage` that stage's round only.
    expect((await schedule(server, t.id, { round: 1 })).data.map((m: any) => m.stageNumber)).toEqual([1, 1, 1, 1, 2, 2]);
    const playoffRound1 = (await schedule(server, t.id, { stage: 2, round: 1 })).data;
    expect(playoffRound1.map((m: any) => [m.stageNumber, m.round])).toEqual([[2, 1], [2, 1]]);
    expect(playoffRound1.map((m: any) => m.id)).toEqual(playoffs.data.slice(0, 2).map((m: any) => m.id));
    // The participantId filter takes a user id (R26.5), with `stage` too: her semi-final only (the final has no sides yet).
    const semiPlayer = byParticipant.get(playoffs.data[0].participants[0].participantId)!;
    expect((await schedule(server, t.id, { stage: 2, participantId: semiPlayer.id })).data.map((m: any) => m.id)).toEqual([playoffs.data[0].id]);
    expect((await schedule(server, t.id, { stage: 1, participantId: semiPlayer.id })).pagination.total).toBe(3);

    // Semi-final 1, best-of-3: a 2-2 report is refused, as are games after the decision and a drawn map.
    const [semi1, semi2] = playoffs.data;
    const s1 = sidesBySeed(semi1);
    const token = byParticipant.get(s1.winnerId)!.accessToken;
    const twoAll = await act(server, semi1.id, 'report', token, {
      winnerId: s1.winnerId,
      scores: [
        { participantId: s1.winnerId, score: 2 },
        { participantId: s1.loserId, score: 2 },
      ],
    });
    expect(twoAll.status).toBe(400);
    expect(twoAll.body.error.details[0].path).toBe('body.scores');
    const fourMaps = await act(server, semi1.id, 'report', token, gamesBody(semi1, s1.winnerId, [[13, 9], [9, 13], [13, 5], [5, 13]]));
    expect(fourMaps.status).toBe(400);
    expect(fourMaps.body.error.details[0].path).toBe('body.games');
    const afterDecided = await act(server, semi1.id, 'report', token, gamesBody(semi1, s1.winnerId, [[13, 9], [13, 5], [9, 13]]));
    expect(afterDecided.status).toBe(400);
    expect(afterDecided.body.error.details[0].path).toBe('body.games[2]');
    const drawnMap = await act(server, semi1.id, 'report', token, gamesBody(semi1, s1.winnerId, [[13, 9], [12, 12], [13, 5]]));
    expect(drawnMap.body.error.details[0].path).toBe('body.games[1].scores');
    expect((await getData(server, `/matches/${semi1.id}`)).status).toBe('SCHEDULED');

    const semi1Done = await reportAndConfirm(server, semi1, byParticipant, s1.winnerId, s1.loserId, gamesBody(semi1, s1.winnerId, [[13, 9], [7, 13], [13, 11]]));
    expect(semi1Done.participants.find((s: any) => s.participantId === s1.winnerId).score).toBe(2);
    expect(semi1Done.participants.find((s: any) => s.participantId === s1.loserId).score).toBe(1);
    expect(semi1Done.games.map((g: any) => g.map)).toEqual(['Inferno', 'Nuke', 'Mirage']);
    expect(semi1Done.history.find((h: any) => h.type === 'REPORTED').data.games).toHaveLength(3);
    // Semi-final 2 reported as a series score without maps (2-0).
    const s2 = sidesBySeed(semi2);
    await reportAndConfirm(server, semi2, byParticipant, s2.winnerId, s2.loserId, {
      scores: [
        { participantId: s2.winnerId, score: 2 },
        { participantId: s2.loserId, score: 0 },
      ],
    });

    // The organizer corrects semi-final 2 with its maps (same winner): the games are stored and in the CORRECTED entry.
    const corrected = await act(server, semi2.id, 'correct', tenant.owner.accessToken, { ...gamesBody(semi2, s2.winnerId, [[13, 2], [13, 4]]), reason: 'maps added' });
    expectStatus(corrected, 200, 'correct');
    expect(corrected.body.data.match.games.map((g: any) => g.map)).toEqual(['Inferno', 'Nuke']);
    expect(corrected.body.data.match.history.at(-1)).toMatchObject({ type: 'CORRECTED', data: { result: { games: [{ map: 'Inferno' }, { map: 'Nuke' }] } } });

    // The best-of-5 final: 3-1 over four maps.
    const [final] = (await schedule(server, t.id, { stage: 2, round: 2 })).data;
    expect(final.bestOf).toBe(5);
    const f = sidesBySeed(final);
    const finalDone = await reportAndConfirm(server, final, byParticipant, f.winnerId, f.loserId, gamesBody(final, f.winnerId, [[16, 14], [10, 13], [13, 3], [13, 8]]));
    expect(finalDone.participants.find((s: any) => s.participantId === f.winnerId).score).toBe(3);
    expect((await getData(server, `/tournaments/${t.id}`)).status).toBe('COMPLETED');
    const bracket = await getData(server, `/tournaments/${t.id}/bracket`);
    const bracketFinal = bracket.stages[1].rounds.find((r: any) => r.round === 2).matches[0];
    // The bracket form: best-of and the series score; the maps and the history are on the match resource.
    expect(bracketFinal.bestOf).toBe(5);
    expect(bracketFinal.participants.map((s: any) => s.score).sort()).toEqual([1, 3]);
    expect('games' in bracketFinal || 'history' in bracketFinal).toBe(false);
    expect((await getData(server, `/matches/${bracketFinal.id}`)).games).toHaveLength(4);
    expect(bracket.placements[0].participantId).toBe(f.winnerId);
  });
});

describe('a knockout final decided on penalties', () => {
  test('records the shoot-out as a decider, refuses it on a decided score, and shows it in the bracket, history and events', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 4, startDate: START, stages: [{ name: 'Knockout', format: 'SINGLE_ELIMINATION' }] });
    const { byParticipant } = await joinAll(server, t.id, players.slice(0, 4));
    await lifecycle(server, tenant, t.id, 'start');
    for (const semi of (await allMatches(server, t.id)).filter((m) => m.round === 1)) {
      const { winnerId, loserId } = sidesBySeed(semi);
      await reportAndConfirm(server, semi, byParticipant, winnerId, loserId, {
        scores: [
          { participantId: winnerId, score: 1 },
          { participantId: loserId, score: 0 },
        ],
      });
    }
    const final = (await allMatches(server, t.id)).find((m) => m.round === 2)!;
    const [a, b] = final.participants.map((s: any) => s.participantId as string);
    const token = byParticipant.get(a)!.accessToken;
    const scores = (x: number, y: number) => [
      { participantId: a, score: x },
      { participantId: b, score: y },
    ];
    const notDrawn = await act(server, final.id, 'report', token, { scores: scores(2, 1), decider: { kind: 'PENALTIES', scores: [4, 2] } });
    expect(notDrawn.status).toBe(400);
    expect(notDrawn.body.error.details[0].path).toBe('body.decider');
    const drawnShootOut = await act(server, final.id, 'report', token, { scores: scores(3, 3), decider: { kind: 'PENALTIES', scores: [4, 4] } });
    expect(drawnShootOut.body.error.details[0].path).toBe('body.decider.scores');
    const wrongWinner = await act(server, final.id, 'report', token, { winnerId: b, scores: scores(3, 3), decider: { kind: 'PENALTIES', scores: [4, 2] } });
    expect(wrongWinner.body.error.details[0].path).toBe('body.winnerId');

    const done = await reportAndConfirm(server, final, byParticipant, a, b, { scores: scores(3, 3), decider: { kind: 'PENALTIES', scores: [4, 2] } });
    expect(done).toMatchObject({ status: 'COMPLETED', winnerId: a, loserId: b, isDraw: false, decider: { kind: 'PENALTIES', scores: [4, 2] } });
    expect(done.participants.map((s: any) => s.score)).toEqual([3, 3]);
    expect(done.history.find((h: any) => h.type === 'CONFIRMED').data.decider).toEqual({ kind: 'PENALTIES', scores: [4, 2] });
    const bracket = await getData(server, `/tournaments/${t.id}/bracket`);
    const inBracket = bracket.stages[0].rounds.find((r: any) => r.round === 2).matches[0];
    expect(inBracket.decider).toEqual({ kind: 'PENALTIES', scores: [4, 2] });
    expect(bracket.placements.slice(0, 2).map((p: any) => p.participantId)).toEqual([a, b]);
    const event = await server.deps.db.selectFrom('events').select('data').where('subject_id', '=', final.id).where('type', '=', 'match.completed').executeTakeFirstOrThrow();
    expect(JSON.parse(event.data)).toMatchObject({ winnerId: a, decider: { kind: 'PENALTIES', scores: [4, 2] } });
  });

  test('refuses a best-of that is not 1, 3, 5, 7 or 9 and a bestOfByRound key that is not a round number, naming the field', async ({ server, tenant }) => {
    const bad = await request(server, 'POST', '/tournaments', {
      token: tenant.owner.accessToken,
      body: { projectId: tenant.project.id, name: 'Bo2', disciplineId: 'cs2', maxParticipants: 8, startDate: START, stages: [{ name: 'Bracket', format: 'SINGLE_ELIMINATION', settings: { bestOf: 2 } }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('body.stages[0].settings.bestOf');
    const badRound = await request(server, 'POST', '/tournaments', {
      token: tenant.owner.accessToken,
      body: { projectId: tenant.project.id, name: 'Final', disciplineId: 'cs2', maxParticipants: 8, startDate: START, stages: [{ name: 'Bracket', format: 'SINGLE_ELIMINATION', settings: { bestOfByRound: { final: 5 } } }] },
    });
    expect(badRound.status).toBe(400);
    expect(badRound.body.error.details[0].path).toMatch(/^body\.stages\[0\]\.settings\.bestOfByRound/);
  });

  test('makes the grand final and its reset longer alone with a bracket key, the winners final with a bracket and round key', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, {
      startDate: START,
      stages: [
        {
          name: 'Bracket',
          format: 'DOUBLE_ELIMINATION',
          settings: { grandFinal: 'double', bestOf: 3, bestOfByRound: { GRAND_FINAL: 5, 'GRAND_FINAL:2': 7, 'WINNERS:3': 5 } },
        },
      ],
    });
    await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const bestOfs = new Map<string, Set<number>>();
    for (const m of await allMatches(server, t.id)) {
      const key = `${m.bracket} ${m.round}`;
      bestOfs.set(key, (bestOfs.get(key) ?? new Set()).add(m.bestOf));
    }
    expect(Object.fromEntries([...bestOfs].map(([k, v]) => [k, [...v]]))).toEqual({
      'WINNERS 1': [3],
      'WINNERS 2': [3],
      'WINNERS 3': [5],
      'LOSERS 1': [3],
      'LOSERS 2': [3],
      'LOSERS 3': [3],
      'LOSERS 4': [3],
      'GRAND_FINAL 1': [5],
      'GRAND_FINAL 2': [7],
    });
    const bracket = await getData(server, `/tournaments/${t.id}/bracket`);
    const final = bracket.stages[0].rounds.find((r: any) => r.bracket === 'GRAND_FINAL' && r.round === 1).matches[0];
    expect(final.bestOf).toBe(5);
  });
});

