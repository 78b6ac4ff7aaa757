import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../src/index';
import { createApiKey, request, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import {
  ANTI_CHEAT_SCOPES,
  antiCheatTenant,
  artifact,
  enrolledUsers,
  presign,
  put,
  raise,
  startAntiCheatServer,
  startSession,
  withKey,
  type AntiCheatServer,
} from './anti-cheat-helpers';

/** One request per anti-cheat operation that takes a key, with the scope the contract requires for it. */
interface Call {
  operation: string;
  scope: Scope;
  method: string;
  path: string;
  body?: unknown;
}

describe('anti-cheat access: credentials, scopes, tenancy', () => {
  let ac: AntiCheatServer;
  let server: TestServer;
  let a: TestTenant;
  let b: TestTenant;
  let aUser: TestUser;
  let bUser: TestUser;
  let bDetection: any;
  let bPresign: any;
  let bClientId: string;
  let calls: Call[];
  beforeAll(async () => {
    ac = await startAntiCheatServer();
    server = ac.server;
    a = await antiCheatTenant(server);
    b = await antiCheatTenant(server);
    [aUser] = (await enrolledUsers(server, a, 1)) as [TestUser];
    [bUser] = (await enrolledUsers(server, b, 1)) as [TestUser];
    await startSession(server, a, [aUser], 'a-match');
    await startSession(server, b, [bUser], 'b-match');
    await raise(server, a, 'a-match', aUser.id);
    bDetection = await raise(server, b, 'b-match', bUser.id);
    bPresign = await presign(server, b, 'b-match', artifact('b'));
    const clients = await withKey(server, b.apiKey.key, 'GET', '/anti-cheat/clients');
    bClientId = clients.body.data[0].id;
    const detectionId = '0190aaaa-0000-7000-8000-000000000000';
    calls = [
      { operation: 'startAntiCheatSession', scope: 'anticheat:session.write', method: 'POST', path: '/anti-cheat/sessions', body: { game: 'cs2', participants: [{ userId: aUser.id }] } },
      { operation: 'getAntiCheatSession', scope: 'anticheat:session.write', method: 'GET', path: '/anti-cheat/sessions/a-match' },
      { operation: 'listAntiCheatSessions', scope: 'anticheat:session.write', method: 'GET', path: '/anti-cheat/sessions' },
      { operation: 'endAntiCheatSession', scope: 'anticheat:session.write', method: 'POST', path: '/anti-cheat/sessions/none/end' },
      { operation: 'raiseDetection', scope: 'anticheat:session.write', method: 'POST', path: '/anti-cheat/sessions/a-match/detections', body: { userId: aUser.id, rule: 'x', severity: 'LOW' } },
      { operation: 'listDetections', scope: 'anticheat:detections.read', method: 'GET', path: '/anti-cheat/detections' },
      { operation: 'getDetection', scope: 'anticheat:detections.read', method: 'GET', path: `/anti-cheat/detections/${detectionId}` },
      { operation: 'recordDetectionVerdict', scope: 'anticheat:session.write', method: 'POST', path: `/anti-cheat/detections/${detectionId}/verdict`, body: { verdict: 'INCONCLUSIVE' } },
      { operation: 'downloadEvidence', scope: 'anticheat:detections.read', method: 'GET', path: `/anti-cheat/evidence/${detectionId}` },
      { operation: 'presignEvidenceUpload', scope: 'anticheat:evidence.write', method: 'POST', path: '/anti-cheat/evidence/presign', body: { sessionId: 'a-match', kind: 'log', contentType: 'text/plain', sizeBytes: 1, sha256: 'a'.repeat(64) } },
      { operation: 'enrollAntiCheatClient', scope: 'anticheat:session.write', method: 'POST', path: '/anti-cheat/clients', body: { userId: aUser.id } },
      { operation: 'listAntiCheatClients', scope: 'anticheat:session.write', method: 'GET', path: '/anti-cheat/clients' },
      { operation: 'revokeAntiCheatClient', scope: 'anticheat:session.write', method: 'DELETE', path: `/anti-cheat/clients/${detectionId}` },
    ];
  });
  afterAll(() => ac.cleanup());

  it('401 without a key, with a revoked key, and with a user token instead of a key', async () => {
    const revoked = await createApiKey(server, a.owner, a.project.id, ANTI_CHEAT_SCOPES);
    const del = await request(server, 'DELETE', `/developer/api-keys/${revoked.id}`, { token: a.owner.accessToken });
    expect(del.status).toBe(204);
    for (const call of calls) {
      const none = await request(server, call.method, call.path, { body: call.body });
      expect(none.status, `${call.operation} without a key`).toBe(401);
      expect(none.body.error.code).toBe('UNAUTHORIZED');
      const withRevoked = await request(server, call.method, call.path, { body: call.body, apiKey: revoked.key });
      expect(withRevoked.status, `${call.operation} with a revoked key`).toBe(401);
      const withToken = await request(server, call.method, call.path, { body: call.body, token: a.owner.accessToken });
      expect(withToken.status, `${call.operation} with a user token`).toBe(401);
      expect(withToken.body.error.message).toContain('X-API-Key');
    }
  });

  it('403 INSUFFICIENT_SCOPE for each operation with a key holding every scope but the one it needs', async () => {
    const allButOne = new Map<Scope, string>();
    for (const scope of ANTI_CHEAT_SCOPES) {
      const others = [...ANTI_CHEAT_SCOPES.filter((s) => s !== scope), 'manage:tournaments' as Scope];
      allButOne.set(scope, (await createApiKey(server, a.owner, a.project.id, others)).key);
    }
    for (const call of calls) {
      const res = await withKey(server, allButOne.get(call.scope)!, call.method, call.path, { body: call.body });
      expect(res.status, call.operation).toBe(403);
      expect(res.body.error.code).toBe('INSUFFICIENT_SCOPE');
      expect(res.body.error.message).toContain(call.scope);
    }
    // A key holding only the needed scope gets through the scope check.
    const only = await createApiKey(server, a.owner, a.project.id, ['anticheat:detections.read']);
    expect((await withKey(server, only.key, 'GET', '/anti-cheat/detections')).status).toBe(200);
  });

  it("project A's key gets 404 on B's session, detection, evidence and client, and never sees B's in lists", async () => {
    const key = a.apiKey.key;
    expect((await withKey(server, key, 'GET', '/anti-cheat/sessions/b-match')).status).toBe(404);
    const raised = await withKey(server, key, 'POST', '/anti-cheat/sessions/b-match/detections', { body: { userId: bUser.id, rule: 'x', severity: 'LOW' } });
    expect(raised.status).toBe(404);
    const verdict = await withKey(server, key, 'POST', `/anti-cheat/detections/${bDetection.id}/verdict`, { body: { verdict: 'FALSE_POSITIVE' } });
    expect(verdict.status).toBe(404);
    const presigned = await withKey(server, key, 'POST', '/anti-cheat/evidence/presign', {
      body: { sessionId: 'b-match', kind: 'screenshot', contentType: 'image/png', sizeBytes: 1, sha256: 'a'.repeat(64) },
    });
    expect(presigned.status).toBe(404);
    const withBDetection = await withKey(server, key, 'POST', '/anti-cheat/evidence/presign', {
      body: { sessionId: 'a-match', kind: 'screenshot', contentType: 'image/png', sizeBytes: 1, sha256: 'a'.repeat(64), detectionId: bDetection.id },
    });
    expect(withBDetection.status).toBe(404);
    const linkB = await withKey(server, key, 'POST', '/anti-cheat/sessions/a-match/detections', {
      body: { userId: aUser.id, rule: 'x', severity: 'LOW', evidenceMediaFileIds: [bPresign.mediaFileId] },
    });
    expect(linkB.status).toBe(400);
    expect((await withKey(server, key, 'DELETE', `/anti-cheat/clients/${bClientId}`)).status).toBe(404);
    // Ending B's session with A's key is the no-op of R12.6: B's session stays active.
    const end = await withKey(server, key, 'POST', '/anti-cheat/sessions/b-match/end');
    expect(end.body.data).toEqual({ sessionId: 'b-match', ended: false, endedAt: null });
    expect((await withKey(server, b.apiKey.key, 'GET', '/anti-cheat/sessions/b-match')).body.data.status).toBe('ACTIVE');

    const detections = await withKey(server, key, 'GET', '/anti-cheat/detections', { query: { limit: 200 } });
    expect(detections.body.data.length).toBeGreaterThan(0);
    expect(detections.body.data.every((d: { sessionId: string }) => d.sessionId === 'a-match')).toBe(true);
    const bySession = await withKey(server, key, 'GET', '/anti-cheat/detections', { query: { sessionId: 'b-match' } });
    expect(bySession.body.data).toEqual([]);
    const clients = await withKey(server, key, 'GET', '/anti-cheat/clients', { query: { includeRevoked: true, limit: 100 } });
    expect(clients.body.data.every((c: { projectId: string }) => c.projectId === a.project.id)).toBe(true);
    expect(clients.body.data.map((c: { id: string }) => c.id)).not.toContain(bClientId);
    // B's evidence URL works only for B's bytes; the project of a key plays no part in it and B's detection is untouched.
    expect((await withKey(server, b.apiKey.key, 'GET', '/anti-cheat/detections')).body.data[0]).toMatchObject({ id: bDetection.id, reviewed: false });
    expect((await put(server, bPresign.uploadUrl, artifact('b'))).status).toBe(200);
    expect((await withKey(server, key, 'GET', '/anti-cheat/sessions/a-match')).body.data.evidenceCount).toBe(0);
    // B's uploaded evidence and B's sessions stay out of A's reach (R12.18, R12.20).
    expect((await withKey(server, key, 'GET', `/anti-cheat/evidence/${bPresign.mediaFileId}`)).status).toBe(404);
    expect((await withKey(server, b.apiKey.key, 'GET', `/anti-cheat/evidence/${bPresign.mediaFileId}`)).status).toBe(200);
    const sessions = await withKey(server, key, 'GET', '/anti-cheat/sessions', { query: { limit: 100 } });
    expect(sessions.body.data.map((s: { sessionId: string }) => s.sessionId)).not.toContain('b-match');
    expect(sessions.body.data.every((s: { projectId: string }) => s.projectId === a.project.id)).toBe(true);
  });

  it('answers an API key sent as a bearer token with 401 saying to send it in X-API-Key', async () => {
    const res = await request(server, 'GET', '/anti-cheat/detections', { headers: { authorization: `Bearer ${a.apiKey.key}` } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('this is an API key') });
    expect(res.body.error.message).toContain('X-API-Key');
    // The same on an operation that takes user tokens, and for a key that does not exist.
    const me = await request(server, 'GET', '/users/me', { headers: { authorization: `Bearer tk_${'x'.repeat(43)}` } });
    expect(me.status).toBe(401);
    expect(me.body.error.message).toContain('send it in the X-API-Key header');
    // Sent as the key (and also as the bearer token, as generated clients do), it works.
    expect((await withKey(server, a.apiKey.key, 'GET', '/anti-cheat/detections')).status).toBe(200);
    const both = await request(server, 'GET', '/anti-cheat/detections', { apiKey: a.apiKey.key, headers: { authorization: `Bearer ${a.apiKey.key}` } });
    expect(both.status).toBe(200);
  });

  it('ignores a projectId in query and body: everything stays in the key project', async () => {
    const list = await withKey(server, a.apiKey.key, 'GET', `/anti-cheat/detections?projectId=${b.project.id}`);
    // projectId is not a documented query parameter here: it is dropped, never used.
    expect(list.status).toBe(200);
    expect(list.body.data.every((d: { sessionId: string }) => d.sessionId === 'a-match')).toBe(true);
    const enroll = await withKey(server, a.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: bUser.id, projectId: b.project.id } });
    expect(enroll.status).toBe(201);
    expect(enroll.body.data.projectId).toBe(a.project.id);
  });
});
