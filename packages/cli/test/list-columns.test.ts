import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, match, page, tournament } from './helpers/api-fixtures';
import { captureIo, runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';

// R20.5: what the lists show: the notification title beside its message, the match schedule's time and side ids, and
// anti-cheat clients without an always-empty label column.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, apiKey: 'tk_test_key_123456', accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });
const tid = tournament().id;

describe('notification list', () => {
  it('shows the title, which names the tournament, with the message; piped rows carry both', async () => {
    const notes = [
      { id: 'n1', type: 'MATCH_READY', title: 'Your match in Spring Open is ready', message: 'Round 1 against bob', data: {}, channels: ['IN_APP'], readAt: null, createdAt: '2030-01-01T00:00:00.000Z' },
      { id: 'n2', type: 'MATCH_READY', title: 'Your match in Autumn Cup is ready', message: 'Round 1 against bob', data: {}, channels: ['IN_APP'], readAt: null, createdAt: '2030-01-01T00:00:00.000Z' },
    ];
    server.use(http.get(`${BASE}/notifications`, () => HttpResponse.json(page(notes))));
    const tty = await runCli(['notification', 'list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(tty.code, tty.err).toBe(0);
    const lines = tty.out.trimEnd().split('\n');
    expect(lines[1]).toMatch(/Your match in Spring Open is ready\s+Round 1 against bob$/);
    expect(lines[2]).toMatch(/Your match in Autumn Cup is ready\s+Round 1 against bob$/);
    const piped = await runCli(['notification', 'list'], { configDir: dir.path });
    expect(piped.out.split('\n')[0]).toBe('n1\tUNREAD\t2030-01-01T00:00:00.000Z\tMATCH_READY\tYour match in Spring Open is ready\tRound 1 against bob');
  });
});

describe('match list', () => {
  it('shows the scheduled time on a terminal, and the side participant ids and ISO time when piped', async () => {
    const scheduled = match({ scheduledAt: '2030-06-02T18:00:00.000Z' });
    server.use(http.get(`${BASE}/tournaments/${tid}/schedule`, () => HttpResponse.json(page([scheduled]))));
    const tty = await runCli(['match', 'list', tid], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(tty.code, tty.err).toBe(0);
    const lines = tty.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+ROUND\s+#\s+SIDE 1\s+SCORE\s+SIDE 2\s+STATUS\s+SCHEDULED$/);
    expect(lines[1]).toMatch(/\s+scheduled\s+2030-06-02 18:00Z$/);
    const piped = await runCli(['match', 'list', tid], { configDir: dir.path });
    expect(piped.out).toBe(`${scheduled.id}\t1\tWINNERS\t1\t1\talice\t\t\tbob\tSCHEDULED\t\t\tpa\tpb\t2030-06-02T18:00:00.000Z\n`);
  });
});

describe('anticheat client list', () => {
  const client = (id: string, label: string | null) => ({
    id,
    projectId: 'p1',
    userId: `01900000-0000-7000-8000-0000000000u${id}`,
    label,
    createdAt: '2030-01-01T00:00:00.000Z',
    revokedAt: null,
  });

  it('leaves out the label column while no client has a label, and shows it once one has', async () => {
    server.use(http.get(`${BASE}/anti-cheat/clients`, () => HttpResponse.json(page([client('1', null), client('2', null)]))));
    const bare = await runCli(['anticheat', 'client', 'list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(bare.code, bare.err).toBe(0);
    expect(bare.out.split('\n')[0]).toMatch(/^ID\s+USER\s+ENROLLED\s+STATE$/);
    expect(bare.out).toContain(client('1', null).userId);
    server.use(http.get(`${BASE}/anti-cheat/clients`, () => HttpResponse.json(page([client('1', 'alice-desktop'), client('2', null)]))));
    const labelled = await runCli(['anticheat', 'client', 'list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(labelled.out.split('\n')[0]).toMatch(/^ID\s+USER\s+LABEL\s+ENROLLED\s+STATE$/);
    expect(labelled.out).toContain('alice-desktop');
    const piped = await runCli(['anticheat', 'client', 'list'], { configDir: dir.path });
    expect(piped.out.split('\n')[1]).toBe(`2\t${client('2', null).userId}\t\t2030-01-01T00:00:00.000Z\tACTIVE`);
  });
});
