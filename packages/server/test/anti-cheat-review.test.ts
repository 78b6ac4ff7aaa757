import { describe, expect } from 'vitest';
import { PRESIGN_TTL_MS } from '../src/services/anti-cheat/evidence-presign';
import { createApiKey, test, type TestTenant, type TestUser } from './helpers/index';
import {
  antiCheatTenant,
  artifact,
  download,
  enrolledUsers,
  presign,
  put,
  raise,
  sha256Hex,
  startSession,
  storedEvidenceKeys,
  withEvidenceDir,
  withKey,
} from './anti-cheat-helpers';

// Reviewing a detection (R12.17, R12.18) and the reservations of uploads that never came (R12.21), over real HTTP, on
// the run's database and its evidence storage (a local directory on SQLite, the database on PostgreSQL; R12.14).

test.scoped({ serverOptions: withEvidenceDir() });

/** An anti-cheat tenant with one enrolled user, alice, in the session rev-1. */
const it = test.extend<{ scene: { tenant: TestTenant; alice: TestUser } }>({
  scene: [
    async ({ server }, use) => {
      const tenant = await antiCheatTenant(server);
      const [alice] = (await enrolledUsers(server, tenant, 1)) as [TestUser];
      await startSession(server, tenant, [alice], 'rev-1');
      await use({ tenant, alice });
    },
    { scope: 'file' },
  ],
});

/** Bytes of `size` repeating `text` (compressible, so a compressing server would show it). */
const textBytes = (text: string, size: number) => new TextEncoder().encode(text.repeat(Math.ceil(size / text.length)).slice(0, size));

