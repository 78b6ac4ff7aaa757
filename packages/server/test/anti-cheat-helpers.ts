/**
 * Fixtures shared by the anti-cheat-* tests: a server with its own evidence directory, PRO tenants with an
 * anti-cheat key, enrolled users, sessions, detections, and presign + upload of evidence bytes.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '../src/index';
import { createEvidenceStorage } from '../src/storage/index';
import {
  createTenant,
  expectStatus,
  registerUser,
  request,
  startTestServer,
  type RequestOptions,
  type TestResponse,
  type TestServer,
  type TestServerOptions,
  type TestTenant,
  type TestUser,
  type ApiServer,
} from './helpers/index';

/** The three scopes of the anti-cheat surface (R1.10, R12.1). */
export const ANTI_CHEAT_SCOPES: readonly Scope[] = ['anticheat:session.write', 'anticheat:detections.read', 'anticheat:evidence.write'];

/** A test server whose evidence goes to a fresh temporary directory (`evidenceDir`), removed by `cleanup`. */
export interface AntiCheatServer {
  server: TestServer;
  evidenceDir: string;
  cleanup(): Promise<void>;
}

/** Starts a test server with a temporary evidence directory; extra options are passed on (e.g. maxEvidenceBytes). */
export async function startAntiCheatServer(options: Parameters<typeof startTestServer>[0] = {}): Promise<AntiCheatServer> {
  const evidenceDir = await mkdtemp(join(tmpdir(), 'tourney-evidence-test-'));
  const server = await startTestServer({ evidenceDir, ...options });
  return {
    server,
    evidenceDir,
    cleanup: async () => {
      await server.close();
      await rm(evidenceDir, { recursive: true, force: true });
    },
  };
}

/**
 * The `serverOptions` fixture of a file whose server keeps its evidence in a fresh temporary directory (the server's
 * `deps.config.evidenceDir`), removed after the file's server closed: `test.scoped({ serverOptions: withEvidenceDir() })`.
 * Extra options are passed on (e.g. maxEvidenceBytes).
 */
export function withEvidenceDir(
  options: TestServerOptions = {},
): [(context: object, use: (value: TestServerOptions) => Promise<void>) => Promise<void>, { scope: 'file' }] {
  return [
    async ({}, use) => {
      const evidenceDir = await mkdtemp(join(tmpdir(), 'tourney-evidence-test-'));
      try {
        await use({ evidenceDir, ...options });
      } finally {
        await rm(evidenceDir, { recursive: true, force: true });
      }
    },
    { scope: 'file' },
  ];
}

/**
 * The storage keys of the evidence `server` stored, sorted: files under its evidence directory on SQLite, rows of
 * `evidence_objects` on PostgreSQL (R21.3).
 */
export async function storedEvidenceKeys(server: TestServer): Promise<string[]> {
  if (!server.deps.config.databaseUrl) return (await listFiles(server.deps.config.evidenceDir!)).filter((f) => !f.endsWith('.meta.json'));
  const rows = await server.deps.db.selectFrom('evidence_objects').select('key').orderBy('key').execute();
  return rows.map((r) => r.key);
}

/** The bytes `server` stored under `key` (through the server's own evidence storage driver), or null. */
export async function storedEvidence(server: TestServer, key: string): Promise<Uint8Array | null> {
  const { config, db, clock } = server.deps;
  return (await createEvidenceStorage(config, db, clock).get(key))?.bytes ?? null;
}

/** Every file under `dir`, as paths relative to it (empty when the directory does not exist). */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/** A tenant (PRO unless told) whose API key holds the anti-cheat scopes (or `scopes`). */
export async function antiCheatTenant(
  server: ApiServer,
  options: { plan?: 'FREE' | 'PRO'; scopes?: readonly Scope[] } = {},
): Promise<TestTenant> {
  return createTenant(server, { plan: options.plan ?? 'PRO', scopes: options.scopes ?? ANTI_CHEAT_SCOPES });
}

