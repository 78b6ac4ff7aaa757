/**
 * Invariants of organization-level writes that must hold with concurrent writers (R18.12), as scenarios over HTTP:
 * requests sent at once, spread in turn over `servers` (one server, or several server processes on one database).
 * Run by concurrency-organizations.test.ts: an organization deleted while one of its tournaments starts, a staff
 * invitation accepted while its invitee is invited again, an anti-cheat detection raised while its session ends.
 */
import { expect } from 'vitest';
import { inRounds, outcome, pick, type Scenarios } from './concurrency-helpers';
import { createTenant, expectStatus, registerUser, request, type ApiServer, type TestServer } from './helpers/index';
import { ANTI_CHEAT_SCOPES, enrolledUsers, startSession, withKey } from './anti-cheat-helpers';
import { joinAll, openTournament } from './tournaments-helpers';

/** The in-process server among `servers`, whose database a scenario may read (undefined for server processes). */
const inProcess = (servers: readonly ApiServer[]): TestServer | undefined => servers.find((s): s is TestServer => 'deps' in s);

/**
 * deleteOrganization while one of its tournaments starts (startTournament), `rounds` organizations at once: either
 * the start wins (200 ONGOING, the delete is 409 INVALID_STATE and the organization stays) or the delete wins (204,
 * the start is 404 NOT_FOUND, and the tournament is gone); never both, never a 500, and an ONGOING
 * tournament is never deleted.
 */
export async function organizationDeletedWhileTournamentStarts(servers: readonly ApiServer[], rounds = 5): Promise<void> {
  const at = pick(servers);
  await inRounds(rounds, async (i) => {
    const tenant = await createTenant(at(i));
    const t = await openTournament(at(i + 1), tenant, { maxParticipants: 4 });
    await joinAll(at(i), t.id, await Promise.all([registerUser(at(i)), registerUser(at(i + 1))]));
    const token = tenant.owner.accessToken;
    const [started, deleted] = await Promise.all([
      request(at(i), 'POST', `/tournaments/${t.id}/start`, { token }),
      request(at(i + 1), 'DELETE', `/organizations/${tenant.organization.id}`, { token }),
    ]);
    const answers = `start ${outcome(started)}, delete ${outcome(deleted)}`;
    if (started.status === 200) {
      expect(outcome(deleted), answers).toBe('409 INVALID_STATE');
      expect(started.body.data.status).toBe('ONGOING');
    } else {
      expect(outcome(deleted), answers).toBe('204');
      // A start behind the delete finds its tournament gone: when it reads it, when it checks the owner's role in its
      // project, or under its lock.
      expect(outcome(started), answers).toBe('404 NOT_FOUND');
    }
    for (const server of servers) {
      const org = await request(server, 'GET', `/organizations/${tenant.organization.id}`);
      const tournament = await request(server, 'GET', `/tournaments/${t.id}`, { token });
      if (started.status === 200) {
        expect(org.status, answers).toBe(200);
        expect(tournament.body.data?.status, answers).toBe('ONGOING');
      } else {
        expect([org.status, tournament.status], answers).toEqual([404, 404]);
      }
    }
  });
}

/**
 * acceptStaffInvitation by the invitee while an ADMIN invites the same person again with another role
 * (inviteStaff), `rounds` organizations at once: either the acceptance wins (200, the invitation is 409 CONFLICT:
 * already staff) or the new invitation does (201, the acceptance is 410 INVITATION_EXPIRED: replaced, and the new
 * invitation can be accepted, with its role); never both, never a deadlock (500).
 */
export async function invitationAcceptedWhileReinvited(servers: readonly ApiServer[], rounds = 5): Promise<void> {
  const at = pick(servers);
  await inRounds(rounds, async (i) => {
    const [owner, invitee] = await Promise.all([registerUser(at(i)), registerUser(at(i + 1))]);
    const org = await request(at(i), 'POST', '/organizations', { token: owner!.accessToken, body: { name: `Invited again ${i}` } });
    expectStatus(org, 201, 'createOrganization');
    const orgId = org.body.data.id as string;
    const invite = (server: ApiServer, role: string) =>
      request(server, 'POST', `/organizations/${orgId}/staff/invite`, { token: owner!.accessToken, body: { username: invitee!.username, role } });
    const accept = (server: ApiServer, token: string) =>
      request(server, 'POST', `/organizations/${orgId}/staff/invitations/${token}/accept`, { token: invitee!.accessToken });
    const first = await invite(at(i), 'MODERATOR');
    expectStatus(first, 201, 'inviteStaff');
    const [accepted, invitedAgain] = await Promise.all([accept(at(i), first.body.data.token), invite(at(i + 1), 'ADMIN')]);
    const answers = `accept ${outcome(accepted)}, invite ${outcome(invitedAgain)}`;
    let role: string;
    if (accepted.status === 200) {
      expect(outcome(invitedAgain), answers).toBe('409 CONFLICT');
      role = 'MODERATOR';
    } else {
      expect([outcome(accepted), outcome(invitedAgain)], answers).toEqual(['410 INVITATION_EXPIRED', '201']);
      expectStatus(await accept(at(i + 1), invitedAgain.body.data.token), 200, 'acceptStaffInvitation of the new invitation');
      role = 'ADMIN';
    }
    for (const server of servers) {
      const staff = await request(server, 'GET', `/organizations/${orgId}/staff`, { token: owner!.accessToken });
      expect((staff.body.data as { userId: string; role: string }[]).filter((m) => m.userId === invitee!.id).map((m) => m.role), answers).toEqual([role]);
    }
  });
}

