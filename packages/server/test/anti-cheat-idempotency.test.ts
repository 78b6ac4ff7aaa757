import { describe, expect } from 'vitest';
import { createApiKey, registerUser, test, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { PRESIGN_TTL_MS } from '../src/services/anti-cheat/evidence-presign';
import { ANTI_CHEAT_SCOPES, antiCheatTenant, artifact, enrolledUsers, put, sha256Hex, startSession, withEvidenceDir, withKey } from './anti-cheat-helpers';

// Idempotency-Key on the anti-cheat writes (R12.19), as on match writes (R8.20): a game server's agent that retries a
// request it got no answer to acts once. Over real HTTP on the run's database.

test.scoped({ serverOptions: withEvidenceDir() });

/** An anti-cheat tenant with two enrolled users in the session idem-1. */
const it = test.extend<{ scene: { tenant: TestTenant; alice: TestUser; bob: TestUser } }>({
  scene: [
    async ({ server }, use) => {
      const tenant = await antiCheatTenant(server);
      const [alice, bob] = (await enrolledUsers(server, tenant, 2)) as [TestUser, TestUser];
      await startSession(server, tenant, [alice, bob], 'idem-1');
      await use({ tenant, alice, bob });
    },
    { scope: 'file' },
  ],
});

const idem = (key: string) => ({ 'Idempotency-Key': key });

/** How many rows of `table` belong to the tenant's project. */
async function rowsOf(server: TestServer, tenant: TestTenant, table: 'anti_cheat_sessions' | 'anti_cheat_detections' | 'anti_cheat_media_files' | 'anti_cheat_clients') {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', tenant.project.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many events of `type` the tenant's project recorded. */
async function eventsOf(server: TestServer, tenant: TestTenant, type: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', tenant.project.id)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('Idempotency-Key on anti-cheat writes (R12.19)', () => {
  it('start: a retry replays the first answer (201, Idempotent-Replayed) and starts no second session, even after the end', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const [alice] = await enrolledUsers(server, tenant, 1);
    // No matchId: without the key, a retry would start a second session under another generated id.
    const body = { game: 'cs2', participants: [{ userId: alice!.id }] };
    const first = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', { body, headers: idem('start-1') });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', { body, headers: idem('start-1') });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(server, tenant, 'anti_cheat_sessions')).toBe(1);

    await withKey(server, tenant.apiKey.key, 'POST', `/anti-cheat/sessions/${first.body.data.sessionId}/end`);
    const late = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', { body, headers: idem('start-1') });
    expect(late.status).toBe(201);
    expect(late.body).toEqual(first.body);
    expect(await rowsOf(server, tenant, 'anti_cheat_sessions')).toBe(1);
  });

  it('raise: a retried detection is recorded once, with one anticheat.detection_raised event', async ({ server, scene: { tenant, alice } }) => {
    const before = await rowsOf(server, tenant, 'anti_cheat_detections');
    const body = { userId: alice.id, rule: 'aim.snap_angle', severity: 'HIGH', aiVerdict: { label: 'likely_aimbot', confidence: 0.9 } };
    const first = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-1/detections', { body, headers: idem('raise-1') });
    expect(first.status, first.text).toBe(201);
    const events = await eventsOf(server, tenant, 'anticheat.detection_raised');
    const again = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-1/detections', { body, headers: idem('raise-1') });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(server, tenant, 'anti_cheat_detections')).toBe(before + 1);
    expect(await eventsOf(server, tenant, 'anticheat.detection_raised')).toBe(events);
  });

  it('verdict: a retried verdict replays 200 instead of 409 CONFLICT, with one anticheat.verdict_recorded event', async ({ server, scene: { tenant, bob } }) => {
    const raised = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-1/detections', { body: { userId: bob.id, rule: 'speed', severity: 'LOW' } });
    const path = `/anti-cheat/detections/${raised.body.data.id}/verdict`;
    const body = { verdict: 'FALSE_POSITIVE', note: 'lag spike' };
    const first = await withKey(server, tenant.apiKey.key, 'POST', path, { body, headers: idem('verdict-1') });
    expect(first.status, first.text).toBe(200);
    const again = await withKey(server, tenant.apiKey.key, 'POST', path, { body, headers: idem('verdict-1') });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const verdicts = await server.deps.db.selectFrom('events').select('subject_id').where('type', '=', 'anticheat.verdict_recorded').where('subject_id', '=', raised.body.data.id).execute();
    expect(verdicts).toHaveLength(1);
    // Without the key, the second verdict is still refused.
    expect((await withKey(server, tenant.apiKey.key, 'POST', path, { body })).status).toBe(409);
  });

  it('presign: a retried presign answers the same URL and media file, reserving one file', async ({ server, scene: { tenant } }) => {
    const before = await rowsOf(server, tenant, 'anti_cheat_media_files');
    const bytes = artifact('idem');
    const body = { sessionId: 'idem-1', kind: 'screenshot', contentType: 'image/png', sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes) };
    const first = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', { body, headers: idem('presign-1') });
    expect(first.status, first.text).toBe(201);
    const again = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', { body, headers: idem('presign-1') });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(server, tenant, 'anti_cheat_media_files')).toBe(before + 1);
  });

  it('presign: a retry after the URL expired acts anew with a URL that uploads, instead of replaying the dead one', async ({ server, scene: { tenant } }) => {
    const bytes = artifact('idem-late');
    const body = { sessionId: 'idem-1', kind: 'screenshot', contentType: 'image/png', sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes) };
    const presignOnce = () => withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', { body, headers: idem('presign-late') });
    const first = await presignOnce();
    expect(first.status, first.text).toBe(201);
    server.clock.advance(PRESIGN_TTL_MS);
    // Another presign deletes the expired reservation (R12.21): the first URL is now 404.
    expect((await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', { body })).status).toBe(201);
    expect((await put(server, first.body.data.uploadUrl, bytes)).status).toBe(404);
    const retried = await presignOnce();
    expect(retried.status, retried.text).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.body.data.mediaFileId).not.toBe(first.body.data.mediaFileId);
    expect((await put(server, retried.body.data.uploadUrl, bytes)).status).toBe(200);
    // The new answer is the one kept under the key from now on.
    const again = await presignOnce();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(retried.body);
  });

  it('enroll: a retried enrolment answers the same client instead of 409 CONFLICT', async ({ server, scene: { tenant } }) => {
    const carol = await registerUser(server);
    const body = { userId: carol.id, label: 'rig 9' };
    const first = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body, headers: idem('enroll-1') });
    expect(first.status, first.text).toBe(201);
    const again = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body, headers: idem('enroll-1') });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body })).status).toBe(409);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED naming the header for the same key with another body or path, acting on neither', async ({ server, scene: { tenant, alice } }) => {
    const first = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-1/detections', {
      body: { userId: alice.id, rule: 'wallhack', severity: 'LOW' },
      headers: idem('reuse-1'),
    });
    expect(first.status).toBe(201);
    const before = await rowsOf(server, tenant, 'anti_cheat_detections');
    const otherBody = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-1/detections', {
      body: { userId: alice.id, rule: 'wallhack', severity: 'HIGH' },
      headers: idem('reuse-1'),
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', details: [{ path: 'header.idempotency-key', message: expect.any(String) }] });
    await startSession(server, tenant, [alice], 'idem-2');
    const otherPath = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-2/detections', {
      body: { userId: alice.id, rule: 'wallhack', severity: 'LOW' },
      headers: idem('reuse-1'),
    });
    expect(otherPath.status).toBe(422);
    expect(await rowsOf(server, tenant, 'anti_cheat_detections')).toBe(before);
  });

  it('keeps keys per API key and operation for 24 hours: another key, another operation or a day later acts anew', async ({ server, scene: { tenant, alice } }) => {
    const other = await createApiKey(server, tenant.owner, tenant.project.id, ANTI_CHEAT_SCOPES);
    const body = { userId: alice.id, rule: 'triggerbot', severity: 'MEDIUM' };
    const raise = (apiKey: string) => withKey(server, apiKey, 'POST', '/anti-cheat/sessions/idem-1/detections', { body, headers: idem('scoped-1') });
    const first = await raise(tenant.apiKey.key);
    const byOtherKey = await raise(other.key);
    expect(byOtherKey.status).toBe(201);
    expect(byOtherKey.headers.get('idempotent-replayed')).toBeNull();
    expect(byOtherKey.body.data.id).not.toBe(first.body.data.id);
    // The same key string on another operation is another key.
    const verdict = await withKey(server, tenant.apiKey.key, 'POST', `/anti-cheat/detections/${first.body.data.id}/verdict`, {
      body: { verdict: 'INCONCLUSIVE' },
      headers: idem('scoped-1'),
    });
    expect(verdict.status).toBe(200);
    expect(verdict.headers.get('idempotent-replayed')).toBeNull();
    // Within 24 hours it replays; from then on it is a new request.
    server.clock.advance(24 * 3600_000 - 1000);
    expect((await raise(tenant.apiKey.key)).body).toEqual(first.body);
    server.clock.advance(1000);
    const dayLater = await raise(tenant.apiKey.key);
    expect(dayLater.status).toBe(201);
    expect(dayLater.headers.get('idempotent-replayed')).toBeNull();
    expect(dayLater.body.data.id).not.toBe(first.body.data.id);
  });

  it('remembers only answers of writes that took effect: a refused request sent again once fixed acts', async ({ server, scene: { tenant, alice } }) => {
    const body = { userId: alice.id, rule: 'esp', severity: 'LOW' };
    const refused = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-later/detections', { body, headers: idem('fixed-1') });
    expect(refused.status).toBe(404);
    await startSession(server, tenant, [alice], 'idem-later');
    const fixed = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-later/detections', { body, headers: idem('fixed-1') });
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('acts once for the same request sent five times at once: every answer is the one detection', async ({ server, scene: { tenant, alice } }) => {
    const before = await rowsOf(server, tenant, 'anti_cheat_detections');
    const body = { userId: alice.id, rule: 'aim.lock', severity: 'CRITICAL' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/idem-1/detections', { body, headers: idem('burst-1') })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await rowsOf(server, tenant, 'anti_cheat_detections')).toBe(before + 1);
  });
});
