import { describe, expect } from 'vitest';
import { request, test } from './helpers/index';
import { playEverything, startWithStages } from './formats-helpers';
import { createTournament, joinAll, lifecycle, openTournament } from './tournaments-helpers';

test.scoped({ playerCount: 4 });
const it = test;

const pageOf = async (apiRoot: string, path: string) => {
  const res = await fetch(`${apiRoot.replace(/\/api\/v1$/, '')}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
};

describe('public pages over HTTP (R28.5)', () => {
  it('shows a round robin as a standings table with a column per tiebreak, and the placements', async ({ server, tenant, players }) => {
    const t = await startWithStages(server, tenant, players, [
      { name: 'League', format: 'ROUND_ROBIN', settings: { tiebreaks: ['HEAD_TO_HEAD', 'SCORE_DIFFERENCE'] } },
    ]);
    await playEverything(server, t.id, t.byParticipant);
    const page = await pageOf(server.url, `/t/${t.id}`);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(page.html).toMatch(/<th scope="col">Points<\/th><th scope="col">[^<]+<\/th><th scope="col">[^<]+<\/th>/);
    expect((page.html.match(/<tbody>.*?<\/tbody>/s)?.[0].match(/<tr>/g) ?? []).length).toBe(4);
    expect(page.html).toContain('<h2>Placements</h2>');
    expect(page.html).toContain('src="/assets/live.js"');
    const script = await pageOf(server.url, '/assets/live.js');
    expect(script.type).toMatch(/javascript/);
    expect(script.html).toContain('EventSource');
  });

  it('every tournament answer carries its public page URL, which serves the page once published', async ({ server, tenant }) => {
    const draft = await createTournament(server, tenant);
    const origin = server.url.replace(/\/api\/v1$/, '');
    expect(draft.publicUrl).toBe(`${origin}/t/${draft.id}`);
    const listed = await request(server, 'GET', '/tournaments', { token: tenant.owner.accessToken, query: { projectId: tenant.project.id } });
    expect(listed.body.data.every((t: any) => t.publicUrl === `${origin}/t/${t.id}`)).toBe(true);
    await request(server, 'POST', `/tournaments/${draft.id}/publish`, { token: tenant.owner.accessToken });
    expect((await fetch(draft.publicUrl)).status).toBe(200);
  });

  it("a player's own tournaments (listMyTournaments) carry the same public page URL as getTournament", async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant);
    await joinAll(server, t.id, [players[0]!]);
    const one = await request(server, 'GET', `/tournaments/${t.id}`, { token: tenant.owner.accessToken });
    expect(one.body.data.publicUrl).toBe(`${server.url.replace(/\/api\/v1$/, '')}/t/${t.id}`);
    const mine = await request(server, 'GET', '/users/me/tournaments', { token: players[0]!.accessToken });
    expect(mine.status, mine.text).toBe(200);
    const item = mine.body.data.find((m: any) => m.tournament.id === t.id);
    expect(item?.tournament.publicUrl).toBe(one.body.data.publicUrl);
  });

  it("a player's own matches (listMyMatches) carry their tournament's public page URL", async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 2 });
    await joinAll(server, t.id, players.slice(0, 2));
    await lifecycle(server, tenant, t.id, 'start');
    const mine = await request(server, 'GET', '/users/me/matches', { token: players[0]!.accessToken, query: { tournamentId: t.id } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].tournament.publicUrl).toBe(`${server.url.replace(/\/api\/v1$/, '')}/t/${t.id}`);
  });

  it('answers 404 for an unknown or DRAFT tournament, match or circuit', async ({ server, tenant }) => {
    const draft = await createTournament(server, tenant);
    for (const path of [`/t/${draft.id}`, `/t/${draft.id}/live`, '/m/0190f7a1-7c3e-7000-8000-000000000001', '/c/0190f7a1-7c3e-7000-8000-000000000001']) {
      const page = await pageOf(server.url, path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.type).toMatch(/text\/html/);
    }
  });
});
