import { describe, expect } from 'vitest';
import { isStorableDateTime } from '../src/http/contract-formats';
import { it, request } from './helpers/index';
import { allMatches, createTournament, joinAll, lifecycle, openTournament, tournamentBody } from './tournaments-helpers';

// Ids and instants as clients send them: a UUID in upper case is the same id (R2.21); a date-time the contract's
// RFC 3339 allows but the server cannot store as an ISO 8601 UTC instant is 400 naming the field, never a 500 (R2.13).

describe('UUIDs in any case (R2.21)', () => {
  it('finds a resource by an id in upper case in the path, the query and the body', async ({ server, tenant, players }) => {
    const t = await openTournament(server, tenant, { maxParticipants: 4 });
    const upper = (id: string) => id.toUpperCase();
    const read = await request(server, 'GET', `/tournaments/${upper(t.id)}`);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(t.id);

    const roster = await joinAll(server, t.id, players.slice(0, 4));
    await lifecycle(server, tenant, t.id, 'start');
    const [match] = await allMatches(server, t.id);
    const [a, b] = match.participants.map((s: any) => s.participantId as string);
    const reporter = roster.byParticipant.get(a!)!;
    // Upper case in the query: the player's matches of this tournament.
    const mine = await request(server, 'GET', '/users/me/matches', { token: reporter.accessToken, query: { tournamentId: upper(t.id) } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((m: any) => m.match.id)).toContain(match.id);
    // Upper case in the path and in the body: the report names the winner and the sides by their ids.
    const report = await request(server, 'POST', `/matches/${upper(match.id)}/report`, {
      token: reporter.accessToken,
      body: { winnerId: upper(a!), scores: [{ participantId: upper(a!), score: 2 }, { participantId: upper(b!), score: 0 }] },
    });
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({ id: match.id, status: 'PENDING_RESULT' });
    const confirm = await request(server, 'POST', `/matches/${match.id}/confirm`, { token: roster.byParticipant.get(b!)!.accessToken });
    expect(confirm.body.data).toMatchObject({ status: 'COMPLETED', winnerId: a });
  });
});

describe('date-times the server can store (R2.13)', () => {
  it('refuses a leap second or an instant past year 9999 with 400 naming the field, and takes any offset', async ({ server, tenant }) => {
    const create = (body: Record<string, unknown>) =>
      request(server, 'POST', '/tournaments', { token: tenant.owner.accessToken, body: tournamentBody({ projectId: tenant.project.id, ...body }) });
    for (const startDate of ['2030-06-30T23:59:60Z', '9999-12-31T23:59:59-23:59']) {
      const refused = await create({ startDate });
      expect(refused.status, startDate).toBe(400);
      expect(refused.body.error.details[0].path).toBe('body.startDate');
    }
    const stage = await create({ stages: [{ name: 'Bracket', format: 'SINGLE_ELIMINATION', settings: { startsAt: '2030-06-30T23:59:60Z' } }] });
    expect(stage.status).toBe(400);
    expect(stage.body.error.details[0].path).toBe('body.stages[0].settings.startsAt');

    const t = await createTournament(server, tenant, { startDate: '2030-06-01t14:00:00+02:00' });
    expect(t.startDate).toBe('2030-06-01T12:00:00.000Z');
    const update = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { registrationOpensAt: '2016-12-31T23:59:60Z' } });
    expect(update.status).toBe(400);
    expect(update.body.error.details[0].path).toBe('body.registrationOpensAt');
  });

  it('accepts what RFC 3339 and a UTC year of 0000 to 9999 allow, nothing else', () => {
    for (const ok of ['2030-01-01T00:00:00Z', '2030-01-01t00:00:00.123456z', '9999-12-31T23:59:59.999Z', '0000-01-01T00:00:00Z', '2030-01-01T00:00:00+14:00']) {
      expect(isStorableDateTime(ok), ok).toBe(true);
    }
    for (const bad of ['2016-12-31T23:59:60Z', '9999-12-31T23:59:59-00:01', '2030-02-30T00:00:00Z', '2030-01-01', 'tomorrow']) {
      expect(isStorableDateTime(bad), bad).toBe(false);
    }
  });
});
