import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBracket } from '@tourney/cli';
import { createTourneyClient, type Match, type TourneyClient } from '@tourney/sdk';
import { type StartedServer } from '@tourney/server';
import { startServerOnTestDatabase } from '../../packages/server/test/helpers/server';

// A two-stage tournament run end to end: created by an API key through the SDK, every match reported and
// confirmed by the players' own clients, then drawn by the CLI's bracket renderer from the real bracket.
let server: StartedServer;
let automation: TourneyClient;
const players: { name: string; client: TourneyClient }[] = [];

beforeAll(async () => {
  server = await startServerOnTestDatabase({ port: 0, logLevel: 'silent', validateResponses: true });
  const organizer = createTourneyClient({ baseUrl: server.url });
  const registered = await organizer.POST('/auth/register', {
    body: { username: 'multi_org', email: 'multi_org@example.test', password: 'a long enough password' },
  });
  organizer.setAccessToken(registered.data.accessToken);
  const org = await organizer.POST('/organizations', { body: { name: 'Multi League' } });
  const project = await organizer.POST('/organizations/{id}/projects', { params: { path: { id: org.data.id } }, body: { name: 'Main' } });
  const key = await organizer.POST('/developer/api-keys', {
    body: { name: 'automation', scopes: ['manage:tournaments', 'read:tournaments'], projectId: project.data.id },
  });
  automation = createTourneyClient({ baseUrl: server.url, apiKey: key.data.key });
  for (const name of ['Altair', 'Bellatrix', 'Capella', 'Deneb', 'Electra', 'Fomalhaut', 'Gienah', 'Hadar']) {
    const client = createTourneyClient({ baseUrl: server.url });
    const user = await client.POST('/auth/register', {
      body: { username: name.toLowerCase(), email: `${name.toLowerCase()}@example.test`, password: 'a long enough password', displayName: name },
    });
    client.setAccessToken(user.data.accessToken);
    players.push({ name, client });
  }
});
afterAll(async () => server?.close());

describe('groups into a single elimination, through the SDK and drawn by the CLI', () => {
  it('runs 2 groups of 4 into a 4-player bracket with a third-place match until COMPLETED', async () => {
    const created = await automation.POST('/tournaments', {
      body: {
        name: 'Two-stage Cup',
        disciplineId: 'chess',
        maxParticipants: 8,
        startDate: '2030-06-01T12:00:00Z',
        stages: [
          { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2, pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0 } },
          { name: 'Final four', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true } },
        ],
      },
    });
    const id = created.data.id;
    await automation.POST('/tournaments/{id}/publish', { params: { path: { id } } });
    await automation.POST('/tournaments/{id}/registration/open', { params: { path: { id } } });
    const clientOf = new Map<string, TourneyClient>();
    for (const p of players) {
      const joined = await p.client.POST('/tournaments/{id}/participate', { params: { path: { id } } });
      clientOf.set(joined.data.id, p.client);
    }
    const started = await automation.POST('/tournaments/{id}/start', { params: { path: { id } } });
    expect(started.data.stages.map((s) => s.status)).toEqual(['ONGOING', 'PENDING']);

    // Play until nothing is playable: the better stage seed wins 2-0, except that group matches between the two
    // lowest seeds of a group are drawn.
    let played = 0;
    for (let pass = 0; pass < 20; pass++) {
      const matches: Match[] = [];
      for await (const m of automation.paginate('/tournaments/{id}/schedule', { params: { path: { id } } })) matches.push(m);
      const ready = matches.filter((m) => m.status === 'SCHEDULED' && m.participants[0]?.participantId && m.participants[1]?.participantId);
      if (ready.length === 0) break;
      for (const m of ready) {
        const [a, b] = m.participants as unknown as [{ participantId: string; seed: number }, { participantId: string; seed: number }];
        const draw = m.bracket === 'GROUP' && a.seed >= 3 && b.seed >= 3;
        const aWins = a.seed < b.seed;
        await clientOf.get(a.participantId)!.POST('/matches/{id}/report', {
          params: { path: { id: m.id } },
          body: draw
            ? { scores: [{ participantId: a.participantId, score: 1 }, { participantId: b.participantId, score: 1 }] }
            : {
                winnerId: aWins ? a.participantId : b.participantId,
                scores: [
                  { participantId: a.participantId, score: aWins ? 2 : 0 },
                  { participantId: b.participantId, score: aWins ? 0 : 2 },
                ],
              },
        });
        const confirmed = await clientOf.get(b.participantId)!.POST('/matches/{id}/confirm', { params: { path: { id: m.id } } });
        expect(confirmed.data.isDraw).toBe(draw);
        played += 1;
      }
    }
    expect(played).toBe(12 + 4); // 2 x 6 group matches, then 2 semi-finals, the final and the third-place match

    const done = await automation.GET('/tournaments/{id}', { params: { path: { id } } });
    expect(done.data.status).toBe('COMPLETED');
    const bracket = await automation.GET('/tournaments/{id}/bracket', { params: { path: { id } } });
    const groups = bracket.data.stages[0]!;
    expect(groups.standings).toHaveLength(8);
    expect(groups.standings.filter((r) => r.draws === 1).every((r) => r.points === 0.5)).toBe(true);
    expect(bracket.data.placements.map((p) => p.placementRange)).toEqual(['1', '2', '3', '4', '5-6', '5-6', '7-8', '7-8']);
    expect(bracket.data.placements[0]!.name).toBe('Altair');

    const text = renderBracket(bracket.data, { width: 100 });
    expect(text).toContain('Stage 1: Groups (groups)');
    expect(text).toContain('Group A standings');
    expect(text).toContain('Group B standings');
    // +/- is the score difference; the group's tiebreak values (head to head, scores for) follow the points.
    expect(text).toMatch(/^ {2}1\. {2}Altair\s+3 3 0 0\s+\+6\s+3\s/m);
    expect(text).toMatch(/^ {2}2\. {2}Deneb\s+3 0 2 1\s+-2\s+1\s/m);
    expect(text).toContain('Stage 2: Final four (single elimination)');
    expect(text).toContain('Third place match');
    expect(text).toContain('Champion: Altair');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});