describe('reviewing a detection (R12.17)', () => {
  it('reads a detection back with its AI verdict, verdict note and the metadata of its uploaded evidence; lists stay lean', async ({ server, scene: { tenant, alice } }) => {
    const key = tenant.apiKey.key;
    const shot = artifact('shot');
    const log = textBytes('tick 1042: yaw +87deg in 2ms\n', 300);
    const attached = await presign(server, tenant, 'rev-1', shot);
    const neverSent = await presign(server, tenant, 'rev-1', artifact('never'));
    const detection = await raise(server, tenant, 'rev-1', alice.id, {
      rule: 'aim.snap_angle',
      severity: 'CRITICAL',
      aiVerdict: { label: 'likely_aimbot', confidence: 0.97 },
      evidenceMediaFileIds: [attached.mediaFileId, neverSent.mediaFileId],
    });
    expect((await put(server, attached.uploadUrl, shot)).status).toBe(200);
    const shotAt = server.clock.now().toISOString();
    server.clock.advance(1000);
    const trailing = await withKey(server, key, 'POST', '/anti-cheat/evidence/presign', {
      body: { sessionId: 'rev-1', kind: 'log', contentType: 'text/plain', sizeBytes: log.byteLength, sha256: sha256Hex(log), detectionId: detection.id },
    });
    expect((await put(server, trailing.body.data.uploadUrl, log, 'text/plain')).status).toBe(200);

    const read = await withKey(server, key, 'GET', `/anti-cheat/detections/${detection.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toEqual({
      ...detection,
      evidenceCount: 2,
      aiVerdict: { label: 'likely_aimbot', confidence: 0.97 },
      verdictNote: null,
      evidence: [
        { mediaFileId: attached.mediaFileId, kind: 'screenshot', contentType: 'image/png', sizeBytes: shot.byteLength, sha256: sha256Hex(shot), uploadedAt: shotAt },
        { mediaFileId: trailing.body.data.mediaFileId, kind: 'log', contentType: 'text/plain', sizeBytes: log.byteLength, sha256: sha256Hex(log), uploadedAt: server.clock.now().toISOString() },
      ],
    });

    const verdict = await withKey(server, key, 'POST', `/anti-cheat/detections/${detection.id}/verdict`, { body: { verdict: 'CONFIRMED_CHEAT', note: 'snap angles on 14 rounds' } });
    expect(verdict.status).toBe(200);
    const reviewed = await withKey(server, key, 'GET', `/anti-cheat/detections/${detection.id}`);
    expect(reviewed.body.data).toMatchObject({ verdict: 'CONFIRMED_CHEAT', reviewed: true, verdictNote: 'snap angles on 14 rounds', evidenceCount: 2 });

    // A list item carries no evidence, no AI verdict content and no note (R12.8).
    const listed = await withKey(server, key, 'GET', '/anti-cheat/detections', { query: { sessionId: 'rev-1' } });
    const item = listed.body.data.find((d: { id: string }) => d.id === detection.id);
    expect(item).toEqual(verdict.body.data);
    expect(item).not.toHaveProperty('aiVerdict');
    expect(item).not.toHaveProperty('evidence');
    expect(item).not.toHaveProperty('verdictNote');

    // Another project's key reads nothing of it.
    const stranger = await antiCheatTenant(server);
    expect((await withKey(server, stranger.apiKey.key, 'GET', `/anti-cheat/detections/${detection.id}`)).status).toBe(404);
  });
});

describe('downloading evidence (R12.18)', () => {
  it('answers the bytes as uploaded, with their content type and length, as an attachment never sniffed, cached nor compressed', async ({ server, scene: { tenant } }) => {
    const reader = await createApiKey(server, tenant.owner, tenant.project.id, ['anticheat:detections.read']);
    const files = [
      { bytes: textBytes('frame 77 wallhack trace\n', 4000), contentType: 'text/plain' },
      { bytes: artifact('png', 2048), contentType: 'image/png' },
    ];
    for (const file of files) {
      const presigned = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
        body: { sessionId: 'rev-1', kind: 'other', contentType: file.contentType, sizeBytes: file.bytes.byteLength, sha256: sha256Hex(file.bytes) },
      });
      expect((await put(server, presigned.body.data.uploadUrl, file.bytes, file.contentType)).status).toBe(200);
      const mediaFileId = presigned.body.data.mediaFileId;
      const got = await download(server, reader.key, mediaFileId);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.bytes).equals(Buffer.from(file.bytes))).toBe(true);
      expect(got.headers.get('content-type')).toBe(file.contentType);
      expect(got.headers.get('content-length')).toBe(String(file.bytes.byteLength));
      expect(got.headers.get('content-encoding')).toBeNull();
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${mediaFileId}"`);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('cache-control')).toBe('private, no-store');
      expect(got.headers.get('etag')).toBeNull();
    }
  });

  it("answers 404 for another project's file, an unknown id and a reservation whose bytes have not arrived", async ({ server, scene: { tenant, alice } }) => {
    const bytes = artifact('tenancy');
    const uploaded = await presign(server, tenant, 'rev-1', bytes);
    expect((await put(server, uploaded.uploadUrl, bytes)).status).toBe(200);
    const pending = await presign(server, tenant, 'rev-1', artifact('pending'));
    const stranger = await antiCheatTenant(server);
    await startSession(server, stranger, [alice], 'rev-1'); // the same match id in another project
    for (const [key, id] of [
      [stranger.apiKey.key, uploaded.mediaFileId],
      [tenant.apiKey.key, '0190aaaa-0000-7000-8000-000000000000'],
      [tenant.apiKey.key, pending.mediaFileId],
    ] as const) {
      const res = await download(server, key, id);
      expect(res.status, id).toBe(404);
      expect(res.error?.code).toBe('NOT_FOUND');
    }
    expect((await download(server, tenant.apiKey.key, uploaded.mediaFileId)).status).toBe(200);
  });
});

