import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StartedServer } from '@tourney/server';
import { startServerOnTestDatabase } from '../../packages/server/test/helpers/server';
import { requireBuilt, spawnNode } from '../helpers/spawn';

describe('npx tourney demo', () => {
  it('runs a 16-player single elimination over HTTP and prints the bracket, champion and placements', async () => {
    const bin = requireBuilt('node_modules/.bin/tourney');
    const demo = spawnNode([bin, 'demo', '--seed', '42'], { COLUMNS: '120' });
    expect(await demo.exited).toBe(0);
    const out = demo.output();
    expect(out).toMatch(/champion/i);
    expect(out).toMatch(/placements/i);
    // 16 players: the shared placements 5-8 and 9-16 list four and eight players.
    expect(out).toMatch(/^\s*5-8\s+\S+, \S+, \S+, \S+\s*$/m);
    expect(out).toMatch(/^\s*9-16\s+(\S+, ){7}\S+\s*$/m);
    expect(out).toMatch(/Champion: \S+/);
  });
});

describe('examples/organizer-automation', () => {
  let server: StartedServer;
  beforeAll(async () => {
    requireBuilt('packages/sdk/dist/index.js');
    server = await startServerOnTestDatabase({ port: 0, logLevel: 'silent' });
  });
  afterAll(async () => server?.close());

  it('runs a tournament to COMPLETED through the SDK with an API key and player tokens', async () => {
    const example = spawnNode(['examples/organizer-automation', '6'], { TOURNEY_BASE_URL: server.url });
    const code = await example.exited;
    const out = example.output();
    expect(code, out).toBe(0);
    expect(out).toContain('status: COMPLETED');
    expect(out).toMatch(/^1\s+player\d_/m);
    expect(out).toMatch(/^3\s+player\d_/m);
  });
});
