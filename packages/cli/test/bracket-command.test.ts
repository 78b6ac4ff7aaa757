import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, BASE, page, participant } from './helpers/api-fixtures';
import { captureIo, runCli, tempDir } from './helpers/cli-harness';
import { useMswServer } from './helpers/msw';
import { buildSingleElimination, SIXTEEN_NAMES } from './fixtures/bracket-fixture';

const server = useMswServer();
let dir: { path: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => dir.cleanup());

const bracket = buildSingleElimination(SIXTEEN_NAMES, { thirdPlace: true });

describe('tourney bracket', () => {
  it('draws the bracket to the terminal width', async () => {
    server.use(http.get(`${BASE}/tournaments/t1/bracket`, () => HttpResponse.json({ success: true, data: bracket })));
    const result = await runCli(['bracket', 't1', '--base-url', BASE], {
      configDir: dir.path,
      io: captureIo({ isTTY: true, columns: 100 }),
    });
    expect(result.code).toBe(0);
    expect(result.out).toContain('┐');
    expect(result.out).toContain('Champion: alice');
    for (const line of result.out.split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
  });

  it('falls back to a list on a narrow terminal, and --list forces it', async () => {
    server.use(http.get(`${BASE}/tournaments/t1/bracket`, () => HttpResponse.json({ success: true, data: bracket })));
    const narrow = await runCli(['bracket', 't1', '--base-url', BASE], { configDir: dir.path, io: captureIo({ isTTY: true, columns: 50 }) });
    expect(narrow.out).not.toContain('┐');
    expect(narrow.out).toContain('Quarter-finals');
    const list = await runCli(['bracket', 't1', '--list', '--base-url', BASE], { configDir: dir.path });
    expect(list.out).not.toContain('┐');
  });

  it('--json prints the API data', async () => {
    server.use(http.get(`${BASE}/tournaments/t1/bracket`, () => HttpResponse.json({ success: true, data: bracket })));
    const result = await runCli(['bracket', 't1', '--json', '--base-url', BASE], { configDir: dir.path });
    expect(JSON.parse(result.out)).toEqual(bracket);
  });

  it('reports a tournament that has not started', async () => {
    server.use(
      http.get(`${BASE}/tournaments/t1/bracket`, () =>
        HttpResponse.json(apiError('INVALID_STATE', 'the tournament has not started', 'req-7'), { status: 409 }),
      ),
    );
    const result = await runCli(['bracket', 't1', '--base-url', BASE], { configDir: dir.path });
    expect(result.code).toBe(1);
    expect(result.err).toBe('error: the tournament has not started (INVALID_STATE, request req-7)\n');
  });
});

describe('tourney participant list', () => {
  it('prints participants as rows and JSON', async () => {
    const rows = [participant(), participant({ id: 'pb', name: 'bob', seed: null, status: 'ELIMINATED', finalPlacement: 3 })];
    server.use(http.get(`${BASE}/tournaments/t1/participants`, () => HttpResponse.json(page(rows))));
    const piped = await runCli(['participant', 'list', 't1', '--base-url', BASE], { configDir: dir.path });
    // Piped: the API's raw status codes, and the registering user's id last.
    expect(piped.out).toBe(`pa\talice\t1\tREGISTERED\t\t${rows[0]!.userId ?? ''}\npb\tbob\t\tELIMINATED\t3\t${rows[1]!.userId ?? ''}\n`);
    const json = await runCli(['participant', 'ls', 't1', '--json', '--base-url', BASE], { configDir: dir.path });
    expect(JSON.parse(json.out)).toEqual(rows);
  });
});
