import { describe, expect } from 'vitest';
import { openapiDocument } from '../src/index';
import { test } from './helpers/index';
import { getData } from './formats-helpers';
import { gamesBody, reportAndConfirm, schedule, sidesBySeed } from './series-helpers';
import { joinAll, lifecycle, openTournament } from './tournaments-helpers';

// The bracket's matches in their bracket form; the match resource keeps the rest (R5.15), over HTTP.
test.scoped({ playerCount: 4 });

/** The property names of the contract's BracketMatch, sorted. */
function bracketMatchFields(): string[] {
  const schemas = (openapiDocument as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } }).components.schemas;
  return Object.keys(schemas.BracketMatch!.properties).sort();
}

describe('the bracket lists each match in its bracket form', () => {
  test('every match has exactly the BracketMatch fields (sides, scores, status, next, best-of); getMatch has the maps, loser, times and history', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 4, stages: [{ name: 'Knockout', format: 'SINGLE_ELIMINATION', settings: { bestOf: 3 } }] });
    const { byParticipant } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const [first] = (await schedule(server, t.id, { round: 1 })).data;
    const sides = sidesBySeed(first);
    await reportAndConfirm(server, first, byParticipant, sides.winnerId, sides.loserId, gamesBody(first, sides.winnerId, [[13, 7], [9, 13], [13, 11]]));

    const bracket = await getData(server, `/tournaments/${t.id}/bracket`);
    const matches = bracket.stages[0].rounds.flatMap((r: any) => r.matches);
    expect(matches).toHaveLength(3);
    for (const m of matches) expect(Object.keys(m).sort()).toEqual(bracketMatchFields());
    const final = matches.find((m: any) => m.round === 2);
    const played = matches.find((m: any) => m.id === first.id);
    expect(played).toMatchObject({ bracket: 'WINNERS', round: 1, status: 'COMPLETED', bestOf: 3, winnerId: sides.winnerId, isDraw: false, decider: null });
    expect(played.participants.map((s: any) => [s.participantId, s.score])).toEqual(
      first.participants.map((s: any) => [s.participantId, s.participantId === sides.winnerId ? 2 : 1]),
    );
    expect(played.next.winner.matchId).toBe(final.id);
    expect(final.participants.map((s: any) => s.participantId)).toContain(sides.winnerId);

    const resource = await getData(server, `/matches/${first.id}`);
    expect(resource).toMatchObject({ tournamentId: t.id, stageNumber: 1, loserId: sides.loserId });
    expect(resource.games.map((g: any) => g.map)).toHaveLength(3);
    expect(resource.completedAt).not.toBeNull();
    expect(resource.history.length).toBeGreaterThan(0);
  });
});
