import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '@tourney/cli';
import { useCliAgainstServer, type CliResult } from '../helpers/cli';

// The organizer's roster commands (R24.10) against a real server: piped (cli) and on a terminal (tty) where they differ.
const { cli, url, configDir } = useCliAgainstServer('tourney-cli-roster-');
const password = 'a long enough password';

/** Runs on a terminal (stdout a TTY, no prompting, no colour). */
async function tty(...argv: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(['--base-url', url(), '--profile', 'org', ...argv], {
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, isTTY: true, interactive: false, columns: 120 },
    env: { TOURNEY_CONFIG_DIR: configDir, NO_COLOR: '1' },
    homeDir: configDir,
  });
  return { code, stdout, stderr };
}

/** Runs piped as the organizer; expects exit 0 and returns stdout without its last newline. */
async function ok(...argv: string[]): Promise<string> {
  const result = await cli('--profile', 'org', ...argv);
  expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
  return result.stdout.replace(/\n$/, '');
}

const newTournament = (...extra: string[]) => ok('tournament', 'create', '--name', 'LAN Night', '--discipline', 'cs2', '--max-participants', '8', ...extra);

beforeAll(async () => {
  await ok('signup', '--username', 'roster_org', '--email', 'roster_org@example.test', '--password', password);
  await ok('org', 'create', '--name', 'Roster League');
  await ok('project', 'create', '--name', 'LAN');
  for (const name of ['roster_alice', 'roster_bob']) {
    const result = await cli('--profile', name, 'signup', '--username', name, '--email', `${name}@example.test`, '--password', password);
    expect(result.code, result.stderr).toBe(0);
  }
});

describe('tourney participant add', () => {
  it('adds by name, by --username and as a --team; piped prints the id, a terminal a sentence', async () => {
    const t = await newTournament();
    const guest = await ok('participant', 'add', t, 'Zoe Park', '--seed', '2');
    expect(guest).toMatch(/^[0-9a-f-]{36}$/);
    const linked = await tty('participant', 'add', t, '--username', 'roster_alice');
    expect(linked.stdout).toMatch(/^added roster_alice \(linked to an account\): [0-9a-f-]{36}\n$/);
    const listed = await cli.json<any[]>('--profile', 'org', 'participant', 'list', t);
    expect(listed.map((p) => [p.name, p.seed, p.userId === null])).toEqual([
      ['Zoe Park', 2, true],
      ['roster_alice', null, false],
    ]);
    const unknown = await cli('--profile', 'org', 'participant', 'add', t, '--username', 'nobody_at_all');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('--username unknown username "nobody_at_all"');
    const nobody = await cli('--profile', 'org', 'participant', 'add', t);
    expect(nobody.stderr).toBe('error: who to add: give a name, --username or --team\n');

    const teams = await newTournament('--team-size', '2');
    const team = await cli.json('--profile', 'org', 'participant', 'add', teams, '--team', 'Night Owls', '--members', 'roster_alice,roster_bob');
    expect(team).toMatchObject({ name: 'Night Owls', team: { members: [{ username: 'roster_alice' }, { username: 'roster_bob' }] } });
    expect((await tty('participant', 'add', teams, '--team', 'LAN Crew')).stdout).toMatch(/^added LAN Crew \(team of 0 with accounts\): /);
  });
});

describe('tourney participant add --rating and --seeding rating (R27.10)', () => {
  it('seeds stage 1 by the ratings given with --rating when the tournament was created with --seeding rating', async () => {
    const t = await newTournament('--format', 'swiss', '--seeding', 'rating', '--swiss-pairing', 'seed');
    for (const [name, rating] of [['Low', '1200'], ['Top', '2400.5'], ['Mid', '1800']] as const) await ok('participant', 'add', t, name, '--rating', rating);
    await ok('participant', 'add', t, 'Unrated', '--seed', '1');
    const bad = await cli('--profile', 'org', 'participant', 'add', t, 'Neg', '--rating', '-3');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('expected a number from 0 to 1000000');
    await ok('tournament', 'publish', t);
    await ok('tournament', 'start', t);
    const listed = await cli.json<any[]>('--profile', 'org', 'participant', 'list', t);
    expect(listed.map((p) => [p.name, p.rating, p.seed]).sort((a, b) => a[2] - b[2])).toEqual([
      ['Top', 2400.5, 1],
      ['Mid', 1800, 2],
      ['Low', 1200, 3],
      ['Unrated', null, 4],
    ]);
  });
});

