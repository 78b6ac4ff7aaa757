/**
 * Fixtures of the formats-* tests (every stage format and multi-stage tournaments): start a tournament of any
 * stages with a shared pool of players, and play its matches through HTTP with the players' own tokens, each
 * match decided by a callback (a winner and a score, or a draw).
 */
import { expect } from 'vitest';
import { expectStatus, request, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament, type Roster } from './tournaments-helpers';

/** A started tournament: its id, start response and the player of every participant (and back). */
export interface StartedTournament extends Roster {
  id: string;
  started: any;
}

/**
 * Opens a tournament with `stages` (maxParticipants = players.length unless overridden), registers every player in
 * order (seeds follow), and starts it as the tenant's owner.
 */
export async function startWithStages(
  server: TestServer,
  tenant: TestTenant,
  players: readonly TestUser[],
  stages: unknown[],
  overrides: Record<string, unknown> = {},
): Promise<StartedTournament> {
  const t = await openTournament(server, tenant, { maxParticipants: players.length, stages, ...overrides });
  const { byParticipant, participantOf } = await joinAll(server, t.id, players);
  const started = await lifecycle(server, tenant, t.id, 'start');
  return { id: t.id, started, byParticipant, participantOf };
}

/** How a match ends: the winner (omit for a draw) and the scores of slot 1 and slot 2. */
export interface Decision {
  winnerId?: string;
  scores: [number, number];
}

/** Decides a match from its API representation. */
export type Decide = (match: any) => Decision;

/** The seed of a side (stage seed), for deciders. */
export const seedOf = (match: any, slot: 0 | 1): number => match.participants[slot].seed as number;

/** The better (lower) stage seed wins 2-1 (in slot order). */
export const betterSeedWins: Decide = (m) =>
  seedOf(m, 0) < seedOf(m, 1)
    ? { winnerId: m.participants[0].participantId, scores: [2, 1] }
    : { winnerId: m.participants[1].participantId, scores: [1, 2] };

/**
 * Plays one match: slot 1's player reports `decision` (no winnerId for a draw), slot 2's player confirms; checks
 * both answers and returns the confirmed match.
 */
export async function playDecided(server: TestServer, match: any, byParticipant: ReadonlyMap<string, TestUser>, decision: Decision): Promise<any> {
  const [a, b] = match.participants.map((s: any) => s.participantId as string) as [string, string];
  const body: Record<string, unknown> = {
    scores: [
      { participantId: a, score: decision.scores[0] },
      { participantId: b, score: decision.scores[1] },
    ],
  };
  if (decision.winnerId !== undefined) body.winnerId = decision.winnerId;
  const report = await request(server, 'POST', `/matches/${match.id}/report`, { token: byParticipant.get(a)!.accessToken, body });
  expectStatus(report, 200, `report ${match.bracket} r${match.round} n${match.number}`);
  const confirm = await request(server, 'POST', `/matches/${match.id}/confirm`, { token: byParticipant.get(b)!.accessToken });
  expectStatus(confirm, 200, `confirm ${match.bracket} r${match.round} n${match.number}`);
  expect(confirm.body.data.status).toBe('COMPLETED');
  expect(confirm.body.data.winnerId).toBe(decision.winnerId ?? null);
  expect(confirm.body.data.isDraw).toBe(decision.winnerId === undefined);
  return confirm.body.data;
}

/**
 * Plays every playable match (SCHEDULED, both sides known) pass after pass until none is left, deciding each
 * with `decide`; at most `maxPasses` passes. Returns the matches played, in the order played.
 */
export async function playEverything(
  server: TestServer,
  tournamentId: string,
  byParticipant: ReadonlyMap<string, TestUser>,
  decide: Decide = betterSeedWins,
  maxPasses = 40,
): Promise<any[]> {
  const played: any[] = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    const ready = (await allMatches(server, tournamentId)).filter(
      (m) => m.status === 'SCHEDULED' && m.participants[0].participantId && m.participants[1].participantId,
    );
    if (ready.length === 0) return played;
    for (const m of ready) played.push(await playDecided(server, m, byParticipant, decide(m)));
  }
  throw new Error(`matches still playable after ${maxPasses} passes`);
}

/** GET a tournament resource and return its `data` (expects 200). */
export async function getData(server: TestServer, path: string): Promise<any> {
  const res = await request(server, 'GET', path, { query: path.endsWith('/participants') ? { limit: 100 } : undefined });
  expectStatus(res, 200, `GET ${path}`);
  return res.body.data;
}

/** Placement range of every participant of a finished tournament, by participant id. */
export async function placementsById(server: TestServer, tournamentId: string): Promise<Map<string, string>> {
  const participants = await getData(server, `/tournaments/${tournamentId}/participants`);
  return new Map(participants.map((p: any) => [p.id as string, p.placementRange as string]));
}

/** POST /tournaments as the tenant's owner with `stages` and return the raw response (for 400 checks). */
export function createRaw(server: TestServer, tenant: TestTenant, stages: unknown[], overrides: Record<string, unknown> = {}) {
  return request(server, 'POST', '/tournaments', {
    token: tenant.owner.accessToken,
    body: {
      name: 'Formats Cup',
      disciplineId: 'chess',
      maxParticipants: 16,
      startDate: '2030-06-01T12:00:00.000Z',
      projectId: tenant.project.id,
      stages,
      ...overrides,
    },
  });
}
