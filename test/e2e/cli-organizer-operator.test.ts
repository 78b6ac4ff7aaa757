import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '@tourney/cli';
import { useCliAgainstServer, type CliResult } from '../helpers/cli';

// The commands an organizer, a player and a game-server operator need, against a real server: piped (cli) and on a
// terminal (tty below) where the two differ.
const { cli, url, configDir } = useCliAgainstServer('tourney-cli-ops-');
const password = 'a long enough password';

/** Runs on a terminal (stdout a TTY, no prompting, no colour). */
async function tty(...argv: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(['--base-url', url(), ...argv], {
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, isTTY: true, interactive: false, columns: 120 },
    env: { TOURNEY_CONFIG_DIR: configDir, NO_COLOR: '1' },
    homeDir: configDir,
  });
  return { code, stdout, stderr };
}

async function ok(...argv: string[]): Promise<string> {
  const result = await cli(...argv);
  expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

describe('from an empty server: accounts, organizations and projects', () => {
  it('a failed login hints at signup; signup logs in; org and project become the profile defaults', async () => {
    const refused = await cli('--profile', 'ops', 'login', '--username', 'ops_owner', '--password', password);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/^error: wrong username, email or password \(INVALID_CREDENTIALS, request [0-9a-f-]+\)\n/);
    expect(refused.stderr).toContain("hint: no account on this server yet? create one with 'tourney --profile ops signup'");

    expect((await cli('--profile', 'ops', 'tournament', 'list')).stderr).toContain('error: no profile named "ops"'); // the failed login created none
    // Without a project, a login or a key: the two lists anyone can reach are pointed to (R26.9).
    const anonymous = await cli('tournament', 'list');
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toContain('error: no project given');
    expect(anonymous.stderr).toContain('tourney tournament list --public');
    expect(anonymous.stderr).not.toContain('listTournaments');

    const signedUp = await tty('--profile', 'ops', 'signup', '--username', 'ops_owner', '--email', 'ops_owner@example.test', '--password', password);
    expect(signedUp.stdout).toBe(`signed up and logged in to ${url()} as ops_owner (profile ops)\n`);
    const orgId = await ok('--profile', 'ops', 'org', 'create', '--name', 'Ops League');
    expect(orgId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await cli.json('--profile', 'ops', 'config', 'get')).organizationId).toBe(orgId);
    // org list: the caller's organizations with the caller's role; piped rows carry the raw role.
    expect(await ok('--profile', 'ops', 'org', 'list')).toBe(`${orgId}\tOps League\tops-league\tOWNER\ttrue`);
    expect((await cli.json<any[]>('--profile', 'ops', 'org', 'ls')).map((o) => [o.id, o.role])).toEqual([[orgId, 'OWNER']]);

    const created = await tty('--profile', 'ops', 'project', 'create', '--name', 'Ranked', '--plan', 'pro');
    expect(created.stdout).toMatch(/^created project "Ranked" \([0-9a-f-]{36}, plan pro\)\nit is now the default project of profile ops\n$/);
    const second = await ok('--profile', 'ops', 'project', 'create', '--name', 'Casual');
    const projects = await cli.json<any[]>('--profile', 'ops', 'project', 'list');
    expect(projects.map((p) => p.name).sort()).toEqual(['Casual', 'Ranked']);
    const ranked = projects.find((p) => p.name === 'Ranked');
    expect((await cli.json('--profile', 'ops', 'config', 'get')).projectId).toBe(ranked.id); // the second did not replace it

    // Piped rows carry raw values; a terminal shows words and marks the default.
    const piped = (await ok('--profile', 'ops', 'project', 'list')).split('\n').map((line) => line.split('\t'));
    expect(piped).toContainEqual([ranked.id, 'Ranked', 'PRO', 'true', ranked.createdAt]);
    const table = await tty('--profile', 'ops', 'project', 'list');
    expect(table.stdout).toMatch(/^ID\s+NAME\s+PLAN\s+DEFAULT\s+CREATED\n/);
    expect(table.stdout).toMatch(new RegExp(`${ranked.id}\\s+Ranked\\s+pro\\s+\\*`));

    expect((await cli.json('--profile', 'ops', 'project', 'update', second, '--name', 'Casual Cups')).name).toBe('Casual Cups');
    expect(await ok('--profile', 'ops', 'project', 'use', second)).toBe(second);
    expect((await cli.json('--profile', 'ops', 'project', 'get')).id).toBe(second);
    expect(await ok('--profile', 'ops', 'project', 'use', ranked.id)).toBe(ranked.id);
    expect((await cli.json('--profile', 'ops', 'org', 'get')).id).toBe(orgId);

    const typo = await cli('--profile', 'opps', 'project', 'list');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('error: no profile named "opps"');
  });
});

