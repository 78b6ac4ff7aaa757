/**
 * The waitlist of a full tournament over HTTP (R6.14): entries beyond maxParticipants wait in line up to
 * waitlistCapacity, take each place that comes free before the start (a withdrawal, a removal, a higher
 * maxParticipants, an account deletion) with their events and notifications, and stay out of the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { allMatches, createTournament, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const asOwner = (method: string, path: string, body?: unknown) =>
  request(server, method, path, { token: tenant.owner.accessToken, ...(body !== undefined ? { body } : {}) });
const participate = (id: string, player: TestUser, body?: unknown) =>
  request(server, 'POST', `/tournaments/${id}/participate`, { token: player.accessToken, ...(body !== undefined ? { body } : {}) });
const patch = (id: string, pid: string, body: unknown) => asOwner('PATCH', `/tournaments/${id}/participants/${pid}`, body);
const eventsOf = async (pid: string) =>
  (await server.deps.db.selectFrom('events').select(['type', 'data']).where('subject_id', '=', pid).orderBy('created_at').orderBy('id').execute()).map(
    (e) => ({ type: e.type, data: JSON.parse(e.data) }),
  );
/** Status and waitlist position of each participant id, read back through listParticipants. */
async function roster(id: string): Promise<Map<string, [string, number | null]>> {
  const res = await asOwner('GET', `/tournaments/${id}/participants`, undefined);
  expectStatus(res, 200, 'listParticipants');
  return new Map(res.body.data.map((p: any) => [p.id, [p.status, p.waitlistPosition]]));
}
/** Enters every player in order and returns their participant ids (REGISTERED or WAITLISTED). */
async function enter(id: string, players: readonly TestUser[]): Promise<string[]> {
  const ids: string[] = [];
  for (const p of players) {
    const res = await participate(id, p);
    expectStatus(res, 201, 'participate');
    ids.push(res.body.data.id);
  }
  return ids;
}
const notificationsOf = async (player: TestUser, tournamentId: string) =>
  (await request(server, 'GET', '/notifications', { token: player.accessToken, query: { limit: 100 } })).body.data.filter(
    (n: any) => n.data?.tournamentId === tournamentId,
  );

