import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { safeData, safeText } from '../src/output/safe-text';
import { apiError, BASE, page, participant, tournament } from './helpers/api-fixtures';
import { captureIo, runCli } from './helpers/cli-harness';
import { useConfigDir } from './helpers/fixtures';
import { useMswServer } from './helpers/msw';
import { buildSingleElimination } from './fixtures/bracket-fixture';

// R20.5: names, titles and messages from the API never reach the terminal as control bytes; --json stays exact.
const server = useMswServer();
const dir = useConfigDir({ baseUrl: BASE, accessToken: 'tat_alice', refreshToken: 'trt_alice', username: 'alice' });

const EVIL = 'Evil\u001b[2J\u001b[31mX';
const BROKEN = 'two\nlines\tand\rcr';
const C1 = 'csi\u009b2Jdel\u007fbel\u0007';
/** Any C0 control but LF (the line separator), DEL or C1 control. */
const CONTROL_BYTES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** The same but tab too (the field separator of piped output). */
const PIPED_CONTROL_BYTES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const tid = '01900000-0000-7000-8000-000000000001';
const rows = [participant({ name: EVIL }), participant({ id: 'pb', name: BROKEN, seed: 2 }), participant({ id: 'pc', name: C1, seed: 3 })];

function serveParticipants() {
  server.use(http.get(`${BASE}/tournaments/${tid}/participants`, () => HttpResponse.json(page(rows))));
}

describe('control characters in user-supplied text', () => {
  it('safeText turns tab, CR and LF into a space and every other C0/C1 control into U+FFFD', () => {
    expect(safeText(EVIL)).toBe('Evil\uFFFD[2J\uFFFD[31mX');
    expect(safeText(BROKEN)).toBe('two lines and cr');
    expect(safeText(C1)).toBe('csi\uFFFD2Jdel\uFFFDbel\uFFFD');
    expect(safeText('Élodie 李 ✓')).toBe('Élodie 李 ✓');
    expect(safeData({ a: [EVIL, 3, null], b: { c: BROKEN } })).toEqual({ a: [safeText(EVIL), 3, null], b: { c: 'two lines and cr' } });
  });

  it('participant list on a terminal: no control bytes, one line per participant', async () => {
    serveParticipants();
    const result = await runCli(['participant', 'list', tid], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 120 }) });
    expect(result.code, result.err).toBe(0);
    expect(result.out).not.toMatch(CONTROL_BYTES);
    const lines = result.out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Evil\uFFFD[2J\uFFFD[31mX');
    expect(lines[2]).toContain('two lines and cr');
    expect(lines[3]).toContain('csi\uFFFD2Jdel\uFFFDbel\uFFFD');
  });

  it('participant list piped: tab-separated rows without control bytes; --json keeps the names exact', async () => {
    serveParticipants();
    const piped = await runCli(['participant', 'list', tid], { configDir: dir.path });
    expect(piped.out).not.toMatch(PIPED_CONTROL_BYTES);
    const lines = piped.out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => line.split('\t')[1])).toEqual(['Evil\uFFFD[2J\uFFFD[31mX', 'two lines and cr', 'csi\uFFFD2Jdel\uFFFDbel\uFFFD']);
    serveParticipants();
    const json = await runCli(['participant', 'list', tid, '--json'], { configDir: dir.path });
    expect((JSON.parse(json.out) as { name: string }[]).map((p) => p.name)).toEqual([EVIL, BROKEN, C1]);
  });

  it('tournament get (a detail view) neutralises the name and the description', async () => {
    server.use(
      http.get(`${BASE}/tournaments/${tid}`, () =>
        HttpResponse.json({ success: true, data: tournament({ name: EVIL, description: `${BROKEN}\u001b]0;title\u0007` }) }),
      ),
    );
    const tty = await runCli(['tournament', 'get', tid], { configDir: dir.path, io: captureIo({ isTTY: true }) });
    expect(tty.code, tty.err).toBe(0);
    expect(tty.out).not.toMatch(CONTROL_BYTES);
    expect(tty.out).toContain('Evil\uFFFD[2J\uFFFD[31mX');
    const piped = await runCli(['tournament', 'get', tid], { configDir: dir.path });
    expect(piped.out).not.toMatch(PIPED_CONTROL_BYTES);
  });

  it('the bracket round list keeps one line per match and writes no control bytes', async () => {
    const bracket = buildSingleElimination([EVIL, 'bob', BROKEN, 'dave']);
    server.use(http.get(`${BASE}/tournaments/t1/bracket`, () => HttpResponse.json({ success: true, data: bracket })));
    for (const layout of [[], ['--list']]) {
      const result = await runCli(['bracket', 't1', ...layout], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 100 }) });
      expect(result.code, result.err).toBe(0);
      expect(result.out).not.toMatch(CONTROL_BYTES);
      expect(result.out).toContain('Evil\uFFFD[2J\uFFFD[31mX');
      expect(result.out).toContain('two lines and cr');
    }
    const list = await runCli(['bracket', 't1', '--list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 100 }) });
    const semis = list.out.split('\n').filter((line) => /^\s+\d+\.\s/.test(line));
    expect(semis).toHaveLength(3);
  });

  it('notification list neutralises messages on a terminal and when piped', async () => {
    const note = {
      id: 'n1',
      type: 'MATCH_READY',
      title: `ready${EVIL}`,
      message: `play now${EVIL}\n${C1}`,
      data: {},
      readAt: null,
      createdAt: '2030-01-01T00:00:00.000Z',
    };
    server.use(http.get(`${BASE}/notifications`, () => HttpResponse.json(page([note]))));
    const tty = await runCli(['notification', 'list'], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 200 }) });
    expect(tty.code, tty.err).toBe(0);
    expect(tty.out).not.toMatch(CONTROL_BYTES);
    expect(tty.out.trimEnd().split('\n')).toHaveLength(2);
    server.use(http.get(`${BASE}/notifications`, () => HttpResponse.json(page([note]))));
    const piped = await runCli(['notification', 'list'], { configDir: dir.path });
    expect(piped.out.trimEnd().split('\n')).toHaveLength(1);
    expect(piped.out).toContain('play nowEvil\uFFFD[2J\uFFFD[31mX csi\uFFFD2J');
  });

  it('error messages quoting a name write no control bytes to stderr', async () => {
    server.use(
      http.get(`${BASE}/tournaments/${tid}/participants`, () =>
        HttpResponse.json(apiError('CONFLICT', `participant ${EVIL} is busy`, 'req-9'), { status: 409 }),
      ),
    );
    const result = await runCli(['participant', 'list', tid], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: participant Evil\uFFFD[2J\uFFFD[31mX is busy (CONFLICT, request req-9)\n');
  });
});