describe('tournaments with stage settings', () => {
  it('creates, shows, updates (flags and --stages file), checks in, analyses and deletes', async () => {
    const swiss = await ok(
      '--profile', 'ops', 'tournament', 'create', '--name', 'Masters', '--discipline', 'chess', '--max-participants', '8',
      '--format', 'swiss', '--swiss-rounds', '3', '--points', '1,0.5,0', '--tiebreaks', 'points,buchholz,sonneborn-berger',
    );
    const shown = await cli.json('--profile', 'ops', 'tournament', 'get', swiss);
    expect(shown.stages).toEqual([
      expect.objectContaining({ format: 'SWISS', settings: expect.objectContaining({ swissRounds: 3, pointsForWin: 1, pointsForDraw: 0.5, pointsForLoss: 0, tiebreaks: ['POINTS', 'BUCHHOLZ', 'SONNEBORN_BERGER'] }) }),
    ]);
    const described = await tty('--profile', 'ops', 'tournament', 'get', swiss);
    expect(described.stdout).toMatch(/stage 1:\s+Main: Swiss, 3 rounds, points 1\/0\.5\/0, tiebreaks points, buchholz, sonneborn berger \(pending\)/);
    const rawGet = await ok('--profile', 'ops', 'tournament', 'get', swiss);
    expect(rawGet).toContain('status\tDRAFT');

    const misplaced = await cli('--profile', 'ops', 'tournament', 'update', swiss, '--grand-final', 'double');
    expect(misplaced.code).toBe(1);
    expect(misplaced.stderr).toBe('error: --grand-final does not apply to Swiss\nhint: it applies to double elimination (--format double-elimination)\n');

    const de = await cli.json('--profile', 'ops', 'tournament', 'update', swiss, '--format', 'double-elimination', '--grand-final', 'double', '--check-in', '--check-in-opens', '90');
    expect(de.stages[0]).toMatchObject({ format: 'DOUBLE_ELIMINATION', settings: expect.objectContaining({ grandFinal: 'double' }) });
    expect(de).toMatchObject({ checkInRequired: true, checkInOpensMinutesBefore: 90 });

    const file = join(configDir, 'stages.yaml');
    writeFileSync(file, '- { name: Groups, format: groups, settings: { groupCount: 2, qualifiersPerGroup: 2 } }\n- { name: Playoffs, format: single-elimination, settings: { thirdPlaceMatch: true } }\n');
    const staged = await cli.json('--profile', 'ops', 'tournament', 'update', swiss, '--stages', file);
    expect(staged.stages.map((s: any) => [s.name, s.format])).toEqual([['Groups', 'GROUPS'], ['Playoffs', 'SINGLE_ELIMINATION']]);
    const several = await cli('--profile', 'ops', 'tournament', 'update', swiss, '--swiss-rounds', '4');
    expect(several.stderr).toContain('the tournament has 2 stages: change them with --stages FILE');
    writeFileSync(file, JSON.stringify([{ name: 'A', format: 'round-robin', settings: { advanceCount: 99 } }, { name: 'B', format: 'single-elimination' }]));
    const badFile = await cli('--profile', 'ops', 'tournament', 'update', swiss, '--stages', file);
    expect(badFile.code).toBe(1);
    expect(badFile.stderr).toMatch(/^error: stage 1 advanceCount \(in the --stages file\) /);
    expect(badFile.stderr).not.toContain('body.stages');

    // Check-in: registration, then the window (opens 90 minutes before a start 30 minutes away).
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    await ok('--profile', 'ops', 'tournament', 'update', swiss, '--start-date', soon);
    await ok('--profile', 'ops', 'tournament', 'publish', swiss);
    await ok('--profile', 'ops', 'tournament', 'open-registration', swiss);
    await ok('--profile', 'ops_p', 'signup', '--username', 'ops_player', '--email', 'ops_player@example.test', '--password', password);
    const participantId = await ok('--profile', 'ops_p', 'tournament', 'join', swiss);
    expect(await ok('--profile', 'ops_p', 'tournament', 'checkin', swiss)).toBe(participantId);
    expect((await cli.json('participant', 'list', swiss))[0].status).toBe('CHECKED_IN');

    const analytics = await cli.json('--profile', 'ops', 'tournament', 'analytics', swiss);
    expect(analytics).toMatchObject({ tournamentId: swiss, totalParticipants: 1, checkInRate: 1 });
    expect((await tty('--profile', 'ops', 'tournament', 'analytics', swiss)).stdout).toMatch(/check-in rate:\s+100 %/);

    const unconfirmed = await cli('--profile', 'ops', 'tournament', 'delete', swiss);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain('add --yes to confirm');
    expect(await ok('--profile', 'ops', 'tournament', 'delete', swiss, '--yes')).toBe(swiss);
    expect((await cli('tournament', 'get', swiss)).code).toBe(1);
  });

  it('errors name flags and environment variables, not JSON paths or server settings', async () => {
    const url = await cli('--profile', 'ops', 'webhook', 'create', '--url', 'http://127.0.0.1:9/hook');
    expect(url.code).toBe(1);
    expect(url.stderr).toMatch(/^error: --url the address 127\.0\.0\.1, a private, loopback or link-local address; such URLs are refused unless the server runs with TOURNEY_ALLOW_PRIVATE_WEBHOOK_URLS=1 \(VALIDATION_ERROR, request [0-9a-f-]+\)\n/);
    expect(url.stderr.match(/error:/g)).toHaveLength(1);
    const badId = await cli('tournament', 'get', 'not-an-id');
    expect(badId.stderr).toMatch(/^error: <tournamentId> must be an id such as /);
  });
});

