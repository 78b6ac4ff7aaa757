import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { allMatches, createTournament, joinAll, lifecycle, openTournament, playMatch, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  // Long-lived tokens: these tests move the clock by hours (check-in windows).
  server = await startTestServer({ accessTokenTtlSeconds: 30 * 24 * 3600 });
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const participate = (id: string, token: string, body?: unknown) =>
  request(server, 'POST', `/tournaments/${id}/participate`, { token, ...(body !== undefined ? { body } : {}) });

describe('participateInTournament (solo)', () => {
  it('registers the caller under their display name, or username without one', async () => {
    const t = await openTournament(server, tenant);
    const named = await registerUser(server, { displayName: 'Magnus' });
    const plain = await registerUser(server);
    const a = await participate(t.id, named.accessToken);
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ tournamentId: t.id, userId: named.id, name: 'Magnus', seed: null, status: 'REGISTERED', team: null, checkedInAt: null, finalPlacement: null });
    const b = await participate(t.id, plain.accessToken);
    expect(b.body.data.name).toBe(plain.username);
    const again = await participate(t.id, named.accessToken);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_REGISTERED');
    const tour = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(tour.body.data).toMatchObject({ currentParticipants: 2, participantCounts: { registered: 2 } });
  });

  it('refuses registration unless it is open, when full, with a team body, and from an API key', async () => {
    const player = await registerUser(server);
    const draft = await createTournament(server, tenant);
    await lifecycle(server, tenant, draft.id, 'publish');
    const notOpen = await participate(draft.id, player.accessToken);
    expect(notOpen.status).toBe(409);
    expect(notOpen.body.error.code).toBe('REGISTRATION_CLOSED');

    const small = await openTournament(server, tenant, { maxParticipants: 2 });
    await joinAll(server, small.id, await registerPlayers(server, 2));
    const full = await participate(small.id, player.accessToken);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('TOURNAMENT_FULL');
    await lifecycle(server, tenant, small.id, 'registration/close');
    const closed = await participate(small.id, player.accessToken);
    expect(closed.body.error.code).toBe('REGISTRATION_CLOSED');

    const solo = await openTournament(server, tenant);
    const withTeam = await participate(solo.id, player.accessToken, { team: { name: 'Solo team', memberUserIds: [player.id] } });
    expect(withTeam.status).toBe(400);
    expect(withTeam.body.error.details[0].path).toBe('body.team');
    const byKey = await request(server, 'POST', `/tournaments/${solo.id}/participate`, { apiKey: tenant.apiKey.key });
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.code).toBe('API_KEY_NOT_ALLOWED');
  });
});

