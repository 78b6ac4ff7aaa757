import { expect } from 'vitest';
import { activeCircuit, classify, completedTournament, createSeason } from './circuits-helpers';
import { createTenant, expectStatus, request, type ApiServer, type TestTenant } from './helpers/index';
import { describeInvariants, outcome, pick, tally, users, type Scenarios } from './concurrency-helpers';

// Corrections of circuits with several writers (R18.12): a classification removed, a season changed or deleted, a
// circuit deleted, each at the moment another write of the same circuit runs; on one server and on two server
// processes sharing one database.

const ROUNDS = 3;

/** Every standings line of a circuit (one page of 100) as [userId, points, wins, tournamentsPlayed, bestPlacement, rank]. */
async function lines(server: ApiServer, tenant: TestTenant, circuitId: string): Promise<unknown[]> {
  const res = await request(server, 'GET', `/circuits/${circuitId}/standings`, { token: tenant.owner.accessToken, query: { limit: 100 } });
  expectStatus(res, 200, 'standings');
  return res.body.data.map((s: any) => [s.userId, s.points, s.wins, s.tournamentsPlayed, s.bestPlacement, s.rank]);
}

/**
 * A classification removed while its season completes, three times: the removal comes first (204) and the completed
 * season's final standings are those of the tournament left, or it comes after (409 INVALID_STATE) and the standings
 * keep both tournaments; never a mix, and the completion always succeeds.
 */
async function unclassifyWhileCompleting(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 4);
  const t1 = await completedTournament(at(0), tenant, players);
  const t2 = await completedTournament(at(1), tenant, players, { winOrder: [...players].reverse() });
  const reference = async (ids: string[]) => {
    const { circuit } = await activeCircuit(at(0), tenant);
    for (const id of ids) expectStatus(await classify(at(0), tenant, circuit.id, id), 200, 'reference classify');
    return lines(at(0), tenant, circuit.id);
  };
  const onlyT1 = await reference([t1.id]);
  const both = await reference([t1.id, t2.id]);
  for (let round = 0; round < ROUNDS; round++) {
    const { circuit } = await activeCircuit(at(round), tenant);
    expectStatus(await classify(at(round), tenant, circuit.id, t1.id), 200, 'classify t1');
    expectStatus(await classify(at(round + 1), tenant, circuit.id, t2.id), 200, 'classify t2');
    const [removed, completed] = await Promise.all([
      request(at(round + 1), 'DELETE', `/circuits/${circuit.id}/tournaments/${t2.id}`, { token: tenant.owner.accessToken }),
      request(at(round), 'POST', `/circuits/${circuit.id}/complete`, { token: tenant.owner.accessToken }),
    ]);
    expect(completed.status).toBe(200);
    expect(['204', '409 INVALID_STATE']).toContain(outcome(removed));
    for (const server of servers) {
      expect(await lines(server, tenant, circuit.id)).toEqual(removed.status === 204 ? onlyT1 : both);
      const listed = await request(server, 'GET', `/circuits/${circuit.id}/tournaments`, { token: tenant.owner.accessToken });
      expect(listed.body.data.map((t: any) => t.tournamentId)).toEqual(removed.status === 204 ? [t1.id] : [t2.id, t1.id]);
    }
  }
}

/**
 * An UPCOMING season changed and another deleted while the circuit starts its next season, three times: the start
 * sees each change whole or the change is refused after it (409 INVALID_STATE); a season is never started with a
 * scoring it was refused, nor both deleted and started (a start naming a season deleted before it is 404).
 */
