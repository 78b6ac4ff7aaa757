import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, request, startTestServer, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { act, createStaff, scoresBody, type Staff } from './matches-helpers';
import { allMatches, joinAll, lifecycle, openTournament, playMatch, registerPlayers } from './tournaments-helpers';

// Organizer changes to a match (R8.13, R8.19) reach both sides as notifications (R15.3): reschedule and correction.
let server: TestServer;
let tenant: TestTenant;
let staff: Staff;
let players: TestUser[];

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set('2030-05-01T00:00:00.000Z');
  tenant = await createTenant(server);
  staff = await createStaff(server, tenant);
  players = await registerPlayers(server, 4);
});
afterAll(async () => server?.close());

async function startedCup() {
  const t = await openTournament(server, tenant, { maxParticipants: 4, startDate: '2030-06-01T12:00:00.000Z' });
  const { byParticipant } = await joinAll(server, t.id, players);
  await lifecycle(server, tenant, t.id, 'start');
  return { id: t.id as string, byParticipant };
}

const notificationsOf = async (user: TestUser, type: string) => {
  const res = await request(server, 'GET', '/notifications', { token: user.accessToken, query: { limit: 100 } });
  expect(res.status, res.text).toBe(200);
  return res.body.data.filter((n: any) => n.type === type);
};

const usersOf = (match: any, byParticipant: ReadonlyMap<string, TestUser>) =>
  match.participants.map((side: any) => byParticipant.get(side.participantId)!) as TestUser[];

describe('notifications for organizer changes to a match', () => {
  it('tells both sides when their match is rescheduled', async () => {
    const { id, byParticipant } = await startedCup();
    const [match] = await allMatches(server, id);
    const res = await act(server, match.id, 'reschedule', staff.organizer.accessToken, { scheduledAt: '2030-06-02T09:00:00Z' });
    expect(res.status, res.text).toBe(200);
    for (const user of usersOf(match, byParticipant)) {
      const [notice] = await notificationsOf(user, 'MATCH_RESCHEDULED');
      expect(notice).toMatchObject({ title: 'Match rescheduled', data: { matchId: match.id, tournamentId: id } });
      expect(notice.message).toContain('2030-06-02 09:00 UTC');
    }
    const bystander = players.find((p) => !usersOf(match, byParticipant).includes(p))!;
    expect(await notificationsOf(bystander, 'MATCH_RESCHEDULED')).toHaveLength(0);
  });

  it('tells both sides when an organizer corrects their result', async () => {
    const { id, byParticipant } = await startedCup();
    const [first] = await allMatches(server, id);
    const played = await playMatch(server, first, byParticipant);
    const loser = played.participants.find((side: any) => side.participantId !== played.winnerId).participantId as string;
    const winner = played.winnerId as string;
    const res = await act(server, played.id, 'correct', staff.organizer.accessToken, {
      ...scoresBody(loser, winner, 2, 0),
      reason: 'score sheet misread',
    });
    expect(res.status, res.text).toBe(200);
    for (const user of usersOf(played, byParticipant)) {
      const [notice] = await notificationsOf(user, 'MATCH_RESULT_CORRECTED');
      expect(notice).toMatchObject({ title: 'Result corrected', data: { matchId: played.id, tournamentId: id } });
    }
  });
});
