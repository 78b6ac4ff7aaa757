import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '@tourney/cli';
import { createTourneyClient, TourneyError, type Match, type StageFormat, type TourneyClient } from '@tourney/sdk';
import { type StartedServer } from '@tourney/server';
import { startServerOnTestDatabase } from '../../packages/server/test/helpers/server';

// A circuit season over HTTP through the SDK: three tournaments of different formats are played to COMPLETED by
// their players, classified (one with pointMultiplier 1.5), and the standings must equal totals computed here from
// the tournaments' own final placements and match results, independently of the server's scoring code.
let server: StartedServer;
let organizer: TourneyClient;
let anonymous: TourneyClient;
let apiKey: string;
const configDir = mkdtempSync(join(tmpdir(), 'tourney-circuit-e2e-'));
const players: { id: string; client: TourneyClient }[] = [];
const password = 'a long enough password';

/** Season scoring: whole places; a shared "3-4" is scored at place 3 (50 each). */
const PLACES: Record<number, number> = { 1: 100, 2: 70, 3: 50, 4: 30 };
const SCORING = { strategy: 'PLACEMENT' as const, placements: { '1': 100, '2': 70, '3': 50, '4': 30 } };

beforeAll(async () => {
  server = await startServerOnTestDatabase({ port: 0, logLevel: 'silent', validateResponses: true });
  anonymous = createTourneyClient({ baseUrl: server.url });
  const register = async (username: string) => {
    const client = createTourneyClient({ baseUrl: server.url });
    const res = await client.POST('/auth/register', { body: { username, email: `${username}@example.test`, password, displayName: username } });
    client.setAccessToken(res.data.accessToken);
    return { id: res.data.user.id, client };
  };
  const owner = await register('circuit_org');
  const org = await owner.client.POST('/organizations', { body: { name: 'Circuit League' } });
  const project = await owner.client.POST('/organizations/{id}/projects', { params: { path: { id: org.data.id } }, body: { name: 'Tour' } });
  const key = await owner.client.POST('/developer/api-keys', {
    body: { name: 'tour', scopes: ['manage:tournaments', 'read:circuits', 'manage:circuits', 'read:analytics'], projectId: project.data.id },
  });
  apiKey = key.data.key;
  organizer = createTourneyClient({ baseUrl: server.url, apiKey });
  for (const name of ['ana', 'ben', 'cleo', 'dev']) players.push(await register(`circuit_${name}`));
});
afterAll(async () => {
  await server?.close();
  rmSync(configDir, { recursive: true, force: true });
});

/** Runs `tourney` with the project key against the server; returns the exit code and stdout. */
async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(['--base-url', server.url, '--api-key', apiKey, ...argv], {
    io: { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, isTTY: false, columns: 120 },
    env: { TOURNEY_CONFIG_DIR: configDir },
    homeDir: configDir,
  });
  return { code, stdout, stderr };
}

/** Every match of a tournament (all pages of the schedule). */
async function schedule(id: string): Promise<Match[]> {
  const out: Match[] = [];
  for await (const m of anonymous.paginate('/tournaments/{id}/schedule', { params: { path: { id } } })) out.push(m);
  return out;
}

/**
 * Creates a 4-player tournament of `format`, has the players join and play it to COMPLETED: in each match the
 * player earlier in `strength` wins 2-1, reported by the winner and confirmed by the loser.
 */
