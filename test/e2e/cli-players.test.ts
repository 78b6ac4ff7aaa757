import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect } from 'vitest';
import { cliTest } from '../helpers/cli';

// A player finds what to play and takes the results out with the CLI alone (R26.8-R26.10).
const it = cliTest;
const password = 'a long enough password';

describe('tourney for players: public and own tournaments, next match across tournaments, results as CSV', () => {
  it('lists public and own tournaments, finds the next match without a tournament id, exports results and matches as CSV', async ({ cli, configDir, server }) => {
    const ok = async (...argv: string[]) => {
      const result = await cli(...argv);
      expect(result.code, `${argv.join(' ')}\n${result.stderr}`).toBe(0);
      return result.stdout;
    };
    const discipline = `pv${Date.now().toString(36)}`;
    await ok('--profile', 'pv_org', 'signup', '--username', 'pv_org', '--email', 'pv_org@example.test', '--password', password);
    await ok('--profile', 'pv_org', 'org', 'create', '--name', 'PV League');
    await ok('--profile', 'pv_org', 'project', 'create', '--name', 'Cups');
    const create = async (name: string) =>
      (await ok('--profile', 'pv_org', 'tournament', 'create', '--name', name, '--discipline', discipline, '--max-participants', '4', '--start-date', '2030-06-01T10:00:00Z')).trim();
    const draft = await create('PV Draft');
    const cup = await create('PV Cup');
    await ok('--profile', 'pv_org', 'tournament', 'publish', cup);
    await ok('--profile', 'pv_org', 'tournament', 'open-registration', cup);
    for (const p of ['pv_ann', 'pv_bob']) {
      await ok('--profile', p, 'signup', '--username', p, '--email', `${p}@example.test`, '--password', password);
      await ok('--profile', p, 'tournament', 'join', cup);
    }

    // Public: piped rows of raw values, never the draft; the player's own list names her participant and status.
    const publicRows = (await ok('--profile', 'pv_bob', 'tournament', 'list', '--public', '--discipline', discipline)).trim().split('\n');
    expect(publicRows.map((line) => line.split('\t').slice(0, 3))).toEqual([[cup, 'PV Cup', 'REGISTRATION_OPEN']]);
    expect(publicRows.join('\n')).not.toContain(draft);
    expect((await ok('tournament', 'list', '--public', '--discipline', discipline)).split('\t')[0]).toBe(cup); // no login
    expect((await ok('--profile', 'pv_bob', 'tournament', 'list', '--discipline', discipline, '--status', 'published')).trim()).toBe('');
    const mine = await cli.json<any[]>('--profile', 'pv_ann', 'tournament', 'list', '--mine');
    expect(mine.map((m) => [m.tournament.id, m.participantStatus])).toEqual([[cup, 'REGISTERED']]);
    const mineRow = (await ok('--profile', 'pv_ann', 'tournament', 'list', '--mine')).replace(/\n$/, '').split('\t');
    expect(mineRow).toEqual([cup, 'PV Cup', 'REGISTRATION_OPEN', '2030-06-01T10:00:00.000Z', mine[0].participantId, 'REGISTERED', '']);
    const noProject = await cli('--profile', 'pv_ann', 'tournament', 'list');
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toMatch(/tourney tournament list --mine.*tourney tournament list --public/);
    const both = await cli('--profile', 'pv_ann', 'tournament', 'list', '--mine', '--public');
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/--mine and --public/);

    await ok('--profile', 'pv_org', 'tournament', 'start', cup);
    const next = (await ok('--profile', 'pv_ann', 'match', 'next')).trim();
    expect(next).toBe((await ok('--profile', 'pv_ann', 'match', 'next', cup)).trim());
    const nextJson = await cli.json('--profile', 'pv_bob', 'match', 'next');
    expect(nextJson).toMatchObject({ ready: true, tournament: { id: cup, name: 'PV Cup' }, match: { id: next } });
    const annId = (await cli.json('--profile', 'pv_ann', 'user', 'get', 'pv_ann')).id as string;
    expect((await ok('match', 'list', cup, '--participant', annId)).trim().split('\t')[0]).toBe(next);

    await ok('--profile', 'pv_ann', 'match', 'report', next, '--score', '2-1');
    await ok('--profile', 'pv_bob', 'match', 'confirm', next);
    const none = await cli('--profile', 'pv_ann', 'match', 'next');
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/no match to play/);

    // Results: piped rows (place first), CSV to stdout and to a file, and the matches as CSV.
    const resultRows = (await ok('tournament', 'results', cup)).trim().split('\n').map((line) => line.split('\t'));
    expect(resultRows.map((r) => [r[0], r[2], r[3]])).toEqual([['1', 'pv_ann', 'ACTIVE'], ['2', 'pv_bob', 'ELIMINATED']]);
    const csv = await ok('tournament', 'results', cup, '--csv');
    expect(parse(csv, { columns: true }).map((r: any) => [r.place, r.username, r.wins, r.losses])).toEqual([['1', 'pv_ann', '1', '0'], ['2', 'pv_bob', '0', '1']]);
    const file = join(configDir, 'results.csv');
    expect((await ok('tournament', 'results', cup, '--csv', '-o', file)).trim()).toBe(file);
    expect(await readFile(file, 'utf8')).toBe(csv);
    // The API's results.csv, byte for byte.
    const api = await fetch(`${server.url}/tournaments/${cup}/results.csv`);
    expect(api.status).toBe(200);
    expect(Buffer.from(csv)).toEqual(Buffer.from(await api.arrayBuffer()));
    const matches = parse(await ok('match', 'list', cup, '--csv'), { columns: true }) as Record<string, string>[];
    expect(matches.map((m) => [m.match_id, m.side1, m.side2, m.score1, m.score2, m.status, m.winner])).toEqual([[next, 'pv_ann', 'pv_bob', '2', '1', 'COMPLETED', 'pv_ann']]);
  });
});
