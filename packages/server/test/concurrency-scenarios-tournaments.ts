/**
 * Races of tournament-wide writes (R18.12) as scenarios over HTTP, spread in turn over `servers`: organizer changes
 * of participants, the start, the last confirmation, deletes and partial updates of tournaments and circuits, each
 * decided on the rows as they are under the tournament's (or circuit's) lock. Part of INVARIANT_SCENARIOS
 * (concurrency-scenarios.ts).
 */
import { expect } from 'vitest';
import { activeCircuit, classify, completedTournament, createCircuit } from './circuits-helpers';
import { pick, tally, users, type Scenarios } from './concurrency-helpers';
import { createTenant, expectStatus, request, type ApiServer, type TestUser } from './helpers/index';
import { allMatches, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';

/** The notifications of `user` whose message says an organizer disqualified them. */
async function disqualificationNotices(server: ApiServer, user: TestUser): Promise<number> {
  const res = await request(server, 'GET', '/notifications', { token: user.accessToken, query: { limit: 100 } });
  expectStatus(res, 200, 'listNotifications');
  return res.body.data.filter((n: { message: string }) => n.message.includes('disqualified you')).length;
}

/**
 * Organizer changes of one participant at once while a round robin runs (R6.6, R6.7, R6.10): a disqualification and
 * a withdrawal sent together, one succeeds and the other is 409 INVALID_TRANSITION (DISQUALIFIED -> WITHDRAWN is not
 * a change allowed while ONGOING); three removals of another participant disqualify them once (one notice).
 */
export async function participantChangesAtOnce(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const t = await openTournament(at(1), tenant, { maxParticipants: 4, stages: [{ name: 'League', format: 'ROUND_ROBIN' }] });
  const players = await users(servers, 4);
  const { participantOf } = await joinAll(at(0), t.id, players);
  await lifecycle(at(1), tenant, t.id, 'start');
  const token = tenant.owner.accessToken;
  const path = (user: TestUser) => `/tournaments/${t.id}/participants/${participantOf.get(user.id)}`;
  const changes = await Promise.all(
    (['DISQUALIFIED', 'WITHDRAWN'] as const).map((status, i) => request(at(i), 'PATCH', path(players[0]!), { token, body: { status } })),
  );
  expect(tally(changes)).toEqual({ 200: 1, '409 INVALID_TRANSITION': 1 });
  const removals = await Promise.all([0, 1, 2].map((i) => request(at(i), 'DELETE', path(players[1]!), { token })));
  expect(tally(removals)).toEqual({ 204: 3 });
  expect(await disqualificationNotices(at(0), players[1]!)).toBe(1);
}

/**
 * The start of a single elimination of 4 while the organizer withdraws one participant, reseeds another and removes
 * a third, all at once, four times (R5.10, R6.5, R6.7): every answer is 2xx or 409, and whichever committed first,
 * the tournament is consistent: a participant in a match is ACTIVE or has forfeited it (a walkover, or one waiting for
 * the opponent), none is still REGISTERED, and no match names a deleted participant.
 */
export async function startWhileParticipantsChange(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 5);
  const token = tenant.owner.accessToken;
  for (let round = 0; round < rounds; round++) {
    const t = await openTournament(at(round), tenant, { maxParticipants: 8, stages: [{ name: 'Cup', format: 'SINGLE_ELIMINATION' }] });
    const { participantOf } = await joinAll(at(round + 1), t.id, players);
    const [withdrawn, reseeded, removed] = players.slice(0, 3).map((u) => participantOf.get(u.id)!);
    const path = (id: string) => `/tournaments/${t.id}/participants/${id}`;
    const answers = await Promise.all([
      request(at(round), 'POST', `/tournaments/${t.id}/start`, { token }),
      request(at(round + 1), 'PATCH', path(withdrawn!), { token, body: { status: 'WITHDRAWN' } }),
      request(at(round + 2), 'PATCH', path(reseeded!), { token, body: { seed: 9 } }),
      request(at(round + 3), 'DELETE', path(removed!), { token }),
    ]);
    for (const a of answers) expect(a.status < 300 || a.status === 409, `${a.status} ${a.text.slice(0, 200)}`).toBe(true);
    expect(answers[0]!.status).toBe(200);
    const listed = await request(at(round), 'GET', `/tournaments/${t.id}/participants`, { query: { limit: 100 } });
    const statusOf = new Map<string, string>(listed.body.data.map((p: { id: string; status: string }) => [p.id, p.status]));
    expect([...statusOf.values()]).not.toContain('REGISTERED');
    for (const m of await allMatches(at(round + 1), t.id)) {
      for (const side of m.participants as { participantId: string | null }[]) {
        if (side.participantId === null) continue;
        const status = statusOf.get(side.participantId);
        expect(status, `match ${m.id} names a deleted participant`).toBeDefined();
        // One who left after the start forfeits: the match is a walkover, or waits for the opponent it goes to.
        const waiting = m.status === 'SCHEDULED' && m.participants.some((other: { participantId: string | null }) => other.participantId === null);
        if (status !== 'ACTIVE' && status !== 'ELIMINATED' && !waiting) {
          expect(['COMPLETED', 'RESOLVED'], `match ${m.id} names a ${status} participant`).toContain(m.status);
        }
      }
    }
  }
}