async function playTournament(name: string, format: StageFormat, strength: readonly number[], settings: Record<string, unknown> = {}, size = 4) {
  const t = await organizer.POST('/tournaments', {
    body: { name, disciplineId: 'chess', maxParticipants: 8, startDate: '2030-06-01T12:00:00Z', stages: [{ name: 'Main', format, settings }] },
  });
  const id = t.data.id;
  await organizer.POST('/tournaments/{id}/publish', { params: { path: { id } } });
  await organizer.POST('/tournaments/{id}/registration/open', { params: { path: { id } } });
  const playerOf = new Map<string, (typeof players)[number]>();
  for (const p of players.slice(0, size)) {
    const joined = await p.client.POST('/tournaments/{id}/participate', { params: { path: { id } }, body: {} });
    playerOf.set(joined.data.id, p);
  }
  await organizer.POST('/tournaments/{id}/start', { params: { path: { id } } });
  const rank = (pid: string) => strength.indexOf(players.indexOf(playerOf.get(pid)!));
  for (let pass = 0; pass < 50; pass++) {
    const ready = (await schedule(id)).filter((m) => m.status === 'SCHEDULED' && m.participants[0]?.participantId && m.participants[1]?.participantId);
    if (ready.length === 0) break;
    for (const m of ready) {
      const [a, b] = [m.participants[0]!.participantId!, m.participants[1]!.participantId!];
      const [winner, loser] = rank(a) < rank(b) ? [a, b] : [b, a];
      await playerOf.get(winner)!.client.POST('/matches/{id}/report', {
        params: { path: { id: m.id } },
        body: { winnerId: winner, scores: [{ participantId: winner, score: 2 }, { participantId: loser, score: 1 }] },
      });
      await playerOf.get(loser)!.client.POST('/matches/{id}/confirm', { params: { path: { id: m.id } } });
    }
  }
  const done = await anonymous.GET('/tournaments/{id}', { params: { path: { id } } });
  expect(done.data.status, `${format} tournament finished`).toBe('COMPLETED');
  return { id, playerOf };
}

/** What a tournament is worth to each user: placement points x multiplier (to the hundredth), wins, placement. */
async function expectedAwards(id: string, playerOf: Map<string, { id: string }>, multiplier: number) {
  const participants = await anonymous.GET('/tournaments/{id}/participants', { params: { path: { id }, query: { limit: 100 } } });
  const wins = new Map<string, number>();
  for (const m of await schedule(id)) {
    if (m.winnerId && (m.resultType === 'NORMAL' || m.resultType === 'WALKOVER')) wins.set(m.winnerId, (wins.get(m.winnerId) ?? 0) + 1);
  }
  return participants.data.map((p) => ({
    userId: playerOf.get(p.id)!.id,
    placement: p.finalPlacement!,
    points: Math.round((PLACES[p.finalPlacement!] ?? 0) * multiplier * 100) / 100,
    wins: wins.get(p.id) ?? 0,
  }));
}

