import { describe, expect } from 'vitest';
import { expectStatus, it, request, test } from './helpers/index';
import { getData, playDecided } from './formats-helpers';
import { allMatches, joinAll, lifecycle, openTournament } from './tournaments-helpers';
import { WORLD_CUP_GROUP_RESULTS, WORLD_CUP_GROUPS, WORLD_CUP_KNOCKOUT_RESULTS, WORLD_CUP_ROUND_OF_16, type Result } from './draw-world-cup-data';

test.scoped({ playerCount: 32 });

const GROUP_NAMES = WORLD_CUP_GROUPS.map(([name]) => name);
/** The group stage kicks off on its own start; each match of a matchday three hours after the one before (R25.6, R25.7). */
const GROUPS_START = '2030-06-11T10:00:00.000Z';
/** The knockout starts on its own date, not at the instant the group stage completes (R25.6). */
const KNOCKOUT_START = '2030-06-28T14:00:00.000Z';
const STAGES = [
  {
    name: 'Group stage',
    format: 'GROUPS',
    settings: {
      groupCount: 8,
      groupNames: GROUP_NAMES,
      tiebreaks: ['POINTS', 'SCORE_DIFFERENCE', 'SCORES_FOR', 'HEAD_TO_HEAD'],
      startsAt: GROUPS_START,
      roundIntervalMinutes: 4 * 24 * 60,
      matchIntervalMinutes: 180,
    },
  },
  {
    name: 'Knockout',
    format: 'SINGLE_ELIMINATION',
    settings: { thirdPlaceMatch: true, slotMapPreset: 'CROSS_GROUPS', startsAt: KNOCKOUT_START, roundIntervalMinutes: 4 * 24 * 60 },
  },
];

/**
 * Plays `match` as `result` says (the result names the teams in either order): the players report and confirm the
 * score, with the penalty shoot-out as a decider when the score is level after extra time in the knockout (R25.4).
 */
async function playResult(server: any, match: any, result: Result, teamOf: Map<string, string>, byParticipant: Map<string, any>): Promise<any> {
  const [home, homeGoals, awayGoals, away, penalties] = result;
  const [a, b] = match.participants.map((s: any) => s.participantId as string);
  const homeFirst = teamOf.get(a) === home;
  const scores: [number, number] = homeFirst ? [homeGoals, awayGoals] : [awayGoals, homeGoals];
  expect([teamOf.get(a), teamOf.get(b)].sort()).toEqual([home, away].sort());
  if (!penalties) {
    const winnerId = scores[0] === scores[1] ? undefined : scores[0] > scores[1] ? a : b;
    return playDecided(server, match, byParticipant, { winnerId, scores });
  }
  const shootOut: [number, number] = homeFirst ? [penalties[0], penalties[1]] : [penalties[1], penalties[0]];
  const decider = { kind: 'PENALTIES', scores: shootOut };
  const body = { scores: [{ participantId: a, score: scores[0] }, { participantId: b, score: scores[1] }], decider };
  expectStatus(await request(server, 'POST', `/matches/${match.id}/report`, { token: byParticipant.get(a).accessToken, body }), 200, 'report');
  const confirm = await request(server, 'POST', `/matches/${match.id}/confirm`, { token: byParticipant.get(b).accessToken });
  expectStatus(confirm, 200, 'confirm');
  expect(confirm.body.data).toMatchObject({ status: 'COMPLETED', isDraw: false, winnerId: shootOut[0] > shootOut[1] ? a : b, decider });
  return confirm.body.data;
}

function findResult(results: readonly Result[], teams: readonly string[]): Result {
  const found = results.find(([h, , , a]) => teams.includes(h) && teams.includes(a));
  if (!found) throw new Error(`no result for ${teams.join(' v ')}`);
  return found;
}

