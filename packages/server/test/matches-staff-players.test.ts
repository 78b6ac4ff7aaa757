import { describe, expect } from 'vitest';
import type { StaffRole } from '../src/index';
import { addStaffMember, registerPlayers, registerUser, request, test, type TestResponse, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { act, eventTypes, historyTypes, scoresBody, sidesOf } from './matches-helpers';
import { allMatches, joinAll, lifecycle, openTournament } from './tournaments-helpers';

// A player of a match never acts as staff on it, whatever their role (R8.5): staff of the organization who also play in
// the tournament are refused the staff actions (resolve, correct, reschedule) on their own matches with 403 FORBIDDEN,
// while a staff member of the same role who does not play that match takes them. An 8-player round robin of four staff
// players (OWNER, ADMIN, ORGANIZER, MODERATOR) and four ordinary players; each staff player's matches against ordinary
// players are theirs alone, and each is refereed by a staff member of the same role who does not play.
const ROLES = ['OWNER', 'ADMIN', 'ORGANIZER', 'MODERATOR'] as const satisfies readonly StaffRole[];
type Role = (typeof ROLES)[number];

/** The league: per role, a staff member who plays and one who does not; the player of each participant. */
interface Cast {
  playing: Record<Role, TestUser>;
  referee: Record<Role, TestUser>;
  byParticipant: Map<string, TestUser>;
  /** Per role, the SCHEDULED matches of its playing staff member against an ordinary player. */
  matchesOf: Record<Role, any[]>;
}

async function staffUser(server: TestServer, tenant: TestTenant, role: Role, displayName: string): Promise<TestUser> {
  const user = await registerUser(server, { displayName });
  await addStaffMember(server, tenant.organization.id, user.id, role);
  return user;
}

const it = test.extend<{ cast: Cast }>({
  cast: [
    async ({ server, tenant }, use) => {
      const playing = {} as Record<Role, TestUser>;
      const referee = { OWNER: tenant.owner } as Record<Role, TestUser>;
      for (const role of ROLES) {
        playing[role] = await staffUser(server, tenant, role, `Playing ${role}`);
        if (role !== 'OWNER') referee[role] = await staffUser(server, tenant, role, `Referee ${role}`);
      }
      const ordinary = await registerPlayers(server, 4);
      const t = await openTournament(server, tenant, { maxParticipants: 8, stages: [{ name: 'League', format: 'ROUND_ROBIN' }] });
      const { byParticipant } = await joinAll(server, t.id, [...ROLES.map((r) => playing[r]), ...ordinary]);
      await lifecycle(server, tenant, t.id, 'start');
      const ordinaryIds = new Set(ordinary.map((u) => u.id));
      const matches = await allMatches(server, t.id);
      const matchesOf = {} as Record<Role, any[]>;
      for (const role of ROLES) {
        matchesOf[role] = matches.filter((m) => {
          const users = m.participants.map((s: any) => byParticipant.get(s.participantId)!.id);
          return users.includes(playing[role].id) && users.some((id: string) => ordinaryIds.has(id));
        });
        expect(matchesOf[role].length, role).toBe(4);
      }
      await use({ playing, referee, byParticipant, matchesOf });
    },
    { scope: 'file' },
  ],
});

/**
 * The staff player's side of a match and its opponent: `win(w, l)` is a scores body in which the staff player scores
 * `w` and the opponent `l` (the higher score wins).
 */
function sidesFor(match: any, player: TestUser, byParticipant: ReadonlyMap<string, TestUser>) {
  const { a, b, reporter, opponent } = sidesOf(match, byParticipant);
  const first = reporter.id === player.id;
  return {
    participantId: first ? a : b,
    other: first ? opponent : reporter,
    win: (w: number, l: number) => (first ? scoresBody(a, b, w, l) : scoresBody(a, b, l, w)),
  };
}

/** Expects `res` to be 403 FORBIDDEN and the match (its representation and events) to be exactly as before. */
async function expectRefused(server: TestServer, matchId: string, res: TestResponse, label: string, before: { match: unknown; events: string[] }) {
  expect(`${res.status} ${res.body?.error?.code}`, `${label}: ${res.text}`).toBe('403 FORBIDDEN');
  expect((await request(server, 'GET', `/matches/${matchId}`)).body.data, label).toEqual(before.match);
  expect(await eventTypes(server, matchId), label).toEqual(before.events);
}

/** The match as read publicly and its events, to check a refusal changes nothing. */
async function snapshot(server: TestServer, matchId: string): Promise<{ match: unknown; events: string[] }> {
  return { match: (await request(server, 'GET', `/matches/${matchId}`)).body.data, events: await eventTypes(server, matchId) };
}

/** Expects `res` to be 200 and the latest history entry of the match to be `type` by `user`. */
async function expectDoneBy(server: TestServer, res: TestResponse, type: string, user: TestUser, label: string): Promise<any> {
  expect(res.status, `${label}: ${res.text}`).toBe(200);
  const match = res.body.data.match ?? res.body.data;
  const last = match.history[match.history.length - 1];
  expect([last.type, last.actorUserId], label).toEqual([type, user.id]);
  return match;
}

describe('staff who play a match', () => {
  it('refuses OWNER, ADMIN and ORGANIZER staff who play the match resolve, correct and reschedule (403 FORBIDDEN), which the same role off the match may do', async ({
    server,
    cast,
  }) => {
    for (const role of ['OWNER', 'ADMIN', 'ORGANIZER'] as const) {
      const [scheduled, disputed, played] = cast.matchesOf[role];
      const player = cast.playing[role];
      const referee = cast.referee[role];
      const later = () => new Date(server.clock.now().getTime() + 86_400_000).toISOString();

      // SCHEDULED: rescheduling and an organizer's resolution outside a dispute.
      {
        const { win } = sidesFor(scheduled, player, cast.byParticipant);
        const label = `${role} on its SCHEDULED match`;
        const before = await snapshot(server, scheduled.id);
        await expectRefused(server, scheduled.id, await act(server, scheduled.id, 'reschedule', player.accessToken, { scheduledAt: later(), reason: 'mine' }), `reschedule by playing ${label}`, before);
        await expectRefused(server, scheduled.id, await act(server, scheduled.id, 'resolve', player.accessToken, { ...win(1, 0), reason: 'mine' }), `resolve by playing ${label}`, before);
        const moved = await expectDoneBy(server, await act(server, scheduled.id, 'reschedule', referee.accessToken, { scheduledAt: later() }), 'RESCHEDULED', referee, `reschedule by referee ${label}`);
        expect(moved.status).toBe('SCHEDULED');
        const resolved = await expectDoneBy(server, await act(server, scheduled.id, 'resolve', referee.accessToken, { ...win(0, 1), reason: 'override' }), 'RESOLVED', referee, `resolve by referee ${label}`);
        expect(resolved.status).toBe('RESOLVED');
      }

      // DISPUTED: the opponent reports, the staff player disputes as a player, then may not resolve their own dispute.
      {
        const { participantId, other, win } = sidesFor(disputed, player, cast.byParticipant);
        const label = `${role} on its DISPUTED match`;
        expect((await act(server, disputed.id, 'report', other.accessToken, win(0, 2))).status).toBe(200);
        const dispute = await act(server, disputed.id, 'dispute', player.accessToken, { reason: 'I won' });
        expect(dispute.status, dispute.text).toBe(200);
        expect(dispute.body.data.history.at(-1).data.participantId).toBe(participantId);
        const playerWins = win(2, 0);
        const before = await snapshot(server, disputed.id);
        await expectRefused(server, disputed.id, await act(server, disputed.id, 'resolve', player.accessToken, { ...playerWins, reason: 'I won' }), `resolve by playing ${label}`, before);
        const resolved = await expectDoneBy(server, await act(server, disputed.id, 'resolve', referee.accessToken, { ...playerWins, reason: 'replay reviewed' }), 'RESOLVED', referee, `resolve by referee ${label}`);
        expect(resolved.history.at(-1).data).toMatchObject({ by: 'ORGANIZER', previousStatus: 'DISPUTED' });
        expect(resolved.winnerId).toBe(playerWins.winnerId);
      }

      // COMPLETED: the staff player starts and reports as a player, may not approve their own report as staff, nor
      // correct the result once the opponent confirmed it.
      {
        const { other, win } = sidesFor(played, player, cast.byParticipant);
        const label = `${role} on its COMPLETED match`;
        const playerWins = win(2, 1);
        const otherWins = win(1, 2);
        const started = await expectDoneBy(server, await act(server, played.id, 'start', player.accessToken), 'STARTED', player, `start by playing ${label}`);
        expect(started.history.at(-1).data.by, 'a staff player starts as a participant, not as an organizer').toBe('participant');
        expect((await act(server, played.id, 'report', player.accessToken, playerWins)).status).toBe(200);
        const ownApproval = await act(server, played.id, 'confirm', player.accessToken);
        expect(`${ownApproval.status} ${ownApproval.body.error?.code}`, `confirm of own report by playing ${label}`).toBe('403 FORBIDDEN');
        expect((await act(server, played.id, 'confirm', other.accessToken)).body.data.status).toBe('COMPLETED');
        const before = await snapshot(server, played.id);
        await expectRefused(server, played.id, await act(server, played.id, 'correct', player.accessToken, { ...otherWins, reason: 'mine' }), `correct by playing ${label}`, before);
        const history = await historyTypes(server, played.id);
        const corrected = await expectDoneBy(server, await act(server, played.id, 'correct', referee.accessToken, { ...otherWins, reason: 'sheet misread' }), 'CORRECTED', referee, `correct by referee ${label}`);
        expect(corrected.status).toBe('COMPLETED');
        expect(corrected.winnerId).toBe(otherWins.winnerId);
        expect(await historyTypes(server, played.id)).toEqual([...history, 'CORRECTED']);
      }
    }
  });

  it('refuses a MODERATOR who plays the match the resolution of its dispute (403 FORBIDDEN), which a moderator off the match may do', async ({ server, cast }) => {
    const [match] = cast.matchesOf.MODERATOR;
    const player = cast.playing.MODERATOR;
    const referee = cast.referee.MODERATOR;
    const { other, win } = sidesFor(match, player, cast.byParticipant);
    const playerWins = win(3, 0);
    const otherWins = win(0, 3);
    expect((await act(server, match.id, 'report', other.accessToken, otherWins)).status).toBe(200);
    expect((await act(server, match.id, 'dispute', player.accessToken, { reason: 'I won 3-0' })).body.data.status).toBe('DISPUTED');
    const before = await snapshot(server, match.id);
    await expectRefused(server, match.id, await act(server, match.id, 'resolve', player.accessToken, { ...playerWins, reason: 'I won' }), 'resolve by the playing moderator', before);
    const resolved = await expectDoneBy(server, await act(server, match.id, 'resolve', referee.accessToken, { ...playerWins, reason: 'replay reviewed' }), 'RESOLVED', referee, 'resolve by the referee moderator');
    expect(resolved.history.at(-1).data).toMatchObject({ by: 'MODERATOR', previousStatus: 'DISPUTED' });
    expect(resolved).toMatchObject({ status: 'RESOLVED', winnerId: playerWins.winnerId });
  });
});
