import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedServer } from '@tourney/server';
import { storedEvidence, storedEvidenceKeys } from '../../packages/server/test/anti-cheat-helpers';
import { startServerOnTestDatabase, type TestServer } from '../../packages/server/test/helpers/server';
import { requireBuilt, spawnNode } from '../helpers/spawn';

describe('examples/game-server-anticheat', () => {
  let server: StartedServer;
  let evidenceDir: string;
  beforeAll(async () => {
    requireBuilt('packages/sdk/dist/index.js');
    evidenceDir = await mkdtemp(join(tmpdir(), 'tourney-example-evidence-'));
    server = await startServerOnTestDatabase({ port: 0, logLevel: 'silent', evidenceDir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(evidenceDir, { recursive: true, force: true });
  });

  it('starts a session, raises a detection, uploads a screenshot, reads detections, ends the session; exits 0', async () => {
    const example = spawnNode(['examples/game-server-anticheat'], { TOURNEY_BASE_URL: server.url });
    const code = await example.exited;
    const out = example.output();
    expect(code, out).toBe(0);
    expect(out).toMatch(/session ranked-\w+: 2 of 2 players covered/);
    expect(out).toMatch(/aim\.snap_angle \(HIGH\)/);
    expect(out).toMatch(/evidence: 1 {2}reviewed: false/);
    expect(out).toMatch(/session ended: true; status ENDED, 1 detection\(s\), 1 evidence file\(s\)/);

    // The screenshot is a real PNG, stored under anti-cheat-evidence/ with the checksum the example printed (read
    // through the server's storage driver: a directory on SQLite, the database on PostgreSQL, R21.3).
    const key = /evidence (anti-cheat-evidence\/\S+): (\d+) bytes, sha256 ([a-f0-9]{64})/.exec(out);
    expect(key, out).not.toBeNull();
    const stored = Buffer.from((await storedEvidence(server as TestServer, key![1]!)) ?? new Uint8Array());
    expect(stored.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(stored.length).toBe(Number(key![2]));
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(stored).digest('hex')).toBe(key![3]);
    expect(await storedEvidenceKeys(server as TestServer)).toEqual([key![1]]);
  });
});