async function seasonEditsWhileStarting(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const token = tenant.owner.accessToken;
  const linear = { strategy: 'LINEAR', maxPoints: 50, step: 10, minPoints: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const { circuit } = await activeCircuit(at(round), tenant);
    // The next season is `first` (earliest start); `spare` would come after it.
    const first = await createSeason(at(round), tenant, circuit.id, { name: 'First', startDate: '2031-01-01', endDate: '2031-12-31' });
    const spare = await createSeason(at(round), tenant, circuit.id, { name: 'Spare', startDate: '2032-01-01', endDate: '2032-12-31' });
    expectStatus(await request(at(round), 'POST', `/circuits/${circuit.id}/complete`, { token }), 200, 'complete');
    const [started, edited] = await Promise.all([
      request(at(round), 'POST', `/circuits/${circuit.id}/start`, { token }),
      request(at(round + 1), 'PATCH', `/circuits/${circuit.id}/seasons/${first.id}`, { token, body: { scoring: linear } }),
    ]);
    expect(started.status).toBe(200);
    expect(started.body.data.id).toBe(first.id);
    expect(['200', '409 INVALID_STATE']).toContain(outcome(edited));
    for (const server of servers) {
      const season = await request(server, 'GET', `/circuits/${circuit.id}/seasons/${first.id}`, { token });
      expect(season.body.data.status).toBe('ACTIVE');
      expect(season.body.data.scoring.strategy).toBe(edited.status === 200 ? 'LINEAR' : 'PLACEMENT');
    }
    // The spare season deleted while it would be started: one of the two, never both.
    expectStatus(await request(at(round), 'POST', `/circuits/${circuit.id}/complete`, { token }), 200, 'complete first');
    const [deleted, next] = await Promise.all([
      request(at(round + 1), 'DELETE', `/circuits/${circuit.id}/seasons/${spare.id}`, { token }),
      request(at(round), 'POST', `/circuits/${circuit.id}/start`, { token, body: { seasonId: spare.id } }),
    ]);
    // Deleted first: the start names a season that is no longer there (404); started first: the deletion is 409.
    expect([outcome(deleted), outcome(next)]).toEqual(deleted.status === 204 ? ['204', '404 NOT_FOUND'] : ['409 INVALID_STATE', '200']);
    for (const server of servers) {
      const circuitNow = (await request(server, 'GET', `/circuits/${circuit.id}`, { token })).body.data;
      expect(circuitNow).toMatchObject(deleted.status === 204 ? { status: 'COMPLETED', activeSeasonId: null } : { status: 'ACTIVE', activeSeasonId: spare.id });
      expect(circuitNow.seasons).toHaveLength(deleted.status === 204 ? 2 : 3);
    }
  }
}

/**
 * A circuit deleted while a season is added to it, a tournament classified into it and another taken out, three
 * times: each write comes before the deletion (and goes with it) or answers 404 after it, never a 500; nothing of the
 * circuit is left.
 */
async function writesWhileDeleting(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const token = tenant.owner.accessToken;
  const players = await users(servers, 2);
  const t1 = await completedTournament(at(0), tenant, players);
  const t2 = await completedTournament(at(1), tenant, players);
  for (let round = 0; round < ROUNDS; round++) {
    const { circuit } = await activeCircuit(at(round), tenant);
    expectStatus(await classify(at(round), tenant, circuit.id, t1.id), 200, 'classify t1');
    const answers = await Promise.all([
      request(at(round), 'DELETE', `/circuits/${circuit.id}`, { token }),
      request(at(round + 1), 'POST', `/circuits/${circuit.id}/seasons`, {
        token,
        body: { name: 'Next', startDate: '2031-01-01', endDate: '2031-12-31', scoring: { strategy: 'PLACEMENT', placements: { '1': 10 } } },
      }),
      classify(at(round + 1), tenant, circuit.id, t2.id),
      request(at(round), 'DELETE', `/circuits/${circuit.id}/tournaments/${t1.id}`, { token }),
    ]);
    expect(outcome(answers[0])).toBe('204');
    expect(['201', '404 NOT_FOUND']).toContain(outcome(answers[1]));
    expect(['200', '404 NOT_FOUND']).toContain(outcome(answers[2]));
    expect(['204', '404 NOT_FOUND']).toContain(outcome(answers[3]));
    for (const server of servers) expect((await request(server, 'GET', `/circuits/${circuit.id}`, { token })).status).toBe(404);
    expect(tally(answers)['500']).toBeUndefined();
  }
}

const CIRCUIT_CORRECTION_SCENARIOS: Scenarios = [
  ['a classification removed while its season completes: before it (the final standings without it) or refused after it', unclassifyWhileCompleting],
  ['a season changed or deleted while the circuit starts a season: each change whole before the start, or refused after it', seasonEditsWhileStarting],
  ['a circuit deleted while a season is added, a tournament classified and another removed: each before the deletion or 404', writesWhileDeleting],
];

describeInvariants('circuit corrections', CIRCUIT_CORRECTION_SCENARIOS);