describe('participateInTournament (teams)', () => {
  it('registers a team of teamSize members, all of whom act for it', async () => {
    const t = await openTournament(server, tenant, { teamSize: 2 });
    const [captainA, mateA, captainB, mateB, outsider] = await registerPlayers(server, 5);
    const missing = await participate(t.id, captainA!.accessToken);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('body.team');
    const tooMany = await participate(t.id, captainA!.accessToken, { team: { name: 'A', memberUserIds: [captainA!.id, mateA!.id, outsider!.id] } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0].path).toBe('body.team.memberUserIds');
    const withoutCaller = await participate(t.id, captainA!.accessToken, { team: { name: 'A', memberUserIds: [mateA!.id, outsider!.id] } });
    expect(withoutCaller.body.error.details[0]).toMatchObject({ path: 'body.team.memberUserIds', message: expect.stringContaining('registering user') });
    const unknown = await participate(t.id, captainA!.accessToken, {
      team: { name: 'A', memberUserIds: [captainA!.id, '01900000-0000-7000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe('body.team.memberUserIds');

    const a = await participate(t.id, captainA!.accessToken, { team: { name: 'Team A', memberUserIds: [mateA!.id, captainA!.id] } });
    expect(a.status).toBe(201);
    expect(a.body.data).toMatchObject({ name: 'Team A', userId: captainA!.id, team: { name: 'Team A' } });
    expect(a.body.data.team.members).toEqual([
      { userId: captainA!.id, username: captainA!.username },
      { userId: mateA!.id, username: mateA!.username },
    ]);
    const poach = await participate(t.id, captainB!.accessToken, { team: { name: 'Team B', memberUserIds: [captainB!.id, mateA!.id] } });
    expect(poach.status).toBe(409);
    expect(poach.body.error.code).toBe('ALREADY_REGISTERED');
    expect(poach.body.error.message).toContain(mateA!.username);
    const b = await participate(t.id, captainB!.accessToken, { team: { name: 'Team B', memberUserIds: [captainB!.id, mateB!.id] } });
    expect(b.status).toBe(201);

    // Any member acts for the team: mates report and confirm the match.
    await lifecycle(server, tenant, t.id, 'start');
    const [match] = await allMatches(server, t.id);
    const bySide = new Map([
      [a.body.data.id as string, mateA!],
      [b.body.data.id as string, mateB!],
    ]);
    const done = await playMatch(server, match, bySide);
    expect(done.reportedResult.reportedBy).toBe(mateA!.id);
    const finished = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(finished.body.data.status).toBe('COMPLETED');
  });

  it('refuses a team name another participant holds, trimmed and in any case (409 CONFLICT naming body.team.name)', async () => {
    const t = await openTournament(server, tenant, { teamSize: 2 });
    const [a1, a2, b1, b2, c1, c2] = await registerPlayers(server, 6);
    const owls = await participate(t.id, a1!.accessToken, { team: { name: '  Night Owls ', memberUserIds: [a1!.id, a2!.id] } });
    expect(owls.status).toBe(201);
    expect(owls.body.data).toMatchObject({ name: 'Night Owls', team: { name: 'Night Owls' } });
    for (const name of ['Night Owls', 'night owls ', 'NIGHT OWLS']) {
      const clash = await participate(t.id, b1!.accessToken, { team: { name, memberUserIds: [b1!.id, b2!.id] } });
      expect(clash.status).toBe(409);
      expect(clash.body.error).toMatchObject({ code: 'CONFLICT', details: [{ path: 'body.team.name', message: expect.stringContaining('"Night Owls"') }] });
    }
    // A name the organizer gave a participant counts too.
    const guests = await request(server, 'POST', `/tournaments/${t.id}/participants`, { apiKey: tenant.apiKey.key, body: { team: { name: 'Red Foxes' } } });
    expect(guests.status).toBe(201);
    const foxes = await participate(t.id, c1!.accessToken, { team: { name: 'red foxes', memberUserIds: [c1!.id, c2!.id] } });
    expect(foxes.body.error?.details?.[0]?.path).toBe('body.team.name');
    const blank = await participate(t.id, c1!.accessToken, { team: { name: '   ', memberUserIds: [c1!.id, c2!.id] } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.details[0].path).toBe('body.team.name');
    expect((await participate(t.id, b1!.accessToken, { team: { name: 'Night Owls II', memberUserIds: [b1!.id, b2!.id] } })).status).toBe(201);
  });
});

describe('checkInToTournament', () => {
  it('opens the window checkInOpensMinutesBefore the start and marks missing players NO_SHOW at the start', async () => {
    const now = server.clock.now().getTime();
    const startDate = new Date(now + 3 * 3600_000).toISOString();
    const t = await openTournament(server, tenant, { startDate, checkInRequired: true, checkInOpensMinutesBefore: 30 });
    const players = await registerPlayers(server, 3);
    const { participantOf } = await joinAll(server, t.id, players);
    const early = await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[0]!.accessToken });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('INVALID_STATE');
    expect(early.body.error.message).toContain(new Date(now + 150 * 60_000).toISOString());
    const stranger = await registerUser(server);
    expect((await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: stranger.accessToken })).status).toBe(404);

    server.clock.set(new Date(now + 160 * 60_000));
    const ok = await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[0]!.accessToken });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'CHECKED_IN', checkedInAt: server.clock.now().toISOString() });
    const twice = await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[0]!.accessToken });
    expect(twice.body.data.checkedInAt).toBe(ok.body.data.checkedInAt);

    const notEnough = await request(server, 'POST', `/tournaments/${t.id}/start`, { token: tenant.owner.accessToken });
    expect(notEnough.body.error.code).toBe('NOT_ENOUGH_PARTICIPANTS');
    expect((await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[1]!.accessToken })).status).toBe(200);
    const started = await lifecycle(server, tenant, t.id, 'start');
    expect(started.participantCounts).toMatchObject({ active: 2, noShow: 1, checkedIn: 0, registered: 0 });
    const noShow = await request(server, 'GET', `/tournaments/${t.id}/participants/${participantOf.get(players[2]!.id)}`);
    expect(noShow.body.data).toMatchObject({ status: 'NO_SHOW', seed: null });
    const late = await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[2]!.accessToken });
    expect(late.status).toBe(409);

    server.clock.set(new Date(now + 4 * 3600_000));
    const afterStart = await openTournament(server, tenant, { startDate: new Date(now + 3.5 * 3600_000).toISOString(), checkInRequired: true });
    const lone = await registerUser(server);
    await participate(afterStart.id, lone.accessToken);
    const closed = await request(server, 'POST', `/tournaments/${afterStart.id}/checkin`, { token: lone.accessToken });
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toContain('closed');
  });

  it('accepts a check-in at any time before the start when check-in is not required, and none once started', async () => {
    const now = server.clock.now().getTime();
    // A start a week away, far outside a 30-minute window.
    const t = await openTournament(server, tenant, { startDate: new Date(now + 7 * 24 * 3600_000).toISOString(), checkInOpensMinutesBefore: 30 });
    const players = await registerPlayers(server, 2);
    await joinAll(server, t.id, players);
    const early = await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[0]!.accessToken });
    expect(early.status).toBe(200);
    expect(early.body.data.status).toBe('CHECKED_IN');
    const started = await lifecycle(server, tenant, t.id, 'start');
    // Without required check-in, both play: the one who checked in and the one who did not.
    expect(started.participantCounts).toMatchObject({ active: 2, noShow: 0 });
    const late = await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[1]!.accessToken });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('INVALID_STATE');
  });
});

