import { describe, expect } from 'vitest';
import { request, test, type TestTenant, type TestUser } from './helpers/index';
import {
  antiCheatTenant,
  artifact,
  enrolledUsers,
  presign,
  put,
  raise,
  sha256Hex,
  startSession,
  storedEvidence,
  storedEvidenceKeys,
  withEvidenceDir,
  withKey,
} from './anti-cheat-helpers';

test.scoped({ serverOptions: withEvidenceDir({ maxEvidenceBytes: 4096 }) });

interface EvidenceFixtures {
  /** An anti-cheat tenant with one enrolled user, alice, in the session ev-1. */
  scene: { tenant: TestTenant; alice: TestUser };
  /** Media file row status, for "nothing stored" checks. */
  statusOf: (mediaFileId: string) => Promise<string>;
  /** Presigns `bytes` in a fresh session, returning the presign data and a check that nothing was stored. */
  fresh: (bytes: Uint8Array) => Promise<{ presigned: any; nothingStored: () => Promise<void> }>;
}
const it = test.extend<EvidenceFixtures>({
  scene: [
    async ({ server }, use) => {
      const tenant = await antiCheatTenant(server);
      const [alice] = (await enrolledUsers(server, tenant, 1)) as [TestUser];
      await startSession(server, tenant, [alice], 'ev-1');
      await use({ tenant, alice });
    },
    { scope: 'file' },
  ],
  statusOf: async ({ server }, use) =>
    use(async (mediaFileId) => (await server.deps.db.selectFrom('anti_cheat_media_files').select('status').where('id', '=', mediaFileId).executeTakeFirstOrThrow()).status),
  fresh: async ({ server, scene: { tenant, alice }, statusOf }, use) =>
    use(async (bytes) => {
      const sessionId = `ev-neg-${Math.random().toString(36).slice(2, 8)}`;
      await startSession(server, tenant, [alice], sessionId);
      const presigned = await presign(server, tenant, sessionId, bytes);
      const nothingStored = async () => {
        expect(await statusOf(presigned.mediaFileId)).toBe('PENDING');
        expect((await storedEvidenceKeys(server)).filter((f) => f.includes(presigned.mediaFileId))).toEqual([]);
        const session = await withKey(server, tenant.apiKey.key, 'GET', `/anti-cheat/sessions/${sessionId}`);
        expect(session.body.data.evidenceCount).toBe(0);
      };
      return { presigned, nothingStored };
    }),
});