describe('tourney participant import and export', () => {
  it('imports a CSV file, exports it back, and names the row of a bad file with nothing written', async () => {
    const t = await newTournament();
    const file = join(configDir, 'players.csv');
    writeFileSync(file, 'name,username,seed\n"Park, Zoe",,1\n,roster_bob,2\nMax Ito,,\n');
    const piped = await ok('participant', 'import', t, file);
    expect(piped.split('\n').map((l) => l.split('\t').slice(1, 4))).toEqual([
      ['Park, Zoe', '1', 'REGISTERED'],
      ['roster_bob', '2', 'REGISTERED'],
      ['Max Ito', '', 'REGISTERED'],
    ]);
    const out = join(configDir, 'export.csv');
    expect(await ok('participant', 'export', t, '-o', out)).toBe(out);
    const exported = readFileSync(out, 'utf8');
    expect(exported.split('\n')[0]).toBe('name,username,seed,group,team,status,id');
    expect(exported).toContain('roster_bob,roster_bob,2,,,REGISTERED,');
    expect(await ok('participant', 'export', t)).toBe(exported.replace(/\n$/, ''));

    const other = await newTournament();
    writeFileSync(file, 'name,seed\nAnn,1\nBob,two\n');
    const bad = await cli('--profile', 'org', 'participant', 'import', other, file);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('CSV row 2 column seed must be a whole number from 1 (got "two")');
    expect(await cli.json('--profile', 'org', 'participant', 'list', other)).toEqual([]);
    const missing = await cli('--profile', 'org', 'participant', 'import', other, join(configDir, 'nope.csv'));
    expect(missing.stderr).toContain('cannot read');

    writeFileSync(file, 'name\nAnn\nBob\n');
    expect((await tty('participant', 'import', other, file)).stdout).toMatch(/imported 2 participants from .*players\.csv\n$/);
  });

  it('imports a group column as the draw of a group stage and exports the groups, naming a bad group row', async () => {
    const t = await newTournament('--format', 'groups', '--group-names', 'North,South');
    const file = join(configDir, 'groups.csv');
    writeFileSync(file, 'name,group\nZia,South\nNoa,North\nSam,south\nNed,North\n');
    const badFile = join(configDir, 'bad-groups.csv');
    writeFileSync(badFile, 'name,group\nZia,South\nNoa,West\nSam,South\nNed,North\n');
    const badGroup = await cli('--profile', 'org', 'participant', 'import', t, badFile);
    expect(badGroup.code).toBe(1);
    expect(badGroup.stderr).toContain('CSV row 2 column group unknown group "West"');
    expect(await cli.json('--profile', 'org', 'participant', 'list', t)).toEqual([]);
    await ok('participant', 'import', t, file);
    const rows = (await ok('participant', 'export', t)).split('\n').slice(1).map((l) => l.split(',').slice(0, 4).join(','));
    expect(rows.sort()).toEqual(['Ned,,,North', 'Noa,,,North', 'Sam,,,South', 'Zia,,,South']);
  });
});

describe('tourney participant seed and shuffle', () => {
  it('sets the seeds from ids or a file, and shuffles them (--yes required when not interactive)', async () => {
    const t = await newTournament();
    const file = join(configDir, 'seeding.csv');
    writeFileSync(file, 'name\nS1\nS2\nS3\nS4\n');
    const ids = (await cli.json<any[]>('--profile', 'org', 'participant', 'import', t, file)).map((p) => p.id);
    const reversed = [...ids].reverse();
    const seeded = await cli.json<any[]>('--profile', 'org', 'participant', 'seed', t, ...reversed);
    expect(seeded.map((p) => [p.id, p.seed])).toEqual(reversed.map((id, i) => [id, i + 1]));

    // A file: the export's rows in order (its id column), or one id per line.
    const exportFile = join(configDir, 'order.csv');
    await ok('participant', 'export', t, '-o', exportFile);
    writeFileSync(join(configDir, 'order.txt'), `# seeds\n${ids.join('\n')}\n`);
    const fromLines = await ok('participant', 'seed', t, '--file', join(configDir, 'order.txt'));
    expect(fromLines.split('\n').map((l) => l.split('\t')[0])).toEqual(ids);
    const fromExport = await cli.json<any[]>('--profile', 'org', 'participant', 'seed', t, '--file', exportFile);
    expect(fromExport.map((p) => p.id)).toEqual(reversed);

    const short = await cli('--profile', 'org', 'participant', 'seed', t, ids[0]);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('every REGISTERED or CHECKED_IN participant must be seeded');
    const twice = await cli('--profile', 'org', 'participant', 'seed', t, ids[0], ids[0], ids[1], ids[2]);
    expect(twice.stderr).toContain('participant 2 of the seeding');

    const refused = await cli('--profile', 'org', 'participant', 'shuffle', t);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('add --yes');
    const shuffled = await cli.json<any[]>('--profile', 'org', 'participant', 'shuffle', t, '--yes');
    expect(shuffled.map((p) => p.seed)).toEqual([1, 2, 3, 4]);
    expect(shuffled.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect((await tty('participant', 'shuffle', t, '--yes')).stdout).toMatch(/drew the seeds of 4 participants\n$/);
  });
});

describe('tourney tournament preview and bracket --preview', () => {
  it('draws the bracket the current seeds would give, before the start, without starting', async () => {
    const t = await newTournament();
    const file = join(configDir, 'preview.csv');
    writeFileSync(file, 'name,seed\nAnna,1\nBoris,2\nChen,3\nDana,4\n');
    await ok('participant', 'import', t, file);
    const drawn = await tty('tournament', 'preview', t);
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(drawn.stdout).toMatch(/^Preview: the bracket as starting now would draw it \(nothing is saved\)\n/);
    for (const name of ['Anna', 'Boris', 'Chen', 'Dana']) expect(drawn.stdout).toContain(name);
    expect(drawn.stdout).toMatch(/1 Anna\s+─┐\n[\s\S]*4 Dana/);
    expect(drawn.stdout).not.toContain('Champion:');
    const piped = await ok('bracket', t, '--preview', '--list');
    expect(piped).not.toContain('Preview:');
    expect(piped).toMatch(/Anna[\s\S]*Dana/);
    const json = await cli.json('--profile', 'org', 'bracket', t, '--preview');
    const firstRound = json.stages[0].rounds[0].matches.map((m: any) => m.participants.map((s: any) => s.name).sort());
    expect(firstRound).toEqual([['Anna', 'Dana'], ['Boris', 'Chen']]);
    expect((await cli.json('--profile', 'org', 'tournament', 'get', t)).status).toBe('DRAFT');

    await ok('tournament', 'publish', t);
    await ok('tournament', 'start', t);
    const late = await cli('--profile', 'org', 'tournament', 'preview', t);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('INVALID_STATE');
  });
});