describe('organizer updates and removal', () => {
  it('seeds explicitly (unique), uses those seeds at the start, then locks them', async () => {
    const t = await openTournament(server, tenant);
    const players = await registerPlayers(server, 4);
    const { participantOf } = await joinAll(server, t.id, players);
    const last = participantOf.get(players[3]!.id)!;
    const third = participantOf.get(players[2]!.id)!;
    const seeded = await request(server, 'PATCH', `/tournaments/${t.id}/participants/${last}`, { apiKey: tenant.apiKey.key, body: { seed: 1 } });
    expect(seeded.status).toBe(200);
    expect(seeded.body.data.seed).toBe(1);
    const clash = await request(server, 'PATCH', `/tournaments/${t.id}/participants/${third}`, { token: tenant.owner.accessToken, body: { seed: 1 } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('CONFLICT');
    expect(clash.body.error.details[0].path).toBe('body.seed');
    const badStatus = await request(server, 'PATCH', `/tournaments/${t.id}/participants/${third}`, { token: tenant.owner.accessToken, body: { status: 'ACTIVE' } });
    expect(badStatus.status).toBe(409);
    expect(badStatus.body.error.code).toBe('INVALID_TRANSITION');
    const stranger = await registerUser(server);
    expect((await request(server, 'PATCH', `/tournaments/${t.id}/participants/${third}`, { token: stranger.accessToken, body: { seed: 2 } })).status).toBe(403);

    const listed = await request(server, 'GET', `/tournaments/${t.id}/participants`);
    expect(listed.body.data[0].id).toBe(last);
    await lifecycle(server, tenant, t.id, 'start');
    const after = await request(server, 'GET', `/tournaments/${t.id}/participants`, { query: { limit: 2, page: 1 } });
    expect(after.body.data.map((p: any) => [p.id, p.seed])).toEqual([
      [last, 1],
      [participantOf.get(players[0]!.id), 2],
    ]);
    expect(after.body.pagination).toMatchObject({ total: 4, totalPages: 2, hasNext: true });
    const active = await request(server, 'GET', `/tournaments/${t.id}/participants`, { query: { status: 'ACTIVE' } });
    expect(active.body.pagination.total).toBe(4);
    const locked = await request(server, 'PATCH', `/tournaments/${t.id}/participants/${last}`, { token: tenant.owner.accessToken, body: { seed: 3 } });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('TOURNAMENT_LOCKED');
  });

  it('counts places like a registration when reinstating: WITHDRAWN frees the place, DISQUALIFIED keeps it', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 2 });
    const players = await registerPlayers(server, 4);
    const { participantOf } = await joinAll(server, t.id, players.slice(0, 2));
    const [a, b] = [participantOf.get(players[0]!.id)!, participantOf.get(players[1]!.id)!];
    const setStatus = (participantId: string, status: string) =>
      request(server, 'PATCH', `/tournaments/${t.id}/participants/${participantId}`, { token: tenant.owner.accessToken, body: { status } });
    const statusOf = async (participantId: string) => (await request(server, 'GET', `/tournaments/${t.id}/participants/${participantId}`)).body.data.status;
    const placesTaken = async () => (await request(server, 'GET', `/tournaments/${t.id}`)).body.data.currentParticipants;

    // A withdrawal frees the place, a new registration takes it, and the withdrawn participant cannot come back.
    expect((await setStatus(a, 'WITHDRAWN')).status).toBe(200);
    expect(await placesTaken()).toBe(1);
    const c = await participate(t.id, players[2]!.accessToken);
    expect(c.status).toBe(201);
    const full = await setStatus(a, 'REGISTERED');
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('TOURNAMENT_FULL');
    expect(await statusOf(a)).toBe('WITHDRAWN');

    // A disqualified participant keeps the place: nobody else can take it, and reinstating needs no free place.
    expect((await setStatus(b, 'DISQUALIFIED')).status).toBe(200);
    expect(await placesTaken()).toBe(2);
    expect((await participate(t.id, players[3]!.accessToken)).body.error.code).toBe('TOURNAMENT_FULL');
    const reinstated = await setStatus(b, 'REGISTERED');
    expect(reinstated.status).toBe(200);
    expect(reinstated.body.data.status).toBe('REGISTERED');

    // Once a place is free again, the withdrawn participant is reinstated.
    expect((await setStatus(c.body.data.id, 'WITHDRAWN')).status).toBe(200);
    const back = await setStatus(a, 'REGISTERED');
    expect(back.status).toBe(200);
    expect(back.body.data.status).toBe('REGISTERED');
    expect(await placesTaken()).toBe(2);
  });

  it('deletes a participant before the start', async () => {
    const t = await openTournament(server, tenant);
    const players = await registerPlayers(server, 2);
    const { participantOf } = await joinAll(server, t.id, players);
    const pid = participantOf.get(players[0]!.id)!;
    const res = await request(server, 'DELETE', `/tournaments/${t.id}/participants/${pid}`, { token: tenant.owner.accessToken });
    expect(res.status).toBe(204);
    expect((await request(server, 'GET', `/tournaments/${t.id}/participants/${pid}`)).status).toBe(404);
    const again = await participate(t.id, players[0]!.accessToken);
    expect(again.status).toBe(201);
  });

  it('disqualifies after the start: open matches become walkovers that advance like completions', async () => {
    const t = await openTournament(server, tenant);
    const players = await registerPlayers(server, 4);
    const { byParticipant, participantOf } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const seed = (n: number) => participantOf.get(players[n - 1]!.id)!;
    const [semi1, semi2] = (await allMatches(server, t.id)).filter((m) => m.round === 1);

    // Seed 4 is disqualified: 1-4 becomes a walkover for seed 1, who moves into the final.
    const dq = await request(server, 'DELETE', `/tournaments/${t.id}/participants/${seed(4)}`, { apiKey: tenant.apiKey.key });
    expect(dq.status).toBe(204);
    const walkover = (await request(server, 'GET', `/matches/${semi1.id}`)).body.data;
    expect(walkover).toMatchObject({ status: 'COMPLETED', resultType: 'WALKOVER', winnerId: seed(1), loserId: seed(4) });
    expect(walkover.history.map((h: any) => h.type)).toEqual(['WALKOVER']);
    expect((await request(server, 'GET', `/tournaments/${t.id}/participants/${seed(4)}`)).body.data.status).toBe('DISQUALIFIED');
    const final = (await request(server, 'GET', `/matches/${semi1.next.winner.matchId}`)).body.data;
    expect(final.participants[0].participantId).toBe(seed(1));

    // Seed 1 is disqualified while the final still waits for an opponent: the opponent wins it on arrival.
    const dq1 = await request(server, 'PATCH', `/tournaments/${t.id}/participants/${seed(1)}`, { token: tenant.owner.accessToken, body: { status: 'DISQUALIFIED' } });
    expect(dq1.status).toBe(200);
    expect(dq1.body.data.status).toBe('DISQUALIFIED');
    await playMatch(server, semi2, byParticipant);
    const finished = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(finished.body.data.status).toBe('COMPLETED');
    const finalDone = (await request(server, 'GET', `/matches/${final.id}`)).body.data;
    expect(finalDone).toMatchObject({ resultType: 'WALKOVER', winnerId: seed(2), loserId: seed(1) });
    const champion = (await request(server, 'GET', `/tournaments/${t.id}/participants/${seed(2)}`)).body.data;
    expect(champion).toMatchObject({ status: 'ACTIVE', finalPlacement: 1 });
    const removedAfter = await request(server, 'DELETE', `/tournaments/${t.id}/participants/${seed(3)}`, { token: tenant.owner.accessToken });
    expect(removedAfter.status).toBe(409);
    expect(removedAfter.body.error.code).toBe('INVALID_STATE');
  });

  it('leaves a participant who already withdrew or was disqualified as they are when removed after the start', async () => {
    const t = await openTournament(server, tenant);
    const players = await registerPlayers(server, 4);
    const { participantOf } = await joinAll(server, t.id, players);
    await lifecycle(server, tenant, t.id, 'start');
    const [withdrawn, disqualified] = players.slice(0, 2).map((u) => participantOf.get(u.id)!);
    const path = (id: string) => `/tournaments/${t.id}/participants/${id}`;
    const token = tenant.owner.accessToken;
    expect((await request(server, 'PATCH', path(withdrawn!), { token, body: { status: 'WITHDRAWN' } })).status).toBe(200);
    expect((await request(server, 'DELETE', path(disqualified!), { token })).status).toBe(204);
    // WITHDRAWN -> DISQUALIFIED is no change an organizer may make while ONGOING: a removal does not make it either.
    for (const id of [withdrawn!, disqualified!]) expect((await request(server, 'DELETE', path(id), { token })).status).toBe(204);
    expect((await request(server, 'GET', path(withdrawn!))).body.data.status).toBe('WITHDRAWN');
    expect((await request(server, 'GET', path(disqualified!))).body.data.status).toBe('DISQUALIFIED');
    const removals = await server.deps.db.selectFrom('events').select('type').where('type', 'in', ['participant.disqualified', 'participant.withdrawn']).where('subject_id', 'in', [withdrawn!, disqualified!]).execute();
    expect(removals.map((e) => e.type).sort()).toEqual(['participant.disqualified', 'participant.withdrawn']);
  });
});
