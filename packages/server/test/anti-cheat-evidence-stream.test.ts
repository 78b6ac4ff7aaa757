import { Readable, Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageDriver, StoredObjectStream } from '../src/storage/index';
import { onPostgres, type TestServer, type TestTenant, type TestUser } from './helpers/index';
import { antiCheatTenant, artifact, download, enrolledUsers, put, sha256Hex, startAntiCheatServer, startSession, withKey, type AntiCheatServer } from './anti-cheat-helpers';

// downloadEvidence streams the stored bytes (R12.18): read from storage as they are sent (a file read stream on SQLite,
// 1 MiB statements on PostgreSQL), never the whole object at once; HEAD reads none; a client going away stops the read,
// and a storage failure mid-way cuts the connection and is logged. Over real HTTP on the run's database.

describe(`streaming evidence downloads on ${onPostgres ? 'PostgreSQL' : 'SQLite'} (R12.18)`, () => {
  let started: AntiCheatServer;
  let server: TestServer;
  let storage: StorageDriver;
  let tenant: TestTenant;
  const lines: Record<string, unknown>[] = [];
  let logged: () => void = () => {};

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        logged();
        done();
      },
    });
    started = await startAntiCheatServer({ logger: pino({ level: 'debug' }, sink) });
    server = started.server;
    storage = server.services.antiCheat.storage;
    tenant = await antiCheatTenant(server);
    const [alice] = (await enrolledUsers(server, tenant, 1)) as [TestUser];
    await startSession(server, tenant, [alice], 'stream-1');
  });
  afterAll(async () => started?.cleanup());

  /** Uploads `bytes` as `contentType`; returns the media file id. */
  async function upload(bytes: Uint8Array, contentType = 'image/png'): Promise<string> {
    const presigned = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
      body: { sessionId: 'stream-1', kind: 'other', contentType, sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes) },
    });
    expect(presigned.status, presigned.text).toBe(201);
    expect((await put(server, presigned.body.data.uploadUrl, bytes, contentType)).status).toBe(200);
    return presigned.body.data.mediaFileId;
  }

  /** Runs `body` with the storage's methods shadowed by `overrides` (own properties), removed after. */
  async function withStorage(overrides: Partial<StorageDriver>, body: () => Promise<void>): Promise<void> {
    Object.assign(storage, overrides);
    try {
      await body();
    } finally {
      for (const name of Object.keys(overrides)) delete (storage as unknown as Record<string, unknown>)[name];
    }
  }

  /** Resolves once a log line satisfies `match`; rejects after 10 s (a bound, not a timing assertion). */
  function logLine(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such log line: ${JSON.stringify(lines.slice(-5))}`)), 10_000);
      logged = () => {
        const line = lines.find(match);
        if (!line) return;
        clearTimeout(timer);
        logged = () => {};
        resolve(line);
      };
      logged();
    });
  }

  it('streams a file of several chunks through the storage driver: the bytes as uploaded, never read whole', async () => {
    const bytes = artifact('multi-chunk', 2.5 * 1024 * 1024 + 17);
    const mediaFileId = await upload(bytes);
    let opened = 0;
    const openRead = storage.openRead.bind(storage);
    await withStorage(
      {
        get: () => Promise.reject(new Error('a download must not read the whole object (get)')),
        openRead: (key) => {
          opened += 1;
          return openRead(key);
        },
      },
      async () => {
        const got = await download(server, tenant.apiKey.key, mediaFileId);
        expect(got.status).toBe(200);
        expect(got.headers.get('content-length')).toBe(String(bytes.byteLength));
        expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
      },
    );
    expect(opened).toBe(1);
  });

  it('answers HEAD with the headers of a GET and reads none of the bytes', async () => {
    const bytes = artifact('head', 300_000);
    const mediaFileId = await upload(bytes);
    const reads: string[] = [];
    const get = storage.get.bind(storage);
    const openRead = storage.openRead.bind(storage);
    await withStorage(
      {
        get: (key) => {
          reads.push('get');
          return get(key);
        },
        openRead: (key) => {
          reads.push('openRead');
          return openRead(key);
        },
      },
      async () => {
        const res = await fetch(`${server.url}/anti-cheat/evidence/${mediaFileId}`, { method: 'HEAD', headers: { 'x-api-key': tenant.apiKey.key } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));
        expect(res.headers.get('content-type')).toBe('image/png');
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${mediaFileId}"`);
        expect((await res.arrayBuffer()).byteLength).toBe(0);
      },
    );
    expect(reads).toEqual([]);
    const unknown = await fetch(`${server.url}/anti-cheat/evidence/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, { method: 'HEAD', headers: { 'x-api-key': tenant.apiKey.key } });
    expect(unknown.status).toBe(404);
  });

  it('answers the declared Content-Type exactly, no charset added: text/plain Latin-1 bytes come back as they are', async () => {
    const bytes = new Uint8Array(Buffer.from('joueur: Zoë, déjà vu à 12:03 — señal\n'.replace('—', '-'), 'latin1'));
    const mediaFileId = await upload(bytes, 'text/plain');
    const got = await download(server, tenant.apiKey.key, mediaFileId);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/plain');
    expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('stops reading storage when the client goes away mid-download, logged as the client going away', async () => {
    const bytes = artifact('gone', 3 * 1024 * 1024);
    const mediaFileId = await upload(bytes);
    let served: StoredObjectStream | null = null;
    const openRead = storage.openRead.bind(storage);
    await withStorage({ openRead: async (key) => (served = await openRead(key)) }, async () => {
      const abort = new AbortController();
      const res = await fetch(`${server.url}/anti-cheat/evidence/${mediaFileId}`, {
        signal: abort.signal,
        headers: { 'x-api-key': tenant.apiKey.key, 'x-request-id': 'req-evidence-gone' },
      });
      expect(res.status).toBe(200);
      await res.body!.getReader().read(); // the first bytes
      abort.abort();
      const stream = served! as StoredObjectStream;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the storage stream was not destroyed')), 10_000);
        const done = () => (clearTimeout(timer), resolve());
        if (stream.stream.destroyed) done();
        else stream.stream.once('close', done);
      });
      expect(stream.stream.readableEnded).toBe(false);
    });
    const about = await logLine((l) => l.requestId === 'req-evidence-gone' && (l.msg === 'client went away' || l.msg === 'unhandled error'));
    expect([about.msg, about.level]).toEqual(['client went away', 20]);
    // The server goes on serving.
    expect((await download(server, tenant.apiKey.key, mediaFileId)).bytes.byteLength).toBe(bytes.byteLength);
  });

  it('cuts the connection and logs the error when storage fails mid-stream; the server goes on serving', async () => {
    const bytes = artifact('broken', 200_000);
    const mediaFileId = await upload(bytes);
    const openRead = storage.openRead.bind(storage);
    await withStorage(
      {
        openRead: async (key) => {
          const opened = await openRead(key);
          opened?.stream.destroy();
          async function* failing() {
            yield Buffer.from(bytes.subarray(0, 1000));
            throw new Error('disk read failed mid-way');
          }
          return opened && { ...opened, stream: Readable.from(failing()) };
        },
      },
      async () => {
        const res = await fetch(`${server.url}/anti-cheat/evidence/${mediaFileId}`, {
          headers: { 'x-api-key': tenant.apiKey.key, 'x-request-id': 'req-evidence-broken' },
        });
        expect(res.status).toBe(200);
        await expect(res.arrayBuffer()).rejects.toThrow();
      },
    );
    const failure = await logLine((l) => l.requestId === 'req-evidence-broken' && l.msg === 'unhandled error');
    expect(failure.level).toBe(50);
    expect((failure.err as { message: string }).message).toBe('disk read failed mid-way');
    const again = await download(server, tenant.apiKey.key, mediaFileId);
    expect(Buffer.from(again.bytes).equals(Buffer.from(bytes))).toBe(true);
  });
});
