/**
 * Hostile request input at the HTTP layer: bodies of any size or nesting, bytes that are not UTF-8, other charsets,
 * Accept-Encoding that refuses every encoding, and the names of bad headers (R2.4, R2.17, R2.19).
 */
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgWithProject, registerUser, request, startTestServer, type TestOrgWithProject, type TestServer, type TestUser } from './helpers/index';
import { tournamentBody } from './tournaments-helpers';

let server: TestServer;
let owner: TestUser;
let tenant: TestOrgWithProject;

beforeAll(async () => {
  server = await startTestServer();
  owner = await registerUser(server);
  tenant = await createOrgWithProject(server, owner);
});
afterAll(async () => server?.close());

/** A JSON body sent as these exact bytes, with `contentType`. */
const postBytes = (path: string, bytes: Uint8Array, contentType = 'application/json') =>
  request(server, 'POST', path, { token: owner.accessToken, rawBody: bytes, headers: { 'content-type': contentType } });

/** The names of the caller's organizations. */
async function organizationNames(): Promise<string[]> {
  const res = await request(server, 'GET', '/organizations', { token: owner.accessToken, query: { limit: 100 } });
  expect(res.status).toBe(200);
  return res.body.data.map((o: { name: string }) => o.name);
}

describe('request bodies of any size (R2.4)', () => {
  it('refuses a body of 50,000 array items with a 400 naming the field and a bounded answer, and serves the next request', async () => {
    const stages = Array.from({ length: 50_000 }, () => ({}));
    const body = tournamentBody({ projectId: tenant.project.id, stages });
    const [refused, health] = await Promise.all([
      request(server, 'POST', '/tournaments', { token: owner.accessToken, body }),
      request(server, 'GET', '/health'),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_ERROR');
    expect(refused.body.error.details).toEqual([{ path: 'body.stages', message: 'must NOT have more than 8 items' }]);
    expect(refused.body.error.message).toBe(
      'body.stages: must NOT have more than 8 items (the body holds more than 1000 values: checking stopped at its first problem)',
    );
    expect(refused.text.length).toBeLessThan(1_000);
    expect(health.status).toBe(200);

    // Distinct strings (uniqueItems compares every pair) and items through $ref, each far beyond its bound.
    const scopes = Array.from({ length: 50_000 }, (_, i) => `s${i}`);
    const key = await request(server, 'POST', '/developer/api-keys', { token: owner.accessToken, body: { name: 'k', scopes, projectId: tenant.project.id } });
    expect(key.status).toBe(400);
    expect(key.body.error.details).toEqual([{ path: 'body.scopes', message: 'must NOT have more than 10 items' }]);
    expect(key.text.length).toBeLessThan(1_000);
    const tiebreaks = Array.from({ length: 20_000 }, () => 'NOT_A_TIEBREAK');
    const stage = { name: 'Groups', format: 'ROUND_ROBIN', settings: { tiebreaks } };
    const tied = await request(server, 'POST', '/tournaments', { token: owner.accessToken, body: tournamentBody({ projectId: tenant.project.id, stages: [stage] }) });
    expect(tied.status).toBe(400);
    expect(tied.body.error.details.map((d: { path: string }) => d.path)).toContain('body.stages[0].settings.tiebreaks');
    expect(tied.text.length).toBeLessThan(20_000);
    expect((await request(server, 'GET', '/health')).status).toBe(200);
  });

  it('names every bad field of a normal body, at most 100 of them, and says how many there were', async () => {
    const extra = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`extra${i}`, i]));
    const res = await request(server, 'POST', '/organizations', { token: owner.accessToken, body: { name: '', ...extra } });
    expect(res.status).toBe(400);
    const details: { path: string; message: string }[] = res.body.error.details;
    expect(details).toHaveLength(100);
    expect(details).toContainEqual({ path: 'body.extra0', message: 'is not allowed' });
    expect(res.body.error.message).toBe(`${details[0]!.path}: ${details[0]!.message} (151 problems, details lists the first 100)`);
    // Strings the database cannot store are counted the same way.
    const names = Array.from({ length: 120 }, (_, i) => ({ name: `Stage\u0000${i}`, format: 'SINGLE_ELIMINATION' }));
    const nul = await request(server, 'POST', '/tournaments', { token: owner.accessToken, body: tournamentBody({ projectId: tenant.project.id, stages: names }) });
    expect(nul.status).toBe(400);
    expect(nul.body.error.details).toHaveLength(100);
    expect(nul.body.error.details[0].path).toBe('body.stages[0].name');
    expect(nul.body.error.message).toMatch(/\(120 problems, details lists the first 100\)$/);
  });
});

