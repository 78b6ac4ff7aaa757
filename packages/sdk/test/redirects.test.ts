/**
 * Redirects are never followed (R19.9): Node's fetch drops `Authorization` on a cross-origin redirect but keeps
 * `X-API-Key`, and a 307/308 re-sends the body, so following one would hand the API key and a refresh token to the
 * host the `Location` names. These tests run real HTTP servers on 127.0.0.1 (msw cannot show a 307/308 re-sending a
 * body: its own redirect following refuses bodies), so what Node's fetch would send to the other host is observed.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTourneyClient, isTourneyError, uploadEvidence, type TourneyError } from '../src/index';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface TestHttpServer {
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

const servers: TestHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** Starts an HTTP server on 127.0.0.1 (a free port) that records every request and answers with `answer`. */
async function startHttpServer(answer: (request: Seen, response: ServerResponse) => void): Promise<TestHttpServer> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const started: TestHttpServer = {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(started);
  return started;
}

/**
 * The host a redirect points to: answers every request with a success envelope, so a followed redirect succeeds;
 * `onRequest` runs first (e.g. to end a loop that would otherwise keep following).
 */
function otherHost(onRequest?: () => void): Promise<TestHttpServer> {
  return startHttpServer((_request, response) => {
    onRequest?.();
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ success: true, data: { id: 'x', accessToken: 'tat_new', refreshToken: 'trt_new' } }));
  });
}

/** An "API" that answers every request with `status` and a Location on `target` (same path unless `location` given). */
function redirectingApi(status: number, target: string, location?: (url: string) => string): Promise<TestHttpServer> {
  return startHttpServer((request, response) => {
    response.writeHead(status, { Location: location ? location(request.url) : `${target}${request.url}` });
    response.end();
  });
}

/** Awaits `promise`, then checks that nothing reached `other`, then that it rejected with a TourneyError (returned). */
async function rejection(promise: Promise<unknown>, other?: TestHttpServer): Promise<TourneyError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (other) expect(other.seen.map((r) => ({ ...r.headers, body: r.body }))).toEqual([]);
  expect(isTourneyError(error), String(error)).toBe(true);
  return error as TourneyError;
}

const ID = '0190f5a2-7c1e-7000-8000-000000000001';

describe('redirects (R19.9)', () => {
  it('does not follow a 307 on a GET: the API key and token never reach the other host; REDIRECT names the Location', async () => {
    const other = await otherHost();
    const api = await redirectingApi(307, other.origin);
    const client = createTourneyClient({ baseUrl: `${api.origin}/api/v1`, apiKey: 'tk_secret_key', accessToken: 'tat_secret' });
    const error = await rejection(client.GET('/tournaments/{id}', { params: { path: { id: ID } } }), other);
    expect(api.seen.map((r) => `${r.method} ${r.url} ${r.headers['x-api-key']}`)).toEqual([`GET /api/v1/tournaments/${ID} tk_secret_key`]);
    expect(error.code).toBe('REDIRECT');
    expect(error.status).toBe(307);
    expect(error.message).toBe(
      `GET ${api.origin}/api/v1/tournaments/${ID} was answered 307, a redirect to ${other.origin}/api/v1/tournaments/${ID}, ` +
        'which the SDK does not follow (it would send the credentials and body there): set baseUrl to the API root it points to',
    );
    expect(error.request.headers['x-api-key']).toBe('[REDACTED]');
  });

  it('does not re-send POST /auth/refresh and its refresh token to the host a 307 names', async () => {
    const other = await otherHost();
    const api = await redirectingApi(307, other.origin);
    const client = createTourneyClient({ baseUrl: `${api.origin}/api/v1` });
    const error = await rejection(client.POST('/auth/refresh', { body: { refreshToken: 'trt_secret_refresh' } }), other);
    expect(error.code).toBe('REDIRECT');
    expect(api.seen.map((r) => r.body)).toEqual([JSON.stringify({ refreshToken: 'trt_secret_refresh' })]);
  });

  it('does not follow a 308 (logout with the refresh token), a 301, 302 or 303, nor through the raw client', async () => {
    const other = await otherHost();
    for (const status of [308, 301, 302, 303]) {
      const api = await redirectingApi(status, other.origin);
      const client = createTourneyClient({ baseUrl: `${api.origin}/api/v1`, apiKey: 'tk_secret_key' });
      const error = await rejection(client.POST('/auth/logout', { body: { refreshToken: 'trt_secret_refresh' } }), other);
      expect([error.code, error.status]).toEqual(['REDIRECT', status]);
      const raw = await rejection(client.raw.GET('/tournaments/{id}', { params: { path: { id: ID } } }), other);
      expect([raw.code, raw.status]).toEqual(['REDIRECT', status]);
    }
    expect(other.seen).toEqual([]);
  });

  it('names a relative Location as the absolute URL it resolves to, without any user or password in it', async () => {
    const api = await redirectingApi(308, '', () => '/v2/tournaments');
    const client = createTourneyClient({ baseUrl: `${api.origin}/api/v1`, apiKey: 'tk_secret_key' });
    const relative = await rejection(client.GET('/tournaments'));
    expect(relative.message).toContain(`a redirect to ${api.origin}/v2/tournaments,`);
    const other = await otherHost();
    const withUser = await redirectingApi(307, '', (url) => `http://user:hunter2@${other.origin.slice('http://'.length)}${url}`);
    const error = await rejection(createTourneyClient({ baseUrl: `${withUser.origin}/api/v1` }).GET('/tournaments'), other);
    expect(error.message).toContain(`a redirect to ${other.origin}/api/v1/tournaments,`);
    expect(error.message).not.toContain('hunter2');
    expect(other.seen).toEqual([]);
  });

  it('live events and the evidence upload do not follow redirects either', async () => {
    // A followed redirect would reconnect to the other host forever: its first request ends the stream.
    const stop = new AbortController();
    const other = await otherHost(() => stop.abort());
    const api = await redirectingApi(307, other.origin);
    const client = createTourneyClient({ baseUrl: `${api.origin}/api/v1`, apiKey: 'tk_secret_key' });
    const events = client.events(ID, { reconnectDelayMs: 0, signal: stop.signal });
    const eventsError = await rejection(events.next(), other);
    expect([eventsError.code, eventsError.status]).toEqual(['REDIRECT', 307]);

    // The presign answers normally; the upload URL it gives redirects the PUT of the bytes.
    const uploads = await startHttpServer((request, response) => {
      if (request.url.endsWith('/presign')) {
        response.writeHead(201, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ success: true, data: { uploadUrl: `${uploadsOrigin()}/uploads/m1`, mediaFileId: 'm1', key: 'k', expiresAt: '2030-01-01T00:00:00Z' } }));
        return;
      }
      response.writeHead(307, { Location: `${other.origin}/uploads/m1` });
      response.end();
    });
    const uploadsOrigin = () => uploads.origin;
    const uploader = createTourneyClient({ baseUrl: `${uploads.origin}/api/v1`, apiKey: 'tk_secret_key' });
    const uploadError = await rejection(
      uploadEvidence(uploader, { sessionId: 's1', kind: 'log', contentType: 'text/plain', bytes: new TextEncoder().encode('evidence') }),
      other,
    );
    expect([uploadError.code, uploadError.status]).toEqual(['REDIRECT', 307]);
    expect(uploads.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v1/anti-cheat/evidence/presign', 'PUT /uploads/m1']);
    expect(other.seen).toEqual([]);
  });
});