describe('anti-cheat evidence: presign and upload', () => {
  it('presigns a URL of the server itself, with a key under anti-cheat-evidence/ and an expiry five minutes later', async ({ server, statusOf, scene: { tenant } }) => {
    const bytes = artifact('presign');
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
      body: { sessionId: 'ev-1', kind: 'screenshot', contentType: 'image/png', sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes) },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body.data;
    expect(data.key).toMatch(new RegExp(`^anti-cheat-evidence/${tenant.project.id}/[0-9a-f-]{36}/${data.mediaFileId}$`));
    expect(data.expiresAt).toBe(new Date(server.clock.now().getTime() + 5 * 60_000).toISOString());
    const url = new URL(data.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/anti-cheat/evidence/uploads/${data.mediaFileId}`);
    expect(url.searchParams.get('expires')).toBe(String(Math.ceil(Date.parse(data.expiresAt) / 1000)));
    expect(url.searchParams.get('signature')).toMatch(/^[a-f0-9]{64}$/);
    expect(await statusOf(data.mediaFileId)).toBe('PENDING');
  });

  it('stores a matching upload through the storage driver and counts it on the session and the detection', async ({ server, scene: { tenant, alice } }) => {
    const detection = await raise(server, tenant, 'ev-1', alice.id);
    const bytes = artifact('shot');
    const presigned = await presign(server, tenant, 'ev-1', bytes, { detectionId: detection.id });
    // Before the bytes arrive nothing counts.
    const before = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/ev-1');
    expect(before.body.data.evidenceCount).toBe(0);

    const res = await put(server, presigned.uploadUrl, bytes);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      mediaFileId: presigned.mediaFileId,
      key: presigned.key,
      sizeBytes: bytes.byteLength,
      sha256: sha256Hex(bytes),
      contentType: 'image/png',
      uploadedAt: server.clock.now().toISOString(),
    });
    expect(await storedEvidence(server, presigned.key)).toEqual(bytes);

    const session = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/ev-1');
    expect(session.body.data.evidenceCount).toBe(1);
    const list = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/detections', { query: { sessionId: 'ev-1' } });
    expect(list.body.data.find((d: { id: string }) => d.id === detection.id).evidenceCount).toBe(1);

    // Evidence presigned first and attached when the detection is raised counts once uploaded.
    const more = artifact('second');
    const early = await presign(server, tenant, 'ev-1', more);
    const linked = await raise(server, tenant, 'ev-1', alice.id, { evidenceMediaFileIds: [early.mediaFileId] });
    expect(linked.evidenceCount).toBe(0);
    expect((await put(server, early.uploadUrl, more)).status).toBe(200);
    const after = await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/detections', { query: { sessionId: 'ev-1' } });
    expect(after.body.data.find((d: { id: string }) => d.id === linked.id).evidenceCount).toBe(1);
    expect((await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/ev-1')).body.data.evidenceCount).toBe(2);
  });

  it('presigns and stores evidence for a session that has ended', async ({ server, scene: { tenant, alice } }) => {
    await startSession(server, tenant, [alice], 'ev-ended');
    const ended = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/ev-ended/end');
    expect(ended.status).toBe(200);
    expect(ended.body.data.ended).toBe(true);
    const bytes = artifact('after the end');
    const presigned = await presign(server, tenant, 'ev-ended', bytes);
    const res = await put(server, presigned.uploadUrl, bytes);
    expect(res.status, res.text).toBe(200);
    expect(await storedEvidence(server, presigned.key)).toEqual(bytes);
  });

  it('presigns evidence for a detection of an earlier session once the match is played again', async ({ server, scene: { tenant, alice } }) => {
    await startSession(server, tenant, [alice], 'ev-rematch');
    const first = await raise(server, tenant, 'ev-rematch', alice.id);
    expect((await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions/ev-rematch/end')).status).toBe(200);
    await startSession(server, tenant, [alice], 'ev-rematch');
    const bytes = artifact('evidence of the first session');
    const presigned = await presign(server, tenant, 'ev-rematch', bytes, { detectionId: first.id });
    expect((await put(server, presigned.uploadUrl, bytes)).status).toBe(200);
    const detection = await withKey(server, tenant.apiKey.key, 'GET', `/anti-cheat/detections/${first.id}`);
    expect(detection.body.data).toMatchObject({ sessionId: 'ev-rematch', evidenceCount: 1 });
    // The new session counts no evidence of the first one's.
    expect((await withKey(server, tenant.apiKey.key, 'GET', '/anti-cheat/sessions/ev-rematch')).body.data.evidenceCount).toBe(0);
  });

  it('deletes the evidence bytes with their organization', async ({ server }) => {
    const tenant = await antiCheatTenant(server);
    const [bob] = (await enrolledUsers(server, tenant, 1)) as [TestUser];
    await startSession(server, tenant, [bob], 'ev-org-gone');
    const bytes = artifact('deleted with its organization');
    const presigned = await presign(server, tenant, 'ev-org-gone', bytes);
    expect((await put(server, presigned.uploadUrl, bytes)).status).toBe(200);
    expect(await storedEvidence(server, presigned.key)).toEqual(bytes);
    const deleted = await request(server, 'DELETE', `/organizations/${tenant.organization.id}`, { token: tenant.owner.accessToken });
    expect(deleted.status).toBe(204);
    expect(await storedEvidence(server, presigned.key)).toBeNull();
    expect((await storedEvidenceKeys(server)).filter((k) => k.includes(presigned.mediaFileId))).toEqual([]);
  });

  it('ignores credentials sent with the upload: an invalid X-API-Key or bearer token does not stop it', async ({ server, fresh }) => {
    const credentials: Record<string, string>[] = [{ 'x-api-key': `tk_${'x'.repeat(43)}` }, { authorization: `Bearer tat_${'x'.repeat(43)}` }, { authorization: 'Basic Zm9vOmJhcg==' }];
    for (const headers of credentials) {
      const bytes = artifact(JSON.stringify(headers));
      const { presigned } = await fresh(bytes);
      const res = await request(server, 'PUT', presigned.uploadUrl, { rawBody: bytes, headers: { 'content-type': 'image/png', ...headers } });
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(200);
      expect(res.body.data.mediaFileId).toBe(presigned.mediaFileId);
    }
  });

  describe('refused uploads store nothing', () => {
    it('a body whose SHA-256 differs: 400', async ({ server, fresh }) => {
      const bytes = artifact('sha');
      const { presigned, nothingStored } = await fresh(bytes);
      const tampered = bytes.slice();
      tampered[20] = (tampered[20]! + 1) % 256;
      const res = await put(server, presigned.uploadUrl, tampered);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body', message: expect.stringContaining('SHA-256') }] });
      await nothingStored();
    });

    it('another Content-Type: 415', async ({ server, fresh }) => {
      const bytes = artifact('type');
      const { presigned, nothingStored } = await fresh(bytes);
      const res = await put(server, presigned.uploadUrl, bytes, 'image/jpeg');
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.error.message).toContain('image/png');
      await nothingStored();
    });

    it('another length: 400', async ({ server, fresh }) => {
      const bytes = artifact('len');
      const { presigned, nothingStored } = await fresh(bytes);
      const res = await put(server, presigned.uploadUrl, bytes.slice(0, 40));
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].path).toBe('header.content-length');
      const longer = new Uint8Array(bytes.byteLength + 8);
      longer.set(bytes);
      expect((await put(server, presigned.uploadUrl, longer)).status).toBe(400);
      await nothingStored();
    });

    it('a changed query string (expires or signature): 403', async ({ server, fresh }) => {
      const bytes = artifact('query');
      const { presigned, nothingStored } = await fresh(bytes);
      const later = new URL(presigned.uploadUrl);
      later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
      const res = await put(server, later.toString(), bytes);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect(res.body.error.message).toContain('signature');
      const forged = new URL(presigned.uploadUrl);
      const signature = forged.searchParams.get('signature')!;
      forged.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
      expect((await put(server, forged.toString(), bytes)).status).toBe(403);
      const missing = new URL(presigned.uploadUrl);
      missing.searchParams.delete('signature');
      const noSignature = await put(server, missing.toString(), bytes);
      expect(noSignature.status).toBe(400);
      expect(noSignature.body.error.details[0].path).toBe('query.signature');
      await nothingStored();
    });

    it('a PUT after the expiry: 410 UPLOAD_URL_EXPIRED (injected clock)', async ({ server, fresh }) => {
      const bytes = artifact('late');
      const { presigned, nothingStored } = await fresh(bytes);
      server.clock.advance(5 * 60_000);
      const res = await put(server, presigned.uploadUrl, bytes);
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('UPLOAD_URL_EXPIRED');
      expect(res.body.error.message).toContain(presigned.expiresAt);
      await nothingStored();
    });

    it('a second PUT to the same URL: 409, the first upload untouched', async ({ server, fresh }) => {
      const bytes = artifact('twice');
      const { presigned } = await fresh(bytes);
      expect((await put(server, presigned.uploadUrl, bytes)).status).toBe(200);
      const uploadedAt = (
        await server.deps.db.selectFrom('anti_cheat_media_files').select('uploaded_at').where('id', '=', presigned.mediaFileId).executeTakeFirstOrThrow()
      ).uploaded_at;
      server.clock.advance(1000);
      const again = await put(server, presigned.uploadUrl, bytes);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('CONFLICT');
      const row = await server.deps.db.selectFrom('anti_cheat_media_files').select('uploaded_at').where('id', '=', presigned.mediaFileId).executeTakeFirstOrThrow();
      expect(row.uploaded_at).toBe(uploadedAt);
      expect((await storedEvidenceKeys(server)).filter((f) => f.endsWith(presigned.mediaFileId))).toHaveLength(1);
    });

    it('an unknown media file: 404', async ({ server, fresh }) => {
      const bytes = artifact('unknown');
      const { presigned } = await fresh(bytes);
      const url = presigned.uploadUrl.replace(presigned.mediaFileId, '0190aaaa-0000-7000-8000-000000000000');
      expect((await put(server, url, bytes)).status).toBe(404);
    });
  });

  it('enforces the configured maximum size at presign: 413 naming body.sizeBytes', async ({ server, scene: { tenant } }) => {
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
      body: { sessionId: 'ev-1', kind: 'video', contentType: 'video/mp4', sizeBytes: 4097, sha256: 'b'.repeat(64) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ path: 'body.sizeBytes', message: expect.stringContaining('4096') }] });
    const atMax = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
      body: { sessionId: 'ev-1', kind: 'video', contentType: 'video/mp4', sizeBytes: 4096, sha256: 'b'.repeat(64) },
    });
    expect(atMax.status).toBe(201);
  });

  it('presign: 404 for an unknown session or detection, 400 for a detection of another session', async ({ server, scene: { tenant, alice } }) => {
    const body = { kind: 'log', contentType: 'text/plain', sizeBytes: 3, sha256: 'c'.repeat(64) };
    const unknown = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', { body: { ...body, sessionId: 'nope' } });
    expect(unknown.status).toBe(404);
    const missingDetection = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
      body: { ...body, sessionId: 'ev-1', detectionId: '0190aaaa-0000-7000-8000-000000000000' },
    });
    expect(missingDetection.status).toBe(404);
    await startSession(server, tenant, [alice], 'ev-2');
    const elsewhere = await raise(server, tenant, 'ev-2', alice.id);
    const mismatch = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
      body: { ...body, sessionId: 'ev-1', detectionId: elsewhere.id },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.details[0].path).toBe('body.detectionId');
  });

  it('a chunked body (no Content-Length) of another length: 400 naming body, nothing stored', async ({ server, statusOf, scene: { tenant, alice } }) => {
    const bytes = artifact('chunked');
    const sessionId = 'ev-chunked';
    await startSession(server, tenant, [alice], sessionId);
    const presigned = await presign(server, tenant, sessionId, bytes);
    const send = (chunks: Uint8Array[]) =>
      fetch(presigned.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
    const tooLong = await send([bytes, bytes]);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error.details[0]).toMatchObject({ path: 'body', message: expect.stringContaining('more were sent') });
    const tooShort = await send([bytes.slice(0, 10)]);
    expect(tooShort.status).toBe(400);
    expect(await statusOf(presigned.mediaFileId)).toBe('PENDING');
    const ok = await send([bytes.slice(0, 30), bytes.slice(30)]);
    expect(ok.status).toBe(200);
  });
});