/** The detectionCount of each anticheat.session_completed event of `matchId` in the in-process server's database. */
async function completedEventCounts(server: TestServer, matchId: string): Promise<number[]> {
  const events = await server.deps.db
    .selectFrom('events')
    .select('data')
    .where('type', '=', 'anticheat.session_completed')
    .where('subject_id', '=', matchId)
    .execute();
  return events.map((e) => JSON.parse(e.data).session.detectionCount as number);
}

/**
 * raiseDetection three times while the session ends (endAntiCheatSession), `rounds` sessions at once: the end
 * succeeds, each detection is 201 (committed before the end) or 409 INVALID_STATE (after it), the session keeps
 * exactly the detections answered 201, none stamped after the end, and the end's anticheat.session_completed event
 * counts them all (checked where the database can be read: the one-server variant).
 */
export async function detectionRaisedWhileSessionEnds(servers: readonly ApiServer[], rounds = 5): Promise<void> {
  const at = pick(servers);
  const tenant = await createTenant(at(0), { plan: 'PRO', scopes: ANTI_CHEAT_SCOPES });
  const key = tenant.apiKey.key;
  const [player] = await enrolledUsers(at(1), tenant, 1);
  const local = inProcess(servers);
  await inRounds(rounds, async (i) => {
    const matchId = `match-${i}-${player!.id}`;
    await startSession(at(i), tenant, [player!], matchId);
    const path = `/anti-cheat/sessions/${matchId}`;
    const raise = (k: number) =>
      withKey(at(i + k), key, 'POST', `${path}/detections`, { body: { userId: player!.id, rule: `rule.${k}`, severity: 'HIGH' } });
    const [ended, ...raised] = await Promise.all([withKey(at(i + 1), key, 'POST', `${path}/end`, { body: {} }), raise(0), raise(1), raise(2)]);
    const answers = `end ${outcome(ended)}, detections ${raised.map(outcome).join(', ')}`;
    expect(outcome(ended), answers).toBe('200');
    expect(ended.body.data.ended, answers).toBe(true);
    for (const r of raised) expect(['201', '409 INVALID_STATE'], answers).toContain(outcome(r));
    const kept = raised.filter((r) => r.status === 201).length;
    for (const server of servers) {
      const session = await withKey(server, key, 'GET', path);
      expect([session.body.data.status, session.body.data.detectionCount], answers).toEqual(['ENDED', kept]);
      const listed = await withKey(server, key, 'GET', '/anti-cheat/detections', { query: { sessionId: matchId, limit: 10 } });
      for (const d of listed.body.data as { createdAt: string }[]) expect(d.createdAt <= session.body.data.endedAt, answers).toBe(true);
    }
    if (local) expect(await completedEventCounts(local, matchId), answers).toEqual([kept]);
  });
}

/** Every scenario above with the rule it checks (the test's title), in the order the test file runs them. */
export const ORGANIZATION_SCENARIOS: Scenarios = [
  [
    'an organization deleted while one of its tournaments starts: the start wins (delete 409 INVALID_STATE) or the delete (start 404, never 500), never an ONGOING tournament deleted',
    organizationDeletedWhileTournamentStarts,
  ],
  [
    'a staff invitation accepted while its invitee is invited again: the acceptance wins (invite 409 CONFLICT) or the new invitation (accept 410), never a deadlock',
    invitationAcceptedWhileReinvited,
  ],
  [
    'detections raised while their anti-cheat session ends: each is counted by the end event or refused (409 INVALID_STATE)',
    detectionRaisedWhileSessionEnds,
  ],
];
