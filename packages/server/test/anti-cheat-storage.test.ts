import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig } from '../src/index';
import { signUpload, verifyUploadSignature } from '../src/services/anti-cheat/upload-signature';
import { DATABASE_READ_CHUNK_BYTES } from '../src/storage/database-storage';
import { createEvidenceStorage, DatabaseStorage, evidenceDirectory, LocalDirectoryStorage } from '../src/storage/index';
import { onPostgres, startTestServer, type TestServer } from './helpers/index';

describe('LocalDirectoryStorage', () => {
  let root: string;
  let storage: LocalDirectoryStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'tourney-storage-'));
    storage = new LocalDirectoryStorage(join(root, 'evidence'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('puts, gets, tells existence and deletes objects by key, with their content type', async () => {
    const key = 'anti-cheat-evidence/p1/s1/m1';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([1, 2, 3]), contentType: 'image/png' });
    await storage.put(key, new Uint8Array([9]), 'text/plain');
    expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([9]), contentType: 'text/plain' });
    // No temporary files are left behind.
    expect((await readdir(join(root, 'evidence', 'anti-cheat-evidence', 'p1', 's1'))).sort()).toEqual(['m1', 'm1.meta.json']);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key); // deleting nothing is fine
  });

  it('heads an object without reading it and streams it from its file', async () => {
    const key = 'anti-cheat-evidence/p1/s1/m2';
    expect(await storage.head(key)).toBeNull();
    expect(await storage.openRead(key)).toBeNull();
    const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 13) % 256);
    await storage.put(key, bytes, 'image/jpeg');
    expect(await storage.head(key)).toEqual({ contentType: 'image/jpeg', sizeBytes: bytes.byteLength });
    const opened = (await storage.openRead(key))!;
    expect(opened.sizeBytes).toBe(bytes.byteLength);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true);
  });

  it('refuses keys that could leave the root or are malformed', async () => {
    for (const key of ['../x', 'a/../../b', '/abs', 'a//b', '.hidden', 'a/b/', 'a\\b', 'x.meta.json']) {
      await expect(storage.put(key, new Uint8Array([1]), 'text/plain'), key).rejects.toThrow(TypeError);
    }
    expect(storage.pathOf('a/b.c_d-e')).toBe(join(resolve(root, 'evidence'), 'a', 'b.c_d-e'));
  });
});

describe('evidence configuration', () => {
  it('puts evidence next to the database, in a temp dir for :memory:, or where configured', () => {
    expect(evidenceDirectory({ evidenceDir: null, databasePath: './data/tourney.db' })).toBe(resolve('./data/evidence'));
    expect(evidenceDirectory({ evidenceDir: '/srv/evidence', databasePath: './data/tourney.db' })).toBe('/srv/evidence');
    const memory = evidenceDirectory({ evidenceDir: null, databasePath: ':memory:' });
    expect(memory.startsWith(tmpdir())).toBe(true);
    expect(memory).not.toBe(evidenceDirectory({ evidenceDir: null, databasePath: ':memory:' }));
  });

  it('reads TOURNEY_EVIDENCE_DIR, TOURNEY_MAX_EVIDENCE_BYTES and TOURNEY_PRESIGN_SECRET', () => {
    expect(resolveConfig()).toMatchObject({ evidenceDir: null, maxEvidenceBytes: 25 * 1024 * 1024, presignSecret: null });
    const env = { TOURNEY_EVIDENCE_DIR: '/tmp/ev', TOURNEY_MAX_EVIDENCE_BYTES: '1000', TOURNEY_PRESIGN_SECRET: 's3cret' };
    expect(configFromEnv(env)).toMatchObject({ evidenceDir: '/tmp/ev', maxEvidenceBytes: 1000, presignSecret: 's3cret' });
    expect(() => configFromEnv({ TOURNEY_MAX_EVIDENCE_BYTES: 'lots' })).toThrow(/TOURNEY_MAX_EVIDENCE_BYTES/);
  });
});

describe('upload signatures', () => {
  const fields = { method: 'PUT', key: 'anti-cheat-evidence/p/s/m', contentType: 'image/png', sizeBytes: 10, sha256: 'a'.repeat(64), expires: 1_800_000_000 };
  const secret = Buffer.from('secret');

  it('verifies its own signature and refuses any change of a signed field or of the secret', () => {
    const signature = signUpload(secret, fields);
    expect(signature).toMatch(/^[a-f0-9]{64}$/);
    expect(verifyUploadSignature(secret, fields, signature)).toBe(true);
    expect(verifyUploadSignature(Buffer.from('other'), fields, signature)).toBe(false);
    const changes = { method: 'POST', key: 'anti-cheat-evidence/p/s/x', contentType: 'image/jpeg', sizeBytes: 11, sha256: 'b'.repeat(64), expires: 1_800_000_001 };
    for (const [name, value] of Object.entries(changes)) {
      expect(verifyUploadSignature(secret, { ...fields, [name]: value }, signature), name).toBe(false);
    }
    expect(verifyUploadSignature(secret, fields, 'not-hex')).toBe(false);
  });
});

describe(`DatabaseStorage on ${onPostgres ? 'PostgreSQL' : 'SQLite'}`, () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(() => server.close());

  it('puts, replaces, gets, tells existence and deletes objects in evidence_objects, bytes intact', async () => {
    const storage = new DatabaseStorage(server.deps.db, server.clock);
    const key = 'anti-cheat-evidence/p1/s1/m1';
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, bytes, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.get(key)).toEqual({ bytes, contentType: 'image/png' });
    await storage.put(key, new Uint8Array([0, 255]), 'text/plain');
    expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([0, 255]), contentType: 'text/plain' });
    const row = await server.deps.db.selectFrom('evidence_objects').select(['size_bytes']).where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.size_bytes).toBe(2);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
    await expect(storage.put('../x', bytes, 'image/png')).rejects.toThrow(TypeError);
  });

  it('heads an object without its bytes and streams it back in 1 MiB statements, bytes intact', async () => {
    const storage = new DatabaseStorage(server.deps.db, server.clock);
    const key = 'anti-cheat-evidence/p1/s1/big';
    const bytes = Uint8Array.from({ length: 2 * DATABASE_READ_CHUNK_BYTES + 5 }, (_, i) => (i * 31) % 251);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.openRead(key)).toBeNull();
    await storage.put(key, bytes, 'video/mp4');
    expect(await storage.head(key)).toEqual({ contentType: 'video/mp4', sizeBytes: bytes.byteLength });
    const opened = (await storage.openRead(key))!;
    expect({ contentType: opened.contentType, sizeBytes: opened.sizeBytes }).toEqual({ contentType: 'video/mp4', sizeBytes: bytes.byteLength });
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    expect(chunks.map((c) => c.byteLength)).toEqual([DATABASE_READ_CHUNK_BYTES, DATABASE_READ_CHUNK_BYTES, 5]);
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true);
    // A row deleted while it is read ends the stream with an error, never a short object.
    const cut = (await storage.openRead(key))!;
    const first = await cut.stream[Symbol.asyncIterator]().next();
    expect((first.value as Buffer).byteLength).toBe(DATABASE_READ_CHUNK_BYTES);
    await storage.delete(key);
    await expect((async () => { for await (const _ of cut.stream) void _; })()).rejects.toThrow(/changed while it was read/);
  });

  it('is the evidence storage on PostgreSQL; SQLite keeps the local directory', () => {
    const { config, db, clock } = server.deps;
    expect(createEvidenceStorage(config, db, clock)).toBeInstanceOf(onPostgres ? DatabaseStorage : LocalDirectoryStorage);
  });
});