/** A request with the tenant's API key (or `key`). */
export function withKey(
  server: ApiServer,
  key: string,
  method: string,
  path: string,
  options: Omit<RequestOptions, 'apiKey'> = {},
): Promise<TestResponse> {
  return request(server, method, path, { ...options, apiKey: key });
}

/** Registers `n` users and enrolls an anti-cheat client for each in the tenant's project. */
export async function enrolledUsers(server: ApiServer, tenant: TestTenant, n: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const user = await registerUser(server);
    const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/clients', { body: { userId: user.id, label: `rig ${i}` } });
    expectStatus(res, 201, 'enroll client');
    users.push(user);
  }
  return users;
}

/** Starts a session for `users` (and optionally a `matchId`); returns the start answer's data. */
export async function startSession(server: ApiServer, tenant: TestTenant, users: readonly { id: string }[], matchId?: string): Promise<any> {
  const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/sessions', {
    body: { game: 'cs2', participants: users.map((u) => ({ userId: u.id })), ...(matchId ? { matchId } : {}) },
  });
  expectStatus(res, 201, 'start session');
  return res.body.data;
}

/** Raises a detection for `userId` in a session; returns it. */
export async function raise(
  server: ApiServer,
  tenant: TestTenant,
  sessionId: string,
  userId: string,
  extra: Record<string, unknown> = {},
): Promise<any> {
  const res = await withKey(server, tenant.apiKey.key, 'POST', `/anti-cheat/sessions/${sessionId}/detections`, {
    body: { userId, rule: 'aim.snap_angle', severity: 'HIGH', ...extra },
  });
  expectStatus(res, 201, 'raise detection');
  return res.body.data;
}

/** Lowercase hex SHA-256 of bytes. */
export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A few bytes of a PNG-looking artifact, distinct per `seed`. */
export function artifact(seed = 'x', size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  const header = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (let i = 0; i < size; i++) bytes[i] = i < header.length ? header[i]! : (seed.charCodeAt(i % seed.length) + i) % 256;
  return bytes;
}

/** Presigns an upload of `bytes` as image/png into a session (optionally for a detection); returns the presign data. */
export async function presign(
  server: ApiServer,
  tenant: TestTenant,
  sessionId: string,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
): Promise<any> {
  const res = await withKey(server, tenant.apiKey.key, 'POST', '/anti-cheat/evidence/presign', {
    body: { sessionId, kind: 'screenshot', contentType: 'image/png', sizeBytes: bytes.byteLength, sha256: sha256Hex(bytes), ...extra },
  });
  expectStatus(res, 201, 'presign');
  return res.body.data;
}

/** PUTs bytes to an upload URL (no credentials) with a Content-Type (default image/png). */
export function put(server: ApiServer, url: string, bytes: Uint8Array | string, contentType = 'image/png'): Promise<TestResponse> {
  return request(server, 'PUT', url, { rawBody: bytes, headers: { 'content-type': contentType } });
}

/** The answer of GET /anti-cheat/evidence/{mediaFileId}: status, headers, the raw bytes, and the JSON error if any. */
export interface EvidenceDownloadResponse {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  error?: { code: string; message: string };
}

/**
 * Downloads one evidence file with `key` (downloadEvidence), asking for compression (`Accept-Encoding: gzip, br`) as
 * browsers do, and returns the bytes as received (fetch decodes a compressed body; its Content-Encoding stays in
 * `headers`).
 */
export async function download(server: ApiServer, key: string, mediaFileId: string): Promise<EvidenceDownloadResponse> {
  const response = await fetch(`${server.url}/anti-cheat/evidence/${mediaFileId}`, { headers: { 'x-api-key': key, 'accept-encoding': 'gzip, br' } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').includes('json') && response.status >= 400;
  return { status: response.status, headers: response.headers, bytes, ...(json ? { error: JSON.parse(Buffer.from(bytes).toString('utf8')).error } : {}) };
}
