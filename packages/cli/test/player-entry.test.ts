import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, page, participant, tournament } from './helpers/api-fixtures';
import { captureIo, runCli, scriptedPrompter } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// A player's own withdrawal (`tournament withdraw`, R6.12) and the organizer's rating of a participant
// (`participant update --rating / --no-rating`, R27.10).
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });
const tid = tournament().id;

describe('tourney tournament withdraw', () => {
  it('posts to /withdraw with the user token: a sentence on a terminal, the participant id piped', async () => {
    let auth: string | null = null;
    server.use(
      http.post(`${BASE}/tournaments/${tid}/withdraw`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ success: true, data: participant({ status: 'WITHDRAWN', seed: null }) });
      }),
    );
    const shown = await runCli(['tournament', 'withdraw', tid], {
      configDir: dir.path,
      io: captureIo({ isTTY: true }),
      deps: { prompter: scriptedPrompter(['yes']) },
    });
    expect(shown.code).toBe(0);
    expect(auth).toBe('Bearer tat_alice');
    expect(shown.out).toBe('withdrew alice (participant pa) from the tournament\n');
    const piped = await runCli(['tournament', 'withdraw', tid, '--yes'], { configDir: dir.path });
    expect(piped.out).toBe('pa\n');
    const json = await runCli(['tournament', 'withdraw', tid, '--json', '--yes'], { configDir: dir.path });
    expect(JSON.parse(json.out)).toMatchObject({ id: 'pa', status: 'WITHDRAWN' });
  });

  it('asks first on a terminal (no: nothing is sent, exit 2) and needs --yes when not interactive', async () => {
    let requests = 0;
    server.use(
      http.post(`${BASE}/tournaments/${tid}/withdraw`, () => {
        requests += 1;
        return HttpResponse.json({ success: true, data: participant({ status: 'WITHDRAWN', seed: null }) });
      }),
    );
    const prompter = scriptedPrompter(['no']);
    const declined = await runCli(['tournament', 'withdraw', tid], { configDir: dir.path, io: captureIo({ isTTY: true }), deps: { prompter } });
    expect(declined.code).toBe(2);
    expect(prompter.questions).toEqual([`withdraw your entry from tournament ${tid} (only an organizer can reinstate it)?`]);
    const piped = await runCli(['tournament', 'withdraw', tid], { configDir: dir.path });
    expect(piped.code).toBe(1);
    expect(piped.err).toBe(`error: withdraw your entry from tournament ${tid} (only an organizer can reinstate it): add --yes to confirm (not running interactively)\n`);
    expect(requests).toBe(0);
  });
});

describe('tourney participant update --rating', () => {
  it('sends the rating, null for --no-rating, and refuses a rating out of range before any request', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(`${BASE}/tournaments/${tid}/participants/pa`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, data: participant() });
      }),
    );
    expect((await runCli(['participant', 'update', tid, 'pa', '--rating', '2100.5'], { configDir: dir.path })).code).toBe(0);
    expect((await runCli(['participant', 'update', tid, 'pa', '--no-rating', '--seed', '2'], { configDir: dir.path })).code).toBe(0);
    const bad = await runCli(['participant', 'update', tid, 'pa', '--rating', '-3'], { configDir: dir.path });
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('expected a number from 0 to 1000000');
    expect(sent).toEqual([{ rating: 2100.5 }, { seed: 2, rating: null }]);
  });
});

describe('tourney tournament join on a full tournament with a waitlist', () => {
  it('says the entry waits and where it stands in line; lists show the place in line on a terminal, the code piped', async () => {
    server.use(
      http.post(`${BASE}/tournaments/${tid}/participate`, () =>
        HttpResponse.json({ success: true, data: participant({ status: 'WAITLISTED', seed: null, waitlistPosition: 3 }) }, { status: 201 }),
      ),
      http.get(`${BASE}/tournaments/${tid}/participants`, () =>
        HttpResponse.json(page([participant({ id: 'pb', name: 'bob', status: 'WAITLISTED', seed: null, waitlistPosition: 1 })])),
      ),
    );
    const joined = await runCli(['tournament', 'join', tid], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(joined.out).toBe('the tournament is full: alice is number 3 on the waitlist (participant pa) and is registered when a place comes free\n');
    const shown = await runCli(['participant', 'list', tid], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(shown.out).toContain('waitlisted #1');
    const piped = await runCli(['participant', 'list', tid], { configDir: dir.path });
    expect(piped.out.split('\t')).toContain('WAITLISTED');
  });

  it('sets the waitlist of a tournament with --waitlist on create and update, 0 to 4096, and shows it', async () => {
    const sent: any[] = [];
    server.use(
      http.post(`${BASE}/tournaments`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, data: tournament({ waitlistCapacity: 8 }) }, { status: 201 });
      }),
      http.put(`${BASE}/tournaments/${tid}`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, data: tournament({ waitlistCapacity: 0 }) });
      }),
    );
    const created = await runCli(['tournament', 'create', '--name', 'Cup', '--discipline', 'chess', '--project', 'pr', '--waitlist', '8'], { configDir: dir.path });
    expect(created.code, created.err).toBe(0);
    expect((await runCli(['tournament', 'update', tid, '--waitlist', '0'], { configDir: dir.path })).code).toBe(0);
    expect(sent.map((b) => b.waitlistCapacity)).toEqual([8, 0]);
    const bad = await runCli(['tournament', 'update', tid, '--waitlist', '4097'], { configDir: dir.path });
    expect(bad.code).not.toBe(0);
    expect(sent).toHaveLength(2);
    // tournament get shows how many wait beside the room, when the tournament keeps a waitlist.
    server.use(
      http.get(`${BASE}/tournaments/${tid}`, () =>
        HttpResponse.json({
          success: true,
          data: tournament({ waitlistCapacity: 8, participantCounts: { registered: 16, checkedIn: 0, active: 0, eliminated: 0, disqualified: 0, withdrawn: 0, waitlisted: 3 } }),
        }),
      ),
    );
    const shown = await runCli(['tournament', 'get', tid], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(shown.out).toMatch(/waitlist:\s+3\/8 waiting/);
  });
});
