/**
 * Circuit fixtures shared by the circuits-* and analytics-* tests: circuits, seasons and tournaments played to
 * COMPLETED through HTTP with a chosen order of strength.
 */
import { expectStatus, request, type ApiServer, type TestTenant, type TestUser } from './helpers/index';
import { joinAll, lifecycle, openTournament, playAll, type Roster } from './tournaments-helpers';

/** The default scoring of the tests: 100, 70, 40 for each semi-final loser, 20 for places 5-8. */
export const DEFAULT_SCORING = { strategy: 'PLACEMENT', placements: { '1': 100, '2': 70, '3-4': 40, '5-8': 20 } } as const;

/** Creates a circuit as the tenant's owner (bearer + projectId). */
export async function createCircuit(server: ApiServer, tenant: TestTenant, body: Record<string, unknown> = {}): Promise<any> {
  const res = await request(server, 'POST', '/circuits', {
    token: tenant.owner.accessToken,
    body: { name: 'Pro Tour', projectId: tenant.project.id, ...body },
  });
  expectStatus(res, 201, 'createCircuit');
  return res.body.data;
}

/** Adds a season (default: 2030, PLACEMENT scoring). */
export async function createSeason(server: ApiServer, tenant: TestTenant, circuitId: string, body: Record<string, unknown> = {}): Promise<any> {
  const res = await request(server, 'POST', `/circuits/${circuitId}/seasons`, {
    token: tenant.owner.accessToken,
    body: { name: 'Season 2030', startDate: '2030-01-01', endDate: '2030-12-31', scoring: DEFAULT_SCORING, ...body },
  });
  expectStatus(res, 201, 'createSeason');
  return res.body.data;
}

/** POST /circuits/{id}/start or /complete as the owner; returns the season. */
export async function seasonTransition(server: ApiServer, tenant: TestTenant, circuitId: string, op: 'start' | 'complete', body?: unknown): Promise<any> {
  const res = await request(server, 'POST', `/circuits/${circuitId}/${op}`, { token: tenant.owner.accessToken, body });
  expectStatus(res, 200, `season ${op}`);
  return res.body.data;
}

/** A circuit with one ACTIVE season. */
export async function activeCircuit(server: ApiServer, tenant: TestTenant, season: Record<string, unknown> = {}, circuit: Record<string, unknown> = {}): Promise<{ circuit: any; season: any }> {
  const c = await createCircuit(server, tenant, circuit);
  const s = await createSeason(server, tenant, c.id, season);
  await seasonTransition(server, tenant, c.id, 'start');
  return { circuit: c, season: s };
}

/** POST classify as the owner; returns the raw response. */
export function classify(server: ApiServer, tenant: TestTenant, circuitId: string, tournamentId: string, body?: unknown) {
  return request(server, 'POST', `/circuits/${circuitId}/tournaments/${tournamentId}/classify`, { token: tenant.owner.accessToken, body });
}

/** Every line of a circuit's standings (all pages) as the owner. */
export async function allStandings(server: ApiServer, tenant: TestTenant, circuitId: string, query: Record<string, string | number | boolean> = {}): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const res = await request(server, 'GET', `/circuits/${circuitId}/standings`, { token: tenant.owner.accessToken, query: { ...query, page, limit: 100 } });
    expectStatus(res, 200, 'standings');
    out.push(...res.body.data);
    if (!res.body.pagination.hasNext) return out;
  }
}

/** A tournament played to COMPLETED: participant ids by user id and players by participant id. */
export interface PlayedTournament extends Roster {
  id: string;
}

/**
 * Creates, opens, fills with `players` (registration order = seed order), starts and plays a tournament to
 * COMPLETED; each match is won by the player earlier in `winOrder` (default: `players` order, i.e. the better seed).
 */
export async function completedTournament(
  server: ApiServer,
  tenant: TestTenant,
  players: readonly TestUser[],
  options: { winOrder?: readonly TestUser[]; overrides?: Record<string, unknown> } = {},
): Promise<PlayedTournament> {
  const t = await openTournament(server, tenant, { maxParticipants: 16, ...options.overrides });
  const { byParticipant, participantOf } = await joinAll(server, t.id, players);
  await lifecycle(server, tenant, t.id, 'start');
  const order = options.winOrder ?? players;
  const strength = (pid: string) => order.indexOf(byParticipant.get(pid) as TestUser);
  await playAll(server, t.id, byParticipant, {
    pickWinner: (m) => {
      const [a, b] = [m.participants[0].participantId as string, m.participants[1].participantId as string];
      return strength(a) < strength(b) ? a : b;
    },
  });
  const done = await request(server, 'GET', `/tournaments/${t.id}`);
  if (done.body.data.status !== 'COMPLETED') throw new Error(`tournament not completed: ${done.body.data.status}`);
  return { id: t.id, participantOf, byParticipant };
}
