/**
 * Tournament fixtures shared by the tournaments-*, participants-* and matches-* tests: create and open a
 * tournament, register players, and play every match through HTTP with the players' own tokens.
 */
import { expect } from 'vitest';
import { expectStatus, request, type ApiServer, type TestTenant, type TestUser } from './helpers/index';

export { registerPlayers } from './helpers/index';

/** A minimal valid TournamentCreate body (single elimination, 8 places, starts 2030-06-01 12:00 UTC). */
export function tournamentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Spring Cup',
    disciplineId: 'chess',
    maxParticipants: 8,
    startDate: '2030-06-01T12:00:00.000Z',
    stages: [{ name: 'Main bracket', format: 'SINGLE_ELIMINATION' }],
    ...overrides,
  };
}

/** Creates a DRAFT tournament as the tenant's owner (bearer + projectId); returns its API representation. */
export async function createTournament(server: ApiServer, tenant: TestTenant, overrides: Record<string, unknown> = {}): Promise<any> {
  const res = await request(server, 'POST', '/tournaments', {
    token: tenant.owner.accessToken,
    body: tournamentBody({ projectId: tenant.project.id, ...overrides }),
  });
  expectStatus(res, 201, 'createTournament');
  return res.body.data;
}

/** Runs one organizer lifecycle operation (`publish`, `registration/open`, `registration/close`, `start`). */
export async function lifecycle(server: ApiServer, tenant: TestTenant, id: string, op: string): Promise<any> {
  const res = await request(server, 'POST', `/tournaments/${id}/${op}`, { token: tenant.owner.accessToken });
  expectStatus(res, 200, `lifecycle ${op}`);
  return res.body.data;
}

/** Creates, publishes and opens registration of a tournament. */
export async function openTournament(server: ApiServer, tenant: TestTenant, overrides: Record<string, unknown> = {}): Promise<any> {
  const t = await createTournament(server, tenant, overrides);
  await lifecycle(server, tenant, t.id, 'publish');
  return lifecycle(server, tenant, t.id, 'registration/open');
}

/** Who plays in a tournament: the player of each participant id, and the participant id of each user id. */
export interface Roster {
  byParticipant: Map<string, TestUser>;
  participantOf: Map<string, string>;
}

/** Registers every player (solo) in order; returns player by participant id and participant id by user id. */
export async function joinAll(server: ApiServer, tournamentId: string, players: readonly TestUser[]): Promise<Roster> {
  const byParticipant = new Map<string, TestUser>();
  const participantOf = new Map<string, string>();
  for (const p of players) {
    const res = await request(server, 'POST', `/tournaments/${tournamentId}/participate`, { token: p.accessToken });
    expectStatus(res, 201, 'participate');
    byParticipant.set(res.body.data.id, p);
    participantOf.set(p.id, res.body.data.id);
  }
  return { byParticipant, participantOf };
}

/** Every match of the tournament in play order (all pages of the schedule). */
export async function allMatches(server: ApiServer, tournamentId: string): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const res = await request(server, 'GET', `/tournaments/${tournamentId}/schedule`, { query: { page, limit: 100 } });
    expectStatus(res, 200, 'schedule');
    out.push(...res.body.data);
    if (!res.body.pagination.hasNext) return out;
  }
}

/** Who wins a match: by default the better (lower) seed. */
export type PickWinner = (match: any) => string;
/** The better seed of a match's two sides. */
export const betterSeed: PickWinner = (m) =>
  m.participants[0].seed < m.participants[1].seed ? m.participants[0].participantId : m.participants[1].participantId;

/**
 * Plays a match: the winner's player reports 2-1 for themselves, then `confirmer` (default: the loser's player)
 * confirms; checks both answers and returns the confirmed match.
 */
export async function playMatch(
  server: ApiServer,
  match: any,
  byParticipant: ReadonlyMap<string, TestUser>,
  options: { winner?: string; confirmer?: TestUser } = {},
): Promise<any> {
  const winnerId = options.winner ?? betterSeed(match);
  const loserId = match.participants.find((s: any) => s.participantId !== winnerId).participantId;
  const reporter = byParticipant.get(winnerId) as TestUser;
  const report = await request(server, 'POST', `/matches/${match.id}/report`, {
    token: reporter.accessToken,
    body: { winnerId, scores: [{ participantId: winnerId, score: 2 }, { participantId: loserId, score: 1 }] },
  });
  expectStatus(report, 200, 'report');
  expect(report.body.data.status).toBe('PENDING_RESULT');
  const confirmer = options.confirmer ?? (byParticipant.get(loserId) as TestUser);
  const confirm = await request(server, 'POST', `/matches/${match.id}/confirm`, { token: confirmer.accessToken });
  expectStatus(confirm, 200, 'confirm');
  expect(confirm.body.data.status).toBe('COMPLETED');
  expect(confirm.body.data.winnerId).toBe(winnerId);
  return confirm.body.data;
}

/**
 * Plays every match of a started tournament round by round until none is playable: each pass takes the
 * SCHEDULED matches whose two sides are known. Returns the number of matches played.
 */
export async function playAll(
  server: ApiServer,
  tournamentId: string,
  byParticipant: ReadonlyMap<string, TestUser>,
  options: { pickWinner?: PickWinner } = {},
): Promise<number> {
  let played = 0;
  for (;;) {
    const ready = (await allMatches(server, tournamentId)).filter(
      (m) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId,
    );
    if (ready.length === 0) return played;
    for (const m of ready) {
      await playMatch(server, m, byParticipant, { winner: (options.pickWinner ?? betterSeed)(m) });
      played += 1;
    }
  }
}
