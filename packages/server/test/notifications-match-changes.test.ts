import { describe, expect } from 'vitest';
import { ManualClock } from '../src/index';
import { request, test, type TestUser } from './helpers/index';
import { act, scoresBody, staffTest } from './matches-helpers';
import { allMatches, joinAll, lifecycle, openTournament, playMatch } from './tournaments-helpers';

// Organizer changes to a match (R8.13, R8.19) reach both sides as notifications (R15.3): reschedule and correction.
test.scoped({ serverOptions: { clock: new ManualClock('2030-05-01T00:00:00.000Z') } });

interface MatchChanges {
  /** A started 4-player single elimination of the file's players. */
  startedCup: () => Promise<{ id: string; byParticipant: Map<string, TestUser> }>;
  /** The `user`'s notifications of `type` (first 100). */
  notificationsOf: (user: TestUser, type: string) => Promise<any[]>;
}
const it = staffTest.extend<MatchChanges>({
  startedCup: async ({ server, tenant, players }, use) =>
    use(async () => {
      const t = await openTournament(server, tenant, { maxParticipants: 4, startDate: '2030-06-01T12:00:00.000Z' });
      const { byParticipant } = await joinAll(server, t.id, players);
      await lifecycle(server, tenant, t.id, 'start');
      return { id: t.id as string, byParticipant };
    }),
  notificationsOf: async ({ server }, use) =>
    use(async (user, type) => {
      const res = await request(server, 'GET', '/notifications', { token: user.accessToken, query: { limit: 100 } });
      expect(res.status, res.text).toBe(200);
      return res.body.data.filter((n: any) => n.type === type);
    }),
});

/** The tournament's name, which every match notice's title names (a player may be in several at once). */
const nameOf = async (server: Parameters<typeof request>[0], id: string): Promise<string> => (await request(server, 'GET', `/tournaments/${id}`)).body.data.name;

const usersOf = (match: any, byParticipant: ReadonlyMap<string, TestUser>) =>
  match.participants.map((side: any) => byParticipant.get(side.participantId)!) as TestUser[];

describe('notifications for organizer changes to a match', () => {
  it('tells both sides when their match is rescheduled', async ({ server, staff, players, startedCup, notificationsOf }) => {
    const { id, byParticipant } = await startedCup();
    const [match] = await allMatches(server, id);
    const res = await act(server, match.id, 'reschedule', staff.organizer.accessToken, { scheduledAt: '2030-06-02T09:00:00Z' });
    expect(res.status, res.text).toBe(200);
    for (const user of usersOf(match, byParticipant)) {
      const [notice] = await notificationsOf(user, 'MATCH_RESCHEDULED');
      expect(notice).toMatchObject({ title: `Your match in ${await nameOf(server, id)} was rescheduled`, data: { matchId: match.id, tournamentId: id } });
      expect(notice.message).toMatch(/ is now scheduled on 2030-06-02 09:00 UTC\.$/);
    }
    const bystander = players.find((p) => !usersOf(match, byParticipant).includes(p))!;
    expect(await notificationsOf(bystander, 'MATCH_RESCHEDULED')).toHaveLength(0);
  });

  it('tells both sides when an organizer corrects their result', async ({ server, staff, startedCup, notificationsOf }) => {
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
      expect(notice).toMatchObject({ title: `Result corrected in ${await nameOf(server, id)}`, data: { matchId: played.id, tournamentId: id } });
    }
  });

  it('tells the sides of a played match a correction sends back that it must be played again, also after the end', async ({ server, staff, startedCup, notificationsOf }) => {
    const { id, byParticipant } = await startedCup();
    const [semi1, semi2] = await allMatches(server, id);
    const playedSemi = await playMatch(server, semi1, byParticipant);
    await playMatch(server, semi2, byParticipant);
    const final = (await allMatches(server, id)).find((m) => m.round === 2)!;
    await playMatch(server, final, byParticipant);
    expect((await request(server, 'GET', `/tournaments/${id}`)).body.data.status).toBe('COMPLETED');
    const [oldWinner, newWinner] = [playedSemi.winnerId as string, playedSemi.participants.find((side: any) => side.participantId !== playedSemi.winnerId).participantId as string];
    const res = await act(server, playedSemi.id, 'correct', staff.organizer.accessToken, { ...scoresBody(newWinner, oldWinner, 2, 0), reason: 'score sheet misread', cascade: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.resetMatchIds).toEqual([final.id]);
    const replay = await request(server, 'GET', `/matches/${final.id}`);
    const sides = replay.body.data.participants.map((side: any) => side.participantId as string);
    expect(sides).toContain(newWinner);
    for (const pid of sides) {
      const notices = (await notificationsOf(byParticipant.get(pid)!, 'MATCH_RESULT_CORRECTED')).filter((n) => n.data.matchId === final.id);
      expect(notices.map((n) => n.title)).toEqual([`Your match in ${await nameOf(server, id)} must be played again`]);
      expect(notices[0].message).toMatch(/^An organizer corrected an earlier result: .* is to be played again\.$/);
    }
    // The finalist who lost their place is told of the corrected semi-final, not asked to play the final.
    const gone = (await notificationsOf(byParticipant.get(oldWinner)!, 'MATCH_RESULT_CORRECTED')).filter((n) => n.data.tournamentId === id).map((n) => n.data.matchId);
    expect(gone).toEqual([playedSemi.id]);
  });
});