describe('a circuit season of three tournaments of different formats', () => {
  it('classifies them, ranks the standings as computed independently, refuses a second classify and freezes at the end', async () => {
    const circuit = await organizer.POST('/circuits', { body: { name: 'Grand Tour', disciplineId: 'chess' } });
    const cid = circuit.data.id;
    const season = await organizer.POST('/circuits/{id}/seasons', {
      params: { path: { id: cid } },
      body: { name: '2030', startDate: '2030-01-01', endDate: '2030-12-31', scoring: SCORING },
    });
    expect((await organizer.POST('/circuits/{id}/start', { params: { path: { id: cid } } })).data.status).toBe('ACTIVE');

    const plan = [
      { name: 'Opening (single elimination)', format: 'SINGLE_ELIMINATION' as const, strength: [0, 1, 2, 3], multiplier: 1 },
      { name: 'Major (round robin)', format: 'ROUND_ROBIN' as const, strength: [2, 0, 3, 1], multiplier: 1.5 },
      { name: 'Finals (double elimination)', format: 'DOUBLE_ELIMINATION' as const, strength: [1, 3, 0, 2], multiplier: 1 },
    ];
    const totals = new Map<string, { points: number; wins: number; played: number; best: number }>();
    for (const step of plan) {
      const { id, playerOf } = await playTournament(step.name, step.format, step.strength);
      const body = step.multiplier === 1 ? undefined : { pointMultiplier: step.multiplier };
      const classified = await organizer.POST('/circuits/{id}/tournaments/{tid}/classify', { params: { path: { id: cid, tid: id } }, body });
      const expected = await expectedAwards(id, playerOf, step.multiplier);
      expect(classified.data.awards.map((a) => [a.userId, a.placement, a.points, a.wins]).sort()).toEqual(
        expected.map((e) => [e.userId, e.placement, e.points, e.wins]).sort(),
      );
      for (const e of expected) {
        const t = totals.get(e.userId) ?? { points: 0, wins: 0, played: 0, best: Infinity };
        totals.set(e.userId, { points: Math.round((t.points + e.points) * 100) / 100, wins: t.wins + e.wins, played: t.played + 1, best: Math.min(t.best, e.placement) });
      }
      const again = await organizer
        .POST('/circuits/{id}/tournaments/{tid}/classify', { params: { path: { id: cid, tid: id } }, body })
        .catch((e: unknown) => e);
      expect(again).toBeInstanceOf(TourneyError);
      expect((again as TourneyError).status).toBe(409);
    }

    // Rank by points, then wins, then best placement.
    const expectedOrder = [...totals.entries()].sort(([, a], [, b]) => b.points - a.points || b.wins - a.wins || a.best - b.best);
    const standings = await organizer.GET('/circuits/{id}/standings', { params: { path: { id: cid } } });
    expect(standings.data.map((s) => [s.userId, s.points, s.wins, s.tournamentsPlayed, s.bestPlacement])).toEqual(
      expectedOrder.map(([userId, t]) => [userId, t.points, t.wins, t.played, t.best]),
    );
    expect(standings.data.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
    expect(standings.data.every((s) => s.seasonId === season.data.id)).toBe(true);
    const listed = await organizer.GET('/circuits/{id}/tournaments', { params: { path: { id: cid } } });
    expect(listed.data.map((t) => t.pointMultiplier)).toEqual([1, 1.5, 1]);

    // Public pages, no credentials: the active circuit and its leaders, without the project.
    const active = await anonymous.GET('/circuits/public/active', { params: { query: { limit: 100 } } });
    expect(active.data.map((c) => c.id)).toContain(cid);
    const page = await anonymous.GET('/circuits/public/{id}', { params: { path: { id: cid } } });
    expect(page.data).not.toHaveProperty('projectId');
    expect(page.data.standings).toEqual(standings.data);

    // Completing the season freezes its standings: a further classification is 409, the lines stay the same.
    const completed = await organizer.POST('/circuits/{id}/complete', { params: { path: { id: cid } } });
    expect(completed.data.status).toBe('COMPLETED');
    const late = await playTournament('Late cup', 'SINGLE_ELIMINATION', [3, 2, 1, 0], {}, 2);
    const refused = await organizer
      .POST('/circuits/{id}/tournaments/{tid}/classify', { params: { path: { id: cid, tid: late.id } } })
      .catch((e: unknown) => e);
    expect((refused as TourneyError).status).toBe(409);
    expect((refused as TourneyError).code).toBe('INVALID_STATE');
    const frozen = await organizer.GET('/circuits/{id}/standings', { params: { path: { id: cid } } });
    expect(frozen.data).toEqual(standings.data);
    const finished = await anonymous.GET('/circuits/public/{id}', { params: { path: { id: cid } } });
    expect(finished.data.status).toBe('COMPLETED');
    expect(finished.data.standings).toEqual(standings.data);

    // The CLI shows the same standings.
    const fromCli = await cli('circuit', 'standings', cid, '--json');
    expect(fromCli.code, fromCli.stderr).toBe(0);
    expect(JSON.parse(fromCli.stdout)).toEqual(standings.data);

    const analytics = await organizer.GET('/circuits/{id}/analytics', { params: { path: { id: cid } } });
    expect(analytics.data).toMatchObject({ tournamentsClassified: 3, uniqueCompetitors: 4 });
    expect(analytics.data.totalPointsAwarded).toBe(Math.round([...totals.values()].reduce((s, t) => s + t.points * 100, 0)) / 100);
  });
});
