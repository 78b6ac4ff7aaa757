import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, isTourneyError, sha256Hex, uploadEvidence, type TourneyError } from '../src/index';
import { retryDelayMs } from '../src/retry';
import { BASE, createTestServer, errorBody, testClient } from './helpers';

const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MEDIA = '0190f5a2-7c1e-7000-8000-00000000000a';
const UPLOAD_URL = `http://uploads.test/api/v1/anti-cheat/evidence/uploads/${MEDIA}?expires=1800000000&signature=${'f'.repeat(64)}`;
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
const expectedSha = createHash('sha256').update(bytes).digest('hex');

interface Seen {
  presign?: { body: unknown; apiKey: string | null };
  put?: { body: Uint8Array; contentType: string | null; apiKey: string | null; url: string };
}

function serve(seen: Seen, putResponse?: () => Response) {
  server.use(
    http.post(`${BASE}/anti-cheat/evidence/presign`, async ({ request }) => {
      seen.presign = { body: await request.json(), apiKey: request.headers.get('x-api-key') };
      return HttpResponse.json(
        { success: true, data: { uploadUrl: UPLOAD_URL, mediaFileId: MEDIA, key: `anti-cheat-evidence/p/s/${MEDIA}`, expiresAt: '2027-01-15T08:00:00.000Z' } },
        { status: 201 },
      );
    }),
    http.put(`http://uploads.test/api/v1/anti-cheat/evidence/uploads/${MEDIA}`, async ({ request }) => {
      seen.put = {
        body: new Uint8Array(await request.arrayBuffer()),
        contentType: request.headers.get('content-type'),
        apiKey: request.headers.get('x-api-key'),
        url: request.url,
      };
      return (
        putResponse?.() ??
        HttpResponse.json({
          success: true,
          data: { mediaFileId: MEDIA, key: `anti-cheat-evidence/p/s/${MEDIA}`, sizeBytes: bytes.byteLength, sha256: expectedSha, contentType: 'image/png', uploadedAt: '2027-01-15T07:55:00.000Z' },
        })
      );
    }),
  );
}

