import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MyMatch, MyTournament } from '../src/api-types';
import { BASE, match, page, tournament } from './helpers/api-fixtures';
import { captureIo, runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// The player views of the CLI on a terminal and piped (R26.8-R26.10), against a mocked API.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_bob', refreshToken: 'trt_bob', username: 'bob' });

const cup = tournament({ name: 'Friday Cup', status: 'ONGOING' });
const next: MyMatch = {
  participantId: 'pb',
  tournament: { id: cup.id, name: 'Friday Cup', disciplineId: 'cs2', status: 'ONGOING' },
  ready: true,
  match: match({ scheduledAt: '2030-06-01T18:00:00Z' }),
};
const mine: MyTournament = { participantId: 'pb', participantName: 'bob', participantStatus: 'ACTIVE', placementRange: null, waitlistPosition: null, tournament: cup };

describe('tourney match next (across tournaments)', () => {
  it('names the tournament, the sides and the time on a terminal, and prints the match id when piped', async () => {
    let query = '';
    server.use(
      http.get(`${BASE}/users/me/matches`, ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(page([next]));
      }),
    );
    const tty = await runCli(['match', 'next'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(tty.code, tty.err).toBe(0);
    expect(query).toBe('?limit=1');
    expect(tty.out).toBe(`your next match: Friday Cup, R1 #1 alice vs bob, scheduled, at 2030-06-01 18:00Z (match ${next.match.id})\n`);
    const piped = await runCli(['match', 'next'], { configDir: dir.path });
    expect(piped.out).toBe(`${next.match.id}\n`);
  });

  it('says on stderr that nothing is to play when the first match waits for an opponent', async () => {
    server.use(http.get(`${BASE}/users/me/matches`, () => HttpResponse.json(page([{ ...next, ready: false }]))));
    const result = await runCli(['match', 'next'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(result.code).toBe(0);
    expect(result.out).toBe('');
    expect(result.err).toMatch(/no match to play now/);
  });
});

describe('tourney tournament list --mine / --public', () => {
  it('--mine prints a table with your status and place on a terminal, and raw rows when piped', async () => {
    server.use(http.get(`${BASE}/users/me/tournaments`, () => HttpResponse.json(page([mine]))));
    const tty = await runCli(['tournament', 'list', '--mine'], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(tty.code, tty.err).toBe(0);
    const lines = tty.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+STATUS\s+START\s+YOU\s+PLACE$/);
    expect(lines[1]).toMatch(/Friday Cup\s+ongoing\s+2030-03-01 18:00Z\s+active$/);
    const piped = await runCli(['tournament', 'list', '--mine'], { configDir: dir.path });
    expect(piped.out).toBe(`${cup.id}\tFriday Cup\tONGOING\t${cup.startDate}\tpb\tACTIVE\t\n`);
  });

  it('--public sends the filters, and refuses a day not written YYYY-MM-DD before any request', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(`${BASE}/tournaments/public`, ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(page([cup]));
      }),
    );
    const result = await runCli(['tournament', 'list', '--discipline', 'cs2', '--status', 'ongoing', '--from', '2030-01-01', '--to', '2030-12-31'], { configDir: dir.path });
    expect(result.code, result.err).toBe(0);
    expect(Object.fromEntries(query!)).toEqual({ disciplineId: 'cs2', status: 'ONGOING', startDate: '2030-01-01', endDate: '2030-12-31' });
    expect(result.out.split('\t').slice(0, 3)).toEqual([cup.id, 'Friday Cup', 'ONGOING']);
    query = undefined;
    const bad = await runCli(['tournament', 'list', '--public', '--from', '1 June'], { configDir: dir.path });
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('error: --from must be a calendar day written YYYY-MM-DD, e.g. 2030-06-01 (got "1 June")\n');
    expect(query).toBeUndefined();
  });
});