describe('circuits: update, seasons, analytics', () => {
  it('updates a circuit, lists its seasons and shows its analytics', async () => {
    const circuit = await ok('--profile', 'ops', 'circuit', 'create', '--name', 'Tour');
    expect((await cli.json('--profile', 'ops', 'circuit', 'update', circuit, '--name', 'Pro Tour', '--discipline', 'chess')).name).toBe('Pro Tour');
    await ok('--profile', 'ops', 'circuit', 'season', 'create', circuit, '--name', 'S1', '--start-date', '2030-01-01', '--end-date', '2030-06-30', '--placements', '1=100,2=70');
    const seasons = await ok('--profile', 'ops', 'circuit', 'season', 'list', circuit);
    expect(seasons).toMatch(/^1\t[0-9a-f-]{36}\tS1\tUPCOMING\t2030-01-01\t2030-06-30\t0$/);
    const analytics = await cli.json('--profile', 'ops', 'circuit', 'analytics', circuit);
    expect(analytics).toMatchObject({ circuitId: circuit, seasonCount: 1, tournamentsClassified: 0 });
  });
});

describe('anti-cheat operators', () => {
  it('enrolls a client by username, starts a covered session, raises, shows and reviews a detection, revokes the client', async () => {
    const created = (await cli.json('--profile', 'ops', 'api-key', 'create', '--name', 'game server', '--scope', 'anticheat:session.write', 'anticheat:detections.read')).key;
    await ok('--profile', 'gs', 'config', 'set', 'apiKey', created);
    const player = await cli.json('user', 'get', 'ops_player');
    expect(player.username).toBe('ops_player');
    expect((await tty('user', 'get', 'ops_player')).stdout).toMatch(new RegExp(`^username:\\s+ops_player\\nid:\\s+${player.id}\\n`));

    const uncovered = await cli('--profile', 'gs', 'anticheat', 'session', 'start', '--game', 'cs2', '--match', 'ops-1', '--participant', player.id);
    expect(uncovered.stdout).toBe('ops-1\t0\t1\n');
    expect(uncovered.stderr).toContain('warning: 1 of 1 participants are not monitored');
    await ok('--profile', 'gs', 'anticheat', 'session', 'end', 'ops-1');

    const clientId = await ok('--profile', 'gs', 'anticheat', 'client', 'enroll', '--user', 'ops_player', '--label', 'desk');
    const clients = (await ok('--profile', 'gs', 'anticheat', 'client', 'list')).split('\n');
    expect(clients).toHaveLength(1);
    expect(clients[0]!.split('\t').slice(0, 3)).toEqual([clientId, player.id, 'desk']);
    expect(clients[0]!.split('\t')[4]).toBe('ACTIVE');

    const covered = await cli('--profile', 'gs', 'anticheat', 'session', 'start', '--game', 'cs2', '--match', 'ops-2', '--participant', player.id);
    expect(covered.stdout).toBe('ops-2\t1\t1\n');
    expect(covered.stderr).toBe('');
    const detectionId = await ok('--profile', 'gs', 'anticheat', 'detection', 'raise', 'ops-2', '--user', 'ops_player', '--rule', 'aim.snap_angle', '--severity', 'high', '--ai-label', 'likely_aimbot', '--ai-confidence', '0.9');
    const detection = await cli.json('--profile', 'gs', 'anticheat', 'detection', 'get', detectionId);
    expect(detection).toMatchObject({ id: detectionId, rule: 'aim.snap_angle', severity: 'HIGH', aiVerdictRecorded: true, reviewed: false });
    expect(await ok('--profile', 'gs', 'anticheat', 'detection', 'verdict', detectionId, '--verdict', 'false-positive', '--note', 'demo reviewed')).toBe('FALSE_POSITIVE');
    expect((await tty('--profile', 'gs', 'anticheat', 'detection', 'get', detectionId)).stdout).toMatch(/verdict:\s+false positive/);

    const keep = await cli('--profile', 'gs', 'anticheat', 'client', 'revoke', clientId);
    expect(keep.code).toBe(1);
    expect(await ok('--profile', 'gs', 'anticheat', 'client', 'revoke', clientId, '--yes')).toBe(clientId);
    expect(await ok('--profile', 'gs', 'anticheat', 'client', 'list')).toBe('');
  });
});