describe('sha256Hex', () => {
  it('hashes with Web Crypto, the same as node:crypto, for every input type', async () => {
    expect(await sha256Hex(bytes)).toBe(expectedSha);
    expect(await sha256Hex(bytes.slice().buffer)).toBe(expectedSha);
    expect(await sha256Hex(new Blob([bytes]))).toBe(expectedSha);
    expect(await sha256Hex(new Uint8Array(0))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('uploadEvidence', () => {
  it('presigns with size and SHA-256 using the API key, then PUTs the exact bytes with the Content-Type and no key', async () => {
    const seen: Seen = {};
    serve(seen);
    const { client } = testClient({ apiKey: 'tk_game_server' });
    const result = await uploadEvidence(client, { sessionId: 'match-7', kind: 'screenshot', contentType: 'image/png', bytes, detectionId: MEDIA });
    expect(seen.presign).toEqual({
      body: { sessionId: 'match-7', kind: 'screenshot', contentType: 'image/png', sizeBytes: 9, sha256: expectedSha, detectionId: MEDIA },
      apiKey: 'tk_game_server',
    });
    expect(seen.put).toEqual({ body: bytes, contentType: 'image/png', apiKey: null, url: UPLOAD_URL });
    expect(result).toMatchObject({ mediaFileId: MEDIA, sha256: expectedSha, sizeBytes: 9 });
  });

  it('rejects with the presign error (e.g. 404 unknown session) and never PUTs', async () => {
    const seen: Seen = {};
    serve(seen);
    server.use(
      http.post(`${BASE}/anti-cheat/evidence/presign`, () => HttpResponse.json(errorBody('NOT_FOUND', 'anti-cheat session not found', 'req-1'), { status: 404 })),
    );
    const { client } = testClient({ apiKey: 'tk_game_server' });
    const error = (await uploadEvidence(client, { sessionId: 'nope', kind: 'log', contentType: 'text/plain', bytes }).catch((e) => e)) as TourneyError;
    expect(isTourneyError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: 'req-1' });
    expect(seen.put).toBeUndefined();
  });

  it('rejects with a TourneyError carrying the upload error (410 expired), without retrying the PUT', async () => {
    const seen: Seen = {};
    let puts = 0;
    serve(seen, () => {
      puts++;
      return HttpResponse.json(errorBody('UPLOAD_URL_EXPIRED', 'Upload URL expired', 'req-2'), { status: 410 });
    });
    const { client } = testClient({ apiKey: 'tk_game_server' });
    const error = (await uploadEvidence(client, { sessionId: 'm', kind: 'screenshot', contentType: 'image/png', bytes }).catch((e) => e)) as TourneyError;
    expect(error).toMatchObject({ status: 410, code: 'UPLOAD_URL_EXPIRED', requestId: 'req-2' });
    expect(error.request).toMatchObject({ method: 'PUT', url: UPLOAD_URL });
    expect(puts).toBe(1);
  });

  it('PUTs once when the upload URL answers 503 (a status the retrying fetch repeats for PUT): rejects with that TourneyError', async () => {
    const unavailable = () =>
      HttpResponse.json(errorBody('SERVICE_UNAVAILABLE', 'Storage unavailable', 'req-3'), { status: 503, headers: { 'Retry-After': '0' } });
    // The premise: the client's retry logic would repeat this PUT at once, so one PUT shows uploadEvidence bypasses it.
    expect(retryDelayMs(new Request(UPLOAD_URL, { method: 'PUT' }), { response: unavailable() }, 0, DEFAULT_RETRY, Date.now())).toBe(0);
    let puts = 0;
    serve({}, () => {
      puts++;
      return unavailable();
    });
    const { client, delays } = testClient({ apiKey: 'tk_game_server' });
    const error = (await uploadEvidence(client, { sessionId: 'm', kind: 'screenshot', contentType: 'image/png', bytes }).catch((e) => e)) as TourneyError;
    expect(isTourneyError(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', requestId: 'req-3' });
    expect(error.request).toMatchObject({ method: 'PUT', url: UPLOAD_URL });
    expect(puts).toBe(1);
    expect(delays).toEqual([]);
  });

  it('PUTs once when the network fails on the upload (an error the retrying fetch repeats for PUT): rejects with NETWORK_ERROR', async () => {
    // The premise: the client's retry logic would repeat this PUT after a network error.
    expect(retryDelayMs(new Request(UPLOAD_URL, { method: 'PUT' }), { error: new TypeError('fetch failed') }, 0, DEFAULT_RETRY, Date.now())).toBeTypeOf('number');
    let puts = 0;
    serve({}, () => {
      puts++;
      return HttpResponse.error();
    });
    const { client, delays } = testClient({ apiKey: 'tk_game_server' });
    const error = (await uploadEvidence(client, { sessionId: 'm', kind: 'screenshot', contentType: 'image/png', bytes }).catch((e) => e)) as TourneyError;
    expect(isTourneyError(error)).toBe(true);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(error.request).toMatchObject({ method: 'PUT', url: UPLOAD_URL });
    expect(puts).toBe(1);
    expect(delays).toEqual([]);
  });

  it('turns a failed PUT into NETWORK_ERROR (status 0) and an answer without data into INVALID_RESPONSE', async () => {
    serve({}, () => HttpResponse.error());
    const { client } = testClient({ apiKey: 'k' });
    const network = (await uploadEvidence(client, { sessionId: 'm', kind: 'log', contentType: 'text/plain', bytes }).catch((e) => e)) as TourneyError;
    expect(network).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    serve({}, () => new HttpResponse('ok', { status: 200 }));
    const invalid = (await uploadEvidence(client, { sessionId: 'm', kind: 'log', contentType: 'text/plain', bytes }).catch((e) => e)) as TourneyError;
    expect(invalid).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it('uses the fetch given in options for the PUT', async () => {
    const seen: Seen = {};
    serve(seen);
    const urls: string[] = [];
    const { client } = testClient({ apiKey: 'k' });
    await uploadEvidence(client, { sessionId: 'm', kind: 'log', contentType: 'image/png', bytes: new Blob([bytes]) }, {
      fetch: (request, init) => {
        urls.push(request.url);
        return fetch(request, init);
      },
    });
    expect(urls).toEqual([UPLOAD_URL]);
    expect(seen.put?.body).toEqual(bytes);
  });
});