/**
 * A single elimination of 4 whose final is reported: its confirmation is sent with a cascading correction of a
 * semi-final, and (another tournament) with the disqualification of the finalist who must confirm (R8.13, R6.6).
 * The disqualification and the confirmation: exactly one succeeds (a COMPLETED tournament changes no participant).
 * The correction and the confirmation: at least one succeeds; both only when the confirmation came first and the
 * correction then reopened the tournament (its cascade resets the played final): it is ONGOING again. Never a
 * COMPLETED tournament with an open match.
 */
export async function finalConfirmedWhileChanged(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 4);
  const token = tenant.owner.accessToken;
  const finalReported = async (k: number) => {
    const t = await openTournament(at(k), tenant, { maxParticipants: 4, stages: [{ name: 'Cup', format: 'SINGLE_ELIMINATION' }] });
    const { byParticipant } = await joinAll(at(k + 1), t.id, players);
    await lifecycle(at(k), tenant, t.id, 'start');
    const semis = (await allMatches(at(k), t.id)).filter((m) => m.round === 1);
    for (const m of semis) await playMatch(at(k + 1), m, byParticipant);
    const played = await allMatches(at(k), t.id);
    const final = played.find((m) => m.round === 2)!;
    const [a, b] = final.participants.map((s: { participantId: string }) => s.participantId) as [string, string];
    const report = await request(at(k), 'POST', `/matches/${final.id}/report`, {
      token: byParticipant.get(a)!.accessToken,
      body: { winnerId: a, scores: [{ participantId: a, score: 2 }, { participantId: b, score: 1 }] },
    });
    expectStatus(report, 200, 'report the final');
    return { t, semis: played.filter((m) => m.round === 1), final, confirmer: byParticipant.get(b)!, loser: b };
  };
  const settled = async (k: number, tournamentId: string) => {
    const matches = await allMatches(at(k), tournamentId);
    const done = await request(at(k + 1), 'GET', `/tournaments/${tournamentId}`);
    if (done.body.data.status === 'COMPLETED') for (const m of matches) expect(['COMPLETED', 'RESOLVED']).toContain(m.status);
  };
  for (let k = 0; k < 2; k++) {
    const { t, semis, final, confirmer } = await finalReported(k);
    const semi = semis[0];
    const [a, b] = semi.participants.map((s: { participantId: string }) => s.participantId) as [string, string];
    const flipped = semi.winnerId === a ? b : a;
    const answers = await Promise.all([
      request(at(k), 'POST', `/matches/${final.id}/confirm`, { token: confirmer.accessToken }),
      request(at(k + 1), 'POST', `/matches/${semi.id}/correct`, {
        token,
        body: { winnerId: flipped, scores: [{ participantId: a, score: flipped === a ? 2 : 0 }, { participantId: b, score: flipped === b ? 2 : 0 }], reason: 'swapped sheets', cascade: true },
      }),
    ]);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length, answers.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join('; ')).toBeGreaterThanOrEqual(1);
    if (ok.length === 2) expect((await request(at(k + 1), 'GET', `/tournaments/${t.id}`)).body.data.status).toBe('ONGOING');
    await settled(k, t.id);
  }
  for (let k = 0; k < 2; k++) {
    const { t, final, confirmer, loser } = await finalReported(k);
    const answers = await Promise.all([
      request(at(k), 'POST', `/matches/${final.id}/confirm`, { token: confirmer.accessToken }),
      request(at(k + 1), 'PATCH', `/tournaments/${t.id}/participants/${loser}`, { token, body: { status: 'DISQUALIFIED' } }),
    ]);
    expect(answers.filter((r) => r.status === 200), answers.map((r) => `${r.status} ${r.text.slice(0, 120)}`).join('; ')).toHaveLength(1);
    await settled(k, t.id);
  }
}