describe('the waitlist of a full tournament', () => {
  it('puts entries beyond maxParticipants on the waitlist in order, up to waitlistCapacity, then refuses with TOURNAMENT_FULL; pages, own lists and analytics show the line', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 2, waitlistCapacity: 2 });
    expect(t.waitlistCapacity).toBe(2);
    const players = await registerPlayers(server, 5);
    const [a, b] = await enter(t.id, players.slice(0, 2));
    const first = await participate(t.id, players[2]!);
    expectStatus(first, 201, 'first on the waitlist');
    expect(first.body.data).toMatchObject({ status: 'WAITLISTED', waitlistPosition: 1, seed: null, userId: players[2]!.id });
    const second = await participate(t.id, players[3]!);
    expect(second.body.data).toMatchObject({ status: 'WAITLISTED', waitlistPosition: 2 });
    const refused = await participate(t.id, players[4]!);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'TOURNAMENT_FULL']);
    expect(refused.body.error.message).toContain('waitlist');

    expect(await eventsOf(first.body.data.id)).toEqual([
      {
        type: 'participant.waitlisted',
        data: { tournamentId: t.id, participantId: first.body.data.id, status: 'WAITLISTED', userId: players[2]!.id, memberUserIds: [players[2]!.id] },
      },
    ]);
    const tour = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(tour.body.data).toMatchObject({ currentParticipants: 2, waitlistCapacity: 2, participantCounts: { registered: 2, waitlisted: 2 } });
    expect(await roster(t.id)).toEqual(
      new Map([
        [a, ['REGISTERED', null]],
        [b, ['REGISTERED', null]],
        [first.body.data.id, ['WAITLISTED', 1]],
        [second.body.data.id, ['WAITLISTED', 2]],
      ]),
    );
    const waiting = await request(server, 'GET', `/tournaments/${t.id}/participants`, { query: { status: 'WAITLISTED' } });
    expect(waiting.body.data.map((p: any) => p.waitlistPosition)).toEqual([1, 2]);
    // The player's own list shows their place in line; analytics count the waiting entries among all entries.
    const mine = await request(server, 'GET', '/users/me/tournaments', { token: players[3]!.accessToken });
    expect(mine.body.data.find((m: any) => m.tournament.id === t.id)).toMatchObject({ participantStatus: 'WAITLISTED', waitlistPosition: 2 });
    const analytics = await asOwner('GET', `/tournaments/${t.id}/analytics`);
    expect(analytics.body.data).toMatchObject({ totalParticipants: 4, participants: { registered: 2, waitlisted: 2 } });
    // The public page shows the line beside the places.
    const page = await (await fetch(`${server.url.replace(/\/api\/v1$/, '')}/t/${t.id}`)).text();
    expect(page).toContain('<dt>Waitlist</dt><dd>2 / 2</dd>');

    // A waiting player is told so when entering again, and cannot check in without a place.
    const again = await participate(t.id, players[2]!);
    expect([again.status, again.body.error.code]).toEqual([409, 'ALREADY_REGISTERED']);
    expect(again.body.error.message).toContain('waitlist');
    const checkIn = await request(server, 'POST', `/tournaments/${t.id}/checkin`, { token: players[2]!.accessToken });
    expect([checkIn.status, checkIn.body.error.code]).toEqual([409, 'INVALID_STATE']);
    expect(checkIn.body.error.message).toContain('waitlist');

    // Without a waitlist (the default) a full tournament refuses at once, as before.
    const plain = await openTournament(server, tenant, { maxParticipants: 2 });
    expect(plain.waitlistCapacity).toBe(0);
    await enter(plain.id, players.slice(0, 2));
    const full = await participate(plain.id, players[2]!);
    expect([full.status, full.body.error.code, full.body.error.message]).toEqual([409, 'TOURNAMENT_FULL', 'the tournament is full (2 participants)']);
  });

  it('gives each place that comes free to the first in line: a withdrawal, a removal, a higher maxParticipants, an account deletion', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 3, waitlistCapacity: 10 });
    const players = await registerPlayers(server, 9);
    const [p1, p2, p3, w1, w2, w3, w4, w5, w6] = await enter(t.id, players);

    // A player withdraws: the first in line takes the place, hears of it, and the line moves up.
    expectStatus(await request(server, 'POST', `/tournaments/${t.id}/withdraw`, { token: players[0]!.accessToken }), 200, 'withdraw');
    let now = await roster(t.id);
    expect(now.get(p1!)).toEqual(['WITHDRAWN', null]);
    expect(now.get(w1!)).toEqual(['REGISTERED', null]);
    expect(now.get(w2!)).toEqual(['WAITLISTED', 1]);
    expect((await eventsOf(w1!)).at(-1)).toEqual({
      type: 'participant.registered',
      data: { tournamentId: t.id, participantId: w1, status: 'REGISTERED', previousStatus: 'WAITLISTED', userId: null, memberUserIds: [players[3]!.id] },
    });
    const told = (await notificationsOf(players[3]!, t.id)).filter((n: any) => n.type === 'REGISTRATION_CONFIRMED');
    expect(told.map((n: any) => n.title)).toEqual([`A place came free in ${t.name}`]);

    // A waiting entry that leaves frees no place: nobody moves up, the line closes the gap.
    expectStatus(await request(server, 'POST', `/tournaments/${t.id}/withdraw`, { token: players[4]!.accessToken }), 200, 'leave the waitlist');
    now = await roster(t.id);
    expect([now.get(w2!), now.get(w3!), now.get(w4!)]).toEqual([['WITHDRAWN', null], ['WAITLISTED', 1], ['WAITLISTED', 2]]);

    // An organizer removes an entry: its place goes to the next in line.
    expect((await asOwner('DELETE', `/tournaments/${t.id}/participants/${p2}`)).status).toBe(204);
    expect((await roster(t.id)).get(w3!)).toEqual(['REGISTERED', null]);

    // Two more places: the next two in line, in order; the last one waits first in line.
    expectStatus(await asOwner('PUT', `/tournaments/${t.id}`, { maxParticipants: 5 }), 200, 'maxParticipants 5');
    now = await roster(t.id);
    expect([now.get(w4!), now.get(w5!), now.get(w6!)]).toEqual([['REGISTERED', null], ['REGISTERED', null], ['WAITLISTED', 1]]);
    expect((await request(server, 'GET', `/tournaments/${t.id}`)).body.data).toMatchObject({
      currentParticipants: 5,
      participantCounts: { registered: 5, waitlisted: 1, withdrawn: 2 },
    });

    // A registered player deletes their account: the entry is withdrawn and the last in line moves up.
    const gone = players[2]!;
    expectStatus(await request(server, 'DELETE', '/users/me', { token: gone.accessToken, body: { password: gone.password } }), 204, 'deleteMe');
    now = await roster(t.id);
    expect([now.get(p3!), now.get(w6!)]).toEqual([['WITHDRAWN', null], ['REGISTERED', null]]);
    // An organizer's update recording tournament.updated comes before the promotions it causes.
    const types = (await server.deps.db.selectFrom('events').select('type').where('subject_id', 'in', [t.id, w4!, w5!]).orderBy('id').execute()).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['tournament.updated', 'participant.registered', 'participant.registered']);
  });

  it('lets an organizer give a waiting entry a free place or take it off the line, never put one on it, nor shrink the line below who waits', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 2, waitlistCapacity: 3 });
    const players = await registerPlayers(server, 5);
    const [p1, , w1, w2, w3] = await enter(t.id, players);

    const noPlace = await patch(t.id, w2!, { status: 'REGISTERED' });
    expect([noPlace.status, noPlace.body.error.code]).toEqual([409, 'TOURNAMENT_FULL']);
    expect(noPlace.body.error.message).toContain('raise maxParticipants');
    // Entering a waiting player by hand is refused, saying they wait.
    const byHand = await asOwner('POST', `/tournaments/${t.id}/participants`, { username: players[3]!.username });
    expect([byHand.status, byHand.body.error.code]).toEqual([409, 'ALREADY_REGISTERED']);
    expect(byHand.body.error.message).toContain(`${players[3]!.username} (waitlisted)`);
    const seeded = await patch(t.id, w1!, { seed: 1 });
    expect([seeded.status, seeded.body.error.code, seeded.body.error.details[0].path]).toEqual([409, 'INVALID_STATE', 'body.seed']);
    for (const to of ['DISQUALIFIED', 'ACTIVE']) {
      const refused = await patch(t.id, w1!, { status: to });
      expect([refused.status, refused.body.error.code], to).toEqual([409, 'INVALID_TRANSITION']);
    }
    const demote = await patch(t.id, p1!, { status: 'WAITLISTED' });
    expect([demote.status, demote.body.error.code]).toEqual([409, 'INVALID_TRANSITION']);

    const shrink = await asOwner('PUT', `/tournaments/${t.id}`, { waitlistCapacity: 2 });
    expect([shrink.status, shrink.body.error.code, shrink.body.error.details[0].path]).toEqual([409, 'CONFLICT', 'body.waitlistCapacity']);

    // Off the line by hand (WITHDRAWN): the others move up; then the line may shrink to who waits.
    expect((await patch(t.id, w1!, { status: 'WITHDRAWN' })).body.data).toMatchObject({ status: 'WITHDRAWN', waitlistPosition: null });
    expect((await roster(t.id)).get(w3!)).toEqual(['WAITLISTED', 2]);
    expectStatus(await asOwner('PUT', `/tournaments/${t.id}`, { waitlistCapacity: 2 }), 200, 'waitlistCapacity 2');

    // A free place: the first in line takes it at once, so the organizer gives one by making a place.
    expect((await patch(t.id, p1!, { status: 'WITHDRAWN' })).status).toBe(200);
    expect((await roster(t.id)).get(w2!)).toEqual(['REGISTERED', null]);
    // Reinstating the withdrawn entry needs a free place, which the line took.
    const reinstate = await patch(t.id, p1!, { status: 'REGISTERED' });
    expect([reinstate.status, reinstate.body.error.code]).toEqual([409, 'TOURNAMENT_FULL']);
    expectStatus(await asOwner('PUT', `/tournaments/${t.id}`, { maxParticipants: 4 }), 200, 'maxParticipants 4');
    // The new places go to the line first (w3), then the withdrawn entry can be reinstated into the last one.
    expect((await roster(t.id)).get(w3!)).toEqual(['REGISTERED', null]);
    expect((await patch(t.id, p1!, { status: 'REGISTERED' })).body.data.status).toBe('REGISTERED');
  });

  it('waits with teams too, every member told when the team moves up', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 2, teamSize: 2, waitlistCapacity: 1 });
    const [a1, a2, b1, b2, c1, c2, d1] = await registerPlayers(server, 7);
    const team = (captain: TestUser, mate: TestUser, name: string) => participate(t.id, captain, { team: { name, memberUserIds: [captain.id, mate.id] } });
    expectStatus(await team(a1!, a2!, 'Alpha'), 201, 'Alpha');
    expectStatus(await team(b1!, b2!, 'Bravo'), 201, 'Bravo');
    const c = await team(c1!, c2!, 'Charlie');
    expect(c.body.data).toMatchObject({ status: 'WAITLISTED', waitlistPosition: 1, team: { name: 'Charlie' } });
    // The mate of a waiting team is named as waitlisted when entered again elsewhere in the tournament.
    const mateAgain = await team(d1!, c2!, 'Delta');
    expect([mateAgain.status, mateAgain.body.error.code]).toEqual([409, 'ALREADY_REGISTERED']);
    expect(mateAgain.body.error.message).toContain(`${c2!.username} (waitlisted)`);
    expectStatus(await request(server, 'POST', `/tournaments/${t.id}/withdraw`, { token: b2!.accessToken }), 200, 'Bravo withdraws');
    expect((await roster(t.id)).get(c.body.data.id)).toEqual(['REGISTERED', null]);
    for (const member of [c1!, c2!]) {
      const notes = (await notificationsOf(member, t.id)).filter((n: any) => n.type === 'REGISTRATION_CONFIRMED');
      expect(notes.map((n: any) => n.message)).toEqual([`Charlie moved up from the waitlist and is registered for ${t.name}.`]);
    }
  });

  it('keeps the line out of the start: never seeded or drawn, told the tournament started without it, its room locked; it may still leave', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 4, waitlistCapacity: 4 });
    const players = await registerPlayers(server, 6);
    const ids = await enter(t.id, players);
    const started = await lifecycle(server, tenant, t.id, 'start');
    expect(started.participantCounts).toMatchObject({ active: 4, waitlisted: 2 });
    const now = await roster(t.id);
    expect([now.get(ids[4]!), now.get(ids[5]!)]).toEqual([['WAITLISTED', null], ['WAITLISTED', null]]);
    const inMatches = new Set((await allMatches(server, t.id)).flatMap((m: any) => m.participants.map((side: any) => side.participantId).filter(Boolean)));
    expect([...inMatches].sort()).toEqual(ids.slice(0, 4).sort());
    const startedNote = (await notificationsOf(players[4]!, t.id)).find((n: any) => n.type === 'TOURNAMENT_STARTED');
    expect(startedNote.message).toBe(`${t.name} has started without you: no place came free for your entry on the waitlist.`);
    // The line is over: no positions any more, and the tournament is not on a waiting player's calendar.
    expect((await request(server, 'GET', `/tournaments/${t.id}/participants/${ids[4]}`)).body.data).toMatchObject({ status: 'WAITLISTED', waitlistPosition: null });
    const ics = (await request(server, 'GET', '/calendar/export', { token: players[4]!.accessToken })).text;
    expect(ics).not.toContain(t.id);
    expect((await request(server, 'GET', '/calendar/export', { token: players[0]!.accessToken })).text).toContain(t.id);
    const lockedRoom = await asOwner('PUT', `/tournaments/${t.id}`, { waitlistCapacity: 8 });
    expect([lockedRoom.status, lockedRoom.body.error.code]).toEqual([409, 'TOURNAMENT_LOCKED']);
    // A disqualification once started frees no place for the line: the bracket is drawn.
    expectStatus(await patch(t.id, ids[0]!, { status: 'DISQUALIFIED' }), 200, 'disqualify');
    expect((await roster(t.id)).get(ids[4]!)).toEqual(['WAITLISTED', null]);
    // A waiting entry may still leave (the player, or an organizer's withdrawal), or be removed: it never played.
    const left = await request(server, 'POST', `/tournaments/${t.id}/withdraw`, { token: players[4]!.accessToken });
    expect([left.status, left.body.data.status]).toEqual([200, 'WITHDRAWN']);
    expect((await asOwner('DELETE', `/tournaments/${t.id}/participants/${ids[5]}`)).status).toBe(204);
    expect((await request(server, 'GET', `/tournaments/${t.id}/participants/${ids[5]}`)).status).toBe(404);
    const active = await request(server, 'POST', `/tournaments/${t.id}/withdraw`, { token: players[1]!.accessToken });
    expect([active.status, active.body.error.code]).toEqual([409, 'INVALID_STATE']);
  });

  it('checks waitlistCapacity at create and update: 0 to 4096, named when out of range', async () => {
    const over = await asOwner('POST', '/tournaments', {
      name: 'Too long a line',
      disciplineId: 'chess',
      maxParticipants: 8,
      waitlistCapacity: 4097,
      startDate: '2030-06-01T12:00:00.000Z',
      stages: [{ name: 'Main', format: 'SINGLE_ELIMINATION' }],
      projectId: tenant.project.id,
    });
    expect([over.status, over.body.error.details[0].path]).toEqual([400, 'body.waitlistCapacity']);
    const t = await createTournament(server, tenant);
    const negative = await asOwner('PUT', `/tournaments/${t.id}`, { waitlistCapacity: -1 });
    expect([negative.status, negative.body.error.details[0].path]).toEqual([400, 'body.waitlistCapacity']);
    const set = await asOwner('PUT', `/tournaments/${t.id}`, { waitlistCapacity: 16 });
    expect(set.body.data.waitlistCapacity).toBe(16);
    const events = (await server.deps.db.selectFrom('events').select('data').where('subject_id', '=', t.id).where('type', '=', 'tournament.updated').execute()).map(
      (e) => JSON.parse(e.data).changed,
    );
    expect(events).toEqual([['waitlistCapacity']]);
  });
});