describe('deeply nested bodies (R2.17)', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}"x"${']'.repeat(depth)}`;
  const register = (username: string) =>
    postBytes('/auth/register', Buffer.from(`{"username":${username},"email":"deep@example.com","password":"long enough password"}`));

  it('refuses a body nested deeper than 64 levels with 400 naming the body, however deep, never 500', async () => {
    for (const depth of [64, 5_000, 100_000]) {
      const res = await register(nested(depth));
      expect(res.status, res.text.slice(0, 300)).toBe(400);
      expect(res.body.error.details).toEqual([{ path: 'body', message: 'must not nest objects and arrays more than 64 levels deep' }]);
    }
    // 63 arrays inside the body object: 64 levels, checked against the schema like any body.
    const atLimit = await register(nested(63));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.error.details[0].path).toBe('body.username');
  });
});

describe('request body bytes and charsets', () => {
  const json = (name: Buffer) => Buffer.concat([Buffer.from('{"name":"'), name, Buffer.from('"}')]);

  it('refuses bytes that are not UTF-8 with 400 INVALID_JSON naming the body, and stores nothing', async () => {
    const bad = {
      'a stray byte': [0x41, 0xff, 0x42],
      'an overlong slash': [0x41, 0xc0, 0xaf],
      'a truncated euro sign': [0x41, 0xe2, 0x82],
      'an encoded surrogate': [0x41, 0xed, 0xa0, 0x80],
    };
    for (const [what, bytes] of Object.entries(bad)) {
      const res = await postBytes('/organizations', json(Buffer.from(bytes)));
      expect(res.status, what).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_JSON', message: 'request body is not valid UTF-8', details: [{ path: 'body', message: 'must be UTF-8 encoded' }] });
    }
    expect((await organizationNames()).filter((n) => n.startsWith('A'))).toEqual([]);
    // Well-formed UTF-8 (two, three and four bytes) is stored as sent.
    const good = await postBytes('/organizations', json(Buffer.from('Équipe € \u{1F3C6}', 'utf8')));
    expect(good.status, good.text).toBe(201);
    expect(good.body.data.name).toBe('Équipe € \u{1F3C6}');
  });

  it('refuses a charset other than UTF-8 with 415, and takes utf-8 in any case', async () => {
    for (const charset of ['iso-8859-1', 'utf-16le', 'us-ascii']) {
      const res = await postBytes('/organizations', json(Buffer.from('Latin')), `application/json; charset=${charset}`);
      expect(res.status, charset).toBe(415);
      expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.body.error.message).toBe(`request body must be UTF-8 encoded JSON (got charset=${charset})`);
    }
    expect(await organizationNames()).not.toContain('Latin');
    for (const contentType of ['application/json; charset=UTF-8', 'application/json; charset="utf-8"', 'application/json']) {
      const res = await postBytes('/organizations', json(Buffer.from(`Charset ${contentType.length}é`)), contentType);
      expect(res.status, contentType).toBe(201);
    }
  });
});

/** A raw GET (no transparent decompression): status, headers and body text. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('compression (R2.19)', () => {
  it('sends an answer of 1 KiB or more uncompressed when the client accepts no encoding at all', async () => {
    const path = `/organizations/${tenant.organization.id}`;
    const described = await request(server, 'PUT', path, { token: owner.accessToken, body: { description: 'A long description. '.repeat(90) } });
    expect(described.status, described.text).toBe(200);
    for (const acceptEncoding of ['identity;q=0', '*;q=0', 'gzip;q=0, identity;q=0', 'gzip;q=-1']) {
      const res = await rawGet(path, { 'accept-encoding': acceptEncoding, authorization: `Bearer ${owner.accessToken}` });
      expect(res.status, `${acceptEncoding}: ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(res.text.length).toBeGreaterThanOrEqual(1024);
      expect(JSON.parse(res.text).data.description).toBe(described.body.data.description);
    }
  });
});

describe('header names in error details (R2.4)', () => {
  it('names a bad header header.<lower-case name>', async () => {
    const report = await request(server, 'POST', `/matches/${randomUUID()}/report`, {
      token: owner.accessToken,
      headers: { 'Idempotency-Key': 'k'.repeat(256) },
      body: { scores: [] },
    });
    expect(report.status).toBe(400);
    expect(report.body.error.details.map((d: { path: string }) => d.path)).toContain('header.idempotency-key');
    const events = await request(server, 'GET', `/tournaments/${randomUUID()}/events`, { headers: { 'Last-Event-ID': 'abc' } });
    expect(events.status).toBe(400);
    expect(events.body.error.details.map((d: { path: string }) => d.path)).toEqual(['header.last-event-id']);
  });
});