describe('the 2022 World Cup as one tournament: explicit draw A-H, CROSS_GROUPS knockout (R23.1 to R23.4), kick-offs and penalties (R25.4, R25.6, R25.7)', () => {
  it('plays 48 group matches and the knockout with the real pairings to COMPLETED with placements 1, 2, 3, 4, 5-8, 9-16', async ({ server, tenant, players }) => {
    const teams = WORLD_CUP_GROUPS.flatMap(([, list]) => list).sort();
    const t = await openTournament(server, tenant, { maxParticipants: 32, startDate: GROUPS_START, stages: STAGES });
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    const idOf = new Map<string, string>();
    const teamOf = new Map<string, string>();
    players.forEach((p, i) => {
      idOf.set(teams[i] as string, participantOf.get(p.id) as string);
      teamOf.set(participantOf.get(p.id) as string, teams[i] as string);
    });

    // The draw, set explicitly: group -> teams in drawn positions (registration order is alphabetical).
    const groups = WORLD_CUP_GROUPS.map(([, list]) => ({ participantIds: list.map((team) => idOf.get(team) as string) }));
    const drawn = await request(server, 'PUT', `/tournaments/${t.id}/stages/1/groups`, { token: tenant.owner.accessToken, body: { groups } });
    expectStatus(drawn, 200, 'setStageGroups');
    expect(drawn.body.data.drawn).toBe(true);
    expect(drawn.body.data.groups.map((g: any) => g.name)).toEqual(GROUP_NAMES);
    await lifecycle(server, tenant, t.id, 'start');

    const played = await getData(server, `/tournaments/${t.id}/stages/1/groups`);
    expect(played.groups.map((g: any) => [g.name, g.participantIds.map((id: string) => teamOf.get(id))])).toEqual(
      WORLD_CUP_GROUPS.map(([name, list]) => [name, [...list]]),
    );
    const groupMatches = await allMatches(server, t.id);
    expect(groupMatches).toHaveLength(48);
    // Every group match has a kick-off of its own: matchdays four days apart, matches three hours apart within one.
    const kickOffs = groupMatches.map((m) => m.scheduledAt as string);
    expect(new Set(kickOffs).size).toBe(48);
    expect(kickOffs.sort()[0]).toBe(GROUPS_START);
    expect(kickOffs.every((k) => (Date.parse(k) - Date.parse(GROUPS_START)) % (3 * 3600_000) === 0)).toBe(true);
    for (const m of groupMatches) {
      const [a, b] = m.participants.map((s: any) => teamOf.get(s.participantId) as string);
      const [, list] = WORLD_CUP_GROUPS.find(([name]) => name === m.groupName) as [string, readonly string[]];
      expect(list).toContain(a);
      expect(list).toContain(b);
    }
    for (const m of groupMatches) {
      const names = m.participants.map((s: any) => teamOf.get(s.participantId) as string);
      await playResult(server, m, findResult(WORLD_CUP_GROUP_RESULTS, names), teamOf, byParticipant);
    }

    // Group tables as in 2022, with the groups' names.
    const bracket = await getData(server, `/tournaments/${t.id}/bracket`);
    const winners = bracket.stages[0].standings.filter((r: any) => r.rank <= 2).map((r: any) => `${r.groupName}${r.rank} ${teamOf.get(r.participantId)}`);
    expect(winners.sort()).toEqual(
      [
        'A1 Netherlands', 'A2 Senegal', 'B1 England', 'B2 USA', 'C1 Argentina', 'C2 Poland', 'D1 France', 'D2 Australia',
        'E1 Japan', 'E2 Spain', 'F1 Morocco', 'F2 Croatia', 'G1 Brazil', 'G2 Switzerland', 'H1 Portugal', 'H2 Korea Republic',
      ].sort(),
    );

    // The round of 16 by the cross map: A1-B2, C1-D2, E1-F2, G1-H2 | B1-A2, D1-C2, F1-E2, H1-G2.
    const roundOf16 = async () =>
      (await allMatches(server, t.id))
        .filter((m) => m.stageNumber === 2 && m.round === 1 && m.bracket === 'WINNERS')
        .sort((x, y) => x.number - y.number);
    const pairs = (list: any[]) => list.map((m) => m.participants.map((s: any) => teamOf.get(s.participantId)));
    const first = await roundOf16();
    expect(pairs(first)).toEqual(WORLD_CUP_ROUND_OF_16.map((p) => [...p]));
    expect(first.every((m) => m.scheduledAt === KNOCKOUT_START)).toBe(true);

    // The organizer may edit the knockout's seeding before its first match (slot order), and put it back.
    const slots = first.flatMap((m) => m.participants.map((s: any) => s.participantId as string));
    const swapped = [slots[2], slots[1], slots[0], ...slots.slice(3)];
    const edit = (participantIds: string[]) =>
      request(server, 'PUT', `/tournaments/${t.id}/stages/2/seeding`, { token: tenant.owner.accessToken, body: { order: 'SLOT', participantIds } });
    expectStatus(await edit(swapped), 200, 'setStageSeeding');
    expect(pairs(await roundOf16())[0]).toEqual(['Argentina', 'USA']);
    expectStatus(await edit(slots), 200, 'setStageSeeding back');
    const knockout = await roundOf16();
    expect(pairs(knockout)).toEqual(WORLD_CUP_ROUND_OF_16.map((p) => [...p]));

    // Knockout: play everything playable round by round with the real results.
    let started = false;
    for (let pass = 0; pass < 10; pass++) {
      const ready = (await allMatches(server, t.id)).filter(
        (m) => m.stageNumber === 2 && m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId,
      );
      if (ready.length === 0) break;
      for (const m of ready) {
        const names = m.participants.map((s: any) => teamOf.get(s.participantId) as string);
        await playResult(server, m, findResult(WORLD_CUP_KNOCKOUT_RESULTS, names), teamOf, byParticipant);
        if (!started) {
          started = true;
          const late = await edit(slots);
          expectStatus(late, 409, 'setStageSeeding after the first match');
        }
      }
    }

    const done = await getData(server, `/tournaments/${t.id}`);
    expect(done.status).toBe('COMPLETED');
    // The final went to penalties: recorded as a decider, in the bracket and in the match's history (R25.4).
    const knockoutRounds = (await getData(server, `/tournaments/${t.id}/bracket`)).stages[1].rounds;
    const final = knockoutRounds.find((r: any) => r.name === 'Final').matches[0];
    const argentinaFirst = teamOf.get(final.participants[0].participantId) === 'Argentina';
    expect(final.participants.map((s: any) => s.score)).toEqual([3, 3]);
    expect(final.decider).toEqual({ kind: 'PENALTIES', scores: argentinaFirst ? [4, 2] : [2, 4] });
    expect(teamOf.get(final.winnerId)).toBe('Argentina');
    const history = (await getData(server, `/matches/${final.id}`)).history;
    expect(history.find((h: any) => h.type === 'CONFIRMED').data.decider).toEqual(final.decider);
    const participants = await getData(server, `/tournaments/${t.id}/participants?limit=100`);
    const ranges = new Map<string, string>(participants.map((p: any) => [teamOf.get(p.id) as string, p.placementRange as string]));
    expect(ranges.get('Argentina')).toBe('1');
    expect(ranges.get('France')).toBe('2');
    expect(ranges.get('Croatia')).toBe('3');
    expect(ranges.get('Morocco')).toBe('4');
    for (const team of ['Netherlands', 'Brazil', 'England', 'Portugal']) expect(ranges.get(team)).toBe('5-8');
    for (const team of ['USA', 'Australia', 'Japan', 'Korea Republic', 'Senegal', 'Poland', 'Spain', 'Switzerland']) expect(ranges.get(team)).toBe('9-16');
    expect([...ranges.values()].every((r) => r !== null && r !== undefined)).toBe(true);
  }, 180_000);
});
