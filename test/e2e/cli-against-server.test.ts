import { describe, expect, it } from 'vitest';
import { createTourneyClient } from '@tourney/sdk';
import { useCliAgainstServer } from '../helpers/cli';

// The CLI drives a real server over HTTP through the SDK: organizer and players each use their own profile.
const { cli, url } = useCliAgainstServer('tourney-cli-e2e-', 120);
const password = 'a long enough password';
const json = cli.json;

async function registerAccount(username: string): Promise<void> {
  const client = createTourneyClient({ baseUrl: url() });
  await client.POST('/auth/register', { body: { username, email: `${username}@example.test`, password } });
}

describe('tourney CLI against a real server', () => {
  it('creates, runs and draws a 4-player tournament from the command line', async () => {
    await registerAccount('cli_org');
    const players = ['cli_p1', 'cli_p2', 'cli_p3', 'cli_p4'];
    for (const p of players) await registerAccount(p);

    expect((await cli('login', '--username', 'cli_org', '--password', password)).code).toBe(0);
    // The organization and the project become the profile's defaults.
    const org = await json('org', 'create', '--name', 'CLI League');
    const project = await json('project', 'create', '--org', org.id, '--name', 'Cups');
    expect((await json('config', 'get')).projectId).toBe(project.id);

    const created = await json(
      'tournament', 'create', '--name', 'CLI Cup', '--discipline', 'chess', '--max-participants', '8',
      '--start-date', '2030-01-01T18:00:00Z', '--third-place',
    );
    expect(created).toMatchObject({ name: 'CLI Cup', status: 'DRAFT', disciplineId: 'chess' });
    expect((await cli('tournament', 'publish', created.id)).code).toBe(0);
    expect((await cli('tournament', 'open-registration', created.id)).code).toBe(0);

    for (const p of players) {
      expect((await cli('--profile', p, 'login', '--username', p, '--password', password)).code).toBe(0);
      const joined = await cli('--profile', p, 'tournament', 'join', created.id);
      expect(joined.code, joined.stderr).toBe(0);
    }
    const listed = await cli('tournament', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(created.id);

    expect((await cli('tournament', 'start', created.id)).code).toBe(0);
    const participants = await json<any[]>('participant', 'list', created.id);
    expect(participants).toHaveLength(4);
    const usernameOf = new Map(participants.map((p) => [p.id, p.name]));

    // Play every ready match: side 1 reports a 2-0 win, side 2 confirms.
    for (let guard = 0; guard < 10; guard++) {
      const schedule = await json<any[]>('match', 'list', created.id, '--status', 'scheduled');
      const ready = schedule.filter((m) => m.participants.every((s: any) => s.participantId));
      if (ready.length === 0) break;
      for (const match of ready) {
        const [one, two] = match.participants;
        const reporter = usernameOf.get(one.participantId)!;
        const confirmer = usernameOf.get(two.participantId)!;
        const report = await cli('--profile', reporter, 'match', 'report', match.id, '--score', '2-0');
        expect(report.code, report.stderr).toBe(0);
        const confirm = await cli('--profile', confirmer, 'match', 'confirm', match.id);
        expect(confirm.code, confirm.stderr).toBe(0);
      }
    }

    const done = await json('tournament', 'get', created.id);
    expect(done.status).toBe('COMPLETED');
    const bracket = await cli('bracket', created.id);
    expect(bracket.code).toBe(0);
    for (const p of players) expect(bracket.stdout).toContain(p);
    const data = await json('bracket', created.id);
    expect(data.placements.map((p: any) => p.placement).sort()).toEqual([1, 2, 3, 4]);
  });

  it('seeds, disqualifies and removes participants', async () => {
    await registerAccount('seed_org');
    const seeded = ['seed_p1', 'seed_p2', 'seed_p3'];
    for (const p of seeded) await registerAccount(p);
    expect((await cli('--profile', 'seed_org', 'login', '--username', 'seed_org', '--password', password)).code).toBe(0);
    const organizer = createTourneyClient({ baseUrl: url() });
    organizer.setAccessToken((await organizer.POST('/auth/login', { body: { username: 'seed_org', password } })).data.accessToken);
    const org = await organizer.POST('/organizations', { body: { name: 'Seeding League' } });
    const project = await organizer.POST('/organizations/{id}/projects', { params: { path: { id: org.data.id } }, body: { name: 'Cups' } });
    const created = await json('--profile', 'seed_org', 'tournament', 'create', '--name', 'Seed Cup', '--discipline', 'chess',
      '--max-participants', '4', '--start-date', '2030-01-01T18:00:00Z', '--project', project.data.id);
    for (const step of ['publish', 'open-registration']) expect((await cli('--profile', 'seed_org', 'tournament', step, created.id)).code).toBe(0);
    for (const p of seeded) {
      expect((await cli('--profile', p, 'login', '--username', p, '--password', password)).code).toBe(0);
      expect((await cli('--profile', p, 'tournament', 'join', created.id)).code).toBe(0);
    }
    const before = await json<any[]>('participant', 'list', created.id);
    const [first, second, third] = before;
    const reseeded = await json('--profile', 'seed_org', 'participant', 'update', created.id, third.id, '--seed', '1');
    expect(reseeded.seed).toBe(1);
    const unconfirmed = await cli('--profile', 'seed_org', 'participant', 'remove', created.id, second.id);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toContain(`remove seed_p2 from "Seed Cup": add --yes to confirm`);
    const removed = await cli('--profile', 'seed_org', 'participant', 'remove', created.id, second.id, '--yes');
    expect(removed.code, removed.stderr).toBe(0);
    const withdrawn = await json('--profile', 'seed_org', 'participant', 'update', created.id, first.id, '--status', 'withdrawn');
    expect(withdrawn.status).toBe('WITHDRAWN');
    const after = await json<any[]>('participant', 'list', created.id);
    expect(after.map((p) => p.id).sort()).toEqual([first.id, third.id].sort());
    expect(after.find((p) => p.id === third.id).seed).toBe(1);
    const nothing = await cli('--profile', 'seed_org', 'participant', 'update', created.id, first.id);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/--seed, --rating, --no-rating or --status/);
  });

  it('reports API errors with the code and request id and a non-zero exit', async () => {
    const missing = await cli('tournament', 'get', '00000000-0000-7000-8000-000000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/NOT_FOUND/);
    expect(missing.stderr).toMatch(/request [0-9a-f-]{8,}/);
  });
});