/**
 * A start while the organizer turns the stage from a single elimination into a round robin, four times (R5.10,
 * R5.11): whichever commits first, the matches are those of the stage format the tournament shows (3 for a single
 * elimination of 4, 6 for a round robin), and a change after the start is 409 TOURNAMENT_LOCKED.
 */
export async function startWhileStagesChange(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 4);
  const token = tenant.owner.accessToken;
  for (let round = 0; round < rounds; round++) {
    const t = await openTournament(at(round), tenant, { maxParticipants: 4, stages: [{ name: 'Cup', format: 'SINGLE_ELIMINATION' }] });
    await joinAll(at(round + 1), t.id, players);
    const [started, updated] = await Promise.all([
      request(at(round), 'POST', `/tournaments/${t.id}/start`, { token }),
      request(at(round + 1), 'PUT', `/tournaments/${t.id}`, { token, body: { stages: [{ name: 'League', format: 'ROUND_ROBIN' }] } }),
    ]);
    expect(started.status).toBe(200);
    expect(updated.status === 200 || updated.body?.error?.code === 'TOURNAMENT_LOCKED', updated.text.slice(0, 200)).toBe(true);
    const shown = (await request(at(round), 'GET', `/tournaments/${t.id}`)).body.data.stages[0].format;
    expect(shown).toBe(updated.status === 200 ? 'ROUND_ROBIN' : 'SINGLE_ELIMINATION');
    expect((await allMatches(at(round + 1), t.id)).length).toBe(shown === 'ROUND_ROBIN' ? 6 : 3);
  }
}

/**
 * A tournament deleted while it starts, four times (R5.13): one of the two wins, the other is a 4xx (the delete 409
 * once ONGOING, the start 404 or 409 once deleted), never a 500 or a deadlock, and the tournament is either ONGOING or
 * gone.
 */
export async function deleteWhileStarting(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 2);
  const token = tenant.owner.accessToken;
  for (let round = 0; round < rounds; round++) {
    const t = await openTournament(at(round), tenant, { maxParticipants: 4 });
    await joinAll(at(round + 1), t.id, players);
    const [started, deleted] = await Promise.all([
      request(at(round), 'POST', `/tournaments/${t.id}/start`, { token }),
      request(at(round + 1), 'DELETE', `/tournaments/${t.id}`, { token }),
    ]);
    expect([started.status, deleted.status].filter((s) => s < 300), `${started.status} ${started.text.slice(0, 150)}; ${deleted.status} ${deleted.text.slice(0, 150)}`).toHaveLength(1);
    for (const a of [started, deleted]) expect(a.status).toBeLessThan(500);
    const after = await request(at(round), 'GET', `/tournaments/${t.id}`, { token });
    expect(after.status === 404 ? 'gone' : after.body.data.status).toBe(deleted.status === 204 ? 'gone' : 'ONGOING');
  }
}

/**
 * startTournament sent twice at once, `rounds` tournaments (R5.9): one start wins (200), the other is 409 INVALID_STATE
 * naming the status the tournament has now (ONGOING, not the status both read first), and stage 1 is generated once.
 */
