import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { run } from '@tourney/cli';
import { createTenant, registerUser, startTestServer, type TestServer } from '../../packages/server/test/helpers/index';
import { betterSeedWins, playDecided, startWithStages, type StartedTournament } from '../../packages/server/test/formats-helpers';
import { allMatches } from '../../packages/server/test/tournaments-helpers';

// `tourney bracket <id> --watch` (R28.4) and `tourney tournament open <id>` (R28.11) against a real server.
let server: TestServer;
let configDir: string;
let t: StartedTournament;

beforeAll(async () => {
  server = await startTestServer({ livePollIntervalMs: 20 });
  configDir = await mkdtemp(join(tmpdir(), 'tourney-cli-live-'));
  const tenant = await createTenant(server);
  const players = [];
  for (let i = 1; i <= 4; i++) players.push(await registerUser(server, { displayName: `Player ${i}` }));
  t = await startWithStages(server, tenant, players, [{ name: 'Playoffs', format: 'SINGLE_ELIMINATION' }]);
});

afterAll(async () => {
  await server?.close();
  await rm(configDir, { recursive: true, force: true });
});

function start(argv: string[], waitForShutdown: () => Promise<string> = () => new Promise(() => {})) {
  const out = { stdout: '', stderr: '' };
  const done = run(['--base-url', server.url, ...argv], {
    io: { stdout: { write: (s: string) => (out.stdout += s) }, stderr: { write: (s: string) => (out.stderr += s) }, isTTY: false, columns: 120 },
    env: { TOURNEY_CONFIG_DIR: configDir },
    homeDir: configDir,
    waitForShutdown,
  });
  return { out, done };
}

describe('the CLI follows live events', () => {
  it('tourney bracket <id> --watch redraws on each change until interrupted', async () => {
    let interrupt!: (signal: string) => void;
    const shutdown = new Promise<string>((resolve) => (interrupt = resolve));
    const { out, done } = start(['bracket', t.id, '--watch'], () => shutdown);
    const drawings = () => out.stdout.split('Semi-finals').length - 1;
    await vi.waitFor(() => expect(drawings()).toBe(1), { timeout: 10_000 });
    const match = (await allMatches(server, t.id)).find((m) => m.round === 1)!;
    await playDecided(server, match, t.byParticipant, betterSeedWins(match));
    await vi.waitFor(() => expect(drawings()).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    interrupt('SIGINT');
    expect(await done).toBe(0);
    expect(out.stdout.slice(out.stdout.lastIndexOf('Semi-finals'))).toContain(match.participants[0].name);
  });

  it('tourney tournament open <id> prints the public page URL (and opens nothing when piped)', async () => {
    const { out, done } = start(['tournament', 'open', t.id]);
    expect(await done).toBe(0);
    expect(out.stdout.trim()).toBe(`${server.url.replace(/\/api\/v1$/, '')}/t/${t.id}`);
  });
});
