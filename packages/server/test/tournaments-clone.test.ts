/**
 * Copying a tournament into a new DRAFT over HTTP (cloneTournament, R5.17): next week's edition of a weekly cup with
 * the same settings and stages, its dates moved together, without the original's participants, matches or draw.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, expectStatus, registerUser, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, joinAll, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

const clone = (id: string, body?: unknown, who: { token?: string; apiKey?: string } = { token: tenant.owner.accessToken }) =>
  request(server, 'POST', `/tournaments/${id}/clone`, { ...who, ...(body !== undefined ? { body } : {}) });

/** The settings of a tournament a copy must repeat: everything but ids, name, status, counts and instants. */
const settingsOf = (t: any) => ({
  description: t.description,
  disciplineId: t.disciplineId,
  maxParticipants: t.maxParticipants,
  teamSize: t.teamSize,
  checkInRequired: t.checkInRequired,
  checkInOpensMinutesBefore: t.checkInOpensMinutesBefore,
  waitlistCapacity: t.waitlistCapacity,
  stages: t.stages.map((s: any) => ({ number: s.number, name: s.name, format: s.format, settings: { ...s.settings, startsAt: undefined } })),
});

describe('cloneTournament', () => {
  it('copies a played tournament into a DRAFT a week later: settings and stages, dates moved together, no participants', async () => {
    const week = 7 * 24 * 3600 * 1000;
    const original = await openTournament(server, tenant, {
      name: 'Thursday Cup #12',
      description: 'Weekly open, best of 3 from the semi-finals',
      maxParticipants: 8,
      waitlistCapacity: 4,
      checkInRequired: true,
      checkInOpensMinutesBefore: 30,
      startDate: '2030-06-06T18:00:00.000Z',
      registrationOpensAt: '2030-06-01T09:00:00.000Z',
      registrationClosesAt: '2030-06-06T17:00:00.000Z',
      stages: [
        { name: 'Groups', format: 'GROUPS', settings: { groupCount: 2, qualifiersPerGroup: 2, startsAt: '2030-06-06T18:00:00.000Z' } },
        { name: 'Playoffs', format: 'SINGLE_ELIMINATION', settings: { thirdPlaceMatch: true, bestOfByRound: { '2': 3 }, startsAt: '2030-06-06T21:00:00.000Z' } },
      ],
    });
    await joinAll(server, original.id, await registerPlayers(server, 3));

    const res = await clone(original.id, { startDate: '2030-06-13T18:00:00Z' });
    expectStatus(res, 201, 'cloneTournament');
    const copy = res.body.data;
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      name: 'Thursday Cup #12 (copy)',
      status: 'DRAFT',
      projectId: original.projectId,
      currentParticipants: 0,
      startDate: '2030-06-13T18:00:00.000Z',
      registrationOpensAt: new Date(Date.parse('2030-06-01T09:00:00.000Z') + week).toISOString(),
      registrationClosesAt: new Date(Date.parse('2030-06-06T17:00:00.000Z') + week).toISOString(),
      publishedAt: null,
      startedAt: null,
    });
    expect(settingsOf(copy)).toEqual(settingsOf(original));
    expect(copy.stages.map((s: any) => s.settings.startsAt)).toEqual(['2030-06-13T18:00:00.000Z', '2030-06-13T21:00:00.000Z']);
    expect(copy.stages.every((s: any) => s.status === 'PENDING')).toBe(true);
    const entries = await request(server, 'GET', `/tournaments/${copy.id}/participants`, { token: tenant.owner.accessToken });
    expect(entries.body.data).toEqual([]);
    // The original is untouched, and the copy runs on its own.
    expect((await request(server, 'GET', `/tournaments/${original.id}`)).body.data).toMatchObject({ name: 'Thursday Cup #12', currentParticipants: 3 });
    await lifecycle(server, tenant, copy.id, 'publish');
  });

  it('takes a new name, keeps the dates without startDate, and copies a COMPLETED or ONGOING tournament too', async () => {
    const original = await openTournament(server, tenant, { maxParticipants: 2 });
    await joinAll(server, original.id, await registerPlayers(server, 2));
    await lifecycle(server, tenant, original.id, 'start');
    const named = await clone(original.id, { name: '  Spring Cup II  ' });
    expectStatus(named, 201, 'clone with a name');
    expect(named.body.data).toMatchObject({ name: 'Spring Cup II', startDate: original.startDate, status: 'DRAFT' });
    // No body at all: the default name.
    const plain = await clone(original.id);
    expect(plain.body.data.name).toBe(`${original.name} (copy)`);
    // A name at the limit still gets " (copy)" within 120 characters (code points), cut between whole characters.
    const long = await createTournament(server, tenant, { name: 'x'.repeat(120) });
    const longCopy = await clone(long.id);
    expect(longCopy.body.data.name).toBe(`${'x'.repeat(113)} (copy)`);
    const trophy = await createTournament(server, tenant, { name: `${'a'.repeat(112)}🏆${'b'.repeat(7)}` });
    expect((await clone(trophy.id)).body.data.name).toBe(`${'a'.repeat(112)}🏆 (copy)`);
    const flag = await createTournament(server, tenant, { name: `${'a'.repeat(112)}🇫🇷${'b'.repeat(6)}` });
    expect((await clone(flag.id)).body.data.name).toBe(`${'a'.repeat(112)} (copy)`);
    const spaced = await createTournament(server, tenant, { name: `${'a'.repeat(112)} b${'c'.repeat(6)}` });
    const spacedCopy = (await clone(spaced.id)).body.data.name;
    expect(spacedCopy).toBe(`${'a'.repeat(112)} (copy)`);
    // The copy's own name is one createTournament and updateTournament take back.
    expectStatus(await request(server, 'PUT', `/tournaments/${spaced.id}`, { token: tenant.owner.accessToken, body: { name: spacedCopy } }), 200, 'rename');
  });

  it('refuses a start that moves a date outside 0000-9999 (400 naming body.startDate), and names the original settings today refuses (409)', async () => {
    const original = await createTournament(server, tenant, {
      startDate: '2030-06-06T18:00:00.000Z',
      registrationOpensAt: '2030-05-06T18:00:00.000Z',
    });
    const early = await clone(original.id, { startDate: '0000-01-05T00:00:00Z' });
    expect([early.status, early.body.error.details[0].path]).toEqual([400, 'body.startDate']);
    expect(early.body.error.message).toContain('registrationOpensAt');
    // Settings an earlier version accepted and today's checks refuse (here a stepladder over its 256 cap, written
    // straight to the database): the copy cannot be made, and the error names the original's field, not the body's.
    const ladder = await createTournament(server, tenant, { maxParticipants: 200, stages: [{ name: 'Ladder', format: 'STEPLADDER' }] });
    await server.deps.db.updateTable('tournaments').set({ max_participants: 300 }).where('id', '=', ladder.id).execute();
    const refused = await clone(ladder.id);
    expect([refused.status, refused.body.error.code]).toEqual([409, 'CONFLICT']);
    expect(refused.body.error.details.map((d: any) => d.path)).toEqual(['original.stages[0].format']);
    expect(refused.body.error.message).toContain('createTournament');
  });

  it('is refused without the right to manage the original, for a blank name, an unknown field or an unknown tournament', async () => {
    const original = await createTournament(server, tenant);
    const blank = await clone(original.id, { name: '   ' });
    expect([blank.status, blank.body.error.details[0].path]).toEqual([400, 'body.name']);
    const extra = await clone(original.id, { maxParticipants: 64 });
    expect(extra.status).toBe(400);
    const player = await registerUser(server);
    // A DRAFT is invisible to a stranger (404); a published one is visible but not theirs to copy (403).
    expect((await clone(original.id, undefined, { token: player.accessToken })).status).toBe(404);
    await lifecycle(server, tenant, original.id, 'publish');
    expect((await clone(original.id, undefined, { token: player.accessToken })).status).toBe(403);
    const other = await createTenant(server);
    expect((await clone(original.id, undefined, { apiKey: other.apiKey.key })).status).toBe(404);
    const byKey = await clone(original.id, undefined, { apiKey: tenant.apiKey.key });
    expect([byKey.status, byKey.body.data.projectId]).toEqual([201, tenant.project.id]);
    expect((await clone('01900000-0000-7000-8000-000000000000')).status).toBe(404);
  });
});