export async function startsAtOnce(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 4);
  const token = tenant.owner.accessToken;
  for (let round = 0; round < rounds; round++) {
    const t = await openTournament(at(round), tenant, { maxParticipants: 4 });
    await joinAll(at(round + 1), t.id, players);
    const answers = await Promise.all([
      request(at(round), 'POST', `/tournaments/${t.id}/start`, { token }),
      request(at(round + 1), 'POST', `/tournaments/${t.id}/start`, { token }),
    ]);
    expect(tally(answers)).toEqual({ 200: 1, '409 INVALID_STATE': 1 });
    expect(answers.find((a) => a.status === 409)!.body.error.message).toContain('(it is ONGOING)');
    // A single elimination of 4: two semi-finals and the final, once.
    expect(await allMatches(at(round), t.id)).toHaveLength(3);
  }
}

/**
 * Two partial updates of one tournament, and of one circuit, sent at once, four times (R5.9, R9.2): each changes only
 * the fields it sends, so both changes are kept whichever commits first.
 */
export async function partialUpdatesAtOnce(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const token = tenant.owner.accessToken;
  for (let round = 0; round < rounds; round++) {
    const t = await openTournament(at(round), tenant, { maxParticipants: 8 });
    const answers = await Promise.all([
      request(at(round), 'PUT', `/tournaments/${t.id}`, { token, body: { name: `Renamed ${round}` } }),
      request(at(round + 1), 'PUT', `/tournaments/${t.id}`, { token, body: { maxParticipants: 16 } }),
    ]);
    expect(tally(answers)).toEqual({ 200: 2 });
    const after = (await request(at(round), 'GET', `/tournaments/${t.id}`, { token })).body.data;
    expect({ name: after.name, maxParticipants: after.maxParticipants }).toEqual({ name: `Renamed ${round}`, maxParticipants: 16 });
    const c = await createCircuit(at(round), tenant, { name: 'Old name', description: 'old' });
    const circuitAnswers = await Promise.all([
      request(at(round), 'PUT', `/circuits/${c.id}`, { token, body: { name: 'New name' } }),
      request(at(round + 1), 'PUT', `/circuits/${c.id}`, { token, body: { description: 'new' } }),
    ]);
    expect(tally(circuitAnswers)).toEqual({ 200: 2 });
    const circuit = (await request(at(round + 1), 'GET', `/circuits/${c.id}`, { token })).body.data;
    expect({ name: circuit.name, description: circuit.description }).toEqual({ name: 'New name', description: 'new' });
  }
}

/**
 * A chess tournament classified into a circuit of no discipline while the circuit is set to another discipline,
 * four times (R9.13): never both, so a circuit never holds a tournament of another discipline than its own.
 */
export async function disciplineChangedWhileClassifying(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 2);
  const token = tenant.owner.accessToken;
  for (let round = 0; round < rounds; round++) {
    const { circuit } = await activeCircuit(at(round), tenant);
    const played = await completedTournament(at(round + 1), tenant, players);
    const answers = await Promise.all([
      classify(at(round), tenant, circuit.id, played.id),
      request(at(round + 1), 'PUT', `/circuits/${circuit.id}`, { token, body: { disciplineId: 'valorant' } }),
    ]);
    expect(answers.filter((a) => a.status === 200 || a.status === 201), answers.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join('; ')).toHaveLength(1);
    for (const a of answers) expect(a.status).toBeLessThan(500);
  }
}

/**
 * A COMPLETED tournament classified into a circuit while it is deleted, four times (R9.17, R18.12): the
 * classification comes first and keeps its awards (the deletion keeps them too), or it is refused with 404; never an
 * empty classification of a tournament that was gone.
 */
export async function classifiedWhileDeleted(servers: readonly ApiServer[], rounds = 4): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const players = await users(servers, 2);
  const { circuit } = await activeCircuit(at(1), tenant);
  for (let round = 0; round < rounds; round++) {
    const played = await completedTournament(at(round), tenant, players);
    const [classified, deleted] = await Promise.all([
      classify(at(round), tenant, circuit.id, played.id),
      request(at(round + 1), 'DELETE', `/tournaments/${played.id}`, { token: tenant.owner.accessToken }),
    ]);
    expect(deleted.status, deleted.text).toBe(204);
    if (classified.status === 200) expect(classified.body.data.awards, 'awards of a classification that came first').toHaveLength(2);
    else expect([classified.status, classified.body.error.code], classified.text).toEqual([404, 'NOT_FOUND']);
  }
}

