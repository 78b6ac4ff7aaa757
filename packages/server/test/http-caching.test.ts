import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, request, startTestServer, type TestServer, type TestTenant } from './helpers/index';
import { createTournament, joinAll, lifecycle, openTournament, registerPlayers } from './tournaments-helpers';

let server: TestServer;
let tenant: TestTenant;

beforeAll(async () => {
  server = await startTestServer();
  tenant = await createTenant(server);
});
afterAll(async () => server?.close());

/** A raw GET (no transparent decompression): status, headers and the bytes as sent. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('conditional reads', () => {
  it('tags an anonymous public read with an ETag, answers 304 to If-None-Match, and a change gives a new tag', async () => {
    const t = await openTournament(server, tenant);
    const first = await request(server, 'GET', `/tournaments/${t.id}`);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(first.headers.get('vary')).toMatch(/Authorization/);

    // A raw request: fetch() sends `Cache-Control: no-cache` with If-None-Match, which asks the server for a full answer.
    const again = await rawGet(`/tournaments/${t.id}`, { 'if-none-match': tag! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(tag);

    const renamed = await request(server, 'PUT', `/tournaments/${t.id}`, { token: tenant.owner.accessToken, body: { name: 'Renamed Cup' } });
    expect(renamed.status).toBe(200);
    const changed = await rawGet(`/tournaments/${t.id}`, { 'if-none-match': tag! });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.bytes.toString('utf8')).data.name).toBe('Renamed Cup');
    expect(changed.headers.etag).not.toBe(tag);
  });

  it('marks reads with credentials private; answers that carry their own Cache-Control keep it; writes get no ETag', async () => {
    const t = await createTournament(server, tenant);
    const staffRead = await request(server, 'GET', `/tournaments/${t.id}`, { token: tenant.owner.accessToken });
    expect(staffRead.status).toBe(200);
    expect(staffRead.headers.get('cache-control')).toBe('private, no-cache');
    expect(staffRead.headers.get('etag')).toBeTruthy();
    const revalidated = await rawGet(`/tournaments/${t.id}`, {
      authorization: `Bearer ${tenant.owner.accessToken}`,
      'if-none-match': staffRead.headers.get('etag')!,
    });
    expect(revalidated.status).toBe(304);

    const login = await request(server, 'POST', '/auth/login', { body: { username: tenant.owner.username, password: tenant.owner.password } });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect(login.headers.get('etag')).toBeNull();
  });

  it('TOURNEY_PUBLIC_CACHE_SECONDS lets a CDN keep anonymous reads for that long', async () => {
    const cached = await startTestServer({ publicCacheSeconds: 30 });
    try {
      const owner = await createTenant(cached);
      const t = await openTournament(cached, owner);
      const res = await request(cached, 'GET', `/tournaments/${t.id}`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=30');
    } finally {
      await cached.close();
    }
  });
});

describe('compression', () => {
  it('sends a large read brotli- or gzip-compressed as the client accepts, and small answers as they are', async () => {
    const t = await openTournament(server, tenant, { maxParticipants: 16 });
    await joinAll(server, t.id, await registerPlayers(server, 16));
    await lifecycle(server, tenant, t.id, 'registration/close');
    await lifecycle(server, tenant, t.id, 'start');
    const path = `/tournaments/${t.id}/bracket`;

    const plain = await rawGet(path, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.bytes.toString('utf8'));
    expect(json.success).toBe(true);

    const br = await rawGet(path, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 4);

    const gzip = await rawGet(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json);

    const small = await rawGet('/health', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/Accept-Encoding/);

    // A small read (tagged and encoded by the conditional GET) is sent as it is, and still varies by encoding.
    const smallRead = await rawGet(`/tournaments/${t.id}/participants?limit=1`, { 'accept-encoding': 'br, gzip' });
    expect(smallRead.status).toBe(200);
    expect(smallRead.bytes.length).toBeLessThan(1024);
    expect(smallRead.headers.etag).toBeDefined();
    expect(smallRead.headers['content-encoding']).toBeUndefined();
    expect(smallRead.headers.vary).toMatch(/Accept-Encoding/);
    expect(smallRead.headers.vary).toMatch(/Authorization/);
    expect(JSON.parse(smallRead.bytes.toString('utf8')).success).toBe(true);
  });
});