describe('reservations of uploads that never came (R12.21)', () => {
  it("deletes the project's reservations whose upload URL expired at its next presign: their URL is 404, they no longer attach", async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const other = await antiCheatTenant(server);
    const [bob] = await enrolledUsers(server, tenant, 1);
    await startSession(server, tenant, [bob!], 'res-1');
    await startSession(server, other, [bob!], 'res-1');
    const pendingOf = async (t: TestTenant) =>
      (await server.deps.db.selectFrom('anti_cheat_media_files').select('id').where('project_id', '=', t.project.id).where('status', '=', 'PENDING').execute()).map((r) => r.id).sort();
    const kept = artifact('kept');
    const uploaded = await presign(server, tenant, 'res-1', kept);
    expect((await put(server, uploaded.uploadUrl, kept)).status).toBe(200);
    const abandoned = await presign(server, tenant, 'res-1', artifact('abandoned'));
    const theirs = await presign(server, other, 'res-1', artifact('theirs'));

    // Not yet expired: the next presign keeps it.
    server.clock.advance(PRESIGN_TTL_MS - 1000);
    const early = await presign(server, tenant, 'res-1', artifact('early'));
    expect(await pendingOf(tenant)).toEqual([abandoned.mediaFileId, early.mediaFileId].sort());

    server.clock.advance(1000);
    const next = await presign(server, tenant, 'res-1', artifact('next'));
    expect(await pendingOf(tenant)).toEqual([early.mediaFileId, next.mediaFileId].sort());
    // Another project's reservation is its own business; the uploaded file stays.
    expect(await pendingOf(other)).toEqual([theirs.mediaFileId]);
    expect((await download(server, tenant.apiKey.key, uploaded.mediaFileId)).status).toBe(200);

    const late = await put(server, abandoned.uploadUrl, artifact('abandoned'));
    expect(late.status).toBe(404);
    const link = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/res-1/detections', {
      body: { userId: bob!.id, rule: 'esp', severity: 'LOW', evidenceMediaFileIds: [abandoned.mediaFileId] },
    });
    expect(link.status).toBe(400);
    expect(link.body.error.details[0].path).toBe('body.evidenceMediaFileIds[0]');
  });

  it("deletes an expired reservation attached to a detection with its link; the detection's count is unchanged", async ({ server, scene: { tenant, alice } }) => {
    const detection = await raise(server, tenant, 'rev-1', alice.id);
    const abandoned = await presign(server, tenant, 'rev-1', artifact('for detection'), { detectionId: detection.id });
    const links = () => server.deps.db.selectFrom('anti_cheat_detection_evidence').select('media_file_id').where('detection_id', '=', detection.id).execute();
    expect(await links()).toEqual([{ media_file_id: abandoned.mediaFileId }]);
    server.clock.advance(PRESIGN_TTL_MS);
    await presign(server, tenant, 'rev-1', artifact('next one'));
    expect(await links()).toEqual([]);
    const read = await withKey(server, tenant.apiKey.key, 'GET', `/anti-cheat/detections/${detection.id}`);
    expect(read.body.data).toMatchObject({ evidenceCount: 0, evidence: [] });
  });

  it('keeps nothing of an upload whose reservation was deleted while its body arrived: 410 UPLOAD_URL_EXPIRED', async ({ server, scene: { tenant } }) => {
    const bytes = artifact('racing');
    const racing = await presign(server, tenant, 'rev-1', bytes);
    const storage = server.services.antiCheat.storage;
    const original = storage.put;
    // Staged race: the bytes are written, then the URL expires and another presign deletes the reservation.
    storage.put = async (key, written, contentType) => {
      await original.call(storage, key, written, contentType);
      server.clock.advance(PRESIGN_TTL_MS);
      await presign(server, tenant, 'rev-1', artifact('purging'));
    };
    try {
      const res = await put(server, racing.uploadUrl, bytes);
      expect(res.status, res.text).toBe(410);
      expect(res.body.error.code).toBe('UPLOAD_URL_EXPIRED');
    } finally {
      storage.put = original;
    }
    expect((await storedEvidenceKeys(server)).filter((k) => k.includes(racing.mediaFileId))).toEqual([]);
  });
});