/** The races above with the rule each checks (the test's title). */
/**
 * The waitlist under races (R6.14): 24 players register at once for 4 places and 4 waiting places (exactly 4
 * REGISTERED, 4 WAITLISTED in line 1..4, 16 TOURNAMENT_FULL); then the 4 registered withdraw at once while the organizer
 * raises maxParticipants to 6: the 4 waiting take places, each once (one notice each), and places never exceed
 * maxParticipants.
 */
export async function waitlistRace(servers: readonly ApiServer[]): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0));
  const t = await openTournament(at(1), tenant, { maxParticipants: 4, waitlistCapacity: 4 });
  const entrants = await users(servers, 24);
  const answers = await Promise.all(entrants.map((u, i) => request(at(i), 'POST', `/tournaments/${t.id}/participate`, { token: u.accessToken })));
  expect(tally(answers)).toEqual({ 201: 8, '409 TOURNAMENT_FULL': 16 });
  const entered = answers.flatMap((a, i) => (a.status === 201 ? [{ user: entrants[i]!, entry: a.body.data }] : []));
  const registered = entered.filter((e) => e.entry.status === 'REGISTERED');
  const waiting = entered.filter((e) => e.entry.status === 'WAITLISTED');
  expect([registered.length, waiting.length]).toEqual([4, 4]);
  expect(waiting.map((e) => e.entry.waitlistPosition).sort()).toEqual([1, 2, 3, 4]);
  // The list shows the line in order, and its entry times agree with it (stamped under the tournament's lock).
  const line = await request(at(0), 'GET', `/tournaments/${t.id}/participants`, { query: { status: 'WAITLISTED' } });
  expect(line.body.data.map((p: { waitlistPosition: number }) => p.waitlistPosition)).toEqual([1, 2, 3, 4]);
  const times = line.body.data.map((p: { registeredAt: string }) => p.registeredAt);
  expect(times).toEqual([...times].sort());

  const token = tenant.owner.accessToken;
  const changes = await Promise.all([
    ...registered.map((e, i) => request(at(i), 'POST', `/tournaments/${t.id}/withdraw`, { token: e.user.accessToken })),
    request(at(1), 'PUT', `/tournaments/${t.id}`, { token, body: { maxParticipants: 6 } }),
  ]);
  expect(tally(changes)).toEqual({ 200: 5 });
  for (const server of servers) {
    const tournament = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(tournament.body.data).toMatchObject({ currentParticipants: 4, participantCounts: { registered: 4, waitlisted: 0, withdrawn: 4 } });
  }
  for (const { user } of waiting) {
    const notes = await request(at(0), 'GET', '/notifications', { token: user.accessToken, query: { limit: 100 } });
    expect(notes.body.data.filter((n: { title: string }) => n.title.startsWith('A place came free'))).toHaveLength(1);
  }
}

export const TOURNAMENT_RACE_SCENARIOS: Scenarios = [
  ['a disqualification and a withdrawal of one participant at once: one succeeds; removals at once disqualify once', participantChangesAtOnce],
  ['a start while participants are withdrawn, reseeded and removed: no REGISTERED or deleted participant in the bracket', startWhileParticipantsChange],
  ['a final confirmed while a semi-final is corrected or its finalist disqualified: never a COMPLETED tournament with an open match', finalConfirmedWhileChanged],
  ['a start while the stage format changes: the matches are those of the format shown', startWhileStagesChange],
  ['a tournament deleted while it starts: one wins, the other is a 4xx, never a deadlock', deleteWhileStarting],
  ['a tournament started twice at once: one start, the other 409 naming ONGOING, stage 1 generated once', startsAtOnce],
  ['two partial updates of a tournament or a circuit at once keep both changes', partialUpdatesAtOnce],
  ['a classification while the circuit changes discipline: never both', disciplineChangedWhileClassifying],
  ['a classification while its tournament is deleted: full, or 404; never an empty one', classifiedWhileDeleted],
  ['24 players entering a tournament of 4 places with a waitlist of 4, then places freed and added at once: each waiting entry promoted once', waitlistRace],
];
